//! Circuit proofs in a [`BatchVerifier`]: the entry lives with the proof system (the batch
//! knows only the `Replayed` trait).

use rand_core::{CryptoRng, RngCore};

use crate::batch::BatchVerifier;
use crate::group::Group;
use crate::transcript::TranscriptProtocol;
use crate::verification::{Replayed, VerificationTerms};

/// A proof whose weighted equation was computed when it was added (circuit proofs: their
/// equation needs the circuit, which is not kept).
struct ComputedTerms<G: Group>(VerificationTerms<G>);

impl<G: Group> Replayed<G> for ComputedTerms<G> {
    fn equation(&self) -> Option<VerificationTerms<G>> {
        Some(self.0.clone())
    }

    fn generator_scalars(&self) -> usize {
        self.0.g.len() + self.0.h.len()
    }
}

impl<'g, G: Group> BatchVerifier<'g, G> {
    /// Adds an arithmetic-circuit proof; returns its position in the batch. `verifier` holds
    /// the circuit, built as for [`crate::r1cs::Verifier::verify`]. The transcript is replayed
    /// and the proof's weighted equation computed now (the circuit is dropped), so each added
    /// proof holds \(2n'\) scalars until the batch is dropped; proofs of the same size share
    /// the generator sums, so one more proof costs its scalar work, not another
    /// \(2n'\)-point multiplication.
    pub fn add_r1cs<T, R>(
        &mut self,
        verifier: super::Verifier<'g, G, T>,
        proof: &super::R1csProof<G>,
        rng: &mut R,
    ) -> usize
    where
        T: TranscriptProtocol<G>,
        R: RngCore + CryptoRng,
    {
        let r1cs_gens = verifier.gens();
        let weight = G::random_scalar(rng);
        match verifier.equation(proof, weight) {
            Ok(equation) => self.add_r1cs_equation(r1cs_gens, equation),
            Err(_) => self.add_settled(false),
        }
    }

    /// Adds a replayed circuit proof's weighted check.
    pub(super) fn add_r1cs_equation(
        &mut self,
        r1cs_gens: &'g super::R1csGens<G>,
        equation: super::verifier::R1csEquation<G>,
    ) -> usize {
        match r1cs_gens.batch_generators(equation.padded_n) {
            Some(gens) => self.add_pending(gens, Ok(ComputedTerms(equation.into_terms()))),
            None => self.add_settled(false),
        }
    }
}
