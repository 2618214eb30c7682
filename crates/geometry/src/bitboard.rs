//! A set of cells as one machine word: [`Bitboard<W>`] over a [`BitWord`] (`u64` for boards
//! of at most 64 cells, `u128` for boards of at most 128).

use crate::Square;
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

mod sealed {
    pub trait Sealed {}
    impl Sealed for u64 {}
    impl Sealed for u128 {}
}

/// The machine word under a [`Bitboard`]: `u64` (boards of at most 64 cells) or `u128`
/// (at most 128). A game picks the narrowest word its board fits, since every set
/// operation of move generation runs on it.
///
/// ```
/// use citadel_geometry::BitWord;
/// assert_eq!(<u64 as BitWord>::BITS, 64);
/// assert_eq!(<u128 as BitWord>::bit(70).trailing_zeros(), 70);
/// ```
pub trait BitWord:
    sealed::Sealed
    + Copy
    + Eq
    + Hash
    + Default
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// The number of bits, so the most cells a board on this word may have.
    const BITS: u32;
    /// No bit set.
    const ZERO: Self;
    /// The lowest bit set.
    const ONE: Self;
    /// Every bit set.
    const MAX: Self;

    /// The word with only bit `i` set (`i` < [`BITS`](Self::BITS)).
    fn bit(i: u8) -> Self;
    /// Whether bit `i` is set (`i` < [`BITS`](Self::BITS)).
    fn test(self, i: u8) -> bool;
    /// The number of set bits.
    fn count_ones(self) -> u32;
    /// The number of zero bits below the lowest set bit ([`BITS`](Self::BITS) for zero).
    fn trailing_zeros(self) -> u32;
    /// The number of zero bits above the highest set bit ([`BITS`](Self::BITS) for zero).
    fn leading_zeros(self) -> u32;
    /// `self - rhs`, wrapping.
    fn wrapping_sub(self, rhs: Self) -> Self;
    /// `self + rhs`, wrapping.
    fn wrapping_add(self, rhs: Self) -> Self;
    /// `-self`, wrapping.
    fn wrapping_neg(self) -> Self;
    /// The word as a `u128` (unchanged bits).
    fn to_u128(self) -> u128;
    /// The low [`BITS`](Self::BITS) bits of `w`.
    fn from_u128_truncating(w: u128) -> Self;
}

macro_rules! bit_word {
    ($t:ty, $bit:item, $test:item) => {
        impl BitWord for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const MAX: Self = <$t>::MAX;
            #[inline(always)]
            $bit
            #[inline(always)]
            $test
            #[inline(always)]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            #[inline(always)]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline(always)]
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            #[inline(always)]
            fn wrapping_sub(self, rhs: Self) -> Self {
                <$t>::wrapping_sub(self, rhs)
            }
            #[inline(always)]
            fn wrapping_add(self, rhs: Self) -> Self {
                <$t>::wrapping_add(self, rhs)
            }
            #[inline(always)]
            fn wrapping_neg(self) -> Self {
                <$t>::wrapping_neg(self)
            }
            #[inline(always)]
            fn to_u128(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn from_u128_truncating(w: u128) -> Self {
                w as $t
            }
        }
    };
}
bit_word!(
    u64,
    fn bit(i: u8) -> Self {
        1 << i
    },
    fn test(self, i: u8) -> bool {
        (self >> i) & 1 != 0
    }
);
// A `u128` is two machine words: pick the half first rather than shift across both
// (`bit` and `test` run once per generated move).
bit_word!(
    u128,
    fn bit(i: u8) -> Self {
        let b = 1u64 << (i & 63);
        if i & 64 == 0 {
            b as u128
        } else {
            (b as u128) << 64
        }
    },
    fn test(self, i: u8) -> bool {
        let half = if i & 64 == 0 {
            self as u64
        } else {
            (self >> 64) as u64
        };
        (half >> (i & 63)) & 1 != 0
    }
);

/// A set of squares of one geometry, one bit per dense square index, over the word `W`
/// (`u128` unless a game's board fits a `u64`).
///
/// ```
/// use citadel_geometry::{Bitboard, Square};
/// let b = Bitboard::<u128>::from_square(Square(3)) | Bitboard::from_square(Square(70));
/// assert_eq!(b.count(), 2);
/// assert_eq!(b.iter().collect::<Vec<_>>(), vec![Square(3), Square(70)]);
/// // a board of at most 64 cells uses a `u64`
/// let small: Bitboard<u64> = [Square(0), Square(63)].into_iter().collect();
/// assert_eq!(small.last(), Some(Square(63)));
/// // widening keeps the squares
/// assert_eq!(small.widen().iter().collect::<Vec<_>>(), vec![Square(0), Square(63)]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Bitboard<W: BitWord = u128>(pub W);

impl<W: BitWord> Bitboard<W> {
    /// The empty set.
    pub const EMPTY: Self = Bitboard(W::ZERO);

    /// The set holding only `sq`.
    #[inline(always)]
    pub fn from_square(sq: Square) -> Self {
        Bitboard(W::bit(sq.0))
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0 == W::ZERO
    }

    /// Whether the set is not empty.
    #[inline(always)]
    pub fn any(self) -> bool {
        self.0 != W::ZERO
    }

    /// Whether `sq` is in the set.
    #[inline(always)]
    pub fn contains(self, sq: Square) -> bool {
        self.0.test(sq.0)
    }

    /// The number of squares in the set.
    #[inline(always)]
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Adds `sq`.
    #[inline(always)]
    pub fn insert(&mut self, sq: Square) {
        self.0 = self.0 | W::bit(sq.0);
    }

    /// Removes `sq`.
    #[inline(always)]
    pub fn remove(&mut self, sq: Square) {
        self.0 = self.0 & !W::bit(sq.0);
    }

    /// The square with the lowest index, if any.
    #[inline(always)]
    pub fn first(self) -> Option<Square> {
        if self.is_empty() {
            None
        } else {
            Some(Square(self.0.trailing_zeros() as u8))
        }
    }

    /// The square with the highest index, if any.
    #[inline(always)]
    pub fn last(self) -> Option<Square> {
        if self.is_empty() {
            None
        } else {
            Some(Square((W::BITS - 1 - self.0.leading_zeros()) as u8))
        }
    }

    /// The only square of a one-square set.
    #[inline(always)]
    pub fn single(self) -> Option<Square> {
        if self.any() && !self.more_than_one() {
            Some(Square(self.0.trailing_zeros() as u8))
        } else {
            None
        }
    }

    /// Whether the set has two or more squares.
    #[inline(always)]
    pub fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(W::ONE) != W::ZERO
    }

    /// The squares in increasing index order.
    #[inline(always)]
    pub fn iter(self) -> BitIter<W> {
        BitIter(self.0)
    }

    /// The same squares in a `u128` set (for code that handles every game alike).
    #[inline(always)]
    pub fn widen(self) -> Bitboard<u128> {
        Bitboard(self.0.to_u128())
    }

    /// The squares of `b` with an index below [`W::BITS`](BitWord::BITS), as a set over `W`
    /// (all of them when they are cells of a board that fits `W`).
    #[inline(always)]
    pub fn narrow(b: Bitboard<u128>) -> Self {
        Bitboard(W::from_u128_truncating(b.0))
    }
}

/// Iterator over the squares of a [`Bitboard`], lowest index first.
#[derive(Clone, Debug)]
pub struct BitIter<W: BitWord = u128>(W);

impl<W: BitWord> Iterator for BitIter<W> {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == W::ZERO {
            return None;
        }
        let sq = self.0.trailing_zeros() as u8;
        self.0 = self.0 & self.0.wrapping_sub(W::ONE);
        Some(Square(sq))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl<W: BitWord> ExactSizeIterator for BitIter<W> {}

impl<W: BitWord> IntoIterator for Bitboard<W> {
    type Item = Square;
    type IntoIter = BitIter<W>;
    fn into_iter(self) -> BitIter<W> {
        self.iter()
    }
}

impl<W: BitWord> FromIterator<Square> for Bitboard<W> {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let mut b = Bitboard::EMPTY;
        for sq in iter {
            b.insert(sq);
        }
        b
    }
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl<W: BitWord> $tr for Bitboard<W> {
            type Output = Self;
            #[inline(always)]
            fn $f(self, rhs: Self) -> Self {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl<W: BitWord> $tra for Bitboard<W> {
            #[inline(always)]
            fn $fa(&mut self, rhs: Self) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<W: BitWord> Not for Bitboard<W> {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        Bitboard(!self.0)
    }
}

impl<W: BitWord> std::fmt::Debug for Bitboard<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter().map(|s| s.0)).finish()
    }
}
