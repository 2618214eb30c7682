//! What several test files share: the fixture game files.

use std::path::{Path, PathBuf};

/// Every file under `fixtures/games/<dir>/`, sorted (the `invalid/` files included).
pub fn fixture_game_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/games");
    let mut files = Vec::new();
    for d in std::fs::read_dir(root).expect("fixtures/games") {
        let d = d.expect("entry").path();
        if !d.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&d).expect("fixture dir") {
            files.push(f.expect("entry").path());
        }
    }
    files.sort();
    files
}
