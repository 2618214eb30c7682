//! `cargo xtask sprt`: an engine change tested as engine authors test one. The build of the
//! working tree plays an older build (a git revision, built here, or a binary), both behind
//! UCI (`citadel uci`), on a clock, each random opening played with both colours, until the
//! sequential probability ratio test (`citadel match --sprt`) accepts or rejects the change.

use crate::{cargo, opt, run};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where the task keeps its builds: `target/sprt/`.
const DIR: &str = "target/sprt";

/// A copy of `exe` at `dir/name` (so that a later build does not change a running test or
/// tuning run).
pub(crate) fn keep(dir: &str, exe: &Path, name: &str) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{dir}: {e}"))?;
    let to = Path::new(dir).join(name);
    std::fs::copy(exe, &to).map_err(|e| format!("{} -> {}: {e}", exe.display(), to.display()))?;
    std::fs::canonicalize(&to).map_err(|e| format!("{}: {e}", to.display()))
}

/// The full commit hash of `rev`.
fn commit_of(rev: &str) -> Result<String, String> {
    let o = Command::new("git")
        .args(["rev-parse", "--verify", &format!("{rev}^{{commit}}")])
        .output()
        .map_err(|e| format!("git: {e}"))?;
    if !o.status.success() {
        return Err(format!("--base {rev}: neither a file nor a git revision"));
    }
    Ok(String::from_utf8_lossy(&o.stdout).trim().to_string())
}

/// The old build: `base` itself when it is a file, else the release binary of git revision
/// `base`, checked out in a worktree under [`DIR`] and built there.
fn base_binary(base: &str) -> Result<PathBuf, String> {
    if Path::new(base).is_file() {
        return std::fs::canonicalize(base).map_err(|e| format!("{base}: {e}"));
    }
    let commit = commit_of(base)?;
    let short = &commit[..12];
    let kept = Path::new(DIR).join(format!("citadel-{short}"));
    if kept.is_file() {
        return std::fs::canonicalize(&kept).map_err(|e| format!("{}: {e}", kept.display()));
    }
    let src = Path::new(DIR).join(format!("src-{short}"));
    if !src.exists() {
        run(
            "check out the base",
            Command::new("git")
                .args(["worktree", "add", "--detach"])
                .arg(&src)
                .arg(&commit),
        )?;
    }
    let target = std::fs::canonicalize(DIR)
        .map_err(|e| format!("{DIR}: {e}"))?
        .join("target");
    run(
        "build the base (release)",
        cargo()
            .current_dir(&src)
            .env("CARGO_TARGET_DIR", &target)
            .args(["build", "--release", "--quiet", "-p", "citadel-cli"]),
    )?;
    let built = keep(
        DIR,
        &target.join("release/citadel"),
        &format!("citadel-{short}"),
    )?;
    // the checkout is not needed once its binary is kept
    let _ = Command::new("git")
        .args(["worktree", "remove", "--force"])
        .arg(&src)
        .status();
    Ok(built)
}

/// Runs the test: `--base REV|PATH [--variant ID] [--sprt ELO0,ELO1[,ALPHA,BETA]] [--tc
/// BASE+INC] [--games N] [--seed S] [--out FILE]`.
pub fn sprt(args: &[String]) -> Result<(), String> {
    let base = opt(args, "--base").ok_or("sprt: --base REV|PATH is required")?;
    let variant = opt(args, "--variant").unwrap_or("chess");
    let bounds = opt(args, "--sprt").unwrap_or("0,5");
    let tc = opt(args, "--tc").unwrap_or("8+0.08");
    let games = opt(args, "--games").unwrap_or("20000");
    let seed = opt(args, "--seed").unwrap_or("1");
    std::fs::create_dir_all(DIR).map_err(|e| format!("{DIR}: {e}"))?;
    let old = base_binary(base)?;
    run(
        "build the working tree (release)",
        cargo().args(["build", "--release", "--quiet", "-p", "citadel-cli"]),
    )?;
    let new = keep(DIR, Path::new("target/release/citadel"), "citadel-new")?;
    let player = |exe: &Path| format!("uci:{} uci", exe.display());
    let mut cmd = Command::new(&new);
    cmd.args([
        "match",
        "--variant",
        variant,
        "--games",
        games,
        "--seed",
        seed,
    ])
    .args(["--engine", &player(&new), "--opponent", &player(&old)])
    .args(["--tc", tc, "--sprt", bounds]);
    if let Some(out) = opt(args, "--out") {
        cmd.args(["--out", out]);
    }
    run(&format!("SPRT {variant}: new against {base}"), &mut cmd)
}
