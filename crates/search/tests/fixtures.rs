//! Every perft fixture under `fixtures/perft/`, to each case's `test_depth`; and how a fixture
//! that cannot be read or does not check is reported.

use citadel_rules::Variant;
use citadel_search::suite::{self, CheckError, LoadError, PerftCase};
use std::error::Error;
use std::path::{Path, PathBuf};

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

/// A scratch directory of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("citadel-search-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

#[test]
fn unreadable_fixtures_name_the_file() {
    let dir = scratch("load");
    let missing = dir.join("missing.json");
    let e = suite::load_dir(&missing).unwrap_err();
    assert!(
        matches!(&e, LoadError::Read { path, .. } if path == &missing),
        "{e:?}"
    );
    assert!(
        e.to_string().starts_with(&missing.display().to_string()),
        "{e}"
    );
    assert!(e.source().is_some());
    let bad = dir.join("bad.json");
    std::fs::write(&bad, r#"{"variant": "chess", "positions": [}"#).expect("writes");
    let e = suite::load_dir(&dir).unwrap_err();
    assert!(
        matches!(&e, LoadError::Json { path, .. } if path == &bad),
        "{e:?}"
    );
    assert_eq!(e.path(), bad.as_path());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_wrong_count_names_the_case_and_depth() {
    let case = |fen: &str, perft: Vec<u64>| PerftCase {
        name: "kings".into(),
        fen: fen.into(),
        perft,
        test_depth: 2,
        source: "test".into(),
    };
    let kings = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let e = suite::check_case(Variant::Chess, &case(kings, vec![5, 26]), 2, 1).unwrap_err();
    assert_eq!(
        e,
        CheckError::Count {
            name: "kings".into(),
            fen: kings.into(),
            depth: 2,
            got: 25,
            expected: 26
        }
    );
    assert_eq!(
        e.to_string(),
        format!("kings ({kings}): perft 2 = 25, fixture says 26")
    );
    let ok = suite::check_case(Variant::Chess, &case(kings, vec![5, 25]), 2, 1).unwrap();
    assert_eq!(ok.iter().map(|r| r.got).collect::<Vec<_>>(), [5, 25]);
    let e = suite::check_case(Variant::Chess, &case("4k3/8 w", vec![5]), 2, 1).unwrap_err();
    assert!(
        matches!(&e, CheckError::Fen { name, .. } if name == "kings"),
        "{e:?}"
    );
}
