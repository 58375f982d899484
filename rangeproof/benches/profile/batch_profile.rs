//! Batch verification of 1024 Bulletproofs and 1024 Bulletproofs+ (n = 64, m = 1), per proof:
//! for quick before/after comparisons and profiling (criterion's `versus_reference` and
//! `versus_tari` benches are the measurements of record).
//!
//! `cargo run --release -p rangeproof --example batch_profile [rounds] [proofs]`

use std::time::Instant;

use merlin::Transcript;
use rand_core::OsRng;
use rangeproof::bulletproofs_plus::Statement;
use rangeproof::deployments::{dalek, tari};
use rangeproof::{BatchVerifier, Group, RangeProof, RangeProofPlus, Ristretto255};

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    let count: usize = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1024);
    let (bp, bpp) = (dalek::generators(), tari::generators());
    let statement = Statement {
        bits: 64,
        extension_degree: 1,
        minimum_values: None,
    };
    let mut plain = Vec::new();
    let mut plus = Vec::new();
    for i in 0..count as u64 {
        let blinding = Ristretto255::random_scalar(&mut OsRng);
        let (p, v) = RangeProof::prove_single(
            bp,
            &mut Transcript::new(b"b"),
            i * 7919,
            &blinding,
            64,
            &mut OsRng,
        )
        .expect("proves");
        plain.push((p, v.bytes));
        let (p, v) = RangeProofPlus::prove(
            bpp,
            &mut Transcript::new(b"b"),
            &statement,
            &[i],
            &[[blinding]],
            None,
            &mut OsRng,
        )
        .expect("proves");
        plus.push((p, v[0].bytes));
    }
    for _ in 0..rounds {
        let t = Instant::now();
        let mut batch = BatchVerifier::new();
        for (p, v) in &plain {
            batch.add_bulletproof(bp, p, &mut Transcript::new(b"b"), &[*v], 64, &mut OsRng);
        }
        batch.verify().expect("valid");
        let per_bp = t.elapsed() / count as u32;
        let t = Instant::now();
        let mut batch = BatchVerifier::new();
        for (p, v) in &plus {
            batch.add_bulletproof_plus(
                bpp,
                p,
                &mut Transcript::new(b"b"),
                &statement,
                &[*v],
                &mut OsRng,
            );
        }
        batch.verify().expect("valid");
        let per_bpp = t.elapsed() / count as u32;
        println!("batch of {count}, per proof: BP {per_bp:?}, BP+ {per_bpp:?}");
    }
}
