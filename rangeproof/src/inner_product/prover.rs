//! The inner-product prover.
//!
//! Everything that touches the witness vectors \\(\mathbf a, \mathbf b\\) is constant-time:
//! the scalar arithmetic, and the multiscalar multiplications that produce \\(L\\) and \\(R\\).
//! Folding the generators involves only public data (generators and challenges) and uses the
//! faster variable-time multiplication.

use zeroize::{Zeroize, Zeroizing};

use super::InnerProductProof;
use crate::group::{EncodedPoint, Group};
use crate::transcript::TranscriptProtocol;
use crate::util::{inner_product, powers};
use crate::ProofError;

/// The prover's view of the folded generators.
///
/// The round-\\(r\\) generators are kept as \\(G_i = \kappa (\hat G_i + p_G \hat G_{n+i})\\) and
/// \\(H_i = \lambda \rho^i (\hat H_i + p_H \hat H_{n+i})\\) where \\(n\\) is the current length,
/// \\(\kappa, \lambda\\) are scalar factors and the *pending* fold \\((p_G, p_H)\\) may be absent
/// (then the arrays have length \\(n\\)). Folding with challenge \\(u\\) maps
/// \\(u^{-1} G_{lo} + u G_{hi} = \kappa u^{-1} (\ldots_{lo} + u^2 \ldots_{hi})\\) and
/// \\(u H_{lo} + u^{-1} H_{hi} = \lambda u \rho^i (\ldots_{lo} + u^{-2}\rho^{n/2} \ldots_{hi})\\):
/// the factors move into \\(\kappa, \lambda\\), and the point work is deferred. Every second
/// round the two pending levels are materialized at once, each new generator as one
/// 3-point multiscalar multiplication (sharing its doublings) instead of two sequential
/// scalar multiplications; the round in between pays with \\(L, R\\) over twice as many points.
/// Measured, this costs less than folding every round (see `BENCHMARKS.md`).
struct FoldedGens<G: Group> {
    g: Vec<G::Point>,
    h: Vec<G::Point>,
    kappa: G::Scalar,
    lambda: G::Scalar,
    pending: Option<(G::Scalar, G::Scalar)>,
}

impl<G: Group> FoldedGens<G> {
    /// Appends the points and scalars of \\(\sum_i s_i G_{offset+i}\\) (current indexing).
    fn push_g(
        &self,
        n: usize,
        offset: usize,
        s: &[G::Scalar],
        scalars: &mut Vec<G::Scalar>,
        points: &mut Vec<G::Point>,
    ) {
        for (i, s_i) in s.iter().enumerate() {
            let k = *s_i * self.kappa;
            scalars.push(k);
            points.push(self.g[offset + i]);
            if let Some((p_g, _)) = self.pending {
                scalars.push(k * p_g);
                points.push(self.g[n + offset + i]);
            }
        }
    }

    /// Appends \\(\sum_i s_i H_{offset+i}\\); `rho` holds \\(\rho^{offset+i}\\).
    fn push_h(
        &self,
        n: usize,
        offset: usize,
        s: &[G::Scalar],
        rho: &[G::Scalar],
        scalars: &mut Vec<G::Scalar>,
        points: &mut Vec<G::Point>,
    ) {
        for (i, s_i) in s.iter().enumerate() {
            let k = *s_i * self.lambda * rho[i];
            scalars.push(k);
            points.push(self.h[offset + i]);
            if let Some((_, p_h)) = self.pending {
                scalars.push(k * p_h);
                points.push(self.h[n + offset + i]);
            }
        }
    }

    /// Folds from length `n` to `n / 2` with challenge `u` (inverse `u_inv`).
    fn fold(&mut self, n: usize, u: G::Scalar, u_inv: G::Scalar, rho_half: G::Scalar) {
        let half = n / 2;
        let (f_g, f_h) = (u * u, u_inv * u_inv * rho_half);
        self.kappa *= u_inv;
        self.lambda *= u;
        match self.pending.take() {
            None => self.pending = Some((f_g, f_h)),
            Some((p_g, p_h)) => {
                // Public data (generators, challenges): variable time is fine.
                for (v, f, p) in [(&mut self.g, f_g, p_g), (&mut self.h, f_h, p_h)] {
                    for i in 0..half {
                        let rest = G::vartime_multiscalar_mul(
                            &[f, p, f * p],
                            &[v[half + i], v[n + i], v[n + half + i]],
                        );
                        v[i] += rest;
                    }
                    v.truncate(half);
                }
            }
        }
    }
}

impl<G: Group> InnerProductProof<G> {
    /// Proves knowledge of `a`, `b` for
    /// \\(P = \langle \mathbf a, \mathbf G\rangle + \langle \mathbf b, \mathbf H'\rangle +
    /// \langle \mathbf a, \mathbf b\rangle Q\\) over \\(H'_i = \rho^i H_i\\), where \\(\rho\\) is
    /// `h_factor_ratio` (the range proof uses \\(\rho = y^{-1}\\)).
    ///
    /// All vectors must have the same power-of-two length (the caller guarantees it). The
    /// witness vectors are zeroized before returning.
    pub(crate) fn prove<T: TranscriptProtocol<G>>(
        transcript: &mut T,
        q: &G::Point,
        h_factor_ratio: G::Scalar,
        g: Vec<G::Point>,
        h: Vec<G::Point>,
        mut a: Vec<G::Scalar>,
        mut b: Vec<G::Scalar>,
    ) -> Result<Self, ProofError> {
        let mut n = a.len();
        debug_assert!(n.is_power_of_two());
        debug_assert!(b.len() == n && g.len() == n && h.len() == n);

        transcript.innerproduct_domain_sep(n as u64);
        let rounds = n.trailing_zeros() as usize;
        let mut l_vec = Vec::with_capacity(rounds);
        let mut r_vec = Vec::with_capacity(rounds);

        let rho: Vec<G::Scalar> = powers::<G>(h_factor_ratio).take(n).collect();
        let mut gens = FoldedGens::<G> {
            g,
            h,
            kappa: G::one(),
            lambda: G::one(),
            pending: None,
        };
        let mut scalars = Zeroizing::new(Vec::with_capacity(2 * n + 1));
        let mut points = Vec::with_capacity(2 * n + 1);

        while n > 1 {
            let half = n / 2;
            let (a_lo, a_hi) = a[..n].split_at(half);
            let (b_lo, b_hi) = b[..n].split_at(half);

            // L = <a_lo, G_hi> + <b_hi, H_lo> + c_L Q  (constant time: a, b are secret)
            scalars.clear();
            points.clear();
            gens.push_g(n, half, a_lo, &mut scalars, &mut points);
            gens.push_h(n, 0, b_hi, &rho[..half], &mut scalars, &mut points);
            scalars.push(inner_product::<G>(a_lo, b_hi));
            points.push(*q);
            let l = EncodedPoint::from_point(G::multiscalar_mul(&scalars, &points));

            // R = <a_hi, G_lo> + <b_lo, H_hi> + c_R Q
            scalars.clear();
            points.clear();
            gens.push_g(n, 0, a_hi, &mut scalars, &mut points);
            gens.push_h(n, half, b_lo, &rho[half..n], &mut scalars, &mut points);
            scalars.push(inner_product::<G>(a_hi, b_lo));
            points.push(*q);
            let r = EncodedPoint::from_point(G::multiscalar_mul(&scalars, &points));

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
                gens.fold(n, u, u_inv, rho[half]);
            }
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
