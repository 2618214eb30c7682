//! `citadel replay`: each game's variant, plies, declared and rules' results, final FEN.

use crate::games::{load, Progress};
use crate::Failure;
use citadel_notation::replay::{self, Diagnostic};
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
    let mut bad = 0;
    for path in &a.files {
        let file = path.display().to_string();
        let games = load(path)?;
        let mut progress = Progress::new(&file, games.len());
        for g in &games {
            progress.tick();
            let result = match g {
                Err(e) => Err(Diagnostic::from_pgn(e)),
                Ok(g) => replay::replay(&g.record)
                    .map(|r| r.summary(g.number))
                    .map_err(|e| Diagnostic::from_replay(g, &e))
                    .and_then(|s| {
                        a.pictures
                            .write(path, g)
                            .map(|_| s)
                            .map_err(|Failure(reason)| Diagnostic {
                                loc: None,
                                game: g.number,
                                mv: None,
                                reason,
                            })
                    }),
            };
            match result {
                Ok(s) if a.json => outln!(
                    "{}",
                    serde_json::to_string(&JsonGame {
                        file: &file,
                        summary: s
                    })?
                ),
                Ok(s) => {
                    let check = if s.result == "*" || s.result == s.declared_result {
                        String::new()
                    } else {
                        "  (declared result contradicts the rules)".into()
                    };
                    outln!(
                        "{file} game {}: {}, {} plies, declared {}, rules {} ({}){check}",
                        s.game,
                        s.variant,
                        s.plies,
                        s.declared_result,
                        s.result,
                        s.termination
                    );
                    outln!("  final FEN: {}", s.final_fen);
                }
                Err(d) => {
                    bad += 1;
                    progress.finish();
                    eprintln!("{}", d.render(&file));
                    if a.json {
                        let reason = match &d.mv {
                            Some(m) => format!("{m}: {}", d.reason),
                            None => d.reason.clone(),
                        };
                        outln!(
                            "{}",
                            serde_json::to_string(&JsonError {
                                file: &file,
                                game: d.game,
                                error: reason
                            })?
                        );
                    }
                }
            }
        }
    }
    if bad > 0 {
        Err(Failure(format!("{bad} game(s) could not be replayed")))
    } else {
        Ok(())
    }
}
