//! Move ordering: each move's score (hash move, captures by MVV-LVA, killers, history,
//! losing captures last), one total order over them, and the picking of the next move to
//! search, which puts a capture through the exchange evaluation only when it comes up; and
//! the history scores' updates.

use super::params::HISTORY_MAX;
use super::Worker;
use crate::see;
use citadel_rules::{Game, Move, Position};

/// A move with its ordering score and material gain.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Scored {
    pub(super) score: i32,
    pub(super) gain: i32,
    pub(super) idx: u16,
    /// A capture of a cheaper piece, not yet judged by the exchange evaluation.
    pending: bool,
}

impl Scored {
    /// The order of the moves, as one number: the higher score first, and among equal
    /// scores the move generated first (a total order, so that any way of ordering the
    /// moves by it, sorting or picking the best one by one, gives the same sequence).
    #[inline(always)]
    fn rank(&self) -> i64 {
        (i64::from(self.score) << 16) | i64::from(u16::MAX - self.idx)
    }
}

/// The hash move's score: first.
pub(super) const HASH_SCORE: i32 = 1 << 30;
/// Captures (and promotions) that gain material: this plus their gain, after the hash move.
pub(super) const CAPTURE_SCORE: i32 = 1 << 28;
/// The killers: the quiet moves that last cut off at the ply, after the captures.
pub(super) const KILLER_SCORE: i32 = 1 << 27;
/// Captures that lose material (by the static exchange evaluation, or with `swap` off
/// whenever a cheaper victim's cell is defended) go after the quiet moves.
const BAD_CAPTURE_SCORE: i32 = -(1 << 26);
/// How many moves of a node are picked one by one before the rest is sorted.
const PICKS: usize = 4;

/// The slot of a move of colour `us` in the history table of a board of `cells` cells.
#[inline(always)]
pub(super) fn from_to(cells: usize, us: usize, m: &Move) -> usize {
    (us * cells + m.from.index()) * cells + m.to.index()
}

/// Moves `h` towards `bound` by `bonus` (away when negative), slowing as it nears it (the
/// "gravity" update of history scores, which keeps them within `-bound..=bound`).
#[inline(always)]
fn nudge(h: i32, bonus: i32, bound: i32) -> i32 {
    h + bonus - h * bonus.abs() / bound
}

impl<G: Game> Worker<G> {
    /// Scores the moves of ply `ply` for ordering (in `order[ply]`, in the list's order);
    /// returns how many were kept (all, or only the captures when `tactical_only`). A capture
    /// of a cheaper piece is marked [`pending`](Scored::pending): whether it loses material is
    /// decided only when [`next_move`](Self::next_move) comes to it.
    pub(super) fn order_moves(
        &mut self,
        pos: &Position<G>,
        ply: usize,
        hash_move: Option<Move>,
        tactical_only: bool,
    ) -> usize {
        let us = pos.turn().index();
        let killers = self.killers[ply];
        let see = self.options.see;
        let list = &self.lists[ply];
        let order = &mut self.order[ply];
        let mut n = 0;
        for (i, m) in list.iter().enumerate() {
            let gain = self.eval.gain(pos, m);
            if tactical_only && gain <= 0 {
                continue;
            }
            let mut pending = false;
            let score = if Some(*m) == hash_move {
                HASH_SCORE
            } else if gain > 0 {
                let mover = self.eval.code_value(pos.code_at(m.from));
                // a capture of a cheaper piece may lose material
                pending = see && gain < mover && m.promotion.is_none();
                CAPTURE_SCORE + gain * 16 - mover / 16
            } else if Some(*m) == killers[0] {
                KILLER_SCORE + 1
            } else if Some(*m) == killers[1] {
                KILLER_SCORE
            } else {
                self.history[from_to(self.cells, us, m)]
            };
            order[n] = Scored {
                score,
                gain,
                idx: i as u16,
                pending,
            };
            n += 1;
        }
        n
    }

    /// What the pending capture `m` loses, if it loses material: by the exchange on its cell
    /// (or, with `swap` off, whenever a cheaper victim's cell is defended).
    fn capture_loss(&self, pos: &Position<G>, m: &Move, gain: i32) -> Option<i32> {
        if self.options.swap {
            Some(see::see(&self.eval, pos, m)).filter(|&s| s < 0)
        } else {
            let mover = self.eval.code_value(pos.code_at(m.from));
            pos.is_attacked(m.to, pos.turn().other())
                .then_some(gain - mover)
        }
    }

    /// Brings the next move of ply `ply` to `order[ply][i]` (the moves before `i` were
    /// taken) and returns it, or `None` when the `n` moves are used up: the highest
    /// [`rank`](Scored::rank) first. A pending capture is judged when it comes first: if it
    /// loses material it goes after the quiet moves or, in quiescence (`tactical`), is
    /// dropped (`n` shrinks); one with a gain of at most `unjudged` is returned unjudged
    /// (quiescence's delta pruning skips it whatever it loses). The first [`PICKS`] moves
    /// are picked one by one (most nodes cut off early); then the rest is judged and sorted
    /// at once, in the same order.
    pub(super) fn next_move(
        &mut self,
        pos: &Position<G>,
        ply: usize,
        i: usize,
        n: &mut usize,
        tactical: bool,
        unjudged: i32,
    ) -> Option<Scored> {
        if !tactical && i >= PICKS {
            if i == PICKS {
                for j in i..*n {
                    if self.order[ply][j].pending {
                        self.judge(pos, ply, j);
                    }
                }
                self.order[ply][i..*n].sort_unstable_by_key(|s| std::cmp::Reverse(s.rank()));
            }
            return (i < *n).then(|| self.order[ply][i]);
        }
        loop {
            if i >= *n {
                return None;
            }
            let order = &mut self.order[ply][..*n];
            let mut best = i;
            let mut rank = order[i].rank();
            for (j, sc) in order.iter().enumerate().skip(i + 1) {
                let r = sc.rank();
                if r > rank {
                    best = j;
                    rank = r;
                }
            }
            order.swap(i, best);
            let sc = order[i];
            if !sc.pending || sc.gain <= unjudged {
                return Some(sc);
            }
            if !self.judge(pos, ply, i) {
                return Some(self.order[ply][i]);
            }
            if tactical {
                *n -= 1;
                self.order[ply].swap(i, *n);
            }
        }
    }

    /// Decides whether the pending capture at `order[ply][j]` loses material; if it does,
    /// scores it after the quiet moves. Returns whether it loses.
    fn judge(&mut self, pos: &Position<G>, ply: usize, j: usize) -> bool {
        let sc = &mut self.order[ply][j];
        sc.pending = false;
        let m = self.lists[ply][sc.idx as usize];
        let gain = sc.gain;
        match self.capture_loss(pos, &m, gain) {
            Some(loss) => {
                self.order[ply][j].score = BAD_CAPTURE_SCORE + loss;
                true
            }
            None => false,
        }
    }

    /// Rewards the quiet move `m` that cut off at `ply` in the history and, with the malus
    /// on, punishes the quiet moves `tried` before it (indices into the ply's move list).
    pub(super) fn reward_quiets(
        &mut self,
        us: usize,
        ply: usize,
        depth: i32,
        m: Move,
        tried: &[u16],
    ) {
        let bonus = depth * depth;
        let h = &mut self.history[from_to(self.cells, us, &m)];
        *h = nudge(*h, bonus, HISTORY_MAX);
        if self.options.malus {
            for &i in tried {
                let q = self.lists[ply][i as usize];
                let h = &mut self.history[from_to(self.cells, us, &q)];
                *h = nudge(*h, -bonus, HISTORY_MAX);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Evaluator;
    use crate::tt::Table;
    use citadel_rules::{Chess, PersianPrincess};
    use rand::{rngs::StdRng, Rng, SeedableRng};
    use std::sync::Arc;

    /// The moves as `next_move` hands them out, and as judging every pending capture and
    /// sorting gives them: the same sequence (quiescence: without the losing captures).
    fn check<G: Game>(w: &mut Worker<G>, pos: &Position<G>, tactical: bool) {
        w.lists[1].clear();
        if tactical {
            pos.generate_tactical(&mut w.lists[1]);
        } else {
            pos.generate(&mut w.lists[1]);
        }
        let n = w.order_moves(pos, 1, None, tactical);
        let mut want: Vec<Scored> = Vec::new();
        for j in 0..n {
            let loses = w.order[1][j].pending && w.judge(pos, 1, j);
            if !(tactical && loses) {
                want.push(w.order[1][j]);
            }
        }
        want.sort_by_key(|s| std::cmp::Reverse(s.rank()));
        let want: Vec<u16> = want.iter().map(|s| s.idx).collect();
        let mut n = w.order_moves(pos, 1, None, tactical);
        let mut got = Vec::new();
        while let Some(sc) = w.next_move(pos, 1, got.len(), &mut n, tactical, i32::MIN) {
            got.push(sc.idx);
        }
        assert_eq!(got, want, "tactical {tactical}");
    }

    fn playout<G: Game>(seed: u64) {
        let mut w = Worker::<G>::new(0, Evaluator::new::<G>(), Arc::new(Table::new(1)));
        let mut rng = StdRng::seed_from_u64(seed);
        let mut pos = Position::<G>::start();
        for _ in 0..60 {
            check(&mut w, &pos, false);
            check(&mut w, &pos, true);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            // captures first, so that exchanges come up
            let caps: Vec<Move> = moves
                .iter()
                .filter(|m| pos.is_tactical(m))
                .copied()
                .collect();
            let m = if !caps.is_empty() && rng.gen_bool(0.5) {
                caps[rng.gen_range(0..caps.len())]
            } else {
                moves[rng.gen_range(0..moves.len())]
            };
            pos.play_unchecked(m);
        }
    }

    #[test]
    fn picking_the_moves_one_by_one_gives_the_sorted_order() {
        for seed in 0..8 {
            playout::<Chess>(seed);
            playout::<PersianPrincess>(seed);
        }
    }
}
