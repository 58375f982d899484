//! `rp_batch`: many documents of any kinds, verified together (one multiscalar multiplication
//! per group for the range proofs), the invalid ones named by position.

use std::ffi::{c_char, c_int};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use rangeproof::{SuiteBatch, SuiteContext};

use crate::context::{context, rp_context};
use crate::document::parse;
use crate::status::{guarded, text, Failure, INVALID, OK};
use rangeproof_documents::batch::{verify_all, BLAME_LIMIT};
use rangeproof_documents::{Document, Invalid};

/// A batch of documents: parsed when added, verified together when the batch is
/// (`rangeproof_documents::batch`: one multiscalar multiplication per group, on all cores with
/// the `parallel` feature).
#[allow(non_camel_case_types)]
pub struct rp_batch {
    documents: Vec<Document>,
    /// The context whose generators the proofs are checked against, kept alive.
    context: Arc<SuiteContext>,
    /// The most invalid documents a failing batch names (`None`: all).
    blame_limit: Option<usize>,
    /// The positions the last verification did not name (its blame limit reached).
    not_named: Vec<usize>,
}

/// Makes an empty batch checked with `ctx`'s generators (which it keeps alive). Returns NULL
/// when `ctx` is NULL or memory runs out.
#[no_mangle]
pub unsafe extern "C" fn rp_batch_create(ctx: *const rp_context) -> *mut rp_batch {
    catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: `ctx` is NULL or live (the caller's contract).
        match unsafe { context(ctx) } {
            Some(ctx) => Box::into_raw(Box::new(rp_batch {
                documents: Vec::new(),
                context: Arc::clone(&ctx.suites),
                blame_limit: Some(BLAME_LIMIT),
                not_named: Vec::new(),
            })),
            None => std::ptr::null_mut(),
        }
    }))
    .unwrap_or(std::ptr::null_mut())
}

/// Adds a proof document (JSON text of `json_len` bytes) to the batch.
///
/// Returns 1 when it was added — its position is the number of documents added before it —,
/// -1 for unusable input (NULL `batch` or `json`, text that is not a document): the batch is
/// then unchanged, and the reason goes to `reason` as in `rp_verify_document`. A document whose
/// proof does not decode is added, and counts as invalid.
#[no_mangle]
pub unsafe extern "C" fn rp_batch_add_document(
    batch: *mut rp_batch,
    json: *const c_char,
    json_len: usize,
    reason: *mut c_char,
    reason_len: usize,
) -> c_int {
    // SAFETY: the caller's contract for `reason`.
    unsafe {
        guarded(reason, reason_len, || {
            // SAFETY: `batch` is NULL or a live batch no other thread uses now.
            let batch = batch
                .as_mut()
                .ok_or_else(|| Failure::unusable("the batch is NULL"))?;
            // SAFETY: `json` is NULL or `json_len` readable bytes.
            let text = text(json, json_len, "the document")?;
            batch.documents.push(parse(text)?);
            Ok(OK)
        })
    }
}

/// Sets how many invalid documents a failing batch names at most (16 unless set; `SIZE_MAX`:
/// all of them, whatever the search costs). Past it the search stops, and the documents it did
/// not reach are reported by `rp_batch_verify` among the ones not valid, and by
/// `rp_batch_not_named`. The bound keeps a batch of invalid proofs (which anyone can send) from
/// costing more than about twice a valid one. Returns 1, or -1 for a NULL `batch`.
#[no_mangle]
pub unsafe extern "C" fn rp_batch_set_blame_limit(batch: *mut rp_batch, limit: usize) -> c_int {
    // SAFETY: `batch` is NULL or a live batch no other thread uses now.
    match unsafe { batch.as_mut() } {
        Some(batch) => {
            batch.blame_limit = (limit != usize::MAX).then_some(limit);
            OK
        }
        None => -1,
    }
}

/// Verifies every document added, on all cores (rayon's pool; `RAYON_NUM_THREADS` caps it).
/// Returns 1 when all are valid (an empty batch included), 0
/// when some are not: their positions (in the order they were added, ascending) go to
/// `invalid[0..*n_invalid)` — at most `invalid_cap` of them are written, `*n_invalid` is the
/// full count either way —, -1 for NULL `batch` or `n_invalid` (or NULL `invalid` with a
/// nonzero `invalid_cap`). Past the blame limit (`rp_batch_set_blame_limit`) the positions
/// not valid include the ones the search did not name, which may be valid:
/// `rp_batch_not_named` tells which.
#[no_mangle]
pub unsafe extern "C" fn rp_batch_verify(
    batch: *mut rp_batch,
    invalid: *mut usize,
    invalid_cap: usize,
    n_invalid: *mut usize,
) -> c_int {
    // SAFETY: no reason buffer.
    unsafe {
        guarded(std::ptr::null_mut(), 0, || {
            // SAFETY: `batch` is NULL or a live batch no other thread uses now.
            let batch = batch
                .as_mut()
                .ok_or_else(|| Failure::unusable("the batch is NULL"))?;
            if n_invalid.is_null() || (invalid.is_null() && invalid_cap > 0) {
                return Err(Failure::unusable("NULL output"));
            }
            let documents: Vec<&Document> = batch.documents.iter().collect();
            let verdicts = verify_all(&batch.context, &documents, batch.blame_limit);
            let at = |keep: fn(&Result<(), Invalid>) -> bool| -> Vec<usize> {
                let kept = verdicts.iter().enumerate().filter(|(_, v)| keep(v));
                kept.map(|(position, _)| position).collect()
            };
            let bad = at(Result::is_err);
            batch.not_named = at(|v| *v == Err(Invalid::NotNamed));
            // SAFETY: `n_invalid` is non-NULL and writable; `invalid` holds `invalid_cap`
            // writable slots when non-NULL (checked above for a nonzero capacity).
            *n_invalid = bad.len();
            for (k, position) in bad.iter().take(invalid_cap).enumerate() {
                *invalid.add(k) = *position;
            }
            Ok(if bad.is_empty() { OK } else { INVALID })
        })
    }
}

/// The positions (ascending) the last `rp_batch_verify` did not name — its batch failed and the
/// search stopped at the blame limit before them; each may be valid or not — into
/// `not_named[0..*n_not_named)` (at most `cap` written, `*n_not_named` the full count). None
/// before a verification. Returns 1, or -1 for NULL `batch` or `n_not_named` (or NULL
/// `not_named` with a nonzero `cap`).
#[no_mangle]
pub unsafe extern "C" fn rp_batch_not_named(
    batch: *const rp_batch,
    not_named: *mut usize,
    cap: usize,
    n_not_named: *mut usize,
) -> c_int {
    // SAFETY: `batch` is NULL or a live batch no other thread changes now.
    let Some(batch) = (unsafe { batch.as_ref() }) else {
        return -1;
    };
    if n_not_named.is_null() || (not_named.is_null() && cap > 0) {
        return -1;
    }
    // SAFETY: `n_not_named` is non-NULL and writable; `not_named` holds `cap` writable slots
    // when non-NULL (checked above for a nonzero capacity).
    unsafe {
        *n_not_named = batch.not_named.len();
        for (k, position) in batch.not_named.iter().take(cap).enumerate() {
            *not_named.add(k) = *position;
        }
    }
    OK
}

/// Destroys a batch (NULL: nothing happens).
#[no_mangle]
pub unsafe extern "C" fn rp_batch_destroy(batch: *mut rp_batch) {
    if batch.is_null() {
        return;
    }
    // SAFETY: a non-NULL `batch` came from `rp_batch_create` and is destroyed once.
    let _ = catch_unwind(AssertUnwindSafe(|| drop(unsafe { Box::from_raw(batch) })));
}

/// Verifies `batch` and reports as the byte-format batch functions do: the indices of the
/// proofs that were refused before the batch (`None` positions) or that it blames, ascending,
/// into `invalid[0..*n_invalid)` (at most `invalid_cap` written; `*n_invalid` the full count,
/// when `n_invalid` is not NULL); 1 when none is invalid, else 0.
///
/// # Safety
/// `invalid` points to `invalid_cap` writable `usize` (or is NULL with a capacity of 0);
/// `n_invalid` is NULL or writable.
pub(crate) unsafe fn settle(
    batch: &mut SuiteBatch<'_>,
    positions: &[Option<usize>],
    invalid: *mut usize,
    invalid_cap: usize,
    n_invalid: *mut usize,
) -> c_int {
    let failed = match batch.verify() {
        Ok(()) => Vec::new(),
        Err(e) => e.invalid,
    };
    let bad: Vec<usize> = positions
        .iter()
        .enumerate()
        .filter(|(_, p)| p.is_none_or(|p| failed.contains(&p)))
        .map(|(i, _)| i)
        .collect();
    // SAFETY: the caller's contract for `invalid` and `n_invalid`.
    unsafe {
        if let Some(count) = n_invalid.as_mut() {
            *count = bad.len();
        }
        for (k, index) in bad.iter().take(invalid_cap).enumerate() {
            *invalid.add(k) = *index;
        }
    }
    if bad.is_empty() {
        OK
    } else {
        INVALID
    }
}
