//! Training data for a learnt evaluation, made in the package: the bytes `citadel selfplay
//! --data` writes for the same games (a part of a run, which a Dask worker makes).

use crate::board::variant_named;
use citadel_engine::training::{generate, DataSettings};
use citadel_notation::fen;
use citadel_rules::with_game;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// Games `first_game` to `first_game + games - 1` of a self-play data run of `variant`, as
/// a data file's bytes (its header, then its records): the same bytes as `citadel selfplay
/// --variant V --data FILE --first-game K --games N` with the same settings, on `threads`
/// threads (the bytes do not depend on them). The GIL is released meanwhile.
#[pyfunction]
#[pyo3(signature = (variant, first_game, games, nodes = 5000, opening_plies = 4, max_plies = 600, seed = 1, threads = 1))]
#[allow(clippy::too_many_arguments)]
pub fn training_data<'py>(
    py: Python<'py>,
    variant: &str,
    first_game: u64,
    games: u64,
    nodes: u64,
    opening_plies: usize,
    max_plies: usize,
    seed: u64,
    threads: usize,
) -> PyResult<Bound<'py, PyBytes>> {
    let v = variant_named(variant)?;
    if nodes == 0 || games == 0 || threads == 0 {
        return Err(PyValueError::new_err(
            "nodes, games and threads must be at least 1",
        ));
    }
    let settings = DataSettings {
        nodes,
        opening_plies,
        max_plies,
        seed,
        first_game,
        games,
        ..DataSettings::default()
    };
    let bytes = py.allow_threads(|| {
        with_game!(v, G => generate(&fen::start::<G>(), &settings, threads, Vec::new(), &mut |_| {})
            .map(|(bytes, _)| bytes))
    });
    let bytes = bytes.map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(PyBytes::new(py, &bytes))
}
