//! Notation for a position whose game is chosen at run time ([`VariantPosition`]): FEN,
//! moves in SAN or coordinates, read and written without naming the game's type. Each
//! method is the generic function of its module ([`fen`], [`san`], [`coord`]) for the game
//! inside the position; records replay with [`replay::play_variant`](crate::replay::play_variant).
//!
//! ```
//! use citadel_notation::VariantNotation;
//! use citadel_rules::{Variant, VariantPosition};
//! let v: Variant = "persian-princess".parse().unwrap();
//! let mut pos = VariantPosition::from_fen(v, v.start_fen()).unwrap();
//! let m = pos.parse_move("Sh2").unwrap(); // the rendezvous
//! assert_eq!(pos.parse_move("g2-h2"), Ok(m));
//! assert_eq!(pos.write_coord(&m), "g2h2");
//! pos.try_play(m).unwrap();
//! assert!(pos.parse_move("Nf9").is_err());
//! ```

use crate::{coord, fen, san, FenError, MoveError, SanError};
use citadel_rules::{with_position, Move, Variant, VariantPosition};

/// FEN and move text for [`VariantPosition`].
pub trait VariantNotation: Sized {
    /// Reads a FEN of `variant` ([`fen::read_variant`]).
    fn from_fen(variant: Variant, text: &str) -> Result<Self, FenError>;

    /// The position's canonical FEN ([`fen::write_variant`]).
    fn to_fen(&self) -> String;

    /// Reads a legal move typed by a user, in SAN (`Nf3`, `O-O`, `e10=Q`) or coordinates
    /// (`g1f3`, `g1-f3`, `e9e10q`) ([`san::parse`]).
    fn parse_move(&self, text: &str) -> Result<Move, SanError>;

    /// Reads a legal move in SAN only ([`san::parse_san_only`]).
    fn parse_san(&self, text: &str) -> Result<Move, SanError>;

    /// Reads a legal move in coordinates only ([`coord::parse_move`]).
    fn parse_coord(&self, text: &str) -> Result<Move, MoveError>;

    /// A legal move in SAN, with `+` or `#` ([`san::write`]).
    fn write_san(&self, m: &Move) -> String;

    /// A move in coordinates ([`coord::write`]).
    fn write_coord(&self, m: &Move) -> String;
}

impl VariantNotation for VariantPosition {
    fn from_fen(variant: Variant, text: &str) -> Result<Self, FenError> {
        fen::read_variant(variant, text)
    }

    fn to_fen(&self) -> String {
        fen::write_variant(self)
    }

    fn parse_move(&self, text: &str) -> Result<Move, SanError> {
        with_position!(self, p => san::parse(p, text))
    }

    fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        with_position!(self, p => san::parse_san_only(p, text))
    }

    fn parse_coord(&self, text: &str) -> Result<Move, MoveError> {
        with_position!(self, p => coord::parse_move(p, text))
    }

    fn write_san(&self, m: &Move) -> String {
        with_position!(self, p => san::write(p, m))
    }

    fn write_coord(&self, m: &Move) -> String {
        with_position!(self, p => coord::write(p, m))
    }
}
