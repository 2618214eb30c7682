//! Zobrist keys, drawn once from a fixed seed.

use rand::{rngs::StdRng, Rng, SeedableRng};

/// Number of piece codes keyed (kinds x colours + 1).
pub const CODES: usize = 64;

/// Random keys for every (piece, cell), side, en passant cell, first-move right and rights bit.
#[derive(Clone, Debug)]
pub struct Zobrist {
    /// Keys by piece code, then cell.
    pub pieces: Vec<[u64; 128]>,
    /// Key for Black to move.
    pub side: u64,
    /// Keys for the en passant cell.
    pub ep: [u64; 128],
    /// Keys for a cell's first-move right.
    pub unmoved: [u64; 128],
    /// Keys for each rights bit.
    pub rights: [u64; 64],
}

impl Zobrist {
    /// Keys from the fixed seed `seed`.
    pub fn new(seed: u64) -> Self {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut table = || {
            let mut t = [0u64; 128];
            for k in t.iter_mut() {
                *k = rng.gen();
            }
            t
        };
        let pieces = (0..CODES).map(|_| table()).collect();
        let ep = table();
        let unmoved = table();
        let r = table();
        let mut rights = [0u64; 64];
        rights.copy_from_slice(&r[..64]);
        let side = r[64];
        Zobrist {
            pieces,
            side,
            ep,
            unmoved,
            rights,
        }
    }

    /// The combined key of a rights bit set.
    #[inline(always)]
    pub fn rights_key(&self, rights: u64) -> u64 {
        let mut k = 0;
        let mut r = rights;
        while r != 0 {
            k ^= self.rights[r.trailing_zeros() as usize];
            r &= r - 1;
        }
        k
    }
}
