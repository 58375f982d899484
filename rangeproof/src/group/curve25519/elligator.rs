//! ristretto255's one-way map from 64 uniform bytes to a point (RFC 9496 §4.3.4,
//! `curve25519-dalek`'s `RistrettoPoint::from_uniform_bytes`), straight into the engine's
//! extended coordinates, many inputs at once.
//!
//! # Why our own
//!
//! Generator chains (the R1CS chains run to \\(2^{16}\\) points) are derived with this map.
//! `curve25519-dalek` derives its own points (about 9 µs each here, serially), and an engine point
//! can only be had from one of those through its encoding (a compression, about 4 µs, and a
//! decoding). The map's cost is one square root ratio per half, which the engine computes
//! sixteen at a time ([`super::field_x8::sqrt_ratio_batch`]); the rest is a dozen products.
//! Verifiers that need the chains in batch form only (the engine's MSM) derive them here without
//! ever building `curve25519-dalek` points.
//!
//! # The map
//!
//! For a field element \\(t\\) (32 bytes, the top bit ignored, not necessarily canonical —
//! `curve25519-dalek`'s `FieldElement::from_bytes`):
//!
//! \\[ r = \sqrt{-1}\, t^2,\quad u = (r + 1)(1 - d^2),\quad v = (-1 - r d)(r + d) \\]
//!
//! and \\((\mathit{square}, s) = \mathrm{SQRT\\_RATIO\\_M1}(u, v)\\). If \\(u/v\\) is not a
//! square, \\(s \gets -|s t|\\) and \\(c = r\\), else \\(c = -1\\). With
//! \\(N = c (r - 1)(d - 1)^2 - v\\), the point is
//! \\((w_0 w_3 : w_2 w_1 : w_1 w_3 : w_0 w_2)\\) for \\(w_0 = 2 s v\\),
//! \\(w_1 = N \sqrt{a d - 1}\\), \\(w_2 = 1 - s^2\\), \\(w_3 = 1 + s^2\\). The 64 bytes map to
//! the sum of the two halves' points.
//!
//! Public inputs only (generator derivation): variable-time.

use alloc::vec::Vec;

use super::field::{finish_sqrt_ratio, FieldElement, EDWARDS_D, SQRT_M1};
use super::field_x8::{sqrt_ratio_batch, Backend};
use super::point::ExtendedPoint;

/// \\(1 - d^2\\).
const ONE_MINUS_D_SQ: FieldElement = FieldElement([
    1136626929484150,
    1998550399581263,
    496427632559748,
    118527312129759,
    45110755273534,
]);

/// \\((d - 1)^2\\).
const D_MINUS_ONE_SQ: FieldElement = FieldElement([
    1507062230895904,
    1572317787530805,
    683053064812840,
    317374165784489,
    1572899562415810,
]);

/// \\(\sqrt{a d - 1}\\) for \\(a = -1\\) (RFC 9496's `SQRT_AD_MINUS_ONE`).
const SQRT_AD_MINUS_ONE: FieldElement = FieldElement([
    2241493124984347,
    425987919032274,
    2207028919301688,
    1220490630685848,
    974799131293748,
]);

/// The ratio whose square root the map of \\(t\\) takes, and \\(r\\).
fn ratio(t: &FieldElement) -> (FieldElement, FieldElement, FieldElement) {
    let r = SQRT_M1.mul(&t.square());
    let u = r.add(&FieldElement::ONE).mul(&ONE_MINUS_D_SQ);
    let minus_one = FieldElement::ONE.neg();
    let v = minus_one.sub(&r.mul(&EDWARDS_D)).mul(&r.add(&EDWARDS_D));
    (u, v, r)
}

/// The map of \\(t\\) given \\(r\\), \\(v\\) and `SQRT_RATIO_M1(u, v)` (module notes).
fn finish(
    t: &FieldElement,
    r: &FieldElement,
    v: &FieldElement,
    square: bool,
    s: &FieldElement,
) -> ExtendedPoint {
    let (s, c) = if square {
        (*s, FieldElement::ONE.neg())
    } else {
        (s.mul(t).abs().neg(), *r)
    };
    let n = c
        .mul(&r.sub(&FieldElement::ONE))
        .mul(&D_MINUS_ONE_SQ)
        .sub(v);
    let w0 = s.add(&s).mul(v);
    let w1 = n.mul(&SQRT_AD_MINUS_ONE);
    let s2 = s.square();
    let w2 = FieldElement::ONE.sub(&s2);
    let w3 = FieldElement::ONE.add(&s2);
    ExtendedPoint {
        x: w0.mul(&w3),
        y: w2.mul(&w1),
        z: w1.mul(&w3),
        t: w0.mul(&w2),
    }
}

/// `RistrettoPoint::from_uniform_bytes` of every input, as engine points with \\(Z = 1\\) (any
/// representative of the same ristretto255 element), the square roots computed with `backend`
/// (sixteen at a time with IFMA).
pub fn ristretto_from_uniform_bytes(wide: &[[u8; 64]], backend: Backend) -> Vec<ExtendedPoint> {
    // Both halves of every input: t, and the ratio u/v with r.
    let halves: Vec<FieldElement> = wide
        .iter()
        .flat_map(|w| {
            let (lo, hi) = w.split_at(32);
            [lo, hi].map(|half| {
                let mut bytes = [0u8; 32];
                bytes.copy_from_slice(half);
                FieldElement::from_bytes_unchecked(&bytes)
            })
        })
        .collect();
    let ratios: Vec<(FieldElement, FieldElement, FieldElement)> =
        halves.iter().map(ratio).collect();
    let pairs: Vec<(FieldElement, FieldElement)> =
        ratios.iter().map(|(u, v, _)| (*u, *v)).collect();
    let candidates = sqrt_ratio_batch(&pairs, backend);
    let points: Vec<ExtendedPoint> = halves
        .iter()
        .zip(&ratios)
        .zip(&candidates)
        .map(|((t, (u, v, r)), (r0, check))| {
            let (square, s) = finish_sqrt_ratio(u, r0, check);
            finish(t, r, v, square, &s)
        })
        .collect();
    let mut sums: Vec<ExtendedPoint> = points
        .chunks_exact(2)
        .map(|pair| pair[0].add(&pair[1]))
        .collect();
    // Generators are kept and multiplied in every verification: Z = 1 now (one shared
    // inversion) saves each multiscalar multiplication its own normalization of them.
    super::msm::normalize(&mut sums);
    sums
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::curve25519::simd_test_support::all_backends;
    use curve25519_dalek::RistrettoPoint;
    use proptest::prelude::*;

    fn agree(wide: &[[u8; 64]]) {
        let expected: Vec<[u8; 32]> = wide
            .iter()
            .map(|w| RistrettoPoint::from_uniform_bytes(w).compress().to_bytes())
            .collect();
        for backend in all_backends("elligator::agree") {
            let points = ristretto_from_uniform_bytes(wide, backend);
            assert!(points
                .iter()
                .all(|p| p.z.0 == FieldElement::ONE.0 && p.t.equals(&p.x.mul(&p.y))));
            let ours: Vec<[u8; 32]> = points
                .iter()
                .map(ExtendedPoint::to_ristretto_bytes)
                .collect();
            assert_eq!(ours, expected, "{backend:?}");
        }
    }

    /// Edge inputs: zeros (t = 0 on both halves, the identity's neighbourhood), all ones (the
    /// top bits ignored, values above p reduced), p itself and p − 1 in either half.
    #[test]
    fn edges_agree_with_dalek() {
        let mut p = [0xffu8; 32];
        p[0] = 0xed;
        p[31] = 0x7f;
        let mut p_minus_1 = p;
        p_minus_1[0] = 0xec;
        let halves = [[0u8; 32], [0xff; 32], p, p_minus_1, {
            let mut one = [0u8; 32];
            one[0] = 1;
            one
        }];
        let mut wide = Vec::new();
        for a in &halves {
            for b in &halves {
                let mut w = [0u8; 64];
                w[..32].copy_from_slice(a);
                w[32..].copy_from_slice(b);
                wide.push(w);
            }
        }
        agree(&wide);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        /// Random inputs in batches of every length around the vector width (a partial last
        /// chunk, a chunk short enough for the serial tail).
        #[test]
        fn random_agree_with_dalek(wide in proptest::collection::vec(any::<[u8; 32]>(), 2..70)) {
            let inputs: Vec<[u8; 64]> = wide
                .chunks_exact(2)
                .map(|pair| {
                    let mut w = [0u8; 64];
                    w[..32].copy_from_slice(&pair[0]);
                    w[32..].copy_from_slice(&pair[1]);
                    w
                })
                .collect();
            agree(&inputs);
        }
    }
}
