//! The document layer's errors: [`DocumentError`] (a text that is not a usable document) and
//! [`Invalid`] (a well-formed document whose proof fails), each displayed as the one-line reason
//! the front ends print.

use rangeproof::r1cs::R1csError;
use rangeproof::ProofError;

/// The parser's message with control characters escaped: it can quote the document (an
/// unknown field's name), and a reason is one line.
pub(crate) fn one_line(message: &str) -> String {
    message
        .chars()
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() {
                c.escape_default().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect()
}

/// The JSON parser's reason in plain words, never quoting a value of the text: serde's
/// "invalid type: floating point `1.8e19`, expected usize" becomes "a number out of range where
/// a whole number from 0 to 18446744073709551615 is expected", and a Rust type's name ("struct
/// ProofDocument") becomes the JSON it stands for ("an object"). Values are left out because
/// a request's or an openings file's values and blindings are secrets, and a reason is printed
/// and logged; names of fields are kept (they are the format's, or the ones the text gave).
pub fn json_reason(error: &serde_json::Error) -> String {
    plain_message(&error.to_string())
}

/// [`json_reason`] of the parser's message.
pub(crate) fn plain_message(message: &str) -> String {
    // serde_json ends a message with where it is.
    let (body, at) = match message.rfind(" at line ") {
        Some(i) => message.split_at(i),
        None => (message, ""),
    };
    let rest = body
        .strip_prefix("invalid type: ")
        .or_else(|| body.strip_prefix("invalid value: "));
    let said = match rest.and_then(|rest| rest.rsplit_once(", expected ")) {
        Some((found, expected)) => {
            let expected = Expected::of(expected);
            format!(
                "{} where {} is expected",
                found_as(found, &expected),
                expected.words
            )
        }
        None => match body.strip_prefix("invalid length ") {
            // "invalid length 3, expected a tuple of size 2": the count is the text's shape.
            Some(rest) => match rest.split_once(", expected ") {
                Some((len, expected)) => format!(
                    "an array of {len} {} where {} is expected",
                    if len == "1" { "item" } else { "items" },
                    Expected::of(expected).words
                ),
                None => body.to_string(),
            },
            None => body.to_string(),
        },
    };
    one_line(&format!("{said}{at}"))
}

/// What the parser expected, in JSON's words, with the greatest whole number it takes.
struct Expected {
    words: String,
    max: Option<u64>,
}

impl Expected {
    fn of(expected: &str) -> Expected {
        let whole = |max: u64| Expected {
            words: format!("a whole number from 0 to {max}"),
            max: Some(max),
        };
        let words = |w: &str| Expected {
            words: w.into(),
            max: None,
        };
        match expected {
            "usize" | "u64" => whole(u64::MAX),
            "u32" => whole(u32::MAX.into()),
            "u16" => whole(u16::MAX.into()),
            "u8" => whole(u8::MAX.into()),
            "i64" | "i32" | "isize" => words("a whole number"),
            "a string" | "a borrowed string" | "a char" => words("a string"),
            "a sequence" => words("an array"),
            "a map" => words("an object"),
            "a boolean" => words("true or false"),
            "option" => words("a value or null"),
            e if e.starts_with("struct ") || e.starts_with("enum ") => words("an object"),
            e => match e.strip_prefix("a tuple of size ") {
                Some(n) => words(&format!("an array of {n} items")),
                None => words(e),
            },
        }
    }
}

/// What the text held, by its kind only (its value is left out).
fn found_as(found: &str, expected: &Expected) -> &'static str {
    let number = found
        .strip_prefix("integer ")
        .or_else(|| found.strip_prefix("floating point "));
    if let Some(number) = number {
        let number: Option<f64> = number.trim_matches('`').parse().ok();
        return match (number, expected.max) {
            (Some(n), Some(_)) if n < 0.0 => "a negative number",
            // 2^64 and past are floats to the parser, and past any u64.
            (Some(n), Some(max))
                if n.fract() == 0.0 && (n >= 18_446_744_073_709_551_616.0 || n as u64 > max) =>
            {
                "a number out of range"
            }
            (Some(n), Some(_)) if n.fract() != 0.0 => "a number with a fraction",
            _ => "a number",
        };
    }
    match found.split(' ').next().unwrap_or_default() {
        "string" | "character" => "a string",
        "boolean" => "true or false",
        "sequence" => "an array",
        "map" => "an object",
        "null" | "unit" => "null",
        _ => "a value of another kind",
    }
}

/// Why a text is not a usable document. Each displays as the one-line reason the front ends
/// print.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DocumentError {
    /// Not JSON, or JSON whose fields do not have a document's types.
    Malformed(String),
    /// An openings file (the prover's secret values and blindings), not a proof document.
    Openings,
    /// Solana instruction proof data without a document's suite (no `scheme`, a `proof_data`):
    /// [`crate::Document::parse_solana_proof_data`] reads it as the document it would be.
    SolanaProofData,
    /// A scheme, group or deployment no registered suite has (the reason lists those that
    /// are).
    Unsupported(String),
    /// A field that breaks its scheme's rules (the reason names the field).
    Field(String),
    /// Text of this many bytes, over the cap on one document
    /// ([`crate::input::DEFAULT_MAX_DOCUMENT_BYTES`]), refused unread.
    TooLong(usize),
}

impl std::fmt::Display for DocumentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DocumentError::Malformed(reason)
            | DocumentError::Unsupported(reason)
            | DocumentError::Field(reason) => f.write_str(reason),
            DocumentError::TooLong(len) => write!(
                f,
                "the document is longer than {} bytes ({len})",
                crate::input::DEFAULT_MAX_DOCUMENT_BYTES
            ),
            DocumentError::SolanaProofData => f.write_str(
                "Solana instruction proof data, not a proof document: a document also names its \
                 suite (\"scheme\": \"bulletproofs\", \"group\": \"ristretto255\", \
                 \"flavor\": \"solana\"); `rangeproof info` reads it as one",
            ),
            DocumentError::Openings => f.write_str(
                "an openings file (secret values and blindings), not a proof document: give the \
                 document `prove` wrote (--out or standard output)",
            ),
        }
    }
}

impl std::error::Error for DocumentError {}

/// Why a well-formed document's proof is invalid: the proof layer's reason. Displays as the
/// one-line reason the front ends print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invalid {
    /// A proof of a registered suite (range, Borromean, surjection) that fails.
    Proof(ProofError),
    /// A circuit proof that fails.
    Circuit(R1csError),
    /// A Solana document whose instruction proof data and separate fields (named) disagree.
    ProofDataDisagrees(&'static str),
    /// No verdict of its own: its batch failed, and the search for the invalid proofs stopped
    /// at the blame limit before reaching it (`batch::verify_all`). It may be valid; it is not
    /// known to be.
    NotNamed,
}

impl std::fmt::Display for Invalid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Invalid::Proof(e) => e.fmt(f),
            Invalid::Circuit(e) => e.fmt(f),
            Invalid::ProofDataDisagrees(field) => write!(
                f,
                "proof_data and the document's {field} disagree: they must describe one proof"
            ),
            Invalid::NotNamed => f.write_str(
                "not named: its batch failed and the search for the invalid proofs stopped at \
                 the blame limit before it (it may be valid; verify it again, alone or in a \
                 smaller batch)",
            ),
        }
    }
}

impl std::error::Error for Invalid {}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[allow(dead_code)]
    #[derive(Debug, Deserialize)]
    struct Shape {
        bits: Option<usize>,
        degree: Option<u8>,
        values: Option<Vec<u64>>,
        name: Option<String>,
        pair: Option<(String, String)>,
    }

    fn said(text: &str) -> String {
        json_reason(&serde_json::from_str::<Shape>(text).unwrap_err())
    }

    #[test]
    fn the_parser_is_said_in_plain_words_without_values() {
        for (text, expected) in [
            (
                r#"{"bits": 18446744073709551616}"#,
                "a number out of range where a whole number from 0 to 18446744073709551615 \
                 is expected at line 1 column",
            ),
            (
                r#"{"degree": 256}"#,
                "a number out of range where a whole number from 0 to 255 is expected",
            ),
            (
                r#"{"values": [1, -123456789123456789]}"#,
                "a negative number where a whole number from 0 to",
            ),
            (r#"{"values": [2.5]}"#, "a number with a fraction where"),
            (r#"{"values": ["secret"]}"#, "a string where a whole number"),
            (
                r#"{"name": 123456789123456789}"#,
                "a number where a string is expected",
            ),
            (
                r#"{"values": {"a": 1}}"#,
                "an object where an array is expected",
            ),
            (
                r#"[1, 2]"#,
                "an array of 2 items where an object is expected",
            ),
            (
                r#"{"pair": ["a"]}"#,
                "an array of 1 item where an array of 2 items is expected",
            ),
            (r#"{"bits": true}"#, "true or false where a whole number"),
        ] {
            let said = said(text);
            assert!(said.starts_with(expected), "{text}: {said}");
            for internal in [
                "invalid type",
                "usize",
                "u64",
                "struct",
                "Shape",
                "sequence",
            ] {
                assert!(!said.contains(internal), "{text}: {said}");
            }
            for secret in ["123456789123456789", "secret", "2.5"] {
                assert!(!said.contains(secret), "{text}: {said}");
            }
        }
        // The rest is the parser's own words.
        assert!(said(r#"{"bits": 1"#).contains("EOF while parsing"));
    }
}
