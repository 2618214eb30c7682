//! Mini Citadel Chess: perft, first-move rights in FEN, promotion, citadels, outcomes and the
//! game's FEN errors.

use citadel_notation::{coord, fen, FenError, FenField};
use citadel_rules::mini_citadel::{kind, START};
use citadel_rules::{Claims, Color, MiniCitadel, Outcome, Piece, Position, Termination, Variant};

type G = MiniCitadel;

fn pos(f: &str) -> Position<G> {
    fen::parse::<G>(f).unwrap_or_else(|e| panic!("{f}: {e}"))
}

/// The cell named `$n`.
macro_rules! sq {
    ($n:expr) => {
        <G as citadel_rules::Game>::config().sq($n)
    };
}

/// The legal moves in coordinate form, sorted.
fn moves(p: &Position<G>) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| coord::write(p, m)).collect();
    v.sort();
    v
}

fn play(p: &mut Position<G>, text: &str) {
    let m = coord::parse_move(p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.play_unchecked(m);
}

fn err(f: &str) -> FenError {
    match fen::parse::<G>(f) {
        Ok(_) => panic!("{f} should not parse"),
        Err(e) => e,
    }
}

#[test]
fn variant_is_registered() {
    assert_eq!(Variant::from_id("mini-citadel"), Some(Variant::MiniCitadel));
    assert_eq!(Variant::MiniCitadel.name(), "Mini Citadel Chess");
    assert_eq!(Variant::MiniCitadel.start_fen(), START);
}

#[test]
fn start_perft() {
    let mut p = fen::start::<G>();
    let want = [42, 1764, 71639];
    for (d, &n) in want.iter().enumerate() {
        assert_eq!(
            citadel_rules::perft(&mut p, d as u32 + 1),
            n,
            "depth {}",
            d + 1
        );
    }
    assert_eq!(fen::write(&p), START);
}

#[test]
fn start_moves_by_hand() {
    let p = fen::start::<G>();
    let m = moves(&p);
    let expect = [
        // rooks: WD leap over the pawn, first move a knight leap
        "b2b4", "b2c4", "i2i4", "i2h4", // knights: N, first move a guard leap
        "c2b4", "c2d4", "c2c4", "c2e4", "h2g4", "h2i4", "h2h4",
        "h2f4", // bishops: FA, first N
        "d2b4", "d2f4", "d2c4", "d2e4", "g2e4", "g2i4", "g2f4",
        "g2h4", // queen, king: guard leaps
        "e2c4", "e2e4", "e2g4", "f2d4", "f2f4", "f2h4",
    ];
    for e in expect {
        assert!(m.contains(&e.to_string()), "{e} missing from {m:?}");
    }
    // pawns: b3..i3 one and two steps
    let pawn_moves = m.iter().filter(|s| s[1..2] == *"3").count();
    assert_eq!(pawn_moves, 16);
    assert_eq!(m.len(), expect.len() + 16);
}

#[test]
fn first_move_rights_are_lost_and_written() {
    let mut p = fen::start::<G>();
    play(&mut p, "c2e4"); // the knight's first move, a guard leap
    assert_eq!(
        fen::write(&p).split(' ').nth(2),
        Some("ABDEFGHIJabcdefghij")
    );
    play(&mut p, "b8b6"); // pawns need no letter
    assert_eq!(
        fen::write(&p).split(' ').nth(2),
        Some("ABDEFGHIJabcdefghij")
    );
    // the knight has used its right: knight leaps only
    let m = moves(&p);
    assert!(
        !m.iter()
            .any(|s| ["e4e6", "e4c6", "e4g6", "e4c4", "e4g4"].contains(&s.as_str())),
        "{m:?}"
    );
    assert!(m.contains(&"e4d6".to_string()));
    play(&mut p, "e4d6");
    play(&mut p, "b6b5");
    play(&mut p, "d6c8");
    play(&mut p, "b5b4");
    // taking the unmoved queen on e9 removes its right; the knight promotes there
    play(&mut p, "c8e9");
    let f = fen::write(&p);
    assert_eq!(f, "g8g/1rnb+Nkbnr1/3pppppp1/10/10/10/1p8/1PPPPPPPP1/1R1BQKBNR1/G8G b ABDEFGHIJabcdfghij - 0 4");
    assert_eq!(
        p.piece_at(sq!("e9")),
        Some(Piece::new(kind::KNIGHT + kind::PROMOTED, Color::White))
    );
    assert!(
        p.in_check(),
        "a promoted knight steps like a king: f9 is attacked"
    );
    assert_eq!(fen::write(&pos(&f)), f);
    for _ in 0..7 {
        p.undo();
    }
    assert_eq!(fen::write(&p), START);
}

#[test]
fn rights_letters_round_trip_in_any_order() {
    let f = "10/5k4/10/10/10/10/10/10/1RN1QKB3/G9 w ABEFG - 0 1";
    assert_eq!(fen::write(&pos(f)), f);
    let p = pos("10/5k4/10/10/10/10/10/10/1RN1QKB3/G9 w GFEBA - 0 1");
    assert_eq!(fen::write(&p), f);
    let none = "10/5k4/10/10/10/10/10/10/1RN1QKB3/G9 w - - 0 1";
    assert_eq!(fen::write(&pos(none)), none);
    let mut p = pos(f);
    assert_eq!(p.unmoved().count(), 5);
    play(&mut p, "a1c3");
    assert_eq!(
        fen::write(&p),
        "10/5k4/10/10/10/10/10/2G7/1RN1QKB3/10 b BEFG - 1 1"
    );
}

#[test]
fn king_first_move_even_out_of_check() {
    let p = pos("10/5k4/10/10/10/10/5r4/10/5K4/9G w FJ - 0 1");
    assert!(p.in_check());
    assert_eq!(moves(&p), ["f2d2", "f2e2", "f2g2", "f2h2"]);
    // without the right only the steps remain
    let p = pos("10/5k4/10/10/10/10/5r4/10/5K4/9G w J - 0 1");
    assert_eq!(moves(&p), ["f2e2", "f2g2"]);
}

#[test]
fn promotion_of_every_piece_king_included() {
    let mut p = pos("10/10/4K5/10/10/7k2/10/10/10/10 w - - 0 1");
    play(&mut p, "e8e9");
    let pk = Piece::new(kind::KING + kind::PROMOTED, Color::White);
    assert_eq!(p.piece_at(sq!("e9")), Some(pk));
    assert_eq!(fen::write(&p), "10/4+K5/10/10/10/7k2/10/10/10/10 b - - 1 1");
    // the promoted king is royal and steps diagonally without capturing
    play(&mut p, "h5h4");
    let m = moves(&p);
    for e in ["e9d8", "e9f8", "e9e8", "e9d9", "e9f9"] {
        assert!(m.contains(&e.to_string()), "{e}: {m:?}");
    }
    assert!(!m.contains(&"e9d10".to_string()), "no such cell");
    let p = pos("10/10/7k2/10/4+K5/3p6/6n3/10/10/10 w - - 0 1");
    assert_eq!(moves(&p), ["e6d5", "e6d6", "e6d7", "e6e7", "e6f5", "e6f7"]);
    // Black promotes on rank 2, lowercase `+`
    let mut p = pos("10/10/1K8/10/10/10/8k1/3p6/10/10 b - - 0 1");
    play(&mut p, "d3d2");
    assert_eq!(
        fen::write(&p),
        "10/10/1K8/10/10/10/8k1/10/3+p6/10 w - - 0 2"
    );
    assert_eq!(
        p.piece_at(sq!("d2")),
        Some(Piece::new(kind::PAWN + kind::PROMOTED, Color::Black))
    );
    // a promoted pawn moves like a king, backwards too
    let mut p = pos("10/10/1K8/10/10/10/8k1/10/3+p6/10 b - - 0 1");
    let m = moves(&p);
    for e in ["d2c3", "d2d3", "d2e3", "d2c2", "d2e2"] {
        assert!(m.contains(&e.to_string()), "{e}: {m:?}");
    }
    play(&mut p, "d2d3");
    assert_eq!(
        fen::write(&p),
        "10/10/1K8/10/10/10/8k1/3+p6/10/10 w - - 1 2"
    );
}

#[test]
fn promoted_pawn_takes_no_part_in_en_passant() {
    let p = pos("10/8k1/10/10/3+PpP4/10/10/10/1K8/10 w - e7 0 1");
    let list = p.legal_moves();
    let ep: Vec<String> = list
        .iter()
        .filter(|m| m.flag == citadel_rules::MoveFlag::EnPassant)
        .map(|m| coord::write(&p, m))
        .collect();
    assert_eq!(ep, ["f6e7"]);
    assert_eq!(list.len(), 12);
    // a promoted pawn cannot be taken en passant either: it never double-steps
    let p = pos("10/10/1K8/10/8k1/10/10/3+P6/10/10 w - - 0 1");
    assert!(!moves(&p).contains(&"d3d5".to_string()));
}

#[test]
fn en_passant() {
    let mut p = pos("10/8k1/10/10/10/3pPp4/10/10/1K8/10 b - e4 0 1");
    assert_eq!(moves(&p), ["d5d4", "d5e4", "f5e4", "f5f4", "i9h9", "i9i8"]);
    play(&mut p, "d5e4");
    assert_eq!(p.piece_at(sq!("e5")), None);
    assert_eq!(
        fen::write(&p),
        "10/8k1/10/10/10/5p4/4p5/10/1K8/10 w - - 0 2"
    );
    // the double step needs the passed cell empty, and sets the en passant cell
    let mut p = fen::start::<G>();
    play(&mut p, "e3e5");
    assert_eq!(p.ep_square(), Some(sq!("e4")));
    let p = pos("g8g/1rnbqkbnr1/1pppppppp1/10/10/10/4n5/1PPPPPPPP1/1RNBQKBNR1/G8G w ABCDEFGHIJabcdefghij - 0 1");
    assert!(!moves(&p).contains(&"e3e5".to_string()));
}

#[test]
fn citadel_entry_wins() {
    let mut p = pos("9g/10/2G4G2/10/10/10/4k5/10/1K8/10 w - - 0 1");
    let m = moves(&p);
    assert!(m.contains(&"c8a10".to_string()));
    assert!(
        !m.contains(&"h8j10".to_string()),
        "the guard in j10 cannot be captured"
    );
    assert_eq!(m.len(), 9);
    play(&mut p, "c8a10");
    let won = Some(Outcome::win(Color::White, Termination::Citadel));
    assert_eq!(p.outcome(Claims::None), won);
    assert_eq!(p.outcome(Claims::Draws), won);
    assert!(p.legal_moves().is_empty());
    // set up by FEN: decided too, whoever is to move
    for side in ["w", "b"] {
        let p = pos(&format!("G8g/10/7G2/10/10/10/4k5/10/1K8/10 {side} - - 0 1"));
        assert_eq!(p.outcome(Claims::None), won);
        assert!(p.legal_moves().is_empty());
    }
    let p = pos("10/10/10/10/10/7K2/10/2k7/10/n9 w - - 0 1");
    assert_eq!(
        p.outcome(Claims::None),
        Some(Outcome::win(Color::Black, Termination::Citadel))
    );
    assert_eq!(
        Outcome::win(Color::Black, Termination::Citadel).to_string(),
        "Black wins by citadel"
    );
}

#[test]
fn citadel_entry_must_be_legal() {
    // the guard could enter a10, but the king b2 is in check from the promoted rook d2
    // (2-leap): c2 is attacked by its step, c3 by its diagonal king step, a1 only by a capture
    let p = pos("10/8k1/2G7/10/10/10/10/10/1K1+r6/10 w - - 0 1");
    assert!(p.in_check());
    assert_eq!(moves(&p), ["b2b3"]);
}

#[test]
fn no_capture_into_or_out_of_a_citadel() {
    // trapped: the guard's only cells hold enemy pieces it may not take
    let p = pos("10/8k1/10/10/10/6K3/10/1rp7/2+n7/G9 w A - 0 1");
    assert!(!moves(&p).iter().any(|m| m.starts_with("a1")));
    assert_eq!(p.legal_moves().len(), 4);
    // immune: nothing takes the guard in a1
    let p = pos("10/8k1/10/10/10/6K3/10/2g7/1+b8/G9 b - - 0 1");
    assert!(!moves(&p).iter().any(|m| m.ends_with("a1")));
    assert_eq!(p.legal_moves().len(), 8);
    // inert: a piece in a citadel gives no check and guards nothing
    let p = pos("10/10/10/10/10/1K8/10/7k2/8R1/9G b - - 0 1");
    assert!(!p.in_check());
    assert_eq!(moves(&p), ["h3g3", "h3h4", "h3i2+k"]);
    // a citadel can be entered (without capturing) and left again
    let mut p = pos("10/8k1/10/10/10/6K3/10/10/1+B8/10 w - - 0 1");
    play(&mut p, "b2a1");
    play(&mut p, "i9i8");
    let m = moves(&p);
    assert!(
        m.contains(&"a1b2".to_string()) && m.contains(&"a1c3".to_string()),
        "{m:?}"
    );
}

#[test]
fn checkmate_stalemate_repetition_move_limit() {
    let p = pos("10/1k8/3B6/1R8/10/10/10/10/5K4/10 b - - 0 1");
    assert_eq!(
        p.outcome(Claims::None),
        Some(Outcome::win(Color::White, Termination::Checkmate))
    );
    let p = pos("10/1k8/3B6/10/1R8/10/10/10/5K4/10 b - - 0 1");
    assert_eq!(
        p.outcome(Claims::None),
        Some(Outcome::draw(Termination::Stalemate))
    );
    let mut p = pos("10/1k8/10/10/10/10/10/10/5K4/10 w - - 0 1");
    for _ in 0..2 {
        for m in ["f2f3", "b9b8", "f3f2", "b8b9"] {
            assert_eq!(p.outcome(Claims::Draws), None);
            play(&mut p, m);
        }
    }
    assert_eq!(
        p.outcome(Claims::Draws),
        Some(Outcome::draw(Termination::Repetition))
    );
    let p = pos("10/1k8/10/10/10/10/10/10/5K4/10 w - - 100 80");
    assert_eq!(
        p.outcome(Claims::Draws),
        Some(Outcome::draw(Termination::MoveLimit))
    );
    // no insufficient-material draw: a lone king can still win in a citadel
    let p = pos("10/1k8/10/10/10/10/10/10/5K4/10 w - - 0 1");
    assert_eq!(p.outcome(Claims::Draws), None);
}

#[test]
fn hash_and_undo_stay_exact() {
    let mut p = fen::start::<G>();
    let line = [
        "c2e4", "d9b7", "e4d6", "e8e7", "d6c8", "b7c8", "f2f4", "h9h7", "f4f5", "e9g7",
    ];
    let mut fens = vec![fen::write(&p)];
    for m in line {
        play(&mut p, m);
        assert_eq!(p.hash(), p.compute_hash(), "after {m}");
        let f = fen::write(&p);
        assert_eq!(pos(&f).hash(), p.hash(), "{f}");
        fens.push(f);
    }
    for f in fens.iter().rev().skip(1) {
        p.undo();
        assert_eq!(&fen::write(&p), f);
        assert_eq!(p.hash(), p.compute_hash());
    }
}

#[test]
fn fen_errors_name_the_text() {
    let s = "g8g/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1R+XBQKBNR1/G8G w - - 0 1";
    let e = err(s);
    assert_eq!(e.field, FenField::Board);
    assert_eq!(e.text, "1R+XBQKBNR1");
    assert!(e.kind.to_string().contains("unknown piece `+X`"), "{e}");
    let e = err("g8g/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1RNBQKBNR1/G8G w ABCDEFGHIJabcdefghiX - 0 1");
    assert_eq!(e.field, FenField::Rights);
    assert!(e.kind.to_string().contains("unknown right `X`"), "{e}");
    // a right for an empty file
    let e = err("g8g/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/2NBQKBNR1/G8G w ABCDEFGHIJabcdefghij - 0 1");
    assert_eq!(e.field, FenField::Rights);
    assert_eq!(e.text, "ABCDEFGHIJabcdefghij");
    assert_eq!(
        e.kind.to_string(),
        "right `B` needs White's unmoved rook on b2"
    );
    // a right for a moved piece: a knight stands on the rook's start cell
    let e = err("g8g/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1NRBQKBNR1/G8G w B - 0 1");
    assert_eq!(
        e.kind.to_string(),
        "right `B` needs White's unmoved rook on b2"
    );
    // a promoted piece has no right
    let e = err("+g8g/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1RNBQKBNR1/G8G w a - 0 1");
    assert_eq!(
        e.kind.to_string(),
        "right `a` needs Black's unmoved guard on a10"
    );
    // a right of the wrong side's piece
    let e = err("g8g/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1RNBQKBNR1/g8G w A - 0 1");
    assert_eq!(
        e.kind.to_string(),
        "right `A` needs White's unmoved guard on a1"
    );
    let e = err("g8g/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1RNBQKBNR1/G8G w AA - 0 1");
    assert_eq!(e.kind.to_string(), "right `A` given twice");
    // a piece on a non-existent cell
    let e = err("gg7g/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1RNBQKBNR1/G8G w - - 0 1");
    assert_eq!(e.field, FenField::Board);
    assert_eq!(e.text, "gg7g");
    assert_eq!(
        e.kind.to_string(),
        "rank 10: piece `g` on the non-existent cell b10"
    );
    let e = err("g8g/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1RNBQKBNR1/G8G/ w - - 0 1");
    assert_eq!(e.field, FenField::Board);
    let e = err("g8g/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/RRNBQKBNR1/G8G w - - 0 1");
    assert_eq!(
        e.kind.to_string(),
        "rank 2: piece `R` on the non-existent cell a2"
    );
}

#[test]
fn position_errors_of_the_game() {
    // an unpromoted piece on its own promotion rank
    let e = err("10/1k2R5/10/10/10/10/10/10/5K4/10 w - - 0 1");
    assert_eq!(e.field, FenField::Board);
    assert!(
        e.kind
            .to_string()
            .contains("R on e9 would have promoted there"),
        "{e}"
    );
    // pawns stand on ranks 3 to 8 only
    let e = err("10/1k8/10/10/10/10/10/10/3P1K4/10 w - - 0 1");
    assert!(e.kind.to_string().contains("P cannot stand on d2"), "{e}");
    // pieces of both sides in enemy citadels
    let e = err("G9/1k8/10/10/10/10/10/10/5K4/9n w - - 0 1");
    assert!(e.kind.to_string().contains("n cannot stand on j1"), "{e}");
    // two kings (a promoted king counts)
    let e = err("10/1k8/10/10/10/4+K5/10/10/5K4/10 w - - 0 1");
    assert_eq!(e.field, FenField::Position);
    // an en passant cell no double step passed
    let e = err("10/8k1/10/10/10/3pPp4/10/10/1K8/10 b - d4 0 1");
    assert_eq!(e.field, FenField::EnPassant);
    assert!(e.kind.to_string().contains("d4"), "{e}");
    let e = err("10/8k1/10/10/10/3pPp4/10/4P5/1K8/10 b - e4 0 1");
    assert_eq!(e.field, FenField::EnPassant);
}

#[test]
fn show_outcome_strings() {
    let mut p = pos("9g/10/2G4G2/10/10/10/4k5/10/1K8/10 w - - 0 1");
    play(&mut p, "c8a10");
    let o = p
        .outcome(Claims::Draws)
        .map(|o| format!("{o} ({})", o.result()));
    assert_eq!(o.as_deref(), Some("White wins by citadel (1-0)"));
}
