//! The perft fixtures (`fixtures/perft/*.json`) as the rules' tests read them: each game's
//! positions with their counts. (`citadel-search`'s suite runner reads the same files.)

#![allow(dead_code, unused_imports)]

use std::path::Path;

pub use citadel_rules::{PerftCase, PerftFile};

/// The directory of the perft fixtures.
pub fn dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/perft")
}

/// The fixture file of `variant` (`"tamerlane"`).
pub fn file(variant: &str) -> PerftFile {
    let path = dir().join(format!("{variant}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let file: PerftFile = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    assert_eq!(file.variant, variant);
    file
}

/// Every fixture file, sorted by name.
pub fn all() -> Vec<PerftFile> {
    let mut names: Vec<String> = std::fs::read_dir(dir())
        .expect("fixtures/perft")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".json").map(str::to_string))
        .collect();
    names.sort();
    names.iter().map(|n| file(n)).collect()
}
