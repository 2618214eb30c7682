//! A reference validator for measuring `citadel validate` against: every main-line SAN move
//! of every game is resolved to a legal move by shakmaty and played, from the `FEN` tag's
//! position when there is one. Prints `games plies invalid` on one line; exit 1 when a game
//! does not replay. Used only by `cargo xtask compare`, never by the product.
//!
//! With `--uci`, it is instead shakmaty's perft behind the few UCI commands that `cargo xtask
//! compare` sends an engine (`position startpos|fen F`, `isready`, `go perft N`, `quit`), so
//! that chess perft is timed against shakmaty as against the other engines.

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::{fen::Fen, CastlingMode, Chess, Position};
use std::ops::ControlFlow;

#[derive(Default)]
struct Counts {
    games: u64,
    plies: u64,
    invalid: u64,
}

impl Visitor for Counts {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<bool, Option<Chess>> {
        self.games += 1;
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, start: &mut Option<Chess>, name: &[u8], value: RawTag<'_>) -> ControlFlow<bool> {
        if name != b"FEN" {
            return ControlFlow::Continue(());
        }
        let pos = Fen::from_ascii(value.as_bytes())
            .ok()
            .and_then(|f| f.into_position(CastlingMode::Standard).ok());
        match pos {
            Some(p) => {
                *start = Some(p);
                ControlFlow::Continue(())
            }
            None => ControlFlow::Break(false),
        }
    }

    fn begin_movetext(&mut self, start: Option<Chess>) -> ControlFlow<bool, Chess> {
        ControlFlow::Continue(start.unwrap_or_default())
    }

    fn san(&mut self, pos: &mut Chess, san: SanPlus) -> ControlFlow<bool> {
        match san.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                self.plies += 1;
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(false),
        }
    }

    fn end_game(&mut self, _pos: Chess) -> bool {
        true
    }
}

/// shakmaty's perft behind `position`, `isready`, `go perft N` and `quit` on stdin/stdout.
fn uci() {
    use std::io::BufRead;
    let mut pos = Chess::default();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["uci"] => println!("id name shakmaty perft\nuciok"),
            ["isready"] => println!("readyok"),
            ["position", "startpos"] => pos = Chess::default(),
            ["position", "fen", fen @ ..] => {
                let parsed = Fen::from_ascii(fen.join(" ").as_bytes())
                    .ok()
                    .and_then(|f| f.into_position(CastlingMode::Standard).ok());
                match parsed {
                    Some(p) => pos = p,
                    None => println!("info string error: bad FEN"),
                }
            }
            ["go", "perft", depth] => match depth.parse() {
                Ok(d) => println!("Nodes searched: {}", shakmaty::perft(&pos, d)),
                Err(_) => println!("info string error: bad depth"),
            },
            ["quit"] => break,
            _ => {}
        }
    }
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("--uci") {
        return uci();
    }
    let mut counts = Counts::default();
    for path in std::env::args().skip(1) {
        let file = std::fs::File::open(&path).unwrap_or_else(|e| {
            eprintln!("{path}: {e}");
            std::process::exit(2)
        });
        let mut reader = Reader::new(file);
        loop {
            match reader.read_game(&mut counts) {
                Ok(Some(true)) => {}
                Ok(Some(false)) => counts.invalid += 1,
                Ok(None) => break,
                Err(e) => {
                    eprintln!("{path}: {e}");
                    std::process::exit(2)
                }
            }
        }
    }
    println!("{} {} {}", counts.games, counts.plies, counts.invalid);
    if counts.invalid > 0 {
        std::process::exit(1);
    }
}
