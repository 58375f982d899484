//! `rangeproof prove`.

use std::path::PathBuf;

use clap::Args;
use rand_core::OsRng;
use rangeproof::{generators::dalek, Group, RangeProof, Ristretto255};

use crate::document::{Openings, ProofDocument};

/// Default transcript label when none is given.
pub const DEFAULT_LABEL: &str = "rangeproof";

#[derive(Args)]
pub struct ProveArgs {
    /// Bit size n: each value must lie in [0, 2^n). One of 8, 16, 32, 64.
    #[arg(long)]
    bits: usize,
    /// Comma-separated values to prove (1 to 64 of them).
    #[arg(long, value_delimiter = ',', required = true)]
    values: Vec<u64>,
    /// Fiat–Shamir transcript label (the verifier reads it from the document).
    #[arg(long, default_value = DEFAULT_LABEL)]
    transcript_label: String,
    /// Write the proof document here instead of standard output.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Write the openings (values and blindings) here. Without it the blindings are discarded.
    #[arg(long)]
    openings: Option<PathBuf>,
}

pub fn run(args: &ProveArgs) -> Result<(), String> {
    let gens = dalek::generators();
    let blindings: Vec<_> = args
        .values
        .iter()
        .map(|_| Ristretto255::random_scalar(&mut OsRng))
        .collect();
    let mut transcript = crate::transcript(args.transcript_label.as_bytes());
    let (proof, commitments) = RangeProof::prove_multiple(
        gens,
        &mut transcript,
        &args.values,
        &blindings,
        args.bits,
        &mut OsRng,
    )
    .map_err(|e| format!("cannot prove: {e}"))?;
    let commitments: Vec<String> = commitments.iter().map(|c| hex::encode(c.bytes)).collect();
    let doc = ProofDocument {
        scheme: "bulletproofs".into(),
        group: Ristretto255::NAME.into(),
        flavor: "dalek".into(),
        transcript_label: args.transcript_label.clone(),
        bits: args.bits,
        commitments: commitments.clone(),
        proof: hex::encode(proof.to_bytes()),
    };
    if let Some(path) = &args.openings {
        let openings = Openings {
            group: Ristretto255::NAME.into(),
            bits: args.bits,
            values: args.values.clone(),
            blindings: blindings
                .iter()
                .map(|b| hex::encode(Ristretto255::scalar_to_bytes(b)))
                .collect(),
            commitments,
        };
        write(
            path,
            &serde_json::to_string_pretty(&openings).map_err(|e| e.to_string())?,
        )?;
    }
    let text = serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?;
    match &args.out {
        Some(path) => write(path, &text),
        None => {
            println!("{text}");
            Ok(())
        }
    }
}

fn write(path: &PathBuf, text: &str) -> Result<(), String> {
    std::fs::write(path, format!("{text}\n"))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}
