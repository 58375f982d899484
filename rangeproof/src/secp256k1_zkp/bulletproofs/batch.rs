//! secp256k1-zkp's Bulletproofs in a [`BatchVerifier`]: lives with the proof system (the batch
//! knows only its `Replayed` trait).

use rand_core::{CryptoRng, RngCore};

use crate::batch::BatchVerifier;
use crate::group::Group;
use crate::secp256k1_zkp::bulletproofs::GrinGeneratorCache;

impl<'g> BatchVerifier<'g, crate::group::Secp256k1> {
    /// Adds a secp256k1-zkp (Grin) Bulletproof; returns its position in the batch. Its
    /// equation is weighted by two fresh random scalars (the C library derives its weight from
    /// the proof's own transcript; this one does not). Proofs made with a generator count that
    /// is not a power of two are verified on their own when added.
    pub fn add_grin_bulletproof<R: RngCore + CryptoRng>(
        &mut self,
        proof: &[u8],
        statement: &crate::secp256k1_zkp::bulletproofs::GrinStatement,
        rng: &mut R,
    ) -> usize {
        let pending = crate::secp256k1_zkp::bulletproofs::PendingGrinProof::new(proof, statement);
        self.add_grin_pending(pending, rng)
    }

    /// Adds a secp256k1-zkp proof already replayed (or its early rejection); returns its
    /// position.
    pub fn add_grin_pending<R: RngCore + CryptoRng>(
        &mut self,
        pending: Result<crate::secp256k1_zkp::bulletproofs::PendingGrinProof, crate::ProofError>,
        rng: &mut R,
    ) -> usize {
        self.add_grin_pending_in(GrinGeneratorCache::process(), pending, rng)
    }

    /// [`Self::add_grin_pending`], summing equations over the batch forms of `cache`'s lists.
    pub fn add_grin_pending_in<R: RngCore + CryptoRng>(
        &mut self,
        cache: &'g GrinGeneratorCache,
        pending: Result<crate::secp256k1_zkp::bulletproofs::PendingGrinProof, crate::ProofError>,
        rng: &mut R,
    ) -> usize {
        use crate::secp256k1_zkp::bulletproofs::verifier::WeightedGrinProof;
        type S = crate::group::Secp256k1;
        let Ok(pending) = pending else {
            return self.add_settled(false);
        };
        match cache.batch_generators(pending.generators.count()) {
            Some(gens) => {
                let weighted = WeightedGrinProof {
                    pending,
                    weight: S::random_scalar(rng),
                    c: S::random_scalar(rng),
                };
                self.add_pending(gens, Ok(weighted))
            }
            None => self.add_settled(pending.is_valid()),
        }
    }
}
