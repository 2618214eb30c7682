//! `citadel nnue`: the learnt evaluation's tools: a game's feature layout (what the trainer
//! reads) and a net file's check (its game, its provenance, its evaluations against the
//! trainer's, and its speed).
use crate::Failure;
use citadel_nnue::{Layout, Network};
use citadel_rules::{with_game, Game, Position, Variant};
use std::path::PathBuf;

/// Arguments of `citadel nnue`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Sub,
}

#[derive(clap::Subcommand)]
enum Sub {
    /// Print a game's feature layout as JSON (the trainer's `--layout`).
    Layout {
        /// Game id (see `citadel variants`).
        #[arg(long)]
        variant: String,
    },
    /// Read a net for a game and check it: its layout is the game's, and it evaluates the
    /// header's positions as its trainer did. Prints its size, provenance and speed.
    Check {
        /// Game id (see `citadel variants`).
        #[arg(long)]
        variant: String,
        /// The net file.
        net: PathBuf,
    },
}

pub fn run(a: &Args) -> Result<(), Failure> {
    match &a.command {
        Sub::Layout { variant } => {
            let v: Variant = variant.parse()?;
            let layout = with_game!(v, G => Layout::of::<G>());
            outln!("{}", serde_json::to_string(&layout)?);
            Ok(())
        }
        Sub::Check { variant, net } => {
            let v: Variant = variant.parse()?;
            with_game!(v, G => check::<G>(net))
        }
    }
}

fn check<G: Game>(path: &std::path::Path) -> Result<(), Failure> {
    let shown = path.display();
    let net = Network::load_for::<G>(path).map_err(|e| Failure(format!("{shown}: {e}")))?;
    let h = net.header();
    let l = &h.layout;
    outln!(
        "{shown}: a net for {} ({} features in {} bucket(s), {} hidden, qa {}, qb {}, scale {})",
        l.variant,
        l.features,
        l.buckets,
        l.hidden,
        h.qa,
        h.qb,
        h.scale
    );
    outln!(
        "checks: {} of {} agree with the trainer",
        h.checks.len(),
        h.checks.len()
    );
    for key in ["data_sha256", "settings_sha256", "positions", "loss"] {
        if let Some(v) = h.training.get(key) {
            outln!("{key}: {v}");
        }
    }
    let pos = Position::<G>::start();
    let reps = 200_000u32;
    let t = std::time::Instant::now();
    let mut sum = 0i64;
    for _ in 0..reps {
        sum += i64::from(net.evaluate_position(std::hint::black_box(&pos)));
    }
    let per = t.elapsed().as_nanos() as f64 / f64::from(reps);
    outln!(
        "start position: {} cp for the side to move; {per:.0} ns a full evaluation ({} loops)",
        sum / i64::from(reps),
        net.kernel().name()
    );
    Ok(())
}
