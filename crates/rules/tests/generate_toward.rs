//! `generate_toward` keeps its promise over positions of every game reached by seeded random
//! playouts: what it gives is legal, holds every legal move of the asked pieces to the asked
//! cell and every special move, and it declines only when the game's rule has decided the
//! position or none of those pieces has a regular move there.

mod common;

use citadel_geometry::{Bitboard, Square};
use citadel_rules::{with_game, Game, Move, MoveFlag, MoveList, Position, Variant};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Whether `m` is one of a game's special moves (castling, its own moves, a removal).
fn is_special(m: &Move) -> bool {
    m.aux.is_some() || matches!(m.flag, MoveFlag::Castle | MoveFlag::Special(_))
}

/// Checks every (kind, destination) pair of the side to move, and a few random cell sets.
fn check<G: Game>(pos: &Position<G>, pick: &mut StdRng) -> Result<usize, String> {
    let legal = pos.legal_moves();
    let cells = G::config().geometry().len();
    let kinds = G::config().pieces.len() as u8;
    let mut asks: Vec<(Bitboard<G::Word>, Square)> = Vec::new();
    for k in 0..kinds {
        let from = pos.bitboards().pieces(k, pos.turn());
        if from.any() {
            asks.extend((0..cells).map(|t| (from, Square(t as u8))));
        }
    }
    for _ in 0..8 {
        let mut from = Bitboard::EMPTY;
        for _ in 0..pick.gen_range(0..6) {
            from.insert(Square(pick.gen_range(0..cells) as u8));
        }
        asks.push((from, Square(pick.gen_range(0..cells) as u8)));
    }
    let mut out = MoveList::new();
    let mut answered = 0;
    for (from, to) in asks {
        let wanted = |m: &&Move| (from.contains(m.from) && m.to == to) || is_special(m);
        let at = || {
            format!(
                "ply {} (hash {:x}), toward {to:?}",
                pos.ply_count(),
                pos.hash()
            )
        };
        if pos.generate_toward(from, to, &mut out) {
            answered += 1;
            if let Some(m) = out.iter().find(|m| !legal.contains(m)) {
                return Err(format!("{}: {m:?} is not legal", at()));
            }
            if let Some(m) = legal.iter().filter(wanted).find(|m| !out.contains(m)) {
                return Err(format!("{}: {m:?} is missing", at()));
            }
        } else {
            if !out.is_empty() {
                return Err(format!("{}: declined with moves", at()));
            }
            let regular = legal
                .iter()
                .any(|m| !is_special(m) && from.contains(m.from) && m.to == to);
            if regular && G::decided(pos).is_none() {
                return Err(format!("{}: declined, but a regular move is there", at()));
            }
        }
    }
    Ok(answered)
}

fn run<G: Game>(seed: u64) -> Result<usize, String> {
    let mut walk = StdRng::seed_from_u64(seed);
    let mut pick = StdRng::seed_from_u64(seed ^ 0x70_7A2D);
    let mut start = Position::<G>::start();
    let mut answered = 0;
    common::playouts(&mut start, &mut walk, 3, 60, |pos| {
        answered += check(pos, &mut pick)?;
        Ok(())
    })?;
    Ok(answered)
}

#[test]
fn generate_toward_gives_what_a_reader_of_one_move_needs() {
    for (i, v) in Variant::ALL.into_iter().enumerate() {
        let answered = with_game!(v, G => run::<G>(2000 + i as u64))
            .unwrap_or_else(|e| panic!("{}: {e}", v.id()));
        assert!(answered > 200, "{}: only {answered} answers", v.id());
    }
}
