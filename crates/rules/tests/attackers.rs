//! `Position::attackers_of` over random playouts from every fixture position of every game:
//! for every cell and colour, the set is empty exactly when the cell is not attacked, each
//! piece in it attacks the cell alone, no other piece does, and a piece put anywhere off a
//! checker's `attack_paths` leaves its attack standing.
use citadel_geometry::Bitboard;
use citadel_notation::fen;
use citadel_rules::{with_game, Color, Game, Position, Variant};
use rand::{rngs::StdRng, SeedableRng};
mod common;

/// Checks every cell and colour of `pos`; counts the attackers seen into `seen`.
fn check<G: Game>(pos: &Position<G>, seen: &mut usize) -> Result<(), String> {
    let cfg = pos.config();
    let geo = cfg.geometry();
    let bb = *pos.bitboards();
    let occ = bb.occupied();
    for cell in geo.all() {
        for by in Color::BOTH {
            let set = pos.attackers_of(cell, by, occ);
            let name = || format!("{} by {by:?} in {}", geo.name_of(cell), fen::write(pos));
            if set.any() != pos.is_attacked(cell, by) {
                return Err(format!(
                    "attackers {set:?} disagree with is_attacked: {}",
                    name()
                ));
            }
            let ours = bb.color[by.index()];
            for s in ours {
                let others = ours & !Bitboard::from_square(s);
                if pos.attacked_in(&bb, cell, by, occ, others) != set.contains(s) {
                    return Err(format!(
                        "{} alone {} but the set is {set:?}: {}",
                        geo.name_of(s),
                        if set.contains(s) {
                            "does not attack"
                        } else {
                            "attacks"
                        },
                        name()
                    ));
                }
            }
            *seen += set.count() as usize;
            for s in set {
                let p = pos.piece_at(s).expect("an attacker stands there");
                let paths = cfg
                    .pieces
                    .piece(by.index(), p.kind as usize)
                    .attack_paths(geo, s, cell, occ);
                if (paths & occ).any() || paths.contains(cell) || paths.contains(s) {
                    return Err(format!(
                        "paths of {} hold occupied cells: {}",
                        geo.name_of(s),
                        name()
                    ));
                }
                let others = ours & !Bitboard::from_square(s);
                for x in geo.all() & !occ & !paths & !Bitboard::from_square(cell) {
                    let blocked = occ | Bitboard::from_square(x);
                    if !pos.attacked_in(&bb, cell, by, blocked, others) {
                        return Err(format!(
                            "{} off the paths {paths:?} of {} blocks it: {}",
                            geo.name_of(x),
                            geo.name_of(s),
                            name()
                        ));
                    }
                }
            }
        }
    }
    Ok(())
}

#[test]
fn attackers_of_is_exactly_the_set_of_attacking_pieces() {
    let mut rng = StdRng::seed_from_u64(0xA77A);
    for file in common::all() {
        let v: Variant = file.variant.parse().expect("known variant");
        let mut seen = 0;
        for case in &file.positions {
            let r = with_game!(v, G => fen::parse::<G>(&case.fen)
            .map_err(|e| e.to_string())
            .and_then(|mut pos| {
                common::playouts(&mut pos, &mut rng, 1, 12, |p| check(p, &mut seen))
            }));
            r.unwrap_or_else(|e| panic!("{}: {}: {e}", file.variant, case.name));
        }
        assert!(seen > 1000, "{}: only {seen} attackers seen", file.variant);
    }
}
