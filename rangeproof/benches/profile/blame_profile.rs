//! `cargo run --release -p rangeproof --example blame_profile -- [size] [rounds]`: what an
//! adversary's batch costs against an honest one. `size` (default 512) 64-bit secp256k1-zkp
//! proofs of one value each — an MWEB output's proof — are verified in one batch: all valid;
//! all invalid (each checked against another proof's commitment) with no blame limit, naming
//! every one; all invalid with a blame limit of 16; and one invalid among valid ones. Three
//! sets of distinct proofs are cycled through the rounds (variable-time code on one input
//! would flatter it); each line gives the median of `rounds` (default 5) and its ratio to the
//! valid batch's.
use std::time::Instant;

use rand_core::{OsRng, RngCore};
use rangeproof::secp256k1_zkp::bulletproofs::{GrinProver, GrinStatement, GrinWitness};
use rangeproof::{BatchVerifier, Group, Secp256k1};

fn witness() -> GrinWitness {
    let mut nonce = [0u8; 32];
    OsRng.fill_bytes(&mut nonce);
    GrinWitness {
        values: vec![OsRng.next_u64()],
        blindings: vec![Secp256k1::random_scalar(&mut OsRng)],
        rewind_nonce: nonce,
        private_nonce: None,
        message: None,
    }
}

/// Verifies `set` in one batch, proof `k` against the statement of `statement_of(k)`; the
/// seconds taken and the counts named invalid and not named.
fn run(
    set: &[(GrinStatement, Vec<u8>)],
    statement_of: &dyn Fn(usize) -> usize,
    limit: Option<usize>,
) -> (f64, usize, usize) {
    let t = Instant::now();
    let mut batch = BatchVerifier::new();
    batch.set_blame_limit(limit);
    for (k, (_, proof)) in set.iter().enumerate() {
        batch.add_grin_bulletproof(proof, &set[statement_of(k)].0, &mut OsRng);
    }
    let (invalid, not_named) = match batch.verify() {
        Ok(()) => (0, 0),
        Err(e) => (e.invalid.len(), e.not_named.len()),
    };
    (t.elapsed().as_secs_f64(), invalid, not_named)
}

/// A case: its name, which statement each proof is checked against, the blame limit.
type Case<'a> = (&'a str, &'a dyn Fn(usize) -> usize, Option<usize>);

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: usize = args
        .get(1)
        .map_or(512, |a| a.parse().expect("size: a number"));
    let rounds: usize = args
        .get(2)
        .map_or(5, |a| a.parse().expect("rounds: a number"));
    let prover = GrinProver::grin();
    let sets: Vec<Vec<(GrinStatement, Vec<u8>)>> = (0..3)
        .map(|_| {
            (0..size)
                .map(|_| prover.prove(&witness()).expect("proves"))
                .collect()
        })
        .collect();
    let same = |k: usize| k;
    let shifted = move |k: usize| (k + 1) % size;
    let one = move |k: usize| if k == size / 3 { shifted(k) } else { k };
    let cases: [Case; 4] = [
        ("all valid", &same, None),
        ("all invalid, every one named", &shifted, None),
        ("all invalid, blame limit 16", &shifted, Some(16)),
        ("one invalid, blame limit 16", &one, Some(16)),
    ];
    let mut base = 0.0;
    println!("{size} proofs a batch, median of {rounds}:");
    for (name, statement_of, limit) in cases {
        let mut times = Vec::new();
        let mut named = (0, 0);
        for r in 0..rounds {
            let (t, invalid, not_named) = run(&sets[r % sets.len()], statement_of, limit);
            times.push(t);
            named = (invalid, not_named);
        }
        let t = median(times);
        if base == 0.0 {
            base = t;
        }
        println!(
            "{name:32} {:>9.1} ms  {:>5.2}x  named {}, not named {}",
            t * 1e3,
            t / base,
            named.0,
            named.1
        );
    }
}
