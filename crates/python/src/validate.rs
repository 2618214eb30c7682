//! Validation split into parts: a file is cut at game boundaries into parts of about a
//! given size ([`plan`]), each part is validated on its own ([`validate_part`], the notation
//! crate's reader and validation, as `citadel validate`) with its problems located in the whole
//! file, and the parts' results are merged in input order (in Python, by `citadel.validate`
//! and `citadel.dask.validate`: a part's game numbers count from 1 and are shifted there).
//!
//! The cut points follow the PGN reader's own rule for where a game's text ends: a line
//! starting with `[` (after blanks) that follows one that does not. A part read alone
//! therefore yields exactly the games the whole file yields there. Archives, and files that
//! are not text, are one part each.

use citadel_notation::archive::{self, FilePart};
use citadel_notation::pgn::{is_tag_line, PgnErrorKind, MAX_GAME_BYTES};
use citadel_notation::{diagnostic, Diagnostic, Loc, PgnError};
use pyo3::prelude::*;
use rayon::prelude::*;
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// One part of a file: bytes `start..end` (`None`: to the end of the file), whose first
/// line is line `first_line` (from 1) of the file.
pub type Part = (u64, Option<u64>, usize);

/// One problem of a part: the game's number in the part (from 1), line and column in the
/// file (`None` for archives), the move at fault, and the reason.
pub type Problem = (usize, Option<usize>, Option<usize>, Option<String>, String);

/// What a part holds: games read (valid or not), the last game number used (the shift for
/// the next part's numbers), main-line plies of the valid games, and the problems in order.
pub type PartReport = (usize, usize, usize, Vec<Problem>);

/// Whether the file's first bytes are those of text (not an archive or other binary data).
fn looks_like_text(head: &[u8]) -> bool {
    !archive::is_archive(head)
        && head
            .iter()
            .take(64)
            .all(|&b| b >= 0x20 || matches!(b, b'\t' | b'\n' | b'\r' | 0x0c))
}

/// Cuts the file at `path` into parts of at least `part_bytes` bytes (the last may be
/// shorter), at game boundaries.
pub fn plan_file(path: &Path, part_bytes: u64) -> std::io::Result<Vec<Part>> {
    let f = std::fs::File::open(path)?;
    if f.metadata()?.is_dir() {
        return Err(std::io::Error::other(format!(
            "{}: is a directory",
            path.display()
        )));
    }
    let mut input = BufReader::with_capacity(1 << 16, f);
    let head = input.fill_buf()?.to_vec();
    if !looks_like_text(&head) {
        return Ok(vec![(0, None, 1)]);
    }
    let mut parts = Vec::new();
    let (mut start, mut first_line) = (0u64, 1usize);
    let (mut offset, mut line_no) = (0u64, 1usize);
    let mut prev_tag = false;
    let mut line = Vec::new();
    loop {
        line.clear();
        let n = input.read_until(b'\n', &mut line)?;
        if n == 0 {
            break;
        }
        if line.contains(&0) {
            // the reader stops at binary data: the rest of the file is one part
            break;
        }
        let tag = line.len() <= MAX_GAME_BYTES && is_tag_line(&line);
        if tag && !prev_tag && offset > start && offset - start >= part_bytes {
            parts.push((start, Some(offset), first_line));
            start = offset;
            first_line = line_no;
        }
        prev_tag = tag;
        offset += n as u64;
        line_no += 1;
    }
    parts.push((start, None, first_line));
    Ok(parts)
}

/// Validates one part of the file at `path`: its text chunk by chunk as `citadel validate`
/// does ([`diagnostic::validate_chunk`]), except the part's last chunk, read whole to tell a
/// game cut short by the part's end.
pub fn validate_part_of(path: &Path, part: Part) -> std::io::Result<PartReport> {
    let (start, end, first_line) = part;
    let mut f = std::fs::File::open(path)?;
    f.seek(SeekFrom::Start(start))?;
    let input: Box<dyn Read + Send> = match end {
        Some(e) => Box::new(f.take(e.saturating_sub(start))),
        None => Box::new(f),
    };
    let mut parts = archive::open(BufReader::with_capacity(1 << 16, input))
        .parts()
        .peekable();
    let shift = first_line - 1;
    let mut report = Tally {
        shift,
        ..Tally::default()
    };
    // the text's games numbered so far (archived games carry their numbers)
    let mut numbered = 0;
    // the last game, if it was a game without a result at the end of the part's text
    let mut open_end: Option<PgnError> = None;
    while let Some(item) = parts.next() {
        let last = parts.peek().is_none();
        match item {
            FilePart::Text(chunk) if !(last && end.is_some()) => {
                // the chunk numbers its games from 1
                let before = numbered;
                for v in diagnostic::validate_chunk(&chunk) {
                    numbered += 1;
                    report.add(match v {
                        Ok((n, r)) => Ok((before + n, r.plies)),
                        Err(mut d) => {
                            d.game += before;
                            Err(d)
                        }
                    });
                }
            }
            FilePart::Text(chunk) => {
                for g in chunk.parse(numbered) {
                    numbered += 1;
                    open_end = match &g {
                        Err(e) if e.kind == (PgnErrorKind::NoResult { before_tags: false }) => {
                            Some(e.clone())
                        }
                        _ => None,
                    };
                    report.add(match g {
                        Ok(g) => diagnostic::validate_game(&g).map(|r| (g.number, r.plies)),
                        Err(e) => Err(Diagnostic::from_pgn(&e)),
                    });
                }
            }
            FilePart::Game(Ok(g)) => {
                report.add(diagnostic::validate_file_game(&g).map(|r| (g.number(), r.plies)))
            }
            FilePart::Game(Err(e)) => report.add(Err(Diagnostic::from_read(&e))),
        }
    }
    // In the whole file the next game's tag pairs follow a part's last game, and the
    // reader says so when that game has no result.
    if let (Some(e), Some(_)) = (open_end, end) {
        let d = Diagnostic::from_pgn(&PgnError {
            kind: PgnErrorKind::NoResult { before_tags: true },
            ..e
        });
        report.problems.pop();
        report.problems.push(problem(d, shift));
    }
    Ok((
        report.count,
        report.last_number,
        report.plies,
        report.problems,
    ))
}

/// A part's report as its games' verdicts come.
#[derive(Default)]
struct Tally {
    /// Lines of the file before the part.
    shift: usize,
    count: usize,
    last_number: usize,
    plies: usize,
    problems: Vec<Problem>,
}

impl Tally {
    /// Counts a game's verdict: its number and plies, or what is wrong.
    fn add(&mut self, verdict: Result<(usize, usize), Diagnostic>) {
        self.count += 1;
        match verdict {
            Ok((number, plies)) => {
                self.last_number = number;
                self.plies += plies;
            }
            Err(d) => {
                self.last_number = self.last_number.max(d.game);
                self.problems.push(problem(d, self.shift));
            }
        }
    }
}

fn problem(d: Diagnostic, shift: usize) -> Problem {
    (
        d.game,
        d.loc.map(|l| l.line + shift),
        d.loc.map(|l| l.col),
        d.mv,
        d.reason,
    )
}

/// Cuts the file at `path` into parts of at least `part_bytes` bytes at game boundaries:
/// a list of `(start, end, first_line)` (`end` `None` for the last part).
#[pyfunction]
#[pyo3(signature = (path, part_bytes))]
pub fn plan(py: Python<'_>, path: PathBuf, part_bytes: u64) -> PyResult<Vec<Part>> {
    if path.is_dir() {
        return Err(pyo3::exceptions::PyIsADirectoryError::new_err(format!(
            "{}: is a directory",
            path.display()
        )));
    }
    Ok(py.allow_threads(|| plan_file(&path, part_bytes.max(1)))?)
}

/// Validates one part of a file (as `plan` gives it): `(games, last_number, plies,
/// problems)`, each problem `(game, line, column, move, reason)` with the game numbered
/// from 1 in the part and the line in the file. The GIL is released meanwhile.
#[pyfunction]
pub fn validate_part(py: Python<'_>, path: PathBuf, part: Part) -> PyResult<PartReport> {
    Ok(py.allow_threads(|| validate_part_of(&path, part))?)
}

/// Validates many parts on `threads` threads (0: one per core), results in input order.
/// The GIL is released meanwhile.
#[pyfunction]
#[pyo3(signature = (parts, threads = 0))]
pub fn validate_parts(
    py: Python<'_>,
    parts: Vec<(PathBuf, Part)>,
    threads: usize,
) -> PyResult<Vec<PartReport>> {
    let results = py.allow_threads(|| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(std::io::Error::other)?;
        pool.install(|| {
            parts
                .par_iter()
                .map(|(path, part)| validate_part_of(path, *part))
                .collect::<std::io::Result<Vec<_>>>()
        })
    })?;
    Ok(results)
}

/// The line `citadel validate` prints for a problem: `file:line:col: game N, move ...:
/// reason`.
#[pyfunction]
#[pyo3(signature = (file, game, line, column, r#move, reason))]
pub fn render(
    file: &str,
    game: usize,
    line: Option<usize>,
    column: Option<usize>,
    r#move: Option<String>,
    reason: String,
) -> String {
    let loc = match (line, column) {
        (Some(line), Some(col)) => Some(Loc { line, col }),
        _ => None,
    };
    Diagnostic {
        loc,
        game,
        mv: r#move,
        reason,
    }
    .render(file)
}
