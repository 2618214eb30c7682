//! Game records: every fixture game validates, every legal move of every position of every
//! fixture game round-trips through SAN, canonical records and archives round-trip, and the
//! fixtures cover the special moves and endings they promise.
use citadel_notation::replay::{self, Played};
use citadel_notation::{archive, fen, pgn, san, writer, GameResult, Record};
use citadel_rules::{with_game, Claims, Game, MoveFlag, Termination, Variant};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn games_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/games")
}

/// Every `.pgn` file under `fixtures/games/`, except `invalid/`.
fn fixture_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for d in std::fs::read_dir(games_dir()).expect("fixtures/games") {
        let d = d.expect("entry").path();
        if !d.is_dir() || d.ends_with("invalid") {
            continue;
        }
        for f in std::fs::read_dir(&d).expect("dir") {
            let f = f.expect("entry").path();
            if f.extension().is_some_and(|e| e == "pgn") {
                files.push(f);
            }
        }
    }
    files.sort();
    assert!(files.len() >= 20, "fixture files missing");
    files
}

fn fixture_records() -> Vec<(PathBuf, Record)> {
    let mut out = Vec::new();
    for f in fixture_files() {
        let text = std::fs::read_to_string(&f).expect("readable");
        for g in pgn::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display())) {
            out.push((f.clone(), g));
        }
    }
    out
}

#[test]
fn every_fixture_game_validates() {
    let mut per_variant = std::collections::HashMap::new();
    for (f, rec) in fixture_records() {
        let r = replay::validate(&rec).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        *per_variant.entry(r.variant).or_insert(0) += 1;
        // the variant's directory
        assert_eq!(
            f.parent()
                .and_then(|p| p.file_name())
                .and_then(|n| n.to_str()),
            Some(r.variant.id()),
            "{}",
            f.display()
        );
    }
    for v in Variant::ALL {
        assert!(
            per_variant.get(&v).copied().unwrap_or(0) >= 5,
            "{v}: {per_variant:?}"
        );
    }
}

/// Every legal move of every position of the game: SAN written, read back, the same move.
fn round_trip_game<G: Game>(rec: &Record) -> usize {
    let p: Played<G> = replay::play(rec).expect("fixture replays");
    let mut pos = p.start.clone();
    let mut n = 0;
    for i in 0..=p.moves.len() {
        let legal = pos.legal_moves();
        for l in legal.iter() {
            let s = san::write_mut(&mut pos, l).unwrap();
            let back = san::parse_among(&pos, &legal, &s)
                .unwrap_or_else(|e| panic!("{s} in {}: {e}", fen::write(&pos)));
            assert_eq!(back, *l, "{s} in {}", fen::write(&pos));
            n += 1;
        }
        // the outcome from known legal moves equals the one that generates them
        assert_eq!(pos.outcome_among(&legal), pos.outcome(Claims::Draws));
        if let Some(m) = p.moves.get(i) {
            pos.play_unchecked(*m);
        }
    }
    n
}

#[test]
fn san_round_trips_for_every_legal_move_of_every_fixture_position() {
    let mut total = 0;
    for (_, rec) in fixture_records() {
        let v = rec.variant().expect("variant");
        if rec.main.moves.is_empty() {
            continue;
        }
        total += with_game!(v, G => round_trip_game::<G>(&rec));
    }
    assert!(total > 50_000, "only {total} moves");
}

#[test]
fn canonical_records_parse_back_to_themselves() {
    for (f, rec) in fixture_records() {
        let canon = replay::normalize(&rec).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let text = writer::write(&canon);
        let back = pgn::parse(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", f.display()));
        assert_eq!(back, vec![canon.clone()], "{}", f.display());
        // canonical is a fixed point, and the same game
        assert_eq!(replay::normalize(&canon).expect("replays"), canon);
        assert_eq!(
            replay::validate(&canon).expect("valid").final_fen,
            replay::validate(&rec).expect("valid").final_fen
        );
        // the movetext fits in 80 columns (tag pairs are one per line, however long)
        for line in text.lines().filter(|l| !l.starts_with('[')) {
            assert!(
                line.chars().count() <= writer::WIDTH,
                "{}: {line}",
                f.display()
            );
        }
        let tags: Vec<&str> = canon.tags.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            &tags[..8],
            ["Event", "Site", "Date", "Round", "White", "Black", "Result", "Variant"]
        );
    }
}

#[test]
fn archives_round_trip_exactly() {
    let records: Vec<Record> = fixture_records().into_iter().map(|(_, r)| r).collect();
    let bytes = archive::write(&records).expect("encodes");
    assert_eq!(archive::read(&bytes).expect("decodes"), records);
    let text: usize = fixture_files()
        .iter()
        .map(|f| std::fs::metadata(f).map_or(0, |m| m.len() as usize))
        .sum();
    assert!(
        bytes.len() * 10 < text * 6,
        "{} bytes for {text} bytes of text",
        bytes.len()
    );
    // load() tells archives from text
    let loaded = archive::load(&bytes).expect("loads");
    assert_eq!(loaded.len(), records.len());
    assert!(loaded
        .iter()
        .all(|g| g.as_ref().is_ok_and(|g| g.locations.is_none())));
    // a broken archive is an error, not a panic
    for cut in [9, bytes.len() / 2, bytes.len() - 1] {
        assert!(archive::read(&bytes[..cut]).is_err());
    }
    let mut wrong = bytes.clone();
    wrong[8] = 99;
    assert_eq!(
        archive::read(&wrong).unwrap_err().to_string(),
        "archive format version 99: this program reads versions 2 to 4"
    );
}

/// Every single changed byte and every truncation of an archive is reported as corruption
/// (with the game it is in), never decoded as other games; messages are in words.
#[test]
fn archive_corruption_is_always_detected() {
    let records: Vec<Record> = fixture_records()
        .into_iter()
        .map(|(_, r)| r)
        .take(6)
        .collect();
    let bytes = archive::write(&records).expect("encodes");
    for i in 0..bytes.len() {
        for change in [0x01u8, 0x80, 0xff] {
            let mut bad = bytes.clone();
            bad[i] ^= change;
            let e = archive::read(&bad).expect_err("a changed byte is detected");
            let msg = e.to_string();
            assert!(
                msg.contains("corrupt archive")
                    || msg.contains("format version")
                    || msg.contains("not a Citadel game archive"),
                "byte {i}: {msg}"
            );
            assert!(!msg.contains('{') && !msg.contains("Unexpected"), "{msg}");
        }
    }
    for cut in 0..bytes.len() {
        let e = archive::read(&bytes[..cut]).expect_err("a truncation is detected");
        assert!(!e.to_string().contains('{'), "{e}");
    }
    // the game at fault is named
    let mut bad = bytes.clone();
    let last = bytes.len() - 10;
    bad[last] ^= 0x10;
    let msg = archive::read(&bad).unwrap_err().to_string();
    assert!(
        msg.contains("game 6") || msg.contains("end marker"),
        "{msg}"
    );
}

/// The frames of an archive: (start, end) byte ranges after the 9-byte header, up to the end
/// marker's `0`.
fn frames(bytes: &[u8]) -> Vec<(usize, usize)> {
    let varint = |at: &mut usize| {
        let (mut n, mut shift) = (0u64, 0);
        loop {
            let b = bytes[*at];
            *at += 1;
            n |= u64::from(b & 0x7f) << shift;
            shift += 7;
            if b & 0x80 == 0 {
                return n;
            }
        }
    };
    let mut out = Vec::new();
    let mut at = 9;
    loop {
        let start = at;
        let len = varint(&mut at);
        if len == 0 {
            return out;
        }
        varint(&mut at); // the game's number
        at += 4 + len as usize;
        out.push((start, at));
    }
}

/// Frames swapped, repeated or removed are refused naming the frame, never read as other
/// games.
#[test]
fn archive_frames_are_bound_to_their_places() {
    let records: Vec<Record> = fixture_records()
        .into_iter()
        .map(|(_, r)| r)
        .take(4)
        .collect();
    let bytes = archive::write(&records).expect("encodes");
    let f = frames(&bytes);
    assert_eq!(f.len(), 4);
    let (head, tail) = (&bytes[..f[0].0], &bytes[f[3].1..]);
    let frame = |i: usize| &bytes[f[i].0..f[i].1];
    let archive_of = |order: &[usize]| {
        let mut a = head.to_vec();
        for &i in order {
            a.extend_from_slice(frame(i));
        }
        a.extend_from_slice(tail);
        a
    };
    assert_eq!(
        archive::read(&archive_of(&[0, 1, 2, 3])).expect("reads"),
        records
    );
    for (order, at, holds) in [
        (&[1, 0, 2, 3][..], 1, 2),
        (&[0, 1, 3, 2], 3, 4),
        (&[0, 1, 1, 3], 3, 2),
        (&[0, 2, 3, 3], 2, 3),
        (&[0, 0, 1, 2, 3], 2, 1),
    ] {
        let e = archive::read(&archive_of(order)).expect_err("a moved frame is refused");
        assert_eq!(e, archive::ArchiveError::Misplaced(at, holds), "{order:?}");
        assert_eq!(e.game(), at);
        assert_eq!(
            e.to_string(),
            format!(
                "corrupt archive: the frame of game {at} holds game {holds} \
                 (frames reordered, repeated or removed)"
            )
        );
    }
    // the last frame removed: the end marker counts four games
    let e = archive::read(&archive_of(&[0, 1, 2])).expect_err("a removed frame is refused");
    assert_eq!(e, archive::ArchiveError::BadEnd(3));
}

/// Archives of format version 2 (frames without game numbers) are still read.
#[test]
fn archives_of_version_2_are_read() {
    let records: Vec<Record> = fixture_records()
        .into_iter()
        .map(|(_, r)| r)
        .take(3)
        .collect();
    let bytes = archive::write(&records).expect("encodes");
    let mut old = bytes[..9].to_vec();
    old[8] = 2;
    for (start, end) in frames(&bytes) {
        // length, number (one byte here), checksum, payload
        let len_bytes = 1 + usize::from(bytes[start] & 0x80 != 0);
        let payload_at = start + len_bytes + 1 + 4;
        let payload = &bytes[payload_at..end];
        old.extend_from_slice(&bytes[start..start + len_bytes]);
        old.extend_from_slice(&crc32(payload).to_le_bytes());
        old.extend_from_slice(payload);
    }
    old.extend_from_slice(&bytes[frames(&bytes).last().expect("frames").1..]);
    assert_eq!(
        archive::read(&old).expect("a version 2 archive reads"),
        records
    );
}

/// CRC-32 (IEEE), bit by bit: the checksum of an archive's frames.
fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in data {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// Canonical records pack at least 2.5 times smaller than their PGN; records kept as written
/// (coordinate moves) stay within a few percent of it.
#[test]
fn archive_sizes() {
    use citadel_notation::random;
    use citadel_rules::Chess;
    let records: Vec<Record> = (0..200)
        .map(|i| {
            random::game(
                citadel_rules::Variant::Chess,
                i,
                120,
                random::Policy::Uniform,
            )
        })
        .map(|r| replay::normalize(&r).expect("canonical"))
        .collect();
    let text = writer::write_all(&records);
    let bytes = archive::write(&records).expect("encodes");
    assert!(
        bytes.len() as f64 * 2.5 <= text.len() as f64,
        "{} bytes of archive for {} bytes of PGN",
        bytes.len(),
        text.len()
    );
    // the same games in coordinate form are not canonical: kept as text
    let coords: Vec<Record> = records
        .iter()
        .map(|r| {
            let p: Played<Chess> = replay::play(r).expect("replays");
            let mut pos = p.start.clone();
            let mut c = r.clone();
            for (node, m) in c.main.moves.iter_mut().zip(&p.moves) {
                node.san = citadel_notation::coord::write(&pos, m);
                pos.play_unchecked(*m);
            }
            c
        })
        .collect();
    let text = writer::write_all(&coords);
    let bytes = archive::write(&coords).expect("encodes");
    assert_eq!(archive::read(&bytes).expect("decodes"), coords);
    assert!(
        bytes.len() as f64 <= text.len() as f64 * 1.05,
        "{} bytes of archive for {} bytes of PGN",
        bytes.len(),
        text.len()
    );
}

/// What the fixture games of one variant contain: flags of moves played, terminations,
/// SAN forms.
fn features<G: Game>(rec: &Record, out: &mut BTreeSet<String>) {
    let p: Played<G> = replay::play(rec).expect("replays");
    let mut pos = p.start.clone();
    for m in &p.moves {
        let s = san::write_mut(&mut pos, m).unwrap();
        match m.flag {
            MoveFlag::Castle => {
                out.insert(s.trim_end_matches(['+', '#']).to_string());
            }
            MoveFlag::EnPassant => {
                out.insert("en passant".into());
            }
            MoveFlag::Special(_) => {
                out.insert(format!("special {s}"));
            }
            _ => {}
        }
        if m.promotion.is_some() {
            out.insert("promotion".into());
        }
        pos.play_unchecked(*m);
    }
    match p.outcome {
        Some(o) => out.insert(o.termination.name().to_string()),
        None if rec.result != GameResult::Unknown => out.insert("resignation".into()),
        None => out.insert("unfinished".into()),
    };
    if rec.tag("FEN").is_some() {
        out.insert("set-up position".into());
    }
}

#[test]
fn fixtures_cover_the_special_moves_and_endings() {
    let mut by_variant: std::collections::HashMap<Variant, BTreeSet<String>> = Default::default();
    for (_, rec) in fixture_records() {
        let v = rec.variant().expect("variant");
        let set = by_variant.entry(v).or_default();
        with_game!(v, G => features::<G>(&rec, set));
    }
    let want: &[(Variant, &[&str])] = &[
        (
            Variant::Chess,
            &[
                "O-O",
                "O-O-O",
                "en passant",
                "promotion",
                "checkmate",
                "stalemate",
                "repetition",
                "resignation",
            ],
        ),
        (
            Variant::CelticCitadel,
            &[
                "O-O",
                "O-O-O",
                "checkmate",
                "stalemate",
                "citadel",
                "resignation",
                "set-up position",
            ],
        ),
        (
            Variant::PersianPrincess,
            &[
                "O-O",
                "O-O-O",
                "special Sh2",
                "checkmate",
                "stalemate",
                "citadel",
                "resignation",
            ],
        ),
        (
            Variant::EgyptianEye,
            &[
                "O-O",
                "O-O-O",
                "special Sh2",
                "checkmate",
                "stalemate",
                "resignation",
                "set-up position",
            ],
        ),
        (
            Variant::OrientalOmega,
            &[
                "O-O",
                "O-O-O",
                "special Ch2",
                "checkmate",
                "stalemate",
                "citadel",
                "resignation",
            ],
        ),
    ];
    for (v, features) in want {
        let have = &by_variant[v];
        for f in *features {
            assert!(have.contains(*f), "{v}: no `{f}` in {have:?}");
        }
    }
}

#[test]
fn persian_app_records_are_read_as_they_are() {
    let dir = games_dir();
    let bytes = std::fs::read(dir.join("persian-princess/app-export.pgn")).expect("file");
    assert!(bytes.starts_with("\u{feff}".as_bytes()) && bytes.windows(2).any(|w| w == b"\r\n"));
    let games = archive::load(&bytes).expect("text");
    let g = games[0].as_ref().expect("parses");
    assert_eq!(g.record.tag("Variant"), Some("Persian"));
    let r = replay::validate(&g.record).expect("valid");
    assert_eq!(r.variant, Variant::PersianPrincess);
    // the app's castling (king's move f2-i2) and rendezvous (g2-h2) are the SAN forms
    let canon = replay::normalize(&g.record).expect("canonical");
    let moves: Vec<&str> = canon.moves().collect();
    assert_eq!(moves[0], "Sh2");
    assert!(moves.contains(&"O-O-O"), "{moves:?}");
    assert_eq!(canon.tag("Variant"), Some("persian-princess"));

    let bytes = std::fs::read(dir.join("egyptian-eye/app-export-fen.pgn")).expect("file");
    let games = archive::load(&bytes).expect("text");
    let g = games[0].as_ref().expect("parses");
    assert!(g
        .record
        .tag("FEN")
        .is_some_and(|f| f.starts_with("11111111111/")));
    let r = replay::validate(&g.record).expect("valid");
    assert_eq!(r.variant, Variant::EgyptianEye);
    assert_eq!(
        r.outcome.map(|o| o.termination),
        Some(Termination::Checkmate)
    );
    let canon = replay::normalize(&g.record).expect("canonical");
    assert_eq!(
        canon.tag("FEN"),
        Some("11/11/11/6k4/2R8/1R9/11/11/11/5K5/11 w - - 0 1")
    );
}

#[test]
fn declared_results() {
    let check = |pgn_text: &str| {
        let rec = pgn::parse(pgn_text).expect("parses").remove(0);
        replay::validate(&rec)
            .map(|r| r.result().as_str())
            .map_err(|e| e.to_string())
    };
    // the rules' result must be declared
    assert_eq!(check("1. f3 e5 2. g4 Qh4# 0-1"), Ok("0-1"));
    assert_eq!(
        check("1. f3 e5 2. g4 Qh4# 1/2-1/2"),
        Err("declared result 1/2-1/2 contradicts the rules: Black wins by checkmate (0-1)".into())
    );
    assert_eq!(
        check("1. f3 e5 2. g4 Qh4# *"),
        Err("declared result * contradicts the rules: Black wins by checkmate (0-1)".into())
    );
    // unfinished games: any declared result (resignation, agreement, unknown)
    for r in ["1-0", "0-1", "1/2-1/2", "*"] {
        assert_eq!(check(&format!("1. e4 e5 {r}")), Ok("*"));
    }
    // the Result tag must agree with the movetext
    assert_eq!(
        check("[Result \"1-0\"]\n1. e4 *"),
        Err("the Result tag says 1-0 but the movetext ends with *".into())
    );
    // moves after the end
    assert_eq!(
        check("1. f3 e5 2. g4 Qh4# 3. Kf2 0-1"),
        Err("move 3. Kf2: the game is already over (Black wins by checkmate)".into())
    );
    // insufficient material ends the game
    assert_eq!(
        check("[FEN \"4k3/8/8/8/8/8/3p4/4K3 w - - 0 1\"]\n1. Kxd2 1/2-1/2"),
        Ok("1/2-1/2")
    );
}
