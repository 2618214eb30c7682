//! SAN on positions reached by random play: the first byte picks the game, the next bytes
//! pick up to 8 random moves from the start, the rest is the move text. A move that parses
//! writes back to SAN that parses to the same move.
#![no_main]

use citadel_notation::{fen, san, SanDialect};
use citadel_rules::{with_game, Position, Variant};
use libfuzzer_sys::fuzz_target;

fn check<G: SanDialect>(picks: &[u8], text: &str) {
    let mut pos: Position<G> = fen::start::<G>();
    for &p in picks {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        pos.play(legal[usize::from(p) % legal.len()]);
    }
    let legal = pos.legal_moves();
    if let Ok(m) = san::parse_among(&pos, &legal, text) {
        let written = san::write(&pos, &m);
        assert_eq!(san::parse_among(&pos, &legal, &written), Ok(m), "{written}");
    }
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 2 {
        return;
    }
    let variant = Variant::ALL[usize::from(data[0]) % Variant::ALL.len()];
    let n = usize::from(data[1] % 9).min(data.len() - 2);
    let (picks, text) = data[2..].split_at(n);
    let text = String::from_utf8_lossy(text);
    with_game!(variant, G => check::<G>(picks, &text));
});
