//! Chess960: the start positions by number, castling per rook from wherever king and rook
//! stand (the king or the rook already on its destination, the two swapping cells), the
//! cells that must be empty and safe, and the rights a move ends.

use citadel_notation::{coord, fen, san};
use citadel_rules::chess960::{self, back_rank, rights, start_fen};
use citadel_rules::fide::kind::*;
use citadel_rules::{perft, Chess960, Color, Game, MoveFlag, Position, PositionError, Variant};
use std::collections::HashSet;

fn pos(f: &str) -> Position<Chess960> {
    fen::parse::<Chess960>(f).unwrap_or_else(|e| panic!("{f}: {e}"))
}

/// The castling moves of `p`, in coordinates (king to rook).
fn castles(p: &Position<Chess960>) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.flag == MoveFlag::Castle)
        .map(|m| coord::write(p, m))
        .collect();
    v.sort();
    v
}

/// The FEN after the move written `text` (SAN or coordinates).
fn after(f: &str, text: &str) -> String {
    let mut p = pos(f);
    let m = san::parse(&p, text).unwrap_or_else(|e| panic!("{f} {text}: {e}"));
    p.try_play(m).unwrap();
    fen::write(&p)
}

#[test]
fn the_960_start_positions_by_number() {
    let mut seen = HashSet::new();
    for n in 0..chess960::POSITIONS {
        let rank = back_rank(n).unwrap();
        assert!(seen.insert(rank), "{n}: {rank:?} twice");
        let files = |k: u8| -> Vec<usize> { (0..8).filter(|&f| rank[f] == k).collect() };
        let (b, r, k) = (files(BISHOP), files(ROOK), files(KING));
        assert_eq!(b.len(), 2, "{n}");
        assert_ne!(b[0] % 2, b[1] % 2, "{n}: bishops on cells of one colour");
        assert_eq!(files(KNIGHT).len(), 2, "{n}");
        assert_eq!(files(QUEEN).len(), 1, "{n}");
        assert!(
            r[0] < k[0] && k[0] < r[1],
            "{n}: king not between the rooks"
        );
        let p = Chess960::start_position(n).unwrap();
        let text = start_fen(n).unwrap();
        assert_eq!(fen::write(&p), text, "{n}");
        assert_eq!(pos(&text), p, "{n}");
        assert_eq!(
            p.rights(),
            1 << r[0] | 1 << r[1] | 1 << (8 + r[0]) | 1 << (8 + r[1])
        );
    }
    assert_eq!(back_rank(chess960::POSITIONS), None);
    assert_eq!(start_fen(chess960::POSITIONS), None);
    // published numbers: 0 BBQNNRKR, 518 RNBQKBNR, 959 RKRNNQBB
    assert_eq!(
        start_fen(959).unwrap(),
        "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1"
    );
    assert_eq!(Position::<Chess960>::start(), pos(chess960::START));
    assert_eq!(
        start_fen(chess960::STANDARD_POSITION).as_deref(),
        Some(chess960::START)
    );
}

#[test]
fn the_standard_start_counts_as_chess() {
    let mut p = Position::<Chess960>::start();
    let counts: Vec<u64> = (1..=4).map(|d| perft(&mut p, d)).collect();
    assert_eq!(counts, [20, 400, 8902, 197281]);
    assert_eq!(p.rights(), 0x8181);
}

#[test]
fn names_of_the_game() {
    for name in [
        "chess960",
        "Chess960",
        "fischerandom",
        "FischeRandom",
        "Fischer Random",
        "chess 960",
        "960",
    ] {
        assert_eq!(Variant::from_name(name), Some(Variant::Chess960), "{name}");
    }
    assert_eq!(Variant::Chess960.name(), "Chess960");
    assert_eq!(
        Chess960::config().xboard,
        citadel_rules::XBoardGame::Native("fischerandom")
    );
    assert!(Chess960::config().castle_to_rook);
}

#[test]
fn castling_ends_on_the_cells_of_chess() {
    // king e1, rook h1 / a1: chess's castles, written king to rook
    let f = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(castles(&pos(f)), ["e1a1", "e1h1"]);
    assert_eq!(after(f, "O-O"), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    assert_eq!(after(f, "O-O-O"), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
    // king b1 crossing to g1 with the h1 rook
    let f = "4k3/8/8/8/8/8/8/1K5R w K - 0 1";
    assert_eq!(after(f, "b1h1"), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // Black, king g8 with the rook b8 across to c8/d8
    let f = "1r4k1/8/8/8/8/8/8/4K3 b q - 0 1";
    assert_eq!(castles(&pos(f)), ["g8b8"]);
    assert_eq!(after(f, "O-O-O"), "2kr4/8/8/8/8/8/8/4K3 w - - 1 2");
}

#[test]
fn king_b1_with_rook_a1_castles_queen_side() {
    let f = "4k3/8/8/8/8/8/8/RK6 w Q - 0 1";
    assert_eq!(castles(&pos(f)), ["b1a1"]);
    assert_eq!(after(f, "O-O-O"), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    // c1 and d1 must be empty: the king's and the rook's destinations
    assert!(castles(&pos("4k3/8/8/8/8/8/8/RK1N4 w Q - 0 1")).is_empty());
    assert!(castles(&pos("4k3/8/8/8/8/8/8/RKN5 w Q - 0 1")).is_empty());
}

#[test]
fn king_already_on_its_destination_moves_only_the_rook() {
    // king g1, rook h1: the king stays, the rook goes to f1
    let f = "4k3/8/8/8/8/8/8/6KR w K - 0 1";
    let p = pos(f);
    assert_eq!(castles(&p), ["g1h1"]);
    let m = coord::parse_move(&p, "g1h1").unwrap();
    assert_eq!((m.from, m.to), (p.config().sq("g1"), p.config().sq("g1")));
    assert_eq!(after(f, "O-O"), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // king c1, rook b1: the king stays, the rook goes to d1
    let f = "4k3/8/8/8/8/8/8/1RK5 w Q - 0 1";
    assert_eq!(after(f, "O-O-O"), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    // f1 must be empty for the rook
    assert!(castles(&pos("4k3/8/8/8/8/8/8/5BKR w K - 0 1")).is_empty());
}

#[test]
fn rook_already_on_its_destination_moves_only_the_king() {
    let f = "4k3/8/8/8/8/8/8/4KR2 w K - 0 1";
    assert_eq!(after(f, "e1f1"), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    let f = "4k3/8/8/8/8/8/8/3RK3 w Q - 0 1";
    assert_eq!(after(f, "e1d1"), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    // king b1, rook d1 toward the h-file: the king crosses the rook's cell to g1
    let f = "4k3/8/8/8/8/8/8/1K1R4 w K - 0 1";
    assert_eq!(castles(&pos(f)), ["b1d1"]);
    assert_eq!(after(f, "O-O"), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
}

#[test]
fn king_and_rook_swap_cells() {
    // king f1, rook g1: they change places
    let f = "4k3/8/8/8/8/8/8/5KR1 w K - 0 1";
    assert_eq!(after(f, "O-O"), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // king d1, rook c1 toward the a-file: the king to c1, the rook to d1
    let f = "4k3/8/8/8/8/8/8/2RK4 w Q - 0 1";
    assert_eq!(after(f, "O-O-O"), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
}

#[test]
fn castling_through_or_into_attack_or_out_of_check_is_refused() {
    // the king's way b1-g1: e1 attacked by the e8 rook
    assert!(castles(&pos("4r1k1/8/8/8/8/8/8/1K5R w K - 0 1")).is_empty());
    // a1 attacked is no cell of this castle
    assert_eq!(castles(&pos("r5k1/8/8/8/8/8/8/1K5R w K - 0 1")), ["b1h1"]);
    // in check
    assert!(castles(&pos("1r4k1/8/8/8/8/8/8/1K5R w K - 0 1")).is_empty());
    // the destination g1 attacked
    assert!(castles(&pos("5kr1/8/8/8/8/8/8/4K2R w K - 0 1")).is_empty());
    // a cell only the rook crosses may be attacked: the rook a1 crosses b1, attacked
    let f = "1r4k1/8/8/8/8/8/8/R3K3 w Q - 0 1";
    assert_eq!(castles(&pos(f)), ["e1a1"]);
    // the castling rook shielded the king's destination: black's a1 rook attacks c1 once
    // the b1 rook has gone to d1
    assert!(castles(&pos("6k1/8/8/8/8/8/8/rRK5 w Q - 0 1")).is_empty());
}

#[test]
fn moves_end_rights() {
    let f = "r3k1r1/8/8/8/8/8/8/1R2K2R w KQkq - 0 1";
    // the h1 rook moves: only its right goes
    assert_eq!(after(f, "Rh2"), "r3k1r1/8/8/8/8/8/7R/1R2K3 b Qkq - 1 1");
    // the king moves: both
    assert_eq!(after(f, "Kd1"), "r3k1r1/8/8/8/8/8/8/1R1K3R b kq - 1 1");
    // a rook taken on its cell loses its right
    let f = "r3k1r1/8/8/8/8/8/8/1R2K1R1 b KQkq - 0 1";
    assert_eq!(after(f, "Rxg1+"), "r3k3/8/8/8/8/8/8/1R2K1r1 w Qq - 0 2");
    // castling ends both rights of the side
    let f = "r3k1r1/8/8/8/8/8/8/1R2K2R w KQkq - 0 1";
    assert_eq!(after(f, "O-O-O"), "r3k1r1/8/8/8/8/8/8/2KR3R b kq - 1 1");
}

#[test]
fn rights_need_their_king_and_rook() {
    let e = fen::parse::<Chess960>("4k3/8/8/8/8/8/8/4K3 w H - 0 1").unwrap_err();
    assert!(
        matches!(
            &e.kind,
            citadel_notation::FenErrorKind::Rejected(PositionError::RightWithoutPiece {
                right: "H",
                ..
            })
        ),
        "{e}"
    );
    assert!(e.to_string().contains("White's rook on h1"), "{e}");
    let e = fen::parse::<Chess960>("4k3/8/8/8/8/8/4K3/7R w H - 0 1").unwrap_err();
    assert!(e.to_string().contains("White's king on rank 1"), "{e}");
    assert_eq!(rights::of(Color::White, 7).fen, "H");
    assert_eq!(rights::of(Color::Black, 0).fen, "a");
}
