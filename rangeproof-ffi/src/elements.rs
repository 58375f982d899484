//! Elements' Borromean range proofs and asset surjection proofs (Confidential Assets), in
//! libsecp256k1-zkp's argument order (`secp256k1_rangeproof_verify`, `_rewind`, `_info`,
//! `secp256k1_surjectionproof_verify`), with an `rp_context` first.

use std::ffi::{c_int, c_uchar};

use rangeproof::group::Group;
use rangeproof::secp256k1_zkp::borromean;
use rangeproof::secp256k1_zkp::generator::ValueGenerator;
use rangeproof::secp256k1_zkp::surjection::{self, SurjectionProof};
use rangeproof::Secp256k1;

use crate::context::{rp_context, with_context};
use crate::grin::{commitment_arg, generator_of, rp_generator, rp_pedersen_commitment};
use crate::status::{bytes, Failure, INVALID, OK};

/// The extra data bound into a proof, from the caller's pointer and length.
///
/// # Safety
/// `extra` is NULL (then `len` must be 0) or points to `len` readable bytes.
unsafe fn extra<'a>(extra: *const c_uchar, len: usize) -> Result<&'a [u8], Failure> {
    if extra.is_null() {
        return if len == 0 {
            Ok(&[])
        } else {
            Err(Failure::unusable("NULL extra_commit with a nonzero length"))
        };
    }
    // SAFETY: the caller's contract.
    Ok(unsafe { std::slice::from_raw_parts(extra, len) })
}

/// Writes the range a proof shows to the caller's (optional) outputs.
///
/// # Safety
/// Each pointer is NULL or writable.
unsafe fn write_range(info: &borromean::ProofInfo, min_value: *mut u64, max_value: *mut u64) {
    // SAFETY: the caller's contract.
    unsafe {
        if let Some(min) = min_value.as_mut() {
            *min = info.min_value;
        }
        if let Some(max) = max_value.as_mut() {
            *max = info.max_value;
        }
    }
}

/// Verifies a Borromean range proof (`secp256k1_rangeproof_verify`): `proof` of `plen` bytes
/// for `commit` on the value generator `gen` (NULL: H), binding `extra_commit`. On success
/// the range it proves goes to `*min_value` and `*max_value` (either may be NULL).
///
/// Returns 1 valid, 0 invalid (including bytes that are not a proof), -1 for NULL inputs or a
/// commitment or generator not made by this library.
#[no_mangle]
pub unsafe extern "C" fn rp_rangeproof_verify(
    ctx: *const rp_context,
    min_value: *mut u64,
    max_value: *mut u64,
    commit: *const rp_pedersen_commitment,
    proof: *const c_uchar,
    plen: usize,
    extra_commit: *const c_uchar,
    extra_commit_len: usize,
    gen: *const rp_generator,
) -> c_int {
    // SAFETY: the pointers' contracts are the caller's, as documented.
    unsafe {
        with_context(ctx, |_| {
            let commitment = commitment_arg(commit)?;
            let proof = bytes(proof.cast(), plen).ok_or_else(|| Failure::unusable("NULL proof"))?;
            let generator = generator_of(gen)?;
            let extra = extra(extra_commit, extra_commit_len)?;
            Ok(
                match borromean::verify(proof, &commitment, &generator, extra) {
                    Ok(info) => {
                        write_range(&info, min_value, max_value);
                        OK
                    }
                    Err(_) => INVALID,
                },
            )
        })
    }
}

/// Verifies a Borromean range proof and, with the 32-byte `nonce` it was made with, recovers
/// the blinding factor (32 bytes to `blind_out`), the value (`*value_out`) and the message
/// (`secp256k1_rangeproof_rewind`): `message_out` may be NULL; otherwise `*outlen` holds its
/// capacity on entry and the message's length on return (at most 4096 bytes; truncated to the
/// capacity). The range goes to `*min_value` and `*max_value` (either may be NULL).
///
/// Returns 1 recovered, 0 when the proof does not verify or the nonce does not open the
/// commitment, -1 for unusable input.
#[no_mangle]
pub unsafe extern "C" fn rp_rangeproof_rewind(
    ctx: *const rp_context,
    blind_out: *mut c_uchar,
    value_out: *mut u64,
    message_out: *mut c_uchar,
    outlen: *mut usize,
    nonce: *const c_uchar,
    min_value: *mut u64,
    max_value: *mut u64,
    commit: *const rp_pedersen_commitment,
    proof: *const c_uchar,
    plen: usize,
    extra_commit: *const c_uchar,
    extra_commit_len: usize,
    gen: *const rp_generator,
) -> c_int {
    // SAFETY: the pointers' contracts are the caller's, as documented.
    unsafe {
        with_context(ctx, |_| {
            if blind_out.is_null() || value_out.is_null() || nonce.is_null() {
                return Err(Failure::unusable("NULL argument"));
            }
            if !message_out.is_null() && outlen.is_null() {
                return Err(Failure::unusable("NULL outlen with a message buffer"));
            }
            let commitment = commitment_arg(commit)?;
            let proof = bytes(proof.cast(), plen).ok_or_else(|| Failure::unusable("NULL proof"))?;
            let generator = generator_of(gen)?;
            let extra = extra(extra_commit, extra_commit_len)?;
            let nonce = zeroize::Zeroizing::new(*nonce.cast::<[u8; 32]>());
            // Any failure past the arguments — a proof that does not decode or verify, a nonce
            // that does not open the commitment — is the C library's 0.
            let Ok(rewound) = borromean::rewind(proof, &commitment, &generator, extra, &nonce)
            else {
                return Ok(INVALID);
            };
            let blind = zeroize::Zeroizing::new(Secp256k1::scalar_to_bytes(&rewound.blinding));
            std::ptr::copy_nonoverlapping(blind.as_ptr(), blind_out, 32);
            *value_out = rewound.value;
            if !message_out.is_null() {
                let n = rewound.message.len().min(*outlen);
                std::ptr::copy_nonoverlapping(rewound.message.as_ptr(), message_out, n);
                *outlen = n;
            } else if let Some(len) = outlen.as_mut() {
                *len = 0;
            }
            write_range(&rewound.info, min_value, max_value);
            Ok(OK)
        })
    }
}

/// What a Borromean proof's header says (`secp256k1_rangeproof_info`): the decimal exponent
/// (`*exp`, -1 for an exact-value proof), the mantissa's bits (`*mantissa`) and the range. No
/// verification. Returns 1, or -1 when the bytes have no proof header or a pointer is NULL.
#[no_mangle]
pub unsafe extern "C" fn rp_rangeproof_info(
    ctx: *const rp_context,
    exp: *mut c_int,
    mantissa: *mut c_int,
    min_value: *mut u64,
    max_value: *mut u64,
    proof: *const c_uchar,
    plen: usize,
) -> c_int {
    // SAFETY: the pointers' contracts are the caller's, as documented.
    unsafe {
        with_context(ctx, |_| {
            if exp.is_null() || mantissa.is_null() || min_value.is_null() || max_value.is_null() {
                return Err(Failure::unusable("NULL output"));
            }
            let proof = bytes(proof.cast(), plen).ok_or_else(|| Failure::unusable("NULL proof"))?;
            let info = borromean::info(proof).map_err(|_| Failure::unusable("no proof header"))?;
            *exp = info.exp;
            *mantissa = info.mantissa as c_int;
            write_range(&info, min_value, max_value);
            Ok(OK)
        })
    }
}

/// Verifies an asset surjection proof (`secp256k1_surjectionproof_verify`, from the proof's
/// serialization): that `output_tag` re-blinds one of the `n_inputs` generators at
/// `input_tags`.
///
/// Returns 1 valid, 0 invalid (including bytes that are not a proof, or a proof for another
/// number of inputs), -1 for NULL pointers or generators not made by this library.
#[no_mangle]
pub unsafe extern "C" fn rp_surjectionproof_verify(
    ctx: *const rp_context,
    proof: *const c_uchar,
    plen: usize,
    input_tags: *const rp_generator,
    n_inputs: usize,
    output_tag: *const rp_generator,
) -> c_int {
    // SAFETY: the pointers' contracts are the caller's, as documented.
    unsafe {
        with_context(ctx, |_| {
            let proof = bytes(proof.cast(), plen).ok_or_else(|| Failure::unusable("NULL proof"))?;
            if input_tags.is_null() || output_tag.is_null() {
                return Err(Failure::unusable("NULL generator"));
            }
            let inputs = std::slice::from_raw_parts(input_tags, n_inputs)
                .iter()
                .map(|g| generator_of(g))
                .collect::<Result<Vec<_>, _>>()?;
            let output: ValueGenerator = generator_of(output_tag)?;
            let Ok(parsed) = SurjectionProof::from_bytes(proof) else {
                return Ok(INVALID);
            };
            Ok(match surjection::verify(&parsed, &inputs, &output) {
                Ok(()) => OK,
                Err(_) => INVALID,
            })
        })
    }
}
