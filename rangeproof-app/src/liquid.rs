//! A Liquid transaction's verification, as the Python package and the C library report it: the
//! spent outputs read from their serialized fields, and the report as one JSON object —
//!
//! ```text
//! {"outputs": [{"range_proof": V, "min_value": n|null, "max_value": n|null,
//!               "surjection_proof": V}, …],
//!  "issuances": [{"input": i, "amount_proof": V, "inflation_keys_proof": V}, …],
//!  "balance": "holds" | "fails" | {"not checked": reason},
//!  "findings": [{"rule": r, "why": text, "input": i | "output": k}, …],
//!  "verdict": "valid" | "invalid" | "incomplete"}
//! ```
//!
//! with each `V` one of `"valid"`, `"not needed"`, `{"invalid": reason}` or
//! `{"not checked": reason}`. Each finding is one of Elements' rules the transaction breaks:
//! `rule` is Elements' reject reason verbatim (`"bad-txns-vin-empty"`, `"bad-txns-in-ne-out"`,
//! …), `why` what breaks it, and `input` or `output` (at most one) where; the first names the
//! reason Elements gives. Any finding makes the verdict `"invalid"`. The JSON is written as it is serialized (no tree of values), so a
//! report of a million outputs costs its text and no more.

use std::borrow::Cow;

use rangeproof::liquid::{
    self, Asset, Balance, Finding, Place, SpentOutput, Transaction, TransactionReport,
    TransactionVerdict, Value, Verdict, MAX_TRANSACTION_BYTES,
};

use rangeproof_documents::input::{self, WireCap};
use serde::ser::{Serialize, SerializeMap, SerializeStruct, Serializer};

/// The spent outputs from their serialized asset and amount fields (one pair per input, as the
/// transaction that made each output serializes them); the reason names the pair.
pub fn spent_outputs<A: AsRef<[u8]>, V: AsRef<[u8]>>(
    pairs: &[(A, V)],
) -> Result<Vec<SpentOutput>, String> {
    pairs
        .iter()
        .enumerate()
        .map(|(i, (asset, value))| {
            Ok(SpentOutput {
                asset: Asset::from_bytes(asset.as_ref())
                    .map_err(|e| format!("spent output {i}: {e}"))?,
                value: Value::from_bytes(value.as_ref())
                    .map_err(|e| format!("spent output {i}: {e}"))?,
            })
        })
        .collect()
}

/// The cap on a transaction: Elements' (its weight is at most a block's, 4 000 000, and its
/// size at most its weight), raw, and twice that as hex. Every front end refuses with its
/// reason.
pub const CAP: WireCap = WireCap {
    what: "a Liquid transaction",
    raw: MAX_TRANSACTION_BYTES,
};

/// A transaction's bytes as given ([`input::raw_or_hex`]): raw, or hex text (white space
/// around it allowed); over [`CAP`] refused.
pub fn bytes_of(given: &[u8]) -> Result<Cow<'_, [u8]>, String> {
    input::raw_or_hex(given, CAP)
}

/// Parses and verifies a transaction, raw or hex ([`bytes_of`]), with its spent outputs when
/// given, and returns the verdict and the report's JSON text. An error is unusable input: the
/// transaction is over [`CAP`] or does not parse, a spent output's fields do not, or their
/// count is not the inputs'.
pub fn verify_tx(
    tx: &[u8],
    spent: Option<&[SpentOutput]>,
) -> Result<(TransactionVerdict, String), String> {
    let tx = bytes_of(tx).map_err(|e| format!("tx: {e}"))?;
    let parsed = Transaction::from_bytes(&tx).map_err(|e| format!("tx: {e}"))?;
    let report =
        liquid::verify_transaction(&parsed, spent).map_err(|e| format!("spent outputs: {e}"))?;
    let text = serde_json::to_string(&ReportJson {
        tx: &parsed,
        report: &report,
    })
    .map_err(|e| e.to_string())?;
    Ok((report.verdict(), text))
}

/// The verdict's word in the report.
pub fn verdict_word(verdict: TransactionVerdict) -> &'static str {
    match verdict {
        TransactionVerdict::Valid => "valid",
        TransactionVerdict::Invalid => "invalid",
        TransactionVerdict::Incomplete => "incomplete",
    }
}

struct ReportJson<'a> {
    tx: &'a Transaction<'a>,
    report: &'a TransactionReport,
}

impl Serialize for ReportJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("TransactionReport", 5)?;
        out.serialize_field(
            "outputs",
            &Outputs {
                tx: self.tx,
                report: self.report,
            },
        )?;
        out.serialize_field("issuances", &Issuances(self.report))?;
        out.serialize_field("balance", &BalanceJson(&self.report.balance))?;
        out.serialize_field("findings", &Findings(&self.report.findings))?;
        out.serialize_field("verdict", verdict_word(self.report.verdict()))?;
        out.end()
    }
}

struct Outputs<'a> {
    tx: &'a Transaction<'a>,
    report: &'a TransactionReport,
}

impl Serialize for Outputs<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(
            self.report
                .outputs
                .iter()
                .zip(self.tx.outputs())
                .map(|(o, output)| {
                    let range = o.range(&output);
                    OutputJson {
                        range_proof: VerdictJson(&o.range_proof),
                        min_value: range.map(|r| r.min_value),
                        max_value: range.map(|r| r.max_value),
                        surjection_proof: VerdictJson(&o.surjection_proof),
                    }
                }),
        )
    }
}

#[derive(serde::Serialize)]
struct OutputJson<'a> {
    range_proof: VerdictJson<'a>,
    min_value: Option<u64>,
    max_value: Option<u64>,
    surjection_proof: VerdictJson<'a>,
}

struct Issuances<'a>(&'a TransactionReport);

impl Serialize for Issuances<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.issuances.iter().map(|i| IssuanceJson {
            input: i.input,
            amount_proof: VerdictJson(&i.amount_proof),
            inflation_keys_proof: VerdictJson(&i.inflation_keys_proof),
        }))
    }
}

#[derive(serde::Serialize)]
struct IssuanceJson<'a> {
    input: usize,
    amount_proof: VerdictJson<'a>,
    inflation_keys_proof: VerdictJson<'a>,
}

struct VerdictJson<'a>(&'a Verdict);

impl Serialize for VerdictJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Verdict::Valid => s.serialize_str("valid"),
            Verdict::NotNeeded => s.serialize_str("not needed"),
            Verdict::Invalid(e) => one_entry(s, "invalid", &e.to_string()),
            Verdict::NotChecked(why) => one_entry(s, "not checked", why),
        }
    }
}

struct Findings<'a>(&'a [Finding]);

impl Serialize for Findings<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(|f| FindingJson {
            rule: f.rule,
            why: f.why,
            input: match f.at {
                Some(Place::Input(i)) => Some(i),
                _ => None,
            },
            output: match f.at {
                Some(Place::Output(k)) => Some(k),
                _ => None,
            },
        }))
    }
}

#[derive(serde::Serialize)]
struct FindingJson {
    rule: &'static str,
    why: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    input: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    output: Option<usize>,
}

struct BalanceJson<'a>(&'a Balance);

impl Serialize for BalanceJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Balance::Holds => s.serialize_str("holds"),
            Balance::Fails => s.serialize_str("fails"),
            Balance::NotChecked(why) => one_entry(s, "not checked", why),
        }
    }
}

fn one_entry<S: Serializer>(s: S, key: &str, value: &str) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(1))?;
    map.serialize_entry(key, value)?;
    map.end()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_of_a_small_transaction_is_the_documented_json() {
        // One input; an explicit fee of 5 (a 32-byte tag, empty script) and an explicit 0 to
        // an OP_RETURN script.
        let tag = [7u8; 32];
        let mut tx = 2u32.to_le_bytes().to_vec();
        tx.extend_from_slice(&[0, 1]);
        tx.extend_from_slice(&[9; 32]);
        tx.extend_from_slice(&[0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]);
        let outputs_at = tx.len();
        tx.push(2);
        for (amount, script) in [(5u64, &[][..]), (0, &[0x6a][..])] {
            tx.push(1);
            tx.extend_from_slice(&tag);
            tx.push(1);
            tx.extend_from_slice(&amount.to_be_bytes());
            tx.push(0);
            tx.push(script.len() as u8);
            tx.extend_from_slice(script);
        }
        tx.extend_from_slice(&[0; 4]);
        let (verdict, text) = verify_tx(&tx, None).unwrap();
        assert_eq!(verdict, TransactionVerdict::Incomplete);
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        let none = serde_json::json!({"range_proof": "not needed", "min_value": null,
            "max_value": null, "surjection_proof": "not needed"});
        assert_eq!(
            json,
            serde_json::json!({
                "outputs": [none, none],
                "issuances": [],
                "balance": {"not checked": "the spent outputs' amounts are not given"},
                "findings": [],
                "verdict": "incomplete",
            })
        );
        // With the spent output the balance is checked: 5 in, 5 and 0 out; 4 in fails.
        let spent = |amount: u64| {
            let asset = [&[1u8][..], &tag].concat();
            let value = [&[1u8][..], &amount.to_be_bytes()].concat();
            spent_outputs(&[(asset, value)]).unwrap()
        };
        let (verdict, _) = verify_tx(&tx, Some(&spent(5))).unwrap();
        assert_eq!(verdict, TransactionVerdict::Valid);
        let (verdict, text) = verify_tx(&tx, Some(&spent(4))).unwrap();
        assert_eq!(verdict, TransactionVerdict::Invalid);
        assert!(text.contains(r#""balance":"fails""#), "{text}");
        // A rule broken is a finding, named by Elements' reject reason and placed: a fee of 0.
        let mut zero_fee = tx.clone();
        zero_fee[outputs_at + 1 + 33 + 8] = 0;
        let (verdict, text) = verify_tx(&zero_fee, None).unwrap();
        assert_eq!(verdict, TransactionVerdict::Invalid);
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            json["findings"][0],
            serde_json::json!({"rule": "bad-txns-fee-outofrange",
                "why": "a fee of 0 or above MAX_MONEY", "output": 0})
        );
        assert_eq!(json["verdict"], "invalid");
        // Unusable: spent outputs for another number of inputs, a truncated transaction, a
        // field that is not an asset, an output whose amount is null.
        assert!(verify_tx(&tx, Some(&[]))
            .unwrap_err()
            .starts_with("spent outputs: "));
        assert!(verify_tx(&tx[..tx.len() - 1], None)
            .unwrap_err()
            .starts_with("tx: "));
        assert_eq!(
            spent_outputs(&[([9u8; 33], [0u8])]).unwrap_err(),
            "spent output 0: malformed transaction: asset prefix"
        );
        let mut null_amount = tx[..outputs_at + 1 + 33].to_vec();
        null_amount.push(0);
        null_amount.extend_from_slice(&tx[outputs_at + 1 + 33 + 9..]);
        assert!(verify_tx(&null_amount, None)
            .unwrap_err()
            .contains("Confidential values may not be null"));
    }
}
