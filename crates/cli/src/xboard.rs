//! `citadel xboard`: the Chess Engine Communication Protocol, version 2 (XBoard/WinBoard).
//!
//! Chess is XBoard's `normal`, shatranj its `shatranj`; the other games are engine-defined
//! variants: after `variant ID` the engine sends `setup (PIECES) WxH+0_fairy FEN` so XBoard
//! sizes the board and sets up the start position. Moves are coordinate moves as the rest of
//! the project writes them. Commands arrive on a reader thread and search results on the
//! search thread; both meet in one channel, so `?`, `force`, `new` and `quit` are obeyed
//! while the engine thinks.

use crate::betza;
use crate::clock::Clock;
use crate::session::{self, Progress, Report, Session};
use crate::uci::{cut, send};
use crate::Failure;
use citadel_notation::{fen, FenRights};
use citadel_rules::{with_game, Color, Outcome, Position, Variant};
use citadel_search::{Limits, Score};
use std::io::BufRead;
use std::sync::mpsc;
use std::time::Duration;

/// Arguments of `citadel xboard`.
#[derive(clap::Args)]
pub struct Args {}

const DEFAULT_HASH: usize = 16;

enum Event {
    Line(String),
    /// A search report, with the number of the search it belongs to.
    Search(u64, Report),
    Eof,
}

/// The XBoard name of a game: `normal` for chess, otherwise its id.
pub fn xboard_name(v: Variant) -> &'static str {
    match v {
        Variant::Chess => "normal",
        other => other.id(),
    }
}

fn from_xboard_name(name: &str) -> Option<Variant> {
    Variant::from_name(name)
}

/// The `setup` command that describes an engine-defined game to XBoard — its board size and
/// start position — followed by a `piece` command (Betza) for each of its pieces other than
/// pawns and royals (XBoard's own pawn and king keep the double step and castling), when
/// every piece has a letter of its own. Chess and shatranj need none (XBoard knows them); Tamerlane (whose
/// citadels lie outside the 11x10 frame) and Byzantine chess (a round board) get none
/// because XBoard cannot draw their boards.
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

struct Engine {
    session: Box<dyn Session>,
    tx: mpsc::Sender<Event>,
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
    /// Search threads (`cores`), kept across games.
    threads: usize,
}

pub fn run(_a: &Args) -> Result<(), Failure> {
    let (tx, rx) = mpsc::channel();
    let reader = tx.clone();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if reader.send(Event::Line(line)).is_err() {
                return;
            }
        }
        let _ = reader.send(Event::Eof);
    });
    let mut e = Engine {
        session: session::new(Variant::Chess, DEFAULT_HASH),
        tx,
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
        threads: 1,
    };
    while let Ok(ev) = rx.recv() {
        match ev {
            Event::Line(l) => {
                if !e.command(l.trim()) {
                    break;
                }
            }
            Event::Search(n, r) => e.report(n, r),
            Event::Eof => break,
        }
    }
    e.session.join();
    Ok(())
}

fn parse_time(text: &str) -> Option<Duration> {
    // minutes, or minutes:seconds
    let (m, s) = text.split_once(':').unwrap_or((text, "0"));
    let m: f64 = m.parse().ok()?;
    let s: u64 = s.parse().ok()?;
    (m >= 0.0).then(|| Duration::from_secs_f64(m * 60.0) + Duration::from_secs(s))
}

fn result_line(o: &Outcome) -> String {
    let why = o.termination.name();
    match o.winner {
        Some(Color::White) => format!("1-0 {{White wins by {why}}}"),
        Some(Color::Black) => format!("0-1 {{Black wins by {why}}}"),
        None => format!("1/2-1/2 {{Draw by {why}}}"),
    }
}

impl Engine {
    /// Starts a game of `v` from its start position, keeping the table size and threads.
    fn new_session(&mut self, v: Variant) {
        self.session = session::new(v, self.hash_mb);
        self.session.set_threads(self.threads);
    }

    /// Obeys one line; `false` on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let (cmd, arg) = line.split_once(' ').unwrap_or((line, ""));
        let arg = arg.trim();
        match cmd {
            "" | "xboard" | "accepted" | "rejected" | "random" | "hard" | "easy" | "computer"
            | "name" | "rating" | "ics" | "draw" | "bk" | "hint" | "white" | "black" | "otim"
            | "." | "exit" | "egtpath" | "option" => {}
            "protover" => {
                let variants: Vec<&str> = Variant::ALL.iter().map(|v| xboard_name(*v)).collect();
                send(&format!(
                    "feature ping=1 setboard=1 usermove=1 playother=1 san=0 time=1 draw=0 \
                     sigint=0 sigterm=0 reuse=1 analyze=0 colors=0 memory=1 smp=1 \
                     myname=\"Citadel {}\" variants=\"{}\" done=1",
                    env!("CARGO_PKG_VERSION"),
                    variants.join(",")
                ));
            }
            "ping" => send(&format!("pong {arg}")),
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
                    for s in setup_commands(v) {
                        send(&s);
                    }
                }
                None => send(&format!("Error (unknown variant): {}", cut(arg))),
            },
            "memory" => match arg.parse::<usize>() {
                Ok(mb) if mb >= 1 => {
                    self.abort();
                    self.hash_mb = mb.min(4096);
                    self.session.set_hash(self.hash_mb);
                }
                _ => send(&format!("Error (bad memory size): {}", cut(arg))),
            },
            "cores" => match arg.parse::<usize>() {
                Ok(n) if (1..=session::MAX_THREADS).contains(&n) => {
                    self.abort();
                    self.threads = n;
                    self.session.set_threads(n);
                }
                _ => send(&format!("Error (bad core count): {}", cut(arg))),
            },
            "force" => {
                self.abort();
                self.force = true;
            }
            "result" => {
                self.abort();
                self.force = true;
            }
            "go" => {
                self.abort();
                self.force = false;
                self.engine_side = self.session.turn();
                self.think();
            }
            "playother" => {
                self.abort();
                self.force = false;
                self.engine_side = !self.session.turn();
            }
            "setboard" => {
                self.abort();
                if let Err(e) = self.session.set_position(Some(arg), &[]) {
                    send(&format!("tellusererror Illegal position: {}", cut(&e)));
                    send(&format!("Error (bad position): {}", cut(arg)));
                }
            }
            "usermove" => self.usermove(arg),
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
                _ => send(&format!("Error (bad depth): {}", cut(arg))),
            },
            "st" => match arg.parse::<f64>() {
                Ok(s) if s > 0.0 => self.per_move = Some(Duration::from_secs_f64(s)),
                _ => send(&format!("Error (bad time): {}", cut(arg))),
            },
            "level" => {
                let w: Vec<&str> = arg.split_whitespace().collect();
                let parsed = match w.as_slice() {
                    [mps, base, inc] => (|| {
                        Some((
                            mps.parse::<u32>().ok()?,
                            parse_time(base)?,
                            Duration::from_secs_f64(inc.parse::<f64>().ok()?.max(0.0)),
                        ))
                    })(),
                    _ => None,
                };
                match parsed {
                    Some(l) => {
                        self.level = Some(l);
                        self.per_move = None;
                    }
                    None => send(&format!("Error (bad level): {}", cut(arg))),
                }
            }
            "time" => match arg.parse::<u64>() {
                Ok(cs) => self.own_time = Some(Duration::from_millis(cs * 10)),
                Err(_) => send(&format!("Error (bad time): {}", cut(arg))),
            },
            "post" => self.post = true,
            "nopost" => self.post = false,
            "quit" => return false,
            _ => {
                // protover 1 style: a bare move
                if looks_like_move(line) {
                    self.usermove(line);
                } else {
                    send(&format!("Error (unknown command): {}", cut(line)));
                }
            }
        }
        true
    }

    /// Stops a search whose move is no longer wanted.
    fn abort(&mut self) {
        if self.thinking.take().is_some() {
            self.session.join();
        }
    }

    fn usermove(&mut self, text: &str) {
        self.abort();
        if let Some(o) = self.session.outcome() {
            send(&format!(
                "Illegal move (the game is over: {}): {}",
                result_line(&o),
                cut(text)
            ));
            return;
        }
        match self.session.play(text) {
            Ok(_) => {
                if let Some(o) = self.session.outcome() {
                    send(&result_line(&o));
                } else if !self.force && self.session.turn() == self.engine_side {
                    self.think();
                }
            }
            Err(e) => send(&format!("Illegal move ({}): {}", cut(&e), cut(text))),
        }
    }

    fn limits(&self) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            options: crate::search_options(),
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

    fn think(&mut self) {
        if let Some(o) = self.session.outcome() {
            send(&result_line(&o));
            return;
        }
        self.searches += 1;
        let n = self.searches;
        self.thinking = Some(n);
        let tx = self.tx.clone();
        let limits = self.limits();
        self.session.start(
            limits,
            false,
            Box::new(move |r| {
                let _ = tx.send(Event::Search(n, r));
            }),
        );
    }

    fn report(&mut self, n: u64, r: Report) {
        if self.thinking != Some(n) {
            return; // an aborted search
        }
        match r {
            Report::Info(p) => {
                if self.post {
                    send(&thinking_line(&p));
                }
            }
            Report::Done(best, _) => {
                self.thinking = None;
                self.session.wait();
                let Some(best) = best else {
                    if let Some(o) = self.session.outcome() {
                        send(&result_line(&o));
                    }
                    return;
                };
                match self.session.play(&best) {
                    Ok(m) => {
                        send(&format!("move {m}"));
                        if let Some(o) = self.session.outcome() {
                            send(&result_line(&o));
                        }
                    }
                    Err(e) => send(&format!("Error (internal): {}", cut(&e))),
                }
            }
        }
    }
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
