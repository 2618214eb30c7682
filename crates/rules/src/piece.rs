//! A coloured piece: a kind of the game's piece set and a side.

use crate::Color;

/// A piece: its kind (an index into the game's piece set) and its colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// Index into the game's piece kinds.
    pub kind: u8,
    /// Its side.
    pub color: Color,
}

impl Piece {
    /// A piece of `kind` for `color`.
    pub const fn new(kind: u8, color: Color) -> Piece {
        Piece { kind, color }
    }

    /// The mailbox code of the piece (never 0, which marks an empty cell).
    #[inline(always)]
    pub const fn code(self) -> u8 {
        1 + self.kind * 2 + self.color as u8
    }

    /// The piece with mailbox code `code`, or `None` for 0.
    #[inline(always)]
    pub const fn from_code(code: u8) -> Option<Piece> {
        if code == 0 {
            None
        } else {
            let c = code - 1;
            Some(Piece {
                kind: c >> 1,
                color: if c & 1 == 0 {
                    Color::White
                } else {
                    Color::Black
                },
            })
        }
    }
}
