//! The move type and a fixed-capacity move list.

use citadel_geometry::{BitWord, Bitboard, Square};

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

/// Capacity of a [`MoveList`].
///
/// Why it is enough: a regular move is one (from, to) pair per promotion choice, and a
/// piece's destinations are at most those it has on the empty board. The largest armies are
/// Persian Chess's (9x9 plus 4 citadels, 16 pieces and 9 pawns a side, 4 promotion
/// choices): even with every pawn promoted to a queen (at most 36 destinations anywhere on
/// that board), 10 queens x 36 + 2 rooks x 18 + princess and fortress (each under 40) +
/// 2 bishops x 20 + 2 knights x 8 + king x 9 + castling and rendezvous 3 is under 550.
/// Tamerlane (11x10 + 2 citadels, 28 pieces a side, one promotion choice) stays under 500
/// with every pawn promoted, plus at most one swap per own piece; Byzantine's removal
/// variants at most double its under-150 regular moves. The densest positions we could
/// build (`crates/rules/tests/move_list.rs`) have under half this capacity. A list never
/// drops a move: [`MoveList::push`] panics if it is full.
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

    /// Appends a move.
    ///
    /// # Panics
    /// If the list already holds [`MAX_MOVES`] moves, which no position of any game here
    /// reaches (see [`MAX_MOVES`]): a move is never dropped silently.
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        if self.len >= MAX_MOVES {
            overflow();
        }
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// Appends the plain moves from `from` to each cell of `to`, in increasing cell order.
    ///
    /// # Panics
    /// As [`push`](Self::push), if the list would hold more than [`MAX_MOVES`] moves.
    #[inline(always)]
    pub fn push_targets<W: BitWord>(&mut self, from: Square, to: Bitboard<W>) {
        // room for any set (counting its cells costs more than this test)
        if self.len + W::BITS as usize > MAX_MOVES {
            for t in to {
                self.push(Move::new(from, t));
            }
            return;
        }
        let room = &mut self.moves[self.len..self.len + W::BITS as usize];
        let mut n = 0;
        for (slot, t) in room.iter_mut().zip(to) {
            *slot = Move::new(from, t);
            n += 1;
        }
        self.len += n;
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

#[cold]
#[inline(never)]
fn overflow() -> ! {
    panic!("MoveList overflow: more than {MAX_MOVES} moves")
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
