//! Our Monero-format Bulletproofs+ against monero-oxide's `monero-bulletproofs` 0.1, side by
//! side in one run, with ratios.
//!
//! `cargo bench --bench versus_monero`. Every iteration uses a different proof or fresh random
//! values. monero-oxide runs on `curve25519-dalek` 4 (AVX2 backend), ours on 5 (IFMA).

use std::time::Duration;

use criterion::Criterion;
use curve25519_dalek::Scalar;
use rand::rngs::OsRng;
use rand::RngCore;
use rangeproof::bulletproofs_plus::Statement;
use rangeproof::deployments::monero;
use rangeproof::deployments::monero::transcript::MoneroTranscript;
use rangeproof::{BatchVerifier, Ed25519, Group, RangeProofPlus};
use serde_json::Value;

mod common;
use common::{fmt, mean};

const ROTATION: usize = 8;
const STATEMENT: Statement<'static> = Statement {
    bits: 64,
    extension_degree: 1,
    minimum_values: None,
};
/// Monero's 14 mainnet BP+ proofs: shared material beside the repository (data copied from
/// other repositories' trees stays out of it).
const SHARED_VECTORS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../shared/vectors/monero-bpplus-ed25519.json"
);
/// Without them, the one shipped in the monero-oxide 0.1.0 crate package (in the repository).
const BUNDLED_VECTORS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../vectors/monero-crates-bpplus-ed25519.json"
);

fn values(m: usize) -> Vec<u64> {
    (0..m).map(|_| OsRng.next_u64()).collect()
}

fn their_scalar(s: &Scalar) -> monero_ed25519::Scalar {
    monero_ed25519::Scalar::from(
        curve25519_dalek_v4::Scalar::from_canonical_bytes(s.to_bytes()).unwrap(),
    )
}

/// A proof in Monero's serialization, with its on-chain commitments.
struct Case {
    bytes: Vec<u8>,
    commitments: Vec<[u8; 32]>,
}

fn ours(m: usize) -> Case {
    let masks: Vec<[Scalar; 1]> = (0..m)
        .map(|_| [Ed25519::random_scalar(&mut OsRng)])
        .collect();
    let (proof, c) = RangeProofPlus::prove(
        monero::bulletproofs_plus_generators(),
        &mut MoneroTranscript::bulletproofs_plus(),
        &STATEMENT,
        &values(m),
        &masks,
        None,
        &mut OsRng,
    )
    .unwrap();
    Case {
        bytes: proof.to_monero_bytes().unwrap(),
        commitments: c.iter().map(|c| c.bytes).collect(),
    }
}

fn their_commitments(m: usize) -> Vec<monero_ed25519::Commitment> {
    values(m)
        .into_iter()
        .map(|v| {
            monero_ed25519::Commitment::new(their_scalar(&Ed25519::random_scalar(&mut OsRng)), v)
        })
        .collect()
}

fn our_verify(case: &Case) {
    let proof = RangeProofPlus::<Ed25519>::from_monero_bytes(&case.bytes).unwrap();
    proof
        .verify(
            monero::bulletproofs_plus_generators(),
            &mut MoneroTranscript::bulletproofs_plus(),
            &STATEMENT,
            &case.commitments,
            &mut OsRng,
        )
        .unwrap();
}

fn their_verify(case: &Case) {
    let proof = monero_bulletproofs::Bulletproof::read_plus(&mut case.bytes.as_slice()).unwrap();
    let c: Vec<monero_ed25519::CompressedPoint> =
        case.commitments.iter().map(|c| (*c).into()).collect();
    assert!(proof.verify(&mut OsRng, &c));
}

/// The mainnet cases and the benchmark group's name (which says how many there are).
fn mainnet() -> (Vec<Case>, &'static str) {
    let (text, group) = match std::fs::read_to_string(SHARED_VECTORS) {
        Ok(text) => (text, "monero_plus_batch_mainnet14"),
        Err(_) => {
            eprintln!(
                "note: {SHARED_VECTORS} is absent: the mainnet batch uses the one bundled case"
            );
            let text = std::fs::read_to_string(BUNDLED_VECTORS).unwrap();
            (text, "monero_plus_batch_mainnet1")
        }
    };
    let json: Value = serde_json::from_str(&text).unwrap();
    let cases = json["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| Case {
            bytes: hex::decode(c["proof"].as_str().unwrap()).unwrap(),
            commitments: c["commitments"]
                .as_array()
                .unwrap()
                .iter()
                .map(|h| {
                    hex::decode(h.as_str().unwrap())
                        .unwrap()
                        .try_into()
                        .unwrap()
                })
                .collect(),
        })
        .collect();
    (cases, group)
}

fn bench(c: &mut Criterion) {
    let gens = monero::bulletproofs_plus_generators();
    for m in [2usize, 16] {
        let mut group = c.benchmark_group(format!("monero_plus_verify_m{m}"));
        let cases: Vec<Case> = (0..ROTATION).map(|_| ours(m)).collect();
        gens.table(64, m);
        let mut i = 0;
        group.bench_function("ours", |b| {
            b.iter(|| {
                our_verify(&cases[i % ROTATION]);
                i += 1;
            })
        });
        group.bench_function("monero-oxide", |b| {
            b.iter(|| {
                their_verify(&cases[i % ROTATION]);
                i += 1;
            })
        });
        group.finish();
    }

    let (cases, mainnet_group) = mainnet();
    let mut group = c.benchmark_group(mainnet_group);
    group.bench_function("ours", |b| {
        b.iter(|| {
            let decoded: Vec<_> = cases
                .iter()
                .map(|c| RangeProofPlus::<Ed25519>::from_monero_bytes(&c.bytes).unwrap())
                .collect();
            let mut batch = BatchVerifier::new();
            for (p, c) in decoded.iter().zip(&cases) {
                batch.add_bulletproof_plus(
                    gens,
                    p,
                    &mut MoneroTranscript::bulletproofs_plus(),
                    &STATEMENT,
                    &c.commitments,
                    &mut OsRng,
                );
            }
            batch.verify().unwrap()
        })
    });
    group.bench_function("monero-oxide", |b| {
        b.iter(|| {
            let mut verifier = monero_bulletproofs::BatchVerifier::new();
            for c in &cases {
                let proof =
                    monero_bulletproofs::Bulletproof::read_plus(&mut c.bytes.as_slice()).unwrap();
                let commitments: Vec<monero_ed25519::CompressedPoint> =
                    c.commitments.iter().map(|c| (*c).into()).collect();
                assert!(proof.batch_verify(&mut OsRng, &mut verifier, &commitments));
            }
            assert!(verifier.verify());
        })
    });
    group.finish();

    let mut group = c.benchmark_group("monero_plus_prove_m2");
    group.bench_function("ours", |b| {
        b.iter_batched(
            || {
                (
                    values(2),
                    [
                        [Ed25519::random_scalar(&mut OsRng)],
                        [Ed25519::random_scalar(&mut OsRng)],
                    ],
                )
            },
            |(v, masks)| {
                RangeProofPlus::prove(
                    gens,
                    &mut MoneroTranscript::bulletproofs_plus(),
                    &STATEMENT,
                    &v,
                    &masks,
                    None,
                    &mut OsRng,
                )
                .unwrap()
            },
            criterion::BatchSize::SmallInput,
        )
    });
    group.bench_function("monero-oxide", |b| {
        b.iter_batched(
            || their_commitments(2),
            |commitments| {
                monero_bulletproofs::Bulletproof::prove_plus(&mut OsRng, commitments).unwrap()
            },
            criterion::BatchSize::SmallInput,
        )
    });
    group.finish();
}

fn summary() {
    println!("\n| benchmark (Monero BP+, 64 bits, one thread) | ours | monero-oxide | ours / monero-oxide |");
    println!("|---|---|---|---|");
    for (group, what) in [
        ("monero_plus_verify_m2", "verify, m = 2 (from bytes)"),
        ("monero_plus_verify_m16", "verify, m = 16 (from bytes)"),
        (
            "monero_plus_batch_mainnet14",
            "batch-verify the 14 mainnet proofs (from bytes)",
        ),
        (
            "monero_plus_batch_mainnet1",
            "batch-verify the bundled mainnet proof (from bytes; no ../shared)",
        ),
        ("monero_plus_prove_m2", "prove, m = 2"),
    ] {
        if let (Some(o), Some(t)) = (mean(group, "ours"), mean(group, "monero-oxide")) {
            println!("| {what} | {} | {} | {:.2} |", fmt(o), fmt(t), o / t);
        }
    }
}

fn main() {
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
        .sample_size(20)
        .configure_from_args();
    bench(&mut c);
    c.final_summary();
    summary();
}
