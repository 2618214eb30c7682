//! The perft fixture format: a game and positions with their leaf counts by depth, as the
//! JSON files under `fixtures/perft/` hold them (read by the rules' tests, the search crate's
//! suite runner and `citadel suite`).
//!
//! ```
//! use citadel_rules::{perft, PerftFile, Position, Shatranj};
//! let file: PerftFile = serde_json::from_str(
//!     r#"{"variant": "shatranj", "positions": [
//!         {"name": "start", "fen": "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1",
//!          "perft": [16, 256]}]}"#,
//! ).unwrap();
//! let case = &file.positions[0];
//! assert_eq!(case.test_depth, 3);
//! assert_eq!(perft(&mut Position::<Shatranj>::start(), 2), case.perft[1]);
//! ```

use serde::{Deserialize, Serialize};

/// One fixture file: a game and its positions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PerftFile {
    /// Variant id.
    pub variant: String,
    /// The positions with their counts.
    pub positions: Vec<PerftCase>,
}

/// One position with its perft counts from depth 1 up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PerftCase {
    /// Short name.
    pub name: String,
    /// The position.
    pub fen: String,
    /// Perft at depths 1, 2, ...
    pub perft: Vec<u64>,
    /// Deepest depth checked by the default test run (3 when absent).
    #[serde(default = "default_depth")]
    pub test_depth: u32,
    /// Where the numbers come from, or what the position tests.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub source: String,
}

fn default_depth() -> u32 {
    3
}
