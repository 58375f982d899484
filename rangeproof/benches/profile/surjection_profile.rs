//! `cargo run --release -p rangeproof --example surjection_profile -- [proofs] [inputs] [ring] [rounds] [tx]`:
//! verifies `proofs` (default 1) Elements surjection proofs over `inputs` inputs (default 3) with
//! `ring` of them in each ring (default all) in a loop — one proof alone, several in one batch —
//! and prints each round's time per proof, for a profiler (`perf record`) or to see the spread
//! of timings on a shared host. With `tx` as the fifth argument, each batch is a transaction's:
//! every surjection proof beside its output's Borromean range proof (Liquid's parameters), as
//! `liquid::Transaction::verify` batches them; the time printed is what the surjection proofs
//! add to the batch of the range proofs alone, per surjection proof.
use rand::{rngs::OsRng, Rng};
use rangeproof::secp256k1_zkp::borromean::{self, ProofParameters};
use rangeproof::secp256k1_zkp::generator::{generator_generate_blinded, ValueGenerator};
use rangeproof::secp256k1_zkp::surjection::{self, SurjectionProof};
use rangeproof::{BatchVerifier, Group, Secp256k1};

fn case(n: usize, used: usize) -> (SurjectionProof, Vec<ValueGenerator>, ValueGenerator) {
    let tags: Vec<[u8; 32]> = (0..n).map(|_| OsRng.gen()).collect();
    let blindings: Vec<_> = (0..n)
        .map(|_| Secp256k1::random_scalar(&mut OsRng))
        .collect();
    let inputs: Vec<ValueGenerator> = tags
        .iter()
        .zip(&blindings)
        .map(|(t, b)| generator_generate_blinded(t, b).unwrap())
        .collect();
    let real = OsRng.gen_range(0..n);
    let output_blinding = Secp256k1::random_scalar(&mut OsRng);
    let output = generator_generate_blinded(&tags[real], &output_blinding).unwrap();
    let mut ring: Vec<usize> = (0..n).filter(|&j| j != real).collect();
    ring.truncate(used - 1);
    ring.push(real);
    let selection = surjection::Selection::new(n, &ring, real).unwrap();
    let proof = surjection::generate(
        &selection,
        &inputs,
        &output,
        &blindings[real],
        &output_blinding,
        None,
    )
    .unwrap();
    (proof, inputs, output)
}

fn main() {
    let number = |i: usize, default: usize| {
        std::env::args()
            .nth(i)
            .map_or(default, |a| a.parse().expect("a number"))
    };
    let (proofs, inputs, rounds) = (number(1, 1), number(2, 3), number(4, 2000));
    let used = number(3, inputs);
    let cases: Vec<_> = (0..proofs.max(8)).map(|_| case(inputs, used)).collect();
    if std::env::args().nth(5).as_deref() == Some("tx") {
        return transaction(&cases, proofs, rounds);
    }
    let mut times = Vec::with_capacity(rounds);
    for round in 0..rounds {
        let t = std::time::Instant::now();
        if proofs == 1 {
            let (p, i, o) = &cases[round % cases.len()];
            surjection::verify(p, i, o).unwrap();
        } else {
            let mut batch = BatchVerifier::<Secp256k1>::new();
            for k in 0..proofs {
                let (p, i, o) = &cases[(round + k) % cases.len()];
                batch.add_deferred(surjection::pending(p, i, o).unwrap());
            }
            batch.verify().unwrap();
        }
        times.push(t.elapsed().as_secs_f64() * 1e6 / proofs as f64);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{proofs} proof(s) of {inputs} inputs, {used} in the ring: median {:.1} µs a proof (quartiles {:.1}–{:.1})",
        times[rounds / 2],
        times[rounds / 4],
        times[3 * rounds / 4]
    );
}

/// The surjection proofs' share of a transaction's batch: `proofs` outputs, each with its
/// Borromean range proof and its surjection proof, against the range proofs alone.
fn transaction(
    cases: &[(SurjectionProof, Vec<ValueGenerator>, ValueGenerator)],
    proofs: usize,
    rounds: usize,
) {
    const SCRIPT: &[u8] = b"\x00\x14twenty-byte-program!";
    let ranges: Vec<_> = cases
        .iter()
        .map(|(_, _, generator)| {
            let blinding = Secp256k1::random_scalar(&mut OsRng);
            let proved = borromean::prove(
                OsRng.gen_range(1..1u64 << 50),
                &blinding,
                generator,
                &OsRng.gen::<[u8; 32]>(),
                &ProofParameters::LIQUID,
                &[0u8; 64],
                SCRIPT,
            )
            .unwrap();
            (proved.proof, proved.commitment, *generator)
        })
        .collect();
    let run = |round: usize, with_surjection: bool| {
        let t = std::time::Instant::now();
        let mut batch = BatchVerifier::<Secp256k1>::new();
        for k in 0..proofs {
            let at = (round + k) % cases.len();
            let (proof, commitment, generator) = &ranges[at];
            batch.add_deferred(borromean::pending(proof, commitment, generator, SCRIPT).unwrap());
            if with_surjection {
                let (p, i, o) = &cases[at];
                batch.add_deferred(surjection::pending(p, i, o).unwrap());
            }
        }
        batch.verify().unwrap();
        t.elapsed().as_secs_f64() * 1e6
    };
    let (mut with, mut without) = (Vec::new(), Vec::new());
    for round in 0..rounds {
        with.push(run(round, true));
        without.push(run(round, false));
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (w, wo) = (median(with), median(without));
    println!(
        "a transaction of {proofs} outputs: {w:.1} µs with the surjection proofs, {wo:.1} µs without: {:.1} µs a surjection proof",
        (w - wo) / proofs as f64
    );
}
