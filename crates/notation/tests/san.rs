//! SAN: writing and reading moves of chess and Shatranj (Byzantine removals are tested with
//! the game in `citadel-search`).

use citadel_notation::{fen, san, MoveError};
use citadel_rules::{Chess, Game, Position, Shatranj};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn sans<G: citadel_notation::FenRights>(p: &Position<G>) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| san::write(p, m)).collect();
    v.sort();
    v
}

#[test]
fn every_move_round_trips_and_is_unique() {
    for f in [
        KIWIPETE,
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ] {
        let p = fen::parse::<Chess>(f).unwrap();
        let all = sans(&p);
        let mut dedup = all.clone();
        dedup.dedup();
        assert_eq!(all, dedup, "{f}");
        for m in p.legal_moves().iter() {
            let s = san::write(&p, m);
            assert_eq!(san::parse_move(&p, &s), Ok(*m), "{f}: {s}");
        }
    }
}

#[test]
fn chess_san_forms() {
    let p = fen::parse::<Chess>(KIWIPETE).unwrap();
    let all = sans(&p);
    for s in [
        "O-O", "O-O-O", "Qxf6", "Nxf7", "Bxa6", "dxe6", "Nc3b1", "Qxh3", "Rb1", "Kd1", "a3", "a4",
        "Ncb1", "Nd3",
    ] {
        let found = all.iter().any(|x| x == s);
        // Nc3b1 is not needed: only the c3 knight reaches b1, written Nb1
        assert_eq!(found, s != "Nc3b1" && s != "Ncb1", "{s} in {all:?}");
    }
    assert!(all.contains(&"Nb1".to_string()));
    // over-disambiguated, hyphenated and coordinate input is accepted
    let nb1 = san::parse_move(&p, "Nb1").unwrap();
    assert_eq!(san::parse_move(&p, "Nc3b1"), Ok(nb1));
    assert_eq!(san::parse_move(&p, "c3b1"), Ok(nb1));
    assert_eq!(san::parse_move(&p, "c3-b1"), Ok(nb1));
    assert!(san::parse_move(&p, "Nb5").is_ok());
    assert_eq!(
        san::parse_move(&p, "Nb6"),
        Err(MoveError::Illegal("Nb6".into()))
    );
    assert_eq!(
        san::parse_move(&p, "Zz9"),
        Err(MoveError::NoSuchSquare("z9".into()))
    );
    assert!(matches!(
        san::parse_move(&p, "hello"),
        Err(MoveError::Syntax(_))
    ));
    assert!(matches!(san::parse_move(&p, ""), Err(MoveError::Syntax(_))));
}

#[test]
fn promotion_check_and_mate() {
    let p = fen::parse::<Chess>("8/P6k/8/8/8/8/8/K5R1 w - - 0 1").unwrap();
    let all = sans(&p);
    assert!(all.contains(&"a8=Q".to_string()), "{all:?}");
    assert!(all.contains(&"a8=N".to_string()), "{all:?}");
    assert!(all.contains(&"Rg7+".to_string()), "{all:?}");
    let check = fen::parse::<Chess>("6k1/5pp1/8/8/8/8/8/K2R4 w - - 0 1").unwrap();
    let m = san::parse_move(&check, "Rd8").unwrap();
    assert_eq!(san::write(&check, &m), "Rd8+");
    let mate = fen::parse::<Chess>("6k1/5ppp/8/8/8/8/8/K2R4 w - - 0 1").unwrap();
    let m = san::parse_move(&mate, "Rd8#").unwrap();
    assert_eq!(san::write(&mate, &m), "Rd8#");
    // an unqualified promotion takes the queen
    let q = san::parse_move(&p, "a8").unwrap();
    assert_eq!(q.promotion, Chess::config().kind_of("Q"));
}

#[test]
fn shatranj_promotion_has_no_suffix() {
    let p = fen::parse::<Shatranj>("3k4/1P5p/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let m = san::parse_move(&p, "b8").unwrap();
    assert_eq!(san::write(&p, &m), "b8");
    assert_eq!(san::parse_move(&p, "b8=Q"), Ok(m));
    assert_eq!(m.promotion, Some(citadel_rules::shatranj::kind::FERZ));
}
