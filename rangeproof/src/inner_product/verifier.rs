//! The inner-product verifier's scalars (section 3.1 of the paper).

use super::InnerProductProof;
use crate::group::Group;
use crate::transcript::TranscriptProtocol;
use crate::ProofError;

/// What the verifier derives from the transcript: \\(u_j^2\\), \\(u_j^{-2}\\) and \\(\mathbf s\\).
pub struct VerificationScalars<G: Group> {
    /// \\(u_j^2\\), one per round.
    pub u_sq: Vec<G::Scalar>,
    /// \\(u_j^{-2}\\), one per round.
    pub u_inv_sq: Vec<G::Scalar>,
    /// \\(s_i\\) for \\(i < n\\); \\(s_i^{-1} = s_{n-1-i}\\).
    pub s: Vec<G::Scalar>,
}

impl<G: Group> InnerProductProof<G> {
    /// Replays the transcript (rejecting identity \\(L_j, R_j\\) as the reference does) and
    /// computes the verification scalars for vectors of length `n`.
    pub fn verification_scalars<T: TranscriptProtocol<G>>(
        &self,
        n: usize,
        transcript: &mut T,
    ) -> Result<VerificationScalars<G>, ProofError> {
        let lg_n = self.l_vec.len();
        if lg_n != self.r_vec.len() || lg_n > super::MAX_LG_N || n != 1 << lg_n {
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

        // One inversion for all challenges; `all_inv` = prod u_j^{-1} = s_0.
        let mut challenges_inv = challenges.clone();
        let all_inv = if lg_n == 0 {
            G::one()
        } else {
            G::batch_invert(&mut challenges_inv)
        };

        let u_sq: Vec<G::Scalar> = challenges.iter().map(|u| *u * *u).collect();
        let u_inv_sq: Vec<G::Scalar> = challenges_inv.iter().map(|u| *u * *u).collect();

        // s_i = s_{i - 2^t} * u_{k-t}^2 where 2^t is the highest bit of i: setting bit t of i
        // flips that round's exponent from -1 to +1.
        let mut s = Vec::with_capacity(n);
        s.push(all_inv);
        for i in 1..n {
            let t = (usize::BITS - 1 - i.leading_zeros()) as usize;
            let k = 1 << t;
            s.push(s[i - k] * u_sq[lg_n - 1 - t]);
        }
        Ok(VerificationScalars { u_sq, u_inv_sq, s })
    }
}
