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
    /// Transcript convention: "bound" (default: binds the generators and the whole circuit)
    /// or "dalek" (the reference crate's R1CS transcript). Unlike `circuit shuffle`, whose
    /// default is dalek so that its proofs are the reference's `ShuffleProof`, this circuit has
    /// no deployed counterpart to match, so the binding transcript is the default.
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
    /// Write the document on one line (JSON lines) instead of pretty-printed.
    #[arg(long)]
    compact: bool,
}

#[derive(Args)]
pub struct ShuffleArgs {
    /// Input values, comma-separated. They appear in the process list: prefer --inputs-file.
    #[arg(
        long,
        value_delimiter = ',',
        value_parser = crate::secrets::Amounts,
        allow_hyphen_values = true,
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
        value_parser = crate::secrets::Amounts,
        allow_hyphen_values = true,
        required_unless_present = "outputs_file",
        conflicts_with = "outputs_file"
    )]
    outputs: Vec<u64>,
    /// Read the output values from this file (`-`: standard input), like --inputs-file.
    #[arg(long)]
    outputs_file: Option<PathBuf>,
    /// Transcript convention: "dalek" (default: the reference crate's `ShuffleProof`, whose
    /// proofs verify here and ours there) or "bound" (binds the generators and the whole
    /// circuit too: the default of `circuit sha256`, which has no reference to match).
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
    /// Write the openings (each input's and output's value, blinding and commitment) here: a
    /// new file, readable by its owner only. Without it the blindings are discarded and nobody
    /// can open the commitments.
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Write the document on one line (JSON lines) instead of pretty-printed.
    #[arg(long)]
    compact: bool,
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

/// The files secrets are read from (standard input aside).
fn secret_paths<'a>(secret_files: &[&'a Option<PathBuf>]) -> Vec<&'a std::path::Path> {
    secret_files
        .iter()
        .filter_map(|file| file.as_deref())
        .filter(|path| path.as_os_str() != rangeproof_documents::input::STDIN)
        .collect()
}

/// Claims `--out` before proving (so a refusal costs nothing), never over a file a secret
/// comes from (`secret_files`).
fn claim(
    out: &Option<PathBuf>,
    force: bool,
    secret_files: &[&Option<PathBuf>],
) -> Result<Option<OutputFile>, String> {
    let secrets = secret_paths(secret_files);
    out.as_deref()
        .map(|path| OutputFile::create("--out", path, force, &secrets))
        .transpose()
}

/// Writes the document (to `--out` or standard output) and, put in place with it, the
/// openings (secret text) to their file.
fn emit(
    doc: &CircuitDocument,
    out: Option<OutputFile>,
    compact: bool,
    openings: Option<(OutputFile, &str)>,
) -> Result<Outcome, String> {
    let text = crate::output::json(doc, compact)?;
    let to_stdout = out.is_none();
    let files = openings
        .into_iter()
        .chain(out.map(|file| (file, text.as_str())))
        .collect();
    crate::output::write_together(files)?;
    if to_stdout {
        say!("{text}");
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
                    let read =
                        secrets::read_raw("--preimage-file", path, MAX_MESSAGE_LEN as u64 + 1)?;
                    // An empty file (or nothing on standard input) is a mistake, as an empty
                    // values file is: everybody knows the empty preimage.
                    if read.is_empty() {
                        return Err(format!(
                            "--preimage-file: {}: empty (no preimage to prove)",
                            rangeproof_documents::input::input_name(path)
                        ));
                    }
                    read
                }
                (Some(text), None) => crate::secrets::secret_hex("--preimage-hex", text)?,
                (None, None) => return Err("give --preimage-hex or --preimage-file".into()),
            };
            if preimage.len() > MAX_MESSAGE_LEN {
                return Err(format!(
                    "the preimage has {} bytes; the circuit takes at most {MAX_MESSAGE_LEN}",
                    preimage.len()
                ));
            }
            let out = claim(&args.out, args.force, &[&args.preimage_file])?;
            emit(
                &circuit::prove_sha256(&preimage, flavor)?,
                out,
                args.compact,
                None,
            )
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
            let secret_files = [&args.inputs_file, &args.outputs_file];
            if let (Some(out), Some(openings)) = (&args.out, &args.openings) {
                if out == openings || crate::output::same_file(out, openings) {
                    return Err("--out and --openings name the same file".into());
                }
            }
            let openings_file = args
                .openings
                .as_deref()
                .map(|path| {
                    OutputFile::create_secret("--openings", path, &secret_paths(&secret_files))
                })
                .transpose()?;
            let out = claim(&args.out, args.force, &secret_files)?;
            let proved = circuit::prove_shuffle_of(
                &inputs,
                &outputs,
                flavor,
                &args.transcript_label,
                &mut OsRng,
            )?;
            let secrets = Zeroizing::new(
                serde_json::to_string_pretty(&proved.openings()).map_err(|e| e.to_string())?,
            );
            let discarded = openings_file.is_none();
            let outcome = emit(
                &proved.document,
                out,
                args.compact,
                openings_file.map(|file| (file, secrets.as_str())),
            )?;
            if discarded && !crate::output::failed() {
                eprintln!(
                    "note: no --openings: the blindings are discarded and nobody can open these commitments"
                );
            }
            Ok(outcome)
        }
    }
}
