//! `Position::check_hint` over random playouts (rich in checks) from every fixture position
//! of every game: every legal move that gives check is one the hint may not clear, and the
//! hint clears most of the moves that do not (so that it spares the search their test).
use citadel_notation::fen;
use citadel_rules::{with_game, Game, Position, Variant};
use rand::{rngs::StdRng, SeedableRng};
mod common;

/// Checks every legal move of `pos`; counts the checking moves, the others, and the others
/// the hint cleared into `stats`.
fn check<G: Game>(pos: &mut Position<G>, stats: &mut [usize; 3]) -> Result<(), String> {
    let mut hint = pos.check_hint();
    for m in pos.legal_moves().iter() {
        let may = hint.may_check(pos, m);
        pos.play_unchecked(*m);
        let checks = pos.in_check();
        pos.undo();
        if checks && !may {
            return Err(format!(
                "{m:?} gives check but the hint clears it in {}",
                fen::write(pos)
            ));
        }
        stats[usize::from(!checks)] += 1;
        if !may {
            stats[2] += 1;
        }
    }
    Ok(())
}

#[test]
fn the_check_hint_clears_only_moves_that_do_not_check() {
    let mut rng = StdRng::seed_from_u64(0xC4EC);
    for file in common::all() {
        let v: Variant = file.variant.parse().expect("known variant");
        let mut stats = [0; 3];
        for case in &file.positions {
            let r = with_game!(v, G => fen::parse::<G>(&case.fen)
            .map_err(|e| e.to_string())
            .and_then(|mut pos| {
                common::playouts(&mut pos, &mut rng, 4, 30, |p| check(p, &mut stats))
            }));
            r.unwrap_or_else(|e| panic!("{}: {}: {e}", file.variant, case.name));
        }
        let [checking, others, cleared] = stats;
        eprintln!(
            "{}: {checking} checking moves, {others} others, {cleared} cleared",
            file.variant
        );
        assert!(checking > 100, "{}: only {checking} checks", file.variant);
        assert!(
            cleared * 2 > others,
            "{}: the hint cleared only {cleared} of {others} moves that do not check",
            file.variant
        );
    }
}
