//! The one entry point for a document a front end reads: [`Document::parse`] reads the JSON
//! once, tells what it is — a proof of a registered suite (range proofs, Borromean, surjection),
//! a circuit proof, or an openings file given by mistake — and checks it by that kind's rules.
//! The command-line tool, the C library and the Python package all parse through it, and verify
//! through [`Document::verify_in`].

use rangeproof::SuiteContext;
use serde::de::IgnoredAny;
use serde::Deserialize;

use crate::circuit::{CircuitDocument, ParsedCircuit};
use crate::error::{json_reason, DocumentError, Invalid};
use crate::input::DEFAULT_MAX_DOCUMENT_BYTES;
use crate::proof::{ParsedDocument, ProofDocument};

/// A document, parsed and checked.
#[derive(Clone, Debug)]
pub enum Document {
    /// A proof of a registered suite: range proofs of every deployment, Elements' Borromean
    /// and surjection proofs.
    Proof(ParsedDocument),
    /// An arithmetic-circuit proof (`"scheme": "r1cs"`).
    Circuit(ParsedCircuit),
}

/// The parser's reason, on one line, in plain words ([`json_reason`]).
pub(crate) fn malformed(what: &str, error: &serde_json::Error) -> DocumentError {
    DocumentError::Malformed(format!("{what}: {}", json_reason(error)))
}

/// What JSON text holds when it is not an object, by its first character (`None`: an object,
/// or not JSON at all, which the parser names).
fn not_an_object(text: &str) -> Option<&'static str> {
    match text
        .trim_start_matches([' ', '\t', '\r', '\n', '\u{feff}'])
        .bytes()
        .next()?
    {
        b'[' => Some("a JSON array"),
        b'"' => Some("a JSON string"),
        b'-' | b'0'..=b'9' => Some("a JSON number"),
        b't' | b'f' => Some("a JSON boolean"),
        b'n' => Some("JSON null"),
        _ => None,
    }
}

/// What tells the kinds apart: the scheme, and whether there are blindings and a proof. Every
/// other value is skipped unread (`IgnoredAny`), so this scan holds nothing of the document.
#[derive(Deserialize)]
struct Kind {
    #[serde(default)]
    scheme: Option<String>,
    #[serde(default)]
    blindings: Option<IgnoredAny>,
    #[serde(default)]
    proof: Option<IgnoredAny>,
    #[serde(default)]
    proof_data: Option<IgnoredAny>,
}

impl Document {
    /// [`Self::parse`] for a front end handed the text in memory (Python, JavaScript): one
    /// longer than [`DEFAULT_MAX_DOCUMENT_BYTES`] is refused unread, as the CLI refuses such a
    /// file (the largest valid document is under 16 KiB).
    pub fn parse_bounded(text: &str) -> Result<Document, DocumentError> {
        if text.len() as u64 > DEFAULT_MAX_DOCUMENT_BYTES {
            return Err(DocumentError::TooLong(text.len()));
        }
        Document::parse(text)
    }

    /// Parses JSON text and checks it by its kind's rules.
    ///
    /// The kind is read first by a scan that skips every value it does not need, then the
    /// document is parsed once, by its kind, straight from the text: the counted fields
    /// (commitments, minimum values) are refused at the first one too many, before the rest is
    /// read — a `serde_json::Value` of the whole document would hold all of it first.
    pub fn parse(text: &str) -> Result<Document, DocumentError> {
        if let Some(what) = not_an_object(text) {
            // Valid JSON or not, it is no document: say what it is, not what the parser
            // expected of a Rust type.
            return Err(DocumentError::Malformed(format!(
                "not a proof document: {what}, where a document is a JSON object \
                 ({{\"scheme\": …, \"proof\": …}})"
            )));
        }
        // Text that is not JSON, or whose scheme is not a string, is no circuit document: the
        // proof document's parser gives the reason.
        let kind = serde_json::from_str::<Kind>(text).ok();
        if let Some(Kind {
            blindings: Some(_),
            proof: None,
            ..
        }) = kind
        {
            return Err(DocumentError::Openings);
        }
        if let Some(Kind {
            scheme: None,
            proof_data: Some(_),
            ..
        }) = kind
        {
            return Err(DocumentError::SolanaProofData);
        }
        if kind.and_then(|k| k.scheme).as_deref() == Some("r1cs") {
            let document: CircuitDocument = serde_json::from_str(text)
                .map_err(|e| malformed("not a circuit proof document", &e))?;
            return document.check().map(Document::Circuit);
        }
        let document: ProofDocument =
            serde_json::from_str(text).map_err(|e| malformed("not a proof document", &e))?;
        document.check().map(Document::Proof)
    }
    /// The proof document, or why this is not one (for commands that take range proofs only).
    pub fn into_proof(self) -> Result<ParsedDocument, DocumentError> {
        match self {
            Document::Proof(document) => Ok(document),
            Document::Circuit(_) => Err(DocumentError::Unsupported(
                "a circuit proof document: this takes proofs of a registered suite".into(),
            )),
        }
    }

    /// Verifies the proof with `context`'s generators (circuit proofs with the process's);
    /// the error is the reason it is invalid.
    pub fn verify_in(&self, context: &SuiteContext) -> Result<(), Invalid> {
        match self {
            Document::Proof(document) => document.verify_in(context),
            Document::Circuit(circuit) => circuit.verify().map_err(Invalid::Circuit),
        }
    }

    /// [`Document::verify_in`] the process-wide context.
    pub fn verify(&self) -> Result<(), Invalid> {
        self.verify_in(SuiteContext::global())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::OsRng;
    use rangeproof::{Suite, SuiteStatement};
    use serde_json::Value;

    #[test]
    fn bounded_parsing_refuses_long_text_unread() {
        let padded = format!("{}{}", proof_text(), " ".repeat(1 << 20));
        assert_eq!(
            Document::parse_bounded(&padded).err(),
            Some(DocumentError::TooLong(padded.len()))
        );
        assert!(Document::parse(&padded).is_ok());
        assert!(Document::parse_bounded(&proof_text()).is_ok());
    }

    fn proof_text() -> String {
        let suite = Suite::DALEK_BULLETPROOFS;
        let statement = SuiteStatement {
            bits: 8,
            extension_degree: 1,
            transcript_label: b"document".to_vec(),
            ..SuiteStatement::default()
        };
        let proved = suite.prove(&statement, &[0, 255], &mut OsRng).unwrap();
        serde_json::to_string(&ProofDocument::of(
            suite,
            &statement,
            &proved.proof,
            &proved.commitments,
        ))
        .unwrap()
    }

    #[test]
    fn every_kind_is_told_apart_in_one_parse() {
        let proof = Document::parse(&proof_text()).unwrap();
        assert!(matches!(proof, Document::Proof(_)));
        proof.verify().unwrap();

        let circuit =
            crate::circuit::prove_sha256(b"abc", rangeproof::r1cs::R1csConvention::Bound).unwrap();
        let circuit = Document::parse(&serde_json::to_string(&circuit).unwrap()).unwrap();
        assert!(matches!(circuit, Document::Circuit(_)));
        circuit.verify().unwrap();
        assert!(matches!(
            circuit.into_proof(),
            Err(DocumentError::Unsupported(_))
        ));

        let openings = r#"{"scheme":"bulletproofs","values":[1],"blindings":[["00"]]}"#;
        assert_eq!(
            Document::parse(openings).unwrap_err(),
            DocumentError::Openings
        );
        assert!(matches!(
            Document::parse("{"),
            Err(DocumentError::Malformed(_))
        ));
        for (text, what) in [
            ("[1, 2]", "a JSON array"),
            (" \"x\"", "a JSON string"),
            ("12", "a JSON number"),
            ("null", "JSON null"),
        ] {
            let said = Document::parse(text).unwrap_err().to_string();
            assert!(said.contains(what), "{said}");
            assert!(!said.contains("ProofDocument"), "{said}");
        }
        assert!(matches!(
            Document::parse(r#"{"scheme":"r1cs"}"#),
            Err(DocumentError::Malformed(_))
        ));
        let mut unknown: Value = serde_json::from_str(&proof_text()).unwrap();
        unknown["flavor"] = "nobody".into();
        assert!(matches!(
            Document::parse(&unknown.to_string()),
            Err(DocumentError::Unsupported(_))
        ));
        let mut bad: Value = serde_json::from_str(&proof_text()).unwrap();
        bad["bits"] = 7.into();
        let err = Document::parse(&bad.to_string()).unwrap_err();
        assert!(matches!(err, DocumentError::Field(_)));
        assert!(err.to_string().contains("bits 7"), "{err}");
    }

    /// Solana instruction proof data without a document's suite is named by `parse`, and read
    /// as the document it would be by `parse_solana_proof_data`.
    #[test]
    fn solana_proof_data_alone_is_named_and_read_as_a_document() {
        let text = include_str!("../../rangeproof-cli/data/solana-transfer.json");
        assert_eq!(
            Document::parse(text).unwrap_err(),
            DocumentError::SolanaProofData
        );
        let parsed = Document::parse_solana_proof_data(text).unwrap();
        assert_eq!(parsed.suite, rangeproof::Suite::SOLANA_BULLETPROOFS);
        assert_eq!(parsed.statement.bit_lengths, [64, 16, 32, 16]);
        assert_eq!(parsed.commitments.len(), 4);
        let mut value: Value = serde_json::from_str(text).unwrap();
        value["bit_lengths"] = serde_json::json!([64, 64]);
        let err = Document::parse_solana_proof_data(&value.to_string()).unwrap_err();
        assert!(err.to_string().contains("the proof data states"), "{err}");
        assert!(Document::parse_solana_proof_data(&proof_text()).is_err());
    }

    #[test]
    fn a_tampered_proof_parses_and_is_invalid() {
        let mut value: Value = serde_json::from_str(&proof_text()).unwrap();
        let proof = value["proof"].as_str().unwrap().to_owned();
        let mut bytes = hex::decode(proof).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        value["proof"] = hex::encode(bytes).into();
        let document = Document::parse(&value.to_string()).unwrap();
        assert!(document.verify().is_err());
    }
}
