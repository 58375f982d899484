//! Ours against `solana-zk-sdk` 8.1.0 on its batched range proofs, side by side in one run,
//! one thread: verification of an instruction's proof data (u64, u128, u256: bytes to
//! verdict on both sides — the program's context rules, decoding, the transcript, the
//! equation), a batch of 1024 u64 proofs against the SDK one by one, and proving (u64, u256:
//! openings to proof data). Each round runs ours then theirs on the same input, a different
//! input each round (8 proofs in rotation, fresh values and openings for proving); the table
//! gives medians and the median of the per-round ratios.
//!
//! `cargo bench -p rangeproof --bench versus_solana` (`-- quick` for fewer rounds).

use std::time::Instant;

mod common;
use common::{fmt, interleaved, median};

use rand::rngs::OsRng;
use rand::Rng;
use rangeproof::deployments::solana::{self, ProofData};
use rangeproof::deployments::{Deployment, Solana};
use rangeproof::{BatchVerifier, Group, RangeProof, Ristretto255};
#[path = "../tests/support/solana_sdk.rs"]
mod sdk;

const ROTATION: usize = 8;
const BATCH: usize = 1024;

type Scalar = <Ristretto255 as Group>::Scalar;

fn values_for(bit_lengths: &[usize]) -> Vec<u64> {
    bit_lengths
        .iter()
        .map(|&n| OsRng.gen_range(0..=u64::MAX >> (64 - n)))
        .collect()
}

fn blindings(count: usize) -> Vec<Scalar> {
    (0..count)
        .map(|_| Ristretto255::random_scalar(&mut OsRng))
        .collect()
}

/// The SDK's proof data for `values` of `bit_lengths` under `blindings`.
fn sdk_prove(values: &[u64], bit_lengths: &[usize], blindings: &[Scalar]) -> Vec<u8> {
    let bytes: Vec<[u8; 32]> = blindings.iter().map(|b| b.to_bytes()).collect();
    sdk::prove(values, bit_lengths, &bytes)
}

fn sdk_verify(data: &[u8]) {
    assert!(sdk::accepts(data));
}

/// Bytes to verdict, as the program takes them.
fn our_verify(data: &[u8]) {
    let data = ProofData::from_bytes(data).unwrap();
    RangeProof::<Ristretto255>::from_bytes(data.proof())
        .unwrap()
        .verify_with_bit_lengths(
            solana::generators(),
            &mut Solana::transcript(b""),
            data.commitments(),
            data.bit_lengths(),
            &mut OsRng,
        )
        .unwrap();
}

fn our_prove(values: &[u64], bit_lengths: &[usize], blindings: &[Scalar]) -> Vec<u8> {
    let (proof, commitments) = RangeProof::prove_with_bit_lengths(
        solana::generators(),
        &mut Solana::transcript(b""),
        values,
        blindings,
        bit_lengths,
        &mut OsRng,
    )
    .unwrap();
    ProofData::new(
        commitments.iter().map(|c| c.bytes).collect(),
        bit_lengths.to_vec(),
        proof.to_bytes(),
    )
    .unwrap()
    .to_bytes()
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|s| s.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into())
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let rounds = if quick { 40 } else { 400 };
    let kinds: [(&str, &[usize]); 3] = [
        ("u64", &[64]),
        ("u128", &[64, 16, 32, 16]),
        ("u256", &[64, 64, 64, 64]),
    ];
    let mut rows = Vec::new();
    // Warm both sides' generators (a node's are derived once per process).
    our_verify(&sdk_prove(&[1], &[64], &blindings(1)));
    for (name, lengths) in kinds {
        let datas: Vec<Vec<u8>> = (0..ROTATION)
            .map(|_| sdk_prove(&values_for(lengths), lengths, &blindings(lengths.len())))
            .collect();
        let (o, t, r) = interleaved(
            rounds,
            |i| our_verify(&datas[i % ROTATION]),
            |i| sdk_verify(&datas[i % ROTATION]),
        );
        rows.push((format!("verify {name} {lengths:?}"), o, t, r, "≤ 0.3"));
    }
    // A batch of 1024 u64 proofs against the SDK one by one, per proof.
    let sets: Vec<Vec<Vec<u8>>> = (0..2)
        .map(|_| {
            (0..BATCH)
                .map(|_| sdk_prove(&values_for(&[64]), &[64], &blindings(1)))
                .collect()
        })
        .collect();
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    for round in 0..if quick { 2 } else { 6 } {
        let set = &sets[round % 2];
        let start = Instant::now();
        let parsed: Vec<ProofData> = set
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
        batch.verify().unwrap();
        ours.push(start.elapsed().as_nanos() as f64 / BATCH as f64);
        let start = Instant::now();
        for d in set {
            sdk_verify(d);
        }
        theirs.push(start.elapsed().as_nanos() as f64 / BATCH as f64);
    }
    let (o, t) = (median(ours), median(theirs));
    rows.push((
        format!("batch of {BATCH} u64, per proof (SDK one by one)"),
        o,
        t,
        o / t,
        "≤ 0.05",
    ));
    for (name, lengths) in [kinds[0], kinds[2]] {
        let prove_rounds = rounds / 4;
        let inputs: Vec<(Vec<u64>, Vec<Scalar>)> = (0..prove_rounds + 2)
            .map(|_| (values_for(lengths), blindings(lengths.len())))
            .collect();
        let (o, t, r) = interleaved(
            prove_rounds,
            |i| {
                our_prove(&inputs[i].0, lengths, &inputs[i].1);
            },
            |i| {
                sdk_prove(&inputs[i].0, lengths, &inputs[i].1);
            },
        );
        rows.push((format!("prove {name} {lengths:?}"), o, t, r, "≤ 0.5"));
    }
    println!(
        "\nversus solana-zk-sdk 8.1.0 on {}, one thread:\n",
        cpu_model()
    );
    println!("| operation | ours | solana-zk-sdk | ratio | target |");
    println!("|---|---|---|---|---|");
    for (name, o, t, r, target) in rows {
        println!("| {name} | {} | {} | {r:.3} | {target} |", fmt(o), fmt(t));
    }
}
