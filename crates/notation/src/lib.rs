//! Notation for the Citadel games: FEN (with ring FEN for Byzantine chess), coordinate
//! moves and SAN. A pure layer over `citadel-rules`: parsers take text and return values or a typed
//! error naming the field and the offending text — never a panic.

pub mod coord;
pub mod diagram;
pub mod fen;
mod rights;
mod rights_byzantine;
mod rights_mini_citadel;
mod rights_shatranj;
mod rights_tamerlane;
pub mod san;

pub use coord::MoveError;
pub use fen::{FenError, FenField};
pub use rights::FenRights;
