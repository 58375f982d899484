//! `rangeproof demo`: the main job on built-in defaults.
//!
//! A confidential payment: Alice spends a hidden 10 000-unit note, pays Bob 1 250, keeps
//! 8 700 in change and pays a public fee of 50. Observers see only commitments; an aggregated
//! range proof shows both outputs are in [0, 2^64) (so no output hides a negative amount), and
//! the commitments balance. Then a block of payments is verified in one batch, and a tampered
//! proof in it is pinpointed.

use std::time::Instant;

use rand_core::OsRng;
use rangeproof::{generators::dalek, BatchVerifier, Group, RangeProof, Ristretto255};

use crate::bench::{fmt, sample};

const LABEL: &[u8] = b"rangeproof demo payment";
const BITS: usize = 64;
const BLOCK: usize = 128;

fn row(step: &str, proofs: usize, values: usize, bytes: usize, took: std::time::Duration) {
    println!(
        "| {step:<44} | {proofs:>6} | {values:>6} | {bytes:>9} | {:>10} |",
        fmt(took)
    );
}

pub fn run() -> Result<(), String> {
    let start = Instant::now();
    let gens = dalek::generators();
    let pc = gens.pedersen();
    gens.table(BITS, 1);
    let setup = start.elapsed();

    println!(
        "Confidential payment: Alice pays Bob 1250, keeps 8700 change, pays a public fee of 50.\n"
    );
    println!(
        "| {:<44} | {:>6} | {:>6} | {:>9} | {:>10} |",
        "step", "proofs", "values", "bytes", "time"
    );
    println!(
        "|{:-<46}|{:->8}|{:->8}|{:->11}|{:->12}|",
        "", "", "", "", ""
    );
    row("derive generators (dalek flavor)", 0, 0, 0, setup);

    // Alice's input note and its blinding (she knows both; the chain only has the commitment).
    let input_value = 10_000u64;
    let input_blinding = Ristretto255::random_scalar(&mut OsRng);
    let input = pc.commit(input_value.into(), input_blinding);
    let outputs = [1_250u64, 8_700];
    let fee = input_value - outputs.iter().sum::<u64>();
    let blindings = [
        Ristretto255::random_scalar(&mut OsRng),
        Ristretto255::random_scalar(&mut OsRng),
    ];

    let t = Instant::now();
    let (proof, commitments) = RangeProof::prove_multiple(
        gens,
        &mut crate::transcript(LABEL),
        &outputs,
        &blindings,
        BITS,
        &mut OsRng,
    )
    .map_err(|e| e.to_string())?;
    row(
        "prove both outputs (aggregated, 64-bit)",
        1,
        2,
        proof.serialized_size(),
        t.elapsed(),
    );

    let bytes = proof.to_bytes();
    let encoded: Vec<[u8; 32]> = commitments.iter().map(|c| c.bytes).collect();
    let t = Instant::now();
    let received = RangeProof::<Ristretto255>::from_bytes(&bytes).map_err(|e| e.to_string())?;
    received
        .verify_multiple(
            gens,
            &mut crate::transcript(LABEL),
            &encoded,
            BITS,
            &mut OsRng,
        )
        .map_err(|e| format!("demo proof failed to verify: {e}"))?;
    row(
        "verify it from the wire bytes",
        1,
        2,
        bytes.len(),
        t.elapsed(),
    );

    // Balance: input - outputs - fee·B must be a commitment to 0, i.e. a multiple of B̃ whose
    // discrete log (the blinding excess) Alice knows and can sign with.
    let excess = input
        - commitments[0].point
        - commitments[1].point
        - pc.b * <Ristretto255 as Group>::Scalar::from(fee);
    let expected = pc.b_blinding() * (input_blinding - blindings[0] - blindings[1]);
    if excess != expected {
        return Err("demo commitments do not balance".into());
    }

    // A block of payments: each with its own proof, verified one by one and then in one batch.
    let block: Vec<_> = (0..BLOCK).map(|_| sample(BITS, 1, LABEL)).collect();
    let t = Instant::now();
    for s in &block {
        s.proof
            .verify_multiple(
                gens,
                &mut crate::transcript(LABEL),
                &s.commitments,
                BITS,
                &mut OsRng,
            )
            .map_err(|e| e.to_string())?;
    }
    row(
        "verify a block one proof at a time",
        BLOCK,
        BLOCK,
        BLOCK * block[0].proof.serialized_size(),
        t.elapsed(),
    );

    let t = Instant::now();
    let mut batch = BatchVerifier::new();
    for s in &block {
        batch.add_bulletproof(
            gens,
            &s.proof,
            &mut crate::transcript(LABEL),
            &s.commitments,
            BITS,
            &mut OsRng,
        );
    }
    batch.verify().map_err(|e| e.to_string())?;
    row(
        "verify the same block in one batch",
        BLOCK,
        BLOCK,
        BLOCK * block[0].proof.serialized_size(),
        t.elapsed(),
    );

    // Swap two commitments in the block: that proof no longer matches and the batch names it.
    let culprit = BLOCK - 1;
    let t = Instant::now();
    let mut batch = BatchVerifier::new();
    for (k, s) in block.iter().enumerate() {
        let commitments = if k == culprit {
            &block[0].commitments
        } else {
            &s.commitments
        };
        batch.add_bulletproof(
            gens,
            &s.proof,
            &mut crate::transcript(LABEL),
            commitments,
            BITS,
            &mut OsRng,
        );
    }
    let failure = batch.verify().err().ok_or("the tampered block verified")?;
    row(
        "batch with one forged proof: find it",
        BLOCK,
        BLOCK,
        0,
        t.elapsed(),
    );
    if failure.invalid != [culprit] {
        return Err(format!(
            "batch blamed {:?}, expected [{culprit}]",
            failure.invalid
        ));
    }

    println!();
    println!("Outputs in range and balanced: input = 1250 + 8700 + fee {fee} (checked on commitments only).");
    println!("Proof size: {} bytes for two 64-bit amounts.", bytes.len());
    println!("The forged proof in the block was identified: position {culprit}.");
    Ok(())
}
