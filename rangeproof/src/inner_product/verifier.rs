//! The inner-product verifier's side of the transcript, and the \\(\mathbf s\\) recurrence
//! (section 3.1 of the paper).

use super::InnerProductProof;
use crate::group::Group;
use crate::transcript::TranscriptProtocol;
use crate::ProofError;
use alloc::vec::Vec;

impl<G: Group> InnerProductProof<G> {
    /// Replays the transcript for vectors of length `n` (rejecting identity \\(L_j, R_j\\) as
    /// the reference does) and returns the round challenges \\(u_1, \ldots, u_k\\). The
    /// number of rounds was bounded when the proof was decoded.
    pub(crate) fn challenges<T: TranscriptProtocol<G>>(
        &self,
        n: usize,
        transcript: &mut T,
    ) -> Result<Vec<G::Scalar>, ProofError> {
        let lg_n = self.l_vec.len();
        if lg_n != self.r_vec.len() || lg_n >= 32 || n != 1 << lg_n {
            return Err(ProofError::VerificationFailed);
        }
        transcript.innerproduct_domain_sep(n as u64);
        let mut challenges = Vec::with_capacity(lg_n);
        for (l, r) in self.l_vec.iter().zip(&self.r_vec) {
            transcript.validate_and_append_point(b"L", &l.bytes)?;
            transcript.validate_and_append_point(b"R", &r.bytes)?;
            let u = transcript.challenge_scalar(b"u");
            if u == G::zero() {
                return Err(ProofError::VerificationFailed);
            }
            challenges.push(u);
        }
        Ok(challenges)
    }
}
