//! The Chess Engine Communication Protocol, version 2 (XBoard/WinBoard), as a state machine
//! without I/O: [`XBoard::handle`] takes one line from the GUI and returns the replies due at
//! once; a search's reports go to the callback given to [`XBoard::new`] (on the search
//! thread) as [`Notice`]s, which the caller hands back to [`XBoard::report`] — in one queue
//! with the GUI's lines, so that `?`, `force`, `new` and `quit` are obeyed while the engine
//! thinks. `quit` gives [`Reply::Quit`].
//!
//! Which games XBoard is offered comes from each game's [`Config::xboard`]: chess, shatranj
//! and Courier chess are XBoard's own (`normal`, `shatranj`, `courier`); the other games on
//! a rectangular board are engine-defined variants: after `variant ID` the engine sends
//! `setup WxH+0_fairy FEN` so XBoard sizes the board and sets up the start position.
//! Games XBoard cannot draw (Tamerlane, Byzantine chess) are not offered, though `variant
//! ID` still selects them for programs that need no board (engine matches). Moves are
//! coordinate moves as the rest of the project writes them.
//!
//! Besides play: `analyze` (analysis mode, left with `exit`; `.` asks for a status line),
//! `nps` (node budgets instead of time), and the `Move Overhead` option.
//!
//! [`Config::xboard`]: citadel_rules::Config::xboard
//!
//! ```
//! use citadel_engine::xboard::XBoard;
//! use citadel_engine::Reply;
//! use std::sync::mpsc;
//!
//! let (tx, notices) = mpsc::channel();
//! let mut xb = XBoard::new(move |n| {
//!     let _ = tx.send(n);
//! });
//! xb.handle("new");
//! xb.handle("sd 2");
//! assert!(xb.handle("usermove e2e4").is_empty()); // the engine (Black) starts thinking
//! let mut replies = Vec::new();
//! while replies.is_empty() {
//!     replies = xb.report(notices.recv().unwrap());
//! }
//! assert!(matches!(&replies[0], Reply::Line(l) if l.starts_with("move ")));
//! assert_eq!(xb.handle("quit"), [Reply::Quit]);
//! ```
use crate::clock::{Clock, DEFAULT_OVERHEAD, MAX_OVERHEAD};
use crate::session::{self, Progress, Report, Session};
use crate::Reply;
use citadel_notation::{clip, fen};
use citadel_pieces::betza;
use citadel_rules::{with_game, Color, Game, Outcome, Position, Variant, XBoardGame};
use citadel_search::{Limits, Score, SearchOptions};
use std::sync::Arc;
use std::time::Duration;

const DEFAULT_HASH: usize = 16;

/// A search's report on its way back to the engine: hand it to [`XBoard::report`].
#[derive(Clone, Debug)]
pub struct Notice {
    /// The number of the search it belongs to (an aborted search's notices are ignored).
    search: u64,
    /// What the search reported.
    pub report: Report,
}

/// How XBoard can play a game (its [`Config::xboard`](citadel_rules::Config::xboard)).
pub fn xboard_game(v: Variant) -> XBoardGame {
    with_game!(v, G => <G as citadel_rules::Game>::config().xboard)
}

/// The XBoard name of a game: XBoard's own name for the games it knows (`normal` for
/// chess), otherwise the game's id.
pub fn xboard_name(v: Variant) -> &'static str {
    match xboard_game(v) {
        XBoardGame::Native(name) => name,
        XBoardGame::Setup | XBoardGame::Unsupported => v.id(),
    }
}

/// The games offered to XBoard (`feature variants=`): those it can draw, by XBoard name
/// (the built-in games, then those of the variants files read).
pub fn offered() -> Vec<&'static str> {
    Variant::ALL
        .into_iter()
        .chain(citadel_rules::defined::all())
        .filter(|v| xboard_game(*v) != XBoardGame::Unsupported)
        .map(xboard_name)
        .collect()
}

/// The game an XBoard variant name stands for: `normal` is chess, the others are ids (or
/// other names of the games).
pub fn from_xboard_name(name: &str) -> Option<Variant> {
    Variant::from_name(name)
}

/// The `setup` command that describes an engine-defined game to XBoard — its board size and
/// start position — followed by a `piece` command (Betza) for each of its pieces other than
/// pawns and royals (XBoard's own pawn and king keep the double step and castling), when
/// every piece has a letter of its own. Games XBoard knows, and games it cannot draw, get
/// none.
pub fn setup_commands(v: Variant) -> Vec<String> {
    match xboard_game(v) {
        XBoardGame::Setup => with_game!(v, G => setup_of::<G>()),
        XBoardGame::Native(_) | XBoardGame::Unsupported => Vec::new(),
    }
}

/// The `setup` and `piece` commands of game `G` (see [`setup_commands`]).
fn setup_of<G: Game>() -> Vec<String> {
    let pos = Position::<G>::start();
    let cfg = G::config();
    let g = cfg.geometry();
    let mut out = vec![format!(
        "setup {}x{}+0_fairy {}",
        g.files(),
        g.ranks(),
        fen::write(&pos)
    )];
    let defs = cfg.pieces.defs();
    // a letter shared by several kinds (Mini Citadel's unmoved and moved pieces)
    // cannot be described to XBoard
    let unique = defs
        .iter()
        .all(|d| defs.iter().filter(|e| e.letter == d.letter).count() == 1);
    for (k, def) in defs.iter().enumerate().filter(|_| unique) {
        let bit = 1u32 << k;
        if cfg.pawns & bit != 0 || cfg.royal & bit != 0 {
            continue;
        }
        if let Some(d) = betza::describe(def) {
            out.push(format!("piece {}& {d}", def.letter.to_ascii_uppercase()));
        }
    }
    out
}

/// An XBoard engine: the game, the clock, the mode and the search (see the
/// [module](self)).
pub struct XBoard {
    session: Box<dyn Session>,
    notify: Arc<dyn Fn(Notice) + Send + Sync>,
    /// Search number of the search whose move is awaited, if any.
    thinking: Option<u64>,
    /// Whether the engine is in analysis mode (`analyze` until `exit`).
    analyzing: bool,
    /// Search number of the analysis search of the current position, if one was started.
    analysis: Option<u64>,
    /// The analysis search's last progress and when it started (for `.`).
    status: Option<(Progress, std::time::Instant)>,
    /// Nodes per second of thinking time (`nps`): a node budget instead of a time.
    nps: Option<u64>,
    searches: u64,
    force: bool,
    engine_side: Color,
    post: bool,
    depth: Option<u32>,
    per_move: Option<Duration>,
    /// Moves per time control (0: the whole game), base time, increment.
    level: Option<(u32, Duration, Duration)>,
    own_time: Option<Duration>,
    /// Transposition table size (`memory`), kept across games.
    hash_mb: usize,
    /// The search techniques every search uses.
    options: SearchOptions,
    /// The most nodes any search may take, whatever the GUI asks (see `with_node_cap`).
    node_cap: Option<u64>,
    /// Search threads (`cores`), kept across games.
    threads: usize,
    /// `pong`s due once the engine's move has gone out.
    pongs: Vec<String>,
    /// Time each move loses outside the search (the `Move Overhead` option).
    overhead: Duration,
}

/// A time in minutes, or minutes:seconds (`None`: not a time, or beyond any clock).
fn parse_time(text: &str) -> Option<Duration> {
    let (m, s) = text.split_once(':').unwrap_or((text, "0"));
    let m: f64 = m.parse().ok()?;
    let s: u64 = s.parse().ok()?;
    Duration::try_from_secs_f64(m * 60.0)
        .ok()?
        .checked_add(Duration::from_secs(s))
}

/// A number of seconds (`None`: not a number, negative, or beyond any clock).
fn seconds(text: &str) -> Option<Duration> {
    Duration::try_from_secs_f64(text.parse().ok()?).ok()
}

/// The result announcement of a finished game: `1-0 {White wins by checkmate}`.
fn result_line(o: &Outcome) -> String {
    let why = o.termination.name();
    match o.winner {
        Some(Color::White) => format!("1-0 {{White wins by {why}}}"),
        Some(Color::Black) => format!("0-1 {{Black wins by {why}}}"),
        None => format!("1/2-1/2 {{Draw by {why}}}"),
    }
}

impl XBoard {
    /// An engine playing chess from the start position, Black to think; `notify` receives
    /// the searches' [`Notice`]s (on the search thread) for [`XBoard::report`].
    pub fn new(notify: impl Fn(Notice) + Send + Sync + 'static) -> XBoard {
        XBoard {
            session: session::new(Variant::Chess, DEFAULT_HASH),
            notify: Arc::new(notify),
            thinking: None,
            analyzing: false,
            analysis: None,
            status: None,
            nps: None,
            searches: 0,
            force: false,
            engine_side: Color::Black,
            post: false,
            depth: None,
            per_move: None,
            level: None,
            own_time: None,
            hash_mb: DEFAULT_HASH,
            options: SearchOptions::default(),
            node_cap: None,
            threads: 1,
            pongs: Vec::new(),
            overhead: DEFAULT_OVERHEAD,
        }
    }

    /// The same engine with every search using `options` (all techniques on by default).
    pub fn with_options(mut self, options: SearchOptions) -> XBoard {
        self.options = options;
        self
    }

    /// The same engine with every search stopping after at most `nodes` nodes, whatever the
    /// GUI asks: a session whose every search is short (tests, fuzzing).
    pub fn with_node_cap(mut self, nodes: u64) -> XBoard {
        self.node_cap = Some(nodes.max(1));
        self
    }

    /// The game being played.
    pub fn variant(&self) -> Variant {
        self.session.variant()
    }

    /// Starts a game of `v` from its start position, keeping the table size and threads.
    fn new_session(&mut self, v: Variant) {
        session::replace(&mut self.session, v, self.hash_mb, self.threads);
    }

    /// Obeys one line from the GUI as it was read; a line that is not UTF-8 is reported
    /// (`Error (not UTF-8): ...`) and skipped.
    pub fn handle_bytes(&mut self, line: &[u8]) -> Vec<Reply> {
        match std::str::from_utf8(line) {
            Ok(text) => self.handle(text),
            Err(_) => vec![Reply::Line(format!(
                "Error (not UTF-8): {}",
                clip(&String::from_utf8_lossy(line))
            ))],
        }
    }

    /// Obeys one line from the GUI; returns the replies due now ([`Reply::Quit`] on
    /// `quit`).
    pub fn handle(&mut self, line: &str) -> Vec<Reply> {
        let mut out = Vec::new();
        let line = line.trim();
        let (cmd, arg) = line.split_once(' ').unwrap_or((line, ""));
        let arg = arg.trim();
        let mut say = |text: String| out.push(Reply::Line(text));
        match cmd {
            "" | "xboard" | "accepted" | "rejected" | "random" | "hard" | "easy" | "computer"
            | "name" | "rating" | "ics" | "draw" | "bk" | "hint" | "white" | "black" | "otim"
            | "egtpath" => {}
            "protover" => {
                say(format!(
                    "feature ping=1 setboard=1 usermove=1 playother=1 san=0 time=1 draw=0 \
                     sigint=0 sigterm=0 reuse=1 analyze=1 colors=0 memory=1 smp=1 nps=1 \
                     myname=\"{}\" variants=\"{}\"",
                    crate::ENGINE_NAME,
                    offered().join(",")
                ));
                say(format!(
                    "feature option=\"Move Overhead -spin {} 0 {}\"",
                    DEFAULT_OVERHEAD.as_millis(),
                    MAX_OVERHEAD.as_millis()
                ));
                say("feature done=1".into());
            }
            "option" => match arg.split_once('=') {
                Some((name, v)) if name.trim() == "Move Overhead" => {
                    match v.trim().parse::<u64>() {
                        Ok(ms) if Duration::from_millis(ms) <= MAX_OVERHEAD => {
                            self.overhead = Duration::from_millis(ms)
                        }
                        _ => say(format!("Error (bad option value): {}", clip(arg))),
                    }
                }
                _ => say(format!("Error (unknown option): {}", clip(arg))),
            },
            "analyze" => {
                self.abort();
                self.analyzing = true;
            }
            "exit" => {
                self.abort();
                self.analyzing = false;
            }
            "." => {
                if self.analyzing {
                    say(self.status_line());
                }
            }
            "nps" => match arg.parse::<u64>() {
                Ok(0) => self.nps = None,
                Ok(n) => self.nps = Some(n),
                Err(_) => say(format!("Error (bad nps): {}", clip(arg))),
            },
            // answered once the engine's move, if it is thinking on one, has gone out
            "ping" => self.pongs.push(format!("pong {arg}")),
            "new" => {
                self.abort();
                self.new_session(Variant::Chess);
                self.force = false;
                self.engine_side = Color::Black;
                self.depth = None;
            }
            "variant" => match from_xboard_name(arg) {
                Some(v) => {
                    self.abort();
                    self.new_session(v);
                    setup_commands(v).into_iter().for_each(say);
                }
                None => say(format!("Error (unknown variant): {}", clip(arg))),
            },
            "memory" => match arg.parse::<usize>() {
                Ok(mb) if mb >= 1 => {
                    self.abort();
                    self.hash_mb = mb.min(4096);
                    self.session.set_hash(self.hash_mb);
                }
                _ => say(format!("Error (bad memory size): {}", clip(arg))),
            },
            "cores" => match arg.parse::<usize>() {
                Ok(n) if (1..=session::MAX_THREADS).contains(&n) => {
                    self.abort();
                    // never more threads than the machine has cores
                    self.threads = session::cap_threads(n).0;
                    self.session.set_threads(self.threads);
                }
                _ => say(format!("Error (bad core count): {}", clip(arg))),
            },
            "force" | "result" => {
                self.abort();
                self.force = true;
            }
            "go" => {
                self.abort();
                self.analyzing = false;
                self.force = false;
                self.engine_side = self.session.turn();
                self.think(&mut out);
            }
            "playother" => {
                self.abort();
                self.analyzing = false;
                self.force = false;
                self.engine_side = !self.session.turn();
            }
            "setboard" => {
                self.abort();
                if let Err(e) = self.session.set_position(Some(arg), &[]) {
                    say(format!(
                        "tellusererror Illegal position: {}",
                        clip(&e.to_string())
                    ));
                    say(format!("Error (bad position): {}", clip(arg)));
                }
            }
            "usermove" => self.usermove(arg, &mut out),
            "undo" => {
                self.abort();
                self.session.undo();
            }
            "remove" => {
                self.abort();
                self.session.undo();
                self.session.undo();
            }
            "?" => {
                if self.thinking.is_some() {
                    self.session.stop();
                }
            }
            "sd" => match arg.parse::<u32>() {
                Ok(d) if d >= 1 => self.depth = Some(d.min(100)),
                _ => say(format!("Error (bad depth): {}", clip(arg))),
            },
            "st" => match seconds(arg) {
                Some(t) if !t.is_zero() => self.per_move = Some(t),
                _ => say(format!("Error (bad time): {}", clip(arg))),
            },
            "level" => match parse_level(arg) {
                Some(l) => {
                    self.level = Some(l);
                    self.per_move = None;
                }
                None => say(format!("Error (bad level): {}", clip(arg))),
            },
            "time" => match arg.parse::<u64>() {
                Ok(cs) => self.own_time = Some(Duration::from_millis(cs.saturating_mul(10))),
                Err(_) => say(format!("Error (bad time): {}", clip(arg))),
            },
            "post" => self.post = true,
            "nopost" => self.post = false,
            "quit" => {
                self.abort();
                self.session.join();
                out.push(Reply::Quit);
            }
            // protover 1 style: a bare move
            _ if looks_like_move(line) => self.usermove(line, &mut out),
            _ => say(format!("Error (unknown command): {}", clip(line))),
        }
        if self.analyzing && self.analysis.is_none() {
            self.analyse();
        }
        self.answer_pings(&mut out);
        out
    }

    /// Answers the `ping`s received, unless the engine is thinking on its move: CECP wants
    /// their `pong`s after that move.
    fn answer_pings(&mut self, out: &mut Vec<Reply>) {
        if self.thinking.is_none() {
            out.extend(self.pongs.drain(..).map(Reply::Line));
        }
    }

    /// Starts the analysis search of the current position (until the position changes or
    /// `exit`).
    fn analyse(&mut self) {
        self.searches += 1;
        let search = self.searches;
        self.analysis = Some(search);
        self.status = None;
        let notify = self.notify.clone();
        let limits = Limits {
            options: self.options,
            nodes: self.node_cap,
            ..Limits::default()
        };
        self.session.start(
            limits,
            false,
            Box::new(move |report| notify(Notice { search, report })),
        );
    }

    /// The answer to `.` in analysis mode: `stat01: TIME NODES DEPTH MOVESLEFT TOTALMOVES`
    /// (time in centiseconds since the analysis started; the moves are not counted: 0 0).
    fn status_line(&self) -> String {
        let (time, nodes, depth) = match &self.status {
            Some((p, t0)) => (t0.elapsed().as_millis() / 10, p.nodes, p.depth),
            None => (0, 0, 0),
        };
        format!("stat01: {time} {nodes} {depth} 0 0")
    }

    /// Obeys a search's notice (see the [module](self)); returns the replies due: a
    /// thinking line (after `post`), or the engine's move and the game's result.
    pub fn report(&mut self, notice: Notice) -> Vec<Reply> {
        let mut out = Vec::new();
        if self.analysis == Some(notice.search) {
            let p = match notice.report {
                Report::Info(p) => p,
                // the search ended by itself (a proven result, the deepest iteration)
                Report::Done(_, p) => p,
            };
            out.push(Reply::Line(thinking_line(&p)));
            let start = self.status.as_ref().map(|s| s.1);
            self.status = Some((p, start.unwrap_or_else(std::time::Instant::now)));
            return out;
        }
        if self.thinking != Some(notice.search) {
            return out; // an aborted search
        }
        match notice.report {
            Report::Info(p) => {
                if self.post {
                    out.push(Reply::Line(thinking_line(&p)));
                }
            }
            Report::Done(best, _) => {
                self.thinking = None;
                self.session.wait();
                if let Some(best) = best {
                    match self.session.play(&best) {
                        Ok(m) => out.push(Reply::Line(format!("move {m}"))),
                        Err(e) => out.push(Reply::Line(format!(
                            "Error (internal): {}",
                            clip(&e.to_string())
                        ))),
                    }
                }
                if let Some(o) = self.session.outcome() {
                    out.push(Reply::Line(result_line(&o)));
                }
                self.answer_pings(&mut out);
            }
        }
        out
    }

    /// Stops a search whose move (or analysis) is no longer wanted.
    fn abort(&mut self) {
        let analysis = self.analysis.take().is_some();
        if self.thinking.take().is_some() || analysis {
            self.session.join();
        }
    }

    fn usermove(&mut self, text: &str, out: &mut Vec<Reply>) {
        self.abort();
        if let Some(o) = self.session.outcome() {
            out.push(Reply::Line(format!(
                "Illegal move (the game is over: {}): {}",
                result_line(&o),
                clip(text)
            )));
            return;
        }
        match self.session.play(text) {
            Ok(_) => {
                if let Some(o) = self.session.outcome() {
                    if !self.analyzing {
                        out.push(Reply::Line(result_line(&o)));
                    }
                } else if !self.force && !self.analyzing && self.session.turn() == self.engine_side
                {
                    self.think(out);
                }
            }
            Err(e) => out.push(Reply::Line(format!(
                "Illegal move ({}): {}",
                clip(&e.to_string()),
                clip(text)
            ))),
        }
    }

    /// The search limits from `sd`, `st`, `level` and `time` (5 s a move without any).
    fn limits(&self) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            options: self.options,
            ..Limits::default()
        };
        if let Some(t) = self.per_move {
            limits.movetime = Some(t);
        } else if let Some((mps, base, inc)) = self.level {
            let moves_to_go = if mps > 0 {
                let made = (self.session.ply_count() / 2) as u32;
                Some(mps - made % mps)
            } else {
                None
            };
            let clock = Clock {
                remaining: self.own_time.unwrap_or(base),
                increment: inc,
                moves_to_go,
                overhead: self.overhead,
            };
            clock.apply(&mut limits);
        } else if let Some(t) = self.own_time {
            Clock {
                remaining: t,
                overhead: self.overhead,
                ..Clock::default()
            }
            .apply(&mut limits);
        } else if self.depth.is_none() {
            limits.movetime = Some(Duration::from_secs(5));
        }
        if let (Some(nps), Some(t)) = (self.nps, limits.movetime) {
            // `nps`: the time becomes a node budget (its soft part, when there is one)
            let t = limits.soft.take().unwrap_or(t);
            let nodes = (t.as_secs_f64() * nps as f64).max(1.0);
            limits.nodes = Some(if nodes >= u64::MAX as f64 {
                u64::MAX
            } else {
                nodes as u64
            });
            limits.movetime = None;
        }
        if let Some(cap) = self.node_cap {
            limits.nodes = Some(limits.nodes.map_or(cap, |n| n.min(cap)));
        }
        limits
    }

    /// Starts thinking on the engine's move (or announces the result of a finished game).
    fn think(&mut self, out: &mut Vec<Reply>) {
        if let Some(o) = self.session.outcome() {
            out.push(Reply::Line(result_line(&o)));
            return;
        }
        self.searches += 1;
        let search = self.searches;
        self.thinking = Some(search);
        let notify = self.notify.clone();
        let limits = self.limits();
        self.session.start(
            limits,
            false,
            Box::new(move |report| notify(Notice { search, report })),
        );
    }
}

/// `level MPS BASE INC`: moves per control (0: the whole game), base time in minutes or
/// minutes:seconds, increment in seconds.
fn parse_level(arg: &str) -> Option<(u32, Duration, Duration)> {
    let w: Vec<&str> = arg.split_whitespace().collect();
    let [mps, base, inc] = w.as_slice() else {
        return None;
    };
    Some((
        mps.parse::<u32>().ok()?,
        parse_time(base)?,
        Duration::try_from_secs_f64(inc.parse::<f64>().ok()?.max(0.0)).ok()?,
    ))
}

fn looks_like_move(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 4 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit() && !s.contains(' ')
}

/// A thinking line: `ply score time(cs) nodes pv`.
fn thinking_line(p: &Progress) -> String {
    let score = match p.score {
        Score::Cp(c) => c,
        Score::Mate(m) if m > 0 => 100_000 + m,
        Score::Mate(m) => -100_000 + m,
    };
    format!(
        "{} {} {} {} {}",
        p.depth,
        score,
        p.elapsed.as_millis() / 10,
        p.nodes,
        p.pv.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use citadel_notation::coord;
    use std::sync::mpsc::{self, Receiver};

    fn engine() -> (XBoard, Receiver<Notice>) {
        let (tx, rx) = mpsc::channel();
        let xb = XBoard::new(move |n| {
            let _ = tx.send(n);
        });
        (xb, rx)
    }

    fn lines(replies: Vec<Reply>) -> Vec<String> {
        replies
            .into_iter()
            .map(|r| match r {
                Reply::Line(l) => l,
                Reply::Quit => "(quit)".into(),
            })
            .collect()
    }

    /// Hands the search's notices back until the engine moves; returns the replies then.
    fn await_move(xb: &mut XBoard, rx: &Receiver<Notice>) -> Vec<String> {
        loop {
            let n = rx.recv_timeout(Duration::from_secs(30)).expect("a notice");
            let r = lines(xb.report(n));
            if r.iter().any(|l| l.starts_with("move ")) {
                return r;
            }
        }
    }

    #[test]
    fn protover_2_announces_the_features_and_every_game() {
        let (mut xb, _) = engine();
        assert!(xb.handle("xboard").is_empty());
        let f = lines(xb.handle("protover 2"));
        assert_eq!(f.len(), 3);
        for needed in [
            "setboard=1",
            "usermove=1",
            "ping=1",
            "smp=1",
            "analyze=1",
            "nps=1",
            "myname=\"Citadel ",
        ] {
            assert!(f[0].contains(needed), "{needed}: {}", f[0]);
        }
        assert_eq!(f[1], "feature option=\"Move Overhead -spin 30 0 5000\"");
        assert_eq!(f[2], "feature done=1");
        let names = f[0]
            .split("variants=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        let names: Vec<&str> = names.split(',').collect();
        // every game XBoard can draw, and no other
        assert_eq!(names.len(), Variant::ALL.len() - 2);
        for n in &names {
            let v = from_xboard_name(n).unwrap_or_else(|| panic!("{n}"));
            match xboard_game(v) {
                XBoardGame::Native(name) => assert_eq!(*n, name),
                XBoardGame::Setup => assert!(!setup_commands(v).is_empty(), "{n}"),
                XBoardGame::Unsupported => panic!("{n} offered"),
            }
        }
        for n in [
            "normal",
            "shatranj",
            "courier",
            "celtic-citadel",
            "mini-citadel",
        ] {
            assert!(names.contains(&n), "{n}");
        }
        for n in ["tamerlane", "byzantine", "chess"] {
            assert!(!names.contains(&n), "{n}");
        }
        assert_eq!(lines(xb.handle("ping 7")), ["pong 7"]);
    }

    #[test]
    fn a_ping_while_thinking_is_answered_after_the_move() {
        let (mut xb, rx) = engine();
        xb.handle("new");
        xb.handle("st 1");
        // `go`, then `?` (move now) and `ping`: the pong follows the move
        assert!(lines(xb.handle("go")).is_empty());
        assert!(lines(xb.handle("?")).is_empty());
        assert!(lines(xb.handle("ping 10")).is_empty());
        let r = await_move(&mut xb, &rx);
        let at = |p: &str| r.iter().position(|l| l.starts_with(p));
        assert!(
            at("move ") < at("pong 10") && at("pong 10").is_some(),
            "{r:?}"
        );
        // after a usermove the engine thinks: ping waits for its move again
        xb.handle("usermove e7e5");
        assert!(lines(xb.handle("ping 11")).is_empty());
        let r = await_move(&mut xb, &rx);
        assert_eq!(r.last().map(String::as_str), Some("pong 11"), "{r:?}");
        // a search called off answers at once
        xb.handle("usermove b8c6");
        assert!(lines(xb.handle("ping 12")).is_empty());
        assert_eq!(lines(xb.handle("force")), ["pong 12"]);
        assert_eq!(lines(xb.handle("ping 13")), ["pong 13"]);
    }

    #[test]
    fn variant_sends_the_setup_and_the_unknown_pieces() {
        let (mut xb, _) = engine();
        xb.handle("new");
        let r = lines(xb.handle("variant celtic-citadel"));
        assert_eq!(
            r,
            [
                "setup 11x11+0_fairy f9f/1rnbqkbsnr1/1ppppppppp1/11/11/11/11/11/1PPPPPPPPP1/1RNBQKBSNR1/F9F w KQkq - 0 1",
                "piece Q& RB",
                "piece R& R",
                "piece B& B",
                "piece N& N",
                "piece S& BN",
                "piece F& RN",
            ]
        );
        assert_eq!(xb.variant(), Variant::CelticCitadel);
        assert!(xb.handle("variant normal").is_empty());
        assert_eq!(xb.variant(), Variant::Chess);
        assert!(xb.handle("variant byzantine").is_empty());
        assert_eq!(
            lines(xb.handle("variant go-moku")),
            ["Error (unknown variant): go-moku"]
        );
        assert_eq!(xb.variant(), Variant::Byzantine);
    }

    #[test]
    fn usermove_is_answered_by_a_move_and_force_keeps_the_engine_quiet() {
        let (mut xb, rx) = engine();
        xb.handle("new");
        xb.handle("sd 2");
        xb.handle("post");
        assert!(xb.handle("usermove e2e4").is_empty());
        let r = await_move(&mut xb, &rx);
        let reply = r.last().unwrap().strip_prefix("move ").unwrap().to_string();
        let mut pos = fen::start::<citadel_rules::Chess>();
        for m in ["e2e4", reply.as_str()] {
            let m = coord::parse_move(&pos, m).expect("legal");
            pos.play_unchecked(m);
        }
        // in force mode moves are only recorded, for both sides
        xb.handle("force");
        assert!(xb.handle("usermove d2d4").is_empty());
        assert!(xb.handle("usermove d7d5").is_empty());
        assert!(rx.try_recv().is_err(), "no search in force mode");
        // `go` makes the engine play the side to move (White)
        assert!(xb.handle("go").is_empty());
        let r = await_move(&mut xb, &rx);
        assert!(r.last().unwrap().starts_with("move "));
        // a bare coordinate move (protocol 1) is a usermove too; an illegal one is refused
        xb.handle("force");
        let r = lines(xb.handle("e1e5"));
        assert_eq!(r, ["Illegal move (no legal move from e1 to e5): e1e5"]);
    }

    #[test]
    fn go_in_a_won_position_moves_and_announces_the_result() {
        let (mut xb, rx) = engine();
        xb.handle("new");
        xb.handle("force");
        assert!(xb
            .handle("setboard 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
            .is_empty());
        xb.handle("sd 3");
        xb.handle("go");
        let r = await_move(&mut xb, &rx);
        assert_eq!(r, ["move a1a8", "1-0 {White wins by checkmate}"]);
        // the game is over: moves are refused
        let r = lines(xb.handle("usermove g8h8"));
        assert!(
            r[0].starts_with("Illegal move (the game is over: 1-0"),
            "{r:?}"
        );
        // `undo` takes the mate back: the position is playable again
        xb.handle("undo");
        assert!(xb.handle("usermove a1a7").is_empty());
    }

    #[test]
    fn setboard_undo_and_result_handle_bad_input() {
        let (mut xb, rx) = engine();
        xb.handle("new");
        let r = lines(xb.handle("setboard 8/8/8 w - -"));
        assert_eq!(r.len(), 2);
        assert!(r[0].starts_with("tellusererror Illegal position: bad FEN"));
        assert_eq!(r[1], "Error (bad position): 8/8/8 w - -");
        for (bad, reply) in [
            ("level 40 x 0", "Error (bad level): 40 x 0"),
            ("level 40 1e300 0", "Error (bad level): 40 1e300 0"),
            ("st inf", "Error (bad time): inf"),
            ("st 0", "Error (bad time): 0"),
            ("sd 0", "Error (bad depth): 0"),
            ("time soon", "Error (bad time): soon"),
            ("memory 0", "Error (bad memory size): 0"),
            ("cores 0", "Error (bad core count): 0"),
            ("frobnicate", "Error (unknown command): frobnicate"),
        ] {
            assert_eq!(lines(xb.handle(bad)), [reply], "{bad}");
        }
        assert!(xb.handle("level 40 5 0").is_empty());
        assert!(xb.handle("time 100000000000000000000").len() == 1);
        assert!(xb.handle("time 18446744073709551615").is_empty());
        // moves then undo, remove: the engine plays Black after the takeback
        xb.handle("force");
        xb.handle("usermove e2e4");
        xb.handle("usermove e7e5");
        xb.handle("remove");
        xb.handle("undo");
        xb.handle("sd 1");
        xb.handle("playother");
        // White to move, the engine plays Black: the user's move starts it
        xb.handle("usermove d2d4");
        let r = await_move(&mut xb, &rx);
        let mut pos = fen::start::<citadel_rules::Chess>();
        let d4 = coord::parse_move(&pos, "d2d4").unwrap();
        pos.play_unchecked(d4);
        let m = r.last().unwrap().strip_prefix("move ").unwrap();
        assert!(coord::parse_move(&pos, m).is_ok(), "{m}");
        assert!(xb.handle("result 1-0 {White resigns}").is_empty());
        assert_eq!(xb.handle("quit"), [Reply::Quit]);
    }

    #[test]
    fn a_line_that_is_not_utf8_is_reported_and_skipped() {
        let (mut xb, _) = engine();
        assert_eq!(
            lines(xb.handle_bytes(b"\xff\xfe x")),
            ["Error (not UTF-8): \u{fffd}\u{fffd} x"]
        );
        assert_eq!(lines(xb.handle_bytes(b"ping 3")), ["pong 3"]);
    }

    #[test]
    fn times_beyond_any_clock_are_refused_or_saturate() {
        let (xb, rx) = engine();
        let mut xb = xb.with_node_cap(500);
        xb.handle("new");
        for (bad, reply) in [
            (
                "st 99999999999999999999",
                "Error (bad time): 99999999999999999999",
            ),
            ("st 1e300", "Error (bad time): 1e300"),
            ("st inf", "Error (bad time): inf"),
            ("level 1 1 1e300", "Error (bad level): 1 1 1e300"),
            ("level 1 1e300 1", "Error (bad level): 1 1e300 1"),
        ] {
            assert_eq!(lines(xb.handle(bad)), [reply], "{bad}");
        }
        // the longest times that are times: the search still ends (by the cap) and moves
        for (setting, clock) in [
            ("st 1e19", "time 1"),
            (
                "level 0 99999999999 99999999999",
                "time 18446744073709551615",
            ),
            ("level 40 0:59 1e18", "otim 1"),
        ] {
            xb.handle("new");
            xb.handle(setting);
            xb.handle(clock);
            assert!(xb.handle("usermove e2e4").is_empty(), "{setting}");
            assert!(await_move(&mut xb, &rx)
                .last()
                .unwrap()
                .starts_with("move "));
        }
    }

    #[test]
    fn analysis_mode_reports_until_exit_and_never_moves() {
        let (xb, rx) = engine();
        let mut xb = xb.with_node_cap(20_000);
        xb.handle("new");
        xb.handle("force");
        assert_eq!(
            lines(xb.handle(".")),
            Vec::<String>::new(),
            "no status outside analysis"
        );
        assert!(xb.handle("analyze").is_empty());
        // thinking lines come, without `post`
        let n = rx.recv_timeout(Duration::from_secs(30)).unwrap();
        let r = lines(xb.report(n));
        assert_eq!(r.len(), 1);
        assert!(r[0].starts_with("1 "), "{r:?}");
        let status = lines(xb.handle("."));
        assert!(status[0].starts_with("stat01: "), "{status:?}");
        assert_eq!(status[0].split(' ').count(), 6);
        // a move changes the position analysed; the engine does not answer it
        assert!(xb.handle("usermove e2e4").is_empty());
        let mut seen_black = false;
        while let Ok(n) = rx.recv_timeout(Duration::from_millis(500)) {
            for l in lines(xb.report(n)) {
                assert!(!l.starts_with("move "), "{l}");
                // Black's replies to e4 start the lines now
                seen_black |= l
                    .split(' ')
                    .nth(4)
                    .is_some_and(|m| m.ends_with('5') || m.ends_with('6'));
            }
        }
        assert!(seen_black);
        assert!(xb.handle("exit").is_empty());
        assert!(xb.handle(".").is_empty());
        assert!(rx.recv_timeout(Duration::from_millis(200)).is_err());
    }

    #[test]
    fn nps_turns_the_time_into_nodes_and_options_set_the_overhead() {
        let (mut xb, rx) = engine();
        xb.handle("new");
        assert!(xb.handle("nps 1000").is_empty());
        xb.handle("st 3");
        let l = xb.limits();
        assert_eq!((l.nodes, l.movetime), (Some(3000), None));
        assert_eq!(lines(xb.handle("nps x")), ["Error (bad nps): x"]);
        xb.handle("usermove e2e4");
        assert!(await_move(&mut xb, &rx)
            .last()
            .unwrap()
            .starts_with("move "));
        xb.handle("nps 0");
        assert_eq!(xb.limits().movetime, Some(Duration::from_secs(3)));
        assert!(xb.handle("option Move Overhead=200").is_empty());
        assert_eq!(xb.overhead, Duration::from_millis(200));
        assert_eq!(
            lines(xb.handle("option Move Overhead=lots")),
            ["Error (bad option value): Move Overhead=lots"]
        );
        assert_eq!(
            lines(xb.handle("option Ponder=1")),
            ["Error (unknown option): Ponder=1"]
        );
    }

    #[test]
    fn results_name_the_rule_that_ended_the_game() {
        use citadel_rules::Termination;
        let draw = Outcome {
            winner: None,
            termination: Termination::Citadel,
        };
        assert_eq!(result_line(&draw), "1/2-1/2 {Draw by citadel}");
        let win = Outcome {
            winner: Some(Color::Black),
            termination: Termination::BareKing,
        };
        assert_eq!(result_line(&win), "0-1 {Black wins by bare king}");
    }

    #[test]
    fn move_now_and_new_end_a_search() {
        let (mut xb, rx) = engine();
        xb.handle("new");
        xb.handle("st 60");
        xb.handle("usermove e2e4");
        std::thread::sleep(Duration::from_millis(50));
        let t0 = std::time::Instant::now();
        assert!(xb.handle("?").is_empty());
        await_move(&mut xb, &rx);
        assert!(t0.elapsed() < Duration::from_secs(3), "{:?}", t0.elapsed());
        // `new` abandons a search: its notices are ignored
        xb.handle("usermove d2d4");
        xb.handle("new");
        while let Ok(n) = rx.recv_timeout(Duration::from_millis(100)) {
            assert!(xb.report(n).is_empty());
        }
    }
}
