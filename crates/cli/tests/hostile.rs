//! Hostile engines, GUIs and shells: output appended to its own input, engines
//! that flood, hang, print bytes that are not UTF-8 or hide behind a wrapper script, and
//! runs that check nothing. Every engine here is a small script under `tests/engines/`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::{citadel, root};

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    common::scratch("hostile", name)
}

/// `uci:` and the path of a fake engine of `tests/engines/`.
fn fake(script: &str) -> String {
    format!(
        "uci:{}",
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/engines")
            .join(script)
            .display()
    )
}

/// A fixture file of one chess position (the start) with perft 1 and 2, in `dir`.
fn start_fixture(dir: &Path) -> String {
    let f = dir.join("start.json");
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    std::fs::write(
        &f,
        format!(
            "{{\"variant\": \"chess\", \"positions\": [\n  {{\"name\": \"start\", \"fen\": \"{fen}\", \"perft\": [20, 400]}}\n]}}\n"
        ),
    )
    .expect("writes");
    f.to_str().expect("utf-8").to_string()
}

/// Runs `citadel` with `args` and standard output appended to `out`; returns (exit code,
/// stderr), killing it after 20 s.
fn appending_to(args: &[&str], out: &Path) -> (i32, String) {
    let file = std::fs::OpenOptions::new()
        .append(true)
        .open(out)
        .expect("opens");
    let mut child = Command::new(env!("CARGO_BIN_EXE_citadel"))
        .args(args)
        .stdout(Stdio::from(file))
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let end = Instant::now() + Duration::from_secs(20);
    while child.try_wait().expect("waits").is_none() {
        if Instant::now() > end {
            let _ = child.kill();
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn output_appended_to_an_input_is_refused() {
    let dir = scratch("append");
    let f = dir.join("big.pgn");
    let text = std::fs::read(root().join("fixtures/games/chess/classics.pgn")).expect("reads");
    std::fs::write(&f, &text).expect("writes");
    let fs = f.to_str().expect("utf-8");
    for args in [
        &["convert", fs, "--to", "pgn"][..],
        &["convert", fs, "--to", "json"],
        &["convert", fs, "--to", "html"],
    ] {
        let (code, err) = appending_to(args, &f);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(err.contains("input file is output file"), "{err}");
        assert_eq!(std::fs::read(&f).expect("reads"), text, "{args:?}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_input_without_games_is_no_conversion() {
    let dir = scratch("empty");
    let empty = dir.join("empty.pgn");
    std::fs::write(&empty, "").expect("writes");
    let e = empty.to_str().expect("utf-8");
    let bin = dir.join("out.bin");
    for args in [
        &["convert", e, "--to", "pgn"][..],
        &["pack", e, "-o", bin.to_str().expect("utf-8")],
        &["replay", e],
        &["validate", e],
    ] {
        let (code, _, err) = citadel(args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(err.contains("no games found"), "{args:?}: {err}");
    }
    assert!(!bin.exists(), "nothing packed, nothing written");
    std::fs::remove_dir_all(&dir).ok();
}

/// Runs `citadel suite` of `fixture` with the fake `engine` and more `args`; returns (exit
/// code, stdout, stderr, seconds taken).
fn suite(fixture: &str, engine: &str, args: &[&str]) -> (i32, String, String, f64) {
    let t = Instant::now();
    let engine = fake(engine);
    let mut all = vec!["suite", fixture, "--engine", &engine];
    all.extend_from_slice(args);
    let (code, out, err) = citadel(&all);
    (code, out, err, t.elapsed().as_secs_f64())
}

#[test]
fn an_engine_line_without_end_is_a_fault_not_a_crash() {
    let dir = scratch("no-newline");
    let fixture = start_fixture(&dir);
    let (code, out, err, secs) = suite(&fixture, "flood-no-newline.sh", &[]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("the engine misbehaved: a line longer than 1048576 bytes"),
        "{out}{err}"
    );
    assert!(secs < 30.0, "{secs} s");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_flood_of_lines_keeps_the_deadline() {
    let dir = scratch("flood");
    let fixture = start_fixture(&dir);
    let (code, out, err, secs) = suite(&fixture, "flood-lines.sh", &["--engine-timeout", "2"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("no answer within 2s"), "{out}{err}");
    assert!(secs < 10.0, "a 2 s timeout took {secs} s");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bytes_that_are_not_utf8_are_read_lossily() {
    let dir = scratch("latin1");
    let fixture = start_fixture(&dir);
    let (code, out, err, _) = suite(&fixture, "latin1-uci.sh", &[]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("1 positions, 420 nodes"), "{out}");
    let pgn = dir.join("m.pgn");
    let opponent = fake("latin1-uci.sh");
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
        "--max-plies",
        "2",
        "--out",
        pgn.to_str().expect("utf-8"),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("2 games +0 =2 -0"), "{out}{err}");
    assert!(!err.contains("infraction"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Whether process `pid` runs.
fn alive(pid: &str) -> bool {
    Command::new("kill")
        .args(["-0", pid])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn an_engine_behind_a_wrapper_is_ended_with_all_its_processes() {
    let dir = scratch("wrapper");
    let fixture = start_fixture(&dir);
    let pidfile = dir.join("helper.pid");
    let engine = fake("wrapper.sh");
    let out = Command::new(env!("CARGO_BIN_EXE_citadel"))
        .args([
            "suite",
            &fixture,
            "--engine",
            &engine,
            "--engine-timeout",
            "1",
        ])
        .env("CITADEL_TEST_PIDFILE", &pidfile)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let pid = std::fs::read_to_string(&pidfile).expect("the wrapper ran");
    let pid = pid.trim();
    let end = Instant::now() + Duration::from_secs(5);
    while alive(pid) && Instant::now() < end {
        std::thread::sleep(Duration::from_millis(50));
    }
    let left = alive(pid);
    if left {
        let _ = Command::new("kill").arg(pid).status();
    }
    assert!(!left, "the wrapper's helper {pid} outlived citadel");
    std::fs::remove_dir_all(&dir).ok();
}

/// Writes `text` to `name` in `dir`; returns its path.
fn write(dir: &Path, name: &str, text: &str) -> String {
    let f = dir.join(name);
    std::fs::write(&f, text).expect("writes");
    f.to_str().expect("utf-8").to_string()
}

#[test]
fn a_run_that_checks_nothing_fails() {
    let dir = scratch("nothing");
    let fixture = start_fixture(&dir);
    // the engine refuses every position: all skipped
    let (code, out, err, _) = suite(&fixture, "refuses-every-fen.sh", &[]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("nothing was checked"), "{err}");
    let (code, out, err, _) = suite(&fixture, "refuses-every-fen.sh", &["--allow-skips"]);
    assert_eq!(code, 0, "{out}{err}");
    // a game the engine does not offer: skipped, and so a failure
    let tamerlane = root().join("fixtures/perft/tamerlane.json");
    let (code, _, err, _) = suite(
        tamerlane.to_str().expect("utf-8"),
        "latin1-uci.sh",
        &["--max-depth", "1"],
    );
    assert_eq!(code, 1, "{err}");
    // depth 0 checks nothing: a usage error, engine or not
    for engine in [None, Some(fake("silent-uci.sh"))] {
        let mut args = vec!["suite", &fixture, "--max-depth", "0"];
        if let Some(e) = &engine {
            args.extend(["--engine", e]);
        }
        let (code, _, err) = citadel(&args);
        assert_eq!(code, 2, "{err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn every_file_that_cannot_be_checked_is_a_failed_case() {
    let dir = scratch("bad-files");
    let good = start_fixture(&dir);
    let unknown = write(
        &dir,
        "unknown.json",
        "{\"variant\": \"go-moku\", \"positions\": []}",
    );
    let broken = write(
        &dir,
        "broken.json",
        "{\"variant\": \"chess\",\n \"positions\": [}",
    );
    let missing = dir.join("missing.json");
    let missing = missing.to_str().expect("utf-8");
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let schema = write(
        &dir,
        "schema.json",
        &format!(
            "{{\"variant\": \"chess\", \"positions\": [\n  {{\"name\": \"none\", \"fen\": \"{fen}\", \"perft\": []}},\n  {{\"name\": \"zero\", \"fen\": \"{fen}\", \"perft\": [20], \"test_depth\": 0}}\n]}}"
        ),
    );
    let files: [&str; 6] = [&good, &unknown, &broken, missing, &schema, &good];
    let mut args = vec!["suite", "--format", "junit"];
    args.extend(files);
    let (code, out, err) = citadel(&args);
    assert_eq!(code, 1, "{err}");
    // two good positions, three bad files, two positions against the schema
    assert!(out.contains("tests=\"7\" failures=\"5\""), "{out}");
    assert!(out.contains("unknown variant `go-moku`"), "{out}");
    assert!(out.contains("the schema asks for at least one"), "{out}");
    assert!(out.contains("`test_depth` is 0"), "{out}");
    assert!(!out.contains("time=\"-0.000\""), "{out}");
    // the text report names each, and still checks the last file
    let mut args = vec!["suite"];
    args.extend(files);
    let (code, out, _) = citadel(&args);
    assert_eq!(code, 1);
    assert_eq!(out.matches("ok   chess").count(), 4, "{out}");
    assert!(out.contains(&format!("FAIL {missing}: ")), "{out}");
    for format in ["json", "github"] {
        let mut args = vec!["suite", "--format", format];
        args.extend(files);
        let (code, out, _) = citadel(&args);
        assert_eq!(code, 1);
        assert!(out.contains("broken.json"), "{format}: {out}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn positions_that_share_a_fen_are_reported_at_their_own_lines() {
    let dir = scratch("same-fen");
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let f = write(
        &dir,
        "twice.json",
        &format!(
            "{{\"variant\": \"chess\", \"positions\": [\n  {{\"name\": \"right\", \"fen\": \"{fen}\", \"perft\": [20]}},\n  {{\"name\": \"wrong\", \"fen\": \"{fen}\", \"perft\": [21]}}\n]}}\n"
        ),
    );
    let (code, out, err) = citadel(&["suite", &f, "--format", "github"]);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains(",line=3,"), "{out}");
    // the message does not repeat the case's name
    assert!(!out.contains("wrong: wrong"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn timed_out_positions_count_their_time() {
    let dir = scratch("timed");
    let fixture = start_fixture(&dir);
    let args = ["--engine-timeout", "1", "--format", "junit"];
    let (code, out, err, _) = suite(&fixture, "silent-uci.sh", &args);
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("1 positions, 0 nodes in 1."), "{err}");
    assert!(out.contains(" time=\"1."), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn engines_that_are_none_are_usage_errors() {
    let (code, _, err) = citadel(&["suite", "x.json", "--engine", "foo:bar"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("`foo:bar` is not an engine"), "{err}");
    for (option, value) in [
        ("--opponent", "foo:bar"),
        ("--engine", "uci:x:novalue"),
        ("--tc", "fast"),
    ] {
        let (code, _, err) = citadel(&["match", "--variant", "chess", option, value]);
        assert_eq!(code, 2, "{option} {value}: {err}");
    }
}

#[test]
fn an_engine_that_exits_at_once_has_exited() {
    let dir = scratch("true");
    let fixture = start_fixture(&dir);
    let (code, _, err) = citadel(&["suite", &fixture, "--engine", "uci:/bin/true"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("the engine exited"), "{err}");
    assert!(!err.contains("Broken pipe"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `citadel uci` running, with its standard input and output.
fn citadel_uci() -> (
    std::process::Child,
    std::process::ChildStdin,
    std::process::ChildStdout,
) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_citadel"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("runs");
    let stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    (child, stdin, stdout)
}

#[test]
fn uci_reads_commands_while_it_searches() {
    use std::io::{BufRead, BufReader, Write};
    let (mut child, mut stdin, stdout) = citadel_uci();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for l in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(l).is_err() {
                break;
            }
        }
    });
    let t = Instant::now();
    for line in [
        "uci",
        "position startpos",
        "go depth 100",
        "ucinewgame",
        "position startpos moves e2e4",
        "setoption name Hash value 2",
        "stop",
        "isready",
    ] {
        writeln!(stdin, "{line}").expect("writes");
    }
    stdin.flush().expect("flushes");
    let ready = loop {
        match rx.recv_timeout(Duration::from_secs(10)) {
            Ok(l) if l == "readyok" => break true,
            Ok(_) => {}
            Err(_) => break false,
        }
    };
    let _ = writeln!(stdin, "quit");
    drop(stdin);
    let _ = child.wait();
    assert!(ready, "no readyok within 10 s");
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
}

#[test]
fn diagrams_of_two_files_of_one_name_are_refused() {
    let dir = scratch("svg");
    for sub in ["a", "b"] {
        std::fs::create_dir_all(dir.join(sub)).expect("mkdir");
        std::fs::copy(
            root().join("fixtures/games/chess/classics.pgn"),
            dir.join(sub).join("g.pgn"),
        )
        .expect("copies");
    }
    let a = dir.join("a/g.pgn");
    let b = dir.join("b/g.pgn");
    let out = dir.join("out");
    let (code, _, err) = citadel(&[
        "replay",
        a.to_str().expect("utf-8"),
        b.to_str().expect("utf-8"),
        "--svg-dir",
        out.to_str().expect("utf-8"),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("would write diagrams of the same names"),
        "{err}"
    );
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn control_characters_never_reach_the_terminal() {
    let dir = scratch("controls");
    let name = "bad\u{1b}[2J\u{7}\rname.pgn";
    let f = write(
        &dir,
        name,
        "[Event \"x\u{1b}]0;title\u{7}\"]\n\n1. e4 e5 2. Ke3 *\n",
    );
    for format in ["text", "github"] {
        let (code, out, err) = citadel(&["validate", &f, "--format", format]);
        assert_eq!(code, 1, "{err}");
        for text in [&out, &err] {
            assert!(
                !text.contains('\u{1b}') && !text.contains('\u{7}'),
                "{text:?}"
            );
            assert!(!text.contains('\r'), "{text:?}");
        }
        assert!(err.contains("\\u{1b}"), "{err:?}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_game_file_that_cannot_be_opened_is_a_failed_case_and_the_next_files_are_checked() {
    let dir = scratch("unopened");
    let first = write(&dir, "g2.pgn", "1. e4 e5 *\n");
    let last = write(&dir, "g4.pgn", "1. d4 d5 *\n");
    let missing = dir.join("missing.pgn");
    let missing = missing.to_str().expect("utf-8");
    let files = [first.as_str(), missing, last.as_str()];
    for format in ["text", "json", "junit", "github"] {
        let mut args = vec!["validate", "--format", format];
        args.extend(files);
        let (code, out, err) = citadel(&args);
        assert_eq!(code, 1, "{format}: {err}");
        assert!(
            err.contains(&format!("{missing}: cannot open the file")),
            "{err}"
        );
        match format {
            "text" => assert!(
                out.contains("2 valid, 0 invalid, 1 file(s) unreadable"),
                "{out}"
            ),
            "json" => {
                let lines: Vec<&str> = out.lines().collect();
                assert_eq!(lines.len(), 3, "{out}");
                assert!(
                    lines[1].contains("\"error\":\"cannot open the file"),
                    "{out}"
                );
                assert!(lines[2].contains("g4.pgn"), "{out}");
            }
            "junit" => {
                assert!(out.contains("tests=\"3\" failures=\"1\""), "{out}");
                assert!(out.contains("<testcase name=\"file\""), "{out}");
            }
            _ => assert!(out.contains("::error file="), "{out}"),
        }
    }
    // replay goes on with the next file too, and fails; pack writes nothing, and says why
    let (code, out, err) = citadel(&["replay", &first, missing, &last]);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("g4.pgn game 1"), "{out}");
    assert!(err.contains("1 unreadable file(s)"), "{err}");
    let archive = dir.join("all.bin");
    let archive = archive.to_str().expect("utf-8");
    let (code, _, err) = citadel(&["pack", "-o", archive, &first, missing, &last]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("1 unreadable file(s): nothing written"),
        "{err}"
    );
    assert!(!Path::new(archive).exists());
    std::fs::remove_dir_all(&dir).ok();
}

/// The peak resident memory of a running process, from `/proc` (Linux), in kB.
#[cfg(target_os = "linux")]
fn peak_resident_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("proc status");
    let line = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .expect("VmHWM");
    line.split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("a number of kB")
}

#[cfg(target_os = "linux")]
#[test]
fn a_new_game_over_uci_frees_the_old_table_first() {
    use std::io::{BufRead, BufReader, Write};
    let (mut child, mut stdin, stdout) = citadel_uci();
    let mut lines = BufReader::new(stdout).lines();
    let mut ready = |stdin: &mut std::process::ChildStdin, commands: &str| {
        writeln!(stdin, "{commands}\nisready").expect("written");
        let answered = lines.by_ref().map_while(Result::ok).any(|l| l == "readyok");
        assert!(answered, "readyok after {commands}");
    };
    ready(&mut stdin, "uci\nsetoption name Hash value 512");
    let one_table = peak_resident_kb(child.id());
    assert!(
        one_table > 256 * 1024,
        "the table is in memory: {one_table} kB"
    );
    for game in ["shatranj", "tamerlane", "chess"] {
        ready(
            &mut stdin,
            &format!("setoption name UCI_Variant value {game}"),
        );
    }
    let peak = peak_resident_kb(child.id());
    writeln!(stdin, "quit").expect("written");
    child.wait().expect("ends");
    // two tables at once would be about twice the first peak
    assert!(
        peak < one_table + one_table / 4,
        "peak {peak} kB against {one_table} kB with one table"
    );
}
