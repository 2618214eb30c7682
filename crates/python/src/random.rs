//! Seeded random games (the notation crate's `random` module), for tests and for generating
//! large collections reproducibly.

use crate::board::variant_named;
use citadel_notation::{random, writer};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A seeded random game of `variant` from its start position as a PGN record: at most
/// `max_plies` plies, ending when the rules end the game (result `*` if unfinished).
/// `policy` is `uniform` (any legal move) or `greedy` (prefers wins, captures and checks).
#[pyfunction]
#[pyo3(signature = (variant, seed, max_plies = 300, policy = "uniform"))]
pub fn random_game(
    py: Python<'_>,
    variant: &str,
    seed: u64,
    max_plies: usize,
    policy: &str,
) -> PyResult<String> {
    let v = variant_named(variant)?;
    let policy = match policy {
        "uniform" => random::Policy::Uniform,
        "greedy" => random::Policy::Greedy,
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown policy `{other}` (uniform or greedy)"
            )))
        }
    };
    Ok(py.allow_threads(|| writer::write(&random::game(v, seed, max_plies, policy))))
}
