//! The JSON proof document: the front ends' contract with the outside world.
//!
//! ```json
//! {"scheme": "bulletproofs", "group": "ristretto255", "flavor": "dalek",
//!  "transcript_label": "…", "bits": 64, "commitments": ["hex", …], "proof": "hex"}
//! {"scheme": "bulletproofs+", "group": "ristretto255", "flavor": "tari",
//!  "transcript_label": "…", "bits": 64, "extension_degree": 1,
//!  "minimum_values": [0, …], "commitments": ["hex", …], "proof": "hex"}
//! {"scheme": "bulletproofs" | "bulletproofs+", "group": "ed25519", "flavor": "monero",
//!  "bits": 64, "commitments": ["hex", …], "proof": "hex"}
//! {"scheme": "bulletproofs", "group": "secp256k1", "flavor": "grin", "bits": 64,
//!  "generators_n": 256, "value_generator": "H", "extra_data": "hex",
//!  "commitments": ["hex", …], "proof": "hex"}
//! {"scheme": "borromean", "group": "secp256k1", "flavor": "elements",
//!  "commitments": ["hex"], "value_generator": "hex", "extra_data": "hex", "proof": "hex"}
//! {"scheme": "surjection", "group": "secp256k1", "flavor": "elements",
//!  "input_generators": ["hex", …], "output_generator": "hex", "proof": "hex"}
//! ```
//!
//! A document takes the shape of its suite ([`rangeproof::SuiteInfo`]): `bits` only where the
//! proof system has a bit size (Elements' Borromean proofs carry theirs in the proof),
//! `commitments` only where it commits to values (surjection proofs: none), and the suite's
//! own parameters as fields of their own (`input_generators`, `output_generator`).
//!
//! Grin documents (libsecp256k1-zkp's format) carry 33-byte commitments (`08`/`09` ‖ x), the
//! generator count the proof was made with (absent: Grin's 256, or the smallest power of two
//! that fits 2 · bits · values when larger), the value generator (`"H"`, or the 33-byte
//! `0a`/`0b` ‖ x encoding of an asset generator; absent: `"H"`), optional `extra_data` and
//! optional `minimum_values` (one value only); no transcript label.
//!
//! In Monero documents the proof is in Monero's transaction serialization and the commitments
//! are the full on-chain commitments C (outPk masks). Monero's transcript takes no label, so
//! its documents have no `transcript_label` (an empty one is the same as none; a non-empty one
//! is refused, since it would not be checked). The other documents need one.
//!
//! `minimum_values` (one per commitment) appears only when minimum-value promises are used.
//! Parsing is strict about structure (fields, hex, 32-byte commitments, supported scheme, group,
//! flavor, bit size, extension degree and counts): a document that fails here is *unusable
//! input* (exit 2). What the proof bytes and commitment encodings mean is left to the verifier:
//! a document that parses but does not verify is an *invalid proof* (exit 1).

use crate::hex;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use rand_core::OsRng;
use rangeproof::bulletproofs_plus::MAX_EXTENSION_DEGREE;
use rangeproof::suite::parameters::{bytes, integer};
use rangeproof::suite::ParameterValue;
use rangeproof::{StatementError, StatementField, Suite, SuiteBatch, SuiteContext, SuiteStatement};

/// libsecp256k1-zkp's parameters, which documents carry as fields of their own.
const GENERATORS_N: &str = "generators_n";
const VALUE_GENERATOR: &str = "value_generator";
const EXTRA_DATA: &str = "extra_data";

use crate::error::{DocumentError, Invalid};

/// The document as it appears on disk.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ProofDocument {
    /// Proof system: `"bulletproofs"`, `"bulletproofs+"`, `"borromean"` or `"surjection"`.
    pub scheme: String,
    /// Group: `"ristretto255"`, `"ed25519"` (Monero) or `"secp256k1"` (Grin, Elements).
    pub group: String,
    /// Wire convention (flavor): `"dalek"`, `"tari"`, `"monero"`, `"grin"` or `"elements"`.
    pub flavor: String,
    /// The Fiat–Shamir transcript label both sides use. Absent for conventions whose
    /// transcript takes no label (Monero); an empty label counts as absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transcript_label: Option<String>,
    /// Bit size n of the range [0, 2^n); absent for proof systems without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bits: Option<usize>,
    /// Bulletproofs+ only: blinding factors per commitment (1 to 6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extension_degree: Option<usize>,
    /// Bulletproofs+ only: minimum-value promises, one per commitment.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "bounded::minimum_values"
    )]
    pub minimum_values: Option<Vec<u64>>,
    /// Grin only: secp256k1-zkp's generator count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generators_n: Option<usize>,
    /// Grin only: `"H"` or the value generator's 33-byte encoding in hex.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_generator: Option<String>,
    /// Grin only: hex of the extra data bound into the transcript.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extra_data: Option<String>,
    /// Solana only: the instruction's kind, `"u64"`, `"u128"` or `"u256"` (the total of the
    /// bit lengths).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// Solana only: each commitment's bit length, in the order of the commitments.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "bounded::bit_lengths"
    )]
    pub bit_lengths: Option<Vec<usize>>,
    /// Solana only: the instruction's proof data (context, then proof) in hex, exactly as the
    /// ZK ElGamal proof program receives it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof_data: Option<String>,
    /// Hex encodings of the value commitments (absent for proof systems without any).
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "bounded::commitments"
    )]
    pub commitments: Vec<String>,
    /// Hex encoding of the proof (absent from a Solana document that carries `proof_data`
    /// alone).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof: Option<String>,
    /// Every other field. Those the suite declares as its own parameters
    /// ([`rangeproof::SuiteInfo::parameters`]: integers as JSON integers, byte strings as hex)
    /// become the statement's parameters; the rest are ignored, as unknown fields always were.
    #[serde(flatten)]
    pub parameters: BTreeMap<String, serde_json::Value>,
}

impl ProofDocument {
    /// A document of `scheme`, `group` and `flavor` with no other field yet.
    pub fn new(scheme: &str, group: &str, flavor: &str) -> ProofDocument {
        ProofDocument {
            scheme: scheme.into(),
            group: group.into(),
            flavor: flavor.into(),
            transcript_label: None,
            bits: None,
            extension_degree: None,
            minimum_values: None,
            generators_n: None,
            value_generator: None,
            extra_data: None,
            kind: None,
            bit_lengths: None,
            proof_data: None,
            commitments: Vec::new(),
            proof: None,
            parameters: BTreeMap::new(),
        }
    }
}

/// A document whose structure has been checked: the suite it names, the statement, and the
/// bytes to verify.
#[derive(Clone, Debug)]
pub struct ParsedDocument {
    /// The (scheme, group, flavor) the document names.
    pub suite: Suite,
    /// Bits, extension degree, minimum values, transcript label.
    pub statement: SuiteStatement,
    /// The commitments, each of the suite's commitment length.
    pub commitments: Vec<Vec<u8>>,
    /// The proof in the suite's wire format.
    pub proof: Vec<u8>,
    /// Why the document is invalid whatever its proof says: a Solana document's proof data
    /// that the program refuses, or that disagrees with the document's other fields.
    pub refusal: Option<Invalid>,
}

impl ParsedDocument {
    /// Verifies the proof in `context` (see [`crate::Document::verify_in`]).
    pub fn verify_in(&self, context: &SuiteContext) -> Result<(), Invalid> {
        if let Some(refusal) = &self.refusal {
            return Err(refusal.clone());
        }
        context
            .suite(self.suite)
            .verify(&self.statement, &self.proof, &self.commitments, &mut OsRng)
            .map_err(Invalid::Proof)
    }

    /// Adds the proof to `batch`; returns its position there, or why it is invalid before any
    /// batch equation (a proof that does not decode, a refusal).
    pub fn add_to(&self, batch: &mut SuiteBatch<'_>) -> Result<usize, Invalid> {
        if let Some(refusal) = &self.refusal {
            return Err(refusal.clone());
        }
        batch
            .add(
                self.suite,
                &self.statement,
                &self.proof,
                &self.commitments,
                &mut OsRng,
            )
            .map_err(Invalid::Proof)
    }
}

/// Longest transcript label we accept. A label is arbitrary, but merlin keeps it for the
/// process's lifetime (see `rangeproof::suite`), so it is bounded like everything else.
pub const MAX_TRANSCRIPT_LABEL: usize = 256;

/// Counts enforced *while* parsing: a document listing millions of commitments is refused at
/// the first one too many, before the rest is allocated.
mod bounded {
    use core::fmt;
    use core::marker::PhantomData;

    use serde::de::{Deserializer, Error, SeqAccess, Visitor};
    use serde::Deserialize;

    /// Longest list we read: the most values any suite aggregates (Grin's 256).
    pub(super) const MAX_AGGREGATION: usize = rangeproof::secp256k1_zkp::bulletproofs::MAX_VALUES;

    /// Longest commitment we read: 33 bytes (secp256k1) in hex.
    const COMMITMENT_HEX: usize = 66;

    struct AtMost<T> {
        what: &'static str,
        check: fn(&T) -> Result<(), String>,
        marker: PhantomData<T>,
    }

    impl<'de, T: Deserialize<'de>> Visitor<'de> for AtMost<T> {
        type Value = Vec<T>;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "a list of at most {MAX_AGGREGATION} {}", self.what)
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
            let mut items = Vec::new();
            while let Some(item) = seq.next_element::<T>()? {
                if items.len() == MAX_AGGREGATION {
                    return Err(A::Error::custom(format!(
                        "more than {MAX_AGGREGATION} {}: a proof covers between 1 and {MAX_AGGREGATION}",
                        self.what
                    )));
                }
                (self.check)(&item).map_err(|reason| {
                    A::Error::custom(format!("{} {}: {reason}", self.what, items.len()))
                })?;
                items.push(item);
            }
            Ok(items)
        }
    }

    pub(super) fn commitments<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
        d.deserialize_seq(AtMost {
            what: "commitments",
            check: |c: &String| {
                if c.len() > COMMITMENT_HEX {
                    Err(format!("{} hex digits, expected {COMMITMENT_HEX}", c.len()))
                } else {
                    Ok(())
                }
            },
            marker: PhantomData,
        })
    }

    pub(super) fn bit_lengths<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<Vec<usize>>, D::Error> {
        d.deserialize_seq(AtMost {
            what: "bit_lengths",
            check: |_: &usize| Ok(()),
            marker: PhantomData,
        })
        .map(Some)
    }

    pub(super) fn minimum_values<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<Vec<u64>>, D::Error> {
        struct Minimums;
        impl<'de> Visitor<'de> for Minimums {
            type Value = Option<Vec<u64>>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                write!(
                    f,
                    "null or a list of at most {MAX_AGGREGATION} minimum values"
                )
            }
            fn visit_none<E: Error>(self) -> Result<Self::Value, E> {
                Ok(None)
            }
            fn visit_unit<E: Error>(self) -> Result<Self::Value, E> {
                Ok(None)
            }
            fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
                d.deserialize_seq(AtMost {
                    what: "minimum_values",
                    check: |_: &u64| Ok(()),
                    marker: PhantomData,
                })
                .map(Some)
            }
        }
        d.deserialize_option(Minimums)
    }
}

/// Longest proof we read: the longest of Bulletproofs+ at degree 6, 64 bits x 64 values
/// (1 + 32 * 35 bytes), secp256k1-zkp's Bulletproofs at 64 bits x 256 values (1189 bytes),
/// a 64-bit Borromean proof (5134 bytes) and a surjection proof over 256 inputs (8226 bytes);
/// anything longer is refused before decoding hex.
const MAX_PROOF_HEX: usize = {
    let plus = 2 * (1 + 32 * (MAX_EXTENSION_DEGREE + 5 + 2 * 12));
    let longest = 2 * (2 + 32 + 32 * (1 + 256));
    if plus > longest {
        plus
    } else {
        longest
    }
};

/// Longest `extra_data` we read, in bytes: the library's bound on the parameter.
pub use rangeproof::suite::parameters::MAX_EXTRA_DATA;

impl ProofDocument {
    /// The document of a proof made under `statement` (what `prove` writes).
    pub fn of(
        suite: Suite,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
    ) -> Self {
        let zkp_fields = suite.takes_secp256k1_zkp_fields();
        let (kind, bit_lengths, proof_data) = match crate::container::of(suite) {
            Some(container) => (container.fields_of)(statement, proof, commitments),
            None => (None, None, None),
        };
        ProofDocument {
            scheme: suite.scheme().into(),
            group: suite.group().into(),
            flavor: suite.flavor().into(),
            transcript_label: suite
                .takes_transcript_label()
                .then(|| String::from_utf8_lossy(&statement.transcript_label).into_owned()),
            // Solana documents give each value's bit length instead.
            bits: (!suite.supported_bits().is_empty() && bit_lengths.is_none())
                .then_some(statement.bits),
            extension_degree: (suite.max_extension_degree() > 1)
                .then_some(statement.extension_degree),
            // A proof without a bit size (Borromean) states its range, minimum included, in
            // its header: its document does not repeat the prover's request.
            minimum_values: (!suite.supported_bits().is_empty())
                .then(|| statement.minimum_values.clone())
                .flatten(),
            generators_n: integer(&statement.parameters, GENERATORS_N)
                .and_then(|n| usize::try_from(n).ok()),
            // Grin's documents name H "H"; the others write every generator in hex.
            value_generator: zkp_fields.then(|| {
                match bytes(&statement.parameters, VALUE_GENERATOR) {
                    Some(bytes) => hex::encode(bytes),
                    None if suite.takes_generator_count() => "H".into(),
                    None => hex::encode(
                        rangeproof::secp256k1_zkp::generator::ValueGenerator::h().to_bytes(),
                    ),
                }
            }),
            extra_data: bytes(&statement.parameters, EXTRA_DATA).map(hex::encode),
            kind,
            bit_lengths,
            proof_data,
            commitments: commitments.iter().map(hex::encode).collect(),
            proof: Some(hex::encode(proof)),
            // The fields above are the document's own; the other parameters by their names.
            parameters: crate::parameters::to_json(
                &crate::parameters::public(suite, &statement.parameters)
                    .into_iter()
                    .filter(|(name, _)| {
                        ![GENERATORS_N, VALUE_GENERATOR, EXTRA_DATA].contains(&name.as_str())
                    })
                    .collect(),
            ),
        }
    }

    /// Checks the document by its suite's rules ([`crate::Document::parse`] reads it).
    pub(crate) fn check(&self) -> Result<ParsedDocument, DocumentError> {
        let suite = Suite::find(&self.scheme, &self.group, &self.flavor)
            .ok_or_else(|| {
                if Suite::ALL.iter().any(|s| s.scheme() == self.scheme) {
                    format!(
                        "unsupported group/flavor {:?}/{:?} for {} (supported: {})",
                        self.group,
                        self.flavor,
                        self.scheme,
                        Suite::supported_names()
                    )
                } else {
                    let mut schemes: Vec<&str> = Suite::ALL.iter().map(|s| s.scheme()).collect();
                    schemes.dedup();
                    format!(
                        "unsupported scheme {:?} (supported: {})",
                        self.scheme,
                        schemes.join(", ")
                    )
                }
            })
            .map_err(DocumentError::Unsupported)?;
        self.check_for(suite).map_err(DocumentError::Field)
    }

    /// The checks once the suite is known (a suite outside the registry, in tests, too): the
    /// document's own rules here (which fields must be present or absent, hex, lengths, size
    /// caps), the statement's shape by the library's [`Suite::check_statement`], worded with
    /// the document's field names.
    fn check_for(&self, suite: Suite) -> Result<ParsedDocument, String> {
        let name = suite.name();
        // A container's fields (Solana's instruction: `proof_data`, or `bit_lengths` beside
        // the others).
        let instruction = if let Some(container) = crate::container::of(suite) {
            Some((container.read)(&crate::container::Fields {
                bits: self.bits,
                kind: self.kind.as_deref(),
                bit_lengths: self.bit_lengths.as_deref(),
                commitments: &self.commitments,
                proof: self.proof.as_deref(),
                proof_data: self.proof_data.as_deref(),
            })?)
        } else {
            for (field, present) in [
                ("kind", self.kind.is_some()),
                ("bit_lengths", self.bit_lengths.is_some()),
                ("proof_data", self.proof_data.is_some()),
            ] {
                if present {
                    return Err(format!(
                        "{name} documents have no {field}: remove the field"
                    ));
                }
            }
            None
        };
        let bits = match (self.bits, suite.supported_bits()) {
            _ if instruction.is_some() => 0,
            (None, []) => 0,
            (Some(_), []) => {
                return Err(format!(
                    "{name} documents have no bits (the proof carries its range): remove the field"
                ))
            }
            (None, _) => return Err(format!("{name} documents need bits")),
            (Some(bits), _) => bits,
        };
        if suite.max_values() == 0 && !self.commitments.is_empty() {
            return Err(format!(
                "{name} documents have no commitments: remove the field"
            ));
        }
        let label = self.transcript_label.as_deref().unwrap_or("");
        if suite.takes_transcript_label() && self.transcript_label.is_none() {
            return Err(format!("{name} documents need a transcript_label"));
        }
        if label.len() > MAX_TRANSCRIPT_LABEL {
            return Err(format!(
                "transcript_label is {} bytes, longer than {MAX_TRANSCRIPT_LABEL}",
                label.len()
            ));
        }
        let proof_hex = match (&self.proof, &instruction) {
            (Some(proof), _) => proof.as_str(),
            // A Solana document may carry its proof in `proof_data` alone.
            (None, Some(_)) => "",
            (None, None) => return Err(format!("{name} documents need a proof")),
        };
        if proof_hex.len() > MAX_PROOF_HEX {
            return Err(format!(
                "proof is {} hex digits, longer than any valid proof",
                proof_hex.len()
            ));
        }
        let mut parameters =
            crate::parameters::from_json(suite, &self.parameters, &format!("a {name} document"))?;
        // libsecp256k1-zkp's fields are the document's own, for the suites that declare them
        // as parameters; "H" spelled out is the default, recorded as absent.
        for (field, present) in [
            (GENERATORS_N, self.generators_n.is_some()),
            (VALUE_GENERATOR, self.value_generator.is_some()),
            (EXTRA_DATA, self.extra_data.is_some()),
        ] {
            if present && suite.parameter(field).is_none() {
                return Err(format!(
                    "{name} documents have no {field}: remove the field"
                ));
            }
        }
        if let Some(n) = self.generators_n {
            let n = i64::try_from(n).unwrap_or(i64::MAX);
            parameters.insert(GENERATORS_N.into(), ParameterValue::Integer(n));
        }
        if let Some(bytes) = self.value_generator()? {
            parameters.insert(VALUE_GENERATOR.into(), ParameterValue::Bytes(bytes));
        }
        if let Some(bytes) = self.extra_data(suite)? {
            parameters.insert(EXTRA_DATA.into(), ParameterValue::Bytes(bytes));
        }
        let statement = SuiteStatement {
            bits,
            extension_degree: self.extension_degree.unwrap_or(1),
            minimum_values: self.minimum_values.clone(),
            transcript_label: label.as_bytes().to_vec(),
            parameters,
            bit_lengths: instruction
                .as_ref()
                .map(|i| i.bit_lengths.clone())
                .unwrap_or_default(),
        };
        // Proof data the program refuses, alone in its document, leaves no statement to check.
        let (refusal, from_data) = match instruction {
            Some(i) if !i.commitments.is_empty() => (i.refusal, Some((i.commitments, i.proof))),
            Some(i) => (i.refusal, None),
            None => (None, None),
        };
        if let (Some(refusal), None, true) = (&refusal, &from_data, self.commitments.is_empty()) {
            return Ok(ParsedDocument {
                suite,
                statement,
                commitments: Vec::new(),
                proof: Vec::new(),
                refusal: Some(refusal.clone()),
            });
        }
        let m = match &from_data {
            Some((commitments, _)) => commitments.len(),
            None => self.commitments.len(),
        };
        suite
            .check_statement(&statement, m)
            .map_err(|e| self.describe(suite, &statement, e))?;
        if let Some((commitments, proof)) = from_data {
            return Ok(ParsedDocument {
                suite,
                statement,
                commitments,
                proof,
                refusal,
            });
        }
        let commitments = self
            .commitments
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let bytes =
                    hex::decode(c).map_err(|e| format!("commitment {i} is not hex: {e}"))?;
                if bytes.len() != suite.commitment_len() {
                    return Err(format!(
                        "commitment {i} has {} bytes, expected {}",
                        bytes.len(),
                        suite.commitment_len()
                    ));
                }
                Ok(bytes)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let proof = hex::decode(proof_hex).map_err(|e| format!("proof is not hex: {e}"))?;
        Ok(ParsedDocument {
            suite,
            statement,
            commitments,
            proof,
            refusal,
        })
    }

    /// A shape rule the library applied, worded with the document's field names.
    fn describe(&self, suite: Suite, statement: &SuiteStatement, error: StatementError) -> String {
        let name = suite.name();
        let m = self.commitments.len();
        match error {
            StatementError::InvalidExtensionDegree(_)
            | StatementError::UnusedStatementField(StatementField::ExtensionDegree)
                if suite.max_extension_degree() == 1 =>
            {
                format!(
                    "unsupported extension_degree {} for {name}: one blinding per commitment (remove the field)",
                    statement.extension_degree
                )
            }
            StatementError::InvalidExtensionDegree(degree) => format!(
                "unsupported extension_degree {degree} for {name} (supported: 1 to {})",
                suite.max_extension_degree()
            ),
            StatementError::InvalidBitsize(bits) => format!(
                "unsupported bits {bits} for {name} (supported: {:?})",
                suite.supported_bits()
            ),
            StatementError::InvalidAggregation { max: 1, .. } => {
                format!("{m} commitments: a {name} proof covers one value only")
            }
            StatementError::InvalidAggregation { max, .. } => {
                format!("{m} commitments: a {name} proof covers between 1 and {max}")
            }
            StatementError::InvalidPowerOfTwoAggregation(_) => format!(
                "{m} commitments: a {name} proof covers a power-of-two number of values"
            ),
            StatementError::MismatchedLengths { blindings, .. } => format!(
                "{blindings} minimum_values for {m} commitments: one per commitment"
            ),
            StatementError::MinimumValuesNeedSingleValue => format!(
                "minimum_values with {m} commitments: {name} supports them for one value only"
            ),
            StatementError::InvalidGeneratorCount(n) => self.generator_count(n, statement, m),
            StatementError::InvalidParameter {
                name: GENERATORS_N, ..
            } => self.generator_count(self.generators_n.unwrap_or(0), statement, m),
            StatementError::UnusedStatementField(StatementField::TranscriptLabel) => format!(
                "{} transcripts take no label: remove transcript_label {:?} (it would not be checked)",
                suite.flavor(),
                String::from_utf8_lossy(&statement.transcript_label)
            ),
            StatementError::UnusedStatementField(field) => {
                let field = match field {
                    StatementField::Bits => "bits",
                    StatementField::MinimumValues => "minimum_values",
                    _ => return format!("a {name} document: {error}"),
                };
                format!("{name} documents have no {field}: remove the field")
            }
            other => format!("a {name} document: {other}"),
        }
    }

    /// Why a generator count does not fit the proof.
    fn generator_count(&self, n: usize, statement: &SuiteStatement, m: usize) -> String {
        format!(
            "generators_n {n}: this proof needs at least {} (2 x bits x values), at most {}",
            2 * statement.bits * m,
            rangeproof::secp256k1_zkp::bulletproofs::generators::MAX_GENERATORS
        )
    }

    /// `value_generator`: `"H"` (or absent) for the suite's own, else a 33-byte generator
    /// encoding in hex. Whether the suite takes one is the shape check's.
    fn value_generator(&self) -> Result<Option<Vec<u8>>, String> {
        match self.value_generator.as_deref() {
            None | Some("H") => Ok(None),
            Some(text) => {
                let bytes =
                    hex::decode(text).map_err(|e| format!("value_generator is not hex: {e}"))?;
                rangeproof::secp256k1_zkp::bulletproofs::ValueGenerator::from_bytes(&bytes).map_err(|_| {
                    "value_generator is neither \"H\" nor a 33-byte generator encoding (0a/0b || x on the curve)"
                        .to_string()
                })?;
                Ok(Some(bytes))
            }
        }
    }

    /// `extra_data` in hex, at most the suite's bound on it ([`MAX_EXTRA_DATA`] bytes but for
    /// an MWEB output's message), checked before decoding.
    fn extra_data(&self, suite: Suite) -> Result<Option<Vec<u8>>, String> {
        let Some(text) = &self.extra_data else {
            return Ok(None);
        };
        let most = suite
            .parameter(EXTRA_DATA)
            .and_then(|spec| usize::try_from(spec.max).ok())
            .unwrap_or(MAX_EXTRA_DATA);
        if text.len() / 2 > most {
            return Err(format!(
                "extra_data is {} hex digits, longer than {most} bytes",
                text.len()
            ));
        }
        Ok(Some(
            hex::decode(text).map_err(|e| format!("extra_data is not hex: {e}"))?,
        ))
    }
}

/// Documents the tests of other modules start from.
#[cfg(test)]
pub(crate) mod tests_support {
    use rand_core::OsRng;
    use rangeproof::{Suite, SuiteStatement};

    /// Panics unless `doc`, written out and read back as any front end reads it, verifies.
    pub(crate) fn assert_verifies(doc: &super::ProofDocument) {
        let parsed = crate::Document::parse(&serde_json::to_string(doc).unwrap())
            .and_then(crate::Document::into_proof)
            .unwrap();
        parsed
            .suite
            .verify(
                &parsed.statement,
                &parsed.proof,
                &parsed.commitments,
                &mut OsRng,
            )
            .unwrap();
    }

    /// A valid dalek proof's document.
    pub(crate) fn dalek_document() -> serde_json::Value {
        let suite = Suite::DALEK_BULLETPROOFS;
        let statement = SuiteStatement {
            bits: 8,
            extension_degree: 1,
            transcript_label: b"support".to_vec(),
            ..SuiteStatement::default()
        };
        let proved = suite.prove(&statement, &[3], &mut OsRng).unwrap();
        let doc = super::ProofDocument::of(suite, &statement, &proved.proof, &proved.commitments);
        serde_json::to_value(doc).unwrap()
    }
}

#[cfg(test)]
mod tests;
