use merlin::Transcript;
use rand::rngs::OsRng;
use rangeproof::{generators::dalek, BatchVerifier, Group, RangeProof, Ristretto255};
use std::time::Instant;
fn main() {
    let what = std::env::args().nth(1).unwrap_or("batch".into());
    let gens = dalek::generators();
    let mk = || {
        let b = Ristretto255::random_scalar(&mut OsRng);
        let (p, c) =
            RangeProof::prove_single(gens, &mut Transcript::new(b"x"), 12345, &b, 64, &mut OsRng)
                .unwrap();
        (p, c.bytes)
    };
    if what == "prove" {
        let t = Instant::now();
        for _ in 0..200 {
            mk();
        }
        println!("prove {:?}", t.elapsed() / 200);
        return;
    }
    let proofs: Vec<_> = (0..1024).map(|_| mk()).collect();
    if what == "verify" {
        gens.table(64, 1);
        let t = Instant::now();
        for _ in 0..3 {
            for (p, c) in &proofs {
                p.verify_single(gens, &mut Transcript::new(b"x"), c, 64, &mut OsRng)
                    .unwrap();
            }
        }
        println!("verify {:?}", t.elapsed() / 3072);
        return;
    }
    let t = Instant::now();
    for _ in 0..40 {
        let mut b = BatchVerifier::new();
        for (p, c) in &proofs {
            b.add_bulletproof(gens, p, &mut Transcript::new(b"x"), &[*c], 64, &mut OsRng);
        }
        b.verify().unwrap();
    }
    println!("batch per proof {:?}", t.elapsed() / 40960);
}
