//! PGN reading, validation and the archive round trip: every game read is validated, the
//! games written as an archive read back equal, and canonical records re-read equal.
#![no_main]

use citadel_notation::{archive, pgn, replay, writer};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let games: Vec<_> = pgn::Games::new(data).collect();
    let mut records = Vec::new();
    for g in games.into_iter().flatten() {
        let _ = replay::validate(&g.record);
        if let Ok(canon) = replay::normalize(&g.record) {
            let text = writer::write(&canon);
            let back = pgn::parse(&text).expect("canonical PGN reads back");
            assert_eq!(back, vec![canon]);
        }
        records.push(g.record);
    }
    let bytes = archive::write(&records).expect("encodes");
    assert_eq!(archive::read(&bytes).expect("decodes"), records);
});
