//! Size and one-shot timings of the SHA-256 preimage circuit (the criterion benchmark in
//! `benches/r1cs.rs` is the measurement of record; this is for quick looks and profiling).
//!
//! `cargo run --release -p rangeproof --example sha256_circuit`

use std::time::Instant;

use rangeproof::r1cs::gadgets::sha256::{
    prove_sha256_preimage, sha256_preimage, sha256_transcript, verify_sha256_preimage,
};
use rangeproof::r1cs::{generators, ConstraintSystem, Prover, R1csConvention};
use rangeproof::Ristretto255;

fn main() {
    let gens = generators::dalek();
    let mut prover = Prover::new(gens, R1csConvention::Bound, sha256_transcript(&[0; 32]));
    sha256_preimage::<Ristretto255, _>(&mut prover, Some(b"x"), &[0; 32]).expect("builds");
    println!("metrics: {:?}", prover.metrics());
    let _ = gens.pedersen();
    let t = Instant::now();
    let (proof, digest) = prove_sha256_preimage(gens, R1csConvention::Bound, b"warm up").unwrap();
    println!("first prove (derives 2^15 generators): {:?}", t.elapsed());
    for _ in 0..2 {
        let t = Instant::now();
        let (p, d) =
            prove_sha256_preimage(gens, R1csConvention::Bound, b"the quick brown fox").unwrap();
        println!("prove: {:?} ({} bytes)", t.elapsed(), p.to_bytes().len());
        // Three times: the process's first verification also derives the generators' batch
        // form (BENCHMARKS.md).
        for k in 1..=3 {
            let t = Instant::now();
            verify_sha256_preimage(gens, R1csConvention::Bound, &d, &p).unwrap();
            println!("verify #{k}: {:?}", t.elapsed());
        }
    }
    verify_sha256_preimage(gens, R1csConvention::Bound, &digest, &proof).unwrap();
    // `-- verify-loop N`: N verifications, for a profiler.
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("verify-loop") {
        let n: usize = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(20);
        let t = Instant::now();
        for _ in 0..n {
            verify_sha256_preimage(gens, R1csConvention::Bound, &digest, &proof).unwrap();
        }
        println!("verify x{n}: {:?} each", t.elapsed() / n as u32);
    }
    // `-- prepared N`: the circuit prepared once, then N verifications alone and N batches of
    // one and of four proofs (one more proof in a batch: (four − one) / 3).
    if args.get(1).map(String::as_str) == Some("prepared") {
        use rangeproof::r1cs::gadgets::sha256::Sha256Circuit;
        let n: usize = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(10);
        let t = Instant::now();
        let circuit = Sha256Circuit::new(gens, R1csConvention::Bound).unwrap();
        println!("prepare: {:?}", t.elapsed());
        let proofs: Vec<_> = (0..4u8)
            .map(|i| prove_sha256_preimage(gens, R1csConvention::Bound, &[i; 20]).unwrap())
            .collect();
        let t = Instant::now();
        for k in 0..n {
            let (p, d) = &proofs[k % 4];
            circuit.verify(d, p).unwrap();
        }
        println!("prepared verify x{n}: {:?} each", t.elapsed() / n as u32);
        for size in [1, 4] {
            let t = Instant::now();
            for k in 0..n {
                let mut batch = rangeproof::BatchVerifier::new();
                for j in 0..size {
                    let (p, d) = &proofs[(k + j) % 4];
                    circuit.add_to(&mut batch, d, p, &mut rand_core::OsRng);
                }
                batch.verify().unwrap();
            }
            println!(
                "prepared batch of {size} x{n}: {:?} each",
                t.elapsed() / n as u32
            );
        }
    }
}
