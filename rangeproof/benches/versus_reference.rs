//! Ours against the reference `bulletproofs` 5.0 crate, side by side in one run, with ratios.
//!
//! `cargo bench --bench versus_reference` (add a filter argument to run a subset, e.g.
//! `-- verify`). Every iteration uses a different proof or fresh random values: variable-time
//! code must not be timed on a constant input. After criterion's own report, a table of
//! mean times and ours/reference ratios is printed (the rows of `BENCHMARKS.md`).

use std::time::Duration;

mod common;
use common::{fmt, mean};

use bulletproofs::{BulletproofGens, PedersenGens};
use criterion::{black_box, Criterion};
use curve25519_dalek_v4::ristretto::CompressedRistretto as RefCompressed;
use curve25519_dalek_v4::scalar::Scalar as RefScalar;
use merlin::Transcript;
use rand::rngs::OsRng;
use rand::RngCore;
use rangeproof::{deployments::dalek, BatchVerifier, Group, RangeProof, Ristretto255};

const LABEL: &[u8] = b"bench";
const N: usize = 64;
/// Distinct proofs each verification benchmark rotates through.
const ROTATION: usize = 8;
const BATCH: usize = 1024;

fn values(m: usize) -> Vec<u64> {
    (0..m).map(|_| OsRng.next_u64()).collect()
}

fn ref_blinding() -> RefScalar {
    let mut wide = [0u8; 64];
    OsRng.fill_bytes(&mut wide);
    RefScalar::from_bytes_mod_order_wide(&wide)
}

struct Ours {
    proof: RangeProof<Ristretto255>,
    commitments: Vec<[u8; 32]>,
}

fn ours(m: usize) -> Ours {
    let blindings: Vec<_> = (0..m)
        .map(|_| Ristretto255::random_scalar(&mut OsRng))
        .collect();
    let (proof, c) = RangeProof::prove_multiple(
        dalek::generators(),
        &mut Transcript::new(LABEL),
        &values(m),
        &blindings,
        N,
        &mut OsRng,
    )
    .unwrap();
    Ours {
        proof,
        commitments: c.iter().map(|c| c.bytes).collect(),
    }
}

struct Theirs {
    proof: bulletproofs::RangeProof,
    commitments: Vec<RefCompressed>,
}

fn theirs(bp: &BulletproofGens, pc: &PedersenGens, m: usize) -> Theirs {
    let blindings: Vec<_> = (0..m).map(|_| ref_blinding()).collect();
    let (proof, commitments) = bulletproofs::RangeProof::prove_multiple(
        bp,
        pc,
        &mut Transcript::new(LABEL),
        &values(m),
        &blindings,
        N,
    )
    .unwrap();
    Theirs { proof, commitments }
}

fn bench_verify(c: &mut Criterion, bp: &BulletproofGens, pc: &PedersenGens) {
    let gens = dalek::generators();
    for m in [1usize, 16, 64] {
        let mut group = c.benchmark_group(format!("verify_n64_m{m}"));
        let our_proofs: Vec<Ours> = (0..ROTATION).map(|_| ours(m)).collect();
        let their_proofs: Vec<Theirs> = (0..ROTATION).map(|_| theirs(bp, pc, m)).collect();
        gens.table(N, m); // built once per process, as a node would
        let mut i = 0;
        group.bench_function("ours", |b| {
            b.iter(|| {
                let p = &our_proofs[i % ROTATION];
                i += 1;
                p.proof
                    .verify_multiple(
                        gens,
                        &mut Transcript::new(LABEL),
                        &p.commitments,
                        N,
                        &mut OsRng,
                    )
                    .unwrap()
            })
        });
        group.bench_function("reference", |b| {
            b.iter(|| {
                let p = &their_proofs[i % ROTATION];
                i += 1;
                p.proof
                    .verify_multiple(bp, pc, &mut Transcript::new(LABEL), &p.commitments, N)
                    .unwrap()
            })
        });
        group.finish();
    }
}

/// Bytes to verdict: the reference decompresses the proof's points inside `verify_multiple`,
/// ours in `from_bytes`; timing both steps compares the same work.
fn bench_verify_from_bytes(c: &mut Criterion, bp: &BulletproofGens, pc: &PedersenGens) {
    let gens = dalek::generators();
    let mut group = c.benchmark_group("verify_from_bytes_n64_m1");
    let ours: Vec<(Vec<u8>, Vec<[u8; 32]>)> = (0..ROTATION)
        .map(|_| ours(1))
        .map(|p| (p.proof.to_bytes(), p.commitments))
        .collect();
    let theirs: Vec<(Vec<u8>, Vec<RefCompressed>)> = (0..ROTATION)
        .map(|_| theirs(bp, pc, 1))
        .map(|p| (p.proof.to_bytes(), p.commitments))
        .collect();
    let mut i = 0;
    group.bench_function("ours", |b| {
        b.iter(|| {
            let (bytes, commitments) = &ours[i % ROTATION];
            i += 1;
            RangeProof::<Ristretto255>::from_bytes(bytes)
                .unwrap()
                .verify_multiple(
                    gens,
                    &mut Transcript::new(LABEL),
                    commitments,
                    N,
                    &mut OsRng,
                )
                .unwrap()
        })
    });
    group.bench_function("reference", |b| {
        b.iter(|| {
            let (bytes, commitments) = &theirs[i % ROTATION];
            i += 1;
            bulletproofs::RangeProof::from_bytes(bytes)
                .unwrap()
                .verify_multiple(bp, pc, &mut Transcript::new(LABEL), commitments, N)
                .unwrap()
        })
    });
    group.finish();
}

fn bench_batch(c: &mut Criterion) {
    let gens = dalek::generators();
    let mut group = c.benchmark_group(format!("batch_verify_n64_m1_x{BATCH}"));
    group.sample_size(10);
    // Two disjoint sets of proofs, alternated, so consecutive iterations see different input.
    let sets: Vec<Vec<Ours>> = (0..2)
        .map(|_| (0..BATCH).map(|_| ours(1)).collect())
        .collect();
    let mut i = 0;
    group.bench_function("ours", |b| {
        b.iter(|| {
            let set = &sets[i % 2];
            i += 1;
            let mut batch = BatchVerifier::new();
            for p in set {
                batch.add_bulletproof(
                    gens,
                    &p.proof,
                    &mut Transcript::new(LABEL),
                    &p.commitments,
                    N,
                    &mut OsRng,
                );
            }
            batch.verify().unwrap()
        })
    });
    group.finish();
}

fn bench_prove(c: &mut Criterion, bp: &BulletproofGens, pc: &PedersenGens) {
    let gens = dalek::generators();
    for m in [1usize, 16, 64] {
        let mut group = c.benchmark_group(format!("prove_n64_m{m}"));
        if m > 1 {
            group.sample_size(10);
        }
        group.bench_function("ours", |b| {
            b.iter_batched(
                || {
                    (
                        values(m),
                        (0..m)
                            .map(|_| Ristretto255::random_scalar(&mut OsRng))
                            .collect::<Vec<_>>(),
                    )
                },
                |(v, blindings)| {
                    RangeProof::prove_multiple(
                        gens,
                        &mut Transcript::new(LABEL),
                        &v,
                        &blindings,
                        N,
                        &mut OsRng,
                    )
                    .unwrap()
                },
                criterion::BatchSize::SmallInput,
            )
        });
        group.bench_function("reference", |b| {
            b.iter_batched(
                || {
                    (
                        values(m),
                        (0..m).map(|_| ref_blinding()).collect::<Vec<_>>(),
                    )
                },
                |(v, blindings)| {
                    bulletproofs::RangeProof::prove_multiple(
                        bp,
                        pc,
                        &mut Transcript::new(LABEL),
                        &v,
                        &blindings,
                        N,
                    )
                    .unwrap()
                },
                criterion::BatchSize::SmallInput,
            )
        });
        group.finish();
    }
}

/// Where precomputed tables stop paying: a variable-time MSM over `size` fixed points, with
/// `VartimeRistrettoPrecomputation` (tables built once, outside the timing) against the plain
/// MSM (Straus below 190 points, Pippenger above), plus 17 dynamic points as in a verification.
const CROSSOVER_SIZES: [usize; 6] = [66, 130, 258, 514, 1026, 2050];

fn bench_crossover(c: &mut Criterion) {
    let random_point =
        || curve25519_dalek::RistrettoPoint::mul_base(&Ristretto255::random_scalar(&mut OsRng));
    let dynamic: Vec<_> = (0..17).map(|_| random_point()).collect();
    for size in CROSSOVER_SIZES {
        let mut group = c.benchmark_group(format!("crossover_{size}"));
        group.sample_size(20);
        let points: Vec<_> = (0..size).map(|_| random_point()).collect();
        let table = Ristretto255::precompute(&points);
        let scalar_sets: Vec<Vec<_>> = (0..ROTATION)
            .map(|_| {
                (0..size + 17)
                    .map(|_| Ristretto255::random_scalar(&mut OsRng))
                    .collect()
            })
            .collect();
        let mut all_points = points.clone();
        all_points.extend_from_slice(&dynamic);
        let mut i = 0;
        group.bench_function("tables", |b| {
            b.iter(|| {
                let s = &scalar_sets[i % ROTATION];
                i += 1;
                Ristretto255::vartime_mixed_multiscalar_mul(
                    &table,
                    &s[..size],
                    &s[size..],
                    &dynamic,
                )
            })
        });
        group.bench_function("plain", |b| {
            b.iter(|| {
                let s = &scalar_sets[i % ROTATION];
                i += 1;
                Ristretto255::vartime_multiscalar_mul(s, &all_points)
            })
        });
        group.finish();
    }
}

fn summary(filter: Option<&str>) {
    println!("\n| benchmark (n = 64, one thread) | ours | reference | ours / reference |");
    println!("|---|---|---|---|");
    let selected = |name: &str| filter.is_none_or(|f| name.contains(f));
    for m in [1usize, 16, 64] {
        for op in ["verify", "prove"] {
            let group = format!("{op}_n64_m{m}");
            if !selected(&group) {
                continue;
            }
            if let (Some(o), Some(r)) = (mean(&group, "ours"), mean(&group, "reference")) {
                println!("| {op}, m = {m} | {} | {} | {:.2} |", fmt(o), fmt(r), o / r);
            }
        }
    }
    let group = "verify_from_bytes_n64_m1";
    if selected(group) {
        if let (Some(o), Some(r)) = (mean(group, "ours"), mean(group, "reference")) {
            println!(
                "| decode + verify from bytes, m = 1 | {} | {} | {:.2} |",
                fmt(o),
                fmt(r),
                o / r
            );
        }
    }
    let group = format!("batch_verify_n64_m1_x{BATCH}");
    if selected(&group) {
        if let (Some(o), Some(r)) = (mean(&group, "ours"), mean("verify_n64_m1", "reference")) {
            let per = o / BATCH as f64;
            println!(
                "| batch verify {BATCH} proofs (m = 1), per proof | {} | {} (single verify) | {:.3} |",
                fmt(per),
                fmt(r),
                per / r
            );
        }
    }
    let crossover: Vec<String> = CROSSOVER_SIZES
        .iter()
        .filter(|size| selected(&format!("crossover_{size}")))
        .filter_map(|size| {
            let group = format!("crossover_{size}");
            let (t, p) = (mean(&group, "tables")?, mean(&group, "plain")?);
            Some(format!(
                "| {size} + 17 | {} | {} | {:.2} |",
                fmt(t),
                fmt(p),
                t / p
            ))
        })
        .collect();
    if !crossover.is_empty() {
        println!("\n| fixed + dynamic points | precomputed tables | plain MSM | tables / plain |");
        println!("|---|---|---|---|");
        for row in crossover {
            println!("{row}");
        }
    }
    println!();
    for m in [1usize, 2, 16, 64] {
        println!(
            "| proof size, m = {m} | {} B | {} B | 1.00 |",
            RangeProof::<Ristretto255>::size_for(N, m),
            32 * (9 + 2 * (N * m).trailing_zeros())
        );
    }
}

fn main() {
    // `cargo bench` passes `--bench`; the first other free argument is a name filter.
    let filter = std::env::args().skip(1).find(|a| !a.starts_with("--"));
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
        .sample_size(20)
        .configure_from_args();
    let bp = BulletproofGens::new(N, 64);
    let pc = PedersenGens::default();
    black_box(&bp);
    bench_verify(&mut c, &bp, &pc);
    bench_verify_from_bytes(&mut c, &bp, &pc);
    bench_batch(&mut c);
    bench_prove(&mut c, &bp, &pc);
    bench_crossover(&mut c);
    c.final_summary();
    summary(filter.as_deref());
}
