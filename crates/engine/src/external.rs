//! Another engine as a match opponent: a child process spoken to in UCI or XBoard (CECP v2).
//!
//! The client only relays: it sends the game's moves in coordinate form and returns the
//! engine's answer as text; the arbiter ([`crate::arbiter`]) judges it by Citadel's rules.

use crate::clock::TimeControl;
use crate::tally::Searched;
use crate::xboard;
use citadel_rules::Variant;
use citadel_search::Score;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::time::{Duration, Instant};

/// The longest line read from an engine, in bytes: a longer one (an engine that prints
/// without end and without a newline) is a fault, and the engine is stopped.
pub const MAX_LINE: usize = 1 << 20;
/// The most lines read ahead of the arbiter: an engine that prints faster than they are
/// taken waits (its pipe fills), so that memory stays bounded.
const QUEUE: usize = 64;

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// UCI (`UCI_Variant` for variants, as Fairy-Stockfish).
    Uci,
    /// XBoard / CECP version 2.
    Xboard,
}

/// An engine description that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// Nothing after the protocol.
    #[error("`{0}`: no engine path")]
    NoPath(String),
    /// An option without `=` or without a name.
    #[error("`{text}`: option `{option}` is not name=value")]
    BadOption {
        /// The whole description.
        text: String,
        /// The option as written.
        option: String,
    },
}

/// What went wrong with another engine's process.
#[derive(Debug, thiserror::Error)]
pub enum ExternalError {
    /// The program could not be started.
    #[error("cannot run `{path}`: {source}")]
    Spawn {
        /// The program as given.
        path: String,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
    /// The process has no standard input or output to talk through.
    #[error("{0}: no pipe to the engine")]
    NoPipe(String),
    /// A line could not be sent.
    #[error("{name}: {source}")]
    Write {
        /// The engine's name.
        name: String,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
    /// The awaited answer did not come in time.
    #[error("{name}: no answer within {limit:?}")]
    NoAnswer {
        /// The engine's name.
        name: String,
        /// How long it was given.
        limit: Duration,
    },
    /// The engine's output ended (it exited).
    #[error("{0}: the engine exited")]
    Exited(String),
    /// The engine wrote a line longer than [`MAX_LINE`] bytes; it was stopped.
    #[error("{name}: the engine misbehaved: a line longer than {limit} bytes")]
    LineTooLong {
        /// The engine's name.
        name: String,
        /// The longest line accepted, in bytes.
        limit: usize,
    },
}

/// What the reading thread hands over: a line of the engine (read lossily: bytes that are
/// not UTF-8 become U+FFFD), or the news that a line was too long (reading then stops).
enum Incoming {
    Line(String),
    TooLong,
}

/// Reads the engine's lines into `tx` until its output ends, a line exceeds [`MAX_LINE`]
/// bytes, or the receiver has gone.
fn read_lines(stdout: ChildStdout, tx: SyncSender<Incoming>) {
    let mut input = BufReader::new(stdout);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let limit = MAX_LINE as u64 + 1;
        match (&mut input).take(limit).read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let item = match buf.last() {
            Some(b'\n') => {
                buf.pop();
                Incoming::Line(String::from_utf8_lossy(&buf).into_owned())
            }
            // no newline: the end of the output, or a line past the limit
            _ if buf.len() > MAX_LINE => Incoming::TooLong,
            _ => Incoming::Line(String::from_utf8_lossy(&buf).into_owned()),
        };
        let stop = matches!(item, Incoming::TooLong);
        if tx.send(item).is_err() || stop {
            return;
        }
    }
}

/// Starts `command` in its own process group (on unix), so that the engine and whatever it
/// starts (a wrapper script's children) can be ended together ([`end_group`]).
fn spawn_in_group(command: &mut Command) -> std::io::Result<Child> {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        command.process_group(0);
    }
    command.spawn()
}

/// Ends every process of the group `child` leads (unix; elsewhere the child alone), then
/// the child itself, and reaps it. The child is reaped only after the group is signalled,
/// so that its id cannot have been reused meanwhile.
fn end_group(child: &mut Child) {
    #[cfg(unix)]
    {
        let group = format!("-{}", child.id());
        let _ = Command::new("kill")
            .args(["-KILL", "--", &group])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// An engine named on the command line: `uci:PATH[:name=value,...]` or
/// `xboard:PATH[:name=value,...]` (options are `setoption`s or CECP `option`s). PATH may
/// carry arguments after spaces (`xboard:citadel xboard`); it cannot contain `:`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// Protocol.
    pub protocol: Protocol,
    /// Program to run.
    pub path: String,
    /// Options to set after the handshake.
    pub options: Vec<(String, String)>,
}

impl EngineSpec {
    /// Reads `uci:PATH[:opt=val,...]` or `xboard:PATH[:...]`; `None` for other players.
    pub fn parse(text: &str) -> Option<Result<EngineSpec, SpecError>> {
        let (protocol, rest) = if let Some(r) = text.strip_prefix("uci:") {
            (Protocol::Uci, r)
        } else if let Some(r) = text.strip_prefix("xboard:") {
            (Protocol::Xboard, r)
        } else {
            return None;
        };
        let (path, opts) = rest.split_once(':').unwrap_or((rest, ""));
        if path.is_empty() {
            return Some(Err(SpecError::NoPath(text.to_string())));
        }
        let mut options = Vec::new();
        for o in opts.split(',').filter(|o| !o.is_empty()) {
            match o.split_once('=') {
                Some((n, v)) if !n.is_empty() => options.push((n.to_string(), v.to_string())),
                _ => {
                    return Some(Err(SpecError::BadOption {
                        text: text.to_string(),
                        option: o.to_string(),
                    }))
                }
            }
        }
        Some(Ok(EngineSpec {
            protocol,
            path: path.to_string(),
            options,
        }))
    }
}

/// A limit per move other engines are given instead of a time (`depth:N`, `nodes:N`):
/// UCI's `go depth N` and `go nodes N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveLimit {
    /// Search to this depth.
    Depth(u32),
    /// Search this many nodes.
    Nodes(u64),
}

/// A move limit that cannot be read; it keeps the text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad limit `{0}` (depth:N with N from 1 to {MAX_DEPTH}, or nodes:N)", MAX_DEPTH = crate::player::MAX_DEPTH)]
pub struct ParseMoveLimitError(pub String);

impl std::str::FromStr for MoveLimit {
    type Err = ParseMoveLimitError;
    /// `depth:N` (1 to [`MAX_DEPTH`](crate::player::MAX_DEPTH)) or `nodes:N` (from 1).
    fn from_str(s: &str) -> Result<MoveLimit, ParseMoveLimitError> {
        let bad = || ParseMoveLimitError(s.to_string());
        let (kind, n) = s.split_once(':').ok_or_else(bad)?;
        let n: u64 = n.parse().map_err(|_| bad())?;
        match kind {
            "depth" => match u32::try_from(n) {
                Ok(d) if (1..=crate::player::MAX_DEPTH).contains(&d) => Ok(MoveLimit::Depth(d)),
                _ => Err(bad()),
            },
            "nodes" if n >= 1 => Ok(MoveLimit::Nodes(n)),
            _ => Err(bad()),
        }
    }
}

impl MoveLimit {
    /// The UCI `go` command of the limit.
    pub fn go_command(&self) -> String {
        match self {
            MoveLimit::Depth(d) => format!("go depth {d}"),
            MoveLimit::Nodes(n) => format!("go nodes {n}"),
        }
    }
}

/// The longest an engine may take on a move limited by depth or nodes.
const LIMITED_MOVE: Duration = Duration::from_secs(600);

/// The depth and nodes of a UCI `info` line, when it gives both, with its score when it
/// gives one (`score cp N`, `score mate N`; a bound is taken as the score) for the best
/// line (not for the second and later lines of `MultiPV`).
fn uci_search(line: &str) -> Option<Searched> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let after = |key: &str| {
        let i = words.iter().position(|w| *w == key)?;
        words.get(i + 1).copied()
    };
    let number = |key: &str| after(key)?.parse::<u64>().ok();
    let best_line = number("multipv").is_none_or(|k| k == 1);
    let i = words
        .iter()
        .position(|w| *w == "score")
        .filter(|_| best_line);
    let score = i.and_then(|i| {
        let n = words.get(i + 2)?.parse::<i32>().ok()?;
        match *words.get(i + 1)? {
            "cp" => Some(Score::Cp(n)),
            "mate" => Some(Score::Mate(n)),
            _ => None,
        }
    });
    Some(Searched {
        depth: u32::try_from(number("depth")?).ok()?,
        nodes: number("nodes")?,
        score,
    })
}

/// The depth, nodes and score (centipawns) of a CECP thinking line (`PLY SCORE TIME NODES
/// PV`).
fn cecp_search(line: &str) -> Option<Searched> {
    let w: Vec<&str> = line.split_whitespace().collect();
    let [ply, score, time, nodes, ..] = w.as_slice() else {
        return None;
    };
    let score = score.parse::<i64>().ok()?;
    time.parse::<u64>().ok()?;
    Some(Searched {
        depth: ply.parse().ok()?,
        nodes: nodes.parse().ok()?,
        score: i32::try_from(score).ok().map(Score::Cp),
    })
}

/// A search report `new` that keeps the score of the report before it, `old`, when it has
/// none itself (an engine's last `info` line may lack one).
fn keep_score(old: Option<Searched>, mut new: Searched) -> Searched {
    new.score = new.score.or(old.and_then(|o| o.score));
    new
}

/// The values of a UCI combo option (`type combo default chess var chess var shatranj`).
fn combo_values(spec: &str) -> Vec<String> {
    let words: Vec<&str> = spec.split_whitespace().collect();
    words
        .windows(2)
        .filter(|w| w[0] == "var")
        .map(|w| w[1].to_string())
        .collect()
}

/// What an engine answered when asked for a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A move (not yet checked).
    Move(String),
    /// The engine resigned.
    Resign,
    /// No move before the deadline.
    Timeout,
    /// The engine said something else instead of moving (a rejected move, an error, an
    /// exit): the text.
    Failed(String),
}

/// A running engine.
pub struct External {
    spec: EngineSpec,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Incoming>,
    /// The engine's name (`id name`, `myname`), or its path.
    pub name: String,
    /// CECP: whether moves go with `usermove`.
    usermove: bool,
    /// Moves already sent to a CECP engine in this game.
    sent: usize,
    /// Lines of the engine that the arbiter should log (errors, rejected moves).
    pub log: Vec<String>,
    /// What the engine reported of its last search (depth and nodes), if it did.
    search: Option<Searched>,
    /// UCI: the games the engine offers through its `UCI_Variant` option (`None`: it has no
    /// such option).
    pub variants: Option<Vec<String>>,
    /// UCI: whether the engine has the `UCI_Chess960` option (castles written king to rook,
    /// X-FEN and Shredder-FEN castling rights).
    pub chess960_option: bool,
    /// How long the handshake and `isready` may take.
    handshake: Duration,
    /// Whether the process group has been ended (its id may since have been reused).
    ended: bool,
}

/// How long the handshake may take unless another wait is given
/// ([`External::start_within`]).
pub const HANDSHAKE: Duration = Duration::from_secs(10);

impl External {
    /// Starts the engine and completes the protocol's handshake (within [`HANDSHAKE`]).
    pub fn start(spec: &EngineSpec) -> Result<External, ExternalError> {
        External::start_within(spec, HANDSHAKE)
    }

    /// Starts the engine and completes the protocol's handshake, each answer of which
    /// (`uciok`, `readyok`, `pong`) may take up to `handshake`. The engine runs in its own
    /// process group, ended with it.
    pub fn start_within(spec: &EngineSpec, handshake: Duration) -> Result<External, ExternalError> {
        let mut words = spec.path.split_whitespace();
        let program = words.next().unwrap_or_default();
        let mut child = spawn_in_group(
            Command::new(program)
                .args(words)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null()),
        )
        .map_err(|source| ExternalError::Spawn {
            path: spec.path.clone(),
            source,
        })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            end_group(&mut child);
            return Err(ExternalError::NoPipe(spec.path.clone()));
        };
        let (tx, lines) = mpsc::sync_channel(QUEUE);
        std::thread::spawn(move || read_lines(stdout, tx));
        let mut e = External {
            spec: spec.clone(),
            child,
            stdin,
            lines,
            name: program.rsplit('/').next().unwrap_or(program).to_string(),
            usermove: false,
            sent: 0,
            log: Vec::new(),
            search: None,
            variants: None,
            chess960_option: false,
            handshake,
            ended: false,
        };
        match spec.protocol {
            Protocol::Uci => {
                e.identify()?;
                for (n, v) in spec.options.clone() {
                    e.send(&format!("setoption name {n} value {v}"))?;
                }
                if spec
                    .options
                    .iter()
                    .any(|(n, _)| n.eq_ignore_ascii_case("VariantPath"))
                {
                    // a variants file adds games: ask again for the list `UCI_Variant` offers
                    e.identify()?;
                }
                e.ready()?;
            }
            Protocol::Xboard => {
                e.send("xboard")?;
                e.send("protover 2")?;
                let done = e.wait_for(
                    Duration::from_secs(2),
                    |l| l.starts_with("feature") && l.contains("done=1"),
                    |e, l| {
                        if l.starts_with("feature") {
                            if l.contains("usermove=1") {
                                e.usermove = true;
                            }
                            if let Some(i) = l.find("myname=\"") {
                                let rest = &l[i + 8..];
                                if let Some(j) = rest.find('"') {
                                    e.name = rest[..j].to_string();
                                }
                            }
                        }
                    },
                );
                match done {
                    // a protocol-1 engine: no features
                    Ok(_) | Err(ExternalError::NoAnswer { .. }) => {}
                    Err(e) => return Err(e),
                }
                for (n, v) in spec.options.clone() {
                    e.send(&format!("option {n}={v}"))?;
                }
            }
        }
        Ok(e)
    }

    /// The depth and nodes the engine reported for its last move, if it reported them.
    pub fn last_search(&self) -> Option<Searched> {
        self.search
    }

    /// The protocol the engine speaks.
    pub fn protocol(&self) -> Protocol {
        self.spec.protocol
    }

    /// Ends the engine's process group, once.
    fn end(&mut self) {
        if !std::mem::replace(&mut self.ended, true) {
            end_group(&mut self.child);
        }
    }

    /// How long the handshake and each `isready` may take.
    pub fn handshake(&self) -> Duration {
        self.handshake
    }

    /// Sends one line to the engine; a closed pipe means the engine has exited.
    pub(crate) fn send(&mut self, line: &str) -> Result<(), ExternalError> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|source| match source.kind() {
                std::io::ErrorKind::BrokenPipe => ExternalError::Exited(self.name.clone()),
                _ => ExternalError::Write {
                    name: self.name.clone(),
                    source,
                },
            })
    }

    /// Reads lines until `done` accepts one (each line also goes to `each`). The deadline
    /// holds however many lines the engine has queued; an engine whose line is too long is
    /// stopped.
    pub(crate) fn wait_for(
        &mut self,
        limit: Duration,
        done: impl Fn(&str) -> bool,
        mut each: impl FnMut(&mut Self, &str),
    ) -> Result<String, ExternalError> {
        // a limit beyond any clock is a very long wait
        let end = Instant::now().checked_add(limit);
        loop {
            let left = end.map_or(Duration::MAX, |e| {
                e.saturating_duration_since(Instant::now())
            });
            let timeout = || ExternalError::NoAnswer {
                name: self.name.clone(),
                limit,
            };
            if left.is_zero() {
                return Err(timeout());
            }
            match self.lines.recv_timeout(left) {
                Ok(Incoming::TooLong) => {
                    self.end();
                    return Err(ExternalError::LineTooLong {
                        name: self.name.clone(),
                        limit: MAX_LINE,
                    });
                }
                Ok(Incoming::Line(l)) => {
                    let l = l.trim().to_string();
                    each(self, &l);
                    if done(&l) {
                        return Ok(l);
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err(timeout()),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(ExternalError::Exited(self.name.clone()))
                }
            }
        }
    }

    /// The `UCI_Variant` value that names `variant` to this engine: its id when the engine
    /// offers it (Citadel), else the name Fairy-Stockfish knows it by
    /// ([`uci_variant_name`](crate::perft_check::uci_variant_name)) when the engine offers
    /// that, else `chess` for a game played under `UCI_Chess960` (Chess960) by an engine that
    /// has that option, else the id.
    pub fn variant_name(&self, variant: Variant) -> &'static str {
        let offered = |name: &str| {
            self.variants
                .as_ref()
                .is_some_and(|v| v.iter().any(|o| o == name))
        };
        let fairy = crate::perft_check::uci_variant_name(variant);
        if offered(variant.id()) {
            variant.id()
        } else if offered(fairy) {
            fairy
        } else if crate::perft_check::uci_chess960(variant) && self.chess960_option {
            "chess"
        } else {
            variant.id()
        }
    }

    /// Tells an engine that has the `UCI_Chess960` option whether `variant` is played
    /// under it (castles written king to rook).
    pub fn send_chess960(&mut self, variant: Variant) -> Result<(), ExternalError> {
        if self.chess960_option {
            let on = crate::perft_check::uci_chess960(variant);
            self.send(&format!("setoption name UCI_Chess960 value {on}"))?;
        }
        Ok(())
    }

    /// Sends `uci` and reads the answer up to `uciok`: the engine's name, the games its
    /// `UCI_Variant` offers and whether it has `UCI_Chess960`.
    fn identify(&mut self) -> Result<(), ExternalError> {
        self.send("uci")?;
        self.wait_for(
            self.handshake,
            |l| l == "uciok",
            |e, l| {
                if let Some(n) = l.strip_prefix("id name ") {
                    e.name = n.trim().to_string();
                }
                if let Some(combo) = l.strip_prefix("option name UCI_Variant ") {
                    e.variants = Some(combo_values(combo));
                }
                if l.starts_with("option name UCI_Chess960 ") {
                    e.chess960_option = true;
                }
            },
        )
        .map(|_| ())
    }

    fn ready(&mut self) -> Result<(), ExternalError> {
        self.send("isready")?;
        self.wait_for(self.handshake, |l| l == "readyok", |_, _| {})
            .map(|_| ())
    }

    /// Starts a new game of `variant` at its start position, on the clock `tc` when the
    /// match has one (CECP engines are told it with `level`; UCI engines get the time left
    /// with every `go`).
    pub fn new_game(
        &mut self,
        variant: Variant,
        tc: Option<TimeControl>,
    ) -> Result<(), ExternalError> {
        match self.spec.protocol {
            Protocol::Uci => {
                if variant != Variant::Chess {
                    let name = self.variant_name(variant);
                    self.send(&format!("setoption name UCI_Variant value {name}"))?;
                }
                self.send_chess960(variant)?;
                self.send("ucinewgame")?;
                self.ready()
            }
            Protocol::Xboard => {
                self.send("new")?;
                self.send(&format!("variant {}", xboard::xboard_name(variant)))?;
                self.send("force")?;
                self.send("post")?;
                if let Some(tc) = tc {
                    self.send(&tc.level_command())?;
                }
                self.sent = 0;
                // let the engine settle (setup commands, errors) before the game starts
                self.send("ping 1")?;
                let _ = self.wait_for(
                    self.handshake,
                    |l| l == "pong 1",
                    |e, l| {
                        if l.starts_with("Error") || l.starts_with("tellusererror") {
                            e.log.push(l.to_string());
                        }
                    },
                );
                Ok(())
            }
        }
    }

    /// Asks for a move after `moves` (coordinate form, from the start position).
    /// `clock`: (own, other's) time left and the increment; otherwise `movetime`; a UCI
    /// engine with a `limit` gets it instead of either.
    pub fn choose(
        &mut self,
        moves: &[String],
        white: bool,
        clock: Option<(Duration, Duration, Duration)>,
        movetime: Duration,
        limit: Option<MoveLimit>,
    ) -> Answer {
        let mut budget = clock
            .map_or(movetime, |(own, _, _)| own)
            .saturating_add(Duration::from_secs(2));
        self.search = None;
        let uci_limit = limit.filter(|_| self.spec.protocol == Protocol::Uci);
        if uci_limit.is_some() {
            budget = LIMITED_MOVE;
        }
        let r = match self.spec.protocol {
            Protocol::Uci => self.choose_uci(moves, white, clock, movetime, uci_limit, budget),
            Protocol::Xboard => self.choose_xboard(moves, clock, movetime, budget),
        };
        r.unwrap_or_else(|e| Answer::Failed(e.to_string()))
    }

    fn choose_uci(
        &mut self,
        moves: &[String],
        white: bool,
        clock: Option<(Duration, Duration, Duration)>,
        movetime: Duration,
        limit: Option<MoveLimit>,
        budget: Duration,
    ) -> Result<Answer, ExternalError> {
        let mut pos = "position startpos".to_string();
        if !moves.is_empty() {
            pos.push_str(" moves ");
            pos.push_str(&moves.join(" "));
        }
        self.send(&pos)?;
        match clock {
            _ if limit.is_some() => {
                let go = limit.map(|l| l.go_command()).unwrap_or_default();
                self.send(&go)?;
            }
            Some((own, other, inc)) => {
                let (w, b) = if white { (own, other) } else { (other, own) };
                self.send(&format!(
                    "go wtime {} btime {} winc {} binc {}",
                    w.as_millis(),
                    b.as_millis(),
                    inc.as_millis(),
                    inc.as_millis()
                ))?;
            }
            None => self.send(&format!("go movetime {}", movetime.as_millis()))?,
        }
        match self.wait_for(
            budget,
            |l| l.starts_with("bestmove"),
            |e, l| {
                if l.starts_with("info string") && l.to_ascii_lowercase().contains("err") {
                    e.log.push(l.to_string());
                } else if l.starts_with("info ") {
                    if let Some(s) = uci_search(l) {
                        e.search = Some(keep_score(e.search, s));
                    }
                }
            },
        ) {
            Ok(l) => Ok(match l.split_whitespace().nth(1) {
                Some("(none)") | None => Answer::Failed(l),
                Some(m) => Answer::Move(m.to_string()),
            }),
            Err(ExternalError::NoAnswer { .. }) => {
                let _ = self.send("stop");
                Ok(Answer::Timeout)
            }
            Err(e) => Err(e),
        }
    }

    fn choose_xboard(
        &mut self,
        moves: &[String],
        clock: Option<(Duration, Duration, Duration)>,
        movetime: Duration,
        budget: Duration,
    ) -> Result<Answer, ExternalError> {
        for m in &moves[self.sent.min(moves.len())..] {
            if self.usermove {
                self.send(&format!("usermove {m}"))?;
            } else {
                self.send(m)?;
            }
        }
        self.sent = moves.len();
        match clock {
            Some((own, other, _)) => {
                self.send(&format!("time {}", own.as_millis() / 10))?;
                self.send(&format!("otim {}", other.as_millis() / 10))?;
            }
            None => self.send(&format!("st {}", movetime.as_secs().max(1)))?,
        }
        self.send("go")?;
        let mut rejected = None;
        let got = self.wait_for(
            budget,
            |l| l.starts_with("move ") || l.starts_with("resign") || l.starts_with("Illegal move"),
            |e, l| {
                if l.starts_with("Error") || l.starts_with("Illegal move") {
                    e.log.push(l.to_string());
                }
                if l.starts_with("Illegal move") {
                    rejected = Some(l.to_string());
                }
                if let Some(s) = cecp_search(l) {
                    e.search = Some(keep_score(e.search, s));
                }
            },
        );
        let answer = match got {
            Ok(l) if l.starts_with("move ") => {
                self.sent += 1;
                Answer::Move(l[5..].trim().to_string())
            }
            Ok(l) if l.starts_with("resign") => Answer::Resign,
            Ok(l) => Answer::Failed(rejected.unwrap_or(l)),
            Err(ExternalError::NoAnswer { .. }) => {
                let _ = self.send("?");
                Answer::Timeout
            }
            Err(e) => Answer::Failed(e.to_string()),
        };
        self.send("force")?;
        Ok(answer)
    }

    /// Tells a CECP engine the game's result (UCI has no such command).
    pub fn game_over(&mut self, result: &str) {
        if self.spec.protocol == Protocol::Xboard {
            let _ = self.send(&format!("result {result}"));
        }
    }
}

impl Drop for External {
    /// Asks the engine to quit, gives it half a second to close its output, then ends its
    /// whole process group (a wrapper script's children too).
    fn drop(&mut self) {
        let _ = self.send("quit");
        let end = Instant::now() + Duration::from_millis(500);
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(_) if !left.is_zero() => {}
                _ => break,
            }
        }
        self.end();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_reports_carry_their_scores() {
        let s = uci_search("info depth 12 seldepth 18 multipv 1 score cp -35 nodes 5000 pv e2e4");
        assert_eq!(
            s,
            Some(Searched {
                depth: 12,
                nodes: 5000,
                score: Some(Score::Cp(-35))
            })
        );
        let mate = uci_search("info depth 3 score mate -2 lowerbound nodes 90");
        assert_eq!(mate.and_then(|s| s.score), Some(Score::Mate(-2)));
        // a last line without a score keeps the score of the line before it
        let bare = uci_search("info depth 13 nodes 6000 time 5").expect("a report");
        assert_eq!(bare.score, None);
        assert_eq!(keep_score(s, bare).score, Some(Score::Cp(-35)));
        assert_eq!(
            uci_search("info depth 4 score cp x nodes 9").map(|s| s.score),
            Some(None)
        );
        // the second line of MultiPV is not the engine's score
        let second =
            uci_search("info depth 12 multipv 2 score cp -90 nodes 5100").expect("a report");
        assert_eq!(second.score, None);
        assert_eq!(keep_score(s, second).score, Some(Score::Cp(-35)));
        let cecp = cecp_search("9 -120 35 40000 e2e4 e7e5").expect("a thinking line");
        assert_eq!((cecp.depth, cecp.score), (9, Some(Score::Cp(-120))));
    }

    #[test]
    fn specs_read_path_and_options() {
        let s = EngineSpec::parse("uci:/usr/games/stockfish:UCI_LimitStrength=true,UCI_Elo=1500")
            .unwrap()
            .unwrap();
        assert_eq!(s.protocol, Protocol::Uci);
        assert_eq!(s.path, "/usr/games/stockfish");
        assert_eq!(s.options.len(), 2);
        assert_eq!(s.options[1], ("UCI_Elo".into(), "1500".into()));
        assert!(EngineSpec::parse("depth:3").is_none());
        assert_eq!(
            EngineSpec::parse("xboard:").unwrap(),
            Err(SpecError::NoPath("xboard:".into()))
        );
        let e = EngineSpec::parse("uci:x:novalue").unwrap().unwrap_err();
        assert_eq!(
            e.to_string(),
            "`uci:x:novalue`: option `novalue` is not name=value"
        );
    }

    #[test]
    fn combo_options_list_their_values() {
        assert_eq!(
            combo_values("type combo default chess var chess var shatranj"),
            ["chess", "shatranj"]
        );
        assert!(combo_values("type string default x").is_empty());
    }

    #[test]
    fn a_missing_program_is_a_spawn_error() {
        let spec = EngineSpec::parse("uci:/no/such/engine").unwrap().unwrap();
        match External::start(&spec) {
            Err(e @ ExternalError::Spawn { .. }) => {
                assert!(
                    e.to_string().starts_with("cannot run `/no/such/engine`: "),
                    "{e}"
                )
            }
            Err(e) => panic!("{e}"),
            Ok(_) => panic!("started"),
        }
    }
}
