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
//!
//! The modules: [`limits`] (what a caller asks of a search), [`score`] (mate scores and
//! their display form), [`options`] (the techniques a caller may switch off), [`params`]
//! (the margins and other numbers), [`iteration`] (iterative deepening, aspiration windows,
//! time checks, progress reports), [`alphabeta`] (the main node), [`quiescence`],
//! [`ordering`] (move ordering and history) and [`eval_cache`]; here the searcher and its
//! threads' state.

mod alphabeta;
mod eval_cache;
mod iteration;
mod limits;
mod options;
mod ordering;
mod params;
mod quiescence;
mod score;

use crate::eval::{Evaluator, Psq};
use crate::time::Instant;
use crate::tt::Table;
use citadel_nnue::{Accumulator, Network};
use citadel_rules::{Game, Move, MoveList, Outcome, Position, MAX_MOVES};
use serde::Serialize;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

pub use limits::{Limits, MAX_PLY};
pub use options::{SearchOptions, SearchOptionsError};
pub use params::{ParamError, ParamSpec, SearchParams};
pub use score::{Score, MATE, MATE_BOUND};

use alphabeta::Reductions;
use eval_cache::EVAL_CACHE;
use ordering::Scored;

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
    /// With [`Limits::multipv`] above 1: the best lines of the last completed iteration,
    /// best first (the first is `best` with `score` and `pv`); empty otherwise.
    pub lines: Vec<RootLine>,
}

/// One of the best lines of a multi-line search ([`Limits::multipv`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RootLine {
    /// Its score (internal units, as [`SearchResult::score`]).
    pub score: i32,
    /// Its moves, starting with the root move.
    pub pv: Vec<Move>,
}

impl RootLine {
    /// The score for display.
    pub fn display_score(&self) -> Score {
        Score::from_internal(self.score)
    }
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
    /// History scores by colour, from cell and to cell ([`from_to`](ordering::from_to)).
    history: Vec<i32>,
    reductions: Reductions,
    pv: Vec<Move>,
    pv_len: Vec<usize>,
    /// Evaluations by position: per slot, the key's bits above the slot index and the
    /// score in the low 16 bits (0: empty; see [`eval_cache`]).
    eval_cache: Vec<u64>,
    /// The evaluator's per-piece sums of the position at each ply.
    psq: Vec<Psq>,
    /// The learnt evaluation, if the evaluator has one.
    net: Option<Arc<Network>>,
    /// Its accumulators of the position at each ply (empty without a net).
    acc: Vec<Accumulator>,
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
    /// Nodes of all threads, added every [`CHECK_INTERVAL`](params::CHECK_INTERVAL) nodes
    /// (for progress reports).
    shared_nodes: Option<Arc<AtomicU64>>,
    /// Whether null-move pruning is sound in this game at all: not where the side to move
    /// may be stalemated or bared into a loss with few pieces (checked per node too).
    null_ok_game: bool,
    /// The techniques in use (the search's [`Limits::options`]).
    options: SearchOptions,
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
            options: limits.options,
            root_moves: limits.root_moves.clone(),
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
                let lim = helper_limits.clone();
                s.spawn(move || {
                    // a game defined at run time is in scope on the helper's thread too
                    let _scope = citadel_rules::defined::scope_of(&root);
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
        let net = eval.net().cloned();
        let acc = match net {
            Some(_) => vec![Accumulator::default(); MAX_PLY + 2],
            None => Vec::new(),
        };
        Worker {
            id,
            net,
            acc,
            eval,
            tt,
            lists: (0..MAX_PLY + 1).map(|_| MoveList::new()).collect(),
            order: vec![[Scored::default(); MAX_MOVES]; MAX_PLY + 1],
            killers: vec![[None; 2]; MAX_PLY + 1],
            cells,
            history: vec![0; 2 * cells * cells],
            reductions: Reductions::new(&SearchParams::default()),
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
            options: SearchOptions::default(),
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

    /// Plays `m` at `ply`, keeping the evaluation's incremental state for the next ply: the
    /// hand-written evaluation's sums, or the net's accumulators.
    #[inline(always)]
    fn play(&mut self, pos: &mut Position<G>, m: Move, ply: usize) {
        match &self.net {
            None => {
                self.psq[ply + 1] = self.eval.psq_after(pos, &m, self.psq[ply]);
                pos.play_unchecked(m);
            }
            Some(net) => {
                let changes = citadel_nnue::changes(pos, &m);
                pos.play_unchecked(m);
                let (done, next) = self.acc.split_at_mut(ply + 1);
                net.update(&done[ply], changes.as_slice(), pos, &mut next[0]);
            }
        }
    }

    /// Sets up the evaluation's incremental state for the root `pos` (ply 0).
    fn set_root(&mut self, pos: &Position<G>) {
        match &self.net {
            None => self.psq[0] = self.eval.psq_of(pos),
            Some(net) => net.refresh(pos, &mut self.acc[0]),
        }
    }

    /// Passes at `ply` (a null move): the next ply's evaluation state is this one's.
    fn play_null(&mut self, pos: &mut Position<G>, ply: usize) {
        match &self.net {
            None => self.psq[ply + 1] = self.psq[ply],
            Some(_) => self.acc[ply + 1] = self.acc[ply],
        }
        pos.play_null();
    }

    /// Makes `m` followed by the child's principal variation the principal variation at
    /// `ply`.
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
}
