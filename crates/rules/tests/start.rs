//! Every game's start position comes from the rules crate alone, with the legal move count
//! of its perft fixture's depth 1 and the rights the game starts with.

use citadel_rules::{Game, Position, Variant};

#[test]
fn every_start_position_builds_with_its_rights() {
    // (variant, legal moves at the start, rights bits, first-move cells)
    let expected = [
        (Variant::CelticCitadel, 24, 0b1111, 0),
        (Variant::PersianPrincess, 25, 0b11_1111, 0),
        (Variant::EgyptianEye, 25, 0b11_1111, 0),
        (Variant::OrientalOmega, 26, 0b11_1111, 0),
        (Variant::MiniCitadel, 42, 0, 20),
        (Variant::Tamerlane, 24, 0b11, 0),
        (Variant::Byzantine, 14, 0, 0),
        (Variant::Chess, 20, 0b1111, 0),
        (Variant::Shatranj, 16, 0, 0),
    ];
    for (v, moves, rights, unmoved) in expected {
        citadel_rules::with_game!(v, G => {
            let pos = Position::<G>::start();
            assert_eq!(pos.legal_moves().len(), moves, "{v:?}");
            assert_eq!(pos.rights(), rights, "{v:?}");
            assert_eq!(pos.unmoved().count(), unmoved, "{v:?}");
            assert_eq!(pos.to_setup(), G::config().start_setup(), "{v:?}");
        });
    }
}
