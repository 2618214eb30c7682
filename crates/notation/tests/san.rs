//! SAN: exhaustive write/read round trips over the perft fixture positions (and the
//! positions one ply after them), the games' special forms, and the reader's messages.
use citadel_notation::{fen, san};
use citadel_rules::{
    with_game, CelticCitadel, Chess, EgyptianEye, Game, OrientalOmega, PersianPrincess, Position,
    Tamerlane, Variant,
};
use std::path::Path;

fn fixtures_root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
}

/// Every legal move of `pos`: written, read back, the same move; SAN unique per move.
fn round_trip<G: Game>(pos: &Position<G>) -> usize {
    let moves = pos.legal_moves();
    let mut seen = std::collections::HashSet::new();
    for m in moves.iter() {
        let s = san::write(pos, m).unwrap();
        assert!(
            seen.insert(s.clone()),
            "{s} written twice in {}",
            fen::write(pos)
        );
        match san::parse(pos, &s) {
            Ok(back) => assert_eq!(back, *m, "{s} in {}", fen::write(pos)),
            Err(e) => panic!("{s} in {}: {e}", fen::write(pos)),
        }
    }
    moves.len()
}

fn perft_positions<G: Game>(fens: &[String]) -> usize {
    let mut n = 0;
    for f in fens {
        let mut pos = fen::parse::<G>(f).unwrap_or_else(|e| panic!("{f}: {e}"));
        n += round_trip(&pos);
        for m in pos.legal_moves().iter() {
            pos.play_unchecked(*m);
            n += round_trip(&pos);
            pos.undo();
        }
    }
    n
}

#[test]
fn every_move_of_every_perft_fixture_position_round_trips() {
    let dir = fixtures_root().join("perft");
    let mut total = 0;
    for entry in std::fs::read_dir(&dir).expect("fixtures/perft") {
        let path = entry.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("readable");
        let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        let Some(variant) = v["variant"].as_str().and_then(Variant::from_id) else {
            continue;
        };
        let fens: Vec<String> = v["positions"]
            .as_array()
            .expect("positions")
            .iter()
            .filter_map(|p| p["fen"].as_str().map(String::from))
            .collect();
        total += with_game!(variant, G => perft_positions::<G>(&fens));
    }
    assert!(total > 10_000, "only {total} moves checked");
}

/// Found by self-play (`cargo xtask tune --variant tamerlane`, game 267, move 208): a pawn
/// can step to e6 while the pawn of pawns can be placed there; the writer wrote `e6` (the
/// placement is `P@e6`) and the reader called `e6` ambiguous.
#[test]
fn tamerlane_pawn_step_beside_a_placement_on_the_same_cell() {
    let f = "P'10/12/4k5p'/3v'1k'3w'1/3E'1K'w2R'1/4F'6/11/1F2tT1K3/12/11 w P1 - 98 208";
    let pos = fen::parse::<Tamerlane>(f).unwrap();
    let step = san::parse(&pos, "e6").unwrap();
    let place = san::parse(&pos, "P@e6").unwrap();
    assert_ne!(step, place);
    assert_eq!(san::write(&pos, &step).unwrap(), "e6");
    assert_eq!(san::write(&pos, &place).unwrap(), "P@e6");
    assert!(round_trip(&pos) > 0);
}

#[test]
fn chess_forms() {
    let pos = fen::parse::<Chess>("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let oo = san::parse(&pos, "O-O").unwrap();
    assert_eq!(pos.config().geometry().name_of(oo.to), "g1");
    assert_eq!(
        san::parse(&pos, "0-0-0").unwrap(),
        san::parse(&pos, "O-O-O").unwrap()
    );
    assert_eq!(san::write(&pos, &oo).unwrap(), "O-O");
    assert_eq!(san::parse(&pos, "e1g1").unwrap(), oo);
    assert_eq!(san::parse(&pos, "Kg1").unwrap(), oo);
    // FIDE's rule, the default for games without their own: by the king's direction
    let ooo = san::parse(&pos, "O-O-O").unwrap();
    assert_eq!(
        san::castle_by_direction::<Chess>(&oo).as_deref(),
        Some("O-O")
    );
    assert_eq!(
        san::castle_by_direction::<Chess>(&ooo).as_deref(),
        Some("O-O-O")
    );
    let rook_move = san::parse(&pos, "Rh2").unwrap();
    assert_eq!(san::castle_by_direction::<Chess>(&rook_move), None);
    // disambiguation by file, by rank, and both
    let pos = fen::parse::<Chess>("1k6/8/8/8/8/8/4K3/R6R w - - 0 1").unwrap();
    let m = san::parse(&pos, "Rad1").unwrap();
    assert_eq!(san::write(&pos, &m).unwrap(), "Rad1");
    assert_eq!(san::parse(&pos, "Ra1d1").unwrap(), m);
    assert_eq!(
        san::parse(&pos, "Rd1").unwrap_err().to_string(),
        "`Rd1` is ambiguous: it fits Rad1, Rhd1"
    );
    let pos = fen::parse::<Chess>("3k4/8/8/R7/8/8/4K3/R7 w - - 0 1").unwrap();
    let m = san::parse(&pos, "R1a3").unwrap();
    assert_eq!(san::write(&pos, &m).unwrap(), "R1a3");
    let pos = fen::parse::<Chess>("7K/8/7k/8/Q7/8/8/Q2Q4 w - - 0 1").unwrap();
    let m = san::parse(&pos, "Qa1d4").unwrap();
    assert_eq!(san::write(&pos, &m).unwrap(), "Qa1d4");
    // promotions, en passant, check and mate
    let pos = fen::parse::<Chess>("k7/4P3/1K6/8/8/8/8/8 w - - 0 1").unwrap();
    let m = san::parse(&pos, "e8=N").unwrap();
    assert_eq!(san::write(&pos, &m).unwrap(), "e8=N");
    assert_eq!(san::parse(&pos, "e8N").unwrap(), m);
    assert_eq!(
        san::parse(&pos, "e8").unwrap_err().to_string(),
        "`e8` must name its promotion (=Q, =R, =B, =N)"
    );
    assert_eq!(
        san::write(&pos, &san::parse(&pos, "e8=Q").unwrap()).unwrap(),
        "e8=Q#"
    );
    let pos = fen::parse::<Chess>("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
    let m = san::parse(&pos, "exd6").unwrap();
    assert_eq!(san::write(&pos, &m).unwrap(), "exd6");
    assert_eq!(san::parse(&pos, "ed6").unwrap(), m);
}

#[test]
fn persian_forms() {
    // O-O is the queen-side castle (king f2→d2), O-O-O the princess-side one (f2→i2)
    let pos = fen::parse::<CelticCitadel>(
        "f9f/1r3k3r1/1ppppppppp1/11/11/11/11/11/1PPPPPPPPP1/1R3K3R1/F9F w KQkq - 0 1",
    )
    .unwrap();
    let geo = pos.config().geometry();
    let oo = san::parse(&pos, "O-O").unwrap();
    assert_eq!(geo.name_of(oo.to), "d2");
    let ooo = san::parse(&pos, "O-O-O").unwrap();
    assert_eq!(geo.name_of(ooo.to), "i2");
    assert_eq!(san::write(&pos, &oo).unwrap(), "O-O");
    assert_eq!(san::write(&pos, &ooo).unwrap(), "O-O-O");
    // the Persian Chess app writes castling as the king's move
    assert_eq!(san::parse(&pos, "f2-i2").unwrap(), ooo);
    assert_eq!(san::parse(&pos, "f2-d2").unwrap(), oo);
    // rendezvous: Sh2 / Ch2, coordinate g2h2
    let pp = fen::start::<PersianPrincess>();
    let r = san::parse(&pp, "Sh2").unwrap();
    assert!(matches!(r.flag, citadel_rules::MoveFlag::Special(_)));
    assert_eq!(san::parse(&pp, "g2h2").unwrap(), r);
    let eye = fen::start::<EgyptianEye>();
    assert_eq!(
        san::write(&eye, &san::parse(&eye, "g2-h2").unwrap()).unwrap(),
        "Sh2"
    );
    let oo_pos = fen::start::<OrientalOmega>();
    let r = san::parse(&oo_pos, "Ch2").unwrap();
    assert_eq!(san::write(&oo_pos, &r).unwrap(), "Ch2");
    // promotions on rank 10, multi-digit ranks in disambiguation
    let pos = fen::parse::<CelticCitadel>("11/5k5/1P9/11/11/11/11/11/11/5K5/11 w - - 0 1").unwrap();
    let m = san::parse(&pos, "b10=S");
    assert!(m.is_err(), "no promotion to a princess");
    let m = san::parse(&pos, "b10=Q").unwrap();
    assert_eq!(san::write(&pos, &m).unwrap(), "b10=Q+");
    // a coordinate move names its promotion where there is a choice, as SAN does
    let e = san::parse(&pos, "b9-b10").unwrap_err();
    assert!(
        matches!(e.reason, citadel_rules::Reason::PromotionRequired { .. }),
        "{e}"
    );
    assert_eq!(san::parse(&pos, "b9-b10q").unwrap(), m);
}

#[test]
fn messages() {
    let pos = fen::start::<PersianPrincess>();
    let cases = [
        ("Nf9", "no knight can move to f9"),
        ("Nb5", "no knight can move to b5"),
        ("Nid4", "no knight on i can move to d4"),
        ("Nxd4", "no knight can capture on d4"),
        ("Zd4", "unknown piece letter `Z`"),
        ("Nz4", "z4 is not a cell of this board"),
        ("N-d4", "`N-d4` is not a move"),
        ("Nd12", "d12 is not a cell of this board"),
        ("O-O", "`O-O` is not legal here"),
        ("g3g6", "no legal move from g3 to g6"),
        ("", "`` is not a move"),
        ("e6", "no pawn can move to e6"),
        ("e5=Q", "`Q` is not a promotion choice of this move"),
        ("dxe4", "no pawn on d can move to e4"),
        ("fxf4", "no pawn can capture on f4"),
    ];
    for (text, msg) in cases {
        let e = san::parse(&pos, text).expect_err(text);
        assert_eq!(e.to_string(), msg, "{text}");
    }
}
