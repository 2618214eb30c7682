//! `citadel replay`: each game's variant, plies, declared and rules' results, final FEN.
//! Files are read game by game and replayed on all cores; output stays in input order.

use crate::games::{each_game, pool, threads};
use crate::Failure;
use citadel_notation::diagnostic::{self, Diagnostic};
use citadel_notation::report::{Format, Report};
use std::path::PathBuf;

/// Arguments of `citadel replay`.
#[derive(clap::Args)]
pub struct Args {
    /// Game files: PGN text or archives (`-` reads stdin).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print one JSON object per game, one per line (`--format json`).
    #[arg(long)]
    json: bool,
    /// Report: text, json (a line per game), junit (XML) or github (annotations).
    #[arg(long, default_value = "text", conflicts_with = "json")]
    format: Format,
    /// Worker threads (0: one per core; capped at the machine's parallelism).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    #[command(flatten)]
    pictures: crate::diagram::ReplayPictures,
}

pub fn run(a: &Args) -> Result<(), Failure> {
    crate::keep_going_on_closed_pipe();
    let pool = pool(threads(a.threads))?;
    let mut bad = 0;
    let format = if a.json { Format::Json } else { a.format };
    let mut report = Report::new(format, "citadel replay");
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
            out!("{}", report.game(file, &r));
            match r {
                Ok(s) if format == Format::Text => outln!("{}", s.describe(file)),
                Ok(_) => {}
                Err(d) => {
                    bad += 1;
                    errln!("{}", d.render(file));
                }
            }
            Ok::<(), Failure>(())
        },
    )?;
    out!("{}", report.finish());
    if bad > 0 {
        Err(Failure(format!("{bad} game(s) could not be replayed")))
    } else {
        Ok(())
    }
}
