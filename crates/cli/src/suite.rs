//! `citadel suite`: check perft fixture files (all depths, or up to `--max-depth`).

use crate::Failure;
use citadel_rules::Variant;
use citadel_search::suite;
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
    let summary = suite::run(&a.paths, only, max_depth, threads, |c| match &c.result {
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
        Err(e) => outln!("FAIL {:<18} {e}", c.variant.id()),
    })?;
    let (cases, failures) = (summary.cases, summary.failures);
    outln!(
        "{cases} positions, {} nodes in {:.2} s, {} failed",
        summary.nodes,
        summary.seconds,
        failures.len()
    );
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
