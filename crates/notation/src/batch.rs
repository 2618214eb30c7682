//! Reading game files (PGN text or archives, `-` for standard input) game by game and working
//! on the games on all cores, with the results handed back in input order and memory bounded
//! by the batch size.
//!
//! ```
//! use citadel_notation::{batch, diagnostic};
//! let dir = std::env::temp_dir().join(format!("citadel-batch-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let file = dir.join("games.pgn");
//! std::fs::write(&file, "1. e4 e5 *\n\n1. e4 e5 2. Ke2 Ke7 3. Ke1 *\n\n1. e5 *\n").unwrap();
//! let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
//! let mut verdicts = Vec::new();
//! batch::each_game(
//!     &[file],
//!     &pool,
//!     |_, g| diagnostic::validate_game(g).map(|r| r.plies),
//!     |_, r| -> Result<(), batch::OpenError> {
//!         verdicts.push(r.is_ok());
//!         Ok(())
//!     },
//! )
//! .unwrap();
//! assert_eq!(verdicts, [true, true, false]);
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

use crate::archive::{self, FileGame, ReadError};
use crate::{Diagnostic, SourceGame};
use rayon::prelude::*;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

/// Games handed to the worker threads at once (fewer when they hold many moves).
pub const BATCH_GAMES: usize = 256;
/// Main-line moves handed to the worker threads at once, at most (bounds memory).
pub const BATCH_PLIES: usize = 50_000;

/// A game file that cannot be opened (missing, unreadable, a directory).
#[derive(Debug, thiserror::Error)]
#[error("{}: {source}", path.display())]
pub struct OpenError {
    /// The file.
    pub path: PathBuf,
    /// Why it cannot be opened.
    #[source]
    pub source: std::io::Error,
}

/// The games of one file, read one at a time, archived games not yet decoded.
pub type FileGames = Box<dyn Iterator<Item = Result<FileGame, ReadError>> + Send>;

/// Opens a game file (`-`: standard input) for reading game by game; PGN text and archives
/// are told apart by their first bytes.
pub fn open(path: &Path) -> Result<FileGames, OpenError> {
    let fail = |source| OpenError {
        path: path.to_path_buf(),
        source,
    };
    let input: Box<dyn BufRead + Send> = if path.as_os_str() == "-" {
        Box::new(BufReader::with_capacity(1 << 16, std::io::stdin()))
    } else {
        let f = std::fs::File::open(path).map_err(fail)?;
        if f.metadata().is_ok_and(|m| m.is_dir()) {
            return Err(fail(std::io::Error::new(
                std::io::ErrorKind::IsADirectory,
                "is a directory",
            )));
        }
        Box::new(BufReader::with_capacity(1 << 16, f))
    };
    Ok(Box::new(archive::open(input).undecoded()))
}

/// Reads every game of `files` in order, runs `work` on each (on the pool's threads, a batch
/// at a time) and hands the results to `sink` in input order, with the file's name as
/// written. A game that cannot be read reaches `sink` as its diagnostic, and the games after
/// it are still read. Reading runs on a thread of its own, one batch ahead of the work, so
/// that the two overlap; archived games are decoded by the workers. A `sink` error ends the
/// reading and is returned.
pub fn each_game<T: Send, E: From<OpenError>>(
    files: &[PathBuf],
    pool: &rayon::ThreadPool,
    work: impl Fn(&Path, &SourceGame) -> Result<T, Diagnostic> + Sync,
    sink: impl FnMut(&str, Result<T, Diagnostic>) -> Result<(), E>,
) -> Result<(), E> {
    each_file_game(files, pool, decoding(work), sink)
}

/// Work on a game as read ([`FileGame`]) from work on its record: an archived game is decoded
/// first, and one whose payload does not decode gives its diagnostic.
pub fn decoding<T>(
    work: impl Fn(&Path, &SourceGame) -> Result<T, Diagnostic> + Sync,
) -> impl Fn(&Path, &FileGame) -> Result<T, Diagnostic> + Sync {
    move |path, g| match g.source() {
        Ok(g) => work(path, &g),
        Err(e) => Err(Diagnostic::from_archive(&e)),
    }
}

/// [`each_game`] with the games as read ([`FileGame`]): archived games reach `work` undecoded,
/// for work that does not need their records ([`archive::Frame::validate`]).
pub fn each_file_game<T: Send, E: From<OpenError>>(
    files: &[PathBuf],
    pool: &rayon::ThreadPool,
    work: impl Fn(&Path, &FileGame) -> Result<T, Diagnostic> + Sync,
    mut sink: impl FnMut(&str, Result<T, Diagnostic>) -> Result<(), E>,
) -> Result<(), E> {
    for path in files {
        let file = path.display().to_string();
        let games = open(path)?;
        // one batch in the channel and one being read while the pool works on a third
        let (tx, rx) = std::sync::mpsc::sync_channel::<Vec<Result<FileGame, ReadError>>>(1);
        std::thread::scope(|scope| {
            scope.spawn(move || {
                let mut games = games;
                loop {
                    let batch = read_batch(&mut games);
                    if batch.is_empty() || tx.send(batch).is_err() {
                        break;
                    }
                }
            });
            // dropping `rx` early (on a sink error) ends the reader at its next send
            for batch in rx {
                let results: Vec<Result<T, Diagnostic>> = pool.install(|| {
                    batch
                        .par_iter()
                        .map(|g| match g {
                            Ok(g) => work(path, g),
                            Err(e) => Err(Diagnostic::from_read(e)),
                        })
                        .collect()
                });
                for r in results {
                    sink(&file, r)?;
                }
            }
            Ok::<(), E>(())
        })?;
    }
    Ok(())
}

/// The next batch of games: [`BATCH_GAMES`] games or [`BATCH_PLIES`] moves (for an archived
/// game, bytes of its payload, about one per move), whichever comes first (empty at the end
/// of the input).
fn read_batch(
    games: &mut impl Iterator<Item = Result<FileGame, ReadError>>,
) -> Vec<Result<FileGame, ReadError>> {
    let mut batch = Vec::new();
    let mut plies = 0;
    for g in games.by_ref() {
        if let Ok(g) = &g {
            plies += g.size_hint();
        }
        batch.push(g);
        if batch.len() >= BATCH_GAMES || plies >= BATCH_PLIES {
            break;
        }
    }
    batch
}
