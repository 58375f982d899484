//! Fuzz target body for the front ends' proof-document parser, as a plain function (no libFuzzer):
//! `fuzz_targets/cli_parse.rs` calls it under `cargo fuzz`, and
//! `rangeproof-documents/tests/fuzz_corpus.rs` includes this file (by `#[path]`) to replay
//! `corpus/cli_parse/` on the stable toolchain. It uses only `rangeproof_documents`.

use rangeproof_documents::circuit::CircuitDocument;
use rangeproof_documents::proof::ProofDocument;

/// `ProofDocument::parse` and `CircuitDocument::parse` on arbitrary UTF-8: never a panic, and a refusal is the documented
/// one-line reason.
pub fn cli_parse(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let reasons = [
        ProofDocument::parse(text).err(),
        CircuitDocument::parse(text).err(),
    ];
    for reason in reasons.into_iter().flatten() {
        assert!(!reason.is_empty(), "an empty reason");
        assert!(
            !reason.contains('\n'),
            "a reason on several lines: {reason:?}"
        );
    }
}
