//! Every committed proptest regression file replays: proptest reads the seeds of
//! `tests/all/AREA/FILE.rs` from `tests/proptest-regressions/AREA/FILE.txt` (its
//! `SourceParallel` default, beside the program's `main.rs`), so a file whose test moved would
//! lie there unread.

use std::path::{Path, PathBuf};

fn regression_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("the regressions folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            regression_files(&path, found);
        } else {
            found.push(path);
        }
    }
}

#[test]
fn every_regression_file_has_its_test_source() {
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let regressions = tests.join("proptest-regressions");
    let mut files = Vec::new();
    regression_files(&regressions, &mut files);
    assert!(
        !files.is_empty(),
        "no regression file under {regressions:?}"
    );
    for file in files {
        let relative = file.strip_prefix(&regressions).expect("below the folder");
        assert_eq!(relative.extension(), Some("txt".as_ref()), "{file:?}");
        let source = tests.join("all").join(relative.with_extension("rs"));
        let text = std::fs::read_to_string(&source).unwrap_or_default();
        assert!(
            text.contains("proptest!"),
            "{file:?} replays no test: {source:?} is missing or has no proptest"
        );
    }
}
