//! The evaluation cache: static evaluations by position, in a small table of the worker's
//! keyed by the full Zobrist hash (the evaluation depends only on the position, not on how
//! it was reached).

use super::Worker;
use citadel_rules::{Game, Position};

/// Slots of the evaluation cache (a power of two).
pub(super) const EVAL_CACHE: usize = 1 << 16;
/// The bits of a key that index the evaluation cache (the score takes their place in a
/// slot, so there must be at least 16 of them).
const EVAL_INDEX: u64 = EVAL_CACHE as u64 - 1;
const _: () = assert!(EVAL_CACHE >= 1 << 16);

impl<G: Game> Worker<G> {
    /// The cached evaluation of the position with hash `key`, if any. A slot holds the
    /// key's bits above its index, so it answers for that key alone.
    #[inline(always)]
    pub(super) fn cached_eval(&self, key: u64) -> Option<i32> {
        let slot = self.eval_cache[key as usize & (EVAL_CACHE - 1)];
        let tag = key & !EVAL_INDEX;
        (tag != 0 && slot & !EVAL_INDEX == tag).then_some(i32::from(slot as u16 as i16))
    }

    /// Caches evaluation `e` of the position with hash `key` (unless it is too large for
    /// a slot).
    #[inline(always)]
    pub(super) fn cache_eval(&mut self, key: u64, e: i32) {
        let tag = key & !EVAL_INDEX;
        if let (true, Ok(v)) = (tag != 0, i16::try_from(e)) {
            self.eval_cache[key as usize & (EVAL_CACHE - 1)] = tag | u64::from(v as u16);
        }
    }

    /// The static evaluation, through a small cache keyed by the full Zobrist hash (the
    /// evaluation depends only on the position, not on how it was reached).
    #[inline]
    pub(super) fn static_eval(&mut self, pos: &Position<G>, ply: usize) -> i32 {
        let key = pos.hash();
        if let Some(e) = self.cached_eval(key) {
            return e;
        }
        let e = match &self.net {
            None => self.eval.evaluate_with(pos, &self.psq[ply]),
            Some(net) => {
                // the accumulators kept along the moves are the position's own
                debug_assert_eq!(
                    net.evaluate(&self.acc[ply], pos.turn()),
                    net.evaluate_position(pos)
                );
                net.evaluate(&self.acc[ply], pos.turn())
            }
        };
        self.cache_eval(key, e);
        e
    }
}
