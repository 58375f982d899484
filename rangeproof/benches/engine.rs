//! The curve25519 engine's pieces against `curve25519-dalek`'s: point decompression, per point,
//! in batches (ours: the batched decoder, with AVX-512 IFMA where the CPU has it and serially;
//! dalek: its serial decoder in a loop). Each iteration decodes the next of 8 sets of fresh
//! encodings of random points.
//!
//! `cargo bench -p rangeproof --bench engine`

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use curve25519_dalek::edwards::CompressedEdwardsY;
use curve25519_dalek::ristretto::CompressedRistretto;
use curve25519_dalek::{EdwardsPoint, RistrettoPoint, Scalar};
use rand::rngs::OsRng;
use rand::RngCore;
use rangeproof::group::curve25519::field::FieldElement;
use rangeproof::group::curve25519::field_x8::sqrt_ratio_batch;
use rangeproof::group::curve25519::{decompress_ed25519, decompress_ristretto, Backend};

const SETS: usize = 8;

fn random_scalar() -> Scalar {
    let mut wide = [0u8; 64];
    OsRng.fill_bytes(&mut wide);
    Scalar::from_bytes_mod_order_wide(&wide)
}

fn bench_decompress(c: &mut Criterion) {
    let fast = Backend::detect();
    for size in [16usize, 64, 1024] {
        let ristretto: Vec<Vec<[u8; 32]>> = (0..SETS)
            .map(|_| {
                (0..size)
                    .map(|_| {
                        RistrettoPoint::mul_base(&random_scalar())
                            .compress()
                            .to_bytes()
                    })
                    .collect()
            })
            .collect();
        let edwards: Vec<Vec<[u8; 32]>> = (0..SETS)
            .map(|_| {
                (0..size)
                    .map(|_| {
                        EdwardsPoint::mul_base(&random_scalar())
                            .compress()
                            .to_bytes()
                    })
                    .collect()
            })
            .collect();
        let mut group = c.benchmark_group("decompress");
        group.throughput(Throughput::Elements(size as u64));
        let mut i = 0;
        group.bench_function(BenchmarkId::new("ristretto/dalek", size), |b| {
            b.iter(|| {
                i += 1;
                ristretto[i % SETS]
                    .iter()
                    .map(|e| CompressedRistretto(*e).decompress().is_some() as usize)
                    .sum::<usize>()
            })
        });
        group.bench_function(
            BenchmarkId::new(format!("ristretto/ours-{fast:?}"), size),
            |b| {
                b.iter(|| {
                    i += 1;
                    decompress_ristretto(&ristretto[i % SETS], fast)
                })
            },
        );
        for backend in [Backend::Avx2, Backend::Serial] {
            group.bench_function(
                BenchmarkId::new(format!("ristretto/ours-{backend:?}"), size),
                |b| {
                    b.iter(|| {
                        i += 1;
                        decompress_ristretto(&ristretto[i % SETS], backend)
                    })
                },
            );
        }
        group.bench_function(BenchmarkId::new("ed25519/dalek", size), |b| {
            b.iter(|| {
                i += 1;
                edwards[i % SETS]
                    .iter()
                    .map(|e| CompressedEdwardsY(*e).decompress().is_some() as usize)
                    .sum::<usize>()
            })
        });
        group.bench_function(
            BenchmarkId::new(format!("ed25519/ours-{fast:?}"), size),
            |b| {
                b.iter(|| {
                    i += 1;
                    decompress_ed25519(&edwards[i % SETS], fast)
                })
            },
        );
        group.finish();
    }
}

/// The square root's candidate alone (the exponentiation and the multiplications around it),
/// per pair in a batch of 1024.
fn bench_pow(c: &mut Criterion) {
    let element = || {
        let mut bytes = [0u8; 32];
        OsRng.fill_bytes(&mut bytes);
        FieldElement::from_bytes_unchecked(&bytes)
    };
    let sets: Vec<Vec<(FieldElement, FieldElement)>> = (0..SETS)
        .map(|_| (0..1024).map(|_| (element(), element())).collect())
        .collect();
    let mut group = c.benchmark_group("sqrt_ratio_candidate");
    group.throughput(Throughput::Elements(1024));
    for backend in [Backend::Serial, Backend::Avx2, Backend::Ifma] {
        let mut i = 0;
        group.bench_function(format!("{backend:?}/1024"), |b| {
            b.iter(|| {
                i += 1;
                sqrt_ratio_batch(&sets[i % SETS], backend)
            })
        });
    }
    group.finish();
}

/// Variable-time multiscalar multiplication at a single proof's, a batch's and a large
/// circuit's sizes: curve25519-dalek's (Straus below 190 points, Pippenger with windows up to 8
/// bits above) against ours (IFMA bucket method, eight windows per pass), same points, the
/// scalars rotating through 4 sets.
fn bench_msm(c: &mut Criterion) {
    use curve25519_dalek::traits::VartimeMultiscalarMul;
    use rangeproof::group::curve25519::msm_x8;
    for size in [256usize, 4096, 17_408, 65_536] {
        let dalek: Vec<RistrettoPoint> = (0..size)
            .map(|_| RistrettoPoint::mul_base(&random_scalar()))
            .collect();
        let encodings: Vec<[u8; 32]> = dalek.iter().map(|p| p.compress().to_bytes()).collect();
        let ours: Vec<_> = decompress_ristretto(&encodings, Backend::detect())
            .into_iter()
            .map(|p| p.expect("valid"))
            .collect();
        let scalars: Vec<Vec<Scalar>> = (0..4)
            .map(|_| (0..size).map(|_| random_scalar()).collect())
            .collect();
        let mut group = c.benchmark_group("msm");
        group.sample_size(10);
        group.throughput(Throughput::Elements(size as u64));
        let mut i = 0;
        group.bench_function(BenchmarkId::new("dalek", size), |b| {
            b.iter(|| {
                i += 1;
                RistrettoPoint::vartime_multiscalar_mul(&scalars[i % 4], &dalek)
            })
        });
        group.bench_function(BenchmarkId::new("ours-ifma", size), |b| {
            b.iter(|| {
                i += 1;
                msm_x8::vartime_msm(&scalars[i % 4], &ours)
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench_decompress, bench_pow, bench_msm);
criterion_main!(benches);
