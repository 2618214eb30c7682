//! Every perft fixture under `fixtures/perft/`, to each case's `test_depth`.

use citadel_rules::Variant;
use citadel_search::suite;
use std::path::Path;

#[test]
fn perft_fixtures() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/perft");
    let files = suite::load_dir(&dir).expect("fixtures load");
    assert!(!files.is_empty());
    let mut failures = Vec::new();
    let mut checked = 0;
    for (path, file) in &files {
        let Some(v) = Variant::from_id(&file.variant) else {
            failures.push(format!("{path}: unknown variant {}", file.variant));
            continue;
        };
        for case in &file.positions {
            match suite::check_case(v, case, case.test_depth, 0) {
                Ok(r) => checked += r.len(),
                Err(e) => failures.push(format!("{path}: {e}")),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked > 0);
}
