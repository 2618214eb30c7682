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
    /// Moves played since the position was set.
    fn ply_count(&self) -> usize;
    /// Replaces the transposition table with one of about `mb` megabytes.
    fn set_hash(&mut self, mb: usize);
    /// Searches with `n` threads from now on.
    fn set_threads(&mut self, n: usize);
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

/// Most search threads a protocol accepts (UCI `Threads`, XBoard `cores`).
pub const MAX_THREADS: usize = 256;

/// A session for `variant` at its start position, with a table of `hash_mb` megabytes.
pub fn new(variant: Variant, hash_mb: usize) -> Box<dyn Session> {
    with_game!(variant, G => Box::new(GameSession::<G>::new(variant, hash_mb)))
}

struct GameSession<G: SanDialect> {
    variant: Variant,
    pos: Position<G>,
    searcher: Option<Searcher<G>>,
    hash_mb: usize,
    threads: usize,
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
            threads: 1,
            stop: Arc::new(AtomicBool::new(false)),
            thread: None,
        }
    }

    fn searcher(&mut self) -> &mut Searcher<G> {
        self.join();
        self.searcher.get_or_insert_with(|| Searcher::new(1))
    }
}

/// A move as the protocols write it: the coordinate form, with the promotion letter always
/// written (`f7f8q` in shatranj, where the ferz is the only choice) — engines such as
/// Fairy-Stockfish do not read a promotion without one.
pub fn protocol_move<G: SanDialect>(pos: &Position<G>, m: &citadel_rules::Move) -> String {
    let mut t = coord::write(pos, m);
    if let Some(k) = m.promotion {
        let letter = G::config().symbols[k as usize].to_lowercase();
        let (body, removal) = match t.find("/x") {
            Some(i) => (t[..i].to_string(), t[i..].to_string()),
            None => (t.clone(), String::new()),
        };
        if !body.ends_with(&letter) || !body.ends_with(char::is_alphabetic) {
            t = format!("{body}{letter}{removal}");
        }
    }
    t
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
                let t = protocol_move(&pos, m);
                pos.play_unchecked(*m);
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
            pos.play_unchecked(m);
        }
        self.join();
        self.pos = pos;
        Ok(())
    }

    fn play(&mut self, text: &str) -> Result<String, String> {
        let m = parse_move(&self.pos, text)?;
        let t = protocol_move(&self.pos, &m);
        self.join();
        self.pos.play_unchecked(m);
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

    fn ply_count(&self) -> usize {
        self.pos.ply_count()
    }

    fn set_hash(&mut self, mb: usize) {
        self.join();
        self.hash_mb = mb;
        let mut s = Searcher::new(mb);
        s.set_threads(self.threads);
        self.searcher = Some(s);
    }

    fn set_threads(&mut self, n: usize) {
        self.threads = n;
        self.searcher().set_threads(n);
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
            let best = r.best.map(|m| protocol_move(&root, &m));
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

#[cfg(test)]
mod tests {
    use super::*;
    use citadel_rules::{Chess, Shatranj};

    /// Every legal move met in random games reads back from its protocol form as itself.
    fn round_trip<G: SanDialect>() -> usize {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut promotions = 0;
        for _ in 0..12 {
            let mut pos = fen::start::<G>();
            for _ in 0..400 {
                if pos.outcome_with_draws().is_some() {
                    break;
                }
                let legal = pos.legal_moves();
                for m in legal.iter() {
                    let t = protocol_move(&pos, m);
                    assert_eq!(coord::parse_move(&pos, &t).as_ref(), Ok(m), "{t}");
                    promotions += usize::from(m.promotion.is_some());
                }
                pos.play_unchecked(legal[rng.gen_range(0..legal.len())]);
            }
        }
        promotions
    }

    #[test]
    fn every_move_reads_back_from_its_protocol_form() {
        for v in Variant::ALL {
            let promotions = with_game!(v, G => round_trip::<G>());
            // random Byzantine games do not bring a pawn round to promotion
            assert!(
                promotions > 0 || v == Variant::Byzantine,
                "{}: no promotion met",
                v.id()
            );
        }
    }

    #[test]
    fn promotions_always_carry_their_letter() {
        let pos = fen::parse::<Shatranj>("r2k4/5P2/8/8/8/8/8/R1K5 w - - 0 1").unwrap();
        let m = coord::parse_move(&pos, "f7f8").unwrap();
        assert_eq!(coord::write(&pos, &m), "f7f8");
        assert_eq!(protocol_move(&pos, &m), "f7f8q");
        assert_eq!(coord::parse_move(&pos, "f7f8q"), Ok(m));
        let pos = fen::parse::<Chess>("r2k4/5P2/8/8/8/8/8/R1K5 w - - 0 1").unwrap();
        let m = coord::parse_move(&pos, "f7f8n").unwrap();
        assert_eq!(protocol_move(&pos, &m), "f7f8n");
        let m = coord::parse_move(&pos, "a1a7").unwrap();
        assert_eq!(protocol_move(&pos, &m), "a1a7");
    }
}
