//! A UCI session: random lines (seeded with real sessions) fed to the state machine, every
//! search capped at a few hundred nodes; the session must never panic, and every `go` it
//! accepted ends with exactly one `bestmove`.
#![no_main]

use citadel_engine::uci::Uci;
use citadel_engine::Reply;
use citadel_rules::Variant;
use libfuzzer_sys::fuzz_target;
use std::sync::mpsc;

/// Lines that would make one run slow rather than wrong: big tables, many threads.
fn costly(line: &str) -> bool {
    let l = line.to_ascii_lowercase();
    l.contains("hash") || l.contains("threads")
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
        if line.split_whitespace().next() == Some("go") {
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
