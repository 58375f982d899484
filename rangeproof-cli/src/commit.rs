//! `rangeproof commit`: Pedersen commitments for given openings, in any convention.

use std::path::PathBuf;

use clap::Args;
use rand_core::OsRng;
use rangeproof::SuiteStatement;
use rangeproof_cli::document::Openings;
use serde::Serialize;
use zeroize::Zeroizing;

use crate::prove::{write_secret, SuiteArgs};
use crate::Outcome;

#[derive(Args)]
pub struct CommitArgs {
    /// Comma-separated values.
    #[arg(long, value_delimiter = ',', required = true)]
    values: Vec<u64>,
    /// Blinding factors in hex, comma-separated: `extension_degree` per value, in order.
    /// Without them, fresh random blindings are drawn and written to `--openings`.
    #[arg(long, value_delimiter = ',')]
    blindings: Option<Vec<String>>,
    #[command(flatten)]
    suite: SuiteArgs,
    /// Blinding factors per commitment (Tari: 1 to 6).
    #[arg(long, default_value_t = 1)]
    extension_degree: usize,
    /// Grin: the value generator, "H" (default) or a 33-byte asset generator in hex.
    #[arg(long)]
    value_generator: Option<String>,
    /// Write the openings (values, blindings, commitments) here: a new file, owner-only.
    /// Required when the blindings are drawn here.
    #[arg(long)]
    openings: Option<PathBuf>,
}

#[derive(Serialize)]
struct Committed {
    scheme: &'static str,
    group: &'static str,
    flavor: &'static str,
    commitments: Vec<String>,
}

pub fn run(args: &CommitArgs) -> Result<Outcome, String> {
    let suite = args.suite.resolve()?;
    let degree = args.extension_degree;
    if degree == 0 || degree > suite.max_extension_degree() {
        return Err(format!(
            "--extension-degree {degree}: {} {}/{} takes 1 to {}",
            suite.scheme(),
            suite.group(),
            suite.flavor(),
            suite.max_extension_degree()
        ));
    }
    let value_generator = match args.value_generator.as_deref() {
        None | Some("H") => None,
        Some(_) if suite.group() != "secp256k1" => {
            return Err("--value-generator is for secp256k1 (Grin)".into())
        }
        Some(text) => Some(hex::decode(text).map_err(|e| format!("--value-generator: {e}"))?),
    };
    let statement = SuiteStatement {
        bits: 64,
        extension_degree: degree,
        value_generator,
        ..SuiteStatement::default()
    };
    let blindings: Zeroizing<Vec<Vec<Vec<u8>>>> = match &args.blindings {
        Some(list) => {
            if list.len() != args.values.len() * degree {
                return Err(format!(
                    "{} blindings for {} values: {degree} per value",
                    list.len(),
                    args.values.len()
                ));
            }
            let bytes = list
                .iter()
                .map(hex::decode)
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| format!("a blinding is not hex: {e}"))?;
            Zeroizing::new(bytes.chunks(degree).map(<[_]>::to_vec).collect())
        }
        None => {
            if args.openings.is_none() {
                return Err(
                    "without --blindings, give --openings to keep the random blindings".into(),
                );
            }
            suite.random_blindings(args.values.len(), degree, &mut OsRng)
        }
    };
    let commitments = suite
        .commit(&statement, &args.values, &blindings)
        .map_err(|e| format!("cannot commit: {e}"))?;
    let commitments: Vec<String> = commitments.iter().map(hex::encode).collect();
    if let Some(path) = &args.openings {
        let openings = Openings {
            scheme: suite.scheme().into(),
            group: suite.group().into(),
            bits: 64,
            values: args.values.clone(),
            blindings: blindings
                .iter()
                .map(|b| b.iter().map(hex::encode).collect())
                .collect(),
            commitments: commitments.clone(),
            rewind_nonce: None,
        };
        let text =
            Zeroizing::new(serde_json::to_string_pretty(&openings).map_err(|e| e.to_string())?);
        write_secret(path, &text)?;
    }
    let out = Committed {
        scheme: suite.scheme(),
        group: suite.group(),
        flavor: suite.flavor(),
        commitments,
    };
    println!(
        "{}",
        serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?
    );
    Ok(Outcome::Ok)
}
