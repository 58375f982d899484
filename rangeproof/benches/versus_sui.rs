//! Ours against Sui's own code (`fastcrypto` 0.1.11's `bulletproofs`), side by side in one run:
//! `cargo bench -p rangeproof --bench versus_sui` (`-- quick` for fewer rounds). Each side runs
//! alternately on proofs rotated every iteration (variable-time code must not be timed on one
//! input); the table gives both medians and the median ratio, with the CPU.

mod common;
use common::{batch_against_each, cpu, interleaved, row};

use fastcrypto::bulletproofs::{Range, RangeProof};
use fastcrypto::groups::ristretto255::{RistrettoPoint, RistrettoScalar};
use fastcrypto::pedersen::{Blinding, PedersenCommitment};
use fastcrypto::serde_helpers::ToFromByteArray;
use rand::rngs::OsRng;
use rand::{thread_rng, RngCore};
use rangeproof::{Suite, SuiteBatch, SuiteStatement};

const DST: &[u8] = b"bench";
const ROTATION: usize = 8;
const BATCH: usize = 256;

struct Made {
    proof: Vec<u8>,
    commitments: Vec<Vec<u8>>,
    theirs: (RangeProof, Vec<PedersenCommitment>),
}

fn statement() -> SuiteStatement {
    SuiteStatement {
        bits: 64,
        extension_degree: 1,
        transcript_label: DST.to_vec(),
        ..SuiteStatement::default()
    }
}

/// A proof of `m` random 64-bit values made by fastcrypto, in both sides' forms.
fn made(m: usize) -> Made {
    let values: Vec<u64> = (0..m).map(|_| OsRng.next_u64()).collect();
    let blindings: Vec<Blinding> = (0..m).map(|_| Blinding::rand(&mut thread_rng())).collect();
    let proof =
        RangeProof::prove_batch(&values, &blindings, &Range::Bits64, DST, &mut thread_rng())
            .unwrap();
    let commitments: Vec<PedersenCommitment> = values
        .iter()
        .zip(&blindings)
        .map(|(&v, b)| PedersenCommitment::new(&RistrettoScalar::from(v), b))
        .collect();
    let bytes = proof.to_bytes();
    Made {
        commitments: commitments
            .iter()
            .map(|c| c.0.to_byte_array().to_vec())
            .collect(),
        theirs: (RangeProof::from_bytes(&bytes).unwrap(), commitments),
        proof: bytes,
    }
}

fn our_verify(made: &Made) {
    Suite::SUI_BULLETPROOFS
        .verify(&statement(), &made.proof, &made.commitments, &mut OsRng)
        .unwrap();
}

/// fastcrypto from the same bytes: decode the proof and the commitments, then verify.
fn their_verify(made: &Made) {
    let proof = RangeProof::from_bytes(&made.proof).unwrap();
    let commitments: Vec<PedersenCommitment> = made
        .commitments
        .iter()
        .map(|c| {
            let bytes: [u8; 32] = c.as_slice().try_into().unwrap();
            PedersenCommitment(RistrettoPoint::from_byte_array(&bytes).unwrap())
        })
        .collect();
    proof
        .verify_batch(&commitments, &Range::Bits64, DST, &mut thread_rng())
        .unwrap();
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let rounds = if quick { 40 } else { 300 };
    println!("\n{}: ours (Sui suite) against fastcrypto 0.1.11\n", cpu());
    println!("| operation | ours | fastcrypto | ours / fastcrypto (median) |");
    println!("|---|---:|---:|---:|");
    for m in [1, 4] {
        let set: Vec<Made> = (0..ROTATION).map(|_| made(m)).collect();
        row(
            &format!("verify 64-bit, m = {m}"),
            interleaved(
                rounds,
                |i| our_verify(&set[i % ROTATION]),
                |i| their_verify(&set[i % ROTATION]),
            ),
        );
    }
    let values: Vec<Vec<u64>> = (0..ROTATION).map(|_| vec![OsRng.next_u64()]).collect();
    row(
        "prove 64-bit, m = 1",
        interleaved(
            rounds / 4,
            |i| {
                Suite::SUI_BULLETPROOFS
                    .prove(&statement(), &values[i % ROTATION], &mut OsRng)
                    .unwrap();
            },
            |i| {
                let b = [Blinding::rand(&mut thread_rng())];
                RangeProof::prove_batch(
                    &values[i % ROTATION],
                    &b,
                    &Range::Bits64,
                    DST,
                    &mut thread_rng(),
                )
                .unwrap();
            },
        ),
    );
    // A batch of one-value proofs against fastcrypto one by one (it has no batch), per proof.
    let sets: Vec<Vec<Made>> = (0..2)
        .map(|_| (0..BATCH).map(|_| made(1)).collect())
        .collect();
    let result = batch_against_each(
        if quick { 2 } else { 6 },
        &sets,
        |set| {
            let mut batch = SuiteBatch::new();
            for made in set {
                batch
                    .add(
                        Suite::SUI_BULLETPROOFS,
                        &statement(),
                        &made.proof,
                        &made.commitments,
                        &mut OsRng,
                    )
                    .unwrap();
            }
            batch.verify().unwrap();
        },
        |made| {
            let (proof, commitments) = &made.theirs;
            proof
                .verify_batch(commitments, &Range::Bits64, DST, &mut thread_rng())
                .unwrap();
        },
    );
    row(
        &format!("batch of {BATCH} (64-bit, m = 1), per proof"),
        result,
    );
}
