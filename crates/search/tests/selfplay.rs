//! Self-play records replay: games played by the engine (fixed small depths, against itself
//! and a random mover) are written as PGN; reading the movetext back move by move gives only
//! legal moves and ends in the recorded result.

use citadel_notation::{fen, san, SanDialect};
use citadel_rules::{with_game, Variant};
use citadel_search::play::{play_game, run_match, GameSettings, Player};
use citadel_search::Limits;

/// Replays a record's movetext from its start position; returns the number of moves.
fn replay<G: SanDialect>(pgn: &str) -> Result<usize, String> {
    let mut pos = fen::start::<G>();
    let mut result = None;
    for line in pgn.lines() {
        if let Some(rest) = line.strip_prefix("[FEN \"") {
            let f = rest.trim_end_matches("\"]");
            pos = fen::parse::<G>(f).map_err(|e| e.to_string())?;
        }
        if let Some(rest) = line.strip_prefix("[Result \"") {
            result = Some(rest.trim_end_matches("\"]").to_string());
        }
    }
    let movetext = pgn
        .split("\n\n")
        .nth(1)
        .ok_or("no movetext")?
        .split_whitespace();
    let mut n = 0;
    let mut end = None;
    for tok in movetext {
        if tok.ends_with('.') {
            continue;
        }
        if ["1-0", "0-1", "1/2-1/2", "*"].contains(&tok) {
            end = Some(tok.to_string());
            break;
        }
        let m = san::parse(&pos, tok).map_err(|e| format!("move {}: {e}", n + 1))?;
        pos.play(m);
        n += 1;
    }
    if end != result {
        return Err(format!("movetext ends {end:?}, tag says {result:?}"));
    }
    let got = pos
        .outcome_with_draws()
        .map_or("*", |o| o.result().as_str());
    if Some(got.to_string()) != result {
        return Err(format!("replayed game ends {got}, record says {result:?}"));
    }
    Ok(n)
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
    assert!(rec
        .pgn
        .contains(&format!("[Variant \"{}\"]", G::config().id)));
    let n =
        replay::<G>(&rec.pgn).unwrap_or_else(|e| panic!("{}: {e}\n{}", G::config().id, rec.pgn));
    assert_eq!(n, rec.moves.len());
    assert_eq!(
        rec.result(),
        "1-0",
        "depth 2 beats a random mover:\n{}",
        rec.pgn
    );
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
            assert!(replay::<citadel_rules::Chess>(&rec.pgn).is_ok());
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
    assert!(rec.pgn.contains(&format!("[FEN \"{f}\"]")), "{}", rec.pgn);
    assert!(rec.pgn.contains("[SetUp \"1\"]"));
    assert_eq!(rec.result(), "1-0", "{}", rec.pgn);
    assert_eq!(rec.moves.len(), 1, "Rh8 mates at once:\n{}", rec.pgn);
    assert!(replay::<citadel_rules::Chess>(&rec.pgn).is_ok());
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
