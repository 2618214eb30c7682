//! What a caller asks of a search: its limits (depth, nodes, time) and the techniques it
//! uses; and the deepest plies it reaches.

use super::SearchOptions;
use citadel_rules::Move;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// Deepest ply the search reaches (iterations stop well before).
pub const MAX_PLY: usize = 128;
/// The deepest iteration of a search without a depth limit.
pub(super) const MAX_DEPTH: u32 = 100;

/// When to stop searching, and how to search: unset limits do not apply (with no limit at
/// all the search stops at depth 100, or when a forced mate is proven); `options` switches
/// techniques off (all on by default); `root_moves` and `multipv` choose which root moves
/// are searched and how many best lines are reported.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// Deepest iteration (plies).
    pub depth: Option<u32>,
    /// Most nodes.
    pub nodes: Option<u64>,
    /// Most time (the hard limit: the search stops when it is reached).
    pub movetime: Option<Duration>,
    /// The time the search aims to use (from a clock): no new iteration starts after it,
    /// a little earlier when the best move has stayed the same for several iterations and
    /// later (up to `movetime`) when it has just changed.
    #[serde(default)]
    pub soft: Option<Duration>,
    /// The search techniques used (all by default).
    #[serde(default)]
    pub options: SearchOptions,
    /// Stop as soon as a mate in at most this many moves is proven for the side to move.
    #[serde(default)]
    pub mate: Option<u32>,
    /// Search only these root moves (UCI `searchmoves`); moves of the list that are not
    /// legal at the root are ignored, and when none is legal every move is searched. Empty:
    /// every legal move.
    #[serde(default)]
    pub root_moves: Vec<Move>,
    /// How many best lines to find (UCI `MultiPV`): after the best move, the best of the
    /// moves not yet reported, and so on, each with a full search ([`SearchResult::lines`]).
    /// 0 and 1 both mean one line.
    ///
    /// [`SearchResult::lines`]: crate::SearchResult::lines
    #[serde(default)]
    pub multipv: usize,
}

impl Limits {
    /// Search to a fixed depth.
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }

    /// Search for a fixed time.
    pub fn movetime(ms: u64) -> Limits {
        Limits {
            movetime: Some(Duration::from_millis(ms)),
            ..Limits::default()
        }
    }

    /// Search a fixed number of nodes.
    pub fn nodes(n: u64) -> Limits {
        Limits {
            nodes: Some(n),
            ..Limits::default()
        }
    }
}
