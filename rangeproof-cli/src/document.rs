//! The JSON proof document: the CLI's contract with the outside world.
//!
//! ```json
//! {"scheme": "bulletproofs", "group": "ristretto255", "flavor": "dalek",
//!  "transcript_label": "…", "bits": 64, "commitments": ["hex", …], "proof": "hex"}
//! ```
//!
//! Parsing is strict about structure (fields, hex, 32-byte commitments, supported scheme, group,
//! flavor, bit size and count): a document that fails here is *unusable input* (exit 2). What
//! the proof bytes and commitment encodings mean is left to the verifier: a document that
//! parses but does not verify is an *invalid proof* (exit 1).

use serde::{Deserialize, Serialize};

use rangeproof::bulletproofs::VALID_BITSIZES;
use rangeproof::MAX_AGGREGATION;

/// The document as it appears on disk.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ProofDocument {
    /// Proof system: `"bulletproofs"`.
    pub scheme: String,
    /// Group: `"ristretto255"`.
    pub group: String,
    /// Wire convention: `"dalek"`.
    pub flavor: String,
    /// The Fiat–Shamir transcript label both sides use.
    pub transcript_label: String,
    /// Bit size n of the range [0, 2^n).
    pub bits: usize,
    /// Hex encodings of the value commitments.
    pub commitments: Vec<String>,
    /// Hex encoding of the proof.
    pub proof: String,
}

/// A document whose structure has been checked.
#[derive(Clone, Debug)]
pub struct ParsedDocument {
    pub transcript_label: Vec<u8>,
    pub bits: usize,
    pub commitments: Vec<[u8; 32]>,
    pub proof: Vec<u8>,
}

/// Largest proof we read: 64 bits x 64 values is 9 + 2*12 words; anything longer is refused
/// before decoding hex.
const MAX_PROOF_HEX: usize = 2 * 32 * (9 + 2 * 12);

impl ProofDocument {
    /// Parses JSON text and checks the structure; the error is a one-line reason.
    pub fn parse(text: &str) -> Result<ParsedDocument, String> {
        let doc: ProofDocument =
            serde_json::from_str(text).map_err(|e| format!("not a proof document: {e}"))?;
        doc.check()
    }

    fn check(&self) -> Result<ParsedDocument, String> {
        if self.scheme != "bulletproofs" {
            return Err(format!(
                "unsupported scheme {:?} (supported: \"bulletproofs\")",
                self.scheme
            ));
        }
        if self.group != "ristretto255" {
            return Err(format!(
                "unsupported group {:?} (supported: \"ristretto255\")",
                self.group
            ));
        }
        if self.flavor != "dalek" {
            return Err(format!(
                "unsupported flavor {:?} (supported: \"dalek\")",
                self.flavor
            ));
        }
        if !VALID_BITSIZES.contains(&self.bits) {
            return Err(format!(
                "unsupported bits {} (supported: 8, 16, 32, 64)",
                self.bits
            ));
        }
        if self.commitments.is_empty() || self.commitments.len() > MAX_AGGREGATION {
            return Err(format!(
                "{} commitments: a proof covers between 1 and {MAX_AGGREGATION}",
                self.commitments.len()
            ));
        }
        let commitments = self
            .commitments
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let bytes =
                    hex::decode(c).map_err(|e| format!("commitment {i} is not hex: {e}"))?;
                <[u8; 32]>::try_from(bytes.as_slice())
                    .map_err(|_| format!("commitment {i} has {} bytes, expected 32", bytes.len()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if self.proof.len() > MAX_PROOF_HEX {
            return Err(format!(
                "proof is {} hex digits, longer than any valid proof",
                self.proof.len()
            ));
        }
        let proof = hex::decode(&self.proof).map_err(|e| format!("proof is not hex: {e}"))?;
        Ok(ParsedDocument {
            transcript_label: self.transcript_label.as_bytes().to_vec(),
            bits: self.bits,
            commitments,
            proof,
        })
    }
}

/// The openings written by `prove --openings`: everything needed to open the commitments.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Openings {
    pub group: String,
    pub bits: usize,
    pub values: Vec<u64>,
    /// Hex encodings of the blinding scalars, in the order of `values`.
    pub blindings: Vec<String>,
    pub commitments: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc() -> ProofDocument {
        ProofDocument {
            scheme: "bulletproofs".into(),
            group: "ristretto255".into(),
            flavor: "dalek".into(),
            transcript_label: "t".into(),
            bits: 64,
            commitments: vec!["00".repeat(32)],
            proof: "00".repeat(32 * 21),
        }
    }

    #[test]
    fn accepts_a_well_formed_document() {
        let text = serde_json::to_string(&doc()).unwrap();
        let parsed = ProofDocument::parse(&text).unwrap();
        assert_eq!(parsed.bits, 64);
        assert_eq!(parsed.commitments, vec![[0u8; 32]]);
    }

    #[test]
    fn rejects_structural_problems_with_a_reason() {
        type Mutation = Box<dyn Fn(&mut ProofDocument)>;
        let cases: Vec<(Mutation, &str)> = vec![
            (Box::new(|d| d.scheme = "zk-snark".into()), "scheme"),
            (Box::new(|d| d.group = "secp256k1".into()), "group"),
            (Box::new(|d| d.flavor = "monero".into()), "flavor"),
            (Box::new(|d| d.bits = 12), "bits"),
            (Box::new(|d| d.commitments.clear()), "commitments"),
            (
                Box::new(|d| d.commitments = vec!["00".repeat(32); 65]),
                "commitments",
            ),
            (Box::new(|d| d.commitments[0] = "zz".into()), "hex"),
            (Box::new(|d| d.commitments[0] = "00".repeat(31)), "31 bytes"),
            (Box::new(|d| d.proof = "0".into()), "hex"),
            (Box::new(|d| d.proof = "00".repeat(40_000)), "longer"),
        ];
        for (mutate, needle) in cases {
            let mut d = doc();
            mutate(&mut d);
            let err = ProofDocument::parse(&serde_json::to_string(&d).unwrap()).unwrap_err();
            assert!(err.contains(needle), "{err:?} should mention {needle:?}");
            assert!(!err.contains('\n'));
        }
        assert!(ProofDocument::parse("{")
            .unwrap_err()
            .starts_with("not a proof document"));
        assert!(ProofDocument::parse("{\"scheme\": 1}").is_err());
    }
}
