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

/// Fills `out` with \\(x_i\\), \\(i < 2^k\\), where \\(x_0\\) = `start` and setting bit \\(t\\) of
/// the index multiplies by `bit_factors[t]`:
/// \\(x_i = x_{i - 2^t} \cdot f_t\\) for \\(2^t\\) the highest bit of \\(i\\). One multiplication
/// per element.
///
/// With \\(x_0 = \prod_j u_j^{-1}\\) and \\(f_t = u_{k-t}^2\\) this is the paper's
/// \\(s_i = \prod_j u_j^{b(i,j)}\\); the verifiers fold their per-index weights into `start`
/// and the factors so that whole scalar vectors cost one multiplication per entry.
pub(crate) fn product_tree<T: crate::group::ScaleSlice>(
    start: T,
    bit_factors: &[T],
    out: &mut Vec<T>,
) {
    let n = 1usize << bit_factors.len();
    out.clear();
    out.reserve(n);
    out.push(start);
    for (t, factor) in bit_factors.iter().enumerate() {
        // Entries with bit t set are those without it, times the factor: one vector scaling.
        let k = 1usize << t;
        out.resize(2 * k, start);
        let (without, with) = out.split_at_mut(k);
        T::scale_into(without, *factor, with);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use curve25519_dalek::Scalar;

    /// The recurrence against the definition s_i = prod_j u_j^{±1} (bit k-j of i).
    #[test]
    fn product_tree_matches_definition() {
        let u: Vec<Scalar> = (0..5u64).map(|i| Scalar::from(3 + 2 * i)).collect();
        let k = u.len();
        let start = u.iter().map(Scalar::invert).product::<Scalar>();
        let factors: Vec<Scalar> = (0..k).map(|t| u[k - 1 - t] * u[k - 1 - t]).collect();
        let mut s = Vec::new();
        product_tree(start, &factors, &mut s);
        assert_eq!(s.len(), 1 << k);
        for (i, s_i) in s.iter().enumerate() {
            let expected: Scalar = (0..k)
                .map(|j| {
                    if (i >> (k - 1 - j)) & 1 == 1 {
                        u[j]
                    } else {
                        u[j].invert()
                    }
                })
                .product();
            assert_eq!(*s_i, expected, "i = {i}");
        }
    }
}
