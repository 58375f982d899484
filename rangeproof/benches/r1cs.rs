//! Arithmetic-circuit proofs: the SHA-256 preimage circuit and the 64-shuffle, one thread.
//!
//! `cargo bench -p rangeproof --bench r1cs`
//!
//! The reference crate's R1CS (`yoloproofs`) does not compile as published, so it cannot run
//! here side by side; its figures on this machine kind are quoted in BENCHMARKS.md (measured
//! with its three-line fix, as the issue records). Inputs vary per iteration: each iteration
//! takes the next of several messages, permutations or proofs.

use std::cell::Cell;

use criterion::{criterion_group, criterion_main, Criterion};
use curve25519_dalek::Scalar;
use rand::{rngs::StdRng, seq::SliceRandom, Rng, SeedableRng};
use rangeproof::r1cs::gadgets::sha256::{prove_sha256_preimage, verify_sha256_preimage};
use rangeproof::r1cs::gadgets::shuffle::{prove_shuffle, verify_shuffle};
use rangeproof::r1cs::{generators, R1csConvention};
use rangeproof::{Group, Ristretto255};

const VARIANTS: usize = 4;

fn next(counter: &Cell<usize>) -> usize {
    let i = counter.get();
    counter.set(i + 1);
    i % VARIANTS
}

fn sha256(c: &mut Criterion) {
    let gens = generators::dalek();
    gens.prepare(1 << 15);
    let messages: Vec<Vec<u8>> = (0..VARIANTS)
        .map(|i| format!("preimage number {i} of the benchmark").into_bytes())
        .collect();
    let proofs: Vec<_> = messages
        .iter()
        .map(|m| prove_sha256_preimage(gens, R1csConvention::Bound, m).unwrap())
        .collect();
    let mut group = c.benchmark_group("r1cs sha256 preimage (25 998 multipliers)");
    group.sample_size(10);
    let counter = Cell::new(0);
    group.bench_function("prove", |b| {
        b.iter(|| {
            prove_sha256_preimage(gens, R1csConvention::Bound, &messages[next(&counter)]).unwrap()
        })
    });
    group.bench_function("verify", |b| {
        b.iter(|| {
            let (proof, digest) = &proofs[next(&counter)];
            verify_sha256_preimage(gens, R1csConvention::Bound, digest, proof).unwrap()
        })
    });
    // One more proof in a batch: the generator MSM is shared, each proof adds its circuit,
    // transcript and scalar work and ~45 points.
    for count in [1usize, 4] {
        group.bench_function(format!("batch of {count}"), |b| {
            b.iter(|| {
                let mut batch = rangeproof::BatchVerifier::new();
                for _ in 0..count {
                    let (proof, digest) = &proofs[next(&counter)];
                    let mut verifier = rangeproof::r1cs::Verifier::new(
                        gens,
                        R1csConvention::Bound,
                        rangeproof::r1cs::gadgets::sha256::sha256_transcript(digest),
                    );
                    rangeproof::r1cs::gadgets::sha256::sha256_preimage::<Ristretto255, _>(
                        &mut verifier,
                        None,
                        digest,
                    )
                    .unwrap();
                    batch.add_r1cs(verifier, proof, &mut rand::rngs::OsRng);
                }
                batch.verify().unwrap()
            })
        });
    }
    // The circuit prepared once (`Sha256Circuit`): no gadget run, no circuit digest of the
    // shared constraints, a compact flattening per proof.
    let prepared =
        rangeproof::r1cs::gadgets::sha256::Sha256Circuit::new(gens, R1csConvention::Bound).unwrap();
    group.bench_function("prepared verify", |b| {
        b.iter(|| {
            let (proof, digest) = &proofs[next(&counter)];
            prepared.verify(digest, proof).unwrap()
        })
    });
    for count in [1usize, 4] {
        group.bench_function(format!("prepared batch of {count}"), |b| {
            b.iter(|| {
                let mut batch = rangeproof::BatchVerifier::new();
                for _ in 0..count {
                    let (proof, digest) = &proofs[next(&counter)];
                    prepared.add_to(&mut batch, digest, proof, &mut rand::rngs::OsRng);
                }
                batch.verify().unwrap()
            })
        });
    }
    group.finish();
}

fn shuffle64(c: &mut Criterion) {
    let gens = generators::dalek();
    let mut rng = StdRng::seed_from_u64(64);
    let k = 64;
    let cases: Vec<_> = (0..VARIANTS)
        .map(|_| {
            let inputs: Vec<(Scalar, Scalar)> = (0..k)
                .map(|_| {
                    (
                        Scalar::from(rng.gen::<u64>()),
                        Ristretto255::random_scalar(&mut rng),
                    )
                })
                .collect();
            let mut outputs: Vec<(Scalar, Scalar)> = inputs
                .iter()
                .map(|(v, _)| (*v, Ristretto255::random_scalar(&mut rng)))
                .collect();
            outputs.shuffle(&mut rng);
            let proved =
                prove_shuffle(gens, R1csConvention::Dalek, b"bench", &inputs, &outputs).unwrap();
            (inputs, outputs, proved)
        })
        .collect();
    let mut group = c.benchmark_group("r1cs 64-shuffle (dalek transcript)");
    let counter = Cell::new(0);
    group.bench_function("prove", |b| {
        b.iter(|| {
            let (i, o, _) = &cases[next(&counter)];
            prove_shuffle(gens, R1csConvention::Dalek, b"bench", i, o).unwrap()
        })
    });
    group.bench_function("verify", |b| {
        b.iter(|| {
            let (_, _, p) = &cases[next(&counter)];
            let (i, o) = (&p.input_commitments, &p.output_commitments);
            verify_shuffle(gens, R1csConvention::Dalek, b"bench", i, o, &p.proof).unwrap()
        })
    });
    group.finish();
}

criterion_group!(benches, sha256, shuffle64);
criterion_main!(benches);
