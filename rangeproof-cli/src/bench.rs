//! `rangeproof bench`: a quick table of our own prove / verify / batch-verify times.
//!
//! Inputs vary per iteration (fresh random values for proving, a rotation of distinct proofs
//! for verifying) so variable-time code is not flattered by a constant input. The side-by-side
//! comparison with the peer libraries is `cargo bench`, which keeps them dev-dependencies.

use std::time::{Duration, Instant};

use clap::Args;
use rand_core::{OsRng, RngCore};
use rangeproof::{generators::dalek, BatchVerifier, Group, RangeProof, Ristretto255};

#[derive(Args)]
pub struct BenchArgs {
    /// Minimum wall time spent per measurement, in milliseconds.
    #[arg(long, default_value_t = 300)]
    millis: u64,
    /// Number of single-value proofs in the batch-verification measurement.
    #[arg(long, default_value_t = 256)]
    batch: usize,
}

/// The shapes measured: every bit size alone, and aggregation at 64 bits.
const SHAPES: [(usize, usize); 9] = [
    (8, 1),
    (16, 1),
    (32, 1),
    (64, 1),
    (64, 2),
    (64, 4),
    (64, 8),
    (64, 16),
    (64, 64),
];

/// One proof with its commitments.
pub struct Sample {
    pub proof: RangeProof<Ristretto255>,
    pub commitments: Vec<[u8; 32]>,
}

/// Random `n`-bit values.
pub fn random_values(n: usize, m: usize) -> Vec<u64> {
    (0..m)
        .map(|_| {
            if n == 64 {
                OsRng.next_u64()
            } else {
                OsRng.next_u64() >> (64 - n)
            }
        })
        .collect()
}

/// Proves `m` random `n`-bit values under `label`.
pub fn sample(n: usize, m: usize, label: &[u8]) -> Sample {
    let values = random_values(n, m);
    let blindings: Vec<_> = (0..m)
        .map(|_| Ristretto255::random_scalar(&mut OsRng))
        .collect();
    let (proof, commitments) = RangeProof::prove_multiple(
        dalek::generators(),
        &mut crate::transcript(label),
        &values,
        &blindings,
        n,
        &mut OsRng,
    )
    .expect("valid inputs prove");
    Sample {
        proof,
        commitments: commitments.iter().map(|c| c.bytes).collect(),
    }
}

/// Mean time of `f` over at least `min` wall time (and at least 3 runs); `f` gets the run index.
pub fn time(min: Duration, mut f: impl FnMut(usize)) -> Duration {
    let start = Instant::now();
    let mut runs = 0;
    while runs < 3 || start.elapsed() < min {
        f(runs);
        runs += 1;
    }
    start.elapsed() / runs as u32
}

/// Formats a duration with a unit that keeps three significant digits.
pub fn fmt(d: Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us < 1000.0 {
        format!("{us:.1} µs")
    } else if us < 1e6 {
        format!("{:.2} ms", us / 1000.0)
    } else {
        format!("{:.2} s", us / 1e6)
    }
}

pub fn run(args: &BenchArgs) -> Result<(), String> {
    if args.batch == 0 {
        return Err("--batch must be at least 1".into());
    }
    let min = Duration::from_millis(args.millis);
    let gens = dalek::generators();
    const LABEL: &[u8] = b"rangeproof bench";
    println!(
        "{:>4} {:>4} {:>8} {:>12} {:>12} {:>22}",
        "n", "m", "bytes", "prove", "verify", "batch verify / proof"
    );
    for (n, m) in SHAPES {
        eprintln!("measuring n = {n}, m = {m} ...");
        let blindings: Vec<_> = (0..m)
            .map(|_| Ristretto255::random_scalar(&mut OsRng))
            .collect();
        let inputs: Vec<Vec<u64>> = (0..16).map(|_| random_values(n, m)).collect();
        let prove = time(min, |i| {
            let mut t = crate::transcript(LABEL);
            RangeProof::prove_multiple(
                gens,
                &mut t,
                &inputs[i % inputs.len()],
                &blindings,
                n,
                &mut OsRng,
            )
            .expect("prove");
        });
        let samples: Vec<Sample> = (0..8).map(|_| sample(n, m, LABEL)).collect();
        let verify = time(min, |i| {
            let s = &samples[i % samples.len()];
            s.proof
                .verify_multiple(
                    gens,
                    &mut crate::transcript(LABEL),
                    &s.commitments,
                    n,
                    &mut OsRng,
                )
                .expect("valid proof verifies");
        });
        // Batch: as many proofs of this shape as make `batch` values, at least 2.
        let count = (args.batch / m).max(2);
        let batch_samples: Vec<Sample> = (0..count).map(|_| sample(n, m, LABEL)).collect();
        let batch = time(min, |_| {
            let mut b = BatchVerifier::new();
            for s in &batch_samples {
                b.add_bulletproof(
                    gens,
                    &s.proof,
                    &mut crate::transcript(LABEL),
                    &s.commitments,
                    n,
                    &mut OsRng,
                );
            }
            b.verify().expect("valid batch verifies");
        }) / count as u32;
        println!(
            "{n:>4} {m:>4} {:>8} {:>12} {:>12} {:>22}",
            samples[0].proof.serialized_size(),
            fmt(prove),
            fmt(verify),
            format!("{} (x{count})", fmt(batch)),
        );
    }
    Ok(())
}
