//! `citadel suite`: check perft fixture files (all depths, or up to `--max-depth`), with
//! Citadel's perft or another engine's (`--engine uci:PATH`).

use crate::Failure;
use citadel_engine::external::EngineSpec;
use citadel_engine::perft_check::PerftEngine;
use citadel_notation::report::{Format, Report};
use citadel_rules::Variant;
use citadel_search::suite::{self, Checked};
use std::path::PathBuf;

/// Arguments of `citadel suite`.
#[derive(clap::Args)]
pub struct Args {
    /// Fixture files or directories of them (`fixtures/perft`); the variants files (`*.ini`)
    /// of a directory are read first, so that its fixtures may name their games.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Only the fixtures of this game.
    #[arg(long)]
    variant: Option<String>,
    /// Deepest depth to check, from 1 (default: every depth a fixture lists).
    #[arg(long, value_parser = crate::in_range::<u32>(1, u32::MAX))]
    max_depth: Option<u32>,
    /// Worker threads (0: one per core; capped at the machine's parallelism).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Report: text, json (a line per position), junit (XML) or github (annotations).
    #[arg(long, default_value = "text")]
    format: Format,
    /// Count with another engine: `uci:PATH` (`go perft N`; the game by `UCI_Variant`).
    #[arg(long, value_parser = engine_spec)]
    engine: Option<EngineSpec>,
    /// An option for the other engine, `NAME=VALUE` (`VariantPath=fixtures/variants/variants.ini`
    /// for Fairy-Stockfish), set after its handshake; may be given more than once.
    #[arg(long, value_name = "NAME=VALUE", value_parser = engine_option, requires = "engine")]
    engine_option: Vec<(String, String)>,
    /// Seconds the other engine may take on one answer (its handshake, one `go perft`).
    #[arg(long, default_value_t = 60, value_parser = crate::in_range::<u64>(1, 86_400))]
    engine_timeout: u64,
    /// Succeed even when every position was skipped (the engine knows none of the games or
    /// refuses every position): by default a run that checks nothing fails.
    #[arg(long)]
    allow_skips: bool,
}

/// Reads `--engine`: `uci:PATH[:name=value,...]` (a usage error otherwise).
fn engine_spec(text: &str) -> Result<EngineSpec, String> {
    match EngineSpec::parse(text) {
        Some(spec) => spec.map_err(|e| e.to_string()),
        None => Err(format!(
            "`{}` is not an engine (uci:PATH)",
            citadel_notation::clip(text)
        )),
    }
}

/// Reads `--engine-option NAME=VALUE`.
fn engine_option(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => {
            Ok((name.trim().to_string(), value.trim().to_string()))
        }
        _ => Err(format!(
            "`{}` is not NAME=VALUE",
            citadel_notation::clip(text)
        )),
    }
}

/// Registers the games of the variants files (`*.ini`) in the directories among `paths`, so
/// that a directory of fixtures for games defined in a file checks as it is.
fn load_variant_files(paths: &[PathBuf]) -> Result<(), Failure> {
    for dir in paths.iter().filter(|p| p.is_dir()) {
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
            .map_err(|e| Failure(format!("cannot read {}: {e}", dir.display())))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "ini"))
            .collect();
        files.sort();
        for f in files {
            citadel_rules::variants_ini::load(&f)?;
        }
    }
    Ok(())
}

pub fn run(a: &Args) -> Result<(), Failure> {
    crate::keep_going_on_closed_pipe();
    load_variant_files(&a.paths)?;
    let threads = crate::games::threads(a.threads);
    let only: Option<Variant> = a
        .variant
        .as_deref()
        .map(str::parse)
        .transpose()
        .map_err(Failure::from)?;
    let max_depth = a.max_depth.unwrap_or(u32::MAX);
    let mut report = Report::new(a.format, "citadel suite");
    let each = |c: &Checked| {
        out!("{}", report.add(c.to_case()));
        if a.format != Format::Text {
            return;
        }
        let c = match c {
            Checked::Position(c) => c,
            Checked::File(f) => return outln!("FAIL {}: {}", f.file, f.message),
        };
        for r in &c.counts.depths {
            outln!(
                "ok   {:<18} {:<28} depth {:>2} {:>12} {:>8.3} s",
                c.variant.id(),
                citadel_notation::clip(&c.case.name),
                r.depth,
                r.got,
                r.seconds
            );
        }
        match &c.counts.error {
            None => {}
            Some(e @ suite::CheckError::Skipped { .. }) => {
                outln!("skip {:<18} {e}", c.variant.id())
            }
            Some(e) => outln!("FAIL {:<18} {e}", c.variant.id()),
        }
    };
    let summary = match &a.engine {
        None => suite::run(&a.paths, only, max_depth, threads, each),
        Some(spec) => {
            let timeout = std::time::Duration::from_secs(a.engine_timeout);
            let mut spec = spec.clone();
            spec.options.extend(a.engine_option.iter().cloned());
            let mut engine = PerftEngine::start(&spec, timeout)?;
            suite::run_with(
                &a.paths,
                only,
                max_depth,
                |v, c, d| engine.check(v, c, d),
                each,
            )
        }
    };
    out!("{}", report.finish());
    let (cases, failures) = (summary.cases, summary.failures);
    let line = format!(
        "{cases} positions, {} nodes in {:.2} s, {} failed",
        summary.nodes,
        summary.seconds,
        failures.len()
    );
    let skipped = format!(", {} skipped", summary.skipped);
    let line = format!("{line}{}", if summary.skipped > 0 { &skipped } else { "" });
    match a.format {
        Format::Text => outln!("{line}"),
        _ => errln!("{line}"),
    }
    let paths = || {
        a.paths
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !failures.is_empty() {
        Err(Failure(failures.join("\n")))
    } else if cases == 0 {
        Err(Failure(format!("no perft positions found in {}", paths())))
    } else if summary.passed == 0 && !a.allow_skips {
        Err(Failure(format!(
            "nothing was checked: all {cases} positions were skipped (--allow-skips accepts that)"
        )))
    } else {
        Ok(())
    }
}
