//! Bulletproofs in a [`BatchVerifier`]: the entry lives with the proof system (the batch
//! knows only its `Replayed` trait).

use alloc::vec;
use rand_core::{CryptoRng, RngCore};

use super::RangeProof;
use crate::batch::BatchVerifier;
use crate::deployments::{BulletproofsConvention, Generators};
use crate::group::EncodedPoint;
use crate::group::Group;
use crate::verification::{deferred_commitments, DynamicPoint, UnderBases};

impl<'g, G: Group> BatchVerifier<'g, G> {
    /// Adds a Bulletproofs range proof; returns its position in the batch.
    ///
    /// The transcript is replayed now (so the caller's transcript is consumed as by
    /// [`RangeProof::verify_multiple`]). The scalar work is done a chunk of proofs at a time
    /// (spread over threads with the `parallel` feature) and folded into the running sums; the
    /// group equation is left to [`BatchVerifier::verify`]. A proof that fails before the group
    /// equation (undecodable commitment, identity prover message, wrong shape) is recorded as
    /// invalid.
    pub fn add_bulletproof<C, R>(
        &mut self,
        gens: &'g Generators<C>,
        proof: &RangeProof<G>,
        transcript: &mut C::Transcript,
        commitments: &[G::PointEncoding],
        n: usize,
        rng: &mut R,
    ) -> usize
    where
        C: BulletproofsConvention<Group = G>,
        R: RngCore + CryptoRng,
    {
        let bit_lengths = vec![n; commitments.len()];
        self.add_bulletproof_with_bit_lengths(
            gens,
            proof,
            transcript,
            commitments,
            &bit_lengths,
            rng,
        )
    }

    /// [`Self::add_bulletproof`] for values of their own bit lengths, `bit_lengths[j]` for
    /// commitment \\(j\\) (see [`RangeProof::prove_with_bit_lengths`]).
    pub fn add_bulletproof_with_bit_lengths<C, R>(
        &mut self,
        gens: &'g Generators<C>,
        proof: &RangeProof<G>,
        transcript: &mut C::Transcript,
        commitments: &[G::PointEncoding],
        bit_lengths: &[usize],
        rng: &mut R,
    ) -> usize
    where
        C: BulletproofsConvention<Group = G>,
        R: RngCore + CryptoRng,
    {
        self.add_bulletproof_under_bases(
            gens,
            [None, None],
            proof,
            transcript,
            commitments,
            bit_lengths,
            rng,
        )
    }

    /// [`Self::add_bulletproof_with_bit_lengths`] under other Pedersen bases than `gens`' own
    /// (`None`: keep `gens`' base): the suites' entry for statements that give their bases
    /// (`BulletproofsConvention::STATEMENT_BASES`), whose generators cannot outlive the batch.
    /// The bases' terms join the proof's own points.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn add_bulletproof_under_bases<C, R>(
        &mut self,
        gens: &'g Generators<C>,
        bases: [Option<&EncodedPoint<G>>; 2],
        proof: &RangeProof<G>,
        transcript: &mut C::Transcript,
        commitments: &[G::PointEncoding],
        bit_lengths: &[usize],
        rng: &mut R,
    ) -> usize
    where
        C: BulletproofsConvention<Group = G>,
        R: RngCore + CryptoRng,
    {
        let weight = G::random_scalar(rng);
        let pending = deferred_commitments::<G>(commitments)
            .and_then(|v| proof.pending(gens, transcript, &v, bit_lengths, weight, rng));
        if bases.iter().all(Option::is_none) {
            return self.add_pending(gens, pending);
        }
        let pending = pending.map(|replayed| UnderBases {
            replayed,
            bases: bases
                .iter()
                .map(|b| b.map(|b| DynamicPoint::new(b, 0)))
                .collect(),
        });
        self.add_pending(gens, pending)
    }
}
