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
//! A document is a fixed header — `scheme`, `group`, `flavor` (the suite), `commitments`,
//! `proof` — and the fields its suite takes ([`crate::Fields`]), read and written from the
//! suite's own declaration, never by its name: the shared statement fields its
//! [`rangeproof::SuiteInfo`] turns on (`bits` only where the proof system has a bit size,
//! `transcript_label` where the transcript takes one, `extension_degree` where there are extra
//! blindings, `minimum_values` where promises are used), the parameters it declares
//! ([`rangeproof::SuiteInfo::parameters`]: `generators_n`, `value_generator`, `extra_data`,
//! `input_generators`, …, each with its bounds, its default's spelling and its aliases), and
//! its container's fields (Solana's `kind`, `bit_lengths`, `proof_data`). A field another suite
//! takes is refused ("remove the field"); a name no suite takes is ignored.
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

use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize, Serializer};

use rand_core::OsRng;
use rangeproof::bulletproofs_plus::MAX_EXTENSION_DEGREE;
use rangeproof::{StatementError, StatementField, Suite, SuiteBatch, SuiteContext, SuiteStatement};

use crate::error::{DocumentError, Invalid};
use crate::fields::Fields;

/// The document as it appears on disk: a fixed header — the suite it names (scheme, group,
/// flavor), the commitments and the proof — and the fields its suite takes past it
/// ([`crate::Fields`]): the shared statement fields (`transcript_label`, `bits`,
/// `extension_degree`, `minimum_values`), the parameters the suite declares
/// ([`rangeproof::SuiteInfo::parameters`]: integers as JSON integers, byte strings as hex,
/// under their names), and its container's fields. A field some other suite takes is refused;
/// a field no suite takes is ignored, as unknown fields always were.
///
/// Written, the header's suite comes first, then the fields in the order the suite declares
/// them, then `commitments` and `proof`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct ProofDocument {
    /// Proof system: `"bulletproofs"`, `"bulletproofs+"`, `"borromean"`, `"surjection"`, …
    pub scheme: String,
    /// Group: `"ristretto255"`, `"ed25519"` or `"secp256k1"`.
    pub group: String,
    /// The deployment's convention ([`rangeproof::Suite::flavor`]).
    pub flavor: String,
    /// Hex encodings of the value commitments (absent for proof systems without any).
    #[serde(default, deserialize_with = "bounded::commitments")]
    pub commitments: Vec<String>,
    /// Hex encoding of the proof (absent where a container carries it, as a Solana document
    /// may).
    #[serde(default)]
    pub proof: Option<String>,
    /// Every other field, by name.
    #[serde(flatten)]
    pub fields: Fields,
}

impl Serialize for ProofDocument {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("scheme", &self.scheme)?;
        map.serialize_entry("group", &self.group)?;
        map.serialize_entry("flavor", &self.flavor)?;
        let suite = Suite::find(&self.scheme, &self.group, &self.flavor);
        for (name, value) in crate::fields::in_order(suite, &self.fields) {
            map.serialize_entry(name, value)?;
        }
        if !self.commitments.is_empty() {
            map.serialize_entry("commitments", &self.commitments)?;
        }
        if let Some(proof) = &self.proof {
            map.serialize_entry("proof", proof)?;
        }
        map.end()
    }
}

impl ProofDocument {
    /// A document of `scheme`, `group` and `flavor` with no other field yet.
    pub fn new(scheme: &str, group: &str, flavor: &str) -> ProofDocument {
        ProofDocument {
            scheme: scheme.into(),
            group: group.into(),
            flavor: flavor.into(),
            commitments: Vec::new(),
            proof: None,
            fields: Fields::new(),
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
            .verify(
                self.suite,
                &self.statement,
                &self.proof,
                &self.commitments,
                &mut OsRng,
            )
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
pub(crate) mod bounded {
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

    pub(crate) fn commitments<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
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

    /// A list of at most [`MAX_AGGREGATION`] items, named `what` in reasons (a container's
    /// field: Solana's `bit_lengths`).
    pub(crate) fn list<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
        d: D,
        what: &'static str,
    ) -> Result<Vec<T>, D::Error> {
        d.deserialize_seq(AtMost {
            what,
            check: |_: &T| Ok(()),
            marker: PhantomData,
        })
    }

    pub(crate) fn minimum_values<'de, D: Deserializer<'de>>(
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
    /// The document of a proof made under `statement` (what `prove` writes): the fields
    /// `suite` takes, each where the statement sets it or the suite spells its default.
    pub fn of(
        suite: Suite,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
    ) -> Self {
        let mut doc = ProofDocument::new(suite.scheme(), suite.group(), suite.flavor());
        let container = crate::container::of(suite);
        let fields = &mut doc.fields;
        if suite.takes_transcript_label() {
            let label = String::from_utf8_lossy(&statement.transcript_label);
            fields.insert("transcript_label", label.into_owned());
        }
        // A container states each value's bit length instead (Solana's `bit_lengths`).
        if !suite.supported_bits().is_empty() && container.is_none() {
            fields.insert("bits", statement.bits);
        }
        if suite.max_extension_degree() > 1 {
            fields.insert("extension_degree", statement.extension_degree);
        }
        // A proof without a bit size (Borromean) states its range, minimum included, in its
        // header: its document does not repeat the prover's request.
        if let (false, Some(minimums)) =
            (suite.supported_bits().is_empty(), &statement.minimum_values)
        {
            fields.insert("minimum_values", minimums.clone());
        }
        let public = crate::parameters::public(suite, &statement.parameters);
        for (name, value) in crate::parameters::to_json(&public) {
            fields.insert(name, value);
        }
        for spec in suite.info().parameters {
            if let (Some(text), None) = (spec.default, public.get(spec.name)) {
                fields.insert(spec.name, text);
            }
        }
        if let Some(container) = container {
            let written = (container.fields_of)(statement, proof, commitments);
            for (name, value) in written.as_map() {
                fields.insert(name.clone(), value.clone());
            }
        }
        doc.commitments = commitments.iter().map(hex::encode).collect();
        doc.proof = Some(hex::encode(proof));
        doc
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
        // A field another suite takes means something this one would not check.
        let takes = crate::fields::of(suite);
        if let Some(field) = self
            .fields
            .as_map()
            .keys()
            .find(|f| !takes.contains(&f.as_str()) && crate::fields::known(f))
        {
            return Err(format!(
                "{name} documents have no {field}: remove the field"
            ));
        }
        let bits: Option<usize> = self.fields.typed("bits")?;
        let label: Option<String> = self.fields.typed("transcript_label")?;
        let extension_degree: Option<usize> = self.fields.typed("extension_degree")?;
        let minimum_values = self
            .fields
            .read_with("minimum_values", |v| bounded::minimum_values(v))?
            .flatten();
        // A container's fields (Solana's instruction: `proof_data`, or `bit_lengths` beside
        // the others).
        let instruction = match crate::container::of(suite) {
            Some(container) => Some((container.read)(self, bits)?),
            None => None,
        };
        let bits = match (bits, suite.supported_bits()) {
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
        if suite.takes_transcript_label() && label.is_none() {
            return Err(format!("{name} documents need a transcript_label"));
        }
        let label = label.unwrap_or_default();
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
        let parameters = crate::parameters::from_json(
            suite,
            self.fields.as_map(),
            &format!("a {name} document"),
            &[],
        )?;
        let statement = SuiteStatement {
            bits,
            extension_degree: extension_degree.unwrap_or(1),
            minimum_values,
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
            StatementError::InvalidExtensionDegree { .. }
            | StatementError::UnusedStatementField(StatementField::ExtensionDegree)
                if suite.max_extension_degree() == 1 =>
            {
                format!(
                    "unsupported extension_degree {} for {name}: one blinding per commitment (remove the field)",
                    statement.extension_degree
                )
            }
            StatementError::InvalidExtensionDegree { given, max } => format!(
                "unsupported extension_degree {given} for {name} (supported: 1 to {})",
                max.min(suite.max_extension_degree())
            ),
            StatementError::InvalidBitsize { given, supported } => {
                format!("unsupported bits {given} for {name} (supported: {supported:?})")
            }
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
            StatementError::InvalidGeneratorCount { given, needed, max } => format!(
                "generators_n {given}: this proof needs at least {needed} (2 x bits x values), at most {max}"
            ),
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
}

/// Documents the tests of other modules start from.
#[cfg(test)]
pub(crate) mod tests_support {
    use rand_core::OsRng;
    use rangeproof::{Suite, SuiteStatement};

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
