//! The JSON document of an arithmetic-circuit (R1CS) proof.
//!
//! ```json
//! {"scheme": "r1cs", "circuit": "sha256", "group": "ristretto255", "flavor": "bound",
//!  "digest": "hex", "proof": "hex"}
//! {"scheme": "r1cs", "circuit": "shuffle", "group": "ristretto255", "flavor": "dalek",
//!  "transcript_label": "…", "k": 4, "input_commitments": ["hex", …],
//!  "output_commitments": ["hex", …], "proof": "hex"}
//! ```
//!
//! The shuffle document is the format of `vectors/dalek-r1cs-shuffle-ristretto255.json`'s
//! cases (the reference crate's `ShuffleProof`); `flavor` is `"dalek"` (the reference's
//! transcript) or `"bound"`. The SHA-256 document states knowledge of a preimage (at most 55
//! bytes, length hidden) of `digest`. As for range-proof documents, a structural problem is
//! *unusable input* (exit 2) and a proof that does not verify is *invalid* (exit 1).

use serde::{Deserialize, Serialize};

use rangeproof::r1cs::gadgets::sha256::verify_sha256_preimage;
use rangeproof::r1cs::gadgets::shuffle::verify_shuffle;
use rangeproof::r1cs::{generators, R1csFlavor, R1csProof};
use rangeproof::Ristretto255;

use crate::proof::MAX_TRANSCRIPT_LABEL;

/// The largest shuffle a document may state (2(k − 1) multipliers; the verifier derives
/// 2 · next_power_of_two(2k) generators).
pub const MAX_SHUFFLE_K: usize = 4096;

/// Longest proof we read, in hex digits (a 2^18-multiplier two-phase proof is 1665 bytes).
const MAX_PROOF_HEX: usize = 2 * 4096;

/// A circuit-proof document as it appears on disk.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct CircuitDocument {
    /// Always `"r1cs"`.
    pub scheme: String,
    /// `"sha256"` or `"shuffle"`.
    pub circuit: String,
    /// `"ristretto255"`.
    pub group: String,
    /// `"bound"` or `"dalek"`.
    pub flavor: String,
    /// Shuffle: the application's transcript label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transcript_label: Option<String>,
    /// Shuffle: the list length.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k: Option<usize>,
    /// Shuffle: commitments to the inputs (hex).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_commitments: Option<Vec<String>>,
    /// Shuffle: commitments to the outputs (hex).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output_commitments: Option<Vec<String>>,
    /// SHA-256: the public digest (hex).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub digest: Option<String>,
    /// The proof (hex).
    pub proof: String,
}

/// What a circuit document states.
#[derive(Clone, Debug)]
pub enum CircuitStatement {
    /// Knowledge of a preimage of this digest.
    Sha256 {
        /// The digest.
        digest: [u8; 32],
    },
    /// The outputs hold a permutation of the inputs' values.
    Shuffle {
        /// The transcript label.
        label: String,
        /// Input commitments.
        inputs: Vec<[u8; 32]>,
        /// Output commitments.
        outputs: Vec<[u8; 32]>,
    },
}

/// A circuit document whose structure has been checked.
#[derive(Clone, Debug)]
pub struct ParsedCircuit {
    /// The statement.
    pub statement: CircuitStatement,
    /// The transcript convention.
    pub flavor: R1csFlavor,
    /// The proof bytes (decoded by [`ParsedCircuit::verify`]).
    pub proof: Vec<u8>,
}

fn commitments(list: &Option<Vec<String>>, what: &str) -> Result<Vec<[u8; 32]>, String> {
    let list = list
        .as_ref()
        .ok_or_else(|| format!("a shuffle document needs {what}"))?;
    if list.len() > MAX_SHUFFLE_K {
        return Err(format!("{what}: more than {MAX_SHUFFLE_K} commitments"));
    }
    list.iter()
        .enumerate()
        .map(|(i, c)| {
            let bytes = hex::decode(c).map_err(|e| format!("{what} {i} is not hex: {e}"))?;
            <[u8; 32]>::try_from(bytes.as_slice())
                .map_err(|_| format!("{what} {i} has {} bytes, expected 32", bytes.len()))
        })
        .collect()
}

/// The parser's message with control characters escaped: it can quote the document (an
/// unknown field's name), and a reason is one line.
fn one_line(message: &str) -> String {
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

impl CircuitDocument {
    /// Whether JSON text is a circuit document (`"scheme": "r1cs"`), without checking more.
    pub fn is_circuit(text: &str) -> bool {
        #[derive(Deserialize)]
        struct Scheme {
            scheme: String,
        }
        serde_json::from_str::<Scheme>(text).is_ok_and(|s| s.scheme == "r1cs")
    }

    /// Parses JSON text and checks the structure; the error is a one-line reason.
    pub fn parse(text: &str) -> Result<ParsedCircuit, String> {
        let doc: CircuitDocument = serde_json::from_str(text)
            .map_err(|e| format!("not a circuit proof document: {}", one_line(&e.to_string())))?;
        doc.check()
    }

    fn check(&self) -> Result<ParsedCircuit, String> {
        if self.scheme != "r1cs" {
            return Err(format!("scheme {:?} is not \"r1cs\"", self.scheme));
        }
        if self.group != "ristretto255" {
            return Err(format!(
                "unsupported group {:?} for r1cs (supported: \"ristretto255\")",
                self.group
            ));
        }
        let flavor = R1csFlavor::from_name(&self.flavor).ok_or_else(|| {
            format!(
                "unsupported flavor {:?} for r1cs (supported: \"bound\", \"dalek\")",
                self.flavor
            )
        })?;
        if self.proof.len() > MAX_PROOF_HEX {
            return Err(format!(
                "proof is {} hex digits, too long",
                self.proof.len()
            ));
        }
        let proof = hex::decode(&self.proof).map_err(|e| format!("proof is not hex: {e}"))?;
        let shuffle_fields = self.transcript_label.is_some()
            || self.k.is_some()
            || self.input_commitments.is_some()
            || self.output_commitments.is_some();
        let statement = match self.circuit.as_str() {
            "sha256" => {
                if shuffle_fields {
                    return Err("a sha256 document has no shuffle fields".into());
                }
                let digest = self
                    .digest
                    .as_ref()
                    .ok_or("a sha256 document needs a digest")?;
                let bytes = hex::decode(digest).map_err(|e| format!("digest is not hex: {e}"))?;
                let digest = <[u8; 32]>::try_from(bytes.as_slice())
                    .map_err(|_| format!("digest has {} bytes, expected 32", bytes.len()))?;
                CircuitStatement::Sha256 { digest }
            }
            "shuffle" => {
                if self.digest.is_some() {
                    return Err("a shuffle document has no digest".into());
                }
                let label = self
                    .transcript_label
                    .clone()
                    .ok_or("a shuffle document needs a transcript_label")?;
                if label.len() > MAX_TRANSCRIPT_LABEL {
                    return Err(format!(
                        "transcript_label is {} bytes, longer than {MAX_TRANSCRIPT_LABEL}",
                        label.len()
                    ));
                }
                let k = self.k.ok_or("a shuffle document needs k")?;
                let inputs = commitments(&self.input_commitments, "input_commitments")?;
                let outputs = commitments(&self.output_commitments, "output_commitments")?;
                if k == 0 || k > MAX_SHUFFLE_K || inputs.len() != k || outputs.len() != k {
                    return Err(format!(
                        "k = {k} with {} inputs and {} outputs: k must be their common length, 1 to {MAX_SHUFFLE_K}",
                        inputs.len(),
                        outputs.len()
                    ));
                }
                CircuitStatement::Shuffle {
                    label,
                    inputs,
                    outputs,
                }
            }
            other => {
                return Err(format!(
                    "unsupported circuit {other:?} (supported: \"sha256\", \"shuffle\")"
                ))
            }
        };
        Ok(ParsedCircuit {
            statement,
            flavor,
            proof,
        })
    }
}

impl ParsedCircuit {
    /// Decodes and verifies the proof; the error is the reason it is invalid.
    pub fn verify(&self) -> Result<(), String> {
        let proof =
            R1csProof::<Ristretto255>::from_bytes(&self.proof).map_err(|e| e.to_string())?;
        let gens = generators::dalek();
        match &self.statement {
            CircuitStatement::Sha256 { digest } => {
                verify_sha256_preimage(gens, self.flavor, digest, &proof)
            }
            CircuitStatement::Shuffle {
                label,
                inputs,
                outputs,
            } => {
                let label = label.as_bytes();
                verify_shuffle(gens, self.flavor, label, inputs, outputs, &proof)
            }
        }
        .map_err(|e| e.to_string())
    }
}
