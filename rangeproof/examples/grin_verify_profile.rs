//! `cargo run --release --example grin_verify_profile`: verifies a 64-bit, 16-value Grin proof
//! in a loop and prints each time, for a profiler (`perf record`) or to see the spread.
use rand_core::{OsRng, RngCore};
use rangeproof::flavors::grin::{self, GrinProver, GrinWitness};
use rangeproof::{Group, Secp256k1};

fn main() {
    let prover = GrinProver {
        generators_n: 2048,
        ..GrinProver::grin()
    };
    let mut nonce = [0u8; 32];
    OsRng.fill_bytes(&mut nonce);
    let w = GrinWitness {
        values: (0..16).map(|_| OsRng.next_u64()).collect(),
        blindings: (0..16)
            .map(|_| Secp256k1::random_scalar(&mut OsRng))
            .collect(),
        rewind_nonce: nonce,
        private_nonce: None,
        message: None,
    };
    let (statement, proof) = prover.prove(&w).unwrap();
    for _ in 0..20 {
        let t = std::time::Instant::now();
        grin::verify(&proof, &statement).unwrap();
        println!("{:?}", t.elapsed());
    }
}
