//! The inner-product prover's generators kept as coefficients of the original ones, for
//! provers whose generators have fixed-base tables ([`Group::batch_precompute`]).
//!
//! After \\(k\\) folds \\(G' = c_G (G_{lo} + f_G G_{hi})\\), every current generator is a
//! combination of \\(2^k\\) original ones: \\(G_i = \kappa \sum_t \gamma_{i + tn} \hat G_{i + tn}\\)
//! for the current length \\(n\\), with \\(\kappa\\) the product of the \\(c_G\\) and
//! \\(\gamma_j\\) the product of the \\(f_G\\) of the folds that took \\(\hat G_j\\) from a high
//! half (likewise \\(H\\)). So each round's \\(L\\) and \\(R\\) are multiscalar multiplications
//! over the original points — every one of them, with these coefficients — which the tables
//! take in one pass each, and the points are never folded. A fold costs \\(n\\) scalar
//! multiplications instead of \\(n\\) point combinations; a multiplication costs the table's
//! pass over all \\(2N + 1\\) points instead of one over the \\(n + 1\\) current ones, which
//! pays because a table pass adds each point once per eight windows with no doublings.
//! (Measured: BENCHMARKS.md, Solana's batched range proofs.)

use alloc::{vec, vec::Vec};

use crate::group::Group;

/// The current generators as coefficients of the \\(N\\) original \\(\hat G\\), \\(\hat H\\),
/// which with \\(B\\) are the first \\(2N + 1\\) points of `table` and of `points`;
/// \\(Q = w B\\).
pub(crate) struct TableGens<'t, G: Group> {
    table: &'t G::BatchPrecomputation,
    /// The same points in the group's form, for a multiplication the table cannot take.
    points: Vec<G::Point>,
    w: G::Scalar,
    kappa: G::Scalar,
    lambda: G::Scalar,
    gamma_g: Vec<G::Scalar>,
    gamma_h: Vec<G::Scalar>,
}

impl<'t, G: Group> TableGens<'t, G> {
    /// Unfolded generators `g`, `h` (of equal length \\(N\\)) and \\(Q = w B\\), where `table`
    /// holds `[g…, h…, B, …]`.
    pub(crate) fn new(
        table: &'t G::BatchPrecomputation,
        g: Vec<G::Point>,
        h: Vec<G::Point>,
        b: G::Point,
        w: G::Scalar,
    ) -> Self {
        let len = g.len();
        let mut points = g;
        points.extend(h);
        points.push(b);
        TableGens {
            table,
            points,
            w,
            kappa: G::one(),
            lambda: G::one(),
            gamma_g: vec![G::one(); len],
            gamma_h: vec![G::one(); len],
        }
    }

    /// \\(\sum_i a_i G_{g + i} + \sum_i b_i H_{h + i} + c Q\\) at the current length `n`
    /// (`a`, `b` of equal length, the callers' per-index factors already in `b`).
    pub(crate) fn cross_term(
        &self,
        n: usize,
        (g, a): (usize, &[G::Scalar]),
        (h, b): (usize, &[G::Scalar]),
        c: G::Scalar,
    ) -> G::Point {
        let len = self.gamma_g.len();
        let mut statics = vec![G::zero(); 2 * len + 1];
        // Original j sits at current index j mod n (the folds take the high halves onto the
        // low ones, block by block).
        for (j, gamma) in self.gamma_g.iter().enumerate() {
            if let Some(a_i) = (j % n).checked_sub(g).and_then(|i| a.get(i)) {
                statics[j] = self.kappa * *gamma * *a_i;
            }
        }
        for (j, gamma) in self.gamma_h.iter().enumerate() {
            if let Some(b_i) = (j % n).checked_sub(h).and_then(|i| b.get(i)) {
                statics[len + j] = self.lambda * *gamma * *b_i;
            }
        }
        statics[2 * len] = c * self.w;
        // The tables take every call where they were built (AVX-512 IFMA, engine points);
        // the points' own multiplication stands in otherwise.
        G::vartime_batch_mixed_msm(self.table, &statics, &[], &[])
            .and_then(|sum| G::point_from_batch(&sum))
            .unwrap_or_else(|| G::vartime_multiscalar_mul(&statics, &self.points))
    }

    /// Folds from length `n` to `n / 2`: \\(G' = c_G (G_{lo} + f_G G_{hi})\\),
    /// \\(H' = c_H (H_{lo} + f_H H_{hi})\\).
    pub(crate) fn fold(
        &mut self,
        n: usize,
        f_g: G::Scalar,
        f_h: G::Scalar,
        c_g: G::Scalar,
        c_h: G::Scalar,
    ) {
        let half = n / 2;
        self.kappa *= c_g;
        self.lambda *= c_h;
        for (j, (gamma_g, gamma_h)) in self.gamma_g.iter_mut().zip(&mut self.gamma_h).enumerate() {
            if j % n >= half {
                *gamma_g *= f_g;
                *gamma_h *= f_h;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use curve25519_dalek::constants::RISTRETTO_BASEPOINT_POINT;
    use merlin::Transcript;

    use super::*;
    use crate::deployments::Publisher;
    use crate::group::curve25519::{simd_test_support::runs_here, Backend};
    use crate::group::Ristretto255;
    use crate::inner_product::InnerProductProof;
    use rand::rngs::OsRng;

    type G = Ristretto255;

    /// The rounds over the tables give the folded rounds' proof, byte for byte, for every
    /// power-of-two length up to the range proof's largest, and the same proof with Monero's
    /// publisher (points times 8^{-1}).
    #[test]
    fn table_rounds_equal_folded_rounds() {
        if !runs_here(
            Backend::Ifma,
            "inner_product::table_rounds_equal_folded_rounds",
        ) {
            return;
        }
        for (len, cofactor_log2) in [(1, 0), (2, 0), (8, 3), (64, 0), (256, 0)] {
            let random = |count: usize| -> Vec<_> {
                (0..count).map(|_| G::random_scalar(&mut OsRng)).collect()
            };
            let point = |_| RISTRETTO_BASEPOINT_POINT * G::random_scalar(&mut OsRng);
            let g: Vec<_> = (0..len).map(point).collect();
            let h: Vec<_> = (0..len).map(point).collect();
            let b = point(0);
            let (a_vec, b_vec, w, y) = (random(len), random(len), random(1)[0], random(1)[0]);
            let mut fixed = g.clone();
            fixed.extend(&h);
            fixed.push(b);
            let table = G::batch_precompute(&G::batch_points_of(&fixed)).expect("IFMA tables");
            let publisher = Publisher::<G>::new(cofactor_log2);
            let folded = InnerProductProof::prove(
                &mut Transcript::new(b"ipp"),
                &(b * w),
                y,
                &publisher,
                g.clone(),
                h.clone(),
                a_vec.clone(),
                b_vec.clone(),
            )
            .expect("proves");
            let tabled = InnerProductProof::prove_with_table(
                &mut Transcript::new(b"ipp"),
                (&table, b, w),
                y,
                &publisher,
                g,
                h,
                a_vec,
                b_vec,
            )
            .expect("proves");
            let bytes = |v: &[crate::group::EncodedPoint<G>]| -> Vec<[u8; 32]> {
                v.iter().map(|p| p.bytes).collect()
            };
            assert_eq!(
                bytes(&tabled.l_vec),
                bytes(&folded.l_vec),
                "L, length {len}"
            );
            assert_eq!(
                bytes(&tabled.r_vec),
                bytes(&folded.r_vec),
                "R, length {len}"
            );
            assert_eq!((tabled.a, tabled.b), (folded.a, folded.b), "length {len}");
        }
    }
}
