//! Perft of one game's start position, using only `citadel-rules` (a quick driver for
//! profiling the move generator):
//! `cargo run --release -p citadel-rules --example perft -- tamerlane 5`.

use citadel_rules::{perft, with_game, Position, Variant};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(v), Some(d)) = (
        args.first().and_then(|s| Variant::from_id(s)),
        args.get(1).and_then(|s| s.parse::<u32>().ok()),
    ) else {
        eprintln!("usage: perft <variant id> <depth>");
        std::process::exit(2);
    };
    let t = Instant::now();
    let n = with_game!(v, G => perft(&mut Position::<G>::start(), d));
    let s = t.elapsed().as_secs_f64();
    println!(
        "{} perft {d}: {n} ({s:.3} s, {:.2} M nodes/s)",
        v.id(),
        n as f64 / s / 1e6
    );
}
