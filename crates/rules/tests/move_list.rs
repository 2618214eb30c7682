//! `MoveList` never drops a move: its capacity covers the densest positions we can build
//! (greedily placing each game's largest army, every pawn promoted, where it adds the most
//! legal moves), and a full list panics instead of dropping a move.

use citadel_geometry::Square;
use citadel_rules::{
    with_game, Color, Game, Move, MoveList, Piece, Position, Setup, Variant, MAX_MOVES,
};

/// Places `army` (White symbols) one piece at a time on the cell that gives White the most
/// legal moves, with the Black pieces `black`
/// (cell, White symbol) already placed. Returns the final count of legal moves.
fn densest<G: Game>(black: &[(&str, &str)], army: &[&str]) -> usize {
    let cfg = G::config();
    let geo = cfg.geometry();
    let kind = |s: &str| {
        cfg.kind_of(s)
            .unwrap_or_else(|| panic!("{}: no {s}", cfg.id))
    };
    let mut setup = Setup::empty::<G>();
    for (cell, sym) in black {
        setup.put(
            geo.parse_square(cell).expect("cell"),
            Some(Piece::new(kind(sym), Color::Black)),
        );
    }
    let mut best = 0;
    for sym in army {
        let piece = Some(Piece::new(kind(sym), Color::White));
        let mut choice: Option<(usize, Square)> = None;
        for sq in geo.all() {
            if setup.board[sq.index()].is_some() {
                continue;
            }
            setup.put(sq, piece);
            if let Ok(pos) = Position::<G>::from_setup(&setup) {
                let n = pos.legal_moves().len();
                if choice.is_none_or(|(m, _)| n > m) {
                    choice = Some((n, sq));
                }
            }
            setup.put(sq, None);
        }
        let (n, sq) = choice.unwrap_or_else(|| panic!("{}: no cell for {sym}", cfg.id));
        setup.put(sq, piece);
        best = n;
    }
    best
}

/// Black's pieces: (cell, White symbol).
type Pieces<'a> = Vec<(&'a str, &'a str)>;

#[test]
fn the_densest_positions_fit_with_room_to_spare() {
    let q10 = ["Q"; 10];
    let persian: Vec<&str> = ["K"]
        .iter()
        .chain(&q10)
        .chain(&["R", "R", "S", "F", "F", "B", "B", "N", "N"])
        .copied()
        .collect();
    let omega: Vec<&str> = ["K"]
        .iter()
        .chain(&q10)
        .chain(&["R", "R", "C", "W", "W", "B", "B", "N", "N"])
        .copied()
        .collect();
    let k = |cell| vec![(cell, "K")];
    let cases: Vec<(Variant, Pieces, Vec<&str>)> = vec![
        (Variant::PersianPrincess, k("k11"), persian.clone()),
        (Variant::CelticCitadel, k("k11"), persian),
        (Variant::OrientalOmega, k("k11"), omega),
        (
            Variant::Tamerlane,
            k("a10"),
            "K S A R R R N N N T T T G G G F F V V E E E C C C W W W"
                .split(' ')
                .collect(),
        ),
        (
            Variant::MiniCitadel,
            k("j10"),
            "K +Q +R +R +B +B +N +N +G +G +P +P +P +P +P +P +P +P"
                .split(' ')
                .collect(),
        ),
        (
            Variant::Chess,
            k("h8"),
            "K Q Q Q Q Q Q Q Q Q R R B B N N".split(' ').collect(),
        ),
        (
            Variant::Byzantine,
            vec![("a4", "K"), ("i4", "R")],
            "K Q R R B B N N".split(' ').collect(),
        ),
    ];
    for (v, black, army) in cases {
        let n = with_game!(v, G => densest::<G>(&black, &army));
        assert!(n < MAX_MOVES / 2, "{v:?}: {n} legal moves");
        eprintln!("{v:?}: {n} legal moves in the densest position built");
    }
}

#[test]
#[should_panic(expected = "MoveList overflow")]
fn a_full_list_panics_instead_of_dropping_a_move() {
    let mut list = MoveList::new();
    for _ in 0..=MAX_MOVES {
        list.push(Move::new(Square(0), Square(1)));
    }
}
