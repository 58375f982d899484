//! Bulletproofs+ on ristretto255 as Tari makes them: its Pedersen bases, extension degrees 1–6,
//! minimum-value promises, merlin transcript with the application's label, byte layout, and mask
//! recovery from a seed nonce.

use alloc::boxed::Box;
use rand_core::CryptoRngCore;
use zeroize::Zeroizing;

use super::context::{generators_in, Held};
use super::{
    decode_blindings, encodings, merlin_transcript, plus_statement, proved, BatchSlot,
    GroupBatches, ProofSuite, Proved, Recovered, SuiteInfo, SuiteStatement,
};
use super::{StateSharing, SuiteState};
use crate::bulletproofs_plus::MAX_EXTENSION_DEGREE;
use crate::generators::tari;
use crate::group::Group;
use crate::{ProofError, RangeProofPlus, Ristretto255};

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
fn seed_nonce(nonce: &[u8; 32]) -> Zeroizing<curve25519_dalek::Scalar> {
    Zeroizing::new(curve25519_dalek::Scalar::from_bytes_mod_order(*nonce))
}

/// The suite (registered as [`super::Suite::TARI_BULLETPROOFS_PLUS`]).
pub(super) struct TariBulletproofsPlus;

static INFO: SuiteInfo = SuiteInfo {
    scheme: "bulletproofs+",
    group: Ristretto255::NAME,
    flavor: "tari",
    bits: &crate::bulletproofs::VALID_BITSIZES,
    max_values: crate::MAX_AGGREGATION,
    max_extension_degree: MAX_EXTENSION_DEGREE,
    minimum_values: true,
    power_of_two_values: false,
    commitment_len: 32,
    transcript_label: true,
    recovery_nonce: true,
    secp256k1_zkp_fields: false,
    generator_count: false,
    parameters: &[],
};

impl ProofSuite for TariBulletproofsPlus {
    fn info(&self) -> &SuiteInfo {
        &INFO
    }

    fn new_state(&self, sharing: StateSharing) -> Box<SuiteState> {
        Box::new(Held::new(sharing, tari::generators, tari::owned_generators))
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
        nonce: Option<&[u8; 32]>,
        mut rng: &mut dyn CryptoRngCore,
    ) -> Result<Proved, ProofError> {
        let blindings = decode_blindings::<Ristretto255>(blindings, statement.extension_degree)?;
        let seed = nonce.map(seed_nonce);
        let (proof, commitments) = RangeProofPlus::prove(
            generators_in::<Ristretto255>(state)?,
            &mut merlin_transcript(&statement.transcript_label),
            &plus_statement(statement),
            values,
            &blindings,
            seed.as_deref(),
            &mut rng,
        )?;
        Ok(proved::<Ristretto255, _>(
            proof.to_bytes(),
            &commitments,
            blindings.iter().map(Vec::as_slice),
        ))
    }

    fn commit(
        &self,
        state: &SuiteState,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
    ) -> Result<Vec<Vec<u8>>, ProofError> {
        super::pedersen_commitments(
            generators_in::<Ristretto255>(state)?.pedersen(),
            values,
            blindings,
            statement.extension_degree,
        )
    }

    fn check_encoding(&self, proof: &[u8]) -> Result<(), ProofError> {
        RangeProofPlus::<Ristretto255>::from_bytes(proof).map(drop)
    }

    fn verify(
        &self,
        state: &SuiteState,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        mut rng: &mut dyn CryptoRngCore,
    ) -> Result<(), ProofError> {
        RangeProofPlus::<Ristretto255>::from_bytes(proof)?.verify(
            generators_in::<Ristretto255>(state)?,
            &mut merlin_transcript(&statement.transcript_label),
            &plus_statement(statement),
            &encodings::<Ristretto255>(commitments)?,
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
        let proof = RangeProofPlus::<Ristretto255>::from_bytes(proof)?;
        let commitments = encodings::<Ristretto255>(commitments)?;
        let gens = generators_in::<Ristretto255>(state)?;
        Ok(batch.ristretto255(|b| {
            b.add_bulletproof_plus(
                gens,
                &proof,
                &mut merlin_transcript(&statement.transcript_label),
                &plus_statement(statement),
                &commitments,
                &mut rng,
            )
        }))
    }

    /// Mask recovery: the blindings, not the value (so not checked here; see
    /// [`super::Suite::recover_with_value`]).
    fn recover(
        &self,
        state: &SuiteState,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        nonce: &[u8; 32],
    ) -> Result<Recovered, ProofError> {
        let [commitment] = commitments else {
            return Err(ProofError::MaskRecoveryNeedsSingleProof);
        };
        let seed = seed_nonce(nonce);
        let proof = RangeProofPlus::<Ristretto255>::from_bytes(proof)?;
        let encoding = encodings::<Ristretto255>(core::slice::from_ref(commitment))?;
        let masks = proof.recover_mask(
            generators_in::<Ristretto255>(state)?,
            &mut merlin_transcript(&statement.transcript_label),
            &plus_statement(statement),
            &encoding[0],
            &seed,
        )?;
        Ok(Recovered {
            value: None,
            blindings: Zeroizing::new(masks.iter().map(|m| m.to_bytes().to_vec()).collect()),
            message: None,
            checked: false,
        })
    }
}
