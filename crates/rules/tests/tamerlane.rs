//! Tamerlane chess: perft from the start, FEN (round trips and typed errors), the special
//! moves in coordinate notation, rights, make/unmake, and outcomes.

use citadel_notation::{coord, fen, FenField};
use citadel_rules::tamerlane::{kind, rights, special, START};
use citadel_rules::{perft, Claims};
use citadel_rules::{
    Color, Move, MoveFlag, MoveList, Outcome, Piece, Position, Tamerlane, Termination,
};
mod common;

fn parse(f: &str) -> Position<Tamerlane> {
    fen::parse::<Tamerlane>(f).unwrap_or_else(|e| panic!("{f}: {e}"))
}

fn sq(name: &str) -> citadel_geometry::Square {
    <Tamerlane as citadel_rules::Game>::config().sq(name)
}

/// Plays a coordinate move, checking that it writes back the same (a promotion with its
/// piece's letter, which the writer always adds) and reads back from that.
fn play(pos: &mut Position<Tamerlane>, text: &str) -> Move {
    let m = coord::parse_move(pos, text)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", fen::write(pos)));
    let written = coord::write(pos, &m);
    match m.promotion {
        None => assert_eq!(written, text),
        Some(_) => assert!(
            written.starts_with(text) && written.len() > text.len(),
            "{written}"
        ),
    }
    assert_eq!(coord::parse_move(pos, &written), Ok(m));
    pos.play_unchecked(m);
    assert_eq!(pos.hash(), pos.compute_hash());
    m
}

fn fixtures() -> Vec<common::PerftCase> {
    common::file("tamerlane").positions
}

/// Leaves at `depth` reached by a move with `flag`.
fn leaves_with(pos: &mut Position<Tamerlane>, depth: u32, flag: MoveFlag) -> u64 {
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.iter().filter(|m| m.flag == flag).count() as u64;
    }
    let mut n = 0;
    for m in moves.iter() {
        pos.play_unchecked(*m);
        n += leaves_with(pos, depth - 1, flag);
        pos.undo();
    }
    n
}

#[test]
fn start_position_perft() {
    let mut pos = fen::start::<Tamerlane>();
    assert_eq!(fen::write(&pos), START);
    let got: Vec<u64> = (1..=4).map(|d| perft(&mut pos, d)).collect();
    assert_eq!(got, [24, 576, 14518, 365893]);
    assert_eq!(
        leaves_with(&mut pos, 4, MoveFlag::Special(special::SWAP)),
        158
    );
}

#[test]
fn at_least_fifteen_rule_fixtures() {
    let cases = fixtures();
    assert!(cases.len() > 15);
    for c in &cases {
        assert!(!c.source.is_empty(), "{}: say what it tests", c.name);
        assert!(
            c.source.contains("by hand") || c.perft == [0],
            "{}: depth 1 checked by hand",
            c.name
        );
        assert!(
            c.test_depth >= 3 || c.perft.len() < 3,
            "{}: perft to depth 3 is tested",
            c.name
        );
    }
}

#[test]
fn fen_round_trips() {
    for c in fixtures() {
        let pos = parse(&c.fen);
        assert_eq!(fen::write(&pos), c.fen, "{}", c.name);
    }
    // rights are read in any order and written K, k, P…, p…
    let pos = parse("11/6k5/11/7p'3/11/11/2P'8/11/5K6/11 w p2P1kK - 0 1");
    assert_eq!(
        fen::write(&pos),
        "11/6k5/11/7p'3/11/11/2P'8/11/5K6/11 w KkP1p2 - 0 1"
    );
    assert_eq!(
        pos.rights(),
        rights::SWAP[0].mask()
            | rights::SWAP[1].mask()
            | rights::ONCE[0].mask()
            | rights::TWICE[1].mask()
    );
    // x1 is the last cell of FEN rank 2, x2 the first of rank 9
    let pos = parse("11/a5k5/11/11/11/11/11/11/5K5A/11 w - - 0 1");
    assert_eq!(
        pos.piece_at(sq("x1")),
        Some(Piece::new(kind::ADVENTITIOUS_KING, Color::White))
    );
    assert_eq!(
        pos.piece_at(sq("x2")),
        Some(Piece::new(kind::ADVENTITIOUS_KING, Color::Black))
    );
}

/// RULES.md's literal reading keeps `K`/`k` after that king is gone and `P1`/`P2` after the
/// pawn of pawns is gone: such a FEN is read, the moot right dropped, and written canonically.
#[test]
fn moot_rights_of_the_literal_reading_are_dropped() {
    for (literal, canonical) in [
        (
            "11/6k5/11/11/11/11/11/11/5S6/11 w Kk - 0 1",
            "11/6k5/11/11/11/11/11/11/5S6/11 w k - 0 1",
        ),
        (
            "11/6k5/11/11/11/11/11/11/5K6/11 w Kp1 - 0 1",
            "11/6k5/11/11/11/11/11/11/5K6/11 w K - 0 1",
        ),
        (
            "11/6s5/11/11/11/11/2P'8/11/5S6/11 b KkP1p2 - 0 1",
            "11/6s5/11/11/11/11/2P'8/11/5S6/11 b P1 - 0 1",
        ),
    ] {
        let pos = fen::parse::<Tamerlane>(literal).unwrap_or_else(|e| panic!("{literal}: {e}"));
        assert_eq!(fen::write(&pos), canonical);
        assert_eq!(pos.hash(), pos.compute_hash());
    }
}

#[test]
fn fen_errors_name_the_field_and_the_text() {
    let cases: &[(&str, FenField, &str)] = &[
        // a pawn without its `'`
        (
            "e1c1w1w1c1e/1rntgvkfgtnr/r'n't'g'v'k'f'e'c'w'p'/11/11/11/11/PW'C'E'F'K'V'G'T'N'R'/RNTGFKVGTNR1/E1C1W1W1C1E w Kk - 0 1",
            FenField::Board,
            "unknown piece `P` (a pawn is written `P'`) in `PW'C'E'F'K'V'G'T'N'R'`",
        ),
        // a rank of the wrong length (rank 2 has twelve cells)
        (
            "e1c1w1w1c1e/1rntgvkfgtnr/r'n't'g'v'k'f'e'c'w'p'/11/11/11/11/P'W'C'E'F'K'V'G'T'N'R'/RNTGFKVGTNR/E1C1W1W1C1E w Kk - 0 1",
            FenField::Board,
            "rank 2: 11 cells, the rank has 12",
        ),
        ("11/6k5/11/11/11/11/11/11/5K5R/11 w - - 0 1", FenField::Board, "R cannot stand on x1"),
        ("11/6k5/11/11/11/11/11/11/11K/11 w - - 0 1", FenField::Board, "K cannot stand on x1"),
        ("11/S5k5/11/11/11/11/11/11/5K6/11 w - - 0 1", FenField::Board, "S cannot stand on x2"),
        ("11/A5k5/11/11/11/11/11/11/5K6/11 w - - 0 1", FenField::Board, "A cannot stand on x2"),
        ("2R'8/6k5/11/11/11/11/11/11/5K6/11 w - - 0 1", FenField::Board, "R' on c10 would have promoted there"),
        ("11/6k5/11/11/11/11/2P'8/P'10/5K6/11 w - - 0 1", FenField::Board, "White has more than 1 pawn of pawns (P')"),
        ("11/6k5/11/11/11/11/11/K10/5K6/11 w - - 0 1", FenField::Board, "White has more than 1 king (K)"),
        ("11/6k5/11/11/11/11/2A8/P'10/5K6/11 w - - 0 1", FenField::Board, "White has more than 1 pawn of pawns (P') or adventitious king (A)"),
        ("2P'8/6k5/11/11/11/11/11/11/5K6/11 w - - 0 1", FenField::Rights, "White's waiting pawn of pawns on c10 needs right `P1`"),
        ("2P'8/6k5/11/11/11/11/11/11/5K6/11 w P2 - 0 1", FenField::Rights, "needs right `P1`"),
        ("11/6k5/11/11/11/11/2P'8/11/5K6/11 w P1P2 - 0 1", FenField::Rights, "`P1` and `P2` together"),
        ("11/6k5/11/11/11/11/2P'8/11/5K6/11 w P3 - 0 1", FenField::Rights, "unknown right `P` (this game's rights: K k P1 P2 p1 p2)"),
        ("11/6k5/11/11/11/11/2P'8/11/5K6/11 w KQ - 0 1", FenField::Rights, "unknown right `Q`"),
        ("11/6k5/11/11/11/11/2P'8/11/5K6/11 w KK - 0 1", FenField::Rights, "right `K` given twice"),
        ("11/6k5/11/11/11/11/2P'8/11/5K6/11 w - e4 0 1", FenField::EnPassant, "this game has no en passant"),
        ("11/12/11/11/11/11/11/5k5/5K6/11 w - - 0 1", FenField::Position, "the side not to move (Black) is in check"),
        ("11/12/11/11/11/11/11/11/5K6/11 w - - 0 1", FenField::Position, "Black has no king"),
    ];
    for (f, field, reason) in cases {
        match fen::parse::<Tamerlane>(f) {
            Ok(_) => panic!("{f} should be rejected"),
            Err(e) => {
                assert_eq!(e.field, *field, "{f}: {e}");
                assert!(
                    e.to_string().contains(reason),
                    "{f}: `{e}` should say `{reason}`"
                );
            }
        }
    }
}

#[test]
fn special_moves_in_coordinates() {
    // placement a10e5, forking d6 and f6
    let mut pos = parse("P'10/11k/11/11/3r1n5/11/11/11/12/K10 w KkP1 - 0 1");
    let m = play(&mut pos, "a10e5");
    assert_eq!(m.flag, MoveFlag::Special(special::PLACEMENT));
    assert_eq!(
        fen::write(&pos),
        "11/11k/11/11/3r1n5/4P'6/11/11/12/K10 b KkP1 - 0 1"
    );
    // the king's swap f2b1 in check
    let mut pos = parse("11/11k/5r5/11/11/11/11/11/5K6/1N5V3 w Kk - 0 1");
    let m = play(&mut pos, "f2b1");
    assert_eq!(m.flag, MoveFlag::Special(special::SWAP));
    assert_eq!(
        fen::write(&pos),
        "11/11k/5r5/11/11/11/11/11/5N6/1K5V3 b k - 1 1"
    );
    // the second arrival e9xd10 goes on to f3, taking the knight there off the board
    let mut pos = parse("3r7/5P'6/11/11/10k/11/11/5n5/12/K10 w P1 - 0 1");
    let m = play(&mut pos, "e9d10");
    assert_eq!(m.flag, MoveFlag::Special(special::SECOND_ARRIVAL));
    assert_eq!(
        fen::write(&pos),
        "11/12/11/11/10k/11/11/5P'5/12/K10 b P2 - 0 1"
    );
    // the third arrival makes an adventitious king
    let mut pos = parse("3r7/5P'6/11/11/10k/11/11/11/12/K10 w P2 - 0 1");
    let m = play(&mut pos, "e9e10");
    assert_eq!(m.promotion, Some(kind::ADVENTITIOUS_KING));
    assert_eq!(
        fen::write(&pos),
        "3rA6/12/11/11/10k/11/11/11/12/K10 b - - 0 1"
    );
    // a citadel step; x2 cannot be reached by a rook's slide
    let mut pos = parse("11/1K10/11/11/11/10k/11/11/12/11 w - - 0 1");
    let m = play(&mut pos, "a9x2");
    assert_eq!(m.flag, MoveFlag::Special(special::CITADEL));
    assert!(
        coord::parse_move(&pos, "k5k4").is_err(),
        "decided: no moves"
    );
    // promotions need no suffix
    let mut pos =
        parse("11/1R'N'T'G'V'1K'F'E'C'W'/11/5k5/11/11/5K5/11/r'n't'g'v'1k'f'e'c'w'1/11 w - - 0 1");
    let m = play(&mut pos, "g9g10");
    assert_eq!(m.promotion, Some(kind::PRINCE));
}

#[test]
fn rights_follow_the_pawn_of_pawns_and_the_king() {
    // first arrival: it waits (immune, rights P1), then is placed, walks, arrives twice more
    let mut pos = parse("11/5P'5k/11/11/11/11/11/11/12/K10 w - - 0 1");
    play(&mut pos, "e9e10");
    assert_eq!(pos.rights(), rights::ONCE[0].mask());
    assert_eq!(Tamerlane::waiting_pawn(&pos, Color::White), Some(sq("e10")));
    // the rook cannot take the waiting pawn, nor pass it
    let mut pos = parse("4P'5r/12/11/11/11/11/11/11/12/K9k b P1 - 0 1");
    assert!(coord::parse_move(&pos, "k10e10").is_err());
    assert!(coord::parse_move(&pos, "k10d10").is_err());
    play(&mut pos, "k10f10");
    // capturing the pawn of pawns ends its rights
    let mut pos = parse("11/6k5/11/11/11/11/5p'5/4R6/12/K10 w Kp1 - 0 1");
    play(&mut pos, "e3e4");
    play(&mut pos, "f9f8");
    assert_eq!(
        pos.rights(),
        rights::SWAP[0].mask() | rights::ONCE[1].mask()
    );
    play(&mut pos, "e4f4");
    assert_eq!(pos.rights(), rights::SWAP[0].mask());
    // capturing a king (its side has two royals) ends its swap right
    let mut pos = parse("11/12/4r5k/11/11/11/6S4/11/4K7/11 b Kk - 0 1");
    play(&mut pos, "e8e2");
    assert_eq!(pos.rights(), rights::SWAP[1].mask());
}

#[test]
fn play_and_undo_restore_every_fixture_position() {
    for c in fixtures() {
        let mut pos = parse(&c.fen);
        let before = fen::write(&pos);
        let hash = pos.hash();
        let mut list = MoveList::new();
        pos.generate(&mut list);
        for m in list.iter() {
            pos.play_unchecked(*m);
            assert_eq!(pos.hash(), pos.compute_hash(), "{}: {m:?}", c.name);
            // the position after any move is a valid FEN that reads back the same
            let after = fen::write(&pos);
            assert_eq!(fen::write(&parse(&after)), after, "{}: {m:?}", c.name);
            assert_eq!(parse(&after).hash(), pos.hash(), "{}: {m:?}", c.name);
            pos.undo();
            assert_eq!(fen::write(&pos), before, "{}: {m:?}", c.name);
            assert_eq!(pos.hash(), hash, "{}: {m:?}", c.name);
        }
    }
}

#[test]
fn outcomes() {
    let ended = |f: &str| parse(f).outcome(Claims::Draws);
    // a king in the opponent's citadel draws; so does a king-less prince
    assert_eq!(
        ended("11/K11/11/11/11/11/11/11/12/k10 b - - 0 1"),
        Some(Outcome::draw(Termination::Citadel))
    );
    assert_eq!(
        ended("11/S5k5/11/11/11/4A6/11/11/12/11 b - - 0 1"),
        Some(Outcome::draw(Termination::Citadel))
    );
    let mut pos = parse("11/1K10/11/11/11/10k/11/11/12/11 w - - 0 1");
    play(&mut pos, "a9x2");
    assert_eq!(
        pos.outcome(Claims::Draws),
        Some(Outcome::draw(Termination::Citadel))
    );
    assert!(pos.legal_moves().is_empty());
    // checkmate and stalemate both lose
    assert_eq!(
        ended("k10/12/11/11/11/5K5/11/11/R11/1R9 b k - 0 1"),
        Some(Outcome::win(Color::White, Termination::Checkmate))
    );
    assert_eq!(
        ended("k10/10R1/11/11/11/5K5/11/11/12/1R9 b - - 0 1"),
        Some(Outcome::win(Color::White, Termination::Stalemate))
    );
    // mate by placement
    let mut pos = parse("4P'5k/11n/7NN2/11/11/1r'9/1R'9/11/12/K9R w P1 - 0 1");
    play(&mut pos, "e10j9");
    assert_eq!(
        pos.outcome(Claims::None),
        Some(Outcome::win(Color::White, Termination::Checkmate))
    );
    // ... which the swap would have answered
    let mut pos = parse("4P'5k/11n/7NN2/11/11/1r'9/1R'9/11/12/K9R w kP1 - 0 1");
    assert!(coord::parse_move(&pos, "e10j9").is_err());
    play(&mut pos, "e10j8");
    assert_eq!(
        pos.legal_moves()
            .iter()
            .map(|m| coord::write(&pos, m))
            .collect::<Vec<_>>(),
        ["k10b5"]
    );
    // a bare king does not lose
    assert_eq!(ended("11/1rnt2k5/11/11/11/11/11/11/5K6/11 w - - 0 1"), None);
    // fifty moves each without capture or pawn move
    assert_eq!(
        ended("11/1rnt2k5/11/11/11/11/11/11/5K6/11 w - - 100 80"),
        Some(Outcome::draw(Termination::MoveLimit))
    );
    assert_eq!(
        ended("11/1rnt2k5/11/11/11/11/11/11/5K6/11 w - - 99 80"),
        None
    );
    // threefold repetition
    let mut pos = fen::start::<Tamerlane>();
    for _ in 0..2 {
        for m in ["b2a4", "b9a7", "a4b2", "a7b9"] {
            assert_eq!(pos.outcome(Claims::Draws), None);
            play(&mut pos, m);
        }
    }
    assert_eq!(
        pos.outcome(Claims::Draws),
        Some(Outcome::draw(Termination::Repetition))
    );
}

#[test]
fn coordinates_are_never_ambiguous() {
    for c in fixtures() {
        let pos = parse(&c.fen);
        for m in pos.legal_moves().iter() {
            let text = coord::write(&pos, m);
            assert_eq!(coord::parse_move(&pos, &text), Ok(*m), "{}: {text}", c.name);
        }
    }
    let mut pos = fen::start::<Tamerlane>();
    for m in pos.legal_moves().iter() {
        pos.play_unchecked(*m);
        for r in pos.legal_moves().iter() {
            assert_eq!(coord::parse_move(&pos, &coord::write(&pos, r)), Ok(*r));
        }
        pos.undo();
    }
}

/// A piece on a giraffe's bent path to the king (on the leg, or on the corner) may only
/// move along it: the one-move test (`is_legal`, as SAN reading and archives use it) agrees
/// with the generator on every target, and refuses leaving the path.
#[test]
fn a_piece_pinned_by_a_giraffe_stays_on_its_path() {
    let g = <Tamerlane as citadel_rules::Game>::config().geometry();
    for (fen, pinned, off) in [
        ("10k/12/5g5/11/11/4R6/11/4K6/12/11 w - - 0 1", "e5", "a5"),
        ("10k/12/5g5/4R6/11/11/11/4K6/12/11 w - - 0 1", "e7", "a7"),
    ] {
        let pos = parse(fen);
        let legal = pos.legal_moves();
        for to in g.all() {
            let m = Move::new(sq(pinned), to);
            assert_eq!(pos.is_legal(m), legal.contains(&m), "{fen}: {m:?}");
        }
        assert!(!pos.is_legal(Move::new(sq(pinned), sq(off))), "{fen}");
        assert!(pos.is_legal(Move::new(sq(pinned), sq("e6"))), "{fen}");
    }
}
