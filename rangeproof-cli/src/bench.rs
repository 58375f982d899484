//! `rangeproof bench`: a quick table of our own prove / verify / batch-verify times.
//!
//! Inputs vary per iteration (fresh random values for proving, a rotation of distinct proofs
//! for verifying) so variable-time code is not flattered by a constant input. The side-by-side
//! comparison with the peer libraries is `cargo bench`, which keeps them dev-dependencies.
//! Measured on one thread unless `--threads N` (in a rayon pool of its own, with the
//! `parallel` feature), as the criterion benches are; the header names the CPU and the threads.
//! Proofs go through the library's [`Suite`] as bytes, as the CLI's documents do: verification
//! times include decoding.

use std::time::{Duration, Instant};

use clap::Args;
use rand_core::{OsRng, RngCore};
use rangeproof::{Suite, SuiteBatch, SuiteStatement};

#[derive(Args)]
pub struct BenchArgs {
    /// Minimum wall time spent per measurement, in milliseconds.
    #[arg(long, default_value_t = 300)]
    millis: u64,
    /// Number of values in the batch-verification measurement (as many proofs as that takes).
    #[arg(long, default_value_t = 256)]
    batch: usize,
    /// Also draw this run's prove and verify time per proof against m (64 bits each), as an
    /// SVG file. The peer libraries are compared by `cargo bench`, not drawn.
    /// A new file: an existing path or a symlink is refused unless --force.
    #[arg(long)]
    plot: Option<std::path::PathBuf>,
    /// Let --plot replace an existing file (written beside it and renamed).
    #[arg(long, requires = "plot")]
    force: bool,
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

/// The suites measured: the three proof systems on ristretto255 (Bulletproofs and
/// Bulletproofs+ in their wire-compatible flavors, Bulletproofs++ in ours), Monero's
/// Bulletproofs and Bulletproofs+ on Ed25519, and on secp256k1 libsecp256k1-zkp's Bulletproofs
/// (Grin) and Bulletproofs++ in its conventions.
pub const KINDS: [Suite; 7] = [
    Suite::DALEK_BULLETPROOFS,
    Suite::TARI_BULLETPROOFS_PLUS,
    Suite::BULLETPROOFS_PP,
    Suite::MONERO_BULLETPROOFS,
    Suite::MONERO_BULLETPROOFS_PLUS,
    Suite::GRIN_BULLETPROOFS,
    Suite::SECP256K1_ZKP_BULLETPROOFS_PP,
];

// A colour and a marker for each suite's line.
const _: () = assert!(crate::plot::STYLES.len() >= KINDS.len());

/// Whether `suite` proves `m` values of `n` bits (Monero: 64 bits, at most 16 outputs).
fn measures(suite: Suite, n: usize, m: usize) -> bool {
    suite.supported_bits().contains(&n) && m <= suite.max_values()
}

/// Short name of a suite's proof system for the tables.
pub fn short_name(suite: Suite) -> &'static str {
    if suite == Suite::MONERO_BULLETPROOFS {
        "BPxmr"
    } else if suite == Suite::MONERO_BULLETPROOFS_PLUS {
        "BP+xmr"
    } else if suite == Suite::GRIN_BULLETPROOFS {
        "BPgrin"
    } else if suite == Suite::SECP256K1_ZKP_BULLETPROOFS_PP {
        "BP++k1"
    } else if suite == Suite::BULLETPROOFS_PP {
        "BP++"
    } else if suite.scheme() == "bulletproofs+" {
        "BP+"
    } else {
        "BP"
    }
}

/// A proof with what it is about, as bytes (what a node receives).
pub struct Sample {
    pub suite: Suite,
    pub statement: SuiteStatement,
    pub proof: Vec<u8>,
    pub commitments: Vec<Vec<u8>>,
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

/// Proves `values` (n bits each) with `suite`.
pub fn prove(suite: Suite, n: usize, values: &[u64]) -> Sample {
    let statement = SuiteStatement {
        bits: n,
        extension_degree: 1,
        minimum_values: None,
        transcript_label: if suite.takes_transcript_label() {
            LABEL.to_vec()
        } else {
            Vec::new()
        },
        ..SuiteStatement::default()
    };
    let proved = suite
        .prove(&statement, values, &mut OsRng)
        .expect("valid inputs prove");
    Sample {
        suite,
        statement,
        proof: proved.proof,
        commitments: proved.commitments,
    }
}

impl Sample {
    pub fn size(&self) -> usize {
        self.proof.len()
    }

    /// Decodes and verifies the proof.
    pub fn verify(&self) -> bool {
        self.suite
            .verify(&self.statement, &self.proof, &self.commitments, &mut OsRng)
            .is_ok()
    }

    /// Adds the proof to `batch`, possibly against other commitments.
    pub fn add_to(&self, batch: &mut SuiteBatch, commitments: &[Vec<u8>]) {
        batch
            .add(
                self.suite,
                &self.statement,
                &self.proof,
                commitments,
                &mut OsRng,
            )
            .expect("the proof decodes");
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

/// Measures on `threads` threads (`--threads`, checked by the caller; 1 by default).
pub fn run(args: &BenchArgs, threads: usize) -> Result<(), String> {
    if args.batch == 0 {
        return Err("--batch must be at least 1".into());
    }
    // Claimed before minutes of measuring, so a refused path is said at once.
    let plot = args
        .plot
        .as_deref()
        .map(|path| crate::output::OutputFile::create("--plot", path, args.force, &[]))
        .transpose()?;
    // The library's parallel code sizes itself by the pool it runs in.
    #[cfg(feature = "parallel")]
    {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| format!("--threads: {e}"))?;
        pool.install(|| measure(args, threads, plot))
    }
    #[cfg(not(feature = "parallel"))]
    measure(args, threads, plot)
}

fn measure(
    args: &BenchArgs,
    threads: usize,
    plot: Option<crate::output::OutputFile>,
) -> Result<(), String> {
    let min = Duration::from_millis(args.millis);
    let cpu = crate::plot::cpu_model();
    // One header line (scripts take the next line for the first row): the columns, then what
    // the run is measured on.
    say!(
        "{:>6} {:>4} {:>4} {:>8} {:>12} {:>12} {:>22}   ({cpu}, {}; each time the mean over at least {} ms)",
        "scheme",
        "n",
        "m",
        "bytes",
        "prove",
        "verify",
        "batch verify / proof",
        crate::plot::threads(threads),
        args.millis
    );
    let measured = SHAPES
        .iter()
        .flat_map(|&(n, m)| KINDS.iter().filter(move |&&kind| measures(kind, n, m)))
        .count();
    let mut progress = crate::progress::Progress::new("bench", measured, true);
    let mut ours: Vec<crate::plot::Series> = KINDS
        .iter()
        .map(|&kind| crate::plot::Series {
            name: short_name(kind).into(),
            description: if kind.max_values() < 64 {
                format!(
                    "{} (at most {} values a proof)",
                    kind.name(),
                    kind.max_values()
                )
            } else {
                kind.name()
            },
            prove: Vec::new(),
            verify: Vec::new(),
        })
        .collect();
    for (n, m) in SHAPES {
        for kind in KINDS.into_iter().filter(|&kind| measures(kind, n, m)) {
            let what = format!("{} n = {n}, m = {m}", short_name(kind));
            // On a terminal only: a log or a pipe gets the table and nothing on stderr.
            progress.advance(0, &what);
            let inputs: Vec<Vec<u64>> = (0..16).map(|_| random_values(n, m)).collect();
            // One untimed proof and verification first: generators and tables are derived on
            // first use (once per process), which is not what a proof costs.
            prove(kind, n, &inputs[0]).verify();
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
                let mut b = SuiteBatch::new();
                for s in &batch_samples {
                    s.add_to(&mut b, &s.commitments);
                }
                b.verify().expect("valid batch verifies");
            }) / count as u32;
            progress.clear();
            say!(
                "{:>6} {n:>4} {m:>4} {:>8} {:>12} {:>12} {:>22}",
                short_name(kind),
                samples[0].size(),
                fmt(prove_time),
                fmt(verify_time),
                format!("{} (x{count})", fmt(batch_time)),
            );
            if n == 64 {
                let k = KINDS
                    .iter()
                    .position(|x| *x == kind)
                    .expect("a measured kind");
                ours[k].prove.push((m, prove_time));
                ours[k].verify.push((m, verify_time));
            }
            progress.advance(1, &what);
        }
    }
    if let Some(file) = plot {
        let run = crate::plot::Run {
            cpu: &cpu,
            threads,
            millis: args.millis,
        };
        file.write(crate::plot::svg(&ours, &run).trim_end())?;
    }
    Ok(())
}
