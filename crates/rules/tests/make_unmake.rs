//! Property test over every fixture position of every game: random playouts where after each
//! move the incremental hash equals the hash computed from scratch and the FEN round-trips
//! (the same text, the same moves, the same hash unless an en passant cell went unwritten),
//! and undoing every move restores the position, its hash and its FEN exactly.
use citadel_notation::fen;
use citadel_rules::{with_game, Game, Variant};
mod common;

use rand::{rngs::StdRng, Rng, SeedableRng};

fn playouts<G: Game>(start: &str, rng: &mut StdRng) -> Result<usize, String> {
    let mut pos = fen::parse::<G>(start).map_err(|e| e.to_string())?;
    let original = pos.clone();
    let original_fen = fen::write(&pos);
    let mut plies = 0;
    for _ in 0..8 {
        let mut played = 0;
        for _ in 0..40 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.gen_range(0..moves.len())];
            pos.play_unchecked(m);
            played += 1;
            if pos.hash() != pos.compute_hash() {
                return Err(format!("hash drift after {m:?} in {}", fen::write(&pos)));
            }
            let text = fen::write(&pos);
            let back = fen::parse::<G>(&text).map_err(|e| format!("{text}: {e}"))?;
            // the FEN names the en passant cell only when a capture there is legal: a
            // position read back may lack one its original holds, to no effect on its moves
            let same_ep = pos.ep_square() == pos.legal_ep_square();
            if fen::write(&back) != text
                || (same_ep && back.hash() != pos.hash())
                || back.legal_moves().as_slice() != pos.legal_moves().as_slice()
            {
                return Err(format!("FEN round trip differs for {text}"));
            }
        }
        for _ in 0..played {
            pos.undo();
        }
        plies += played;
        if pos != original || pos.hash() != original.hash() || fen::write(&pos) != original_fen {
            return Err(format!(
                "undo did not restore {original_fen}: got {}",
                fen::write(&pos)
            ));
        }
    }
    Ok(plies)
}

#[test]
fn make_unmake_restores_position_and_hash() {
    let mut rng = StdRng::seed_from_u64(0x5EED);
    let mut total = 0;
    for file in common::all() {
        let path = &file.variant;
        let v: Variant = file.variant.parse().expect("known variant");
        for case in &file.positions {
            let n = with_game!(v, G => playouts::<G>(&case.fen, &mut rng))
                .unwrap_or_else(|e| panic!("{path}: {}: {e}", case.name));
            total += n;
        }
    }
    assert!(total > 1000, "only {total} plies played");
}
