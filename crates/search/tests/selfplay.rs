//! Self-play records replay: games played by the engine (fixed small depths, against itself
//! and a random mover) are written as PGN; reading the movetext back move by move gives only
//! legal moves and ends in the recorded result.

use citadel_notation::{fen, pgn, replay, SanDialect};
use citadel_rules::{with_game, Variant};
use citadel_search::play::{play_game, run_match, GameRecord, GameSettings, Player};
use citadel_search::Limits;

/// Writes a record as PGN, reads the text back with `citadel-notation` and replays it: the
/// same moves, every one legal, ending in the recorded result; returns the PGN text.
fn replay<G: SanDialect>(rec: &GameRecord<G>) -> Result<String, String> {
    let text = rec.pgn();
    let back = pgn::parse(&text).map_err(|e| format!("{e}\n{text}"))?;
    if back.len() != 1 || back[0] != rec.record() {
        return Err(format!("the PGN does not read back as the record:\n{text}"));
    }
    let played = replay::play::<G>(&back[0]).map_err(|e| format!("{e}\n{text}"))?;
    if played.moves != rec.moves {
        return Err(format!("replayed moves differ:\n{text}"));
    }
    replay::validate(&back[0]).map_err(|e| format!("{e}\n{text}"))?;
    let got = played.outcome.map_or("*", |o| o.result().as_str());
    if got != rec.result() {
        return Err(format!(
            "replayed game ends {got}, record says {}",
            rec.result()
        ));
    }
    Ok(text)
}

fn selfplay<G: SanDialect>() {
    let start = fen::start::<G>();
    let settings = GameSettings {
        opening_plies: 4,
        max_plies: 200,
        hash_mb: 4,
        ..GameSettings::default()
    };
    let rec = play_game(
        &start,
        [Player::Engine(Limits::depth(2)), Player::Random],
        &settings,
        7,
        &[("Event", "test".into())],
    );
    let text = replay(&rec).unwrap_or_else(|e| panic!("{}: {e}", G::config().id));
    assert!(text.contains(&format!("[Variant \"{}\"]", G::config().id)));
    assert_eq!(rec.result(), "1-0", "depth 2 beats a random mover:\n{text}");
}

#[test]
fn engine_games_replay_and_beat_a_random_mover() {
    for v in Variant::ALL {
        with_game!(v, G => selfplay::<G>());
    }
}

#[test]
fn matches_alternate_colours_and_count_results() {
    let start = fen::start::<citadel_rules::Chess>();
    let settings = GameSettings {
        opening_plies: 2,
        max_plies: 200,
        hash_mb: 4,
        ..GameSettings::default()
    };
    let mut whites = Vec::new();
    let t = run_match(
        &start,
        Player::Engine(Limits::depth(2)),
        Player::Random,
        2,
        &settings,
        3,
        |_, a_white, rec, _| {
            whites.push(a_white);
            replay(rec).unwrap();
        },
    );
    assert_eq!(whites, vec![true, false]);
    assert_eq!(t.games(), 2);
    assert_eq!(t.wins, 2, "{t:?}");
    assert!((t.percent() - 100.0).abs() < 1e-9);
}

#[test]
fn records_from_a_set_up_position_carry_the_fen() {
    let f = "4k3/8/4K3/8/8/8/8/7R w - - 0 1";
    let start = fen::parse::<citadel_rules::Chess>(f).expect("fen");
    let rec = play_game(
        &start,
        [
            Player::Engine(Limits::depth(4)),
            Player::Engine(Limits::depth(4)),
        ],
        &GameSettings {
            opening_plies: 0,
            max_plies: 100,
            hash_mb: 4,
            ..GameSettings::default()
        },
        1,
        &[],
    );
    let text = replay(&rec).unwrap();
    assert!(text.contains(&format!("[FEN \"{f}\"]")), "{text}");
    assert!(text.contains("[SetUp \"1\"]"));
    assert_eq!(rec.result(), "1-0", "{text}");
    assert_eq!(rec.moves.len(), 1, "Rh8 mates at once:\n{text}");
    assert!(text.contains("1. Rh8# 1-0"), "{text}");
}

#[test]
fn value_overrides_reach_the_right_player() {
    // a knight worth nothing to White: with the knight valued at 0 White happily gives it
    // up, so the two players' searches differ
    let start = fen::parse::<citadel_rules::Chess>("4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1").unwrap();
    let mut a = citadel_search::Searcher::<citadel_rules::Chess>::with_evaluator(
        1,
        citadel_search::eval::Evaluator::with_values::<citadel_rules::Chess>(&[(
            "knight".into(),
            0,
        )]),
    );
    let mut b = citadel_search::Searcher::<citadel_rules::Chess>::new(1);
    let ra = a.search(&start, &Limits::depth(3));
    let rb = b.search(&start, &Limits::depth(3));
    assert!(ra.score < rb.score - 200, "{} vs {}", ra.score, rb.score);
}
