//! Rights as named data: every right a game's positions can hold (castling, the rendezvous,
//! Tamerlane's swap and pawn-of-pawns lives, Mini Citadel's first moves) is a [`Right`] with
//! its FEN text, defined once by the game's module. The FEN rights field is read and written
//! from these definitions, and, for a game whose rights are also named after the board (the
//! `K`/`Q` of Chess960's X-FEN), from the game's [`BoardNames`] ([`Rights::read`],
//! [`Rights::write`]).

use crate::{Color, Setup};
use citadel_geometry::{BitWord, Bitboard, Square};

/// Where a position keeps a right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holder {
    /// A bit of the position's rights (`Position::rights`).
    Bit(u64),
    /// The first-move right of the piece on this cell (`Position::unmoved`).
    FirstMove(Square),
}

/// One named right of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Right {
    /// Its text in the FEN rights field (`"K"`, `"Z"`, `"P1"`, `"a"`).
    pub fen: &'static str,
    /// The side that holds it.
    pub color: Color,
    /// Where a position keeps it.
    pub holder: Holder,
}

impl Right {
    /// A right kept as a rights bit.
    pub const fn bit(fen: &'static str, color: Color, bit: u64) -> Self {
        Right {
            fen,
            color,
            holder: Holder::Bit(bit),
        }
    }

    /// Its rights bit (0 for a first-move right).
    pub const fn mask(&self) -> u64 {
        match self.holder {
            Holder::Bit(b) => b,
            Holder::FirstMove(_) => 0,
        }
    }

    /// Whether a position with these rights bits and first-move cells holds this right.
    pub fn held<W: BitWord>(&self, rights: u64, unmoved: Bitboard<W>) -> bool {
        match self.holder {
            Holder::Bit(b) => rights & b != 0,
            Holder::FirstMove(sq) => unmoved.contains(sq),
        }
    }
}

/// Why a FEN rights field cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RightsError {
    /// Text that names no right of the game.
    #[error("unknown right `{text}` (this game's rights: {known})")]
    Unknown {
        /// The first character of the unknown text.
        text: String,
        /// The game's rights, space-separated.
        known: String,
    },
    /// A right named twice.
    #[error("right `{0}` given twice")]
    Twice(&'static str),
    /// The game has no rights, and the field is not `-`.
    #[error("this game has no rights: expected `-`")]
    NoRights,
    /// A name that stands for a right only by the board ([`BoardNames`]), and the board has
    /// no piece it could stand for (Chess960's `K` without a rook on the king's h-side).
    #[error("right `{name}` names nothing on this board: {needs}")]
    NothingOnBoard {
        /// The name as written.
        name: char,
        /// What the board would need.
        needs: String,
    },
    /// Rights out of the game's fixed order ([`Rights::read_in_order`]).
    #[error("rights `{given}` out of order: write `{expected}`")]
    OutOfOrder {
        /// The field as given.
        given: String,
        /// The same rights in the game's order.
        expected: String,
    },
}

/// Other names of a game's rights, which stand for one right or another by where the pieces
/// stand (X-FEN's `K`: the castling of the outermost rook on the king's h-side), as the game
/// defines them. The rights keep their own names (Shredder-FEN's `H`), which are read too.
#[derive(Clone, Copy, Debug)]
pub struct BoardNames {
    /// The right that the one-character name `name` stands for on the board of `setup`:
    /// `Ok(None)` if `name` is not such a name, an error if it is but names nothing there.
    pub read: fn(setup: &Setup, name: char) -> Result<Option<Right>, RightsError>,
    /// The name to write for the held right `right` on the board of `setup`, if not its own.
    pub write: fn(setup: &Setup, right: &Right) -> Option<&'static str>,
}

/// All rights of a game, in the order the FEN rights field writes them.
#[derive(Clone, Debug, Default)]
pub struct Rights {
    list: Vec<Right>,
    /// Whether the FEN field must list the rights in writing order (chess's `KQkq`).
    fixed_order: bool,
    /// Names that stand for rights by the board, if the game has them.
    board_names: Option<BoardNames>,
}

impl Rights {
    /// The rights `list`, in writing order.
    pub fn new(list: Vec<Right>) -> Self {
        Rights {
            list,
            fixed_order: false,
            board_names: None,
        }
    }

    /// The same rights, also read and written by the board-dependent `names`
    /// ([`BoardNames`]): [`write`](Self::write) writes a right by its board name when it has
    /// one, [`read`](Self::read) reads both.
    pub fn with_board_names(mut self, names: BoardNames) -> Self {
        self.board_names = Some(names);
        self
    }

    /// The same rights, which a FEN field must list in writing order (chess's `KQkq`):
    /// [`read`](Self::read) then reads as [`read_in_order`](Self::read_in_order) does.
    pub fn in_fixed_order(mut self) -> Self {
        self.fixed_order = true;
        self
    }

    /// Every right, in writing order.
    pub fn all(&self) -> &[Right] {
        &self.list
    }

    /// The right written `fen`.
    pub fn named(&self, fen: &str) -> Option<&Right> {
        self.list.iter().find(|r| r.fen == fen)
    }

    /// Every rights bit of the game.
    pub fn bits(&self) -> u64 {
        self.list.iter().fold(0, |a, r| a | r.mask())
    }

    /// Reads a FEN rights field (`-` for none; names in any order, longest name first, or in
    /// writing order only for [rights in a fixed order](Self::in_fixed_order)) into the
    /// rights bits and first-move cells of `setup`.
    pub fn read(&self, text: &str, setup: &mut Setup) -> Result<(), RightsError> {
        if self.fixed_order {
            self.read_in_order(text, setup)
        } else {
            self.read_any_order(text, setup)
        }
    }

    fn read_any_order(&self, text: &str, setup: &mut Setup) -> Result<(), RightsError> {
        setup.rights = 0;
        setup.unmoved = Bitboard::EMPTY;
        if text == "-" {
            return Ok(());
        }
        if self.list.is_empty() {
            return Err(RightsError::NoRights);
        }
        let mut rest = text;
        while !rest.is_empty() {
            let (r, len) = match self
                .list
                .iter()
                .filter(|r| rest.starts_with(r.fen))
                .max_by_key(|r| r.fen.len())
            {
                Some(r) => (*r, r.fen.len()),
                None => self.board_name(setup, rest)?,
            };
            if r.held(setup.rights, setup.unmoved) {
                return Err(RightsError::Twice(r.fen));
            }
            match r.holder {
                Holder::Bit(b) => setup.rights |= b,
                Holder::FirstMove(sq) => setup.unmoved.insert(sq),
            }
            rest = &rest[len..];
        }
        Ok(())
    }

    /// The right that the board name at the front of `rest` stands for, and the name's
    /// length; an unknown right if there is none.
    fn board_name(&self, setup: &Setup, rest: &str) -> Result<(Right, usize), RightsError> {
        let first = rest.chars().next();
        if let (Some(names), Some(c)) = (self.board_names, first) {
            if let Some(r) = (names.read)(setup, c)? {
                return Ok((r, c.len_utf8()));
            }
        }
        let known: Vec<&str> = self.list.iter().map(|r| r.fen).collect();
        Err(RightsError::Unknown {
            text: first.into_iter().collect(),
            known: known.join(" "),
        })
    }

    /// Reads a FEN rights field as [`read`](Self::read) does, but only in the writing order
    /// (for games whose FEN fixes it, as chess's `KQkq`).
    pub fn read_in_order(&self, text: &str, setup: &mut Setup) -> Result<(), RightsError> {
        self.read_any_order(text, setup)?;
        let expected = self.write(setup);
        if expected != text {
            return Err(RightsError::OutOfOrder {
                given: text.to_string(),
                expected,
            });
        }
        Ok(())
    }

    /// Writes the FEN rights field of `setup` (`-` when it holds none).
    pub fn write(&self, setup: &Setup) -> String {
        let s: String = self
            .list
            .iter()
            .filter(|r| r.held(setup.rights, setup.unmoved))
            .map(|r| {
                self.board_names
                    .and_then(|names| (names.write)(setup, r))
                    .unwrap_or(r.fen)
            })
            .collect();
        if s.is_empty() {
            "-".into()
        } else {
            s
        }
    }
}
