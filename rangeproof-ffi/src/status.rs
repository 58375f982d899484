//! The boundary's plumbing: results, reasons, caught panics, the caller's buffers.

use std::ffi::{c_char, c_int};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Success: valid, added, made.
pub(crate) const OK: c_int = 1;
/// A well-formed proof that does not verify.
pub(crate) const INVALID: c_int = 0;
/// Unusable input.
pub(crate) const UNUSABLE: c_int = -1;
/// Nothing invalid, but a check could not run (`rp_liquid_verify_tx` without the spent
/// outputs).
pub(crate) const INCOMPLETE: c_int = 2;

/// A failure's result and reason.
pub(crate) struct Failure {
    pub(crate) code: c_int,
    pub(crate) reason: String,
}

impl Failure {
    pub(crate) fn unusable(reason: impl Into<String>) -> Self {
        Failure {
            code: UNUSABLE,
            reason: reason.into(),
        }
    }

    pub(crate) fn invalid(reason: impl Into<String>) -> Self {
        Failure {
            code: INVALID,
            reason: reason.into(),
        }
    }
}

/// Runs `body`, turning a panic into an unusable-input result, and writes the reason of a
/// failure to the caller's buffer. `reason` may be NULL; otherwise it must hold `reason_len`
/// writable bytes.
pub(crate) unsafe fn guarded(
    reason: *mut c_char,
    reason_len: usize,
    body: impl FnOnce() -> Result<c_int, Failure>,
) -> c_int {
    let outcome = catch_unwind(AssertUnwindSafe(body)).unwrap_or_else(|_| {
        Err(Failure::unusable(
            "internal error (a bug in rangeproof: please report it)",
        ))
    });
    match outcome {
        Ok(code) => {
            // SAFETY: the caller's contract for `reason` is passed on unchanged.
            unsafe { write_reason(reason, reason_len, "") };
            code
        }
        Err(failure) => {
            // SAFETY: as above.
            unsafe { write_reason(reason, reason_len, &failure.reason) };
            failure.code
        }
    }
}

/// Writes `text` as a NUL-terminated string, truncated to `len - 1` bytes (at a character
/// boundary), into `buffer`; nothing when `buffer` is NULL or `len` is 0.
///
/// # Safety
/// `buffer` is NULL or points to `len` writable bytes.
pub(crate) unsafe fn write_reason(buffer: *mut c_char, len: usize, text: &str) {
    if buffer.is_null() || len == 0 {
        return;
    }
    let mut end = text.len().min(len - 1);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    // SAFETY: `end + 1 <= len` bytes are written into a buffer of `len` writable bytes (the
    // caller's promise); `text` and the caller's buffer cannot overlap (ours is a fresh String
    // or a literal).
    unsafe {
        std::ptr::copy_nonoverlapping(text.as_ptr(), buffer.cast::<u8>(), end);
        *buffer.add(end) = 0;
    }
}

/// The caller's `(pointer, length)` as a byte slice; `None` for a NULL pointer (a zero length
/// with a NULL pointer too: every input here is required).
///
/// # Safety
/// `data` is NULL or points to `len` readable bytes that stay unchanged while the slice lives.
pub(crate) unsafe fn bytes<'a>(data: *const c_char, len: usize) -> Option<&'a [u8]> {
    if data.is_null() {
        return None;
    }
    // SAFETY: non-NULL, and `len` readable bytes by the caller's promise; `isize::MAX` bounds
    // every allocation, which `from_raw_parts` requires.
    Some(unsafe { std::slice::from_raw_parts(data.cast::<u8>(), len) })
}

/// The caller's document text: present, no larger than a document may be, UTF-8.
///
/// # Safety
/// As [`bytes`].
pub(crate) unsafe fn text<'a>(
    data: *const c_char,
    len: usize,
    what: &str,
) -> Result<&'a str, Failure> {
    let max = rangeproof_documents::input::DEFAULT_MAX_DOCUMENT_BYTES;
    if len as u64 > max {
        return Err(Failure::unusable(format!(
            "{what} is {len} bytes: more than the {max} a document may be"
        )));
    }
    // SAFETY: the caller's contract, passed on.
    let raw =
        unsafe { bytes(data, len) }.ok_or_else(|| Failure::unusable(format!("{what} is NULL")))?;
    std::str::from_utf8(raw).map_err(|_| Failure::unusable(format!("{what} is not UTF-8 text")))
}

/// Writes `text` and a NUL to the caller's `buffer` of capacity `*len` (when `buffer` is not
/// NULL), and its length (NUL not counted) to `*len`; when the buffer is too short, only the
/// length needed, and the error.
///
/// # Safety
/// `buffer` is NULL or points to `*len` writable bytes; `len` is non-NULL when `buffer` is not
/// (checked: a NULL `len` with a buffer is an error).
pub(crate) unsafe fn write_out(
    buffer: *mut c_char,
    len: *mut usize,
    text: &str,
) -> Result<(), Failure> {
    if buffer.is_null() {
        return Ok(());
    }
    if len.is_null() {
        return Err(Failure::unusable("NULL length with an output buffer"));
    }
    // SAFETY: `len` is non-NULL and the caller's to read and write.
    unsafe {
        if *len <= text.len() {
            *len = text.len();
            return Err(Failure::unusable(
                "the output buffer is too short: the length needed (without the NUL) is in its length argument",
            ));
        }
        // SAFETY: `text.len() + 1 <= *len` writable bytes (the caller's promise); the text is
        // ours, so the two cannot overlap.
        std::ptr::copy_nonoverlapping(text.as_ptr(), buffer.cast::<u8>(), text.len());
        *buffer.add(text.len()) = 0;
        *len = text.len();
    }
    Ok(())
}
