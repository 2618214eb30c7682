//! Reading one move generates only the moves its text can name (`san::parse`); over
//! positions of every game reached by seeded random play, and texts of every kind — each
//! legal move's SAN, without or with more disambiguation, with a wrong capture mark or
//! promotion, as coordinates, every piece letter toward sampled cells, special forms and
//! malformed texts — it gives exactly what reading among all the legal moves gives, move or
//! error.
use citadel_notation::{fen, san};
use citadel_rules::{with_game, Game, Move, MoveFlag, Position, Variant};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The texts tried in `pos`.
fn texts<G: Game>(pos: &Position<G>, rng: &mut ChaCha8Rng) -> Vec<String> {
    let geo = G::config().geometry();
    let legal = pos.legal_moves();
    let mut out = Vec::new();
    let special = |m: &&Move| m.aux.is_some() || !matches!(m.flag, MoveFlag::Normal);
    let tried = legal
        .iter()
        .take(40)
        .chain(legal.iter().skip(40).filter(special));
    for m in tried {
        let full = san::write(pos, m).unwrap();
        let body = san::write_body(pos, m, &legal);
        let letter = pos
            .piece_at(m.from)
            .map_or("", |p| san::letter_of::<G>(p.kind));
        let (from, to) = (geo.name_of(m.from), geo.name_of(m.to));
        out.push(format!("{letter}{to}"));
        out.push(format!("{letter}x{to}"));
        out.push(format!("{letter}{from}{to}"));
        out.push(format!("{from}{to}"));
        out.push(format!("{from}-{to}"));
        out.push(body.replace('x', ""));
        if let Some(i) = body.find('=') {
            out.push(body[..i].to_string());
            out.push(format!("{}=Z", &body[..i]));
        }
        out.push(full);
        out.push(body);
    }
    let cells = geo.len();
    let mut letters: Vec<&str> = (0..G::config().symbols.len() as u8)
        .map(san::letter_of::<G>)
        .collect();
    letters.extend(["P", "Z"]);
    for l in letters {
        for _ in 0..6 {
            let to = geo.name_of(citadel_geometry::Square(rng.gen_range(0..cells) as u8));
            out.push(format!("{l}{to}"));
            out.push(format!("{l}x{to}"));
            out.push(format!("{l}a{to}"));
            out.push(format!("{l}1{to}+"));
        }
    }
    for t in [
        "O-O",
        "O-O-O",
        "0-0",
        "P@e5",
        "Kx2",
        "Kx1",
        "e",
        "",
        "a1a1",
        "Nz99",
        "e9=",
        "Rd1/xd2e2",
    ] {
        out.push(t.to_string());
    }
    out
}

/// Compares both readings of every text in `pos`, then plays a random move, `plies` times.
fn walk<G: Game>(mut pos: Position<G>, plies: usize, rng: &mut ChaCha8Rng) -> usize {
    let mut tried = 0;
    for _ in 0..plies {
        let legal = pos.legal_moves();
        for t in texts(&pos, rng) {
            let among = san::parse_among(&pos, &legal, &t);
            assert_eq!(san::parse(&pos, &t), among, "{t} in {}", fen::write(&pos));
            tried += 1;
        }
        if legal.is_empty() {
            break;
        }
        pos.play_unchecked(legal[rng.gen_range(0..legal.len())]);
    }
    tried
}

/// Walks from the start, and from each perft fixture position (`fens`) of the game.
fn run<G: Game>(seed: u64, fens: &[String]) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut tried = 0;
    for _ in 0..3 {
        tried += walk(fen::start::<G>(), 70, &mut rng);
    }
    for f in fens {
        let pos = fen::parse::<G>(f).unwrap_or_else(|e| panic!("{f}: {e}"));
        tried += walk(pos, 4, &mut rng);
    }
    tried
}

/// The FENs of the perft fixture of `variant`.
fn fixture_fens(variant: Variant) -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/perft")
        .join(format!("{}.json", variant.id()));
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Vec::new();
    };
    let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    v["positions"]
        .as_array()
        .expect("positions")
        .iter()
        .filter_map(|p| p["fen"].as_str().map(String::from))
        .collect()
}

#[test]
fn reading_one_move_agrees_with_reading_among_all_moves() {
    for (i, v) in Variant::ALL.into_iter().enumerate() {
        let fens = fixture_fens(v);
        let tried = with_game!(v, G => run::<G>(300 + i as u64, &fens));
        assert!(tried > 10_000, "{}: only {tried} texts", v.id());
    }
}
