#![doc = include_str!("../README.md")]

pub mod archive;
pub mod coord;
pub mod diagram;
mod dialects;
pub mod fen;
pub mod pgn;
pub mod random;
pub mod record;
pub mod replay;
mod rights;
pub mod san;
pub mod writer;

pub use archive::ArchiveError;

/// Longest piece of input echoed in a message, in characters.
pub const ECHO_CHARS: usize = 80;

/// Input text as messages echo it: the first [`ECHO_CHARS`] characters, then `…` if there
/// were more.
///
/// ```
/// assert_eq!(citadel_notation::clip("e4"), "e4");
/// assert_eq!(citadel_notation::clip(&"x".repeat(200)).chars().count(), 81);
/// ```
pub fn clip(text: &str) -> String {
    match text.char_indices().nth(ECHO_CHARS) {
        None => text.to_string(),
        Some((i, _)) => format!("{}…", &text[..i]),
    }
}
pub use coord::MoveError;
pub use fen::{FenError, FenField};
pub use pgn::{Loc, PgnError, SourceGame};
pub use record::{GameResult, Line, MoveNode, Record};
pub use replay::{Diagnostic, ReplayError, Replayed, Summary};
pub use rights::FenRights;
pub use san::{SanDialect, SanError};
