//! The WebAssembly side of the JavaScript package: the library's one document entry point
//! (`rangeproof_documents`) behind a byte ABI that `index.js` drives. JSON in, JSON out, so the
//! JavaScript side holds no knowledge of formats: it copies text into this module's memory,
//! calls, and reads text back.
//!
//! - `rp_alloc(len) -> ptr` / `rp_free(ptr, len)`: buffers the JavaScript side writes into.
//! - `rp_verify(ptr, len) -> ptr`: the input is a JSON array of document texts; the output (a
//!   buffer from `rp_alloc` that the caller frees, its length in its first four bytes,
//!   little-endian) is a JSON array of `{"valid": bool, "error"?: string, "unusable"?: true}`,
//!   one per document in order, the usable ones verified together
//!   (`rangeproof_documents::batch::verify_all`: one multiscalar multiplication per group,
//!   invalid ones named). An input that is not such an array gives `{"error": …}` instead.
//!
//! Randomness (the batch weights) comes from the host: `env.random(ptr, len)` must fill the
//! bytes with `crypto.getRandomValues`.

use std::alloc::{alloc, dealloc, Layout};

use rangeproof::SuiteContext;
use rangeproof_documents::{batch, Document};
use serde::Serialize;

#[link(wasm_import_module = "env")]
extern "C" {
    /// Fills `len` bytes at `ptr` from the host's cryptographic random source.
    fn random(ptr: *mut u8, len: usize);
}

fn host_random(buf: &mut [u8]) -> Result<(), getrandom::Error> {
    // SAFETY: `buf` is `buf.len()` writable bytes of this module's memory; the host writes
    // exactly that many (index.js: `crypto.getRandomValues` on a view of that range).
    unsafe { random(buf.as_mut_ptr(), buf.len()) };
    Ok(())
}
getrandom::register_custom_getrandom!(host_random);

/// The layout of a host buffer of `len` bytes (one byte at least: a zero-sized allocation is
/// not allowed).
fn layout(len: usize) -> Option<Layout> {
    Layout::array::<u8>(len.max(1)).ok()
}

/// A buffer of `len` bytes for the host to write into (freed with [`rp_free`]); null when the
/// memory cannot grow that far.
#[no_mangle]
pub extern "C" fn rp_alloc(len: usize) -> *mut u8 {
    match layout(len) {
        // SAFETY: the layout has a non-zero size.
        Some(layout) => unsafe { alloc(layout) },
        None => core::ptr::null_mut(),
    }
}

/// Frees a buffer of [`rp_alloc`] of `len` bytes (or a result of [`rp_verify`]: its length
/// prefix plus four).
///
/// # Safety
/// `ptr` came from [`rp_alloc`] with this `len` and is freed once.
#[no_mangle]
pub unsafe extern "C" fn rp_free(ptr: *mut u8, len: usize) {
    if let (false, Some(layout)) = (ptr.is_null(), layout(len)) {
        // SAFETY: the caller's contract: `ptr` was allocated with this same layout.
        unsafe { dealloc(ptr, layout) };
    }
}

/// One document's verdict, as the JavaScript side returns it.
#[derive(Serialize)]
struct Verdict {
    valid: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    /// The document could not be read (not a document, a field out of its rules).
    #[serde(skip_serializing_if = "core::ops::Not::not")]
    unusable: bool,
}

/// Verifies documents together (see the module notes).
///
/// # Safety
/// `ptr` points to `len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn rp_verify(ptr: *const u8, len: usize) -> *mut u8 {
    // SAFETY: the caller's contract.
    let input = unsafe { core::slice::from_raw_parts(ptr, len) };
    let output = match serde_json::from_slice::<Vec<String>>(input) {
        Ok(texts) => serde_json::to_string(&verify(&texts)),
        Err(e) => serde_json::to_string(&serde_json::json!({
            "error": format!("the input is not a JSON array of document texts: {e}")
        })),
    }
    .unwrap_or_else(|_| r#"{"error":"the verdicts could not be written"}"#.into());
    with_length(output.into_bytes())
}

/// What a transaction function takes: the transaction (hex) and its options.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct TransactionInput {
    /// The transaction (or, for MWEB, block) in hex.
    tx: String,
    /// Liquid: each spent output's asset and value fields, in hex, in input order.
    #[serde(default)]
    spent: Option<Vec<(String, String)>>,
    /// MWEB: `"block"` or `"transaction"` (either when absent).
    #[serde(default)]
    kind: Option<String>,
    /// MWEB: the previous block's kernel offset (64 hex digits), for a block's kernel sum.
    #[serde(default)]
    previous_kernel_offset: Option<String>,
}

/// Verifies a Liquid transaction: the input is the JSON of [`TransactionInput`] (`tx`,
/// optional `spent`); the output (as [`rp_verify`]'s) is the report's JSON
/// (`rangeproof_documents::liquid`, as the CLI, Python and C write it), or `{"error": …}` for
/// unusable input.
///
/// # Safety
/// `ptr` points to `len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn rp_liquid_verify(ptr: *const u8, len: usize) -> *mut u8 {
    // SAFETY: the caller's contract.
    let input = unsafe { core::slice::from_raw_parts(ptr, len) };
    answer(transaction_input(input).and_then(|given| {
        use rangeproof_documents::liquid;
        let tx = decode_hex("tx", &given.tx)?;
        let spent = given
            .spent
            .map(|pairs| {
                let pairs = pairs
                    .iter()
                    .map(|(asset, value)| {
                        Ok((
                            decode_hex("spent asset", asset)?,
                            decode_hex("spent value", value)?,
                        ))
                    })
                    .collect::<Result<Vec<_>, String>>()?;
                liquid::spent_outputs(&pairs)
            })
            .transpose()?;
        liquid::verify_tx(&tx, spent.as_deref()).map(|(_, report)| report)
    }))
}

/// Verifies a Litecoin MWEB transaction or block: the input is the JSON of
/// [`TransactionInput`] (`tx`, optional `kind` and `previous_kernel_offset`); the output is the
/// report's JSON (`rangeproof_documents::mweb`), or `{"error": …}` for unusable input.
///
/// # Safety
/// `ptr` points to `len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn rp_mweb_verify(ptr: *const u8, len: usize) -> *mut u8 {
    // SAFETY: the caller's contract.
    let input = unsafe { core::slice::from_raw_parts(ptr, len) };
    answer(transaction_input(input).and_then(|given| {
        use rangeproof_documents::mweb;
        let previous = given
            .previous_kernel_offset
            .as_deref()
            .map(mweb::offset)
            .transpose()?;
        let bytes = decode_hex("tx", &given.tx)?;
        mweb::verify(&bytes, given.kind.as_deref(), previous.as_ref()).map(|(_, report)| report)
    }))
}

fn transaction_input(input: &[u8]) -> Result<TransactionInput, String> {
    serde_json::from_slice(input).map_err(|e| format!("the input is not what was asked: {e}"))
}

fn decode_hex(what: &str, text: &str) -> Result<Vec<u8>, String> {
    hex::decode(text.trim()).map_err(|e| format!("{what} is not hex: {e}"))
}

/// A report's JSON text, or the reason as `{"error": …}`, in a buffer for the host.
fn answer(result: Result<String, String>) -> *mut u8 {
    let text = result.unwrap_or_else(|reason| serde_json::json!({ "error": reason }).to_string());
    with_length(text.into_bytes())
}

fn verify(texts: &[String]) -> Vec<Verdict> {
    let parsed: Vec<Result<Document, String>> = texts
        .iter()
        .map(|t| Document::parse(t).map_err(|e| e.to_string()))
        .collect();
    let usable: Vec<&Document> = parsed.iter().filter_map(|d| d.as_ref().ok()).collect();
    let context = SuiteContext::global();
    // One document is verified alone, for the verifier's own reason when invalid.
    let mut checked = match usable.as_slice() {
        [Document::Proof(one)] if texts.len() == 1 => vec![one.verify_in(context)],
        _ => batch::verify_all(context, &usable),
    }
    .into_iter();
    parsed
        .iter()
        .map(|doc| match doc {
            Err(reason) => Verdict {
                valid: false,
                error: Some(reason.clone()),
                unusable: true,
            },
            Ok(_) => match checked.next() {
                Some(Ok(())) => Verdict {
                    valid: true,
                    error: None,
                    unusable: false,
                },
                Some(Err(e)) => Verdict {
                    valid: false,
                    error: Some(e.to_string()),
                    unusable: false,
                },
                None => Verdict {
                    valid: false,
                    error: Some("not verified".into()),
                    unusable: false,
                },
            },
        })
        .collect()
}

/// `bytes` behind a four-byte little-endian length, in a buffer of [`rp_alloc`] the host frees
/// with [`rp_free`] (length plus four); null when memory runs out.
fn with_length(bytes: Vec<u8>) -> *mut u8 {
    let Ok(len) = u32::try_from(bytes.len()) else {
        return core::ptr::null_mut();
    };
    let ptr = rp_alloc(bytes.len() + 4);
    if !ptr.is_null() {
        // SAFETY: `ptr` holds `bytes.len() + 4` writable bytes, just allocated, distinct from
        // `bytes`.
        unsafe {
            core::ptr::copy_nonoverlapping(len.to_le_bytes().as_ptr(), ptr, 4);
            core::ptr::copy_nonoverlapping(bytes.as_ptr(), ptr.add(4), bytes.len());
        }
    }
    ptr
}
