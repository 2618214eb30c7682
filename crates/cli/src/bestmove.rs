//! `citadel bestmove`: the engine's best move, score, depth, nodes, speed and principal
//! variation for a position.

use crate::position_args::PositionArgs;
use crate::Failure;
use citadel_notation::{coord, fen, replay, san, SanDialect};
use citadel_rules::{with_game, Move, Position};
use citadel_search::{Limits, Score, Searcher};
use serde::Serialize;

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
    /// Search threads (Lazy SMP; 1 is deterministic).
    #[arg(long, default_value_t = 1, value_parser = crate::in_range::<u32>(1, 256))]
    threads: u32,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Report {
    variant: &'static str,
    fen: String,
    bestmove: Option<String>,
    coordinate: Option<String>,
    score: Score,
    depth: u32,
    seldepth: u32,
    nodes: u64,
    nps: u64,
    time_ms: u64,
    pv: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<String>,
}

/// The move in SAN and in coordinate form.
fn move_texts<G: SanDialect>(pos: &Position<G>, m: &Move) -> (String, String) {
    (san::write(pos, m), coord::write(pos, m))
}

pub fn run(a: &Args) -> Result<(), Failure> {
    with_game!(a.position.variant()?, G => bestmove::<G>(a))
}

fn bestmove<G: SanDialect>(a: &Args) -> Result<(), Failure> {
    let mut pos = a.position.position::<G>()?;
    let mut legal = pos.legal_moves();
    replay::play_moves(
        &mut pos,
        &mut legal,
        a.moves.iter().map(String::as_str),
        |_| {},
    )?;
    let limits = Limits {
        depth: a.depth,
        nodes: a.nodes,
        movetime: a.movetime.map(std::time::Duration::from_millis),
        soft: None,
        options: crate::search_options(),
    };
    let mut s = Searcher::<G>::new(a.hash as usize);
    s.set_threads(a.threads as usize);
    let r = s.search(&pos, &limits);
    let (bestmove, coordinate) = match r.best {
        Some(m) => {
            let (san, c) = move_texts(&pos, &m);
            (Some(san), Some(c))
        }
        None => (None, None),
    };
    let mut pv = Vec::new();
    let mut p = pos.clone();
    for m in &r.pv {
        pv.push(move_texts(&p, m).0);
        p.play_unchecked(*m);
    }
    let report = Report {
        variant: G::config().id,
        fen: fen::write(&pos),
        bestmove,
        coordinate,
        score: r.display_score(),
        depth: r.depth,
        seldepth: r.seldepth,
        nodes: r.nodes,
        nps: r.nps(),
        time_ms: r.elapsed.as_millis() as u64,
        pv,
        outcome: r.outcome.map(|o| o.to_string()),
    };
    let text = if a.json {
        format!("{}\n", serde_json::to_string(&report)?)
    } else {
        let mut t = match (&report.bestmove, &report.coordinate) {
            (Some(b), Some(c)) => format!("bestmove {b} ({c})\n"),
            _ => "bestmove (none)\n".to_string(),
        };
        if let Some(o) = &report.outcome {
            t.push_str(&format!("outcome  {o}\n"));
        }
        t.push_str(&format!("score    {}\n", report.score));
        t.push_str(&format!(
            "depth    {} (seldepth {})\n",
            report.depth, report.seldepth
        ));
        t.push_str(&format!(
            "nodes    {} in {} ms, {} nodes/s\n",
            report.nodes, report.time_ms, report.nps
        ));
        t.push_str(&format!("pv       {}\n", report.pv.join(" ")));
        t
    };
    out!("{text}");
    Ok(())
}
