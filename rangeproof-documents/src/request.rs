//! A prove request: what to prove — the suite, the statement's parts, the values, and the
//! openings' blindings and recovery nonce when they are given — checked into a suite and its
//! [`SuiteStatement`] with one set of rules for every front end. The CLI fills one from its
//! flags (and an openings file), the C library and the Python package from JSON: an openings
//! file is a request as it stands (`blindings`, `commitments` and `rewind_nonce` optional).
//!
//! ```json
//! {"scheme": "bulletproofs", "group": "secp256k1", "flavor": "grin", "bits": 64,
//!  "values": [5, 7], "extra_data": "00ff"}
//! ```
//!
//! Errors are typed ([`RequestError`]) and worded by the front end: each names the part of the
//! request it is about as the caller spells it ([`Field::json`] or [`Field::flag`]).

use crate::hex;
use rand_core::OsRng;
use serde::Deserialize;
use zeroize::{Zeroize, ZeroizeOnDrop, Zeroizing};

use rangeproof::suite::{ParameterValue, Parameters};
use rangeproof::{ProofError, Suite, SuiteContext, SuiteStatement};

use crate::openings::Openings;
use crate::parameters::{self, JsonFields};
use crate::proof::{ProofDocument, MAX_TRANSCRIPT_LABEL};

mod error;

pub use error::{Field, RequestError};

/// The suite parameters a request (and an openings file) carries as fields of its own, beside
/// its `parameters`.
pub const OWN_PARAMETERS: [&str; 3] = [
    Field::GeneratorsN.json(),
    Field::ValueGenerator.json(),
    Field::ExtraData.json(),
];

/// What to prove, as given (nothing checked yet): see the [module notes](self). Secret parts
/// (values, blindings, nonce) are wiped when it is dropped.
#[derive(Clone, Debug, Default, Deserialize, Zeroize, ZeroizeOnDrop)]
#[serde(deny_unknown_fields)]
pub struct ProveRequest {
    /// The proof system (default: bulletproofs).
    #[serde(default)]
    pub scheme: Option<String>,
    /// The group (default: by scheme).
    #[serde(default)]
    pub group: Option<String>,
    /// The flavor (default: by scheme and group).
    #[serde(default)]
    pub flavor: Option<String>,
    /// The transcript label (default `"rangeproof"` where the transcript takes one).
    #[serde(default)]
    pub transcript_label: Option<String>,
    /// The bit size (none for proof systems without one).
    #[serde(default, deserialize_with = "crate::whole::optional_bits")]
    pub bits: Option<usize>,
    /// Each value's own bit length, instead of `bits` (Solana).
    #[serde(default, deserialize_with = "crate::whole::bit_lengths")]
    pub bit_lengths: Option<Vec<usize>>,
    /// Blinding factors per commitment (default: the blindings' count, or 1).
    #[serde(default, deserialize_with = "crate::whole::extension_degree")]
    pub extension_degree: Option<usize>,
    /// Minimum-value promises, one per value.
    #[serde(default, deserialize_with = "crate::whole::minimum_values")]
    pub minimum_values: Option<Vec<u64>>,
    /// libsecp256k1-zkp's generator count (default: the suite's).
    #[serde(default, deserialize_with = "crate::whole::generators_n")]
    pub generators_n: Option<usize>,
    /// `"H"` or a value generator's 33-byte encoding in hex.
    #[serde(default)]
    pub value_generator: Option<String>,
    /// Hex of the extra data bound into the transcript.
    #[serde(default)]
    pub extra_data: Option<String>,
    /// A multi-party party's position (openings of `mpc party`): refused here.
    #[serde(default, deserialize_with = "crate::whole::position")]
    pub position: Option<usize>,
    /// The values to prove (an error reading them names their position, never their amount).
    #[serde(deserialize_with = "crate::whole::values")]
    pub values: Vec<u64>,
    /// Per value, the blinding factors' encodings in hex (default: fresh random ones).
    #[serde(default)]
    pub blindings: Option<Vec<Vec<String>>>,
    /// The commitments the blindings must make (hex), checked after proving.
    #[serde(default)]
    #[zeroize(skip)]
    pub commitments: Option<Vec<String>>,
    /// The recovery nonce in hex (Grin's rewind nonce, Tari's seed nonce).
    #[serde(default, alias = "recovery_nonce")]
    pub rewind_nonce: Option<String>,
    /// The suite's own parameters as JSON fields (the openings file's `parameters`).
    #[serde(default)]
    #[zeroize(skip)]
    pub parameters: JsonFields,
    /// The C library's explicit consent to prove with fresh blindings and keep no openings
    /// (`rp_prove_document` with no openings buffer): without it such a proof is refused, since
    /// nobody could ever open its commitments.
    #[serde(default)]
    pub discard_openings: bool,
}

/// A request checked: the suite, the statement, and the secrets to prove with.
pub struct Checked {
    /// The suite.
    pub suite: Suite,
    /// The statement, every part checked against the suite.
    pub statement: SuiteStatement,
    /// The blindings given (per value, `extension_degree` encodings), or `None` for fresh ones.
    pub blindings: Option<Zeroizing<Vec<Vec<Vec<u8>>>>>,
    /// The recovery nonce given.
    pub nonce: Option<Zeroizing<[u8; 32]>>,
}

/// The transcript label used when a request names none.
pub const DEFAULT_LABEL: &str = "rangeproof";

/// A hex field decoded; the reason never quotes it (blindings and the nonce are secrets).
fn hex_field(field: Field, text: &str) -> Result<Vec<u8>, RequestError> {
    hex::decode(text)
        .map_err(|e| RequestError::Malformed(field, format!("not hex: {}", hex::reason(&e))))
}

/// A value generator as requests spell it: `"H"` (`None`) or a 33-byte generator encoding in
/// hex, checked here so that a wrong one is named as the value generator (the library's
/// decoder says no more than "invalid length").
pub fn value_generator(text: &str) -> Result<Option<Vec<u8>>, RequestError> {
    if text == "H" {
        return Ok(None);
    }
    let bytes = hex_field(Field::ValueGenerator, text)?;
    check_value_generator(&bytes)?;
    Ok(Some(bytes))
}

/// Refuses bytes that are not a generator's 33-byte encoding (`0a`/`0b` ‖ x on the curve).
fn check_value_generator(bytes: &[u8]) -> Result<(), RequestError> {
    if bytes.len() != 33 {
        return Err(RequestError::Malformed(
            Field::ValueGenerator,
            format!(
                "{} bytes, expected 33 (\"H\", or an asset generator's 0a/0b || x in hex)",
                bytes.len()
            ),
        ));
    }
    rangeproof::secp256k1_zkp::generator::ValueGenerator::from_bytes(bytes)
        .map(drop)
        .map_err(|_| {
            RequestError::Malformed(
                Field::ValueGenerator,
                "not a generator's encoding (0a/0b || x on the curve)".into(),
            )
        })
}

/// The first of `values` that `suite` cannot prove under `statement`, as the error naming it
/// (its position and the range shown, [`Suite::value_range`]). Asked only once the prover
/// refused a value, to say which.
fn out_of_range(suite: Suite, statement: &SuiteStatement, values: &[u64]) -> Option<RequestError> {
    values.iter().enumerate().find_map(|(i, &value)| {
        let (low, high) = suite.value_range(statement, i);
        (value < low || value > high).then_some(RequestError::ValueOutOfRange {
            index: i + 1,
            count: values.len(),
            low,
            high,
            bits: if suite.supported_bits().is_empty() {
                0
            } else {
                statement
                    .bit_lengths
                    .get(i)
                    .copied()
                    .unwrap_or(statement.bits)
            },
        })
    })
}

/// A request's statement and secrets decoded (bytes, not hex), not checked yet: what
/// [`ProveRequest::check`] checks once it has decoded them, and what a front end with typed
/// arguments (the Python package) fills itself. `None` is "not given" throughout. Wiped on
/// drop, and neither cloned nor printed (no `Clone`, no `Debug`: it holds secrets).
#[derive(Default, Zeroize, ZeroizeOnDrop)]
pub struct RequestParts {
    /// The transcript label (default [`DEFAULT_LABEL`] where the transcript takes one).
    pub transcript_label: Option<Vec<u8>>,
    /// The bit size (none for proof systems without one).
    pub bits: Option<usize>,
    /// Each value's own bit length, instead of `bits` (Solana).
    pub bit_lengths: Option<Vec<usize>>,
    /// Blinding factors per commitment (default: the blindings' count, or 1).
    pub extension_degree: Option<usize>,
    /// Minimum-value promises, one per value.
    pub minimum_values: Option<Vec<u64>>,
    /// libsecp256k1-zkp's generator count (default: the suite's).
    pub generators_n: Option<usize>,
    /// A value generator's 33-byte encoding (`None`: H).
    pub value_generator: Option<Vec<u8>>,
    /// Extra data bound into the transcript.
    pub extra_data: Option<Vec<u8>>,
    /// Per value, the blinding factors' encodings (default: fresh random ones).
    pub blindings: Option<Vec<Vec<Vec<u8>>>>,
    /// The recovery nonce (Grin's rewind nonce, Tari's seed nonce).
    pub nonce: Option<[u8; 32]>,
}

impl RequestParts {
    /// Checks the parts against `suite`'s limits for a proof of `value_count` values, with the
    /// suite's own `parameters`: one set of rules for every front end.
    pub fn check(
        mut self,
        suite: Suite,
        value_count: usize,
        mut parameters: Parameters,
    ) -> Result<Checked, RequestError> {
        let takes_label = suite.takes_transcript_label();
        let label = match self.transcript_label.take() {
            Some(label) if !label.is_empty() && !takes_label => {
                return Err(RequestError::LabelNotTaken)
            }
            Some(label) if label.len() > MAX_TRANSCRIPT_LABEL => {
                return Err(RequestError::LabelTooLong(label.len()))
            }
            Some(label) if takes_label => label,
            _ if takes_label => DEFAULT_LABEL.as_bytes().to_vec(),
            _ => Vec::new(),
        };
        // Each value's own bit length (Solana), or a bit size for all; openings of a suite
        // without bits record 0 (the suite's check refuses any other).
        let bit_lengths = self.bit_lengths.take().unwrap_or_default();
        if !bit_lengths.is_empty() && !suite.takes_bit_lengths() {
            return Err(RequestError::NotTaken(Field::BitLengths));
        }
        let bits = match (self.bits, suite.supported_bits().is_empty()) {
            (None, false) if bit_lengths.is_empty() => return Err(RequestError::BitsRequired),
            (bits, _) => bits.unwrap_or(0),
        };
        let blindings = self.blindings.take().map(Zeroizing::new);
        if let Some(lists) = &blindings {
            if lists.len() != value_count {
                return Err(RequestError::BlindingCount {
                    values: value_count,
                    blindings: lists.len(),
                });
            }
        }
        // With given blindings, their count per value is the extension degree.
        let given_degree = blindings.as_ref().and_then(|b| b.first().map(Vec::len));
        let degree = self.extension_degree.or(given_degree).unwrap_or(1);
        // libsecp256k1-zkp's fields are parameters of the suites that declare them (Grin's
        // generator count recorded even when defaulted, so that openings say what was proved).
        let generators_n = self.generators_n.or_else(|| {
            suite
                .takes_generator_count()
                .then(|| suite.default_generators_n(bits, value_count))
                .flatten()
        });
        for (field, value) in [
            (
                Field::GeneratorsN,
                generators_n.map(|n| ParameterValue::Integer(i64::try_from(n).unwrap_or(i64::MAX))),
            ),
            (
                Field::ValueGenerator,
                self.value_generator.take().map(ParameterValue::Bytes),
            ),
            (
                Field::ExtraData,
                self.extra_data.take().map(ParameterValue::Bytes),
            ),
        ] {
            let Some(value) = value else { continue };
            if suite.parameter(field.json()).is_none() {
                return Err(RequestError::NotTaken(field));
            }
            if let (Field::ValueGenerator, ParameterValue::Bytes(bytes)) = (field, &value) {
                check_value_generator(bytes)?;
            }
            parameters.insert(field.json().into(), value);
        }
        let statement = SuiteStatement {
            bits,
            extension_degree: degree,
            minimum_values: self.minimum_values.take(),
            transcript_label: label,
            parameters,
            bit_lengths,
        };
        suite
            .check_statement(&statement, value_count)
            .map_err(|e| RequestError::from_statement(e, &statement))?;
        Ok(Checked {
            suite,
            statement,
            blindings,
            nonce: self.nonce.take().map(Zeroizing::new),
        })
    }
}

impl ProveRequest {
    /// Parses a JSON request (or openings file); the error is a one-line reason, naming the
    /// field at fault and quoting none of the text (values and blindings are secrets).
    pub fn from_json(text: &str) -> Result<ProveRequest, String> {
        serde_json::from_str(text)
            .map_err(|e| format!("not a prove request: {}", crate::json_reason(&e)))
    }

    /// The suite the request names.
    pub fn suite(&self) -> Result<Suite, RequestError> {
        let scheme = self.scheme.as_deref().unwrap_or("bulletproofs");
        suite(scheme, self.group.as_deref(), self.flavor.as_deref())
    }

    /// Checks the request against its suite's limits; `parameters` are the suite's own (the
    /// CLI types them from its flags; JSON requests give them in `parameters`, see
    /// [`Self::json_parameters`]).
    pub fn check(&self, parameters: Parameters) -> Result<Checked, RequestError> {
        let suite = self.suite()?;
        if self.position.is_some() {
            return Err(RequestError::PartyOpenings);
        }
        let blindings = self
            .blindings
            .as_ref()
            .map(|lists| {
                lists
                    .iter()
                    .map(|list| {
                        list.iter()
                            .map(|text| hex_field(Field::Blindings, text))
                            .collect::<Result<Vec<_>, _>>()
                    })
                    .collect::<Result<Vec<_>, _>>()
            })
            .transpose()?;
        let nonce = match &self.rewind_nonce {
            None => None,
            Some(text) => {
                let bytes = Zeroizing::new(hex_field(Field::RecoveryNonce, text)?);
                Some(bytes.as_slice().try_into().map_err(|_| {
                    RequestError::Malformed(
                        Field::RecoveryNonce,
                        format!("{} bytes, expected 32", bytes.len()),
                    )
                })?)
            }
        };
        let parts = RequestParts {
            transcript_label: self
                .transcript_label
                .as_ref()
                .map(|l| l.as_bytes().to_vec()),
            bits: self.bits,
            bit_lengths: self.bit_lengths.clone(),
            extension_degree: self.extension_degree,
            minimum_values: self.minimum_values.clone(),
            generators_n: self.generators_n,
            value_generator: self
                .value_generator
                .as_deref()
                .map(value_generator)
                .transpose()?
                .flatten(),
            extra_data: self
                .extra_data
                .as_deref()
                .map(|text| hex_field(Field::ExtraData, text))
                .transpose()?,
            blindings,
            nonce,
        };
        parts.check(suite, self.values.len(), parameters)
    }

    /// The suite's own parameters from the request's `parameters` fields.
    pub fn json_parameters(&self) -> Result<Parameters, RequestError> {
        let suite = self.suite()?;
        parameters::from_json(suite, &self.parameters, "the request", &OWN_PARAMETERS)
            .map_err(RequestError::Parameter)
    }
}

/// The suite of `scheme`, `group` and `flavor` (the last two by default when `None`), or the
/// error naming what was asked and listing the suites there are.
pub fn suite(
    scheme: &str,
    group: Option<&str>,
    flavor: Option<&str>,
) -> Result<Suite, RequestError> {
    Suite::resolve(scheme, group, flavor).ok_or_else(|| RequestError::UnknownSuite {
        scheme: scheme.into(),
        group: group.map(Into::into),
        flavor: flavor.map(Into::into),
    })
}

/// The statement commitments are made under in `suite`: `extension_degree` blindings a value,
/// the suite's own `parameters` (Aptos's and MobileCoin's bases), the value generator (`None`:
/// the suite's own) and extra data where given; no bit size where
/// the proof system has none (Elements' Borromean proofs state their range in the proof), else
/// 64 — bits are no part of a commitment: the widest, until a proof says otherwise. Extra data
/// is no part of one either, but MWEB's statement requires it (the output's message).
pub fn commitment_statement(
    suite: Suite,
    extension_degree: usize,
    value_generator: Option<&[u8]>,
    extra_data: Option<&[u8]>,
    parameters: Parameters,
) -> SuiteStatement {
    let mut statement = SuiteStatement {
        bits: if suite.supported_bits().is_empty() {
            0
        } else {
            64
        },
        extension_degree,
        parameters,
        ..SuiteStatement::default()
    };
    for (name, bytes) in [
        ("value_generator", value_generator),
        ("extra_data", extra_data),
    ] {
        if let Some(bytes) = bytes {
            statement
                .parameters
                .insert(name.into(), ParameterValue::Bytes(bytes.to_vec()));
        }
    }
    statement
}

/// The Pedersen commitments of given openings under `suite` (each value with its
/// `extension_degree` blinding factors' encodings), encoded as the suite's documents carry
/// them, under [`commitment_statement`]. The error is a one-line reason.
pub fn commit(
    suite: Suite,
    extension_degree: usize,
    value_generator: Option<&[u8]>,
    extra_data: Option<&[u8]>,
    parameters: Parameters,
    values: &[u64],
    blindings: &[Vec<Vec<u8>>],
) -> Result<Vec<Vec<u8>>, String> {
    let statement = commitment_statement(
        suite,
        extension_degree,
        value_generator,
        extra_data,
        parameters,
    );
    suite
        .commit(&statement, values, blindings)
        .map_err(|e| e.to_string())
}

/// A proof and its openings, as documents.
pub struct ProvedDocuments {
    /// The proof document (public).
    pub proof: ProofDocument,
    /// The openings (secret: values, blindings, the nonce; wiped on drop).
    pub openings: Openings,
}

/// Proves a checked request in `context` (the caller's, or [`SuiteContext::global`]):
/// with the given blindings, or fresh ones; recoverable when a nonce is given. When the request
/// lists the commitments its blindings make, the proof's must be those. The error is a one-line
/// reason.
pub fn prove(
    context: &SuiteContext,
    checked: &Checked,
    values: &[u64],
    commitments: Option<&[String]>,
) -> Result<ProvedDocuments, String> {
    let handle = checked.suite;
    let fresh;
    let blindings = match &checked.blindings {
        Some(given) => given,
        None => {
            fresh = handle.random_blindings(
                values.len(),
                checked.statement.extension_degree,
                &mut OsRng,
            );
            &fresh
        }
    };
    let proved = match &checked.nonce {
        Some(nonce) => context.prove_recoverable(
            handle,
            &checked.statement,
            values,
            blindings,
            nonce,
            &mut OsRng,
        ),
        None => {
            context.prove_with_blindings(handle, &checked.statement, values, blindings, &mut OsRng)
        }
    }
    .map_err(|e| match e {
        // Which value, and the range it must lie in (by position: amounts are secrets).
        ProofError::Statement(rangeproof::StatementError::ValueOutOfRange { .. })
        | ProofError::Statement(rangeproof::StatementError::BelowMinimum) => {
            match out_of_range(handle, &checked.statement, values) {
                Some(named) => format!(
                    "cannot prove: {}",
                    named.describe(Field::json, Some(handle))
                ),
                None => format!("cannot prove: {e}"),
            }
        }
        e => format!("cannot prove: {e}"),
    })?;
    let made: Vec<String> = proved.commitments.iter().map(hex::encode).collect();
    if let Some(listed) = commitments.filter(|c| !c.is_empty()) {
        if let Some(i) = (0..made.len()).find(|&i| listed.get(i) != Some(&made[i])) {
            return Err(format!(
                "the openings do not make the commitments they list (commitment {}) under {}",
                i + 1,
                handle.name()
            ));
        }
    }
    let proof = ProofDocument::of(
        handle,
        &checked.statement,
        &proved.proof,
        &proved.commitments,
    );
    let mut openings = Openings::of(
        handle,
        &checked.statement,
        values,
        proved
            .blindings
            .iter()
            .map(|b| b.iter().map(hex::encode).collect())
            .collect(),
        made,
    );
    openings.rewind_nonce = proved
        .rewind_nonce
        .as_ref()
        .map(|n| hex::encode(&n[..]))
        .or_else(|| checked.nonce.as_ref().map(|n| hex::encode(&n[..])));
    Ok(ProvedDocuments { proof, openings })
}
