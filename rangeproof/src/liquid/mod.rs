//! Liquid (Elements) transactions: every confidential output's range proof and surjection
//! proof checked in one batch, the balance of the amounts, and a wallet's unblinding of an
//! output with its blinding key.
//!
//! * [`Transaction::from_bytes`] parses the serialization ([`transaction`]'s notes).
//! * [`verify_transaction`]: per output, its Borromean range proof (on the output's asset
//!   generator, with its scriptPubKey as `extra_commit`) and, when the spent outputs are
//!   given, its surjection proof over the inputs' assets; with the spent outputs, the balance
//!   (`secp256k1_pedersen_verify_tally`: inputs' commitments equal the outputs', explicit
//!   amounts such as the fee committed on their unblinded asset generator).
//! * [`unblind`]: the receiver's blinding key and the output's nonce (the sender's ephemeral
//!   key) make the rewind nonce, \\(\mathrm{SHA256d}(\mathrm{compressed}(k \cdot P))\\) as
//!   Elements derives it; the rewind gives the value, the value blinding factor and the
//!   message, whose first 64 bytes are the asset tag and the asset blinding factor — refused
//!   unless they make the output's commitments.

pub mod transaction;

#[cfg(test)]
mod tests;

use k256::elliptic_curve::sec1::{FromEncodedPoint, ToEncodedPoint};
use k256::{AffinePoint, EncodedPoint, ProjectivePoint, Scalar};
use sha2::{Digest, Sha256};
use zeroize::Zeroizing;

use crate::secp256k1_zkp::borromean::{self, ProofInfo};
use crate::secp256k1_zkp::generator::{
    generator_generate, generator_generate_blinded, ValueGenerator,
};
use crate::secp256k1_zkp::surjection::{self, SurjectionProof};
use crate::{BatchVerifier, ProofError, Secp256k1};
pub use transaction::{Asset, AssetIssuance, Nonce, Transaction, TxIn, TxOut, Value};

/// A compressed public key (`02`/`03` ‖ x) on the curve.
pub(crate) fn public_key(bytes: &[u8; 33]) -> Option<ProjectivePoint> {
    let encoded = EncodedPoint::from_bytes(bytes).ok()?;
    Option::<AffinePoint>::from(AffinePoint::from_encoded_point(&encoded))
        .map(ProjectivePoint::from)
}

/// What an output spent by the transaction held: its asset and amount fields, as the
/// transaction that created it serializes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpentOutput {
    /// The asset.
    pub asset: Asset,
    /// The amount.
    pub value: Value,
}

/// The outcome of one proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It verifies.
    Valid,
    /// It does not (the reason).
    Invalid(ProofError),
    /// The output needs none (explicit amount or asset).
    NotNeeded,
    /// It could not be checked (the reason).
    NotChecked(&'static str),
}

/// One output's verdicts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputReport {
    /// The range proof's verdict.
    pub range_proof: Verdict,
    /// The range it shows (when it verifies).
    pub range: Option<ProofInfo>,
    /// The surjection proof's verdict.
    pub surjection_proof: Verdict,
}

/// Whether the amounts balance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Balance {
    /// Inputs' commitments equal the outputs'.
    Holds,
    /// They do not.
    Fails,
    /// Not checked (the reason).
    NotChecked(&'static str),
}

/// A transaction's verdicts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TransactionReport {
    /// Per output, in order.
    pub outputs: Vec<OutputReport>,
    /// The balance.
    pub balance: Balance,
}

impl TransactionReport {
    /// Whether nothing failed (verdicts not checked are not failures).
    pub fn is_valid(&self) -> bool {
        self.balance != Balance::Fails
            && self.outputs.iter().all(|o| {
                !matches!(o.range_proof, Verdict::Invalid(_))
                    && !matches!(o.surjection_proof, Verdict::Invalid(_))
            })
    }
}

/// The generator an asset field commits amounts on: the blinded one, or the explicit tag's
/// (`secp256k1_generator_generate`, unblinded).
fn asset_generator(asset: &Asset) -> Option<ValueGenerator> {
    match asset {
        Asset::Null => None,
        Asset::Explicit(tag) => ValueGenerator::from_point(generator_generate(tag)?),
        Asset::Confidential(g) => Some(*g),
    }
}

/// The commitment an amount field stands for: explicit amounts with a zero blinding factor.
fn amount_point(value: &Value, asset: &Asset) -> Option<ProjectivePoint> {
    match value {
        Value::Null => None,
        Value::Explicit(v) => Some(asset_generator(asset)?.point() * Scalar::from(*v)),
        Value::Confidential(c) => Some(c.point()),
    }
}

/// Verifies every proof of the transaction in one batch, and the balance when the spent
/// outputs (one per input, in order) are given.
pub fn verify_transaction(
    tx: &Transaction,
    spent: Option<&[SpentOutput]>,
) -> Result<TransactionReport, ProofError> {
    if let Some(spent) = spent {
        if spent.len() != tx.inputs.len() {
            return Err(ProofError::WrongInputCount {
                proof: tx.inputs.len(),
                given: spent.len(),
            });
        }
    }
    let issuance = tx.inputs.iter().any(|i| i.issuance.is_some() || i.is_pegin);
    // The surjection domain: the spent outputs' generators (issuances and peg-ins add assets
    // this check does not derive).
    let domain: Option<Vec<ValueGenerator>> = match spent {
        Some(spent) if !issuance => spent.iter().map(|s| asset_generator(&s.asset)).collect(),
        _ => None,
    };
    let mut batch: BatchVerifier<'static, Secp256k1> = BatchVerifier::new();
    // Per output: (batch position of the range proof, of the surjection proof).
    let mut positions = Vec::with_capacity(tx.outputs.len());
    let mut reports = Vec::with_capacity(tx.outputs.len());
    for output in &tx.outputs {
        let mut report = OutputReport {
            range_proof: Verdict::NotNeeded,
            range: None,
            surjection_proof: Verdict::NotNeeded,
        };
        let mut at = (None, None);
        match (&output.value, asset_generator(&output.asset)) {
            (Value::Confidential(commitment), Some(generator)) => {
                match borromean::pending(
                    &output.rangeproof,
                    commitment,
                    &generator,
                    &output.script_pubkey,
                ) {
                    Ok(pending) => {
                        report.range = borromean::info(&output.rangeproof).ok();
                        at.0 = Some(batch.add_deferred(pending));
                    }
                    Err(e) => report.range_proof = Verdict::Invalid(e),
                }
            }
            (Value::Confidential(_), None) => {
                report.range_proof = Verdict::Invalid(ProofError::MalformedTransaction(
                    "a confidential amount with no asset",
                ));
            }
            _ if !output.rangeproof.is_empty() => {
                report.range_proof = Verdict::Invalid(ProofError::UnusedStatementField(
                    "range proof on an explicit amount",
                ));
            }
            _ => {}
        }
        if let Asset::Confidential(generator) = &output.asset {
            report.surjection_proof = match &domain {
                None if issuance => Verdict::NotChecked("inputs issue or peg in assets"),
                None => Verdict::NotChecked("the spent outputs' assets are not given"),
                Some(inputs) => match SurjectionProof::from_bytes(&output.surjection_proof)
                    .and_then(|p| surjection::pending(&p, inputs, generator))
                {
                    Ok(pending) => {
                        at.1 = Some(batch.add_deferred(pending));
                        Verdict::Valid
                    }
                    Err(e) => Verdict::Invalid(e),
                },
            };
        } else if !output.surjection_proof.is_empty() {
            report.surjection_proof = Verdict::Invalid(ProofError::UnusedStatementField(
                "surjection proof on an explicit asset",
            ));
        }
        positions.push(at);
        reports.push(report);
    }
    let invalid = batch.verify().err().map(|e| e.invalid).unwrap_or_default();
    for (report, (range, surjection)) in reports.iter_mut().zip(positions) {
        if let Some(k) = range {
            report.range_proof = if invalid.contains(&k) {
                report.range = None;
                Verdict::Invalid(ProofError::VerificationFailed)
            } else {
                Verdict::Valid
            };
        }
        if let Some(k) = surjection {
            if invalid.contains(&k) {
                report.surjection_proof = Verdict::Invalid(ProofError::VerificationFailed);
            }
        }
    }
    let balance = match spent {
        None => Balance::NotChecked("the spent outputs' amounts are not given"),
        Some(_) if issuance => Balance::NotChecked("inputs issue or peg in assets"),
        Some(spent) => balance(spent, &tx.outputs),
    };
    Ok(TransactionReport {
        outputs: reports,
        balance,
    })
}

/// \\(\sum \text{inputs} - \sum \text{outputs} = 0\\), outputs with a null amount aside.
fn balance(spent: &[SpentOutput], outputs: &[TxOut]) -> Balance {
    let mut sum = ProjectivePoint::IDENTITY;
    for input in spent {
        match amount_point(&input.value, &input.asset) {
            Some(p) => sum += p,
            None => return Balance::NotChecked("a spent output has no amount"),
        }
    }
    for output in outputs {
        if output.value == Value::Null {
            continue;
        }
        match amount_point(&output.value, &output.asset) {
            Some(p) => sum -= p,
            None => return Balance::NotChecked("an output has an amount but no asset"),
        }
    }
    if sum == ProjectivePoint::IDENTITY {
        Balance::Holds
    } else {
        Balance::Fails
    }
}

/// An output's secrets, as its receiver reads them.
#[derive(Debug)]
pub struct Unblinded {
    /// The amount.
    pub value: u64,
    /// The asset tag (32 bytes, in the transaction's byte order; explorers and Elements' RPC
    /// show it reversed).
    pub asset: [u8; 32],
    /// The asset blinding factor (wiped when dropped).
    pub asset_blinding: Zeroizing<Scalar>,
    /// The value blinding factor (wiped when dropped).
    pub value_blinding: Zeroizing<Scalar>,
}

/// The range proof's rewind nonce for an output's nonce public key and the receiver's blinding
/// key (constant-time in the key): \\(\mathrm{SHA256}(\mathrm{SHA256}(c))\\) of the compressed
/// shared point \\(c\\), as Elements makes it.
pub fn rewind_nonce(
    nonce_key: &[u8; 33],
    blinding_key: &Scalar,
) -> Result<Zeroizing<[u8; 32]>, ProofError> {
    let point = public_key(nonce_key).ok_or(ProofError::InvalidPoint)?;
    let shared = (point * blinding_key).to_affine().to_encoded_point(true);
    let once = Zeroizing::new(<[u8; 32]>::from(Sha256::digest(shared.as_bytes())));
    Ok(Zeroizing::new(Sha256::digest(*once).into()))
}

/// A 32-byte big-endian private key (a blinding key) as a scalar: refused unless below the
/// group order and non-zero.
pub fn secret_key(bytes: &[u8; 32]) -> Result<Scalar, ProofError> {
    Option::<Scalar>::from(<Scalar as k256::elliptic_curve::PrimeField>::from_repr(
        (*bytes).into(),
    ))
    .filter(|k| !bool::from(k.is_zero()))
    .ok_or(ProofError::InvalidSecret)
}

/// Unblinds an output with the receiver's blinding key: refused (`RewindFailed`) unless the
/// recovered amount, asset and blinding factors make the output's commitment and generator.
pub fn unblind(output: &TxOut, blinding_key: &Scalar) -> Result<Unblinded, ProofError> {
    let (Value::Confidential(commitment), Asset::Confidential(generator), Nonce::Confidential(key)) =
        (&output.value, &output.asset, &output.nonce)
    else {
        return Err(ProofError::Unsupported(
            "the output is not confidential (explicit amount, asset or nonce)",
        ));
    };
    let nonce = rewind_nonce(key, blinding_key)?;
    let rewound = borromean::rewind(
        &output.rangeproof,
        commitment,
        generator,
        &output.script_pubkey,
        &nonce,
    )?;
    let message = &rewound.message;
    if message.len() < 64 {
        return Err(ProofError::RewindFailed);
    }
    let mut asset = [0u8; 32];
    asset.copy_from_slice(&message[..32]);
    let mut abf_bytes = Zeroizing::new([0u8; 32]);
    abf_bytes.copy_from_slice(&message[32..64]);
    let asset_blinding: Scalar = Option::from(
        <Scalar as k256::elliptic_curve::PrimeField>::from_repr((*abf_bytes).into()),
    )
    .ok_or(ProofError::RewindFailed)?;
    match generator_generate_blinded(&asset, &asset_blinding) {
        Some(made) if made == *generator => {}
        _ => return Err(ProofError::RewindFailed),
    }
    // The rewind checked the value commitment itself.
    Ok(Unblinded {
        value: rewound.value,
        asset,
        asset_blinding: Zeroizing::new(asset_blinding),
        value_blinding: rewound.blinding,
    })
}
