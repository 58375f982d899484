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
//! The face is this module alone; its parts are private:
//!
//! * [`Transaction::from_bytes`], [`Block::from_bytes`]: the parser (the layout in
//!   `docs/litecoin-mweb-facts.md`).
//! * [`verify_output_proofs`], [`check_output_proofs`]: the range proofs of any outputs, one
//!   batch, a verdict each.
//! * [`verify_transaction`], [`verify_block`], [`verify_blocks`] (and their `_with` forms
//!   taking [`Options`]): everything together — the body's own rules, the sums, the
//!   signatures, the range proofs, and where the canonical chain meets the MWEB — a
//!   [`Report`] per output and per [`Check`], each failure named by Core's reject reason
//!   ([`Finding`]), one [`Verdict`].
//! * The pieces a builder of transactions and blocks needs, and a test of one rule at a time:
//!   IDs and signature messages ([`kernel_id`], [`output_id`], [`kernel_message`],
//!   [`output_message`], [`kernel_bytes`]), MWEB's Schnorr signature ([`sign`],
//!   [`verify_signatures`], [`kernel_signature_holds`] and the like), the hashes a block
//!   commits to ([`merkle_root`], [`mmr_root`]), the kernel and stealth sums and the amounts' bounds ([`kernel_sum_holds`],
//!   [`stealth_sum_holds`], [`supply_change`], [`total_fee`]), a loose transaction's
//!   canonical rules ([`loose_transaction`]).
//! * [`Wallet`], [`make_output`], [`Draft`]: outputs made for a stealth address, and a
//!   wallet's scan for its own.

mod canonical;
mod signatures;
mod sums;
mod verify;
mod wallet;
mod wire;

#[cfg(test)]
mod tests;

use alloc::vec;
use alloc::vec::Vec;

use rand_core::{CryptoRng, RngCore};

use crate::secp256k1_zkp::bulletproofs::GrinStatement;
use crate::{BatchVerifier, Secp256k1};
pub use canonical::{loose_transaction, merkle_root, Broken};
pub use signatures::{
    input_key, input_message, input_signature_holds, kernel_bytes, kernel_id, kernel_key,
    kernel_message, kernel_signature_holds, output_id, output_message, output_signature_holds,
    sign, verify_signature, verify_signatures, SignatureCheck,
};
pub use sums::{
    kernel_sum_holds, kernel_supply_change, stealth_sum_holds, supply_change, total_fee, MAX_MONEY,
};
pub use verify::{
    mmr_root, verify_block, verify_blocks, verify_blocks_with, verify_transaction,
    verify_transaction_with, weight, Check, Finding, Options, OutputReport, Report, Status,
    Verdict, FROZEN_OUTPUTS, LOCK_HEIGHT_FROM, MAX_INPUTS, MAX_WEIGHT,
};
pub use wallet::{make_output, spend_pubkey, Draft, Made, Owned, Wallet, MAX_ADDRESSES};
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
