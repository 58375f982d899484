//! Ours against the code Aptos's validators run for Confidential APT (the Move natives call the
//! reference crate `bulletproofs` under Aptos's label, `BulletproofGens::new(64, 16)` and the
//! caller's Pedersen bases; Aptos pins 4.0.0, this runs 5, the same code on curve25519-dalek
//! 4), side by side in one run: `cargo bench -p rangeproof --bench versus_aptos` (`-- quick`
//! for fewer rounds). The shapes are Confidential APT's: a balance is eight 16-bit chunks, a
//! transfer amount four, each under an encryption key's bases (random here, new per proof
//! set). Each side runs alternately on proofs rotated every iteration; the table gives both
//! medians and the median ratio, with the CPU. (Aptos's WebAssembly bindings are compared in
//! `bindings/js/bench/speed.mjs`.)

mod common;
use common::{batch_against_each, cpu, interleaved, row};

use bulletproofs::{BulletproofGens, PedersenGens, RangeProof};
use curve25519_dalek_v4::ristretto::{CompressedRistretto, RistrettoPoint};
use curve25519_dalek_v4::scalar::Scalar;
use merlin::Transcript;
use rand::rngs::OsRng;
use rand::RngCore;
use rangeproof::deployments::aptos::TRANSCRIPT_LABEL;
use rangeproof::suite::ParameterValue;
use rangeproof::{Suite, SuiteBatch, SuiteStatement};

const ROTATION: usize = 8;
const BATCH: usize = 128;
const BITS: usize = 16;

struct Made {
    statement: SuiteStatement,
    pedersen: PedersenGens,
    proof: Vec<u8>,
    commitments: Vec<Vec<u8>>,
}

/// A proof of `m` random 16-bit chunks under fresh random bases, made by the reference crate.
fn made(gens: &BulletproofGens, m: usize) -> Made {
    made_under(gens, m, true)
}

/// [`made`] under fresh random bases, or the reference bases (which statements leave out).
fn made_under(gens: &BulletproofGens, m: usize, own_bases: bool) -> Made {
    let pedersen = if own_bases {
        PedersenGens {
            B: RistrettoPoint::random(&mut OsRng),
            B_blinding: RistrettoPoint::random(&mut OsRng),
        }
    } else {
        PedersenGens::default()
    };
    let values: Vec<u64> = (0..m).map(|_| OsRng.next_u64() & 0xffff).collect();
    let blindings: Vec<Scalar> = (0..m).map(|_| Scalar::random(&mut OsRng)).collect();
    let (proof, commitments) = RangeProof::prove_multiple(
        gens,
        &pedersen,
        &mut Transcript::new(TRANSCRIPT_LABEL),
        &values,
        &blindings,
        BITS,
    )
    .unwrap();
    let mut statement = SuiteStatement {
        bits: BITS,
        extension_degree: 1,
        ..SuiteStatement::default()
    };
    for (name, point) in [
        ("value_base", pedersen.B),
        ("blinding_base", pedersen.B_blinding),
    ] {
        if !own_bases {
            break;
        }
        statement.parameters.insert(
            name.into(),
            ParameterValue::Bytes(point.compress().to_bytes().to_vec()),
        );
    }
    Made {
        statement,
        pedersen,
        proof: proof.to_bytes(),
        commitments: commitments.iter().map(|c| c.to_bytes().to_vec()).collect(),
    }
}

fn our_verify(made: &Made) {
    Suite::APTOS_BULLETPROOFS
        .verify(&made.statement, &made.proof, &made.commitments, &mut OsRng)
        .unwrap();
}

/// The natives' path from the same bytes: decode the proof and the commitments, then verify.
fn their_verify(gens: &BulletproofGens, made: &Made) {
    let proof = RangeProof::from_bytes(&made.proof).unwrap();
    let commitments: Vec<CompressedRistretto> = made
        .commitments
        .iter()
        .map(|c| CompressedRistretto::from_slice(c).unwrap())
        .collect();
    proof
        .verify_multiple(
            gens,
            &made.pedersen,
            &mut Transcript::new(TRANSCRIPT_LABEL),
            &commitments,
            BITS,
        )
        .unwrap();
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let rounds = if quick { 40 } else { 300 };
    let gens = BulletproofGens::new(64, 16);
    println!(
        "\n{}: ours (Aptos suite) against the reference crate as Aptos's natives run it\n",
        cpu()
    );
    println!("| operation | ours | Aptos natives' code | ours / theirs (median) |");
    println!("|---|---:|---:|---:|");
    for m in [4, 8] {
        let set: Vec<Made> = (0..ROTATION).map(|_| made(&gens, m)).collect();
        row(
            &format!("verify {m} x 16 bits"),
            interleaved(
                rounds,
                |i| our_verify(&set[i % ROTATION]),
                |i| their_verify(&gens, &set[i % ROTATION]),
            ),
        );
    }
    let set: Vec<Made> = (0..ROTATION).map(|_| made_under(&gens, 8, false)).collect();
    row(
        "verify 8 x 16 bits, reference bases",
        interleaved(
            rounds,
            |i| our_verify(&set[i % ROTATION]),
            |i| their_verify(&gens, &set[i % ROTATION]),
        ),
    );
    let set: Vec<Made> = (0..ROTATION).map(|_| made(&gens, 8)).collect();
    let values: Vec<Vec<u64>> = (0..ROTATION)
        .map(|_| (0..8).map(|_| OsRng.next_u64() & 0xffff).collect())
        .collect();
    row(
        "prove 8 x 16 bits",
        interleaved(
            rounds / 4,
            |i| {
                Suite::APTOS_BULLETPROOFS
                    .prove(
                        &set[i % ROTATION].statement,
                        &values[i % ROTATION],
                        &mut OsRng,
                    )
                    .unwrap();
            },
            |i| {
                let blindings: Vec<Scalar> = (0..8).map(|_| Scalar::random(&mut OsRng)).collect();
                RangeProof::prove_multiple(
                    &gens,
                    &set[i % ROTATION].pedersen,
                    &mut Transcript::new(TRANSCRIPT_LABEL),
                    &values[i % ROTATION],
                    &blindings,
                    BITS,
                )
                .unwrap();
            },
        ),
    );
    // A batch of balance proofs (each under its own bases) against the natives one by one
    // (they have no batch across proofs), per proof.
    let sets: Vec<Vec<Made>> = (0..2)
        .map(|_| (0..BATCH).map(|_| made(&gens, 8)).collect())
        .collect();
    let result = batch_against_each(
        if quick { 2 } else { 6 },
        &sets,
        |set| {
            let mut batch = SuiteBatch::new();
            for made in set {
                batch
                    .add(
                        Suite::APTOS_BULLETPROOFS,
                        &made.statement,
                        &made.proof,
                        &made.commitments,
                        &mut OsRng,
                    )
                    .unwrap();
            }
            batch.verify().unwrap();
        },
        |made| their_verify(&gens, made),
    );
    row(
        &format!("batch of {BATCH} (8 x 16 bits, own bases each), per proof"),
        result,
    );
}
