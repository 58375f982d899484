//! The openings file: the secrets that open a proof's commitments, and the statement the proof
//! was made under, so that a wallet can prove for the same commitments again.

use serde::{Deserialize, Serialize};

use rangeproof::{Suite, SuiteStatement};

use crate::proof::ProofDocument;

/// The openings written by `prove --openings` (and `commit`, `mpc party`): everything needed
/// to open the commitments *and to prove for them again* — the statement the proof was made
/// under is recorded with them, so `prove --openings-in` reuses it instead of falling back on
/// defaults. Secret: wiped when dropped.
///
/// ```json
/// {"scheme": "bulletproofs", "group": "secp256k1", "flavor": "grin", "bits": 64,
///  "generators_n": 256, "value_generator": "H", "extra_data": "hex",
///  "values": [5], "blindings": [["hex"]], "commitments": ["hex"], "rewind_nonce": "hex"}
/// ```
///
/// Files written before the statement was recorded lack `flavor` and the fields after it;
/// they are read as before (the flags, or the defaults, give what is missing).
#[derive(
    Clone, Debug, Default, Serialize, Deserialize, zeroize::Zeroize, zeroize::ZeroizeOnDrop,
)]
pub struct Openings {
    /// The proof system, as documents name it (`"bulletproofs"`, `"bulletproofs+"`, `"borromean"`).
    pub scheme: String,
    /// The group (`"ristretto255"`, `"ed25519"`, `"secp256k1"`).
    pub group: String,
    /// The wire convention (`"dalek"`, `"tari"`, `"monero"`, `"grin"`, `"elements"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flavor: Option<String>,
    /// The transcript label, for conventions whose transcript takes one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transcript_label: Option<String>,
    /// The bit size the proof was made for (64 for openings `commit` wrote; absent, 0, for
    /// proof systems without one: Elements' Borromean proofs).
    #[serde(
        default,
        skip_serializing_if = "is_zero",
        deserialize_with = "crate::whole::bits"
    )]
    pub bits: usize,
    /// Solana: each value's own bit length (then `bits` is absent).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::whole::bit_lengths"
    )]
    pub bit_lengths: Option<Vec<usize>>,
    /// Blinding factors per commitment (Bulletproofs+).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::whole::extension_degree"
    )]
    pub extension_degree: Option<usize>,
    /// Minimum-value promises, one per value.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::whole::minimum_values"
    )]
    pub minimum_values: Option<Vec<u64>>,
    /// Grin: secp256k1-zkp's generator count.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::whole::generators_n"
    )]
    pub generators_n: Option<usize>,
    /// Grin: `"H"` or the value generator's 33-byte encoding in hex.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_generator: Option<String>,
    /// Grin: hex of the extra data bound into the transcript.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extra_data: Option<String>,
    /// Multi-party proofs: this party's first position among the proof's values.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::whole::position"
    )]
    pub position: Option<usize>,
    /// The committed values, in order (an error reading them names their position, never
    /// their amount).
    #[serde(deserialize_with = "crate::whole::values")]
    pub values: Vec<u64>,
    /// Hex encodings of the blinding scalars, one list per commitment (one scalar each for
    /// Bulletproofs, `extension_degree` for Bulletproofs+).
    pub blindings: Vec<Vec<String>>,
    /// Hex encodings of the commitments the openings make.
    pub commitments: Vec<String>,
    /// The recovery nonce, where the proof has one: Grin's rewind nonce (recovering value and
    /// blinding), or the Tari seed nonce given to `prove --recovery-nonce`. A re-proof from
    /// these openings reuses it, so the output stays recoverable (and, the nonces being
    /// derived from it, the same statement gives the same proof: nothing new is revealed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rewind_nonce: Option<String>,
    /// The suite's own statement parameters ([`crate::parameters`]), as the proof document
    /// carries them (public statement data, not wiped).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    #[zeroize(skip)]
    pub parameters: crate::parameters::JsonFields,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl Openings {
    /// Parses an openings file; the error is a one-line reason naming the field at fault and
    /// quoting none of the text (the values and blindings are secrets).
    pub fn from_json(text: &str) -> Result<Openings, String> {
        serde_json::from_str(text)
            .map_err(|e| format!("not an openings file: {}", crate::json_reason(&e)))
    }

    /// The openings of a proof made under `statement` in `suite`: the statement recorded as a
    /// proof document records it.
    pub fn of(
        suite: Suite,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: Vec<Vec<String>>,
        commitments: Vec<String>,
    ) -> Self {
        let doc = ProofDocument::of(suite, statement, &[], &[]);
        Openings {
            // Every parameter, the prover's own inputs (a message) among them: a re-proof needs them.
            parameters: crate::parameters::to_json(&statement.parameters),
            scheme: doc.scheme.clone(),
            group: doc.group.clone(),
            flavor: Some(doc.flavor.clone()),
            transcript_label: doc.fields.typed("transcript_label").ok().flatten(),
            bits: statement.bits,
            bit_lengths: (!statement.bit_lengths.is_empty()).then(|| statement.bit_lengths.clone()),
            extension_degree: doc.fields.typed("extension_degree").ok().flatten(),
            minimum_values: statement.minimum_values.clone(),
            generators_n: doc.fields.typed("generators_n").ok().flatten(),
            value_generator: doc.fields.typed("value_generator").ok().flatten(),
            extra_data: doc.fields.typed("extra_data").ok().flatten(),
            position: None,
            values: values.to_vec(),
            blindings,
            commitments,
            rewind_nonce: None,
        }
    }
}
