//! One line on standard error, once per run (of `scripts/test-all.sh`, else of `cargo test`), when `../shared/vectors/` is not
//! beside the repository: the tests that read it ran on the bundled cases only. Every test
//! binary of a run shares its parent (cargo), so a marker file named after that process says
//! whether another binary already said it. Written past the harness's capture (`eprintln!` is
//! captured for passing tests): a skipped check must be visible, once.

use std::io::Write;

/// Says that `what` did not run on `../shared/vectors/` (said once per run, whatever `what`).
pub fn shared_absent(what: &str) {
    // The whole suite (scripts/test-all.sh) names its run; a lone `cargo test`, its cargo.
    let run = std::env::var("RANGEPROOF_TEST_RUN")
        .unwrap_or_else(|_| std::os::unix::process::parent_id().to_string());
    let marker = std::env::temp_dir().join(format!("rangeproof-shared-absent-{run}"));
    let first = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&marker)
        .is_ok();
    if first {
        let _ = writeln!(
            std::io::stderr(),
            "note: ../shared/vectors/ is not beside the repository: the tests that read it ({what}, \
             and others of this run) ran on the bundled cases only"
        );
    }
}
