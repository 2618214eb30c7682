//! A game a protocol drives: the position of one of the nine games (chosen at run time), the
//! moves played on it, and the engine searching it on its own thread.
//!
//! The protocols (`uci`, `xboard`) see only the object-safe [`Session`]; moves cross it as
//! coordinate text (`e2e4`, `e9e10q`, `b1c3/xd2e2`), and search progress comes back as
//! [`Report`]s through a callback, so the engine crates know nothing of any protocol.

use citadel_notation::{coord, fen, SanDialect};
use citadel_rules::{with_game, Color, Outcome, Position, Variant};
use citadel_search::{Limits, Score, SearchResult, Searcher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// What a running search tells its protocol.
#[derive(Clone, Debug)]
pub enum Report {
    /// An iteration completed.
    Info(Progress),
    /// The search ended: the best move in coordinate form (`None`: no legal move), and the
    /// last progress.
    Done(Option<String>, Progress),
}

/// A search's progress, ready to print.
#[derive(Clone, Debug)]
pub struct Progress {
    /// Completed depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score from the side to move's point of view.
    pub score: Score,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// The principal variation in coordinate form.
    pub pv: Vec<String>,
}

/// The callback a search reports through (called on the search thread).
pub type Reporter = Box<dyn FnMut(Report) + Send>;

/// One game under a protocol's control.
pub trait Session: Send {
    /// The game.
    fn variant(&self) -> Variant;
    /// Sets the position: `fen` (or the start position) then `moves` in coordinate form.
    /// On an error the position is unchanged; the message names the bad FEN or move.
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String>;
    /// Plays one move given in coordinate (or SAN) form; returns its coordinate form.
    fn play(&mut self, text: &str) -> Result<String, String>;
    /// Takes back the last move; `false` when there is none.
    fn undo(&mut self) -> bool;
    /// The side to move.
    fn turn(&self) -> Color;
    /// The game's result by its rules, draws by repetition and move count included.
    fn outcome(&self) -> Option<Outcome>;
    /// The position's FEN.
    fn fen(&self) -> String;
    /// Moves played since the position was set.
    fn ply_count(&self) -> usize;
    /// The board's frame: files, ranks.
    fn frame(&self) -> (u8, u8);
    /// Replaces the transposition table with one of about `mb` megabytes.
    fn set_hash(&mut self, mb: usize);
    /// Forgets what earlier searches learnt.
    fn clear(&mut self);
    /// Starts searching the current position on a new thread. With `wait_for_stop`
    /// (UCI `go infinite`) the result is held back until [`stop`](Self::stop).
    fn start(&mut self, limits: Limits, wait_for_stop: bool, report: Reporter);
    /// Whether a search is running.
    fn searching(&self) -> bool;
    /// Asks the running search to stop (its `Done` report follows soon).
    fn stop(&mut self);
    /// Stops the running search, if any, and waits for it (after its `Done` report).
    fn join(&mut self);
    /// Waits for the running search, if any, to end by its own limits.
    fn wait(&mut self);
}

/// A session for `variant` at its start position, with a table of `hash_mb` megabytes.
pub fn new(variant: Variant, hash_mb: usize) -> Box<dyn Session> {
    with_game!(variant, G => Box::new(GameSession::<G>::new(variant, hash_mb)))
}

struct GameSession<G: SanDialect> {
    variant: Variant,
    pos: Position<G>,
    searcher: Option<Searcher<G>>,
    hash_mb: usize,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<Searcher<G>>>,
}

impl<G: SanDialect> GameSession<G> {
    fn new(variant: Variant, hash_mb: usize) -> Self {
        GameSession {
            variant,
            pos: fen::start::<G>(),
            searcher: Some(Searcher::new(hash_mb)),
            hash_mb,
            stop: Arc::new(AtomicBool::new(false)),
            thread: None,
        }
    }

    fn searcher(&mut self) -> &mut Searcher<G> {
        self.join();
        self.searcher.get_or_insert_with(|| Searcher::new(1))
    }
}

/// Reads a move in coordinate form, or failing that in SAN.
fn parse_move<G: SanDialect>(pos: &Position<G>, text: &str) -> Result<citadel_rules::Move, String> {
    match coord::parse_move(pos, text) {
        Ok(m) => Ok(m),
        Err(e) => citadel_notation::san::parse(pos, text).map_err(|_| e.to_string()),
    }
}

fn progress<G: SanDialect>(root: &Position<G>, r: &SearchResult) -> Progress {
    let mut pos = root.clone();
    let pv =
        r.pv.iter()
            .map(|m| {
                let t = coord::write(&pos, m);
                pos.play(*m);
                t
            })
            .collect();
    Progress {
        depth: r.depth,
        seldepth: r.seldepth,
        score: r.display_score(),
        nodes: r.nodes,
        nps: r.nps(),
        elapsed: r.elapsed,
        pv,
    }
}

impl<G: SanDialect> Session for GameSession<G> {
    fn variant(&self) -> Variant {
        self.variant
    }

    fn set_position(&mut self, fen_text: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let mut pos = match fen_text {
            Some(f) => fen::parse::<G>(f).map_err(|e| format!("bad FEN: {e}"))?,
            None => fen::start::<G>(),
        };
        for (i, t) in moves.iter().enumerate() {
            let m = parse_move(&pos, t).map_err(|e| format!("move {}: {e}", i + 1))?;
            pos.play(m);
        }
        self.join();
        self.pos = pos;
        Ok(())
    }

    fn play(&mut self, text: &str) -> Result<String, String> {
        let m = parse_move(&self.pos, text)?;
        let t = coord::write(&self.pos, &m);
        self.join();
        self.pos.play(m);
        Ok(t)
    }

    fn undo(&mut self) -> bool {
        self.join();
        self.pos.undo().is_some()
    }

    fn turn(&self) -> Color {
        self.pos.turn()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.pos.outcome_with_draws()
    }

    fn fen(&self) -> String {
        fen::write(&self.pos)
    }

    fn ply_count(&self) -> usize {
        self.pos.ply_count()
    }

    fn frame(&self) -> (u8, u8) {
        let g = G::config().geometry();
        (g.files(), g.ranks())
    }

    fn set_hash(&mut self, mb: usize) {
        self.join();
        self.hash_mb = mb;
        self.searcher = Some(Searcher::new(mb));
    }

    fn clear(&mut self) {
        self.searcher().clear();
    }

    fn start(&mut self, limits: Limits, wait_for_stop: bool, mut report: Reporter) {
        self.join();
        let mut searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| Searcher::new(self.hash_mb));
        self.stop = Arc::new(AtomicBool::new(false));
        searcher.set_stop_flag(self.stop.clone());
        let stop = self.stop.clone();
        let root = self.pos.clone();
        self.thread = Some(std::thread::spawn(move || {
            let r = searcher.search_with(&root, &limits, &mut |r| {
                report(Report::Info(progress(&root, r)));
            });
            if wait_for_stop {
                while !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(2));
                }
            }
            let best = r.best.map(|m| coord::write(&root, &m));
            report(Report::Done(best, progress(&root, &r)));
            searcher
        }));
    }

    fn searching(&self) -> bool {
        self.thread.as_ref().is_some_and(|t| !t.is_finished())
    }

    fn stop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    fn join(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.wait();
    }

    fn wait(&mut self) {
        if let Some(t) = self.thread.take() {
            match t.join() {
                Ok(s) => self.searcher = Some(s),
                Err(_) => self.searcher = Some(Searcher::new(self.hash_mb)),
            }
        }
    }
}
