//! Solana's batched range proofs, ours against `solana-zk-sdk` 8.1.0: an instruction's proof
//! data read by the program's context rules and verified — through the suite, as the front ends
//! do — must be accepted exactly when the SDK's `verify_proof` accepts it (the program's own
//! check), whatever the bytes.
//!
//! The input is [`super::mask`]'s: a whole proof data, or a mask over one of the instructions
//! `solana-zk-sdk` made (`vectors/solana-zk-sdk-instructions-ristretto255.json`, picked by the
//! second byte), so that most inputs reach the verification equation.

use std::sync::OnceLock;

use rand_core::OsRng;
use rangeproof::deployments::solana::ProofData;
use rangeproof::Suite;

use super::mask::proof_from;
use super::solana_sdk::accepts as sdk_accepts;

/// The SDK's instructions the masks apply to.
fn bases() -> &'static [Vec<u8>] {
    static BASES: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    BASES.get_or_init(|| {
        let doc: serde_json::Value = serde_json::from_str(include_str!(
            "../../vectors/solana-zk-sdk-instructions-ristretto255.json"
        ))
        .expect("the vectors are JSON");
        doc["cases"]
            .as_array()
            .expect("cases")
            .iter()
            .map(|case| hex::decode(case["proof_data"].as_str().expect("hex")).expect("hex"))
            .collect()
    })
}

/// Ours: the context's rules, then the suite's verification.
fn we_accept(data: &[u8]) -> bool {
    let Ok(data) = ProofData::from_bytes(data) else {
        return false;
    };
    Suite::SOLANA_BULLETPROOFS
        .verify(
            &data.statement(),
            data.proof(),
            &data.commitment_list(),
            &mut OsRng,
        )
        .is_ok()
}

/// Decoding and verification of instruction proof data, ours against the SDK.
pub fn verify_solana(data: &[u8]) {
    let bases = bases();
    let base = &bases[usize::from(data.get(1).copied().unwrap_or(0)) % bases.len()];
    let proof_data = proof_from(data, base);
    let (ours, theirs) = (we_accept(&proof_data), sdk_accepts(&proof_data));
    assert_eq!(
        ours,
        theirs,
        "ours {ours}, solana-zk-sdk {theirs}, on {} bytes",
        proof_data.len()
    );
}
