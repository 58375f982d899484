//! Bulletproofs++ against our Bulletproofs+ on ristretto255 (the targets) and against
//! our Grin Bulletproofs on secp256k1, side by side in one run, one thread, alternating the two
//! per iteration, each iteration on another proof or fresh values; then the proof sizes for
//! m = 1…64 on both groups.
//!
//! `cargo bench -p rangeproof --bench bulletproofs_pp` (prints the CPU and the tables).

use rand::rngs::OsRng;
use rand::RngCore;
use rangeproof::bulletproofs_pp::{Merlin, Shape};
use rangeproof::secp256k1_zkp::bppp::Secp256k1Zkp;
use rangeproof::{Suite, SuiteBatch, SuiteStatement};

mod common;
use common::{cpu, interleaved, row};

const POOL: usize = 8;

struct Sample {
    statement: SuiteStatement,
    proof: Vec<u8>,
    commitments: Vec<Vec<u8>>,
}

fn statement(suite: Suite) -> SuiteStatement {
    SuiteStatement {
        bits: 64,
        extension_degree: 1,
        transcript_label: if suite.takes_transcript_label() {
            b"bench".to_vec()
        } else {
            Vec::new()
        },
        ..SuiteStatement::default()
    }
}

fn values(m: usize) -> Vec<u64> {
    (0..m).map(|_| OsRng.next_u64()).collect()
}

fn sample(suite: Suite, m: usize) -> Sample {
    let statement = statement(suite);
    let proved = suite.prove(&statement, &values(m), &mut OsRng).unwrap();
    Sample {
        statement,
        proof: proved.proof,
        commitments: proved.commitments,
    }
}

fn verify(suite: Suite, s: &Sample) {
    suite
        .verify(&s.statement, &s.proof, &s.commitments, &mut OsRng)
        .unwrap();
}

/// Prove, verify (m = 1, 16) and batch of `batch` single-value proofs: `ours` against `theirs`.
fn compare(ours: Suite, theirs: Suite, label: &str, batch: usize, rounds: usize) {
    for m in [1usize, 16] {
        let (o, t) = (sample(ours, m), sample(theirs, m));
        verify(ours, &o);
        verify(theirs, &t);
        let r = interleaved(
            rounds,
            |_| {
                sample(ours, m);
            },
            |_| {
                sample(theirs, m);
            },
        );
        row(&format!("{label}: prove, m = {m}"), r);
        let ours_pool: Vec<Sample> = (0..POOL).map(|_| sample(ours, m)).collect();
        let theirs_pool: Vec<Sample> = (0..POOL).map(|_| sample(theirs, m)).collect();
        let r = interleaved(
            rounds,
            |i| verify(ours, &ours_pool[i % POOL]),
            |i| verify(theirs, &theirs_pool[i % POOL]),
        );
        row(&format!("{label}: verify, m = {m}"), r);
    }
    let ours_pool: Vec<Sample> = (0..batch).map(|_| sample(ours, 1)).collect();
    let theirs_pool: Vec<Sample> = (0..batch).map(|_| sample(theirs, 1)).collect();
    let run = |suite: Suite, pool: &[Sample]| {
        let mut b = SuiteBatch::new();
        for s in pool {
            b.add(suite, &s.statement, &s.proof, &s.commitments, &mut OsRng)
                .unwrap();
        }
        b.verify().unwrap();
    };
    let (o, t, r) = interleaved(5, |_| run(ours, &ours_pool), |_| run(theirs, &theirs_pool));
    row(
        &format!("{label}: batch of {batch} (m = 1), per proof"),
        (o / batch as f64, t / batch as f64, r),
    );
}

fn main() {
    println!("CPU: {}\n", cpu());
    println!("| benchmark (one thread; alternating runs; varied inputs; n = 64) | Bulletproofs++ (median) | the other (median) | median of BP++ / other |");
    println!("|---|---|---|---|");
    compare(
        Suite::BULLETPROOFS_PP,
        Suite::TARI_BULLETPROOFS_PLUS,
        "ristretto255, BP++ vs our BP+ (Tari)",
        1024,
        40,
    );
    compare(
        Suite::SECP256K1_ZKP_BULLETPROOFS_PP,
        Suite::GRIN_BULLETPROOFS,
        "secp256k1, BP++ vs our BP (Grin)",
        256,
        20,
    );

    println!("\nProof sizes in bytes (n = 64; BP++ with the default base):\n");
    println!("| m | BP++ ristretto255 | BP+ ristretto255 (Tari) | BP ristretto255 (dalek) | BP++ secp256k1 | BP secp256k1 (Grin) |");
    println!("|---|---|---|---|---|---|");
    for m in [1usize, 2, 4, 8, 16, 32, 64] {
        let shape = Shape::new(64, m, None).unwrap();
        let pp = shape.proof_len::<Merlin>();
        let pp_k1 = shape.proof_len::<Secp256k1Zkp>();
        let sizes: Vec<usize> = [
            Suite::TARI_BULLETPROOFS_PLUS,
            Suite::DALEK_BULLETPROOFS,
            Suite::GRIN_BULLETPROOFS,
        ]
        .iter()
        .map(|s| sample(*s, m).proof.len())
        .collect();
        println!(
            "| {m} | {pp} (base {}) | {} | {} | {pp_k1} | {} |",
            shape.base(),
            sizes[0],
            sizes[1],
            sizes[2]
        );
    }
}
