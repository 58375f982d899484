//! The inner-product argument (Bulletproofs paper, eprint 2017/1066, section 3, protocol 2).
//!
//! Given public generators \\(\mathbf G, \mathbf H \in \mathbb G^n\\) (\\(n\\) a power of two),
//! a point \\(Q\\), and \\(P = \langle \mathbf a, \mathbf G\rangle + \langle \mathbf b, \mathbf
//! H\rangle + \langle \mathbf a, \mathbf b\rangle Q\\), the prover convinces the verifier that it
//! knows \\(\mathbf a, \mathbf b\\) with \\(2 \log_2 n\\) points and two scalars.
//!
//! Each round halves the vectors. With \\(\mathbf a = \mathbf a_{lo} \Vert \mathbf a_{hi}\\)
//! and so on, the prover sends (eq. 23–26 of the paper, in the reference crate's convention)
//! $$
//! L = \langle \mathbf a_{lo}, \mathbf G_{hi}\rangle + \langle \mathbf b_{hi}, \mathbf H_{lo}\rangle
//!     + \langle \mathbf a_{lo}, \mathbf b_{hi}\rangle Q, \qquad
//! R = \langle \mathbf a_{hi}, \mathbf G_{lo}\rangle + \langle \mathbf b_{lo}, \mathbf H_{hi}\rangle
//!     + \langle \mathbf a_{hi}, \mathbf b_{lo}\rangle Q,
//! $$
//! receives a challenge \\(u\\), and folds (eq. 28–34)
//! $$
//! \mathbf a' = u \mathbf a_{lo} + u^{-1} \mathbf a_{hi}, \quad
//! \mathbf b' = u^{-1} \mathbf b_{lo} + u \mathbf b_{hi}, \quad
//! \mathbf G' = u^{-1} \mathbf G_{lo} + u \mathbf G_{hi}, \quad
//! \mathbf H' = u \mathbf H_{lo} + u^{-1} \mathbf H_{hi},
//! $$
//! so that \\(P' = P + u^2 L + u^{-2} R\\) has the same form. After \\(k = \log_2 n\\) rounds the
//! vectors are single scalars \\(a, b\\), which are sent.
//!
//! **Verification in one multiscalar multiplication** (section 3.1). Unrolling the folding,
//! the final generators are \\(G = \langle \mathbf s, \mathbf G\rangle\\) and
//! \\(H = \langle \mathbf s^{-1}, \mathbf H\rangle\\) with
//! \\(s_i = \prod_{j=1}^{k} u_j^{b(i,j)}\\), where \\(b(i,j) = +1\\) if bit \\(k-j\\) of \\(i\\) is
//! set and \\(-1\\) otherwise. The verifier checks
//! $$
//! P + \sum_j \left(u_j^2 L_j + u_j^{-2} R_j\right)
//!   = a \langle \mathbf s, \mathbf G\rangle + b \langle \mathbf s^{-1}, \mathbf H\rangle + ab\,Q,
//! $$
//! which the range proof folds into its own single multiscalar multiplication. The scalars
//! \\(\mathbf s\\) need one batch inversion of all challenges and \\(n\\) multiplications.
//!
//! Generators may carry public per-index factors (the range proof uses
//! \\(\mathbf H' = \mathbf y^{-n} \circ \mathbf H\\)); the prover applies them while folding.

pub(crate) mod fixed;
pub(crate) mod folding;
mod prover;
mod verifier;

use crate::DecodeError;
use alloc::vec::Vec;

use crate::group::{EncodedPoint, Group};
use crate::wire::{point_len, scalar_len, write_point, write_scalar, Reader};
use crate::ProofError;

/// An inner-product proof: the round messages \\(L_j, R_j\\) and the final scalars.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InnerProductProof<G: Group> {
    pub(crate) l_vec: Vec<EncodedPoint<G>>,
    pub(crate) r_vec: Vec<EncodedPoint<G>>,
    pub(crate) a: G::Scalar,
    pub(crate) b: G::Scalar,
}

impl<G: Group> InnerProductProof<G> {
    /// Encoded size: \\(2k\\) points and 2 scalars for \\(k\\) rounds.
    pub fn serialized_size(&self) -> usize {
        self.l_vec.len() * 2 * point_len::<G>() + 2 * scalar_len::<G>()
    }

    /// Layout: \\(L_1, R_1, \ldots, L_k, R_k, a, b\\).
    pub fn write_bytes(&self, out: &mut Vec<u8>) {
        for (l, r) in self.l_vec.iter().zip(&self.r_vec) {
            write_point(out, l);
            write_point(out, r);
        }
        write_scalar::<G>(out, &self.a);
        write_scalar::<G>(out, &self.b);
    }

    /// Reads the layout of [`Self::write_bytes`] from the rest of `reader`, which holds exactly
    /// the inner-product proof (`total` is the whole input's length, for errors), with up to
    /// `max_rounds` rounds (the R1CS proofs run longer vectors than the range proofs): whole
    /// (L, R) pairs, valid points, canonical scalars.
    pub(crate) fn read_up_to(
        reader: &mut Reader<'_>,
        total: usize,
        max_rounds: usize,
    ) -> Result<Self, ProofError> {
        let pair = 2 * point_len::<G>();
        let rounds_len = reader
            .remaining()
            .checked_sub(2 * scalar_len::<G>())
            .ok_or(DecodeError::InvalidLength(total))?;
        if !rounds_len.is_multiple_of(pair) || rounds_len / pair > max_rounds {
            return Err(DecodeError::InvalidLength(total).into());
        }
        let rounds = rounds_len / pair;
        // L_1, R_1, L_2, … decoded together.
        let points = reader.points::<G>(2 * rounds)?;
        let l_vec = points.iter().step_by(2).copied().collect();
        let r_vec = points.iter().skip(1).step_by(2).copied().collect();
        let a = reader.scalar::<G>()?;
        let b = reader.scalar::<G>()?;
        Ok(InnerProductProof { l_vec, r_vec, a, b })
    }
}
