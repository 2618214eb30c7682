//! The main node of the alpha-beta search (principal-variation search): repetition and
//! mate-distance bounds, check extensions, the transposition table's cut-offs, reverse
//! futility pruning, razoring and null-move pruning, internal iterative reduction, then the
//! moves in order with futility and late-move pruning, late-move reductions and re-searches;
//! a quiet move that cuts off becomes a killer and earns history. The pruning takes the
//! table's score for the static evaluation when its bound shows the evaluation wrong.

use super::ordering::{CAPTURE_SCORE, KILLER_SCORE};
use super::params::{
    SearchParams, CHECK_EXTENSION_PLIES, FIXED_REDUCTION_DEEP, FIXED_REDUCTION_LATE,
    FUTILITY_DEPTH, IIR_DEPTH, LMP_DEPTH, LMR_DEPTH, LMR_FIRST, LMR_FIRST_NON_PV, NULL_MOVE_DEPTH,
    NULL_MOVE_DEPTH_DIVISOR, RAZOR_DEPTH, REVERSE_FUTILITY_DEPTH,
};
use super::score::{
    bound_of, from_tt, outcome_score, terminal, to_tt, tt_cutoff, INF, MATE, MATE_BOUND,
};
use super::{Worker, MAX_PLY};
use crate::tt::Bound;
use citadel_geometry::Bitboard;
use citadel_rules::{Game, Position, Stalemate};

/// What a node's parent knows of it: whether it may try a null move, and whether the side
/// to move is in check there (when the parent has tested it).
#[derive(Clone, Copy, Debug)]
pub(super) struct Child {
    null_allowed: bool,
    check: Option<bool>,
}

impl Child {
    /// What the parent knows: whether a null move is allowed, whether the side to move is in
    /// check (`None`: not tested).
    #[inline(always)]
    pub(super) fn new(null_allowed: bool, check: Option<bool>) -> Child {
        Child {
            null_allowed,
            check,
        }
    }
}

/// The late-move reduction of the `searched`-th move at `depth`: about
/// [`SearchParams::lmr_base`] + ln(depth) · ln(searched) / [`SearchParams::lmr_divisor`], from
/// a table.
pub(super) struct Reductions([[u8; 64]; 64]);

impl Reductions {
    /// The table of `params`' reductions, for depths and move numbers up to 63.
    pub(super) fn new(params: &SearchParams) -> Reductions {
        let base = f64::from(params.lmr_base) / 100.0;
        let divisor = f64::from(params.lmr_divisor) / 100.0;
        let mut t = [[0; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (n, r) in row.iter_mut().enumerate().skip(1) {
                *r = (base + (d as f64).ln() * (n as f64).ln() / divisor) as u8;
            }
        }
        Reductions(t)
    }

    /// The reduction of the `searched`-th move at `depth` (both capped at 63).
    #[inline(always)]
    fn get(&self, depth: i32, searched: usize) -> i32 {
        i32::from(self.0[depth.clamp(0, 63) as usize][searched.min(63)])
    }
}

impl<G: Game> Worker<G> {
    /// Whether passing is safe enough for null-move pruning here: the side to move has
    /// pieces other than royals and pawns (two of them in games where being stalemated or
    /// bared loses, where zugzwang decides more endgames).
    fn null_safe(&self, pos: &Position<G>) -> bool {
        if !self.null_ok_game || !self.options.null {
            return false;
        }
        let cfg = G::config();
        let bb = pos.bitboards();
        let ours = bb.color[pos.turn().index()];
        let mut kinds = cfg.royal | cfg.pawns;
        let mut plain = Bitboard::EMPTY;
        while kinds != 0 {
            plain |= bb.kind[kinds.trailing_zeros() as usize];
            kinds &= kinds - 1;
        }
        let pieces = (ours & !plain).count();
        match cfg.stalemate {
            Stalemate::Draw => pieces >= 1,
            Stalemate::Loss => pieces >= 2,
        }
    }

    /// The alpha-beta search of `pos` at `ply` to `depth` plies within `alpha..beta` (a
    /// null window off the principal variation); `child`: what the parent knows of the node.
    pub(super) fn alphabeta(
        &mut self,
        pos: &mut Position<G>,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        child: Child,
    ) -> i32 {
        let Child {
            null_allowed,
            check,
        } = child;
        self.pv_len[ply] = ply;
        // the table entry and the cached evaluation are read first, so that their cache lines
        // load while the tests below run (nothing stores to either before they are used)
        let key = pos.hash();
        let early = depth > 0;
        let entry = if early { self.tt.probe(key) } else { None };
        let cached = if early { self.cached_eval(key) } else { None };
        self.check_limits();
        if self.stop {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if pos.repetitions() >= 1 {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.static_eval(pos, ply);
        }
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let in_check = check.unwrap_or_else(|| pos.in_check());
        // check extensions, bounded: none beyond twice the iteration's depth
        if in_check && (ply as i32) < CHECK_EXTENSION_PLIES * self.root_depth {
            depth += 1;
        }
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply, Some(in_check));
        }
        self.nodes += 1;
        let pv_node = beta - alpha > 1;
        let mut hash_move = None;
        let entry = if early { entry } else { self.tt.probe(key) };
        if let Some(e) = entry {
            hash_move = e.mv;
            if !pv_node && i32::from(e.depth) >= depth {
                if let Some(s) = tt_cutoff(&e, ply, alpha, beta) {
                    return s;
                }
            }
        }
        if let Some(o) = G::decided(pos) {
            return outcome_score(&o, pos.turn(), ply);
        }
        let mut futile = false;
        if !pv_node && !in_check && beta.abs() < MATE_BOUND {
            let mut e = match cached {
                Some(e) => e,
                None => self.static_eval(pos, ply),
            };
            // the table's score where its bound says the position is worth more (a lower
            // bound above the evaluation) or less (an upper bound below it)
            if let Some(t) = entry {
                let s = from_tt(t.score, ply);
                let closer = match t.bound {
                    Bound::Exact => true,
                    Bound::Lower => s > e,
                    Bound::Upper => s < e,
                };
                if closer && s.abs() < MATE_BOUND {
                    e = s;
                }
            }
            let p = self.options.params;
            if depth <= REVERSE_FUTILITY_DEPTH && e - p.reverse_futility_margin * depth >= beta {
                return e;
            }
            // razoring: far below alpha near the leaves, a node whose captures cannot lift it
            // there (by quiescence) fails low
            if depth <= RAZOR_DEPTH && e + p.razor_margin * depth < alpha {
                let s = self.qsearch(pos, alpha, alpha + 1, ply, Some(false));
                if self.stop {
                    return 0;
                }
                if s <= alpha {
                    return s;
                }
            }
            // null-move pruning: if passing still fails high, so will a move
            if null_allowed && depth >= NULL_MOVE_DEPTH && e >= beta && self.null_safe(pos) {
                let r = p.null_move_reduction + depth / NULL_MOVE_DEPTH_DIVISOR;
                self.play_null(pos, ply);
                let s = -self.alphabeta(
                    pos,
                    depth - 1 - r,
                    -beta,
                    -beta + 1,
                    ply + 1,
                    Child::new(false, None),
                );
                pos.undo_null();
                if self.stop {
                    return 0;
                }
                if s >= beta {
                    return if s > MATE_BOUND { beta } else { s };
                }
            }
            futile =
                depth <= FUTILITY_DEPTH && e + p.futility_base + p.futility_margin * depth <= alpha;
        }
        self.lists[ply].clear();
        pos.generate(&mut self.lists[ply]);
        if self.lists[ply].is_empty() {
            return outcome_score(&terminal(pos), pos.turn(), ply);
        }
        if pos.halfmove_clock() >= G::config().move_limit {
            return 0;
        }
        // internal iterative reduction: a node without a hash move is searched shallower
        if self.options.iir && hash_move.is_none() && depth >= IIR_DEPTH {
            depth -= 1;
        }
        let mut n = self.order_moves(pos, ply, hash_move, false);
        let us = pos.turn().index();
        let mut best = -INF;
        let mut best_move = None;
        let mut searched = 0;
        let alpha0 = alpha;
        // the quiet moves searched so far (indices into the list), for the history malus
        let mut tried = [0u16; 64];
        let mut n_tried = 0;
        let lmr = self.options.lmr;
        // late quiet moves near the leaves are pruned once this many moves were searched
        let late_limit = if self.options.lmp && !pv_node && !in_check && depth <= LMP_DEPTH {
            (self.options.params.late_move_pruning_base + depth * depth) as usize
        } else {
            usize::MAX
        };
        let first_reduced = match (lmr, pv_node) {
            (false, _) | (true, true) => LMR_FIRST,
            (true, false) => LMR_FIRST_NON_PV,
        };
        // which moves may give check, made when a move first needs it
        let mut hint = None;
        let mut i = 0;
        while let Some(sc) = self.next_move(pos, ply, i, &mut n, false, i32::MIN) {
            i += 1;
            let m = self.lists[ply][sc.idx as usize];
            let quiet = sc.gain <= 0;
            let killer = sc.score >= KILLER_SCORE && sc.score < CAPTURE_SCORE;
            let reducible =
                depth >= LMR_DEPTH && quiet && !killer && !in_check && searched >= first_reduced;
            let prunable = (futile || (searched >= late_limit && !killer)) && quiet && searched > 0;
            // whether such a move gives check: not if the hint clears it, else played to tell
            // (the hint, once made, also tells the other moves' children)
            let tested = reducible || prunable;
            let may_check = if tested {
                hint.get_or_insert_with(|| pos.check_hint())
                    .may_check(pos, &m)
            } else {
                hint.as_mut().is_none_or(|h| h.may_check(pos, &m))
            };
            if prunable && !may_check {
                continue;
            }
            self.play(pos, m, ply);
            let gives_check = may_check && tested && pos.in_check();
            if prunable && !gives_check {
                pos.undo();
                continue;
            }
            // the child's check status, when known here
            let check = (tested || !may_check).then_some(gives_check);
            let s = if searched == 0 {
                -self.alphabeta(
                    pos,
                    depth - 1,
                    -beta,
                    -alpha,
                    ply + 1,
                    Child::new(true, check),
                )
            } else {
                let mut r = 0;
                if reducible && !gives_check {
                    if lmr {
                        r = self.reductions.get(depth, searched) - i32::from(pv_node);
                        r = r.clamp(0, depth - 2);
                    } else {
                        r = 1;
                        if depth >= FIXED_REDUCTION_DEEP && searched >= FIXED_REDUCTION_LATE {
                            r = 2;
                        }
                        if pv_node {
                            r -= 1;
                        }
                    }
                }
                let mut s = -self.alphabeta(
                    pos,
                    depth - 1 - r,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    Child::new(true, check),
                );
                if s > alpha && r > 0 {
                    s = -self.alphabeta(
                        pos,
                        depth - 1,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        Child::new(true, check),
                    );
                }
                if s > alpha && s < beta {
                    s = -self.alphabeta(
                        pos,
                        depth - 1,
                        -beta,
                        -alpha,
                        ply + 1,
                        Child::new(true, check),
                    );
                }
                s
            };
            pos.undo();
            if self.stop {
                return 0;
            }
            searched += 1;
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    best_move = Some(m);
                    self.set_pv(ply, m);
                    if s >= beta {
                        if quiet {
                            let k = &mut self.killers[ply];
                            if k[0] != Some(m) {
                                k[1] = k[0];
                                k[0] = Some(m);
                            }
                            self.reward_quiets(us, ply, depth, m, &tried[..n_tried]);
                        }
                        break;
                    }
                }
            }
            if quiet && n_tried < tried.len() {
                tried[n_tried] = sc.idx;
                n_tried += 1;
            }
        }
        let bound = bound_of(best, alpha0, beta);
        self.tt
            .store(key, best_move, to_tt(best, ply), depth as i16, bound);
        best
    }
}
