//! Scores: mate scores and their distance from the root, the display form (centipawns or
//! mate in moves), the transposition table's ply-independent form, and the score of a
//! finished game.

use crate::tt::{Bound, Entry};
use citadel_rules::{Color, Game, Outcome, Position};
use serde::{Deserialize, Serialize};

/// The score of a mate at the root (a mate `n` plies away scores `MATE - n`).
pub const MATE: i32 = 32_000;
/// Scores beyond this (in absolute value) are mate scores.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Above every score: the bounds of a full window.
pub(super) const INF: i32 = MATE + 1;

/// A score for display: centipawns or a mate distance in moves (negative: being mated).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Score {
    /// Centipawns, from the side to move's point of view.
    Cp(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

impl Score {
    /// The display form of an internal score.
    pub fn from_internal(s: i32) -> Score {
        if s > MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s < -MATE_BOUND {
            Score::Mate(-((MATE + s) / 2))
        } else {
            Score::Cp(s)
        }
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Cp(c) => write!(f, "cp {c}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

/// The score of a finished game for the side to move, `ply` plies from the root.
#[inline]
pub(super) fn outcome_score(o: &Outcome, us: Color, ply: usize) -> i32 {
    match o.winner {
        None => 0,
        Some(w) if w == us => MATE - ply as i32,
        Some(_) => -(MATE - ply as i32),
    }
}

/// The outcome of a position that has no legal move.
#[inline]
pub(super) fn terminal<G: Game>(pos: &Position<G>) -> Outcome {
    G::decided(pos).unwrap_or_else(|| G::no_moves(pos))
}

/// A score as the transposition table keeps it: mate scores counted from the node, not the
/// root (`ply` plies below it).
pub(super) fn to_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s + ply as i32
    } else if s < -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

/// A score from the transposition table, for a node `ply` plies below the root.
pub(super) fn from_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s - ply as i32
    } else if s < -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

/// The score of a table entry that settles a node `ply` plies below the root within
/// `alpha..beta`: an exact score, or a bound on the side of the window it proves.
pub(super) fn tt_cutoff(e: &Entry, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let s = from_tt(e.score, ply);
    match e.bound {
        Bound::Exact => Some(s),
        Bound::Lower if s >= beta => Some(s),
        Bound::Upper if s <= alpha => Some(s),
        _ => None,
    }
}

/// What a node's `best` score searched within `alpha..beta` says of it: a lower bound when it
/// reached beta, an upper bound when it did not rise above alpha, else its exact value.
pub(super) fn bound_of(best: i32, alpha: i32, beta: i32) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if best > alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}
