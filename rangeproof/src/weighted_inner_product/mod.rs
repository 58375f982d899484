//! The weighted inner-product argument (Bulletproofs+, eprint 2020/735, figure 1), the sibling
//! of [`crate::inner_product`].
//!
//! For the weighted inner product \\(\langle \mathbf a, \mathbf b\rangle_y =
//! \sum_i a_i y^{i+1} b_i\\), the prover shows knowledge of \\(\mathbf a, \mathbf b, \alpha\\)
//! with \\(P = \langle \mathbf a, \mathbf G\rangle + \langle \mathbf b, \mathbf H\rangle +
//! \langle \mathbf a, \mathbf b\rangle_y B + \sum_k \alpha_k \tilde B_k\\). Each round sends
//! \\(L = c_L B + \sum_k d_{L,k}\tilde B_k + \langle \mathbf a_{lo} y^{-n/2}, \mathbf G_{hi}\rangle +
//! \langle \mathbf b_{hi}, \mathbf H_{lo}\rangle\\) and the mirror \\(R\\) (steps 2–4), takes a
//! challenge \\(e\\) and folds (steps 5–8); the last round sends \\(A_1, B'\\) and the answers
//! \\(r_1, s_1, \delta'_k\\) (steps 9–10). Range proofs supply the vectors and the blinding
//! nonces ([`WipNonces`]: Tari derives them from a seed, otherwise they are hedged random).
//!
//! Constant-time on the witness: every secret-weighted multiscalar multiplication is the
//! backend's constant-time MSM; generator folding (public) is [`crate::inner_product::folding`].

use alloc::vec::Vec;
use zeroize::Zeroizing;

use crate::deployments::Publisher;
use crate::group::{EncodedPoint, Group};
use crate::inner_product::folding::FoldedGens;
use crate::transcript::{nonzero_challenge, TranscriptProtocol};
use crate::ProofError;

/// One nonce per blinding base, wiped when dropped.
pub(crate) type Blindings<G> = Zeroizing<Vec<<G as Group>::Scalar>>;

/// The nonces of the last round.
pub(crate) struct LastRoundNonces<G: Group> {
    pub r: Zeroizing<G::Scalar>,
    pub s: Zeroizing<G::Scalar>,
    pub delta: Zeroizing<Vec<G::Scalar>>,
    pub eta: Zeroizing<Vec<G::Scalar>>,
}

/// Where the argument's blinding nonces come from.
pub(crate) trait WipNonces<G: Group> {
    /// \\(d_L, d_R\\) of round `j` (one per blinding base each).
    fn round(&mut self, j: usize) -> (Blindings<G>, Blindings<G>);
    /// \\(r, s, \delta, \eta\\) of the last round.
    fn last_round(&mut self) -> LastRoundNonces<G>;
}

/// What the argument publishes: the round messages, \\(A_1, B'\\) and the answers.
pub(crate) struct WeightedInnerProductProof<G: Group> {
    pub l_vec: Vec<EncodedPoint<G>>,
    pub r_vec: Vec<EncodedPoint<G>>,
    pub a1: EncodedPoint<G>,
    pub b: EncodedPoint<G>,
    pub r1: G::Scalar,
    pub s1: G::Scalar,
    pub d1: Vec<G::Scalar>,
}

/// The public setting of one argument.
pub(crate) struct WeightedInnerProduct<'a, G: Group, T> {
    pub transcript: &'a mut T,
    /// How points are published (Monero: times \\(8^{-1}\\)).
    pub publisher: &'a Publisher<G>,
    /// \\(B\\), the base of the inner product.
    pub value_base: G::Point,
    /// \\(\tilde B_k\\), the blinding bases in use (their number is the extension degree).
    pub blinding_bases: &'a [G::Point],
    /// The weight \\(y\\), its powers \\(y^0 .. y^{N+1}\\) and \\(y^{-2^t}\\).
    pub y: G::Scalar,
    pub y_pows: &'a [G::Scalar],
    pub y_inv_pow2: &'a [G::Scalar],
}

impl<G: Group, T: TranscriptProtocol<G>> WeightedInnerProduct<'_, G, T> {
    /// Proves knowledge of `a`, `b` and the blindings `alpha` over generators `g_vec`,
    /// `h_vec` (all of the same power-of-two length). The witness is wiped when dropped.
    pub(crate) fn prove(
        self,
        g_vec: Vec<G::Point>,
        h_vec: Vec<G::Point>,
        mut a: Zeroizing<Vec<G::Scalar>>,
        mut b: Zeroizing<Vec<G::Scalar>>,
        mut alpha: Zeroizing<Vec<G::Scalar>>,
        nonces: &mut impl WipNonces<G>,
    ) -> Result<WeightedInnerProductProof<G>, ProofError> {
        let nm = a.len();
        let degree = self.blinding_bases.len();
        let rounds = nm.trailing_zeros() as usize;
        let mut l_vec = Vec::with_capacity(rounds);
        let mut r_vec = Vec::with_capacity(rounds);
        let mut folded = FoldedGens::<G>::new(g_vec, h_vec);
        let mut scalars = Zeroizing::new(Vec::with_capacity(2 * nm + 1 + degree));
        let mut points = Vec::with_capacity(2 * nm + 1 + degree);
        let mut n_cur = nm;
        let mut round = 0;
        while n_cur > 1 {
            let half = n_cur / 2;
            let t = half.trailing_zeros() as usize;
            let (y_half, y_half_inv) = (self.y_pows[half], self.y_inv_pow2[t]);
            let (a_lo, a_hi) = a[..n_cur].split_at(half);
            let (b_lo, b_hi) = b[..n_cur].split_at(half);

            // c_L = <a_lo, b_hi>_y, c_R = y^{n/2} <a_hi, b_lo>_y.
            let mut c_l = Zeroizing::new(G::zero());
            let mut c_r = Zeroizing::new(G::zero());
            for i in 0..half {
                *c_l += a_lo[i] * self.y_pows[i + 1] * b_hi[i];
                *c_r += a_hi[i] * self.y_pows[half + i + 1] * b_lo[i];
            }
            let (d_l, d_r) = nonces.round(round);

            // L = c_L B + Σ d_L,k B̃_k + <a_lo y^{-n/2}, G_hi> + <b_hi, H_lo>
            scalars.clear();
            points.clear();
            scalars.push(*c_l);
            scalars.extend_from_slice(&d_l);
            points.push(self.value_base);
            points.extend_from_slice(self.blinding_bases);
            folded.push_g(
                n_cur,
                half,
                a_lo.iter().map(|x| *x * y_half_inv),
                &mut scalars,
                &mut points,
            );
            folded.push_h(n_cur, 0, b_hi.iter().copied(), &mut scalars, &mut points);
            let l = self
                .publisher
                .publish(G::multiscalar_mul(&scalars, &points));

            // R = c_R B + Σ d_R,k B̃_k + <a_hi y^{n/2}, G_lo> + <b_lo, H_hi>
            scalars.clear();
            points.clear();
            scalars.push(*c_r);
            scalars.extend_from_slice(&d_r);
            points.push(self.value_base);
            points.extend_from_slice(self.blinding_bases);
            folded.push_g(
                n_cur,
                0,
                a_hi.iter().map(|x| *x * y_half),
                &mut scalars,
                &mut points,
            );
            folded.push_h(n_cur, half, b_lo.iter().copied(), &mut scalars, &mut points);
            let r = self
                .publisher
                .publish(G::multiscalar_mul(&scalars, &points));

            self.transcript.validate_and_append_point(b"L", &l.bytes)?;
            self.transcript.validate_and_append_point(b"R", &r.bytes)?;
            l_vec.push(l);
            r_vec.push(r);
            let e = nonzero_challenge(self.transcript, b"e")?;
            let e_inv = G::invert(&e);
            let (e_sq, e_inv_sq) = (e * e, e_inv * e_inv);

            let hi_factor = y_half * e_inv;
            for i in 0..half {
                a[i] = a[i] * e + a[half + i] * hi_factor;
                b[i] = b[i] * e_inv + b[half + i] * e;
            }
            // G' = e^{-1} (G_lo + e² y^{-n/2} G_hi), H' = e (H_lo + e^{-2} H_hi).
            folded.fold(n_cur, e_sq * y_half_inv, e_inv_sq, e_inv, e);
            for (alpha_k, (l_k, r_k)) in alpha.iter_mut().zip(d_l.iter().zip(d_r.iter())) {
                *alpha_k += *l_k * e_sq + *r_k * e_inv_sq;
            }
            n_cur = half;
            round += 1;
        }

        // Final round: A_1 and B' (figure 1, step 9).
        let LastRoundNonces {
            r: r_nonce,
            s: s_nonce,
            delta,
            eta,
        } = nonces.last_round();
        // Test-only: a prover that blinds nothing in the last round (A1 and B are then the
        // identity; the proof is still valid).
        #[cfg(test)]
        let (r_nonce, s_nonce, delta, eta) = if crate::deployments::tamper::zero_nonces() {
            let zeros = || Zeroizing::new(vec![G::zero(); degree]);
            (
                Zeroizing::new(G::zero()),
                Zeroizing::new(G::zero()),
                zeros(),
                zeros(),
            )
        } else {
            (r_nonce, s_nonce, delta, eta)
        };
        // The folded witness a_0, b_0 is secret (r_1, s_1 hide it): copies wiped when dropped.
        let (a0, b0) = (Zeroizing::new(a[0]), Zeroizing::new(b[0]));

        scalars.clear();
        points.clear();
        scalars.push(*r_nonce * self.y * *b0 + *s_nonce * self.y * *a0);
        scalars.extend_from_slice(&delta);
        points.push(self.value_base);
        points.extend_from_slice(self.blinding_bases);
        folded.push_g(1, 0, core::iter::once(*r_nonce), &mut scalars, &mut points);
        folded.push_h(1, 0, core::iter::once(*s_nonce), &mut scalars, &mut points);
        let a1 = self
            .publisher
            .publish(G::multiscalar_mul(&scalars, &points));

        scalars.clear();
        points.clear();
        scalars.push(*r_nonce * self.y * *s_nonce);
        scalars.extend_from_slice(&eta);
        points.push(self.value_base);
        points.extend_from_slice(self.blinding_bases);
        let b_point = self
            .publisher
            .publish(G::multiscalar_mul(&scalars, &points));

        self.transcript
            .validate_and_append_point(b"A1", &a1.bytes)?;
        self.transcript
            .validate_and_append_point(b"B", &b_point.bytes)?;
        let e = nonzero_challenge(self.transcript, b"e")?;
        let e_sq = e * e;

        Ok(WeightedInnerProductProof {
            l_vec,
            r_vec,
            a1,
            b: b_point,
            r1: *r_nonce + *a0 * e,
            s1: *s_nonce + *b0 * e,
            d1: (0..degree)
                .map(|k| eta[k] + delta[k] * e + alpha[k] * e_sq)
                .collect(),
        })
    }
}
