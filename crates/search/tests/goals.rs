//! The evaluation's goal terms come from the rules' `Goals`, for whichever game declares
//! them: the search names no game. Each game's declared goals give exactly the terms the
//! evaluation builds, and the terms move the score the way the goal says.

use citadel_geometry::Bitboard;
use citadel_rules::{with_game, Color, Game, Piece, Position, Setup, Variant};
use citadel_search::eval::goals::GoalTerms;
use citadel_search::eval::Evaluator;

/// Whether the evaluation has draw-citadel and win-citadel terms, its number of strong
/// points, and the goals the game declares.
fn terms<G: Game>() -> (bool, bool, usize, citadel_rules::Goals) {
    let cfg = G::config();
    let t = GoalTerms::new(cfg);
    (
        t.draw_citadels.is_some(),
        t.win_citadels.is_some(),
        t.strong_points.len(),
        cfg.goals.widen(),
    )
}

#[test]
fn goal_terms_follow_the_declared_goals_of_every_game() {
    for v in Variant::ALL {
        let (draw_terms, win_terms, strong_points, goals) = with_game!(v, G => terms::<G>());
        let draws = goals.royal_draw[0].any() || goals.royal_draw[1].any();
        let wins = goals.piece_win[0].any() || goals.piece_win[1].any();
        // a declared draw cell no royal piece may land on gives no term: the Egyptian Eye
        // bars kings from every citadel, and Tamerlane's citadels are entered by a special
        // royal step, not by landing
        let expect_draw = draws && v != Variant::EgyptianEye && v != Variant::Tamerlane;
        assert_eq!(draw_terms, expect_draw, "{v}");
        assert_eq!(win_terms, wins, "{v}");
        assert_eq!(strong_points as u32, goals.strong_points.count(), "{v}");
    }
}

#[test]
fn the_games_declare_their_goals() {
    let has = |v: Variant| with_game!(v, G => G::config().goals.widen());
    for v in [
        Variant::CelticCitadel,
        Variant::PersianPrincess,
        Variant::EgyptianEye,
        Variant::OrientalOmega,
    ] {
        assert_eq!(has(v).royal_draw.map(Bitboard::count), [2, 2], "{v}");
    }
    assert_eq!(
        has(Variant::Tamerlane).royal_draw.map(Bitboard::count),
        [1, 1]
    );
    assert_eq!(
        has(Variant::MiniCitadel).piece_win.map(Bitboard::count),
        [2, 2]
    );
    assert_eq!(has(Variant::PersianPrincess).strong_points.count(), 1);
    for v in [Variant::Chess, Variant::Shatranj, Variant::Byzantine] {
        assert_eq!(has(v), citadel_rules::Goals::default(), "{v}");
    }
}

/// A position of `G` with the given pieces and side to move.
fn position<G: Game>(turn: Color, pieces: &[(&str, u8, Color)]) -> Position<G> {
    let cfg = G::config();
    let geo = cfg.geometry();
    let mut setup = Setup {
        board: vec![None; geo.len()],
        turn,
        rights: 0,
        unmoved: Bitboard::EMPTY,
        ep: None,
        halfmove: 0,
        fullmove: 1,
    };
    for &(cell, kind, color) in pieces {
        let sq = geo.parse_square(cell).expect("cell");
        setup.board[sq.index()] = Some(Piece::new(kind, color));
    }
    Position::from_setup(&setup).expect("legal position")
}

#[test]
fn the_persian_princess_centre_rewards_a_princess_there() {
    use citadel_rules::fide::kind::{KING, PAWN};
    use citadel_rules::persian::PRINCESS;
    type G = citadel_rules::PersianPrincess;
    let ev = Evaluator::new::<G>();
    let at = |cell: &str| {
        ev.evaluate(&position::<G>(
            Color::White,
            &[
                ("f2", KING, Color::White),
                ("f10", KING, Color::Black),
                (cell, PRINCESS, Color::White),
                ("b5", PAWN, Color::Black),
            ],
        ))
    };
    // f6 and its mirror-image neighbours: only the centre carries the strong-point bonus
    let centre = at("f6");
    assert!(centre > at("e6") + 20, "{centre} vs {}", at("e6"));
    assert!(centre > at("g6") + 20, "{centre} vs {}", at("g6"));
}

#[test]
fn a_royal_piece_near_a_draw_citadel_pulls_a_lost_score_toward_zero() {
    use citadel_rules::fide::kind::{KING, QUEEN};
    type G = citadel_rules::CelticCitadel;
    let ev = Evaluator::new::<G>();
    // Black, a queen down, to move; its king near White's citadel a1 or far from both
    let score = |black_king: &str| {
        ev.evaluate(&position::<G>(
            Color::Black,
            &[
                ("j10", KING, Color::White),
                ("j9", QUEEN, Color::White),
                (black_king, KING, Color::Black),
            ],
        ))
    };
    let near = score("c3");
    let far = score("f6");
    assert!(near < 0 && far < 0, "{near} {far}");
    assert!(near > far + 100, "near a1: {near}, centre: {far}");
}
