//! `citadel validate`: every move legal, every declared result consistent; one line per bad
//! game.

use crate::games::{load, Progress};
use crate::Failure;
use citadel_notation::replay;
use std::path::PathBuf;

/// Arguments of `citadel validate`.
#[derive(clap::Args)]
pub struct Args {
    /// Game files: PGN text or archives (`-` reads stdin).
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

pub fn run(a: &Args) -> Result<(), Failure> {
    let (mut total, mut bad) = (0, 0);
    for path in &a.files {
        let file = path.display().to_string();
        let games = load(path)?;
        let mut progress = Progress::new(&file, games.len());
        for g in &games {
            progress.tick();
            total += 1;
            if let Err(d) = replay::validate_game(g) {
                bad += 1;
                progress.finish();
                eprintln!("{}", d.render(&file));
            }
        }
    }
    outln!(
        "{total} game(s) in {} file(s): {} valid, {bad} invalid",
        a.files.len(),
        total - bad
    );
    if bad > 0 {
        Err(Failure(format!("{bad} invalid game(s)")))
    } else {
        Ok(())
    }
}
