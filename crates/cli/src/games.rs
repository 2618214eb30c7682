//! Reading game files (PGN text or archive, `-` for stdin) and a progress counter on stderr.

use crate::Failure;
use citadel_notation::{archive, PgnError, SourceGame};
use std::io::{IsTerminal, Read, Write};
use std::path::Path;
use std::time::{Duration, Instant};

/// The games of a file, each `Ok` or its syntax error.
pub fn load(path: &Path) -> Result<Vec<Result<SourceGame, PgnError>>, Failure> {
    let bytes = if path.as_os_str() == "-" {
        let mut b = Vec::new();
        std::io::stdin()
            .read_to_end(&mut b)
            .map_err(|e| Failure(format!("stdin: {e}")))?;
        b
    } else {
        std::fs::read(path).map_err(|e| Failure(format!("{}: {e}", path.display())))?
    };
    archive::load(&bytes).map_err(|e| Failure(format!("{}: {e}", path.display())))
}

/// Writes `bytes` to `out`, or to stdout when there is none.
pub fn output(out: Option<&Path>, bytes: &[u8]) -> Result<(), Failure> {
    match out {
        Some(p) => std::fs::write(p, bytes).map_err(|e| Failure(format!("{}: {e}", p.display()))),
        None => std::io::stdout()
            .write_all(bytes)
            .map_err(|e| Failure(format!("stdout: {e}"))),
    }
}

/// A `done/total` counter on stderr, shown only when stderr is a terminal and the work is
/// long.
pub struct Progress {
    label: String,
    total: usize,
    done: usize,
    shown: bool,
    last: Instant,
}

impl Progress {
    /// A counter for `total` games of `label`.
    pub fn new(label: &str, total: usize) -> Self {
        Progress {
            label: label.to_string(),
            total,
            done: 0,
            shown: std::io::stderr().is_terminal() && total >= 200,
            last: Instant::now(),
        }
    }

    /// One more game done.
    pub fn tick(&mut self) {
        self.done += 1;
        if self.shown
            && (self.last.elapsed() > Duration::from_millis(100) || self.done == self.total)
        {
            self.last = Instant::now();
            eprint!("\r{}: {}/{} games", self.label, self.done, self.total);
        }
    }

    /// Clears the counter's line.
    pub fn finish(&mut self) {
        if self.shown {
            eprint!("\r{}\r", " ".repeat(self.label.chars().count() + 32));
            self.shown = false;
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}
