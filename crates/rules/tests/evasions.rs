//! Check evasions: over random playouts (rich in checks) from every fixture position of
//! every game, `generate` gives exactly the moves, in the same order, that the generation
//! without the evasion filter gives (every move of a piece other than the royal one tested
//! by playing it), and the filter's cells hold every legal plain landing of those pieces.

use citadel_notation::fen;
use citadel_rules::{with_game, Game, MoveList, Position, Variant};
use rand::{rngs::StdRng, SeedableRng};
mod common;

/// The legal moves as `generate` gave them before the evasion filter: with the filter's
/// cells set to the whole board.
fn unfiltered<G: Game>(pos: &Position<G>) -> MoveList {
    let mut out = MoveList::new();
    if G::decided(pos).is_some() {
        return out;
    }
    let mut lg = pos.legality();
    lg.evasions = pos.config().geometry().all();
    pos.generate_regular(&lg, &mut out);
    G::special_moves(pos, &lg, &mut out);
    out
}

/// Checks one position; counts the positions in check, and those where the filter dropped
/// a move, into `stats`.
fn check<G: Game>(pos: &Position<G>, stats: &mut [usize; 2]) -> Result<(), String> {
    let lg = pos.legality();
    if !lg.in_check {
        return Ok(());
    }
    stats[0] += 1;
    let got = pos.legal_moves();
    let want = unfiltered(pos);
    if got.as_slice() != want.as_slice() {
        return Err(format!(
            "in {}: generate gives {:?}, the unfiltered generation {:?}",
            fen::write(pos),
            got.as_slice(),
            want.as_slice()
        ));
    }
    let mut regular = MoveList::new();
    let mut all = lg;
    all.evasions = pos.config().geometry().all();
    pos.generate_regular(&all, &mut regular);
    for m in regular.iter() {
        if Some(m.from) != lg.royal
            && m.is_plain()
            && m.promotion.is_none()
            && !lg.evasions.contains(m.to)
        {
            return Err(format!(
                "{m:?} answers the check off the evasions in {}",
                fen::write(pos)
            ));
        }
    }
    if lg.evasions != pos.config().geometry().all() {
        stats[1] += 1;
    }
    Ok(())
}

#[test]
fn generation_in_check_is_unchanged_by_the_evasion_filter() {
    let mut rng = StdRng::seed_from_u64(0xE7AD);
    for file in common::all() {
        let v: Variant = file.variant.parse().expect("known variant");
        let mut stats = [0; 2];
        for case in &file.positions {
            let r = with_game!(v, G => fen::parse::<G>(&case.fen)
            .map_err(|e| e.to_string())
            .and_then(|mut pos| {
                common::playouts(&mut pos, &mut rng, 8, 40, |p| check(p, &mut stats))
            }));
            r.unwrap_or_else(|e| panic!("{}: {}: {e}", file.variant, case.name));
        }
        eprintln!(
            "{}: {} positions in check, {} filtered",
            file.variant, stats[0], stats[1]
        );
        assert!(
            stats[1] > 100,
            "{}: only {} filtered checks of {}",
            file.variant,
            stats[1],
            stats[0]
        );
    }
}
