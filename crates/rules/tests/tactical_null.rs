//! The search's helpers in the rules core, over every fixture position of every game and
//! random playouts from them: tactical generation gives exactly the legal moves that
//! capture or promote, and a null move keeps the hash right and is taken back exactly.
use citadel_notation::fen;
use citadel_rules::{with_game, Game, MoveList, Variant};
mod common;

use rand::{rngs::StdRng, Rng, SeedableRng};

/// Checks one position; returns how many tactical moves it has.
fn check<G: Game>(pos: &mut citadel_rules::Position<G>) -> Result<usize, String> {
    let all = pos.legal_moves();
    let mut want: Vec<_> = all.iter().filter(|m| pos.is_tactical(m)).copied().collect();
    let mut got = MoveList::new();
    pos.generate_tactical(&mut got);
    let mut got: Vec<_> = got.iter().copied().collect();
    let key = |m: &citadel_rules::Move| format!("{m:?}");
    want.sort_by_key(key);
    got.sort_by_key(key);
    if want != got {
        return Err(format!(
            "tactical moves differ in {}: want {want:?}, got {got:?}",
            fen::write(pos)
        ));
    }
    let before = pos.clone();
    let text = fen::write(pos);
    pos.play_null();
    if pos.hash() != pos.compute_hash() || pos.turn() == before.turn() {
        return Err(format!(
            "null move from {text}: hash drift or same side to move"
        ));
    }
    if pos.ep_square().is_some() || pos.repetitions() != 0 {
        return Err(format!(
            "null move from {text}: en passant or repetition kept"
        ));
    }
    pos.undo_null();
    if *pos != before || pos.hash() != before.hash() {
        return Err(format!("undo_null did not restore {text}"));
    }
    Ok(want.len())
}

fn walk<G: Game>(start: &str, rng: &mut StdRng) -> Result<usize, String> {
    let mut pos = fen::parse::<G>(start).map_err(|e| e.to_string())?;
    let mut tactical = 0;
    for _ in 0..4 {
        let mut played = 0;
        for _ in 0..30 {
            tactical += check(&mut pos)?;
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            // prefer tactical moves now and then, so that captures and promotions happen
            let caps: Vec<_> = moves.iter().filter(|m| pos.is_tactical(m)).collect();
            let m = if !caps.is_empty() && rng.gen_bool(0.3) {
                *caps[rng.gen_range(0..caps.len())]
            } else {
                moves[rng.gen_range(0..moves.len())]
            };
            pos.play_unchecked(m);
            played += 1;
        }
        for _ in 0..played {
            pos.undo();
        }
    }
    Ok(tactical)
}

#[test]
fn tactical_generation_matches_filtered_legal_moves_and_null_moves_undo() {
    let mut rng = StdRng::seed_from_u64(0x7AC7);
    for file in common::all() {
        let path = &file.variant;
        let v: Variant = file.variant.parse().expect("known variant");
        let mut tactical = 0;
        for case in &file.positions {
            tactical += with_game!(v, G => walk::<G>(&case.fen, &mut rng))
                .unwrap_or_else(|e| panic!("{path}: {}: {e}", case.name));
        }
        assert!(
            tactical > 100,
            "{path}: only {tactical} tactical moves seen"
        );
    }
}
