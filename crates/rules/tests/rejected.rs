//! Set-ups that cannot arise are refused with typed errors naming the cell or right: three
//! classic impossible positions (an en passant cell on the wrong rank, castling rights without
//! their rooks, pawns on their promotion ranks) and one or more per game, built from `Setup`s
//! (no FEN reader), with their messages pinned by a snapshot.

use citadel_rules::{
    with_game, Color, EnPassantProblem, Game, Piece, Position, PositionError, Setup, Variant,
};

/// A setup of game `G`: `(cell, FEN symbol)` pieces, side to move, rights text (the game's
/// own names), en passant cell.
fn setup<G: Game>(pieces: &[(&str, &str)], turn: Color, rights: &str, ep: &str) -> Setup {
    let cfg = G::config();
    let geo = cfg.geometry();
    let mut s = Setup::empty::<G>();
    for (cell, sym) in pieces {
        let sq = geo
            .parse_square(cell)
            .unwrap_or_else(|| panic!("no cell {cell}"));
        let (color, white) = if sym.chars().any(|c| c.is_ascii_uppercase()) {
            (Color::White, sym.to_string())
        } else {
            (Color::Black, sym.to_uppercase())
        };
        let kind = cfg
            .kind_of(&white)
            .unwrap_or_else(|| panic!("no piece {sym}"));
        s.put(sq, Some(Piece::new(kind, color)));
    }
    s.turn = turn;
    cfg.rights.read(rights, &mut s).expect("rights");
    if ep != "-" {
        s.ep = geo.parse_square(ep);
    }
    s
}

type Case = (
    &'static str,
    Variant,
    &'static [(&'static str, &'static str)],
    Color,
    &'static str,
    &'static str,
);

const CASES: &[Case] = &[
    // three classic impossible positions
    (
        "classic: en passant cell on the wrong rank",
        Variant::Chess,
        &[("e8", "k"), ("c4", "P"), ("d4", "p"), ("e1", "K")],
        Color::White,
        "-",
        "d5",
    ),
    (
        "classic: castling rights without rooks",
        Variant::Chess,
        &[("e8", "k"), ("e1", "K")],
        Color::White,
        "KQkq",
        "-",
    ),
    (
        "classic: pawns on their promotion ranks",
        Variant::Chess,
        &[("a8", "P"), ("h8", "k"), ("a1", "K"), ("h1", "p")],
        Color::White,
        "-",
        "-",
    ),
    // one or more per game
    (
        "chess: en passant behind no pawn",
        Variant::Chess,
        &[("e8", "k"), ("e1", "K"), ("e4", "N")],
        Color::Black,
        "-",
        "e3",
    ),
    (
        "celtic citadel: black castling without its king",
        Variant::CelticCitadel,
        &[("e10", "k"), ("b10", "r"), ("f2", "K")],
        Color::White,
        "q",
        "-",
    ),
    (
        "persian princess: en passant cell occupied",
        Variant::PersianPrincess,
        &[("f10", "k"), ("f2", "K"), ("e4", "P"), ("e3", "N")],
        Color::Black,
        "-",
        "e3",
    ),
    (
        "egyptian eye: queen-side castling without the rook",
        Variant::EgyptianEye,
        &[("f10", "k"), ("f2", "K"), ("j2", "R")],
        Color::White,
        "KQ",
        "-",
    ),
    (
        "oriental omega: black pawn on its promotion rank",
        Variant::OrientalOmega,
        &[("f10", "k"), ("f2", "K"), ("c2", "p")],
        Color::White,
        "-",
        "-",
    ),
    (
        "mini citadel: first-move right of a moved rook",
        Variant::MiniCitadel,
        &[("f9", "k"), ("f2", "K"), ("b2", "N")],
        Color::White,
        "B",
        "-",
    ),
    (
        "mini citadel: unpromoted knight on its last rank",
        Variant::MiniCitadel,
        &[("f9", "k"), ("f2", "K"), ("d9", "N")],
        Color::White,
        "-",
        "-",
    ),
    (
        "tamerlane: pawn of rooks on its last rank",
        Variant::Tamerlane,
        &[("f9", "k"), ("f2", "K"), ("c10", "R'")],
        Color::White,
        "-",
        "-",
    ),
    (
        "tamerlane: both lives of the pawn of pawns",
        Variant::Tamerlane,
        &[("f9", "k"), ("f2", "K"), ("c5", "P'")],
        Color::White,
        "P1P2",
        "-",
    ),
    (
        "tamerlane: waiting pawn of pawns without P1",
        Variant::Tamerlane,
        &[("f9", "k"), ("f2", "K"), ("c1", "p'")],
        Color::White,
        "-",
        "-",
    ),
    (
        "byzantine: en passant in a game without it",
        Variant::Byzantine,
        &[("a1", "K"), ("a3", "k")],
        Color::White,
        "-",
        "e2",
    ),
    (
        "shatranj: black pawn on its promotion rank",
        Variant::Shatranj,
        &[("d8", "k"), ("d1", "K"), ("e1", "p")],
        Color::White,
        "-",
        "-",
    ),
];

fn reject(case: &Case) -> PositionError {
    let (name, v, pieces, turn, rights, ep) = *case;
    with_game!(v, G => {
        let s = setup::<G>(pieces, turn, rights, ep);
        match Position::<G>::from_setup(&s) {
            Ok(p) => panic!("{name}: accepted {p:?}"),
            Err(e) => e,
        }
    })
}

#[test]
fn impossible_positions_are_rejected_with_their_cell_or_right() {
    let report: Vec<String> = CASES
        .iter()
        .map(|c| format!("{}: {}", c.0, reject(c)))
        .collect();
    insta::assert_snapshot!(report.join("\n"));
}

#[test]
fn errors_are_typed() {
    assert_eq!(
        reject(&CASES[0]),
        PositionError::BadEnPassant {
            square: "d5".into(),
            reason: EnPassantProblem::NotPassed
        }
    );
    assert_eq!(
        reject(&CASES[1]),
        PositionError::RightWithoutPiece {
            right: "K",
            needs: "White's rook on h1".into()
        }
    );
    assert_eq!(
        reject(&CASES[2]),
        PositionError::Unpromoted {
            piece: "P".into(),
            square: "a8".into()
        }
    );
    let mut s = Position::<citadel_rules::Chess>::start().to_setup();
    s.board[0] = Some(Piece::new(40, Color::White));
    assert_eq!(
        Position::<citadel_rules::Chess>::from_setup(&s).unwrap_err(),
        PositionError::UnknownKind {
            kind: 40,
            square: "a1".into()
        }
    );
    s = Position::<citadel_rules::CelticCitadel>::start().to_setup();
    s.rights |= 16;
    assert_eq!(
        Position::<citadel_rules::CelticCitadel>::from_setup(&s).unwrap_err(),
        PositionError::UnknownRights(16)
    );
}

/// Pawns on ranks no pawn of their side reaches — behind the rank they start on, beyond their
/// promotion zone — are refused, naming the pawn and its cell.
#[test]
fn pawns_out_of_reach_are_rejected() {
    let cases: [Case; 6] = [
        (
            "chess: white pawn on rank 1",
            Variant::Chess,
            &[("e8", "k"), ("e1", "K"), ("a1", "P")],
            Color::White,
            "-",
            "-",
        ),
        (
            "chess: black pawn behind its start rank, with en passant",
            Variant::Chess,
            &[
                ("d8", "p"),
                ("e8", "k"),
                ("d5", "p"),
                ("e5", "P"),
                ("e1", "K"),
            ],
            Color::White,
            "-",
            "d6",
        ),
        (
            "persian princess: white pawn beyond its promotion rank",
            Variant::PersianPrincess,
            &[("f10", "k"), ("f2", "K"), ("k11", "P")],
            Color::White,
            "-",
            "-",
        ),
        (
            "persian princess: black pawn beyond its promotion rank",
            Variant::PersianPrincess,
            &[("f10", "k"), ("f2", "K"), ("a1", "p")],
            Color::White,
            "-",
            "-",
        ),
        (
            "mini citadel: white pawn behind its start rank",
            Variant::MiniCitadel,
            &[("f9", "k"), ("f2", "K"), ("d2", "P")],
            Color::White,
            "-",
            "-",
        ),
        (
            "shatranj: black pawn on rank 8",
            Variant::Shatranj,
            &[("d8", "k"), ("d1", "K"), ("a8", "p")],
            Color::White,
            "-",
            "-",
        ),
    ];
    let want = [
        ("P", "a1"),
        ("p", "d8"),
        ("P", "k11"),
        ("p", "a1"),
        ("P", "d2"),
        ("p", "a8"),
    ];
    for (case, (piece, square)) in cases.iter().zip(want) {
        let e = reject(case);
        assert_eq!(
            e,
            PositionError::PawnOutOfReach {
                piece: piece.into(),
                square: square.into()
            },
            "{}",
            case.0
        );
        assert_eq!(e.to_string(), format!("{piece} cannot stand on {square}"));
    }
}

/// Where the rules put pawns behind their start rank, set-ups with them stay valid:
/// Tamerlane's king's swap and pawn of pawns; Byzantine pawns circle and have no ranks.
#[test]
fn pawns_the_rules_move_back_are_accepted() {
    let ok = |v: Variant, pieces: &[(&str, &str)]| {
        with_game!(v, G => {
            let s = setup::<G>(pieces, Color::White, "-", "-");
            if let Err(e) = Position::<G>::from_setup(&s) {
                panic!("{v} {pieces:?}: {e}");
            }
        })
    };
    ok(
        Variant::Tamerlane,
        &[("f9", "k"), ("f2", "K"), ("b1", "R'"), ("c2", "N'")],
    );
    ok(
        Variant::Tamerlane,
        &[("f9", "k"), ("f2", "K"), ("b10", "r'"), ("c9", "n'")],
    );
    // the highest and lowest ranks a chess pawn stands on
    ok(
        Variant::Chess,
        &[
            ("e8", "k"),
            ("e1", "K"),
            ("a2", "P"),
            ("b7", "P"),
            ("c7", "p"),
            ("d2", "p"),
        ],
    );
    ok(
        Variant::PersianPrincess,
        &[
            ("f10", "k"),
            ("f2", "K"),
            ("b3", "P"),
            ("j9", "P"),
            ("c9", "p"),
            ("d3", "p"),
        ],
    );
    // every start position stays valid
    for v in Variant::ALL {
        with_game!(v, G => {
            Position::<G>::start();
        });
    }
}
