#![doc = include_str!("../README.md")]

pub mod archive;
pub mod batch;
pub mod coord;
pub mod diagnostic;
pub mod diagram;
pub mod eval_comment;
pub mod export;
pub mod fen;
mod io_error;
pub mod out_file;
pub mod pgn;
pub mod position;
pub mod random;
pub mod record;
pub mod replay;
pub mod report;
pub mod san;
pub mod writer;

/// Longest piece of input echoed in a message, in characters.
pub const ECHO_CHARS: usize = 80;

/// Input text as a message echoes it: the first `max` characters, then `…` if there were
/// more. Every message of this crate that quotes its input goes through it.
///
/// ```
/// use citadel_notation::shorten;
/// assert_eq!(shorten("e4", 80), "e4");
/// assert_eq!(shorten("abcdef", 3), "abc…");
/// assert_eq!(shorten(&"é".repeat(200), 80).chars().count(), 81);
/// ```
pub fn shorten(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some((i, _)) => format!("{}…", &text[..i]),
    }
}

/// [`shorten`] to the usual length, [`ECHO_CHARS`].
///
/// ```
/// assert_eq!(citadel_notation::clip("e4"), "e4");
/// assert_eq!(citadel_notation::clip(&"x".repeat(200)).chars().count(), 81);
/// ```
pub fn clip(text: &str) -> String {
    shorten(text, ECHO_CHARS)
}

pub use archive::{ArchiveError, DecodeError, ReadError};
pub use diagnostic::Diagnostic;
pub use fen::{FenError, FenErrorKind, FenField, Row, RowUnit};
pub use io_error::IoError;
pub use pgn::{Loc, PgnError, PgnErrorKind, SourceGame};
pub use position::Position;
pub use record::{GameResult, Line, MoveNode, Record, UnknownVariant};
pub use replay::{MoveAt, ReplayError, ReplayErrorKind, Replayed, Summary, VariantPlayed};
