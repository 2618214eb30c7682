//! `citadel perft`: leaf counts of the legal-move tree, with divide, threads and JSON.
use crate::position_args::PositionArgs;
use crate::Failure;
use citadel_rules::{with_game, Game};
use citadel_search::perft_report::PerftReport;

/// Arguments of `citadel perft`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    position: PositionArgs,
    /// Depth in plies (0 to 20).
    #[arg(long, value_parser = crate::in_range::<u32>(0, 20))]
    depth: u32,
    /// Print each first move with its count.
    #[arg(long)]
    divide: bool,
    /// Worker threads (0: one per core; capped at the machine's parallelism).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

pub fn run(a: &Args) -> Result<(), Failure> {
    with_game!(a.position.variant()?, G => perft::<G>(a))
}

fn perft<G: Game>(a: &Args) -> Result<(), Failure> {
    let pos = a.position.position::<G>()?;
    let threads = crate::games::threads(a.threads);
    let report = PerftReport::measure(&pos, a.depth, a.divide, threads);
    if a.json {
        outln!("{}", serde_json::to_string(&report)?);
    } else {
        out!("{report}");
    }
    Ok(())
}
