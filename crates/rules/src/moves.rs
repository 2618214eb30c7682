//! The move type and a fixed-capacity move list.

use citadel_geometry::Square;

/// What kind of move this is, beyond going from one cell to another.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MoveFlag {
    /// An ordinary move or capture (first moves and promotions included).
    Normal,
    /// A pawn's double step.
    DoubleStep,
    /// A pawn's en passant capture.
    EnPassant,
    /// Castling: `from`/`to` are the king's, `aux` the rook's start cell.
    Castle,
    /// A game's own special move, numbered by that game's module.
    Special(u8),
}

/// A move: from, to, promotion kind, flag, and an auxiliary cell whose meaning depends on the
/// flag and game (castling rook, Byzantine pawn-pair removal).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    /// Start cell.
    pub from: Square,
    /// Destination cell.
    pub to: Square,
    /// Kind promoted to, if any.
    pub promotion: Option<u8>,
    /// Special handling.
    pub flag: MoveFlag,
    /// Extra cell (castling rook, removed pawn pair), if any.
    pub aux: Option<Square>,
}

impl Move {
    /// An ordinary move.
    #[inline(always)]
    pub const fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            promotion: None,
            flag: MoveFlag::Normal,
            aux: None,
        }
    }

    /// A move with a flag.
    #[inline(always)]
    pub const fn with_flag(from: Square, to: Square, flag: MoveFlag) -> Move {
        Move {
            from,
            to,
            promotion: None,
            flag,
            aux: None,
        }
    }

    /// Whether the move's whole effect is the standard one (moving, capturing on `to`,
    /// promoting, double-stepping), so that a pin and check test decides its legality.
    #[inline(always)]
    pub const fn is_plain(&self) -> bool {
        matches!(self.flag, MoveFlag::Normal | MoveFlag::DoubleStep) && self.aux.is_none()
    }
}

/// Capacity of a [`MoveList`]; no position of any game here comes near it.
pub const MAX_MOVES: usize = 1024;

/// A list of moves on the stack.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> Self {
        MoveList {
            moves: [Move::new(Square(0), Square(0)); MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move (silently ignored if the list is full, which no game reaches).
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        if self.len < MAX_MOVES {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }

    /// Number of moves.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list is empty.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Removes all moves.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The moves as a slice.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// Keeps only the moves for which `f` holds.
    pub fn retain(&mut self, mut f: impl FnMut(&Move) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            if f(&self.moves[i]) {
                self.moves[j] = self.moves[i];
                j += 1;
            }
        }
        self.len = j;
    }

    /// Iterates over the moves.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl std::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
