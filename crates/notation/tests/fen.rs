//! FEN: round trips and typed errors that name the field and the offending text.

use citadel_notation::{fen, FenField};
use citadel_rules::{CelticCitadel, Chess, EgyptianEye, PersianPrincess};

#[test]
fn canonical_fens_round_trip() {
    // no black pawn can take on e3: the cell is read, and not written back
    let after_e4 =
        fen::parse::<Chess>("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_eq!(
        fen::write(&after_e4.unwrap()),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    for f in [
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ] {
        assert_eq!(fen::write(&fen::parse::<Chess>(f).unwrap()), f);
    }
    let p = "f9f/1rnbqksbnr1/1ppppppppp1/11/11/11/11/11/1PPPPPPPPP1/1RNBQKSBNR1/F9F w KQZkqz - 0 1";
    assert_eq!(fen::write(&fen::parse::<PersianPrincess>(p).unwrap()), p);
}

#[test]
fn stars_and_split_runs_are_accepted_and_normalised() {
    let with_stars = "f*********f/*rnbqkbsnr*/*ppppppppp*/11/11/11/11/11/*PPPPPPPPP*/*RNBQKBSNR*/F4*4F w KQkq - 0 1";
    let canonical =
        "f9f/1rnbqkbsnr1/1ppppppppp1/11/11/11/11/11/1PPPPPPPPP1/1RNBQKBSNR1/F9F w KQkq - 0 1";
    assert_eq!(
        fen::write(&fen::parse::<CelticCitadel>(with_stars).unwrap()),
        canonical
    );
}

fn err<T: std::fmt::Debug>(r: Result<T, citadel_notation::FenError>) -> citadel_notation::FenError {
    r.expect_err("should be rejected")
}

#[test]
fn errors_name_field_and_text() {
    let e = err(fen::parse::<CelticCitadel>(
        "f9f/1rnbqkbsnr1/1ppppppppp1/11/11/11/11/11/1PPPPPPPPP1/1RNBQKBSNR1 w KQkq - 0 1",
    ));
    assert_eq!(e.field, FenField::Board);
    assert_eq!(e.to_string(), "invalid FEN board (field 1): 10 ranks given, the board has 11 in `f9f/1rnbqkbsnr1/1ppppppppp1/11/11/11/11/11/1PPPPPPPPP1/1RNBQKBSNR1`");

    let e = err(fen::parse::<CelticCitadel>(
        "f9f/1rnbqkbsnr1/1ppppppppp1/11/11/11/11/11/PPPPPPPPPP1/1RNBQKBSNR1/F9F w KQkq - 0 1",
    ));
    assert_eq!(e.to_string(), "invalid FEN board (field 1): rank 3: piece `P` on the non-existent cell a3 in `PPPPPPPPPP1`");

    let e = err(fen::parse::<CelticCitadel>(
        "f9f/1rnbqkbsnr1/1ppppppppp1/12/11/11/11/11/1PPPPPPPPP1/1RNBQKBSNR1/F9F w KQkq - 0 1",
    ));
    assert_eq!(
        e.to_string(),
        "invalid FEN board (field 1): rank 8: 12 cells, the rank has 11 in `12`"
    );

    let e = err(fen::parse::<Chess>(
        "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ));
    assert_eq!(
        e.to_string(),
        "invalid FEN board (field 1): rank 7: unknown piece `X` in `ppppXppp`"
    );

    let e = err(fen::parse::<Chess>(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    ));
    assert_eq!(e.field, FenField::Turn);
    assert_eq!(
        e.to_string(),
        "invalid FEN side to move (field 2): expected `w` or `b` in `x`"
    );

    let e = err(fen::parse::<Chess>(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkZ - 0 1",
    ));
    assert_eq!(
        e.to_string(),
        "invalid FEN rights (field 3): unknown right `Z` (this game's rights: K Q k q) in `KQkZ`"
    );

    let e = err(fen::parse::<Chess>(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKq - 0 1",
    ));
    assert_eq!(
        e.to_string(),
        "invalid FEN rights (field 3): right `K` given twice in `KKq`"
    );

    let e = err(fen::parse::<Chess>(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
    ));
    assert_eq!(e.field, FenField::EnPassant);

    let e = err(fen::parse::<Chess>(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
    ));
    assert_eq!(e.field, FenField::Halfmove);

    let e = err(fen::parse::<Chess>(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
    ));
    assert_eq!(e.field, FenField::Fullmove);

    let e = err(fen::parse::<Chess>("4k3/8/8/8/8/8/4R3/4K3 w - - 0 1"));
    assert_eq!(e.to_string(), "invalid FEN position: the side not to move (Black) is in check in `4k3/8/8/8/8/8/4R3/4K3 w - - 0 1`");

    let e = err(fen::parse::<Chess>("4k3/8/8/8/8/8/8/3KK3 w - - 0 1"));
    assert_eq!(
        e.to_string(),
        "invalid FEN position: White has too many kings in `4k3/8/8/8/8/8/8/3KK3 w - - 0 1`"
    );

    let e = err(fen::parse::<Chess>("8/8/8/8/8/8/8/3KR3 w - - 0 1"));
    assert_eq!(
        e.to_string(),
        "invalid FEN position: Black has no king in `8/8/8/8/8/8/8/3KR3 w - - 0 1`"
    );
}

#[test]
fn persian_rule_errors() {
    let e = err(fen::parse::<CelticCitadel>(
        "f9f/1rnbqkbsnr1/1ppppppppp1/11/11/11/11/11/1PPPPPPPPP1/1RNBQKBSNR1/F9F w KQZkqz - 0 1",
    ));
    assert_eq!(e.field, FenField::Rights);
    assert!(e.to_string().contains("unknown right `Z`"), "{e}");

    let eye_piece = "11/5k5/11/11/11/5N5/11/11/11/5K5/11 w - - 0 1";
    let e = err(fen::parse::<EgyptianEye>(eye_piece));
    assert_eq!(e.to_string(), "invalid FEN board (field 1): N cannot stand on f6 in `11/5k5/11/11/11/5N5/11/11/11/5K5/11`");
    assert!(fen::parse::<PersianPrincess>(eye_piece).is_ok());

    let eye_king = "11/5k5/11/11/11/11/11/11/11/1K9/11 w - - 0 1";
    let e = err(fen::parse::<EgyptianEye>(eye_king));
    assert_eq!(
        e.to_string(),
        "invalid FEN board (field 1): K cannot stand on b2 in `11/5k5/11/11/11/11/11/11/11/1K9/11`"
    );
}

#[test]
fn garbage_never_panics() {
    for s in [
        "",
        " ",
        "/",
        "//////////",
        "99999999999999999999/8/8/8/8/8/8/8 w - - 0 1",
        "k",
        "ü/ü",
        "8/8/8/8/8/8/8/8 w - - 0 1 extra",
    ] {
        let _ = fen::parse::<Chess>(s);
        let _ = fen::parse::<CelticCitadel>(s);
    }
}

#[test]
fn persian_app_fen_dialect() {
    // the Persian Chess app writes every empty or non-existent cell as its own `1`
    let app = "f111111111f/1rnbqksbnr1/1ppppppppp1/11111111111/11111111111/11111111111/\
               11111111111/11111111111/1PPPPPPPPP1/1RNBQKSBNR1/F111111111F w KQZkqz - 0 1";
    let canonical =
        "f9f/1rnbqksbnr1/1ppppppppp1/11/11/11/11/11/1PPPPPPPPP1/1RNBQKSBNR1/F9F w KQZkqz - 0 1";
    assert_eq!(
        fen::write(&fen::parse::<PersianPrincess>(app).unwrap()),
        canonical
    );
    assert_eq!(
        fen::parse::<EgyptianEye>(app).unwrap(),
        fen::parse::<EgyptianEye>(canonical).unwrap()
    );
    let e = err(fen::parse::<PersianPrincess>(
        "f111111111f/1rnbqksbnr1/1ppppppppp1/11/11/11/11/11/1PPPPPPPPP1/1RNBQKSBNR1/F9F w KQZkqz - 0 1",
    ));
    assert_eq!(e.field, FenField::Board);
    assert_eq!(
        e.to_string(),
        "invalid FEN board (field 1): rank 11 `f111111111f` is in the Persian Chess app's form \
         (one `1` per empty cell) but rank 8 `11` is not: mixed FEN dialects in \
         `f111111111f/1rnbqksbnr1/1ppppppppp1/11/11/11/11/11/1PPPPPPPPP1/1RNBQKSBNR1/F9F`"
    );
    // a rank that fits neither reading keeps the standard error
    let e = err(fen::parse::<PersianPrincess>(
        "f1111111111f/1rnbqksbnr1/1ppppppppp1/11/11/11/11/11/1PPPPPPPPP1/1RNBQKSBNR1/F9F w KQZkqz - 0 1",
    ));
    assert_eq!(
        e.to_string(),
        "invalid FEN board (field 1): rank 11: 1111111112 cells, the rank has 11 in `f1111111111f`"
    );
    // chess has no such dialect
    assert!(
        fen::parse::<Chess>("rnbqkbnr/pppppppp/11111111/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .is_err()
    );
}
