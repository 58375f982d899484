//! `cargo run --release -p rangeproof --example bppp_profile -- [pp|plus|both] [proofs] [rounds]`:
//! batches of `proofs` (default 1024) single 64-bit ristretto255 proofs — Bulletproofs++
//! (`pp`), Bulletproofs+ as Tari makes them (`plus`), or both alternating — verified through the
//! suite API as documents are, each round's time per proof printed, for a profiler
//! (`perf record`) or quick before/after looks (`cargo bench --bench bulletproofs_pp` is the
//! measurement of record).
use rand_core::{OsRng, RngCore};
use rangeproof::{Suite, SuiteBatch, SuiteStatement};

struct Sample {
    proof: Vec<u8>,
    commitments: Vec<Vec<u8>>,
}

fn statement() -> SuiteStatement {
    SuiteStatement {
        bits: 64,
        extension_degree: 1,
        transcript_label: b"bench".to_vec(),
        ..SuiteStatement::default()
    }
}

fn main() {
    let arg = |i: usize| std::env::args().nth(i);
    let mode = arg(1).unwrap_or_else(|| "both".into());
    let count: usize = arg(2).map_or(1024, |a| a.parse().expect("proofs: a number"));
    let rounds: usize = arg(3).map_or(10, |a| a.parse().expect("rounds: a number"));
    let suites: Vec<Suite> = match mode.as_str() {
        "pp" => vec![Suite::BULLETPROOFS_PP],
        "plus" => vec![Suite::TARI_BULLETPROOFS_PLUS],
        _ => vec![Suite::BULLETPROOFS_PP, Suite::TARI_BULLETPROOFS_PLUS],
    };
    let statement = statement();
    let pools: Vec<Vec<Sample>> = suites
        .iter()
        .map(|suite| {
            (0..count)
                .map(|_| {
                    let proved = suite
                        .prove(&statement, &[OsRng.next_u64()], &mut OsRng)
                        .unwrap();
                    Sample {
                        proof: proved.proof,
                        commitments: proved.commitments,
                    }
                })
                .collect()
        })
        .collect();
    let mut times = vec![Vec::new(); suites.len()];
    for _ in 0..rounds {
        for (k, (suite, pool)) in suites.iter().zip(&pools).enumerate() {
            let t = std::time::Instant::now();
            let mut batch = SuiteBatch::new();
            for s in pool {
                batch
                    .add(*suite, &statement, &s.proof, &s.commitments, &mut OsRng)
                    .unwrap();
            }
            batch.verify().unwrap();
            times[k].push(t.elapsed().as_secs_f64() * 1e6 / count as f64);
        }
    }
    for (suite, mut t) in suites.iter().zip(times) {
        t.sort_by(f64::total_cmp);
        println!(
            "{}: median {:.1} µs a proof (range {:.1}–{:.1})",
            suite.name(),
            t[t.len() / 2],
            t[0],
            t[t.len() - 1]
        );
    }
}
