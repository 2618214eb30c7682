//! Games through the arbiter's loop: records written as PGN read back move by move as legal
//! moves ending in the recorded result; matches alternate colours and count results; value
//! overrides reach the right player; a part of a match plays the whole match's games.

use citadel_engine::{
    play_game, run_match, Contestant, EngineSetup, GameRecord, MatchGame, Player, Rules, Schedule,
};
use citadel_notation::{fen, pgn, replay};
use citadel_rules::{with_game, Chess, Game, Variant};
use citadel_search::eval::Evaluator;
use citadel_search::{Limits, Searcher};

/// Writes a record as PGN, reads the text back with `citadel-notation` and replays it: the
/// same moves, every one legal, ending in the recorded result; returns the PGN text.
fn replay<G: Game>(rec: &GameRecord<G>) -> Result<String, String> {
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

fn small<G: Game>() -> EngineSetup<G> {
    EngineSetup {
        hash_mb: 4,
        ..EngineSetup::default()
    }
}

fn selfplay<G: Game>() {
    let start = fen::start::<G>();
    let rules = Rules {
        opening_plies: 4,
        max_plies: 200,
        ..Rules::default()
    };
    let mut engine = Contestant::engine(small::<G>(), Limits::depth(2), "engine");
    let mut random = Contestant::dice("random");
    let rec = play_game(
        &start,
        [&mut engine, &mut random],
        &rules,
        7,
        &[("Event", "test".into())],
    );
    let text = replay(&rec).unwrap_or_else(|e| panic!("{}: {e}", G::config().id));
    assert!(text.contains(&format!("[Variant \"{}\"]", G::config().id)));
    assert_eq!(rec.result(), "1-0", "depth 2 beats a random mover:\n{text}");
    assert_eq!(rec.winner(), Some(citadel_rules::Color::White));
    assert!(rec.verdict.is_none());
}

#[test]
fn engine_games_replay_and_beat_a_random_mover() {
    for v in Variant::ALL {
        with_game!(v, G => selfplay::<G>());
    }
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let start = fen::start::<Chess>();
    let rules = Rules {
        max_plies: 40,
        ..Rules::default()
    };
    let game = || {
        let mut a = Contestant::engine(small::<Chess>(), Limits::depth(1), "a");
        let mut b = Contestant::dice("b");
        play_game(&start, [&mut a, &mut b], &rules, 11, &[]).moves
    };
    assert_eq!(game(), game());
}

#[test]
fn matches_alternate_colours_and_count_results() {
    let start = fen::start::<Chess>();
    let rules = Rules {
        opening_plies: 2,
        max_plies: 200,
        ..Rules::default()
    };
    let mut whites = Vec::new();
    let mut a = Contestant::builtin(Player::Engine(Limits::depth(2)), small::<Chess>(), 3, false);
    let mut b = Contestant::builtin(Player::Random, small::<Chess>(), 4, false);
    let schedule = Schedule {
        first_game: 0,
        games: 2,
        rules,
        seed: 3,
        paired: true,
        stop: None,
        event: "test".into(),
    };
    let t = run_match(
        &start,
        [&mut a, &mut b],
        &schedule,
        |g: MatchGame<Chess>| {
            whites.push(g.first_white);
            let text = replay(g.record)?;
            let white = if g.first_white {
                "citadel (depth 2)"
            } else {
                "random"
            };
            assert!(text.contains(&format!("[White \"{white}\"]")), "{text}");
            assert!(text.contains(&format!("[Round \"{}\"]", g.number + 1)));
            Ok::<(), String>(())
        },
    )
    .unwrap();
    assert_eq!(whites, vec![true, false]);
    assert_eq!(t.games(), 2);
    assert_eq!(t.wins, 2, "{t:?}");
    assert!((t.percent() - 100.0).abs() < 1e-9);
    assert_eq!(t.elo_text(), "Elo +inf");
}

#[test]
fn a_part_of_a_match_plays_the_whole_matchs_games() {
    let start = fen::start::<Chess>();
    let rules = Rules {
        opening_plies: 4,
        max_plies: 60,
        ..Rules::default()
    };
    let play = |first_game: u32, games: u32| {
        let mut a = Contestant::engine(small::<Chess>(), Limits::depth(2), "a");
        let mut b = Contestant::engine(small::<Chess>(), Limits::depth(1), "b");
        let schedule = Schedule {
            first_game,
            games,
            rules,
            seed: 5,
            paired: true,
            stop: None,
            event: "test".into(),
        };
        let mut out = Vec::new();
        let tally = run_match(
            &start,
            [&mut a, &mut b],
            &schedule,
            |g: MatchGame<Chess>| {
                out.push((g.number, g.first_white, g.record.pgn()));
                Ok::<(), String>(())
            },
        )
        .unwrap();
        (out, tally)
    };
    let (whole, tally) = play(0, 6);
    let (head, t1) = play(0, 3);
    let (tail, t2) = play(3, 3);
    assert_eq!(tail[0].0, 3);
    assert!(tail[0].2.contains("[Round \"4\"]"), "{}", tail[0].2);
    assert_eq!([head, tail].concat(), whole);
    assert_eq!(
        (
            t1.wins + t2.wins,
            t1.draws + t2.draws,
            t1.losses + t2.losses
        ),
        (tally.wins, tally.draws, tally.losses)
    );
    // not every game the same: the openings differ by pair and the colours alternate
    assert_ne!(whole[0].2, whole[2].2);
}

#[test]
fn a_progress_error_ends_the_match() {
    let start = fen::start::<Chess>();
    let mut a = Contestant::dice("a");
    let mut b = Contestant::dice("b");
    let mut seen = 0;
    let schedule = Schedule {
        first_game: 0,
        games: 5,
        rules: Rules::default(),
        seed: 1,
        paired: true,
        stop: None,
        event: "test".into(),
    };
    let r = run_match(
        &start,
        [&mut a, &mut b],
        &schedule,
        |_: MatchGame<Chess>| {
            seen += 1;
            Err("disk full")
        },
    );
    assert_eq!((r, seen), (Err("disk full"), 1));
}

#[test]
fn records_from_a_set_up_position_carry_the_fen() {
    let f = "4k3/8/4K3/8/8/8/8/7R w - - 0 1";
    let start = fen::parse::<Chess>(f).expect("fen");
    let mut white = Contestant::engine(small::<Chess>(), Limits::depth(4), "w");
    let mut black = Contestant::engine(small::<Chess>(), Limits::depth(4), "b");
    let rules = Rules {
        opening_plies: 0,
        max_plies: 100,
        ..Rules::default()
    };
    let rec = play_game(&start, [&mut white, &mut black], &rules, 1, &[]);
    let text = replay(&rec).unwrap();
    assert!(text.contains(&format!("[FEN \"{f}\"]")), "{text}");
    assert!(text.contains("[SetUp \"1\"]"));
    assert_eq!(rec.result(), "1-0", "{text}");
    assert_eq!(rec.moves.len(), 1, "Rh8 mates at once:\n{text}");
    assert!(text.contains("1. Rh8# 1-0"), "{text}");
    assert!(text.contains("[Termination \"checkmate\"]"), "{text}");
}

#[test]
fn a_ply_cap_leaves_the_game_unfinished() {
    let start = fen::start::<Chess>();
    let mut a = Contestant::dice("a");
    let mut b = Contestant::dice("b");
    let rules = Rules {
        opening_plies: 2,
        max_plies: 6,
        ..Rules::default()
    };
    let rec = play_game(&start, [&mut a, &mut b], &rules, 5, &[]);
    assert_eq!(
        (rec.moves.len(), rec.result(), rec.how()),
        (6, "*", "ply cap")
    );
    assert_eq!(rec.winner(), None);
    assert!(!replay(&rec).unwrap().contains("[Termination "));
}

#[test]
fn value_overrides_reach_the_right_player() {
    // a knight worth nothing to White: with the knight valued at 0 White happily gives it
    // up, so the two players' searches differ
    let start = fen::parse::<Chess>("4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1").unwrap();
    let mut a = Searcher::<Chess>::with_evaluator(
        1,
        Evaluator::with_values::<Chess>(&[("knight".into(), 0)]),
    );
    let mut b = Searcher::<Chess>::new(1);
    let ra = a.search(&start, &Limits::depth(3));
    let rb = b.search(&start, &Limits::depth(3));
    assert!(ra.score < rb.score - 200, "{} vs {}", ra.score, rb.score);
}

#[test]
fn records_keep_the_scores_the_players_reported() {
    use citadel_notation::eval_comment::EvalComment;
    let start = fen::start::<Chess>();
    let rules = Rules {
        opening_plies: 2,
        max_plies: 12,
        evals: true,
        ..Rules::default()
    };
    let mut engine = Contestant::engine(small::<Chess>(), Limits::depth(2), "engine");
    let mut random = Contestant::dice("random");
    let rec = play_game(&start, [&mut engine, &mut random], &rules, 5, &[]);
    // the engine (White) reported a score for each of its moves after the opening; the
    // random mover and the opening plies none
    let with: Vec<usize> = (0..rec.moves.len())
        .filter(|&i| rec.evals.get(i).copied().flatten().is_some())
        .collect();
    assert_eq!(with, vec![2, 4, 6, 8, 10], "{:?}", rec.evals);
    let text = replay(&rec).expect("a valid record");
    assert_eq!(text.matches("[%eval").count(), 5, "{text}");
    let games = pgn::read_games(&text);
    let main = &games[0].as_ref().expect("a game").record.main.moves;
    for i in with {
        let c = main[i].comments.iter().find_map(|c| EvalComment::find(c));
        let c = c.expect("an eval comment");
        assert_eq!(c.depth, Some(2));
    }
    // without the rule, no scores are kept
    let plain = Rules {
        evals: false,
        ..rules
    };
    let rec = play_game(&start, [&mut engine, &mut random], &plain, 5, &[]);
    assert!(rec.evals.is_empty());
    assert!(!replay(&rec).expect("valid").contains("[%eval"));
}
