//! `rangeproof liquid`: Liquid transactions — verify every confidential output's proofs (and,
//! with the spent outputs, the surjection proofs and the balance), and unblind an output with
//! the receiver's blinding key.

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use rangeproof::liquid::{
    self, Asset, Balance, Place, SpentOutput, Transaction, TransactionVerdict, Value, Verdict,
};
use rangeproof_documents::input;
use serde::{Deserialize, Serialize};
use zeroize::Zeroizing;

use crate::Outcome;

#[derive(Subcommand)]
pub enum LiquidCommand {
    /// Verify a transaction's proofs: one line per output, one per Elements rule it breaks
    /// (named by Elements' reject reason) and a verdict (exit 0 valid: every check ran and
    /// holds; 1 invalid; 3 incomplete: without --spent the surjection proofs and the balance
    /// are not checked; 2 unusable).
    #[command(after_help = "Examples:
  rangeproof liquid verify-tx tx.hex
  rangeproof liquid verify-tx tx.hex --spent spent.json")]
    VerifyTx(VerifyTxArgs),
    /// Unblind an output with the receiver's blinding key: its amount, asset and blinding
    /// factors, as JSON.
    #[command(after_help = "Example:
  rangeproof liquid unblind tx.hex --output 0 --blinding-key-file blinding.key")]
    Unblind(UnblindArgs),
}

#[derive(Args)]
pub struct VerifyTxArgs {
    /// The transaction: a file of its raw bytes or its hex (`-`: standard input).
    tx: PathBuf,
    /// The outputs the transaction spends, one per input in order, as JSON:
    /// `[{"asset": "hex", "value": "hex"}, …]`, each field as the transaction that made the
    /// output serializes it (asset: `01` ‖ tag or a 33-byte generator; value: `01` ‖ 8 bytes
    /// big-endian or a 33-byte commitment). With it the surjection proofs and the balance are
    /// checked too.
    #[arg(long)]
    spent: Option<PathBuf>,
}

#[derive(Args)]
pub struct UnblindArgs {
    /// The transaction: a file of its raw bytes or its hex (`-`: standard input).
    tx: PathBuf,
    /// The output's index.
    #[arg(long)]
    output: usize,
    /// The receiver's 32-byte blinding private key, in hex. It appears in the process list:
    /// prefer --blinding-key-file.
    #[arg(
        long,
        required_unless_present = "blinding_key_file",
        conflicts_with = "blinding_key_file"
    )]
    blinding_key: Option<String>,
    /// Read the blinding key's hex from this file (`-`: standard input).
    #[arg(long)]
    blinding_key_file: Option<PathBuf>,
}

impl Drop for UnblindArgs {
    fn drop(&mut self) {
        zeroize::Zeroize::zeroize(&mut self.blinding_key);
    }
}

/// A transaction's bytes, from a file of raw bytes or hex (parse them with
/// [`Transaction::from_bytes`], which borrows them), under Elements' cap
/// ([`rangeproof_app::liquid::CAP`]), as every front end reads them.
fn read_transaction(path: &Path) -> Result<Vec<u8>, String> {
    input::read_raw_or_hex(path, rangeproof_app::liquid::CAP)
}

fn parse_transaction<'a>(path: &Path, bytes: &'a [u8]) -> Result<Transaction<'a>, String> {
    Transaction::from_bytes(bytes).map_err(|e| format!("{}: {e}", path.display()))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpentField {
    asset: String,
    value: String,
}

fn read_spent(path: &Path) -> Result<Vec<SpentOutput>, String> {
    let text = input::read_text(path, input::DEFAULT_MAX_DOCUMENT_BYTES)?;
    let fields: Vec<SpentField> = serde_json::from_str(&text)
        .map_err(|e| format!("{}: not a list of spent outputs: {e}", path.display()))?;
    fields
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let field = |name: &str, text: &str| {
                hex::decode(text).map_err(|e| {
                    format!(
                        "{}: spent output {i}: {name} is not hex: {e}",
                        path.display()
                    )
                })
            };
            Ok(SpentOutput {
                asset: Asset::from_bytes(&field("asset", &f.asset)?)
                    .map_err(|e| format!("{}: spent output {i}: {e}", path.display()))?,
                value: Value::from_bytes(&field("value", &f.value)?)
                    .map_err(|e| format!("{}: spent output {i}: {e}", path.display()))?,
            })
        })
        .collect()
}

fn verdict(v: &Verdict) -> String {
    match v {
        Verdict::Valid => "valid".into(),
        Verdict::Invalid(e) => format!("INVALID ({e})"),
        Verdict::NotNeeded => "none needed".into(),
        Verdict::NotChecked(why) => format!("not checked ({why})"),
    }
}

pub fn run(command: LiquidCommand) -> Result<Outcome, String> {
    match command {
        LiquidCommand::VerifyTx(args) => verify_tx(&args),
        LiquidCommand::Unblind(args) => unblind(&args),
    }
}

fn verify_tx(args: &VerifyTxArgs) -> Result<Outcome, String> {
    let bytes = read_transaction(&args.tx)?;
    let tx = parse_transaction(&args.tx, &bytes)?;
    let spent = args.spent.as_deref().map(read_spent).transpose()?;
    let report =
        liquid::verify_transaction(&tx, spent.as_deref()).map_err(|e| format!("--spent: {e}"))?;
    for (k, (output, r)) in tx.outputs().zip(&report.outputs).enumerate() {
        let amount = match (&output.value, r.range(&output)) {
            (Value::Explicit(v), _) => format!("explicit amount {v}"),
            (Value::Null, _) => "no amount".into(),
            (Value::Confidential(_), Some(range)) => format!(
                "range proof {} ({} to {})",
                verdict(&r.range_proof),
                range.min_value,
                range.max_value
            ),
            (Value::Confidential(_), None) => format!("range proof {}", verdict(&r.range_proof)),
        };
        say!(
            "output {k}: {amount}; surjection proof {}",
            verdict(&r.surjection_proof)
        );
    }
    for issuance in &report.issuances {
        say!(
            "input {} issuance: amount proof {}; inflation keys proof {}",
            issuance.input,
            verdict(&issuance.amount_proof),
            verdict(&issuance.inflation_keys_proof)
        );
    }
    let balance = match &report.balance {
        Balance::Holds => "holds".to_string(),
        Balance::Fails => "FAILS".to_string(),
        Balance::NotChecked(why) => format!("not checked ({why})"),
    };
    say!("balance: {balance}");
    // Elements' other rules the transaction breaks, by Elements' reject reason (the first is
    // the one Elements gives).
    for finding in &report.findings {
        let place = match finding.at {
            Some(Place::Input(i)) => format!(" (input {i})"),
            Some(Place::Output(k)) => format!(" (output {k})"),
            None => String::new(),
        };
        say!("rule {}{place}: {}", finding.rule, finding.why);
    }
    let (word, outcome) = match report.verdict() {
        TransactionVerdict::Valid => ("valid", Outcome::Ok),
        TransactionVerdict::Invalid => ("INVALID", Outcome::Invalid),
        TransactionVerdict::Incomplete => (
            "incomplete (no proof fails; give --spent to check the surjection proofs and the balance)",
            Outcome::Incomplete,
        ),
    };
    say!("{}: {word}", args.tx.display());
    Ok(outcome)
}

#[derive(Serialize)]
struct Unblinded {
    output: usize,
    value: u64,
    /// The asset id as explorers and Elements' RPC show it (the serialized tag reversed).
    asset: String,
    /// Big-endian scalars, as libsecp256k1-zkp takes them.
    asset_blinding: String,
    value_blinding: String,
}

impl Drop for Unblinded {
    fn drop(&mut self) {
        zeroize::Zeroize::zeroize(&mut self.asset_blinding);
        zeroize::Zeroize::zeroize(&mut self.value_blinding);
    }
}

fn unblind(args: &UnblindArgs) -> Result<Outcome, String> {
    crate::secrets::one_stdin(&[
        ("the transaction", Some(args.tx.as_path())),
        ("--blinding-key-file", args.blinding_key_file.as_deref()),
    ])?;
    let bytes = read_transaction(&args.tx)?;
    let tx = parse_transaction(&args.tx, &bytes)?;
    let output = tx.output(args.output).ok_or_else(|| {
        format!(
            "--output {}: the transaction has {} outputs",
            args.output,
            tx.n_outputs()
        )
    })?;
    let (flag, key_hex) = match (&args.blinding_key, &args.blinding_key_file) {
        (_, Some(path)) => (
            "--blinding-key-file",
            crate::secrets::read_hex("--blinding-key-file", path)?,
        ),
        (Some(hex), None) => ("--blinding-key", Zeroizing::new(hex.clone())),
        (None, None) => return Err("give --blinding-key or --blinding-key-file".into()),
    };
    let key_bytes = crate::secrets::secret_hex(flag, &key_hex)?;
    let key_array: Zeroizing<[u8; 32]> = Zeroizing::new(
        key_bytes
            .as_slice()
            .try_into()
            .map_err(|_| format!("{flag} has {} bytes, expected 32", key_bytes.len()))?,
    );
    let key = Zeroizing::new(
        liquid::secret_key(&key_array)
            .map_err(|_| format!("{flag} is zero or not below the group order"))?,
    );
    let got = match liquid::unblind(&output, &key) {
        Ok(got) => got,
        // The rewind (or the asset it gives) does not open the output: the key is not the one
        // this output was blinded to.
        Err(rangeproof::ProofError::RewindFailed) => {
            say!(
                "{}: output {}: NOT UNBLINDED (this blinding key does not open output {}: it was blinded to another key — the receiving address's blinding key is needed)",
                args.tx.display(),
                args.output,
                args.output
            );
            return Ok(Outcome::Invalid);
        }
        Err(e) => {
            say!(
                "{}: output {}: NOT UNBLINDED ({e})",
                args.tx.display(),
                args.output
            );
            return Ok(Outcome::Invalid);
        }
    };
    let mut asset = got.asset;
    asset.reverse();
    let out = Unblinded {
        output: args.output,
        value: got.value,
        asset: hex::encode(asset),
        asset_blinding: hex::encode(got.asset_blinding.to_bytes()),
        value_blinding: hex::encode(got.value_blinding.to_bytes()),
    };
    say!(
        "{}",
        serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?
    );
    Ok(Outcome::Ok)
}
