//! Circuit proofs: knowledge of a SHA-256 preimage, and a shuffle of committed values
//! (`rangeproof_documents::circuit`).

use rand_core::OsRng;
use rangeproof_documents::circuit;
use serde::Deserialize;
use serde_json::json;

use crate::answer::{hex, input, Answer, Failure, Reply, Secrets};

/// What `circuit_prove_sha256` takes.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Sha256Input {
    /// The preimage, in hex (secret).
    preimage: String,
    flavor: String,
}

/// A proof of knowledge of a SHA-256 preimage: the circuit document (JSON text).
pub fn prove_sha256(bytes: &[u8]) -> Answer {
    let given: Sha256Input = input(bytes)?;
    let flavor = circuit::flavor(&given.flavor).map_err(Failure::Unusable)?;
    let preimage = hex("the preimage", &given.preimage)?;
    let document = circuit::prove_sha256(&preimage, flavor).map_err(Failure::Unusable)?;
    Reply::public(&serde_json::to_string(&document).map_err(Failure::unusable)?)
}

/// What `circuit_prove_shuffle` takes.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ShuffleInput {
    inputs: Vec<u64>,
    outputs: Vec<u64>,
    flavor: String,
    label: String,
}

/// A shuffle proof: the circuit document (JSON text) and, per input and output, its value
/// and blinding (secret).
pub fn prove_shuffle(bytes: &[u8]) -> Answer {
    let given: ShuffleInput = input(bytes)?;
    let flavor = circuit::flavor(&given.flavor).map_err(Failure::Unusable)?;
    let proved = circuit::prove_shuffle_of(
        &given.inputs,
        &given.outputs,
        flavor,
        &given.label,
        &mut OsRng,
    )
    .map_err(Failure::Unusable)?;
    let mut secrets = Secrets::default();
    let mut opened = |list: &[(u64, [u8; 32])]| -> Vec<serde_json::Value> {
        list.iter()
            .map(|(value, blinding)| {
                json!({ "value": secrets.u64(*value), "blinding": secrets.bytes(blinding) })
            })
            .collect()
    };
    let (inputs, outputs) = (opened(&proved.inputs), opened(&proved.outputs));
    let result = json!({
        "document": serde_json::to_string(&proved.document).map_err(Failure::unusable)?,
        "inputs": inputs,
        "outputs": outputs,
    });
    Reply::with(&result, secrets)
}
