//! `rangeproof prove`.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use rand_core::OsRng;
use rangeproof::bulletproofs_plus::Statement;
use rangeproof::generators::{dalek, monero, tari};
use rangeproof::transcript::monero::MoneroTranscript;
use rangeproof::{Ed25519, EncodedPoint, Group, RangeProof, RangeProofPlus, Ristretto255};

use rangeproof_cli::document::{Openings, ProofDocument};

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
    /// Comma-separated values to prove (1 to 64 of them).
    #[arg(long, value_delimiter = ',', required = true)]
    values: Vec<u64>,
    /// Bulletproofs+: blinding factors per commitment, 1 to 6.
    #[arg(long)]
    extension_degree: Option<usize>,
    /// Bulletproofs+: comma-separated minimum-value promises, one per value.
    #[arg(long, value_delimiter = ',')]
    minimum_values: Option<Vec<u64>>,
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

pub fn run(args: &ProveArgs) -> Result<(), String> {
    let mut transcript = crate::transcript(args.transcript_label.as_bytes());
    let target = target(args)?;
    if matches!(target, Target::MoneroPlus | Target::MoneroBp) {
        return prove_monero(args, target);
    }
    let (doc, blindings, commitments) = match args.scheme {
        SchemeArg::Bulletproofs => {
            if args.extension_degree.is_some() || args.minimum_values.is_some() {
                return Err(
                    "--extension-degree and --minimum-values need --scheme bulletproofs+".into(),
                );
            }
            let blindings: Vec<_> = args
                .values
                .iter()
                .map(|_| Ristretto255::random_scalar(&mut OsRng))
                .collect();
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
                blindings.into_iter().map(|b| vec![b]).collect::<Vec<_>>(),
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
            let blindings: Vec<Vec<_>> = args
                .values
                .iter()
                .map(|_| {
                    (0..degree)
                        .map(|_| Ristretto255::random_scalar(&mut OsRng))
                        .collect()
                })
                .collect();
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
    let masks: Vec<[_; 1]> = args
        .values
        .iter()
        .map(|_| [Ed25519::random_scalar(&mut OsRng)])
        .collect();
    let (scheme, proof, commitments) = if target == Target::MoneroBp {
        let flat: Vec<_> = masks.iter().map(|m| m[0]).collect();
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
        transcript_label: args.transcript_label.clone(),
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
    if let Some(path) = &args.openings {
        let openings = Openings {
            scheme: doc.scheme.clone(),
            group: doc.group.clone(),
            bits: args.bits,
            values: args.values.clone(),
            blindings,
            commitments,
        };
        write(
            path,
            &serde_json::to_string_pretty(&openings).map_err(|e| e.to_string())?,
        )?;
    }
    let text = serde_json::to_string_pretty(doc).map_err(|e| e.to_string())?;
    match &args.out {
        Some(path) => write(path, &text),
        None => {
            println!("{text}");
            Ok(())
        }
    }
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
        transcript_label: args.transcript_label.clone(),
        bits: args.bits,
        extension_degree,
        minimum_values: args.minimum_values.clone(),
        commitments: commitments.iter().map(|c| hex::encode(c.bytes)).collect(),
        proof: hex::encode(proof),
    }
}

fn write(path: &PathBuf, text: &str) -> Result<(), String> {
    std::fs::write(path, format!("{text}\n"))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}
