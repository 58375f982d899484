//! Verification: proof documents (alone or as a batch naming the invalid), Liquid
//! transactions and Litecoin MWEB transactions and blocks, each answered as the other front
//! ends answer (`rangeproof_documents`); and what turns data into documents to verify (MWEB
//! outputs' proofs, Solana proof data) and lists the suites. All of it is in the
//! verification-only build.

use rangeproof::{Suite, SuiteContext};
use rangeproof_app::{liquid, mweb as mweb_report};
use rangeproof_documents::{batch, Document, ProofDocument};
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
    /// Its batch failed and the search stopped at the blame limit before it: it may be valid.
    #[serde(rename = "notNamed", skip_serializing_if = "core::ops::Not::not")]
    not_named: bool,
}

impl Verdict {
    fn of(result: Result<(), String>, unusable: bool) -> Verdict {
        match result {
            Ok(()) => Verdict {
                valid: true,
                error: None,
                unusable,
                not_named: false,
            },
            Err(reason) => Verdict {
                valid: false,
                error: Some(reason),
                unusable,
                not_named: false,
            },
        }
    }
}

/// Parses a document as every front end does: one over 1 MiB is refused unread.
pub fn parse(text: &str) -> Result<Document, String> {
    Document::parse_bounded(text).map_err(|e| e.to_string())
}

/// What `verify` takes: the documents' texts, with the blame limit or without (the default).
#[derive(Deserialize)]
#[serde(untagged)]
enum Documents {
    Texts(Vec<String>),
    Limited(Limited),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Limited {
    documents: Vec<String>,
    /// At most this many invalid documents named by a failing batch (`null`: all).
    blame_limit: Option<usize>,
}

/// Documents (a JSON array of their texts, or `{"documents": […], "blame_limit": n|null}`)
/// verified together — one batch per group, the invalid ones named (`batch::verify_all`, at
/// most [`batch::BLAME_LIMIT`] unless told) — answered with a verdict per document, in order.
pub fn documents(bytes: &[u8]) -> Answer {
    let (texts, blame_limit) = match input(bytes)? {
        Documents::Texts(texts) => (texts, Some(batch::BLAME_LIMIT)),
        Documents::Limited(given) => (given.documents, given.blame_limit),
    };
    let parsed: Vec<Result<Document, String>> = texts.iter().map(|t| parse(t)).collect();
    let usable: Vec<&Document> = parsed.iter().filter_map(|d| d.as_ref().ok()).collect();
    let context = SuiteContext::global();
    // One document is verified alone, for the verifier's own reason when invalid.
    let mut checked = match usable.as_slice() {
        [Document::Proof(one)] if texts.len() == 1 => vec![one.verify_in(context)],
        _ => batch::verify_all(context, &usable, blame_limit),
    }
    .into_iter();
    let verdicts: Vec<Verdict> = parsed
        .iter()
        .map(|doc| match doc {
            Err(reason) => Verdict::of(Err(reason.clone()), true),
            Ok(_) => {
                let checked = checked.next();
                let mut verdict = Verdict::of(
                    checked.clone().map_or_else(
                        || Err("not verified".into()),
                        |r| r.map_err(|e| e.to_string()),
                    ),
                    false,
                );
                verdict.not_named = checked == Some(Err(rangeproof_documents::Invalid::NotNamed));
                verdict
            }
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
    /// MWEB: the signatures, proofs and sums checked even where a cheap rule fails first.
    #[serde(default)]
    full_report: bool,
}

/// A Liquid transaction (`tx`, optional `spent`) verified: the report as the CLI, Python and
/// C write it (`rangeproof_app::liquid`).
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
    Reply::json(text)
}

/// A Litecoin MWEB transaction or block (`tx`, optional `kind` and `previous_kernel_offset`)
/// verified: the report (`rangeproof_app::mweb`).
pub fn mweb(bytes: &[u8]) -> Answer {
    let given: TransactionInput = input(bytes)?;
    let previous = given
        .previous_kernel_offset
        .as_deref()
        .map(mweb_report::offset)
        .transpose()
        .map_err(Failure::Unusable)?;
    let data = hex("tx", given.tx.trim())?;
    let options = rangeproof::mweb::Options {
        full_report: given.full_report,
        ..Default::default()
    };
    let (_, text) = mweb_report::verify(&data, given.kind.as_deref(), previous.as_ref(), &options)
        .map_err(Failure::Unusable)?;
    Reply::json(text)
}

/// Every suite as `[scheme, group, flavor]` (the input is ignored).
pub fn suites(_: &[u8]) -> Answer {
    let all: Vec<[&str; 3]> = Suite::ALL
        .iter()
        .map(|s| [s.scheme(), s.group(), s.flavor()])
        .collect();
    Reply::public(&all)
}

/// What `mweb_documents` and `solana_document` take.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DataInput {
    data: String,
}

/// Each output's range proof of an MWEB transaction or block as a proof document (JSON text).
pub fn mweb_documents(bytes: &[u8]) -> Answer {
    let given: DataInput = input(bytes)?;
    let data = hex("the MWEB data", given.data.trim())?;
    let raw = mweb_report::bytes_of(&data).map_err(Failure::Unusable)?;
    let parsed = mweb_report::parse(&raw).map_err(Failure::Unusable)?;
    let texts = parsed
        .output_documents()
        .iter()
        .map(serde_json::to_string)
        .collect::<Result<Vec<_>, _>>()
        .map_err(Failure::unusable)?;
    Reply::public(&texts)
}

/// The document of a Solana batched range proof instruction's proof data; unusable when it is
/// not such a document (its length); the program's rules for its context are checked when it
/// is verified.
pub fn solana_document(bytes: &[u8]) -> Answer {
    let given: DataInput = input(bytes)?;
    let data = hex("the proof data", given.data.trim())?;
    let text = serde_json::to_string(&ProofDocument::of_solana_proof_data(&data))
        .map_err(Failure::unusable)?;
    parse(&text).map_err(Failure::Unusable)?;
    Reply::public(&text)
}
