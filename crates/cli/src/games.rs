//! Reading game files (PGN text or archive, `-` for stdin) game by game, working on them on
//! all cores with the results in input order, refusing output over an input, and a progress
//! counter on stderr.

use crate::Failure;
use citadel_notation::archive::{self, ReadError};
use citadel_notation::Diagnostic;
use citadel_notation::SourceGame;
use rayon::prelude::*;
use std::io::{BufRead, BufReader, IsTerminal};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Games handed to the worker threads at once (fewer when they hold many moves).
const BATCH_GAMES: usize = 256;
/// Main-line moves handed to the worker threads at once, at most (bounds memory).
const BATCH_PLIES: usize = 50_000;

/// The worker threads to use for `requested` (0: one per core): never more than the
/// machine's parallelism, saying so on stderr when a request is capped.
pub fn threads(requested: usize) -> usize {
    let max = std::thread::available_parallelism().map_or(1, |n| n.get());
    if requested == 0 {
        max
    } else if requested > max {
        eprintln!("note: --threads {requested} capped at {max}, this machine's parallelism");
        max
    } else {
        requested
    }
}

/// A thread pool of `threads` workers.
pub fn pool(threads: usize) -> Result<rayon::ThreadPool, Failure> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Failure(format!("cannot start worker threads: {e}")))
}

/// Opens a game file (`-`: stdin) for reading game by game.
fn open(
    path: &Path,
) -> Result<Box<dyn Iterator<Item = Result<SourceGame, ReadError>> + Send>, Failure> {
    let input: Box<dyn BufRead + Send> = if path.as_os_str() == "-" {
        Box::new(BufReader::with_capacity(1 << 16, std::io::stdin()))
    } else {
        let f =
            std::fs::File::open(path).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
        if f.metadata().is_ok_and(|m| m.is_dir()) {
            return Err(Failure(format!("{}: is a directory", path.display())));
        }
        Box::new(BufReader::with_capacity(1 << 16, f))
    };
    Ok(Box::new(archive::open(input)))
}

/// Reads every game of `files` in order, runs `work` on each (on the pool's threads, a batch
/// at a time) and hands the results to `sink` in input order, with the file's name. A game
/// that cannot be read reaches `sink` as its diagnostic. Reading runs on a thread of its own,
/// one batch ahead of the work, so that the two overlap.
pub fn each_game<T: Send>(
    files: &[PathBuf],
    pool: &rayon::ThreadPool,
    work: impl Fn(&Path, &SourceGame) -> Result<T, Diagnostic> + Sync,
    mut sink: impl FnMut(&str, Result<T, Diagnostic>) -> Result<(), Failure>,
) -> Result<(), Failure> {
    for path in files {
        let file = path.display().to_string();
        let games = open(path)?;
        let mut progress = Progress::new(&file);
        // one batch in the channel and one being read while the pool works on a third
        let (tx, rx) = std::sync::mpsc::sync_channel::<Vec<Result<SourceGame, ReadError>>>(1);
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
                    progress.tick();
                    if r.is_err() {
                        progress.finish();
                    }
                    sink(&file, r)?;
                }
            }
            Ok::<(), Failure>(())
        })?;
    }
    Ok(())
}

/// The next batch of games: [`BATCH_GAMES`] games or [`BATCH_PLIES`] moves, whichever comes
/// first (empty at the end of the input).
fn read_batch(
    games: &mut impl Iterator<Item = Result<SourceGame, ReadError>>,
) -> Vec<Result<SourceGame, ReadError>> {
    let mut batch = Vec::new();
    let mut plies = 0;
    for g in games.by_ref() {
        if let Ok(g) = &g {
            plies += g.record.main.moves.len();
        }
        batch.push(g);
        if batch.len() >= BATCH_GAMES || plies >= BATCH_PLIES {
            break;
        }
    }
    batch
}

/// Writes `bytes` to `out`, or to stdout when there is none.
pub fn output(out: Option<&Path>, bytes: &[u8]) -> Result<(), Failure> {
    match out {
        Some(p) => std::fs::write(p, bytes).map_err(|e| Failure(format!("{}: {e}", p.display()))),
        None => {
            crate::emit_bytes(bytes);
            Ok(())
        }
    }
}

/// Refuses an output file that is one of the inputs (it would be overwritten before it is
/// read).
pub fn refuse_overwrite(output: &Path, inputs: &[PathBuf]) -> Result<(), Failure> {
    let Ok(out) = std::fs::canonicalize(output) else {
        return Ok(()); // the output does not exist yet
    };
    for i in inputs {
        if std::fs::canonicalize(i).is_ok_and(|i| i == out) || same_file(i, output) {
            return Err(Failure(format!(
                "refusing to write {}: it is also an input file",
                output.display()
            )));
        }
    }
    Ok(())
}

#[cfg(unix)]
fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_a: &Path, _b: &Path) -> bool {
    false
}

/// An output file written beside its final name and moved there only when the command
/// succeeds, so that a failed command leaves nothing half-written.
pub struct OutFile {
    path: PathBuf,
    temp: PathBuf,
    /// The open file.
    pub file: std::io::BufWriter<std::fs::File>,
}

impl OutFile {
    /// Creates the temporary file for `path`.
    pub fn create(path: &Path) -> Result<Self, Failure> {
        let name = path
            .file_name()
            .map_or("out".into(), |n| n.to_string_lossy().into_owned());
        let temp = path.with_file_name(format!(".{name}.citadel-partial"));
        let file = std::fs::File::create(&temp)
            .map_err(|e| Failure(format!("{}: {e}", path.display())))?;
        Ok(OutFile {
            path: path.to_path_buf(),
            temp,
            file: std::io::BufWriter::new(file),
        })
    }

    /// Flushes the file and gives it its final name.
    pub fn commit(mut self) -> Result<(), Failure> {
        use std::io::Write;
        let path = self.path.clone();
        let fail = |e: std::io::Error| Failure(format!("{}: {e}", path.display()));
        self.file.flush().map_err(fail)?;
        self.file.get_ref().sync_all().map_err(fail)?;
        std::fs::rename(&self.temp, &self.path).map_err(fail)?;
        self.temp = PathBuf::new();
        Ok(())
    }
}

impl Drop for OutFile {
    fn drop(&mut self) {
        if !self.temp.as_os_str().is_empty() {
            let _ = std::fs::remove_file(&self.temp);
        }
    }
}

/// A `done` counter of games on stderr, shown only when stderr is a terminal and the work is
/// long.
pub struct Progress {
    label: String,
    done: usize,
    shown: bool,
    last: Instant,
}

impl Progress {
    /// A counter for the games of `label`.
    pub fn new(label: &str) -> Self {
        Progress {
            label: label.to_string(),
            done: 0,
            shown: std::io::stderr().is_terminal(),
            last: Instant::now(),
        }
    }

    /// One more game done.
    pub fn tick(&mut self) {
        self.done += 1;
        if self.shown && self.done >= 200 && self.last.elapsed() > Duration::from_millis(100) {
            self.last = Instant::now();
            eprint!("\r{}: {} games", self.label, self.done);
        }
    }

    /// Clears the counter's line.
    pub fn finish(&mut self) {
        if self.shown && self.done >= 200 {
            eprint!("\r{}\r", " ".repeat(self.label.chars().count() + 32));
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}
