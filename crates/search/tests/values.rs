//! Material values: every piece of every game has one (table or mobility model), they
//! order the orthodox pieces as chess players do, and the mobility model gives sensible
//! values for pieces no table names. `cargo test -p citadel-search --test values --
//! --nocapture` prints the table of every game.

use citadel_rules::{with_game, Game, Variant};
use citadel_search::eval::{values, Evaluator};

fn table<G: Game>() -> Vec<(String, i32, f64)> {
    let cfg = G::config();
    let ev = Evaluator::new::<G>();
    cfg.pieces
        .defs()
        .iter()
        .enumerate()
        .map(|(k, d)| {
            (
                d.name.clone(),
                ev.values()[k],
                values::mobility(&cfg.pieces, k),
            )
        })
        .collect()
}

#[test]
fn every_piece_of_every_game_has_a_value() {
    for v in Variant::ALL {
        let t = with_game!(v, G => table::<G>());
        let royal = with_game!(v, G => G::config().royal);
        println!("{}:", v.id());
        for (k, (name, value, m)) in t.iter().enumerate() {
            println!("  {name:<22} {value:>5}   (reach {m:.2})");
            if royal >> k & 1 == 0 {
                assert!(*value >= 50, "{v}: {name} has value {value}");
            }
        }
    }
}

#[test]
fn chess_values_order_the_pieces() {
    let t = table::<citadel_rules::Chess>();
    let v = |n: &str| t.iter().find(|(m, _, _)| m == n).map(|x| x.1).expect(n);
    assert!(v("queen") > v("rook") && v("rook") > v("bishop") && v("bishop") >= v("knight"));
    assert!(v("knight") > 2 * v("pawn"));
}

#[test]
fn the_mobility_model_roughly_reproduces_the_chess_values() {
    // the model (used for pieces no table names) against the published chess values
    let set = &citadel_rules::Chess::config().pieces;
    for (kind, published) in [(4, 325), (3, 325), (2, 500), (1, 975)] {
        let model = values::model_value(values::mobility(set, kind));
        let err = (model - published).abs() * 100 / published;
        assert!(
            err <= 10,
            "kind {kind}: model {model}, published {published}"
        );
    }
}

#[test]
fn overrides_name_pieces_by_role_key() {
    use citadel_rules::{courier, tamerlane, Courier, Tamerlane};
    let ev = Evaluator::with_values::<Courier>(&[("mann".into(), 333), ("schleich".into(), 144)]);
    assert_eq!(ev.values()[courier::kind::MANN as usize], 333);
    assert_eq!(ev.values()[courier::kind::SCHLEICH as usize], 144);
    // the keys of the same pieces in other games name nothing here
    let plain = Evaluator::new::<Courier>();
    let other = Evaluator::with_values::<Courier>(&[("guard".into(), 999), ("vizier".into(), 999)]);
    assert_eq!(other.values(), plain.values());
    // Tamerlane's pieces by role key, and by the names they had before roles
    let ev = Evaluator::with_values::<Tamerlane>(&[
        ("wazir".into(), 77),
        ("pawn-of-rooks".into(), 111),
        ("war engine".into(), 88),
    ]);
    assert_eq!(ev.values()[tamerlane::kind::VIZIER as usize], 77);
    assert_eq!(ev.values()[tamerlane::kind::FIRST_PAWN as usize], 111);
    assert_eq!(ev.values()[tamerlane::kind::WAR_ENGINE as usize], 88);
}
