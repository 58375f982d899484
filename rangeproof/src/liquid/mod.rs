//! Liquid (Elements) transactions: every confidential output's range proof and surjection
//! proof checked in one batch, the balance of the amounts, and a wallet's unblinding of an
//! output with its blinding key.
//!
//! * [`Transaction::from_bytes`] parses the serialization ([`transaction`]'s notes).
//! * [`verify_transaction`]: per output, its Borromean range proof (on the output's asset
//!   generator, with its scriptPubKey as `extra_commit`) and, when the spent outputs are
//!   given, its surjection proof over the inputs' assets (each input's spent asset, then its
//!   issuance's asset and token: [`issuance_ids`]); per issuance, the range proofs of its
//!   confidential amounts (on the issued tags' generators, no extra commitment); with the
//!   spent outputs, the balance (`secp256k1_pedersen_verify_tally`: inputs' commitments and
//!   issuances equal the outputs', explicit amounts such as the fee committed on their
//!   unblinded asset generator).
//! * Elements' other consensus rules, each as Elements 23.3.3 checks it ([`Finding`], named by
//!   Elements' reject reason): the transaction's shape (`CheckTransaction`: inputs and
//!   outputs, size, no prevout twice, no null prevout, not a coinbase), explicit amounts and
//!   fees within `MAX_MONEY` and above 0 where Elements needs it, issuances (a reissuance
//!   spends its reissuance token, issues no tokens, has a blinding nonce below the group
//!   order; explicit issued amounts above 0; witness data present), no range proof of minimum
//!   0 on a spendable output, and the block limits a transaction alone can exceed (legacy
//!   signature operations, weight). `docs/consensus-rules/elements.md` lists every rule.
//! * [`unblind`]: the receiver's blinding key and the output's nonce (the sender's ephemeral
//!   key) make the rewind nonce, \\(\mathrm{SHA256d}(\mathrm{compressed}(k \cdot P))\\) as
//!   Elements derives it; the rewind gives the value, the value blinding factor and the
//!   message, whose first 64 bytes are the asset tag and the asset blinding factor — refused
//!   unless they make the output's commitments.

mod rules;
pub mod transaction;

#[cfg(test)]
mod tests;

use crate::{DecodeError, StatementError};
use k256::elliptic_curve::sec1::ToEncodedPoint;
use k256::{ProjectivePoint, Scalar};
use sha2::{Digest, Sha256};
use zeroize::Zeroizing;

use crate::secp256k1_zkp::borromean::{self, ProofInfo};
use crate::secp256k1_zkp::generator::{
    generator_generate, generator_generate_blinded, ValueGenerator,
};
use crate::secp256k1_zkp::surjection::{self, SurjectionProof};
use crate::{BatchVerifier, ProofError, Secp256k1};
pub use rules::{
    is_unspendable, legacy_sigops, Finding, Place, MAX_BLOCK_SIGOPS_COST, MAX_BLOCK_WEIGHT,
    MAX_MONEY,
};
pub use transaction::{
    Asset, AssetIssuance, Nonce, Stack, Transaction, TxIn, TxOut, Value, MAX_TRANSACTION_BYTES,
};

/// SHA-256's compression of one 64-byte block `left ‖ right` from the initial state, the state
/// words big-endian: Elements' `fast_merkle_root` of two leaves (no padding, no length).
fn midstate(left: &[u8; 32], right: &[u8; 32]) -> [u8; 32] {
    const IV: [u32; 8] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
        0x5be0cd19,
    ];
    let mut state = IV;
    let mut block = [0u8; 64];
    block[..32].copy_from_slice(left);
    block[32..].copy_from_slice(right);
    sha2::compress256(&mut state, &[block.into()]);
    let mut out = [0u8; 32];
    for (chunk, word) in out.chunks_exact_mut(4).zip(state) {
        chunk.copy_from_slice(&word.to_be_bytes());
    }
    out
}

/// The asset and reissuance-token tags an input's issuance creates (Elements'
/// `GenerateAssetEntropy`, `CalculateAsset`, `CalculateReissuanceToken`): for a new issuance
/// (zero blinding nonce) the entropy is \(\mathrm{root}(\mathrm{SHA256d}(prevout), contract)\),
/// for a reissuance the issuance's entropy field; the asset is \(\mathrm{root}(E, 0)\), the
/// token \(\mathrm{root}(E, 1)\), or \(\mathrm{root}(E, 2)\) when the amount is confidential.
pub fn issuance_ids(input: &TxIn) -> Option<([u8; 32], [u8; 32])> {
    let issuance = input.issuance.as_ref()?;
    let entropy = if issuance.blinding_nonce == [0; 32] {
        let mut prevout = [0u8; 36];
        prevout[..32].copy_from_slice(&input.previous_txid);
        prevout[32..].copy_from_slice(&input.previous_vout.to_le_bytes());
        let prevout_hash: [u8; 32] = Sha256::digest(Sha256::digest(prevout)).into();
        midstate(&prevout_hash, &issuance.entropy)
    } else {
        issuance.entropy
    };
    let asset = midstate(&entropy, &[0; 32]);
    let mut second = [0u8; 32];
    second[0] = if matches!(issuance.amount, Value::Confidential(_)) {
        2
    } else {
        1
    };
    Some((asset, midstate(&entropy, &second)))
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

/// One output's verdicts (small: a transaction may have a million outputs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputReport {
    /// The range proof's verdict.
    pub range_proof: Verdict,
    /// The surjection proof's verdict.
    pub surjection_proof: Verdict,
}

impl OutputReport {
    /// The range the output's range proof shows, when it verifies (read from the proof's
    /// header: `output` is the output this report is about).
    pub fn range(&self, output: &TxOut) -> Option<ProofInfo> {
        match self.range_proof {
            Verdict::Valid => borromean::info(output.rangeproof).ok(),
            _ => None,
        }
    }
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

/// The range proofs of an input's issuance (an issuance's amounts are proven on the issued
/// asset's and token's unblinded generators, with no extra commitment).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IssuanceReport {
    /// The input's index.
    pub input: usize,
    /// The issued amount's range proof.
    pub amount_proof: Verdict,
    /// The reissuance tokens' range proof.
    pub inflation_keys_proof: Verdict,
}

/// A transaction's verdicts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TransactionReport {
    /// Per output, in order.
    pub outputs: Vec<OutputReport>,
    /// Per input with an issuance.
    pub issuances: Vec<IssuanceReport>,
    /// The balance.
    pub balance: Balance,
    /// Elements' other rules that the transaction breaks (its shape, explicit amounts, fees,
    /// issuances, signature operations, weight): at most one per Elements check, in the order
    /// Elements runs them, so the first names the reject reason Elements gives. Empty when
    /// none is broken; the rules that need the spent outputs are checked only with them.
    pub findings: Vec<Finding>,
}

/// A transaction's verdict: the CLI's exit code 0, 1 or 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TransactionVerdict {
    /// Everything was checked and holds.
    Valid,
    /// Something fails.
    Invalid,
    /// Nothing fails, but something could not be checked (without the spent outputs: the
    /// surjection proofs and the balance).
    Incomplete,
}

impl TransactionReport {
    /// Invalid when anything fails or a rule is broken; else incomplete when anything was not
    /// checked; else valid.
    pub fn verdict(&self) -> TransactionVerdict {
        let verdicts = self
            .outputs
            .iter()
            .flat_map(|o| [&o.range_proof, &o.surjection_proof])
            .chain(
                self.issuances
                    .iter()
                    .flat_map(|i| [&i.amount_proof, &i.inflation_keys_proof]),
            );
        let (mut failed, mut unchecked) = (
            self.balance == Balance::Fails || !self.findings.is_empty(),
            false,
        );
        for verdict in verdicts {
            failed |= matches!(verdict, Verdict::Invalid(_));
            unchecked |= matches!(verdict, Verdict::NotChecked(_));
        }
        unchecked |= matches!(self.balance, Balance::NotChecked(_));
        match (failed, unchecked) {
            (true, _) => TransactionVerdict::Invalid,
            (false, true) => TransactionVerdict::Incomplete,
            (false, false) => TransactionVerdict::Valid,
        }
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
/// outputs (one per input, in order) are given; checks Elements' other consensus rules
/// ([`TransactionReport::findings`]).
pub fn verify_transaction(
    tx: &Transaction,
    spent: Option<&[SpentOutput]>,
) -> Result<TransactionReport, ProofError> {
    if let Some(spent) = spent {
        if spent.len() != tx.n_inputs() {
            return Err(StatementError::WrongInputCount {
                proof: tx.n_inputs(),
                given: spent.len(),
            }
            .into());
        }
    }
    let mut batch: BatchVerifier<'static, Secp256k1> = BatchVerifier::new();
    // The surjection domain and the inputs' side of the balance, as Elements builds them: per
    // input its spent output's asset and amount, then its issuance's asset and token (where
    // their amounts are not null), on their unblinded generators.
    let mut domain: Vec<Option<ValueGenerator>> = Vec::new();
    let mut inputs_sum = Some(ProjectivePoint::IDENTITY);
    let mut issuances = Vec::new();
    let mut issuance_positions = Vec::new();
    let mut rules = rules::Rules::new(tx);
    for (index, input) in tx.inputs().enumerate() {
        rules.input(index, &input, spent.and_then(|s| s.get(index)));
        if let Some(spent) = spent {
            domain.push(asset_generator(&spent[index].asset));
            inputs_sum = inputs_sum
                .zip(amount_point(&spent[index].value, &spent[index].asset))
                .map(|(a, b)| a + b);
        }
        let (Some(issuance), Some((asset, token))) = (&input.issuance, issuance_ids(&input)) else {
            continue;
        };
        // The issued amount and the reissuance tokens, each on its tag's generator.
        let mut verdicts = [Verdict::NotNeeded, Verdict::NotNeeded];
        let mut at = [None, None];
        let amounts = [
            (&issuance.amount, asset, input.issuance_amount_rangeproof),
            (
                &issuance.inflation_keys,
                token,
                input.inflation_keys_rangeproof,
            ),
        ];
        for (k, (amount, tag, proof)) in amounts.into_iter().enumerate() {
            if *amount == Value::Null {
                continue;
            }
            let generator = asset_generator(&Asset::Explicit(tag));
            if spent.is_some() {
                domain.push(generator);
                inputs_sum = inputs_sum
                    .zip(amount_point(amount, &Asset::Explicit(tag)))
                    .map(|(a, b)| a + b);
            }
            (verdicts[k], at[k]) = issuance_proof(&mut batch, amount, generator, proof);
        }
        let [amount_proof, inflation_keys_proof] = verdicts;
        let report = IssuanceReport {
            input: index,
            amount_proof,
            inflation_keys_proof,
        };
        issuances.push(report);
        issuance_positions.push(at);
    }
    let domain: Option<Vec<ValueGenerator>> = match spent {
        Some(_) => domain.into_iter().collect(),
        None => None,
    };
    // The outputs' proofs in the batch: (output, surjection rather than range, position).
    // Only outputs with a proof have an entry, so a transaction of many small outputs costs
    // little beyond its report.
    let mut deferred: Vec<(u32, bool, u32)> = Vec::new();
    let mut reports = Vec::with_capacity(tx.n_outputs());
    let mut outputs_sum = Some(ProjectivePoint::IDENTITY);
    for (index, output) in tx.outputs().enumerate() {
        rules.output(index, &output);
        let mut report = OutputReport {
            range_proof: Verdict::NotNeeded,
            surjection_proof: Verdict::NotNeeded,
        };
        if spent.is_some() && output.value != Value::Null {
            outputs_sum = outputs_sum
                .zip(amount_point(&output.value, &output.asset))
                .map(|(a, b)| a + b);
        }
        match (&output.value, asset_generator(&output.asset)) {
            (Value::Confidential(commitment), Some(generator)) => {
                match borromean::pending(
                    output.rangeproof,
                    commitment,
                    &generator,
                    output.script_pubkey,
                ) {
                    Ok(pending) => {
                        let at = batch.add_deferred(pending);
                        deferred.push((index as u32, false, at as u32));
                    }
                    Err(e) => report.range_proof = Verdict::Invalid(e),
                }
            }
            (Value::Confidential(_), None) => {
                report.range_proof = Verdict::Invalid(ProofError::Decode(
                    DecodeError::MalformedTransaction("a confidential amount with no asset"),
                ));
            }
            _ if !output.rangeproof.is_empty() => {
                report.range_proof = Verdict::Invalid(ProofError::Statement(
                    StatementError::UnexpectedProof("range proof on an explicit amount"),
                ));
            }
            _ => {}
        }
        if let Asset::Confidential(generator) = &output.asset {
            report.surjection_proof = match &domain {
                None if spent.is_some() => Verdict::NotChecked("an input's asset has no generator"),
                None => Verdict::NotChecked("the spent outputs' assets are not given"),
                Some(inputs) => match SurjectionProof::from_bytes(output.surjection_proof)
                    .and_then(|p| surjection::pending(&p, inputs, generator))
                {
                    Ok(pending) => {
                        let at = batch.add_deferred(pending);
                        deferred.push((index as u32, true, at as u32));
                        Verdict::Valid
                    }
                    Err(e) => Verdict::Invalid(e),
                },
            };
        } else if !output.surjection_proof.is_empty() {
            report.surjection_proof = Verdict::Invalid(ProofError::Statement(
                StatementError::UnexpectedProof("surjection proof on an explicit asset"),
            ));
        }
        reports.push(report);
    }
    let invalid = batch.verify().err().map(|e| e.invalid).unwrap_or_default();
    for (output, surjection, at) in deferred {
        let report = &mut reports[output as usize];
        let failed = invalid.contains(&(at as usize));
        if surjection {
            if failed {
                report.surjection_proof = Verdict::Invalid(ProofError::VerificationFailed);
            }
        } else if failed {
            report.range_proof = Verdict::Invalid(ProofError::VerificationFailed);
        } else {
            report.range_proof = Verdict::Valid;
        }
    }
    for (report, [amount, keys]) in issuances.iter_mut().zip(issuance_positions) {
        if amount.is_some_and(|k| invalid.contains(&k)) {
            report.amount_proof = Verdict::Invalid(ProofError::VerificationFailed);
        }
        if keys.is_some_and(|k| invalid.contains(&k)) {
            report.inflation_keys_proof = Verdict::Invalid(ProofError::VerificationFailed);
        }
    }
    let balance = match (spent, inputs_sum, outputs_sum) {
        (None, _, _) => Balance::NotChecked("the spent outputs' amounts are not given"),
        (Some(_), None, _) => Balance::NotChecked("an input has no amount"),
        (Some(_), _, None) => Balance::NotChecked("an output has an amount but no asset"),
        // The inputs' sum (spent amounts and issuances) less the outputs' is the identity,
        // outputs with a null amount aside.
        (Some(_), Some(inputs), Some(outputs)) if inputs == outputs => Balance::Holds,
        (Some(_), Some(_), Some(_)) => Balance::Fails,
    };
    Ok(TransactionReport {
        outputs: reports,
        issuances,
        balance,
        findings: rules.findings(),
    })
}

/// An issuance amount's range proof: into the batch when the amount is confidential (its
/// verdict settled with the batch), refused when an explicit amount carries one.
fn issuance_proof(
    batch: &mut BatchVerifier<'static, Secp256k1>,
    amount: &Value,
    generator: Option<ValueGenerator>,
    proof: &[u8],
) -> (Verdict, Option<usize>) {
    match (amount, generator) {
        (Value::Confidential(commitment), Some(generator)) => {
            match borromean::pending(proof, commitment, &generator, &[]) {
                Ok(pending) => (Verdict::Valid, Some(batch.add_deferred(pending))),
                Err(e) => (Verdict::Invalid(e), None),
            }
        }
        _ if !proof.is_empty() => (
            Verdict::Invalid(ProofError::Statement(StatementError::UnexpectedProof(
                "range proof on an explicit issuance amount",
            ))),
            None,
        ),
        _ => (Verdict::NotNeeded, None),
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
    let point = crate::secp256k1_zkp::public_key(nonce_key).ok_or(DecodeError::InvalidPoint)?;
    // The shared point is as secret as the blinding key for this output: every form of it is
    // wiped when dropped.
    let shared = Zeroizing::new(point * blinding_key);
    let shared = Zeroizing::new(shared.to_affine());
    let shared = Zeroizing::new(shared.to_encoded_point(true));
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
        output.rangeproof,
        commitment,
        generator,
        output.script_pubkey,
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
