//! Checked play agrees with the move generator: over positions of every game reached by
//! seeded random playouts from the start, a move built from a random (from, to) pair — or
//! picked from the legal moves — is accepted by `try_play` exactly when `legal_moves` holds
//! it, `is_legal` says the same (also for legal moves with a field changed, and for every
//! target of a piece and of each pinned piece), and a refused move leaves the position as
//! it was (same setup, same hash), while an accepted one is taken back by `undo`.

mod common;

use citadel_geometry::Square;
use citadel_rules::{with_game, Game, Move, MoveFlag, Position, Variant};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Checks one candidate move on `pos`.
fn check_move<G: Game>(pos: &mut Position<G>, m: Move) -> Result<(), String> {
    let legal = pos.legal_moves().contains(&m);
    if pos.is_legal(m) != legal {
        return Err(format!(
            "is_legal({m:?}) disagrees with legal_moves ({legal})"
        ));
    }
    let (setup, hash) = (pos.to_setup(), pos.hash());
    match pos.try_play(m) {
        Ok(()) if legal => {
            if pos.undo() != Some(m) || pos.hash() != hash || pos.to_setup() != setup {
                return Err(format!("{m:?}: undo does not restore the position"));
            }
        }
        Ok(()) => return Err(format!("try_play accepted the illegal {m:?}")),
        Err(e) if legal => return Err(format!("try_play refused the legal {m:?}: {e}")),
        Err(e) => {
            if e.mv != Some(m) {
                return Err(format!("the error names {:?}, not {m:?}", e.mv));
            }
            if pos.hash() != hash || pos.to_setup() != setup {
                return Err(format!("a refused {m:?} changed the position"));
            }
        }
    }
    Ok(())
}

/// Random playouts of `G`, with random and legal candidate moves tried at every position;
/// returns how many candidates were accepted and refused.
fn run<G: Game>(seed: u64) -> Result<(usize, usize), String> {
    let mut walk = StdRng::seed_from_u64(seed);
    let mut pick = StdRng::seed_from_u64(seed ^ 0x5EED);
    let cells = G::config().geometry().len();
    let (mut accepted, mut refused) = (0, 0);
    let mut start = Position::<G>::start();
    common::playouts(&mut start, &mut walk, 4, 80, |pos| {
        let legal = pos.legal_moves();
        let mut candidates: Vec<Move> = (0..24)
            .map(|_| {
                // now and then a cell index beyond the board
                let bound = if pick.gen_bool(0.1) { 128 } else { cells };
                let from = Square(pick.gen_range(0..bound) as u8);
                let to = Square(pick.gen_range(0..bound) as u8);
                Move::new(from, to)
            })
            .collect();
        // a piece's own move, as a plain (from, to) pair: refused when the generator's
        // move carries a promotion or a flag
        for _ in 0..4 {
            if !legal.is_empty() {
                let m = legal[pick.gen_range(0..legal.len())];
                candidates.push(m);
                candidates.push(Move::new(m.from, m.to));
            }
        }
        // every cell as the target of one of the side to move's pieces
        let own: Vec<Square> = pos.bitboards().color[pos.turn().index()]
            .into_iter()
            .collect();
        if !own.is_empty() {
            let from = own[pick.gen_range(0..own.len())];
            candidates.extend((0..cells).map(|t| Move::new(from, Square(t as u8))));
        }
        // every cell as the target of each pinned piece (by a line or a bent rider's path),
        // which the one-move test must not let leave its line
        for from in pos.legality().pinned {
            candidates.extend((0..cells).map(|t| Move::new(from, Square(t as u8))));
        }
        // legal moves with another flag, promotion or auxiliary cell: a regular move's fields
        // must all match for the generator's own test of one move to accept it
        let kinds = G::config().pieces.len() as u8;
        for m in legal.iter().take(12) {
            for flag in [MoveFlag::Normal, MoveFlag::DoubleStep, MoveFlag::EnPassant] {
                candidates.push(Move { flag, ..*m });
            }
            candidates.push(Move {
                promotion: None,
                ..*m
            });
            let other = pick.gen_range(0..kinds);
            candidates.push(Move {
                promotion: Some(other),
                ..*m
            });
            candidates.push(Move {
                aux: Some(m.to),
                ..*m
            });
        }
        for m in candidates {
            check_move(pos, m)?;
            if pos.legal_moves().contains(&m) {
                accepted += 1;
            } else {
                refused += 1;
            }
        }
        Ok(())
    })?;
    Ok((accepted, refused))
}

#[test]
fn try_play_accepts_exactly_the_legal_moves() {
    for (i, v) in Variant::ALL.into_iter().enumerate() {
        let (accepted, refused) = with_game!(v, G => run::<G>(1000 + i as u64))
            .unwrap_or_else(|e| panic!("{}: {e}", v.id()));
        assert!(accepted > 100, "{}: only {accepted} moves accepted", v.id());
        assert!(refused > 1000, "{}: only {refused} moves refused", v.id());
    }
}
