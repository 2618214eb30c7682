//! The alpha-beta engine, generic over the games: iterative deepening, principal-variation
//! search with aspiration windows, a transposition table shared by the threads of a Lazy SMP
//! search, quiescence on captures and promotions (generated alone by the rules), move
//! ordering (hash move, captures by MVV-LVA with the ones that lose by the static exchange
//! evaluation last, killers, history with a malus), null-move pruning with
//! zugzwang guards, bounded check extensions, internal iterative reduction, late-move
//! reductions and pruning, futility pruning, mate-distance scoring, draw
//! detection by repetition and the move-count rule, and time management with a soft and a
//! hard limit.
//!
//! Every game's own terminal rules come from the rules crate: a position with no legal move
//! is scored from [`Game::decided`] or [`Game::no_moves`] (checkmate, stalemate as a win or a
//! loss, bare king, citadel draw or win), relative to the side to move; the search never
//! special-cases a game.

mod ordering;

use crate::eval::{Evaluator, Psq};
use crate::features::Features;
use crate::tt::{Bound, Table};
use citadel_geometry::Bitboard;
use citadel_rules::{Color, Game, Move, MoveList, Outcome, Position, Stalemate, MAX_MOVES};
use serde::{Deserialize, Serialize};
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ordering::{Scored, CAPTURE_SCORE, HASH_SCORE, KILLER_SCORE};

/// The score of a mate at the root (a mate `n` plies away scores `MATE - n`).
pub const MATE: i32 = 32_000;
/// Scores beyond this (in absolute value) are mate scores.
pub const MATE_BOUND: i32 = MATE - 1_000;
const INF: i32 = MATE + 1;
/// Deepest ply the search reaches (iterations stop well before).
pub const MAX_PLY: usize = 128;
const MAX_DEPTH: u32 = 100;

/// When to stop searching; unset limits do not apply. With no limit at all the search
/// stops at depth 100 (or when a forced mate is proven).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// Deepest iteration (plies).
    pub depth: Option<u32>,
    /// Most nodes.
    pub nodes: Option<u64>,
    /// Most time (the hard limit: the search stops when it is reached).
    pub movetime: Option<Duration>,
    /// The time the search aims to use (from a clock): no new iteration starts after it,
    /// a little earlier when the best move has stayed the same for several iterations and
    /// later (up to `movetime`) when it has just changed.
    #[serde(default)]
    pub soft: Option<Duration>,
}

impl Limits {
    /// Search to a fixed depth.
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }

    /// Search for a fixed time.
    pub fn movetime(ms: u64) -> Limits {
        Limits {
            movetime: Some(Duration::from_millis(ms)),
            ..Limits::default()
        }
    }

    /// Search a fixed number of nodes.
    pub fn nodes(n: u64) -> Limits {
        Limits {
            nodes: Some(n),
            ..Limits::default()
        }
    }
}

/// A score for display: centipawns or a mate distance in moves (negative: being mated).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Score {
    /// Centipawns, from the side to move's point of view.
    Cp(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

impl Score {
    /// The display form of an internal score.
    pub fn from_internal(s: i32) -> Score {
        if s > MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s < -MATE_BOUND {
            Score::Mate(-((MATE + s) / 2))
        } else {
            Score::Cp(s)
        }
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Cp(c) => write!(f, "cp {c}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, Serialize)]
pub struct SearchResult {
    /// The best move (`None` only when the position has no legal move).
    pub best: Option<Move>,
    /// Its score (internal units: centipawns, or `±(MATE - plies)`).
    pub score: i32,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// The principal variation, starting with the best move (every move legal in turn).
    pub pv: Vec<Move>,
    /// The outcome when the position has no legal move.
    pub outcome: Option<Outcome>,
}

impl SearchResult {
    /// The score for display.
    pub fn display_score(&self) -> Score {
        Score::from_internal(self.score)
    }

    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 {
            (self.nodes as f64 / s) as u64
        } else {
            0
        }
    }
}

/// What a node's parent knows of it: whether it may try a null move, and whether the side
/// to move is in check there (when the parent has tested it).
#[derive(Clone, Copy, Debug)]
struct Child {
    null_allowed: bool,
    check: Option<bool>,
}

impl Child {
    #[inline(always)]
    fn new(null_allowed: bool, check: Option<bool>) -> Child {
        Child {
            null_allowed,
            check,
        }
    }
}

const HISTORY_MAX: i32 = 1 << 20;
/// Slots of the evaluation cache (a power of two).
const EVAL_CACHE: usize = 1 << 16;
/// The bits of a key that index the evaluation cache (the score takes their place in a
/// slot, so there must be at least 16 of them).
const EVAL_INDEX: u64 = EVAL_CACHE as u64 - 1;
const _: () = assert!(EVAL_CACHE >= 1 << 16);

/// The score of a finished game for the side to move, `ply` plies from the root.
#[inline]
fn outcome_score(o: &Outcome, us: Color, ply: usize) -> i32 {
    match o.winner {
        None => 0,
        Some(w) if w == us => MATE - ply as i32,
        Some(_) => -(MATE - ply as i32),
    }
}

/// The outcome of a position that has no legal move.
#[inline]
fn terminal<G: Game>(pos: &Position<G>) -> Outcome {
    G::decided(pos).unwrap_or_else(|| G::no_moves(pos))
}

fn to_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s + ply as i32
    } else if s < -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

fn from_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s - ply as i32
    } else if s < -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

/// The slot of a move of colour `us` in the history table of a board of `cells` cells.
#[inline(always)]
fn from_to(cells: usize, us: usize, m: &Move) -> usize {
    (us * cells + m.from.index()) * cells + m.to.index()
}

/// Moves `h` towards `bound` by `bonus` (away when negative), slowing as it nears it (the
/// "gravity" update of history scores, which keeps them within `-bound..=bound`).
#[inline(always)]
fn nudge(h: i32, bonus: i32, bound: i32) -> i32 {
    h + bonus - h * bonus.abs() / bound
}

/// The late-move reduction of the `searched`-th move at `depth`: about
/// ln(depth) · ln(searched) / 2.25, from a table.
struct Reductions([[u8; 64]; 64]);

impl Reductions {
    fn new() -> Reductions {
        let mut t = [[0; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (n, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.75 + (d as f64).ln() * (n as f64).ln() / 2.25) as u8;
            }
        }
        Reductions(t)
    }

    #[inline(always)]
    fn get(&self, depth: i32, searched: usize) -> i32 {
        i32::from(self.0[depth.clamp(0, 63) as usize][searched.min(63)])
    }
}

/// The engine for game `G`: its tables live across searches (the transposition table
/// keeps what earlier searches found). With more than one thread
/// ([`set_threads`](Self::set_threads)) it runs a Lazy SMP search: helper threads search
/// the same root, sharing only the transposition table, and the main thread's result is
/// returned; with one thread the search is deterministic.
pub struct Searcher<G: Game> {
    tt: Arc<Table>,
    main: Worker<G>,
    helpers: Vec<Worker<G>>,
    stop_flag: Option<Arc<AtomicBool>>,
}

/// One thread's search state: everything but the transposition table.
struct Worker<G: Game> {
    id: usize,
    eval: Evaluator<G::Word>,
    tt: Arc<Table>,
    lists: Vec<MoveList>,
    order: Vec<[Scored; MAX_MOVES]>,
    killers: Vec<[Option<Move>; 2]>,
    /// Cells of the board.
    cells: usize,
    /// History scores by colour, from cell and to cell ([`from_to`]).
    history: Vec<i32>,
    reductions: Reductions,
    pv: Vec<Move>,
    pv_len: Vec<usize>,
    /// Evaluations by position: per slot, the key's bits above the slot index and the
    /// score in the low 16 bits (0: empty; see [`Worker::cached_eval`]).
    eval_cache: Vec<u64>,
    /// The evaluator's per-piece sums of the position at each ply.
    psq: Vec<Psq>,
    nodes: u64,
    seldepth: usize,
    root_depth: i32,
    stop: bool,
    deadline: Option<Instant>,
    node_limit: u64,
    /// Raised by the user (e.g. UCI `stop`).
    stop_flag: Option<Arc<AtomicBool>>,
    /// Raised by the main thread when it is done (helpers stop then).
    group_stop: Option<Arc<AtomicBool>>,
    /// Nodes of all threads, added every 1024 nodes (for progress reports).
    shared_nodes: Option<Arc<AtomicU64>>,
    /// Whether null-move pruning is sound in this game at all: not where the side to move
    /// may be stalemated or bared into a loss with few pieces (checked per node too).
    null_ok_game: bool,
    features: Features,
    _game: PhantomData<G>,
}

impl<G: Game> Searcher<G> {
    /// A searcher with a transposition table of about `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Self {
        Self::with_evaluator(hash_mb, Evaluator::new::<G>())
    }

    /// A searcher with its own evaluator (e.g. [`Evaluator::with_values`]).
    pub fn with_evaluator(hash_mb: usize, eval: Evaluator<G::Word>) -> Self {
        let tt = Arc::new(Table::new(hash_mb));
        Searcher {
            main: Worker::new(0, eval, tt.clone()),
            tt,
            helpers: Vec::new(),
            stop_flag: None,
        }
    }

    /// Searches with `n` threads (at least 1): `n - 1` helper threads join the main one.
    pub fn set_threads(&mut self, n: usize) {
        let n = n.max(1);
        self.helpers.truncate(n - 1);
        while self.helpers.len() < n - 1 {
            let id = self.helpers.len() + 1;
            self.helpers
                .push(Worker::new(id, self.main.eval.clone(), self.tt.clone()));
        }
    }

    /// The number of threads a search uses.
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &Evaluator<G::Word> {
        &self.main.eval
    }

    /// Forgets everything learnt (transposition table, history, killers, evaluations).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.main.clear();
        for h in &mut self.helpers {
            h.clear();
        }
    }

    /// A flag another thread may raise to end the search early (as if a limit was hit):
    /// the search then returns the best move found so far.
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop_flag = Some(flag);
    }

    /// Searches `root` within `limits` and returns the best move found (always a legal move
    /// when one exists), its score, depth, node count and principal variation.
    pub fn search(&mut self, root: &Position<G>, limits: &Limits) -> SearchResult {
        self.search_with(root, limits, &mut |_| {})
    }

    /// As [`search`](Self::search), calling `on_iteration` with the result so far after
    /// every completed iteration (for progress reports such as UCI `info` lines).
    pub fn search_with(
        &mut self,
        root: &Position<G>,
        limits: &Limits,
        on_iteration: &mut dyn FnMut(&SearchResult),
    ) -> SearchResult {
        let start = Instant::now();
        self.tt.new_search();
        self.main.stop_flag = self.stop_flag.clone();
        if self.helpers.is_empty() {
            self.main.group_stop = None;
            self.main.shared_nodes = None;
            return self.main.iterate(root, limits, start, on_iteration);
        }
        let group = Arc::new(AtomicBool::new(false));
        let total = Arc::new(AtomicU64::new(0));
        self.main.group_stop = None;
        self.main.shared_nodes = Some(total.clone());
        let helper_limits = Limits {
            depth: limits.depth,
            ..Limits::default()
        };
        let stop_flag = self.stop_flag.clone();
        let main = &mut self.main;
        let helpers = &mut self.helpers;
        let mut result = std::thread::scope(|s| {
            for h in helpers.iter_mut() {
                h.group_stop = Some(group.clone());
                h.stop_flag = stop_flag.clone();
                h.shared_nodes = Some(total.clone());
                let root = root.clone();
                let lim = helper_limits;
                s.spawn(move || {
                    h.iterate(&root, &lim, start, &mut |_| {});
                });
            }
            let r = main.iterate(root, limits, start, on_iteration);
            group.store(true, Ordering::Relaxed);
            r
        });
        result.nodes += self.helpers.iter().map(|h| h.nodes).sum::<u64>();
        result
    }
}

impl<G: Game> Worker<G> {
    fn new(id: usize, eval: Evaluator<G::Word>, tt: Arc<Table>) -> Self {
        let nomove = Move::new(citadel_geometry::Square(0), citadel_geometry::Square(0));
        let cfg = G::config();
        let cells = cfg.geometry().len();
        Worker {
            id,
            eval,
            tt,
            lists: (0..MAX_PLY + 1).map(|_| MoveList::new()).collect(),
            order: vec![[Scored::default(); MAX_MOVES]; MAX_PLY + 1],
            killers: vec![[None; 2]; MAX_PLY + 1],
            cells,
            history: vec![0; 2 * cells * cells],
            reductions: Reductions::new(),
            pv: vec![nomove; (MAX_PLY + 1) * (MAX_PLY + 1)],
            pv_len: vec![0; MAX_PLY + 1],
            eval_cache: vec![0; EVAL_CACHE],
            psq: vec![Psq::default(); MAX_PLY + 2],
            nodes: 0,
            seldepth: 0,
            root_depth: 0,
            stop: false,
            deadline: None,
            node_limit: u64::MAX,
            stop_flag: None,
            group_stop: None,
            shared_nodes: None,
            null_ok_game: cfg.royal != 0,
            features: Features::from_env(),
            _game: PhantomData,
        }
    }

    fn clear(&mut self) {
        self.eval_cache.fill(0);
        self.history.fill(0);
        for k in &mut self.killers {
            *k = [None; 2];
        }
    }

    /// The cached evaluation of the position with hash `key`, if any. A slot holds the
    /// key's bits above its index, so it answers for that key alone.
    #[inline(always)]
    fn cached_eval(&self, key: u64) -> Option<i32> {
        let slot = self.eval_cache[key as usize & (EVAL_CACHE - 1)];
        let tag = key & !EVAL_INDEX;
        (tag != 0 && slot & !EVAL_INDEX == tag).then_some(i32::from(slot as u16 as i16))
    }

    /// Caches evaluation `e` of the position with hash `key` (unless it is too large for
    /// a slot).
    #[inline(always)]
    fn cache_eval(&mut self, key: u64, e: i32) {
        let tag = key & !EVAL_INDEX;
        if let (true, Ok(v)) = (tag != 0, i16::try_from(e)) {
            self.eval_cache[key as usize & (EVAL_CACHE - 1)] = tag | u64::from(v as u16);
        }
    }

    /// The static evaluation, through a small cache keyed by the full Zobrist hash (the
    /// evaluation depends only on the position, not on how it was reached).
    #[inline]
    fn static_eval(&mut self, pos: &Position<G>, ply: usize) -> i32 {
        let key = pos.hash();
        if let Some(e) = self.cached_eval(key) {
            return e;
        }
        let e = self.eval.evaluate_with(pos, &self.psq[ply]);
        self.cache_eval(key, e);
        e
    }

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
        if !self.features.lazy {
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

    /// Iterative deepening from `root`; helpers (id > 0) start one ply deeper every other
    /// thread, so that the threads spread over depths.
    fn iterate(
        &mut self,
        root: &Position<G>,
        limits: &Limits,
        start: Instant,
        on_iteration: &mut dyn FnMut(&SearchResult),
    ) -> SearchResult {
        self.deadline = limits.movetime.map(|t| start + t);
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.nodes = 0;
        self.seldepth = 0;
        self.stop = false;
        for k in &mut self.killers {
            *k = [None; 2];
        }
        for h in &mut self.history {
            *h /= 4;
        }
        let mut pos = root.clone();
        self.psq[0] = self.eval.psq_of(&pos);
        let list = pos.legal_moves();
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
            let mut delta = 40;
            let (mut alpha, mut beta) = if depth >= 4 && score.abs() < MATE_BOUND {
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
            let Some(s) = s else { break };
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
            let nodes = match &self.shared_nodes {
                Some(t) => t.load(Ordering::Relaxed) + (self.nodes & 1023),
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
            });
            if limits.depth.is_none() {
                if moves.len() == 1 {
                    break;
                }
                if score.abs() > MATE_BOUND && (MATE - score.abs()) < depth as i32 {
                    break;
                }
                let elapsed = start.elapsed();
                if let Some(soft) = limits.soft {
                    // aim at the soft limit: less when the best move is stable, more
                    // (up to the hard limit) when it has just changed
                    let scale = match stable {
                        0 => 1.6,
                        1 | 2 => 1.0,
                        _ => 0.6,
                    };
                    if elapsed.as_secs_f64() > soft.as_secs_f64() * scale {
                        break;
                    }
                } else if let Some(t) = limits.movetime {
                    // a fixed time is used up, unless the best move has been the same for
                    // four iterations and the next one (about twice as long as everything
                    // so far) would not finish
                    if stable >= 4 && elapsed * 5 > t * 2 {
                        break;
                    }
                }
            }
        }
        let best = moves[0];
        if pv.first() != Some(&best) {
            pv = vec![best];
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
        }
    }

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

    /// Plays `m` at `ply`, keeping the evaluator's sums for the next ply.
    #[inline(always)]
    fn play(&mut self, pos: &mut Position<G>, m: Move, ply: usize) {
        self.psq[ply + 1] = self.eval.psq_after(pos, &m, self.psq[ply]);
        pos.play_unchecked(m);
    }

    #[inline]
    fn set_pv(&mut self, ply: usize, m: Move) {
        let row = ply * (MAX_PLY + 1);
        self.pv[row + ply] = m;
        let child = (ply + 1) * (MAX_PLY + 1);
        let end = self.pv_len[ply + 1].max(ply + 1);
        let n = end - (ply + 1);
        self.pv
            .copy_within(child + ply + 1..child + ply + 1 + n, row + ply + 1);
        self.pv_len[ply] = ply + 1 + n;
    }

    #[inline]
    fn check_limits(&mut self) {
        if self.nodes >= self.node_limit {
            self.stop = true;
        } else if self.nodes & 1023 == 0 {
            if let Some(t) = &self.shared_nodes {
                t.fetch_add(1024, Ordering::Relaxed);
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

    /// Whether passing is safe enough for null-move pruning here: the side to move has
    /// pieces other than royals and pawns (two of them in games where being stalemated or
    /// bared loses, where zugzwang decides more endgames).
    fn null_safe(&self, pos: &Position<G>) -> bool {
        if !self.null_ok_game || !self.features.null {
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

    /// Rewards the quiet move `m` that cut off at `ply` in the history and, with the malus
    /// on, punishes the quiet moves `tried` before it (indices into the ply's move list).
    fn reward_quiets(&mut self, us: usize, ply: usize, depth: i32, m: Move, tried: &[u16]) {
        let bonus = depth * depth;
        let h = &mut self.history[from_to(self.cells, us, &m)];
        *h = nudge(*h, bonus, HISTORY_MAX);
        if self.features.malus {
            for &i in tried {
                let q = self.lists[ply][i as usize];
                let h = &mut self.history[from_to(self.cells, us, &q)];
                *h = nudge(*h, -bonus, HISTORY_MAX);
            }
        }
    }

    fn alphabeta(
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
        if in_check && (ply as i32) < 2 * self.root_depth {
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
                let s = from_tt(e.score, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        if let Some(o) = G::decided(pos) {
            return outcome_score(&o, pos.turn(), ply);
        }
        let mut futile = false;
        if !pv_node && !in_check && beta.abs() < MATE_BOUND {
            let e = match cached {
                Some(e) => e,
                None => self.static_eval(pos, ply),
            };
            if depth <= 3 && e - 110 * depth >= beta {
                return e;
            }
            // null-move pruning: if passing still fails high, so will a move
            if null_allowed && depth >= 3 && e >= beta && self.null_safe(pos) {
                let r = 3 + depth / 6;
                self.psq[ply + 1] = self.psq[ply];
                pos.play_null();
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
            futile = depth <= 2 && e + 100 + 120 * depth <= alpha;
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
        if self.features.iir && hash_move.is_none() && depth >= 4 {
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
        let lmr = self.features.lmr;
        // late quiet moves near the leaves are pruned once this many moves were searched
        let late_limit = if self.features.lmp && !pv_node && !in_check && depth <= 3 {
            (3 + depth * depth) as usize
        } else {
            usize::MAX
        };
        let first_reduced = match (lmr, pv_node) {
            (false, _) | (true, true) => 3,
            (true, false) => 2,
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
                depth >= 3 && quiet && !killer && !in_check && searched >= first_reduced;
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
                        if depth >= 5 && searched >= 8 {
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
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, best_move, to_tt(best, ply), depth as i16, bound);
        best
    }

    fn qsearch(
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
                alpha - stand - 200
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
