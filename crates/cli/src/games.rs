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
        errln!("note: --threads {requested} capped at {max}, this machine's parallelism");
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

/// An output file (`-o`) that receives a command's bytes only when the command succeeds.
///
/// The target is never replaced, only written: a symbolic link is followed, and anything that
/// is not a regular file (a FIFO, a device) is written through as the bytes come. For a
/// regular file (or a new one) the bytes go first to an anonymous scratch file — created
/// beside the target and unlinked at once, so that nothing is left behind however the program
/// ends — and [`commit`](OutFile::commit) copies them into the target in place, which keeps
/// its mode, owner and hard links. A command that fails, or is interrupted, before the commit
/// leaves the target as it was; only a failure during the copy itself (a disk that fills up)
/// leaves it incomplete, and says so.
pub struct OutFile {
    path: PathBuf,
    /// Where the bytes go now: the scratch file, or the target itself.
    file: std::io::BufWriter<std::fs::File>,
    /// Whether `file` is the scratch file, copied into the target on commit.
    staged: bool,
    /// An existing regular target, opened (not truncated) at the start so that a target that
    /// cannot be written is refused before the work.
    target: Option<std::fs::File>,
    /// A scratch file's name that could not be unlinked at once (removed on drop).
    named: Option<PathBuf>,
    /// Bytes written so far.
    written: u64,
}

impl OutFile {
    /// Opens the output for `path`: the target itself when it exists and is not a regular
    /// file, a scratch file otherwise.
    pub fn create(path: &Path) -> Result<Self, Failure> {
        let fail = |e: std::io::Error| Failure(format!("{}: {e}", path.display()));
        let through = std::fs::metadata(path).is_ok_and(|m| !m.is_file());
        let exists = std::fs::metadata(path).is_ok();
        let open = || {
            std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(fail)
        };
        let (file, staged, target, named) = if through {
            (open()?, false, None, None)
        } else {
            let target = if exists { Some(open()?) } else { None };
            let (f, named) = scratch_file(path).map_err(fail)?;
            (f, true, target, named)
        };
        Ok(OutFile {
            path: path.to_path_buf(),
            file: std::io::BufWriter::with_capacity(1 << 16, file),
            staged,
            target,
            named,
            written: 0,
        })
    }

    /// Whether the target stays untouched until [`commit`](OutFile::commit) (false when it
    /// is written through).
    pub fn staged(&self) -> bool {
        self.staged
    }

    /// Bytes written so far.
    pub fn written(&self) -> u64 {
        self.written
    }

    /// Finishes the output: flushes it and, for a staged output, copies the scratch file into
    /// the target (created if missing, emptied first otherwise).
    pub fn commit(mut self) -> Result<(), Failure> {
        use std::io::{Seek, Write};
        let path = self.path.clone();
        let fail = |e: std::io::Error| Failure(format!("{}: {e}", path.display()));
        self.file.flush().map_err(fail)?;
        if !self.staged {
            return Ok(());
        }
        let mut target = match self.target.take() {
            Some(t) => {
                t.set_len(0).map_err(fail)?;
                t
            }
            None => std::fs::OpenOptions::new()
                .write(true)
                .create(true)
                .truncate(true)
                .open(&self.path)
                .map_err(fail)?,
        };
        let scratch = self.file.get_mut();
        scratch.rewind().map_err(fail)?;
        // the target is being rewritten: a failure now (a disk that fills up) leaves it short
        let incomplete = |e: std::io::Error| {
            Failure(format!("{}: {e} (the file is incomplete)", path.display()))
        };
        std::io::copy(scratch, &mut target).map_err(incomplete)?;
        target.sync_all().map_err(incomplete)
    }
}

impl std::io::Write for OutFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.file.write(buf)?;
        self.written += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.flush()
    }
}

impl Drop for OutFile {
    fn drop(&mut self) {
        if let Some(p) = &self.named {
            let _ = std::fs::remove_file(p);
        }
    }
}

/// A scratch file for the output `target`: in the target's directory (else the system's
/// temporary directory), opened for reading and writing and unlinked at once. Where a file
/// cannot be unlinked while open, it keeps its name (returned, for removal on drop).
fn scratch_file(target: &Path) -> std::io::Result<(std::fs::File, Option<PathBuf>)> {
    let name = target
        .file_name()
        .map_or("out".into(), |n| n.to_string_lossy().into_owned());
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut last = None;
    for dir in [dir, std::env::temp_dir()] {
        for attempt in 0..8 {
            let temp = dir.join(format!(
                ".{name}.citadel-partial-{}-{attempt}",
                std::process::id()
            ));
            match std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .create_new(true)
                .open(&temp)
            {
                Ok(f) => {
                    let named = std::fs::remove_file(&temp).err().map(|_| temp);
                    return Ok((f, named));
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
                Err(e) => {
                    last = Some(e);
                    break;
                }
            }
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no scratch file")))
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
            err!("\r{}: {} games", self.label, self.done);
        }
    }

    /// Clears the counter's line.
    pub fn finish(&mut self) {
        if self.shown && self.done >= 200 {
            err!("\r{}\r", " ".repeat(self.label.chars().count() + 32));
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}
