//! `rangeproof mweb`: Litecoin transactions and blocks with MWEB data, checked as Litecoin
//! Core checks them (apart from chain state): every output's range proof and signature, every
//! input's and kernel's signature, the sums, and a block's header, kernels, HogEx, peg-ins and
//! peg-outs.

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use rangeproof::mweb::{Options, Report, Status, Verdict};
use rangeproof_app::mweb::{self as shared, Parsed};
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
    /// Write each MWEB output's range proof as a proof document (`"flavor": "mweb"`, its
    /// message as the extra data), one JSON line each, to verify with `rangeproof verify -`
    /// beside any other documents.
    #[command(after_help = "Example:
  rangeproof mweb documents block.dat | rangeproof verify - other.json")]
    Documents(DocumentsArgs),
}

#[derive(Args)]
pub struct DocumentsArgs {
    /// Transactions or blocks, each a file of raw bytes or hex (`-`: standard input).
    #[arg(required = true)]
    files: Vec<PathBuf>,
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
    /// The previous block's MWEB header's kernel offset (64 hex digits), for the first block's
    /// kernel sum (the header's offset is cumulative). Blocks are checked as one chain segment
    /// in the order given: all their range proofs in one batch, their signatures in another,
    /// and a block at the height after the one before takes that block's offset.
    #[arg(long, value_name = "HEX")]
    previous_kernel_offset: Option<String>,
    /// Check the signatures, range proofs and sums even where a cheap rule (weight, order,
    /// duplicates, the canonical side, peg-ins, amounts, the block's own rules) already fails.
    /// Without it they are reported "not checked" there: the verdict is invalid either way,
    /// and input that breaks a rule costs no more than honest input.
    #[arg(long)]
    full_report: bool,
    /// When the range proofs' batch fails, name at most this many invalid ones (`all`: every
    /// one); the outputs past it are reported "not named".
    #[arg(long, default_value = "16", value_parser = crate::documents::blame_limit, value_name = "N|all")]
    blame_limit: crate::verify::Limit,
}

pub fn run(command: MwebCommand) -> Result<Outcome, String> {
    match command {
        MwebCommand::Verify(args) => verify_files(&args),
        MwebCommand::Scan(args) => scan_files(&args),
        MwebCommand::Documents(args) => documents(&args),
    }
}

fn documents(args: &DocumentsArgs) -> Result<Outcome, String> {
    let files = read_all(&args.files)?;
    let parsed = parse_all(&files)?;
    for (_, item) in &parsed {
        for doc in item.output_documents() {
            say!(
                "{}",
                serde_json::to_string(&doc).map_err(|e| e.to_string())?
            );
        }
    }
    Ok(Outcome::Ok)
}

/// The file's bytes: hex when it is hex text (white space around it allowed), else as read;
/// under the cap every front end applies ([`shared::CAP`]).
fn read(path: &Path) -> Result<Vec<u8>, String> {
    input::read_raw_or_hex(path, shared::CAP)
}

/// An item's verdict (`None`: not checked, a rule failing first; see `--full-report`).
fn word(holds: Option<bool>) -> &'static str {
    match holds {
        Some(true) => "valid",
        Some(false) => "INVALID",
        None => "not checked",
    }
}

fn status_word(status: Status) -> &'static str {
    match status {
        Status::Fails => "FAILS",
        other => shared::status_word(other),
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
        say!(
            "{}",
            json!({"file": name, "kind": kind, "inputs": report.inputs,
                   "kernels": report.kernels, "checks": shared::checks_json(report),
                   "findings": shared::findings_json(report),
                   "verdict": shared::verdict_word(report.verdict())})
        );
        return;
    }
    for (k, o) in report.outputs.iter().enumerate() {
        say!(
            "output {k} {}: range proof {}; signature {}",
            hex::encode(o.id),
            match (o.range_proof, o.signature) {
                // Signatures are checked whenever proofs are: one without the other is a
                // proof the search did not name.
                (None, Some(_)) =>
                    "not named (its batch failed; the blame limit stopped before it)",
                (proof, _) => word(proof),
            },
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
        let why = report.finding(*check).map_or(String::new(), |f| {
            let kernel = f
                .kernel
                .map_or(String::new(), |k| format!(", kernel {}", hex::encode(k)));
            format!(" ({}{kernel})", f.rule)
        });
        say!(
            "{}: {}{why}",
            check.name().replace('_', " "),
            status_word(*status)
        );
    }
    let verdict = match report.verdict() {
        Verdict::Valid => "valid".to_string(),
        Verdict::Invalid => "INVALID".to_string(),
        Verdict::Incomplete => {
            let missing: Vec<&str> = report
                .checks
                .iter()
                .filter(|(_, s)| *s == Status::NotChecked)
                .map(|(c, _)| c.name())
                .collect();
            format!(
                "incomplete (nothing fails; not checked: {}{})",
                missing.join(", "),
                if missing.contains(&"kernel_sum") {
                    " — give --previous-kernel-offset for the kernel sum"
                } else {
                    ""
                }
            )
        }
    };
    say!("{name}: {kind}, {verdict}");
}

/// A block, else a transaction; either with MWEB data.
fn parse<'a>(path: &Path, bytes: &'a [u8]) -> Result<Parsed<'a>, String> {
    shared::parse(bytes).map_err(|e| format!("{}: {e}", path.display()))
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
        .map(|text| shared::offset(text).map_err(|e| format!("--previous-kernel-offset: {e}")))
        .transpose()?;
    let files = read_all(&args.files)?;
    let parsed = parse_all(&files)?;
    let items: Vec<&Parsed> = parsed.iter().map(|(_, item)| item).collect();
    let options = Options {
        blame_limit: args.blame_limit,
        full_report: args.full_report,
    };
    let reports = shared::verify_all(&items, previous.as_ref(), &options);
    let mut outcome = Outcome::Ok;
    for ((path, item), report) in parsed.iter().zip(&reports) {
        report_file(path, item.kind(), report, args.json);
        outcome = match (outcome, report.verdict()) {
            (_, Verdict::Invalid) | (Outcome::Invalid, _) => Outcome::Invalid,
            (_, Verdict::Incomplete) | (Outcome::Incomplete, _) => Outcome::Incomplete,
            _ => Outcome::Ok,
        };
    }
    Ok(outcome)
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
        .filter(|b| b.len() == 33)
        .ok_or("--spend-pubkey: expected 66 hex digits")?;
    let wallet = shared::wallet(&key[..], &spend, args.addresses).map_err(|e| {
        if e.starts_with("scan key") {
            format!("--scan-key: {}", e.trim_start_matches("scan key: "))
        } else if e.starts_with("addresses") {
            format!("--{e}")
        } else {
            format!(
                "--spend-pubkey: {}",
                e.trim_start_matches("spend public key: ")
            )
        }
    })?;
    let files = read_all(&args.files)?;
    let parsed = parse_all(&files)?;
    for (path, item) in &parsed {
        for found in shared::scan(item, &wallet) {
            let mut line = serde_json::to_value(&found).map_err(|e| e.to_string())?;
            line["file"] = json!(path.display().to_string());
            let text = Zeroizing::new(line.to_string());
            for field in ["blinding", "nonce"] {
                if let Some(serde_json::Value::String(secret)) = line.get_mut(field) {
                    zeroize::Zeroize::zeroize(secret);
                }
            }
            say!("{}", *text);
        }
    }
    Ok(Outcome::Ok)
}
