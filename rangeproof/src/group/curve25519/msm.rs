//! Variable-time multiscalar multiplication over the engine's points: Pippenger's bucket
//! method with signed digits.
//!
//! # The method
//!
//! Each scalar \\(s_i < 2^{253}\\) is recoded in radix \\(2^c\\) with digits
//! \\(d_{i,w} \in [-2^{c-1}, 2^{c-1}]\\) over \\(W = \lceil 254/c \rceil\\) windows (the top
//! window holds at most \\(c - 1\\) bits of the scalar, so its carry never overflows), and
//! \\(\sum_i s_i P_i = \sum_w 2^{cw} S_w\\) with \\(S_w = \sum_{b \ge 1} b \cdot B_{w,b}\\),
//! where bucket \\(B_{w,b}\\) sums the \\(\pm P_i\\) with \\(|d_{i,w}| = b\\). A bucket costs
//! one mixed addition per point (the points are normalized to affine form first); \\(S_w\\)
//! costs \\(2 \cdot 2^{c-1}\\) additions by running sums; the windows are combined by Horner's
//! rule with \\(c\\) doublings each.
//!
//! # Why our own
//!
//! `curve25519-dalek`'s Pippenger caps its window at 8 bits; wider windows save additions on
//! large inputs (a batch's tens of thousands of points), and the engine's decoded points are
//! not `curve25519-dalek` points. With AVX-512 IFMA the buckets of eight windows are filled at
//! once, one window per vector lane ([`super::msm_x8`]); this serial version is the fallback and
//! the reference the vector one is tested against.

use alloc::{vec, vec::Vec};
use curve25519_dalek::Scalar;

use super::field::FieldElement;
use super::point::{AffineNiels, ExtendedPoint};

/// Number of windows for radix \\(2^c\\) (see the module notes).
pub(super) fn windows(c: usize) -> usize {
    254usize.div_ceil(c)
}

/// The signed radix-\\(2^c\\) digits of every scalar, scalar-major: `digits[i * W + w]`.
pub(super) fn signed_digits(scalars: &[Scalar], c: usize) -> Vec<i32> {
    let w_count = windows(c);
    let mut digits = Vec::with_capacity(scalars.len() * w_count);
    let radix = 1i64 << c;
    let half = radix / 2;
    for scalar in scalars {
        let bytes = scalar.as_bytes();
        let mut limbs = [0u64; 5];
        for (k, limb) in limbs.iter_mut().take(4).enumerate() {
            *limb = u64::from_le_bytes(core::array::from_fn(|b| bytes[8 * k + b]));
        }
        let mut carry = 0i64;
        for w in 0..w_count {
            let bit = w * c;
            let (limb, shift) = (bit / 64, bit % 64);
            // The c bits at `bit` (c ≤ 32, so they span at most two limbs).
            let mut raw = limbs[limb] >> shift;
            if shift + c > 64 {
                raw |= limbs[limb + 1] << (64 - shift);
            }
            let value = (raw & (radix as u64 - 1)) as i64 + carry;
            carry = (value > half) as i64;
            digits.push((value - carry * radix) as i32);
        }
        debug_assert_eq!(carry, 0);
    }
    digits
}

/// The window width for `n` points, minimizing \\(W (n + 2^c)\\) roughly: the serial cost
/// model (one addition per point and window, two per bucket and window).
pub(super) fn serial_window(n: usize) -> usize {
    (4..=16)
        .min_by_key(|&c| windows(c) * (n + (1usize << c)))
        .unwrap_or(8)
}

/// Every point in mixed-addition form (one shared field inversion for those with \\(Z \ne 1\\)).
/// Takes the points by reference from wherever they are (the verifiers' batch points), so
/// they are not copied on the way to the multiscalar multiplication.
pub fn affine_niels<'a, I>(points: I) -> Vec<AffineNiels>
where
    I: IntoIterator<Item = &'a ExtendedPoint>,
    I::IntoIter: Clone,
{
    let points = points.into_iter();
    let mut z_inverses: Vec<FieldElement> = points.clone().map(|p| p.z).collect();
    batch_invert(&mut z_inverses);
    points
        .zip(&z_inverses)
        .map(|(p, z_inv)| p.affine_niels(z_inv))
        .collect()
}

/// Every point with \\(Z = 1\\) (one shared inversion): the form [`affine_niels`] takes without
/// an inversion of its own, for points kept and used in many multiscalar multiplications
/// (generators).
pub(super) fn normalize(points: &mut [ExtendedPoint]) {
    let mut z_inverses: Vec<FieldElement> = points.iter().map(|p| p.z).collect();
    batch_invert(&mut z_inverses);
    for (p, z_inv) in points.iter_mut().zip(&z_inverses) {
        if p.z.0 == FieldElement::ONE.0 {
            continue;
        }
        let (x, y) = (p.x.mul(z_inv), p.y.mul(z_inv));
        *p = ExtendedPoint {
            x,
            y,
            z: FieldElement::ONE,
            t: x.mul(&y),
        };
    }
}

/// Inverts every element with one inversion (Montgomery's trick), skipping those that are
/// exactly one (the decoders' points) and mapping zero to zero.
fn batch_invert(values: &mut [FieldElement]) {
    let mut prefix = Vec::with_capacity(values.len());
    let mut acc = FieldElement::ONE;
    for v in values.iter() {
        prefix.push(acc);
        if v.0 != FieldElement::ONE.0 && !v.is_zero() {
            acc = acc.mul(v);
        }
    }
    let mut inv = acc.invert();
    for (v, before) in values.iter_mut().zip(prefix).rev() {
        if v.0 == FieldElement::ONE.0 || v.is_zero() {
            continue;
        }
        let inverse = inv.mul(&before);
        inv = inv.mul(v);
        *v = inverse;
    }
}

/// \\(\sum_i s_i P_i\\), serially.
pub fn vartime_msm_serial(scalars: &[Scalar], points: &[ExtendedPoint]) -> ExtendedPoint {
    vartime_msm_serial_niels(scalars, &affine_niels(points))
}

/// [`vartime_msm_serial`] over points already in mixed-addition form ([`affine_niels`]).
pub fn vartime_msm_serial_niels(scalars: &[Scalar], niels: &[AffineNiels]) -> ExtendedPoint {
    debug_assert_eq!(scalars.len(), niels.len());
    let n = scalars.len().min(niels.len());
    if n == 0 {
        return ExtendedPoint::IDENTITY;
    }
    let c = serial_window(n);
    let w_count = windows(c);
    let digits = signed_digits(&scalars[..n], c);
    let niels = &niels[..n];
    let bucket_count = 1usize << (c - 1);
    let mut acc = ExtendedPoint::IDENTITY;
    let mut buckets = vec![ExtendedPoint::IDENTITY; bucket_count];
    for w in (0..w_count).rev() {
        for _ in 0..c {
            acc = acc.double();
        }
        buckets.fill(ExtendedPoint::IDENTITY);
        for (i, point) in niels.iter().enumerate() {
            let d = digits[i * w_count + w];
            if d > 0 {
                let b = &mut buckets[d as usize - 1];
                *b = b.add_affine(point);
            } else if d < 0 {
                let b = &mut buckets[(-d) as usize - 1];
                *b = b.add_affine(&point.neg());
            }
        }
        acc = acc.add(&sum_buckets(&buckets));
    }
    acc
}

/// \\(\sum_b (b + 1) \cdot B_b\\) by running sums.
pub(super) fn sum_buckets(buckets: &[ExtendedPoint]) -> ExtendedPoint {
    let mut running = ExtendedPoint::IDENTITY;
    let mut sum = ExtendedPoint::IDENTITY;
    for bucket in buckets.iter().rev() {
        running = running.add(bucket);
        sum = sum.add(&running);
    }
    sum
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::group::curve25519::decompress::decompress_ristretto;
    use crate::group::curve25519::Backend;
    use curve25519_dalek::traits::VartimeMultiscalarMul;
    use curve25519_dalek::RistrettoPoint;
    use proptest::prelude::*;
    use rand::rngs::OsRng;
    use rand::RngCore;

    pub(crate) fn random_scalar() -> Scalar {
        let mut wide = [0u8; 64];
        OsRng.fill_bytes(&mut wide);
        Scalar::from_bytes_mod_order_wide(&wide)
    }

    /// `n` random points as dalek points and as the engine decodes their encodings.
    pub(crate) fn random_points(n: usize) -> (Vec<RistrettoPoint>, Vec<ExtendedPoint>) {
        let dalek: Vec<RistrettoPoint> = (0..n)
            .map(|_| RistrettoPoint::mul_base(&random_scalar()))
            .collect();
        let encodings: Vec<[u8; 32]> = dalek.iter().map(|p| p.compress().to_bytes()).collect();
        let ours = decompress_ristretto(&encodings, Backend::detect())
            .into_iter()
            .map(|p| p.expect("a valid encoding"))
            .collect();
        (dalek, ours)
    }

    /// Edge scalars: 0, 1, -1, 2^252 and around, all digits at the maximum.
    pub(crate) fn edge_scalars() -> Vec<Scalar> {
        let mut top = [0u8; 32];
        top[31] = 0x10; // 2^252
        let mut ones = [0xffu8; 32];
        ones[31] = 0x0f; // 2^252 - 1
        vec![
            Scalar::ZERO,
            Scalar::ONE,
            -Scalar::ONE,
            Scalar::from_bytes_mod_order(top),
            Scalar::from_bytes_mod_order(ones),
            Scalar::from(u64::MAX),
            Scalar::from(0x8080_8080_8080_8080u64),
        ]
    }

    /// `n` scalars: the edge scalars over and over, or random ones.
    pub(crate) fn test_scalars(n: usize, edge: bool) -> Vec<Scalar> {
        if edge {
            edge_scalars().into_iter().cycle().take(n).collect()
        } else {
            (0..n).map(|_| random_scalar()).collect()
        }
    }

    #[test]
    fn digits_recombine() {
        for c in 4..=16 {
            for s in edge_scalars()
                .into_iter()
                .chain((0..8).map(|_| random_scalar()))
            {
                let digits = signed_digits(&[s], c);
                let half = 1i32 << (c - 1);
                assert!(digits.iter().all(|d| -half <= *d && *d <= half));
                let radix = Scalar::from(1u64 << c);
                let value = digits.iter().rev().fold(Scalar::ZERO, |acc, d| {
                    let d = if *d < 0 {
                        -Scalar::from((-*d) as u64)
                    } else {
                        Scalar::from(*d as u64)
                    };
                    acc * radix + d
                });
                assert_eq!(value, s, "c = {c}");
            }
        }
    }

    #[test]
    fn group_law() {
        let (dalek, ours) = random_points(3);
        let (p, q) = (ours[0], ours[1]);
        let niels = affine_niels([&q])[0];
        assert_eq!(
            p.add(&q).to_ristretto_bytes(),
            (dalek[0] + dalek[1]).compress().to_bytes()
        );
        assert_eq!(
            p.add_affine(&niels).to_ristretto_bytes(),
            (dalek[0] + dalek[1]).compress().to_bytes()
        );
        assert_eq!(
            p.add_affine(&niels.neg()).to_ristretto_bytes(),
            (dalek[0] - dalek[1]).compress().to_bytes()
        );
        assert_eq!(
            p.double().to_ristretto_bytes(),
            (dalek[0] + dalek[0]).compress().to_bytes()
        );
        // Completeness: P + P by the addition formula, P + (-P), identity + P.
        assert_eq!(
            p.add(&p).to_ristretto_bytes(),
            p.double().to_ristretto_bytes()
        );
        assert!(p.add(&p.neg()).is_ristretto_identity());
        assert!(p.add(&p.neg()).is_identity());
        assert_eq!(
            ExtendedPoint::IDENTITY.add(&p).to_ristretto_bytes(),
            dalek[0].compress().to_bytes()
        );
        // A projective input (Z ≠ 1) normalizes.
        let doubled = p.double();
        let n = affine_niels([&doubled])[0];
        assert_eq!(
            ExtendedPoint::IDENTITY.add_affine(&n).to_ristretto_bytes(),
            doubled.to_ristretto_bytes()
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn serial_msm_matches_dalek(n in 0usize..80, edge in any::<bool>()) {
            let (dalek, ours) = random_points(n);
            let scalars = test_scalars(n, edge);
            let expected = RistrettoPoint::vartime_multiscalar_mul(&scalars, &dalek);
            let got = vartime_msm_serial(&scalars, &ours);
            prop_assert_eq!(got.to_ristretto_bytes(), expected.compress().to_bytes());
        }
    }
}
