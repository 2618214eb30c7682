//! `citadel bestmove`: the engine's best move, score, depth, nodes, speed and principal
//! variation for a position.
use crate::position_args::PositionArgs;
use crate::Failure;
use citadel_engine::analysis::analyse_with;
use citadel_notation::replay;
use citadel_rules::{with_game, Game};
use citadel_search::eval::Evaluator;
use citadel_search::{Limits, Searcher};

/// Arguments of `citadel bestmove`.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("limit").required(true).args(["depth", "movetime", "nodes"])))]
pub struct Args {
    #[command(flatten)]
    position: PositionArgs,
    /// Moves played from the position first (SAN or coordinates, e.g. `e4 e5` or `e2e4 e7e5`).
    #[arg(long, num_args = 1..)]
    moves: Vec<String>,
    /// Search to this depth (plies, 1 to 120).
    #[arg(long, value_parser = crate::in_range::<u32>(1, 120))]
    depth: Option<u32>,
    /// Search for this many milliseconds.
    #[arg(long)]
    movetime: Option<u64>,
    /// Search this many nodes.
    #[arg(long)]
    nodes: Option<u64>,
    /// Transposition table size in MB (1 to 16384).
    #[arg(long, default_value_t = 64, value_parser = crate::in_range::<u32>(1, 16384))]
    hash: u32,
    /// Search threads (Lazy SMP; 1 is deterministic), capped at the machine's parallelism.
    #[arg(long, default_value_t = 1, value_parser = crate::in_range::<u32>(1, 256))]
    threads: u32,
    /// Evaluate with this net (a `.nnue` file made for the game, docs/nnue.md) instead of
    /// the hand-written evaluation.
    #[arg(long, value_name = "FILE")]
    net: Option<std::path::PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

pub fn run(a: &Args, search: citadel_search::SearchOptions) -> Result<(), Failure> {
    with_game!(a.position.variant()?, G => bestmove::<G>(a, search))
}

fn bestmove<G: Game>(a: &Args, search: citadel_search::SearchOptions) -> Result<(), Failure> {
    let mut pos = a.position.position::<G>()?;
    replay::play_moves(&mut pos, a.moves.iter().map(String::as_str), |_| {})?;
    let limits = Limits {
        depth: a.depth,
        nodes: a.nodes,
        movetime: a.movetime.map(std::time::Duration::from_millis),
        options: search,
        ..Limits::default()
    };
    let threads = crate::games::threads(a.threads as usize);
    let mut eval = Evaluator::new::<G>();
    if let Some(path) = &a.net {
        let net = citadel_nnue::Network::load_for::<G>(path)
            .map_err(|e| crate::Failure(format!("{}: {e}", path.display())))?;
        eval = eval.with_net(Some(std::sync::Arc::new(net)));
    }
    let mut searcher = Searcher::with_evaluator(a.hash as usize, eval);
    searcher.set_threads(threads);
    let report = analyse_with(&mut searcher, &pos, &limits);
    if a.json {
        outln!("{}", serde_json::to_string(&report)?);
    } else {
        out!("{report}");
    }
    Ok(())
}
