//! Verification: proof documents (alone or as a batch naming the invalid), Liquid
//! transactions and Litecoin MWEB transactions and blocks, each answered as the other front
//! ends answer (`rangeproof_documents`).

use rangeproof::SuiteContext;
use rangeproof_documents::input::DEFAULT_MAX_DOCUMENT_BYTES;
use rangeproof_documents::{batch, liquid, mweb as mweb_report, Document};
use serde::{Deserialize, Serialize};

use crate::answer::{hex, input, Answer, Failure, Reply};

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

impl Verdict {
    fn of(result: Result<(), String>, unusable: bool) -> Verdict {
        match result {
            Ok(()) => Verdict {
                valid: true,
                error: None,
                unusable,
            },
            Err(reason) => Verdict {
                valid: false,
                error: Some(reason),
                unusable,
            },
        }
    }
}

/// Parses a document as every front end does: one over 1 MiB is refused unread (the largest
/// valid document is under 16 KiB).
pub fn parse(text: &str) -> Result<Document, String> {
    if text.len() as u64 > DEFAULT_MAX_DOCUMENT_BYTES {
        return Err(format!(
            "the document is longer than {DEFAULT_MAX_DOCUMENT_BYTES} bytes ({})",
            text.len()
        ));
    }
    Document::parse(text).map_err(|e| e.to_string())
}

/// Documents (a JSON array of their texts) verified together — one batch per group, the
/// invalid ones named (`batch::verify_all`) — answered with a verdict per document, in order.
pub fn documents(bytes: &[u8]) -> Answer {
    let texts: Vec<String> = input(bytes)?;
    let parsed: Vec<Result<Document, String>> = texts.iter().map(|t| parse(t)).collect();
    let usable: Vec<&Document> = parsed.iter().filter_map(|d| d.as_ref().ok()).collect();
    let context = SuiteContext::global();
    // One document is verified alone, for the verifier's own reason when invalid.
    let mut checked = match usable.as_slice() {
        [Document::Proof(one)] if texts.len() == 1 => vec![one.verify_in(context)],
        _ => batch::verify_all(context, &usable),
    }
    .into_iter();
    let verdicts: Vec<Verdict> = parsed
        .iter()
        .map(|doc| match doc {
            Err(reason) => Verdict::of(Err(reason.clone()), true),
            Ok(_) => Verdict::of(
                checked.next().map_or_else(
                    || Err("not verified".into()),
                    |r| r.map_err(|e| e.to_string()),
                ),
                false,
            ),
        })
        .collect();
    Reply::public(&verdicts)
}

/// What a transaction function takes: the transaction and its options.
#[derive(Deserialize)]
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

/// A report's JSON text as the result.
fn report(text: String) -> Answer {
    let value: serde_json::Value = serde_json::from_str(&text).map_err(Failure::unusable)?;
    Reply::public(&value)
}

/// A Liquid transaction (`tx`, optional `spent`) verified: the report as the CLI, Python and
/// C write it (`rangeproof_documents::liquid`).
pub fn liquid(bytes: &[u8]) -> Answer {
    let given: TransactionInput = input(bytes)?;
    let tx = hex("tx", given.tx.trim())?;
    let spent = given
        .spent
        .map(|pairs| {
            let pairs = pairs
                .iter()
                .map(|(asset, value)| {
                    Ok((hex("a spent asset", asset)?, hex("a spent value", value)?))
                })
                .collect::<Result<Vec<_>, Failure>>()?;
            liquid::spent_outputs(&pairs).map_err(Failure::Unusable)
        })
        .transpose()?;
    let (_, text) = liquid::verify_tx(&tx, spent.as_deref()).map_err(Failure::Unusable)?;
    report(text)
}

/// A Litecoin MWEB transaction or block (`tx`, optional `kind` and `previous_kernel_offset`)
/// verified: the report (`rangeproof_documents::mweb`).
pub fn mweb(bytes: &[u8]) -> Answer {
    let given: TransactionInput = input(bytes)?;
    let previous = given
        .previous_kernel_offset
        .as_deref()
        .map(mweb_report::offset)
        .transpose()
        .map_err(Failure::Unusable)?;
    let data = hex("tx", given.tx.trim())?;
    let (_, text) = mweb_report::verify(&data, given.kind.as_deref(), previous.as_ref())
        .map_err(Failure::Unusable)?;
    report(text)
}
