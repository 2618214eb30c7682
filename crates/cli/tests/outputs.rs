//! Where the CLI's output goes: `-o` targets written in place (never replaced), nothing left
//! behind by an interrupted command, standard error that cannot be written, and closed pipes
//! behind `--out`.
#![cfg(unix)]

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::{citadel_at_root as run, root};

const GAMES: &str = "fixtures/games/chess/classics.pgn";
const INVALID: &str = "fixtures/games/invalid/illegal-move.pgn";

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    common::scratch("outputs", name)
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// What `convert --to pgn` writes on stdout for the fixture games.
fn expected_pgn() -> Vec<u8> {
    let (code, out, err) = run(&["convert", GAMES, "--to", "pgn"]);
    assert_eq!(code, 0, "{err}");
    out.into_bytes()
}

/// The directory's entries other than `keep`.
fn leftovers(dir: &Path, keep: &[&str]) -> Vec<String> {
    std::fs::read_dir(dir)
        .expect("lists")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| !keep.contains(&n.as_str()))
        .collect()
}

#[test]
fn a_regular_output_file_is_written_in_place() {
    let d = scratch("in-place");
    let target = d.join("games.pgn");
    std::fs::write(&target, "old").expect("writes");
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    let link = d.join("hard-link.pgn");
    std::fs::hard_link(&target, &link).expect("hard link");
    let sym = d.join("sym.pgn");
    std::os::unix::fs::symlink("games.pgn", &sym).expect("symlink");
    let ino = std::fs::metadata(&target).expect("stat").ino();
    let want = expected_pgn();
    for (to, via) in [(&target, "the file"), (&sym, "a symbolic link")] {
        std::fs::write(&target, "old").expect("writes");
        let (code, _, err) = run(&["convert", GAMES, "--to", "pgn", "-o", s(to)]);
        assert_eq!(code, 0, "{via}: {err}");
        let m = std::fs::metadata(&target).expect("stat");
        assert_eq!(m.ino(), ino, "{via}: the file was replaced");
        assert_eq!(m.mode() & 0o777, 0o600, "{via}: the mode changed");
        assert_eq!(m.nlink(), 2, "{via}: the hard link broke");
        assert_eq!(std::fs::read(&link).expect("reads"), want, "{via}");
        assert!(std::fs::symlink_metadata(&sym)
            .expect("stat")
            .file_type()
            .is_symlink());
    }
    // pack too
    let (code, out, err) = run(&["pack", GAMES, "-o", s(&sym)]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::metadata(&target).expect("stat").ino(), ino);
    let bytes = std::fs::read(&link).expect("reads");
    assert!(bytes.starts_with(b"CITADELG"));
    assert!(out.contains(&format!(": {} bytes", bytes.len())), "{out}");
    // a failed conversion leaves the file as it was, and no scratch file
    let before = std::fs::read(&target).expect("reads");
    let (code, _, err) = run(&["convert", INVALID, "--to", "pgn", "-o", s(&target)]);
    assert_eq!(code, 1);
    assert!(err.contains("nothing written"), "{err}");
    assert_eq!(std::fs::read(&target).expect("reads"), before);
    // a new file is created only when the conversion succeeds
    let fresh = d.join("fresh.pgn");
    let (code, _, _) = run(&["convert", INVALID, "--to", "pgn", "-o", s(&fresh)]);
    assert_eq!(code, 1);
    assert!(!fresh.exists());
    let (code, _, err) = run(&["convert", GAMES, "--to", "pgn", "-o", s(&fresh)]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read(&fresh).expect("reads"), want);
    assert_eq!(
        leftovers(&d, &["games.pgn", "hard-link.pgn", "sym.pgn", "fresh.pgn"]),
        Vec::<String>::new()
    );
    std::fs::remove_dir_all(&d).ok();
}

#[test]
fn a_device_or_fifo_output_is_written_through() {
    let d = scratch("fifo");
    // a null device of the test's own (never the system's /dev/null: a faulty program would
    // replace it); making one needs root, so without it only the FIFO is tried
    let null = d.join("null");
    let made = Command::new("mknod")
        .args(["-m", "666"])
        .arg(&null)
        .args(["c", "1", "3"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if made {
        let is_device = |p: &Path| {
            let m = std::fs::metadata(p).expect("stat");
            std::os::unix::fs::FileTypeExt::is_char_device(&m.file_type())
        };
        let (code, _, err) = run(&["convert", GAMES, "--to", "bin", "-o", s(&null)]);
        assert_eq!(code, 0, "{err}");
        assert!(is_device(&null), "the device was replaced");
        let (code, out, err) = run(&["pack", GAMES, "-o", s(&null)]);
        assert_eq!(code, 0, "{err}");
        assert!(!out.contains(": 0 bytes"), "{out}");
        assert!(is_device(&null), "the device was replaced");
        std::fs::remove_file(&null).expect("removes");
    } else {
        eprintln!("note: no device node made (needs root): the FIFO alone is tried");
    }
    let fifo = d.join("games.fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(made.success());
    // a symbolic link to the FIFO is followed too
    let sym = d.join("sym");
    std::os::unix::fs::symlink(&fifo, &sym).expect("symlink");
    for to in [&fifo, &sym] {
        let (tx, rx) = std::sync::mpsc::channel();
        {
            let fifo = fifo.clone();
            std::thread::spawn(move || tx.send(std::fs::read(fifo).expect("reads the FIFO")));
        }
        let (code, _, err) = run(&["convert", GAMES, "--to", "pgn", "-o", s(to)]);
        assert_eq!(code, 0, "{err}");
        let got = rx
            .recv_timeout(Duration::from_secs(20))
            .expect("the FIFO was never written");
        assert_eq!(got, expected_pgn());
        let ft = std::fs::metadata(&fifo).expect("stat").file_type();
        assert!(
            std::os::unix::fs::FileTypeExt::is_fifo(&ft),
            "the FIFO was replaced"
        );
    }
    assert_eq!(leftovers(&d, &["games.fifo", "sym"]), Vec::<String>::new());
    std::fs::remove_dir_all(&d).ok();
}

/// Whether this process ignores SIGINT (bit 1 of `SigIgn` in `/proc/self/status`), as the
/// commands it starts then do too.
fn sigint_ignored() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("SigIgn:"))?;
            u64::from_str_radix(line["SigIgn:".len()..].trim(), 16).ok()
        })
        .is_some_and(|mask| mask & (1 << (2 - 1)) != 0)
}

#[test]
fn an_interrupted_conversion_leaves_no_scratch_file() {
    let d = scratch("interrupted");
    let games = std::fs::read(root().join(GAMES)).expect("reads");
    for signal in ["INT", "TERM", "KILL"] {
        if signal == "INT" && sigint_ignored() {
            // a shell that starts a background job without job control makes it ignore
            // SIGINT, and the child inherits that: the signal would do nothing
            eprintln!("SIGINT is ignored by this process and its children: not sent");
            continue;
        }
        let target = d.join("out.bin");
        std::fs::write(&target, "old").expect("writes");
        // the games come on stdin, which stays open: the conversion is under way
        let mut child = Command::new(env!("CARGO_BIN_EXE_citadel"))
            .args(["convert", "-", "--to", "bin", "-o"])
            .arg(&target)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("runs");
        let mut stdin = child.stdin.take().expect("stdin");
        std::io::Write::write_all(&mut stdin, &games).expect("feeds games");
        std::thread::sleep(Duration::from_millis(300));
        let killed = Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status()
            .expect("kill");
        assert!(killed.success());
        let start = Instant::now();
        let status = loop {
            if let Some(s) = child.try_wait().expect("waits") {
                break s;
            }
            assert!(start.elapsed() < Duration::from_secs(60), "no end");
            std::thread::sleep(Duration::from_millis(20));
        };
        drop(stdin);
        assert!(!status.success(), "SIG{signal}: {status:?}");
        assert_eq!(
            std::fs::read(&target).expect("reads"),
            b"old",
            "SIG{signal}"
        );
        assert_eq!(
            leftovers(&d, &["out.bin"]),
            Vec::<String>::new(),
            "SIG{signal}"
        );
    }
    std::fs::remove_dir_all(&d).ok();
}

/// Runs `citadel` at the root with standard error on `/dev/full`; returns (exit code, stdout).
fn stderr_full(args: &[&str]) -> (i32, String) {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full exists (Linux)");
    let out = Command::new(env!("CARGO_BIN_EXE_citadel"))
        .current_dir(root())
        .args(args)
        .stderr(full)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn a_standard_error_that_cannot_be_written_never_panics() {
    // the verdict stays in the exit code
    let (code, out) = stderr_full(&["validate", INVALID, "fixtures/games/invalid/syntax.pgn"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("invalid"), "{out}");
    let (code, _) = stderr_full(&["show", "--variant", "chess", "--fen", "bad"]);
    assert_eq!(code, 1);
    // a capped thread count notes it on stderr; the count still succeeds
    let (code, out) = stderr_full(&[
        "perft",
        "--variant",
        "chess",
        "--depth",
        "2",
        "--threads",
        "100000",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("perft 2: 400"), "{out}");
    let (code, _) = stderr_full(&["convert", INVALID, "--to", "pgn"]);
    assert_eq!(code, 1);
    let (code, _) = stderr_full(&["replay", INVALID]);
    assert_eq!(code, 1);
}

#[test]
fn standard_error_on_a_closed_pipe_never_panics() {
    // as in `validate ... 2>&1 | head -1`: the reader of stderr has gone
    let mut child = Command::new(env!("CARGO_BIN_EXE_citadel"))
        .current_dir(root())
        .args(["validate", INVALID, "fixtures/games/invalid/syntax.pgn"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    drop(child.stderr.take());
    let out = child.wait_with_output().expect("ends");
    assert_eq!(out.status.code(), Some(1), "{:?}", out.status);
    assert!(String::from_utf8_lossy(&out.stdout).contains("invalid"));
}

/// Runs `args` with `--out /dev/stdout` on a pipe closed after its first line; returns (exit
/// code, stderr).
fn out_to_closed_pipe(args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_citadel"))
        .current_dir(root())
        .args(args)
        .args(["--out", "/dev/stdout"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut first = [0u8; 1];
    std::io::Read::read_exact(&mut stdout, &mut first).expect("a record");
    drop(stdout);
    let out = child.wait_with_output().expect("ends");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn selfplay_and_match_end_quietly_on_a_closed_pipe() {
    for args in [
        &[
            "selfplay",
            "--variant",
            "chess",
            "--depth",
            "1",
            "--games",
            "200",
        ][..],
        &[
            "match",
            "--variant",
            "chess",
            "--engine",
            "depth:1",
            "--games",
            "200",
        ],
        &[
            "match",
            "--variant",
            "chess",
            "--engine",
            "depth:1",
            "--tc",
            "60+1",
            "--games",
            "200",
        ],
    ] {
        let (code, err) = out_to_closed_pipe(args);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert!(!err.contains("error"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
