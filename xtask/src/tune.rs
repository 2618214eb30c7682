//! `cargo xtask tune`: material values (or, with `--weights`, the evaluation's positional
//! weights) learnt from self-play, reproducibly (Texel's method).
//!
//! For each game asked: the release engine plays `--games` self-play games at `--depth`
//! (seeded random openings of 8 plies), `citadel tune` fits the values of the pieces that
//! are neither pawns nor royal (with `--weights`: the weights, the values held) to their
//! results, and a match at `--match-depth` between the fitted numbers and the engine's own
//! (`--match-games`, other openings) says whether they play better. Everything is written
//! to `target/tune/<id>-*` (`<id>-weights-*` for weights; the self-play games of a setting
//! are reused when they exist); each game's summary (`<id>-summary.txt`,
//! `<id>-weights-summary.txt`) is printed as soon as it is known.

use crate::{opt, run};
use std::path::Path;
use std::process::Command;

/// Runs the task with its command-line arguments.
pub fn tune(args: &[String]) -> Result<(), String> {
    let variant = opt(args, "--variant").ok_or("tune: --variant ID[,ID...] is required")?;
    let games = opt(args, "--games").unwrap_or("400");
    let depth = opt(args, "--depth").unwrap_or("3");
    let seed: u64 = opt(args, "--seed")
        .unwrap_or("1")
        .parse()
        .map_err(|_| "tune: --seed must be a number")?;
    let match_games = opt(args, "--match-games").unwrap_or("200");
    let match_depth = opt(args, "--match-depth").unwrap_or(depth);
    let weights = args.iter().any(|a| a == "--weights");
    let what = if weights { "-weights" } else { "" };
    run(
        "build (release)",
        crate::cargo().args(["build", "--release", "--quiet", "-p", "citadel-cli"]),
    )?;
    let exe = Path::new("target/release/citadel");
    let dir = Path::new("target/tune");
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for id in variant.split(',') {
        // the games of one setting are kept (written under another name until complete)
        let selfplay = dir.join(format!("{id}-selfplay-g{games}-d{depth}-s{seed}.pgn"));
        if selfplay.exists() {
            eprintln!("xtask: self-play: reusing {}", selfplay.display());
        } else {
            let part = selfplay.with_extension("pgn.part");
            run(
                "self-play",
                Command::new(exe)
                    .args(["selfplay", "--variant", id, "--games", games])
                    .args(["--depth", depth, "--seed", &seed.to_string()])
                    .args(["--opening-plies", "8", "--out"])
                    .arg(&part),
            )?;
            std::fs::rename(&part, &selfplay).map_err(|e| format!("{}: {e}", part.display()))?;
        }
        eprintln!("xtask: fit: {id}");
        let mut fit = Command::new(exe);
        fit.args(["tune", "--variant", id]);
        if weights {
            fit.args(["--pieces", "", "--weights"]);
        }
        let fit = fit
            .arg(&selfplay)
            .output()
            .map_err(|e| format!("cannot run citadel: {e}"))?;
        let text = String::from_utf8_lossy(&fit.stdout).into_owned();
        eprint!("{}", String::from_utf8_lossy(&fit.stderr));
        if !fit.status.success() {
            return Err(format!("tune {id} failed ({})", fit.status));
        }
        std::fs::write(dir.join(format!("{id}{what}-fit.txt")), &text)
            .map_err(|e| format!("{}: {e}", dir.display()))?;
        let values = text
            .lines()
            .find_map(|l| l.strip_prefix("fitted: "))
            .ok_or_else(|| format!("tune {id}: no fitted values in its output"))?
            .trim()
            .to_string();
        if values.is_empty() {
            println!("{id}: no piece to fit");
            continue;
        }
        let out = Command::new(exe)
            .args(["match", "--variant", id, "--games", match_games])
            .args(["--engine", &format!("depth:{match_depth}")])
            .args(["--opponent", &format!("depth:{match_depth}")])
            .args(["--engine-values", &values])
            .args(["--seed", &(seed + 1000).to_string(), "--opening-plies", "8"])
            .arg("--out")
            .arg(dir.join(format!("{id}{what}-match.pgn")))
            .output()
            .map_err(|e| format!("cannot run citadel: {e}"))?;
        if !out.status.success() {
            return Err(format!("match {id} failed ({})", out.status));
        }
        let line = String::from_utf8_lossy(&out.stdout)
            .lines()
            .last()
            .unwrap_or("")
            .to_string();
        let s = format!("{text}fitted values against the engine's own: {line}\n");
        std::fs::write(dir.join(format!("{id}{what}-summary.txt")), &s)
            .map_err(|e| format!("{}: {e}", dir.display()))?;
        print!("{s}");
    }
    Ok(())
}
