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
    let mut failures = Vec::new();
    let (mut cases, mut nodes, mut seconds) = (0, 0u64, 0f64);
    for path in &a.paths {
        for (file, fixture) in suite::load_dir(path)? {
            let Ok(v) = fixture.variant.parse::<Variant>() else {
                failures.push(format!("{file}: unknown variant `{}`", fixture.variant));
                continue;
            };
            if only.is_some_and(|o| o != v) {
                continue;
            }
            for case in &fixture.positions {
                cases += 1;
                match suite::check_case(v, case, a.max_depth.unwrap_or(u32::MAX), threads) {
                    Ok(results) => {
                        for r in results {
                            nodes += r.got;
                            seconds += r.seconds;
                            outln!(
                                "ok   {:<18} {:<28} depth {:>2} {:>12} {:>8.3} s",
                                v.id(),
                                case.name,
                                r.depth,
                                r.got,
                                r.seconds
                            );
                        }
                    }
                    Err(e) => {
                        outln!("FAIL {:<18} {e}", v.id());
                        failures.push(format!("{file}: {e}"));
                    }
                }
            }
        }
    }
    outln!(
        "{cases} positions, {nodes} nodes in {seconds:.2} s, {} failed",
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
