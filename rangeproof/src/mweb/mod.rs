//! Litecoin's MimbleWimble extension blocks (LIP-0002/0003): transactions and blocks parsed
//! from Litecoin's wire format, and every MWEB output's range proof verified as Litecoin Core
//! verifies it.
//!
//! An MWEB output carries libsecp256k1-zkp's Bulletproof — Litecoin Core copies the Grin
//! fork's `bulletproofs` and `generator` modules — over one 64-bit value: 675 bytes, 256
//! generators from \\(G\\), value generator \\(H\\), the commitment \\(vH + rG\\), and as extra
//! data the output's serialized message ([`OutputMessage::bytes`]), so the proof binds the
//! masked value, the masked nonce and the key-exchange key (`Output::BuildProofData`,
//! `TxBody::Validate`'s `Bulletproofs::BatchVerify`). The prover's nonces are random: MWEB
//! proofs cannot be rewound. This module checks them with [`crate::secp256k1_zkp::bulletproofs`]
//! in one [`BatchVerifier`], which names the invalid ones.
//!
//! * [`Transaction::from_bytes`], [`Block::from_bytes`]: the parser ([`wire`]'s notes).
//! * [`verify_output_proofs`]: the range proofs of any outputs, one batch, a verdict each.
//! * [`sums`]: the kernel sum and the stealth sum of a body, and its amounts' bounds.
//! * [`canonical`]: where the canonical chain meets the MWEB — a loose transaction's own
//!   rules, peg-in outputs against peg-in kernels, the HogEx against its block.
//! * [`signatures`]: kernel, input and output IDs, signature messages and keys, and MWEB's
//!   Schnorr verification.
//! * [`verify::verify_transaction`], [`verify::verify_block`]: everything together, a
//!   [`verify::Report`] per output and per check, one verdict.
//! * [`wallet`]: outputs made for a stealth address, and a wallet's scan for its own.

pub mod canonical;
pub mod signatures;
pub mod sums;
pub mod verify;
pub mod wallet;
pub mod wire;

#[cfg(test)]
mod tests;

use alloc::vec;
use alloc::vec::Vec;

use rand_core::{CryptoRng, RngCore};

use crate::secp256k1_zkp::bulletproofs::GrinStatement;
use crate::{BatchVerifier, Secp256k1};
pub use wire::{
    Block, Header, Input, Kernel, MwebBlock, MwebTx, Output, OutputMessage, PegOut, StandardFields,
    Transaction, TxBody, TxIn, TxOut, MAX_BYTES, PROOF_LEN,
};

/// The statement an output's range proof proves: 64 bits of its commitment on \\(H\\) with
/// 256 generators, bound to its message.
pub fn output_statement(output: &Output) -> GrinStatement {
    GrinStatement {
        extra_data: Some(output.message.bytes.to_vec()),
        ..GrinStatement::grin(vec![output.commitment])
    }
}

/// Verifies the range proofs of `outputs` in one batch: `true` at each position whose proof
/// verifies (a commitment off the curve, or a proof that does not decode, is `false` too).
/// Every invalid proof is named, whatever it costs (see [`check_output_proofs`]).
pub fn verify_output_proofs<'o, 'b: 'o, R: RngCore + CryptoRng>(
    outputs: impl IntoIterator<Item = &'o Output<'b>>,
    rng: &mut R,
) -> Vec<bool> {
    check_output_proofs(outputs, None, rng)
        .into_iter()
        .map(|v| v == Some(true))
        .collect()
}

/// Verifies the range proofs of `outputs` in one batch, naming at most `blame_limit` invalid
/// ones when it fails ([`BatchVerifier::set_blame_limit`]): `Some(true)` at each position
/// whose proof verifies, `Some(false)` where it is named invalid, `None` where the search
/// stopped before reaching it (each may be valid or not).
pub fn check_output_proofs<'o, 'b: 'o, R: RngCore + CryptoRng>(
    outputs: impl IntoIterator<Item = &'o Output<'b>>,
    blame_limit: Option<usize>,
    rng: &mut R,
) -> Vec<Option<bool>> {
    let mut batch: BatchVerifier<'static, Secp256k1> = BatchVerifier::new();
    batch.set_blame_limit(blame_limit);
    let mut count = 0;
    for output in outputs {
        batch.add_grin_bulletproof(output.proof, &output_statement(output), rng);
        count += 1;
    }
    let mut valid = vec![Some(true); count];
    if let Err(failed) = batch.verify() {
        for k in failed.invalid {
            valid[k] = Some(false);
        }
        for k in failed.not_named {
            valid[k] = None;
        }
    }
    valid
}
