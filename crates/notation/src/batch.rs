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

use crate::archive::{self, FileGame, FilePart, ReadError};
use crate::{diagnostic, Diagnostic, Replayed, SourceGame};
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

/// The parts of one file as the reading thread cuts them ([`archive::Games::parts`]).
pub type FileParts = Box<dyn Iterator<Item = FilePart> + Send>;

/// Opens a game file (`-`: standard input) as a reader of either kind, PGN text or archive
/// (told apart by their first bytes).
fn open_input(path: &Path) -> Result<archive::Games<impl BufRead + Send>, OpenError> {
    let fail = |source| OpenError {
        path: path.to_path_buf(),
        source,
    };
    let input: Box<dyn BufRead + Send> = if path.as_os_str() == "-" {
        Box::new(BufReader::with_capacity(READ_BUFFER, std::io::stdin()))
    } else {
        let f = std::fs::File::open(path).map_err(fail)?;
        if f.metadata().is_ok_and(|m| m.is_dir()) {
            return Err(fail(std::io::Error::new(
                std::io::ErrorKind::IsADirectory,
                "is a directory",
            )));
        }
        Box::new(BufReader::with_capacity(READ_BUFFER, f))
    };
    Ok(archive::open(input))
}

/// The size of the reading buffer: large blocks, few system calls.
const READ_BUFFER: usize = 1 << 20;

/// Opens a game file (`-`: standard input) for reading game by game; PGN text and archives
/// are told apart by their first bytes.
pub fn open(path: &Path) -> Result<FileGames, OpenError> {
    Ok(Box::new(open_input(path)?.undecoded()))
}

/// Opens a game file (`-`: standard input) for cutting into parts that workers parse: PGN
/// text into chunks of whole games, an archive into its games as read.
pub fn open_parts(path: &Path) -> Result<FileParts, OpenError> {
    Ok(Box::new(open_input(path)?.parts()))
}

/// Reads every game of `files` in order, runs `work` on each (on the pool's threads, a batch
/// at a time) and hands the results to `sink` in input order, with the file's name as
/// written. A game that cannot be read reaches `sink` as its diagnostic, and the games after
/// it are still read; a file that cannot be opened reaches it as a diagnostic of the file
/// (game 0, [`Diagnostic::unopened`]), and the files after it are still read. Reading runs
/// on a thread of its own, ahead of the work, so that the two overlap; archived games are
/// decoded by the workers. A `sink` error ends the reading and is returned.
pub fn each_game<T: Send, E>(
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

/// Batches read ahead of the work, waiting in the channel (besides the one being read and
/// the one being worked on): memory stays bounded by a few batches.
const IN_FLIGHT: usize = 2;

/// [`each_game`] with the games as read ([`FileGame`]): archived games reach `work` undecoded,
/// for work that does not need their records ([`archive::Frame::validate`]).
///
/// The reading thread only cuts the input where games end ([`crate::pgn::Chunks`]); the pool's
/// threads parse the chunks, then work on their games, each batch in two parallel steps
/// joined by the numbering of the games, which needs the count of the games before.
pub fn each_file_game<T: Send, E>(
    files: &[PathBuf],
    pool: &rayon::ThreadPool,
    work: impl Fn(&Path, &FileGame) -> Result<T, Diagnostic> + Sync,
    mut sink: impl FnMut(&str, Result<T, Diagnostic>) -> Result<(), E>,
) -> Result<(), E> {
    each_batch(files, |file, path, batch, numbered| {
        let batch = match batch {
            Ok(batch) => batch,
            Err(unopened) => return sink(file, Err(unopened)),
        };
        let results: Vec<Result<T, Diagnostic>> = pool.install(|| {
            let parsed: Vec<Vec<Result<FileGame, ReadError>>> =
                batch.into_par_iter().map(parse_part).collect();
            let mut games = Vec::with_capacity(parsed.len());
            for part in parsed {
                let before = *numbered;
                for mut g in part {
                    if renumber(&mut g, before) {
                        *numbered += 1;
                    }
                    games.push(g);
                }
            }
            games
                .par_iter()
                .map(|g| match g {
                    Ok(g) => work(path, g),
                    Err(e) => Err(Diagnostic::from_read(e)),
                })
                .collect()
        });
        results.into_iter().try_for_each(|r| sink(file, r))
    })
}

/// The verdict on one game: its number and replay, or what is wrong.
pub type Verdict = Result<(usize, Replayed), Diagnostic>;

/// Validates every game of `files` on the pool's threads and hands each verdict to `sink` in
/// input order, with the file's name as written: the game's number and replay, or what is
/// wrong — [`diagnostic::validate_file_game`]'s verdict on each game that [`each_file_game`]
/// reads, in one parallel step a batch: the workers parse and validate whole chunks
/// ([`diagnostic::validate_chunk`]), and the games are numbered after.
///
/// ```
/// use citadel_notation::batch;
/// let dir = std::env::temp_dir().join(format!("citadel-validate-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let file = dir.join("games.pgn");
/// std::fs::write(&file, "1. e4 e5 1-0 1. d4 *\n\n1. e5 *\n").unwrap();
/// let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
/// let mut verdicts = Vec::new();
/// batch::validate_files(&[file], &pool, |_, r| -> Result<(), batch::OpenError> {
///     verdicts.push(r.map(|(n, _)| n).map_err(|d| d.game));
///     Ok(())
/// })
/// .unwrap();
/// assert_eq!(verdicts, [Ok(1), Ok(2), Err(3)]);
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn validate_files<E>(
    files: &[PathBuf],
    pool: &rayon::ThreadPool,
    mut sink: impl FnMut(&str, Verdict) -> Result<(), E>,
) -> Result<(), E> {
    each_batch(files, |file, _, batch, numbered| {
        let batch = match batch {
            Ok(batch) => batch,
            Err(unopened) => return sink(file, Err(unopened)),
        };
        let verdicts: Vec<(bool, Vec<Verdict>)> = pool.install(|| {
            batch
                .into_par_iter()
                .map(|part| match part {
                    FilePart::Text(chunk) => (true, diagnostic::validate_chunk(&chunk)),
                    FilePart::Game(Ok(g)) => (
                        false,
                        vec![diagnostic::validate_file_game(&g).map(|r| (g.number(), r))],
                    ),
                    FilePart::Game(Err(e)) => (false, vec![Err(Diagnostic::from_read(&e))]),
                })
                .collect()
        });
        for (text, part) in verdicts {
            let before = *numbered;
            for mut v in part {
                if text {
                    match &mut v {
                        Ok((n, _)) => *n += before,
                        Err(d) => d.game += before,
                    }
                    *numbered += 1;
                }
                sink(file, v)?;
            }
        }
        Ok(())
    })
}

/// Reads `files` in order, each on a thread of its own that cuts it into parts, and calls
/// `each(file, path, batch, numbered)` with each batch of parts in input order, on this
/// thread; `numbered` counts the games of the file's text numbered so far (the caller's to
/// keep), from 0 at each file. A file that cannot be opened is one batch, its diagnostic
/// ([`Diagnostic::unopened`]), and the files after it are still read. An error of `each`
/// ends the reading and is returned.
fn each_batch<E>(
    files: &[PathBuf],
    mut each: impl FnMut(&str, &Path, Result<Vec<FilePart>, Diagnostic>, &mut usize) -> Result<(), E>,
) -> Result<(), E> {
    for path in files {
        let file = path.display().to_string();
        let parts = match open_parts(path) {
            Ok(parts) => parts,
            Err(e) => {
                each(&file, path, Err(Diagnostic::unopened(&e)), &mut 0)?;
                continue;
            }
        };
        let (tx, rx) = std::sync::mpsc::sync_channel::<Vec<FilePart>>(IN_FLIGHT);
        std::thread::scope(|scope| {
            scope.spawn(move || {
                let mut parts = parts;
                loop {
                    let batch = read_batch(&mut parts);
                    if batch.is_empty() || tx.send(batch).is_err() {
                        break;
                    }
                }
            });
            let mut numbered = 0;
            // dropping `rx` early (on an error) ends the reader at its next send
            for batch in rx {
                each(&file, path, Ok(batch), &mut numbered)?;
            }
            Ok::<(), E>(())
        })?;
    }
    Ok(())
}

/// The games of one part of a file: a chunk's games parsed (numbered from 1 within the
/// chunk), or an archived game as it is.
fn parse_part(part: FilePart) -> Vec<Result<FileGame, ReadError>> {
    match part {
        FilePart::Text(chunk) => chunk
            .parse(0)
            .into_iter()
            .map(|g| g.map(FileGame::Text).map_err(ReadError::Pgn))
            .collect(),
        FilePart::Game(g) => vec![g],
    }
}

/// Numbers a game of a text after the `before` games of the file before its chunk (its
/// number within the chunk counts from 1); true for such a game. Archived games keep their
/// numbers.
fn renumber(g: &mut Result<FileGame, ReadError>, before: usize) -> bool {
    match g {
        Ok(FileGame::Text(g)) => g.number += before,
        Err(ReadError::Pgn(e)) => e.game += before,
        Ok(FileGame::Archived(_)) | Err(ReadError::Archive(_)) => return false,
    }
    true
}

/// The next batch of parts: [`BATCH_GAMES`] parts or [`BATCH_PLIES`] moves (an estimate,
/// [`FilePart::size_hint`]), whichever comes first (empty at the end of the input).
fn read_batch(parts: &mut impl Iterator<Item = FilePart>) -> Vec<FilePart> {
    let mut batch = Vec::new();
    let mut plies = 0;
    for p in parts.by_ref() {
        plies += p.size_hint();
        batch.push(p);
        if batch.len() >= BATCH_GAMES || plies >= BATCH_PLIES {
            break;
        }
    }
    batch
}
