//! The transposition table: one entry per slot, keyed by the position's Zobrist hash.

use citadel_rules::Move;

/// How a stored score bounds the true score.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The exact score.
    Exact,
    /// At least this score (a beta cut-off).
    Lower,
    /// At most this score (no move raised alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The full hash (0 with `depth` < 0 marks an empty slot).
    pub key: u64,
    /// The best move found, if any.
    pub mv: Option<Move>,
    /// The score (mate scores relative to this node).
    pub score: i32,
    /// The remaining depth searched.
    pub depth: i16,
    /// How `score` bounds the true score.
    pub bound: Bound,
    /// Search generation that wrote it.
    pub generation: u8,
}

const EMPTY: Entry = Entry {
    key: 0,
    mv: None,
    score: 0,
    depth: -1,
    bound: Bound::Upper,
    generation: 0,
};

/// A fixed-size hash table of search results.
pub struct Table {
    slots: Vec<Entry>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of about `mb` megabytes (rounded down to a power of two of slots, at least
    /// 1024 slots); when the memory cannot be had, the largest smaller power of two that can.
    pub fn new(mb: usize) -> Table {
        let bytes = mb.max(1).saturating_mul(1 << 20);
        let want = (bytes / std::mem::size_of::<Entry>()).max(1024);
        let mut n = if want.is_power_of_two() {
            want
        } else {
            want.next_power_of_two() / 2
        };
        let mut slots = Vec::new();
        while slots.try_reserve_exact(n).is_err() && n > 1024 {
            n /= 2;
        }
        slots.resize(n, EMPTY);
        Table {
            slots,
            mask: n - 1,
            generation: 0,
        }
    }

    /// Number of slots.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the table has no slots (never: it has at least 1024).
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Starts a new search: older entries become preferred for replacement.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.slots.fill(EMPTY);
    }

    /// The entry for `key`, if stored.
    #[inline(always)]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.slots[key as usize & self.mask];
        (e.key == key && e.depth >= 0).then_some(e)
    }

    /// Stores a result, replacing an entry of another position only if it is older or
    /// shallower.
    #[inline(always)]
    pub fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: i16, bound: Bound) {
        let slot = &mut self.slots[key as usize & self.mask];
        let replace = slot.key == key
            || slot.depth < 0
            || slot.generation != self.generation
            || depth >= slot.depth;
        if !replace {
            return;
        }
        let mv = mv.or(if slot.key == key { slot.mv } else { None });
        *slot = Entry {
            key,
            mv,
            score,
            depth,
            bound,
            generation: self.generation,
        };
    }

    /// Permille of slots written in this search (for reports).
    pub fn hashfull(&self) -> u32 {
        let n = self.slots.len().min(1000);
        self.slots[..n]
            .iter()
            .filter(|e| e.depth >= 0 && e.generation == self.generation)
            .count() as u32
            * 1000
            / n as u32
    }
}
