//! `citadel suite`: check perft fixture files (all depths, or up to `--max-depth`), with
//! Citadel's perft or another engine's (`--engine uci:PATH`).

use crate::Failure;
use citadel_engine::external::EngineSpec;
use citadel_engine::perft_check::PerftEngine;
use citadel_notation::report::{Format, Report};
use citadel_rules::Variant;
use citadel_search::suite::{self, CaseReport};
use std::path::PathBuf;

/// Arguments of `citadel suite`.
#[derive(clap::Args)]
pub struct Args {
    /// Fixture files or directories of them (`fixtures/perft`).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Only the fixtures of this game.
    #[arg(long)]
    variant: Option<String>,
    /// Deepest depth to check (default: every depth a fixture lists).
    #[arg(long)]
    max_depth: Option<u32>,
    /// Worker threads (0: one per core; capped at the machine's parallelism).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Report: text, json (a line per position), junit (XML) or github (annotations).
    #[arg(long, default_value = "text")]
    format: Format,
    /// Count with another engine: `uci:PATH` (`go perft N`; the game by `UCI_Variant`).
    #[arg(long)]
    engine: Option<String>,
    /// Seconds the other engine may take on one `go perft`.
    #[arg(long, default_value_t = 60, value_parser = crate::in_range::<u64>(1, 86_400))]
    engine_timeout: u64,
}

pub fn run(a: &Args) -> Result<(), Failure> {
    crate::keep_going_on_closed_pipe();
    let threads = crate::games::threads(a.threads);
    let only: Option<Variant> = a
        .variant
        .as_deref()
        .map(str::parse)
        .transpose()
        .map_err(Failure::from)?;
    let max_depth = a.max_depth.unwrap_or(u32::MAX);
    let mut report = Report::new(a.format, "citadel suite");
    let each = |c: &CaseReport| {
        out!("{}", report.add(c.to_case()));
        match &c.result {
            _ if a.format != Format::Text => {}
            Ok(results) => {
                for r in results {
                    outln!(
                        "ok   {:<18} {:<28} depth {:>2} {:>12} {:>8.3} s",
                        c.variant.id(),
                        citadel_notation::clip(&c.case.name),
                        r.depth,
                        r.got,
                        r.seconds
                    );
                }
            }
            Err(e @ suite::CheckError::Skipped { .. }) => outln!("skip {:<18} {e}", c.variant.id()),
            Err(e) => outln!("FAIL {:<18} {e}", c.variant.id()),
        }
    };
    let summary = match a.engine.as_deref().map(|t| (t, EngineSpec::parse(t))) {
        None => suite::run(&a.paths, only, max_depth, threads, each)?,
        Some((t, None)) => return Err(Failure(format!("`{t}` is not an engine (uci:PATH)"))),
        Some((_, Some(spec))) => {
            let timeout = std::time::Duration::from_secs(a.engine_timeout);
            let mut engine = PerftEngine::start(&spec?, timeout)?;
            suite::run_with(
                &a.paths,
                only,
                max_depth,
                |v, c, d| engine.check(v, c, d),
                each,
            )?
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
    if cases == 0 && failures.is_empty() {
        Err(Failure(format!(
            "no perft positions found in {}",
            a.paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )))
    } else if failures.is_empty() {
        Ok(())
    } else {
        Err(Failure(failures.join("\n")))
    }
}
