//! Ours against MobileCoin's range proofs as its nodes check them, side by side in one run:
//! `cargo bench -p rangeproof --bench versus_mobilecoin` (`-- quick` for fewer rounds).
//! MobileCoin runs its fork of the reference crate (`bulletproofs-og`, not on crates.io); its
//! range-proof code is the reference crate's, so the peer here is `bulletproofs` 5 configured as
//! MobileCoin configures the fork (its label, `BulletproofGens::new(64, 64)`, the token's bases,
//! padding by repeating the last commitment). BENCHMARKS.md also gives one run against the fork
//! itself, built beside the repository. A transaction's proof covers its outputs and pseudo
//! outputs (three values pad to four). Each side runs alternately on proofs rotated every
//! iteration; the table gives both medians and the median ratio, with the CPU.

mod common;
use common::{batch_against_each, cpu, interleaved, row};

use bulletproofs::{BulletproofGens, PedersenGens, RangeProof};
use curve25519_dalek_v4::constants::RISTRETTO_BASEPOINT_POINT;
use curve25519_dalek_v4::ristretto::CompressedRistretto;
use curve25519_dalek_v4::scalar::Scalar;
use merlin::Transcript;
use rand::rngs::OsRng;
use rand::RngCore;
use rangeproof::deployments::mobilecoin::{self, TRANSCRIPT_LABEL};
use rangeproof::suite::ParameterValue;
use rangeproof::{Group, Ristretto255, Suite, SuiteBatch, SuiteStatement};

const ROTATION: usize = 8;
const BATCH: usize = 128;
const TOKEN: u64 = 1;

struct Made {
    proof: Vec<u8>,
    commitments: Vec<Vec<u8>>,
}

fn statement() -> SuiteStatement {
    let mut statement = SuiteStatement {
        bits: 64,
        extension_degree: 1,
        ..SuiteStatement::default()
    };
    let base = Ristretto255::point_to_bytes(&mobilecoin::value_base(TOKEN));
    statement
        .parameters
        .insert("value_base".into(), ParameterValue::Bytes(base.to_vec()));
    statement
}

fn their_gens() -> PedersenGens {
    let b = Ristretto255::point_to_bytes(&mobilecoin::value_base(TOKEN));
    PedersenGens {
        B: CompressedRistretto(b).decompress().unwrap(),
        B_blinding: RISTRETTO_BASEPOINT_POINT,
    }
}

fn pad<T: Clone>(items: &[T]) -> Vec<T> {
    let mut out = items.to_vec();
    out.resize(
        items.len().next_power_of_two(),
        items[items.len() - 1].clone(),
    );
    out
}

/// A proof of `m` random values as MobileCoin makes it.
fn made(gens: &BulletproofGens, pedersen: &PedersenGens, m: usize) -> Made {
    let values: Vec<u64> = (0..m).map(|_| OsRng.next_u64()).collect();
    let blindings: Vec<Scalar> = (0..m).map(|_| Scalar::random(&mut OsRng)).collect();
    let (proof, commitments) = RangeProof::prove_multiple(
        gens,
        pedersen,
        &mut Transcript::new(TRANSCRIPT_LABEL),
        &pad(&values),
        &pad(&blindings),
        64,
    )
    .unwrap();
    Made {
        proof: proof.to_bytes(),
        commitments: commitments[..m]
            .iter()
            .map(|c| c.to_bytes().to_vec())
            .collect(),
    }
}

fn our_verify(statement: &SuiteStatement, made: &Made) {
    Suite::MOBILECOIN_BULLETPROOFS
        .verify(statement, &made.proof, &made.commitments, &mut OsRng)
        .unwrap();
}

/// `check_range_proofs` from the same bytes: decode, pad, verify.
fn their_verify(gens: &BulletproofGens, pedersen: &PedersenGens, made: &Made) {
    let proof = RangeProof::from_bytes(&made.proof).unwrap();
    let commitments: Vec<CompressedRistretto> = made
        .commitments
        .iter()
        .map(|c| CompressedRistretto::from_slice(c).unwrap())
        .collect();
    proof
        .verify_multiple(
            gens,
            pedersen,
            &mut Transcript::new(TRANSCRIPT_LABEL),
            &pad(&commitments),
            64,
        )
        .unwrap();
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let rounds = if quick { 40 } else { 300 };
    let gens = BulletproofGens::new(64, 64);
    let pedersen = their_gens();
    let statement = statement();
    println!(
        "\n{}: ours (MobileCoin suite) against MobileCoin's range-proof code (the reference crate as it configures its fork)\n",
        cpu()
    );
    println!("| operation | ours | MobileCoin's code | ours / theirs (median) |");
    println!("|---|---:|---:|---:|");
    for m in [1, 3] {
        let set: Vec<Made> = (0..ROTATION).map(|_| made(&gens, &pedersen, m)).collect();
        row(
            &format!("verify 64-bit, m = {m}"),
            interleaved(
                rounds,
                |i| our_verify(&statement, &set[i % ROTATION]),
                |i| their_verify(&gens, &pedersen, &set[i % ROTATION]),
            ),
        );
    }
    let values: Vec<Vec<u64>> = (0..ROTATION)
        .map(|_| (0..3).map(|_| OsRng.next_u64()).collect())
        .collect();
    row(
        "prove 64-bit, m = 3",
        interleaved(
            rounds / 4,
            |i| {
                Suite::MOBILECOIN_BULLETPROOFS
                    .prove(&statement, &values[i % ROTATION], &mut OsRng)
                    .unwrap();
            },
            |i| {
                let blindings: Vec<Scalar> = (0..3).map(|_| Scalar::random(&mut OsRng)).collect();
                RangeProof::prove_multiple(
                    &gens,
                    &pedersen,
                    &mut Transcript::new(TRANSCRIPT_LABEL),
                    &pad(&values[i % ROTATION]),
                    &pad(&blindings),
                    64,
                )
                .unwrap();
            },
        ),
    );
    // A block's worth of transactions' proofs in one batch, against one by one, per proof.
    let sets: Vec<Vec<Made>> = (0..2)
        .map(|_| (0..BATCH).map(|_| made(&gens, &pedersen, 3)).collect())
        .collect();
    let result = batch_against_each(
        if quick { 2 } else { 6 },
        &sets,
        |set| {
            let mut batch = SuiteBatch::new();
            for made in set {
                batch
                    .add(
                        Suite::MOBILECOIN_BULLETPROOFS,
                        &statement,
                        &made.proof,
                        &made.commitments,
                        &mut OsRng,
                    )
                    .unwrap();
            }
            batch.verify().unwrap();
        },
        |made| their_verify(&gens, &pedersen, made),
    );
    row(
        &format!("batch of {BATCH} (64-bit, m = 3), per proof"),
        result,
    );
}
