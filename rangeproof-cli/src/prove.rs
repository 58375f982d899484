//! `rangeproof prove`: through the library's [`Suite`] registry, for every suite alike.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;
use rand_core::OsRng;
use rangeproof::{Suite, SuiteStatement};

use rangeproof_cli::document::{Openings, ProofDocument};
use rangeproof_cli::input;
use zeroize::{Zeroize, Zeroizing};

/// Default transcript label when none is given.
pub const DEFAULT_LABEL: &str = "rangeproof";

/// The suite a command works in, as `prove` and `commit` name it.
#[derive(Args)]
pub struct SuiteArgs {
    /// Proof system: bulletproofs (default) or bulletproofs+.
    #[arg(long)]
    pub scheme: Option<String>,
    /// Group: ristretto255 (default), ed25519 (Monero) or secp256k1 (Grin).
    #[arg(long)]
    pub group: Option<String>,
    /// Wire convention: dalek (Bulletproofs, default), tari (Bulletproofs+, default), monero
    /// (on ed25519) or grin (Bulletproofs on secp256k1, libsecp256k1-zkp's format).
    #[arg(long)]
    pub flavor: Option<String>,
}

impl SuiteArgs {
    /// The suite named: the scheme (default bulletproofs), group and flavor (defaults by
    /// scheme).
    pub fn resolve(&self) -> Result<Suite, String> {
        let scheme = self.scheme.as_deref().unwrap_or("bulletproofs");
        let (group, flavor) = (self.group.as_deref(), self.flavor.as_deref());
        Suite::resolve(scheme, group, flavor).ok_or_else(|| {
            let supported: Vec<String> = Suite::ALL
                .iter()
                .map(|s| format!("{} {}/{}", s.scheme(), s.group(), s.flavor()))
                .collect();
            format!(
                "unsupported scheme/group/flavor {}/{}/{} (supported: {})",
                scheme,
                group.unwrap_or("default"),
                flavor.unwrap_or("default"),
                supported.join(", ")
            )
        })
    }
}

#[derive(Args)]
pub struct ProveArgs {
    #[command(flatten)]
    suite: SuiteArgs,
    /// Bit size n: each value must lie in [0, 2^n). One of 8, 16, 32, 64.
    #[arg(long, required_unless_present = "openings_in")]
    bits: Option<usize>,
    /// Comma-separated values to prove (1 to 64 of them). They appear in the process list:
    /// prefer --values-file for real amounts.
    #[arg(
        long,
        value_delimiter = ',',
        required_unless_present_any = ["values_file", "openings_in"],
        conflicts_with_all = ["values_file", "openings_in"]
    )]
    values: Vec<u64>,
    /// Read the values from this file (`-`: standard input), separated by commas or
    /// whitespace.
    #[arg(long, conflicts_with = "openings_in")]
    values_file: Option<PathBuf>,
    /// Prove for commitments that already exist: their values and blindings from an openings
    /// file (the format `--openings` writes). Its scheme, group and bits apply unless given
    /// here (then they must agree); the commitments it lists must be the ones the openings
    /// make.
    #[arg(long)]
    openings_in: Option<PathBuf>,
    /// Bulletproofs+: blinding factors per commitment, 1 to 6.
    #[arg(long)]
    extension_degree: Option<usize>,
    /// Bulletproofs+ (Tari) and Grin (one value): comma-separated minimum-value promises, one
    /// per value.
    #[arg(long, value_delimiter = ',')]
    minimum_values: Option<Vec<u64>>,
    /// Fiat–Shamir transcript label (the verifier reads it from the document); default
    /// "rangeproof". Monero's and Grin's transcripts take none.
    #[arg(long)]
    transcript_label: Option<String>,
    /// Grin: secp256k1-zkp's generator count (default 256, or the smallest power of two
    /// that fits 2 x bits x values).
    #[arg(long)]
    generators_n: Option<usize>,
    /// Grin: the value generator, "H" (default) or a 33-byte asset generator in hex (0a/0b || x).
    #[arg(long)]
    value_generator: Option<String>,
    /// Grin: extra data bound into the transcript, in hex.
    #[arg(long)]
    extra_data: Option<String>,
    /// Tari (one value) and Grin: a 32-byte recovery nonce in hex — Tari's seed nonce (a
    /// canonical scalar), Grin's rewind nonce — so that `rangeproof recover` can give back the
    /// blinding (and Grin's value). Use a nonce for one proof only. Grin proofs always have
    /// one (drawn at random unless given, and written to --openings).
    #[arg(long)]
    recovery_nonce: Option<String>,
    /// Write the proof document here instead of standard output.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Write the openings (values and blindings) here: a new file, readable by its owner only
    /// (an existing file is never overwritten). Without it the blindings are discarded.
    #[arg(long)]
    openings: Option<PathBuf>,
}

/// Openings read by `--openings-in`: the blindings as bytes, and the commitments they should
/// make (hex, possibly empty).
struct GivenOpenings {
    blindings: Zeroizing<Vec<Vec<Vec<u8>>>>,
    commitments: Vec<String>,
}

/// Reads an openings file into `args` (values; scheme, group and bits where not given,
/// refusing disagreement) and returns its blindings and commitments.
fn read_openings(args: &mut ProveArgs, path: &Path) -> Result<GivenOpenings, String> {
    let text = Zeroizing::new(input::read_text(path, input::DEFAULT_MAX_DOCUMENT_BYTES)?);
    let openings: Openings = serde_json::from_str(&text)
        .map_err(|e| format!("{}: not an openings file: {e}", path.display()))?;
    let agree = |flag: &str, given: &mut Option<String>, file: &str| match given {
        Some(g) if g != file => Err(format!(
            "{flag} {g} but {} holds {file} openings",
            path.display()
        )),
        _ => {
            *given = Some(file.to_string());
            Ok(())
        }
    };
    agree("--scheme", &mut args.suite.scheme, &openings.scheme)?;
    agree("--group", &mut args.suite.group, &openings.group)?;
    match args.bits {
        Some(b) if b != openings.bits => {
            return Err(format!(
                "--bits {b} but {} holds {}-bit openings",
                path.display(),
                openings.bits
            ))
        }
        _ => args.bits = Some(openings.bits),
    }
    if openings.values.is_empty() || openings.blindings.len() != openings.values.len() {
        return Err(format!(
            "{}: {} values and {} blinding lists: one list per value, at least one",
            path.display(),
            openings.values.len(),
            openings.blindings.len()
        ));
    }
    args.values = openings.values.clone();
    let blindings = openings
        .blindings
        .iter()
        .map(|list| list.iter().map(hex::decode).collect::<Result<Vec<_>, _>>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("{}: a blinding is not hex: {e}", path.display()))?;
    Ok(GivenOpenings {
        blindings: Zeroizing::new(blindings),
        commitments: openings.commitments.clone(),
    })
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
pub(crate) fn parse_values(text: &str) -> Result<Vec<u64>, String> {
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
    let given = match args.openings_in.clone() {
        Some(path) => Some(read_openings(&mut args, &path)?),
        None => None,
    };
    if let (Some(out), Some(openings)) = (&args.out, &args.openings) {
        if out == openings {
            return Err("--out and --openings name the same file".into());
        }
    }
    let args = &args;
    let suite = args.suite.resolve()?;
    let name = format!("{} {}/{}", suite.scheme(), suite.group(), suite.flavor());
    let label = match &args.transcript_label {
        Some(label) if !label.is_empty() && !suite.takes_transcript_label() => {
            return Err(format!(
                "{} transcripts take no label: drop --transcript-label",
                suite.flavor()
            ))
        }
        _ if suite.takes_transcript_label() => label(args).as_bytes().to_vec(),
        _ => Vec::new(),
    };
    let bits = args.bits.ok_or("--bits is required")?;
    // With existing openings, the number of blindings per value is the extension degree.
    let given_degree = given
        .as_ref()
        .and_then(|g| g.blindings.first().map(Vec::len));
    let degree = args.extension_degree.or(given_degree).unwrap_or(1);
    if degree == 0 || degree > suite.max_extension_degree() {
        return Err(format!(
            "--extension-degree {degree}: {name} takes 1 to {}",
            suite.max_extension_degree()
        ));
    }
    if args.minimum_values.is_some() && !suite.supports_minimum_values() {
        return Err(format!("{name} has no minimum values (--minimum-values)"));
    }
    if !suite.supported_bits().contains(&bits) {
        return Err(format!(
            "unsupported --bits {} for {name} (supported: {:?})",
            bits,
            suite.supported_bits()
        ));
    }
    if args.values.len() > suite.max_values() {
        return Err(format!(
            "a {name} proof covers at most {} values",
            suite.max_values()
        ));
    }
    let grin = suite == Suite::GrinBulletproofs;
    if !grin {
        for (flag, given) in [
            ("--generators-n", args.generators_n.is_some()),
            ("--value-generator", args.value_generator.is_some()),
            ("--extra-data", args.extra_data.is_some()),
        ] {
            if given {
                return Err(format!("{flag} is for --flavor grin, not {name}"));
            }
        }
    }
    let value_generator = match args.value_generator.as_deref() {
        None | Some("H") => None,
        Some(text) => Some(hex::decode(text).map_err(|e| format!("--value-generator: {e}"))?),
    };
    let extra_data = args
        .extra_data
        .as_deref()
        .map(hex::decode)
        .transpose()
        .map_err(|e| format!("--extra-data: {e}"))?;
    let generators_n = grin.then(|| {
        args.generators_n.unwrap_or_else(|| {
            rangeproof::flavors::grin::default_generators_n(bits, args.values.len())
        })
    });
    let statement = SuiteStatement {
        bits,
        extension_degree: degree,
        minimum_values: args.minimum_values.clone(),
        transcript_label: label.clone(),
        generators_n,
        value_generator: value_generator.clone(),
        extra_data: extra_data.clone(),
    };
    let nonce: Option<Zeroizing<[u8; 32]>> = match &args.recovery_nonce {
        None => None,
        Some(text) => {
            let bytes = Zeroizing::new(
                hex::decode(text).map_err(|e| format!("--recovery-nonce is not hex: {e}"))?,
            );
            Some(Zeroizing::new(bytes.as_slice().try_into().map_err(
                |_| format!("--recovery-nonce has {} bytes, expected 32", bytes.len()),
            )?))
        }
    };
    let fresh;
    let blindings = match &given {
        Some(g) => &g.blindings,
        None => {
            fresh = suite.random_blindings(args.values.len(), degree, &mut OsRng);
            &fresh
        }
    };
    let proved = match &nonce {
        Some(n) => suite.prove_recoverable(&statement, &args.values, blindings, n, &mut OsRng),
        None => suite.prove_with_blindings(&statement, &args.values, blindings, &mut OsRng),
    }
    .map_err(|e| format!("cannot prove: {e}"))?;
    if let Some(g) = &given {
        if !g.commitments.is_empty() {
            let made: Vec<String> = proved.commitments.iter().map(hex::encode).collect();
            if let Some(i) = (0..made.len()).find(|&i| g.commitments.get(i) != Some(&made[i])) {
                return Err(format!(
                    "the openings do not make the commitments they list (commitment {i})"
                ));
            }
        }
    }
    let doc = ProofDocument::of(suite, &statement, &proved.proof, &proved.commitments);
    let commitment_hex = doc.commitments.clone();
    // Hex copies of the blindings: wiped with the openings in `emit`.
    let blinding_hex: Vec<Vec<String>> = proved
        .blindings
        .iter()
        .map(|b| b.iter().map(hex::encode).collect())
        .collect();
    let rewind_nonce = proved
        .rewind_nonce
        .as_ref()
        .map(|n| hex::encode(&n[..]))
        .or_else(|| nonce.as_ref().map(|n| hex::encode(&n[..])));
    emit(args, &doc, blinding_hex, commitment_hex, rewind_nonce)
}

/// Writes the openings (if asked) and the document.
fn emit(
    args: &ProveArgs,
    doc: &ProofDocument,
    blindings: Vec<Vec<String>>,
    commitments: Vec<String>,
    rewind_nonce: Option<String>,
) -> Result<(), String> {
    // Every copy of the secrets is wiped: the hex strings when `openings` drops (written or
    // not), its JSON text when `text` does.
    let openings = Openings {
        scheme: doc.scheme.clone(),
        group: doc.group.clone(),
        bits: doc.bits,
        values: args.values.clone(),
        blindings,
        commitments,
        rewind_nonce,
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
pub(crate) fn write_secret(path: &Path, text: &str) -> Result<(), String> {
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
