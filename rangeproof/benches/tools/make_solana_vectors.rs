//! Writes `vectors/solana-zk-sdk-instructions-ristretto255.json`: batched range proof
//! instructions' proof data made by `solana-zk-sdk` 8.1.0 itself
//! (`build_batched_range_proof_u64_data` / `u128` / `u256`), for the tests and the demo to read
//! without the SDK. The values are public here (test data, not anyone's amounts).
//!
//! `cargo run --release -p rangeproof --example make_solana_vectors > vectors/solana-zk-sdk-instructions-ristretto255.json`

use bytemuck::bytes_of;
use rand::rngs::OsRng;
use rand::Rng;
use serde_json::json;
use solana_zk_sdk::encryption::pedersen::Pedersen;
use solana_zk_sdk::zk_elgamal_proof_program::{
    build_batched_range_proof_u128_data, build_batched_range_proof_u256_data,
    build_batched_range_proof_u64_data,
};

fn main() {
    let cases: [(&str, &[usize]); 8] = [
        ("shaped like a Token-2022 confidential transfer's: the new available balance, the amount's low 16 and high 32 bits, 16 bits of padding", &[64, 16, 32, 16]),
        ("the same shape, other values", &[64, 16, 32, 16]),
        ("one 64-bit value", &[64]),
        ("two of 32 bits", &[32, 32]),
        ("an uneven split", &[1, 63]),
        ("four values", &[8, 8, 16, 32]),
        ("eight values", &[64, 32, 16, 8, 4, 2, 1, 1]),
        ("four 64-bit values", &[64, 64, 64, 64]),
    ];
    let mut out = Vec::new();
    for (k, (what, lengths)) in cases.into_iter().enumerate() {
        let values: Vec<u64> = lengths
            .iter()
            .enumerate()
            .map(|(j, &n)| {
                let max = u64::MAX >> (64 - n);
                match (j + k) % 3 {
                    0 => max,
                    1 => 0,
                    _ => OsRng.gen_range(0..=max),
                }
            })
            .collect();
        let pairs: Vec<_> = values.iter().map(|v| Pedersen::new(*v)).collect();
        let commitments: Vec<_> = pairs.iter().map(|(c, _)| c).collect();
        let openings: Vec<_> = pairs.iter().map(|(_, o)| o).collect();
        let (v, l) = (values.clone(), lengths.to_vec());
        let data = match lengths.iter().sum::<usize>() {
            64 => {
                bytes_of(&build_batched_range_proof_u64_data(commitments, v, l, openings).unwrap())
                    .to_vec()
            }
            128 => {
                bytes_of(&build_batched_range_proof_u128_data(commitments, v, l, openings).unwrap())
                    .to_vec()
            }
            _ => {
                bytes_of(&build_batched_range_proof_u256_data(commitments, v, l, openings).unwrap())
                    .to_vec()
            }
        };
        let kind = format!("u{}", lengths.iter().sum::<usize>());
        out.push(json!({
            "what": what,
            "kind": kind,
            "bit_lengths": lengths,
            "values": values,
            "proof_data": hex::encode(data),
        }));
    }
    let doc = json!({
        "description": "Batched range proof instructions of Solana's ZK ElGamal proof program, each the instruction's proof data (the 264-byte context, then the proof) as solana-zk-sdk 8.1.0's build_batched_range_proof_u64_data / u128 / u256 made it (its proofs are randomized: these bytes are one run's). Every case is valid. values are the committed amounts (test data).",
        "source": "made by the crates.io package solana-zk-sdk 8.1.0, driven by rangeproof/benches/tools/make_solana_vectors.rs",
        "cases": out,
    });
    println!("{}", serde_json::to_string_pretty(&doc).unwrap());
}
