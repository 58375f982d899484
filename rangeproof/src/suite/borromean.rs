//! Elements' Borromean range proofs on secp256k1, as Liquid runs them
//! ([`crate::secp256k1_zkp::borromean`]): one value per proof on a value (asset) generator,
//! `extra_data` as the C API's `extra_commit`, the minimum value as the statement's one
//! minimum, the exponent, the minimum bit count and the message as the suite's parameters,
//! the rewind nonce as its recovery nonce. The bit size is the proof's own (its header), so
//! statements have none. Defaults are Liquid's: exponent 0, 52 bits, minimum 1 (0 for the
//! value 0). The proof's header states the range it shows, so a document carries neither
//! the exponent, the bit count nor the minimum; a verifier's statement may still name a
//! minimum, which the proof's must reach.

use crate::{DecodeError, StatementError};
use rand_core::CryptoRngCore;
use zeroize::Zeroizing;

use super::helpers::{given_or_fresh_nonce, single_blindings};
use super::parameters::{self, ParameterSpec};
use super::SuiteState;
use super::{BatchSlot, GroupBatches, ProofSuite, Proved, Recovered, SuiteInfo, SuiteStatement};
use super::{ProofFacts, SuiteProver, SuiteRecoverer};
use crate::group::Group;
use crate::secp256k1_zkp::borromean::{self, ProofParameters};
use crate::secp256k1_zkp::generator::{Commitment, ValueGenerator};
use crate::{ProofError, Secp256k1};

/// The suite (registered as [`super::Suite::ELEMENTS_BORROMEAN`]).
pub(super) struct ElementsBorromean;

static PARAMETERS: [ParameterSpec; 5] = [
    parameters::VALUE_GENERATOR.written_by_default_as(parameters::H_HEX),
    parameters::EXTRA_DATA,
    ParameterSpec::integer(
        "exp",
        -1,
        18,
        "decimal exponent: the proof covers multiples of 10^exp above the minimum; -1 proves (and reveals) the exact value (default 0)",
    )
    .for_the_prover_only(),
    ParameterSpec::integer(
        "min_bits",
        0,
        64,
        "least number of bits the proof covers, hiding the value's size (default 52)",
    )
    .for_the_prover_only(),
    ParameterSpec::bytes(
        "message",
        0,
        4032,
        "bytes the holder of the recovery nonce reads back (at most 128 per ring but the last)",
    )
    .for_the_prover_only(),
];

static INFO: SuiteInfo = SuiteInfo {
    scheme: "borromean",
    group: Secp256k1::NAME,
    flavor: "elements",
    bits: &[],
    max_values: 1,
    bit_lengths: false,
    max_extension_degree: 1,
    minimum_values: true,
    power_of_two_values: false,
    commitment_len: 33,
    transcript_label: false,
    recovery_nonce: true,
    parameters: &PARAMETERS,
};

fn value_generator(statement: &SuiteStatement) -> Result<ValueGenerator, ProofError> {
    match parameters::bytes(&statement.parameters, "value_generator") {
        None => Ok(ValueGenerator::h()),
        Some(bytes) => ValueGenerator::from_bytes(bytes),
    }
}

fn extra(statement: &SuiteStatement) -> &[u8] {
    parameters::bytes(&statement.parameters, "extra_data").unwrap_or(&[])
}

/// The one commitment of a statement.
fn commitment(commitments: &[Vec<u8>]) -> Result<Commitment, ProofError> {
    match commitments {
        [one] => Commitment::from_bytes(one),
        _ => Err(ProofError::Statement(StatementError::InvalidAggregation {
            given: commitments.len(),
            max: 1,
        })),
    }
}

/// A minimum the verifier's statement demands: the proof's own (its header's) must reach it.
fn check_minimum(statement: &SuiteStatement, shown: u64) -> Result<(), ProofError> {
    match statement.minimum_values.as_deref() {
        None => Ok(()),
        Some([wanted]) if shown >= *wanted => Ok(()),
        Some([_]) => Err(ProofError::Statement(StatementError::BelowMinimum)),
        Some(other) => Err(ProofError::Statement(StatementError::InvalidAggregation {
            given: other.len(),
            max: 1,
        })),
    }
}

fn one_value(values: &[u64]) -> Result<u64, ProofError> {
    match values {
        [one] => Ok(*one),
        _ => Err(ProofError::Statement(StatementError::InvalidAggregation {
            given: values.len(),
            max: 1,
        })),
    }
}

impl ProofSuite for ElementsBorromean {
    fn info(&self) -> &SuiteInfo {
        &INFO
    }

    fn describe(&self, proof: &[u8]) -> Result<ProofFacts, ProofError> {
        let header = borromean::info(proof)?;
        Ok(ProofFacts {
            exp: Some(header.exp),
            mantissa: Some(header.mantissa),
            min_value: Some(header.min_value),
            max_value: Some(header.max_value),
            // An exact-value proof (exponent −1) shows its value to everyone.
            revealed_value: (header.exp < 0).then_some(header.min_value),
            ..ProofFacts::default()
        })
    }

    fn check_encoding(&self, proof: &[u8]) -> Result<(), ProofError> {
        borromean::verifier::check_encoding(proof)
    }

    fn verify(
        &self,
        _state: &SuiteState,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        _rng: &mut dyn CryptoRngCore,
    ) -> Result<(), ProofError> {
        let shown = borromean::verify(
            proof,
            &commitment(commitments)?,
            &value_generator(statement)?,
            extra(statement),
        )?;
        check_minimum(statement, shown.min_value)
    }

    fn add_to_batch<'c>(
        &self,
        _state: &'c SuiteState,
        batch: &mut GroupBatches<'c>,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        _rng: &mut dyn CryptoRngCore,
    ) -> Result<BatchSlot, ProofError> {
        check_minimum(statement, borromean::info(proof)?.min_value)?;
        let pending = borromean::pending(
            proof,
            &commitment(commitments)?,
            &value_generator(statement)?,
            extra(statement),
        )?;
        Ok(batch.slot::<crate::Secp256k1>(|b| b.add_deferred(pending)))
    }

    fn prover(&self) -> Option<&dyn SuiteProver> {
        Some(self)
    }

    fn recoverer(&self) -> Option<&dyn SuiteRecoverer> {
        Some(self)
    }
}

impl SuiteProver for ElementsBorromean {
    /// Deterministic for a given nonce, as the C library (which draws the nonce when none is
    /// given).
    fn prove(
        &self,
        _state: &SuiteState,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
        nonce: Option<&[u8; 32]>,
        rng: &mut dyn CryptoRngCore,
    ) -> Result<Proved, ProofError> {
        let value = one_value(values)?;
        let blinding = single_blindings::<Secp256k1>(blindings)?;
        let given = &statement.parameters;
        let proof_parameters = ProofParameters {
            min_value: match &statement.minimum_values {
                Some(minimums) => *minimums
                    .first()
                    .ok_or(StatementError::InvalidAggregation { given: 0, max: 1 })?,
                None => value.min(ProofParameters::LIQUID.min_value),
            },
            exp: parameters::integer(given, "exp")
                .map_or(Ok(ProofParameters::LIQUID.exp), i32::try_from)
                .map_err(|_| ProofError::Statement(StatementError::UndeclaredParameter))?,
            min_bits: parameters::integer(given, "min_bits")
                .map_or(Ok(ProofParameters::LIQUID.min_bits), u32::try_from)
                .map_err(|_| ProofError::Statement(StatementError::UndeclaredParameter))?,
        };
        let nonce = given_or_fresh_nonce(nonce, rng);
        let proved = borromean::prove(
            value,
            &blinding[0],
            &value_generator(statement)?,
            &nonce,
            &proof_parameters,
            parameters::bytes(given, "message").unwrap_or(&[]),
            extra(statement),
        )?;
        Ok(Proved {
            proof: proved.proof,
            commitments: vec![proved.commitment.to_bytes().to_vec()],
            blindings: Zeroizing::new(vec![
                vec![Secp256k1::scalar_to_bytes(&blinding[0]).to_vec()],
            ]),
            rewind_nonce: Some(nonce),
        })
    }

    fn commit(
        &self,
        _state: &SuiteState,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
    ) -> Result<Vec<Vec<u8>>, ProofError> {
        let generator = value_generator(statement)?;
        let blindings = single_blindings::<Secp256k1>(blindings)?;
        values
            .iter()
            .zip(blindings.iter())
            .map(|(v, b)| {
                Commitment::new(*v, b, &generator)
                    .map(|c| c.to_bytes().to_vec())
                    .ok_or(ProofError::Decode(DecodeError::IdentityPoint))
            })
            .collect()
    }
}

impl SuiteRecoverer for ElementsBorromean {
    /// The rewind: the value, the blinding and the message (every byte the proof carries).
    fn recover(
        &self,
        _state: &SuiteState,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        nonce: &[u8; 32],
    ) -> Result<Recovered, ProofError> {
        let rewound = borromean::rewind(
            proof,
            &commitment(commitments)?,
            &value_generator(statement)?,
            extra(statement),
            nonce,
        )?;
        Ok(Recovered {
            value: Some(rewound.value),
            blindings: Zeroizing::new(vec![Secp256k1::scalar_to_bytes(&rewound.blinding).to_vec()]),
            message: Some(rewound.message.to_vec()),
            checked: false,
        })
    }
}
