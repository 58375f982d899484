//! Replays the committed fuzz corpus of the proof-document parser (`fuzz/corpus/cli_parse/*`)
//! through the fuzz target's body (`fuzz/src/cli_targets.rs`, included below), on the stable
//! toolchain. A missing or empty corpus directory fails the test. The protocol targets' corpora
//! are replayed by `rangeproof/tests/fuzz_corpus.rs`.

use std::path::{Path, PathBuf};

#[path = "../../fuzz/src/cli_targets.rs"]
mod cli_targets;

#[test]
fn cli_parse() {
    replay("cli_parse", cli_targets::cli_parse);
}

#[test]
fn split_documents() {
    replay("split_documents", cli_targets::split_documents);
}

/// Runs `body` on every file of `fuzz/corpus/<target>/`; fails (naming the file) if one fails,
/// and if the directory is missing or has no files.
fn replay(target: &str, body: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/corpus")
        .join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("the corpus {} is missing: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.is_file())
        .collect();
    assert!(!files.is_empty(), "the corpus {} is empty", dir.display());
    files.sort();
    for file in &files {
        let data = std::fs::read(file).expect("a readable corpus file");
        if std::panic::catch_unwind(|| body(&data)).is_err() {
            panic!("{target} fails on {}", file.display());
        }
    }
}
