//! `rangeproof commit`: Pedersen commitments for given openings, in any convention.

use std::path::PathBuf;

use clap::Args;
use rand_core::OsRng;
use rangeproof_documents::request::{self, Field};
use rangeproof_documents::{Openings, RequestError};
use serde::Serialize;
use zeroize::Zeroizing;

use crate::output::OutputFile;
use crate::prove::SuiteArgs;
use crate::secrets;
use crate::Outcome;

#[derive(Args)]
pub struct CommitArgs {
    /// Comma-separated values. They appear in the process list: prefer --values-file for real
    /// amounts.
    #[arg(
        long,
        value_delimiter = ',',
        value_parser = crate::secrets::Amounts,
        allow_hyphen_values = true,
        required_unless_present = "values_file",
        conflicts_with = "values_file"
    )]
    values: Vec<u64>,
    /// Read the values from this file (`-`: standard input), separated by commas or
    /// whitespace.
    #[arg(long)]
    values_file: Option<PathBuf>,
    /// Blinding factors in hex, comma-separated: `extension_degree` per value, in order.
    /// Without them, fresh random blindings are drawn and written to `--openings`.
    #[arg(long, value_delimiter = ',', conflicts_with = "blindings_file")]
    blindings: Option<Vec<String>>,
    /// Read --blindings from this file (`-`: standard input), separated by commas or
    /// whitespace, instead of the command line.
    #[arg(long)]
    blindings_file: Option<PathBuf>,
    #[command(flatten)]
    suite: SuiteArgs,
    /// Blinding factors per commitment (Tari: 1 to 6).
    #[arg(long, default_value_t = 1)]
    extension_degree: usize,
    /// Grin, Borromean and Bulletproofs++ on secp256k1: the value generator, "H" (default) or
    /// a 33-byte asset generator in hex (0a/0b || x).
    #[arg(long)]
    value_generator: Option<String>,
    /// A parameter of the suite's own that commitments depend on, NAME=VALUE (hex for bytes):
    /// Aptos's value_base and blinding_base. Repeatable.
    #[arg(long = "param", value_name = "NAME=VALUE")]
    params: Vec<String>,
    /// Write the openings (values, blindings, commitments) here: a new file, owner-only.
    /// Required when the blindings are drawn here.
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Print the commitments' JSON on one line (JSON lines) instead of pretty-printed.
    #[arg(long)]
    compact: bool,
}

/// The values and the blindings' hex are secrets: wiped when the arguments are dropped.
impl Drop for CommitArgs {
    fn drop(&mut self) {
        zeroize::Zeroize::zeroize(&mut self.values);
        zeroize::Zeroize::zeroize(&mut self.blindings);
    }
}

#[derive(Serialize)]
struct Committed {
    scheme: &'static str,
    group: &'static str,
    flavor: &'static str,
    commitments: Vec<String>,
}

pub fn run(args: &CommitArgs) -> Result<Outcome, String> {
    secrets::one_stdin(&[
        ("--values-file", args.values_file.as_deref()),
        ("--blindings-file", args.blindings_file.as_deref()),
    ])?;
    let values = match &args.values_file {
        Some(path) => secrets::read_values("--values-file", path)?,
        None => Zeroizing::new(args.values.clone()),
    };
    let blindings_hex = match (&args.blindings, &args.blindings_file) {
        (_, Some(path)) => Some(secrets::read_hex_list("--blindings-file", path)?),
        (Some(list), None) => Some(Zeroizing::new(list.clone())),
        (None, None) => None,
    };
    let suite = args.suite.resolve()?;
    let name = suite.name();
    let degree = args.extension_degree;
    let max_degree = suite.max_extension_degree();
    if degree != 1 && max_degree == 1 {
        return Err(format!(
            "--extension-degree {degree}: {name} has one blinding per commitment (several are Bulletproofs+ with --flavor tari)"
        ));
    }
    if degree == 0 || degree > max_degree {
        return Err(format!(
            "--extension-degree {degree}: {name} takes 1 to {max_degree} blindings per commitment"
        ));
    }
    // Never written over a file the secrets come from.
    let secret_inputs: Vec<&std::path::Path> = [&args.values_file, &args.blindings_file]
        .into_iter()
        .flatten()
        .map(PathBuf::as_path)
        .filter(|p| p.as_os_str() != rangeproof_documents::input::STDIN)
        .collect();
    let openings_file = args
        .openings
        .as_deref()
        .map(|path| OutputFile::create_secret("--openings", path, &secret_inputs))
        .transpose()?;
    // As `prove` reads it: "H" is the default anywhere, any other generator only where the
    // suite takes one.
    let value_generator = match args.value_generator.as_deref() {
        None | Some("H") => None,
        Some(_) if !suite.takes_secp256k1_zkp_fields() => {
            return Err(
                RequestError::NotTaken(Field::ValueGenerator).describe(Field::flag, Some(suite))
            )
        }
        Some(text) => {
            request::value_generator(text).map_err(|e| e.describe(Field::flag, Some(suite)))?
        }
    };
    let mut parameters = rangeproof::suite::Parameters::new();
    for assignment in &args.params {
        let (name, value) = rangeproof_documents::parameters::from_assignment(suite, assignment)?;
        if parameters.insert(name.clone(), value).is_some() {
            return Err(format!("--param {name} is given twice"));
        }
    }
    let statement =
        request::commitment_statement(suite, degree, value_generator.as_deref(), None, parameters);
    let blindings: Zeroizing<Vec<Vec<Vec<u8>>>> = match &blindings_hex {
        Some(list) => {
            if list.len() != values.len() * degree {
                return Err(format!(
                    "{} blindings for {} values: {degree} per value",
                    list.len(),
                    values.len()
                ));
            }
            let bytes = Zeroizing::new(
                list.iter()
                    .enumerate()
                    .map(|(i, b)| {
                        crate::secrets::secret_hex(&format!("blinding {}", i + 1), b)
                            .map(|b| b.to_vec())
                    })
                    .collect::<Result<Vec<_>, _>>()?,
            );
            Zeroizing::new(bytes.chunks(degree).map(<[_]>::to_vec).collect())
        }
        None => {
            if args.openings.is_none() {
                return Err(
                    "without --blindings, give --openings to keep the random blindings".into(),
                );
            }
            suite.random_blindings(values.len(), degree, &mut OsRng)
        }
    };
    let commitments = suite
        .commit(&statement, &values, &blindings)
        .map_err(|e| format!("cannot commit: {e}"))?;
    let commitments: Vec<String> = commitments.iter().map(hex::encode).collect();
    if let Some(file) = openings_file {
        let mut openings = Openings::of(
            suite,
            &statement,
            &values,
            blindings
                .iter()
                .map(|b| b.iter().map(hex::encode).collect())
                .collect(),
            commitments.clone(),
        );
        // A label belongs to a proof, not to a commitment: the prover chooses it later.
        openings.transcript_label = None;
        let text =
            Zeroizing::new(serde_json::to_string_pretty(&openings).map_err(|e| e.to_string())?);
        file.write(&text)?;
    }
    let out = Committed {
        scheme: suite.scheme(),
        group: suite.group(),
        flavor: suite.flavor(),
        commitments,
    };
    say!("{}", crate::output::json(&out, args.compact)?);
    Ok(Outcome::Ok)
}
