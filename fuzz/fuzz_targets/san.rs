//! SAN on positions reached by random play: the first byte picks the game, the next bytes
//! pick up to 8 random moves from the start, the rest is the move text. A move that parses
//! writes back to SAN that parses to the same move.
#![no_main]
use citadel_notation::san;
use citadel_rules::{Game, with_position, Position, Variant, VariantPosition};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

/// The start positions, set up once (setting one up reads its FEN: slow under coverage).
static STARTS: OnceLock<Vec<VariantPosition>> = OnceLock::new();

fn check<G: Game>(pos: &mut Position<G>, picks: &[u8], text: &str) {
    for &p in picks {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        pos.play_unchecked(legal[usize::from(p) % legal.len()]);
    }
    let legal = pos.legal_moves();
    if let Ok(m) = san::parse_among(pos, &legal, text) {
        let written = san::write(pos, &m).unwrap();
        assert_eq!(san::parse_among(pos, &legal, &written), Ok(m), "{written}");
    }
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 2 {
        return;
    }
    let starts =
        STARTS.get_or_init(|| Variant::ALL.iter().map(|&v| VariantPosition::start(v)).collect());
    let mut pos = starts[usize::from(data[0]) % starts.len()].clone();
    let n = usize::from(data[1] % 9).min(data.len() - 2);
    let (picks, text) = data[2..].split_at(n);
    let text = String::from_utf8_lossy(text);
    with_position!(&mut pos, p => check(p, picks, &text));
});
