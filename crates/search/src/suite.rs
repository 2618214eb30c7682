//! Perft suites: the JSON fixture files under `fixtures/perft/` (one per game), loaded and
//! checked by the tests (shallow depths) and by `cargo xtask perft` (every depth).

use citadel_notation::{fen, FenRights};
use citadel_rules::{with_game, Variant};
use std::path::Path;

pub use citadel_rules::{PerftCase, PerftFile};

/// The result of checking one depth.
#[derive(Clone, Debug)]
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

/// Reads one fixture file, or every `*.json` fixture file in a directory (sorted by name).
pub fn load_dir(path: &Path) -> Result<Vec<(String, PerftFile)>, String> {
    load_json(path)
}

/// Reads one JSON fixture file of type `T`, or every `*.json` file of a directory (sorted by
/// name), each with its path; the error names the file and what is wrong.
pub fn load_json<T: serde::de::DeserializeOwned>(path: &Path) -> Result<Vec<(String, T)>, String> {
    let mut files: Vec<_> = if path.is_dir() {
        std::fs::read_dir(path)
            .map_err(|e| format!("{}: {e}", path.display()))?
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
            let text = std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?;
            let file: T =
                serde_json::from_str(&text).map_err(|e| format!("{}: {e}", p.display()))?;
            Ok((p.display().to_string(), file))
        })
        .collect()
}

/// Checks a case at depths `1..=max_depth` (capped by the counts it has) on `threads`
/// threads; the error names the variant, FEN problem or first wrong depth.
pub fn check_case(
    variant: Variant,
    case: &PerftCase,
    max_depth: u32,
    threads: usize,
) -> Result<Vec<DepthResult>, String> {
    with_game!(variant, G => check::<G>(case, max_depth, threads))
}

fn check<G: FenRights>(
    case: &PerftCase,
    max_depth: u32,
    threads: usize,
) -> Result<Vec<DepthResult>, String> {
    let pos = fen::parse::<G>(&case.fen).map_err(|e| format!("{}: {e}", case.name))?;
    let again = fen::write(&pos);
    if fen::parse::<G>(&again).map(|p| fen::write(&p)) != Ok(again.clone()) {
        return Err(format!("{}: FEN does not round-trip: {again}", case.name));
    }
    let mut out = Vec::new();
    for (i, &expected) in case.perft.iter().enumerate() {
        let depth = i as u32 + 1;
        if depth > max_depth {
            break;
        }
        let t = std::time::Instant::now();
        let got = crate::perft_parallel(&pos, depth, threads);
        let seconds = t.elapsed().as_secs_f64();
        if got != expected {
            return Err(format!(
                "{} ({}): perft {depth} = {got}, fixture says {expected}",
                case.name, case.fen
            ));
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
