//! libsecp256k1-zkp's Pedersen commitments, generators and Bulletproofs (as Grin runs them),
//! in the C library's argument order: what a Grin node or wallet calls today, with an
//! `rp_context` first and `rp_` names.

use std::ffi::{c_int, c_uchar};
use std::panic::{catch_unwind, AssertUnwindSafe};

use rand_core::OsRng;
use rangeproof::group::Group;
use rangeproof::secp256k1_zkp::bulletproofs::{
    self as grin, GrinGeneratorCache, GrinStatement, PendingGrinProof,
};
use rangeproof::secp256k1_zkp::generator::{Commitment, ValueGenerator};
use rangeproof::{BatchVerifier, Secp256k1};

use crate::context::{context, rp_context, with_context};
use crate::status::{Failure, INVALID, OK};

/// A Pedersen commitment r G + v A, opaque: fill it with `rp_pedersen_commitment_parse`
/// or `rp_pedersen_commit`, read it with `rp_pedersen_commitment_serialize` (33 bytes, `08`/`09`
/// then x, as `secp256k1_pedersen_commitment_serialize`).
#[repr(C)]
#[allow(non_camel_case_types)]
pub struct rp_pedersen_commitment {
    pub data: [c_uchar; 64],
}

/// A value generator (H, or a Confidential-Assets asset generator), opaque: fill it with
/// `rp_generator_parse` (33 bytes, `0a`/`0b` then x, as `secp256k1_generator_parse`).
#[repr(C)]
#[allow(non_camel_case_types)]
pub struct rp_generator {
    pub data: [c_uchar; 64],
}

/// The Bulletproofs generator list of one count N (`secp256k1_bulletproof_generators`),
/// owned by the caller: derived when made, freed when destroyed.
#[allow(non_camel_case_types)]
pub struct rp_bulletproof_generators {
    n: usize,
    cache: GrinGeneratorCache,
}

/// The caller's fixed-size input as an array; `None` for NULL.
///
/// # Safety
/// `data` is NULL or points to `N` readable bytes.
unsafe fn array<const N: usize>(data: *const c_uchar) -> Option<[u8; N]> {
    // SAFETY: non-NULL and `N` readable bytes (the caller's promise); `[u8; N]` has alignment 1.
    (!data.is_null()).then(|| unsafe { *data.cast::<[u8; N]>() })
}

/// A commitment's encoding, checked to be one (the structure is the caller's memory).
pub(crate) fn commitment_of(commit: &rp_pedersen_commitment) -> Result<[u8; 33], Failure> {
    let mut bytes = [0u8; 33];
    bytes.copy_from_slice(&commit.data[..33]);
    Commitment::from_bytes(&bytes)
        .map(|c| c.to_bytes())
        .map_err(|_| Failure::unusable("a commitment was not made by rp_pedersen_commitment_parse"))
}

/// The commitment behind a caller's pointer, decoded.
///
/// # Safety
/// `commit` is NULL or points to an `rp_pedersen_commitment`.
pub(crate) unsafe fn commitment_arg(
    commit: *const rp_pedersen_commitment,
) -> Result<Commitment, Failure> {
    // SAFETY: the caller's contract.
    let commit = unsafe { commit.as_ref() }.ok_or_else(|| Failure::unusable("NULL commitment"))?;
    Commitment::from_bytes(&commitment_of(commit)?)
        .map_err(|_| Failure::unusable("not a commitment"))
}

/// The value generator behind a caller's pointer: NULL is H.
///
/// # Safety
/// `gen` is NULL or points to an `rp_generator`.
pub(crate) unsafe fn generator_of(gen: *const rp_generator) -> Result<ValueGenerator, Failure> {
    // SAFETY: the caller's contract.
    match unsafe { gen.as_ref() } {
        None => Ok(ValueGenerator::h()),
        Some(gen) => ValueGenerator::from_bytes(&gen.data[..33])
            .map_err(|_| Failure::unusable("a generator was not made by rp_generator_parse")),
    }
}

/// Parses a 33-byte commitment (`08`/`09`, x on the curve). Returns 1, or -1 when `input` is not
/// a commitment's encoding or a pointer is NULL (`*commit` is then zeroed).
#[no_mangle]
pub unsafe extern "C" fn rp_pedersen_commitment_parse(
    ctx: *const rp_context,
    commit: *mut rp_pedersen_commitment,
    input: *const c_uchar,
) -> c_int {
    // SAFETY: no reason buffer; the pointers' contracts are the caller's.
    unsafe {
        with_context(ctx, |_| {
            let out = commit
                .as_mut()
                .ok_or_else(|| Failure::unusable("NULL output"))?;
            out.data = [0; 64];
            let bytes = array::<33>(input).ok_or_else(|| Failure::unusable("NULL input"))?;
            let parsed = Commitment::from_bytes(&bytes)
                .map_err(|_| Failure::unusable("not a commitment"))?;
            out.data[..33].copy_from_slice(&parsed.to_bytes());
            Ok(OK)
        })
    }
}

/// Writes a commitment's 33-byte encoding to `output`. Returns 1, or -1 for NULL pointers or a
/// commitment not made by this library.
#[no_mangle]
pub unsafe extern "C" fn rp_pedersen_commitment_serialize(
    ctx: *const rp_context,
    output: *mut c_uchar,
    commit: *const rp_pedersen_commitment,
) -> c_int {
    // SAFETY: as above; `output` holds 33 writable bytes when non-NULL.
    unsafe {
        with_context(ctx, |_| {
            let bytes = commitment_arg(commit)?.to_bytes();
            if output.is_null() {
                return Err(Failure::unusable("NULL output"));
            }
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), output, 33);
            Ok(OK)
        })
    }
}

/// Parses a 33-byte value generator (`0a`/`0b`, x on the curve). Returns 1, or -1 (with
/// `*gen` zeroed) when `input` is not a generator's encoding or a pointer is NULL.
#[no_mangle]
pub unsafe extern "C" fn rp_generator_parse(
    ctx: *const rp_context,
    gen: *mut rp_generator,
    input: *const c_uchar,
) -> c_int {
    // SAFETY: as above.
    unsafe {
        with_context(ctx, |_| {
            let out = gen
                .as_mut()
                .ok_or_else(|| Failure::unusable("NULL output"))?;
            out.data = [0; 64];
            let bytes = array::<33>(input).ok_or_else(|| Failure::unusable("NULL input"))?;
            let parsed = ValueGenerator::from_bytes(&bytes)
                .map_err(|_| Failure::unusable("not a generator"))?;
            out.data[..33].copy_from_slice(&parsed.to_bytes());
            Ok(OK)
        })
    }
}

/// Commits to `value` with the 32-byte blinding factor `blind` on `value_gen` (NULL: H):
/// r G + v A, in constant time in the opening. Returns 1, or -1 for NULL pointers, a
/// blinding factor that is not below the group order, or a commitment that would be the
/// identity.
#[no_mangle]
pub unsafe extern "C" fn rp_pedersen_commit(
    ctx: *const rp_context,
    commit: *mut rp_pedersen_commitment,
    blind: *const c_uchar,
    value: u64,
    value_gen: *const rp_generator,
) -> c_int {
    // SAFETY: as above; `blind` holds 32 readable bytes when non-NULL.
    unsafe {
        with_context(ctx, |_| {
            let out = commit
                .as_mut()
                .ok_or_else(|| Failure::unusable("NULL output"))?;
            out.data = [0; 64];
            let mut bytes = zeroize::Zeroizing::new(
                array::<32>(blind).ok_or_else(|| Failure::unusable("NULL blinding factor"))?,
            );
            // The parsed blinding is as secret as its bytes: both wiped when dropped.
            let blinding = zeroize::Zeroizing::new(
                Secp256k1::scalar_from_canonical_bytes(&bytes).ok_or_else(|| {
                    Failure::unusable("the blinding factor is not below the order")
                })?,
            );
            bytes.fill(0);
            let generator = generator_of(value_gen)?;
            let made = Commitment::new(value, &blinding, &generator)
                .ok_or_else(|| Failure::unusable("the commitment would be the identity"))?;
            out.data[..33].copy_from_slice(&made.to_bytes());
            Ok(OK)
        })
    }
}

/// The generator list of `n` generators (`secp256k1_bulletproof_generators_create` with
/// G): Grin uses 256. Returns NULL for a NULL context or `n` outside 2..=32768.
#[no_mangle]
pub unsafe extern "C" fn rp_bulletproof_generators_create(
    ctx: *const rp_context,
    n: usize,
) -> *mut rp_bulletproof_generators {
    catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: `ctx` is NULL or live.
        unsafe { context(ctx) }?;
        let cache = GrinGeneratorCache::new();
        cache.get(n).ok()?;
        Some(Box::into_raw(Box::new(rp_bulletproof_generators {
            n,
            cache,
        })))
    }))
    .ok()
    .flatten()
    .unwrap_or(std::ptr::null_mut())
}

/// Destroys a generator list (NULL: nothing happens).
#[no_mangle]
pub unsafe extern "C" fn rp_bulletproof_generators_destroy(
    ctx: *const rp_context,
    gens: *mut rp_bulletproof_generators,
) {
    let _ = ctx;
    if gens.is_null() {
        return;
    }
    // SAFETY: a non-NULL `gens` came from `rp_bulletproof_generators_create`, destroyed once.
    let _ = catch_unwind(AssertUnwindSafe(|| drop(unsafe { Box::from_raw(gens) })));
}

/// What one proof states, from the caller's arguments.
///
/// # Safety
/// `commit` points to `n_commits` commitments; `min_value` is NULL or points to `n_commits`
/// values; `value_gen` is NULL or an `rp_generator`; `extra_commit` is NULL or points to
/// `extra_commit_len` bytes.
unsafe fn statement(
    gens: &rp_bulletproof_generators,
    min_value: *const u64,
    commit: *const rp_pedersen_commitment,
    n_commits: usize,
    nbits: usize,
    value_gen: *const rp_generator,
    extra_commit: *const c_uchar,
    extra_commit_len: usize,
) -> Result<GrinStatement, Failure> {
    if commit.is_null() || n_commits == 0 || n_commits > grin::MAX_VALUES {
        return Err(Failure::unusable(format!(
            "{n_commits} commitments: 1 to {} (a power of two)",
            grin::MAX_VALUES
        )));
    }
    // SAFETY: `commit` points to `n_commits` commitments (the caller's promise).
    let commits = unsafe { std::slice::from_raw_parts(commit, n_commits) };
    let commitments = commits
        .iter()
        .map(commitment_of)
        .collect::<Result<_, _>>()?;
    // SAFETY: `min_value` is NULL or `n_commits` values.
    let min_values = (!min_value.is_null())
        .then(|| unsafe { std::slice::from_raw_parts(min_value, n_commits) }.to_vec());
    let extra_data = match extra_commit.is_null() {
        true if extra_commit_len > 0 => {
            return Err(Failure::unusable("NULL extra_commit with a nonzero length"))
        }
        true => None,
        // SAFETY: `extra_commit_len` readable bytes.
        false => {
            Some(unsafe { std::slice::from_raw_parts(extra_commit, extra_commit_len) }.to_vec())
        }
    };
    Ok(GrinStatement {
        bits: nbits,
        generators_n: gens.n,
        commitments,
        // SAFETY: the caller's contract.
        value_generator: unsafe { generator_of(value_gen) }?,
        min_values,
        extra_data,
    })
}

/// Verifies a Bulletproof (`secp256k1_bulletproof_rangeproof_verify`, without the scratch
/// space): `proof` of `plen` bytes for the `n_commits` commitments `commit` of `nbits`-bit
/// values, with minimum values `min_value` (NULL: none; one value only), on `value_gen` (NULL:
/// H), binding `extra_commit` (NULL with length 0: none).
///
/// Returns 1 valid, 0 invalid (including a proof that does not decode or was made with another
/// generator count), -1 unusable input (NULL pointers, an unsupported bit size or count).
#[no_mangle]
pub unsafe extern "C" fn rp_grin_bulletproof_verify(
    ctx: *const rp_context,
    gens: *const rp_bulletproof_generators,
    proof: *const c_uchar,
    plen: usize,
    min_value: *const u64,
    commit: *const rp_pedersen_commitment,
    n_commits: usize,
    nbits: usize,
    value_gen: *const rp_generator,
    extra_commit: *const c_uchar,
    extra_commit_len: usize,
) -> c_int {
    // SAFETY: the pointers' contracts are the caller's, as documented.
    unsafe {
        with_context(ctx, |_| {
            let gens = gens
                .as_ref()
                .ok_or_else(|| Failure::unusable("NULL generators"))?;
            let proof = crate::status::bytes(proof.cast(), plen)
                .ok_or_else(|| Failure::unusable("NULL proof"))?;
            let st = statement(
                gens,
                min_value,
                commit,
                n_commits,
                nbits,
                value_gen,
                extra_commit,
                extra_commit_len,
            )?;
            st_shape(&st)?;
            Ok(match grin::verify_in(&gens.cache, proof, &st) {
                Ok(()) => OK,
                Err(_) => INVALID,
            })
        })
    }
}

/// Refuses, as unusable, a statement whose shape no proof can have (bits, count, minimums).
fn st_shape(st: &GrinStatement) -> Result<(), Failure> {
    if !grin::VALID_BITS.contains(&st.bits) {
        return Err(Failure::unusable(format!("unsupported nbits {}", st.bits)));
    }
    if !st.commitments.len().is_power_of_two() {
        return Err(Failure::unusable(
            "the number of commitments is not a power of two",
        ));
    }
    if st
        .min_values
        .as_ref()
        .is_some_and(|_| st.commitments.len() > 1)
    {
        return Err(Failure::unusable(
            "minimum values are for proofs of one value",
        ));
    }
    if st.generators_n < 2 * st.bits * st.commitments.len() {
        return Err(Failure::unusable("too few generators for this proof"));
    }
    Ok(())
}

/// Verifies `n_proofs` Bulletproofs together (`secp256k1_bulletproof_rangeproof_verify_multi`,
/// one multiscalar multiplication): each `proofs[i]` of `plen` bytes over its own
/// `commits[i][0..n_commits)`, `min_values[i]` (NULL array, or NULL entries: none),
/// `extra_commit[i]` of `extra_commit_len[i]` bytes (NULL arrays: none); one `nbits` and
/// `value_gen` (NULL: H) for all.
///
/// Returns 1 when all are valid, 0 when some are not — their indices, ascending, go to
/// `invalid[0..*n_invalid)` (at most `invalid_cap` written; `*n_invalid` is the full count;
/// `n_invalid` may be NULL when the caller does not want them) —, -1 for unusable input.
#[no_mangle]
pub unsafe extern "C" fn rp_grin_bulletproof_verify_multi(
    ctx: *const rp_context,
    gens: *const rp_bulletproof_generators,
    proofs: *const *const c_uchar,
    n_proofs: usize,
    plen: usize,
    min_values: *const *const u64,
    commits: *const *const rp_pedersen_commitment,
    n_commits: usize,
    nbits: usize,
    value_gen: *const rp_generator,
    extra_commit: *const *const c_uchar,
    extra_commit_len: *const usize,
    invalid: *mut usize,
    invalid_cap: usize,
    n_invalid: *mut usize,
) -> c_int {
    // SAFETY: the pointers' contracts are the caller's, as documented.
    unsafe {
        with_context(ctx, |_| {
            let gens = gens
                .as_ref()
                .ok_or_else(|| Failure::unusable("NULL generators"))?;
            if proofs.is_null() || commits.is_null() || n_proofs == 0 {
                return Err(Failure::unusable("no proofs"));
            }
            if invalid.is_null() && invalid_cap > 0 {
                return Err(Failure::unusable("NULL invalid with a nonzero capacity"));
            }
            let mut batch = BatchVerifier::<Secp256k1>::new();
            for i in 0..n_proofs {
                let proof = crate::status::bytes((*proofs.add(i)).cast(), plen)
                    .ok_or_else(|| Failure::unusable(format!("proof {i} is NULL")))?;
                let min = if min_values.is_null() {
                    std::ptr::null()
                } else {
                    *min_values.add(i)
                };
                let (extra, extra_len) = if extra_commit.is_null() {
                    (std::ptr::null(), 0)
                } else if extra_commit_len.is_null() {
                    return Err(Failure::unusable("NULL extra_commit_len"));
                } else {
                    (*extra_commit.add(i), *extra_commit_len.add(i))
                };
                let st = statement(
                    gens,
                    min,
                    *commits.add(i),
                    n_commits,
                    nbits,
                    value_gen,
                    extra,
                    extra_len,
                )?;
                st_shape(&st)?;
                let pending = PendingGrinProof::new_in(&gens.cache, proof, &st);
                batch.add_grin_pending_in(&gens.cache, pending, &mut OsRng);
            }
            let bad = match batch.verify() {
                Ok(()) => Vec::new(),
                Err(e) => e.invalid,
            };
            if let Some(count) = n_invalid.as_mut() {
                *count = bad.len();
            }
            for (k, index) in bad.iter().take(invalid_cap).enumerate() {
                *invalid.add(k) = *index;
            }
            Ok(if bad.is_empty() { OK } else { INVALID })
        })
    }
}

/// Rewinds a single-value Bulletproof (`secp256k1_bulletproof_rangeproof_rewind`, Grin's
/// argument order): with the 32-byte `nonce` it was made with, recovers the value to `*value`,
/// the blinding factor to `blind` (32 bytes) and the 20-byte message to `message` (may be
/// NULL). The opening is checked against `commit` before anything is written.
///
/// Returns 1 recovered, 0 when the nonce does not rewind this proof (or the proof does not
/// decode), -1 for unusable input (NULL pointers, an unsupported shape).
#[no_mangle]
pub unsafe extern "C" fn rp_grin_bulletproof_rewind(
    ctx: *const rp_context,
    value: *mut u64,
    blind: *mut c_uchar,
    proof: *const c_uchar,
    plen: usize,
    min_value: u64,
    commit: *const rp_pedersen_commitment,
    value_gen: *const rp_generator,
    nonce: *const c_uchar,
    extra_commit: *const c_uchar,
    extra_commit_len: usize,
    message: *mut c_uchar,
) -> c_int {
    // SAFETY: the pointers' contracts are the caller's, as documented.
    unsafe {
        with_context(ctx, |_| {
            if value.is_null() || blind.is_null() {
                return Err(Failure::unusable("NULL output"));
            }
            let proof = crate::status::bytes(proof.cast(), plen)
                .ok_or_else(|| Failure::unusable("NULL proof"))?;
            let nonce = zeroize::Zeroizing::new(
                array::<32>(nonce).ok_or_else(|| Failure::unusable("NULL nonce"))?,
            );
            let commitment = commitment_arg(commit)?;
            let generator = generator_of(value_gen)?;
            let extra_data = match extra_commit.is_null() {
                true if extra_commit_len > 0 => {
                    return Err(Failure::unusable("NULL extra_commit with a nonzero length"))
                }
                true => None,
                false => Some(std::slice::from_raw_parts(extra_commit, extra_commit_len).to_vec()),
            };
            // The C function takes no bit size: the proof's length gives it (one value).
            let bits = grin::VALID_BITS
                .iter()
                .copied()
                .find(|&bits| grin::proof_len(bits, 1) == plen)
                .unwrap_or(64);
            let st = GrinStatement {
                bits,
                generators_n: grin::GRIN_GENERATORS_N,
                commitments: vec![commitment.to_bytes()],
                value_generator: generator,
                min_values: (min_value != 0).then(|| vec![min_value]),
                extra_data,
            };
            let Ok(rewound) = grin::rewind(proof, &st, &nonce) else {
                return Ok(INVALID);
            };
            let Some(blinding) = rewound.blinding else {
                return Ok(INVALID);
            };
            *value = rewound.value;
            let bytes = zeroize::Zeroizing::new(Secp256k1::scalar_to_bytes(&blinding));
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), blind, 32);
            if !message.is_null() {
                std::ptr::copy_nonoverlapping(rewound.message.as_ptr(), message, 20);
            }
            Ok(OK)
        })
    }
}
