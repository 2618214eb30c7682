//! A UCI session: random lines (seeded with real sessions) fed to the state machine, every
//! search capped at a few hundred nodes; the session must never panic, and every `go` it
//! accepted (`go perft` aside) ends with exactly one `bestmove`.
#![no_main]

use citadel_engine::uci::Uci;
use citadel_engine::Reply;
use citadel_rules::Variant;
use libfuzzer_sys::fuzz_target;
use std::sync::mpsc;

/// Lines that would make one run slow rather than wrong: big tables, many threads, deep
/// perft (which no node cap bounds).
fn costly(line: &str) -> bool {
    let l = line.to_ascii_lowercase();
    let deep_perft = match l.split_whitespace().collect::<Vec<_>>()[..] {
        ["go", "perft", depth, ..] => depth.parse::<u32>().map_or(false, |d| d > 2),
        _ => false,
    };
    l.contains("hash") || l.contains("threads") || deep_perft
}

/// A `go` that asks for a search, which ends with one `bestmove`; `go perft` counts moves
/// and sends none.
fn searches(line: &str) -> bool {
    let mut words = line.split_whitespace();
    words.next() == Some("go") && words.next() != Some("perft")
}

fuzz_target!(|data: &[u8]| {
    let (tx, rx) = mpsc::channel();
    let mut uci = Uci::new(Variant::Chess, move |l| {
        let _ = tx.send(l);
    })
    .with_node_cap(300);
    let mut gos = 0;
    for raw in data.split(|b| *b == b'\n').take(64) {
        let line = String::from_utf8_lossy(raw);
        if costly(&line) {
            continue;
        }
        if searches(&line) {
            gos += 1;
        }
        if uci.handle(&line).contains(&Reply::Quit) {
            break;
        }
    }
    drop(uci);
    let bestmoves = rx.try_iter().filter(|l| l.starts_with("bestmove ")).count();
    assert_eq!(bestmoves, gos, "one bestmove per go");
});
