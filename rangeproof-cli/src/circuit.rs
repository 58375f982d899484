//! `rangeproof circuit`: arithmetic-circuit proofs — knowledge of a SHA-256 preimage, and a
//! shuffle of committed values.

use std::path::PathBuf;

use clap::{Args, Subcommand};
use rand_core::OsRng;
use rangeproof::r1cs::gadgets::sha256::MAX_MESSAGE_LEN;
use rangeproof_documents::circuit::{self, CircuitDocument};
use rangeproof_documents::proof::MAX_TRANSCRIPT_LABEL;
use zeroize::Zeroizing;

use crate::output::OutputFile;
use crate::secrets;
use crate::Outcome;

#[derive(Subcommand)]
pub enum CircuitCommand {
    /// Prove knowledge of a preimage (at most 55 bytes, length hidden) of its SHA-256 digest.
    #[command(after_help = "Examples:
  rangeproof circuit sha256 --preimage-file secret.bin --out sha.json
  rangeproof circuit sha256 --preimage-hex 616263")]
    Sha256(Sha256Args),
    /// Prove that the outputs are a permutation of the inputs, each value committed.
    #[command(after_help = "Examples:
  rangeproof circuit shuffle --inputs 3,1,4 --outputs 4,3,1 --out shuffle.json
  rangeproof circuit shuffle --inputs-file in.txt --outputs-file out.txt")]
    Shuffle(ShuffleArgs),
}

#[derive(Args)]
pub struct Sha256Args {
    /// The preimage, in hex. It appears in the process list: prefer --preimage-file.
    #[arg(
        long,
        required_unless_present = "preimage_file",
        conflicts_with = "preimage_file"
    )]
    preimage_hex: Option<String>,
    /// Read the preimage from this file (`-`: standard input): its bytes as they are, not hex
    /// (what `sha256sum FILE` hashes).
    #[arg(long)]
    preimage_file: Option<PathBuf>,
    /// Transcript convention: "bound" (binds the circuit) or "dalek" (the reference's).
    #[arg(long, default_value = "bound")]
    flavor: String,
    /// Write the document here instead of standard output: a new file (an existing path or a
    /// symlink is refused unless --force).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Let --out replace an existing file (written beside it and renamed; a symlink is
    /// replaced, never followed).
    #[arg(long, requires = "out")]
    force: bool,
}

#[derive(Args)]
pub struct ShuffleArgs {
    /// Input values, comma-separated. They appear in the process list: prefer --inputs-file.
    #[arg(
        long,
        value_delimiter = ',',
        required_unless_present = "inputs_file",
        conflicts_with = "inputs_file"
    )]
    inputs: Vec<u64>,
    /// Read the input values from this file (`-`: standard input), separated by commas or
    /// whitespace.
    #[arg(long)]
    inputs_file: Option<PathBuf>,
    /// Output values, comma-separated: a permutation of the inputs.
    #[arg(
        long,
        value_delimiter = ',',
        required_unless_present = "outputs_file",
        conflicts_with = "outputs_file"
    )]
    outputs: Vec<u64>,
    /// Read the output values from this file (`-`: standard input), like --inputs-file.
    #[arg(long)]
    outputs_file: Option<PathBuf>,
    /// Transcript convention: "dalek" (the reference's `ShuffleProof`) or "bound".
    #[arg(long, default_value = "dalek")]
    flavor: String,
    /// The application's transcript label.
    #[arg(long, default_value = "rangeproof shuffle")]
    transcript_label: String,
    /// Write the document here instead of standard output: a new file (an existing path or a
    /// symlink is refused unless --force).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Let --out replace an existing file (written beside it and renamed; a symlink is
    /// replaced, never followed).
    #[arg(long, requires = "out")]
    force: bool,
}

/// The preimage's hex is a secret: wiped when the arguments are dropped.
impl Drop for Sha256Args {
    fn drop(&mut self) {
        zeroize::Zeroize::zeroize(&mut self.preimage_hex);
    }
}

/// The shuffled values are secrets (the commitments hide them): wiped on drop.
impl Drop for ShuffleArgs {
    fn drop(&mut self) {
        zeroize::Zeroize::zeroize(&mut self.inputs);
        zeroize::Zeroize::zeroize(&mut self.outputs);
    }
}

/// Claims `--out` before proving (so a refusal costs nothing), never over a file a secret
/// comes from (`secret_files`).
fn claim(
    out: &Option<PathBuf>,
    force: bool,
    secret_files: &[&Option<PathBuf>],
) -> Result<Option<OutputFile>, String> {
    let secrets: Vec<&std::path::Path> = secret_files
        .iter()
        .filter_map(|file| file.as_deref())
        .filter(|path| path.as_os_str() != rangeproof_documents::input::STDIN)
        .collect();
    out.as_deref()
        .map(|path| OutputFile::create("--out", path, force, &secrets))
        .transpose()
}

fn emit(doc: &CircuitDocument, out: Option<OutputFile>) -> Result<Outcome, String> {
    let text = serde_json::to_string_pretty(doc).map_err(|e| e.to_string())?;
    match out {
        Some(file) => file.write(&text)?,
        None => say!("{text}"),
    }
    Ok(Outcome::Ok)
}

pub fn run(command: CircuitCommand) -> Result<Outcome, String> {
    match command {
        CircuitCommand::Sha256(args) => {
            let flavor = circuit::flavor(&args.flavor)?;
            let preimage = match (&args.preimage_hex, &args.preimage_file) {
                // One byte past the circuit's limit is enough to refuse a longer file.
                (_, Some(path)) => {
                    secrets::read_raw("--preimage-file", path, MAX_MESSAGE_LEN as u64 + 1)?
                }
                (Some(text), None) => Zeroizing::new(
                    hex::decode(text).map_err(|e| format!("--preimage-hex is not hex: {e}"))?,
                ),
                (None, None) => return Err("give --preimage-hex or --preimage-file".into()),
            };
            if preimage.len() > MAX_MESSAGE_LEN {
                return Err(format!(
                    "the preimage has {} bytes; the circuit takes at most {MAX_MESSAGE_LEN}",
                    preimage.len()
                ));
            }
            let out = claim(&args.out, args.force, &[&args.preimage_file])?;
            emit(&circuit::prove_sha256(&preimage, flavor)?, out)
        }
        CircuitCommand::Shuffle(args) => {
            let flavor = circuit::flavor(&args.flavor)?;
            secrets::one_stdin(&[
                ("--inputs-file", args.inputs_file.as_deref()),
                ("--outputs-file", args.outputs_file.as_deref()),
            ])?;
            let values = |flag: &str, file: &Option<PathBuf>, given: &[u64]| match file {
                Some(path) => secrets::read_values(flag, path),
                None => Ok(Zeroizing::new(given.to_vec())),
            };
            let inputs = values("--inputs-file", &args.inputs_file, &args.inputs)?;
            let outputs = values("--outputs-file", &args.outputs_file, &args.outputs)?;
            if args.transcript_label.len() > MAX_TRANSCRIPT_LABEL {
                return Err(format!(
                    "--transcript-label is longer than {MAX_TRANSCRIPT_LABEL} bytes"
                ));
            }
            let out = claim(
                &args.out,
                args.force,
                &[&args.inputs_file, &args.outputs_file],
            )?;
            let proved = circuit::prove_shuffle_of(
                &inputs,
                &outputs,
                flavor,
                &args.transcript_label,
                &mut OsRng,
            )?;
            emit(&proved.document, out)
        }
    }
}
