//! Project tasks, run as `cargo xtask <task>`:
//!
//! - `ci`: format check, clippy with `-D warnings`, the whole test suite (which includes the
//!   perft fixtures to their test depths and the snapshot tests), then the deep perft suite.
//! - `perft [ARGS]`: the deep perft suite in release mode: every depth of every fixture in
//!   `fixtures/perft/` (arguments go to `citadel suite`, e.g. `--variant chess --threads 2`).
//! - `bench`: the criterion benchmarks.

use std::process::{Command, ExitCode};

fn cargo() -> Command {
    Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
}

fn run(step: &str, cmd: &mut Command) -> Result<(), String> {
    eprintln!("xtask: {step}: {cmd:?}");
    let status = cmd
        .status()
        .map_err(|e| format!("{step}: cannot run: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{step} failed ({status})"))
    }
}

/// Whether a cargo subcommand (a rustup component) is installed.
fn has(sub: &str) -> bool {
    cargo()
        .args([sub, "--version"])
        .output()
        .is_ok_and(|o| o.status.success())
}

fn perft(extra: &[String]) -> Result<(), String> {
    run(
        "deep perft (release)",
        cargo()
            .args([
                "run",
                "--release",
                "--quiet",
                "-p",
                "citadel-cli",
                "--",
                "suite",
                "fixtures/perft",
            ])
            .args(extra),
    )
}

fn ci() -> Result<(), String> {
    if has("fmt") {
        run(
            "format check",
            cargo().args(["fmt", "--all", "--", "--check"]),
        )?;
    } else {
        eprintln!("xtask: rustfmt is not installed: format check skipped");
    }
    if has("clippy") {
        run(
            "clippy",
            cargo().args([
                "clippy",
                "--workspace",
                "--all-targets",
                "--",
                "-D",
                "warnings",
            ]),
        )?;
    } else {
        eprintln!("xtask: clippy is not installed: lint skipped");
    }
    run("tests", cargo().args(["test", "--workspace"]))?;
    perft(&[])
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("ci") => ci(),
        Some("perft") => perft(&args[1..]),
        Some("bench") => run(
            "benchmarks",
            cargo().args(["bench", "--workspace"]).args(&args[1..]),
        ),
        _ => {
            eprintln!(
                "usage: cargo xtask <ci | perft [--variant ID] [--threads N] | bench [ARGS]>"
            );
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}
