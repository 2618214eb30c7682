//! Perft suites: the JSON fixture files under `fixtures/perft/` (one per game), loaded and
//! checked by the tests (shallow depths) and by `cargo xtask perft` (every depth).

use citadel_notation::report::{Case, Verdict};
use citadel_notation::{fen, FenError, FenRights, Loc};
use citadel_rules::{with_game, Variant};
use std::path::{Path, PathBuf};

pub use citadel_rules::{PerftCase, PerftFile};

/// The result of checking one depth.
#[derive(Clone, Debug, serde::Serialize)]
pub struct DepthResult {
    /// The depth.
    pub depth: u32,
    /// The fixture's count.
    pub expected: u64,
    /// The computed count.
    pub got: u64,
    /// Seconds taken.
    pub seconds: f64,
}

/// A fixture file (or directory of them) that could not be read; the message starts with
/// the path.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The directory could not be listed.
    #[error("{}: {source}", path.display())]
    Dir {
        /// The directory.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A file could not be read.
    #[error("{}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A file is not JSON of the expected shape.
    #[error("{}: {source}", path.display())]
    Json {
        /// The file.
        path: PathBuf,
        /// What is wrong, with its line and column.
        #[source]
        source: serde_json::Error,
    },
}

impl LoadError {
    /// The file or directory at fault.
    pub fn path(&self) -> &Path {
        match self {
            LoadError::Dir { path, .. }
            | LoadError::Read { path, .. }
            | LoadError::Json { path, .. } => path,
        }
    }
}

/// A perft case that fails its check; the message starts with the case's name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    /// The case's FEN does not parse.
    #[error("{name}: {source}")]
    Fen {
        /// The case.
        name: String,
        /// What is wrong with the FEN (boxed: FEN errors are large).
        #[source]
        source: Box<FenError>,
    },
    /// The position, written as FEN and read again, is not the same.
    #[error("{name}: FEN does not round-trip: {written}")]
    RoundTrip {
        /// The case.
        name: String,
        /// The FEN written from the parsed position.
        written: String,
    },
    /// A perft count differs from the fixture's.
    #[error("{name} ({fen}): perft {depth} = {got}, fixture says {expected}")]
    Count {
        /// The case.
        name: String,
        /// Its FEN.
        fen: String,
        /// The first depth whose count differs.
        depth: u32,
        /// The computed count.
        got: u64,
        /// The fixture's count.
        expected: u64,
    },
    /// The case could not be run (an engine that does not know the game or refuses the
    /// FEN): it is skipped, not failed.
    #[error("{name}: skipped: {reason}")]
    Skipped {
        /// The case.
        name: String,
        /// Why.
        reason: String,
    },
    /// The counting engine failed on the case (it exited, it gave no count in time).
    #[error("{name}: {reason}")]
    Engine {
        /// The case.
        name: String,
        /// What went wrong.
        reason: String,
    },
}

/// Reads one fixture file, or every `*.json` fixture file in a directory (sorted by name).
pub fn load_dir(path: &Path) -> Result<Vec<(String, PerftFile)>, LoadError> {
    load_json(path)
}

/// Reads one JSON fixture file of type `T`, or every `*.json` file of a directory (sorted by
/// name), each with its path; the error names the file and what is wrong.
pub fn load_json<T: serde::de::DeserializeOwned>(
    path: &Path,
) -> Result<Vec<(String, T)>, LoadError> {
    let mut files: Vec<_> = if path.is_dir() {
        std::fs::read_dir(path)
            .map_err(|source| LoadError::Dir {
                path: path.to_path_buf(),
                source,
            })?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect()
    } else {
        vec![path.to_path_buf()]
    };
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let text = match std::fs::read_to_string(&p) {
                Ok(t) => t,
                Err(source) => return Err(LoadError::Read { path: p, source }),
            };
            match serde_json::from_str(&text) {
                Ok(file) => Ok((p.display().to_string(), file)),
                Err(source) => Err(LoadError::Json { path: p, source }),
            }
        })
        .collect()
}

/// Checks a case at depths `1..=max_depth` (capped by the counts it has) on `threads`
/// threads; the error names the case and its FEN problem or first wrong depth.
pub fn check_case(
    variant: Variant,
    case: &PerftCase,
    max_depth: u32,
    threads: usize,
) -> Result<Vec<DepthResult>, CheckError> {
    with_game!(variant, G => check::<G>(case, max_depth, threads))
}

fn check<G: FenRights>(
    case: &PerftCase,
    max_depth: u32,
    threads: usize,
) -> Result<Vec<DepthResult>, CheckError> {
    let pos = fen::parse::<G>(&case.fen).map_err(|source| CheckError::Fen {
        name: case.name.clone(),
        source: Box::new(source),
    })?;
    let again = fen::write(&pos);
    if fen::parse::<G>(&again).map(|p| fen::write(&p)) != Ok(again.clone()) {
        return Err(CheckError::RoundTrip {
            name: case.name.clone(),
            written: again,
        });
    }
    compare_counts(case, max_depth, |depth| {
        Ok(crate::perft_parallel(&pos, depth, threads))
    })
}

/// Compares a case's counts at depths `1..=max_depth` (capped by the counts it has) with
/// those `count` gives, timing each, up to the first difference (a [`CheckError::Count`]) or
/// the first error of `count`.
pub fn compare_counts(
    case: &PerftCase,
    max_depth: u32,
    mut count: impl FnMut(u32) -> Result<u64, CheckError>,
) -> Result<Vec<DepthResult>, CheckError> {
    let mut out = Vec::new();
    for (i, &expected) in case.perft.iter().enumerate() {
        let depth = i as u32 + 1;
        if depth > max_depth {
            break;
        }
        let t = std::time::Instant::now();
        let got = count(depth)?;
        let seconds = t.elapsed().as_secs_f64();
        if got != expected {
            return Err(CheckError::Count {
                name: case.name.clone(),
                fen: case.fen.clone(),
                depth,
                got,
                expected,
            });
        }
        out.push(DepthResult {
            depth,
            expected,
            got,
            seconds,
        });
    }
    Ok(out)
}

/// One position of a fixture file, checked.
#[derive(Debug)]
pub struct CaseReport<'a> {
    /// The fixture file.
    pub file: &'a str,
    /// The game.
    pub variant: Variant,
    /// The position and its counts.
    pub case: &'a PerftCase,
    /// Each depth's result, or what is wrong.
    pub result: Result<Vec<DepthResult>, CheckError>,
    /// Where the case's FEN stands in the file (line and column), when found.
    pub loc: Option<Loc>,
}

/// Where `fen`, as a JSON string, first stands in a fixture file's `text`.
fn locate(text: &str, fen: &str) -> Option<Loc> {
    let quoted = serde_json::to_string(fen).ok()?;
    let at = text.find(&quoted)?;
    let before = &text[..at];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    Some(Loc {
        line: before.matches('\n').count() + 1,
        col: before[line_start..].chars().count() + 1,
    })
}

impl CaseReport<'_> {
    /// The case for a report ([`citadel_notation::report`]): named `game name`, with the
    /// game, the name and each depth's counts and time as its JSON fields; a
    /// [`CheckError::Skipped`] case is skipped, any other error a failure.
    pub fn to_case(&self) -> Case {
        let name = citadel_notation::clip(&self.case.name);
        let empty = Vec::new();
        let (verdict, depths) = match &self.result {
            Ok(d) => (Verdict::Passed, d),
            Err(CheckError::Skipped { reason, .. }) => (Verdict::Skipped(reason.clone()), &empty),
            Err(e) => (
                Verdict::Failed {
                    loc: self.loc,
                    message: e.to_string(),
                },
                &empty,
            ),
        };
        let seconds = depths.iter().map(|d| d.seconds).sum::<f64>();
        #[derive(serde::Serialize)]
        struct Fields<'a> {
            variant: &'a str,
            name: &'a str,
            depths: &'a [DepthResult],
        }
        let fields = Fields {
            variant: self.variant.id(),
            name: &name,
            depths,
        };
        Case::new(
            self.file,
            &format!("{} {name}", self.variant.id()),
            verdict,
            &fields,
        )
        .timed(seconds)
    }
}

/// What a run over fixture files found.
#[derive(Debug, Default)]
pub struct SuiteSummary {
    /// Positions checked.
    pub cases: usize,
    /// Positions skipped (see [`CheckError::Skipped`]).
    pub skipped: usize,
    /// Leaves counted.
    pub nodes: u64,
    /// Seconds spent counting.
    pub seconds: f64,
    /// Each failure, as `file: message`.
    pub failures: Vec<String>,
}

/// Checks every position of the fixture files under `paths` (files or directories) at
/// depths up to `max_depth`, only games `only` if given, handing each position's result to
/// `each` as it comes. A file of an unknown game is a failure; a file that cannot be read
/// ends the run.
pub fn run(
    paths: &[PathBuf],
    only: Option<Variant>,
    max_depth: u32,
    threads: usize,
    each: impl FnMut(&CaseReport),
) -> Result<SuiteSummary, LoadError> {
    run_with(
        paths,
        only,
        max_depth,
        |v, case, depth| check_case(v, case, depth, threads),
        each,
    )
}

/// [`run`] with the counts checked by `check` (game, case, deepest depth) instead of
/// Citadel's own perft: another engine's, say. A [`CheckError::Skipped`] case is counted as
/// skipped, not failed.
pub fn run_with(
    paths: &[PathBuf],
    only: Option<Variant>,
    max_depth: u32,
    mut check: impl FnMut(Variant, &PerftCase, u32) -> Result<Vec<DepthResult>, CheckError>,
    mut each: impl FnMut(&CaseReport),
) -> Result<SuiteSummary, LoadError> {
    let mut summary = SuiteSummary::default();
    for path in paths {
        for (file, fixture) in load_dir(path)? {
            let Ok(variant) = fixture.variant.parse::<Variant>() else {
                let unknown = citadel_notation::clip(&fixture.variant);
                summary
                    .failures
                    .push(format!("{file}: unknown variant `{unknown}`"));
                continue;
            };
            if only.is_some_and(|o| o != variant) {
                continue;
            }
            // read again for the positions' lines (a file that vanished has none)
            let text = std::fs::read_to_string(&file).unwrap_or_default();
            for case in &fixture.positions {
                summary.cases += 1;
                let result = check(variant, case, max_depth);
                match &result {
                    Ok(depths) => {
                        summary.nodes += depths.iter().map(|r| r.got).sum::<u64>();
                        summary.seconds += depths.iter().map(|r| r.seconds).sum::<f64>();
                    }
                    Err(CheckError::Skipped { .. }) => summary.skipped += 1,
                    Err(e) => summary.failures.push(format!("{file}: {e}")),
                }
                each(&CaseReport {
                    file: &file,
                    variant,
                    case,
                    result,
                    loc: locate(&text, &case.fen),
                });
            }
        }
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_located_by_their_fen() {
        let text = "{\n  \"positions\": [\n    {\"name\": \"é\", \"fen\": \"8/8 w - - 0 1\"}]}";
        assert_eq!(
            locate(text, "8/8 w - - 0 1"),
            Some(Loc { line: 3, col: 26 })
        );
        assert_eq!(locate(text, "8/7 w - - 0 1"), None);
    }
}
