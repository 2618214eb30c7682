//! The Python package `citadel` (its native module `citadel._native`): boards of every
//! game with python-chess's names, game files read and validated, the engine, and the
//! validation parts that `citadel.dask` spreads over a cluster. Everything here binds the
//! public API of the Citadel crates; no rule, format or check is written twice.

mod board;
mod engine;
mod errors;
mod matches;
mod pgn;
mod random;
mod training;
mod validate;

use citadel_rules::Variant;
use pyo3::prelude::*;

/// The games: a list of `(id, name)` pairs, in the order `citadel variants` lists them,
/// then (unless `loaded` is false) the games of the variants files loaded
/// ([`load_variants`]).
#[pyfunction]
#[pyo3(signature = (loaded = true))]
fn variants(loaded: bool) -> Vec<(&'static str, &'static str)> {
    let defined = if loaded {
        citadel_rules::defined::all()
    } else {
        Vec::new()
    };
    Variant::ALL
        .into_iter()
        .chain(defined)
        .map(|v| (v.id(), v.name()))
        .collect()
}

/// Reads a variants file (Fairy-Stockfish's `variants.ini` format, with Citadel's keys) and
/// returns the ids of its games, which `Board(id)` and every other function then know. A
/// file with an error raises `ValueError` naming the file, the line and the key, and adds
/// no game.
#[pyfunction]
fn load_variants(path: std::path::PathBuf) -> PyResult<Vec<&'static str>> {
    citadel_rules::variants_ini::load(&path)
        .map(|games| games.iter().map(|v| v.id()).collect())
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))
}

/// The start position's FEN of a game.
#[pyfunction]
fn start_fen(variant: &str) -> PyResult<&'static str> {
    Ok(board::variant_named(variant)?.start_fen())
}

/// The native module.
#[pymodule]
#[pyo3(name = "_native")]
fn native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_class::<board::Board>()?;
    m.add_class::<board::PyMove>()?;
    m.add_class::<board::PyOutcome>()?;
    m.add_class::<board::PyTermination>()?;
    m.add_class::<board::LegalMoveGenerator>()?;
    m.add_class::<engine::BestMove>()?;
    m.add_class::<pgn::Game>()?;
    m.add_class::<pgn::GameReader>()?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(load_variants, m)?)?;
    m.add_function(wrap_pyfunction!(start_fen, m)?)?;
    m.add_function(wrap_pyfunction!(engine::best_move, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::read_games, m)?)?;
    m.add_function(wrap_pyfunction!(validate::plan, m)?)?;
    m.add_function(wrap_pyfunction!(validate::validate_part, m)?)?;
    m.add_function(wrap_pyfunction!(validate::validate_parts, m)?)?;
    m.add_function(wrap_pyfunction!(validate::render, m)?)?;
    m.add_function(wrap_pyfunction!(random::random_game, m)?)?;
    m.add_function(wrap_pyfunction!(training::training_data, m)?)?;
    m.add_function(wrap_pyfunction!(matches::match_games, m)?)?;
    m.add_function(wrap_pyfunction!(matches::match_status, m)?)?;
    Ok(())
}
