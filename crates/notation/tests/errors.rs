//! Errors a caller can match: each failure domain's kind, the location kept beside it, and
//! the source chain down to the rules' own error.

use citadel_notation::archive::{self, ArchiveError, DecodeError};
use citadel_notation::replay::{self, ReplayErrorKind, Site};
use citadel_notation::{
    fen, pgn, position, FenErrorKind, FenField, Loc, PgnErrorKind, Position, Row, RowUnit,
};
use citadel_rules::{
    Byzantine, Chess, Color, IllegalMove, MiniCitadel, PositionError, Reason, RightsError,
    Tamerlane, Termination, Variant,
};
use std::error::Error;

/// The messages of an error and of each of its sources, outermost first.
fn chain(e: &dyn Error) -> Vec<String> {
    let mut out = vec![e.to_string()];
    let mut next = e.source();
    while let Some(s) = next {
        out.push(s.to_string());
        next = s.source();
    }
    out
}

#[test]
fn fen_kinds_name_what_is_wrong() {
    let kind = |f: &str| fen::parse::<Chess>(f).unwrap_err().kind;
    let rank = |number| Row {
        unit: RowUnit::Rank,
        number,
    };
    assert_eq!(kind(""), FenErrorKind::Empty);
    assert_eq!(
        kind("8/8/8/8/8/8/8/4K2k w - - 0 1 x"),
        FenErrorKind::TooManyFields
    );
    assert_eq!(
        kind("8/8/8 w - - 0 1"),
        FenErrorKind::RowCount {
            unit: RowUnit::Rank,
            given: 3,
            expected: 8
        }
    );
    assert_eq!(
        kind("8/8/8/8/8/8/8/4K2X w - - 0 1"),
        FenErrorKind::UnknownPiece {
            row: rank(1),
            token: "X".into()
        }
    );
    assert_eq!(
        kind("8/8/8/8/8/8/8/4K0k w - - 0 1"),
        FenErrorKind::ZeroRun { row: rank(1) }
    );
    assert_eq!(
        kind("8/8/8/8/8/8/8/4K4k w - - 0 1"),
        FenErrorKind::RowLength {
            row: rank(1),
            cells: 9,
            expected: 8
        }
    );
    assert_eq!(kind("4k3/8/8/8/8/8/8/4K3 x - - 0 1"), FenErrorKind::BadSide);
    assert_eq!(
        kind("4k3/8/8/8/8/8/8/4K3 w - z9 0 1"),
        FenErrorKind::NoSuchCell
    );
    assert_eq!(
        kind("4k3/8/8/8/8/8/8/4K3 w - - x 1"),
        FenErrorKind::NotANumber { min: 0 }
    );
    assert_eq!(
        kind("4k3/8/8/8/8/8/8/4K3 w - - 0 0"),
        FenErrorKind::OutOfRange {
            min: 1,
            max: u32::MAX.into()
        }
    );
    assert_eq!(
        kind("4k3/8/8/8/8/8/8/4K3 w KZ - 0 1"),
        FenErrorKind::Rights(RightsError::Unknown {
            text: "Z".into(),
            known: "K Q k q".into()
        })
    );
}

#[test]
fn fen_kinds_of_frames_rings_and_marked_pawns() {
    let start = Variant::MiniCitadel.start_fen();
    let board = start.split_whitespace().next().unwrap();
    let (rest, _) = board.rsplit_once('/').unwrap();
    let e = fen::parse::<MiniCitadel>(&format!("{rest}/GG7G w - - 0 1")).unwrap_err();
    assert!(
        matches!(&e.kind, FenErrorKind::NonExistentCell { row, piece, cell }
            if row.number == 1 && piece == "G" && cell == "b1"),
        "{e}"
    );
    let e = fen::parse::<Byzantine>("16/K7k7/15/16 w - - 0 1").unwrap_err();
    assert_eq!(
        e.kind,
        FenErrorKind::RowLength {
            row: Row {
                unit: RowUnit::Ring,
                number: 2
            },
            cells: 15,
            expected: 16
        }
    );
    let e = fen::parse::<Byzantine>("16/K7k7/P15/16 w - - 0 1").unwrap_err();
    assert!(
        matches!(&e.kind, FenErrorKind::IncompletePiece { token, options, .. }
            if token == "P" && options.len() == 2),
        "{e}"
    );
    let e = fen::parse::<Tamerlane>("11/6k5/11/11/11/11/2P8/11/5K6/11 w - - 0 1").unwrap_err();
    assert!(
        matches!(&e.kind, FenErrorKind::UnmarkedPawn { marked, .. } if marked == "P'"),
        "{e}"
    );
}

#[test]
fn a_position_the_rules_reject_keeps_their_error_as_its_source() {
    let e = fen::parse::<Chess>("4k3/8/8/8/8/8/4R3/4K3 w - - 0 1").unwrap_err();
    assert_eq!(e.field, FenField::Position);
    assert_eq!(
        e.kind,
        FenErrorKind::Rejected(PositionError::OppositeCheck(Color::Black))
    );
    let source = e.source().expect("a source");
    assert!(source.downcast_ref::<PositionError>().is_some());
    assert_eq!(
        chain(&e),
        [
            "invalid FEN position: the side not to move (Black) is in check in `4k3/8/8/8/8/8/4R3/4K3 w - - 0 1`",
            "the side not to move (Black) is in check",
        ]
    );
    // an error that wraps nothing has no source
    let e = fen::parse::<Chess>("4k3/8/8/8/8/8/8/4K3 x - - 0 1").unwrap_err();
    assert!(e.source().is_none());
}

#[test]
fn pgn_kinds_keep_line_and_column() {
    let err = |text: &str| pgn::parse(text).unwrap_err();
    let e = err("[Event \"a\"]\n[Event \"b\"]\n\n1. e4 *");
    assert_eq!(e.loc, Loc { line: 2, col: 1 });
    assert_eq!(
        e.kind,
        PgnErrorKind::DuplicateTag {
            name: "Event".into(),
            first_line: 1
        }
    );
    assert_eq!(err("1. e4 {open *").kind, PgnErrorKind::UnterminatedComment);
    assert_eq!(err("1. e4 & *").kind, PgnErrorKind::UnexpectedChar('&'));
    assert_eq!(
        err("1. e4 e5").kind,
        PgnErrorKind::NoResult { before_tags: false }
    );
    let e = err("[White Kasparov]\n\n1. e4 *");
    assert_eq!(
        (e.loc, e.kind),
        (
            Loc { line: 1, col: 8 },
            PgnErrorKind::UnquotedTagValue {
                name: "White".into()
            }
        )
    );
    // echoed input is shortened
    let long = "x".repeat(500);
    let e = err(&format!("[{long} 1]\n\n*"));
    assert!(
        matches!(&e.kind, PgnErrorKind::UnquotedTagValue { name } if name.chars().count() == 81)
    );
    let e = err(&format!("1. e4 !{} *", "?".repeat(50)));
    assert_eq!(
        e.kind,
        PgnErrorKind::BadAnnotation(format!("!{}…", "?".repeat(11)))
    );
}

#[test]
fn replay_kinds_keep_the_move_and_the_source() {
    let rec = |text: &str| pgn::parse(text).unwrap().remove(0);

    let e = replay::validate(&rec("1. e4 e5 2. Nf6 *")).unwrap_err();
    assert_eq!(e.site, Site::Move(2));
    let mv = e.mv.clone().expect("the move");
    assert_eq!(
        (mv.number, mv.side, mv.text.as_str()),
        (2, Color::White, "Nf6")
    );
    assert!(matches!(
        &e.kind,
        ReplayErrorKind::Move(m) if matches!(m.reason, Reason::NoPiece { .. })
    ));
    assert_eq!(e.to_string(), "move 2. Nf6: no knight can move to f6");
    assert!(e
        .source()
        .unwrap()
        .downcast_ref::<Box<IllegalMove>>()
        .is_some());

    let e = replay::validate(&rec(
        "[FEN \"4k3/8/8/8/8/8/4R3/4K3 w - - 0 1\"]\n\n1. Kd2 *",
    ))
    .unwrap_err();
    assert_eq!(e.site, Site::Tag(0));
    assert!(matches!(&e.kind, ReplayErrorKind::Fen(f) if f.field == FenField::Position));
    let c = chain(&e);
    assert_eq!(c.len(), 3, "{c:?}");
    assert_eq!(c[2], "the side not to move (Black) is in check");

    let e = replay::validate(&rec("[Variant \"crazyhouse\"]\n\n*")).unwrap_err();
    assert!(matches!(&e.kind, ReplayErrorKind::Variant(u) if u.name == "crazyhouse"));

    let e = replay::validate(&rec("1. f3 e5 2. g4 Qh4# 1-0")).unwrap_err();
    assert!(matches!(
        e.kind,
        ReplayErrorKind::ResultMismatch { outcome, .. } if outcome.termination == Termination::Checkmate
    ));
    let e = replay::validate(&rec("1. f3 e5 2. g4 Qh4# 3. Kf2 0-1")).unwrap_err();
    assert!(matches!(e.kind, ReplayErrorKind::GameOver(_)));
}

/// An archive of one game whose payload (checksummed, so it reaches the decoder) is `payload`:
/// the frame's length, its game number (1), the CRC-32 of the number and the payload.
fn archive_of(payload: &[u8]) -> Vec<u8> {
    let mut a = archive::MAGIC.to_vec();
    a.push(archive::VERSION);
    a.push(payload.len() as u8);
    a.push(1);
    let mut crc = crc32fast::Hasher::new();
    crc.update(&[1]);
    crc.update(payload);
    a.extend_from_slice(&crc.finalize().to_le_bytes());
    a.extend_from_slice(payload);
    a.extend_from_slice(&[0, 1]);
    a.extend_from_slice(&crc32fast::hash(&[1]).to_le_bytes());
    a
}

#[test]
fn archive_payloads_that_do_not_decode_say_why() {
    // no tags, result `*`, then a movetext event code that names nothing
    let e = archive::read(&archive_of(&[0, 3, 9])).unwrap_err();
    assert_eq!(e, ArchiveError::Malformed(1, DecodeError::UnknownEvent(9)));
    assert_eq!(
        chain(&e),
        [
            "corrupt archive: game 1: unknown movetext event 9",
            "unknown movetext event 9"
        ]
    );
    // a result code out of range, a variation never closed, a field cut short
    let e = archive::read(&archive_of(&[0, 7])).unwrap_err();
    assert_eq!(e, ArchiveError::Malformed(1, DecodeError::UnknownResult(7)));
    let e = archive::read(&archive_of(&[0, 3, 0, 2, b'e', b'4', 3])).unwrap_err();
    assert_eq!(
        e,
        ArchiveError::Malformed(1, DecodeError::UnclosedVariation)
    );
    let e = archive::read(&archive_of(&[0, 3, 0, 5, b'e'])).unwrap_err();
    assert_eq!(e, ArchiveError::Malformed(1, DecodeError::TextPastEnd));
    // the payload decodes when it is well formed
    let ok = archive::read(&archive_of(&[0, 3, 0, 2, b'e', b'4'])).unwrap();
    assert_eq!(ok[0].main.moves[0].san, "e4");
}

#[test]
fn a_game_chosen_at_run_time_reads_and_writes_moves() {
    let v: Variant = "tamerlane".parse().unwrap();
    let pos = position::from_fen(v, v.start_fen()).unwrap();
    assert_eq!(pos.fen(), v.start_fen());
    for m in pos.legal_moves().iter() {
        let san = pos.san(m).unwrap();
        let coord = pos.coord(m);
        assert_eq!(pos.parse_move(&san), Ok(*m), "{san}");
        assert_eq!(pos.parse_san(&san), Ok(*m), "{san}");
        assert_eq!(pos.parse_move(&coord), Ok(*m), "{coord}");
        assert_eq!(pos.parse_coord(&coord), Ok(*m), "{coord}");
    }
    let e = position::from_fen(v, "11 w - - 0 1").unwrap_err();
    assert!(matches!(e.kind, FenErrorKind::RowCount { .. }));
    assert!(matches!(
        pos.parse_coord("Nf3"),
        Err(IllegalMove {
            reason: Reason::Syntax(_),
            ..
        })
    ));
}
