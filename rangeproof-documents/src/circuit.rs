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

use crate::hex;
use serde::{Deserialize, Serialize};

use rand_core::OsRng;
use rangeproof::group::Group;
use rangeproof::r1cs::gadgets::sha256::{
    prove_sha256_preimage, verify_sha256_preimage, Sha256Circuit, MAX_MESSAGE_LEN,
};
use rangeproof::r1cs::gadgets::shuffle::{prove_shuffle, verify_shuffle};
use rangeproof::r1cs::{generators, R1csConvention, R1csError, R1csProof};
use rangeproof::{BatchVerifier, ProofError, Ristretto255};
use zeroize::Zeroizing;

type Scalar = <Ristretto255 as Group>::Scalar;

use crate::error::DocumentError;
use crate::proof::MAX_TRANSCRIPT_LABEL;
use crate::Invalid;

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
    pub flavor: R1csConvention,
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

/// A shuffle proved: its document, and the openings of the committed values (values and
/// blindings, in each list's order), wiped on drop.
pub struct ProvedShuffle {
    /// The public document.
    pub document: CircuitDocument,
    /// Per input: its value and its blinding's 32-byte encoding.
    pub inputs: Zeroizing<Vec<(u64, [u8; 32])>>,
    /// Per output: its value and its blinding's 32-byte encoding.
    pub outputs: Zeroizing<Vec<(u64, [u8; 32])>>,
}

/// The openings of a shuffle's commitments, as `rangeproof circuit shuffle --openings` writes
/// them: the statement (flavor, label) and, for the inputs and for the outputs in their order,
/// the values, the blindings (hex of 32-byte ristretto255 scalars) and the commitments they
/// make. Secret: wiped when dropped.
///
/// ```json
/// {"scheme": "r1cs", "circuit": "shuffle", "group": "ristretto255", "flavor": "dalek",
///  "transcript_label": "…",
///  "inputs": {"values": [3, 1], "blindings": ["hex", "hex"], "commitments": ["hex", "hex"]},
///  "outputs": {"values": [1, 3], "blindings": ["hex", "hex"], "commitments": ["hex", "hex"]}}
/// ```
#[derive(Clone, Debug, Serialize, Deserialize, zeroize::Zeroize, zeroize::ZeroizeOnDrop)]
pub struct ShuffleOpenings {
    /// Always `"r1cs"`.
    pub scheme: String,
    /// Always `"shuffle"`.
    pub circuit: String,
    /// `"ristretto255"`.
    pub group: String,
    /// `"bound"` or `"dalek"`.
    pub flavor: String,
    /// The application's transcript label.
    pub transcript_label: String,
    /// The inputs' openings.
    pub inputs: SideOpenings,
    /// The outputs' openings.
    pub outputs: SideOpenings,
}

/// One side of a shuffle: values, blindings and commitments, in order. Secret.
#[derive(Clone, Debug, Serialize, Deserialize, zeroize::Zeroize, zeroize::ZeroizeOnDrop)]
pub struct SideOpenings {
    /// The committed values.
    pub values: Vec<u64>,
    /// Hex of each value's blinding (a 32-byte ristretto255 scalar).
    pub blindings: Vec<String>,
    /// Hex of the commitments they make (as the document lists them).
    pub commitments: Vec<String>,
}

impl ProvedShuffle {
    /// The openings file's contents: the commitments' values and blindings.
    pub fn openings(&self) -> ShuffleOpenings {
        let side = |opened: &[(u64, [u8; 32])], commitments: &Option<Vec<String>>| SideOpenings {
            values: opened.iter().map(|(value, _)| *value).collect(),
            blindings: opened.iter().map(|(_, b)| hex::encode(b)).collect(),
            commitments: commitments.clone().unwrap_or_default(),
        };
        ShuffleOpenings {
            scheme: self.document.scheme.clone(),
            circuit: self.document.circuit.clone(),
            group: self.document.group.clone(),
            flavor: self.document.flavor.clone(),
            transcript_label: self.document.transcript_label.clone().unwrap_or_default(),
            inputs: side(&self.inputs, &self.document.input_commitments),
            outputs: side(&self.outputs, &self.document.output_commitments),
        }
    }
}

/// The circuit's flavor by name: `"bound"` or `"dalek"`.
pub fn flavor(name: &str) -> Result<R1csConvention, String> {
    R1csConvention::from_name(name)
        .ok_or_else(|| format!("unsupported flavor {name:?} (supported: \"bound\", \"dalek\")"))
}

/// Proves knowledge of `preimage` (at most 55 bytes) of its SHA-256 digest: the document.
/// The one set of checks and the one document shape every front end uses.
pub fn prove_sha256(preimage: &[u8], flavor: R1csConvention) -> Result<CircuitDocument, String> {
    if preimage.len() > MAX_MESSAGE_LEN {
        return Err(format!(
            "the preimage has {} bytes; the circuit takes at most {MAX_MESSAGE_LEN}",
            preimage.len()
        ));
    }
    let (proof, digest) = prove_sha256_preimage(generators::dalek(), flavor, preimage)
        .map_err(|e| format!("cannot prove: {e}"))?;
    Ok(CircuitDocument {
        scheme: "r1cs".into(),
        circuit: "sha256".into(),
        group: Ristretto255::NAME.into(),
        flavor: flavor.name().into(),
        transcript_label: None,
        k: None,
        input_commitments: None,
        output_commitments: None,
        digest: Some(hex::encode(digest)),
        proof: hex::encode(proof.to_bytes()),
    })
}

/// Proves that `outputs` are a permutation of `inputs` (1 to [`MAX_SHUFFLE_K`] values each),
/// every value committed with a fresh blinding from `rng`, under the application's `label`
/// (text: the document carries it as a string).
pub fn prove_shuffle_of(
    inputs: &[u64],
    outputs: &[u64],
    flavor: R1csConvention,
    label: &str,
    rng: &mut impl rand_core::CryptoRngCore,
) -> Result<ProvedShuffle, String> {
    let k = inputs.len();
    if k == 0 || k > MAX_SHUFFLE_K || outputs.len() != k {
        return Err(format!(
            "{k} inputs and {} outputs: a shuffle needs two lists of the same length, 1 to {MAX_SHUFFLE_K}",
            outputs.len()
        ));
    }
    let mut sorted = Zeroizing::new((inputs.to_vec(), outputs.to_vec()));
    sorted.0.sort_unstable();
    sorted.1.sort_unstable();
    if sorted.0 != sorted.1 {
        return Err("the outputs are not a permutation of the inputs".into());
    }
    if label.len() > MAX_TRANSCRIPT_LABEL {
        return Err(format!(
            "the transcript label has {} bytes, more than {MAX_TRANSCRIPT_LABEL}",
            label.len()
        ));
    }
    let mut open = |values: &[u64]| -> Zeroizing<Vec<(Scalar, Scalar)>> {
        Zeroizing::new(
            values
                .iter()
                .map(|v| (Scalar::from(*v), Ristretto255::random_scalar(&mut *rng)))
                .collect(),
        )
    };
    let (opened_in, opened_out) = (open(inputs), open(outputs));
    let proved = prove_shuffle(
        generators::dalek(),
        flavor,
        label.as_bytes(),
        &opened_in,
        &opened_out,
    )
    .map_err(|e| format!("cannot prove: {e}"))?;
    let hexes = |c: &[[u8; 32]]| c.iter().map(hex::encode).collect::<Vec<_>>();
    let openings = |values: &[u64], opened: &[(Scalar, Scalar)]| {
        Zeroizing::new(
            values
                .iter()
                .zip(opened)
                .map(|(v, (_, blinding))| {
                    let mut bytes = [0u8; 32];
                    bytes.copy_from_slice(Ristretto255::scalar_to_bytes(blinding).as_ref());
                    (*v, bytes)
                })
                .collect::<Vec<_>>(),
        )
    };
    Ok(ProvedShuffle {
        document: CircuitDocument {
            scheme: "r1cs".into(),
            circuit: "shuffle".into(),
            group: Ristretto255::NAME.into(),
            flavor: flavor.name().into(),
            transcript_label: Some(label.to_owned()),
            k: Some(k),
            input_commitments: Some(hexes(&proved.input_commitments)),
            output_commitments: Some(hexes(&proved.output_commitments)),
            digest: None,
            proof: hex::encode(proved.proof.to_bytes()),
        },
        inputs: openings(inputs, &opened_in),
        outputs: openings(outputs, &opened_out),
    })
}

impl CircuitDocument {
    /// Checks the document by the circuit's rules ([`crate::Document::parse`] reads it).
    pub(crate) fn check(&self) -> Result<ParsedCircuit, DocumentError> {
        self.check_fields().map_err(DocumentError::Field)
    }

    fn check_fields(&self) -> Result<ParsedCircuit, String> {
        if self.scheme != "r1cs" {
            return Err(format!("scheme {:?} is not \"r1cs\"", self.scheme));
        }
        if self.group != "ristretto255" {
            return Err(format!(
                "unsupported group {:?} for r1cs (supported: \"ristretto255\")",
                self.group
            ));
        }
        let flavor = R1csConvention::from_name(&self.flavor).ok_or_else(|| {
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

/// Verifies circuit documents together, each verdict in order: the SHA-256 preimage proofs of
/// a flavor, when there are two or more, in one batch over the circuit prepared once
/// ([`Sha256Circuit`]: no gadget run nor circuit digest per proof, one multiscalar
/// multiplication for all; BENCHMARKS.md, issue 42); every other alone. A batch that fails
/// names its invalid proofs, each with [`rangeproof::ProofError::VerificationFailed`] — with a
/// blame `budget`, at most that many (taken from it), the ones the search did not reach
/// [`Invalid::NotNamed`] ([`rangeproof::BatchVerifier::verify_within`]).
pub fn verify_all(
    circuits: &[&ParsedCircuit],
    mut budget: Option<&mut usize>,
) -> Vec<Result<(), Invalid>> {
    let mut verdicts: Vec<Option<Result<(), Invalid>>> = vec![None; circuits.len()];
    for flavor in [R1csConvention::Bound, R1csConvention::Dalek] {
        let sha256: Vec<(usize, &[u8; 32])> = circuits
            .iter()
            .enumerate()
            .filter(|(_, c)| c.flavor == flavor)
            .filter_map(|(i, c)| match &c.statement {
                CircuitStatement::Sha256 { digest } => Some((i, digest)),
                CircuitStatement::Shuffle { .. } => None,
            })
            .collect();
        if sha256.len() < 2 {
            continue;
        }
        let circuit = match Sha256Circuit::new(generators::dalek(), flavor) {
            Ok(circuit) => circuit,
            Err(_) => continue, // each verified alone below, with its own reason
        };
        let mut batch = BatchVerifier::new();
        let mut batched = Vec::with_capacity(sha256.len()); // position in the batch -> document
        for (i, digest) in sha256 {
            match R1csProof::<Ristretto255>::from_bytes(&circuits[i].proof) {
                Ok(proof) => {
                    circuit.add_to(&mut batch, digest, &proof, &mut OsRng);
                    batched.push(i);
                }
                Err(e) => verdicts[i] = Some(Err(Invalid::Circuit(e.into()))),
            }
        }
        for &i in &batched {
            verdicts[i] = Some(Ok(()));
        }
        let checked = match budget.as_deref_mut() {
            None => batch.verify(),
            Some(budget) => batch.verify_within(budget),
        };
        if let Err(failure) = checked {
            for k in failure.invalid {
                let failed = Invalid::Circuit(ProofError::VerificationFailed.into());
                verdicts[batched[k]] = Some(Err(failed));
            }
            for k in failure.not_named {
                verdicts[batched[k]] = Some(Err(Invalid::NotNamed));
            }
        }
    }
    verdicts
        .into_iter()
        .zip(circuits)
        .map(|(verdict, circuit)| {
            verdict.unwrap_or_else(|| circuit.verify().map_err(Invalid::Circuit))
        })
        .collect()
}

impl ParsedCircuit {
    /// Decodes and verifies the proof; the error is the reason it is invalid.
    pub fn verify(&self) -> Result<(), R1csError> {
        let proof = R1csProof::<Ristretto255>::from_bytes(&self.proof)?;
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SHA-256 proofs verified together over the prepared circuit get the verdicts each gets
    /// alone; a proof with another proof's digest is named, a lone proof of another flavor and
    /// a shuffle are verified on their own.
    #[test]
    fn circuits_together_decide_as_each_alone() {
        let a = prove_sha256(b"first", R1csConvention::Bound).unwrap();
        let b = prove_sha256(b"second", R1csConvention::Bound).unwrap();
        let lone = prove_sha256(b"dalek", R1csConvention::Dalek).unwrap();
        let mut swapped = a.clone();
        swapped.digest = b.digest.clone();
        let shuffle = prove_shuffle_of(
            &[3, 1],
            &[1, 3],
            R1csConvention::Bound,
            "shuffle",
            &mut OsRng,
        )
        .unwrap()
        .document;
        let docs = [a, swapped, shuffle, lone, b];
        let parsed: Vec<ParsedCircuit> = docs.iter().map(|d| d.check().unwrap()).collect();
        let refs: Vec<&ParsedCircuit> = parsed.iter().collect();
        let together: Vec<bool> = verify_all(&refs, None).iter().map(Result::is_ok).collect();
        let alone: Vec<bool> = parsed.iter().map(|p| p.verify().is_ok()).collect();
        assert_eq!(together, [true, false, true, true, true]);
        assert_eq!(together, alone);
        // A blame budget of one: spent on the one named; the search stops there, and the
        // batch's proof after it is not named (the lone proof and the shuffle, verified on
        // their own, keep their verdicts).
        let mut budget = 1;
        let named = verify_all(&refs, Some(&mut budget));
        assert_eq!(budget, 0);
        assert!(matches!(named[1], Err(Invalid::Circuit(_))));
        assert_eq!(named[4], Err(Invalid::NotNamed));
        assert!(named[0].is_ok() && named[2].is_ok() && named[3].is_ok());
        let mut budget = 2;
        let named = verify_all(&refs, Some(&mut budget));
        assert_eq!(
            (budget, named.iter().filter(|v| v.is_err()).count()),
            (1, 1)
        );
        let unnamed = verify_all(&refs, Some(&mut 0));
        let shown: Vec<_> = unnamed.iter().map(|v| v.as_ref().err()).collect();
        let not_named = Some(&Invalid::NotNamed);
        assert_eq!(shown, [not_named, not_named, None, None, not_named]);
    }
}
