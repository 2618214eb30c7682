//! What the CLI's end-to-end tests share: running the binary, the workspace root, scratch
//! directories. Each test file uses a part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The workspace root (fixture paths are named and printed from there).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `citadel` with `args` (at the workspace root if `at_root`, else in the crate's
/// directory) and stdout sent to `stdout`; returns (exit code, stdout bytes, stderr).
pub fn run_raw(args: &[&str], at_root: bool, stdout: Stdio) -> (i32, Vec<u8>, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_citadel"));
    if at_root {
        cmd.current_dir(root());
    }
    let out = cmd
        .args(args)
        .stdout(stdout)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `citadel` with `args` in the crate's directory; returns (exit code, stdout, stderr).
pub fn citadel(args: &[&str]) -> (i32, String, String) {
    let (code, out, err) = run_raw(args, false, Stdio::piped());
    (code, String::from_utf8_lossy(&out).into_owned(), err)
}

/// Runs `citadel` with `args` at the workspace root; returns (exit code, stdout, stderr).
pub fn citadel_at_root(args: &[&str]) -> (i32, String, String) {
    let (code, out, err) = run_raw(args, true, Stdio::piped());
    (code, String::from_utf8_lossy(&out).into_owned(), err)
}

/// A fresh scratch directory for one test (named for the test file's `kind`, the process
/// and `name`, so parallel tests never share one).
pub fn scratch(kind: &str, name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("citadel-{kind}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch directory");
    d
}
