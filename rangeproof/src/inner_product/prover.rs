//! The inner-product prover.
//!
//! # Timing
//!
//! The multiscalar multiplications that produce \\(L\\) and \\(R\\), and the folding of the
//! generators, run in variable time. The folding involves only public data (generators and
//! challenges). The vectors \\(\mathbf a, \mathbf b\\) are what the range proof's
//! \\(\mathbf l(x), \mathbf r(x)\\) (and the circuit proof's) become: the paper's unoptimized
//! protocols send those in full (Bünz et al., §4.1 eq. 62–63 with Theorem 2; §5.3 with
//! Theorem 4) and are perfectly honest-verifier zero-knowledge with them public, because
//! \\(\mathbf s_L x\\), \\(\mathbf s_R x\\) (degree 3 in the circuit proof) mask them uniformly. This
//! argument only replaces sending them, to save space (the paper: it need not be
//! zero-knowledge), and each round's vectors are public linear functions of them, so their
//! timing reveals nothing the protocol may not. The reference crate and libsecp256k1-zkp
//! (our Grin prover too) do the same. What must stay constant-time is the masking itself —
//! \\(S\\), with \\(\mathbf s_L, \mathbf s_R\\) — and the bit commitment \\(A\\); their callers use the
//! constant-time MSM. The vectors are still wiped when dropped.

use alloc::vec::Vec;
use zeroize::Zeroizing;

use super::folding::FoldedGens;
use super::InnerProductProof;
use crate::deployments::Publisher;
use crate::group::Group;
use crate::transcript::TranscriptProtocol;
use crate::util::{inner_product, powers};
use crate::ProofError;

impl<G: Group> InnerProductProof<G> {
    /// Proves knowledge of `a`, `b` for
    /// \\(P = \langle \mathbf a, \mathbf G\rangle + \langle \mathbf b, \mathbf H'\rangle +
    /// \langle \mathbf a, \mathbf b\rangle Q\\) over \\(H'_i = \rho^i H_i\\), where \\(\rho\\) is
    /// `h_factor_ratio` (the range proof uses \\(\rho = y^{-1}\\)). \\(L_j, R_j\\) are published
    /// through `publisher` (Monero publishes points times \\(8^{-1}\\)).
    ///
    /// All vectors must have the same power-of-two length (the caller guarantees it). The
    /// witness vectors are zeroized when this returns, on every path (errors included).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn prove<T: TranscriptProtocol<G>>(
        transcript: &mut T,
        q: &G::Point,
        h_factor_ratio: G::Scalar,
        publisher: &Publisher<G>,
        g: Vec<G::Point>,
        h: Vec<G::Point>,
        a: Vec<G::Scalar>,
        b: Vec<G::Scalar>,
    ) -> Result<Self, ProofError> {
        Self::prove_with_factors(transcript, q, h_factor_ratio, None, publisher, g, h, a, b)
    }

    /// [`Self::prove`] over generators \(k_i G_i\) and \(k_i \rho^i H_i\) with public
    /// per-index factors \(k_i\) (`index_factors`, one per generator; the R1CS proof's
    /// \(1\) or \(u\) by phase).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn prove_with_factors<T: TranscriptProtocol<G>>(
        transcript: &mut T,
        q: &G::Point,
        h_factor_ratio: G::Scalar,
        index_factors: Option<Vec<G::Scalar>>,
        publisher: &Publisher<G>,
        g: Vec<G::Point>,
        h: Vec<G::Point>,
        a: Vec<G::Scalar>,
        b: Vec<G::Scalar>,
    ) -> Result<Self, ProofError> {
        // Wiped when dropped, whichever way this function returns.
        let (mut a, mut b) = (Zeroizing::new(a), Zeroizing::new(b));
        let mut n = a.len();
        debug_assert!(n.is_power_of_two());
        debug_assert!(b.len() == n && g.len() == n && h.len() == n);

        transcript.innerproduct_domain_sep(n as u64);
        let rounds = n.trailing_zeros() as usize;
        let mut l_vec = Vec::with_capacity(rounds);
        let mut r_vec = Vec::with_capacity(rounds);

        let rho: Vec<G::Scalar> = powers::<G>(h_factor_ratio).take(n).collect();
        // L and R are published as the flavor wants (Monero: times 8^{-1}).
        let mut gens = FoldedGens::<G>::with_factors(g, h, index_factors);
        let mut scalars = Zeroizing::new(Vec::with_capacity(2 * n + 1));
        let mut points = Vec::with_capacity(2 * n + 1);

        while n > 1 {
            let half = n / 2;
            let (a_lo, a_hi) = a[..n].split_at(half);
            let (b_lo, b_hi) = b[..n].split_at(half);

            // L = <a_lo, G_hi> + <b_hi, H_lo> + c_L Q (variable time: see the module notes)
            scalars.clear();
            points.clear();
            gens.push_g(n, half, a_lo.iter().copied(), &mut scalars, &mut points);
            let b_hi_rho = b_hi.iter().zip(&rho[..half]).map(|(b, r)| *b * *r);
            gens.push_h(n, 0, b_hi_rho, &mut scalars, &mut points);
            scalars.push(inner_product::<G>(a_lo, b_hi));
            points.push(*q);
            let l = publisher.publish(G::vartime_multiscalar_mul(&scalars, &points));

            // R = <a_hi, G_lo> + <b_lo, H_hi> + c_R Q
            scalars.clear();
            points.clear();
            gens.push_g(n, 0, a_hi.iter().copied(), &mut scalars, &mut points);
            let b_lo_rho = b_lo.iter().zip(&rho[half..n]).map(|(b, r)| *b * *r);
            gens.push_h(n, half, b_lo_rho, &mut scalars, &mut points);
            scalars.push(inner_product::<G>(a_hi, b_lo));
            points.push(*q);
            let r = publisher.publish(G::vartime_multiscalar_mul(&scalars, &points));

            transcript.append_point(b"L", &l.bytes);
            transcript.append_point(b"R", &r.bytes);
            l_vec.push(l);
            r_vec.push(r);

            let u = transcript.challenge_scalar(b"u");
            if u == G::zero() {
                return Err(ProofError::VerificationFailed);
            }
            let u_inv = G::invert(&u);

            for i in 0..half {
                a[i] = a[i] * u + a[half + i] * u_inv;
                b[i] = b[i] * u_inv + b[half + i] * u;
            }
            if half > 1 {
                // G' = u^{-1} G_lo + u G_hi and H' = u H_lo + u^{-1} H_hi, where H carries the
                // per-index factors ρ^i (so H_hi's relative factor is ρ^{n/2}).
                gens.fold(n, u * u, u_inv * u_inv * rho[half], u_inv, u);
            }
            n = half;
        }

        // a_0 and b_0 are published: the proof's final scalars.
        Ok(InnerProductProof {
            l_vec,
            r_vec,
            a: a[0],
            b: b[0],
        })
    }
}
