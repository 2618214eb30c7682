//! `citadel perft`: leaf counts of the legal-move tree, with divide, threads and JSON.

use crate::position_args::PositionArgs;
use crate::Failure;
use citadel_notation::{coord, fen, FenRights};
use citadel_rules::with_game;
use serde::Serialize;

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

#[derive(Serialize)]
struct Report {
    variant: &'static str,
    fen: String,
    depth: u32,
    nodes: u64,
    seconds: f64,
    nps: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<Vec<DivideEntry>>,
}

#[derive(Serialize)]
struct DivideEntry {
    #[serde(rename = "move")]
    mv: String,
    nodes: u64,
}

pub fn run(a: &Args) -> Result<(), Failure> {
    with_game!(a.position.variant()?, G => perft::<G>(a))
}

fn perft<G: FenRights>(a: &Args) -> Result<(), Failure> {
    let pos = a.position.position::<G>()?;
    let start = std::time::Instant::now();
    let threads = crate::games::threads(a.threads);
    let (nodes, divide) = if a.divide && a.depth == 0 {
        // depth 0 counts the position itself and has no first moves
        (1, Some(Vec::new()))
    } else if a.divide {
        let d = citadel_search::divide_parallel(&pos, a.depth, threads);
        let entries: Vec<DivideEntry> = d
            .iter()
            .map(|(m, n)| DivideEntry {
                mv: coord::write(&pos, m),
                nodes: *n,
            })
            .collect();
        (entries.iter().map(|e| e.nodes).sum(), Some(entries))
    } else {
        (citadel_search::perft_parallel(&pos, a.depth, threads), None)
    };
    let seconds = start.elapsed().as_secs_f64();
    let report = Report {
        variant: G::config().id,
        fen: fen::write(&pos),
        depth: a.depth,
        nodes,
        seconds,
        nps: if seconds > 0.0 {
            nodes as f64 / seconds
        } else {
            0.0
        },
        divide,
    };
    if a.json {
        outln!("{}", serde_json::to_string(&report)?);
        return Ok(());
    }
    if let Some(d) = &report.divide {
        for e in d {
            outln!("{}: {}", e.mv, e.nodes);
        }
        outln!();
    }
    outln!("perft {}: {}", report.depth, report.nodes);
    outln!(
        "time: {:.3} s, {:.2} Mnps",
        report.seconds,
        report.nps / 1e6
    );
    Ok(())
}
