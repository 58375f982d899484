//! What a proof document says, without secrets and without verifying it: the suite, the
//! statement's sizes, and what the proof's own header states — a Borromean proof's exponent,
//! mantissa and range (an exact-value proof, exponent −1, *reveals its value*), a surjection
//! proof's inputs and ring. `rangeproof info` prints it; `verify --json` adds the same fields
//! to each verdict.
//!
//! ```json
//! {"scheme": "bulletproofs", "group": "ristretto255", "flavor": "dalek",
//!  "transcript_label": "rangeproof", "bits": 64, "m": 2, "proof_bytes": 672}
//! {"scheme": "borromean", "group": "secp256k1", "flavor": "elements", "m": 1,
//!  "proof_bytes": 5134, "exp": 0, "mantissa": 52, "min_value": 1, "max_value": 4503599627370496}
//! {"scheme": "surjection", "group": "secp256k1", "flavor": "elements", "proof_bytes": 99,
//!  "inputs": 3, "ring_size": 3}
//! {"scheme": "r1cs", "circuit": "sha256", "group": "ristretto255", "flavor": "bound",
//!  "proof_bytes": 1377, "digest": "hex"}
//! ```

use crate::hex;
use serde::Serialize;

use rangeproof::r1cs::gadgets::sha256::MAX_MESSAGE_LEN;

use crate::circuit::{CircuitStatement, ParsedCircuit};
use crate::proof::ParsedDocument;

/// What a document says: see the [module notes](self). Fields a document does not have are
/// absent from the JSON.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct DocumentInfo {
    /// The proof system (`"r1cs"` for circuit proofs).
    pub scheme: String,
    /// Circuit proofs: `"sha256"` or `"shuffle"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub circuit: Option<String>,
    /// The group.
    pub group: String,
    /// The convention.
    pub flavor: String,
    /// The transcript label, where the document has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transcript_label: Option<String>,
    /// The bit size n of the range [0, 2^n), where the proof system has one (and the values
    /// share it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bits: Option<usize>,
    /// Solana: each value's own bit length, in the order of the commitments.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bit_lengths: Option<Vec<usize>>,
    /// The number of value commitments (m), where the proof system commits to values.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub m: Option<usize>,
    /// Bulletproofs+: blinding factors per commitment.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extension_degree: Option<usize>,
    /// Minimum-value promises, one per commitment, where the document has them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimum_values: Option<Vec<u64>>,
    /// The proof's size in bytes.
    pub proof_bytes: usize,
    /// Borromean: the decimal exponent (−1: an exact-value proof).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exp: Option<i32>,
    /// Borromean: bits of the scaled value proven (0 for an exact-value proof).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mantissa: Option<u32>,
    /// Borromean: the least value the proof allows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_value: Option<u64>,
    /// Borromean: the greatest value the proof allows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_value: Option<u64>,
    /// Borromean, exponent −1: the committed value, which such a proof reveals to everyone.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub revealed_value: Option<u64>,
    /// Surjection: the inputs the proof is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inputs: Option<usize>,
    /// Surjection: the inputs in its ring (the output's asset is one of theirs).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ring_size: Option<usize>,
    /// SHA-256 circuits: the digest (hex).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub digest: Option<String>,
    /// Shuffle circuits: the list length.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub k: Option<usize>,
    /// What the text is when it is no proof document but was read as the one it would be
    /// (Solana instruction proof data without a document's suite).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub read_from: Option<String>,
}

impl DocumentInfo {
    /// What a range-proof (or surjection) document says. The error is a one-line reason: a
    /// header that does not decode says nothing.
    pub fn of_range(doc: &ParsedDocument) -> Result<DocumentInfo, String> {
        let suite = doc.suite;
        let statement = &doc.statement;
        let mut info = DocumentInfo {
            scheme: suite.scheme().into(),
            group: suite.group().into(),
            flavor: suite.flavor().into(),
            transcript_label: suite
                .takes_transcript_label()
                .then(|| String::from_utf8_lossy(&statement.transcript_label).into_owned()),
            bits: (!suite.supported_bits().is_empty() && statement.bit_lengths.is_empty())
                .then_some(statement.bits),
            bit_lengths: (!statement.bit_lengths.is_empty()).then(|| statement.bit_lengths.clone()),
            m: (suite.max_values() > 0).then_some(doc.commitments.len()),
            extension_degree: (suite.max_extension_degree() > 1)
                .then_some(statement.extension_degree),
            minimum_values: statement.minimum_values.clone(),
            proof_bytes: doc.proof.len(),
            ..DocumentInfo::default()
        };
        // What the proof says of itself (a range in its header, the inputs it is over).
        let facts = suite
            .describe(&doc.proof)
            .map_err(|e| format!("the proof does not decode: {e}"))?;
        info.exp = facts.exp;
        info.mantissa = facts.mantissa;
        info.min_value = facts.min_value;
        info.max_value = facts.max_value;
        info.revealed_value = facts.revealed_value;
        info.inputs = facts.inputs;
        info.ring_size = facts.ring_size;
        Ok(info)
    }

    /// What a circuit-proof document says.
    pub fn of_circuit(doc: &ParsedCircuit) -> DocumentInfo {
        let mut info = DocumentInfo {
            scheme: "r1cs".into(),
            group: "ristretto255".into(),
            flavor: doc.flavor.name().into(),
            proof_bytes: doc.proof.len(),
            ..DocumentInfo::default()
        };
        match &doc.statement {
            CircuitStatement::Sha256 { digest } => {
                info.circuit = Some("sha256".into());
                info.digest = Some(hex::encode(digest));
            }
            CircuitStatement::Shuffle { label, inputs, .. } => {
                info.circuit = Some("shuffle".into());
                info.transcript_label = Some(label.clone());
                info.k = Some(inputs.len());
            }
        }
        info
    }

    /// One line in words: what the document states and what it reveals.
    pub fn describe(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
        if let Some(m) = self.m {
            parts.push(plural(m, "commitment"));
        }
        if let Some(bits) = self.bits {
            parts.push(format!("{bits} bits"));
        }
        if let Some(lengths) = &self.bit_lengths {
            parts.push(format!("bit lengths {lengths:?}"));
        }
        if let Some(degree) = self.extension_degree {
            parts.push(format!("extension degree {degree}"));
        }
        if let Some(minimums) = &self.minimum_values {
            parts.push(format!("minimum values {minimums:?}"));
        }
        match (self.exp, self.revealed_value) {
            (Some(_), Some(value)) => parts.push(format!(
                "exponent -1: an exact-value proof, which REVEALS the value to everyone: {value}"
            )),
            (Some(exp), None) => {
                let step = if exp > 0 {
                    format!(" in steps of 10^{exp}")
                } else {
                    String::new()
                };
                parts.push(format!(
                    "exponent {exp}, mantissa {} bits: a value from {} to {}{step}",
                    self.mantissa.unwrap_or_default(),
                    self.min_value.unwrap_or_default(),
                    self.max_value.unwrap_or_default()
                ));
            }
            _ => {}
        }
        if let (Some(inputs), Some(ring)) = (self.inputs, self.ring_size) {
            parts.push(format!(
                "{}, a ring of {ring} (the output's asset is one of theirs)",
                plural(inputs, "input")
            ));
        }
        if let Some(digest) = &self.digest {
            parts.push(format!(
                "knowledge of a preimage (at most {MAX_MESSAGE_LEN} bytes) of the SHA-256 digest {digest}"
            ));
        }
        if let Some(k) = self.k {
            parts.push(format!(
                "k = {k}: the outputs' values are a permutation of the inputs'"
            ));
        }
        if let Some(label) = &self.transcript_label {
            parts.push(format!("transcript label {label:?}"));
        }
        parts.push(format!("{}-byte proof", self.proof_bytes));
        let mut what = match &self.circuit {
            Some(circuit) => format!("{} {circuit}", self.scheme),
            None => self.scheme.clone(),
        };
        if let Some(read_from) = &self.read_from {
            what = format!("{read_from}, read as {what}");
        }
        format!(
            "{what} {}/{}: {}",
            self.group,
            self.flavor,
            parts.join(", ")
        )
    }
}
