//! MWEB transactions assembled from outputs made here, for the vectors and the tests that
//! check them: a peg-in — no inputs, one kernel with a fee and a peg-in amount, the offsets
//! chosen so that both sums hold — as an MWEB-only Litecoin transaction.
//!
//! Layout (docs/litecoin-mweb-facts.md §2–§7): version ‖ `00` `08` (extended format, MWEB
//! flag) ‖ no inputs ‖ no outputs ‖ `01` ‖ kernel offset ‖ stealth offset ‖ the body (inputs,
//! outputs sorted by ID, kernels, each CompactSize-counted) ‖ lock time.

#![allow(dead_code)]

use k256::elliptic_curve::{Field, PrimeField};
use k256::{ProjectivePoint, Scalar};
use rand::rngs::OsRng;
use rangeproof::mweb::signatures::{kernel_bytes, kernel_message, output_id, sign};
use rangeproof::mweb::wallet::Made;
use rangeproof::mweb::Kernel;
use rangeproof::secp256k1_zkp::generator::Commitment;

/// Kernel features: a fee and a peg-in amount.
const FEE_AND_PEGIN: u8 = 0x01 | 0x02;

fn compact_size(n: usize, out: &mut Vec<u8>) {
    assert!(n < 0xfd, "small counts only");
    out.push(n as u8);
}

/// A peg-in of the outputs' values plus `fee`: the serialized Litecoin transaction.
pub fn pegin(outputs: &[&Made], values: &[u64], fee: u64) -> Vec<u8> {
    let total: u64 = values.iter().sum();
    // Kernel sum: Σ C_out − (pegin − fee) H = E + x G, so E = (Σ blindings − x) G.
    let kernel_offset = Scalar::random(&mut OsRng);
    let blindings: Scalar = outputs.iter().map(|m| *m.blinding()).sum();
    let excess_secret = blindings - kernel_offset;
    let excess = Commitment::from_point(ProjectivePoint::GENERATOR * excess_secret)
        .expect("not the identity")
        .to_bytes();
    // Stealth sum with no stealth excess and no inputs: Σ K_s = x' G.
    let stealth_offset: Scalar = outputs.iter().map(|m| *m.sender_key()).sum();
    let mut kernel = Kernel {
        bytes: &[],
        features: FEE_AND_PEGIN,
        fee: Some(fee),
        pegin: Some(total + fee),
        pegouts: Vec::new(),
        lock_height: None,
        stealth_excess: None,
        extra_data: None,
        excess,
        signature: [0; 64],
    };
    kernel.signature = sign(&excess_secret, &kernel_message(&kernel), &mut OsRng).expect("signs");

    let mut sorted: Vec<&Made> = outputs.to_vec();
    sorted.sort_by_key(|m| output_id(&m.output()));
    let mut tx = Vec::new();
    tx.extend(2u32.to_le_bytes());
    tx.extend([0x00, 0x08, 0x00, 0x00, 0x01]);
    tx.extend(kernel_offset.to_repr());
    tx.extend(stealth_offset.to_repr());
    compact_size(0, &mut tx);
    compact_size(sorted.len(), &mut tx);
    for made in sorted {
        tx.extend(made.to_bytes());
    }
    compact_size(1, &mut tx);
    tx.extend(kernel_bytes(&kernel));
    tx.extend(0u32.to_le_bytes());
    tx
}
