//! Regression tests: exit codes that cannot lie, streaming reads, archives that
//! detect corruption, games that end where the rules end them, inputs in range or refused.

use std::path::PathBuf;
use std::process::{Command, Stdio};

mod common;
use common::{citadel_at_root as run, root};

/// Runs `citadel` at the root with `args` and stdout sent to `stdout`; returns (exit code,
/// stdout, stderr).
fn run_with(args: &[&str], stdout: Stdio) -> (i32, String, String) {
    let (code, out, err) = common::run_raw(args, true, stdout);
    (code, String::from_utf8_lossy(&out).into_owned(), err)
}

/// Runs with stdout on `/dev/full` (every write fails with "no space left on device").
fn to_full(args: &[&str]) -> (i32, String) {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full exists (Linux)");
    let (code, _, err) = run_with(args, Stdio::from(full));
    (code, err)
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    common::scratch("reliability", name)
}

#[test]
fn a_full_disk_is_an_error_and_never_hides_a_verdict() {
    // an invalid game stays invalid when the output cannot be written
    let (code, err) = to_full(&["validate", "fixtures/games/invalid/illegal-move.pgn"]);
    assert_eq!(code, 1, "{err}");
    // valid games: the lost output itself is the error
    let (code, err) = to_full(&["validate", "fixtures/games/chess/classics.pgn"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("cannot write the output"), "{err}");
    for args in [
        &["variants"][..],
        &["show", "--variant", "chess"],
        &["perft", "--variant", "chess", "--depth", "2"],
        &["replay", "fixtures/games/chess/classics.pgn"],
        &[
            "convert",
            "fixtures/games/chess/classics.pgn",
            "--to",
            "pgn",
        ],
    ] {
        let (code, err) = to_full(args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(err.contains("No space left on device"), "{args:?}: {err}");
    }
}

#[test]
fn a_failed_fixture_is_never_exit_0() {
    let dir = scratch("suite");
    let bad = dir.join("bad.json");
    std::fs::write(
        &bad,
        r#"{"variant": "chess", "positions": [{"name": "wrong", "fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "perft": [6], "test_depth": 1, "source": "test"}]}"#,
    )
    .expect("writes");
    let bad_s = bad.to_str().expect("utf-8");
    let (code, out, err) = run(&["suite", bad_s]);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("FAIL"), "{out}{err}");
    let (code, err) = to_full(&["suite", bad_s]);
    assert_eq!(code, 1, "{err}");
    // no positions at all is an error, not a success
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).expect("dir");
    let (code, _, err) = run(&["suite", empty.to_str().expect("utf-8")]);
    assert_eq!(code, 1);
    assert!(err.contains("no perft positions"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_closed_pipe_ends_quietly_but_keeps_the_verdict() {
    for (args, want) in [
        (
            &["validate", "fixtures/games/invalid/illegal-move.pgn"][..],
            1,
        ),
        (&["validate", "fixtures/games/chess/classics.pgn"][..], 0),
        (&["variants"][..], 0),
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_citadel"))
            .current_dir(root())
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("runs");
        drop(child.stdout.take());
        let out = child.wait_with_output().expect("ends");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(want), "{args:?}: {err}");
        assert!(!err.contains("cannot write"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn binary_input_is_refused_without_reading_it_all() {
    // /dev/zero never ends: the reader stops at its first NUL byte
    let (code, _, err) = run(&["validate", "/dev/zero"]);
    assert_eq!(code, 1);
    assert!(err.contains("binary data"), "{err}");
}

#[test]
fn games_end_where_the_rules_end_them() {
    // after a mate the next move is "the game is over", not an illegal move
    let (code, _, err) = run(&[
        "bestmove",
        "--variant",
        "chess",
        "--moves",
        "f3",
        "e5",
        "g4",
        "Qh4#",
        "Nc3",
        "--depth",
        "1",
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains("move 3. Nc3: the game is already over (Black wins by checkmate)"),
        "{err}"
    );
    // knight shuffles end by repetition
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let mut args = vec!["bestmove", "--variant", "chess", "--depth", "1", "--moves"];
    for _ in 0..3 {
        args.extend(shuffle);
    }
    let (code, _, err) = run(&args);
    assert_eq!(code, 1);
    assert!(err.contains("draw by repetition"), "{err}");
    // and in records
    let dir = scratch("over");
    let f = dir.join("over.pgn");
    std::fs::write(&f, "1. f3 e5 2. g4 Qh4# 3. Nc3 0-1\n").expect("writes");
    let (code, _, err) = run(&["validate", f.to_str().expect("utf-8")]);
    assert_eq!(code, 1);
    assert!(
        err.contains("game 1, move 3. Nc3: the game is already over"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn duplicate_tags_are_an_error() {
    let dir = scratch("tags");
    let f = dir.join("dup.pgn");
    std::fs::write(
        &f,
        "[Variant \"chess\"]\n[Variant \"shatranj\"]\n\n1. e4 *\n\n[Result \"*\"]\n[Result \"1-0\"]\n\n1. e4 *\n",
    )
    .expect("writes");
    let (code, _, err) = run(&["validate", f.to_str().expect("utf-8")]);
    assert_eq!(code, 1);
    assert!(
        err.contains(":2:1: game 1: duplicate tag `Variant` (first on line 1)"),
        "{err}"
    );
    assert!(
        err.contains(":7:1: game 2: duplicate tag `Result` (first on line 6)"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn numbers_in_range_or_refused() {
    let (code, out, _) = run(&["perft", "--variant", "chess", "--depth", "0", "--divide"]);
    assert_eq!(code, 0);
    assert!(out.contains("perft 0: 1"), "{out}");
    let (code, _, err) = run(&[
        "perft",
        "--variant",
        "chess",
        "--depth",
        "2",
        "--threads",
        "10000",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("capped at"), "{err}");
    let (code, _, err) = run(&[
        "perft",
        "--variant",
        "chess",
        "--depth",
        "2",
        "--threads",
        "1000000000000",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("capped at"), "{err}");
    for depth in ["0", "200"] {
        let (code, _, err) = run(&["bestmove", "--variant", "chess", "--depth", depth]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("out of range (1 to 120)"), "{err}");
    }
    let (code, _, err) = run(&[
        "bestmove",
        "--variant",
        "chess",
        "--depth",
        "1",
        "--hash",
        "100000",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("out of range"), "{err}");
    let with_values = |values: &str| {
        run(&[
            "match",
            "--variant",
            "chess",
            "--games",
            "1",
            "--engine",
            "depth:1",
            "--opponent",
            "random",
            "--engine-values",
            values,
        ])
    };
    let (code, _, err) = with_values("queen=10000000");
    assert_eq!(code, 1);
    // values and weights read 0 to 10000; a piece then must be worth at least 1
    assert!(err.contains("out of range (0 to 10000)"), "{err}");
    let (code, _, err) = with_values("queen=0");
    assert_eq!(code, 1);
    assert!(
        err.contains("a piece is worth 1 to 10000, not 0 (`queen`)"),
        "{err}"
    );
    let (code, _, err) = run(&[
        "show",
        "--variant",
        "chess",
        "--fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 100000 1",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("out of range (0 to 65535)"), "{err}");
}

#[test]
fn echoed_input_is_cut() {
    let long = format!("{}/8/8/8/8/8/8/8 w - - 0 1", "p".repeat(120_000));
    let (code, _, err) = run(&["show", "--variant", "chess", "--fen", &long]);
    assert_eq!(code, 1);
    assert!(err.len() < 1000, "{} bytes of error", err.len());
    assert!(err.contains('…'), "{err}");
    let (code, _, err) = run(&[
        "bestmove",
        "--variant",
        "chess",
        "--depth",
        "1",
        "--moves",
        &"N".repeat(5000),
    ]);
    assert_eq!(code, 1);
    assert!(err.len() < 1000, "{} bytes of error", err.len());
}

#[test]
fn output_over_an_input_is_refused() {
    let dir = scratch("overwrite");
    let f = dir.join("x.pgn");
    let text = std::fs::read(root().join("fixtures/games/chess/classics.pgn")).expect("reads");
    std::fs::write(&f, &text).expect("writes");
    let fs = f.to_str().expect("utf-8");
    let (code, _, err) = run(&["pack", fs, "-o", fs]);
    assert_eq!(code, 1);
    assert!(err.contains("it is also an input file"), "{err}");
    let (code, _, err) = run(&["convert", fs, "--to", "pgn", "-o", fs]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(std::fs::read(&f).expect("reads"), text);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn progress_uses_carriage_returns_only_on_a_terminal() {
    let (code, _, err) = run(&[
        "match",
        "--variant",
        "chess",
        "--games",
        "2",
        "--engine",
        "random",
        "--opponent",
        "random",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains('\r'), "{err:?}");
    assert_eq!(err.lines().count(), 2, "{err}");
}

#[test]
fn a_corrupt_archive_is_reported_with_its_game() {
    let dir = scratch("archive");
    let bin = dir.join("g.bin");
    let bs = bin.to_str().expect("utf-8");
    let (code, _, err) = run(&["pack", "fixtures/games/chess/classics.pgn", "-o", bs]);
    assert_eq!(code, 0, "{err}");
    let good = std::fs::read(&bin).expect("reads");
    let (code, _, err) = run(&["validate", bs]);
    assert_eq!(code, 0, "{err}");
    let mut bad = good.clone();
    let i = good.len() / 2;
    bad[i] ^= 0x04;
    std::fs::write(&bin, &bad).expect("writes");
    let (code, _, err) = run(&["validate", bs]);
    assert_eq!(code, 1);
    assert!(err.contains("corrupt archive: game"), "{err}");
    assert!(!err.contains("Unexpected"), "{err}");
    std::fs::write(&bin, &good[..good.len() - 3]).expect("writes");
    let (code, _, err) = run(&["validate", bs]);
    assert_eq!(code, 1);
    assert!(err.contains("truncated"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
