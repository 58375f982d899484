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

/// Why a text is not a usable document. Each displays as the one-line reason the front ends
/// print.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DocumentError {
    /// Not JSON, or JSON whose fields do not have a document's types.
    Malformed(String),
    /// An openings file (the prover's secret values and blindings), not a proof document.
    Openings,
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
        }
    }
}

impl std::error::Error for Invalid {}
