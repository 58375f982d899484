//! The inner-product prover.
//!
//! Everything that touches the witness vectors \\(\mathbf a, \mathbf b\\) is constant-time:
//! the scalar arithmetic, and the multiscalar multiplications that produce \\(L\\) and \\(R\\).
//! Folding the generators involves only public data (generators and challenges) and uses the
//! faster variable-time multiplication.

use zeroize::Zeroize;

use super::InnerProductProof;
use crate::group::{EncodedPoint, Group};
use crate::transcript::TranscriptProtocol;
use crate::util::inner_product;
use crate::ProofError;

impl<G: Group> InnerProductProof<G> {
    /// Proves knowledge of `a`, `b` for
    /// \\(P = \langle \mathbf a, \mathbf G\rangle + \langle \mathbf b, \mathbf h \circ \mathbf H\rangle
    /// + \langle \mathbf a, \mathbf b\rangle Q\\), where `h_factors` is \\(\mathbf h\\).
    ///
    /// All vectors must have the same power-of-two length (the caller guarantees it). The
    /// witness vectors are zeroized before returning.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn prove<T: TranscriptProtocol<G>>(
        transcript: &mut T,
        q: &G::Point,
        h_factors: &[G::Scalar],
        mut g: Vec<G::Point>,
        mut h: Vec<G::Point>,
        mut a: Vec<G::Scalar>,
        mut b: Vec<G::Scalar>,
    ) -> Result<Self, ProofError> {
        let mut n = a.len();
        debug_assert!(n.is_power_of_two());
        debug_assert!(b.len() == n && g.len() == n && h.len() == n && h_factors.len() == n);

        transcript.innerproduct_domain_sep(n as u64);
        let rounds = n.trailing_zeros() as usize;
        let mut l_vec = Vec::with_capacity(rounds);
        let mut r_vec = Vec::with_capacity(rounds);

        // The first round applies the H factors; later rounds fold them into H itself.
        let mut factors: Option<&[G::Scalar]> = Some(h_factors);
        let mut scalars = Vec::with_capacity(n + 1);
        let mut points = Vec::with_capacity(n + 1);

        while n > 1 {
            let half = n / 2;
            let (a_lo, a_hi) = a[..n].split_at(half);
            let (b_lo, b_hi) = b[..n].split_at(half);
            let (g_lo, g_hi) = g[..n].split_at(half);
            let (h_lo, h_hi) = h[..n].split_at(half);
            let factor = |i: usize| factors.map_or(G::one(), |f| f[i]);

            let c_l = inner_product::<G>(a_lo, b_hi);
            let c_r = inner_product::<G>(a_hi, b_lo);

            // L = <a_lo, G_hi> + <b_hi, H_lo> + c_L Q  (constant time: a, b are secret)
            scalars.clear();
            points.clear();
            scalars.extend_from_slice(a_lo);
            scalars.extend((0..half).map(|i| b_hi[i] * factor(i)));
            scalars.push(c_l);
            points.extend_from_slice(g_hi);
            points.extend_from_slice(h_lo);
            points.push(*q);
            let l = EncodedPoint::from_point(G::multiscalar_mul(&scalars, &points));

            // R = <a_hi, G_lo> + <b_lo, H_hi> + c_R Q
            scalars.clear();
            points.clear();
            scalars.extend_from_slice(a_hi);
            scalars.extend((0..half).map(|i| b_lo[i] * factor(half + i)));
            scalars.push(c_r);
            points.extend_from_slice(g_lo);
            points.extend_from_slice(h_hi);
            points.push(*q);
            let r = EncodedPoint::from_point(G::multiscalar_mul(&scalars, &points));
            scalars.zeroize();

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
                // Public data: variable time is fine here.
                g[i] = G::vartime_multiscalar_mul(&[u_inv, u], &[g[i], g[half + i]]);
                let (f_lo, f_hi) = (factor(i), factor(half + i));
                h[i] = G::vartime_multiscalar_mul(&[u * f_lo, u_inv * f_hi], &[h[i], h[half + i]]);
            }
            factors = None;
            n = half;
        }

        let proof = InnerProductProof {
            l_vec,
            r_vec,
            a: a[0],
            b: b[0],
        };
        a.zeroize();
        b.zeroize();
        Ok(proof)
    }
}
