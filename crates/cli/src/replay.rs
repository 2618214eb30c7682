//! `citadel replay`: each game's variant, plies, declared and rules' results, final FEN.
//! Files are read game by game and replayed on all cores; output stays in input order.

use crate::games::{each_game, failures, pool, threads};
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
    if let Err(e) = a.pictures.check_names(&a.files) {
        crate::usage_error(&e);
    }
    let pool = pool(threads(a.threads))?;
    let (mut total, mut bad, mut unopened) = (0usize, 0usize, 0usize);
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
                Ok(s) => {
                    total += 1;
                    if format == Format::Text {
                        outln!("{}", s.describe(file));
                    }
                }
                Err(d) => {
                    match d.is_of_file() {
                        true => unopened += 1,
                        false => (total, bad) = (total + 1, bad + 1),
                    }
                    errln!("{}", d.render(file));
                }
            }
            Ok::<(), Failure>(())
        },
    )?;
    out!("{}", report.finish());
    if let Some(f) = failures(bad, "game(s) could not be replayed", unopened) {
        Err(f)
    } else if total == 0 {
        // as `validate`: no game is no verdict
        Err(Failure("no games found".into()))
    } else {
        Ok(())
    }
}
