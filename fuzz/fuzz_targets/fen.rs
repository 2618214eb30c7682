//! FEN of every game: the first byte picks the game, the rest is the FEN text. A FEN that
//! parses writes back to one that parses to the same position.
#![no_main]

use citadel_notation::fen;
use citadel_rules::{Claims, with_game, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let variant = Variant::ALL[usize::from(pick) % Variant::ALL.len()];
    let text = String::from_utf8_lossy(rest);
    with_game!(variant, G => {
        if let Ok(pos) = fen::parse::<G>(&text) {
            let written = fen::write(&pos);
            let again = fen::parse::<G>(&written).expect("a written FEN parses");
            assert_eq!(fen::write(&again), written);
            let _ = pos.legal_moves();
            let _ = pos.outcome(Claims::Draws);
        }
    });
});
