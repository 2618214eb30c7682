//! The quiescence search: at the leaves, only captures and promotions (every evasion when in
//! check) until the position is quiet, standing pat on the static evaluation; captures that
//! lose material (by the exchange evaluation) are dropped, and those that cannot lift the
//! score to alpha are pruned (delta pruning).

use super::params::DELTA_MARGIN;
use super::score::{outcome_score, terminal, INF};
use super::{Worker, MAX_PLY};
use citadel_rules::{Game, Position};

impl<G: Game> Worker<G> {
    /// The static evaluation for standing pat in the quiescence search: the quick estimate
    /// (bounded by the margin) when it is far enough outside the window, else the full one.
    /// `cached` is what the cache held for the position.
    #[inline]
    fn stand_pat(
        &mut self,
        pos: &Position<G>,
        ply: usize,
        cached: Option<i32>,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if let Some(e) = cached {
            return e;
        }
        if !self.options.lazy {
            return self.static_eval(pos, ply);
        }
        match self.eval.evaluate_lazy(pos, &self.psq[ply], alpha, beta) {
            Ok(e) => {
                self.cache_eval(pos.hash(), e);
                e
            }
            Err(bound) => bound,
        }
    }

    /// The quiescence search of `pos` at `ply` within `alpha..beta`; `check`: whether the side
    /// to move is in check, when the caller knows.
    pub(super) fn qsearch(
        &mut self,
        pos: &mut Position<G>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        check: Option<bool>,
    ) -> i32 {
        self.pv_len[ply] = ply;
        self.check_limits();
        if self.stop {
            return 0;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 1 {
            return self.static_eval(pos, ply);
        }
        // read early: the cache line loads while the tests below run
        let cached = self.cached_eval(pos.hash());
        if let Some(o) = G::decided(pos) {
            return outcome_score(&o, pos.turn(), ply);
        }
        let in_check = check.unwrap_or_else(|| pos.in_check());
        let mut best = -INF;
        let mut stand = 0;
        self.lists[ply].clear();
        if in_check {
            // every evasion: a position without one is lost (or decided by the game)
            pos.generate(&mut self.lists[ply]);
            if self.lists[ply].is_empty() {
                return outcome_score(&terminal(pos), pos.turn(), ply);
            }
        } else {
            // standing pat before generating: a stalemate here is left to the main search
            stand = self.stand_pat(pos, ply, cached, alpha, beta);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            pos.generate_tactical(&mut self.lists[ply]);
        }
        let mut n = self.order_moves(pos, ply, None, !in_check);
        let mut i = 0;
        loop {
            // delta pruning: a capture that cannot lift the score to alpha is not searched
            let hopeless = if in_check {
                i32::MIN
            } else {
                alpha - stand - DELTA_MARGIN
            };
            let Some(sc) = self.next_move(pos, ply, i, &mut n, !in_check, hopeless) else {
                break;
            };
            i += 1;
            if sc.gain <= hopeless {
                continue;
            }
            let m = self.lists[ply][sc.idx as usize];
            self.play(pos, m, ply);
            let s = -self.qsearch(pos, -beta, -alpha, ply + 1, None);
            pos.undo();
            if self.stop {
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
