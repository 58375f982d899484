//! `rangeproof prove`.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use rand_core::OsRng;
use rangeproof::bulletproofs_plus::Statement;
use rangeproof::generators::{dalek, monero, tari};
use rangeproof::transcript::monero::MoneroTranscript;
use rangeproof::{Ed25519, EncodedPoint, Group, RangeProof, RangeProofPlus, Ristretto255};

use rangeproof_cli::document::{Openings, ProofDocument};
use rangeproof_cli::input;
use zeroize::{Zeroize, Zeroizing};

/// Default transcript label when none is given.
pub const DEFAULT_LABEL: &str = "rangeproof";

/// The proof systems `prove` can make.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SchemeArg {
    /// Bulletproofs, wire-compatible with the reference crate (dalek flavor).
    #[value(name = "bulletproofs")]
    Bulletproofs,
    /// Bulletproofs+, wire-compatible with Tari (tari flavor).
    #[value(name = "bulletproofs+")]
    BulletproofsPlus,
}

#[derive(Args)]
pub struct ProveArgs {
    /// Proof system.
    #[arg(long, value_enum, default_value = "bulletproofs")]
    scheme: SchemeArg,
    /// Group: ristretto255 (default) or ed25519 (Monero).
    #[arg(long)]
    group: Option<String>,
    /// Wire convention: dalek (Bulletproofs, default), tari (Bulletproofs+, default) or monero
    /// (Bulletproofs+ on ed25519).
    #[arg(long)]
    flavor: Option<String>,
    /// Bit size n: each value must lie in [0, 2^n). One of 8, 16, 32, 64.
    #[arg(long)]
    bits: usize,
    /// Comma-separated values to prove (1 to 64 of them). They appear in the process list:
    /// prefer --values-file for real amounts.
    #[arg(
        long,
        value_delimiter = ',',
        required_unless_present = "values_file",
        conflicts_with = "values_file"
    )]
    values: Vec<u64>,
    /// Read the values from this file (`-`: standard input), separated by commas or
    /// whitespace.
    #[arg(long)]
    values_file: Option<PathBuf>,
    /// Bulletproofs+: blinding factors per commitment, 1 to 6.
    #[arg(long)]
    extension_degree: Option<usize>,
    /// Bulletproofs+: comma-separated minimum-value promises, one per value.
    #[arg(long, value_delimiter = ',')]
    minimum_values: Option<Vec<u64>>,
    /// Fiat–Shamir transcript label (the verifier reads it from the document); default
    /// "rangeproof". Monero's transcript takes none.
    #[arg(long)]
    transcript_label: Option<String>,
    /// Write the proof document here instead of standard output.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Write the openings (values and blindings) here: a new file, readable by its owner only
    /// (an existing file is never overwritten). Without it the blindings are discarded.
    #[arg(long)]
    openings: Option<PathBuf>,
}

/// Which implementation a `prove` request maps to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    DalekBp,
    TariPlus,
    MoneroPlus,
    MoneroBp,
}

fn target(args: &ProveArgs) -> Result<Target, String> {
    match (args.scheme, args.group.as_deref(), args.flavor.as_deref()) {
        (SchemeArg::Bulletproofs, None | Some("ristretto255"), None | Some("dalek")) => Ok(Target::DalekBp),
        (SchemeArg::BulletproofsPlus, None | Some("ristretto255"), None | Some("tari")) => Ok(Target::TariPlus),
        (SchemeArg::BulletproofsPlus, None | Some("ed25519"), Some("monero"))
        | (SchemeArg::BulletproofsPlus, Some("ed25519"), None) => Ok(Target::MoneroPlus),
        (SchemeArg::Bulletproofs, None | Some("ed25519"), Some("monero"))
        | (SchemeArg::Bulletproofs, Some("ed25519"), None) => Ok(Target::MoneroBp),
        (scheme, group, flavor) => Err(format!(
            "unsupported group/flavor {}/{} for {scheme:?} (supported: bulletproofs ristretto255/dalek, \
             bulletproofs+ ristretto255/tari, both ed25519/monero)",
            group.unwrap_or("default"),
            flavor.unwrap_or("default")
        )),
    }
}

/// The transcript label of a dalek or Tari proof.
fn label(args: &ProveArgs) -> &str {
    args.transcript_label.as_deref().unwrap_or(DEFAULT_LABEL)
}

/// Amounts are secrets too: the parsed values are wiped when the arguments are dropped.
impl Drop for ProveArgs {
    fn drop(&mut self) {
        self.values.zeroize();
    }
}

/// Values separated by commas or whitespace, as `--values-file` holds them.
fn parse_values(text: &str) -> Result<Vec<u64>, String> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|v| !v.is_empty())
        .enumerate()
        .map(|(i, v)| {
            v.parse::<u64>()
                .map_err(|_| format!("value {i} is not an integer between 0 and 2^64 - 1"))
        })
        .collect()
}

pub fn run(mut args: ProveArgs) -> Result<(), String> {
    if let Some(path) = &args.values_file {
        let text = Zeroizing::new(input::read_text(path, input::MAX_VALUES_BYTES)?);
        args.values = parse_values(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        if args.values.is_empty() {
            return Err(format!("{}: no values", path.display()));
        }
    }
    if let (Some(out), Some(openings)) = (&args.out, &args.openings) {
        if out == openings {
            return Err("--out and --openings name the same file".into());
        }
    }
    let args = &args;
    let target = target(args)?;
    if matches!(target, Target::MoneroPlus | Target::MoneroBp) {
        if args
            .transcript_label
            .as_deref()
            .is_some_and(|l| !l.is_empty())
        {
            return Err("monero transcripts take no label: drop --transcript-label".into());
        }
        return prove_monero(args, target);
    }
    let mut transcript = crate::transcript(label(args).as_bytes());
    let (doc, blindings, commitments) = match args.scheme {
        SchemeArg::Bulletproofs => {
            if args.extension_degree.is_some() || args.minimum_values.is_some() {
                return Err(
                    "--extension-degree and --minimum-values need --scheme bulletproofs+".into(),
                );
            }
            let blindings: Zeroizing<Vec<_>> = Zeroizing::new(
                args.values
                    .iter()
                    .map(|_| Ristretto255::random_scalar(&mut OsRng))
                    .collect(),
            );
            let (proof, commitments) = RangeProof::prove_multiple(
                dalek::generators(),
                &mut transcript,
                &args.values,
                &blindings,
                args.bits,
                &mut OsRng,
            )
            .map_err(|e| format!("cannot prove: {e}"))?;
            let doc = document(
                args,
                "bulletproofs",
                "dalek",
                None,
                &commitments,
                proof.to_bytes(),
            );
            (
                doc,
                Zeroizing::new(blindings.iter().map(|b| vec![*b]).collect::<Vec<_>>()),
                commitments,
            )
        }
        SchemeArg::BulletproofsPlus => {
            let degree = args.extension_degree.unwrap_or(1);
            let statement = Statement {
                bits: args.bits,
                extension_degree: degree,
                minimum_values: args.minimum_values.as_deref(),
            };
            let blindings: Zeroizing<Vec<Vec<_>>> = Zeroizing::new(
                args.values
                    .iter()
                    .map(|_| {
                        (0..degree)
                            .map(|_| Ristretto255::random_scalar(&mut OsRng))
                            .collect()
                    })
                    .collect(),
            );
            let (proof, commitments) = RangeProofPlus::prove(
                tari::generators(),
                &mut transcript,
                &statement,
                &args.values,
                &blindings,
                None,
                &mut OsRng,
            )
            .map_err(|e| format!("cannot prove: {e}"))?;
            let doc = document(
                args,
                "bulletproofs+",
                "tari",
                Some(degree),
                &commitments,
                proof.to_bytes(),
            );
            (doc, blindings, commitments)
        }
    };
    let blinding_hex: Vec<Vec<String>> = blindings
        .iter()
        .map(|b| {
            b.iter()
                .map(|s| hex::encode(Ristretto255::scalar_to_bytes(s)))
                .collect()
        })
        .collect();
    let commitment_hex = commitments.iter().map(|c| hex::encode(c.bytes)).collect();
    emit(args, &doc, blinding_hex, commitment_hex)
}

/// Monero Bulletproofs(+): 64-bit values, one mask each, Monero's serialization.
fn prove_monero(args: &ProveArgs, target: Target) -> Result<(), String> {
    if args.extension_degree.is_some_and(|d| d != 1) || args.minimum_values.is_some() {
        return Err("monero proofs have one blinding factor and no minimum values".into());
    }
    if args.bits != monero::MONERO_BITS {
        return Err(format!(
            "monero proofs are for 64-bit values (--bits 64), not {}",
            args.bits
        ));
    }
    if args.values.len() > monero::MONERO_MAX_AGGREGATION {
        return Err(format!(
            "a monero proof covers at most {} values",
            monero::MONERO_MAX_AGGREGATION
        ));
    }
    let masks: Zeroizing<Vec<[_; 1]>> = Zeroizing::new(
        args.values
            .iter()
            .map(|_| [Ed25519::random_scalar(&mut OsRng)])
            .collect(),
    );
    let (scheme, proof, commitments) = if target == Target::MoneroBp {
        let flat: Zeroizing<Vec<_>> = Zeroizing::new(masks.iter().map(|m| m[0]).collect());
        let (proof, commitments) = RangeProof::prove_multiple(
            monero::bulletproofs_generators(),
            &mut MoneroTranscript::bulletproofs(),
            &args.values,
            &flat,
            64,
            &mut OsRng,
        )
        .map_err(|e| format!("cannot prove: {e}"))?;
        ("bulletproofs", proof.to_monero_bytes(), commitments)
    } else {
        let statement = Statement {
            bits: 64,
            extension_degree: 1,
            minimum_values: None,
        };
        let (proof, commitments) = RangeProofPlus::prove(
            monero::bulletproofs_plus_generators(),
            &mut MoneroTranscript::bulletproofs_plus(),
            &statement,
            &args.values,
            &masks,
            None,
            &mut OsRng,
        )
        .map_err(|e| format!("cannot prove: {e}"))?;
        ("bulletproofs+", proof.to_monero_bytes(), commitments)
    };
    let commitment_hex: Vec<String> = commitments.iter().map(|c| hex::encode(c.bytes)).collect();
    let doc = ProofDocument {
        scheme: scheme.into(),
        group: Ed25519::NAME.into(),
        flavor: "monero".into(),
        transcript_label: None,
        bits: 64,
        extension_degree: None,
        minimum_values: None,
        commitments: commitment_hex.clone(),
        proof: hex::encode(proof.map_err(|e| e.to_string())?),
    };
    let mask_hex = masks
        .iter()
        .map(|m| vec![hex::encode(Ed25519::scalar_to_bytes(&m[0]))])
        .collect();
    emit(args, &doc, mask_hex, commitment_hex)
}

/// Writes the openings (if asked) and the document.
fn emit(
    args: &ProveArgs,
    doc: &ProofDocument,
    blindings: Vec<Vec<String>>,
    commitments: Vec<String>,
) -> Result<(), String> {
    // Every copy of the secrets is wiped: the hex strings when `openings` drops (written or
    // not), its JSON text when `text` does.
    let openings = Openings {
        scheme: doc.scheme.clone(),
        group: doc.group.clone(),
        bits: args.bits,
        values: args.values.clone(),
        blindings,
        commitments,
    };
    if let Some(path) = &args.openings {
        let text =
            Zeroizing::new(serde_json::to_string_pretty(&openings).map_err(|e| e.to_string())?);
        write_secret(path, &text)?;
    }
    let text = serde_json::to_string_pretty(doc).map_err(|e| e.to_string())?;
    match &args.out {
        Some(path) => std::fs::write(path, format!("{text}\n"))
            .map_err(|e| format!("cannot write {}: {e}", path.display())),
        None => {
            println!("{text}");
            Ok(())
        }
    }
}

/// Writes secrets to a *new* file that only its owner can read (mode 0600 on Unix). An
/// existing file — or a symlink, even to a file that does not exist yet — is refused and left
/// unchanged: `O_CREAT | O_EXCL` never follows a link.
fn write_secret(path: &Path, text: &str) -> Result<(), String> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::AlreadyExists => format!(
            "{} already exists: refusing to overwrite an openings file (choose a new path)",
            path.display()
        ),
        _ => format!("cannot create {}: {e}", path.display()),
    })?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.write_all(b"\n"))
        .and_then(|()| file.sync_all())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn document(
    args: &ProveArgs,
    scheme: &str,
    flavor: &str,
    extension_degree: Option<usize>,
    commitments: &[EncodedPoint<Ristretto255>],
    proof: Vec<u8>,
) -> ProofDocument {
    ProofDocument {
        scheme: scheme.into(),
        group: Ristretto255::NAME.into(),
        flavor: flavor.into(),
        transcript_label: Some(label(args).to_string()),
        bits: args.bits,
        extension_degree,
        minimum_values: args.minimum_values.clone(),
        commitments: commitments.iter().map(|c| hex::encode(c.bytes)).collect(),
        proof: hex::encode(proof),
    }
}
