//! The transposition table: one entry per slot, keyed by the position's Zobrist hash,
//! shared by the threads of a parallel search without locks. Each slot is three atomic
//! words; the first holds the key mixed with the other two, so that a slot torn by two
//! threads writing at once reads as empty rather than as another position's result.

use citadel_geometry::Square;
use citadel_rules::{Move, MoveFlag};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

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
    /// The full hash.
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

/// A move in 48 bits (0: none): from, to, promotion + 1, flag tag, special number, aux + 1.
fn pack_move(m: Option<Move>) -> u64 {
    let Some(m) = m else { return 0 };
    let (tag, special) = match m.flag {
        MoveFlag::Normal => (1u64, 0u64),
        MoveFlag::DoubleStep => (2, 0),
        MoveFlag::EnPassant => (3, 0),
        MoveFlag::Castle => (4, 0),
        MoveFlag::Special(n) => (5, u64::from(n)),
    };
    u64::from(m.from.0)
        | u64::from(m.to.0) << 8
        | m.promotion.map_or(0, |k| u64::from(k) + 1) << 16
        | tag << 24
        | special << 32
        | m.aux.map_or(0, |a| u64::from(a.0) + 1) << 40
}

fn unpack_move(d: u64) -> Option<Move> {
    let flag = match d >> 24 & 0xff {
        1 => MoveFlag::Normal,
        2 => MoveFlag::DoubleStep,
        3 => MoveFlag::EnPassant,
        4 => MoveFlag::Castle,
        5 => MoveFlag::Special((d >> 32 & 0xff) as u8),
        _ => return None,
    };
    let promo = (d >> 16 & 0xff) as u8;
    let aux = (d >> 40 & 0x1ff) as u16;
    Some(Move {
        from: Square((d & 0xff) as u8),
        to: Square((d >> 8 & 0xff) as u8),
        promotion: promo.checked_sub(1),
        flag,
        aux: aux.checked_sub(1).map(|a| Square(a as u8)),
    })
}

/// Score (32 bits), depth + 1 (16 bits, 0: empty), bound (8 bits), generation (8 bits).
fn pack_data(score: i32, depth: i16, bound: Bound, generation: u8) -> u64 {
    let b = match bound {
        Bound::Exact => 0u64,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    u64::from(score as u32)
        | u64::from((depth.max(-1) + 1) as u16) << 32
        | b << 48
        | u64::from(generation) << 56
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    mv: AtomicU64,
    data: AtomicU64,
}

/// A fixed-size hash table of search results, safe to share between threads.
pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
    generation: AtomicU8,
}

impl Table {
    /// A table of about `mb` megabytes (rounded down to a power of two of slots, at least
    /// 1024 slots); when the memory cannot be had, the largest smaller power of two that can.
    pub fn new(mb: usize) -> Table {
        let bytes = mb.max(1).saturating_mul(1 << 20);
        let want = (bytes / std::mem::size_of::<Slot>()).max(1024);
        let mut n = if want.is_power_of_two() {
            want
        } else {
            want.next_power_of_two() / 2
        };
        let mut slots = Vec::new();
        while slots.try_reserve_exact(n).is_err() && n > 1024 {
            n /= 2;
        }
        slots.resize_with(n, Slot::default);
        Table {
            slots,
            mask: n - 1,
            generation: AtomicU8::new(0),
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
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// Empties the table.
    pub fn clear(&self) {
        for s in &self.slots {
            s.check.store(0, Ordering::Relaxed);
            s.mv.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
    }

    /// The entry for `key`, if stored (and not torn by a concurrent write).
    #[inline(always)]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let s = &self.slots[key as usize & self.mask];
        let mv = s.mv.load(Ordering::Relaxed);
        let data = s.data.load(Ordering::Relaxed);
        if s.check.load(Ordering::Relaxed) ^ mv ^ data != key {
            return None;
        }
        let depth1 = (data >> 32 & 0xffff) as u16;
        if depth1 == 0 {
            return None;
        }
        Some(Entry {
            key,
            mv: unpack_move(mv),
            score: (data & 0xffff_ffff) as u32 as i32,
            depth: depth1 as i16 - 1,
            bound: match data >> 48 & 0xff {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
            generation: (data >> 56) as u8,
        })
    }

    /// Stores a result, replacing an entry of another position only if it is older or
    /// shallower; a move already stored for the same position is kept when `mv` is `None`.
    #[inline(always)]
    pub fn store(&self, key: u64, mv: Option<Move>, score: i32, depth: i16, bound: Bound) {
        let s = &self.slots[key as usize & self.mask];
        let generation = self.generation.load(Ordering::Relaxed);
        let old_mv = s.mv.load(Ordering::Relaxed);
        let old_data = s.data.load(Ordering::Relaxed);
        let old_key = s.check.load(Ordering::Relaxed) ^ old_mv ^ old_data;
        let old_depth = (old_data >> 32 & 0xffff) as i32 - 1;
        let same = old_key == key && old_depth >= 0;
        let replace = same
            || old_depth < 0
            || (old_data >> 56) as u8 != generation
            || i32::from(depth) >= old_depth;
        if !replace {
            return;
        }
        let m = match mv {
            Some(_) => pack_move(mv),
            None if same => old_mv,
            None => 0,
        };
        let data = pack_data(score, depth, bound, generation);
        s.check.store(key ^ m ^ data, Ordering::Relaxed);
        s.mv.store(m, Ordering::Relaxed);
        s.data.store(data, Ordering::Relaxed);
    }

    /// Permille of slots written in this search (for reports).
    pub fn hashfull(&self) -> u32 {
        let n = self.slots.len().min(1000);
        let generation = self.generation.load(Ordering::Relaxed);
        self.slots[..n]
            .iter()
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d >> 32 & 0xffff != 0 && (d >> 56) as u8 == generation
            })
            .count() as u32
            * 1000
            / n as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_with_every_move_form() {
        let t = Table::new(1);
        let moves = [
            None,
            Some(Move::new(Square(3), Square(120))),
            Some(Move {
                promotion: Some(31),
                aux: Some(Square(127)),
                ..Move::with_flag(Square(0), Square(1), MoveFlag::Special(200))
            }),
            Some(Move::with_flag(Square(9), Square(10), MoveFlag::Castle)),
        ];
        for (i, m) in moves.into_iter().enumerate() {
            let key = 0x1234_5678_9abc_def0 ^ (i as u64) << 20;
            t.store(key, m, -31_000 + i as i32, i as i16, Bound::Lower);
            let e = t.probe(key).expect("stored");
            assert_eq!((e.mv, e.score, e.depth), (m, -31_000 + i as i32, i as i16));
            assert_eq!(e.bound, Bound::Lower);
            assert!(t.probe(key ^ 1 << 40).is_none());
        }
    }
}
