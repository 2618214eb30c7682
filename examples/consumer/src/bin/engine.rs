//! citadel-engine alone (over the rules, notation and search): the UCI protocol as a state
//! machine, driven line by line without a process.

use citadel_engine::uci::Uci;
use citadel_engine::Reply;
use citadel_rules::Variant;
use std::sync::mpsc;

fn main() {
    let (tx, later) = mpsc::channel();
    let mut uci = Uci::new(Variant::Tamerlane, move |line| {
        let _ = tx.send(line);
    });
    for line in [
        "uci",
        "isready",
        "position startpos moves f3f4",
        "go depth 3",
    ] {
        for reply in uci.handle(line) {
            if let Reply::Line(l) = reply {
                println!("< {l}");
            }
        }
    }
    let best = later
        .iter()
        .inspect(|l: &String| println!("< {l}"))
        .find(|l| l.starts_with("bestmove"))
        .expect("a search always ends with bestmove");
    assert!(best.len() > "bestmove ".len());
    assert_eq!(uci.handle("quit"), [Reply::Quit]);
}
