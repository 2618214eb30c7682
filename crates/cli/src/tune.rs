//! `citadel tune`: fits material values (and, with `--weights`, the evaluation's positional
//! weights; with `--psq`, a piece-square table) to the results of finished games or, with
//! `--evals`, to the evaluations in their comments (Texel's method, [`citadel_search::tune`]).
//! Every game is validated first; a game that is not valid or of another variant is reported
//! and the fit refused (exit 1), so that values are never learnt from records that cannot be
//! trusted. Unfinished games (`*`) are left out of a fit to results, with a note.
use crate::games::{each_game, pool, threads};
use crate::Failure;
use citadel_engine::overrides;
use citadel_rules::{with_game, Game, Variant};
use citadel_search::tune::{fit_psq, names_to_fit, samples_of, tune, Sample, TuneReport};
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
    /// The pieces whose values are fitted, by role key, `key,key` (default: every piece that
    /// is neither a pawn nor royal; `""`: none).
    #[arg(long)]
    pieces: Option<String>,
    /// Fit the evaluation's positional weights too: mobility-mg, mobility-eg (centipawns
    /// per cell of reach above the average), square-mg, square-eg (percent of the
    /// piece-square term), advance-mg, advance-eg, passed-mg, passed-eg (percent of the
    /// pawns' bonuses), king-attack (percent of the king-zone attack penalty), shelter
    /// (centipawns per pawn by the king), tempo (centipawns).
    #[arg(long)]
    weights: bool,
    /// Values (and weights) to start from, `key=value,key=value` (pieces by role key;
    /// default: the engine's own).
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
    /// Fit a piece-square table instead (mg and eg adjustments per kind and cell over the
    /// evaluation; every tenth game held out) and write it, as the engine keeps it, here.
    #[arg(long, value_name = "FILE")]
    psq: Option<PathBuf>,
    /// Learn from the evaluations in the moves' comments (`[%eval 0.35]`, as `citadel match
    /// --evals` writes another engine's) instead of the games' results; positions without
    /// one are left out, unfinished games are not.
    #[arg(long)]
    evals: bool,
}

pub fn run(a: &Args) -> Result<(), Failure> {
    with_game!(a.variant, G => tune_in::<G>(a))
}

fn tune_in<G: Game>(a: &Args) -> Result<(), Failure> {
    let names = names_to_fit::<G>(a.pieces.as_deref(), a.weights).map_err(|e| {
        let key = citadel_notation::clip(&e.key);
        Failure(format!(
            "--pieces: {}",
            citadel_rules::UnknownRoleKey { key, ..e }
        ))
    })?;
    let start = overrides::parse(a.start.as_deref().unwrap_or(""))?;
    overrides::check::<G>(&start)?;
    let pool = pool(threads(a.threads))?;
    let (mut samples, mut held_out) = (Vec::<Sample<G>>::new(), Vec::<Sample<G>>::new());
    let (mut games, mut unfinished, mut bad) = (0, 0, 0);
    each_game(
        &a.files,
        &pool,
        |_, g| samples_of::<G>(g, a.variant, a.skip_plies, a.evals),
        |file, r| {
            match r {
                Ok(Some(s)) => {
                    games += 1;
                    let held = a.psq.is_some() && games % 10 == 0;
                    (if held { &mut held_out } else { &mut samples }).extend(s);
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
        return Err(Failure(format!("{bad} game(s) cannot be learnt from")));
    }
    if unfinished > 0 {
        errln!("note: {unfinished} unfinished game(s) (`*`) left out: they have no result");
    }
    if samples.is_empty() {
        return Err(Failure("no quiet positions to learn from".into()));
    }
    if let Some(out) = &a.psq {
        let mut fit = fit_psq(&samples, &held_out, &Default::default())?;
        fit.table.provenance.games = games;
        let args: Vec<String> = std::env::args().skip(1).collect();
        fit.table.provenance.commands = vec![format!("citadel {}", args.join(" "))];
        let text = serde_json::to_string(&fit.table)? + "\n";
        std::fs::write(out, text).map_err(|e| Failure(format!("{}: {e}", out.display())))?;
        outln!("{}: {fit}", a.variant.id());
        return Ok(());
    }
    let fit = tune(&samples, &names, &start);
    let report = TuneReport::new(a.variant.id(), games, samples.len(), &fit);
    if a.json {
        outln!("{}", serde_json::to_string(&report)?);
    } else {
        outln!("{report}");
    }
    Ok(())
}
