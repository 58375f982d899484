//! A Liquid transaction: parse its bytes, verify every confidential output's range proof and
//! surjection proof in one batch, and read the verdict (valid, invalid, or incomplete where a
//! check needs the spent outputs, which a node reads from its UTXO set).
//!
//! ```text
//! cargo run --release --example liquid_transaction [FILE.hex ...]
//! ```
//!
//! Without arguments it verifies the transactions in `vectors/elements-tx/` (made by Elements,
//! provenance in `vectors/README.md`).

use rangeproof::liquid::{
    verify_transaction, Asset, SpentOutput, Transaction, TransactionVerdict, Value,
};

/// The outputs `tx_file`'s inputs spend, where `vectors/elements-tx/` has them (a node reads
/// them from its UTXO set).
fn spent_outputs(
    dir: &str,
    tx_file: &str,
) -> Result<Option<Vec<SpentOutput>>, Box<dyn std::error::Error>> {
    let path = format!("{dir}/{}_spent.json", tx_file.trim_end_matches(".hex"));
    let Ok(text) = std::fs::read_to_string(path) else {
        return Ok(None);
    };
    let json: serde_json::Value = serde_json::from_str(&text)?;
    let field =
        |entry: &serde_json::Value, name: &str| -> Result<Vec<u8>, Box<dyn std::error::Error>> {
            Ok(hex::decode(entry[name].as_str().ok_or("not a string")?)?)
        };
    let mut spent = Vec::new();
    for entry in json["spent"].as_array().ok_or("no spent outputs")? {
        spent.push(SpentOutput {
            asset: Asset::from_bytes(&field(entry, "asset")?)?,
            value: Value::from_bytes(&field(entry, "value")?)?,
        });
    }
    Ok(Some(spent))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../vectors/elements-tx");
    let mut files: Vec<std::path::PathBuf> = std::env::args_os().skip(1).map(Into::into).collect();
    if files.is_empty() {
        for entry in std::fs::read_dir(dir)? {
            let path = entry?.path();
            if path.extension().is_some_and(|e| e == "hex") {
                files.push(path);
            }
        }
        files.sort();
    }
    for path in files {
        let bytes = hex::decode(std::fs::read_to_string(&path)?.trim())?;
        let tx = Transaction::from_bytes(&bytes)?;
        // With the spent outputs every check runs; without them the proofs are checked and
        // what needs the inputs' assets and amounts (the balance, the surjection domain) is
        // left incomplete.
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let spent = spent_outputs(dir, &name)?;
        let report = verify_transaction(&tx, spent.as_deref())?;
        let verdict = match report.verdict() {
            TransactionVerdict::Valid => "valid",
            TransactionVerdict::Invalid => "invalid",
            TransactionVerdict::Incomplete => {
                "incomplete: what was checked is valid; the checks that need the spent outputs did not run"
            }
        };
        println!(
            "{name}: {} inputs, {} outputs{}: {verdict}",
            tx.n_inputs(),
            tx.n_outputs(),
            if spent.is_some() {
                ", with the outputs it spends"
            } else {
                ""
            },
        );
        let expected = if spent.is_some() {
            TransactionVerdict::Valid
        } else {
            TransactionVerdict::Incomplete
        };
        if report.verdict() != expected {
            return Err(format!("{name}: {verdict}, expected {expected:?}").into());
        }
    }
    Ok(())
}
