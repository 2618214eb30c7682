//! The parsers never panic: random bytes and random mutations of fixture records fed to the
//! FEN, SAN (and coordinate), PGN and archive readers give `Ok` or a typed error.
use citadel_notation::{archive, fen, pgn, replay, san, PgnErrorKind};
use citadel_rules::{with_game, Game, Variant};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

mod common;

/// Characters that matter to the parsers, to make mutations interesting.
const ALPHABET: &[u8] = b"abcdefghijkpxKQRBNPSFCWOo0123456789-=+#/*[]{}();$!?\". \n\r\t%@'<>:";

fn mutate(rng: &mut ChaCha8Rng, s: &[u8]) -> Vec<u8> {
    let mut v = s.to_vec();
    for _ in 0..rng.gen_range(1..6) {
        let n = v.len();
        match rng.gen_range(0..6) {
            0 if n > 0 => {
                let i = rng.gen_range(0..n);
                v[i] = ALPHABET[rng.gen_range(0..ALPHABET.len())];
            }
            1 => {
                let i = rng.gen_range(0..=n);
                v.insert(i, ALPHABET[rng.gen_range(0..ALPHABET.len())]);
            }
            2 if n > 0 => {
                let i = rng.gen_range(0..n);
                v.remove(i);
            }
            3 if n > 0 => {
                let i = rng.gen_range(0..n);
                v.truncate(i);
            }
            4 if n > 1 => {
                // duplicate a slice
                let a = rng.gen_range(0..n);
                let b = rng.gen_range(a..n.min(a + 40));
                let piece: Vec<u8> = v[a..b].to_vec();
                let i = rng.gen_range(0..=v.len());
                v.splice(i..i, piece);
            }
            _ => {
                let i = rng.gen_range(0..=n);
                v.insert(i, rng.gen());
            }
        }
    }
    v
}

fn random_bytes(rng: &mut ChaCha8Rng) -> Vec<u8> {
    let n = rng.gen_range(0..200);
    if rng.gen_bool(0.5) {
        (0..n).map(|_| rng.gen()).collect()
    } else {
        (0..n)
            .map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())])
            .collect()
    }
}

fn fixture_texts() -> Vec<String> {
    let mut out: Vec<String> = common::fixture_game_files()
        .iter()
        .map(|f| String::from_utf8_lossy(&std::fs::read(f).expect("file")).into_owned())
        .collect();
    out.sort();
    out
}

/// Reading a text as PGN, then replaying and normalising what parses: no panic.
fn pgn_text(text: &str) {
    for g in pgn::read_games(text).into_iter().flatten() {
        let _ = replay::validate(&g.record);
        let _ = replay::normalize(&g.record);
    }
}

fn san_and_fen<G: Game>(text: &str, fens: &[String]) {
    let _ = fen::parse::<G>(text);
    for f in fens.iter().take(3) {
        if let Ok(pos) = fen::parse::<G>(f) {
            let _ = san::parse(&pos, text);
        }
    }
    let _ = san::parse(&fen::start::<G>(), text);
}

#[test]
fn random_bytes_and_mutations_never_panic() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xC17ADE1);
    let texts = fixture_texts();
    let fens: Vec<String> = Variant::ALL
        .iter()
        .map(|v| v.start_fen().to_string())
        .collect();
    let sans = [
        "Nf3",
        "exd5",
        "e10=Q",
        "O-O-O",
        "Sh2",
        "Nc3/xd2e2",
        "P@e5",
        "g3-g4",
        "e9e10q",
        "Qa1d4+",
        "0-0",
        "Kx2",
        "R1a3",
    ];
    let archive_bytes = {
        let recs: Vec<_> = texts
            .iter()
            .flat_map(|t| pgn::read_games(t).into_iter().flatten().map(|g| g.record))
            .collect();
        archive::write(&recs).expect("encodes")
    };
    for round in 0..3000 {
        // PGN: random bytes, and mutations of a fixture file
        let junk = random_bytes(&mut rng);
        pgn_text(&String::from_utf8_lossy(&junk));
        if round % 3 == 0 {
            let t = &texts[rng.gen_range(0..texts.len())];
            let m = mutate(&mut rng, t.as_bytes());
            pgn_text(&String::from_utf8_lossy(&m));
        }
        // FEN and SAN over every game
        let base = if rng.gen_bool(0.5) {
            fens[rng.gen_range(0..fens.len())].as_str()
        } else {
            sans[rng.gen_range(0..sans.len())]
        };
        let s = String::from_utf8_lossy(&mutate(&mut rng, base.as_bytes())).into_owned();
        for v in Variant::ALL {
            with_game!(v, G => san_and_fen::<G>(&s, &fens));
        }
        // archives: random bytes after the magic, and mutations of a real archive
        if round % 10 == 0 {
            let mut a = archive::MAGIC.to_vec();
            a.push(archive::VERSION);
            a.extend(random_bytes(&mut rng));
            let _ = archive::read(&a);
            let _ = archive::read(&mutate(&mut rng, &archive_bytes));
        }
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let text = format!("1. e4 {} *", "(1. d4 ".repeat(10_000));
    let games = pgn::read_games(&text);
    let e = games[0].as_ref().expect_err("too deep");
    assert_eq!(e.kind, PgnErrorKind::TooDeep);
    assert_eq!(e.kind.to_string(), "variations nested too deeply");
    let ok = format!("1. e4 {}{} *", "(1. d4 ".repeat(64), ")".repeat(64));
    assert!(pgn::parse(&ok).is_ok());
}
