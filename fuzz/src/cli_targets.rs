//! Fuzz target body for the front ends' proof-document parser, as a plain function (no libFuzzer):
//! `fuzz_targets/cli_parse.rs` calls it under `cargo fuzz`, and
//! `rangeproof-documents/tests/fuzz_corpus.rs` includes this file (by `#[path]`) to replay
//! `corpus/cli_parse/` on the stable toolchain. It uses only `rangeproof_documents`.

use rangeproof_documents::Document;

/// `Document::parse`, the front ends' one entry point, on arbitrary UTF-8: never a panic, and a
/// refusal is the documented one-line reason.
pub fn cli_parse(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(error) = Document::parse(text) {
        let reason = error.to_string();
        assert!(!reason.is_empty(), "an empty reason");
        assert!(
            !reason.contains('\n'),
            "a reason on several lines: {reason:?}"
        );
    }
}

/// `stream::Documents`, the splitter `verify`, `info` and `recover` read files and standard input
/// with, on any bytes under a cap the first byte chooses: never a panic, it ends, lines never go
/// back, every document it gives is at most the cap and begins with a bracket, nothing follows a
/// stretch past the cap; and the documents that parse, written one per line, split back into the
/// same lines.
pub fn split_documents(data: &[u8]) {
    use rangeproof_documents::stream::Documents;
    let cap = 1 + u64::from(data.first().copied().unwrap_or(0)) * 16;
    let units: Vec<_> = Documents::new(data, cap).collect();
    let mut line = 0;
    for (k, unit) in units.iter().enumerate() {
        assert!(unit.line >= line, "lines go back: {units:?}");
        line = unit.line;
        match &unit.text {
            Ok(text) => {
                assert!(text.len() as u64 <= cap, "{} bytes over {cap}", text.len());
                assert!(text.starts_with('{') || text.starts_with('['), "{text:?}");
            }
            Err(e) if e.ends_the_input() => {
                assert_eq!(k + 1, units.len(), "read past a refusal: {e}")
            }
            Err(_) => {}
        }
    }
    let documents: Vec<serde_json::Value> = units
        .iter()
        .filter_map(|u| u.text.as_ref().ok())
        .filter_map(|t| serde_json::from_str(t).ok())
        .collect();
    // Compared as text: serde_json's floats need not survive a second parse (1e82 comes back as
    // 1.0000000000000001e82), which is no business of the splitter's.
    let lines: Vec<String> = documents.iter().map(|d| d.to_string()).collect();
    let again: Vec<String> = Documents::new(lines.join("\n").as_bytes(), u64::MAX)
        .map(|u| u.text.expect("a document"))
        .collect();
    assert_eq!(again, lines);
}
