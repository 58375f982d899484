//! Bulletproofs+ range proofs (Chung, Han, Ju, Kim, Seo; eprint 2020/735), in the flavor
//! deployed by Tari (`tari_bulletproofs_plus` 0.5).
//!
//! # What is proved
//!
//! For *extended* Pedersen commitments \\(V_j = v_j B + \sum_k \gamma_{j,k} \tilde B_k\\)
//! (\\(k\\) up to the extension degree \\(d \in [1, 6]\\)) and optional public minimum values
//! \\(\mu_j\\), that every \\(v_j - \mu_j \in [0, 2^n)\\). As in Tari, a minimum must itself be
//! below \\(2^n\\) (both sides check) and the prover refuses values of \\(2^n\\) or more. The proof has
//! \\(2\lceil\log_2(nm)\rceil + 5 + d\\) elements (one byte more for \\(d\\) on the wire): 96 bytes
//! less than a Bulletproofs proof of the same shape at \\(d = 1\\).
//!
//! # The protocol (paper section 4, figure 3, with the weighted inner product of figure 1)
//!
//! Write \\(N = nm\\), \\(\langle \mathbf a, \mathbf b\rangle_y = \sum_i a_i b_i y^{i+1}\\), and
//! \\(\mathbf a_L\\) for the bits of \\(v_j - \mu_j\\), \\(\mathbf a_R = \mathbf a_L - \mathbf 1\\).
//!
//! 1. \\(A = \langle \mathbf a_L, \mathbf G\rangle + \langle \mathbf a_R, \mathbf H\rangle + \sum_k \alpha_k \tilde B_k\\);
//!    challenges \\(y, z\\).
//! 2. With \\(d_{jn+i} = z^{2(j+1)} 2^i\\): \\(\hat{\mathbf a}_L = \mathbf a_L - z\mathbf 1\\),
//!    \\(\hat a_{R,i} = a_{R,i} + z + d_i y^{N-i}\\), and
//!    \\(\hat\alpha_k = \alpha_k + y^{N+1}\sum_j z^{2(j+1)} \gamma_{j,k}\\). Then
//!    \\(\hat A = A - z\langle\mathbf 1,\mathbf G\rangle + \langle z\mathbf 1 + \mathbf d \circ \overleftarrow{\mathbf y}, \mathbf H\rangle +
//!    y^{N+1}\sum_j z^{2(j+1)}(V_j - \mu_j B) + (\ldots) B\\) commits to
//!    \\(\hat{\mathbf a}_L, \hat{\mathbf a}_R\\) with value \\(\langle\hat{\mathbf a}_L, \hat{\mathbf a}_R\rangle_y\\)
//!    (eq. 16–18).
//! 3. The weighted inner-product argument halves the vectors each round: with
//!    \\(\hat n = n/2\\) it sends
//!    \\(L = \langle \mathbf a_{lo} y^{-\hat n}, \mathbf G_{hi}\rangle + \langle \mathbf b_{hi}, \mathbf H_{lo}\rangle + \langle \mathbf a_{lo}, \mathbf b_{hi}\rangle_y B + \sum_k d_{L,k}\tilde B_k\\)
//!    and the mirrored \\(R\\) (with \\(y^{\hat n}\langle \mathbf a_{hi}, \mathbf b_{lo}\rangle_y\\)),
//!    receives \\(e\\) and folds
//!    \\(\mathbf G' = e^{-1}\mathbf G_{lo} + e y^{-\hat n}\mathbf G_{hi}\\),
//!    \\(\mathbf H' = e\mathbf H_{lo} + e^{-1}\mathbf H_{hi}\\),
//!    \\(\mathbf a' = e\mathbf a_{lo} + e^{-1}y^{\hat n}\mathbf a_{hi}\\),
//!    \\(\mathbf b' = e^{-1}\mathbf b_{lo} + e\mathbf b_{hi}\\),
//!    \\(\hat\alpha_k \mathrel{+}= e^2 d_{L,k} + e^{-2} d_{R,k}\\) (figure 1, steps 2–8).
//! 4. At length one it sends \\(A_1 = rG + sH + (ryb + sya)B + \sum_k \delta_k\tilde B_k\\) and
//!    \\(B' = rys\,B + \sum_k \eta_k \tilde B_k\\), receives \\(e\\), and answers
//!    \\(r_1 = r + ae\\), \\(s_1 = s + be\\), \\(\delta'_k = \eta_k + \delta_k e + \hat\alpha_k e^2\\).
//!
//! The verifier checks the final equation of figure 1 with \\(\hat A\\) expanded, in one
//! multiscalar multiplication (see `verifier`).
//!
//! # Tari's wire format and transcript
//!
//! Bytes: `d ‖ δ'_1..δ'_d ‖ A ‖ A_1 ‖ B' ‖ r_1 ‖ s_1 ‖ L_1 ‖ R_1 ‖ … ‖ L_k ‖ R_k`
//! (one byte, then 32-byte elements). The merlin transcript absorbs
//! `dom-sep "Bulletproofs+ Range Proof"`, the value base `H`, each blinding base `G` in use,
//! `N` = n, `T` = d, `M` = m, every commitment `Ci`, every minimum value (0 when absent), and
//! then `A` → `y`, `z`; each `L`, `R` → `e`; `A1`, `B` → `e`. Every challenge must be non-zero.
//! Unlike the Bulletproofs transcript, this one does bind the Pedersen bases.
//!
//! # Padding
//!
//! Tari accepts only powers of two for m. For other m this implementation pads to
//! \\(m' = 2^{\lceil\log_2 m\rceil}\\) with \\(v = 0\\), \\(\gamma = 0\\), \\(\mu = 0\\): the padding
//! commitments are the identity, not sent, not hashed; the transcript absorbs the real m.
//!
//! # Mask recovery
//!
//! With a *seed nonce* (single proofs only), the prover derives \\(\alpha_k, d_{L,k}, d_{R,k},
//! \delta_k, \eta_k\\) from the seed with Tari's keyed BLAKE2b nonces; anyone holding the seed
//! can then solve \\(\delta'_k\\) for the commitment's blinding factors
//! ([`RangeProofPlus::recover_mask`]).
//! A seed serves **one** proof: the nonces depend on the seed alone, so two proofs from one
//! seed share them, and the difference of their \\(A\\) (and of each \\(L_j, R_j\\)) depends only
//! on the two values, which lets anyone test guesses of the difference.

mod batch;
mod codec;
mod prover;
mod verifier;

#[cfg(test)]
mod tests;

use crate::group::{EncodedPoint, Group};
use alloc::vec::Vec;

/// The largest number of blinding factors per commitment.
pub const MAX_EXTENSION_DEGREE: usize = crate::deployments::tari::MAX_EXTENSION_DEGREE;

/// A Bulletproofs+ range proof for one or more extended commitments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeProofPlus<G: Group> {
    pub(crate) a: EncodedPoint<G>,
    pub(crate) a1: EncodedPoint<G>,
    pub(crate) b: EncodedPoint<G>,
    pub(crate) r1: G::Scalar,
    pub(crate) s1: G::Scalar,
    /// \\(\delta'_k\\), one per blinding base: its length is the extension degree.
    pub(crate) d1: Vec<G::Scalar>,
    pub(crate) l_vec: Vec<EncodedPoint<G>>,
    pub(crate) r_vec: Vec<EncodedPoint<G>>,
}

impl<G: Group> RangeProofPlus<G> {
    /// The number of blinding factors per commitment this proof is for.
    pub fn extension_degree(&self) -> usize {
        self.d1.len()
    }
}

pub use crate::statement::Statement;
