//! Scripted sessions with `citadel uci` and `citadel xboard`: handshakes, `stop` during
//! `go infinite`, `?` while thinking, bad positions, options and moves (answered, never
//! fatal), and a whole game of every one of the nine games through the protocol — the test
//! plays random legal moves for one side and checks every engine move by the rules.
use citadel_notation::{coord, fen};
use citadel_rules::{with_game, Claims, Game, Variant};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// Everything read so far (for failure messages).
    seen: Vec<String>,
}

const WAIT: Duration = Duration::from_secs(30);

impl Engine {
    fn start(protocol: &str) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_citadel"))
            .arg(protocol)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for l in BufReader::new(stdout).lines() {
                let Ok(l) = l else { break };
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        self.send_bytes(line.as_bytes());
    }

    fn send_bytes(&mut self, line: &[u8]) {
        self.stdin.write_all(line).unwrap();
        self.stdin.write_all(b"\n").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The next line that satisfies `p`, within `limit`.
    fn expect_within(&mut self, limit: Duration, p: impl Fn(&str) -> bool) -> String {
        let end = Instant::now() + limit;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) => {
                    self.seen.push(l.clone());
                    if p(&l) {
                        return l;
                    }
                }
                Err(e) => panic!(
                    "no expected line ({e}); last lines:\n{}",
                    self.seen[self.seen.len().saturating_sub(15)..].join("\n")
                ),
            }
        }
    }

    fn expect(&mut self, p: impl Fn(&str) -> bool) -> String {
        self.expect_within(WAIT, p)
    }

    /// No line satisfying `p` arrives for `d`.
    fn quiet_for(&mut self, d: Duration, p: impl Fn(&str) -> bool) {
        let end = Instant::now() + d;
        while let Ok(l) = self
            .lines
            .recv_timeout(end.saturating_duration_since(Instant::now()))
        {
            assert!(!p(&l), "unexpected `{l}`");
            self.seen.push(l);
        }
    }

    fn quit(mut self) {
        self.send("quit");
        let end = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "exit status {status}");
                return;
            }
            assert!(Instant::now() < end, "the engine did not quit");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

fn uci(variant: &str) -> Engine {
    let mut e = Engine::start("uci");
    e.send("uci");
    e.expect(|l| l == "uciok");
    e.send(&format!("setoption name UCI_Variant value {variant}"));
    e.send("isready");
    e.expect(|l| l == "readyok");
    e
}

#[test]
fn uci_handshake_lists_every_game() {
    let mut e = Engine::start("uci");
    e.send("uci");
    let opt = e.expect(|l| l.starts_with("option name UCI_Variant"));
    for v in Variant::ALL {
        assert!(opt.contains(&format!(" var {}", v.id())), "{opt}");
    }
    e.expect(|l| l.starts_with("option name Hash type spin"));
    e.expect(|l| l == "option name Threads type spin default 1 min 1 max 256");
    e.expect(|l| l == "uciok");
    e.send("isready");
    e.expect(|l| l == "readyok");
    e.quit();
}

#[test]
fn uci_threads_search_with_two_threads_and_refuse_a_bad_count() {
    let mut e = uci("persian-princess");
    for bad in [
        "setoption name Threads value 0",
        "setoption name Threads value many",
    ] {
        e.send(bad);
        let l = e.expect(|l| l.starts_with("info string error"));
        assert!(l.contains("Threads"), "{l}");
    }
    e.send("setoption name Threads value 2");
    e.send("position startpos moves e3e4");
    e.send("go depth 4");
    let best = e.expect(|l| l.starts_with("bestmove"));
    let mut pos = fen::start::<citadel_rules::PersianPrincess>();
    pos.play_unchecked(coord::parse_move(&pos, "e3e4").unwrap());
    let m = best.split_whitespace().nth(1).unwrap();
    assert!(coord::parse_move(&pos, m).is_ok(), "{best}");
    // a new game keeps the thread count, and stop still ends an infinite search
    e.send("setoption name UCI_Variant value chess");
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    let t0 = Instant::now();
    e.send("stop");
    e.expect(|l| l.starts_with("bestmove"));
    assert!(
        t0.elapsed() < Duration::from_millis(500),
        "{:?}",
        t0.elapsed()
    );
    e.quit();
}

#[test]
fn uci_stop_ends_go_infinite_at_once() {
    let mut e = uci("celtic-citadel");
    e.send("position startpos moves g3g5");
    e.send("go infinite");
    e.expect(|l| l.starts_with("info depth 1 "));
    // an infinite search holds its move back until stop
    e.quiet_for(Duration::from_millis(300), |l| l.starts_with("bestmove"));
    e.send("isready");
    e.expect(|l| l == "readyok");
    let t0 = Instant::now();
    e.send("stop");
    let best = e.expect(|l| l.starts_with("bestmove"));
    assert!(t0.elapsed() < Duration::from_secs(2), "{:?}", t0.elapsed());
    let m = best.split_whitespace().nth(1).unwrap();
    let mut pos = fen::start::<citadel_rules::CelticCitadel>();
    pos.play_unchecked(coord::parse_move(&pos, "g3g5").unwrap());
    assert!(coord::parse_move(&pos, m).is_ok(), "{best}");
    e.quit();
}

#[test]
fn uci_info_lines_carry_every_field() {
    let mut e = uci("chess");
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    e.send("go depth 3");
    let info = e.expect(|l| l.starts_with("info depth 3 "));
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
    assert_eq!(e.expect(|l| l.starts_with("bestmove")), "bestmove a1a8");
    e.quit();
}

#[test]
fn uci_bad_input_is_answered_and_survived() {
    let mut e = uci("chess");
    let error = |l: &str| l.starts_with("info string error");
    for bad in [
        "position fen rnbqkbnr/pppppppp/8 w",
        "position startpos moves e2e4 e7e5 e1e3",
        "position somewhere",
        "setoption name Hash value lots",
        "setoption name UCI_Variant value go-moku",
        "setoption name Nonsense value 1",
        "fly",
    ] {
        e.send(bad);
        let l = e.expect(error);
        // short: the input is echoed clipped (the unknown-game error lists every id)
        assert!(l.len() < 240, "{l}");
    }
    // after a refused `position` the engine has no position: no move until a valid one
    e.send("position startpos moves e2e4 e7e5 e1e3");
    e.expect(error);
    e.send("go depth 2");
    e.expect(|l| l.starts_with("info string error: no position to search: "));
    e.expect(|l| l == "bestmove 0000");
    e.send("position startpos moves e2e4");
    e.send("go depth 2");
    let best = e.expect(|l| l.starts_with("bestmove"));
    let mut pos = fen::start::<citadel_rules::Chess>();
    pos.play_unchecked(coord::parse_move(&pos, "e2e4").unwrap());
    let m = best.split_whitespace().nth(1).unwrap();
    assert!(coord::parse_move(&pos, m).is_ok(), "{best}");
    e.send("isready");
    e.expect(|l| l == "readyok");
    e.quit();
}

#[test]
fn uci_clock_moves_come_quickly() {
    let mut e = uci("chess");
    e.send("position startpos");
    let t0 = Instant::now();
    e.send("go wtime 300 btime 300 winc 10 binc 10");
    e.expect(|l| l.starts_with("bestmove"));
    assert!(
        t0.elapsed() < Duration::from_millis(1500),
        "{:?}",
        t0.elapsed()
    );
    e.quit();
}

/// Plays a whole game through `position startpos moves ...`: the engine (depth 1) plays
/// White, random legal moves Black. Returns the number of plies.
fn uci_game<G: Game>(id: &str, seed: u64) -> usize {
    let mut e = uci(id);
    e.send("ucinewgame");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = fen::start::<G>();
    let mut moves: Vec<String> = Vec::new();
    while pos.outcome(Claims::Draws).is_none() && moves.len() < 1000 {
        let text = if moves.len() % 2 == 0 {
            e.send(&format!("position startpos moves {}", moves.join(" ")));
            e.send("go depth 1");
            let best = e.expect(|l| l.starts_with("bestmove"));
            best.split_whitespace().nth(1).unwrap().to_string()
        } else {
            let legal = pos.legal_moves();
            coord::write(&pos, &legal[rng.gen_range(0..legal.len())])
        };
        let m = coord::parse_move(&pos, &text)
            .unwrap_or_else(|err| panic!("{id}: {text} after {moves:?}: {err}"));
        pos.play_unchecked(m);
        moves.push(text);
    }
    assert!(pos.outcome(Claims::Draws).is_some(), "{id}: unfinished");
    // the finished game's position is accepted too; the engine has no move to offer
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    e.send("go depth 1");
    assert_eq!(e.expect(|l| l.starts_with("bestmove")), "bestmove (none)");
    e.quit();
    moves.len()
}

#[test]
fn uci_plays_a_whole_game_of_every_game() {
    for v in Variant::ALL {
        let plies = with_game!(v, G => uci_game::<G>(v.id(), 7));
        assert!(plies > 0, "{}", v.id());
    }
}

fn xboard(variant: &str) -> Engine {
    let mut e = Engine::start("xboard");
    e.send("xboard");
    e.send("protover 2");
    e.expect(|l| l.starts_with("feature") && l.ends_with("done=1"));
    e.send("new");
    if variant != "normal" {
        e.send(&format!("variant {variant}"));
    }
    e
}

#[test]
fn xboard_features_name_every_game() {
    let mut e = Engine::start("xboard");
    e.send("xboard");
    e.send("protover 2");
    let f = e.expect(|l| l.starts_with("feature"));
    for needed in [
        "setboard=1",
        "usermove=1",
        "ping=1",
        "smp=1",
        "myname=\"Citadel 0.1.0 (",
        "analyze=1",
    ] {
        assert!(f.contains(needed), "{needed}: {f}");
    }
    e.expect(|l| l == "feature done=1");
    let names = f
        .split("variants=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    // every game but the two XBoard cannot draw (Tamerlane, Byzantine chess)
    assert_eq!(names.split(',').count(), Variant::ALL.len() - 2, "{names}");
    assert!(!names
        .split(',')
        .any(|n| n == "tamerlane" || n == "byzantine"));
    assert!(names.split(',').any(|n| n == "normal"));
    assert!(names.split(',').any(|n| n == "courier"));
    assert!(names.split(',').any(|n| n == "celtic-citadel"));
    e.send("variant celtic-citadel");
    let setup = e.expect(|l| l.starts_with("setup"));
    assert_eq!(
        setup,
        "setup 11x11+0_fairy f9f/1rnbqkbsnr1/1ppppppppp1/11/11/11/11/11/1PPPPPPPPP1/1RNBQKBSNR1/F9F w KQkq - 0 1"
    );
    // the pieces XBoard does not know, in Betza, written from their definitions
    assert_eq!(e.expect(|l| l.starts_with("piece S")), "piece S& BN");
    assert_eq!(e.expect(|l| l.starts_with("piece F")), "piece F& RN");
    e.send("variant oriental-omega");
    e.expect(|l| l.starts_with("setup 11x11+0_fairy w9w/"));
    assert_eq!(e.expect(|l| l.starts_with("piece C")), "piece C& WDA");
    assert_eq!(e.expect(|l| l.starts_with("piece W")), "piece W& NF");
    // games XBoard cannot draw get no setup
    e.send("variant byzantine");
    e.send("ping 3");
    let next = e.expect(|l| l.starts_with("setup") || l.starts_with("pong"));
    assert_eq!(next, "pong 3");
    e.quit();
}

#[test]
fn a_line_that_is_not_utf8_is_reported_and_the_session_goes_on() {
    let mut e = Engine::start("uci");
    e.send("uci");
    e.expect(|l| l == "uciok");
    e.send_bytes(b"\xff\xfe x");
    e.expect(|l| l.starts_with("info string error: a line that is not UTF-8 was skipped"));
    e.send("isready");
    e.expect(|l| l == "readyok");
    e.quit();
    let mut e = Engine::start("xboard");
    e.send("xboard");
    e.send_bytes(b"\xff\xfe x");
    e.expect(|l| l.starts_with("Error (not UTF-8): "));
    e.send("ping 9");
    e.expect(|l| l == "pong 9");
    e.quit();
}

#[test]
fn xboard_move_now_and_bad_input() {
    let mut e = xboard("normal");
    e.send("st 60");
    e.send("post");
    e.send("usermove e2e4");
    e.expect(|l| l.starts_with("1 "));
    let t0 = Instant::now();
    e.send("?");
    let mv = e.expect(|l| l.starts_with("move "));
    assert!(t0.elapsed() < Duration::from_secs(3), "{:?}", t0.elapsed());
    let mut pos = fen::start::<citadel_rules::Chess>();
    pos.play_unchecked(coord::parse_move(&pos, "e2e4").unwrap());
    assert!(coord::parse_move(&pos, &mv[5..]).is_ok(), "{mv}");
    e.send("force");
    e.send("usermove e1e5");
    assert!(e
        .expect(|l| l.starts_with("Illegal move"))
        .ends_with("e1e5"));
    e.send("setboard 8/8/8 w - -");
    e.expect(|l| l.starts_with("Error (bad position)"));
    e.send("variant go-moku");
    e.expect(|l| l.starts_with("Error (unknown variant)"));
    e.send("level 40 x 0");
    e.expect(|l| l.starts_with("Error (bad level)"));
    e.send("frobnicate");
    e.expect(|l| l.starts_with("Error (unknown command)"));
    e.send("cores 0");
    e.expect(|l| l.starts_with("Error (bad core count)"));
    e.send("cores 2");
    // still alive (now on two threads), and the position still the one after e2e4 + the
    // engine's reply
    e.send("setboard 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    e.send("sd 3");
    e.send("go");
    assert_eq!(e.expect(|l| l.starts_with("move ")), "move a1a8");
    e.expect(|l| l.starts_with("1-0 {White wins by checkmate}"));
    e.quit();
}

/// A whole game through CECP: random legal moves for White by `usermove`, the engine
/// (depth 1) answering as Black, until the engine announces the rules' result.
fn xboard_game<G: Game>(v: Variant, seed: u64) -> usize {
    let name = if v == Variant::Chess {
        "normal"
    } else {
        v.id()
    };
    let mut e = xboard(name);
    e.send("sd 1");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = fen::start::<G>();
    let mut plies = 0;
    let outcome = loop {
        if let Some(o) = pos.outcome(Claims::Draws) {
            break o;
        }
        assert!(plies < 1000, "{}: unfinished", v.id());
        let legal = pos.legal_moves();
        let text = coord::write(&pos, &legal[rng.gen_range(0..legal.len())]);
        pos.play_unchecked(coord::parse_move(&pos, &text).unwrap());
        plies += 1;
        e.send(&format!("usermove {text}"));
        if let Some(o) = pos.outcome(Claims::Draws) {
            break o;
        }
        let reply = e.expect(|l| {
            l.starts_with("move ") || l.starts_with("Illegal") || l.starts_with("Error")
        });
        let m = reply
            .strip_prefix("move ")
            .unwrap_or_else(|| panic!("{}: {reply}", v.id()));
        let mv = coord::parse_move(&pos, m).unwrap_or_else(|err| panic!("{}: {m}: {err}", v.id()));
        pos.play_unchecked(mv);
        plies += 1;
    };
    let announced =
        e.expect(|l| l.starts_with("1-0") || l.starts_with("0-1") || l.starts_with("1/2-1/2"));
    assert!(
        announced.starts_with(outcome.result().as_str()),
        "{}: {announced} vs {outcome:?}",
        v.id()
    );
    e.quit();
    plies
}

#[test]
fn xboard_plays_a_whole_game_of_every_game() {
    for v in Variant::ALL {
        let plies = with_game!(v, G => xboard_game::<G>(v, 11));
        assert!(plies > 0, "{}", v.id());
    }
}
