//! The secp256k1 engine's pieces against `k256`'s: field multiplication (ours: fiat-crypto's
//! 5×52 Dettman products), modular inversion of field elements and scalars, and the
//! quadratic-residue test of field elements — ours by safegcd (variable time, for public
//! values), k256's by exponentiation (constant time: the residue test is its square root) —
//! and square roots, one at a time and sixteen at a time with AVX-512 IFMA (the x-only
//! decoders' cost). Each iteration takes the next of 64 random values, so the variable-time side
//! is not flattered by one input.
//!
//! `cargo bench -p rangeproof --features internals --bench secp256k1_engine`

use criterion::{criterion_group, criterion_main, Criterion};
use k256::elliptic_curve::ff::Field;
use k256::{FieldBytes, FieldElement, Scalar};
use rand::rngs::OsRng;
use rangeproof::group::secp256k1::field::FieldElement as Ours;
use rangeproof::group::secp256k1::field_x8::{ifma_available, sqrt_batch};
use rangeproof::group::secp256k1::safegcd::{
    invert_vartime, jacobi_vartime, words_from_be, FIELD, ORDER,
};

const VALUES: usize = 64;

/// Big-endian bytes as four little-endian words.
fn words(be: &[u8]) -> [u64; 4] {
    words_from_be(be.try_into().expect("32 bytes"))
}

fn bench_invert(c: &mut Criterion) {
    let fields: Vec<FieldElement> = (0..VALUES)
        .map(|_| FieldElement::random(&mut OsRng))
        .collect();
    let field_words: Vec<[u64; 4]> = fields.iter().map(|f| words(&f.to_bytes())).collect();
    let scalars: Vec<Scalar> = (0..VALUES).map(|_| Scalar::random(&mut OsRng)).collect();
    let scalar_words: Vec<[u64; 4]> = scalars.iter().map(|s| words(&s.to_bytes())).collect();

    let mut group = c.benchmark_group("secp256k1_invert");
    let mut i = 0;
    group.bench_function("field/safegcd", |b| {
        b.iter(|| {
            i += 1;
            invert_vartime(&field_words[i % VALUES], &FIELD)
        })
    });
    group.bench_function("field/k256", |b| {
        b.iter(|| {
            i += 1;
            fields[i % VALUES].invert()
        })
    });
    group.bench_function("scalar/safegcd", |b| {
        b.iter(|| {
            i += 1;
            invert_vartime(&scalar_words[i % VALUES], &ORDER)
        })
    });
    group.bench_function("scalar/k256", |b| {
        b.iter(|| {
            i += 1;
            scalars[i % VALUES].invert()
        })
    });
    group.finish();

    let mut group = c.benchmark_group("secp256k1_is_square");
    group.bench_function("field/safegcd_jacobi", |b| {
        b.iter(|| {
            i += 1;
            jacobi_vartime(&field_words[i % VALUES], &FIELD)
        })
    });
    group.bench_function("field/k256_sqrt", |b| {
        b.iter(|| {
            i += 1;
            bool::from(fields[i % VALUES].sqrt().is_some())
        })
    });
    group.finish();
}

fn bench_field(c: &mut Criterion) {
    let fields: Vec<FieldElement> = (0..VALUES)
        .map(|_| FieldElement::random(&mut OsRng))
        .collect();
    let ours: Vec<Ours> = fields
        .iter()
        .map(|f| Ours::from_bytes(&f.to_bytes().into()).expect("below p"))
        .collect();
    let mut group = c.benchmark_group("secp256k1_field");
    // A dependent chain of 64 products (each iteration starts from the next value), as the
    // exponentiations and point formulas use them.
    let mut i = 0;
    group.bench_function("mul_chain_64/ours", |b| {
        b.iter(|| {
            i += 1;
            let y = ours[(i + 1) % VALUES];
            (0..64).fold(ours[i % VALUES], |x, _| x * y)
        })
    });
    group.bench_function("mul_chain_64/k256", |b| {
        b.iter(|| {
            i += 1;
            let y = fields[(i + 1) % VALUES];
            (0..64).fold(fields[i % VALUES], |x, _| x * y)
        })
    });
    group.bench_function("sqrt/ours", |b| {
        b.iter(|| {
            i += 1;
            ours[i % VALUES].sqrt()
        })
    });
    group.bench_function("sqrt/k256", |b| {
        b.iter(|| {
            i += 1;
            fields[i % VALUES].sqrt()
        })
    });
    // 64 roots per iteration, from a rotating start: per root, divide by 64.
    let mut doubled = ours.clone();
    doubled.extend_from_slice(&ours);
    if ifma_available() {
        group.bench_function("sqrt_batch_64/ifma", |b| {
            b.iter(|| {
                i += 1;
                sqrt_batch(&doubled[i % VALUES..i % VALUES + 64], true)
            })
        });
    } else {
        println!("sqrt_batch_64/ifma: this CPU has no AVX-512 IFMA (not measured)");
    }
    group.bench_function("sqrt_batch_64/serial", |b| {
        b.iter(|| {
            i += 1;
            sqrt_batch(&doubled[i % VALUES..i % VALUES + 64], false)
        })
    });
    group.finish();
}

/// Decoding Grin proofs of m = 16 (22 x-only points each: A, S, T1, T2 and nine rounds' L, R;
/// their square roots sixteen at a time with IFMA), against decompressing the same abscissas one
/// by one with `k256` (its constant-time square root). Per point: divide by the count printed.
fn bench_decode(c: &mut Criterion) {
    use k256::elliptic_curve::point::DecompressPoint;
    use rand::RngCore;
    use rangeproof::secp256k1_zkp::bulletproofs::{self as grin, GrinProver, GrinRangeProof};
    use rangeproof::{Group, Secp256k1};

    const PROOFS: usize = 8;
    let prover = GrinProver {
        generators_n: grin::default_generators_n(64, 16),
        ..GrinProver::grin()
    };
    let proofs: Vec<Vec<u8>> = (0..PROOFS)
        .map(|_| {
            let mut nonce = [0u8; 32];
            OsRng.fill_bytes(&mut nonce);
            let witness = grin::GrinWitness {
                values: (0..16).map(|_| OsRng.next_u64()).collect(),
                blindings: (0..16)
                    .map(|_| Secp256k1::random_scalar(&mut OsRng))
                    .collect(),
                rewind_nonce: nonce,
                private_nonce: None,
                message: None,
            };
            prover.prove(&witness).expect("a proof").1
        })
        .collect();
    // The wire layout: 64 + 1 bytes, A S T1 T2; then t, a1 a2 b1 b2, the sign bytes of the
    // 2k round points, their 2k abscissas (k = 9 rounds at nm = 1024).
    let abscissas: Vec<Vec<FieldBytes>> = proofs
        .iter()
        .map(|p| {
            let k = (1usize..14)
                .find(|k| p.len() == 65 + 128 + 160 + (2 * k).div_ceil(8) + 64 * k)
                .expect("a Grin proof's length");
            let header = &p[65..65 + 128];
            let rounds = &p[65 + 128 + 160 + (2 * k).div_ceil(8)..];
            header
                .chunks_exact(32)
                .chain(rounds.chunks_exact(32))
                .map(|x| *FieldBytes::from_slice(x))
                .collect()
        })
        .collect();
    let points = abscissas[0].len();
    assert!(abscissas.iter().all(|xs| xs.len() == points));
    println!("secp256k1_decode: {points} points a proof");
    let mut group = c.benchmark_group("secp256k1_decode");
    let mut i = 0;
    group.bench_function("grin_proof_m16/ours", |b| {
        b.iter(|| {
            i += 1;
            GrinRangeProof::from_bytes_any(&proofs[i % PROOFS]).expect("a valid proof")
        })
    });
    group.bench_function("grin_proof_m16_points/k256_decompress", |b| {
        b.iter(|| {
            i += 1;
            abscissas[i % PROOFS]
                .iter()
                .filter(|x| bool::from(k256::AffinePoint::decompress(x, 0u8.into()).is_some()))
                .count()
        })
    });
    group.finish();
}

criterion_group!(benches, bench_field, bench_invert, bench_decode);
criterion_main!(benches);
