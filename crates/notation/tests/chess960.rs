//! Chess960 notation: the rights field read as X-FEN and Shredder-FEN and written as X-FEN,
//! castles in SAN (`O-O`, `O-O-O`) and in coordinates as the king going to its rook
//! (`e1h1`), and chess's own castles unchanged.

use citadel_notation::{coord, fen, position, san, FenErrorKind, FenField, Position};
use citadel_rules::{Chess, Chess960, RightsError, Variant};

fn round_trip(f: &str) -> String {
    fen::write(&fen::parse::<Chess960>(f).unwrap_or_else(|e| panic!("{f}: {e}")))
}

#[test]
fn x_fen_round_trips_exactly() {
    for f in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
        "n1bb1rkr/qpnppppp/2p5/p7/P1P5/5P2/1P1PPRPP/NQBBN1KR w Kkq - 1 9",
        // an inner rook's right takes its file letter: two rooks on the king's h-side
        "4k3/8/8/8/8/8/8/4KR1R w F - 0 1",
        "r3kr1r/8/8/8/8/8/8/R3K2R b KQkf - 3 20",
        // both rooks of one side with rights: the outer as K, the inner as its letter
        "4k3/8/8/8/8/8/8/R1R1K3 w CQ - 0 1",
        "2r1k1r1/8/8/8/8/8/8/4K3 w - - 0 1",
        "1r4kr/8/8/8/8/8/8/RK5R w KQkq - 0 1",
    ] {
        assert_eq!(round_trip(f), f);
    }
}

#[test]
fn shredder_fen_reads_and_is_written_as_x_fen() {
    for (shredder, x) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
        ),
        (
            "4k3/8/8/8/8/8/8/4KR1R w HF - 0 1",
            "4k3/8/8/8/8/8/8/4KR1R w KF - 0 1",
        ),
        (
            "1r4kr/8/8/8/8/8/8/RK5R w AHbh - 0 1",
            "1r4kr/8/8/8/8/8/8/RK5R w KQkq - 0 1",
        ),
    ] {
        assert_eq!(round_trip(shredder), x);
        // the same position either way
        assert_eq!(
            fen::parse::<Chess960>(shredder).unwrap(),
            fen::parse::<Chess960>(x).unwrap()
        );
    }
}

#[test]
fn rights_naming_nothing_are_typed_errors_of_the_rights_field() {
    // `K` without a white rook toward h from the king
    let e = fen::parse::<Chess960>("4k3/8/8/8/8/8/8/R3K3 w K - 0 1").unwrap_err();
    assert_eq!(e.field, FenField::Rights);
    assert!(
        matches!(
            e.kind,
            FenErrorKind::Rights(RightsError::NothingOnBoard { name: 'K', .. })
        ),
        "{e}"
    );
    // `q` without a black king on rank 8
    let e = fen::parse::<Chess960>("8/4k3/8/8/8/8/8/R3K3 w q - 0 1").unwrap_err();
    assert_eq!(e.field, FenField::Rights);
    assert!(e.to_string().contains("Black's king on rank 8"), "{e}");
    // a letter no right has, and a right given twice (`K` and `H` both the h1 rook)
    let e = fen::parse::<Chess960>("4k3/8/8/8/8/8/8/R3K2R w Z - 0 1").unwrap_err();
    assert!(
        matches!(e.kind, FenErrorKind::Rights(RightsError::Unknown { .. })),
        "{e}"
    );
    let e = fen::parse::<Chess960>("4k3/8/8/8/8/8/8/R3K2R w KH - 0 1").unwrap_err();
    assert_eq!(e.kind, FenErrorKind::Rights(RightsError::Twice("H")));
    // chess keeps its fixed `KQkq`: no file letters
    assert!(fen::parse::<Chess>("4k3/8/8/8/8/8/8/R3K2R w HA - 0 1").is_err());
}

#[test]
fn castles_in_san_and_in_coordinates() {
    let p = fen::parse::<Chess960>("r5kr/8/8/8/8/8/8/RK5R w KQkq - 0 1").unwrap();
    let short = san::parse(&p, "O-O").unwrap();
    let long = san::parse(&p, "O-O-O").unwrap();
    assert_eq!(coord::write(&p, &short), "b1h1");
    assert_eq!(coord::write(&p, &long), "b1a1");
    assert_eq!(san::write(&p, &short).unwrap(), "O-O");
    assert_eq!(san::write(&p, &long).unwrap(), "O-O-O");
    assert_eq!(coord::parse_move(&p, "b1h1"), Ok(short));
    assert_eq!(coord::parse_move(&p, "b1a1"), Ok(long));
    assert_eq!(san::parse(&p, "b1h1"), Ok(short));
    assert_eq!(san::parse(&p, "0-0"), Ok(short));
    // the king's own destination names no castle, and the king cannot go there
    assert!(coord::parse_move(&p, "b1g1").is_err());
    // Black: the king on g8 stays, the rook h8 goes to f8
    let mut q = p.clone();
    q.play_unchecked(short);
    let bs = san::parse(&q, "O-O").unwrap();
    assert_eq!(coord::write(&q, &bs), "g8h8");
    assert_eq!(bs.from, bs.to);
    q.play_unchecked(bs);
    assert_eq!(fen::write(&q), "r4rk1/8/8/8/8/8/8/R4RK1 w - - 2 2");
}

#[test]
fn a_castle_and_a_king_step_to_the_same_cell_are_told_apart() {
    // king f1 to g1: a step, or the castle with the h1 rook
    let p = fen::parse::<Chess960>("4k3/8/8/8/8/8/8/5K1R w K - 0 1").unwrap();
    let step = coord::parse_move(&p, "f1g1").unwrap();
    let castle = coord::parse_move(&p, "f1h1").unwrap();
    assert_ne!(step, castle);
    assert_eq!(step.to, castle.to);
    assert_eq!(san::write(&p, &step).unwrap(), "Kg1");
    assert_eq!(san::write(&p, &castle).unwrap(), "O-O");
    assert_eq!(san::parse(&p, "Kg1"), Ok(step));
}

#[test]
fn chess_castles_are_still_written_to_the_kings_cell() {
    let p = fen::parse::<Chess>("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let m = san::parse(&p, "O-O").unwrap();
    assert_eq!(coord::write(&p, &m), "e1g1");
    assert_eq!(coord::parse_move(&p, "e1g1"), Ok(m));
    assert!(coord::parse_move(&p, "e1h1").is_err());
}

#[test]
fn a_position_of_the_game_chosen_at_run_time() {
    let v: Variant = "Fischer Random".parse().unwrap();
    let f = "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1";
    let pos = position::from_fen(v, f).unwrap();
    assert_eq!(pos.fen(), f);
    let m = pos.parse_move("O-O").unwrap();
    assert_eq!(pos.coord(&m), "b1h1");
    assert_eq!(pos.parse_coord("b1h1"), Ok(m));
    assert_eq!(pos.san(&m).unwrap(), "O-O");
}
