//! `citadel tune`: fits material values (and, with `--weights`, the evaluation's positional
//! weights) to the results of finished games (Texel's method,
//! [`citadel_search::tune`]). Every game is validated first; a game that is not valid or of
//! another variant is reported and the fit refused (exit 1), so that values are never learnt
//! from records that cannot be trusted. Unfinished games (`*`) are left out, with a note.

use crate::games::{each_game, pool, threads};
use crate::Failure;
use citadel_engine::overrides::{self, write as value_list};
use citadel_notation::SanDialect;
use citadel_rules::{with_game, Variant};
use citadel_search::eval::weights::Weights;
use citadel_search::tune::{default_pieces, samples_of, tune, Sample, Tuned};
use serde::Serialize;
use std::path::PathBuf;

/// Arguments of `citadel tune`.
#[derive(clap::Args)]
pub struct Args {
    /// Game id (see `citadel variants`): every game of the files must be of it.
    #[arg(long)]
    variant: Variant,
    /// Games to learn from: PGN text or archives (`-` reads stdin); unfinished ones (`*`)
    /// are left out.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The pieces whose values are fitted, `name,name` (default: every piece that is neither
    /// a pawn nor royal; `""`: none).
    #[arg(long)]
    pieces: Option<String>,
    /// Fit the evaluation's positional weights too: mobility-mg, mobility-eg (centipawns
    /// per cell of reach above the average), square-mg, square-eg (percent of the
    /// piece-square term), advance-mg, advance-eg, passed-mg, passed-eg (percent of the
    /// pawns' bonuses), king-attack (percent of the king-zone attack penalty), shelter
    /// (centipawns per pawn by the king), tempo (centipawns).
    #[arg(long)]
    weights: bool,
    /// Values (and weights) to start from, `name=value,name=value` (default: the engine's
    /// own).
    #[arg(long)]
    start: Option<String>,
    /// Plies at the start of each game left out (the random openings of self-play).
    #[arg(long, default_value_t = 8)]
    skip_plies: usize,
    /// Print the result as one JSON object.
    #[arg(long)]
    json: bool,
    /// Worker threads for reading the games (0: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

#[derive(Serialize)]
struct JsonTuned<'a> {
    variant: &'a str,
    games: usize,
    samples: usize,
    k: f64,
    error_before: f64,
    error_after: f64,
    trials: usize,
    start: String,
    values: String,
    rare: Vec<String>,
}

pub fn run(a: &Args) -> Result<(), Failure> {
    with_game!(a.variant, G => tune_in::<G>(a))
}

fn tune_in<G: SanDialect>(a: &Args) -> Result<(), Failure> {
    let cfg = G::config();
    let mut names: Vec<String> = match &a.pieces {
        Some(list) => list
            .split(',')
            .map(|n| n.trim().to_string())
            .filter(|n| !n.is_empty())
            .collect(),
        None => default_pieces::<G>(),
    };
    for n in &names {
        if cfg.kind_named(n).is_none() {
            return Err(Failure(format!(
                "--pieces: {} has no piece named `{}`",
                a.variant.id(),
                citadel_notation::clip(n)
            )));
        }
    }
    if a.weights {
        names.extend(Weights::NAMES.iter().map(|n| n.to_string()));
    }
    let start = overrides::parse(a.start.as_deref().unwrap_or(""))?;
    overrides::check::<G>(&start)?;
    let pool = pool(threads(a.threads))?;
    let mut samples: Vec<Sample<G>> = Vec::new();
    let (mut games, mut unfinished, mut bad) = (0, 0, 0);
    each_game(
        &a.files,
        &pool,
        |_, g| samples_of::<G>(g, a.variant, a.skip_plies),
        |file, r| {
            match r {
                Ok(Some(s)) => {
                    games += 1;
                    samples.extend(s);
                }
                Ok(None) => unfinished += 1,
                Err(d) => {
                    bad += 1;
                    errln!("{}", d.render(file));
                }
            }
            Ok(())
        },
    )?;
    if bad > 0 {
        return Err(Failure(format!(
            "{bad} game(s) cannot be learnt from: no values fitted"
        )));
    }
    if unfinished > 0 {
        errln!("note: {unfinished} unfinished game(s) (`*`) left out: they have no result");
    }
    if samples.is_empty() {
        return Err(Failure("no quiet positions to learn from".into()));
    }
    let t: Tuned = tune(&samples, &names, &start);
    if a.json {
        outln!(
            "{}",
            serde_json::to_string(&JsonTuned {
                variant: a.variant.id(),
                games,
                samples: samples.len(),
                k: t.k,
                error_before: t.error_before,
                error_after: t.error_after,
                trials: t.trials,
                start: value_list(&t.start),
                values: value_list(&t.values),
                rare: t.rare.clone(),
            })?
        );
    } else {
        outln!(
            "{}: {games} games, {} positions, k {:.3}, error {:.6} -> {:.6} ({} trials)",
            a.variant.id(),
            samples.len(),
            t.k,
            t.error_before,
            t.error_after,
            t.trials
        );
        outln!("start:  {}", value_list(&t.start));
        outln!("fitted: {}", value_list(&t.values));
        if !t.rare.is_empty() {
            outln!(
                "kept (imbalanced in under 1 % of the positions): {}",
                t.rare.join(",")
            );
        }
    }
    Ok(())
}
