//! `cargo run --release -p rangeproof --example grin_profile -- prove|verify`: proves (or
//! verifies) 64-bit, 16-value secp256k1-zkp proofs in a loop and prints each time, for a
//! profiler (`perf record`) or to see the spread of timings on a shared host.
use rand_core::{OsRng, RngCore};
use rangeproof::secp256k1_zkp::bulletproofs::{self as grin, GrinProver, GrinWitness};
use rangeproof::{Group, Secp256k1};

fn witness() -> GrinWitness {
    let mut nonce = [0u8; 32];
    OsRng.fill_bytes(&mut nonce);
    GrinWitness {
        values: (0..16).map(|_| OsRng.next_u64()).collect(),
        blindings: (0..16)
            .map(|_| Secp256k1::random_scalar(&mut OsRng))
            .collect(),
        rewind_nonce: nonce,
        private_nonce: None,
        message: None,
    }
}

fn main() {
    let prover = GrinProver {
        generators_n: 2048,
        ..GrinProver::grin()
    };
    let verify = std::env::args().nth(1).as_deref() == Some("verify");
    let (statement, proof) = prover.prove(&witness()).unwrap();
    for _ in 0..if verify { 20 } else { 10 } {
        let t = std::time::Instant::now();
        if verify {
            grin::verify(&proof, &statement).unwrap();
        } else {
            prover.prove(&witness()).unwrap();
        }
        println!("{:?}", t.elapsed());
    }
}
