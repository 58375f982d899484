//! Bulletproofs on ristretto255 as the reference `bulletproofs` crate makes them (dalek): its
//! generators, merlin transcript with the application's label, and byte layout.

use alloc::boxed::Box;
use alloc::vec::Vec;
use rand_core::CryptoRngCore;

use super::context::{generators_in, Held};
use super::{
    encodings, merlin_transcript, proved, single_blindings, BatchSlot, GroupBatches, ProofSuite,
    Proved, SuiteInfo, SuiteStatement,
};
use super::{StateSharing, SuiteState};
use crate::generators::dalek;
use crate::group::Group;
use crate::{ProofError, RangeProof, Ristretto255};

/// The suite (registered as [`super::Suite::DALEK_BULLETPROOFS`]).
pub(super) struct DalekBulletproofs;

static INFO: SuiteInfo = SuiteInfo {
    scheme: "bulletproofs",
    group: Ristretto255::NAME,
    flavor: "dalek",
    bits: &crate::bulletproofs::VALID_BITSIZES,
    max_values: crate::MAX_AGGREGATION,
    max_extension_degree: 1,
    minimum_values: false,
    power_of_two_values: false,
    commitment_len: 32,
    transcript_label: true,
    recovery_nonce: false,
    secp256k1_zkp_fields: false,
    generator_count: false,
    parameters: &[],
};

impl ProofSuite for DalekBulletproofs {
    fn info(&self) -> &SuiteInfo {
        &INFO
    }

    fn new_state(&self, sharing: StateSharing) -> Box<SuiteState> {
        Box::new(Held::new(
            sharing,
            dalek::generators,
            dalek::owned_generators,
        ))
    }

    fn random_scalar(&self, mut rng: &mut dyn CryptoRngCore) -> Vec<u8> {
        Ristretto255::random_scalar(&mut rng).to_bytes().to_vec()
    }

    fn prove(
        &self,
        state: &SuiteState,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
        _nonce: Option<&[u8; 32]>,
        mut rng: &mut dyn CryptoRngCore,
    ) -> Result<Proved, ProofError> {
        let blindings = single_blindings::<Ristretto255>(blindings)?;
        let (proof, commitments) = RangeProof::prove_multiple(
            generators_in::<Ristretto255>(state)?,
            &mut merlin_transcript(&statement.transcript_label),
            values,
            &blindings,
            statement.bits,
            &mut rng,
        )?;
        Ok(proved::<Ristretto255, _>(
            proof.to_bytes(),
            &commitments,
            blindings.iter().map(core::slice::from_ref),
        ))
    }

    fn commit(
        &self,
        state: &SuiteState,
        _statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
    ) -> Result<Vec<Vec<u8>>, ProofError> {
        super::pedersen_commitments(
            generators_in::<Ristretto255>(state)?.pedersen(),
            values,
            blindings,
            1,
        )
    }

    fn check_encoding(&self, proof: &[u8]) -> Result<(), ProofError> {
        RangeProof::<Ristretto255>::from_bytes(proof).map(drop)
    }

    fn verify(
        &self,
        state: &SuiteState,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        mut rng: &mut dyn CryptoRngCore,
    ) -> Result<(), ProofError> {
        RangeProof::<Ristretto255>::from_bytes(proof)?.verify_multiple(
            generators_in::<Ristretto255>(state)?,
            &mut merlin_transcript(&statement.transcript_label),
            &encodings::<Ristretto255>(commitments)?,
            statement.bits,
            &mut rng,
        )
    }

    fn add_to_batch<'c>(
        &self,
        state: &'c SuiteState,
        batch: &mut GroupBatches<'c>,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        mut rng: &mut dyn CryptoRngCore,
    ) -> Result<BatchSlot, ProofError> {
        let proof = RangeProof::<Ristretto255>::from_bytes(proof)?;
        let commitments = encodings::<Ristretto255>(commitments)?;
        let gens = generators_in::<Ristretto255>(state)?;
        Ok(batch.ristretto255(|b| {
            b.add_bulletproof(
                gens,
                &proof,
                &mut merlin_transcript(&statement.transcript_label),
                &commitments,
                statement.bits,
                &mut rng,
            )
        }))
    }
}
