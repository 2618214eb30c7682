//! Perft suites: the JSON fixture files under `fixtures/perft/` (one per game), loaded and
//! checked by the tests (shallow depths) and by `cargo xtask perft` (every depth).
use crate::time::Instant;
use citadel_notation::report::{Case, Verdict};
use citadel_notation::{fen, FenError, Loc};
use citadel_rules::{with_game, Game, Variant};
use std::collections::HashMap;
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
    /// The case breaks the fixture schema (`fixtures/perft.schema.json`): no counts, or a
    /// test depth of 0.
    #[error("{name}: {reason}")]
    Schema {
        /// The case.
        name: String,
        /// What is wrong.
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

/// Each fixture file of `path` (one file, or every `*.json` file of a directory, sorted by
/// name), read on its own: a file that cannot be read or parsed does not hide the others.
fn fixture_files(path: &Path) -> Vec<Result<(String, PerftFile), LoadError>> {
    match json_files(path) {
        Ok(files) => files.into_iter().map(load_file).collect(),
        Err(e) => vec![Err(e)],
    }
}

impl CheckError {
    /// What is wrong, without the case's name (a report names the case already).
    pub fn reason(&self) -> String {
        match self {
            CheckError::Fen { source, .. } => source.to_string(),
            CheckError::RoundTrip { written, .. } => format!("FEN does not round-trip: {written}"),
            CheckError::Count {
                fen,
                depth,
                got,
                expected,
                ..
            } => format!("perft {depth} = {got}, fixture says {expected} (FEN {fen})"),
            CheckError::Skipped { reason, .. }
            | CheckError::Schema { reason, .. }
            | CheckError::Engine { reason, .. } => reason.clone(),
        }
    }
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
    json_files(path)?.into_iter().map(load_file).collect()
}

/// `path` itself, or the `*.json` files of the directory `path`, sorted by name.
fn json_files(path: &Path) -> Result<Vec<PathBuf>, LoadError> {
    if !path.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(path)
        .map_err(|source| LoadError::Dir {
            path: path.to_path_buf(),
            source,
        })?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    Ok(files)
}

/// One JSON file of type `T`, with its path.
fn load_file<T: serde::de::DeserializeOwned>(p: PathBuf) -> Result<(String, T), LoadError> {
    let text = match std::fs::read_to_string(&p) {
        Ok(t) => t,
        Err(source) => return Err(LoadError::Read { path: p, source }),
    };
    match serde_json::from_str(&text) {
        Ok(file) => Ok((p.display().to_string(), file)),
        Err(source) => Err(LoadError::Json { path: p, source }),
    }
}

/// What checking a case found: the depths that passed, in order, and what went wrong after
/// them, if anything.
#[derive(Clone, Debug)]
pub struct Counts {
    /// The depths whose counts agree, up to the first that does not.
    pub depths: Vec<DepthResult>,
    /// Why the check stopped short (a wrong count, an engine's fault, a skip), if it did.
    pub error: Option<CheckError>,
}

impl Counts {
    /// A check that failed before any depth.
    pub fn failed(error: CheckError) -> Counts {
        Counts {
            depths: Vec::new(),
            error: Some(error),
        }
    }

    /// The depths if every one passed, else the error.
    pub fn into_result(self) -> Result<Vec<DepthResult>, CheckError> {
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.depths),
        }
    }
}

/// Checks a case at depths `1..=max_depth` (capped by the counts it has) on `threads`
/// threads; the error names the case and its FEN problem or first wrong depth.
pub fn check_case(
    variant: Variant,
    case: &PerftCase,
    max_depth: u32,
    threads: usize,
) -> Result<Vec<DepthResult>, CheckError> {
    count_case(variant, case, max_depth, threads).into_result()
}

/// [`check_case`], keeping the depths that passed before a failure.
pub fn count_case(variant: Variant, case: &PerftCase, max_depth: u32, threads: usize) -> Counts {
    with_game!(variant, G => check::<G>(case, max_depth, threads))
}

fn check<G: Game>(case: &PerftCase, max_depth: u32, threads: usize) -> Counts {
    let pos = match fen::parse::<G>(&case.fen) {
        Ok(p) => p,
        Err(source) => {
            return Counts::failed(CheckError::Fen {
                name: case.name.clone(),
                source: Box::new(source),
            })
        }
    };
    let again = fen::write(&pos);
    if fen::parse::<G>(&again).map(|p| fen::write(&p)) != Ok(again.clone()) {
        return Counts::failed(CheckError::RoundTrip {
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
/// the first error of `count`; the depths before it are kept.
pub fn compare_counts(
    case: &PerftCase,
    max_depth: u32,
    mut count: impl FnMut(u32) -> Result<u64, CheckError>,
) -> Counts {
    let mut out = Counts {
        depths: Vec::new(),
        error: None,
    };
    for (i, &expected) in case.perft.iter().enumerate() {
        let depth = i as u32 + 1;
        if depth > max_depth {
            break;
        }
        let t = Instant::now();
        let got = match count(depth) {
            Ok(n) => n,
            Err(e) => {
                out.error = Some(e);
                break;
            }
        };
        let seconds = t.elapsed().as_secs_f64();
        if got != expected {
            out.error = Some(CheckError::Count {
                name: case.name.clone(),
                fen: case.fen.clone(),
                depth,
                got,
                expected,
            });
            break;
        }
        out.depths.push(DepthResult {
            depth,
            expected,
            got,
            seconds,
        });
    }
    out
}

/// Checks a case against what the schema asks beyond its JSON shape: at least one count,
/// and a test depth of at least 1.
pub fn check_schema(case: &PerftCase) -> Result<(), CheckError> {
    let reason = if case.perft.is_empty() {
        "`perft` lists no counts (the schema asks for at least one)"
    } else if case.test_depth == 0 {
        "`test_depth` is 0 (the schema asks for at least 1)"
    } else {
        return Ok(());
    };
    Err(CheckError::Schema {
        name: case.name.clone(),
        reason: reason.into(),
    })
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
    /// The depths that passed, and what went wrong after them, if anything.
    pub counts: Counts,
    /// Where the case's FEN stands in the file (line and column), when found.
    pub loc: Option<Loc>,
    /// Seconds the check took, failed or not (a timed-out engine's wait included).
    pub seconds: f64,
}

/// Where `fen`, as a JSON string, stands the `nth` time (from 0) in a fixture file's `text`:
/// the `nth` position with that FEN.
fn locate(text: &str, fen: &str, nth: usize) -> Option<Loc> {
    let quoted = serde_json::to_string(fen).ok()?;
    let (at, _) = text.match_indices(&quoted).nth(nth)?;
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
        let depths = &self.counts.depths;
        let verdict = match &self.counts.error {
            None => Verdict::Passed,
            Some(CheckError::Skipped { reason, .. }) => Verdict::Skipped(reason.clone()),
            Some(e) => Verdict::Failed {
                loc: self.loc,
                message: e.reason(),
            },
        };
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
        .timed(self.seconds)
    }
}

/// A fixture file that could not be checked at all: it cannot be read, it is not a fixture
/// (not JSON of the expected shape, no positions), or it names a game Citadel does not know.
#[derive(Debug)]
pub struct FileFailure {
    /// The file.
    pub file: String,
    /// What is wrong (without the file's name).
    pub message: String,
    /// Where in the file, when known.
    pub loc: Option<Loc>,
}

impl FileFailure {
    /// The failed case of a report for the file, named `file`.
    pub fn to_case(&self) -> Case {
        let verdict = Verdict::Failed {
            loc: self.loc,
            message: self.message.clone(),
        };
        Case::new(&self.file, "file", verdict, &())
    }

    fn of_load(e: &LoadError) -> FileFailure {
        let (message, loc) = match e {
            LoadError::Dir { source, .. } | LoadError::Read { source, .. } => {
                (source.to_string(), None)
            }
            LoadError::Json { source, .. } => (
                source.to_string(),
                Some(Loc {
                    line: source.line(),
                    col: source.column(),
                }),
            ),
        };
        FileFailure {
            file: e.path().display().to_string(),
            message,
            loc,
        }
    }
}

/// What a run hands over as it goes: a position checked, or a file that could not be.
#[derive(Debug)]
pub enum Checked<'a> {
    /// A position of a fixture file.
    Position(CaseReport<'a>),
    /// A file that could not be checked (a failure).
    File(FileFailure),
}

impl Checked<'_> {
    /// The case for a report ([`CaseReport::to_case`], [`FileFailure::to_case`]).
    pub fn to_case(&self) -> Case {
        match self {
            Checked::Position(c) => c.to_case(),
            Checked::File(f) => f.to_case(),
        }
    }
}

/// What a run over fixture files found.
#[derive(Debug, Default)]
pub struct SuiteSummary {
    /// Positions checked (passed, failed or skipped).
    pub cases: usize,
    /// Positions that passed (at one depth at least).
    pub passed: usize,
    /// Positions skipped (see [`CheckError::Skipped`]).
    pub skipped: usize,
    /// Leaves counted.
    pub nodes: u64,
    /// Seconds spent checking, failures and timeouts included.
    pub seconds: f64,
    /// Each failure, as `file: message`.
    pub failures: Vec<String>,
}

/// Checks every position of the fixture files under `paths` (files or directories) at
/// depths up to `max_depth`, only games `only` if given, handing each position's result to
/// `each` as it comes. A file that cannot be read or parsed, or of an unknown game, is a
/// failure ([`Checked::File`]), and the files after it are still checked.
pub fn run(
    paths: &[PathBuf],
    only: Option<Variant>,
    max_depth: u32,
    threads: usize,
    each: impl FnMut(&Checked),
) -> SuiteSummary {
    run_with(
        paths,
        only,
        max_depth,
        |v, case, depth| count_case(v, case, depth, threads),
        each,
    )
}

/// [`run`] with the counts checked by `check` (game, case, deepest depth) instead of
/// Citadel's own perft: another engine's, say. A [`CheckError::Skipped`] case is counted as
/// skipped, not failed; a case that breaks the schema ([`check_schema`]) fails unchecked.
pub fn run_with(
    paths: &[PathBuf],
    only: Option<Variant>,
    max_depth: u32,
    mut check: impl FnMut(Variant, &PerftCase, u32) -> Counts,
    mut each: impl FnMut(&Checked),
) -> SuiteSummary {
    let mut summary = SuiteSummary::default();
    let fail_file = |summary: &mut SuiteSummary, each: &mut dyn FnMut(&Checked), f: FileFailure| {
        summary.failures.push(format!("{}: {}", f.file, f.message));
        each(&Checked::File(f));
    };
    for loaded in paths.iter().flat_map(|p| fixture_files(p)) {
        let (file, fixture) = match loaded {
            Ok(f) => f,
            Err(e) => {
                fail_file(&mut summary, &mut each, FileFailure::of_load(&e));
                continue;
            }
        };
        let unknown = |message: String| FileFailure {
            file: file.clone(),
            message,
            loc: None,
        };
        let Ok(variant) = fixture.variant.parse::<Variant>() else {
            let game = citadel_notation::clip(&fixture.variant);
            fail_file(
                &mut summary,
                &mut each,
                unknown(format!("unknown variant `{game}`")),
            );
            continue;
        };
        if only.is_some_and(|o| o != variant) {
            continue;
        }
        if fixture.positions.is_empty() {
            let empty = "no positions (the schema asks for at least one)".to_string();
            fail_file(&mut summary, &mut each, unknown(empty));
            continue;
        }
        // read again for the positions' lines (a file that vanished has none)
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        let mut seen: HashMap<&str, usize> = HashMap::new();
        for case in &fixture.positions {
            summary.cases += 1;
            let t = Instant::now();
            let counts = match check_schema(case) {
                Ok(()) => check(variant, case, max_depth),
                Err(e) => Counts::failed(e),
            };
            let seconds = t.elapsed().as_secs_f64();
            summary.seconds += seconds;
            summary.nodes += counts.depths.iter().map(|r| r.got).sum::<u64>();
            match &counts.error {
                None => summary.passed += 1,
                Some(CheckError::Skipped { .. }) => summary.skipped += 1,
                Some(e) => summary.failures.push(format!("{file}: {e}")),
            }
            let nth = seen.entry(case.fen.as_str()).or_insert(0);
            let loc = locate(&text, &case.fen, *nth);
            *nth += 1;
            each(&Checked::Position(CaseReport {
                file: &file,
                variant,
                case,
                counts,
                loc,
                seconds,
            }));
        }
    }
    summary
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_located_by_their_fen() {
        let text = "{\n  \"positions\": [\n    {\"name\": \"é\", \"fen\": \"8/8 w - - 0 1\"}]}";
        assert_eq!(
            locate(text, "8/8 w - - 0 1", 0),
            Some(Loc { line: 3, col: 26 })
        );
        assert_eq!(locate(text, "8/7 w - - 0 1", 0), None);
        // positions that share a FEN: each at its own place
        let twice = "{\n \"positions\": [\n  {\"fen\": \"8/8 w\"},\n  {\"fen\": \"8/8 w\"}]}";
        assert_eq!(locate(twice, "8/8 w", 0).map(|l| l.line), Some(3));
        assert_eq!(locate(twice, "8/8 w", 1).map(|l| l.line), Some(4));
        assert_eq!(locate(twice, "8/8 w", 2), None);
    }
}
