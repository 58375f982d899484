//! `rangeproof bench`: a quick table of our own prove / verify / batch-verify times.
//!
//! Inputs vary per iteration (fresh random values for proving, a rotation of distinct proofs
//! for verifying) so variable-time code is not flattered by a constant input. The side-by-side
//! comparison with the peer libraries is `cargo bench`, which keeps them dev-dependencies.

use std::time::{Duration, Instant};

use clap::Args;
use rand_core::{OsRng, RngCore};
use rangeproof::bulletproofs_plus::Statement;
use rangeproof::generators::{dalek, tari};
use rangeproof::{BatchVerifier, Group, RangeProof, RangeProofPlus, Ristretto255};

#[derive(Args)]
pub struct BenchArgs {
    /// Minimum wall time spent per measurement, in milliseconds.
    #[arg(long, default_value_t = 300)]
    millis: u64,
    /// Number of values in the batch-verification measurement (as many proofs as that takes).
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

const LABEL: &[u8] = b"rangeproof bench";

/// The two proof systems, in their wire-compatible flavors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Bulletproofs, dalek flavor.
    Bp,
    /// Bulletproofs+, Tari flavor, extension degree 1.
    Plus,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Bp => "BP",
            Kind::Plus => "BP+",
        }
    }
}

/// One proof with its commitments.
pub enum Proof {
    Bp(Box<RangeProof<Ristretto255>>),
    Plus(Box<RangeProofPlus<Ristretto255>>),
}

/// A proof and what it is about.
pub struct Sample {
    pub n: usize,
    pub proof: Proof,
    pub commitments: Vec<[u8; 32]>,
}

fn plus_statement(n: usize) -> Statement<'static> {
    Statement {
        bits: n,
        extension_degree: 1,
        minimum_values: None,
    }
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

/// Proves `values` (n bits each) with scheme `kind`.
pub fn prove(kind: Kind, n: usize, values: &[u64]) -> Sample {
    let mut t = crate::transcript(LABEL);
    let (proof, commitments) = match kind {
        Kind::Bp => {
            let blindings: Vec<_> = values
                .iter()
                .map(|_| Ristretto255::random_scalar(&mut OsRng))
                .collect();
            let (p, c) = RangeProof::prove_multiple(
                dalek::generators(),
                &mut t,
                values,
                &blindings,
                n,
                &mut OsRng,
            )
            .expect("valid inputs prove");
            (Proof::Bp(Box::new(p)), c)
        }
        Kind::Plus => {
            let blindings: Vec<[_; 1]> = values
                .iter()
                .map(|_| [Ristretto255::random_scalar(&mut OsRng)])
                .collect();
            let (p, c) = RangeProofPlus::prove(
                tari::generators(),
                &mut t,
                &plus_statement(n),
                values,
                &blindings,
                None,
                &mut OsRng,
            )
            .expect("valid inputs prove");
            (Proof::Plus(Box::new(p)), c)
        }
    };
    Sample {
        n,
        proof,
        commitments: commitments.iter().map(|c| c.bytes).collect(),
    }
}

impl Sample {
    pub fn size(&self) -> usize {
        match &self.proof {
            Proof::Bp(p) => p.serialized_size(),
            Proof::Plus(p) => p.serialized_size(),
        }
    }

    pub fn verify(&self) -> bool {
        let mut t = crate::transcript(LABEL);
        match &self.proof {
            Proof::Bp(p) => p.verify_multiple(
                dalek::generators(),
                &mut t,
                &self.commitments,
                self.n,
                &mut OsRng,
            ),
            Proof::Plus(p) => p.verify(
                tari::generators(),
                &mut t,
                &plus_statement(self.n),
                &self.commitments,
                &mut OsRng,
            ),
        }
        .is_ok()
    }

    /// Adds the proof to `batch`, possibly against other commitments.
    pub fn add_to(
        &self,
        batch: &mut BatchVerifier<'static, Ristretto255>,
        commitments: &[[u8; 32]],
    ) {
        let mut t = crate::transcript(LABEL);
        match &self.proof {
            Proof::Bp(p) => {
                batch.add_bulletproof(
                    dalek::generators(),
                    p,
                    &mut t,
                    commitments,
                    self.n,
                    &mut OsRng,
                );
            }
            Proof::Plus(p) => {
                let st = plus_statement(self.n);
                batch.add_bulletproof_plus(
                    tari::generators(),
                    p,
                    &mut t,
                    &st,
                    commitments,
                    &mut OsRng,
                );
            }
        }
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
    println!(
        "{:>6} {:>4} {:>4} {:>8} {:>12} {:>12} {:>22}",
        "scheme", "n", "m", "bytes", "prove", "verify", "batch verify / proof"
    );
    for (n, m) in SHAPES {
        for kind in [Kind::Bp, Kind::Plus] {
            eprintln!("measuring {} n = {n}, m = {m} ...", kind.name());
            let inputs: Vec<Vec<u64>> = (0..16).map(|_| random_values(n, m)).collect();
            let prove_time = time(min, |i| {
                prove(kind, n, &inputs[i % inputs.len()]);
            });
            let samples: Vec<Sample> = (0..8).map(|i| prove(kind, n, &inputs[i])).collect();
            let verify_time = time(min, |i| {
                assert!(samples[i % samples.len()].verify(), "valid proof verifies")
            });
            // Batch: as many proofs of this shape as make `batch` values, at least 2.
            let count = (args.batch / m).max(2);
            let batch_samples: Vec<Sample> = (0..count)
                .map(|_| prove(kind, n, &random_values(n, m)))
                .collect();
            let batch_time = time(min, |_| {
                let mut b = BatchVerifier::new();
                for s in &batch_samples {
                    s.add_to(&mut b, &s.commitments);
                }
                b.verify().expect("valid batch verifies");
            }) / count as u32;
            println!(
                "{:>6} {n:>4} {m:>4} {:>8} {:>12} {:>12} {:>22}",
                kind.name(),
                samples[0].size(),
                fmt(prove_time),
                fmt(verify_time),
                format!("{} (x{count})", fmt(batch_time)),
            );
        }
    }
    Ok(())
}
