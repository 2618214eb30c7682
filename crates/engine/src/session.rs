//! A game a protocol drives: the position of one of the nine games (chosen at run time), the
//! moves played on it, and the engine searching it on its own thread.
//!
//! The protocols ([`crate::uci`], [`crate::xboard`]) see only the object-safe [`Session`];
//! moves cross it as coordinate text (`e2e4`, `e9e10q`, `b1c3/xd2e2`), and search progress
//! comes back as [`Report`]s through a callback, so the search knows nothing of any
//! protocol. Dropping a session stops its search.
use citadel_notation::{coord, fen, san, FenError};
use citadel_rules::{
    with_game, Claims, Color, Game, IllegalMove, Move, Outcome, Position, Variant,
};
use citadel_search::{Limits, RootLine, Score, SearchResult, Searcher};
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
    /// With more than one line asked for ([`Limits::multipv`]): the best lines, best first
    /// (the first is `score` and `pv`); empty otherwise.
    pub lines: Vec<Line>,
}

/// One of the best lines of a multi-line search, ready to print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Score from the side to move's point of view.
    pub score: Score,
    /// The moves in coordinate form.
    pub pv: Vec<String>,
}

/// The callback a search reports through (called on the search thread).
pub type Reporter = Box<dyn FnMut(Report) + Send>;

/// One game under a protocol's control.
pub trait Session: Send {
    /// The game.
    fn variant(&self) -> Variant;
    /// Sets the position: `fen` (or the start position) then `moves` in coordinate form.
    /// On an error the position is unchanged; the error names the bad FEN or move.
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), PositionError>;
    /// Reads moves of the current position given in coordinate (or SAN) form, each on its
    /// own (UCI `searchmoves`).
    fn read_moves(&self, texts: &[&str]) -> Vec<Result<Move, IllegalMove>>;
    /// Plays one move given in coordinate (or SAN) form; returns its protocol form
    /// ([`coord::write`]).
    fn play(&mut self, text: &str) -> Result<String, IllegalMove>;
    /// Takes back the last move; `false` when there is none.
    fn undo(&mut self) -> bool;
    /// The side to move.
    fn turn(&self) -> Color;
    /// The game's result by its rules, draws by repetition and move count included.
    fn outcome(&self) -> Option<Outcome>;
    /// Moves played since the position was set.
    fn ply_count(&self) -> usize;
    /// Replaces the transposition table with one of about `mb` megabytes.
    fn set_hash(&mut self, mb: usize);
    /// Searches with `n` threads from now on.
    fn set_threads(&mut self, n: usize);
    /// Forgets what earlier searches learnt.
    fn clear(&mut self);
    /// Starts searching the current position on a new thread. With `hold` (UCI `go
    /// infinite`, `go ponder`) the result is held back until [`stop`](Self::stop) or
    /// [`release`](Self::release).
    fn start(&mut self, limits: Limits, hold: bool, report: Reporter);
    /// Lets a held search send its result once it ends by its limits (UCI `ponderhit`).
    fn release(&mut self);
    /// Whether a search is running and has not yet sent its `Done` report (once it has,
    /// a protocol may go on as if it had ended: what is left of it is quick).
    fn searching(&self) -> bool;
    /// Asks the running search to stop (its `Done` report follows soon).
    fn stop(&mut self);
    /// Stops the running search, if any, and waits for it (after its `Done` report).
    fn join(&mut self);
    /// Waits for the running search, if any, to end by its own limits.
    fn wait(&mut self);
    /// Perft divide of the current position: each legal move (coordinate form) with the
    /// leaves of its subtree, `depth` plies deep in all (at most 1: each move counts 1), on
    /// the session's threads.
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;
}

/// Most search threads a protocol accepts (UCI `Threads`, XBoard `cores`).
pub const MAX_THREADS: usize = 256;

/// The search threads to use for a request of `n`: never more than the machine's
/// parallelism (more threads than cores only slow each one down), as the CLI caps
/// `--threads`. Returns the count and whether `n` was capped.
pub fn cap_threads(n: usize) -> (usize, bool) {
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    (n.clamp(1, cores), n > cores)
}

/// A position a protocol asked for that could not be set up; the session keeps its old one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The FEN does not describe a position of the game.
    #[error("bad FEN: {0}")]
    Fen(#[source] FenError),
    /// A move of the list (numbered from 1) is not legal where it is played.
    #[error("move {number}: {source}")]
    Move {
        /// The move's place in the list, from 1.
        number: usize,
        /// Why it is not a move there.
        #[source]
        source: IllegalMove,
    },
}

/// A session for `variant` at its start position, with a table of `hash_mb` megabytes.
pub fn new(variant: Variant, hash_mb: usize) -> Box<dyn Session> {
    with_game!(variant, G => Box::new(GameSession::<G>::new(variant, hash_mb)))
}

/// Replaces `session` with a new one of `variant` at its start position, with a table of
/// `hash_mb` megabytes and `threads` search threads. The old table is freed before the new
/// one is made, so that the two are never held at once.
pub fn replace(session: &mut Box<dyn Session>, variant: Variant, hash_mb: usize, threads: usize) {
    *session = new(variant, 1);
    session.set_hash(hash_mb);
    session.set_threads(threads);
}

struct GameSession<G: Game> {
    variant: Variant,
    pos: Position<G>,
    searcher: Option<Searcher<G>>,
    hash_mb: usize,
    threads: usize,
    stop: Arc<AtomicBool>,
    /// Whether the running search holds its result back (see [`Session::start`]).
    hold: Arc<AtomicBool>,
    /// Whether the running search has sent its `Done` report.
    reported: Arc<AtomicBool>,
    thread: Option<JoinHandle<Searcher<G>>>,
}

impl<G: Game> GameSession<G> {
    fn new(variant: Variant, hash_mb: usize) -> Self {
        GameSession {
            variant,
            pos: fen::start::<G>(),
            searcher: Some(Searcher::new(hash_mb)),
            hash_mb,
            threads: 1,
            stop: Arc::new(AtomicBool::new(false)),
            hold: Arc::new(AtomicBool::new(false)),
            reported: Arc::new(AtomicBool::new(false)),
            thread: None,
        }
    }

    fn searcher(&mut self) -> &mut Searcher<G> {
        self.join();
        self.searcher.get_or_insert_with(|| Searcher::new(1))
    }
}

impl<G: Game> Drop for GameSession<G> {
    /// Stops the running search, if any, and waits for it.
    fn drop(&mut self) {
        self.join();
    }
}

/// Reads a move in coordinate form, or failing that in SAN (the coordinate error then).
fn parse_move<G: Game>(pos: &Position<G>, text: &str) -> Result<Move, IllegalMove> {
    coord::parse_move(pos, text).or_else(|e| san::parse(pos, text).map_err(|_| e))
}

/// `moves` played from `root`, in coordinate form.
fn coords<G: Game>(root: &Position<G>, moves: &[Move]) -> Vec<String> {
    let mut pos = root.clone();
    moves
        .iter()
        .map(|m| {
            let t = coord::write(&pos, m);
            pos.play_unchecked(*m);
            t
        })
        .collect()
}

/// The progress of `r`, a search of `root`, with its lines in coordinates (as UCI's
/// [`info_lines`](crate::uci::info_lines) prints it).
pub fn progress<G: Game>(root: &Position<G>, r: &SearchResult) -> Progress {
    let pv = coords(root, &r.pv);
    let line = |l: &RootLine| Line {
        score: l.display_score(),
        pv: coords(root, &l.pv),
    };
    Progress {
        depth: r.depth,
        seldepth: r.seldepth,
        score: r.display_score(),
        nodes: r.nodes,
        nps: r.nps(),
        elapsed: r.elapsed,
        pv,
        lines: r.lines.iter().map(line).collect(),
    }
}

impl<G: Game> Session for GameSession<G> {
    fn variant(&self) -> Variant {
        self.variant
    }

    fn set_position(
        &mut self,
        fen_text: Option<&str>,
        moves: &[&str],
    ) -> Result<(), PositionError> {
        // a game defined at run time is in scope for the notation and rules
        let _scope = citadel_rules::defined::scope_of(&self.pos);
        let mut pos = match fen_text {
            Some(f) => fen::parse::<G>(f).map_err(PositionError::Fen)?,
            None => fen::start::<G>(),
        };
        for (i, t) in moves.iter().enumerate() {
            let m = parse_move(&pos, t).map_err(|source| PositionError::Move {
                number: i + 1,
                source,
            })?;
            pos.play_unchecked(m);
        }
        self.join();
        self.pos = pos;
        Ok(())
    }

    fn read_moves(&self, texts: &[&str]) -> Vec<Result<Move, IllegalMove>> {
        // a game defined at run time is in scope for the notation and rules
        let _scope = citadel_rules::defined::scope_of(&self.pos);
        texts.iter().map(|t| parse_move(&self.pos, t)).collect()
    }

    fn play(&mut self, text: &str) -> Result<String, IllegalMove> {
        // a game defined at run time is in scope for the notation and rules
        let _scope = citadel_rules::defined::scope_of(&self.pos);
        let m = parse_move(&self.pos, text)?;
        let t = coord::write(&self.pos, &m);
        self.join();
        self.pos.play_unchecked(m);
        Ok(t)
    }

    fn undo(&mut self) -> bool {
        // a game defined at run time is in scope for the notation and rules
        let _scope = citadel_rules::defined::scope_of(&self.pos);
        self.join();
        self.pos.undo().is_some()
    }

    fn turn(&self) -> Color {
        // a game defined at run time is in scope for the notation and rules
        let _scope = citadel_rules::defined::scope_of(&self.pos);
        self.pos.turn()
    }

    fn outcome(&self) -> Option<Outcome> {
        // a game defined at run time is in scope for the notation and rules
        let _scope = citadel_rules::defined::scope_of(&self.pos);
        self.pos.outcome(Claims::Draws)
    }

    fn ply_count(&self) -> usize {
        // a game defined at run time is in scope for the notation and rules
        let _scope = citadel_rules::defined::scope_of(&self.pos);
        self.pos.ply_count()
    }

    fn set_hash(&mut self, mb: usize) {
        // a game defined at run time is in scope for the notation and rules
        let _scope = citadel_rules::defined::scope_of(&self.pos);
        self.join();
        self.hash_mb = mb;
        // the old table goes before the new one is made: never both at once
        self.searcher = None;
        let mut s = Searcher::new(mb);
        s.set_threads(self.threads);
        self.searcher = Some(s);
    }

    fn set_threads(&mut self, n: usize) {
        // a game defined at run time is in scope for the notation and rules
        let _scope = citadel_rules::defined::scope_of(&self.pos);
        self.threads = n;
        self.searcher().set_threads(n);
    }

    fn clear(&mut self) {
        // a game defined at run time is in scope for the notation and rules
        let _scope = citadel_rules::defined::scope_of(&self.pos);
        self.searcher().clear();
    }

    fn start(&mut self, limits: Limits, hold: bool, mut report: Reporter) {
        // a game defined at run time is in scope for the notation and rules
        let _scope = citadel_rules::defined::scope_of(&self.pos);
        self.join();
        let mut searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| Searcher::new(self.hash_mb));
        self.stop = Arc::new(AtomicBool::new(false));
        searcher.set_stop_flag(self.stop.clone());
        let stop = self.stop.clone();
        self.hold = Arc::new(AtomicBool::new(hold));
        let hold = self.hold.clone();
        self.reported = Arc::new(AtomicBool::new(false));
        let reported = self.reported.clone();
        let root = self.pos.clone();
        self.thread = Some(std::thread::spawn(move || {
            // a game defined at run time is in scope on the search's thread
            let _scope = citadel_rules::defined::scope_of(&root);
            let r = searcher.search_with(&root, &limits, &mut |r| {
                report(Report::Info(progress(&root, r)));
            });
            while hold.load(Ordering::Relaxed) && !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
            let best = r.best.map(|m| coord::write(&root, &m));
            // before the report: whoever reads the move finds the search over
            reported.store(true, Ordering::Release);
            report(Report::Done(best, progress(&root, &r)));
            searcher
        }));
    }

    fn release(&mut self) {
        // a game defined at run time is in scope for the notation and rules
        let _scope = citadel_rules::defined::scope_of(&self.pos);
        self.hold.store(false, Ordering::Relaxed);
    }

    fn searching(&self) -> bool {
        // a game defined at run time is in scope for the notation and rules
        let _scope = citadel_rules::defined::scope_of(&self.pos);
        self.thread.as_ref().is_some_and(|t| !t.is_finished())
            && !self.reported.load(Ordering::Acquire)
    }

    fn stop(&mut self) {
        // a game defined at run time is in scope for the notation and rules
        let _scope = citadel_rules::defined::scope_of(&self.pos);
        self.stop.store(true, Ordering::Relaxed);
    }

    fn join(&mut self) {
        // a game defined at run time is in scope for the notation and rules
        let _scope = citadel_rules::defined::scope_of(&self.pos);
        self.stop.store(true, Ordering::Relaxed);
        self.wait();
    }

    fn wait(&mut self) {
        // a game defined at run time is in scope for the notation and rules
        let _scope = citadel_rules::defined::scope_of(&self.pos);
        if let Some(t) = self.thread.take() {
            match t.join() {
                Ok(s) => self.searcher = Some(s),
                Err(_) => self.searcher = Some(Searcher::new(self.hash_mb)),
            }
        }
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        // a game defined at run time is in scope for the notation and rules
        let _scope = citadel_rules::defined::scope_of(&self.pos);
        citadel_search::divide_parallel(&self.pos, depth.max(1), self.threads)
            .into_iter()
            .map(|(m, n)| (coord::write(&self.pos, &m), n))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    #[test]
    fn positions_and_moves_are_checked_and_bad_ones_change_nothing() {
        let mut s = new(Variant::Chess, 1);
        assert_eq!(s.variant(), Variant::Chess);
        s.set_position(None, &["e2e4", "e7e5"]).unwrap();
        assert_eq!((s.ply_count(), s.turn()), (2, Color::White));
        let e = s.set_position(None, &["e2e4", "e7e5", "e1e3"]).unwrap_err();
        assert!(matches!(e, PositionError::Move { number: 3, .. }), "{e}");
        assert_eq!(e.to_string(), "move 3: no legal move from e1 to e3");
        assert!(matches!(
            s.set_position(Some("8/8/8 w"), &[]),
            Err(PositionError::Fen(_))
        ));
        assert_eq!(s.ply_count(), 2, "the position stays as it was");
        // SAN is read too; the answer is the protocol form
        assert_eq!(s.play("Nf3").as_deref(), Ok("g1f3"));
        assert!(matches!(
            s.play("e2e5"),
            Err(IllegalMove {
                reason: citadel_rules::Reason::NoMoveFrom { .. },
                ..
            })
        ));
        assert!(s.undo());
        assert_eq!(s.turn(), Color::White);
        assert!(s.outcome().is_none());
    }

    #[test]
    fn a_search_reports_progress_then_its_move() {
        let mut s = new(Variant::Chess, 1);
        s.set_position(Some("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"), &[])
            .unwrap();
        let (tx, rx) = mpsc::channel();
        s.start(
            Limits::depth(3),
            false,
            Box::new(move |r| {
                let _ = tx.send(r);
            }),
        );
        s.wait();
        let reports: Vec<Report> = rx.try_iter().collect();
        assert!(matches!(reports[0], Report::Info(ref p) if p.depth == 1));
        match reports.last() {
            Some(Report::Done(Some(m), p)) => {
                assert_eq!(m, "a1a8");
                assert_eq!(p.score, Score::Mate(1));
                assert_eq!(p.pv[0], "a1a8");
            }
            other => panic!("{other:?}"),
        }
        assert!(!s.searching());
    }
}
