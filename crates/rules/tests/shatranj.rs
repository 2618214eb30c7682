//! Shatranj (calibration): perft against Fairy-Stockfish's counts, promotion to ferz, the
//! bare king, stalemate and the draws.

use citadel_notation::{coord, fen, san, FenField};
use citadel_rules::{perft, Claims};
use citadel_rules::{shatranj, Color, Game, Outcome, Position, Shatranj, Termination};

fn pos(f: &str) -> Position<Shatranj> {
    fen::parse::<Shatranj>(f).unwrap_or_else(|e| panic!("{f}: {e}"))
}

#[test]
fn start_perft_matches_fairy_stockfish() {
    let mut p = fen::start::<Shatranj>();
    assert_eq!(
        fen::write(&p),
        "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1"
    );
    let counts: Vec<u64> = (1..=4).map(|d| perft(&mut p, d)).collect();
    assert_eq!(counts, [16, 256, 4176, 68122]);
}

#[test]
fn pieces_are_the_shatranj_army() {
    let p = fen::start::<Shatranj>();
    let moves: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|m| coord::write(&p, m))
        .collect();
    // 8 pawn steps (no double step), 4 knight moves, and the alfils c1/f1 leap over the
    // pawns to a3, e3, d3, h3
    assert_eq!(moves.len(), 16);
    for m in ["c1a3", "c1e3", "f1d3", "f1h3", "b1a3", "g1h3", "e2e3"] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
    assert!(!moves.contains(&"e2e4".to_string()));
    let cfg = Shatranj::config();
    assert_eq!(cfg.kind_of_key("ferz"), Ok(shatranj::kind::FERZ));
    assert_eq!(cfg.kind_of_key("alfil"), Ok(shatranj::kind::ALFIL));
}

#[test]
fn pawns_promote_to_ferz_automatically() {
    let p = pos("3k3r/pP4P1/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(p.legal_moves().len(), 8);
    let m = coord::parse_move(&p, "g7h8").unwrap();
    assert_eq!(m.promotion, Some(shatranj::kind::FERZ));
    assert_eq!(coord::write(&p, &m), "g7h8q");
    assert_eq!(san::write(&p, &m).unwrap(), "gxh8");
    assert_eq!(san::parse(&p, "gxh8=Q"), Ok(m));
    assert_eq!(coord::parse_move(&p, "g7h8q"), Ok(m));
    let mut q = p.clone();
    q.play_unchecked(m);
    assert_eq!(fen::write(&q), "3k3Q/pP6/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn stalemate_loses() {
    let p = pos("8/8/8/8/8/p7/P1k5/K7 w - - 0 1");
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(Claims::None),
        Some(Outcome::win(Color::Black, Termination::Stalemate))
    );
    let mut q = pos("8/8/8/8/8/p1k5/P7/K7 b - - 0 1");
    q.play_unchecked(san::parse(&q, "Kc2").unwrap());
    assert_eq!(
        q.outcome(Claims::None),
        Some(Outcome::win(Color::Black, Termination::Stalemate))
    );
}

#[test]
fn bare_king_reply_then_decided_and_both_bare_plays_on() {
    let mut p = pos("8/8/8/4k3/4R3/8/8/K7 b - - 0 1");
    assert!(p.in_check());
    assert_eq!(p.outcome(Claims::None), None);
    assert_eq!(p.legal_moves().len(), 5);
    p.play_unchecked(san::parse(&p, "Kxe4").unwrap());
    // both kings bare: play goes on, drawn only by insufficient material
    assert_eq!(p.outcome(Claims::None), None);
    assert_eq!(p.legal_moves().len(), 3);
    assert_eq!(
        p.outcome(Claims::Draws),
        Some(Outcome::draw(Termination::InsufficientMaterial))
    );
    p.undo();
    p.play_unchecked(san::parse(&p, "Kd5").unwrap());
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(Claims::None),
        Some(Outcome::win(Color::White, Termination::BareKing))
    );
    // RULES.md: the bared side replies even against three pieces (Fairy-Stockfish ends the
    // game at once here)
    let q = pos("8/8/8/4k3/8/8/8/RR1K4 b - - 0 1");
    assert_eq!(q.legal_moves().len(), 8);
}

#[test]
fn seventy_move_rule() {
    let p = pos("4k3/8/8/8/8/p7/1R6/K7 w - - 139 100");
    assert_eq!(p.outcome(Claims::Draws), None);
    let p = pos("4k3/8/8/8/8/p7/1R6/K7 w - - 140 100");
    assert_eq!(
        p.outcome(Claims::Draws),
        Some(Outcome::draw(Termination::MoveLimit))
    );
}

#[test]
fn fen_errors() {
    let e = fen::parse::<Shatranj>("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1")
        .unwrap_err();
    assert_eq!((e.field, e.text.as_str()), (FenField::Rights, "KQkq"));
    let e = fen::parse::<Shatranj>("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - e3 0 1")
        .unwrap_err();
    assert_eq!(e.field, FenField::EnPassant);
}
