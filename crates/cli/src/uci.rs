//! `citadel uci`: the UCI protocol as Fairy-Stockfish extends it for variants (the game is
//! chosen with the `UCI_Variant` option). Moves are coordinate moves as the rest of the
//! project writes them. Input that cannot be obeyed gets an `info string error ...` line;
//! nothing a GUI sends ends the engine but `quit` (or the end of its input).

use crate::clock::Clock;
use crate::session::{self, Progress, Report, Session, MAX_THREADS};
use crate::Failure;
use citadel_rules::{Color, Variant};
use citadel_search::Limits;
use std::io::BufRead;
use std::time::Duration;

/// Arguments of `citadel uci`.
#[derive(clap::Args)]
pub struct Args {
    /// The game at start-up (the GUI may change it with `setoption name UCI_Variant`).
    #[arg(long, default_value = "chess")]
    variant: String,
}

/// Transposition table size at start-up, in MB.
const DEFAULT_HASH: usize = 16;
const MAX_HASH: usize = 4096;

/// Writes one protocol line and flushes; a closed pipe ends the engine.
pub fn send(line: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{line}").and_then(|_| out.flush()).is_err() {
        std::process::exit(0);
    }
}

/// Cuts user text to ~80 characters for a message.
pub fn cut(s: &str) -> String {
    let mut t: String = s.chars().take(80).collect();
    if t.len() < s.len() {
        t.push('…');
    }
    t
}

fn info_line(p: &Progress) -> String {
    let mut s = format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {}",
        p.depth,
        p.seldepth,
        p.score,
        p.nodes,
        p.nps,
        p.elapsed.as_millis()
    );
    if !p.pv.is_empty() {
        s.push_str(" pv ");
        s.push_str(&p.pv.join(" "));
    }
    s
}

pub fn run(a: &Args) -> Result<(), Failure> {
    let variant: Variant = a.variant.parse().map_err(Failure::from)?;
    let mut engine = Uci {
        session: session::new(variant, DEFAULT_HASH),
        hash_mb: DEFAULT_HASH,
        threads: 1,
        infinite: false,
    };
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if !engine.command(line.trim()) {
            break;
        }
    }
    engine.session.stop();
    engine.session.join();
    Ok(())
}

struct Uci {
    session: Box<dyn Session>,
    hash_mb: usize,
    /// Search threads (`Threads`).
    threads: usize,
    /// Whether the last `go` was `go infinite` (it ends only with `stop`).
    infinite: bool,
}

fn error(msg: &str) {
    send(&format!("info string error: {msg}"));
}

impl Uci {
    /// Obeys one line; `false` on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            return true;
        };
        let rest: Vec<&str> = words.collect();
        match cmd {
            "uci" => {
                send(&format!("id name Citadel {}", env!("CARGO_PKG_VERSION")));
                send("id author the Citadel authors");
                let vars: Vec<String> = Variant::ALL
                    .iter()
                    .map(|v| format!("var {}", v.id()))
                    .collect();
                send(&format!(
                    "option name UCI_Variant type combo default {} {}",
                    self.session.variant().id(),
                    vars.join(" ")
                ));
                send(&format!(
                    "option name Hash type spin default {DEFAULT_HASH} min 1 max {MAX_HASH}"
                ));
                send(&format!(
                    "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
                ));
                send("option name Clear Hash type button");
                send("uciok");
            }
            "isready" => send("readyok"),
            "ucinewgame" => {
                if self.busy() {
                    return true;
                }
                self.session.clear();
                if let Err(e) = self.session.set_position(None, &[]) {
                    error(&e);
                }
            }
            "setoption" => {
                if !self.busy() {
                    self.setoption(&rest);
                }
            }
            "position" => {
                if !self.busy() {
                    self.position(&rest);
                }
            }
            "go" => {
                if !self.busy() {
                    self.go(&rest);
                }
            }
            "stop" => self.session.stop(),
            "ponderhit" | "debug" | "register" => {}
            "quit" => return false,
            _ => error(&format!("unknown command `{}`", cut(line))),
        }
        true
    }

    /// Before a command that needs the board: waits for a search with limits to end; refuses
    /// (with a message) while an infinite search runs.
    fn busy(&mut self) -> bool {
        if self.infinite && self.session.searching() {
            error("searching until `stop`; send `stop` first");
            true
        } else {
            self.session.wait();
            false
        }
    }

    fn setoption(&mut self, rest: &[&str]) {
        let text = rest.join(" ");
        let Some(body) = text.strip_prefix("name ") else {
            return error(&format!("setoption needs `name`: `{}`", cut(&text)));
        };
        let (name, value) = match body.split_once(" value ") {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (body.trim(), None),
        };
        match (name.to_ascii_lowercase().as_str(), value) {
            ("uci_variant", Some(v)) => match v.parse::<Variant>() {
                Ok(var) => {
                    self.session = session::new(var, self.hash_mb);
                    self.session.set_threads(self.threads);
                }
                Err(_) => error(&format!(
                    "UCI_Variant: unknown game `{}` (one of: {})",
                    cut(v),
                    Variant::ALL.map(|v| v.id()).join(", ")
                )),
            },
            ("hash", Some(v)) => match v.parse::<usize>() {
                Ok(mb) if (1..=MAX_HASH).contains(&mb) => {
                    self.hash_mb = mb;
                    self.session.set_hash(mb);
                }
                _ => error(&format!("Hash: `{}` is not a size 1..{MAX_HASH}", cut(v))),
            },
            ("threads", Some(v)) => match v.parse::<usize>() {
                Ok(n) if (1..=MAX_THREADS).contains(&n) => {
                    self.threads = n;
                    self.session.set_threads(n);
                }
                _ => error(&format!(
                    "Threads: `{}` is not a count 1..{MAX_THREADS}",
                    cut(v)
                )),
            },
            ("clear hash", _) => self.session.clear(),
            (_, None)
                if name.eq_ignore_ascii_case("uci_variant")
                    || name.eq_ignore_ascii_case("hash")
                    || name.eq_ignore_ascii_case("threads") =>
            {
                error(&format!("setoption name {name} needs a value"))
            }
            _ => error(&format!("unknown option `{}`", cut(name))),
        }
    }

    fn position(&mut self, rest: &[&str]) {
        let moves_at = rest.iter().position(|w| *w == "moves");
        let (head, moves) = match moves_at {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => (rest, &[][..]),
        };
        let fen = match head.first() {
            Some(&"startpos") if head.len() == 1 => None,
            Some(&"fen") if head.len() > 1 => Some(head[1..].join(" ")),
            _ => {
                return error(&format!(
                    "position needs `startpos` or `fen FEN`: `position {}`",
                    cut(&rest.join(" "))
                ))
            }
        };
        if let Err(e) = self.session.set_position(fen.as_deref(), moves) {
            error(&format!("position not changed: {}", cut(&e)));
        }
    }

    fn go(&mut self, rest: &[&str]) {
        let mut limits = Limits {
            options: crate::search_options(),
            ..Limits::default()
        };
        let mut infinite = false;
        let (mut wtime, mut btime, mut winc, mut binc, mut mtg) = (None, None, 0, 0, None);
        let mut i = 0;
        while i < rest.len() {
            let key = rest[i];
            let arg = rest.get(i + 1).and_then(|v| v.parse::<i64>().ok());
            let with_arg = |f: &mut dyn FnMut(u64)| match arg {
                Some(n) => {
                    f(n.max(0) as u64);
                    Ok(())
                }
                None => Err(format!("go {key} needs a number")),
            };
            let r = match key {
                "infinite" => {
                    infinite = true;
                    i += 1;
                    continue;
                }
                "ponder" => {
                    i += 1;
                    continue;
                }
                "depth" => with_arg(&mut |n| limits.depth = Some(n.clamp(1, 100) as u32)),
                "nodes" => with_arg(&mut |n| limits.nodes = Some(n.max(1))),
                "movetime" => {
                    with_arg(&mut |n| limits.movetime = Some(Duration::from_millis(n.max(1))))
                }
                "wtime" => with_arg(&mut |n| wtime = Some(n)),
                "btime" => with_arg(&mut |n| btime = Some(n)),
                "winc" => with_arg(&mut |n| winc = n),
                "binc" => with_arg(&mut |n| binc = n),
                "movestogo" => with_arg(&mut |n| mtg = Some(n as u32)),
                "mate" | "searchmoves" => Err(format!("go {key} is not supported")),
                _ => Err(format!("go: unknown parameter `{}`", cut(key))),
            };
            if let Err(e) = r {
                return error(&e);
            }
            i += 2;
        }
        let (time, inc) = match self.session.turn() {
            Color::White => (wtime, winc),
            Color::Black => (btime, binc),
        };
        self.infinite = infinite;
        if let (Some(t), false) = (time, infinite) {
            Clock {
                remaining: Duration::from_millis(t),
                increment: Duration::from_millis(inc),
                moves_to_go: mtg,
            }
            .apply(&mut limits);
        }
        self.session.start(
            limits,
            infinite,
            Box::new(|r| match r {
                Report::Info(p) => send(&info_line(&p)),
                Report::Done(best, p) => {
                    send(&info_line(&p));
                    send(&format!(
                        "bestmove {}",
                        best.unwrap_or_else(|| "(none)".into())
                    ));
                }
            }),
        );
    }
}
