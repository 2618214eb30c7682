//! Game files on the command line: worker threads, and the games read on all cores
//! ([`batch`]) with a progress counter on stderr.

use crate::Failure;
use citadel_notation::archive::FileGame;
use citadel_notation::{batch, Diagnostic, Replayed, SourceGame};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

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

/// Reads every game of `files` in order and works on them on the pool's threads
/// ([`batch::each_game`]), with a progress counter per file on stderr.
pub fn each_game<T: Send>(
    files: &[PathBuf],
    pool: &rayon::ThreadPool,
    work: impl Fn(&Path, &SourceGame) -> Result<T, Diagnostic> + Sync,
    sink: impl FnMut(&str, Result<T, Diagnostic>) -> Result<(), Failure>,
) -> Result<(), Failure> {
    each_file_game(files, pool, batch::decoding(work), sink)
}

/// [`each_game`] with archived games undecoded ([`batch::each_file_game`]).
pub fn each_file_game<T: Send>(
    files: &[PathBuf],
    pool: &rayon::ThreadPool,
    work: impl Fn(&Path, &FileGame) -> Result<T, Diagnostic> + Sync,
    sink: impl FnMut(&str, Result<T, Diagnostic>) -> Result<(), Failure>,
) -> Result<(), Failure> {
    batch::each_file_game(files, pool, work, with_progress(sink))
}

/// `sink` behind a progress counter per file on stderr, ticked by each result.
fn with_progress<T>(
    mut sink: impl FnMut(&str, Result<T, Diagnostic>) -> Result<(), Failure>,
) -> impl FnMut(&str, Result<T, Diagnostic>) -> Result<(), Failure> {
    let mut progress: Option<Progress> = None;
    move |file, r| {
        let p = match &mut progress {
            Some(p) if p.label == file => p,
            _ => progress.insert(Progress::new(file)),
        };
        p.tick();
        if r.is_err() {
            p.finish();
        }
        sink(file, r)
    }
}

/// Validates every game of `files` on the pool's threads ([`batch::validate_files`]), with
/// a progress counter per file on stderr.
pub fn validate_files(
    files: &[PathBuf],
    pool: &rayon::ThreadPool,
    sink: impl FnMut(&str, Result<(usize, Replayed), Diagnostic>) -> Result<(), Failure>,
) -> Result<(), Failure> {
    batch::validate_files(files, pool, with_progress(sink))
}

/// What went wrong in a run over game files, if anything: `bad` games (said as `{bad}
/// {games}`, e.g. "3 invalid game(s)") and `unopened` files that could not be read at all
/// ([`Diagnostic::is_of_file`]).
pub fn failures(bad: usize, games: &str, unopened: usize) -> Option<Failure> {
    let games = format!("{bad} {games}");
    let files = format!("{unopened} unreadable file(s)");
    match (bad, unopened) {
        (0, 0) => None,
        (_, 0) => Some(Failure(games)),
        (0, _) => Some(Failure(files)),
        _ => Some(Failure(format!("{games}, {files}"))),
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
