//! One suite for every range-proof deployment: [`RangeSuite`] runs a [`RangeSystem`] — a proof
//! system under one deployment's convention — over bytes, and the suite's checks, decoding and
//! batching are written here once.
//!
//! Bulletproofs and Bulletproofs+ are each one generic [`RangeSystem`] over their convention
//! types ([`Bulletproofs<C>`], [`BulletproofsPlus<C>`]): a deployment of either is its
//! convention type in `deployments/` and one line in the registry (`registry.rs`).
//! libsecp256k1-zkp's Bulletproofs, a protocol of their own, implement the trait in `grin.rs`.

use alloc::{borrow::Cow, boxed::Box, vec, vec::Vec};
use core::marker::PhantomData;
use rand_core::CryptoRngCore;
use zeroize::Zeroizing;

use super::batch::InBatches;
use super::context::{state_of, Held};
use super::helpers::{decode_blindings, encodings, plus_statement, proved};
use super::parameters::{self, ParameterSpec};
use super::{
    BatchSlot, GroupBatches, ProofSuite, Proved, Recovered, StateSharing, SuiteInfo, SuiteState,
    SuiteStatement,
};
use super::{SuiteProver, SuiteRecoverer};
use crate::deployments::{
    BulletproofsConvention, BulletproofsPlusConvention, Generators, Padding, StatementBases,
};
use crate::group::{EncodedPoint, Encoding, Group};
use crate::{BatchVerifier, ProofError, RangeProof, RangeProofPlus, StatementError};

/// A range-proof system under one deployment, as a suite runs it: what differs between them
/// once the bytes are decoded and the statement checked.
pub(crate) trait RangeSystem: Send + Sync + 'static {
    /// The group.
    type Group: InBatches;
    /// What the suite derives once (its generators) and keeps in a context.
    type State: Send + Sync + 'static;

    /// Names and limits.
    const INFO: SuiteInfo;

    /// The state: the process's or the caller's own.
    fn state(sharing: StateSharing) -> Held<Self::State>;

    /// Decodes the proof, refusing non-canonical encodings.
    fn check_encoding(proof: &[u8]) -> Result<(), ProofError>;

    /// Proves `values` with their blindings (`statement.extension_degree` per value).
    fn prove(
        state: &Self::State,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<<Self::Group as Group>::Scalar>],
        nonce: Option<&[u8; 32]>,
        rng: &mut dyn CryptoRngCore,
    ) -> Result<Proved, ProofError>;

    /// The commitments to `values` under `blindings`.
    fn commit(
        state: &Self::State,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<<Self::Group as Group>::Scalar>],
    ) -> Result<Vec<<Self::Group as Group>::Point>, ProofError>;

    /// Verifies one proof. (Each system decodes the proof and the commitments in the order its
    /// errors have always been reported in.)
    fn verify(
        state: &Self::State,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        rng: &mut dyn CryptoRngCore,
    ) -> Result<(), ProofError>;

    /// Adds one proof to its group's batch; returns its position there.
    fn add_to_batch<'c>(
        state: &'c Self::State,
        batch: &mut BatchVerifier<'c, Self::Group>,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        rng: &mut dyn CryptoRngCore,
    ) -> Result<usize, ProofError>;

    /// Recovers what a recovery nonce reveals (Tari's masks, Grin's value, blinding and
    /// message); only for systems whose [`SuiteInfo::recovery_nonce`] is set.
    fn recover(
        state: &Self::State,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        nonce: &[u8; 32],
    ) -> Result<Recovered, ProofError> {
        let _ = (state, statement, proof, commitments, nonce);
        Err(ProofError::NoRecoveryNonce)
    }

    /// The generator count a statement without one uses (libsecp256k1-zkp's).
    fn default_generators_n(bits: usize, values: usize) -> Option<usize> {
        let _ = (bits, values);
        None
    }

    /// Shape rules of the system's own parameters, after the shared ones
    /// ([`ProofSuite::check_shape`]).
    fn check_shape(statement: &SuiteStatement, values: usize) -> Result<(), StatementError> {
        let _ = (statement, values);
        Ok(())
    }

    /// What a proof shows of a value ([`ProofSuite::value_range`]).
    fn value_range(bits: usize, minimum: u64) -> (u64, u64) {
        (minimum, minimum.saturating_add(super::span(bits)))
    }
}

/// The suite of a [`RangeSystem`]: the registry holds one per deployment.
pub(crate) struct RangeSuite<S>(PhantomData<fn() -> S>);

impl<S: RangeSystem> RangeSuite<S> {
    /// The suite, for a registry line.
    pub(crate) const NEW: Self = RangeSuite(PhantomData);
}

fn held<S: RangeSystem>(state: &SuiteState) -> Result<&S::State, ProofError> {
    state_of::<Held<S::State>>(state).map(|held| &**held)
}

impl<S: RangeSystem> ProofSuite for RangeSuite<S> {
    fn info(&self) -> &SuiteInfo {
        &S::INFO
    }

    fn new_state(&self, sharing: StateSharing) -> Box<SuiteState> {
        Box::new(S::state(sharing))
    }

    fn check_encoding(&self, proof: &[u8]) -> Result<(), ProofError> {
        S::check_encoding(proof)
    }

    fn verify(
        &self,
        state: &SuiteState,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        rng: &mut dyn CryptoRngCore,
    ) -> Result<(), ProofError> {
        S::verify(held::<S>(state)?, statement, proof, commitments, rng)
    }

    fn add_to_batch<'c>(
        &self,
        state: &'c SuiteState,
        batch: &mut GroupBatches<'c>,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        rng: &mut dyn CryptoRngCore,
    ) -> Result<BatchSlot, ProofError> {
        let state = held::<S>(state)?;
        batch.add::<S::Group>(|b| S::add_to_batch(state, b, statement, proof, commitments, rng))
    }

    fn default_generators_n(&self, bits: usize, values: usize) -> Option<usize> {
        S::default_generators_n(bits, values)
    }

    fn check_shape(&self, statement: &SuiteStatement, values: usize) -> Result<(), StatementError> {
        S::check_shape(statement, values)
    }

    fn value_range(&self, bits: usize, minimum: u64) -> (u64, u64) {
        S::value_range(bits, minimum)
    }

    fn prover(&self) -> Option<&dyn SuiteProver> {
        Some(self)
    }

    fn recoverer(&self) -> Option<&dyn SuiteRecoverer> {
        if S::INFO.recovery_nonce {
            Some(self)
        } else {
            None
        }
    }
}

impl<S: RangeSystem> SuiteProver for RangeSuite<S> {
    fn prove(
        &self,
        state: &SuiteState,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
        nonce: Option<&[u8; 32]>,
        rng: &mut dyn CryptoRngCore,
    ) -> Result<Proved, ProofError> {
        let blindings = decode_blindings::<S::Group>(blindings, statement.extension_degree)?;
        S::prove(held::<S>(state)?, statement, values, &blindings, nonce, rng)
    }

    fn commit(
        &self,
        state: &SuiteState,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
    ) -> Result<Vec<Vec<u8>>, ProofError> {
        let blindings = decode_blindings::<S::Group>(blindings, statement.extension_degree)?;
        let points = S::commit(held::<S>(state)?, statement, values, &blindings)?;
        Ok(points
            .iter()
            .map(|p| S::Group::point_to_bytes(p).as_ref().to_vec())
            .collect())
    }
}

impl<S: RangeSystem> SuiteRecoverer for RangeSuite<S> {
    fn recover(
        &self,
        state: &SuiteState,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        nonce: &[u8; 32],
    ) -> Result<Recovered, ProofError> {
        S::recover(held::<S>(state)?, statement, proof, commitments, nonce)
    }
}

/// The Pedersen commitments of a deployment's generators (`blindings.len()` bases each).
fn pedersen_commitments<G: Group>(
    gens: &crate::generators::RangeGens<G>,
    values: &[u64],
    blindings: &[Vec<G::Scalar>],
) -> Result<Vec<G::Point>, ProofError> {
    values
        .iter()
        .zip(blindings)
        .map(|(v, b)| gens.pedersen().commit_extended(G::Scalar::from(*v), b))
        .collect()
}

/// Each of `values` values' bit length: the statement's own where it has them (as many as
/// the values: checked by then), else its bit size for every value.
fn bit_lengths(statement: &SuiteStatement, values: usize) -> Vec<usize> {
    if statement.bit_lengths.is_empty() {
        vec![statement.bits; values]
    } else {
        statement.bit_lengths.clone()
    }
}

/// Bulletproofs under the convention `C`.
pub(crate) struct Bulletproofs<C>(PhantomData<fn() -> C>);

/// The parameters of a deployment whose statements give Pedersen bases
/// ([`StatementBases`]): each an encoded point of the group, `len` bytes.
const fn base_parameters(bases: StatementBases, len: usize) -> &'static [ParameterSpec] {
    // Ristretto255's and Ed25519's 32-byte encodings, secp256k1's 33-byte ones.
    const fn spec(name: &'static str, len: i64, what: &'static str) -> ParameterSpec {
        ParameterSpec::bytes(name, len, len, what)
    }
    const VALUE: &str = "the value's Pedersen base, encoded (absent: the deployment's)";
    const BLINDING: &str = "the blinding's Pedersen base, encoded (absent: the deployment's)";
    const VALUE_32: [ParameterSpec; 1] = [spec(VALUE_BASE, 32, VALUE)];
    const VALUE_33: [ParameterSpec; 1] = [spec(VALUE_BASE, 33, VALUE)];
    const BOTH_32: [ParameterSpec; 2] = [
        spec(VALUE_BASE, 32, VALUE),
        spec(BLINDING_BASE, 32, BLINDING),
    ];
    const BOTH_33: [ParameterSpec; 2] = [
        spec(VALUE_BASE, 33, VALUE),
        spec(BLINDING_BASE, 33, BLINDING),
    ];
    match (bases, len) {
        (StatementBases::Fixed, _) => &[],
        (StatementBases::Value, 33) => &VALUE_33,
        (StatementBases::Value, _) => &VALUE_32,
        (StatementBases::ValueAndBlinding, 33) => &BOTH_33,
        (StatementBases::ValueAndBlinding, _) => &BOTH_32,
    }
}

/// The parameter names of [`base_parameters`].
const VALUE_BASE: &str = "value_base";
const BLINDING_BASE: &str = "blinding_base";

/// The Pedersen bases a statement gives (value, blinding; `None`: the deployment's),
/// decoded; bytes that are no canonical point are no statement.
fn statement_bases<G: Group>(
    statement: &SuiteStatement,
) -> Result<[Option<EncodedPoint<G>>; 2], StatementError> {
    let decode = |name: &'static str| -> Result<Option<EncodedPoint<G>>, StatementError> {
        let Some(bytes) = parameters::bytes(&statement.parameters, name) else {
            return Ok(None);
        };
        let encoding = G::PointEncoding::try_from(bytes)
            .map_err(|_| StatementError::InvalidPedersenBase(name))?;
        EncodedPoint::decode(&encoding)
            .map(Some)
            .map_err(|_| StatementError::InvalidPedersenBase(name))
    };
    Ok([decode(VALUE_BASE)?, decode(BLINDING_BASE)?])
}

/// The list as the deployment pads it before its proof system sees it: with
/// [`Padding::RepeatLast`], the last item repeated up to a power of two (MobileCoin's
/// `resize_slice_to_pow2`); otherwise as given (the proof system pads with zeros, or the
/// deployment refuses the count).
/// (Borrowed unless padded: verifiers call it per proof.)
fn padded<C: BulletproofsConvention, T: Clone>(items: &[T]) -> Cow<'_, [T]> {
    match (C::PADDING, items.last()) {
        (Padding::RepeatLast, Some(last)) if !items.len().is_power_of_two() => {
            let mut out = items.to_vec();
            out.resize(items.len().next_power_of_two(), last.clone());
            Cow::Owned(out)
        }
        _ => Cow::Borrowed(items),
    }
}

/// `gens` under the statement's bases, where it gives any (a copy sharing the chains).
fn under_bases<C: BulletproofsConvention>(
    gens: &Generators<C>,
    bases: &[Option<EncodedPoint<C::Group>>; 2],
) -> Result<Option<Generators<C>>, ProofError> {
    if bases.iter().all(Option::is_none) {
        return Ok(None);
    }
    let point =
        |b: &Option<EncodedPoint<C::Group>>| b.as_ref().map(EncodedPoint::point).transpose();
    Ok(Some(gens.with_bases(point(&bases[0])?, point(&bases[1])?)))
}

impl<C: BulletproofsConvention> RangeSystem for Bulletproofs<C>
where
    C::Group: InBatches,
{
    type Group = C::Group;
    type State = Generators<C>;

    const INFO: SuiteInfo = SuiteInfo {
        scheme: "bulletproofs",
        group: <C::Group as Group>::NAME,
        flavor: C::NAME,
        // Where values have lengths of their own, `BITS` lists their totals; a bit size for
        // every value is any of the valid ones (their count times it must still be a total).
        bits: if C::PER_VALUE_BIT_LENGTHS {
            &crate::bulletproofs::VALID_BITSIZES
        } else {
            C::BITS
        },
        max_values: C::MAX_VALUES,
        bit_lengths: C::PER_VALUE_BIT_LENGTHS,
        max_extension_degree: 1,
        minimum_values: false,
        power_of_two_values: C::POWER_OF_TWO_VALUES,
        commitment_len: <<C::Group as Group>::PointEncoding as Encoding>::LEN,
        transcript_label: C::TRANSCRIPT_LABEL,
        recovery_nonce: false,
        parameters: base_parameters(
            C::STATEMENT_BASES,
            <<C::Group as Group>::PointEncoding as Encoding>::LEN,
        ),
    };

    fn state(sharing: StateSharing) -> Held<Generators<C>> {
        Held::new(sharing, C::generators, C::owned_generators)
    }

    fn check_encoding(proof: &[u8]) -> Result<(), ProofError> {
        RangeProof::<C::Group>::decode(&C::LAYOUT, proof).map(drop)
    }

    fn prove(
        gens: &Generators<C>,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<<C::Group as Group>::Scalar>],
        _nonce: Option<&[u8; 32]>,
        mut rng: &mut dyn CryptoRngCore,
    ) -> Result<Proved, ProofError> {
        let single: Zeroizing<Vec<_>> = Zeroizing::new(blindings.iter().map(|b| b[0]).collect());
        let own = under_bases(gens, &statement_bases(statement)?)?;
        let all_values = padded::<C, _>(values);
        let all_blindings = Zeroizing::new(padded::<C, _>(&single).into_owned());
        let (proof, commitments) = RangeProof::prove_with_bit_lengths(
            own.as_ref().unwrap_or(gens),
            &mut C::transcript(&statement.transcript_label),
            &all_values,
            &all_blindings,
            &bit_lengths(statement, all_values.len()),
            &mut rng,
        )?;
        // The real values' commitments (a padded list repeats the last).
        Ok(proved::<C::Group, _>(
            proof.encode(&C::LAYOUT)?,
            &commitments[..values.len()],
            blindings.iter().map(Vec::as_slice),
        ))
    }

    fn commit(
        gens: &Generators<C>,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<<C::Group as Group>::Scalar>],
    ) -> Result<Vec<<C::Group as Group>::Point>, ProofError> {
        let own = under_bases(gens, &statement_bases(statement)?)?;
        pedersen_commitments(own.as_ref().unwrap_or(gens), values, blindings)
    }

    fn verify(
        gens: &Generators<C>,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        mut rng: &mut dyn CryptoRngCore,
    ) -> Result<(), ProofError> {
        let bases = statement_bases::<C::Group>(statement)?;
        let commitments = padded::<C, _>(commitments);
        RangeProof::<C::Group>::decode(&C::LAYOUT, proof)?.verify_under_bases(
            gens,
            [bases[0].as_ref(), bases[1].as_ref()],
            &mut C::transcript(&statement.transcript_label),
            &encodings::<C::Group>(&commitments)?,
            &bit_lengths(statement, commitments.len()),
            &mut rng,
        )
    }

    /// The deployment's layout rule (Solana: the lengths' total is an instruction kind), and
    /// bases that are points.
    fn check_shape(statement: &SuiteStatement, values: usize) -> Result<(), StatementError> {
        statement_bases::<C::Group>(statement)?;
        let values = match C::PADDING {
            Padding::RepeatLast => values.next_power_of_two(),
            Padding::Zeros => values,
        };
        C::layout(&bit_lengths(statement, values)).map(drop)
    }

    fn add_to_batch<'c>(
        gens: &'c Generators<C>,
        batch: &mut BatchVerifier<'c, C::Group>,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        mut rng: &mut dyn CryptoRngCore,
    ) -> Result<usize, ProofError> {
        let proof = RangeProof::<C::Group>::decode(&C::LAYOUT, proof)?;
        let commitments = encodings::<C::Group>(&padded::<C, _>(commitments))?;
        let bases = statement_bases::<C::Group>(statement)?;
        Ok(batch.add_bulletproof_under_bases(
            gens,
            [bases[0].as_ref(), bases[1].as_ref()],
            &proof,
            &mut C::transcript(&statement.transcript_label),
            &commitments,
            &bit_lengths(statement, commitments.len()),
            &mut rng,
        ))
    }
}

/// Bulletproofs+ under the convention `C`.
pub(crate) struct BulletproofsPlus<C>(PhantomData<fn() -> C>);

/// The seed nonce a recovery nonce's 32 bytes stand for: the bytes as a little-endian integer
/// reduced mod ℓ.
///
/// Tari's wallet holds its seed nonces as scalars (its key manager derives them from uniform
/// 64-byte hashes), whose canonical encodings reduce to themselves, so every seed a Tari wallet
/// uses means what it means there. Any other 32 bytes — `openssl rand -hex 32`, a wallet's raw
/// key material — are reduced instead of refused: at most 16 inputs share a scalar, so a random
/// nonce keeps at least 252 bits of entropy, and the seed is only ever hashed into nonces (Tari's
/// `seed_nonce` rule), never revealed. Proving and recovery reduce alike, so the same bytes
/// serve both.
fn seed_nonce<G: Group>(nonce: &[u8; 32]) -> Zeroizing<G::Scalar> {
    // The 32 bytes, zero-extended: a 64-byte little-endian integer of the same value.
    let mut wide = Zeroizing::new([0u8; 64]);
    wide[..32].copy_from_slice(nonce);
    Zeroizing::new(G::scalar_from_bytes_wide(&wide))
}

impl<C: BulletproofsPlusConvention> RangeSystem for BulletproofsPlus<C>
where
    C::Group: InBatches,
{
    type Group = C::Group;
    type State = Generators<C>;

    const INFO: SuiteInfo = SuiteInfo {
        scheme: "bulletproofs+",
        group: <C::Group as Group>::NAME,
        flavor: C::NAME,
        bits: C::BITS,
        max_values: C::MAX_VALUES,
        bit_lengths: false,
        max_extension_degree: C::MAX_EXTENSION_DEGREE,
        minimum_values: C::MINIMUM_VALUES,
        power_of_two_values: C::POWER_OF_TWO_VALUES,
        commitment_len: <<C::Group as Group>::PointEncoding as Encoding>::LEN,
        transcript_label: C::TRANSCRIPT_LABEL,
        recovery_nonce: C::HAS_SEED_NONCES,
        parameters: &[],
    };

    fn state(sharing: StateSharing) -> Held<Generators<C>> {
        Held::new(sharing, C::generators, C::owned_generators)
    }

    /// A minimum fits in n bits as the value does (Tari's rule): \\([\mu, 2^n)\\).
    fn value_range(bits: usize, minimum: u64) -> (u64, u64) {
        (minimum, super::span(bits))
    }

    fn check_encoding(proof: &[u8]) -> Result<(), ProofError> {
        RangeProofPlus::<C::Group>::decode(&C::LAYOUT, proof).map(drop)
    }

    fn prove(
        gens: &Generators<C>,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<<C::Group as Group>::Scalar>],
        nonce: Option<&[u8; 32]>,
        mut rng: &mut dyn CryptoRngCore,
    ) -> Result<Proved, ProofError> {
        let seed = nonce.map(seed_nonce::<C::Group>);
        let (proof, commitments) = RangeProofPlus::prove(
            gens,
            &mut C::transcript(&statement.transcript_label),
            &plus_statement(statement),
            values,
            blindings,
            seed.as_deref(),
            &mut rng,
        )?;
        Ok(proved::<C::Group, _>(
            proof.encode(&C::LAYOUT)?,
            &commitments,
            blindings.iter().map(Vec::as_slice),
        ))
    }

    fn commit(
        gens: &Generators<C>,
        _statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<<C::Group as Group>::Scalar>],
    ) -> Result<Vec<<C::Group as Group>::Point>, ProofError> {
        pedersen_commitments(gens, values, blindings)
    }

    fn verify(
        gens: &Generators<C>,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        mut rng: &mut dyn CryptoRngCore,
    ) -> Result<(), ProofError> {
        RangeProofPlus::<C::Group>::decode(&C::LAYOUT, proof)?.verify(
            gens,
            &mut C::transcript(&statement.transcript_label),
            &plus_statement(statement),
            &encodings::<C::Group>(commitments)?,
            &mut rng,
        )
    }

    fn add_to_batch<'c>(
        gens: &'c Generators<C>,
        batch: &mut BatchVerifier<'c, C::Group>,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        mut rng: &mut dyn CryptoRngCore,
    ) -> Result<usize, ProofError> {
        let proof = RangeProofPlus::<C::Group>::decode(&C::LAYOUT, proof)?;
        let commitments = encodings::<C::Group>(commitments)?;
        Ok(batch.add_bulletproof_plus(
            gens,
            &proof,
            &mut C::transcript(&statement.transcript_label),
            &plus_statement(statement),
            &commitments,
            &mut rng,
        ))
    }

    /// Mask recovery: the blindings, not the value (so not checked here; see
    /// [`super::Suite::recover_with_value`]).
    fn recover(
        gens: &Generators<C>,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        nonce: &[u8; 32],
    ) -> Result<Recovered, ProofError> {
        if !C::HAS_SEED_NONCES {
            return Err(ProofError::NoRecoveryNonce);
        }
        let [commitment] = commitments else {
            return Err(ProofError::MaskRecoveryNeedsSingleProof);
        };
        let seed = seed_nonce::<C::Group>(nonce);
        let proof = RangeProofPlus::<C::Group>::decode(&C::LAYOUT, proof)?;
        let encoding = encodings::<C::Group>(core::slice::from_ref(commitment))?;
        let masks = proof.recover_mask(
            gens,
            &mut C::transcript(&statement.transcript_label),
            &plus_statement(statement),
            &encoding[0],
            &seed,
        )?;
        Ok(Recovered {
            value: None,
            blindings: Zeroizing::new(
                masks
                    .iter()
                    .map(|m| <C::Group as Group>::scalar_to_bytes(m).as_ref().to_vec())
                    .collect(),
            ),
            message: None,
            checked: false,
        })
    }
}
