//! A wallet's operations with its secrets: Liquid outputs unblinded, asset generators and
//! surjection proofs made; MWEB outputs found with a wallet's keys
//! (`rangeproof_app::{recover, assets, mweb}`).

use rangeproof_app::{assets, mweb, recover};
use serde::Deserialize;
use serde_json::json;

use crate::answer::{hex, input, Answer, Failure, Reply, Secrets};
use crate::prove::recover_failure;

/// What `liquid_unblind` takes.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UnblindInput {
    tx: String,
    output: usize,
    blinding_key: String,
}

/// Output `output` of a Liquid transaction unblinded with the receiver's blinding key: the
/// value, the asset tag and both blinding factors (all secret).
pub fn liquid_unblind(bytes: &[u8]) -> Answer {
    let given: UnblindInput = input(bytes)?;
    let tx = hex("the transaction", given.tx.trim())?;
    let key = hex("the blinding key", &given.blinding_key)?;
    let got = recover::unblind(&tx, given.output, &key).map_err(recover_failure)?;
    let mut secrets = Secrets::default();
    let result = json!({
        "value": secrets.u64(got.value),
        "asset": secrets.bytes(&got.asset),
        "asset_blinding": secrets.bytes(&got.asset_blinding.to_bytes()),
        "value_blinding": secrets.bytes(&got.value_blinding.to_bytes()),
    });
    Reply::with(&result, secrets)
}

/// What `liquid_asset_generator` takes.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GeneratorInput {
    tag: String,
    blinding: String,
}

/// The blinded asset generator of a tag and a blinding factor (hex of 33 bytes).
pub fn liquid_asset_generator(bytes: &[u8]) -> Answer {
    let given: GeneratorInput = input(bytes)?;
    let tag = hex("the asset tag", &given.tag)?;
    let blinding = hex("the blinding factor", &given.blinding)?;
    let generator = assets::asset_generator(&tag, &blinding).map_err(Failure::Unusable)?;
    Reply::public(&::hex::encode(generator))
}

/// What `liquid_prove_surjection` takes.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SurjectionInput {
    input_tags: Vec<String>,
    input_blindings: Vec<String>,
    output_tag: String,
    output_blinding: String,
    /// Absent: a fresh secret seed, drawn by the library (a given one only reproduces a proof).
    seed: Option<String>,
    n_to_use: usize,
    max_iterations: usize,
}

/// An asset surjection proof, as a document.
pub fn liquid_prove_surjection(bytes: &[u8]) -> Answer {
    let given: SurjectionInput = input(bytes)?;
    let all = |what: &str, list: &[String]| -> Result<Vec<Vec<u8>>, Failure> {
        list.iter().map(|t| hex(what, t)).collect()
    };
    let proved = assets::prove_surjection(
        &all("an input tag", &given.input_tags)?,
        &all("an input blinding", &given.input_blindings)?,
        &hex("the output tag", &given.output_tag)?,
        &hex("the output blinding", &given.output_blinding)?,
        given
            .seed
            .as_deref()
            .map(|seed| hex("the seed", seed))
            .transpose()?
            .as_deref(),
        given.n_to_use,
        given.max_iterations,
    )
    .map_err(Failure::Unusable)?;
    let document = serde_json::to_string(&proved.document()).map_err(Failure::unusable)?;
    Reply::public(&document)
}

/// What `mweb_scan` takes.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScanInput {
    data: String,
    scan_key: String,
    spend_pubkey: String,
    addresses: u32,
}

/// The outputs of an MWEB transaction or block that a wallet owns: position, ID and address
/// index (public), value, blinding factor and nonce (secret).
pub fn mweb_scan(bytes: &[u8]) -> Answer {
    let given: ScanInput = input(bytes)?;
    let scan_key = hex("the scan key", &given.scan_key)?;
    let spend = hex("the spend public key", &given.spend_pubkey)?;
    let wallet = mweb::wallet(&scan_key, &spend, given.addresses).map_err(Failure::Unusable)?;
    let data = hex("the MWEB data", given.data.trim())?;
    let raw = mweb::bytes_of(&data).map_err(Failure::Unusable)?;
    let parsed = mweb::parse(&raw).map_err(Failure::Unusable)?;
    let mut secrets = Secrets::default();
    // The library's scan, its secrets as bytes (no text between).
    let found: Vec<_> = mweb::scan(&parsed, &wallet)
        .iter()
        .map(|f| {
            json!({
                "output": f.output,
                "id": ::hex::encode(f.id),
                "address": f.address,
                "value": secrets.u64(f.value),
                "blinding": secrets.bytes(f.blinding.as_slice()),
                "nonce": secrets.bytes(f.nonce.as_slice()),
            })
        })
        .collect();
    Reply::with(&found.into(), secrets)
}
