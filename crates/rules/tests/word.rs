//! Each game's bitboard word is the narrowest its board fits: `u64` for boards of at most 64
//! cells (the 8x8 games, the Byzantine ring), `u128` for the others.

use citadel_geometry::BitWord;
use citadel_rules::{with_game, Game, Variant};

/// The board's cell count and the width of the game's word.
fn cells_and_bits<G: Game>() -> (usize, u32) {
    (G::config().geometry().len(), <G::Word as BitWord>::BITS)
}

#[test]
fn every_game_uses_the_narrowest_word_its_board_fits() {
    for v in Variant::ALL {
        let (cells, bits) = with_game!(v, G => cells_and_bits::<G>());
        let want = if cells <= 64 { 64 } else { 128 };
        assert_eq!(bits, want, "{v}: {cells} cells");
    }
    // the 64-cell games and the ring are narrow, the large boards wide
    let bits = |v: Variant| with_game!(v, G => cells_and_bits::<G>()).1;
    assert_eq!(bits(Variant::Chess), 64);
    assert_eq!(bits(Variant::Byzantine), 64);
    assert_eq!(bits(Variant::Tamerlane), 128);
    assert_eq!(bits(Variant::CelticCitadel), 128);
}
