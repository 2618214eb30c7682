//! The quiescence search: at the leaves, only captures and promotions (every evasion when in
//! check) until the position is quiet, standing pat on the static evaluation; captures that
//! lose material (by the exchange evaluation) are dropped, and those that cannot lift the
//! score to alpha are pruned (delta pruning). The transposition table gives its cut-offs and
//! first move here too, and keeps what a searched node found at depth 0.

use super::score::{bound_of, outcome_score, terminal, to_tt, tt_cutoff, INF};
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
        if !self.options.lazy || self.net.is_some() {
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
        // read early: the cache lines load while the tests below run
        let key = pos.hash();
        let entry = self.tt.probe(key);
        let cached = self.cached_eval(key);
        if let Some(o) = G::decided(pos) {
            return outcome_score(&o, pos.turn(), ply);
        }
        // any entry is deep enough here; a PV node takes no cut-off, as in the main search
        let pv_node = beta - alpha > 1;
        if let Some(s) = entry
            .filter(|_| !pv_node)
            .and_then(|e| tt_cutoff(&e, ply, alpha, beta))
        {
            return s;
        }
        let alpha0 = alpha;
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
        let mut n = self.order_moves(pos, ply, entry.and_then(|e| e.mv), !in_check);
        let mut best_move = None;
        let mut i = 0;
        loop {
            // delta pruning: a capture that cannot lift the score to alpha is not searched
            let hopeless = if in_check {
                i32::MIN
            } else {
                alpha - stand - self.options.params.delta_margin
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
                    best_move = Some(m);
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        // a deeper entry of the same position is worth more than this one
        if entry.is_none_or(|e| e.depth <= 0) {
            let bound = bound_of(best, alpha0, beta);
            self.tt.store(key, best_move, to_tt(best, ply), 0, bound);
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Evaluator;
    use crate::search::score::from_tt;
    use crate::tt::{Bound, Table};
    use citadel_rules::Chess;
    use std::sync::Arc;

    /// A position with exchanges to search: 1. e4 d5 2. Nc3 Nf6 3. Bb5+, Black in check (every
    /// evasion is searched) with the pawns of e4 and d5 attacked.
    fn busy() -> Position<Chess> {
        citadel_notation::fen::parse(
            "rnbqkb1r/ppp1pppp/5n2/1B1p4/4P3/2N5/PPPP1PPP/R1BQK1NR b KQkq - 3 3",
        )
        .expect("a valid FEN")
    }

    #[test]
    fn a_searched_quiescence_node_answers_again_from_the_table() {
        let mut w = Worker::<Chess>::new(0, Evaluator::new::<Chess>(), Arc::new(Table::new(1)));
        let mut pos = busy();
        w.set_root(&pos);
        let s = w.qsearch(&mut pos, -INF, INF, 0, None);
        let first = w.nodes;
        assert!(first > 1, "the position has moves to search");
        let entry = w.tt.probe(pos.hash()).expect("the node was stored");
        assert_eq!((entry.depth, entry.bound), (0, Bound::Exact));
        assert_eq!(from_tt(entry.score, 0), s);
        // on a null window off the principal variation, the entry answers at once
        w.nodes = 0;
        assert_eq!(w.qsearch(&mut pos, s - 1, s, 0, None), s);
        assert_eq!(w.nodes, 1);
    }
}
