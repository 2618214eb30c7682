//! The UCI protocol as Fairy-Stockfish extends it for variants (the game is chosen with the
//! `UCI_Variant` option), as a state machine without I/O: [`Uci::handle`] takes one line
//! from the GUI and returns the replies due at once; the lines a search sends later
//! (`info`, `bestmove`) go to the callback given to [`Uci::new`], from the search thread.
//! Moves are coordinate moves as the rest of the project writes them. Input that cannot be
//! obeyed gets an `info string error ...` line; nothing a GUI sends ends the engine but
//! `quit`, which gives [`Reply::Quit`].
//!
//! Every line is answered at once, searching or not (`isready`, `stop`, `ponderhit`): a
//! command that changes the board or the options while a search runs (`position`,
//! `ucinewgame`, `setoption`) is put off until the search has ended, and obeyed then, in
//! order. After a `position` that is refused, `go` answers `bestmove 0000` (with an
//! `info string` giving the reason) until a valid `position` arrives: the engine never
//! searches a position the GUI does not have.
//!
//! ```
//! use citadel_engine::uci::Uci;
//! use citadel_engine::Reply;
//! use citadel_rules::Variant;
//! use std::sync::mpsc;
//!
//! let (tx, later) = mpsc::channel();
//! let mut uci = Uci::new(Variant::Chess, move |line| {
//!     let _ = tx.send(line);
//! });
//! assert_eq!(uci.handle("isready"), [Reply::Line("readyok".into())]);
//! uci.handle("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
//! assert!(uci.handle("go depth 3").is_empty());
//! let best = later.iter().find(|l: &String| l.starts_with("bestmove"));
//! assert_eq!(best.as_deref(), Some("bestmove a1a8"));
//! assert_eq!(uci.handle("quit"), [Reply::Quit]);
//! ```

use crate::clock::{Clock, DEFAULT_OVERHEAD, MAX_OVERHEAD};
use crate::player::MAX_DEPTH;
use crate::session::{self, cap_threads, Progress, Report, Session, MAX_THREADS};
use crate::Reply;
use citadel_notation::clip;
use citadel_rules::{Color, Variant};
use citadel_search::{Limits, SearchOptions, SearchParams};
use std::sync::Arc;
use std::time::Duration;

/// Transposition table size at start-up, in MB.
pub const DEFAULT_HASH: usize = 16;
/// Largest transposition table the `Hash` option accepts, in MB.
pub const MAX_HASH: usize = 4096;
/// Most lines the `MultiPV` option accepts.
pub const MAX_MULTIPV: usize = 256;
/// The deepest `go perft` accepted (as `citadel perft --depth`).
pub const MAX_PERFT_DEPTH: u32 = 20;
/// The words that start a parameter of `go`.
const GO_WORDS: [&str; 12] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

/// Where the lines a search sends later go (called on the search thread).
type Later = Arc<dyn Fn(String) + Send + Sync>;

/// A UCI engine: the game, the options and the search (see the [module](self)).
pub struct Uci {
    session: Box<dyn Session>,
    hash_mb: usize,
    /// Search threads (`Threads`).
    threads: usize,
    /// Commands that change the board or the options, put off while a search runs.
    pending: Vec<String>,
    /// Why the last `position` was refused, until a valid one arrives.
    refused: Option<String>,
    /// Lines per search (`MultiPV`).
    multipv: usize,
    /// Time each move loses outside the search (`Move Overhead`).
    overhead: Duration,
    later: Later,
    /// The search techniques every search uses.
    options: SearchOptions,
    /// The most nodes any search may take, whatever the GUI asks (see `with_node_cap`).
    node_cap: Option<u64>,
}

/// The `info depth ...` lines of a search's progress: one, or with `MultiPV` one per line
/// (`info depth 6 seldepth 9 multipv 2 score ...`).
pub fn info_lines(p: &Progress) -> Vec<String> {
    let line = |multipv: Option<usize>, score: &citadel_search::Score, pv: &[String]| {
        // the deepest ply reached is never less than the completed depth
        let seldepth = p.seldepth.max(p.depth);
        let mut s = format!("info depth {} seldepth {seldepth}", p.depth);
        if let Some(k) = multipv {
            s.push_str(&format!(" multipv {k}"));
        }
        s.push_str(&format!(
            " score {score} nodes {} nps {} time {}",
            p.nodes,
            p.nps,
            p.elapsed.as_millis()
        ));
        if !pv.is_empty() {
            s.push_str(" pv ");
            s.push_str(&pv.join(" "));
        }
        s
    };
    if p.lines.is_empty() {
        vec![line(None, &p.score, &p.pv)]
    } else {
        p.lines
            .iter()
            .enumerate()
            .map(|(k, l)| line(Some(k + 1), &l.score, &l.pv))
            .collect()
    }
}

/// A number parameter of `go`: negative numbers are 0, numbers beyond `u64` saturate;
/// `None` when `text` is not a whole number.
fn number(text: &str) -> Option<u64> {
    let digits = text
        .strip_prefix('-')
        .or_else(|| text.strip_prefix('+'))
        .unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if text.starts_with('-') {
        return Some(0);
    }
    Some(digits.parse::<u64>().unwrap_or(u64::MAX))
}

/// An `info string ...` note on input that was ignored.
fn note(out: &mut Vec<Reply>, msg: &str) {
    out.push(Reply::Line(format!("info string ignored: {msg}")));
}

/// An `info string error: ...` reply.
fn error(out: &mut Vec<Reply>, msg: &str) {
    out.push(Reply::Line(format!("info string error: {msg}")));
}

impl Uci {
    /// An engine playing `variant` from its start position; `later` receives the lines a
    /// search sends (`info`, `bestmove`), on the search thread.
    pub fn new(variant: Variant, later: impl Fn(String) + Send + Sync + 'static) -> Uci {
        Uci {
            session: session::new(variant, DEFAULT_HASH),
            hash_mb: DEFAULT_HASH,
            threads: 1,
            pending: Vec::new(),
            refused: None,
            multipv: 1,
            overhead: DEFAULT_OVERHEAD,
            later: Arc::new(later),
            options: SearchOptions::default(),
            node_cap: None,
        }
    }

    /// The same engine with every search using `options` (all techniques on by default).
    pub fn with_options(mut self, options: SearchOptions) -> Uci {
        self.options = options;
        self
    }

    /// The same engine with every search stopping after at most `nodes` nodes, whatever the
    /// GUI asks: a session whose every search is short (tests, fuzzing).
    pub fn with_node_cap(mut self, nodes: u64) -> Uci {
        self.node_cap = Some(nodes.max(1));
        self
    }

    /// The game being played.
    pub fn variant(&self) -> Variant {
        self.session.variant()
    }

    /// Obeys one line from the GUI as it was read; a line that is not UTF-8 is reported
    /// (`info string error: ...`) and skipped.
    pub fn handle_bytes(&mut self, line: &[u8]) -> Vec<Reply> {
        match std::str::from_utf8(line) {
            Ok(text) => self.handle(text),
            Err(e) => vec![Reply::Line(format!(
                "info string error: a line that is not UTF-8 was skipped (byte {})",
                e.valid_up_to() + 1
            ))],
        }
    }

    /// Obeys one line from the GUI; returns the replies due now ([`Reply::Quit`] on
    /// `quit`). Never waits for a search but to start another (`go`) or to quit.
    pub fn handle(&mut self, line: &str) -> Vec<Reply> {
        let mut out = Vec::new();
        let line = line.trim();
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            return out;
        };
        let rest: Vec<&str> = words.collect();
        if !self.session.searching() {
            self.obey_pending(&mut out);
        }
        match cmd {
            "uci" => self.identify(&mut out),
            "isready" => out.push(Reply::Line("readyok".into())),
            "ucinewgame" | "setoption" | "position" if self.session.searching() => {
                self.pending.push(line.to_string());
            }
            "ucinewgame" | "setoption" | "position" => self.change(cmd, &rest, &mut out),
            "go" => {
                // every `go` gets its `bestmove`: one during a search ends that search first
                // (which sends its own), then what was put off is obeyed
                self.session.join();
                self.obey_pending(&mut out);
                match rest.as_slice() {
                    _ if self.refused.is_some() => self.no_position(&rest, &mut out),
                    ["perft", depth] => self.perft(depth, &mut out),
                    ["perft", ..] => error(&mut out, "go perft needs one depth: `go perft N`"),
                    _ => self.go(&rest, &mut out),
                }
            }
            // the search ends soon; what was put off is obeyed with the next command
            "stop" => self.session.stop(),
            // a ponder search becomes the real one: its move goes out when it ends
            "ponderhit" => self.session.release(),
            "debug" | "register" => {}
            "quit" => {
                self.session.join();
                out.push(Reply::Quit);
            }
            _ => error(&mut out, &format!("unknown command `{}`", clip(line))),
        }
        out
    }

    /// The replies to `uci`: names, options, `uciok`.
    fn identify(&self, out: &mut Vec<Reply>) {
        // the built-in games, then those of the variants files read (`--variant-path`)
        let vars: Vec<String> = Variant::ALL
            .into_iter()
            .chain(citadel_rules::defined::all())
            .map(|v| format!("var {}", v.id()))
            .collect();
        for line in [
            format!("id name {}", crate::ENGINE_NAME),
            "id author the Citadel authors".into(),
            format!(
                "option name UCI_Variant type combo default {} {}",
                self.session.variant().id(),
                vars.join(" ")
            ),
            format!("option name Hash type spin default {DEFAULT_HASH} min 1 max {MAX_HASH}"),
            format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
            "option name Clear Hash type button".into(),
            format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
            format!(
                "option name Move Overhead type spin default {} min 0 max {}",
                DEFAULT_OVERHEAD.as_millis(),
                MAX_OVERHEAD.as_millis()
            ),
            "option name VariantPath type string default <empty>".into(),
        ] {
            out.push(Reply::Line(line));
        }
        // the search's tunable numbers, for tuners (`cargo xtask spsa`)
        let values = self.options.params.values();
        for (s, v) in SearchParams::SPECS.iter().zip(values) {
            out.push(Reply::Line(format!(
                "option name {} type spin default {v} min {} max {}",
                s.name, s.min, s.max
            )));
        }
        out.push(Reply::Line("uciok".into()));
    }

    /// Obeys a command that changes the board or the options (`ucinewgame`, `setoption`,
    /// `position`), with no search running.
    fn change(&mut self, cmd: &str, rest: &[&str], out: &mut Vec<Reply>) {
        match cmd {
            "ucinewgame" => {
                self.session.clear();
                if let Err(e) = self.session.set_position(None, &[]) {
                    error(out, &e.to_string());
                }
            }
            "setoption" => self.setoption(rest, out),
            _ => self.position(rest, out),
        }
    }

    /// Obeys, in order, the commands put off while a search ran (it has ended).
    fn obey_pending(&mut self, out: &mut Vec<Reply>) {
        for line in std::mem::take(&mut self.pending) {
            let mut words = line.split_whitespace();
            let cmd = words.next().unwrap_or_default();
            let rest: Vec<&str> = words.collect();
            self.change(cmd, &rest, out);
        }
    }

    /// The answer to `go` after a refused `position`: the reason, and no move. As a
    /// search's answer it goes through the callback, so that every `go` has its `bestmove`
    /// there; `go perft` gets the reason alone, at once.
    fn no_position(&self, rest: &[&str], out: &mut Vec<Reply>) {
        let reason = self.refused.as_deref().unwrap_or_default();
        let reason = format!("no position to search: {reason}");
        if rest.first() == Some(&"perft") {
            return error(out, &reason);
        }
        (self.later)(format!("info string error: {reason}"));
        (self.later)("bestmove 0000".into());
    }

    fn setoption(&mut self, rest: &[&str], out: &mut Vec<Reply>) {
        let text = rest.join(" ");
        let Some(body) = text.strip_prefix("name ") else {
            return error(out, &format!("setoption needs `name`: `{}`", clip(&text)));
        };
        let (name, value) = match body.split_once(" value ") {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (body.trim(), None),
        };
        match (name.to_ascii_lowercase().as_str(), value) {
            ("uci_variant", Some(v)) => match v.parse::<Variant>() {
                Ok(var) => {
                    session::replace(&mut self.session, var, self.hash_mb, self.threads);
                }
                Err(_) => error(
                    out,
                    &format!(
                        "UCI_Variant: unknown game `{}` (one of: {})",
                        clip(v),
                        Variant::ALL
                            .into_iter()
                            .chain(citadel_rules::defined::all())
                            .map(|v| v.id())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ),
            },
            // a variants file, as Fairy-Stockfish reads it: its games join `UCI_Variant`
            // (listed again by the next `uci`)
            ("variantpath", Some(v)) if v != "<empty>" => {
                match citadel_rules::variants_ini::load(std::path::Path::new(v)) {
                    Ok(games) => {
                        let names: Vec<&str> = games.iter().map(|g| g.id()).collect();
                        out.push(Reply::Line(format!(
                            "info string VariantPath: {} game{} read: {}",
                            names.len(),
                            if names.len() == 1 { "" } else { "s" },
                            names.join(", ")
                        )));
                    }
                    Err(e) => error(out, &format!("VariantPath: {e}")),
                }
            }
            ("variantpath", _) => {}
            ("hash", Some(v)) => match v.parse::<usize>() {
                Ok(mb) if (1..=MAX_HASH).contains(&mb) => {
                    self.hash_mb = mb;
                    self.session.set_hash(mb);
                }
                _ => error(
                    out,
                    &format!("Hash: `{}` is not a size 1..{MAX_HASH}", clip(v)),
                ),
            },
            ("threads", Some(v)) => match v.parse::<usize>() {
                Ok(n) if (1..=MAX_THREADS).contains(&n) => {
                    let (used, capped) = cap_threads(n);
                    if capped {
                        out.push(Reply::Line(format!(
                            "info string Threads {n} capped at {used}, this machine's parallelism"
                        )));
                    }
                    self.threads = used;
                    self.session.set_threads(used);
                }
                _ => error(
                    out,
                    &format!("Threads: `{}` is not a count 1..{MAX_THREADS}", clip(v)),
                ),
            },
            ("multipv", Some(v)) => match v.parse::<usize>() {
                Ok(n) if (1..=MAX_MULTIPV).contains(&n) => self.multipv = n,
                _ => error(
                    out,
                    &format!("MultiPV: `{}` is not a count 1..{MAX_MULTIPV}", clip(v)),
                ),
            },
            ("move overhead", Some(v)) => match v.parse::<u64>() {
                Ok(ms) if Duration::from_millis(ms) <= MAX_OVERHEAD => {
                    self.overhead = Duration::from_millis(ms)
                }
                _ => error(
                    out,
                    &format!(
                        "Move Overhead: `{}` is not a time 0..{} ms",
                        clip(v),
                        MAX_OVERHEAD.as_millis()
                    ),
                ),
            },
            ("clear hash", _) => self.session.clear(),
            ("uci_variant" | "hash" | "threads" | "multipv" | "move overhead", None) => {
                error(out, &format!("setoption name {name} needs a value"))
            }
            (other, v) => match (SearchParams::index(other), v) {
                (None, _) => error(out, &format!("unknown option `{}`", clip(name))),
                (Some(_), None) => error(out, &format!("setoption name {name} needs a value")),
                (Some(i), Some(v)) => {
                    let set = match v.parse::<i32>() {
                        Ok(x) => self.options.params.set(other, x).map_err(|e| e.to_string()),
                        Err(_) => {
                            let s = SearchParams::SPECS[i];
                            Err(format!(
                                "{}: `{}` is not a number {}..={}",
                                s.name,
                                clip(v),
                                s.min,
                                s.max
                            ))
                        }
                    };
                    if let Err(e) = set {
                        error(out, &e);
                    }
                }
            },
        }
    }

    fn position(&mut self, rest: &[&str], out: &mut Vec<Reply>) {
        let (head, moves) = match rest.iter().position(|w| *w == "moves") {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => (rest, &[][..]),
        };
        let fen = match head.first() {
            Some(&"startpos") if head.len() == 1 => None,
            Some(&"fen") if head.len() > 1 => Some(head[1..].join(" ")),
            _ => {
                return self.refuse(
                    out,
                    format!(
                        "position needs `startpos` or `fen FEN`: `position {}`",
                        clip(&rest.join(" "))
                    ),
                )
            }
        };
        match self.session.set_position(fen.as_deref(), moves) {
            Ok(()) => self.refused = None,
            Err(e) => self.refuse(
                out,
                format!("position not changed: {}", clip(&e.to_string())),
            ),
        }
    }

    /// Refuses a `position` for `reason`: said now, and again by every `go` until a valid
    /// `position` arrives.
    fn refuse(&mut self, out: &mut Vec<Reply>, reason: String) {
        error(out, &reason);
        self.refused = Some(reason);
    }

    /// `go perft N`, as Stockfish answers it: each legal move with its count (`e2e4: 20`),
    /// an empty line, then `Nodes searched: N` (the sum), all at once.
    fn perft(&mut self, depth: &str, out: &mut Vec<Reply>) {
        let depth = match depth.parse::<u32>() {
            Ok(d) if (1..=MAX_PERFT_DEPTH).contains(&d) => d,
            _ => {
                return error(
                    out,
                    &format!(
                        "go perft: `{}` is not a depth 1..{MAX_PERFT_DEPTH}",
                        clip(depth)
                    ),
                )
            }
        };
        let counts = self.session.divide(depth);
        let total: u64 = counts.iter().map(|(_, n)| n).sum();
        for (m, n) in counts {
            out.push(Reply::Line(format!("{m}: {n}")));
        }
        out.push(Reply::Line(String::new()));
        out.push(Reply::Line(format!("Nodes searched: {total}")));
    }

    /// Starts a search: every parameter of UCI's `go` is obeyed (`searchmoves`, `ponder`,
    /// the clock, `depth`, `nodes`, `mate`, `movetime`, `infinite`); words that are not
    /// parameters, and parameters without their number, are noted and ignored. The search
    /// always ends with one `bestmove` (`bestmove (none)` when there is no legal move).
    fn go(&mut self, rest: &[&str], out: &mut Vec<Reply>) {
        let mut limits = Limits {
            options: self.options,
            multipv: self.multipv,
            ..Limits::default()
        };
        let (mut infinite, mut ponder) = (false, false);
        let mut searchmoves: Vec<&str> = Vec::new();
        let (mut wtime, mut btime, mut winc, mut binc, mut mtg) = (None, None, 0, 0, None);
        let mut i = 0;
        while i < rest.len() {
            let key = rest[i];
            i += 1;
            match key {
                "infinite" => infinite = true,
                "ponder" => ponder = true,
                "searchmoves" => {
                    while i < rest.len() && !GO_WORDS.contains(&rest[i]) {
                        searchmoves.push(rest[i]);
                        i += 1;
                    }
                }
                "wtime" | "btime" | "winc" | "binc" | "movestogo" | "depth" | "nodes" | "mate"
                | "movetime" => {
                    let Some(n) = rest.get(i).and_then(|v| number(v)) else {
                        note(out, &format!("go {key} needs a number"));
                        continue;
                    };
                    i += 1;
                    let small = u32::try_from(n).unwrap_or(u32::MAX);
                    match key {
                        "wtime" => wtime = Some(n),
                        "btime" => btime = Some(n),
                        "winc" => winc = n,
                        "binc" => binc = n,
                        "movestogo" => mtg = Some(small),
                        "depth" => limits.depth = Some(small.clamp(1, MAX_DEPTH)),
                        "nodes" => limits.nodes = Some(n.max(1)),
                        "mate" => limits.mate = Some(small.clamp(1, MAX_DEPTH)),
                        _ => limits.movetime = Some(Duration::from_millis(n.max(1))),
                    }
                }
                other => note(out, &format!("go: unknown word `{}`", clip(other))),
            }
        }
        for (text, read) in searchmoves
            .iter()
            .zip(self.session.read_moves(&searchmoves))
        {
            match read {
                Ok(m) => limits.root_moves.push(m),
                Err(e) => note(
                    out,
                    &format!("searchmoves `{}`: {}", clip(text), clip(&e.to_string())),
                ),
            }
        }
        let (time, inc) = match self.session.turn() {
            Color::White => (wtime, winc),
            Color::Black => (btime, binc),
        };
        if let (Some(t), false) = (time, infinite) {
            Clock {
                remaining: Duration::from_millis(t),
                increment: Duration::from_millis(inc),
                moves_to_go: mtg,
                overhead: self.overhead,
            }
            .apply(&mut limits);
        }
        if let (Some(n), None, None, None) =
            (limits.mate, limits.depth, limits.nodes, limits.movetime)
        {
            // a mate in `n` lies `2n - 1` plies deep: a little deeper bounds the search
            limits.depth = Some(n.saturating_mul(2).saturating_add(1).min(MAX_DEPTH));
        }
        if let Some(cap) = self.node_cap {
            limits.nodes = Some(limits.nodes.map_or(cap, |n| n.min(cap)));
        }
        let later = self.later.clone();
        // an infinite or ponder search holds its move until `stop` (or `ponderhit`)
        self.session.start(
            limits,
            infinite || ponder,
            Box::new(move |r| match r {
                Report::Info(p) => info_lines(&p).into_iter().for_each(|l| later(l)),
                Report::Done(best, p) => {
                    info_lines(&p).into_iter().for_each(|l| later(l));
                    later(format!(
                        "bestmove {}",
                        best.unwrap_or_else(|| "(none)".into())
                    ));
                }
            }),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::{self, Receiver};

    fn engine() -> (Uci, Receiver<String>) {
        let (tx, rx) = mpsc::channel();
        let uci = Uci::new(Variant::Chess, move |l| {
            let _ = tx.send(l);
        });
        (uci, rx)
    }

    fn lines(replies: &[Reply]) -> Vec<&str> {
        replies
            .iter()
            .map(|r| match r {
                Reply::Line(l) => l.as_str(),
                Reply::Quit => "(quit)",
            })
            .collect()
    }

    /// The later lines up to and including `bestmove`.
    fn until_bestmove(rx: &Receiver<String>) -> Vec<String> {
        let mut got = Vec::new();
        for l in rx.iter() {
            let done = l.starts_with("bestmove");
            got.push(l);
            if done {
                return got;
            }
        }
        panic!("no bestmove: {got:?}");
    }

    fn is_error(r: &[Reply]) -> bool {
        matches!(r, [Reply::Line(l)] if l.starts_with("info string error: "))
    }

    #[test]
    fn go_perft_prints_each_move_then_the_total_as_stockfish() {
        let (mut uci, rx) = engine();
        let r = uci.handle("go perft 2");
        let l = lines(&r);
        assert_eq!(l.len(), 22, "{l:?}");
        assert!(l.contains(&"e2e4: 20"), "{l:?}");
        assert_eq!(l[20], "");
        assert_eq!(l[21], "Nodes searched: 400");
        uci.handle("setoption name UCI_Variant value shatranj");
        uci.handle("position fen 4k3/4p3/8/8/8/8/8/R3K3 w - - 0 1");
        let l = lines(&uci.handle("go perft 1")).join("\n");
        assert!(l.ends_with("\nNodes searched: 15"), "{l}");
        for bad in [
            "go perft",
            "go perft 0",
            "go perft x",
            "go perft 99",
            "go perft 1 2",
        ] {
            assert!(is_error(&uci.handle(bad)), "{bad}");
        }
        assert!(rx.try_recv().is_err(), "perft sends nothing later");
    }

    #[test]
    fn the_handshake_names_every_game_and_option() {
        let (mut uci, _) = engine();
        let r = uci.handle("uci");
        let l = lines(&r);
        assert!(l[0].starts_with("id name Citadel "));
        for v in Variant::ALL {
            assert!(l[2].contains(&format!(" var {}", v.id())), "{}", l[2]);
        }
        assert!(l[2].starts_with("option name UCI_Variant type combo default chess "));
        assert_eq!(l[3], "option name Hash type spin default 16 min 1 max 4096");
        assert_eq!(
            l[4],
            "option name Threads type spin default 1 min 1 max 256"
        );
        assert_eq!(l.last(), Some(&"uciok"));
        assert_eq!(lines(&uci.handle("isready")), ["readyok"]);
        assert!(uci.handle("").is_empty());
        assert!(uci.handle("debug on").is_empty());
    }

    #[test]
    fn go_depth_from_startpos_with_moves_answers_a_legal_move() {
        let (mut uci, rx) = engine();
        assert!(uci.handle("ucinewgame").is_empty());
        assert!(uci.handle("position startpos moves e2e4 e7e5").is_empty());
        assert!(uci.handle("go depth 2").is_empty());
        let got = until_bestmove(&rx);
        assert!(got[0].starts_with("info depth 1 seldepth "), "{got:?}");
        let best = got.last().unwrap().strip_prefix("bestmove ").unwrap();
        let mut pos = citadel_notation::fen::start::<citadel_rules::Chess>();
        for m in ["e2e4", "e7e5", best] {
            let m = citadel_notation::coord::parse_move(&pos, m).expect("legal");
            pos.play_unchecked(m);
        }
    }

    #[test]
    fn position_fen_finds_the_mate_and_reports_every_field() {
        let (mut uci, rx) = engine();
        uci.handle("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
        uci.handle("go depth 3");
        let got = until_bestmove(&rx);
        let info = got.iter().find(|l| l.starts_with("info depth 3 ")).unwrap();
        for field in [
            " seldepth ",
            " score mate 1 ",
            " nodes ",
            " nps ",
            " time ",
            " pv a1a8",
        ] {
            assert!(info.contains(field), "{field} missing: {info}");
        }
        assert_eq!(got.last().unwrap(), "bestmove a1a8");
        // a finished game has no move
        uci.handle("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        uci.handle("go depth 1");
        assert_eq!(until_bestmove(&rx).last().unwrap(), "bestmove (none)");
    }

    #[test]
    fn stop_ends_an_infinite_search_which_holds_its_move_until_then() {
        let (mut uci, rx) = engine();
        uci.handle("position startpos");
        uci.handle("go infinite");
        assert!(rx.recv().unwrap().starts_with("info depth 1 "));
        std::thread::sleep(Duration::from_millis(100));
        assert!(rx.try_iter().all(|l| !l.starts_with("bestmove")));
        // the board does not change under the search: the new position waits for its end
        assert!(uci.handle("position startpos moves e2e4").is_empty());
        std::thread::sleep(Duration::from_millis(50));
        assert!(rx.try_iter().all(|l| !l.starts_with("bestmove")));
        assert!(uci.handle("stop").is_empty());
        let best = until_bestmove(&rx);
        assert!(best.last().unwrap().len() > "bestmove ".len());
        // the next search is of the position put off: Black moves
        let best = go(&mut uci, &rx, "go depth 1");
        let m = best.last().unwrap().strip_prefix("bestmove ").unwrap();
        let mut pos = citadel_notation::fen::start::<citadel_rules::Chess>();
        let e4 = citadel_notation::coord::parse_move(&pos, "e2e4").unwrap();
        pos.play_unchecked(e4);
        assert!(citadel_notation::coord::parse_move(&pos, m).is_ok(), "{m}");
    }

    #[test]
    fn commands_are_read_while_a_search_runs() {
        for search in [
            "go depth 100",
            "go movetime 600000",
            "go wtime 3600000 btime 3600000",
        ] {
            let (mut uci, rx) = engine();
            uci.handle("position startpos");
            uci.handle(search);
            assert!(rx.recv().unwrap().starts_with("info depth 1 "));
            let t = std::time::Instant::now();
            for put_off in [
                "ucinewgame",
                "setoption name Hash value 2",
                "position startpos moves e2e4",
            ] {
                assert!(uci.handle(put_off).is_empty(), "{search}: {put_off}");
            }
            assert!(uci.handle("stop").is_empty());
            assert_eq!(lines(&uci.handle("isready")), ["readyok"], "{search}");
            assert!(
                t.elapsed() < Duration::from_secs(1),
                "{search}: {:?}",
                t.elapsed()
            );
            assert!(until_bestmove(&rx).last().unwrap().starts_with("bestmove "));
            // what was put off is obeyed before the next search
            let best = go(&mut uci, &rx, "go depth 1");
            let m = best.last().unwrap().strip_prefix("bestmove ").unwrap();
            let mut pos = citadel_notation::fen::start::<citadel_rules::Chess>();
            let e4 = citadel_notation::coord::parse_move(&pos, "e2e4").unwrap();
            pos.play_unchecked(e4);
            assert!(
                citadel_notation::coord::parse_move(&pos, m).is_ok(),
                "{search}: {m}"
            );
        }
    }

    #[test]
    fn go_ponder_holds_its_move_until_ponderhit_or_stop() {
        let (mut uci, rx) = engine();
        uci.handle("position startpos moves e2e4 e7e5");
        uci.handle("go ponder depth 1");
        std::thread::sleep(Duration::from_millis(300));
        assert!(rx.try_iter().all(|l| !l.starts_with("bestmove")));
        assert!(uci.handle("ponderhit").is_empty());
        assert!(until_bestmove(&rx).last().unwrap().starts_with("bestmove "));
        uci.handle("go ponder wtime 100000 btime 100000 depth 1");
        std::thread::sleep(Duration::from_millis(300));
        assert!(rx.try_iter().all(|l| !l.starts_with("bestmove")));
        uci.handle("stop");
        assert!(until_bestmove(&rx).last().unwrap().starts_with("bestmove "));
    }

    #[test]
    fn threads_are_capped_at_the_machines_parallelism() {
        let (mut uci, _) = engine();
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let r = uci.handle("setoption name Threads value 256");
        if cores < 256 {
            assert_eq!(
                lines(&r),
                [format!(
                    "info string Threads 256 capped at {cores}, this machine's parallelism"
                )]
            );
        }
        assert_eq!(uci.threads, cores.min(256));
        assert!(uci.handle("setoption name Threads value 1").is_empty());
        assert_eq!(uci.threads, 1);
    }

    #[test]
    fn after_a_refused_position_go_answers_no_move() {
        let (mut uci, rx) = engine();
        uci.handle("position startpos moves e2e4");
        let r = uci.handle("position fen 8/8/8/8/8/8/k7/K7 w - - 0 1");
        assert!(is_error(&r), "{r:?}");
        let got = go(&mut uci, &rx, "go depth 3");
        assert_eq!(got.len(), 2, "{got:?}");
        assert_eq!(got[1], "bestmove 0000");
        assert!(got[0].starts_with("info string error: no position to search: "));
        let r = uci.handle("position somewhere");
        assert!(is_error(&r), "{r:?}");
        assert_eq!(
            go(&mut uci, &rx, "go movetime 10").last().unwrap(),
            "bestmove 0000"
        );
        // nothing else follows: no search ran
        assert!(rx.recv_timeout(Duration::from_millis(100)).is_err());
    }

    #[test]
    fn seldepth_is_never_below_depth() {
        let (mut uci, rx) = engine();
        uci.handle("position fen 7k/5Q2/8/6K1/8/8/8/8 w - - 0 1");
        for l in go(&mut uci, &rx, "go depth 6") {
            if let Some(rest) = l.strip_prefix("info depth ") {
                let w: Vec<&str> = rest.split(' ').collect();
                let depth: u32 = w[0].parse().unwrap();
                let sel: u32 = w[2].parse().unwrap();
                assert!(sel >= depth, "{l}");
            }
        }
    }

    #[test]
    fn quit_is_a_signal_and_stops_the_search() {
        let (mut uci, rx) = engine();
        uci.handle("go infinite");
        assert_eq!(uci.handle("quit"), [Reply::Quit]);
        // the search ended with its move
        assert!(rx.try_iter().any(|l| l.starts_with("bestmove")));
    }

    #[test]
    fn uci_variant_changes_the_game() {
        let (mut uci, rx) = engine();
        assert!(uci
            .handle("setoption name UCI_Variant value celtic-citadel")
            .is_empty());
        assert_eq!(uci.variant(), Variant::CelticCitadel);
        assert!(uci.handle("position startpos moves g3g5").is_empty());
        uci.handle("go depth 1");
        let best = until_bestmove(&rx);
        let m = best.last().unwrap().strip_prefix("bestmove ").unwrap();
        let mut pos = citadel_notation::fen::start::<citadel_rules::CelticCitadel>();
        let g3g5 = citadel_notation::coord::parse_move(&pos, "g3g5").unwrap();
        pos.play_unchecked(g3g5);
        assert!(citadel_notation::coord::parse_move(&pos, m).is_ok(), "{m}");
        let r = uci.handle("setoption name UCI_Variant value go-moku");
        assert!(is_error(&r), "{r:?}");
        assert!(lines(&r)[0].contains("unknown game `go-moku`"));
        assert_eq!(uci.variant(), Variant::CelticCitadel);
    }

    #[test]
    fn bad_input_is_answered_and_changes_nothing() {
        let (mut uci, rx) = engine();
        uci.handle("position startpos moves e2e4");
        for bad in [
            "position fen rnbqkbnr/pppppppp/8 w",
            "position startpos moves e2e4 e7e5 e1e3",
            "position somewhere",
            "setoption name Hash value lots",
            "setoption name Threads value 0",
            "setoption name Hash",
            "setoption Hash",
            "setoption name Nonsense value 1",
            "setoption name MultiPV value 0",
            "setoption name Move Overhead value 5001",
            "fly",
        ] {
            let r = uci.handle(bad);
            assert!(is_error(&r), "{bad}: {r:?}");
        }
        assert_eq!(
            lines(&uci.handle("position startpos moves e2e4 e7e5 e1e3")),
            ["info string error: position not changed: move 3: no legal move from e1 to e3"]
        );
        // the GUI has a position the engine has not: no search, no move
        for _ in 0..2 {
            assert_eq!(
                go(&mut uci, &rx, "go depth 1"),
                [
                    "info string error: no position to search: position not changed: move 3: \
                     no legal move from e1 to e3",
                    "bestmove 0000"
                ]
            );
        }
        assert!(is_error(&uci.handle("go perft 1")));
        assert!(rx.try_recv().is_err(), "no search ran");
        // until a valid position arrives
        uci.handle("position startpos moves e2e4");
        uci.handle("go depth 1");
        let best = until_bestmove(&rx);
        let m = best.last().unwrap().strip_prefix("bestmove ").unwrap();
        let mut pos = citadel_notation::fen::start::<citadel_rules::Chess>();
        let e4 = citadel_notation::coord::parse_move(&pos, "e2e4").unwrap();
        pos.play_unchecked(e4);
        assert!(citadel_notation::coord::parse_move(&pos, m).is_ok(), "{m}");
    }

    /// Sends `go ...` and returns the lines up to its `bestmove`, the replies at once first.
    fn go(uci: &mut Uci, rx: &Receiver<String>, line: &str) -> Vec<String> {
        let mut got: Vec<String> = lines(&uci.handle(line))
            .into_iter()
            .map(String::from)
            .collect();
        got.extend(until_bestmove(rx));
        got
    }

    #[test]
    fn every_go_ends_with_one_bestmove() {
        let (mut uci, rx) = engine();
        // mate in 2: Qh6+ ... is not needed, the rook lift finds it
        uci.handle("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
        let got = go(&mut uci, &rx, "go mate 2");
        assert!(got.iter().any(|l| l.contains(" score mate 1 ")), "{got:?}");
        assert_eq!(got.last().unwrap(), "bestmove a1a8");
        // searchmoves restricts the root: the mate is not among them
        let got = go(&mut uci, &rx, "go searchmoves g2g3 h2h3 movetime 50");
        let best = got.last().unwrap();
        assert!(
            best == "bestmove g2g3" || best == "bestmove h2h3",
            "{got:?}"
        );
        // a word that is no parameter is noted and ignored
        let got = go(&mut uci, &rx, "go movetime 50 foo");
        assert_eq!(got[0], "info string ignored: go: unknown word `foo`");
        assert!(got.last().unwrap().starts_with("bestmove "));
        // a parameter without its number, moves that are not moves
        let got = go(&mut uci, &rx, "go searchmoves e2e5 a1a8 nodes");
        assert!(got
            .iter()
            .any(|l| l.starts_with("info string ignored: searchmoves `e2e5`")));
        assert!(got.contains(&"info string ignored: go nodes needs a number".to_string()));
        assert_eq!(got.last().unwrap(), "bestmove a1a8");
        // numbers beyond any clock saturate
        for huge in [
            "go wtime 99999999999999999999 btime 1 winc 99999999999999999999 depth 2",
            "go movetime 18446744073709551615 depth 2",
            "go wtime 18446744073709551615 movestogo 99999999999 depth 1",
            "go wtime -5 btime -5 depth 1",
        ] {
            let got = go(&mut uci, &rx, huge);
            assert!(
                got.last().unwrap().starts_with("bestmove "),
                "{huge}: {got:?}"
            );
        }
        // no legal move: `bestmove (none)`, for every kind of go
        uci.handle("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        for g in ["go mate 3", "go searchmoves h8g8", "go infinite"] {
            if g == "go infinite" {
                uci.handle(g);
                uci.handle("stop");
                assert_eq!(until_bestmove(&rx).last().unwrap(), "bestmove (none)");
            } else {
                assert_eq!(go(&mut uci, &rx, g).last().unwrap(), "bestmove (none)");
            }
        }
    }

    #[test]
    fn go_during_an_infinite_search_ends_it_with_its_own_bestmove() {
        let (mut uci, rx) = engine();
        uci.handle("position startpos");
        uci.handle("go infinite");
        assert!(rx.recv().unwrap().starts_with("info depth 1 "));
        assert!(uci.handle("go depth 1").is_empty());
        let first = until_bestmove(&rx);
        let second = until_bestmove(&rx);
        assert!(first.last().unwrap().starts_with("bestmove "));
        assert!(second.last().unwrap().starts_with("bestmove "));
        assert!(rx.recv_timeout(Duration::from_millis(200)).is_err());
    }

    #[test]
    fn a_line_that_is_not_utf8_is_reported_and_skipped() {
        let (mut uci, _) = engine();
        let r = uci.handle_bytes(b"\xff\xfe x");
        assert_eq!(
            lines(&r),
            ["info string error: a line that is not UTF-8 was skipped (byte 1)"]
        );
        assert_eq!(lines(&uci.handle_bytes(b"isready")), ["readyok"]);
    }

    #[test]
    fn multipv_reports_distinct_best_lines() {
        let (mut uci, rx) = engine();
        uci.handle("setoption name MultiPV value 3");
        uci.handle("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
        let got = go(&mut uci, &rx, "go depth 3");
        let last: Vec<&String> = got
            .iter()
            .filter(|l| l.starts_with("info depth 3 "))
            .collect();
        let firsts: Vec<&str> = (1..=3)
            .map(|k| {
                let l = last
                    .iter()
                    .rev()
                    .find(|l| l.contains(&format!(" multipv {k} ")))
                    .unwrap_or_else(|| panic!("no line {k}: {got:?}"));
                l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap()
            })
            .collect();
        assert_eq!(firsts[0], "a1a8");
        assert!(firsts[1] != firsts[0] && firsts[2] != firsts[1] && firsts[2] != firsts[0]);
        assert!(last.iter().any(|l| l.contains(" multipv 1 score mate 1 ")));
        assert_eq!(got.last().unwrap(), "bestmove a1a8");
        // back to one line: no multipv field
        uci.handle("setoption name MultiPV value 1");
        let got = go(&mut uci, &rx, "go depth 2");
        assert!(got.iter().all(|l| !l.contains("multipv")));
    }

    #[test]
    fn the_options_include_move_overhead_and_a_node_cap_bounds_every_search() {
        let (uci, rx) = engine();
        let mut uci = uci.with_node_cap(200);
        let l = uci.handle("uci");
        let l = lines(&l);
        assert!(l.contains(&"option name Move Overhead type spin default 30 min 0 max 5000"));
        assert!(l.contains(&"option name MultiPV type spin default 1 min 1 max 256"));
        assert!(uci
            .handle("setoption name Move Overhead value 100")
            .is_empty());
        assert!(uci.handle("setoption name multipv value 2").is_empty());
        uci.handle("position startpos");
        // a search without limits ends by the cap
        let got = go(&mut uci, &rx, "go");
        let nodes = last_nodes(&got);
        assert!(nodes <= 200 + 64, "{got:?}");
    }

    /// The nodes of the last `info depth` line of a search's lines.
    fn last_nodes(got: &[String]) -> u64 {
        let info = got
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth"))
            .unwrap();
        info.split(" nodes ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    }

    /// The nodes of a search of `go depth 6` after three plies, in a new game.
    fn nodes_at_depth_6(uci: &mut Uci, rx: &Receiver<String>) -> u64 {
        uci.handle("ucinewgame");
        uci.handle("position startpos moves e2e4 e7e5 g1f3");
        last_nodes(&go(uci, rx, "go depth 6"))
    }

    #[test]
    fn the_search_numbers_are_options_that_change_the_search() {
        let (mut uci, rx) = engine();
        let l = uci.handle("uci");
        let l = lines(&l);
        for s in SearchParams::SPECS {
            let line = l
                .iter()
                .find(|x| x.starts_with(&format!("option name {} ", s.name)));
            assert!(line.is_some(), "{}", s.name);
        }
        assert!(l.contains(&"option name RazorMargin type spin default 250 min 50 max 600"));
        assert_eq!(l.last(), Some(&"uciok"));
        let default = nodes_at_depth_6(&mut uci, &rx);
        assert!(uci.handle("setoption name LmrDivisor value 150").is_empty());
        assert!(uci
            .handle("setoption name reversefutilitymargin value 60")
            .is_empty());
        let changed = nodes_at_depth_6(&mut uci, &rx);
        assert_ne!(changed, default);
        uci.handle("setoption name LmrDivisor value 225");
        uci.handle("setoption name ReverseFutilityMargin value 110");
        assert_eq!(nodes_at_depth_6(&mut uci, &rx), default);
        for (bad, says) in [
            (
                "setoption name LmrDivisor value 99",
                "LmrDivisor: 99 is outside 100..=500",
            ),
            (
                "setoption name LmrDivisor value wide",
                "LmrDivisor: `wide` is not a number",
            ),
            ("setoption name LmrDivisor", "needs a value"),
        ] {
            let r = uci.handle(bad);
            assert!(is_error(&r) && lines(&r)[0].contains(says), "{bad}: {r:?}");
        }
    }

    #[test]
    fn a_clock_gives_a_quick_move() {
        let (mut uci, rx) = engine();
        uci.handle("setoption name Threads value 2");
        uci.handle("position startpos");
        let t0 = std::time::Instant::now();
        uci.handle("go wtime 300 btime 300 winc 10 binc 10");
        until_bestmove(&rx);
        assert!(
            t0.elapsed() < Duration::from_millis(1500),
            "{:?}",
            t0.elapsed()
        );
    }
}
