//! Byzantine (round) chess: perft, ring FEN, removals in notation, outcomes, make/unmake.

use citadel_notation::{coord, diagram, fen, san, FenField};
use citadel_rules::{perft, Claims};
use citadel_rules::{Byzantine, Color, Game, Move, Outcome, Position, Termination};

const START: &str = "KP>4p<qkp>4P<Q/BP>4p<bbp>4P<B/NP>4p<nnp>4P<N/RP>4p<rrp>4P<R w - - 0 1";
/// Black's facing pair d2/e2 (removable by White), White's own pair k2/l2.
const PAIR: &str = "K7k7/16/3p>p<5P>P<4/1N6r7 w - - 0 1";
/// White in check from the pawn d2, which a removal takes off.
const CHECK: &str = "8k3n3/4K11/3p>p<11/R15 w - - 0 1";
/// Black's pair across the seam: p1 (`p>`) and a1 (`p<`).
const SEAM: &str = "10q5/2B1K7k3/16/p<8p<p>4p> w - - 0 1";

fn pos(f: &str) -> Position<Byzantine> {
    fen::parse::<Byzantine>(f).unwrap_or_else(|e| panic!("{f}: {e}"))
}

fn coords(p: &Position<Byzantine>) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| coord::write(p, m)).collect();
    v.sort();
    v
}

#[test]
fn start_perft() {
    let mut p = fen::start::<Byzantine>();
    let counts: Vec<u64> = (1..=4).map(|d| perft(&mut p, d)).collect();
    assert_eq!(counts, [14, 196, 2912, 43267]);
}

#[test]
fn start_fen_round_trips() {
    assert_eq!(Byzantine::config().start_fen, START);
    let p = pos(START);
    assert_eq!(fen::write(&p), START);
    for f in [PAIR, CHECK, SEAM] {
        assert_eq!(fen::write(&pos(f)), f);
    }
}

#[test]
fn ring_fen_errors_name_the_text() {
    // a pawn without its arrow
    let e = fen::parse::<Byzantine>("KP4p<qkp>4P<Q/16/16/16 w - - 0 1").unwrap_err();
    assert_eq!(e.field, FenField::Board);
    assert_eq!(e.text, "KP4p<qkp>4P<Q");
    assert!(
        e.kind
            .to_string()
            .contains("ring 4: incomplete piece `P`: expected `P<` or `P>`"),
        "{e}"
    );
    // a ring of the wrong length
    let e = fen::parse::<Byzantine>("K7k7/16/15/16 w - - 0 1").unwrap_err();
    assert_eq!((e.field, e.text.as_str()), (FenField::Board, "15"));
    assert!(
        e.kind
            .to_string()
            .contains("ring 2: 15 cells, the ring has 16"),
        "{e}"
    );
    let e = fen::parse::<Byzantine>("K7k8/16/16/16 w - - 0 1").unwrap_err();
    assert_eq!(e.text, "K7k8");
    assert!(
        e.kind
            .to_string()
            .contains("ring 4: 17 cells, the ring has 16"),
        "{e}"
    );
    // a fifth ring
    let e = fen::parse::<Byzantine>("16/K7k7/16/16/16 w - - 0 1").unwrap_err();
    assert_eq!(
        (e.field, e.text.as_str()),
        (FenField::Board, "16/K7k7/16/16/16")
    );
    assert!(
        e.kind
            .to_string()
            .contains("5 rings given, the board has 4"),
        "{e}"
    );
    // no rights in this game
    let e = fen::parse::<Byzantine>("K7k7/16/16/16 w KQ - 0 1").unwrap_err();
    assert_eq!((e.field, e.text.as_str()), (FenField::Rights, "KQ"));
    let e = fen::parse::<Byzantine>("K7k7/16/16/16 w - a3 0 1").unwrap_err();
    assert_eq!(e.field, FenField::EnPassant);
    // two kings
    let e = fen::parse::<Byzantine>("K5K1k7/16/16/16 w - - 0 1").unwrap_err();
    assert!(e.to_string().contains("too many kings"), "{e}");
}

#[test]
fn rook_reaches_a_cell_both_ways_once() {
    let p = pos("2K5k7/16/16/R11p<3 w - - 0 1");
    let a1 = p.config().sq("a1");
    let m1 = p.config().sq("m1");
    let rook: Vec<Move> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from == a1)
        .copied()
        .collect();
    assert_eq!(rook.len(), 18);
    assert_eq!(rook.iter().filter(|m| m.to == m1).count(), 1);
}

#[test]
fn removals_are_separate_moves() {
    let p = pos(PAIR);
    let moves = coords(&p);
    assert_eq!(moves.len(), 18);
    assert!(moves.contains(&"b1c3".to_string()));
    assert!(moves.contains(&"b1c3/xd2e2".to_string()));
    // White cannot remove its own pair k2/l2
    assert!(moves.iter().all(|m| !m.contains("/xk2l2")));
    // Black can, after any White move
    let mut q = p.clone();
    q.play_unchecked(coord::parse_move(&q, "a4b4").unwrap());
    assert!(coords(&q).iter().any(|m| m.ends_with("/xk2l2")));
    assert_eq!(Byzantine::facing_pairs(&q, Color::White).count(), 1);
}

#[test]
fn removal_notation_coordinate_and_san() {
    let p = pos(PAIR);
    let m = coord::parse_move(&p, "b1c3/xd2e2").unwrap();
    assert_eq!(m.aux, Some(p.config().sq("d2")));
    assert_eq!(coord::write(&p, &m), "b1c3/xd2e2");
    assert_eq!(san::write(&p, &m).unwrap(), "Nc3/xd2e2");
    assert_eq!(san::parse(&p, "Nc3/xd2e2"), Ok(m));
    assert_eq!(san::parse(&p, "b1-c3/xd2e2"), Ok(m));
    let plain = san::parse(&p, "Nc3").unwrap();
    assert_eq!(plain.aux, None);
    assert_ne!(plain, m);
    // the knight captures on d2 without removal, moves there quietly after it
    let x = san::parse(&p, "Nxd2").unwrap();
    assert_eq!(san::write(&p, &x).unwrap(), "Nxd2");
    let quiet = coord::parse_move(&p, "b1d2/xd2e2").unwrap();
    assert_eq!(san::write(&p, &quiet).unwrap(), "Nd2/xd2e2");
    // the pair in the wrong order, or a pair that is not one, is not a move
    assert!(coord::parse_move(&p, "b1c3/xe2d2").is_err());
    assert!(coord::parse_move(&p, "b1c3/xc2d2").is_err());
    assert!(san::parse(&p, "Nc3/xk2l2").is_err());
}

#[test]
fn removal_across_the_seam() {
    let p = pos(SEAM);
    let m = coord::parse_move(&p, "c3e1/xp1a1").unwrap();
    assert_eq!(m.aux, Some(p.config().sq("p1")));
    assert_eq!(coord::write(&p, &m), "c3e1/xp1a1");
    assert_eq!(san::write(&p, &m).unwrap(), "Be1/xp1a1");
    assert_eq!(san::parse(&p, "Be1/xp1a1"), Ok(m));
    assert!(coord::parse_move(&p, "c3e1/xa1p1").is_err());
    // the back-to-back pawns j1/k1 are no pair
    assert!(coords(&p)
        .iter()
        .all(|s| !s.contains("/xj1") && !s.contains("/xk1")));
    assert_eq!(coords(&p).len(), 20);
}

#[test]
fn removal_answers_check() {
    let p = pos(CHECK);
    assert!(p.in_check());
    let moves = coords(&p);
    assert_eq!(moves.len(), 33);
    // the rook may move only with the removal of the checking pawn
    assert!(!moves.contains(&"a1b1".to_string()));
    assert!(moves.contains(&"a1b1/xd2e2".to_string()));
    // d3 is attacked by e2 unless the pair goes
    assert!(!moves.contains(&"e3d3".to_string()));
    assert!(moves.contains(&"e3d3/xd2e2".to_string()));
}

#[test]
fn removal_play_and_undo() {
    let mut p = pos(PAIR);
    let before = fen::write(&p);
    let hash = p.hash();
    let m = coord::parse_move(&p, "b1d2/xd2e2").unwrap();
    p.play_unchecked(m);
    assert_eq!(fen::write(&p), "K7k7/16/3N6P>P<4/8r7 b - - 0 1");
    assert_eq!(p.hash(), p.compute_hash());
    p.undo();
    assert_eq!(fen::write(&p), before);
    assert_eq!(p.hash(), hash);
}

#[test]
fn removal_resets_the_move_clock() {
    let mut p = pos("K7k7/16/3p>p<11/1N6r7 w - - 7 20");
    p.play_unchecked(coord::parse_move(&p, "b1c3/xd2e2").unwrap());
    assert_eq!(p.halfmove_clock(), 0);
    let mut q = pos("K7k7/16/3p>p<11/1N6r7 w - - 7 20");
    q.play_unchecked(coord::parse_move(&q, "b1c3").unwrap());
    assert_eq!(q.halfmove_clock(), 8);
}

#[test]
fn pawns_cross_the_seam() {
    let p = pos("15r/P<6K8/15P>/n3k11 w - - 0 1");
    let moves = coords(&p);
    for m in ["p2a2", "p2a1", "a3p3", "a3p4"] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    assert_eq!(moves.len(), 9);
    // pawns never promote and keep circling
    let mut q = p.clone();
    q.play_unchecked(coord::parse_move(&q, "p2a2").unwrap());
    assert_eq!(
        q.piece_at(q.config().sq("a2")).map(|x| x.kind),
        Some(citadel_rules::byzantine::PAWN_UP)
    );
}

#[test]
fn stalemate_wins_for_the_stalemating_side() {
    let p = pos("K15/7r8/2n11n1/10P>k4 w - - 0 1");
    assert!(!p.in_check());
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(Claims::None),
        Some(Outcome::win(Color::Black, Termination::Stalemate))
    );
    // reached by a move
    let mut q = pos("K15/7r4n3/2n13/10P>k4 b - - 0 1");
    assert_eq!(q.legal_moves().len(), 32);
    q.play_unchecked(coord::parse_move(&q, "m3o2").unwrap());
    assert_eq!(
        q.outcome(Claims::None),
        Some(Outcome::win(Color::Black, Termination::Stalemate))
    );
}

#[test]
fn checkmate_wins() {
    // Re1-e4 checks the king a4 along ring 4 (also covering b4, and p4 behind the king);
    // the rook h3 covers all of ring 3
    let mut p = pos("K7k7/7r8/10P>5/4r11 b - - 0 1");
    let mate = san::parse(&p, "Re4").unwrap();
    assert_eq!(san::write(&p, &mate).unwrap(), "Re4#");
    p.play_unchecked(mate);
    assert!(p.in_check());
    assert_eq!(
        p.outcome(Claims::None),
        Some(Outcome::win(Color::Black, Termination::Checkmate))
    );
}

#[test]
fn bare_king_with_and_without_bare_back() {
    // Black bared, to move: it replies; Kxf3 bares White back (draw)
    let mut p = pos("16/5R6K3/4k11/16 b - - 0 1");
    assert_eq!(p.outcome(Claims::None), None);
    assert_eq!(coords(&p), ["e2d1", "e2d2", "e2e1", "e2f3"]);
    p.play_unchecked(coord::parse_move(&p, "e2f3").unwrap());
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(Claims::None),
        Some(Outcome::draw(Termination::BareKing))
    );
    p.undo();
    p.play_unchecked(coord::parse_move(&p, "e2d1").unwrap());
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(Claims::None),
        Some(Outcome::win(Color::White, Termination::BareKing))
    );
    // White has two pieces besides the king: no reply bares it back
    let mut q = pos("5N10/5R6K3/4k11/16 b - - 0 1");
    assert_eq!(q.legal_moves().len(), 4);
    q.play_unchecked(coord::parse_move(&q, "e2f3").unwrap());
    assert_eq!(
        q.outcome(Claims::None),
        Some(Outcome::win(Color::White, Termination::BareKing))
    );
}

#[test]
fn bare_king_by_removal_and_back() {
    // White's removal bares Black, which still replies
    let mut p = pos("K7k7/16/3p>p<11/1N14 w - - 0 1");
    p.play_unchecked(coord::parse_move(&p, "b1c3/xd2e2").unwrap());
    assert_eq!(p.outcome(Claims::None), None);
    assert_eq!(p.legal_moves().len(), 5);
    p.play_unchecked(coord::parse_move(&p, "i4h4").unwrap());
    assert_eq!(
        p.outcome(Claims::None),
        Some(Outcome::win(Color::White, Termination::BareKing))
    );
    // a bared side's removal bares the other back: draw
    let mut q = pos("K6k8/16/3P>P<11/16 b - - 0 1");
    assert_eq!(q.legal_moves().len(), 10);
    q.play_unchecked(coord::parse_move(&q, "h4g4/xd2e2").unwrap());
    assert_eq!(
        q.outcome(Claims::None),
        Some(Outcome::draw(Termination::BareKing))
    );
}

#[test]
fn draws_by_rule() {
    let p = pos("K7k7/16/16/R10r4 w - - 100 80");
    assert_eq!(
        p.outcome(Claims::Draws),
        Some(Outcome::draw(Termination::MoveLimit))
    );
    let mut q = pos("K7k7/16/16/R10r4 w - - 0 1");
    for m in [
        "a1b1", "l1k1", "b1a1", "k1l1", "a1b1", "l1k1", "b1a1", "k1l1",
    ] {
        assert_eq!(q.outcome(Claims::Draws), None);
        q.play_unchecked(coord::parse_move(&q, m).unwrap());
    }
    assert_eq!(
        q.outcome(Claims::Draws),
        Some(Outcome::draw(Termination::Repetition))
    );
}

#[test]
fn diagram_labels_rings() {
    let d = diagram::render(&fen::start::<Byzantine>());
    let first = d.lines().next().unwrap();
    assert!(first.starts_with(" ring 4   K P>"), "{d}");
    assert!(
        d.lines().nth(3).unwrap().starts_with(" ring 1   R P>"),
        "{d}"
    );
    assert!(
        d.contains(" a  b  c  d  e  f  g  h  i  j  k  l  m  n  o  p"),
        "{d}"
    );
    assert!(d.contains("p is next to a"), "{d}");
}

/// Random playouts through positions with removals: every move's SAN and coordinate text
/// parse back to it, the hash stays right, and undo restores every position.
#[test]
fn random_playouts_keep_the_position_consistent() {
    let mut seed: u64 = 0x5eed_b42a;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut removals = 0;
    for start in [
        START,
        PAIR,
        CHECK,
        SEAM,
        "K7k7/3P>P<11/3p>p<11/1N14 w - - 0 1",
    ] {
        for _ in 0..20 {
            let mut p = pos(start);
            let mut fens = vec![fen::write(&p)];
            for _ in 0..60 {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // prefer removals when there are some
                let with: Vec<Move> = moves.iter().filter(|m| m.aux.is_some()).copied().collect();
                let m = if !with.is_empty() && next(2) == 0 {
                    with[next(with.len())]
                } else {
                    moves[next(moves.len())]
                };
                removals += usize::from(m.aux.is_some());
                assert_eq!(coord::parse_move(&p, &coord::write(&p, &m)), Ok(m));
                assert_eq!(
                    san::parse(&p, &san::write(&p, &m).unwrap()),
                    Ok(m),
                    "{}",
                    san::write(&p, &m).unwrap()
                );
                p.play_unchecked(m);
                assert_eq!(p.hash(), p.compute_hash());
                let f = fen::write(&p);
                assert_eq!(fen::write(&pos(&f)), f);
                fens.push(f);
            }
            while p.undo().is_some() {
                fens.pop();
                assert_eq!(fen::write(&p), *fens.last().unwrap());
            }
        }
    }
    assert!(removals > 20, "{removals} removals played");
}
