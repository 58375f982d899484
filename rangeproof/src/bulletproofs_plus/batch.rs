//! Bulletproofs+ in a [`BatchVerifier`]: the entry lives with the proof system (the batch
//! knows only its `Replayed` trait).

use rand_core::{CryptoRng, RngCore};

use super::{RangeProofPlus, Statement};
use crate::batch::BatchVerifier;
use crate::deployments::{BulletproofsPlusConvention, Generators};
use crate::group::Group;
use crate::verification::deferred_commitments;

impl<'g, G: Group> BatchVerifier<'g, G> {
    /// Adds a Bulletproofs+ range proof; returns its position in the batch. As
    /// [`BatchVerifier::add_bulletproof`]: the transcript is replayed now, the equation checked by
    /// [`BatchVerifier::verify`] together with every other proof, of either scheme.
    pub fn add_bulletproof_plus<C, R>(
        &mut self,
        gens: &'g Generators<C>,
        proof: &RangeProofPlus<G>,
        transcript: &mut C::Transcript,
        statement: &Statement<'_>,
        commitments: &[G::PointEncoding],
        rng: &mut R,
    ) -> usize
    where
        C: BulletproofsPlusConvention<Group = G>,
        R: RngCore + CryptoRng,
    {
        let weight = G::random_scalar(rng);
        let pending = deferred_commitments::<G>(commitments)
            .and_then(|v| proof.pending(gens, transcript, statement, &v, weight));
        self.add_pending(gens, pending)
    }
}
