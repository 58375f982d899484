//! The JSON proof documents (the CLI's and Python's format): verify one.

use std::ffi::{c_char, c_int};

use rangeproof_documents::request::{self, Field, ProveRequest};
use rangeproof_documents::Document;

use crate::context::{context, rp_context};
use crate::status::{guarded, text, Failure, OK};

/// Parses a document's text: a failure is unusable input, with the parser's one-line reason.
pub(crate) fn parse(text: &str) -> Result<Document, Failure> {
    Document::parse(text).map_err(|e| Failure::unusable(e.to_string()))
}

/// Verifies one proof document (JSON text of `json_len` bytes, not NUL-terminated) with the
/// context's generators: any scheme the library supports (Bulletproofs, Bulletproofs+,
/// Bulletproofs++, Borromean and surjection proofs, circuit proofs).
///
/// Returns 1 when the proof is valid, 0 when the document is well-formed but its proof does not
/// verify (or does not decode), -1 for unusable input: NULL `ctx` or `json`, text that is not a
/// document, a document larger than 1 MiB. When `reason` is not NULL, the reason for 0 or -1
/// (empty for 1) is written there, NUL-terminated and truncated to `reason_len` bytes.
#[no_mangle]
pub unsafe extern "C" fn rp_verify_document(
    ctx: *const rp_context,
    json: *const c_char,
    json_len: usize,
    reason: *mut c_char,
    reason_len: usize,
) -> c_int {
    // SAFETY: the caller's contract for `reason`.
    unsafe {
        guarded(reason, reason_len, || {
            // SAFETY: `ctx` is NULL or live, `json` NULL or `json_len` readable bytes.
            let ctx = context(ctx).ok_or_else(|| Failure::unusable("the context is NULL"))?;
            let text = text(json, json_len, "the document")?;
            parse(text)?
                .verify_in(&ctx.suites)
                .map_err(|e| Failure::invalid(e.to_string()))?;
            Ok(OK)
        })
    }
}

/// Writes `text` and a NUL into the caller's buffer and its length (without the NUL) to `*len`.
///
/// # Safety
/// `out` points to at least `text.len() + 1` writable bytes; `len` is writable.
unsafe fn write_text(out: *mut c_char, len: *mut usize, text: &str) {
    // SAFETY: the caller's contract (checked by the caller against the buffer's capacity).
    unsafe {
        std::ptr::copy_nonoverlapping(text.as_ptr(), out.cast::<u8>(), text.len());
        *out.add(text.len()) = 0;
        *len = text.len();
    }
}

/// Proves what a JSON request asks (`request_len` bytes): the suite (`scheme`, `group`,
/// `flavor`), the statement (`bits`, `transcript_label`, `extension_degree`, `minimum_values`,
/// `generators_n`, `value_generator`, `extra_data`, the suite's `parameters`), the `values`,
/// and optionally the openings to prove for (`blindings`, the `commitments` they must make, a
/// `rewind_nonce`) — an openings file is such a request. The proof document (the JSON
/// `rp_verify_document` takes) goes to `proof_out`, the openings document (secret: values and
/// blindings) to `openings_out`. `openings_out` may be NULL only when the request gives the
/// blindings, or says `"discard_openings": true`: blindings drawn here and not written out
/// would make commitments nobody can open, so that is refused unless asked for. Each buffer's capacity is `*..._len` on
/// entry; on return `*..._len` is the JSON's length (NUL not counted), or the length needed
/// when the buffer is too short (the result is then -1 and no proof was made public).
///
/// Returns 1 made, -1 unusable input (with the reason in `reason`, as `rp_verify_document`).
#[no_mangle]
pub unsafe extern "C" fn rp_prove_document(
    ctx: *const rp_context,
    request: *const c_char,
    request_len: usize,
    proof_out: *mut c_char,
    proof_len: *mut usize,
    openings_out: *mut c_char,
    openings_len: *mut usize,
    reason: *mut c_char,
    reason_len: usize,
) -> c_int {
    // SAFETY: the caller's contract for `reason`.
    unsafe {
        guarded(reason, reason_len, || {
            // SAFETY: the pointers' contracts are the caller's, as documented.
            let ctx = context(ctx).ok_or_else(|| Failure::unusable("the context is NULL"))?;
            if proof_out.is_null() || proof_len.is_null() {
                return Err(Failure::unusable("NULL proof buffer"));
            }
            if !openings_out.is_null() && openings_len.is_null() {
                return Err(Failure::unusable(
                    "NULL openings_len with an openings buffer",
                ));
            }
            let text = text(request, request_len, "the request")?;
            let request = ProveRequest::from_json(text).map_err(Failure::unusable)?;
            match (openings_out.is_null(), request.discard_openings) {
                (true, false) if request.blindings.is_none() => {
                    return Err(Failure::unusable(
                        "no openings buffer: the blindings drawn would be lost — give an openings \
                         buffer, the blindings, or \"discard_openings\": true",
                    ))
                }
                (false, true) => {
                    return Err(Failure::unusable(
                        "\"discard_openings\": true with an openings buffer",
                    ))
                }
                _ => {}
            }
            let checked = request
                .json_parameters()
                .and_then(|parameters| request.check(parameters))
                .map_err(|e| Failure::unusable(e.describe(Field::json, request.suite().ok())))?;
            let made = request::prove(
                &ctx.suites,
                &checked,
                &request.values,
                request.commitments.as_deref(),
            )
            .map_err(Failure::unusable)?;
            let proof =
                serde_json::to_string(&made.proof).map_err(|e| Failure::unusable(e.to_string()))?;
            let openings = zeroize::Zeroizing::new(
                serde_json::to_string(&made.openings)
                    .map_err(|e| Failure::unusable(e.to_string()))?,
            );
            // Both sizes are checked before either is written; a short buffer gets the
            // lengths needed in both `*_len`.
            let proof_fits = *proof_len > proof.len();
            let openings_fit = openings_out.is_null() || *openings_len > openings.len();
            if !(proof_fits && openings_fit) {
                *proof_len = proof.len();
                if !openings_out.is_null() {
                    *openings_len = openings.len();
                }
                return Err(Failure::unusable(
                    "an output buffer is too short: the lengths needed (without the NUL) are in proof_len and openings_len",
                ));
            }
            write_text(proof_out, proof_len, &proof);
            if !openings_out.is_null() {
                write_text(openings_out, openings_len, &openings);
            }
            Ok(OK)
        })
    }
}
