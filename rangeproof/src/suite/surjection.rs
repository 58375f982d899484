//! Elements' asset surjection proofs on secp256k1 ([`crate::secp256k1_zkp::surjection`]): the
//! statement is the inputs' asset generators and the output's, as the suite's parameters
//! (`input_generators`, `output_generator`); there are no commitments and no bit size.
//! Proving needs every input's asset and blinding factor: it is offered by the typed API
//! ([`crate::secp256k1_zkp::surjection::initialize`] and `generate`), not over bytes here.

use crate::StatementError;
use rand_core::CryptoRngCore;

use super::parameters::{self, ParameterSpec};
use super::SuiteState;
use super::{BatchSlot, GroupBatches, ProofFacts, ProofSuite, SuiteInfo, SuiteStatement};
use crate::group::Group;
use crate::secp256k1_zkp::generator::ValueGenerator;
use crate::secp256k1_zkp::surjection::{self, SurjectionProof, MAX_INPUTS};
use crate::secp256k1_zkp::PendingRingSignature;
use crate::{ProofError, Secp256k1};

/// The suite (registered as [`super::Suite::ELEMENTS_SURJECTION`]).
pub(super) struct ElementsSurjection;

static PARAMETERS: [ParameterSpec; 2] = [
    ParameterSpec::byte_list(
        "input_generators",
        1,
        MAX_INPUTS as i64,
        33,
        "the inputs' asset generators (33-byte 0a/0b || x), in the transaction's order",
    )
    .required(),
    ParameterSpec::bytes("output_generator", 33, 33, "the output's asset generator").required(),
];

static INFO: SuiteInfo = SuiteInfo {
    scheme: "surjection",
    group: Secp256k1::NAME,
    flavor: "elements",
    bits: &[],
    max_values: 0,
    bit_lengths: false,
    max_extension_degree: 1,
    minimum_values: false,
    power_of_two_values: false,
    commitment_len: 33,
    transcript_label: false,
    recovery_nonce: false,
    parameters: &PARAMETERS,
};

/// The proof's ring, decoded against the statement's generators.
fn pending(
    statement: &SuiteStatement,
    proof: &[u8],
    commitments: &[Vec<u8>],
) -> Result<PendingRingSignature, ProofError> {
    if !commitments.is_empty() {
        return Err(
            StatementError::UnusedStatementField(crate::StatementField::Commitments).into(),
        );
    }
    let given = &statement.parameters;
    let inputs = parameters::byte_list(given, "input_generators")
        .ok_or(StatementError::MissingParameter("input_generators"))?
        .iter()
        .map(|g| ValueGenerator::from_bytes(g))
        .collect::<Result<Vec<_>, _>>()?;
    let output = ValueGenerator::from_bytes(
        parameters::bytes(given, "output_generator")
            .ok_or(StatementError::MissingParameter("output_generator"))?,
    )?;
    surjection::pending(&SurjectionProof::from_bytes(proof)?, &inputs, &output)
}

impl ProofSuite for ElementsSurjection {
    fn info(&self) -> &SuiteInfo {
        &INFO
    }

    fn describe(&self, proof: &[u8]) -> Result<ProofFacts, ProofError> {
        let proof = SurjectionProof::from_bytes(proof)?;
        Ok(ProofFacts {
            inputs: Some(proof.n_inputs()),
            ring_size: Some(proof.n_used_inputs()),
            ..ProofFacts::default()
        })
    }

    fn check_encoding(&self, proof: &[u8]) -> Result<(), ProofError> {
        SurjectionProof::from_bytes(proof).map(drop)
    }

    fn verify(
        &self,
        _state: &SuiteState,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        _rng: &mut dyn CryptoRngCore,
    ) -> Result<(), ProofError> {
        if pending(statement, proof, commitments)?.verify() {
            Ok(())
        } else {
            Err(ProofError::VerificationFailed)
        }
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
        let pending = pending(statement, proof, commitments)?;
        Ok(batch.slot::<crate::Secp256k1>(|b| b.add_deferred(pending)))
    }
}
