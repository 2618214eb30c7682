//! `cargo xtask train --game ID`: the whole path from self-play to a kept net, each step
//! timed.
//!
//! 1. **Data**: `citadel selfplay --data` in parts of `--chunk` games (`games-FIRST-N.cdata`
//!    under `target/nnue/ID/data-nNODES-oPLIES-sSEED/`); a part already there is kept, so a
//!    run can be stopped and resumed, and a larger `--games` adds parts to the same data.
//!    With `--scheduler tcp://HOST:8786` (or `--dask`: a local cluster) the parts are made on
//!    a Dask cluster by the Python package (`python -m citadel.dask data`), the same bytes,
//!    and the SPRT's games are played there too (`python -m citadel.dask match`).
//! 2. **Layout**: `citadel nnue layout`.
//! 3. **Training**: `trainer/train.py` in a virtual environment (`target/train-venv`, with
//!    `trainer/requirements.txt` from the package registry), written to
//!    `target/nnue/ID/ID.nnue` with its report.
//! 4. **Check**: `citadel nnue check` (the net fits the game and reproduces its trainer's
//!    evaluations).
//! 5. **SPRT**: the net against the hand-written evaluation, both in Citadel's engine at the
//!    same time a move, each random opening played with both colours (`citadel match
//!    --engine-net … --sprt`).
//! 6. **Kept**: when the test accepts the net (H1), it is copied to `nets/ID.nnue` with its
//!    report beside it (`nets/ID.json`); `--no-keep` leaves `nets/` alone.

use crate::python::{target_dir, venv_bin};
use crate::{cargo, opt, run};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// The settings of a run, from the command line.
struct Settings<'a> {
    game: &'a str,
    games: u64,
    chunk: u64,
    nodes: &'a str,
    opening_plies: &'a str,
    seed: &'a str,
    movetime: &'a str,
    sprt: &'a str,
    sprt_games: &'a str,
    trainer_args: Vec<String>,
    keep: bool,
    /// Make the data and play the SPRT on Dask: `Some(None)` a local cluster,
    /// `Some(Some(address))` a scheduler's.
    dask: Option<Option<&'a str>>,
}

fn number(args: &[String], flag: &str, default: u64) -> Result<u64, String> {
    match opt(args, flag) {
        None => Ok(default),
        Some(t) => t
            .parse()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("train: {flag} {t}: not a positive number")),
    }
}

/// Runs the path: `--game ID [--games N] [--chunk N] [--nodes N] [--opening-plies N]
/// [--seed S] [--epochs N] [--batch N] [--lr X] [--lambda X] [--movetime MS]
/// [--sprt ELO0,ELO1] [--sprt-games N] [--no-keep] [--scheduler ADDRESS | --dask]`.
pub fn train(args: &[String]) -> Result<(), String> {
    let game = opt(args, "--game").ok_or("train: --game ID is required")?;
    let mut trainer_args = Vec::new();
    for flag in ["--epochs", "--batch", "--lr", "--lambda"] {
        if let Some(v) = opt(args, flag) {
            trainer_args.extend([flag.to_string(), v.to_string()]);
        }
    }
    let s = Settings {
        game,
        games: number(args, "--games", 4000)?,
        chunk: number(args, "--chunk", 500)?,
        nodes: opt(args, "--nodes").unwrap_or("5000"),
        opening_plies: opt(args, "--opening-plies").unwrap_or("8"),
        seed: opt(args, "--seed").unwrap_or("1"),
        movetime: opt(args, "--movetime").unwrap_or("20"),
        sprt: opt(args, "--sprt").unwrap_or("0,10"),
        sprt_games: opt(args, "--sprt-games").unwrap_or("4000"),
        trainer_args,
        keep: !args.iter().any(|a| a == "--no-keep"),
        dask: match opt(args, "--scheduler") {
            Some(address) => Some(Some(address)),
            None => args.iter().any(|a| a == "--dask").then_some(None),
        },
    };
    let mut times: Vec<(&str, f64)> = Vec::new();
    let mut step = |name: &'static str, t: Instant| {
        let secs = t.elapsed().as_secs_f64();
        eprintln!("xtask: train: {name}: {secs:.0} s");
        times.push((name, secs));
    };

    let t = Instant::now();
    run(
        "build citadel (release)",
        cargo().args(["build", "--release", "--quiet", "-p", "citadel-cli"]),
    )?;
    let target = target_dir()?;
    let citadel = crate::sprt::keep(
        "target/nnue",
        &target.join("release/citadel"),
        "citadel-train",
    )?;
    step("build", t);

    let t = Instant::now();
    let dir = Path::new("target/nnue").join(s.game);
    let data = data(&citadel, &s, &dir)?;
    step("data", t);

    let t = Instant::now();
    let layout = dir.join("layout.json");
    let out = Command::new(&citadel)
        .args(["nnue", "layout", "--variant", s.game])
        .output()
        .map_err(|e| format!("citadel nnue layout: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "citadel nnue layout: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    write(&layout, &out.stdout)?;
    let python = trainer_python(&target)?;
    let net = dir.join(format!("{}.nnue", s.game));
    let report = dir.join(format!("{}.json", s.game));
    run(
        "train",
        Command::new(&python)
            .arg("trainer/train.py")
            .arg("--layout")
            .arg(&layout)
            .arg("--out")
            .arg(&net)
            .arg("--report")
            .arg(&report)
            .args(&s.trainer_args)
            .args(&data),
    )?;
    step("training", t);

    let t = Instant::now();
    run(
        "check the net",
        Command::new(&citadel)
            .args(["nnue", "check", "--variant", s.game])
            .arg(&net),
    )?;
    step("check", t);

    let t = Instant::now();
    let player = format!("movetime:{}", s.movetime);
    let records = dir.join("sprt.pgn");
    // the same match, on one core or on Dask's workers
    let mut sprt = match s.dask {
        None => {
            let mut cmd = Command::new(&citadel);
            cmd.arg("match");
            cmd
        }
        Some(scheduler) => {
            let mut cmd = Command::new(package_python()?);
            cmd.args(["-m", "citadel.dask", "match"]);
            match scheduler {
                Some(address) => cmd.args(["--scheduler", address]),
                None => cmd.args(["--workers", &workers().to_string()]),
            };
            cmd
        }
    };
    let verdict = sprt
        .args(["--variant", s.game, "--games", s.sprt_games])
        .args(["--engine", &player, "--opponent", &player])
        .arg("--engine-net")
        .arg(&net)
        .args(["--opening-plies", s.opening_plies, "--seed", s.seed])
        .args(["--sprt", s.sprt, "--out"])
        .arg(&records)
        .output()
        .map_err(|e| format!("the SPRT match: {e}"))?;
    let text = String::from_utf8_lossy(&verdict.stdout).to_string();
    eprint!("{}", String::from_utf8_lossy(&verdict.stderr));
    print!("{text}");
    if !verdict.status.success() {
        return Err(format!("the SPRT match failed ({})", verdict.status));
    }
    step("SPRT", t);

    let accepted = text.contains("H1 accepted");
    let total: f64 = times.iter().map(|(_, s)| s).sum();
    let summary: Vec<String> = times
        .iter()
        .map(|(n, secs)| format!("{n} {secs:.0} s"))
        .collect();
    println!("times: {} (total {total:.0} s)", summary.join(", "));
    if !accepted {
        println!(
            "{}: the net was not accepted by the SPRT; nets/ is unchanged (the net is {})",
            s.game,
            net.display()
        );
        return Ok(());
    }
    if !s.keep {
        println!("{}: the net passed; --no-keep: nets/ is unchanged", s.game);
        return Ok(());
    }
    std::fs::create_dir_all("nets").map_err(|e| format!("nets: {e}"))?;
    for (from, to) in [
        (net, format!("nets/{}.nnue", s.game)),
        (report, format!("nets/{}.json", s.game)),
    ] {
        std::fs::copy(&from, &to).map_err(|e| format!("{} -> {to}: {e}", from.display()))?;
    }
    println!(
        "{}: the net passed and is kept as nets/{}.nnue",
        s.game, s.game
    );
    Ok(())
}

/// The data files of the run, made where missing.
fn data(citadel: &Path, s: &Settings, dir: &Path) -> Result<Vec<PathBuf>, String> {
    let data = dir.join(format!(
        "data-n{}-o{}-s{}",
        s.nodes, s.opening_plies, s.seed
    ));
    std::fs::create_dir_all(&data).map_err(|e| format!("{}: {e}", data.display()))?;
    if let Some(scheduler) = s.dask {
        let python = package_python()?;
        let mut cmd = Command::new(python);
        cmd.args(["-m", "citadel.dask", "data", "--variant", s.game])
            .args([
                "--games",
                &s.games.to_string(),
                "--chunk",
                &s.chunk.to_string(),
            ])
            .args(["--nodes", s.nodes, "--opening-plies", s.opening_plies])
            .args(["--seed", s.seed, "--out"])
            .arg(&data);
        match scheduler {
            Some(address) => cmd.args(["--scheduler", address]),
            None => cmd.args(["--workers", &workers().to_string()]),
        };
        run("self-play data on Dask", &mut cmd)?;
    }
    let mut files = Vec::new();
    let mut first = 0;
    while first < s.games {
        let n = s.chunk.min(s.games - first);
        let file = data.join(format!("games-{first:06}-{n}.cdata"));
        if !file.is_file() {
            let part = file.with_extension("cdata.part");
            run(
                &format!("self-play games {first} to {}", first + n - 1),
                Command::new(citadel)
                    .args(["selfplay", "--variant", s.game, "--data"])
                    .arg(&part)
                    .args([
                        "--games",
                        &n.to_string(),
                        "--first-game",
                        &first.to_string(),
                    ])
                    .args(["--nodes", s.nodes, "--opening-plies", s.opening_plies])
                    .args(["--seed", s.seed]),
            )?;
            std::fs::rename(&part, &file)
                .map_err(|e| format!("{} -> {}: {e}", part.display(), file.display()))?;
        }
        files.push(file);
        first += n;
    }
    Ok(files)
}

/// The trainer's Python: `target/train-venv`, made and given `trainer/requirements.txt`
/// when it lacks PyTorch.
fn trainer_python(target: &Path) -> Result<PathBuf, String> {
    venv_with(
        &target.join("train-venv"),
        "import torch, numpy",
        &["-r", "trainer/requirements.txt"],
        "trainer requirements (PyTorch, NumPy)",
    )
}

/// Free disk space that installing PyTorch from PyPI takes: the wheels (about 3.5 GiB with
/// its CUDA libraries) and the installed package (about 5.4 GiB), with room to spare.
const TORCH_ROOM: u64 = 12 << 30;

/// The trainer's tests (`trainer/`, pytest), a step of `cargo xtask ci`. The tests of the
/// formats and integer arithmetic need NumPy only and always run; the PyTorch tests run
/// when PyTorch is installed in `target/train-venv`, or can be: when the disk lacks the
/// room PyTorch takes, they are skipped and this says so.
pub fn trainer_tests() -> Result<(), String> {
    let target = target_dir()?;
    let venv = target.join("train-venv");
    let python = venv_with(
        &venv,
        "import numpy, pytest",
        &["numpy>=1.24", "pytest"],
        "NumPy and pytest for the trainer's tests",
    )?;
    if !imports(&python, "import torch") {
        match free_bytes(&target) {
            Some(free) if free < TORCH_ROOM => eprintln!(
                "xtask: PyTorch is not installed, and installing it from PyPI takes about \
                 {} GiB where {} has {:.1} GiB free: the trainer's PyTorch tests are skipped \
                 (its NumPy tests run)",
                TORCH_ROOM >> 30,
                target.display(),
                free as f64 / (1u64 << 30) as f64
            ),
            _ => {
                trainer_python(&target)?;
            }
        }
    }
    run(
        "trainer tests",
        Command::new(&python).args(["-m", "pytest", "trainer", "-q", "-rs"]),
    )
}

/// The Python of `target/python-venv` with the package and Dask installed (the package is
/// built from `crates/python` when it is missing).
fn package_python() -> Result<PathBuf, String> {
    venv_with(
        &target_dir()?.join("python-venv"),
        "import citadel.dask, dask.distributed",
        &["./crates/python[dask]"],
        "the Python package with Dask",
    )
}

/// Whether `code` runs without error in `python`.
fn imports(python: &Path, code: &str) -> bool {
    Command::new(python)
        .args(["-c", code])
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The bytes free on the file system of `path`, from `df` (None when it cannot tell).
fn free_bytes(path: &Path) -> Option<u64> {
    let out = Command::new("df").arg("-Pk").arg(path).output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let kib: u64 = text
        .lines()
        .nth(1)?
        .split_whitespace()
        .nth(3)?
        .parse()
        .ok()?;
    Some(kib * 1024)
}

/// The Python of the virtual environment `venv`, made when missing and given `install`
/// (pip's arguments, from the package registry: this fails when it cannot be reached)
/// unless `check` already imports there. pip keeps no cache and unpacks under
/// `target/tmp`, on the build's file system, not in a `/tmp` that may be small.
fn venv_with(venv: &Path, check: &str, install: &[&str], step: &str) -> Result<PathBuf, String> {
    let python = venv_bin(venv, "python");
    if imports(&python, check) {
        return Ok(python);
    }
    if !python.exists() {
        let system = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
        run(
            "python virtual environment",
            Command::new(&system).args(["-m", "venv"]).arg(venv),
        )?;
    }
    let tmp = target_dir()?.join("tmp");
    std::fs::create_dir_all(&tmp).map_err(|e| format!("{}: {e}", tmp.display()))?;
    run(
        step,
        Command::new(&python)
            .args(["-m", "pip", "install", "--quiet", "--no-cache-dir"])
            .args(install)
            .env("TMPDIR", &tmp),
    )?;
    Ok(python)
}

/// Workers of a local Dask cluster: one per core.
fn workers() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}
