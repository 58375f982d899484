//! A proof's verification equation as data: what every proof system hands to the single
//! verifier and to [`crate::BatchVerifier`].
//!
//! Each proof system reduces "this proof is valid" to "this linear combination of group
//! elements is the identity". The elements are of two kinds: *static* ones, the flavor's fixed
//! generators (\\(B\\), the blinding bases, \\(\mathbf G, \mathbf H\\)), whose scalars can be
//! summed across proofs and multiplied with precomputed tables; and *dynamic* ones, the
//! proof's own points and commitments.

use crate::generators::Generators;
use crate::group::{EncodedPoint, Group};
use crate::msm;
use crate::ProofError;

/// One proof's verification equation, already multiplied by its batch weight \\(\omega\\).
#[derive(Clone, Debug)]
pub(crate) struct VerificationTerms<G: Group> {
    /// Bit size \\(n\\).
    pub n: usize,
    /// Padded aggregation size \\(m'\\).
    pub m: usize,
    /// Scalar of the value base \\(B\\).
    pub b: G::Scalar,
    /// Scalars of the first blinding bases \\(\tilde B_k\\) (at most as many as the flavor has).
    pub blinding: Vec<G::Scalar>,
    /// Scalars of \\(G_i\\), \\(i < nm'\\), party-major.
    pub g: Vec<G::Scalar>,
    /// Scalars of \\(H_i\\).
    pub h: Vec<G::Scalar>,
    /// Scalars of the proof's own points.
    pub dynamic_scalars: Vec<G::Scalar>,
    /// The proof's own points and commitments.
    pub dynamic_points: Vec<G::Point>,
}

impl<G: Group> VerificationTerms<G> {
    /// The static scalars in the layout of [`Generators::extend_with_static_points`].
    fn static_scalars(&self, gens: &Generators<G>) -> Vec<G::Scalar> {
        let len = gens.static_len(self.n, self.m, self.blinding.len());
        let mut statics = Vec::with_capacity(len + self.dynamic_scalars.len());
        statics.extend_from_slice(&self.g);
        statics.extend_from_slice(&self.h);
        statics.push(self.b);
        statics.extend_from_slice(&self.blinding);
        statics
    }

    /// Evaluates the equation alone: one multiscalar multiplication, with the precomputed
    /// tables of `gens` when the shape is below the backend's crossover.
    pub(crate) fn is_zero(&self, gens: &Generators<G>) -> bool {
        let mut statics = self.static_scalars(gens);
        let result = match gens.table(self.n, self.m) {
            Some(table) => G::vartime_mixed_multiscalar_mul(
                &table,
                &statics,
                &self.dynamic_scalars,
                &self.dynamic_points,
            ),
            None => {
                let mut points = Vec::with_capacity(statics.len() + self.dynamic_points.len());
                gens.extend_with_static_points(self.n, self.m, self.blinding.len(), &mut points);
                points.extend_from_slice(&self.dynamic_points);
                statics.extend_from_slice(&self.dynamic_scalars);
                msm::vartime::<G>(&statics, &points)
            }
        };
        G::is_identity(&result)
    }
}

/// Decodes commitment encodings, rejecting invalid ones.
pub(crate) fn decode_commitments<G: Group>(
    commitments: &[G::PointEncoding],
) -> Result<Vec<EncodedPoint<G>>, ProofError> {
    if commitments.len() > crate::MAX_AGGREGATION {
        return Err(ProofError::InvalidAggregation(commitments.len()));
    }
    commitments.iter().map(EncodedPoint::decode).collect()
}
