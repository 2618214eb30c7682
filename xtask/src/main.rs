//! Project tasks, run as `cargo xtask <task>`:
//!
//! - `ci`: format check, clippy with `-D warnings`, the whole test suite (which includes the
//!   perft fixtures to their test depths and the snapshot tests), the crates that stand alone
//!   built and tested without their optional features (geometry, pieces and rules without
//!   `serde`, search without `notation`), the documentation without warnings, the README's
//!   Rust examples checked to be crate README examples (doctests), the consumer outside the
//!   workspace (`examples/consumer/`, one program per crate) built and run, every crate
//!   packaged as for publishing (`cargo package --workspace`, offline from the local index),
//!   the Python package (`crates/python`, outside the workspace) formatted, linted, installed
//!   into a virtual environment under `target/` with pytest and `dask[distributed]` from the
//!   package registry and tested, the CI integrations checked in the same environment
//!   (`integrations.rs`: JUnit reports read by junitparser, the perft fixtures against
//!   their JSON Schema, the pre-commit hook on real commits, the GitHub Action's steps),
//!   the play page built and tested in headless Chromium (`web.rs`), then the deep perft
//!   suite.
//! - `perft [ARGS]`: the deep perft suite in release mode: every depth of every fixture in
//!   `fixtures/perft/` (arguments go to `citadel suite`, e.g. `--variant chess --threads 2`).
//! - `python`: the Python package's step of `ci` alone.
//! - `integrations`: the CI-integration step of `ci` alone.
//! - `web`: the play page and the WebAssembly package built into `target/web/` (`web.rs`).
//! - `web-test [--bench NATIVE]`: the page built and tested in headless Chromium, the
//!   browser step of `ci` (with `--bench`: the engine in the browser timed against the
//!   native binary `NATIVE`).
//! - `bench`: the criterion benchmarks.
//! - `compare [--runs N] [--quick] [--validation-only | --no-validation] [--threads-curve]
//!   [--citadel EXE] [--stockfish EXE] [--fairy-stockfish EXE] [--persianchess DIR]`:
//!   `citadel validate` on seeded self-play files timed against a validator on shakmaty +
//!   pgn-reader (`bench/pgn-reference`) and pgn-extract when installed, at 1, 2, 4 … threads
//!   up to the machine's cores (`--threads-curve`: only that), the chess games written as an
//!   archive and read back, and plies per second for every game (`validation.rs`); then
//!   Citadel's perft (release, one thread) timed against shakmaty's (chess) and the engines
//!   installed — Stockfish and Fairy-Stockfish (`/usr/games/...`) over UCI `go perft N`, the
//!   inventor's PersianChess through `scripts/persianchess-uci.mjs` when a checkout is given
//!   (or `PERSIANCHESS` is set) — runs alternating, median times and ratios; absent engines
//!   are skipped; a node count that differs from Citadel's fails the task.
//! - `match --variant ID|all [--games N] [--movetime MS] [--strong D] [--weak D] [--seed S]
//!   [--out DIR] [--base PATH [--threads N] [--base-threads N]]`: the engine in release mode
//!   against (a) a random mover at `MS` per move and (b) itself at depth `D` against depth `D'`, colours alternating; prints one summary
//!   line per match. With `--out` the games are written as PGN (`DIR/<id>-random.pgn`,
//!   `DIR/<id>-depth.pgn`) and, where the CLI has `validate`, replayed through it. With
//!   `--base PATH` it instead plays the engine at `MS` per move against another build of
//!   `citadel` (PATH, e.g. a copy of an older release binary, driven through `citadel uci`)
//!   at the same time per move: the new-against-old test of an engine change. There
//!   `--threads N` gives the new engine N threads and `--base-threads N` the old one (if it
//!   has a `Threads` option).
//! - `tune --variant ID[,ID...] [--games N] [--depth D] [--seed S] [--match-games M]
//!   [--match-depth D] [--weights]`: material values (with `--weights`: the evaluation's
//!   positional weights) learnt from self-play (Texel's method, see `tune.rs`): self-play,
//!   fit, and a match of the fitted numbers against the engine's own.
//! - `sprt --base REV|PATH [--variant ID] [--sprt ELO0,ELO1[,ALPHA,BETA]] [--tc BASE+INC]
//!   [--games N] [--seed S] [--out FILE]`: the release build of the working tree against an
//!   older one (git revision `REV`, built under `target/sprt/`, or a binary), both over UCI,
//!   on a clock (default `8+0.08`), until the sequential probability ratio test (default
//!   `0,5`, error rates 0.05) accepts or rejects the change (`sprt.rs`).
//! - `spsa [--variant ID] [--iterations N] [--pairs P] [--tc BASE+INC] [--params NAME,...]
//!   [--r-end R] [--seed S] [--binary PATH] [--out FILE]`: the search's tunable numbers (the
//!   engine's UCI spin options) tuned by SPSA from matches of the release build against
//!   itself, both behind UCI (default 200 iterations of 4 game pairs at `2+0.02`); prints the
//!   tuned numbers as `Name=value,...` and the SPRT command that tests them (`spsa.rs`).
//! - `fuzz [--seconds N] [TARGET...]`: the cargo-fuzz targets of `fuzz/` (`fen`, `san`,
//!   `pgn`, `archive`, `page`, `uci`, `xboard`; default all), each for `N` seconds (default 60), on the nightly
//!   toolchain, with corpora seeded from `fixtures/` (in `fuzz/corpus/`, not committed).
//!   Needs `cargo install cargo-fuzz`.

mod compare;
mod integrations;
mod python;
mod schema;
mod sprt;
mod spsa;
mod train;
mod tune;
mod validation;
mod web;

use citadel_rules::Variant;
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
    schema::schema(&["--check".to_string()])?;
    run("tests", cargo().args(["test", "--workspace"]))?;
    // The rules' own tests read FEN through citadel-notation (a dev-dependency that needs
    // serde), so without serde the rules library is checked and geometry/pieces are tested.
    run(
        "geometry and pieces without serde",
        cargo().args([
            "test",
            "-p",
            "citadel-geometry",
            "-p",
            "citadel-pieces",
            "--no-default-features",
        ]),
    )?;
    run(
        "rules without serde",
        cargo().args([
            "check",
            "-p",
            "citadel-rules",
            "--lib",
            "--no-default-features",
        ]),
    )?;
    run(
        "diagram without PNG (the SVG alone, as the WebAssembly package builds it)",
        cargo().args([
            "check",
            "-p",
            "citadel-diagram",
            "--lib",
            "--no-default-features",
        ]),
    )?;
    run(
        "search without notation",
        cargo().args(["check", "-p", "citadel-search", "--all-targets"]),
    )?;
    run(
        "documentation",
        cargo()
            .args(["doc", "--workspace", "--no-deps"])
            .env("RUSTDOCFLAGS", "-D warnings"),
    )?;
    readme_examples()?;
    for bin in [
        "geometry", "pieces", "rules", "notation", "position", "search", "engine",
    ] {
        run(
            "the consumer outside the workspace",
            cargo()
                .args(["run", "--quiet", "--manifest-path"])
                .arg("examples/consumer/Cargo.toml")
                .args(["--target-dir", "target/consumer", "--bin", bin]),
        )?;
    }
    python::python_tests()?;
    integrations::integration_tests()?;
    web::test(&[])?;
    forget_packaged_sources()?;
    forget_packaged_builds()?;
    run(
        "package",
        cargo().args([
            "package",
            "--workspace",
            "--exclude",
            "xtask",
            // not published: its JavaScript package is built by `cargo xtask web`
            "--exclude",
            "citadel-wasm",
            "--offline",
            "--allow-dirty",
            "--target-dir",
            PACKAGE_TARGET,
        ]),
    )?;
    perft(&[])?;
    second_build_is_fresh()?;
    // Last: PyTorch, when there is room for it, is the largest thing CI installs.
    train::trainer_tests()
}

/// Checks that a second release build of the CLI with nothing changed compiles nothing: no
/// build script may name a path that makes Cargo re-run it (and then rebuild every crate
/// above it, and relink the binary with fat LTO) on every build.
fn second_build_is_fresh() -> Result<(), String> {
    let step = "a second release build compiles nothing";
    let build = || {
        cargo()
            .args(["build", "--release", "-p", "citadel-cli"])
            .output()
            .map_err(|e| format!("{step}: cannot run cargo: {e}"))
    };
    let first = build()?;
    if !first.status.success() {
        return Err(format!(
            "{step}: the release build failed:\n{}",
            String::from_utf8_lossy(&first.stderr)
        ));
    }
    let second = build()?;
    let log = String::from_utf8_lossy(&second.stderr);
    let rebuilt: Vec<&str> = log
        .lines()
        .filter(|l| l.trim_start().starts_with("Compiling"))
        .collect();
    if !second.status.success() || !rebuilt.is_empty() {
        return Err(format!("{step}: it did not:\n{log}"));
    }
    eprintln!("xtask: {step}: yes");
    Ok(())
}

/// Checks that every Rust example of the root README is, verbatim, an example of one of the
/// crates' READMEs (which run as doctests): the README shows only code that is tested.
fn readme_examples() -> Result<(), String> {
    let blocks = |text: &str, fence: &str| -> Vec<String> {
        let mut out = Vec::new();
        let mut lines = text.lines();
        while let Some(l) = lines.next() {
            if l.trim_end() == fence {
                let body: Vec<&str> = lines
                    .by_ref()
                    .take_while(|l| l.trim_end() != "```")
                    .collect();
                out.push(body.join("\n"));
            }
        }
        out
    };
    let read = |p: &str| std::fs::read_to_string(p).map_err(|e| format!("{p}: {e}"));
    let mut tested = Vec::new();
    let crates = std::fs::read_dir("crates").map_err(|e| format!("crates: {e}"))?;
    for dir in crates.flatten() {
        let readme = dir.path().join("README.md");
        if let Ok(text) = std::fs::read_to_string(&readme) {
            tested.extend(blocks(&text, "```"));
        }
    }
    let root = read("README.md")?;
    let shown = blocks(&root, "```rust");
    for (n, code) in shown.iter().enumerate() {
        if !tested.iter().any(|t| t == code) {
            return Err(format!(
                "README.md: Rust example {} is not an example of any crate README (so it is not tested)",
                n + 1
            ));
        }
    }
    eprintln!(
        "xtask: README examples: {} of {} found in the crates' READMEs",
        shown.len(),
        shown.len()
    );
    Ok(())
}

/// Where `cargo package` builds the packaged crates to verify them (apart from the workspace's
/// own builds, so that clearing its stale crates below leaves those alone).
const PACKAGE_TARGET: &str = "target/package-verify";

/// Removes the builds of this workspace's crates from the last packaging.
///
/// The packaged crates are verified as registry crates, and cargo takes a registry crate of
/// the same name and version for unchanged and reuses its build: without this, a crate would
/// be verified against its siblings' builds from an earlier packaging (an API added to
/// `citadel-pieces` since then was reported missing by `citadel-rules`). Only the
/// fingerprints named for our crates (`citadel-…`) go; the dependencies stay built.
fn forget_packaged_builds() -> Result<(), String> {
    let dir = std::path::Path::new(PACKAGE_TARGET)
        .join("debug")
        .join(".fingerprint");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Ok(());
    };
    for e in entries.flatten() {
        if e.file_name().to_string_lossy().starts_with("citadel-") {
            std::fs::remove_dir_all(e.path())
                .map_err(|err| format!("{}: {err}", e.path().display()))?;
        }
    }
    Ok(())
}

/// Removes cargo's extracted copies of this workspace's packaged crates.
///
/// `cargo package --workspace` verifies each crate against its siblings' tarballs through a
/// temporary local registry, which cargo unpacks into `$CARGO_HOME/registry/src/-HASH/`. The
/// hash depends only on the checkout's path, and cargo reuses an unpacked `NAME-VERSION`
/// directory it finds there, so a checkout packaged before (same path, same version) would be
/// verified against the old sources. Only local registries (`-HASH`, never crates.io's
/// `index.…`) and only directories named for our crates (`citadel-…`) are removed.
fn forget_packaged_sources() -> Result<(), String> {
    let home = std::env::var_os("CARGO_HOME")
        .map(std::path::PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| std::path::Path::new(&h).join(".cargo")));
    let Some(src) = home.map(|h| h.join("registry").join("src")) else {
        return Ok(());
    };
    let Ok(registries) = std::fs::read_dir(&src) else {
        return Ok(());
    };
    for registry in registries.flatten() {
        if !registry.file_name().to_string_lossy().starts_with('-') {
            continue;
        }
        let Ok(crates) = std::fs::read_dir(registry.path()) else {
            continue;
        };
        for krate in crates.flatten() {
            if krate.file_name().to_string_lossy().starts_with("citadel-") {
                std::fs::remove_dir_all(krate.path())
                    .map_err(|e| format!("{}: {e}", krate.path().display()))?;
            }
        }
    }
    Ok(())
}

/// The value after `flag` in `args`, if any.
fn opt<'a>(args: &'a [String], flag: &str) -> Option<&'a str> {
    args.iter()
        .position(|a| a == flag)
        .and_then(|i| args.get(i + 1))
        .map(String::as_str)
}

fn engine_match(args: &[String]) -> Result<(), String> {
    let variant = opt(args, "--variant").ok_or("match: --variant ID (or all) is required")?;
    let games = opt(args, "--games").unwrap_or("20");
    let movetime = opt(args, "--movetime").unwrap_or("100");
    let strong = opt(args, "--strong").unwrap_or("4");
    let weak = opt(args, "--weak").unwrap_or("2");
    let seed = opt(args, "--seed").unwrap_or("1");
    let out = opt(args, "--out");
    let base = opt(args, "--base");
    let threads = opt(args, "--threads").unwrap_or("1");
    let base_threads = opt(args, "--base-threads");
    run(
        "build (release)",
        cargo().args(["build", "--release", "--quiet", "-p", "citadel-cli"]),
    )?;
    let exe = std::path::Path::new("target/release/citadel");
    let ids: Vec<String> = if variant == "all" {
        let o = Command::new(exe)
            .arg("variants")
            .output()
            .map_err(|e| format!("cannot run citadel: {e}"))?;
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .filter_map(|l| l.split_whitespace().next().map(str::to_string))
            .collect()
    } else {
        vec![variant.to_string()]
    };
    if let Some(dir) = out {
        std::fs::create_dir_all(dir).map_err(|e| format!("{dir}: {e}"))?;
    }
    let has_validate = Command::new(exe)
        .args(["help", "validate"])
        .output()
        .is_ok_and(|o| o.status.success());
    if let Some(base) = base {
        let mut opponent = format!("uci:{base} uci");
        if let Some(t) = base_threads {
            opponent.push_str(&format!(":Threads={t}"));
        }
        for id in &ids {
            let mut cmd = Command::new(exe);
            cmd.args(["match", "--variant", id, "--games", games, "--seed", seed]);
            cmd.args([
                "--engine",
                &format!("movetime:{movetime}"),
                "--opponent",
                &opponent,
            ]);
            cmd.args(["--movetime", movetime, "--engine-threads", threads]);
            let pgn = out.map(|d| format!("{d}/{id}-base.pgn"));
            if let Some(p) = &pgn {
                cmd.args(["--out", p]);
            }
            let status = cmd
                .status()
                .map_err(|e| format!("cannot run citadel: {e}"))?;
            if !status.success() {
                return Err(format!("match {id} against {base} failed ({status})"));
            }
            if let (Some(p), true) = (&pgn, has_validate) {
                run("validate", Command::new(exe).args(["validate", p]))?;
            }
        }
        return Ok(());
    }
    for id in &ids {
        for (kind, engine, opponent) in [
            (
                "random",
                format!("movetime:{movetime}"),
                "random".to_string(),
            ),
            ("depth", format!("depth:{strong}"), format!("depth:{weak}")),
        ] {
            let mut cmd = Command::new(exe);
            cmd.args(["match", "--variant", id, "--games", games, "--seed", seed]);
            cmd.args(["--engine", &engine, "--opponent", &opponent]);
            let pgn = out.map(|d| format!("{d}/{id}-{kind}.pgn"));
            if let Some(p) = &pgn {
                cmd.args(["--out", p]);
            }
            let status = cmd
                .status()
                .map_err(|e| format!("cannot run citadel: {e}"))?;
            if !status.success() {
                return Err(format!("match {id} {kind} failed ({status})"));
            }
            if let (Some(p), true) = (&pgn, has_validate) {
                run("validate", Command::new(exe).args(["validate", p]))?;
            }
        }
    }
    Ok(())
}

/// The cargo-fuzz targets in `fuzz/fuzz_targets/`.
const FUZZ_TARGETS: [&str; 7] = ["fen", "san", "pgn", "archive", "page", "uci", "xboard"];

/// Files under `dir` (recursively) whose name ends with `ext`, sorted.
fn files_under(dir: &std::path::Path, ext: &str) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    if let Ok(rd) = std::fs::read_dir(dir) {
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                out.extend(files_under(&p, ext));
            } else if p.to_string_lossy().ends_with(ext) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Seeds `fuzz/corpus/<target>` from the fixtures.
fn seed_corpus(target: &str) -> Result<std::path::PathBuf, String> {
    let dir = std::path::Path::new("fuzz/corpus").join(target);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let put = |name: String, bytes: &[u8]| {
        std::fs::write(dir.join(name), bytes).map_err(|e| format!("corpus: {e}"))
    };
    let games = files_under(std::path::Path::new("fixtures/games"), ".pgn");
    // the games in `Variant::ALL`'s order (the `games!` list of `citadel-rules`)
    let ids: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
    match target {
        "fen" => {
            for f in files_under(std::path::Path::new("fixtures/perft"), ".json") {
                let text = std::fs::read_to_string(&f).map_err(|e| e.to_string())?;
                let id = f
                    .file_stem()
                    .map_or(String::new(), |s| s.to_string_lossy().into());
                // the target picks the game by its first byte, in `Variant::ALL`'s order
                let Some(pick) = ids.iter().position(|i| *i == id) else {
                    return Err(format!("{}: no game has the id `{id}`", f.display()));
                };
                let pick = pick as u8;
                for (n, line) in text.lines().filter(|l| l.contains("\"fen\"")).enumerate() {
                    let fen = line.split('"').nth(3).unwrap_or("");
                    let mut bytes = vec![pick];
                    bytes.extend_from_slice(fen.as_bytes());
                    put(format!("{id}-{n}"), &bytes)?;
                }
            }
        }
        "san" => {
            for (n, text) in ["e4", "Nf3", "O-O", "exd5", "e8=Q", "Sh2", "f2-i2", "g3g4"]
                .iter()
                .enumerate()
            {
                for pick in 0..ids.len() as u8 {
                    let mut bytes = vec![pick, 4, 1, 2, 3, 4];
                    bytes.extend_from_slice(text.as_bytes());
                    put(format!("{n}-{pick}"), &bytes)?;
                }
            }
        }
        "page" => {
            // one game per seed, and records whose text would end a script block
            for f in &games {
                let text = std::fs::read_to_string(f).map_err(|e| e.to_string())?;
                let name = f.to_string_lossy().replace('/', "_");
                for (n, game) in split_games(&text).iter().enumerate() {
                    put(format!("{name}-{n}"), format!("title\n{game}").as_bytes())?;
                }
            }
            put(
                "hostile".into(),
                b"</script><!--\n[Event \"</script><script>\"]\n[Variant \"chess\"]\n\n\
                  1. e4 {<!-- </SCRIPT> -->} e5 *\n",
            )?;
        }
        "uci" | "xboard" => {
            for (n, session) in protocol_seeds(target).iter().enumerate() {
                put(format!("session-{n}"), session.as_bytes())?;
            }
        }
        "pgn" => {
            // one game per seed: small inputs keep the target fast
            for f in &games {
                let text = std::fs::read_to_string(f).map_err(|e| e.to_string())?;
                let name = f.to_string_lossy().replace('/', "_");
                for (n, game) in split_games(&text).iter().enumerate() {
                    put(format!("{name}-{n}"), game.as_bytes())?;
                }
            }
        }
        "archive" => {
            for f in &games {
                let name = f.to_string_lossy().replace('/', "_");
                let out = dir.join(format!("{name}.bin"));
                let ok = cargo()
                    .args([
                        "run",
                        "--release",
                        "--quiet",
                        "-p",
                        "citadel-cli",
                        "--",
                        "pack",
                    ])
                    .arg(f)
                    .arg("-o")
                    .arg(&out)
                    .output()
                    .is_ok_and(|o| o.status.success());
                if !ok {
                    let _ = std::fs::remove_file(&out);
                }
            }
        }
        _ => return Err(format!("unknown fuzz target `{target}`")),
    }
    Ok(dir)
}

/// Protocol sessions for the `uci` and `xboard` targets: real command lines, the ones that
/// once hung or crashed the engine among them, one session per seed.
fn protocol_seeds(target: &str) -> Vec<String> {
    let uci: &[&str] = &[
        "uci\nisready\nucinewgame\nposition startpos moves e2e4 e7e5\ngo depth 3\nisready\n",
        "uci\nsetoption name UCI_Variant value celtic-citadel\nposition startpos\ngo movetime 50\n",
        "position startpos\ngo mate 2\ngo searchmoves a2a3 b2b3 movetime 50\ngo movetime 50 foo\n",
        "setoption name MultiPV value 3\nposition startpos\ngo depth 4\n",
        "setoption name Move Overhead value 100\ngo wtime 1000 btime 1000 winc 0 binc 0\n",
        "go wtime 99999999999999999999 btime 1 movestogo 0\ngo movetime 18446744073709551615\n",
        "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo depth 3\n",
        "go infinite\nposition startpos moves e2e4\nstop\nquit\n",
        "setoption name UCI_Variant value tamerlane\nposition startpos\ngo nodes 500\n",
        "setoption name UCI_Variant value byzantine\nposition startpos\ngo depth 2\n",
        "\u{fffd}\u{fffd} x\nisready\nsetoption name Clear Hash\n",
    ];
    let xboard: &[&str] = &[
        "xboard\nprotover 2\nnew\nsd 2\nusermove e2e4\n",
        "xboard\nprotover 2\nnew\nvariant celtic-citadel\nforce\nusermove g3g5\ngo\n",
        "new\nst 99999999999999999999\nst 1e300\nst inf\nlevel 1 1 1e300\nst 1e19\ngo\n",
        "new\nlevel 40 5 0\ntime 100000000000000000000\notim 12\ngo\n?\n",
        "new\nanalyze\n.\nusermove e2e4\n.\nundo\nexit\nquit\n",
        "new\nnps 1000\nst 1\ngo\nforce\nsetboard 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\ngo\n",
        "variant tamerlane\nvariant byzantine\nvariant courier\nvariant mini-citadel\ngo\n",
        "new\nforce\ne2e4\ne7e5\nremove\nplayother\nd2d4\nresult 1-0 {done}\n",
    ];
    let lines = if target == "uci" { uci } else { xboard };
    lines.iter().map(|s| s.to_string()).collect()
}

/// The games of a PGN text, each from its first tag to the end of its movetext.
fn split_games(text: &str) -> Vec<String> {
    let mut games: Vec<String> = Vec::new();
    let mut in_movetext = true;
    for line in text.lines() {
        let tag = line.starts_with('[');
        if tag && in_movetext {
            games.push(String::new());
        }
        if !line.trim().is_empty() {
            in_movetext = !tag;
        }
        match games.last_mut() {
            Some(g) => {
                g.push_str(line);
                g.push('\n');
            }
            None => games.push(format!("{line}\n")),
        }
    }
    games
}

/// The longest input libFuzzer may build for `target`: a few games for PGN (whose target
/// replays every game several times), long lines for the others.
fn max_len(target: &str) -> usize {
    match target {
        "pgn" | "page" | "uci" | "xboard" => 4096,
        _ => 65536,
    }
}

fn fuzz(args: &[String]) -> Result<(), String> {
    let mut seconds = "60".to_string();
    let mut targets = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--seconds" => seconds = it.next().ok_or("--seconds needs a number")?.clone(),
            t => targets.push(t.to_string()),
        }
    }
    if seconds.parse::<u32>().map_or(true, |s| s == 0) {
        return Err(format!("--seconds {seconds}: expected a number from 1"));
    }
    if targets.is_empty() {
        targets = FUZZ_TARGETS.iter().map(|t| t.to_string()).collect();
    }
    for t in &targets {
        let corpus = seed_corpus(t)?;
        run(
            &format!("fuzz {t}"),
            Command::new("cargo")
                .args(["+nightly", "fuzz", "run", "--sanitizer", "none", "-a", t])
                .arg(&corpus)
                .args([
                    "--",
                    &format!("-max_total_time={seconds}"),
                    "-print_final_stats=1",
                    &format!("-max_len={}", max_len(t)),
                ]),
        )?;
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("ci") => ci(),
        Some("perft") => perft(&args[1..]),
        Some("schema") => schema::schema(&args[1..]),
        Some("python") => python::python_tests(),
        Some("integrations") => integrations::integration_tests(),
        Some("web") => web::build().map(drop),
        Some("web-test") => web::test(&args[1..]),
        Some("match") => engine_match(&args[1..]),
        Some("fuzz") => fuzz(&args[1..]),
        Some("compare") => compare::compare(&args[1..]),
        Some("tune") => tune::tune(&args[1..]),
        Some("sprt") => sprt::sprt(&args[1..]),
        Some("spsa") => spsa::spsa(&args[1..]),
        Some("train") => train::train(&args[1..]),
        Some("trainer") => train::trainer_tests(),
        Some("bench") => run(
            "benchmarks",
            cargo().args(["bench", "--workspace"]).args(&args[1..]),
        ),
        _ => {
            eprintln!(
                "usage: cargo xtask <ci | perft [--variant ID] [--threads N] | schema [--check] | python | integrations | \
                 trainer | web | web-test [--bench NATIVE] | bench [ARGS] | \
                 match --variant ID|all [--games N] [--movetime MS] [--strong D] [--weak D] \
                 [--seed S] [--out DIR] [--base PATH [--threads N] [--base-threads N]] | \
                 fuzz [--seconds N] [TARGET...] | compare [--runs N] [--validation-only] \
                 [--threads-curve] [--quick] [--citadel EXE] [--stockfish EXE] [--fairy-stockfish EXE] \
                 [--persianchess DIR] | tune --variant ID[,ID...] [--games N] [--depth D] \
                 [--seed S] [--match-games M] [--match-depth D] [--weights] | \
                 sprt --base REV|PATH [--variant ID] [--sprt ELO0,ELO1[,ALPHA,BETA]] \
                 [--tc BASE+INC] [--games N] [--seed S] [--out FILE] | spsa [--variant ID] \
                 [--iterations N] [--pairs P] [--tc BASE+INC] [--params NAME,...] [--r-end R] \
                 [--seed S] [--binary PATH] [--out FILE] | train --game ID [--games N] \
                 [--chunk N] [--nodes N] [--opening-plies N] [--seed S] [--epochs N] [--batch N] \
                 [--lr X] [--lambda X] [--movetime MS] [--sprt ELO0,ELO1] [--sprt-games N] \
                 [--no-keep] [--scheduler ADDRESS | --dask]>"
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

#[cfg(test)]
mod tests {
    use super::split_games;

    #[test]
    fn pgn_seeds_are_single_games() {
        let text = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
        let games = split_games(text);
        assert_eq!(games.len(), 2);
        assert!(games[0].starts_with("[Event \"a\"]") && games[0].contains("1. e4 e5 1-0"));
        assert!(games[1].starts_with("[Event \"b\"]") && games[1].contains("1. d4 *"));
    }
}
