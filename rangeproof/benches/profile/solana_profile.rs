//! Verification of Solana instruction proof data (bytes to verdict), per proof, for quick
//! before/after comparisons and profiling (`versus_solana` is the measurement of record).
//!
//! `cargo run --release -p rangeproof --example solana_profile [u64|u128|u256] [rounds] [batch [proofs]]`
//! (`batch`: the proofs in batches of `proofs`, default 64, instead of one by one).

use std::time::Instant;

use rand_core::OsRng;
use rangeproof::deployments::solana::{self, ProofData};
use rangeproof::deployments::{Deployment, Solana};
use rangeproof::{BatchVerifier, Group, RangeProof, Ristretto255};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let lengths: &[usize] = match args.get(1).map(String::as_str) {
        Some("u128") => &[64, 16, 32, 16],
        Some("u256") => &[64, 64, 64, 64],
        _ => &[64],
    };
    let rounds: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let batched = args.get(3).is_some_and(|a| a == "batch");
    let distinct: usize = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(64);
    let datas: Vec<Vec<u8>> = (0..distinct as u64)
        .map(|i| {
            let values: Vec<u64> = lengths
                .iter()
                .map(|&n| (i * 7919) & (u64::MAX >> (64 - n)))
                .collect();
            let blindings: Vec<_> = lengths
                .iter()
                .map(|_| Ristretto255::random_scalar(&mut OsRng))
                .collect();
            let (proof, commitments) = RangeProof::prove_with_bit_lengths(
                solana::generators(),
                &mut Solana::transcript(b""),
                &values,
                &blindings,
                lengths,
                &mut OsRng,
            )
            .expect("proves");
            ProofData::new(
                commitments.iter().map(|c| c.bytes).collect(),
                lengths.to_vec(),
                proof.to_bytes(),
            )
            .expect("valid")
            .to_bytes()
        })
        .collect();
    let start = Instant::now();
    if batched {
        for _ in 0..rounds / datas.len() {
            let parsed: Vec<ProofData> = datas
                .iter()
                .map(|d| ProofData::from_bytes(d).unwrap())
                .collect();
            let proofs: Vec<RangeProof<Ristretto255>> = parsed
                .iter()
                .map(|d| RangeProof::from_bytes(d.proof()).unwrap())
                .collect();
            let mut batch = BatchVerifier::new();
            for (d, p) in parsed.iter().zip(&proofs) {
                batch.add_bulletproof_with_bit_lengths(
                    solana::generators(),
                    p,
                    &mut Solana::transcript(b""),
                    d.commitments(),
                    d.bit_lengths(),
                    &mut OsRng,
                );
            }
            batch.verify().expect("valid");
        }
    } else {
        for i in 0..rounds {
            let data = ProofData::from_bytes(&datas[i % datas.len()]).expect("parses");
            RangeProof::<Ristretto255>::from_bytes(data.proof())
                .expect("decodes")
                .verify_with_bit_lengths(
                    solana::generators(),
                    &mut Solana::transcript(b""),
                    data.commitments(),
                    data.bit_lengths(),
                    &mut OsRng,
                )
                .expect("valid");
        }
    }
    let per = start.elapsed().as_secs_f64() / rounds as f64;
    println!("{:.1} µs per proof", per * 1e6);
}
