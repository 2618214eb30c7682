//! `citadel.engine.best_move`: the search crate's alpha-beta engine on a board.

use crate::board::{Board, PyMove};
use citadel_rules::with_position;
use citadel_search::{Limits, Score, Searcher, MAX_PLY};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::time::Duration;

/// What a search found: `move` (`None` when the game is over), `score` in centipawns from
/// the side to move's point of view (`None` for a mate score) or `mate` (mate in that many
/// moves, negative when the side to move is mated), `depth`, `seldepth`, `nodes`, `time`
/// (seconds) and `pv`, the principal variation (a list of `Move`).
#[pyclass(module = "citadel.engine", name = "BestMove", frozen)]
pub struct BestMove {
    best: Option<PyMove>,
    score: Score,
    depth: u32,
    seldepth: u32,
    nodes: u64,
    time: f64,
    pv: Vec<PyMove>,
}

#[pymethods]
impl BestMove {
    /// The best move, or `None` when the position has no legal move.
    #[getter(r#move)]
    fn best(&self) -> Option<PyMove> {
        self.best.clone()
    }

    /// The score in centipawns, or `None` when it is a mate score.
    #[getter]
    fn score(&self) -> Option<i32> {
        match self.score {
            Score::Cp(c) => Some(c),
            Score::Mate(_) => None,
        }
    }

    /// Mate in this many moves (negative: the side to move is mated), or `None`.
    #[getter]
    fn mate(&self) -> Option<i32> {
        match self.score {
            Score::Mate(m) => Some(m),
            Score::Cp(_) => None,
        }
    }

    /// The deepest completed iteration.
    #[getter]
    fn depth(&self) -> u32 {
        self.depth
    }

    /// The deepest ply reached.
    #[getter]
    fn seldepth(&self) -> u32 {
        self.seldepth
    }

    /// Nodes searched.
    #[getter]
    fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Seconds taken.
    #[getter]
    fn time(&self) -> f64 {
        self.time
    }

    /// The principal variation, starting with the best move.
    #[getter]
    fn pv(&self) -> Vec<PyMove> {
        self.pv.clone()
    }

    fn __repr__(&self) -> String {
        let score = match self.score {
            Score::Cp(c) => format!("score={c}"),
            Score::Mate(m) => format!("mate={m}"),
        };
        let pv: Vec<&str> = self.pv.iter().map(|m| m.uci.as_str()).collect();
        format!(
            "BestMove(move={}, {score}, depth={}, nodes={}, pv=[{}])",
            self.best
                .as_ref()
                .map_or("None".to_string(), |m| format!("'{}'", m.uci)),
            self.depth,
            self.nodes,
            pv.join(", ")
        )
    }
}

/// Searches `board` for its best move, to `depth` plies, for `movetime` milliseconds or
/// `nodes` nodes (at least one of them; the first reached stops the search), with a
/// transposition table of `hash` MB on `threads` threads (1 is deterministic). The GIL is
/// released during the search.
#[pyfunction]
#[pyo3(signature = (board, depth = None, movetime = None, nodes = None, hash = 16, threads = 1))]
pub fn best_move(
    py: Python<'_>,
    board: PyRef<'_, Board>,
    depth: Option<u32>,
    movetime: Option<u64>,
    nodes: Option<u64>,
    hash: usize,
    threads: usize,
) -> PyResult<BestMove> {
    if depth.is_none() && movetime.is_none() && nodes.is_none() {
        return Err(PyValueError::new_err(
            "best_move needs a limit: depth, movetime or nodes",
        ));
    }
    if let Some(d) = depth {
        if d == 0 || d as usize > MAX_PLY {
            return Err(PyValueError::new_err(format!(
                "depth must be 1 to {MAX_PLY}, not {d}"
            )));
        }
    }
    if !(1..=16384).contains(&hash) {
        return Err(PyValueError::new_err("hash must be 1 to 16384 MB"));
    }
    if !(1..=256).contains(&threads) {
        return Err(PyValueError::new_err("threads must be 1 to 256"));
    }
    let limits = Limits {
        depth,
        nodes,
        movetime: movetime.map(Duration::from_millis),
        ..Limits::default()
    };
    let pos = board.pos.clone();
    let found = py.allow_threads(|| {
        with_position!(&pos, p => {
            let mut s = Searcher::new(hash);
            s.set_threads(threads);
            s.search(p, &limits)
        })
    });
    let mut line = pos.clone();
    let mut pv = Vec::with_capacity(found.pv.len());
    for &m in &found.pv {
        pv.push(PyMove::new(&line, m));
        line.play_unchecked(m);
    }
    Ok(BestMove {
        best: found.best.map(|m| PyMove::new(&pos, m)),
        score: found.display_score(),
        depth: found.depth,
        seldepth: found.seldepth,
        nodes: found.nodes,
        time: found.elapsed.as_secs_f64(),
        pv,
    })
}
