//! Iterative deepening: the searches of the root to growing depths, each within an
//! aspiration window around the previous score, the iteration over the root moves, the
//! progress report after each iteration, and when to stop (limits of depth, nodes and time,
//! stop flags, a soft time limit that depends on how stable the best move is).

use super::alphabeta::Reductions;
use super::limits::MAX_DEPTH;
use super::ordering::{CAPTURE_SCORE, HASH_SCORE};
use super::params::{
    ASPIRATION_DEPTH, CHECK_INTERVAL, HISTORY_AGING, SOFT_CHANGED, SOFT_STABLE, SOFT_STEADY,
};
use super::score::{outcome_score, terminal, INF, MATE, MATE_BOUND};
use super::{alphabeta::Child, Limits, RootLine, SearchResult, Worker, MAX_PLY};
use crate::time::Instant;
use citadel_rules::{Game, Move, Position};
use std::sync::atomic::Ordering;

impl<G: Game> Worker<G> {
    /// Iterative deepening from `root`; helpers (id > 0) start one ply deeper every other
    /// thread, so that the threads spread over depths.
    pub(super) fn iterate(
        &mut self,
        root: &Position<G>,
        limits: &Limits,
        start: Instant,
        on_iteration: &mut dyn FnMut(&SearchResult),
    ) -> SearchResult {
        if limits.options.params.lmr_base != self.options.params.lmr_base
            || limits.options.params.lmr_divisor != self.options.params.lmr_divisor
        {
            self.reductions = Reductions::new(&limits.options.params);
        }
        self.options = limits.options;
        // a time beyond any clock is no deadline
        self.deadline = limits.movetime.and_then(|t| start.checked_add(t));
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.nodes = 0;
        self.seldepth = 0;
        self.stop = false;
        for k in &mut self.killers {
            *k = [None; 2];
        }
        for h in &mut self.history {
            *h /= HISTORY_AGING;
        }
        let mut pos = root.clone();
        self.set_root(&pos);
        let mut list: Vec<Move> = pos.legal_moves().iter().copied().collect();
        if list.iter().any(|m| limits.root_moves.contains(m)) {
            list.retain(|m| limits.root_moves.contains(m));
        }
        if list.is_empty() {
            let o = terminal(&pos);
            return SearchResult {
                best: None,
                score: outcome_score(&o, pos.turn(), 0),
                depth: 0,
                seldepth: 0,
                nodes: 0,
                elapsed: start.elapsed(),
                pv: Vec::new(),
                outcome: Some(o),
                lines: Vec::new(),
            };
        }
        // root moves, first ordered by the hash move and material gain
        let hash_move = self.tt.probe(pos.hash()).and_then(|e| e.mv);
        let mut root: Vec<(Move, i32)> = list
            .iter()
            .map(|m| {
                let g = self.eval.gain(&pos, m);
                let s = if Some(*m) == hash_move {
                    HASH_SCORE
                } else if g > 0 {
                    CAPTURE_SCORE + g
                } else {
                    g
                };
                (*m, s)
            })
            .collect();
        root.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        let mut moves: Vec<Move> = root.iter().map(|&(m, _)| m).collect();
        let multipv = limits.multipv.clamp(1, moves.len());
        let mut lines: Vec<RootLine> = Vec::new();
        let max_depth = limits
            .depth
            .unwrap_or(MAX_DEPTH)
            .clamp(1, (MAX_PLY - 8) as u32);
        let mut score: i32 = 0;
        let mut completed = 0;
        let mut pv = vec![moves[0]];
        let mut stable = 0;
        let first_depth = if self.id % 2 == 1 && max_depth > 1 {
            2
        } else {
            1
        };
        for depth in first_depth..=max_depth {
            let mut delta = self.options.params.aspiration_window;
            let (mut alpha, mut beta) = if depth >= ASPIRATION_DEPTH && score.abs() < MATE_BOUND {
                (score - delta, score + delta)
            } else {
                (-INF, INF)
            };
            let first = moves[0];
            self.root_depth = depth as i32;
            let s = loop {
                let (s, changed) = self.root(&mut pos, &mut moves, depth as i32, alpha, beta);
                if self.stop {
                    // a move that completed its search and beat the first one stands
                    if changed && moves[0] != first {
                        score = s;
                        pv = self.root_pv();
                    }
                    break None;
                }
                if s <= alpha && alpha > -INF {
                    alpha = (alpha - delta).max(-INF);
                    delta *= 2;
                } else if s >= beta && beta < INF {
                    beta = (beta + delta).min(INF);
                    delta *= 2;
                } else {
                    break Some(s);
                }
            };
            let Some(s) = s else {
                // the lines of the last completed iteration stand
                break;
            };
            score = s;
            stable = if completed > 0 && moves[0] == first {
                stable + 1
            } else {
                0
            };
            completed = depth;
            pv = self.root_pv();
            if pv.first() != Some(&moves[0]) {
                pv = vec![moves[0]];
            }
            if multipv > 1 {
                let Some(more) = self.other_lines(&mut pos, &mut moves, multipv, depth as i32)
                else {
                    break;
                };
                lines = vec![RootLine {
                    score,
                    pv: pv.clone(),
                }];
                lines.extend(more);
                // every line has an exact score now: best first (a move the main search
                // cut off may prove better), the root moves in the same order
                lines.sort_by_key(|l| std::cmp::Reverse(l.score));
                for (k, l) in lines.iter().enumerate() {
                    if let Some(i) = moves.iter().position(|m| Some(m) == l.pv.first()) {
                        moves[k..=i].rotate_right(1);
                    }
                }
                score = lines[0].score;
                pv = lines[0].pv.clone();
            }
            let nodes = match &self.shared_nodes {
                Some(t) => t.load(Ordering::Relaxed) + (self.nodes & (CHECK_INTERVAL - 1)),
                None => self.nodes,
            };
            on_iteration(&SearchResult {
                best: Some(moves[0]),
                score,
                depth,
                seldepth: self.seldepth as u32,
                nodes,
                elapsed: start.elapsed(),
                pv: pv.clone(),
                outcome: None,
                lines: lines.clone(),
            });
            if let Some(n) = limits.mate {
                // a mate in `n` moves is `2n - 1` plies away
                if score > MATE_BOUND && MATE - score < 2 * n.min(MAX_PLY as u32) as i32 {
                    break;
                }
            }
            if limits.depth.is_none() {
                if moves.len() == 1 {
                    break;
                }
                if score.abs() > MATE_BOUND && (MATE - score.abs()) < depth as i32 {
                    break;
                }
                // aim at the soft limit: less when the best move is stable, more (up to the
                // hard limit) when it has just changed. Without one, a fixed move time is used
                // up, as UCI's `go movetime` asks: the search runs until the deadline stops it.
                if let Some(soft) = limits.soft {
                    let scale = match stable {
                        0 => SOFT_CHANGED,
                        1 | 2 => SOFT_STEADY,
                        _ => SOFT_STABLE,
                    };
                    if start.elapsed().as_secs_f64() > soft.as_secs_f64() * scale {
                        break;
                    }
                }
            }
        }
        let best = moves[0];
        if pv.first() != Some(&best) {
            pv = vec![best];
        }
        if !lines.is_empty() {
            // a stop may have changed the best move after the last complete set of lines
            lines.retain(|l| l.pv.first() != Some(&best));
            lines.insert(
                0,
                RootLine {
                    score,
                    pv: pv.clone(),
                },
            );
            lines.truncate(multipv);
        }
        SearchResult {
            best: Some(best),
            score,
            depth: completed,
            seldepth: self.seldepth as u32,
            nodes: self.nodes,
            elapsed: start.elapsed(),
            pv,
            outcome: None,
            lines,
        }
    }

    /// The lines after the best one (`moves[0]`) for a multi-line search: the best of
    /// `moves[1..]`, then of `moves[2..]`, each searched with a full window and moved to its
    /// place, up to `multipv` lines in all. `None` when the search was stopped meanwhile.
    fn other_lines(
        &mut self,
        pos: &mut Position<G>,
        moves: &mut [Move],
        multipv: usize,
        depth: i32,
    ) -> Option<Vec<RootLine>> {
        let mut out = Vec::with_capacity(multipv - 1);
        for k in 1..multipv {
            let (s, _) = self.root(pos, &mut moves[k..], depth, -INF, INF);
            if self.stop {
                return None;
            }
            let mut pv = self.root_pv();
            if pv.first() != Some(&moves[k]) {
                pv = vec![moves[k]];
            }
            out.push(RootLine { score: s, pv });
        }
        Some(out)
    }

    /// The principal variation from the root.
    fn root_pv(&self) -> Vec<Move> {
        self.pv[..self.pv_len[0]].to_vec()
    }

    /// One iteration over the root moves; the best completed move is moved to the front.
    /// Returns the best score and whether any move raised alpha.
    fn root(
        &mut self,
        pos: &mut Position<G>,
        moves: &mut [Move],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, bool) {
        self.pv_len[0] = 0;
        let mut best = -INF;
        let mut changed = false;
        for i in 0..moves.len() {
            let m = moves[i];
            self.nodes += 1;
            self.play(pos, m, 0);
            let s = if i == 0 {
                -self.alphabeta(pos, depth - 1, -beta, -alpha, 1, Child::new(true, None))
            } else {
                let mut s = -self.alphabeta(
                    pos,
                    depth - 1,
                    -alpha - 1,
                    -alpha,
                    1,
                    Child::new(true, None),
                );
                if s > alpha && s < beta && !self.stop {
                    s = -self.alphabeta(pos, depth - 1, -beta, -alpha, 1, Child::new(true, None));
                }
                s
            };
            pos.undo();
            if self.stop {
                break;
            }
            if s > best {
                best = s;
            }
            if s > alpha || i == 0 {
                if s > alpha {
                    alpha = s;
                    changed = true;
                }
                moves[..=i].rotate_right(1);
                self.set_pv(0, m);
                if s >= beta {
                    break;
                }
            }
        }
        (best, changed)
    }

    /// Stops the search (raises `stop`) when the node limit is reached or, every
    /// [`CHECK_INTERVAL`] nodes, when the deadline has passed or a stop flag is raised; adds
    /// the nodes to the shared count then.
    #[inline]
    pub(super) fn check_limits(&mut self) {
        if self.nodes >= self.node_limit {
            self.stop = true;
        } else if self.nodes & (CHECK_INTERVAL - 1) == 0 {
            if let Some(t) = &self.shared_nodes {
                t.fetch_add(CHECK_INTERVAL, Ordering::Relaxed);
            }
            if let Some(d) = self.deadline {
                if Instant::now() >= d {
                    self.stop = true;
                }
            }
            for f in [&self.stop_flag, &self.group_stop].into_iter().flatten() {
                if f.load(Ordering::Relaxed) {
                    self.stop = true;
                }
            }
        }
    }
}
