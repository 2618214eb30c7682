//! An XBoard session: random lines (seeded with real sessions) fed to the state machine,
//! with the searches' notices handed back between lines, every search capped at a few
//! hundred nodes; the session must never panic.
#![no_main]

use citadel_engine::xboard::XBoard;
use citadel_engine::Reply;
use libfuzzer_sys::fuzz_target;
use std::sync::mpsc;
use std::time::Duration;

/// Lines that would make one run slow rather than wrong: big tables, many threads.
fn costly(line: &str) -> bool {
    let l = line.trim_start();
    l.starts_with("memory") || l.starts_with("cores")
}

fuzz_target!(|data: &[u8]| {
    let (tx, rx) = mpsc::channel();
    let mut xb = XBoard::new(move |n| {
        let _ = tx.send(n);
    })
    .with_node_cap(300);
    'session: for raw in data.split(|b| *b == b'\n').take(64) {
        let line = String::from_utf8_lossy(raw);
        if costly(&line) {
            continue;
        }
        if xb.handle(&line).contains(&Reply::Quit) {
            break;
        }
        // the notices due so far, as the command loop hands them back
        while let Ok(n) = rx.recv_timeout(Duration::from_millis(1)) {
            if xb.report(n).contains(&Reply::Quit) {
                break 'session;
            }
        }
    }
    drop(xb);
});
