//! Monero's two range proofs on Ed25519 — original Bulletproofs (RCT types 3–5) and
//! Bulletproofs+ (type 6) — with Monero's generators, Keccak hash-chain transcript (no label),
//! cofactor rules and transaction serialization: 64-bit values, one blinding each, at most 16.

use alloc::boxed::Box;
use rand_core::CryptoRngCore;

use super::context::{generators_in, Held};
use super::{
    decode_blindings, encodings, plus_statement, proved, single_blindings, BatchSlot, GroupBatches,
    ProofSuite, Proved, SuiteInfo, SuiteStatement,
};
use super::{StateSharing, SuiteState};
use crate::generators::monero;
use crate::group::Group;
use crate::transcript::monero::MoneroTranscript;
use crate::{Ed25519, ProofError, RangeProof, RangeProofPlus};

/// Monero's original Bulletproofs (registered as [`super::Suite::MONERO_BULLETPROOFS`]).
pub(super) struct MoneroBulletproofs;

/// Monero's Bulletproofs+ (registered as [`super::Suite::MONERO_BULLETPROOFS_PLUS`]).
pub(super) struct MoneroBulletproofsPlus;

const fn info(scheme: &'static str) -> SuiteInfo {
    SuiteInfo {
        scheme,
        group: Ed25519::NAME,
        flavor: "monero",
        bits: &[monero::MONERO_BITS],
        max_values: monero::MONERO_MAX_AGGREGATION,
        max_extension_degree: 1,
        minimum_values: false,
        power_of_two_values: false,
        commitment_len: 32,
        transcript_label: false,
        recovery_nonce: false,
        secp256k1_zkp_fields: false,
        generator_count: false,
        parameters: &[],
    }
}

static BP_INFO: SuiteInfo = info("bulletproofs");
static BP_PLUS_INFO: SuiteInfo = info("bulletproofs+");

fn random_scalar(mut rng: &mut dyn CryptoRngCore) -> Vec<u8> {
    Ed25519::random_scalar(&mut rng).to_bytes().to_vec()
}

impl ProofSuite for MoneroBulletproofs {
    fn info(&self) -> &SuiteInfo {
        &BP_INFO
    }

    fn new_state(&self, sharing: StateSharing) -> Box<SuiteState> {
        Box::new(Held::new(
            sharing,
            monero::bulletproofs_generators,
            monero::owned_bulletproofs_generators,
        ))
    }

    fn random_scalar(&self, rng: &mut dyn CryptoRngCore) -> Vec<u8> {
        random_scalar(rng)
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
        let masks = single_blindings::<Ed25519>(blindings)?;
        let (proof, commitments) = RangeProof::prove_multiple(
            generators_in::<Ed25519>(state)?,
            &mut MoneroTranscript::bulletproofs(),
            values,
            &masks,
            statement.bits,
            &mut rng,
        )?;
        Ok(proved::<Ed25519, _>(
            proof.to_monero_bytes()?,
            &commitments,
            masks.iter().map(core::slice::from_ref),
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
            generators_in::<Ed25519>(state)?.pedersen(),
            values,
            blindings,
            1,
        )
    }

    fn check_encoding(&self, proof: &[u8]) -> Result<(), ProofError> {
        RangeProof::<Ed25519>::from_monero_bytes(proof).map(drop)
    }

    fn verify(
        &self,
        state: &SuiteState,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        mut rng: &mut dyn CryptoRngCore,
    ) -> Result<(), ProofError> {
        RangeProof::<Ed25519>::from_monero_bytes(proof)?.verify_multiple(
            generators_in::<Ed25519>(state)?,
            &mut MoneroTranscript::bulletproofs(),
            &encodings::<Ed25519>(commitments)?,
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
        let proof = RangeProof::<Ed25519>::from_monero_bytes(proof)?;
        let commitments = encodings::<Ed25519>(commitments)?;
        let gens = generators_in::<Ed25519>(state)?;
        Ok(batch.ed25519(|b| {
            b.add_bulletproof(
                gens,
                &proof,
                &mut MoneroTranscript::bulletproofs(),
                &commitments,
                statement.bits,
                &mut rng,
            )
        }))
    }
}

impl ProofSuite for MoneroBulletproofsPlus {
    fn info(&self) -> &SuiteInfo {
        &BP_PLUS_INFO
    }

    fn new_state(&self, sharing: StateSharing) -> Box<SuiteState> {
        Box::new(Held::new(
            sharing,
            monero::bulletproofs_plus_generators,
            monero::owned_bulletproofs_plus_generators,
        ))
    }

    fn random_scalar(&self, rng: &mut dyn CryptoRngCore) -> Vec<u8> {
        random_scalar(rng)
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
        let masks = decode_blindings::<Ed25519>(blindings, 1)?;
        let (proof, commitments) = RangeProofPlus::prove(
            generators_in::<Ed25519>(state)?,
            &mut MoneroTranscript::bulletproofs_plus(),
            &plus_statement(statement),
            values,
            &masks,
            None,
            &mut rng,
        )?;
        Ok(proved::<Ed25519, _>(
            proof.to_monero_bytes()?,
            &commitments,
            masks.iter().map(Vec::as_slice),
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
            generators_in::<Ed25519>(state)?.pedersen(),
            values,
            blindings,
            1,
        )
    }

    fn check_encoding(&self, proof: &[u8]) -> Result<(), ProofError> {
        RangeProofPlus::<Ed25519>::from_monero_bytes(proof).map(drop)
    }

    fn verify(
        &self,
        state: &SuiteState,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        mut rng: &mut dyn CryptoRngCore,
    ) -> Result<(), ProofError> {
        RangeProofPlus::<Ed25519>::from_monero_bytes(proof)?.verify(
            generators_in::<Ed25519>(state)?,
            &mut MoneroTranscript::bulletproofs_plus(),
            &plus_statement(statement),
            &encodings::<Ed25519>(commitments)?,
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
        let proof = RangeProofPlus::<Ed25519>::from_monero_bytes(proof)?;
        let commitments = encodings::<Ed25519>(commitments)?;
        let gens = generators_in::<Ed25519>(state)?;
        Ok(batch.ed25519(|b| {
            b.add_bulletproof_plus(
                gens,
                &proof,
                &mut MoneroTranscript::bulletproofs_plus(),
                &plus_statement(statement),
                &commitments,
                &mut rng,
            )
        }))
    }
}
