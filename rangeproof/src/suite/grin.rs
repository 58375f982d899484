//! libsecp256k1-zkp's Bulletproofs on secp256k1 as Grin runs them (and Elements' Confidential
//! Assets, with asset value generators): any generator count, minimum values (one value),
//! extra data, x-only wire format, deterministic nonces with rewinding. A power-of-two number
//! of values, 1 to 256 (the C verifier rejects what its prover makes for other counts).
//!
//! Litecoin's MWEB outputs carry the same proofs under fixed parameters (flavor `"mweb"`):
//! one 64-bit value on \\(H\\), 256 generators, the output's message as the extra data it
//! requires, and random nonces — nothing to rewind.

use rand_core::CryptoRngCore;
use zeroize::Zeroizing;

use super::context::Held;
use super::helpers::{encodings, given_or_fresh_nonce};
use super::range::RangeSystem;
use super::{parameters, Proved, Recovered, StateSharing, SuiteInfo, SuiteStatement};
use crate::group::Group;
use crate::secp256k1_zkp::bulletproofs::{self as grin, GrinGeneratorCache, GrinRangeProof};
use crate::{BatchVerifier, ProofError, Secp256k1, StatementError};
use alloc::{vec, vec::Vec};
use core::marker::PhantomData;

/// The proof system under a flavor's fixed parameters (registered as
/// [`super::Suite::GRIN_BULLETPROOFS`] and `MWEB_BULLETPROOFS`).
pub(super) struct GrinBulletproofs<F>(PhantomData<fn() -> F>);

/// What a flavor of libsecp256k1-zkp's Bulletproofs fixes: its names and the parameters its
/// statements may carry (one left out takes Grin's default: \\(H\\), 256 generators for
/// 64 bits and one value), and whether its provers' nonces rewind.
pub(super) trait ZkpDeployment: 'static {
    /// Names, limits and parameters.
    const INFO: SuiteInfo;
}

/// Grin's (and Elements' Confidential Assets'): every parameter the C library takes, proofs
/// rewound with the nonce they were made with.
pub(super) struct Grin;

impl ZkpDeployment for Grin {
    const INFO: SuiteInfo = INFO;
}

/// Litecoin MWEB's outputs (`libmw`'s `Bulletproofs::Generate` and `BatchVerify`): 64 bits,
/// one value, \\(H\\), 256 generators, the OutputMessage as extra data; the prover's nonces
/// are random, so there is no recovery nonce.
#[cfg(feature = "mweb")]
pub(super) struct Mweb;

#[cfg(feature = "mweb")]
impl ZkpDeployment for Mweb {
    const INFO: SuiteInfo = SuiteInfo {
        flavor: "mweb",
        bits: &[64],
        max_values: 1,
        minimum_values: false,
        recovery_nonce: false,
        parameters: &[parameters::MWEB_OUTPUT_MESSAGE],
        ..INFO
    };
}

const INFO: SuiteInfo = SuiteInfo {
    scheme: "bulletproofs",
    group: Secp256k1::NAME,
    flavor: "grin",
    bits: &grin::VALID_BITS,
    max_values: grin::MAX_VALUES,
    bit_lengths: false,
    max_extension_degree: 1,
    minimum_values: true,
    power_of_two_values: true,
    commitment_len: 33,
    transcript_label: false,
    recovery_nonce: true,
    parameters: &[
        parameters::GENERATORS_N,
        parameters::VALUE_GENERATOR.written_by_default_as("H"),
        parameters::EXTRA_DATA,
    ],
};

/// Grin's parameters from a suite statement for `m` values.
fn prover(statement: &SuiteStatement, m: usize) -> Result<grin::GrinProver, ProofError> {
    Ok(grin::GrinProver {
        bits: statement.bits,
        generators_n: generators_n(statement, m),
        value_generator: value_generator(statement)?,
        min_values: statement.minimum_values.clone(),
        extra_data: parameters::bytes(&statement.parameters, "extra_data").map(<[u8]>::to_vec),
    })
}

fn value_generator(statement: &SuiteStatement) -> Result<grin::ValueGenerator, ProofError> {
    match parameters::bytes(&statement.parameters, "value_generator") {
        None => Ok(grin::ValueGenerator::h()),
        Some(bytes) => grin::ValueGenerator::from_bytes(bytes),
    }
}

/// The statement's generator count, or the default for `m` values.
fn generators_n(statement: &SuiteStatement, m: usize) -> usize {
    parameters::integer(&statement.parameters, "generators_n")
        .and_then(|n| usize::try_from(n).ok())
        .unwrap_or_else(|| grin::default_generators_n(statement.bits, m))
}

fn grin_statement(
    statement: &SuiteStatement,
    commitments: &[Vec<u8>],
) -> Result<grin::GrinStatement, ProofError> {
    Ok(prover(statement, commitments.len())?.statement(encodings::<Secp256k1>(commitments)?))
}

impl<F: ZkpDeployment> RangeSystem for GrinBulletproofs<F> {
    type Group = Secp256k1;
    type State = GrinGeneratorCache;

    const INFO: SuiteInfo = F::INFO;

    fn state(sharing: StateSharing) -> Held<GrinGeneratorCache> {
        Held::new(
            sharing,
            GrinGeneratorCache::process,
            GrinGeneratorCache::new,
        )
    }

    fn check_encoding(proof: &[u8]) -> Result<(), ProofError> {
        GrinRangeProof::from_bytes_any(proof).map(drop)
    }

    /// Deterministic, as in the C library: every nonce derives from the rewind nonce (drawn
    /// when none is given), which also recovers the blinding. Without a recovery nonce (MWEB)
    /// both nonces are fresh and independent, as `libmw` draws them: the proof rewinds to
    /// nothing.
    fn prove(
        cache: &GrinGeneratorCache,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<<Secp256k1 as Group>::Scalar>],
        nonce: Option<&[u8; 32]>,
        rng: &mut dyn CryptoRngCore,
    ) -> Result<Proved, ProofError> {
        let prover = prover(statement, values.len())?;
        let nonce = given_or_fresh_nonce(nonce, rng);
        // One nonce for both where proofs rewind: rewinding recovers the blinding too.
        let private_nonce = (!F::INFO.recovery_nonce).then(|| *given_or_fresh_nonce(None, rng));
        let witness = grin::GrinWitness {
            values: values.to_vec(),
            blindings: blindings.iter().map(|b| b[0]).collect(),
            rewind_nonce: *nonce,
            private_nonce,
            message: None,
        };
        let (st, proof) = prover.prove_in(cache, &witness)?;
        Ok(Proved {
            proof,
            commitments: st.commitments.iter().map(|c| c.to_vec()).collect(),
            blindings: Zeroizing::new(
                blindings
                    .iter()
                    .map(|b| vec![Secp256k1::scalar_to_bytes(&b[0]).to_vec()])
                    .collect(),
            ),
            rewind_nonce: F::INFO.recovery_nonce.then_some(nonce),
        })
    }

    /// \\(v G_v + \gamma G\\), with the statement's value generator \\(G_v\\) (default \\(H\\)).
    fn commit(
        _cache: &GrinGeneratorCache,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<<Secp256k1 as Group>::Scalar>],
    ) -> Result<Vec<<Secp256k1 as Group>::Point>, ProofError> {
        let value_generator = value_generator(statement)?;
        Ok(values
            .iter()
            .zip(blindings)
            .map(|(v, b)| grin::commit(*v, &b[0], &value_generator))
            .collect())
    }

    fn verify(
        cache: &GrinGeneratorCache,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        _rng: &mut dyn CryptoRngCore,
    ) -> Result<(), ProofError> {
        grin::verify_in(cache, proof, &grin_statement(statement, commitments)?)
    }

    fn add_to_batch<'c>(
        cache: &'c GrinGeneratorCache,
        batch: &mut BatchVerifier<'c, Secp256k1>,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        mut rng: &mut dyn CryptoRngCore,
    ) -> Result<usize, ProofError> {
        let st = grin_statement(statement, commitments)?;
        // Decoding errors are reported here, as for the other suites; a proof that decodes but
        // fails its transcript (a degenerate challenge) is an invalid one.
        let pending = match grin::PendingGrinProof::new_in(cache, proof, &st) {
            Err(ProofError::VerificationFailed) => Err(ProofError::VerificationFailed),
            Err(e) => return Err(e),
            Ok(p) => Ok(p),
        };
        Ok(batch.add_grin_pending_in(cache, pending, &mut rng))
    }

    /// Rewinding: the value, the blinding and the 20-byte message (checked against the
    /// commitment by [`super::Suite::recover_with_value`]).
    fn recover(
        _cache: &GrinGeneratorCache,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        nonce: &[u8; 32],
    ) -> Result<Recovered, ProofError> {
        if !F::INFO.recovery_nonce {
            return Err(ProofError::NoRecoveryNonce);
        }
        let rewound = grin::rewind(proof, &grin_statement(statement, commitments)?, nonce)?;
        let blinding = rewound.blinding.ok_or(ProofError::RewindFailed)?;
        Ok(Recovered {
            value: Some(rewound.value),
            blindings: Zeroizing::new(vec![Secp256k1::scalar_to_bytes(&blinding).to_vec()]),
            message: Some(rewound.message.to_vec()),
            checked: false,
        })
    }

    fn check_shape(statement: &SuiteStatement, values: usize) -> Result<(), StatementError> {
        grin::check_generator_count(generators_n(statement, values), statement.bits, values)
    }

    fn default_generators_n(bits: usize, values: usize) -> Option<usize> {
        Some(grin::default_generators_n(bits, values))
    }
}
