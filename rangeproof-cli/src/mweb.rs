//! `rangeproof mweb`: Litecoin transactions and blocks with MWEB data, checked as Litecoin
//! Core checks them (apart from chain state): every output's range proof and signature, every
//! input's and kernel's signature, the sums, and a block's header, kernels, HogEx, peg-ins and
//! peg-outs.

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use rand_core::OsRng;
use rangeproof::mweb::verify::{self, Report, Status, Verdict};
use rangeproof::mweb::{Block, Transaction, MAX_BYTES};
use rangeproof_documents::input;
use serde_json::json;

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
    // Read and parse everything first: an unusable file stops the run before any verdict.
    let files: Vec<(PathBuf, Vec<u8>)> = args
        .files
        .iter()
        .map(|p| Ok((p.clone(), read(p)?)))
        .collect::<Result<_, String>>()?;
    let parsed: Vec<(&PathBuf, Parsed)> = files
        .iter()
        .map(|(path, bytes)| Ok((path, parse(path, bytes)?)))
        .collect::<Result<_, String>>()?;
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
