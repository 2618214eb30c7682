//! The perft fixtures (`fixtures/perft/*.json`) as the rules' tests read them: each game's
//! positions with their counts. (`citadel-search`'s suite runner reads the same files.)

#![allow(dead_code, unused_imports)]

use std::path::Path;

pub use citadel_rules::{PerftCase, PerftFile};

/// The directory of the perft fixtures.
pub fn dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/perft")
}

/// The fixture file of `variant` (`"tamerlane"`).
pub fn file(variant: &str) -> PerftFile {
    let path = dir().join(format!("{variant}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let file: PerftFile = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    assert_eq!(file.variant, variant);
    file
}

/// Every fixture file, sorted by name.
pub fn all() -> Vec<PerftFile> {
    let mut names: Vec<String> = std::fs::read_dir(dir())
        .expect("fixtures/perft")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".json").map(str::to_string))
        .collect();
    names.sort();
    names.iter().map(|n| file(n)).collect()
}

/// Random playouts from `start` (a position of `G`): `walks` times up to `plies` moves, each
/// walk taken back before the next, calling `check` on every position met (once before
/// the first move). Half the moves are checking ones when there are any, so that checks,
/// double checks and their answers come up often.
pub fn playouts<G: citadel_rules::Game>(
    start: &mut citadel_rules::Position<G>,
    rng: &mut rand::rngs::StdRng,
    walks: usize,
    plies: usize,
    mut check: impl FnMut(&mut citadel_rules::Position<G>) -> Result<(), String>,
) -> Result<(), String> {
    use rand::Rng;
    for _ in 0..walks {
        let mut played = 0;
        for _ in 0..plies {
            check(start)?;
            let moves = start.legal_moves();
            if moves.is_empty() {
                break;
            }
            let checking: Vec<_> = moves
                .iter()
                .filter(|&&m| {
                    start.play_unchecked(m);
                    let c = start.in_check();
                    start.undo();
                    c
                })
                .copied()
                .collect();
            let m = if !checking.is_empty() && rng.gen_bool(0.5) {
                checking[rng.gen_range(0..checking.len())]
            } else {
                moves[rng.gen_range(0..moves.len())]
            };
            start.play_unchecked(m);
            played += 1;
        }
        for _ in 0..played {
            start.undo();
        }
    }
    Ok(())
}
