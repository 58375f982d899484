//! Litecoin MWEB transactions and blocks as every front end reads and reports them (the
//! command-line tool, the Python package, the C library): raw bytes or hex, told apart (a block
//! or a transaction, either with MWEB data), the verification report as one JSON object —
//!
//! ```text
//! {"kind": "block" | "transaction",
//!  "outputs": [{"id": "hex", "range_proof": true|false|null, "signature": true|false|null}, …],
//!  "inputs": [true|false|null, …], "kernels": [true|false|null, …],
//!  "checks": {"weight": "holds" | "fails" | "not checked", …},
//!  "findings": [{"check": "pegins", "rule": "pegin-count-mismatch", "kernel": "hex"}, …],
//!  "verdict": "valid" | "invalid" | "incomplete"}
//! ```
//!
//! — `range_proof` `null` where the output's proof was not named: its batch failed, and the
//! blame limit (`rangeproof::BLAME_LIMIT` invalid proofs named at most) stopped
//! before it; every signature and proof `null` (and the sums `"not checked"`) where a cheap
//! check fails first, unless the full report is asked for
//! (`rangeproof::mweb::Options::full_report`); `findings` naming, for each check that fails, the rule it breaks in Litecoin Core's words
//! (its reject reason) and the kernel it concerns where it concerns one (`kernel` absent
//! otherwise) —
//! a wallet's scan as a list of the outputs it owns, and each output's range proof as a
//! proof document (`"flavor": "mweb"`), to batch with any other documents.

use rangeproof_documents::hex;
use rangeproof_documents::input::{self, WireCap};
use std::borrow::Cow;

use rand_core::OsRng;
use rangeproof::mweb::output_id;
use rangeproof::mweb::Wallet;
use rangeproof::mweb::{self, Options, Report, Status, Verdict};
use rangeproof::mweb::{Block, Output, Transaction, TxBody, MAX_BYTES};
use rangeproof::suite::ParameterValue;
use rangeproof::{Suite, SuiteStatement};
use serde::Serialize;
use serde_json::{json, Value};
use zeroize::{Zeroize, Zeroizing};

use rangeproof_documents::ProofDocument;

/// A block or a transaction, with MWEB data.
pub enum Parsed<'a> {
    /// A block (its MWEB block present).
    Block(Block<'a>),
    /// A transaction (its MWEB transaction present).
    Transaction(Transaction<'a>),
}

/// The cap on a transaction or block: Litecoin's largest block with MWEB data
/// ([`MAX_BYTES`]), raw, and twice that as hex. Every front end refuses with its reason.
pub const CAP: WireCap = WireCap {
    what: "a Litecoin transaction or block with MWEB data",
    raw: MAX_BYTES,
};

/// Bytes as given ([`input::raw_or_hex`]): hex text (white space around it allowed) is
/// decoded, raw bytes are taken as they are (borrowed, not copied); over [`CAP`] refused.
pub fn bytes_of(given: &[u8]) -> Result<Cow<'_, [u8]>, String> {
    input::raw_or_hex(given, CAP)
}

/// A block, else a transaction; either with MWEB data, or the reason neither parses.
pub fn parse(bytes: &[u8]) -> Result<Parsed<'_>, String> {
    match Block::from_bytes(bytes) {
        Ok(block) if block.mweb.is_some() => Ok(Parsed::Block(block)),
        Ok(_) => Err("a block without MWEB data".into()),
        Err(block_error) => match Transaction::from_bytes(bytes) {
            Ok(tx) if tx.mweb.is_some() => Ok(Parsed::Transaction(tx)),
            Ok(_) => Err("a transaction without MWEB data".into()),
            Err(tx_error) => Err(format!(
                "neither a block ({block_error}) nor a transaction ({tx_error})"
            )),
        },
    }
}

impl<'a> Parsed<'a> {
    /// `"block"` or `"transaction"`.
    pub fn kind(&self) -> &'static str {
        match self {
            Parsed::Block(_) => "block",
            Parsed::Transaction(_) => "transaction",
        }
    }

    /// The MWEB body.
    pub fn body(&self) -> &TxBody<'a> {
        // `parse` admits only blocks and transactions with MWEB data; an empty body is never
        // reached but costs nothing to name.
        static EMPTY: TxBody<'static> = TxBody {
            inputs: Vec::new(),
            outputs: Vec::new(),
            kernels: Vec::new(),
        };
        match self {
            Parsed::Block(block) => block.mweb.as_ref().map_or(&EMPTY, |m| &m.body),
            Parsed::Transaction(tx) => tx.mweb.as_ref().map_or(&EMPTY, |m| &m.body),
        }
    }

    /// Every check Litecoin Core makes, apart from chain state: a block's kernel sum needs
    /// the previous block's kernel offset (without it, [`Status::NotChecked`]).
    pub fn verify(&self, previous_kernel_offset: Option<&[u8; 32]>, options: &Options) -> Report {
        let report = match self {
            Parsed::Block(block) => {
                let blocks = [block];
                let reports =
                    mweb::verify_blocks_with(&blocks, previous_kernel_offset, options, &mut OsRng);
                reports.into_iter().next().flatten()
            }
            Parsed::Transaction(tx) => mweb::verify_transaction_with(tx, options, &mut OsRng),
        };
        report.unwrap_or_else(empty_report)
    }

    /// Each output's range proof as a proof document (`"flavor": "mweb"`: its message as the
    /// extra data), in order.
    pub fn output_documents(&self) -> Vec<ProofDocument> {
        self.body().outputs.iter().map(output_document).collect()
    }
}

/// Verifies several: the blocks as one chain segment in the order given
/// ([`mweb::verify_blocks`]: every range proof of them in one batch, every signature in
/// another; `previous_kernel_offset` for the first block, each following block's from the one
/// before when their heights are consecutive), each transaction on its own. A report per item,
/// in order.
pub fn verify_all(
    items: &[&Parsed],
    previous_kernel_offset: Option<&[u8; 32]>,
    options: &Options,
) -> Vec<Report> {
    let blocks: Vec<&Block> = items
        .iter()
        .filter_map(|p| match p {
            Parsed::Block(block) => Some(block),
            Parsed::Transaction(_) => None,
        })
        .collect();
    let mut segment =
        mweb::verify_blocks_with(&blocks, previous_kernel_offset, options, &mut OsRng).into_iter();
    items
        .iter()
        .map(|item| match item {
            Parsed::Block(_) => segment.next().flatten(),
            Parsed::Transaction(_) => Some(item.verify(None, options)),
        })
        .map(|report| report.unwrap_or_else(empty_report))
        .collect()
}

fn empty_report() -> Report {
    Report {
        outputs: Vec::new(),
        inputs: Vec::new(),
        kernels: Vec::new(),
        checks: Vec::new(),
        findings: Vec::new(),
    }
}

/// An output's range proof as a proof document.
pub fn output_document(output: &Output) -> ProofDocument {
    let statement = SuiteStatement {
        bits: 64,
        extension_degree: 1,
        parameters: [(
            "extra_data".to_string(),
            ParameterValue::Bytes(output.message.bytes.to_vec()),
        )]
        .into(),
        ..SuiteStatement::default()
    };
    ProofDocument::of(
        Suite::MWEB_BULLETPROOFS,
        &statement,
        output.proof,
        &[output.commitment.to_vec()],
    )
}

/// A check's status as reports spell it.
pub fn status_word(status: Status) -> &'static str {
    match status {
        Status::Holds => "holds",
        Status::Fails => "fails",
        Status::NotChecked => "not checked",
    }
}

/// A verdict as reports spell it.
pub fn verdict_word(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Valid => "valid",
        Verdict::Invalid => "invalid",
        Verdict::Incomplete => "incomplete",
    }
}

/// The checks beside the items', by name.
pub fn checks_json(report: &Report) -> serde_json::Map<String, Value> {
    report
        .checks
        .iter()
        .map(|(c, s)| (c.name().to_string(), json!(status_word(*s))))
        .collect()
}

/// Why each failing check fails: its name, Core's rule, and the kernel where one is concerned.
pub fn findings_json(report: &Report) -> Vec<Value> {
    report
        .findings
        .iter()
        .map(|f| {
            let mut finding = json!({"check": f.check.name(), "rule": f.rule});
            if let Some(kernel) = f.kernel {
                finding["kernel"] = json!(hex::encode(kernel));
            }
            finding
        })
        .collect()
}

/// The report as one JSON object (the module's layout).
pub fn report_json(kind: &str, report: &Report) -> Value {
    let outputs: Vec<Value> = report
        .outputs
        .iter()
        .map(|o| json!({"id": hex::encode(o.id), "range_proof": o.range_proof, "signature": o.signature}))
        .collect();
    json!({
        "kind": kind,
        "outputs": outputs,
        "inputs": report.inputs,
        "kernels": report.kernels,
        "checks": checks_json(report),
        "findings": findings_json(report),
        "verdict": verdict_word(report.verdict()),
    })
}

/// Parses and verifies a block or transaction (raw or hex): the verdict and the report's JSON
/// text. `expect` names the kind the caller wants (`"block"`, `"transaction"`) or `None` for
/// either. An error is unusable input.
pub fn verify(
    given: &[u8],
    expect: Option<&str>,
    previous_kernel_offset: Option<&[u8; 32]>,
    options: &Options,
) -> Result<(Verdict, String), String> {
    let bytes = bytes_of(given)?;
    let parsed = parse(&bytes)?;
    if let Some(kind) = expect.filter(|k| *k != parsed.kind()) {
        return Err(format!("a {}, not a {kind}", parsed.kind()));
    }
    let report = parsed.verify(previous_kernel_offset, options);
    let text =
        serde_json::to_string(&report_json(parsed.kind(), &report)).map_err(|e| e.to_string())?;
    Ok((report.verdict(), text))
}

/// A 32-byte big-endian offset from 64 hex digits.
pub fn offset(text: &str) -> Result<[u8; 32], String> {
    hex::decode(text.trim())
        .ok()
        .and_then(|b| <[u8; 32]>::try_from(b).ok())
        .ok_or_else(|| "expected 64 hex digits".to_string())
}

/// The wallet of a scan secret and a spend public key, looking for `addresses` address
/// indices; the reason names the bad key.
pub fn wallet(scan_secret: &[u8], spend_pubkey: &[u8], addresses: u32) -> Result<Wallet, String> {
    let scan = Zeroizing::new(
        <[u8; 32]>::try_from(scan_secret)
            .map_err(|_| format!("scan key: {} bytes, expected 32", scan_secret.len()))?,
    );
    let spend = <[u8; 33]>::try_from(spend_pubkey).map_err(|_| {
        format!(
            "spend public key: {} bytes, expected 33",
            spend_pubkey.len()
        )
    })?;
    Wallet::new(&scan, &spend, addresses).map_err(|e| match e {
        rangeproof::ProofError::InvalidSecret => {
            "scan key: zero or not below the group order".to_string()
        }
        rangeproof::ProofError::Statement(_) => format!(
            "addresses: {addresses}, more than {} (a wallet's look-ahead is far smaller)",
            rangeproof::mweb::MAX_ADDRESSES
        ),
        _ => "spend public key: not a point on the curve".to_string(),
    })
}

/// An output a wallet found, as typed bytes: each front end takes them as they are (Python's
/// `bytes`, JavaScript's `Uint8Array`) and the JSON writers (the CLI, C) as hex. Its secrets
/// are wiped when dropped.
#[derive(Serialize)]
pub struct Found {
    /// Its position among the body's outputs.
    pub output: usize,
    /// Its ID (hex in JSON).
    #[serde(serialize_with = "hex_array")]
    pub id: [u8; 32],
    /// The address index it pays.
    pub address: u32,
    /// The value, in litoshis (secret).
    pub value: u64,
    /// The commitment's blinding factor, big-endian as libsecp256k1-zkp takes it (secret; hex
    /// in JSON).
    #[serde(serialize_with = "hex_secret")]
    pub blinding: Zeroizing<[u8; 32]>,
    /// The sender's nonce (secret; hex in JSON).
    #[serde(serialize_with = "hex_secret")]
    pub nonce: Zeroizing<[u8; 16]>,
}

impl Drop for Found {
    fn drop(&mut self) {
        self.value.zeroize();
    }
}

fn hex_array<S: serde::Serializer, const N: usize>(
    bytes: &[u8; N],
    to: S,
) -> Result<S::Ok, S::Error> {
    to.serialize_str(&hex::encode(bytes))
}

/// A secret as hex, the text wiped once written.
fn hex_secret<S: serde::Serializer, const N: usize>(
    bytes: &Zeroizing<[u8; N]>,
    to: S,
) -> Result<S::Ok, S::Error> {
    let text = Zeroizing::new(hex::encode(bytes.as_slice()));
    to.serialize_str(&text)
}

/// The outputs of `parsed` that `wallet` owns, in order.
pub fn scan(parsed: &Parsed, wallet: &Wallet) -> Vec<Found> {
    parsed
        .body()
        .outputs
        .iter()
        .enumerate()
        .filter_map(|(k, output)| {
            let owned = wallet.scan(output)?;
            Some(Found {
                output: k,
                id: output_id(output),
                address: owned.address,
                value: owned.value,
                blinding: Zeroizing::new(owned.blinding),
                nonce: Zeroizing::new(owned.nonce),
            })
        })
        .collect()
}

/// Parses a block or transaction (raw or hex) and scans it: the JSON list of the outputs the
/// wallet owns (secret: the caller wipes it). An error is unusable input.
pub fn scan_json(given: &[u8], wallet: &Wallet) -> Result<Zeroizing<String>, String> {
    let bytes = bytes_of(given)?;
    let parsed = parse(&bytes)?;
    let found = scan(&parsed, wallet);
    serde_json::to_string(&found)
        .map(Zeroizing::new)
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vectors() -> Value {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../vectors/mweb-made-here.json"
        );
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    #[test]
    fn transactions_report_outputs_documents_and_scans() {
        let v = vectors();
        let w = &v["wallet"];
        let wallet = wallet(
            &hex::decode(w["scan_secret"].as_str().unwrap()).unwrap(),
            &hex::decode(w["spend_pubkey"].as_str().unwrap()).unwrap(),
            8,
        )
        .unwrap();
        let case = &v["transactions"][0];
        let hex_text = case["tx"].as_str().unwrap();
        let (verdict, text) = verify(
            hex_text.as_bytes(),
            Some("transaction"),
            None,
            &Options::default(),
        )
        .unwrap();
        assert_eq!(verdict, Verdict::Valid);
        let report: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(report["kind"], "transaction");
        assert_eq!(report["verdict"], "valid");
        assert_eq!(report["checks"]["kernel_sum"], "holds");
        assert_eq!(report["outputs"][0]["range_proof"], true);
        let raw = hex::decode(hex_text).unwrap();
        assert_eq!(
            verify(&raw, None, None, &Options::default()).unwrap().1,
            text,
            "raw and hex alike"
        );
        assert!(verify(&raw, Some("block"), None, &Options::default())
            .unwrap_err()
            .contains("not a block"));

        let parsed = parse(&raw).unwrap();
        let docs = parsed.output_documents();
        assert_eq!(docs.len(), 1);
        let doc_text = serde_json::to_string(&docs[0]).unwrap();
        rangeproof_documents::Document::parse(&doc_text)
            .unwrap()
            .verify()
            .unwrap();

        let found = scan(&parsed, &wallet);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].value, case["values"][0].as_u64().unwrap());

        // One byte of the proof changed: invalid, the output named.
        let proof = *parsed.body().outputs[0].proof;
        let proof_at = raw.windows(675).position(|w| w == proof).unwrap() + 100;
        let mut changed = raw.clone();
        changed[proof_at] ^= 1;
        let (verdict, text) = verify(&changed, None, None, &Options::default()).unwrap();
        assert_eq!(verdict, Verdict::Invalid);
        let report: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(report["outputs"][0]["range_proof"], false);

        for bad in [&b""[..], b"00", &raw[..raw.len() - 1]] {
            assert!(verify(bad, None, None, &Options::default()).is_err());
        }
        assert!(wallet_err(&[0; 32]).contains("scan key"));
        // An address count past the cap: refused before any work (no allocation sized by it).
        let cap = rangeproof::mweb::MAX_ADDRESSES;
        for count in [cap + 1, u32::MAX] {
            let err = super::wallet(&[1; 32], &[2; 33], count)
                .err()
                .unwrap_or_default();
            assert!(err.starts_with("addresses: "), "{err}");
        }
        let spend = hex::decode(w["spend_pubkey"].as_str().unwrap()).unwrap();
        assert!(super::wallet(&[1; 32], &spend, 0).is_ok());
    }

    /// Every refused peg-in of the vectors is invalid, its report naming the check that
    /// fails and Core's rule in `findings` (the kernel, for a peg-in kernel with no output of
    /// its own); an accepted one has no findings.
    #[test]
    fn refused_pegins_report_the_rule_they_break() {
        let v = vectors();
        let (_, text) = verify(
            v["transactions"][0]["tx"].as_str().unwrap().as_bytes(),
            None,
            None,
            &Options::default(),
        )
        .unwrap();
        let report: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(report["findings"], json!([]));
        assert_eq!(report["checks"]["pegins"], "holds");
        for case in v["refused"].as_array().unwrap() {
            let (verdict, text) = verify(
                case["tx"].as_str().unwrap().as_bytes(),
                None,
                None,
                &Options::default(),
            )
            .unwrap();
            assert_eq!(verdict, Verdict::Invalid, "{}", case["why"]);
            let report: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(report["verdict"], "invalid");
            let check = case["check"].as_str().unwrap();
            assert_eq!(report["checks"][check], "fails");
            let finding = report["findings"]
                .as_array()
                .unwrap()
                .iter()
                .find(|f| f["check"] == check)
                .unwrap()
                .clone();
            assert_eq!(finding["rule"], case["rule"], "{}", case["why"]);
            if case["why"].as_str().unwrap().starts_with("MWEB-only") {
                assert_eq!(finding["kernel"].as_str().unwrap().len(), 64);
            }
        }
    }

    fn wallet_err(scan: &[u8]) -> String {
        match wallet(scan, &[2; 33], 1) {
            Err(e) => e,
            Ok(_) => String::new(),
        }
    }
}
