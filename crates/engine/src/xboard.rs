//! The Chess Engine Communication Protocol, version 2 (XBoard/WinBoard), as a state machine
//! without I/O: [`XBoard::handle`] takes one line from the GUI and returns the replies due at
//! once; a search's reports go to the callback given to [`XBoard::new`] (on the search
//! thread) as [`Notice`]s, which the caller hands back to [`XBoard::report`] — in one queue
//! with the GUI's lines, so that `?`, `force`, `new` and `quit` are obeyed while the engine
//! thinks. `quit` gives [`Reply::Quit`].
//!
//! Chess is XBoard's `normal`, shatranj its `shatranj`; the other games are engine-defined
//! variants: after `variant ID` the engine sends `setup (PIECES) WxH+0_fairy FEN` so XBoard
//! sizes the board and sets up the start position. Moves are coordinate moves as the rest
//! of the project writes them.
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

use crate::clock::Clock;
use crate::session::{self, Progress, Report, Session};
use crate::Reply;
use citadel_notation::{clip, fen, FenRights};
use citadel_pieces::betza;
use citadel_rules::{with_game, Color, Outcome, Position, Variant};
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

/// The XBoard name of a game: `normal` for chess, otherwise its id.
pub fn xboard_name(v: Variant) -> &'static str {
    match v {
        Variant::Chess => "normal",
        other => other.id(),
    }
}

/// The game an XBoard variant name stands for: `normal` is chess, the others are ids.
pub fn from_xboard_name(name: &str) -> Option<Variant> {
    Variant::from_name(name)
}

/// The `setup` command that describes an engine-defined game to XBoard — its board size and
/// start position — followed by a `piece` command (Betza) for each of its pieces other than
/// pawns and royals (XBoard's own pawn and king keep the double step and castling), when
/// every piece has a letter of its own. Chess and shatranj need none (XBoard knows them);
/// Tamerlane (whose citadels lie outside the 11x10 frame) and Byzantine chess (a round
/// board) get none because XBoard cannot draw their boards.
pub fn setup_commands(v: Variant) -> Vec<String> {
    match v {
        Variant::Chess | Variant::Shatranj | Variant::Tamerlane | Variant::Byzantine => Vec::new(),
        _ => with_game!(v, G => setup_of::<G>()),
    }
}

/// The `setup` and `piece` commands of game `G` (see [`setup_commands`]).
fn setup_of<G: FenRights>() -> Vec<String> {
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
    /// Search threads (`cores`), kept across games.
    threads: usize,
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
            threads: 1,
        }
    }

    /// The same engine with every search using `options` (all techniques on by default).
    pub fn with_options(mut self, options: SearchOptions) -> XBoard {
        self.options = options;
        self
    }

    /// The game being played.
    pub fn variant(&self) -> Variant {
        self.session.variant()
    }

    /// Starts a game of `v` from its start position, keeping the table size and threads.
    fn new_session(&mut self, v: Variant) {
        self.session = session::new(v, self.hash_mb);
        self.session.set_threads(self.threads);
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
            | "." | "exit" | "egtpath" | "option" => {}
            "protover" => {
                let variants: Vec<&str> = Variant::ALL.iter().map(|v| xboard_name(*v)).collect();
                say(format!(
                    "feature ping=1 setboard=1 usermove=1 playother=1 san=0 time=1 draw=0 \
                     sigint=0 sigterm=0 reuse=1 analyze=0 colors=0 memory=1 smp=1 \
                     myname=\"Citadel {}\" variants=\"{}\" done=1",
                    env!("CARGO_PKG_VERSION"),
                    variants.join(",")
                ));
            }
            "ping" => say(format!("pong {arg}")),
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
                    self.threads = n;
                    self.session.set_threads(n);
                }
                _ => say(format!("Error (bad core count): {}", clip(arg))),
            },
            "force" | "result" => {
                self.abort();
                self.force = true;
            }
            "go" => {
                self.abort();
                self.force = false;
                self.engine_side = self.session.turn();
                self.think(&mut out);
            }
            "playother" => {
                self.abort();
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
        out
    }

    /// Obeys a search's notice (see the [module](self)); returns the replies due: a
    /// thinking line (after `post`), or the engine's move and the game's result.
    pub fn report(&mut self, notice: Notice) -> Vec<Reply> {
        let mut out = Vec::new();
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
            }
        }
        out
    }

    /// Stops a search whose move is no longer wanted.
    fn abort(&mut self) {
        if self.thinking.take().is_some() {
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
                    out.push(Reply::Line(result_line(&o)));
                } else if !self.force && self.session.turn() == self.engine_side {
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
            };
            clock.apply(&mut limits);
        } else if let Some(t) = self.own_time {
            Clock {
                remaining: t,
                ..Clock::default()
            }
            .apply(&mut limits);
        } else if self.depth.is_none() {
            limits.movetime = Some(Duration::from_secs(5));
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
        assert_eq!(f.len(), 1);
        for needed in [
            "setboard=1",
            "usermove=1",
            "ping=1",
            "smp=1",
            "myname=\"Citadel",
        ] {
            assert!(f[0].contains(needed), "{needed}: {}", f[0]);
        }
        assert!(f[0].ends_with("done=1"));
        let names = f[0]
            .split("variants=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        let names: Vec<&str> = names.split(',').collect();
        assert_eq!(names.len(), Variant::ALL.len());
        for n in names {
            assert!(from_xboard_name(n).is_some(), "{n}");
        }
        assert_eq!(lines(xb.handle("ping 7")), ["pong 7"]);
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
        assert_eq!(r, ["Illegal move (`e1e5` is not a legal move here): e1e5"]);
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
