//! citadel-notation alone (over the rules): read a PGN file and validate every game —
//! legal moves, declared results — reporting each broken game with its location.

use citadel_notation::{pgn, replay};

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../fixtures/games/chess/classics.pgn"
        )
        .into()
    });
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (mut valid, mut invalid) = (0, 0);
    for (n, game) in pgn::read_games(&text).into_iter().enumerate() {
        let checked = game
            .map_err(|e| e.to_string())
            .and_then(|g| replay::validate(&g.record).map_err(|e| e.to_string()));
        match checked {
            Ok(r) => {
                valid += 1;
                println!("game {}: {} plies, {}", n + 1, r.plies, r.variant);
            }
            Err(e) => {
                invalid += 1;
                println!("game {}: {e}", n + 1);
            }
        }
    }
    println!("{path}: {valid} valid, {invalid} invalid");
    assert!(valid > 0);
    std::process::exit(i32::from(invalid > 0));
}
