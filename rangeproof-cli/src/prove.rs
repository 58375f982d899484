//! `rangeproof prove`: through the library's [`Suite`] registry, for every suite alike.

use std::path::{Path, PathBuf};

use clap::Args;
use rangeproof::suite::Parameters;
use rangeproof::Suite;

use rangeproof_documents::request::{self, Field, ProveRequest, ProvedDocuments};
use rangeproof_documents::Openings;
use rangeproof_documents::{input, parameters};
use zeroize::{Zeroize, Zeroizing};

use crate::output::{self, OutputFile};

/// The suite a command works in, as `prove` and `commit` name it. The help lists what the
/// registry has (`Suite::ALL`), so a deployment added there appears here with no edit.
#[derive(Args)]
pub struct SuiteArgs {
    #[arg(long, help = suite_help("Proof system (default: bulletproofs)", |s| s.scheme().into()))]
    pub scheme: Option<String>,
    #[arg(long, help = suite_help("Group (default: by scheme)", |s| s.group().into()))]
    pub group: Option<String>,
    #[arg(long, help = suite_help(
        "The deployment's conventions (default: by scheme and group)",
        |s| format!("{} ({} on {})", s.flavor(), s.scheme(), s.group()),
    ))]
    pub flavor: Option<String>,
}

/// `what`, then every registered suite's `name`, each once, in the registry's order.
fn suite_help(what: &str, name: fn(Suite) -> String) -> String {
    let mut names: Vec<String> = Vec::new();
    for &suite in Suite::ALL {
        let name = name(suite);
        if !names.contains(&name) {
            names.push(name);
        }
    }
    format!("{what}: {}", names.join(", "))
}

impl SuiteArgs {
    /// The suite named: the scheme (default bulletproofs), group and flavor (defaults by
    /// scheme).
    pub fn resolve(&self) -> Result<Suite, String> {
        let scheme = self.scheme.as_deref().unwrap_or("bulletproofs");
        request::suite(scheme, self.group.as_deref(), self.flavor.as_deref())
            .map_err(|e| e.describe(Field::flag, None))
    }
}

#[derive(Args)]
pub struct ProveArgs {
    #[command(flatten)]
    suite: SuiteArgs,
    /// Bit size n: each value must lie in [0, 2^n). One of 8, 16, 32, 64. (Elements'
    /// Borromean proofs have none: see --min-bits.)
    #[arg(long, conflicts_with = "bit_lengths")]
    bits: Option<usize>,
    /// Solana: each value's own bit length, comma-separated, 1 to 64 each, summing to 64, 128
    /// or 256 (the instruction's kind: u64, u128, u256), instead of --bits.
    #[arg(long, value_delimiter = ',', value_parser = crate::secrets::count)]
    bit_lengths: Option<Vec<usize>>,
    /// Comma-separated values to prove (1 to 64 of them; spaces after the commas allowed).
    /// They appear in the process list: prefer --values-file for real amounts.
    #[arg(
        long,
        value_delimiter = ',',
        value_parser = crate::secrets::Amounts,
        allow_hyphen_values = true,
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
    #[arg(
        long,
        value_delimiter = ',',
        value_parser = crate::secrets::Amounts,
        allow_hyphen_values = true,
        conflicts_with = "min_value"
    )]
    minimum_values: Option<Vec<u64>>,
    /// Borromean (and any suite with minimum values, for one value): the least value the
    /// proof shows (Liquid's default: 1, or 0 for the value 0).
    #[arg(long)]
    min_value: Option<u64>,
    /// Borromean: the decimal exponent, -1 to 18 (default 0): the proof covers multiples of
    /// 10^exp above the minimum, and -1 proves (and reveals) the exact value.
    #[arg(long, allow_negative_numbers = true)]
    exp: Option<i64>,
    /// Borromean: the least number of bits the proof covers, 0 to 64 (default 52, Liquid's).
    #[arg(long)]
    min_bits: Option<i64>,
    /// Borromean: a message, in hex, that the holder of the recovery nonce reads back (at
    /// most 128 bytes per ring but the last).
    #[arg(long)]
    message: Option<String>,
    /// Fiat–Shamir transcript label (the verifier reads it from the document); default
    /// "rangeproof". Monero's and Grin's transcripts take none.
    #[arg(long)]
    transcript_label: Option<String>,
    /// Grin: secp256k1-zkp's generator count (default 256, or the smallest power of two
    /// that fits 2 x bits x values).
    #[arg(long)]
    generators_n: Option<usize>,
    /// Grin and Borromean: the value generator, "H" (default) or a 33-byte asset generator in
    /// hex (0a/0b || x).
    #[arg(long)]
    value_generator: Option<String>,
    /// Grin and Borromean: extra data bound into the proof, in hex (Liquid: the output's
    /// scriptPubKey; MWEB, where it is required: the output's serialized OutputMessage).
    #[arg(long)]
    extra_data: Option<String>,
    /// Tari (one value) and Grin: a 32-byte recovery nonce in hex — Tari's seed nonce (any 32
    /// bytes: a scalar's encoding is that scalar, other bytes are reduced mod ℓ, so `openssl
    /// rand -hex 32` makes one), Grin's rewind nonce — so that `rangeproof recover` can give
    /// back the blinding (and Grin's value). Use a nonce for one proof only. Grin proofs always
    /// have one (drawn at random unless given, and written to --openings).
    #[arg(long)]
    recovery_nonce: Option<String>,
    /// Read --recovery-nonce from this file (`-`: standard input) instead of the command line.
    #[arg(long, conflicts_with = "recovery_nonce")]
    recovery_nonce_file: Option<PathBuf>,
    /// A parameter of the suite's own, NAME=VALUE (an integer, or hex for bytes), as the
    /// suite declares it; repeatable. The document carries it as the field NAME.
    #[arg(long = "param", value_name = "NAME=VALUE")]
    params: Vec<String>,
    /// The parameters an `--openings-in` file records, and the file.
    #[arg(skip)]
    recorded_parameters: Option<(PathBuf, rangeproof_documents::parameters::JsonFields)>,
    /// Write the proof document here instead of standard output: a new file (an existing path
    /// or a symlink is refused unless --force).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Let --out replace an existing file (by writing beside it and renaming; a symlink is
    /// replaced, never followed). Never a file secrets are read from.
    #[arg(long, requires = "out")]
    force: bool,
    /// Write the openings (values and blindings) here: a new file, readable by its owner only
    /// (an existing file is never overwritten). Without it the blindings are discarded.
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Write the proof document on one line (JSON lines: `>>` appends one per proof) instead
    /// of pretty-printed. `verify` reads both.
    #[arg(long)]
    compact: bool,
}

/// Openings read by `--openings-in`: the blindings as bytes, and the commitments they should
/// make (hex, possibly empty).
struct GivenOpenings {
    blindings: Zeroizing<Vec<Vec<String>>>,
    commitments: Vec<String>,
}

/// Takes `recorded` into `given` where the flag was not given; refuses a flag that disagrees
/// with the openings (a re-proof under another statement would not be the output's proof).
fn agree<T: PartialEq + std::fmt::Debug + Clone>(
    flag: &str,
    given: &mut Option<T>,
    recorded: Option<&T>,
    path: &Path,
) -> Result<(), String> {
    match (given.as_ref(), recorded) {
        // A recovery nonce is a secret: named, not shown.
        (Some(g), Some(r)) if g != r && flag == "--recovery-nonce" => Err(format!(
            "{flag} differs from the one {} records: drop the flag to reuse the recorded one",
            path.display()
        )),
        (Some(g), Some(r)) if g != r => Err(format!(
            "{flag} {g:?} but {} records {r:?}: drop the flag to reuse the recorded one",
            path.display()
        )),
        (None, Some(r)) => {
            *given = Some(r.clone());
            Ok(())
        }
        _ => Ok(()),
    }
}

/// Reads an openings file into `args`: the values, and every part of the statement it records
/// (scheme, group, flavor, bits, label, extension degree, minimum values, Grin's fields, the
/// recovery nonce) where the flag is not given — refusing a flag that disagrees. Returns the
/// blindings and the commitments they must make.
fn read_openings(args: &mut ProveArgs, path: &Path) -> Result<GivenOpenings, String> {
    let text = Zeroizing::new(input::read_text(path, input::DEFAULT_MAX_DOCUMENT_BYTES)?);
    let openings = Openings::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    agree(
        "--scheme",
        &mut args.suite.scheme,
        Some(&openings.scheme),
        path,
    )?;
    agree(
        "--group",
        &mut args.suite.group,
        Some(&openings.group),
        path,
    )?;
    agree(
        "--flavor",
        &mut args.suite.flavor,
        openings.flavor.as_ref(),
        path,
    )?;
    if openings.bit_lengths.is_some() {
        agree(
            "--bit-lengths",
            &mut args.bit_lengths,
            openings.bit_lengths.as_ref(),
            path,
        )?;
    } else if args.bit_lengths.is_none() {
        agree("--bits", &mut args.bits, Some(&openings.bits), path)?;
    }
    agree(
        "--transcript-label",
        &mut args.transcript_label,
        openings.transcript_label.as_ref(),
        path,
    )?;
    agree(
        "--extension-degree",
        &mut args.extension_degree,
        openings.extension_degree.as_ref(),
        path,
    )?;
    agree(
        "--minimum-values",
        &mut args.minimum_values,
        openings.minimum_values.as_ref(),
        path,
    )?;
    agree(
        "--generators-n",
        &mut args.generators_n,
        openings.generators_n.as_ref(),
        path,
    )?;
    agree(
        "--value-generator",
        &mut args.value_generator,
        openings.value_generator.as_ref(),
        path,
    )?;
    agree(
        "--extra-data",
        &mut args.extra_data,
        openings.extra_data.as_ref(),
        path,
    )?;
    agree(
        "--recovery-nonce",
        &mut args.recovery_nonce,
        openings.rewind_nonce.as_ref(),
        path,
    )?;
    args.recorded_parameters = Some((path.to_path_buf(), openings.parameters.clone()));
    if openings.values.is_empty() || openings.blindings.len() != openings.values.len() {
        return Err(format!(
            "{}: {} values and {} blinding lists: one list per value, at least one",
            path.display(),
            openings.values.len(),
            openings.blindings.len()
        ));
    }
    args.values = openings.values.clone();
    for (i, list) in openings.blindings.iter().enumerate() {
        for b in list {
            crate::secrets::secret_hex(&format!("the blinding of value {}", i + 1), b)
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    Ok(GivenOpenings {
        blindings: Zeroizing::new(openings.blindings.clone()),
        commitments: openings.commitments.clone(),
    })
}

/// The suite's own parameters: the `--param` flags, and those an openings file records where
/// no flag names them (a flag that disagrees with the record is refused).
fn suite_parameters(args: &ProveArgs, suite: Suite) -> Result<Parameters, String> {
    let mut parameters = Parameters::new();
    // The flags of the suites' own parameters, spelled as `--param NAME=VALUE` would be.
    let named = [
        ("--exp", "exp", args.exp.map(|v| v.to_string())),
        (
            "--min-bits",
            "min_bits",
            args.min_bits.map(|v| v.to_string()),
        ),
        ("--message", "message", args.message.clone()),
    ];
    for (flag, name, value) in named {
        let Some(value) = value else { continue };
        if !suite.info().parameters.iter().any(|spec| spec.name == name) {
            return Err(format!(
                "{flag} is for --scheme borromean, not {} {}/{}",
                suite.scheme(),
                suite.group(),
                suite.flavor()
            ));
        }
        let (name, value) = parameters::from_assignment(suite, &format!("{name}={value}"))
            .map_err(|e| {
                e.replace("--param ", &format!("{flag} ("))
                    .replacen(':', "):", 1)
            })?;
        parameters.insert(name, value);
    }
    for assignment in &args.params {
        let (name, value) = parameters::from_assignment(suite, assignment)?;
        if parameters.insert(name.clone(), value).is_some() {
            return Err(format!("--param {name} is given twice"));
        }
    }
    if let Some((path, recorded)) = &args.recorded_parameters {
        let what = format!("the statement {} records", path.display());
        for (name, value) in parameters::from_json(
            suite,
            recorded,
            &what,
            &rangeproof_documents::request::OWN_PARAMETERS,
        )? {
            match parameters.get(&name) {
                Some(given) if *given != value => {
                    return Err(format!(
                        "--param {name} differs from the one {} records: drop the flag to reuse the recorded one",
                        path.display()
                    ))
                }
                _ => {
                    parameters.insert(name, value);
                }
            }
        }
    }
    Ok(parameters)
}

/// Amounts are secrets too: the parsed values (and the recovery nonce's hex) are wiped when the
/// arguments are dropped.
impl Drop for ProveArgs {
    fn drop(&mut self) {
        self.values.zeroize();
        self.recovery_nonce.zeroize();
        self.message.zeroize();
    }
}

pub fn run(mut args: ProveArgs) -> Result<(), String> {
    crate::secrets::one_stdin(&[
        ("--values-file", args.values_file.as_deref()),
        ("--recovery-nonce-file", args.recovery_nonce_file.as_deref()),
        ("--openings-in", args.openings_in.as_deref()),
    ])?;
    if let Some(path) = &args.values_file {
        args.values = crate::secrets::read_values("--values-file", path)?.to_vec();
    }
    if let Some(path) = &args.recovery_nonce_file {
        args.recovery_nonce =
            Some(crate::secrets::read_hex("--recovery-nonce-file", path)?.to_string());
    }
    // --min-value is one minimum for every value (a Borromean proof has one value).
    if let Some(min) = args.min_value {
        args.minimum_values = Some(vec![min; args.values.len().max(1)]);
    }
    let given = match args.openings_in.clone() {
        Some(path) => Some(read_openings(&mut args, &path)?),
        None => None,
    };
    let args = &args;
    // Both outputs are claimed before any work: a refusal costs nothing, and nothing is ever
    // written to a file the secrets come from.
    let secret_inputs: Vec<&Path> = [
        &args.openings_in,
        &args.values_file,
        &args.recovery_nonce_file,
    ]
    .into_iter()
    .flatten()
    .map(PathBuf::as_path)
    .filter(|p| p.as_os_str() != input::STDIN)
    .collect();
    if let (Some(out), Some(openings)) = (&args.out, &args.openings) {
        if out == openings || output::same_file(out, openings) {
            return Err("--out and --openings name the same file".into());
        }
    }
    let openings_file = args
        .openings
        .as_deref()
        .map(|path| OutputFile::create_secret("--openings", path, &secret_inputs))
        .transpose()?;
    let out_file = args
        .out
        .as_deref()
        .map(|path| OutputFile::create("--out", path, args.force, &secret_inputs))
        .transpose()?;
    // One set of rules for every front end: the flags become a request, checked and proved
    // as the C library and Python check and prove theirs (`rangeproof_documents::request`),
    // with the reasons naming the flags.
    let suite = args.suite.resolve()?;
    let mut request = ProveRequest::default();
    request.scheme = Some(suite.scheme().into());
    request.group = Some(suite.group().into());
    request.flavor = Some(suite.flavor().into());
    request.transcript_label = args.transcript_label.clone();
    request.bits = args.bits;
    request.bit_lengths = args.bit_lengths.clone();
    request.extension_degree = args.extension_degree;
    request.minimum_values = args.minimum_values.clone();
    request.generators_n = args.generators_n;
    request.value_generator = args.value_generator.clone();
    request.extra_data = args.extra_data.clone();
    request.values = args.values.clone();
    request.rewind_nonce = args.recovery_nonce.clone();
    if let Some(given) = &given {
        request.blindings = Some(given.blindings.to_vec());
        request.commitments = Some(given.commitments.clone());
    }
    let checked = request
        .check(suite_parameters(args, suite)?)
        .map_err(|e| e.describe(Field::flag, Some(suite)))?;
    let ProvedDocuments {
        proof: doc,
        openings,
    } = request::prove(
        rangeproof::SuiteContext::global(),
        &checked,
        &request.values,
        request.commitments.as_deref(),
    )
    .map_err(|e| {
        if e.starts_with("the openings do not make") {
            format!(
                "{e}: for files without a recorded statement, check --flavor and --value-generator"
            )
        } else {
            e
        }
    })?;
    let discarded = openings_file.is_none() && args.openings_in.is_none();
    let secrets =
        Zeroizing::new(serde_json::to_string_pretty(&openings).map_err(|e| e.to_string())?);
    let text = output::json(&doc, args.compact)?;
    // The openings and the proof are put in place together: an interruption leaves both or
    // neither.
    let to_stdout = out_file.is_none();
    let files = [(openings_file, secrets.as_str()), (out_file, text.as_str())]
        .into_iter()
        .filter_map(|(file, text)| file.map(|file| (file, text)))
        .collect();
    output::write_together(files)?;
    if to_stdout {
        output::say(&text);
    }
    // After the proof is out (an error is the one line of an unusable run instead).
    if discarded && !output::failed() {
        eprintln!(
            "note: no --openings: the blindings are discarded and nobody can open these commitments"
        );
    }
    Ok(())
}
