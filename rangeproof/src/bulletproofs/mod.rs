//! Bulletproofs range proofs (Bünz, Bootle, Boneh, Poelstra, Wuille, Maxwell; eprint 2017/1066).
//!
//! # What is proved
//!
//! For Pedersen commitments \\(V_j = v_j B + \gamma_j \tilde B\\), \\(j < m\\), that every
//! \\(v_j \in [0, 2^n)\\), in one proof of \\(2 \lceil\log_2(nm)\rceil + 9\\) group elements and
//! scalars (section 4.3, "aggregating logarithmic proofs").
//!
//! # The protocol, as implemented
//!
//! Write \\(N = nm\\), \\(\mathbf a_L \in \\{0,1\\}^N\\) for the concatenated bits of the values
//! and \\(\mathbf a_R = \mathbf a_L - \mathbf 1\\).
//!
//! 1. The prover commits to the bits and to blinding vectors \\(\mathbf s_L, \mathbf s_R\\)
//!    (eq. 44, 47):
//!    \\(A = \alpha\tilde B + \langle \mathbf a_L, \mathbf G\rangle + \langle \mathbf a_R, \mathbf H\rangle\\),
//!    \\(S = \rho\tilde B + \langle \mathbf s_L, \mathbf G\rangle + \langle \mathbf s_R, \mathbf H\rangle\\).
//!    Challenges \\(y, z\\).
//! 2. With (eq. 70–71, the aggregated form)
//!    \\(l(X) = \mathbf a_L - z\mathbf 1 + \mathbf s_L X\\) and
//!    \\(r(X) = \mathbf y^N \circ (\mathbf a_R + z \mathbf 1 + \mathbf s_R X) +
//!    \sum_j z^{2+j}\, (\mathbf 0^{jn} \Vert \mathbf 2^n \Vert \mathbf 0^{(m-1-j)n})\\),
//!    \\(t(X) = \langle l(X), r(X)\rangle = t_0 + t_1 X + t_2 X^2\\); the prover commits
//!    \\(T_i = t_i B + \tau_i \tilde B\\) (eq. 52–53). Challenge \\(x\\).
//! 3. The prover sends \\(t_x = t(x)\\), \\(\tau_x = \tau_2 x^2 + \tau_1 x + \sum_j z^{2+j}\gamma_j\\)
//!    and \\(\mu = \alpha + \rho x\\) (eq. 58–60, 72). Challenge \\(w\\), and \\(Q = wB\\).
//! 4. An inner-product argument (see `inner_product`) shows
//!    \\(t_x = \langle l(x), r(x)\rangle\\) for the vectors committed in
//!    \\(P = A + xS - z\langle\mathbf 1,\mathbf G\rangle + \langle z\mathbf y^N + \ldots, \mathbf H'\rangle - \mu\tilde B\\)
//!    over \\(\mathbf H' = \mathbf y^{-N} \circ \mathbf H\\) (eq. 62–67).
//!
//! The verifier checks the polynomial identity (eq. 72)
//! \\(t_x B + \tau_x \tilde B = \sum_j z^{2+j} V_j + \delta(y,z) B + x T_1 + x^2 T_2\\) with
//! \\(\delta(y,z) = (z - z^2)\langle \mathbf 1, \mathbf y^N\rangle - \sum_j z^{3+j}\langle\mathbf 1,\mathbf 2^n\rangle\\)
//! and the inner-product relation, **both in one multiscalar multiplication**: the polynomial
//! check is multiplied by a random weight \\(c\\) and added to the inner-product check (see
//! `verifier`). The same decomposition lets [`crate::BatchVerifier`] add many proofs with
//! independent random weights and check them all in one multiscalar multiplication.
//!
//! # Wire format and transcript (the dalek deployment)
//!
//! \\(A, S, T_1, T_2, t_x, \tau_x, \mu, L_1, R_1, \ldots, L_k, R_k, a, b\\), 32 bytes each:
//! exactly the reference crate's `RangeProof::to_bytes`. The merlin transcript absorbs
//! `rangeproof v1`, \\(n\\), \\(m\\), every \\(V_j\\), and every prover message before each
//! challenge, as the reference does.
//!
//! # Aggregating a number of values that is not a power of two
//!
//! The inner-product argument needs \\(N\\) to be a power of two. For other \\(m\\) the prover
//! pads to \\(m' = 2^{\lceil \log_2 m\rceil}\\) values with \\(v_j = 0, \gamma_j = 0\\), so the
//! padding commitments are the identity and are neither sent nor hashed nor multiplied. The
//! transcript still absorbs the real \\(m\\) and exactly the \\(m\\) real commitments, so a proof
//! for \\(m\\) values never verifies as one for \\(m'\\). For powers of two this is the
//! reference protocol unchanged.
//!
//! # Values of their own bit lengths (Solana)
//!
//! A deployment may let value \\(j\\) have its own bit length \\(n_j\\)
//! (`BulletproofsConvention::PER_VALUE_BIT_LENGTHS`: Solana's batched range proofs, 1 to 64
//! bits each, summing to 64, 128 or 256). The vectors are the values' bits concatenated with no
//! padding, \\(N = \sum_j n_j\\); in \\(r(X)\\) value \\(j\\)'s block is
//! \\(z^{2+j}\\,\mathbf 2^{n_j}\\) (the powers of two start again at each value), and
//! \\(\delta(y, z)\\) subtracts \\(z^{3+j}(2^{n_j} - 1)\\) per value. The argument for eq. 72
//! is unchanged: each value still contributes
//! \\(z^{2+j} v_j = z^{2+j}\langle \mathbf a_{L,j}, \mathbf 2^{n_j}\rangle\\), and
//! \\(v_j < 2^{n_j}\\) follows from its \\(n_j\\) bits. The prover and verifier are the same
//! code over a `deployments::BitLayout`; a uniform layout is the paper's.

mod batch;
mod codec;
#[cfg(feature = "mpc")]
pub mod mpc;
mod prover;
mod verifier;

use crate::deployments::BitLayout;
use crate::group::{EncodedPoint, Group};
use crate::inner_product::InnerProductProof;
use crate::ProofError;

pub use crate::deployments::convention::VALID_BITSIZES;

/// A Bulletproofs range proof for one or more commitments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeProof<G: Group> {
    /// Commitment to the bits of the values.
    pub(crate) a: EncodedPoint<G>,
    /// Commitment to the blinding vectors.
    pub(crate) s: EncodedPoint<G>,
    /// Commitment to \\(t_1\\).
    pub(crate) t_1: EncodedPoint<G>,
    /// Commitment to \\(t_2\\).
    pub(crate) t_2: EncodedPoint<G>,
    /// \\(t(x)\\).
    pub(crate) t_x: G::Scalar,
    /// \\(\tau_x\\), the blinding of \\(t(x)\\).
    pub(crate) t_x_blinding: G::Scalar,
    /// \\(\mu\\), the blinding of \\(A + xS\\).
    pub(crate) e_blinding: G::Scalar,
    /// The inner-product argument for \\(l(x), r(x)\\).
    pub(crate) ipp: InnerProductProof<G>,
}

/// The layout of a Bulletproof of values of `bit_lengths` under `gens`, checked against the
/// deployment's rules and the generators' capacity.
pub(crate) fn checked_layout<C: crate::deployments::BulletproofsConvention>(
    gens: &crate::deployments::Generators<C>,
    bit_lengths: &[usize],
) -> Result<BitLayout, ProofError> {
    let layout = C::layout(bit_lengths)?;
    gens.check_capacity(layout.party_bits(), layout.parties())?;
    Ok(layout)
}

#[cfg(test)]
mod tests;
