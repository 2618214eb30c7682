//! Prints the perft of every game's start position to depth 3, using only `citadel-rules`:
//! `cargo run --release -p citadel-rules --example perft_all`.

use citadel_rules::{perft, with_game, Position, Variant};

fn main() {
    for v in Variant::ALL {
        let counts: Vec<u64> = with_game!(v, G => {
            let mut pos = Position::<G>::start();
            (1..=3).map(|d| perft(&mut pos, d)).collect()
        });
        let counts: Vec<String> = counts.iter().map(u64::to_string).collect();
        println!("{:<18} {}", v.id(), counts.join(" "));
    }
}
