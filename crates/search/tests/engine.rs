//! The engine's contract: limits stop it cleanly with a legal move, terminal positions are
//! scored from the game's own outcome, draws by repetition and the move-count rule are seen
//! inside the search, mate scores count the distance, and the techniques switched off in the
//! limits' options change the search (every one on by default).

use citadel_notation::{coord, fen};
use citadel_rules::{CelticCitadel, Chess, PersianPrincess};
use citadel_search::{Limits, Score, SearchOptions, Searcher, MATE};
use std::time::{Duration, Instant};

const MIDDLEGAME: &str = "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8";

#[test]
fn every_limit_returns_a_legal_move() {
    let pos = fen::parse::<Chess>(MIDDLEGAME).unwrap();
    let legal = pos.legal_moves();
    for limits in [
        Limits::nodes(1),
        Limits::nodes(500),
        Limits::depth(1),
        Limits::depth(3),
        Limits::movetime(1),
        Limits::movetime(50),
    ] {
        let mut s = Searcher::<Chess>::new(1);
        let r = s.search(&pos, &limits);
        let m = r.best.expect("a move");
        assert!(legal.contains(&m), "{limits:?}: illegal {m:?}");
        let mut p = pos.clone();
        for m in &r.pv {
            assert!(
                p.legal_moves().contains(m),
                "{limits:?}: PV move {m:?} illegal"
            );
            p.play_unchecked(*m);
        }
    }
}

#[test]
fn node_and_time_limits_are_kept() {
    let pos = fen::parse::<Chess>(MIDDLEGAME).unwrap();
    let mut s = Searcher::<Chess>::new(1);
    let r = s.search(&pos, &Limits::nodes(5_000));
    assert!(r.nodes <= 5_000, "{} nodes", r.nodes);
    let t = Instant::now();
    let r = s.search(&pos, &Limits::movetime(100));
    assert!(
        t.elapsed() < Duration::from_millis(400),
        "{:?}",
        t.elapsed()
    );
    assert!(r.depth >= 1);
}

#[test]
fn fixed_depth_is_reached_exactly() {
    let pos = fen::parse::<Chess>(MIDDLEGAME).unwrap();
    let mut s = Searcher::<Chess>::new(1);
    assert_eq!(s.search(&pos, &Limits::depth(4)).depth, 4);
}

#[test]
fn no_legal_move_gives_the_outcome() {
    // fool's mate: White is checkmated
    let pos = fen::parse::<Chess>("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
        .unwrap();
    let r = Searcher::<Chess>::new(1).search(&pos, &Limits::depth(3));
    assert_eq!(r.best, None);
    assert_eq!(r.score, -MATE);
    assert_eq!(r.outcome.map(|o| o.result().as_str()), Some("0-1"));
    // stalemate is a draw in chess
    let pos = fen::parse::<Chess>("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    let r = Searcher::<Chess>::new(1).search(&pos, &Limits::depth(3));
    assert_eq!((r.best, r.score), (None, 0));
    // a king on an enemy citadel has drawn a Persian game
    let pos = fen::parse::<CelticCitadel>("11/11/1R9/2R8/3K7/4Q6/11/11/11/11/10k w - - 0 1");
    let r = Searcher::<CelticCitadel>::new(1).search(&pos.unwrap(), &Limits::depth(3));
    assert_eq!((r.best, r.score), (None, 0));
}

#[test]
fn mate_scores_count_the_distance() {
    let pos = fen::parse::<Chess>("4k3/8/4K3/8/8/8/8/7R w - - 0 1").unwrap();
    let r = Searcher::<Chess>::new(1).search(&pos, &Limits::depth(3));
    assert_eq!(r.display_score(), Score::Mate(1));
    assert_eq!(r.score, MATE - 1);
    // mate, not the stalemate Qf7
    let pos = fen::parse::<Chess>("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1").unwrap();
    let r = Searcher::<Chess>::new(4).search(&pos, &Limits::depth(5));
    assert_eq!(r.display_score(), Score::Mate(1), "{r:?}");
    assert_ne!(coord::write(&pos, &r.best.unwrap()), "f1f7");
}

#[test]
fn a_repetition_inside_the_search_is_a_draw() {
    // Black to move, a queen down, in a position that occurred before: Kh8-g8 and back
    // repeats it; the repetition is scored as a draw inside the search, so the searched
    // score of the repeating line is exactly 0.
    let mut pos = fen::parse::<Chess>("7k/8/8/8/8/8/1Q6/K7 b - - 0 1").unwrap();
    for t in ["h8g8", "b2c2", "g8h8", "c2b2"] {
        let m = coord::parse_move(&pos, t).unwrap();
        pos.play_unchecked(m);
    }
    assert_eq!(pos.repetitions(), 1);
    let m = coord::parse_move(&pos, "h8g8").unwrap();
    pos.play_unchecked(m);
    // White to move: b2c2 repeats the position after Black's first move
    let c2 = coord::parse_move(&pos, "b2c2").unwrap();
    pos.play_unchecked(c2);
    let r = Searcher::<Chess>::new(1).search(&pos, &Limits::depth(3));
    // Black's g8h8 now repeats a position a third time: the search sees it as a draw
    let best = coord::write(&pos, &r.best.unwrap());
    assert_eq!((best.as_str(), r.score), ("g8h8", 0), "{r:?}");
}

#[test]
fn the_move_limit_draws_inside_the_search() {
    // K+R vs K with the clock at 99 plies: the only mate-in-1 ends the game first; without
    // it every move draws (score 0)
    let pos = fen::parse::<Chess>("4k3/8/4K3/8/8/8/8/7R w - - 99 80").unwrap();
    let r = Searcher::<Chess>::new(1).search(&pos, &Limits::depth(4));
    assert_eq!(r.display_score(), Score::Mate(1));
    let pos = fen::parse::<Chess>("4k3/8/3K4/8/8/8/8/7R w - - 99 80").unwrap();
    let r = Searcher::<Chess>::new(1).search(&pos, &Limits::depth(4));
    assert_eq!(r.score, 0, "{r:?}");
}

#[test]
fn persian_princess_finds_its_centre_capture_at_depth_1() {
    let pos =
        fen::parse::<PersianPrincess>("11/5k5/11/11/11/5s5/3S7/11/5R5/5K5/11 w - - 0 1").unwrap();
    let r = Searcher::<PersianPrincess>::new(1).search(&pos, &Limits::depth(1));
    assert_eq!(coord::write(&pos, &r.best.unwrap()), "d5f6");
}

#[test]
fn a_raised_stop_flag_ends_an_unlimited_search_with_a_legal_move() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let pos = fen::parse::<Chess>(MIDDLEGAME).unwrap();
    let flag = Arc::new(AtomicBool::new(false));
    let mut s = Searcher::<Chess>::new(1);
    s.set_stop_flag(flag.clone());
    let raiser = {
        let flag = flag.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            flag.store(true, Ordering::Relaxed);
        })
    };
    let t0 = Instant::now();
    let mut iterations = Vec::new();
    let r = s.search_with(&pos, &Limits::default(), &mut |r| iterations.push(r.depth));
    raiser.join().unwrap();
    assert!(t0.elapsed() < Duration::from_secs(5), "{:?}", t0.elapsed());
    assert!(pos.legal_moves().contains(&r.best.unwrap()));
    // one report per completed iteration, in order
    assert!(!iterations.is_empty());
    assert!(
        iterations.windows(2).all(|w| w[1] == w[0] + 1),
        "{iterations:?}"
    );
    assert_eq!(*iterations.last().unwrap(), r.depth);
}

#[test]
fn one_thread_is_deterministic_and_two_threads_find_a_legal_move() {
    let pos = fen::parse::<PersianPrincess>(
        "10f/1r3k1bnr1/1ppp1ppppp1/1f1nq6/4psb4/11/3SP6/3NQ2N3/1PPP1PPPPP1/1RFB1K1BFR1/11 w KQZkqz - 5 9",
    )
    .unwrap();
    let run = |threads: usize| {
        let mut s = Searcher::<PersianPrincess>::new(4);
        s.set_threads(threads);
        assert_eq!(s.threads(), threads);
        s.search(&pos, &Limits::depth(5))
    };
    let (a, b) = (run(1), run(1));
    assert_eq!(
        (a.best, a.score, a.nodes, &a.pv),
        (b.best, b.score, b.nodes, &b.pv)
    );
    let legal = pos.legal_moves();
    let two = run(2);
    assert!(legal.contains(&two.best.unwrap()), "{:?}", two.best);
    assert_eq!(two.depth, 5);
    let mut p = pos.clone();
    for m in &two.pv {
        assert!(p.legal_moves().contains(m), "PV move {m:?} illegal");
        p.play_unchecked(*m);
    }
}

#[test]
fn a_fixed_movetime_is_used_up_and_a_soft_limit_ends_sooner() {
    let pos = fen::parse::<Chess>(MIDDLEGAME).unwrap();
    let mut s = Searcher::<Chess>::new(4);
    let r = s.search(&pos, &Limits::movetime(300));
    // used up: the search runs to the deadline (slower machines only take longer)
    assert!(r.elapsed >= Duration::from_millis(290), "{:?}", r.elapsed);
    assert!(r.elapsed < Duration::from_millis(3_000), "{:?}", r.elapsed);
    let limits = Limits {
        movetime: Some(Duration::from_millis(20_000)),
        soft: Some(Duration::from_millis(50)),
        ..Limits::default()
    };
    let t0 = Instant::now();
    let r = s.search(&pos, &limits);
    assert!(r.best.is_some());
    assert!(
        t0.elapsed() < Duration::from_millis(2_900),
        "{:?}",
        t0.elapsed()
    );
}

#[test]
fn the_options_switch_techniques_off_for_one_search() {
    let pos = fen::parse::<Chess>(MIDDLEGAME).unwrap();
    let search = |options: SearchOptions| {
        let limits = Limits {
            options,
            ..Limits::depth(6)
        };
        let r = Searcher::<Chess>::new(4).search(&pos, &limits);
        assert!(pos.legal_moves().contains(&r.best.expect("a move")));
        r.nodes
    };
    let full = search(SearchOptions::default());
    assert_eq!(search("none".parse().unwrap()), full);
    for off in SearchOptions::NAMES {
        let nodes = search(off.parse().unwrap());
        assert_ne!(nodes, full, "{off} off searches the same tree");
    }
}

#[test]
fn root_moves_multiple_lines_and_mate_limits() {
    let pos = fen::parse::<Chess>(MIDDLEGAME).unwrap();
    let legal = pos.legal_moves();
    // only the root moves asked for are searched; illegal ones are ignored
    let a3 = coord::parse_move(&pos, "a2a3").unwrap();
    let h3 = coord::parse_move(&pos, "h2h3").unwrap();
    let foreign = coord::parse_move(&fen::start::<Chess>(), "e2e4").unwrap();
    let limits = Limits {
        root_moves: vec![a3, h3, foreign],
        ..Limits::depth(4)
    };
    let r = Searcher::<Chess>::new(4).search(&pos, &limits);
    assert!(r.best == Some(a3) || r.best == Some(h3), "{:?}", r.best);
    // none legal: every move is searched
    let limits = Limits {
        root_moves: vec![foreign],
        ..Limits::depth(2)
    };
    let r = Searcher::<Chess>::new(4).search(&pos, &limits);
    assert!(legal.contains(&r.best.unwrap()));
    // three lines: distinct first moves, best first, the first is the result's
    let limits = Limits {
        multipv: 3,
        ..Limits::depth(5)
    };
    let r = Searcher::<Chess>::new(4).search(&pos, &limits);
    assert_eq!(r.lines.len(), 3);
    assert_eq!(r.lines[0].pv, r.pv);
    assert_eq!(r.lines[0].score, r.score);
    let firsts: Vec<_> = r.lines.iter().map(|l| l.pv[0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    assert!(
        r.lines.windows(2).all(|w| w[0].score >= w[1].score),
        "{:?}",
        r.lines
    );
    // one line: none listed
    assert!(Searcher::<Chess>::new(4)
        .search(&pos, &Limits::depth(3))
        .lines
        .is_empty());
    // a mate limit stops at the mate, before the depth limit
    let mate = fen::parse::<Chess>("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").unwrap();
    let limits = Limits {
        mate: Some(1),
        ..Limits::depth(30)
    };
    let r = Searcher::<Chess>::new(4).search(&mate, &limits);
    assert_eq!((r.depth, r.display_score()), (1, Score::Mate(1)));
}
