//! Liquid transactions: every proof of a transaction in one batch and, with the outputs it
//! spends, the surjection proofs and the balance — the verdict valid, invalid or incomplete,
//! and the report as JSON (`rangeproof_app::liquid`, the Python package's too).

use std::ffi::{c_char, c_int, c_uchar};

use rangeproof::liquid::TransactionVerdict;
use rangeproof_app::liquid;

use crate::context::context;
use crate::status::{bytes, guarded, write_out, Failure, INCOMPLETE, INVALID, OK};

/// The caller's array of `n` byte strings (`data[i]` of `lens[i]` bytes), each non-NULL.
///
/// # Safety
/// `data` and `lens` are NULL or point to `n` readable entries; each `data[i]` to `lens[i]`
/// readable bytes.
unsafe fn byte_strings<'a>(
    data: *const *const c_uchar,
    lens: *const usize,
    n: usize,
    what: &str,
) -> Result<Vec<&'a [u8]>, Failure> {
    if data.is_null() || lens.is_null() {
        return Err(Failure::unusable(format!("NULL {what}")));
    }
    // SAFETY: the caller's contract: `n` entries each.
    let (data, lens) = unsafe {
        (
            std::slice::from_raw_parts(data, n),
            std::slice::from_raw_parts(lens, n),
        )
    };
    data.iter()
        .zip(lens)
        .enumerate()
        .map(|(i, (&p, &len))| {
            // SAFETY: the caller's contract for each entry.
            unsafe { bytes(p.cast(), len) }
                .ok_or_else(|| Failure::unusable(format!("NULL {what} {i}")))
        })
        .collect()
}

/// Verifies a Liquid transaction (`tx`, `tx_len` bytes: as serialized, or its hex; at most
/// Elements' 4 000 000 bytes, 8 000 000 as hex):
/// every confidential output's and issuance's range proof in one batch and — when the spent
/// outputs are given (`n_spent` of them, one per input in order: `spent_assets[i]` and
/// `spent_values[i]` are the asset and amount fields as the transaction that made the output
/// serializes them, with their lengths) — the surjection proofs and the balance. With
/// `spent_assets` NULL (and `n_spent` 0) the spent outputs are not given.
///
/// When `report` is not NULL, the report's JSON (per output and issuance its verdicts, the
/// balance, the verdict) is written there with a NUL; its capacity is `*report_len` on entry
/// and its length (NUL not counted) on return — or the length needed when it is too short
/// (the result is then -1).
///
/// Returns 1 valid (every check ran and holds), 0 invalid (something fails), 2 incomplete
/// (nothing fails, but without the spent outputs the surjection proofs and the balance were
/// not checked), -1 unusable input (the transaction does not parse or is too large, a spent
/// field does not parse, their count is not the inputs', a NULL pointer), with the reason in
/// `reason` (as `rp_verify_document`).
#[no_mangle]
pub unsafe extern "C" fn rp_liquid_verify_tx(
    ctx: *const crate::context::rp_context,
    tx: *const c_uchar,
    tx_len: usize,
    spent_assets: *const *const c_uchar,
    spent_asset_lens: *const usize,
    spent_values: *const *const c_uchar,
    spent_value_lens: *const usize,
    n_spent: usize,
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
            // The cap every front end states (`liquid::CAP`), before anything is read.
            if tx_len as u64 > liquid::CAP.file_bytes() {
                return Err(Failure::unusable(format!(
                    "tx: {}",
                    liquid::CAP.too_large()
                )));
            }
            let tx = bytes(tx.cast(), tx_len).ok_or_else(|| Failure::unusable("NULL tx"))?;
            if !report.is_null() && report_len.is_null() {
                return Err(Failure::unusable("NULL report_len with a report buffer"));
            }
            let spent = if spent_assets.is_null() {
                if n_spent != 0 {
                    return Err(Failure::unusable("NULL spent_assets with n_spent > 0"));
                }
                None
            } else {
                let assets = byte_strings(spent_assets, spent_asset_lens, n_spent, "spent asset")?;
                let values = byte_strings(spent_values, spent_value_lens, n_spent, "spent value")?;
                let pairs: Vec<_> = assets.into_iter().zip(values).collect();
                Some(liquid::spent_outputs(&pairs).map_err(Failure::unusable)?)
            };
            let (verdict, text) =
                liquid::verify_tx(tx, spent.as_deref()).map_err(Failure::unusable)?;
            write_out(report, report_len, &text)?;
            Ok(match verdict {
                TransactionVerdict::Valid => OK,
                TransactionVerdict::Invalid => INVALID,
                TransactionVerdict::Incomplete => INCOMPLETE,
            })
        })
    }
}
