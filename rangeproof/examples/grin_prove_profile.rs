//! `cargo run --release --example grin_prove_profile`: proves 64-bit, 16-value Grin proofs in a
//! loop, for a profiler (`perf record`).
use rand_core::{OsRng, RngCore};
use rangeproof::flavors::grin::{GrinProver, GrinWitness};
use rangeproof::{Group, Secp256k1};

fn main() {
    let prover = GrinProver {
        generators_n: 2048,
        ..GrinProver::grin()
    };
    for _ in 0..10 {
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
        let t = std::time::Instant::now();
        prover.prove(&w).unwrap();
        println!("{:?}", t.elapsed());
    }
}
