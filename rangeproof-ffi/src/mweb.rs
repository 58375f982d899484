//! Litecoin MWEB: a transaction's or block's MWEB data checked as Litecoin Core checks it
//! (apart from chain state) — the verdict valid, invalid or incomplete and the report as JSON —
//! and a wallet's scan for its outputs (`rangeproof_app::mweb`, the Python package's and
//! the command line's too).

use std::ffi::{c_char, c_int, c_uchar};

use rangeproof::mweb::{Options, Verdict};
use rangeproof_app::mweb;
use zeroize::Zeroizing;

use crate::context::context;
use crate::status::{bytes, guarded, write_out, Failure, INCOMPLETE, INVALID, OK};

/// The caller's transaction or block: present, within the cap every front end states
/// ([`mweb::CAP`]: raw, or twice that as hex).
///
/// # Safety
/// `data` is NULL or points to `len` readable bytes.
unsafe fn data<'a>(data: *const c_uchar, len: usize) -> Result<&'a [u8], Failure> {
    if len as u64 > mweb::CAP.file_bytes() {
        return Err(Failure::unusable(format!(
            "data: {}",
            mweb::CAP.too_large()
        )));
    }
    // SAFETY: the caller's contract, passed on.
    unsafe { bytes(data.cast(), len) }.ok_or_else(|| Failure::unusable("NULL data"))
}

/// Verifies the MWEB data of a Litecoin transaction or block (`data`, `data_len` bytes: raw,
/// or hex text): every output's range proof (all in one batch, each with its message as extra
/// data) and signature, every input's and kernel's signature, the weight, the sort orders,
/// the kernel and stealth sums, and for a block its header, kernels, HogEx, peg-ins and
/// peg-outs. A block's kernel sum needs `previous_kernel_offset` (the previous block's MWEB
/// header's 32-byte kernel offset; NULL: not checked).
///
/// When `report` is not NULL, the report's JSON (`{"kind", "outputs": [{"id", "range_proof",
/// "signature"}], "inputs", "kernels", "checks", "findings": [{"check", "rule", "kernel"}],
/// "verdict"}`: a finding per failing check, with Litecoin Core's reject reason) is written there
/// with a NUL; its capacity is `*report_len` on entry and its length (NUL not counted) on
/// return — or the length needed when it is too short (the result is then -1).
///
/// Returns 1 valid, 0 invalid (something fails), 2 incomplete (nothing fails, but a check could
/// not run: a block's kernel sum without the previous offset, the inputs of what can only be a
/// network's first HogEx), -1 unusable input (neither a transaction nor a block with MWEB
/// data, too large, a NULL pointer), with the reason in `reason`.
#[no_mangle]
pub unsafe extern "C" fn rp_mweb_verify(
    ctx: *const crate::context::rp_context,
    data_ptr: *const c_uchar,
    data_len: usize,
    previous_kernel_offset: *const c_uchar,
    report: *mut c_char,
    report_len: *mut usize,
    reason: *mut c_char,
    reason_len: usize,
) -> c_int {
    // SAFETY: the caller's contract for `reason`.
    unsafe {
        guarded(reason, reason_len, || {
            // SAFETY: the pointers' contracts are the caller's, as documented.
            context(ctx).ok_or_else(|| Failure::unusable("the context is NULL"))?;
            let given = data(data_ptr, data_len)?;
            // 32 readable bytes or NULL, by the caller's contract.
            let previous: Option<[u8; 32]> = bytes(previous_kernel_offset.cast(), 32)
                .map(<[u8; 32]>::try_from)
                .transpose()
                .map_err(|_| Failure::unusable("previous_kernel_offset"))?;
            let (verdict, text) = mweb::verify(given, None, previous.as_ref(), &Options::default())
                .map_err(Failure::unusable)?;
            write_out(report, report_len, &text)?;
            Ok(match verdict {
                Verdict::Valid => OK,
                Verdict::Invalid => INVALID,
                Verdict::Incomplete => INCOMPLETE,
            })
        })
    }
}

/// Finds the outputs of a Litecoin transaction or block (`data`, raw or hex) that the wallet
/// of `scan_key` (32 bytes, secret) and `spend_pubkey` (33 bytes, compressed) owns at address
/// indices `0 .. addresses - 1`, and writes them to `found` as JSON with a NUL:
/// `[{"output", "id", "address", "value", "blinding", "nonce"}, …]` (blinding factor and
/// nonce in hex: secret — the caller wipes the buffer). `found`'s capacity is `*found_len` on
/// entry and the text's length on return, or the length needed when it is too short (the
/// result is then -1).
///
/// Returns 1 (the list written, empty when nothing is the wallet's), -1 unusable input (the
/// data does not parse, a key is not a key, a NULL pointer), with the reason in `reason`.
#[no_mangle]
pub unsafe extern "C" fn rp_mweb_scan(
    ctx: *const crate::context::rp_context,
    data_ptr: *const c_uchar,
    data_len: usize,
    scan_key: *const c_uchar,
    spend_pubkey: *const c_uchar,
    addresses: u32,
    found: *mut c_char,
    found_len: *mut usize,
    reason: *mut c_char,
    reason_len: usize,
) -> c_int {
    // SAFETY: the caller's contract for `reason`.
    unsafe {
        guarded(reason, reason_len, || {
            // SAFETY: the pointers' contracts are the caller's, as documented.
            context(ctx).ok_or_else(|| Failure::unusable("the context is NULL"))?;
            let given = data(data_ptr, data_len)?;
            let scan =
                bytes(scan_key.cast(), 32).ok_or_else(|| Failure::unusable("NULL scan_key"))?;
            let spend = bytes(spend_pubkey.cast(), 33)
                .ok_or_else(|| Failure::unusable("NULL spend_pubkey"))?;
            if found.is_null() {
                return Err(Failure::unusable("NULL found"));
            }
            let wallet = mweb::wallet(scan, spend, addresses).map_err(Failure::unusable)?;
            let text: Zeroizing<String> =
                mweb::scan_json(given, &wallet).map_err(Failure::unusable)?;
            write_out(found, found_len, &text)?;
            Ok(OK)
        })
    }
}
