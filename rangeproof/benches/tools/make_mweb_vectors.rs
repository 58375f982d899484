//! Writes `vectors/mweb-made-here.json`: MWEB outputs and peg-in transactions whose range
//! proofs were made by libsecp256k1-zkp (Grin's fork, `grin_secp256k1zkp` 0.8.0, the
//! `bulletproofs` module Litecoin Core vendors) and by this crate, for the cross-tests to read
//! without re-proving. Everything around the proofs (keys, messages, signatures, kernels,
//! offsets) is made by `rangeproof::mweb`. The wallet keys and values are test data.
//!
//! Before writing, every proof is checked both ways: the C library's `verify_multi` (the
//! message as each proof's extra data, as Core's `Bulletproofs::BatchVerify`) and ours.
//!
//! `cargo run --release -p rangeproof --example make_mweb_vectors > vectors/mweb-made-here.json`

use k256::elliptic_curve::PrimeField;
use k256::{ProjectivePoint, Scalar};
use rand::rngs::OsRng;
use rand::RngCore;
use rangeproof::mweb::{verify_output_proofs, Transaction, PROOF_LEN};
use rangeproof::mweb::{Draft, Made, Wallet};
use serde_json::json;

#[path = "../../tests/support/mweb_build.rs"]
mod mweb_build;
#[path = "../../tests/support/secp256k1zkp.rs"]
mod zkp;

/// The test wallet's scan secret (test data).
const SCAN_SECRET: [u8; 32] = [0x5c; 32];
/// The test wallet's spend secret (test data; only its public key is written).
const SPEND_SECRET: [u8; 32] = [0x3a; 32];

fn spend_pubkey() -> [u8; 33] {
    let b = Scalar::from_repr(SPEND_SECRET.into()).unwrap();
    let p = (ProjectivePoint::GENERATOR * b).to_affine();
    k256::elliptic_curve::sec1::ToEncodedPoint::to_encoded_point(&p, true)
        .as_bytes()
        .try_into()
        .unwrap()
}

fn nonce() -> [u8; 32] {
    let mut n = [0u8; 32];
    OsRng.fill_bytes(&mut n);
    n
}

/// An output to address `i` of the test wallet, proved by the C library or by ours.
fn output(clib: &mut zkp::CLib, wallet: &Wallet, i: u32, value: u64, by_c: bool) -> Made {
    let (a_i, b_i) = wallet.address(i).unwrap();
    let draft = Draft::new((&a_i, &b_i), value, &mut OsRng).unwrap();
    if !by_c {
        return draft.prove(&mut OsRng).unwrap();
    }
    // Core's `Bulletproofs::Generate`: random nonces, the message as extra data, H.
    let proof = clib
        .prove(
            64,
            &[value],
            &[draft.blinding().to_repr().into()],
            &secp256k1zkp::constants::GENERATOR_H,
            None,
            &nonce(),
            Some(&nonce()),
            Some(draft.message()),
            None,
        )
        .expect("the C library proves");
    let proof: [u8; PROOF_LEN] = proof.try_into().expect("675 bytes");
    draft
        .with_proof(proof, &mut OsRng)
        .expect("ours verifies it")
}

/// Both verifiers agree that every output's proof holds.
fn check_both_ways(clib: &mut zkp::CLib, made: &[&Made]) {
    let outputs: Vec<_> = made.iter().map(|m| m.output()).collect();
    assert!(verify_output_proofs(&outputs, &mut OsRng)
        .iter()
        .all(|&v| v));
    let proofs: Vec<Vec<u8>> = outputs.iter().map(|o| o.proof.to_vec()).collect();
    let commitments: Vec<Vec<[u8; 33]>> = outputs.iter().map(|o| vec![o.commitment]).collect();
    let extras: Vec<Vec<u8>> = outputs.iter().map(|o| o.message.bytes.to_vec()).collect();
    assert!(clib.verify_multi(&proofs, &commitments, 64, Some(&extras)));
}

fn main() {
    let mut clib = zkp::CLib::new(256);
    let wallet = Wallet::new(&SCAN_SECRET, &spend_pubkey(), 8).unwrap();
    let mut outputs = Vec::new();
    let values = [0u64, 1, u64::MAX, 1 << 63, 2_500_000_000, OsRng.next_u64()];
    for (k, &value) in values.iter().enumerate() {
        for by_c in [true, false] {
            let address = (k % 4) as u32;
            let made = output(&mut clib, &wallet, address, value, by_c);
            check_both_ways(&mut clib, &[&made]);
            outputs.push(json!({
                "prover": if by_c { "libsecp256k1-zkp" } else { "rangeproof" },
                "address": address,
                "value": value,
                "output": hex::encode(made.to_bytes()),
            }));
        }
    }
    let mut transactions = Vec::new();
    let mut refused = Vec::new();
    let shapes: [(&[u64], u64); 3] = [
        (&[150_000_000], 10_000),
        (&[0, 99_990_000], 10_000),
        (&[1, 2, 3, 4, 5_000_000_000], 25_000),
    ];
    for (values, fee) in shapes {
        for by_c in [true, false] {
            let made: Vec<Made> = values
                .iter()
                .enumerate()
                .map(|(k, &v)| output(&mut clib, &wallet, k as u32, v, by_c))
                .collect();
            let refs: Vec<&Made> = made.iter().collect();
            check_both_ways(&mut clib, &refs);
            let tx = mweb_build::pegin(&refs, values, fee);
            let parsed = Transaction::from_bytes(&tx).expect("parses");
            let report = rangeproof::mweb::verify_transaction(&parsed, &mut OsRng).unwrap();
            assert_eq!(
                report.verdict(),
                rangeproof::mweb::Verdict::Valid,
                "{report:?}"
            );
            if refused.is_empty() {
                for case in mweb_build::refused_pegins(&refs, values, fee) {
                    let parsed = Transaction::from_bytes(&case.tx).expect("parses");
                    let report = rangeproof::mweb::verify_transaction(&parsed, &mut OsRng).unwrap();
                    let finding = report
                        .findings
                        .iter()
                        .find(|f| f.check.name() == case.check)
                        .unwrap_or_else(|| panic!("{}: {report:?}", case.why));
                    assert_eq!(finding.rule, case.rule, "{}", case.why);
                    refused.push(json!({
                        "why": case.why,
                        "check": case.check,
                        "rule": case.rule,
                        "values": values,
                        "tx": hex::encode(&case.tx),
                    }));
                }
            }
            transactions.push(json!({
                "prover": if by_c { "libsecp256k1-zkp" } else { "rangeproof" },
                "values": values,
                "fee": fee,
                "tx": hex::encode(&tx),
            }));
        }
    }
    let doc = json!({
        "description": "MWEB outputs and peg-in transactions made by rangeproof/benches/tools/make_mweb_vectors.rs. A transaction in `transactions` is shaped as Litecoin Core accepts a peg-in (MWEB::Node::CheckTransaction): one canonical input spending a made-up outpoint (its existence is chain state), one canonical output locking the kernel's peg-in amount to OP_9 <kernel ID>, and an MWEB transaction of no inputs, the outputs and one kernel with a fee and a peg-in amount. `refused` holds peg-ins around the same outputs that Core refuses before any chain state, each with the rule it breaks (Core's reject reason), the check of our report that fails, and why: every one of them balances on the MWEB side and would mint coins if that alone were trusted. Each range proof was made either by libsecp256k1-zkp (grin_secp256k1zkp 0.8.0: secp256k1_bulletproof_rangeproof_prove with 256 generators, value generator H, random nonces, the output's serialized OutputMessage as extra data, as Litecoin Core's Bulletproofs::Generate) or by rangeproof (`prover`); every proof was checked by both libraries (the C library's verify_multi with the messages as extra data) before writing. Keys, messages, signatures, kernels and offsets are rangeproof::mweb's. The outputs pay the test wallet below (scan secret in hex, spend public key; `address` is the address index); values are public test data.",
        "wallet": {
            "scan_secret": hex::encode(SCAN_SECRET),
            "spend_pubkey": hex::encode(spend_pubkey()),
            "addresses": 8,
        },
        "outputs": outputs,
        "transactions": transactions,
        "refused": refused,
    });
    println!("{}", serde_json::to_string_pretty(&doc).unwrap());
}
