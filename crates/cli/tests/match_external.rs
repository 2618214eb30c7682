//! `citadel match` against other engines, with no package installed: Citadel's own `uci`
//! and `xboard` commands as the opponents, and a script that always answers an illegal move.
//! The arbiter judges by Citadel's rules, the PGN it writes validates, and the score line
//! carries the Elo difference.

use std::path::PathBuf;

mod common;
use common::citadel;

const BIN: &str = env!("CARGO_BIN_EXE_citadel");

/// A file `name` in this test's own scratch directory.
fn temp(name: &str) -> PathBuf {
    common::scratch("match", name).join(name)
}

fn validates(pgn: &PathBuf) -> String {
    let (code, out, err) = citadel(&["validate", pgn.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    std::fs::read_to_string(pgn).unwrap()
}

#[test]
fn a_uci_opponent_plays_a_match_whose_records_validate() {
    let pgn = temp("uci.pgn");
    let opponent = format!("uci:{BIN} uci:Hash=8");
    let (code, out, err) = citadel(&[
        "match",
        "--variant",
        "shatranj",
        "--engine",
        "depth:2",
        "--opponent",
        &opponent,
        "--games",
        "2",
        "--movetime",
        "20",
        "--max-plies",
        "60",
        "--out",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("vs Citadel 0.1.0 ("), "{out}");
    assert!(out.contains(": 2 games +"), "{out}");
    assert!(out.contains(" Elo "), "{out}");
    let text = validates(&pgn);
    assert_eq!(text.matches("[Variant \"shatranj\"]").count(), 2);
    assert!(text.contains("[White \"Citadel 0.1.0 ("));
    let _ = std::fs::remove_file(pgn);
}

#[test]
fn an_xboard_opponent_plays_on_a_clock() {
    let pgn = temp("xboard.pgn");
    let opponent = format!("xboard:{BIN} xboard");
    let (code, out, err) = citadel(&[
        "match",
        "--variant",
        "celtic-citadel",
        "--engine",
        "movetime:50",
        "--opponent",
        &opponent,
        "--games",
        "2",
        "--tc",
        "3+0.05",
        "--max-plies",
        "40",
        "--out",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("citadel (clock) vs Citadel 0.1.0 ("), "{out}");
    assert!(out.contains(") (clock 3+0.05): 2 games"), "{out}");
    assert!(!err.contains("arbiter:"), "{err}");
    let text = validates(&pgn);
    assert_eq!(text.matches("[Variant \"celtic-citadel\"]").count(), 2);
    let _ = std::fs::remove_file(pgn);
}

#[test]
fn an_illegal_move_loses_and_is_logged() {
    let pgn = temp("illegal.pgn");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/engines/illegal-uci.sh");
    let opponent = format!("uci:{script}");
    let (code, out, err) = citadel(&[
        "match",
        "--variant",
        "chess",
        "--engine",
        "depth:1",
        "--opponent",
        &opponent,
        "--games",
        "2",
        "--out",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("2 games +2 =0 -0 score 100.0% Elo +inf"),
        "{out}"
    );
    assert!(err.contains("loses by illegal move: move"), "{err}");
    assert!(err.contains("no legal move from e2 to e5"), "{err}");
    let text = validates(&pgn);
    assert_eq!(text.matches("[Termination \"illegal move\"]").count(), 2);
    assert!(text.contains("[TerminationDetails \"Black (IllegalBot) loses by illegal move"));
    let _ = std::fs::remove_file(pgn);
}

#[test]
fn bad_opponents_are_usage_errors() {
    let (code, _, err) = citadel(&[
        "match",
        "--variant",
        "chess",
        "--opponent",
        "uci:/no/such/engine",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("cannot run `/no/such/engine`"), "{err}");
    // descriptions that cannot be read are usage errors (exit 2), as clap's own
    let (code, _, err) = citadel(&["match", "--variant", "chess", "--opponent", "uci:x:novalue"]);
    assert_eq!(code, 2);
    assert!(err.contains("option `novalue` is not name=value"), "{err}");
    let (code, _, err) = citadel(&["match", "--variant", "chess", "--tc", "fast"]);
    assert_eq!(code, 2);
    assert!(err.contains("bad time control `fast`"), "{err}");
}

#[test]
fn a_node_limit_reaches_uci_engines_and_the_summary_shows_the_effort() {
    let opponent = format!("uci:{BIN} uci");
    let (code, out, err) = citadel(&[
        "match",
        "--variant",
        "chess",
        "--engine",
        "nodes:400",
        "--opponent",
        &opponent,
        "--limit",
        "nodes:400",
        "--games",
        "2",
        "--max-plies",
        "30",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("(nodes 400 a move for other engines)"),
        "{out}"
    );
    // both players report depth and nodes; the engine behind UCI searched its 400 nodes
    let effort: Vec<&str> = out.lines().skip(1).collect();
    assert_eq!(effort.len(), 2, "{out}");
    for line in &effort {
        assert!(line.contains(": depth "), "{out}");
        let nodes: f64 = line
            .split(", ")
            .find_map(|p| p.strip_suffix(" nodes"))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{line}"));
        assert!(nodes > 100.0 && nodes <= 400.0, "{line}");
    }
    // an XBoard engine gets no such limit
    let xboard = format!("xboard:{BIN} xboard");
    let (code, _, err) = citadel(&[
        "match",
        "--variant",
        "chess",
        "--opponent",
        &xboard,
        "--limit",
        "nodes:10",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("--limit works only with UCI engines"), "{err}");
    let (code, _, err) = citadel(&[
        "match",
        "--variant",
        "chess",
        "--opponent",
        &opponent,
        "--limit",
        "depth:121",
    ]);
    // a limit that cannot be read is a usage error, as `bestmove --depth 200`
    assert_eq!(code, 2);
    assert!(err.contains("bad limit `depth:121`"), "{err}");
}

#[test]
fn depths_beyond_any_search_are_refused_and_threads_capped() {
    for player in ["--engine", "--opponent"] {
        let (code, _, err) = citadel(&["match", "--variant", "chess", player, "depth:1000"]);
        // a usage error, as `bestmove --depth 1000`
        assert_eq!(code, 2, "{err}");
        assert!(
            err.contains("bad depth in player `depth:1000` (1 to 120)"),
            "{err}"
        );
    }
    let (code, out, err) = citadel(&[
        "bestmove",
        "--variant",
        "chess",
        "--depth",
        "1",
        "--threads",
        "256",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("bestmove"), "{out}");
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if cores < 256 {
        assert!(err.contains("note: --threads 256 capped at"), "{err}");
    }
}
