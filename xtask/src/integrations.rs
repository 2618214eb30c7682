//! The CI-integration step of `cargo xtask ci`: in the Python virtual environment under
//! `target/` (the one the Python package's step uses), junitparser, jsonschema, pre-commit
//! and PyYAML from the package registry, then `scripts/ci-integrations.py` with the
//! `citadel` binary built here: the JUnit reports read by a strict parser, the perft
//! fixtures against their JSON Schema, the pre-commit hook on real commits in a scratch
//! repository, and the GitHub Action's steps run as the runner runs them.

use crate::python::{citadel_debug, target_dir, venv_bin};
use crate::run;
use std::process::Command;

/// Installs the checkers and runs the integration checks.
pub fn integration_tests() -> Result<(), String> {
    let target = target_dir()?;
    let venv = target.join("python-venv");
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
    run(
        "python virtual environment",
        Command::new(&python).args(["-m", "venv"]).arg(&venv),
    )?;
    // from the package registry: fails here when it cannot be reached
    run(
        "integration checkers (junitparser, jsonschema, pre-commit, PyYAML)",
        Command::new(venv_bin(&venv, "python")).args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--upgrade",
            "junitparser",
            "jsonschema",
            "pre-commit",
            "pyyaml",
        ]),
    )?;
    let exe = citadel_debug(&target, "the citadel binary for the integration checks")?;
    run(
        "CI integrations (JUnit, fixture schema, pre-commit hook, GitHub Action)",
        Command::new(venv_bin(&venv, "python"))
            .arg("scripts/ci-integrations.py")
            .env("CITADEL_BIN", exe),
    )
}
