//! Slider attacks by perfect-hash table lookup, built from a board's rays.
//!
//! For each cell and each *line set* (directions looked up together: the four orthogonal
//! ones, the four diagonal ones, or one axis of them where the whole set needs too big a
//! table), the cells whose occupancy matters are a mask: the set's rays without their last
//! cell. Every occupancy of that mask is hashed by a multiplication ("magic") into a slot
//! holding the cells a rider reaches, blockers included. A `u128` occupancy is hashed as
//! two 64-bit halves, each times its own magic, summed. The magics are found when the board
//! is built, by a deterministic search (a fixed-seed generator), and each table is filled
//! from [`Geometry::slide`](crate::Geometry::slide), so that it is exact by construction:
//! holes, citadels and a ring's wrapping files are only masks.
//!
//! PEXT would index the same tables without a search, but needs `unsafe` intrinsics, which
//! the workspace forbids; a multiplication is as fast where PEXT is slow (AMD before Zen 3)
//! and portable everywhere.

use crate::{BitWord, Bitboard};

/// The largest mask (in cells) hashed into a table: 1024 slots for a cell and line set.
/// Bigger sets keep the slide by obstruction difference. With 12 (a chess rook's whole
/// cross in one table) the search took 20 ms at start-up and the 1.7 MB of slots made
/// Kiwipete perft 5 slower; a bishop's tables (at most 9 cells) stay in the cache and are
/// found in 2 ms.
pub(crate) const MAX_BITS: u32 = 10;

/// One cell's hash for one line set.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Magic<W: BitWord> {
    /// The cells whose occupancy matters.
    mask: Bitboard<W>,
    /// The multipliers of the low and high 64-bit halves of the masked occupancy.
    factor: [u64; 2],
    /// 64 minus the number of index bits.
    shift: u8,
    /// Where the cell's slots start in the shared table.
    offset: u32,
}

/// Attack tables of one board for a list of line sets: per line set and cell a [`Magic`],
/// and the slots of all of them in one vector.
#[derive(Clone, Debug, Default)]
pub(crate) struct MagicTable<W: BitWord> {
    /// Per line set, the directions it covers (bit `d as u8` for direction `d`).
    sets: Vec<u8>,
    /// Per line set, then per cell.
    magics: Vec<Magic<W>>,
    slots: Vec<Bitboard<W>>,
    cells: usize,
}

/// A small fixed-seed generator (xorshift64*), so that the search is the same every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number with few bits set: good magics are sparse.
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

/// The 64-bit halves of a word.
#[inline(always)]
fn halves<W: BitWord>(w: W) -> (u64, u64) {
    let x = w.to_u128();
    (x as u64, (x >> 64) as u64)
}

impl<W: BitWord> Magic<W> {
    /// The slot of the occupancy `occupied`.
    #[inline(always)]
    fn index(&self, occupied: Bitboard<W>) -> usize {
        let (lo, hi) = halves((occupied & self.mask).0);
        let h = lo
            .wrapping_mul(self.factor[0])
            .wrapping_add(hi.wrapping_mul(self.factor[1]));
        self.offset as usize + (h >> self.shift) as usize
    }

    /// Finds a magic for `mask`, whose occupancies (all subsets of it) give `attacks`; its
    /// slots are appended to `slots`. A mask of `n` cells gets `n` index bits if a magic
    /// turns up within [`TRIES`] tries, else one bit more (twice the slots, found at once):
    /// a search for the tightest magic of a big mask takes far longer than building a board
    /// should.
    fn find(
        mask: Bitboard<W>,
        occupancies: &[Bitboard<W>],
        attacks: &[Bitboard<W>],
        rng: &mut Rng,
        slots: &mut Vec<Bitboard<W>>,
    ) -> Self {
        let offset = slots.len();
        let n = mask.count();
        if n <= 1 {
            // no hash needed: a factor moving the cell (if any) to the top bit
            let mut factor = [0, 0];
            if let Some(sq) = mask.first() {
                factor[(sq.0 / 64) as usize] = 1 << (63 - sq.0 % 64);
            }
            slots.extend_from_slice(attacks);
            if n == 0 {
                slots.push(attacks[0]);
            }
            return Magic {
                mask,
                factor,
                shift: 63,
                offset: offset as u32,
            };
        }
        let (mask_lo, mask_hi) = halves(mask.0);
        let mut epoch = vec![0u32; 1 << (n + 1)];
        let mut region = vec![Bitboard::EMPTY; 1 << (n + 1)];
        let mut tries = 0u32;
        for bits in [n, n + 1] {
            let shift = 64 - bits;
            let budget = if bits == n { TRIES } else { u32::MAX };
            for _ in 0..budget {
                tries += 1;
                let factor = [
                    if mask_lo != 0 { rng.sparse() } else { 0 },
                    if mask_hi != 0 { rng.sparse() } else { 0 },
                ];
                // a factor spreading the mask over too few top bits cannot work
                let top = |m: u64, f: u64| (m.wrapping_mul(f) >> 56).count_ones();
                if n >= 8 && top(mask_lo, factor[0]) + top(mask_hi, factor[1]) < 6 {
                    continue;
                }
                let magic = Magic {
                    mask,
                    factor,
                    shift: shift as u8,
                    offset: 0,
                };
                let ok = occupancies.iter().zip(attacks).all(|(&occ, &att)| {
                    let i = magic.index(occ);
                    if epoch[i] == tries {
                        region[i] == att
                    } else {
                        epoch[i] = tries;
                        region[i] = att;
                        true
                    }
                });
                if ok {
                    // slots no occupancy hashes to are never read: their contents do not matter
                    slots.extend_from_slice(&region[..1 << bits]);
                    return Magic {
                        offset: offset as u32,
                        ..magic
                    };
                }
            }
        }
        unreachable!("the last round of the search has no limit")
    }
}

/// How many factors are tried for a mask's tightest table before one more index bit.
const TRIES: u32 = 300;

impl<W: BitWord> MagicTable<W> {
    /// Builds the tables of the line sets `sets` over a board of `cells` cells, where
    /// `mask(cell, set)` gives the cells whose occupancy matters and `attacks(cell, set,
    /// occupied)` the exact reach.
    pub(crate) fn build(
        cells: usize,
        sets: Vec<u8>,
        mask: impl Fn(usize, u8) -> Bitboard<W>,
        attacks: impl Fn(usize, u8, Bitboard<W>) -> Bitboard<W>,
    ) -> Self {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut magics = Vec::with_capacity(sets.len() * cells);
        let mut slots = Vec::new();
        let mut occupancies = Vec::new();
        let mut reach = Vec::new();
        for &set in &sets {
            for cell in 0..cells {
                let m = mask(cell, set);
                // every subset of the mask, by the carry-rippler
                occupancies.clear();
                reach.clear();
                let mut sub = W::ZERO;
                loop {
                    occupancies.push(Bitboard(sub));
                    reach.push(attacks(cell, set, Bitboard(sub)));
                    sub = sub.wrapping_sub(m.0) & m.0;
                    if sub == W::ZERO {
                        break;
                    }
                }
                magics.push(Magic::find(m, &occupancies, &reach, &mut rng, &mut slots));
            }
        }
        MagicTable {
            sets,
            magics,
            slots,
            cells,
        }
    }

    /// The line sets looked up here (bit `d as u8` for direction `d`).
    #[inline(always)]
    pub(crate) fn sets(&self) -> &[u8] {
        &self.sets
    }

    /// The cells a rider from `cell` along the line set numbered `set` reaches with
    /// `occupied` cells blocking, blockers included.
    #[inline(always)]
    pub(crate) fn attacks(&self, set: usize, cell: usize, occupied: Bitboard<W>) -> Bitboard<W> {
        let m = &self.magics[set * self.cells + cell];
        self.slots[m.index(occupied)]
    }

    /// The same on an empty board.
    #[inline(always)]
    pub(crate) fn empty_attacks(&self, set: usize, cell: usize) -> Bitboard<W> {
        self.slots[self.magics[set * self.cells + cell].offset as usize]
    }
}
