//! The Python package's step of `cargo xtask ci`: its format and lints (it is not a
//! workspace member, so that the workspace needs no Python), then a virtual environment
//! under `target/` with the package and its test dependencies installed from the package
//! registry, and its tests (which compare with the `citadel` binary built here).

use crate::{cargo, run};
use std::path::{Path, PathBuf};
use std::process::Command;

const MANIFEST: &str = "crates/python/Cargo.toml";

/// The target directory cargo uses here (absolute).
pub(crate) fn target_dir() -> Result<PathBuf, String> {
    let t = PathBuf::from(std::env::var("CARGO_TARGET_DIR").unwrap_or_else(|_| "target".into()));
    if t.is_absolute() {
        Ok(t)
    } else {
        let cwd = std::env::current_dir().map_err(|e| format!("current directory: {e}"))?;
        Ok(cwd.join(t))
    }
}

/// Builds the `citadel` binary (debug) that the Python checks run, and returns its path
/// under `target`.
pub(crate) fn citadel_debug(target: &Path, step: &str) -> Result<PathBuf, String> {
    run(step, cargo().args(["build", "-p", "citadel-cli"]))?;
    let name = if cfg!(windows) {
        "citadel.exe"
    } else {
        "citadel"
    };
    Ok(target.join("debug").join(name))
}

/// A program of the virtual environment at `venv`.
pub(crate) fn venv_bin(venv: &Path, name: &str) -> PathBuf {
    if cfg!(windows) {
        venv.join("Scripts").join(format!("{name}.exe"))
    } else {
        venv.join("bin").join(name)
    }
}

/// Lints, installs and tests the Python package.
pub fn python_tests() -> Result<(), String> {
    let target = target_dir()?;
    let own_target = target.join("python");
    run(
        "python package format check",
        cargo().args(["fmt", "--manifest-path", MANIFEST, "--", "--check"]),
    )?;
    run(
        "python package clippy",
        cargo()
            .args([
                "clippy",
                "--manifest-path",
                MANIFEST,
                "--all-targets",
                "--target-dir",
            ])
            .arg(&own_target)
            .args(["--", "-D", "warnings"]),
    )?;
    let venv = target.join("python-venv");
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
    run(
        "python virtual environment",
        Command::new(&python).args(["-m", "venv"]).arg(&venv),
    )?;
    // from the package registry: fails here when it cannot be reached
    run(
        "python package and test dependencies",
        Command::new(venv_bin(&venv, "python"))
            .args([
                "-m",
                "pip",
                "install",
                "--upgrade",
                "./crates/python",
                "pytest",
            ])
            .arg("dask[distributed]")
            .env("CARGO_TARGET_DIR", &own_target),
    )?;
    let exe = citadel_debug(&target, "the citadel binary for the python tests")?;
    run(
        "python tests",
        Command::new(venv_bin(&venv, "python"))
            .args(["-m", "pytest", "-q", "crates/python/tests"])
            .env("CITADEL_BIN", exe),
    )
}
