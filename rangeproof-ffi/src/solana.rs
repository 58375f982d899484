//! Solana's batched range proofs as its ZK ElGamal proof program receives them: an
//! instruction's proof data (the 264-byte context — 8 commitment slots, 8 bit-length bytes —
//! then the proof; 936, 1000 or 1064 bytes for `VerifyBatchedRangeProofU64`, `U128`, `U256`).
//! Proved from a wallet's openings, and verified many at once with the invalid ones named.

use std::ffi::{c_char, c_int, c_uchar};

use rand_core::OsRng;
use rangeproof::deployments::solana::{ProofData, MAX_COMMITMENTS};
use rangeproof::{Suite, SuiteBatch, SuiteStatement};
use zeroize::Zeroizing;

use crate::context::{context, rp_context, with_context};
use crate::status::{bytes, guarded, Failure, OK};

/// Proves that each of the `n` values lies in `[0, 2^bit_lengths[i])` for the commitments
/// `values[i]·G + blindings[i]·H` (Solana's Pedersen bases; `blindings` is `n` canonical
/// 32-byte scalars, one after another: the openings a wallet holds), and writes the
/// instruction's proof data to `proof_data` — whose capacity is `*proof_data_len` on entry
/// (1064 bytes always suffice), and its length on return (or the length needed when the
/// buffer is too short; the result is then -1). `n` is 1 to 8, each bit length 1 to 64, and
/// their sum 64, 128 or 256 (the instruction's kind).
///
/// Returns 1 made, -1 unusable input (the reason in `reason`, as `rp_verify_document`).
#[no_mangle]
pub unsafe extern "C" fn rp_solana_batched_range_proof_prove(
    ctx: *const rp_context,
    values: *const u64,
    bit_lengths: *const usize,
    blindings: *const c_uchar,
    n: usize,
    proof_data: *mut c_uchar,
    proof_data_len: *mut usize,
    reason: *mut c_char,
    reason_len: usize,
) -> c_int {
    // SAFETY: the caller's contract for `reason`.
    unsafe {
        guarded(reason, reason_len, || {
            // SAFETY: the pointers' contracts are the caller's, as documented.
            let ctx = context(ctx).ok_or_else(|| Failure::unusable("the context is NULL"))?;
            if values.is_null() || bit_lengths.is_null() || blindings.is_null() {
                return Err(Failure::unusable("NULL argument"));
            }
            if proof_data.is_null() || proof_data_len.is_null() {
                return Err(Failure::unusable("NULL proof_data buffer"));
            }
            if n == 0 || n > MAX_COMMITMENTS {
                return Err(Failure::unusable(format!(
                    "{n} values: an instruction carries 1 to {MAX_COMMITMENTS}"
                )));
            }
            let values = Zeroizing::new(std::slice::from_raw_parts(values, n).to_vec());
            let lengths = std::slice::from_raw_parts(bit_lengths, n).to_vec();
            let secret = bytes(blindings.cast(), 32 * n).unwrap_or_default();
            let openings: Zeroizing<Vec<Vec<Vec<u8>>>> =
                Zeroizing::new(secret.chunks(32).map(|b| vec![b.to_vec()]).collect());
            let statement = SuiteStatement {
                bit_lengths: lengths.clone(),
                extension_degree: 1,
                ..SuiteStatement::default()
            };
            let proved = ctx
                .suites
                .prove_with_blindings(
                    Suite::SOLANA_BULLETPROOFS,
                    &statement,
                    &values,
                    &openings,
                    &mut OsRng,
                )
                .map_err(|e| Failure::unusable(e.to_string()))?;
            let commitments = proved
                .commitments
                .iter()
                .map(|c| <[u8; 32]>::try_from(c.as_slice()))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|_| Failure::unusable("a commitment is not 32 bytes"))?;
            let data = ProofData::new(commitments, lengths, proved.proof)
                .map_err(|e| Failure::unusable(e.to_string()))?
                .to_bytes();
            if *proof_data_len < data.len() {
                *proof_data_len = data.len();
                return Err(Failure::unusable(
                    "the proof_data buffer is too short: the length needed is in proof_data_len",
                ));
            }
            std::ptr::copy_nonoverlapping(data.as_ptr(), proof_data, data.len());
            *proof_data_len = data.len();
            Ok(OK)
        })
    }
}

/// Verifies `n` instructions' proof data in one batch, as the program verifies each:
/// `proof_data[i]` is `proof_data_lens[i]` bytes, the context then the proof. Proof data whose
/// context the program refuses (its length, the unused slots, the bit lengths) is invalid.
///
/// Returns 1 when all are valid, 0 when some are not — their indices, ascending, go to
/// `invalid[0..*n_invalid)` (at most `invalid_cap` written; `*n_invalid` is the full count;
/// `n_invalid` may be NULL) —, -1 for unusable input (NULL pointers).
#[no_mangle]
pub unsafe extern "C" fn rp_solana_batched_range_proof_verify(
    ctx: *const rp_context,
    proof_data: *const *const c_uchar,
    proof_data_lens: *const usize,
    n: usize,
    invalid: *mut usize,
    invalid_cap: usize,
    n_invalid: *mut usize,
) -> c_int {
    // SAFETY: the caller's contracts, as documented.
    unsafe {
        with_context(ctx, |ctx| {
            if proof_data.is_null() || proof_data_lens.is_null() {
                return Err(Failure::unusable("NULL argument"));
            }
            if invalid.is_null() && invalid_cap > 0 {
                return Err(Failure::unusable("NULL invalid with a nonzero capacity"));
            }
            let mut batch = SuiteBatch::in_context(&ctx.suites);
            // Per proof data: its position in the batch, or `None` when refused before it.
            let mut positions = Vec::with_capacity(n);
            for i in 0..n {
                let data = bytes((*proof_data.add(i)).cast(), *proof_data_lens.add(i))
                    .ok_or_else(|| Failure::unusable(format!("proof_data {i} is NULL")))?;
                let position = ProofData::from_bytes(data).ok().and_then(|data| {
                    batch
                        .add(
                            Suite::SOLANA_BULLETPROOFS,
                            &data.statement(),
                            data.proof(),
                            &data.commitment_list(),
                            &mut OsRng,
                        )
                        .ok()
                });
                positions.push(position);
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
