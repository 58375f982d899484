//! `cargo run --release -p rangeproof --example grin_profile -- prove|verify|batch [m] [rounds] [size]`:
//! proves (or verifies) 64-bit secp256k1-zkp proofs of `m` values (default 16) in a loop and
//! prints each time, for a profiler (`perf record`) or to see the spread of timings on a
//! shared host; `batch` verifies `size` (default 1024) distinct proofs of `m` values in one
//! batch each round.
use rand_core::{OsRng, RngCore};
use rangeproof::secp256k1_zkp::bulletproofs::{self as grin, GrinProver, GrinWitness};
use rangeproof::{BatchVerifier, Group, Secp256k1};

fn witness(m: usize) -> GrinWitness {
    let mut nonce = [0u8; 32];
    OsRng.fill_bytes(&mut nonce);
    GrinWitness {
        values: (0..m).map(|_| OsRng.next_u64()).collect(),
        blindings: (0..m)
            .map(|_| Secp256k1::random_scalar(&mut OsRng))
            .collect(),
        rewind_nonce: nonce,
        private_nonce: None,
        message: None,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map_or("prove", String::as_str);
    let verify = mode != "prove";
    let m: usize = args.get(2).map_or(16, |a| a.parse().expect("m: a number"));
    let rounds: usize = args.get(3).map_or(if verify { 20 } else { 10 }, |a| {
        a.parse().expect("rounds: a number")
    });
    let prover = GrinProver {
        generators_n: grin::default_generators_n(64, m),
        ..GrinProver::grin()
    };
    let (statement, proof) = prover.prove(&witness(m)).unwrap();
    let size: usize = args
        .get(4)
        .map_or(1024, |a| a.parse().expect("size: a number"));
    let batch: Vec<_> = if mode == "batch" {
        (0..size)
            .map(|_| prover.prove(&witness(m)).unwrap())
            .collect()
    } else {
        Vec::new()
    };
    for _ in 0..rounds {
        let t = std::time::Instant::now();
        if mode == "batch" {
            let mut verifier = BatchVerifier::new();
            for (statement, proof) in &batch {
                verifier.add_grin_bulletproof(proof, statement, &mut OsRng);
            }
            verifier.verify().unwrap();
        } else if verify {
            grin::verify(&proof, &statement).unwrap();
        } else {
            prover.prove(&witness(m)).unwrap();
        }
        println!("{:.1} µs", t.elapsed().as_secs_f64() * 1e6);
    }
}
