//! `citadel replay`: each game's variant, plies, declared and rules' results, final FEN.
//! Files are read game by game and replayed on all cores; output stays in input order.

use crate::games::{each_game, pool, threads};
use crate::Failure;
use citadel_notation::diagnostic::{self, Diagnostic};
use citadel_notation::Summary;
use serde::Serialize;
use std::path::PathBuf;

/// Arguments of `citadel replay`.
#[derive(clap::Args)]
pub struct Args {
    /// Game files: PGN text or archives (`-` reads stdin).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print one JSON object per game, one per line.
    #[arg(long)]
    json: bool,
    /// Worker threads (0: one per core; capped at the machine's parallelism).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    #[command(flatten)]
    pictures: crate::diagram::ReplayPictures,
}

#[derive(Serialize)]
struct JsonGame<'a> {
    file: &'a str,
    #[serde(flatten)]
    summary: Summary,
}

#[derive(Serialize)]
struct JsonError<'a> {
    file: &'a str,
    game: usize,
    error: String,
}

pub fn run(a: &Args) -> Result<(), Failure> {
    crate::keep_going_on_closed_pipe();
    let pool = pool(threads(a.threads))?;
    let mut bad = 0;
    each_game(
        &a.files,
        &pool,
        |path, g| {
            let s = diagnostic::replay_game(g).map(|r| r.summary(g.number))?;
            a.pictures
                .write(path, g)
                .map(|_| s)
                .map_err(|Failure(reason)| Diagnostic {
                    loc: None,
                    game: g.number,
                    mv: None,
                    reason,
                })
        },
        |file, r| {
            match r {
                Ok(s) if a.json => {
                    outln!("{}", serde_json::to_string(&JsonGame { file, summary: s })?)
                }
                Ok(s) => outln!("{}", s.describe(file)),
                Err(d) => {
                    bad += 1;
                    errln!("{}", d.render(file));
                    if a.json {
                        let error = d.message();
                        let game = d.game;
                        outln!(
                            "{}",
                            serde_json::to_string(&JsonError { file, game, error })?
                        );
                    }
                }
            }
            Ok(())
        },
    )?;
    if bad > 0 {
        Err(Failure(format!("{bad} game(s) could not be replayed")))
    } else {
        Ok(())
    }
}
