//! `rangeproof mweb`: Litecoin transactions and blocks with MWEB data, checked as Litecoin
//! Core checks them (apart from chain state): every output's range proof and signature, every
//! input's and kernel's signature, the sums, and a block's header, kernels, HogEx, peg-ins and
//! peg-outs.

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use rand_core::OsRng;
use rangeproof::mweb::verify::{self, Report, Status, Verdict};
use rangeproof::mweb::wallet::Wallet;
use rangeproof::mweb::TxBody;
use rangeproof::mweb::{Block, Transaction, MAX_BYTES};
use rangeproof_documents::input;
use serde_json::json;
use zeroize::Zeroizing;

use crate::Outcome;

#[derive(Subcommand)]
pub enum MwebCommand {
    /// Verify Litecoin transactions or blocks with MWEB data, raw or hex: one line per output,
    /// input, kernel and check, and a verdict per file (exit 0 valid; 1 invalid; 3 incomplete:
    /// a block's kernel sum needs --previous-kernel-offset; 2 unusable).
    #[command(after_help = "Examples:
  rangeproof mweb verify block.dat
  rangeproof mweb verify --json tx1.hex tx2.hex
  rangeproof mweb verify block.dat --previous-kernel-offset HEX")]
    Verify(VerifyArgs),
    /// Find a wallet's outputs in Litecoin transactions or blocks (raw or hex): one JSON line
    /// per output found — its position, ID, address index, value, blinding factor and nonce.
    #[command(after_help = "Example:
  rangeproof mweb scan block.dat --scan-key scan.key --spend-pubkey 02…")]
    Scan(ScanArgs),
}

#[derive(Args)]
pub struct ScanArgs {
    /// Transactions or blocks, each a file of raw bytes or hex (`-`: standard input).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// A file holding the wallet's 32-byte scan secret in hex (`-`: standard input).
    #[arg(long, value_name = "FILE")]
    scan_key: PathBuf,
    /// The wallet's spend public key (33 bytes, compressed, in hex).
    #[arg(long, value_name = "HEX")]
    spend_pubkey: String,
    /// How many address indices to look for (from 0).
    #[arg(long, default_value_t = 100)]
    addresses: u32,
}

#[derive(Args)]
pub struct VerifyArgs {
    /// Transactions or blocks, each a file of raw bytes or hex (`-`: standard input).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// One JSON line per output, then one with the checks and the verdict, per file.
    #[arg(long)]
    json: bool,
    /// The previous block's MWEB header's kernel offset (64 hex digits), for a block's kernel
    /// sum (the header's offset is cumulative).
    #[arg(long, value_name = "HEX")]
    previous_kernel_offset: Option<String>,
}

pub fn run(command: MwebCommand) -> Result<Outcome, String> {
    match command {
        MwebCommand::Verify(args) => verify_files(&args),
        MwebCommand::Scan(args) => scan_files(&args),
    }
}

/// The file's bytes: hex when it is hex text (white space around it allowed), else as read.
fn read(path: &Path) -> Result<Vec<u8>, String> {
    let bytes = input::read_bytes(path, 2 * MAX_BYTES as u64 + 2)?;
    let text = std::str::from_utf8(&bytes).map(str::trim).unwrap_or("");
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return hex::decode(text).map_err(|e| format!("{}: not hex: {e}", path.display()));
    }
    if bytes.len() > MAX_BYTES {
        return Err(format!(
            "{}: larger than {MAX_BYTES} bytes",
            input::input_name(path)
        ));
    }
    Ok(bytes)
}

fn word(holds: bool) -> &'static str {
    if holds {
        "valid"
    } else {
        "INVALID"
    }
}

fn status_word(status: Status) -> &'static str {
    match status {
        Status::Holds => "holds",
        Status::Fails => "FAILS",
        Status::NotChecked => "not checked",
    }
}

fn report_file(path: &Path, kind: &str, report: &Report, json_lines: bool) {
    let name = path.display().to_string();
    if json_lines {
        for (k, o) in report.outputs.iter().enumerate() {
            say!(
                "{}",
                json!({"file": name, "output": k, "id": hex::encode(o.id),
                       "range_proof": o.range_proof, "signature": o.signature})
            );
        }
        let checks: serde_json::Map<String, serde_json::Value> = report
            .checks
            .iter()
            .map(|(c, s)| (c.name().to_string(), json!(status_word(*s))))
            .collect();
        let verdict = match report.verdict() {
            Verdict::Valid => "valid",
            Verdict::Invalid => "invalid",
            Verdict::Incomplete => "incomplete",
        };
        say!(
            "{}",
            json!({"file": name, "kind": kind, "inputs": report.inputs,
                   "kernels": report.kernels, "checks": checks, "verdict": verdict})
        );
        return;
    }
    for (k, o) in report.outputs.iter().enumerate() {
        say!(
            "output {k} {}: range proof {}; signature {}",
            hex::encode(o.id),
            word(o.range_proof),
            word(o.signature)
        );
    }
    for (k, &v) in report.inputs.iter().enumerate() {
        say!("input {k}: signature {}", word(v));
    }
    for (k, &v) in report.kernels.iter().enumerate() {
        say!("kernel {k}: signature {}", word(v));
    }
    for (check, status) in &report.checks {
        say!(
            "{}: {}",
            check.name().replace('_', " "),
            status_word(*status)
        );
    }
    let verdict = match report.verdict() {
        Verdict::Valid => "valid".to_string(),
        Verdict::Invalid => "INVALID".to_string(),
        Verdict::Incomplete => {
            "incomplete (nothing fails; give --previous-kernel-offset for the kernel sum)"
                .to_string()
        }
    };
    say!("{name}: {kind}, {verdict}");
}

enum Parsed<'a> {
    Block(Block<'a>),
    Transaction(Transaction<'a>),
}

/// A block, else a transaction; either with MWEB data.
fn parse<'a>(path: &Path, bytes: &'a [u8]) -> Result<Parsed<'a>, String> {
    let parsed = match Block::from_bytes(bytes) {
        Ok(block) if block.mweb.is_some() => Parsed::Block(block),
        Ok(_) => return Err(format!("{}: a block without MWEB data", path.display())),
        Err(block_error) => match Transaction::from_bytes(bytes) {
            Ok(tx) if tx.mweb.is_some() => Parsed::Transaction(tx),
            Ok(_) => {
                return Err(format!(
                    "{}: a transaction without MWEB data",
                    path.display()
                ))
            }
            Err(tx_error) => {
                return Err(format!(
                    "{}: neither a block ({block_error}) nor a transaction ({tx_error})",
                    path.display()
                ))
            }
        },
    };
    Ok(parsed)
}

/// Every file's bytes ([`read`]); the first unusable one is the error.
fn read_all(paths: &[PathBuf]) -> Result<Vec<(PathBuf, Vec<u8>)>, String> {
    paths.iter().map(|p| Ok((p.clone(), read(p)?))).collect()
}

/// Every file parsed, before any verdict: an unusable file stops the run first.
fn parse_all(files: &[(PathBuf, Vec<u8>)]) -> Result<Vec<(&PathBuf, Parsed<'_>)>, String> {
    files
        .iter()
        .map(|(path, bytes)| Ok((path, parse(path, bytes)?)))
        .collect()
}

fn verify_files(args: &VerifyArgs) -> Result<Outcome, String> {
    let previous = args
        .previous_kernel_offset
        .as_deref()
        .map(|text| {
            hex::decode(text)
                .ok()
                .and_then(|b| <[u8; 32]>::try_from(b).ok())
                .ok_or("--previous-kernel-offset: expected 64 hex digits".to_string())
        })
        .transpose()?;
    let files = read_all(&args.files)?;
    let parsed = parse_all(&files)?;
    let mut outcome = Outcome::Ok;
    for (path, item) in &parsed {
        let (kind, report) = match item {
            Parsed::Block(block) => (
                "block",
                verify::verify_block(block, previous.as_ref(), &mut OsRng),
            ),
            Parsed::Transaction(tx) => ("transaction", verify::verify_transaction(tx, &mut OsRng)),
        };
        // `parse` refused both without MWEB data.
        let Some(report) = report else { continue };
        report_file(path, kind, &report, args.json);
        outcome = match (outcome, report.verdict()) {
            (_, Verdict::Invalid) | (Outcome::Invalid, _) => Outcome::Invalid,
            (_, Verdict::Incomplete) | (Outcome::Incomplete, _) => Outcome::Incomplete,
            _ => Outcome::Ok,
        };
    }
    Ok(outcome)
}

/// An output a wallet found (its secrets wiped when dropped).
#[derive(serde::Serialize)]
struct Found {
    file: String,
    output: usize,
    id: String,
    address: u32,
    value: u64,
    /// Big-endian, as libsecp256k1-zkp takes it.
    blinding: String,
    nonce: String,
}

impl Drop for Found {
    fn drop(&mut self) {
        zeroize::Zeroize::zeroize(&mut self.blinding);
        zeroize::Zeroize::zeroize(&mut self.nonce);
    }
}

/// The MWEB body of a parsed block or transaction.
fn body<'p, 'a>(parsed: &'p Parsed<'a>) -> Option<&'p TxBody<'a>> {
    match parsed {
        Parsed::Block(block) => block.mweb.as_ref().map(|m| &m.body),
        Parsed::Transaction(tx) => tx.mweb.as_ref().map(|m| &m.body),
    }
}

fn scan_files(args: &ScanArgs) -> Result<Outcome, String> {
    crate::secrets::one_stdin(
        &[("--scan-key", Some(args.scan_key.as_path()))]
            .into_iter()
            .chain(args.files.iter().map(|f| ("a file", Some(f.as_path()))))
            .collect::<Vec<_>>(),
    )?;
    let key_hex = crate::secrets::read_hex("--scan-key", &args.scan_key)?;
    let key = Zeroizing::new(
        hex::decode(key_hex.as_bytes())
            .ok()
            .and_then(|b| <[u8; 32]>::try_from(b).ok())
            .ok_or("--scan-key: expected 64 hex digits")?,
    );
    let spend = hex::decode(&args.spend_pubkey)
        .ok()
        .and_then(|b| <[u8; 33]>::try_from(b).ok())
        .ok_or("--spend-pubkey: expected 66 hex digits")?;
    let wallet = Wallet::new(&key, &spend, args.addresses).map_err(|e| match e {
        rangeproof::ProofError::InvalidSecret => {
            "--scan-key: zero or not below the group order".to_string()
        }
        _ => "--spend-pubkey: not a point on the curve".to_string(),
    })?;
    let files = read_all(&args.files)?;
    let parsed = parse_all(&files)?;
    for (path, item) in &parsed {
        let Some(body) = body(item) else { continue };
        for (k, output) in body.outputs.iter().enumerate() {
            let Some(owned) = wallet.scan(output) else {
                continue;
            };
            let found = Found {
                file: path.display().to_string(),
                output: k,
                id: hex::encode(rangeproof::mweb::signatures::output_id(output)),
                address: owned.address,
                value: owned.value,
                blinding: hex::encode(owned.blinding),
                nonce: hex::encode(owned.nonce),
            };
            let line = Zeroizing::new(
                serde_json::to_string(&found).map_err(|e| format!("output {k}: {e}"))?,
            );
            say!("{}", *line);
        }
    }
    Ok(Outcome::Ok)
}
