//! Notation for the Citadel games: FEN (with ring FEN for Byzantine chess), coordinate and
//! SAN moves, PGN-style game records, their replay and validation, and a compact binary
//! archive. A pure layer over `citadel-rules`: parsers take text and return values or a typed
//! error naming where and what is wrong — never a panic.

pub mod coord;
pub mod diagram;
mod dialects;
pub mod fen;
mod rights;
pub mod san;

pub use coord::MoveError;
pub use fen::{FenError, FenField};
pub use rights::FenRights;
pub use san::{SanDialect, SanError};
