//! Bulletproofs++ range proofs ([`crate::bulletproofs_pp`]) in its two conventions: ours on
//! ristretto255 (flavor `rangeproof`: merlin with the application's label, the reference
//! crate's Pedersen commitments) and libsecp256k1-zkp's on secp256k1 (flavor `secp256k1-zkp`:
//! its transcript with `extra_data` as `extra_commit`, commitments on a value generator, `H`
//! unless one is given). Minimums for any number of values; the digit base is the suite's one
//! parameter (default: the shortest vectors for the shape).
//!
//! Generators with the standard value base are derived once per vector length and kept in the
//! suite's state (13 lengths at most): the process's for the global context, a context's own
//! otherwise; a statement with its own value generator gets a copy of them with its value
//! base, and joins a batch with its verdict rather than its equation.

use crate::{DecodeError, StatementError};
use alloc::{boxed::Box, vec::Vec};
use rand_core::CryptoRngCore;

use super::context::{state_of, Held};
use super::helpers::{encodings, proved, single_blindings};
use super::parameters::{self, ParameterSpec};
use super::SuiteProver;
use super::{BatchSlot, GroupBatches, ProofSuite, Proved, SuiteInfo, SuiteStatement};
use super::{StateSharing, SuiteState};
use crate::bulletproofs_pp::Merlin;
use crate::bulletproofs_pp::{
    prover, verifier, BpppGenerators, Convention, ProofPoint, Shape, Statement, BIT_SIZES, H_LEN,
};
use crate::group::{EncodedPoint, Encoding, Group};
use crate::sync::OnceLock;
use crate::{ProofError, Ristretto255};

const BASE: ParameterSpec = ParameterSpec::integer(
    "base",
    2,
    256,
    "digit base: 2, 4, 16 or 256 (default: the one with the shortest vectors, 16 for one 64-bit value)",
);

static PARAMETERS: [ParameterSpec; 1] = [BASE];

/// libsecp256k1-zkp's convention also takes its value generator and extra data.
#[cfg(feature = "secp256k1-zkp")]
static SECP256K1_ZKP_PARAMETERS: [ParameterSpec; 3] = [
    BASE,
    parameters::VALUE_GENERATOR.written_by_default_as(parameters::H_HEX),
    parameters::EXTRA_DATA,
];

/// Vector lengths are powers of two up to 4096 (64 values of 64 bits in base 2).
const CACHED_LENGTHS: usize = 13;

/// One generator set per vector length, derived on first use: a suite's state (the process's
/// for the global context, else the context's own).
type Sets<G> = [OnceLock<BpppGenerators<G>>; CACHED_LENGTHS];

/// A context's sets for convention `C`.
fn sets_in<C: SuiteConvention>(state: &SuiteState) -> Result<&Sets<C::Group>, ProofError> {
    state_of::<Held<Sets<C::Group>>>(state).map(|held| &**held)
}

/// A convention's suite-level glue: its process-wide generators and how a statement names
/// its value base and extra bytes.
trait SuiteConvention: Convention {
    /// The suite's names and limits.
    const INFO: &'static SuiteInfo;

    /// The process-wide sets.
    fn cache() -> &'static Sets<Self::Group>;

    /// Adds to this group's batch of a [`GroupBatches`].
    fn group_batch<'c>(
        batches: &mut GroupBatches<'c>,
        add: impl FnOnce(&mut crate::BatchVerifier<'c, Self::Group>) -> usize,
    ) -> BatchSlot;

    /// The value base a statement names (`None`: the standard one).
    fn value_base(
        statement: &SuiteStatement,
    ) -> Result<Option<<Self::Group as Group>::Point>, ProofError>;

    /// The bytes bound into the transcript.
    fn extra(statement: &SuiteStatement) -> &[u8];

    /// For a batch: the commitments and the proof's points (`rounds` norm rounds), decoded
    /// into the batch form — by default each list its own way.
    #[allow(clippy::type_complexity)]
    fn decode_for_batch(
        commitments: &[Vec<u8>],
        proof: &[u8],
        rounds: usize,
    ) -> Result<(Vec<EncodedPoint<Self::Group>>, Vec<ProofPoint<Self::Group>>), ProofError> {
        Ok((
            points::<Self::Group>(commitments)?,
            Self::decode_proof_points(proof, rounds, true)?,
        ))
    }
}

impl SuiteConvention for Merlin {
    const INFO: &'static SuiteInfo = &SuiteInfo {
        scheme: "bulletproofs++",
        group: Ristretto255::NAME,
        flavor: "rangeproof",
        bits: &BIT_SIZES,
        max_values: crate::MAX_AGGREGATION,
        bit_lengths: false,
        max_extension_degree: 1,
        minimum_values: true,
        power_of_two_values: false,
        commitment_len: <<Ristretto255 as Group>::PointEncoding as Encoding>::LEN,
        transcript_label: true,
        recovery_nonce: false,
        parameters: &PARAMETERS,
    };

    fn group_batch<'c>(
        batches: &mut GroupBatches<'c>,
        add: impl FnOnce(&mut crate::BatchVerifier<'c, Ristretto255>) -> usize,
    ) -> BatchSlot {
        batches.slot(add)
    }

    fn cache() -> &'static Sets<Ristretto255> {
        static CACHE: Sets<Ristretto255> = [const { OnceLock::new() }; CACHED_LENGTHS];
        &CACHE
    }

    fn value_base(
        _statement: &SuiteStatement,
    ) -> Result<Option<<Ristretto255 as Group>::Point>, ProofError> {
        Ok(None)
    }

    fn extra(statement: &SuiteStatement) -> &[u8] {
        &statement.transcript_label
    }

    /// Every point in one decoding pass (the engine decodes sixteen at a time: one pass for a
    /// proof's commitments and points instead of one for each list).
    fn decode_for_batch(
        commitments: &[Vec<u8>],
        proof: &[u8],
        rounds: usize,
    ) -> Result<
        (
            Vec<EncodedPoint<Ristretto255>>,
            Vec<ProofPoint<Ristretto255>>,
        ),
        ProofError,
    > {
        let mut encodings = encodings::<Ristretto255>(commitments)?;
        let own = encodings.len();
        let count = 4 + 2 * rounds;
        for chunk in proof
            .get(..32 * count)
            .ok_or(DecodeError::InvalidLength(proof.len()))?
            .chunks_exact(32)
        {
            let mut e = [0u8; 32];
            e.copy_from_slice(chunk);
            encodings.push(e);
        }
        // The identity's only encoding is zeros: M, D, R, S must not be it.
        if encodings[own..own + 4].contains(&[0u8; 32]) {
            return Err(DecodeError::IdentityPoint.into());
        }
        let mut decoded = EncodedPoint::decode_all(&encodings)?;
        let proof_points = decoded.split_off(own);
        Ok((
            decoded,
            proof_points.into_iter().map(ProofPoint::Encoded).collect(),
        ))
    }
}

#[cfg(feature = "secp256k1-zkp")]
impl SuiteConvention for crate::secp256k1_zkp::bppp::Secp256k1Zkp {
    const INFO: &'static SuiteInfo = &SuiteInfo {
        scheme: "bulletproofs++",
        group: crate::Secp256k1::NAME,
        flavor: "secp256k1-zkp",
        bits: &BIT_SIZES,
        max_values: crate::MAX_AGGREGATION,
        bit_lengths: false,
        max_extension_degree: 1,
        minimum_values: true,
        power_of_two_values: false,
        commitment_len: 33,
        transcript_label: false,
        recovery_nonce: false,
        parameters: &SECP256K1_ZKP_PARAMETERS,
    };

    fn group_batch<'c>(
        batches: &mut GroupBatches<'c>,
        add: impl FnOnce(&mut crate::BatchVerifier<'c, crate::Secp256k1>) -> usize,
    ) -> BatchSlot {
        batches.slot(add)
    }

    fn cache() -> &'static Sets<crate::Secp256k1> {
        static CACHE: Sets<crate::Secp256k1> = [const { OnceLock::new() }; CACHED_LENGTHS];
        &CACHE
    }

    fn value_base(
        statement: &SuiteStatement,
    ) -> Result<Option<<crate::Secp256k1 as Group>::Point>, ProofError> {
        use crate::secp256k1_zkp::generator::ValueGenerator;
        match parameters::bytes(&statement.parameters, "value_generator") {
            None => Ok(None),
            Some(bytes) => {
                let generator = ValueGenerator::from_bytes(bytes)?;
                Ok((!generator.is_h()).then(|| generator.point()))
            }
        }
    }

    fn extra(statement: &SuiteStatement) -> &[u8] {
        parameters::bytes(&statement.parameters, "extra_data").unwrap_or(&[])
    }
}

/// The generators a statement uses: the context's, or its own for another value base.
enum Gens<'a, C: Convention> {
    Shared(&'a BpppGenerators<C::Group>),
    Own(Box<BpppGenerators<C::Group>>),
}

impl<'a, C: SuiteConvention> Gens<'a, C> {
    fn for_statement(
        sets: &'a Sets<C::Group>,
        statement: &SuiteStatement,
        shape: &Shape,
    ) -> Result<Self, ProofError> {
        let g_len = shape.g_len();
        let slot = &sets[g_len.trailing_zeros() as usize];
        let shared = slot.get_or_init(|| C::standard_generators(g_len));
        Ok(match C::value_base(statement)? {
            // Another value base: the shared vectors, copied (not derived again).
            Some(base) => Gens::Own(Box::new(shared.with_value_base(base))),
            None => Gens::Shared(shared),
        })
    }

    fn get(&self) -> &BpppGenerators<C::Group> {
        match self {
            Gens::Shared(g) => g,
            Gens::Own(g) => g,
        }
    }
}

fn shape(statement: &SuiteStatement, values: usize) -> Result<Shape, ProofError> {
    let base = parameters::integer(&statement.parameters, "base")
        .map(|b| {
            usize::try_from(b).map_err(|_| ProofError::Statement(StatementError::InvalidBase(0)))
        })
        .transpose()?;
    Shape::new(statement.bits, values, base)
}

/// The commitments, decoded together into the batch form (one pass for all of them).
fn points<G: Group>(commitments: &[Vec<u8>]) -> Result<Vec<EncodedPoint<G>>, ProofError> {
    Ok(EncodedPoint::decode_all(&encodings::<G>(commitments)?)?)
}

fn minimums(statement: &SuiteStatement) -> &[u64] {
    statement.minimum_values.as_deref().unwrap_or(&[])
}

/// The proof, with any shape's length: bytes that fit no shape are refused before verifying.
fn check_encoding<C: Convention>(proof: &[u8]) -> Result<(), ProofError> {
    let fits = BIT_SIZES.iter().any(|bits| {
        (1..=crate::MAX_AGGREGATION).any(|m| {
            crate::bulletproofs_pp::BASES.iter().any(|base| {
                Shape::new(*bits, m, Some(*base)).is_ok_and(|s| s.proof_len::<C>() == proof.len())
            })
        })
    });
    if !fits {
        return Err(DecodeError::InvalidLength(proof.len()).into());
    }
    let p = C::POINT_LEN;
    for point in proof[..4 * p].chunks_exact(p) {
        C::decode_point(point)?;
    }
    Ok(())
}

fn prove<C: SuiteConvention>(
    sets: &Sets<C::Group>,
    statement: &SuiteStatement,
    values: &[u64],
    blindings: &[Vec<Vec<u8>>],
    mut rng: &mut dyn CryptoRngCore,
) -> Result<Proved, ProofError> {
    let blindings = single_blindings::<C::Group>(blindings)?;
    let shape = shape(statement, values.len())?;
    let gens = Gens::<C>::for_statement(sets, statement, &shape)?;
    let commitment_points: Vec<_> = values
        .iter()
        .zip(blindings.iter())
        .map(|(v, b)| gens.get().commit(*v, b))
        .collect();
    let commitments = EncodedPoint::<C::Group>::from_points(&commitment_points);
    let typed = Statement::<C> {
        shape,
        generators: gens.get(),
        commitments: &commitments,
        minimums: minimums(statement),
        extra: C::extra(statement),
    };
    let proof = prover::prove(&typed, values, &blindings, &mut rng)?;
    Ok(proved::<C::Group, _>(
        proof,
        &commitments,
        blindings.iter().map(core::slice::from_ref),
    ))
}

fn commit<C: SuiteConvention>(
    sets: &Sets<C::Group>,
    statement: &SuiteStatement,
    values: &[u64],
    blindings: &[Vec<Vec<u8>>],
) -> Result<Vec<Vec<u8>>, ProofError> {
    let blindings = single_blindings::<C::Group>(blindings)?;
    // The value base only: any vector length will do.
    let gens = match C::value_base(statement)? {
        Some(base) => Gens::<C>::Own(Box::new(
            sets[0]
                .get_or_init(|| C::standard_generators(1))
                .with_value_base(base),
        )),
        None => Gens::<C>::Shared(sets[0].get_or_init(|| C::standard_generators(1))),
    };
    Ok(values
        .iter()
        .zip(blindings.iter())
        .map(|(v, b)| {
            <C::Group as Group>::point_to_bytes(&gens.get().commit(*v, b))
                .as_ref()
                .to_vec()
        })
        .collect())
}

fn verify<C: SuiteConvention>(
    sets: &Sets<C::Group>,
    statement: &SuiteStatement,
    proof: &[u8],
    commitments: &[Vec<u8>],
) -> Result<(), ProofError> {
    let shape = shape(statement, commitments.len())?;
    let gens = Gens::<C>::for_statement(sets, statement, &shape)?;
    let commitments = points::<C::Group>(commitments)?;
    verifier::verify(
        &Statement::<C> {
            shape,
            generators: gens.get(),
            commitments: &commitments,
            minimums: minimums(statement),
            extra: C::extra(statement),
        },
        proof,
    )
}

/// What a statement adds to a batch: its equation when its generators are the shared ones,
/// else its verdict.
enum Prepared<'a, C: Convention> {
    Pending(Box<verifier::PendingRangeProof<'a, C>>),
    Verdict(bool),
}

fn prepare<'a, C: SuiteConvention>(
    sets: &'a Sets<C::Group>,
    statement: &SuiteStatement,
    proof: &[u8],
    commitments: &[Vec<u8>],
) -> Result<Prepared<'a, C>, ProofError> {
    let shape = shape(statement, commitments.len())?;
    if proof.len() != shape.proof_len::<C>() {
        return Err(DecodeError::InvalidLength(proof.len()).into());
    }
    match Gens::<C>::for_statement(sets, statement, &shape)? {
        Gens::Shared(shared) => {
            let rounds = crate::bulletproofs_pp::norm::schedule::<C>(shape.g_len(), H_LEN).0;
            let (points, proof_points) = C::decode_for_batch(commitments, proof, rounds)?;
            let typed = Statement::<C> {
                shape,
                generators: shared,
                commitments: &points,
                minimums: minimums(statement),
                extra: C::extra(statement),
            };
            Ok(Prepared::Pending(Box::new(
                verifier::PendingRangeProof::with_decoded_points(
                    shared,
                    &typed,
                    proof,
                    proof_points,
                ),
            )))
        }
        Gens::Own(own) => {
            check_encoding::<C>(proof)?;
            let points = points::<C::Group>(commitments)?;
            let typed = Statement::<C> {
                shape,
                generators: &own,
                commitments: &points,
                minimums: minimums(statement),
                extra: C::extra(statement),
            };
            Ok(Prepared::Verdict(verifier::verify(&typed, proof).is_ok()))
        }
    }
}

fn add<'a, C: Convention>(
    batch: &mut crate::BatchVerifier<'a, C::Group>,
    prepared: Prepared<'a, C>,
    mut rng: &mut dyn CryptoRngCore,
) -> usize {
    match prepared {
        Prepared::Pending(pending) => batch.add(*pending, &mut rng),
        Prepared::Verdict(valid) => batch.add_verdict(valid),
    }
}

/// Bulletproofs++ in convention `C` (registered as [`super::Suite::BULLETPROOFS_PP`] and
/// [`super::Suite::SECP256K1_ZKP_BULLETPROOFS_PP`]): one implementation for both.
pub(super) struct BulletproofsPlusPlus<C>(core::marker::PhantomData<C>);

impl<C> BulletproofsPlusPlus<C> {
    pub(super) const SUITE: Self = BulletproofsPlusPlus(core::marker::PhantomData);
}

impl<C: SuiteConvention> ProofSuite for BulletproofsPlusPlus<C> {
    fn info(&self) -> &SuiteInfo {
        C::INFO
    }

    fn new_state(&self, sharing: StateSharing) -> Box<SuiteState> {
        let own = || -> Sets<C::Group> { core::array::from_fn(|_| OnceLock::new()) };
        Box::new(Held::new(sharing, C::cache, own))
    }

    fn check_encoding(&self, proof: &[u8]) -> Result<(), ProofError> {
        check_encoding::<C>(proof)
    }

    fn verify(
        &self,
        state: &SuiteState,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        _rng: &mut dyn CryptoRngCore,
    ) -> Result<(), ProofError> {
        verify::<C>(sets_in::<C>(state)?, statement, proof, commitments)
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
        let prepared = prepare::<C>(sets_in::<C>(state)?, statement, proof, commitments)?;
        Ok(C::group_batch(batch, |b| add(b, prepared, rng)))
    }

    fn prover(&self) -> Option<&dyn SuiteProver> {
        Some(self)
    }
}

impl<C: SuiteConvention> SuiteProver for BulletproofsPlusPlus<C> {
    fn prove(
        &self,
        state: &SuiteState,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
        _nonce: Option<&[u8; 32]>,
        rng: &mut dyn CryptoRngCore,
    ) -> Result<Proved, ProofError> {
        prove::<C>(sets_in::<C>(state)?, statement, values, blindings, rng)
    }

    fn commit(
        &self,
        state: &SuiteState,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
    ) -> Result<Vec<Vec<u8>>, ProofError> {
        commit::<C>(sets_in::<C>(state)?, statement, values, blindings)
    }
}
