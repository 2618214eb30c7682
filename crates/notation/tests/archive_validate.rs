//! Validating archived games straight from their payloads gives the verdicts of decoding them
//! and validating the records, for valid games and for every kind of fault an archive can
//! hold.

use citadel_notation::archive::{self, FileGame};
use citadel_notation::{diagnostic, pgn, Record, SourceGame};

mod common;

/// Every game of every fixture game file, the invalid ones included (those that parse).
fn fixture_records() -> Vec<Record> {
    let mut records = Vec::new();
    for f in common::fixture_game_files() {
        if f.extension().is_some_and(|e| e == "pgn") {
            let text = std::fs::read_to_string(&f).expect("fixture text");
            records.extend(
                pgn::read_games(&text)
                    .into_iter()
                    .flatten()
                    .map(|g| g.record),
            );
        }
    }
    records
}

/// Games with faults an archive stores as they were written.
const FAULTS: &str = r#"[Variant "chess"]

1. f3 e5 2. g4 Qh4# 1-0

[Variant "chess"]

1. f3 e5 2. g4 Qh4# Nc3 0-1

[Variant "chess"]

1. e4 e5 2. Ke3 *

[Variant "chess"]

1. e2e4 e7e5 2. g1f3 (2. Bc4 $1 {a comment} (2. d4)) Nc6 $2 {main} 3. Bb5 a6 *

[Variant "chess"]
[Result "1-0"]

1. e4 *

[Variant "no-such-game"]

1. e4 *

[Variant "chess"]
[SetUp "1"]
[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]

1. e4 *

[Variant "persian-princess"]

1. e4 *
"#;

#[test]
fn archived_games_get_the_verdicts_of_their_records() {
    let mut records = fixture_records();
    let faults: Vec<Record> = pgn::read_games(FAULTS)
        .into_iter()
        .map(|g| g.expect("fault games parse").record)
        .collect();
    records.extend(faults);
    assert!(records.len() > 90, "{} games", records.len());
    let bytes = archive::write(&records).expect("archive");
    let mut reader = archive::Reader::new(&bytes[..]).expect("header");
    let (mut valid, mut invalid) = (0, 0);
    while let Some(frame) = reader.next_frame() {
        let frame = frame.expect("frame");
        let number = frame.number();
        let record = frame.decode().expect("decodes");
        let expected = diagnostic::validate_game(&SourceGame {
            number,
            record,
            locations: None,
        });
        assert_eq!(
            frame.validate().is_some(),
            expected.is_ok(),
            "game {number}"
        );
        let got = diagnostic::validate_file_game(&FileGame::Archived(frame));
        assert_eq!(got, expected, "game {number}");
        match got {
            Ok(_) => valid += 1,
            Err(_) => invalid += 1,
        }
    }
    assert_eq!(valid + invalid, records.len());
    assert!(
        valid > 50 && invalid >= 6,
        "{valid} valid, {invalid} invalid"
    );
}

#[test]
fn a_payload_that_does_not_decode_is_reported_by_the_careful_path() {
    // a frame whose payload passed its checksum but names an unknown movetext event
    let records = pgn::parse("1. e4 e5 *").expect("game");
    let mut bytes = archive::write(&records).expect("archive");
    // the payload's last byte is the destination cell of the last stored move
    let frame_start = 9;
    let payload_len = usize::from(bytes[frame_start]);
    let payload_end = frame_start + 1 + 1 + 4 + payload_len;
    bytes[payload_end - 1] = 100; // a cell beyond the board
                                  // recompute the frame's checksum over its number and payload
    let number = &bytes[frame_start + 1..frame_start + 2].to_vec();
    let payload = bytes[frame_start + 6..payload_end].to_vec();
    let mut crc = crc32fast::Hasher::new();
    crc.update(number);
    crc.update(&payload);
    bytes[frame_start + 2..frame_start + 6].copy_from_slice(&crc.finalize().to_le_bytes());
    let frame = archive::Reader::new(&bytes[..])
        .expect("header")
        .next_frame()
        .expect("a frame")
        .expect("its checksum holds");
    assert!(frame.validate().is_none());
    let d = diagnostic::validate_file_game(&FileGame::Archived(frame)).unwrap_err();
    assert_eq!(
        d.render("games.bin"),
        "games.bin: game 1: corrupt archive: game 1: a stored move that is not legal in its position"
    );
}

/// Archives of format version 3 (main-line moves stored by rank) are still read: the fixture,
/// written by the last build of that format from its PGN beside it, decodes to the canonical
/// records of that PGN, validates as they do on both paths, and is written again as version 4.
#[test]
fn version_3_archives_are_still_read() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/archives");
    let bytes = std::fs::read(dir.join("version-3.bin")).expect("the version 3 archive");
    assert_eq!(bytes[8], 3);
    let text = std::fs::read_to_string(dir.join("version-3.pgn")).expect("its text");
    let canonical: Vec<Record> = pgn::parse(&text)
        .expect("the text parses")
        .iter()
        .map(|r| citadel_notation::replay::normalize(r).expect("a valid game"))
        .collect();
    assert_eq!(archive::read(&bytes).expect("decodes"), canonical);
    let mut reader = archive::Reader::new(&bytes[..]).expect("header");
    let mut frames = 0;
    while let Some(frame) = reader.next_frame() {
        let frame = frame.expect("an intact frame");
        let careful = citadel_notation::replay::validate(&frame.decode().expect("decodes"));
        assert_eq!(frame.validate(), careful.ok(), "game {}", frame.number());
        frames += 1;
    }
    assert_eq!(frames, canonical.len());
    let again = archive::write(&canonical).expect("encodes");
    assert_eq!(again[8], archive::VERSION);
    assert_eq!(archive::read(&again).expect("decodes"), canonical);
}
