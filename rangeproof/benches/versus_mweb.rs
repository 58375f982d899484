//! Litecoin MWEB outputs' range proofs: our batch (`mweb::verify_output_proofs`, one
//! multiscalar multiplication naming the invalid) against libsecp256k1-zkp's
//! `secp256k1_bulletproof_rangeproof_verify_multi` as Litecoin Core calls it
//! (`Bulletproofs::BatchVerify`: 256 generators, H, each output's message as its extra data),
//! side by side in one run, one thread, for a block's worth of outputs: batches of 2, 16, 256
//! and 1024. Each round takes other outputs from a pool (variable-time code on a constant input
//! would flatter it), alternating ours and theirs; the table gives per-output medians and the
//! median of the per-round ratios, with the CPU's model.
//!
//! `cargo bench -p rangeproof --bench versus_mweb`

use rand::rngs::OsRng;
use rangeproof::mweb::{make_output, Made, Wallet};
use rangeproof::mweb::{verify_output_proofs, Output};

#[path = "../tests/support/secp256k1zkp.rs"]
mod zkp;
use zkp::CLib;

mod common;
use common::{cpu, fmt, interleaved};

/// Outputs made for the pool: the largest batch and room to shift it between rounds.
const POOL: usize = 1280;

fn main() {
    // A test wallet: spend key G.
    let g = k256::elliptic_curve::sec1::ToEncodedPoint::to_encoded_point(
        &k256::AffinePoint::GENERATOR,
        true,
    );
    let wallet = Wallet::new(&[0x5c; 32], g.as_bytes().try_into().unwrap(), 1).unwrap();
    let (a, b) = wallet.address(0).unwrap();
    eprintln!("making {POOL} outputs ...");
    let pool: Vec<Made> = (0..POOL)
        .map(|_| make_output((&a, &b), rand::random::<u64>(), &mut OsRng).unwrap())
        .collect();
    let outputs: Vec<Output> = pool.iter().map(Made::output).collect();
    let proofs: Vec<Vec<u8>> = outputs.iter().map(|o| o.proof.to_vec()).collect();
    let commitments: Vec<Vec<[u8; 33]>> = outputs.iter().map(|o| vec![o.commitment]).collect();
    let extras: Vec<Vec<u8>> = outputs.iter().map(|o| o.message.bytes.to_vec()).collect();
    let mut clib = CLib::new(256);

    println!("\nCPU: {}", cpu());
    println!("\n| MWEB outputs' range proofs, one thread (alternating rounds) | ours per output (median) | libsecp256k1-zkp `verify_multi` per output (median) | median of ours / C |");
    println!("|---|---|---|---|");
    for (batch, rounds) in [(2usize, 300), (16, 100), (256, 16), (1024, 8)] {
        // Round i takes the outputs from (i × step) mod (POOL − batch).
        let span = POOL - batch;
        let step = 97;
        let from = |i: usize| (i * step) % span.max(1);
        let (ours, theirs, ratio) = interleaved(
            rounds,
            |i| {
                let s = from(i);
                let valid = verify_output_proofs(&outputs[s..s + batch], &mut OsRng);
                assert!(valid.iter().all(|&v| v));
            },
            |i| {
                let s = from(i);
                assert!(clib.verify_multi(
                    &proofs[s..s + batch],
                    &commitments[s..s + batch],
                    64,
                    Some(&extras[s..s + batch]),
                ));
            },
        );
        let per = batch as f64;
        println!(
            "| batch of {batch} | {} | {} | {ratio:.3} |",
            fmt(ours / per),
            fmt(theirs / per)
        );
    }
}
