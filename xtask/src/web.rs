//! The play page: `cargo xtask web` builds it into `target/web/` (the WebAssembly package
//! under `pkg/`, the page's files at the root), and `cargo xtask web-test` (a step of `ci`)
//! drives it in headless Chromium (`web/tests/browser.py`, with Selenium from the package
//! registry in a virtual environment under `target/`).
//!
//! Building needs the `wasm32-unknown-unknown` target and the `wasm-bindgen` command of the
//! same version as the `wasm-bindgen` crate; the test needs Chromium and its driver. When one
//! is missing the step fails with the command that installs it.

use crate::python::{citadel_debug, target_dir, venv_bin};
use crate::{cargo, run};
use std::path::{Path, PathBuf};
use std::process::Command;

const TARGET: &str = "wasm32-unknown-unknown";
/// The page's own files, copied to the root of `target/web/`.
const PAGE: [&str; 4] = ["index.html", "app.js", "style.css", "example.html"];
/// The package's JavaScript beside the generated bindings: the engine's worker.
const PACKAGE_JS: [&str; 3] = ["search.js", "search.d.ts", "search-worker.js"];

/// The version of the `wasm-bindgen` crate in `Cargo.lock`, which the command must match.
fn bindgen_version() -> Result<String, String> {
    let lock = std::fs::read_to_string("Cargo.lock").map_err(|e| format!("Cargo.lock: {e}"))?;
    let mut lines = lock.lines();
    while let Some(l) = lines.next() {
        if l == "name = \"wasm-bindgen\"" {
            if let Some(v) = lines.next().and_then(|v| v.strip_prefix("version = \"")) {
                return Ok(v.trim_end_matches('"').to_string());
            }
        }
    }
    Err("Cargo.lock has no wasm-bindgen package".into())
}

/// Fails with the commands that install what the build needs, if something is missing.
fn check_tools(version: &str) -> Result<(), String> {
    let installed = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .map(|o| {
            String::from_utf8_lossy(&o.stdout)
                .lines()
                .any(|l| l == TARGET)
        })
        // without rustup the build below tells whether the target is there
        .unwrap_or(true);
    if !installed {
        return Err(format!(
            "the WebAssembly target is not installed: run `rustup target add {TARGET}`"
        ));
    }
    let found = Command::new("wasm-bindgen")
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    match found {
        Some(v) if v.split_whitespace().nth(1) == Some(version) => Ok(()),
        Some(v) => Err(format!(
            "`wasm-bindgen --version` says `{v}`, the crate is {version}: run \
             `cargo install wasm-bindgen-cli --version {version} --force`"
        )),
        None => Err(format!(
            "the `wasm-bindgen` command is not installed: run \
             `cargo install wasm-bindgen-cli --version {version}`"
        )),
    }
}

fn copy(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::copy(from, to)
        .map(drop)
        .map_err(|e| format!("copy {} to {}: {e}", from.display(), to.display()))
}

/// Builds the page into `target/web/` and returns that directory.
pub fn build() -> Result<PathBuf, String> {
    let version = bindgen_version()?;
    check_tools(&version)?;
    let target = target_dir()?;
    run(
        "the WebAssembly package (release)",
        cargo().args([
            "build",
            "-p",
            "citadel-wasm",
            "--release",
            "--target",
            TARGET,
        ]),
    )?;
    let wasm = target
        .join(TARGET)
        .join("release")
        .join("citadel_wasm.wasm");
    let out = target.join("web");
    let pkg = out.join("pkg");
    if out.exists() {
        std::fs::remove_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    }
    std::fs::create_dir_all(&pkg).map_err(|e| format!("{}: {e}", pkg.display()))?;
    // `--weak-refs`: objects the page drops are freed by the garbage collector
    run(
        "JavaScript bindings",
        Command::new("wasm-bindgen")
            .args(["--target", "web", "--weak-refs", "--out-dir"])
            .arg(&pkg)
            .arg(&wasm),
    )?;
    for f in PACKAGE_JS {
        copy(&Path::new("crates/wasm/js").join(f), &pkg.join(f))?;
    }
    for f in PAGE {
        copy(&Path::new("web").join(f), &out.join(f))?;
    }
    let size = std::fs::metadata(pkg.join("citadel_wasm_bg.wasm"))
        .map(|m| m.len())
        .unwrap_or(0);
    eprintln!(
        "xtask: web: built {} ({:.2} MB of WebAssembly); serve it with \
         `python3 -m http.server -d {} 8000` and open http://localhost:8000/",
        out.display(),
        size as f64 / 1e6,
        out.display()
    );
    Ok(out)
}

/// Builds the page and drives it in headless Chromium; `args` go to the test script
/// (`--bench` also times the engine in the browser against the native binary).
pub fn test(args: &[String]) -> Result<(), String> {
    let chromium = ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|c| on_path(c));
    if chromium.is_none() || !on_path("chromedriver") {
        return Err("the browser test needs Chromium and its driver: run \
             `sudo apt-get install chromium chromium-driver`"
            .into());
    }
    let web = build()?;
    let target = target_dir()?;
    let venv = target.join("web-venv");
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
    if !venv_bin(&venv, "python").exists() {
        run(
            "browser test virtual environment",
            Command::new(&python).args(["-m", "venv"]).arg(&venv),
        )?;
    }
    // from the package registry: fails here when it cannot be reached
    run(
        "selenium",
        Command::new(venv_bin(&venv, "python"))
            .args(["-m", "pip", "install", "--quiet", "selenium"]),
    )?;
    let exe = citadel_debug(&target, "the citadel binary for the browser test")?;
    let mut cmd = Command::new(venv_bin(&venv, "python"));
    cmd.arg("web/tests/browser.py")
        .arg("--web")
        .arg(&web)
        .arg("--citadel")
        .arg(&exe)
        .arg("--out")
        .arg(target.join("web-test"))
        .args(args);
    if let Some(c) = chromium {
        cmd.arg("--chromium").arg(c);
    }
    run("browser test", &mut cmd)
}

/// Whether `name` is a program on the `PATH`.
fn on_path(name: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(name).is_file()))
}
