//! `cargo run --release -p rangeproof --example borromean_profile -- [rounds]`: verifies
//! Liquid-shaped Borromean range proofs (52 bits) in a loop and prints each time, for a profiler
//! (`perf record`) or to see the spread of timings on a shared host.
use rand::rngs::OsRng;
use rand::Rng;
use rangeproof::secp256k1_zkp::borromean::{self, ProofParameters};
use rangeproof::secp256k1_zkp::generator::generator_generate_blinded;

const SCRIPT: &[u8] = b"\x00\x14twenty-byte-program!";

fn scalar() -> k256::Scalar {
    use k256::elliptic_curve::Field;
    k256::Scalar::random(&mut OsRng)
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .map_or(200, |a| a.parse().expect("rounds: a number"));
    let proofs: Vec<_> = (0..8)
        .map(|_| {
            let generator = generator_generate_blinded(&OsRng.gen(), &scalar()).unwrap();
            let proved = borromean::prove(
                OsRng.gen_range(1..1u64 << 50),
                &scalar(),
                &generator,
                &OsRng.gen(),
                &ProofParameters::LIQUID,
                &[],
                SCRIPT,
            )
            .unwrap();
            (proved, generator)
        })
        .collect();
    for i in 0..rounds {
        let (proved, generator) = &proofs[i % proofs.len()];
        let t = std::time::Instant::now();
        borromean::verify(&proved.proof, &proved.commitment, generator, SCRIPT).unwrap();
        println!("{:.1} µs", t.elapsed().as_secs_f64() * 1e6);
    }
}
