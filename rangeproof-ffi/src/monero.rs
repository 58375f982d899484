//! Monero's range proofs as a node holds them: a transaction's proof in Monero's serialization
//! (`rctSigPrunable`'s `BulletproofPlus` or `Bulletproof`, without the pruned `V`) and the
//! outputs' `outPk` masks (the commitments C, 32 bytes each), verified in one batch as
//! `bulletproof_plus_VERIFY(std::vector<const BulletproofPlus*>)` does — with the invalid ones
//! named.

use std::ffi::{c_int, c_uchar};

use rand_core::OsRng;
use rangeproof::{Suite, SuiteBatch, SuiteStatement};

use crate::context::{rp_context, with_context};
use crate::status::{bytes, Failure};

/// Verifies `n_proofs` proofs of `suite` together.
///
/// # Safety
/// As the exported functions document.
unsafe fn verify_batch(
    suite: Suite,
    ctx: *const rp_context,
    proofs: *const *const c_uchar,
    proof_lens: *const usize,
    masks: *const *const c_uchar,
    n_outputs: *const usize,
    n_proofs: usize,
    invalid: *mut usize,
    invalid_cap: usize,
    n_invalid: *mut usize,
) -> c_int {
    // SAFETY: the caller's contracts, passed on.
    unsafe {
        with_context(ctx, |ctx| {
            if proofs.is_null() || proof_lens.is_null() || masks.is_null() || n_outputs.is_null() {
                return Err(Failure::unusable("NULL argument"));
            }
            if invalid.is_null() && invalid_cap > 0 {
                return Err(Failure::unusable("NULL invalid with a nonzero capacity"));
            }
            let statement = SuiteStatement {
                bits: 64,
                extension_degree: 1,
                ..SuiteStatement::default()
            };
            let mut batch = SuiteBatch::in_context(&ctx.suites);
            // Per proof: its position in the batch, or `None` when it did not decode.
            let mut positions = Vec::with_capacity(n_proofs);
            for i in 0..n_proofs {
                let proof = bytes((*proofs.add(i)).cast(), *proof_lens.add(i))
                    .ok_or_else(|| Failure::unusable(format!("proof {i} is NULL")))?;
                let outputs = *n_outputs.add(i);
                if outputs == 0 || outputs > suite.max_values() {
                    return Err(Failure::unusable(format!(
                        "proof {i}: {outputs} outputs (1 to {})",
                        suite.max_values()
                    )));
                }
                let masks = bytes((*masks.add(i)).cast(), 32 * outputs)
                    .ok_or_else(|| Failure::unusable(format!("masks {i} are NULL")))?;
                let commitments: Vec<Vec<u8>> = masks.chunks(32).map(<[u8]>::to_vec).collect();
                positions.push(
                    batch
                        .add(suite, &statement, proof, &commitments, &mut OsRng)
                        .ok(),
                );
            }
            Ok(crate::batch::settle(
                &mut batch,
                &positions,
                invalid,
                invalid_cap,
                n_invalid,
            ))
        })
    }
}

/// Verifies `n_proofs` Monero Bulletproofs+ (RCT type 6) in one batch: `proofs[i]` is
/// `proof_lens[i]` bytes in Monero's serialization (`A, A1, B, r1, s1, d1`, then the counted
/// `L` and `R` vectors; no `V`), for the `n_outputs[i]` commitments at `masks[i]` (the
/// outputs' `outPk` masks, 32 bytes each, in output order; 1 to 16).
///
/// Returns 1 when all are valid, 0 when some are not (or do not decode) — their indices,
/// ascending, go to `invalid[0..*n_invalid)` (at most `invalid_cap` written; `*n_invalid` is
/// the full count; `n_invalid` may be NULL) —, -1 for unusable input (NULL pointers, an output
/// count out of range).
#[no_mangle]
pub unsafe extern "C" fn rp_monero_bulletproof_plus_verify(
    ctx: *const rp_context,
    proofs: *const *const c_uchar,
    proof_lens: *const usize,
    masks: *const *const c_uchar,
    n_outputs: *const usize,
    n_proofs: usize,
    invalid: *mut usize,
    invalid_cap: usize,
    n_invalid: *mut usize,
) -> c_int {
    // SAFETY: as documented.
    unsafe {
        verify_batch(
            Suite::MONERO_BULLETPROOFS_PLUS,
            ctx,
            proofs,
            proof_lens,
            masks,
            n_outputs,
            n_proofs,
            invalid,
            invalid_cap,
            n_invalid,
        )
    }
}

/// Verifies `n_proofs` Monero original Bulletproofs (RCT types 3 to 5) in one batch, as
/// `rp_monero_bulletproof_plus_verify` does Bulletproofs+: Monero's serialization (`A, S, T1,
/// T2, taux, mu`, the counted `L` and `R` vectors, `a, b, t`; no `V`).
#[no_mangle]
pub unsafe extern "C" fn rp_monero_bulletproof_verify(
    ctx: *const rp_context,
    proofs: *const *const c_uchar,
    proof_lens: *const usize,
    masks: *const *const c_uchar,
    n_outputs: *const usize,
    n_proofs: usize,
    invalid: *mut usize,
    invalid_cap: usize,
    n_invalid: *mut usize,
) -> c_int {
    // SAFETY: as documented.
    unsafe {
        verify_batch(
            Suite::MONERO_BULLETPROOFS,
            ctx,
            proofs,
            proof_lens,
            masks,
            n_outputs,
            n_proofs,
            invalid,
            invalid_cap,
            n_invalid,
        )
    }
}
