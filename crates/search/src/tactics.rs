//! Tactics fixtures: `fixtures/tactics/<variant-id>.json`, positions with the best move(s)
//! the engine must find at a fixed depth.
//!
//! ```json
//! {"variant": "chess", "positions": [
//!   {"name": "scholar", "fen": "...", "depth": 2, "best": ["h5f7"], "mate": 1,
//!    "description": "mate in 1: the queen takes f7"}]}
//! ```
//!
//! `best` lists the accepted moves in coordinate form; `mate` (optional) is the mate
//! distance in moves the score must show (negative: the side to move is mated).
use crate::suite::LoadError;
use crate::{Limits, Score, Searcher};
use citadel_notation::{coord, fen, FenError};
use citadel_rules::{with_game, Game, IllegalMove, Variant};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// One fixture file: a game and its positions.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TacticsFile {
    /// Variant id.
    pub variant: String,
    /// The positions.
    pub positions: Vec<Tactic>,
}

/// One position and the move(s) that solve it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Tactic {
    /// Short name.
    pub name: String,
    /// The position.
    pub fen: String,
    /// The fixed search depth the test uses.
    pub depth: u32,
    /// Accepted best moves (coordinate form).
    pub best: Vec<String>,
    /// The expected mate distance in moves, if the position is a forced mate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mate: Option<i32>,
    /// What the position shows.
    pub description: String,
}

/// What the engine played on a fixture.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The move found (coordinate form).
    pub found: String,
    /// Its score.
    pub score: Score,
    /// Nodes searched.
    pub nodes: u64,
}

/// A tactics fixture the engine does not solve, or cannot read; the message starts with the
/// fixture's name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TacticError {
    /// The fixture's FEN does not parse.
    #[error("{name}: {source}")]
    Fen {
        /// The fixture.
        name: String,
        /// What is wrong with the FEN (boxed: FEN errors are large).
        #[source]
        source: Box<FenError>,
    },
    /// An accepted move of the fixture is not a legal move of its position.
    #[error("{name}: {source}")]
    Move {
        /// The fixture.
        name: String,
        /// What is wrong with the move.
        #[source]
        source: Box<IllegalMove>,
    },
    /// The position has no legal move.
    #[error("{name}: no legal move")]
    NoLegalMove {
        /// The fixture.
        name: String,
    },
    /// The engine played another move.
    #[error("{name}: found {found} ({score}), expected {}", expected.join(" or "))]
    WrongMove {
        /// The fixture.
        name: String,
        /// The move found (coordinate form).
        found: String,
        /// Its score.
        score: Score,
        /// The accepted moves.
        expected: Vec<String>,
    },
    /// The engine played an accepted move, with another mate distance (or none).
    #[error("{name}: {found} scores {score}, expected mate {expected}")]
    WrongMate {
        /// The fixture.
        name: String,
        /// The move found (coordinate form).
        found: String,
        /// Its score.
        score: Score,
        /// The fixture's mate distance in moves.
        expected: i32,
    },
}

/// Reads every `*.json` file of a directory (sorted), or one file.
pub fn load_dir(path: &Path) -> Result<Vec<(String, TacticsFile)>, LoadError> {
    crate::suite::load_json(path)
}

/// Searches a fixture at its depth; the error says what went wrong (bad FEN, an expected
/// move that is not legal, a wrong move or mate distance).
pub fn solve(variant: Variant, t: &Tactic) -> Result<Solution, TacticError> {
    with_game!(variant, G => solve_in::<G>(t))
}

fn solve_in<G: Game>(t: &Tactic) -> Result<Solution, TacticError> {
    let name = || t.name.clone();
    let pos = fen::parse::<G>(&t.fen).map_err(|source| TacticError::Fen {
        name: name(),
        source: Box::new(source),
    })?;
    let mut expected = Vec::new();
    for b in &t.best {
        let m = coord::parse_move(&pos, b).map_err(|source| TacticError::Move {
            name: name(),
            source: Box::new(source),
        })?;
        expected.push(m);
    }
    let mut s = Searcher::<G>::new(16);
    let r = s.search(&pos, &Limits::depth(t.depth));
    let Some(best) = r.best else {
        return Err(TacticError::NoLegalMove { name: name() });
    };
    let found = coord::write(&pos, &best);
    let score = r.display_score();
    if !expected.contains(&best) {
        return Err(TacticError::WrongMove {
            name: name(),
            found,
            score,
            expected: t.best.clone(),
        });
    }
    if let Some(n) = t.mate {
        if score != Score::Mate(n) {
            return Err(TacticError::WrongMate {
                name: name(),
                found,
                score,
                expected: n,
            });
        }
    }
    Ok(Solution {
        found,
        score,
        nodes: r.nodes,
    })
}
