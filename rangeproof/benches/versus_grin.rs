//! Our secp256k1-zkp (Grin) Bulletproofs against the C library itself (libsecp256k1-zkp,
//! Grin's fork, through `grin_secp256k1zkp` 0.8), side by side in one run, with ratios; and our
//! secp256k1 multiscalar multiplication per point.
//!
//! `cargo bench --bench versus_grin`. Every iteration uses a different proof or fresh values
//! and nonces. Both sides verify from bytes with N = 256 generators (2048 for m = 16), as Grin.

use std::time::Duration;

use criterion::Criterion;
use rand::rngs::OsRng;
use rand::RngCore;
use rangeproof::secp256k1_zkp::bulletproofs::{
    self as grin, GrinProver, GrinStatement, GrinWitness,
};
use rangeproof::{BatchVerifier, Group, Secp256k1};

#[path = "../tests/support/secp256k1zkp.rs"]
mod zkp;
use zkp::{CLib, CStatement};

mod common;
use common::{fmt, interleaved, mean};

const ROTATION: usize = 8;
const BATCH: usize = 1024;
const MSM_SIZES: [usize; 3] = [64, 1024, 16384];

fn nonce() -> [u8; 32] {
    let mut n = [0u8; 32];
    OsRng.fill_bytes(&mut n);
    n
}

fn witness(m: usize) -> (GrinWitness, Vec<[u8; 32]>) {
    let blindings: Vec<k256::Scalar> = (0..m)
        .map(|_| Secp256k1::random_scalar(&mut OsRng))
        .collect();
    let bytes = blindings.iter().map(Secp256k1::scalar_to_bytes).collect();
    (
        GrinWitness {
            values: (0..m).map(|_| OsRng.next_u64()).collect(),
            blindings,
            rewind_nonce: nonce(),
            private_nonce: Some(nonce()),
            message: None,
        },
        bytes,
    )
}

fn generators_n(m: usize) -> usize {
    grin::default_generators_n(64, m)
}

fn prover(m: usize) -> GrinProver {
    GrinProver {
        generators_n: generators_n(m),
        ..GrinProver::grin()
    }
}

fn case(m: usize) -> (GrinStatement, Vec<u8>) {
    prover(m).prove(&witness(m).0).unwrap()
}

const H_XY: [u8; 64] = secp256k1zkp::constants::GENERATOR_H;

fn bench(c: &mut Criterion) {
    for m in [1usize, 16] {
        let mut clib = CLib::new(generators_n(m));
        let cases: Vec<_> = (0..ROTATION).map(|_| case(m)).collect();
        grin::GrinGenerators::get(generators_n(m))
            .unwrap()
            .warm_up();
        let mut group = c.benchmark_group(format!("grin_verify_m{m}"));
        let mut i = 0;
        group.bench_function("ours", |b| {
            b.iter(|| {
                let (st, proof) = &cases[i % ROTATION];
                grin::verify(proof, st).unwrap();
                i += 1;
            })
        });
        group.bench_function("secp256k1-zkp", |b| {
            b.iter(|| {
                let (st, proof) = &cases[i % ROTATION];
                let cs = CStatement {
                    bits: 64,
                    commitments: &st.commitments,
                    value_gen: H_XY,
                    min_values: None,
                    extra: None,
                };
                assert!(clib.verify(proof, &cs));
                i += 1;
            })
        });
        group.finish();

        let mut group = c.benchmark_group(format!("grin_prove_m{m}"));
        group.bench_function("ours", |b| {
            b.iter_batched(
                || witness(m).0,
                |w| prover(m).prove(&w).unwrap(),
                criterion::BatchSize::SmallInput,
            )
        });
        group.bench_function("secp256k1-zkp", |b| {
            b.iter_batched(
                || witness(m),
                |(w, blinds)| {
                    clib.prove(
                        64,
                        &w.values,
                        &blinds,
                        &H_XY,
                        None,
                        &w.rewind_nonce,
                        w.private_nonce.as_ref(),
                        None,
                        None,
                    )
                    .unwrap()
                },
                criterion::BatchSize::SmallInput,
            )
        });
        group.finish();
    }

    let cases: Vec<_> = (0..BATCH).map(|_| case(1)).collect();
    let mut clib = CLib::new(256);
    let mut group = c.benchmark_group("grin_batch_1024");
    group.sample_size(10);
    group.bench_function("ours", |b| {
        b.iter(|| {
            let mut batch = BatchVerifier::new();
            for (st, proof) in &cases {
                batch.add_grin_bulletproof(proof, st, &mut OsRng);
            }
            batch.verify().unwrap()
        })
    });
    let proofs: Vec<Vec<u8>> = cases.iter().map(|(_, p)| p.clone()).collect();
    let commitments: Vec<Vec<[u8; 33]>> =
        cases.iter().map(|(s, _)| s.commitments.clone()).collect();
    group.bench_function("secp256k1-zkp", |b| {
        b.iter(|| assert!(clib.verify_multi(&proofs, &commitments, 64, None)))
    });
    group.finish();

    for n in MSM_SIZES {
        let points: Vec<k256::ProjectivePoint> = (0..n)
            .map(|_| k256::ProjectivePoint::GENERATOR * Secp256k1::random_scalar(&mut OsRng))
            .collect();
        let scalar_sets: Vec<Vec<k256::Scalar>> = (0..4)
            .map(|_| {
                (0..n)
                    .map(|_| Secp256k1::random_scalar(&mut OsRng))
                    .collect()
            })
            .collect();
        let mut group = c.benchmark_group(format!("secp256k1_msm_{n}"));
        group.sample_size(10);
        let mut i = 0;
        group.bench_function("ours", |b| {
            b.iter(|| {
                let r = Secp256k1::vartime_multiscalar_mul(&scalar_sets[i % 4], &points);
                i += 1;
                r
            })
        });
        group.finish();
    }
}

/// The alternating measurement of every comparison (the table BENCHMARKS.md quotes).
fn interleaved_table() {
    println!("\n| benchmark (secp256k1-zkp format, 64 bits, one thread; alternating runs) | ours (median) | secp256k1-zkp (median) | median of ours / C |");
    println!("|---|---|---|---|");
    let row = |what: &str, per: f64, (o, t, r): (f64, f64, f64)| {
        println!("| {what} | {} | {} | {r:.2} |", fmt(o / per), fmt(t / per));
    };
    for m in [1usize, 16] {
        let mut clib = CLib::new(generators_n(m));
        let cases: Vec<_> = (0..ROTATION).map(|_| case(m)).collect();
        let cs: Vec<CStatement<'_>> = cases
            .iter()
            .map(|(st, _)| CStatement {
                bits: 64,
                commitments: &st.commitments,
                value_gen: H_XY,
                min_values: None,
                extra: None,
            })
            .collect();
        let rounds = if m == 1 { 200 } else { 40 };
        let result = interleaved(
            rounds,
            |i| grin::verify(&cases[i % ROTATION].1, &cases[i % ROTATION].0).unwrap(),
            |i| assert!(clib.verify(&cases[i % ROTATION].1, &cs[i % ROTATION])),
        );
        row(&format!("verify, m = {m}"), 1.0, result);
        let witnesses: Vec<_> = (0..rounds + 2).map(|_| witness(m)).collect();
        let mut clib = CLib::new(generators_n(m));
        let result = interleaved(
            if m == 1 { 60 } else { 10 },
            |i| {
                prover(m).prove(&witnesses[i].0).unwrap();
            },
            |i| {
                let (w, blinds) = &witnesses[i];
                clib.prove(
                    64,
                    &w.values,
                    blinds,
                    &H_XY,
                    None,
                    &w.rewind_nonce,
                    w.private_nonce.as_ref(),
                    None,
                    None,
                )
                .unwrap();
            },
        );
        row(&format!("prove, m = {m}"), 1.0, result);
    }
    let cases: Vec<_> = (0..BATCH).map(|_| case(1)).collect();
    let proofs: Vec<Vec<u8>> = cases.iter().map(|(_, p)| p.clone()).collect();
    let commitments: Vec<Vec<[u8; 33]>> =
        cases.iter().map(|(s, _)| s.commitments.clone()).collect();
    let mut clib = CLib::new(256);
    let result = interleaved(
        6,
        |_| {
            let mut batch = BatchVerifier::new();
            for (st, proof) in &cases {
                batch.add_grin_bulletproof(proof, st, &mut OsRng);
            }
            batch.verify().unwrap()
        },
        |_| assert!(clib.verify_multi(&proofs, &commitments, 64, None)),
    );
    row(
        "batch-verify 1024 proofs (m = 1), per proof",
        BATCH as f64,
        result,
    );
}

fn summary() {
    println!("\n| benchmark (secp256k1-zkp format, 64 bits, one thread) | ours | secp256k1-zkp | ours / C |");
    println!("|---|---|---|---|");
    for (group, what, per) in [
        ("grin_verify_m1", "verify, m = 1", 1.0),
        ("grin_verify_m16", "verify, m = 16", 1.0),
        (
            "grin_batch_1024",
            "batch-verify 1024 proofs (m = 1), per proof",
            BATCH as f64,
        ),
        ("grin_prove_m1", "prove, m = 1", 1.0),
        ("grin_prove_m16", "prove, m = 16", 1.0),
    ] {
        if let (Some(o), Some(t)) = (mean(group, "ours"), mean(group, "secp256k1-zkp")) {
            println!(
                "| {what} | {} | {} | {:.2} |",
                fmt(o / per),
                fmt(t / per),
                o / t
            );
        }
    }
    // libsecp256k1-zkp's MSM is internal: its figures come from the peerbench harness (a C
    // program over the vendored sources, fresh scalars every run), run here, after ours.
    let theirs = peerbench::ecmult_multi_us_per_point(&MSM_SIZES, 10);
    println!("\n| secp256k1 MSM, µs per point | ours | secp256k1-zkp `ecmult_multi_var` | ours / C |\n|---|---|---|---|");
    for n in MSM_SIZES {
        if let Some(o) = mean(&format!("secp256k1_msm_{n}"), "ours") {
            let ours = o / n as f64 / 1e3;
            match theirs
                .as_ref()
                .and_then(|t| t.iter().find(|(m, _)| *m == n))
            {
                Some((_, c)) => println!("| {n} points | {ours:.2} | {c:.2} | {:.2} |", ours / c),
                None => println!("| {n} points | {ours:.2} | (harness unavailable) | |"),
            }
        }
    }
}

fn main() {
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(20)
        .configure_from_args();
    bench(&mut c);
    c.final_summary();
    summary();
    interleaved_table();
}
