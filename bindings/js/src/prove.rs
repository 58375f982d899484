//! Proving, commitments and recovery: a prove request (the C library's and the CLI's: the
//! suite, the statement, the values and optionally their blindings) proved into a proof
//! document and its openings; commitments of given openings; a document's opening recovered
//! with its nonce (`rangeproof_documents::request`, `rangeproof_app::recover`).

use rangeproof_app::recover::{self, RecoverError};
use rangeproof_documents::request::{self, Field, ProveRequest};
use rangeproof_documents::Document;
use serde::Deserialize;
use serde_json::json;

use crate::answer::{hex, input, Answer, Failure, Reply, Secrets};

/// A prove request (`rangeproof_documents::request::ProveRequest`, as JSON; `bits` 64 when
/// absent where the proof system has bit sizes) proved: the document (JSON text), the openings
/// (their JSON text, secret) and each value's blindings (secret).
pub fn prove(bytes: &[u8]) -> Answer {
    let text =
        std::str::from_utf8(bytes).map_err(|_| Failure::unusable("the request is not UTF-8"))?;
    let mut request = ProveRequest::from_json(text).map_err(Failure::Unusable)?;
    // 64 bits by default where the proof system has bit sizes and no value has its own (as
    // in Python).
    if let Ok(suite) = request.suite() {
        if request.bits.is_none()
            && request.bit_lengths.is_none()
            && !suite.supported_bits().is_empty()
        {
            request.bits = Some(64);
        }
    }
    let checked = request
        .json_parameters()
        .and_then(|parameters| request.check(parameters))
        .map_err(|e| Failure::Unusable(e.describe(Field::json, request.suite().ok())))?;
    let made = request::prove(
        rangeproof::SuiteContext::global(),
        &checked,
        &request.values,
        request.commitments.as_deref(),
    )
    .map_err(Failure::Unusable)?;
    let document = serde_json::to_string(&made.proof).map_err(Failure::unusable)?;
    let openings = serde_json::to_vec(&made.openings).map_err(Failure::unusable)?;
    let mut secrets = Secrets::default();
    let blindings = made
        .openings
        .blindings
        .iter()
        .map(|each| {
            each.iter()
                .map(|b| Ok(secrets.bytes(&hex("a blinding", b)?)))
                .collect::<Result<Vec<_>, Failure>>()
        })
        .collect::<Result<Vec<_>, Failure>>()?;
    let result = json!({
        "document": document,
        "openings": secrets.bytes(&openings),
        "blindings": blindings,
    });
    Reply::with(&result, secrets)
}

/// What `commit` takes.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CommitInput {
    scheme: String,
    #[serde(default)]
    group: Option<String>,
    #[serde(default)]
    flavor: Option<String>,
    #[serde(default = "one")]
    extension_degree: usize,
    /// A 33-byte asset generator in hex (absent: the suite's own).
    #[serde(default)]
    value_generator: Option<String>,
    /// Extra data in hex, where the suite's statement requires it (MWEB).
    #[serde(default)]
    extra_data: Option<String>,
    /// The suite's own parameters by name, as documents spell them (Aptos's bases in hex).
    #[serde(default)]
    parameters: rangeproof_documents::parameters::JsonFields,
    values: Vec<u64>,
    /// Per value, its blinding factors in hex.
    blindings: Vec<Vec<String>>,
}

fn one() -> usize {
    1
}

/// Pedersen commitments of given openings, in hex, encoded as the suite's documents carry
/// them.
pub fn commit(bytes: &[u8]) -> Answer {
    let given: CommitInput = input(bytes)?;
    let suite = request::suite(
        &given.scheme,
        given.group.as_deref(),
        given.flavor.as_deref(),
    )
    .map_err(Failure::unusable)?;
    let blindings = given
        .blindings
        .iter()
        .map(|each| each.iter().map(|b| hex("a blinding", b)).collect())
        .collect::<Result<Vec<Vec<Vec<u8>>>, Failure>>()?;
    let generator = given
        .value_generator
        .as_deref()
        .map(|g| hex("the value generator", g))
        .transpose()?;
    let extra_data = given
        .extra_data
        .as_deref()
        .map(|d| hex("the extra data", d))
        .transpose()?;
    // Each parameter given is checked by the statement's rules (required ones too: none is
    // required of the JSON here, where the value generator and extra data come apart).
    let names: Vec<&str> = suite.info().parameters.iter().map(|s| s.name).collect();
    let parameters = rangeproof_documents::parameters::from_json(
        suite,
        &given.parameters,
        "the openings",
        &names,
    )
    .map_err(Failure::Unusable)?;
    let commitments = request::commit(
        suite,
        given.extension_degree,
        generator.as_deref(),
        extra_data.as_deref(),
        parameters,
        &given.values,
        &blindings,
    )
    .map_err(Failure::Unusable)?;
    let hex: Vec<String> = commitments.iter().map(::hex::encode).collect();
    Reply::public(&hex)
}

/// What `recover` takes.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecoverInput {
    document: String,
    /// The nonce, in hex.
    nonce: String,
    /// The value, when known: the recovered opening is then checked against the commitment.
    #[serde(default)]
    value: Option<u64>,
}

/// The failure of a recovery, by kind.
pub fn recover_failure(e: RecoverError) -> Failure {
    match e {
        RecoverError::Unusable(reason) => Failure::Unusable(reason),
        RecoverError::Failed(reason) => Failure::RecoveryFailed(reason),
    }
}

/// A document's opening recovered with its nonce (Tari's masks, Grin's value, blinding and
/// message): the value (when the proof gives it), the blindings, the message, and whether
/// the opening was checked against the commitment.
pub fn recover(bytes: &[u8]) -> Answer {
    let given: RecoverInput = input(bytes)?;
    let Document::Proof(document) =
        crate::verify::parse(&given.document).map_err(Failure::Unusable)?
    else {
        return Err(Failure::unusable("circuit proofs have no recovery nonce"));
    };
    let nonce = hex("the nonce", &given.nonce)?;
    let recovered = recover::recover(&document, &nonce, given.value).map_err(recover_failure)?;
    let mut secrets = Secrets::default();
    let result = json!({
        "value": recovered.value.map(|v| secrets.u64(v)),
        "blindings": recovered.blindings.iter().map(|b| secrets.bytes(b)).collect::<Vec<_>>(),
        "message": recovered.message.as_deref().map(|m| secrets.bytes(m)),
        "checked": recovered.checked,
    });
    Reply::with(&result, secrets)
}
