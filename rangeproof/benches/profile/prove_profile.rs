//! The constant-time Bulletproofs prover (dalek flavor, ristretto255, n = 64) in a loop, for
//! profiling where proving time goes (criterion's `versus_reference` is the measurement of
//! record).
//!
//! `cargo run --release -p rangeproof --example prove_profile [m] [rounds]`

use merlin::Transcript;
use rand_core::OsRng;
use rangeproof::deployments::dalek;
use rangeproof::{Group, RangeProof, Ristretto255};

fn main() {
    let arg = |i: usize, default: usize| {
        std::env::args()
            .nth(i)
            .and_then(|s| s.parse().ok())
            .unwrap_or(default)
    };
    let (m, rounds) = (arg(1, 64), arg(2, 10));
    let gens = dalek::generators();
    for round in 0..rounds {
        let values: Vec<u64> = (0..m as u64).map(|i| i * 7919 + round as u64).collect();
        let blindings: Vec<_> = (0..m)
            .map(|_| Ristretto255::random_scalar(&mut OsRng))
            .collect();
        let t = std::time::Instant::now();
        RangeProof::prove_multiple(
            gens,
            &mut Transcript::new(b"profile"),
            &values,
            &blindings,
            64,
            &mut OsRng,
        )
        .expect("proves");
        println!("m = {m}: {:?}", t.elapsed());
    }
}
