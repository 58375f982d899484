//! Vectors of curve25519 scalars times one scalar, in the Montgomery form of
//! `MontScalar`, eight at a time with AVX-512 IFMA: the verifiers'
//! coefficient vectors (product trees, powers) are long runs of exactly this operation.
//!
//! # The multiplication
//!
//! `MontScalar` holds \\(aR \bmod \ell\\), \\(R = 2^{256}\\), in four 64-bit limbs. Here the
//! same integer is split into five 52-bit limbs (it is below \\(\ell < 2^{253}\\)), and the
//! lanes run Montgomery's product with \\(R' = 2^{260}\\) (five rounds of one 52-bit limb):
//! \\(T = a b' / R' \bmod \ell\\). Taking \\(b' = 16 b R \bmod \ell\\) for the factor \\(bR\\)
//! gives \\(T = aR \cdot 16bR / 2^{260} = abR\\): `MontScalar`'s own product, with the factor's
//! correction paid once per vector.
//!
//! Each round adds \\(a_i b'\\) and \\(m \ell\\), \\(m = t_0 \ell' \bmod 2^{52}\\) with
//! \\(\ell' = -\ell^{-1} \bmod 2^{52}\\), which zeroes the low limb (dropped: the division by
//! \\(2^{52}\\)). `vpmadd52luq`/`vpmadd52huq` add the low / high 52 bits of each product, so a
//! limb collects at most four values below \\(2^{52}\\) a round, and with the shifts at most
//! twenty over the five rounds: below \\(2^{57}\\), no overflow. The result is below
//! \\(a b'/R' + \ell < 2\ell\\); a carry pass and one conditional subtraction of \\(\ell\\) make
//! it the fully reduced value `MontScalar` requires (its equality compares limbs).
//!
//! # Safety
//!
//! As in [`super::field_x8`] (whose lane conversions it uses): the vector function runs only
//! after [`super::Backend::detect`] found AVX-512 F, DQ and IFMA.

#![allow(unsafe_code)]

use super::field_x8::Backend;
use crate::group::montgomery::MontScalar;

/// `dst[i] = src[i] · factor` (Montgomery products) for `i < min(len)`, eight lanes at a time
/// with IFMA when this CPU has it and `backend` asks for it, serially otherwise.
pub fn scale_into(
    src: &[MontScalar],
    factor: MontScalar,
    dst: &mut [MontScalar],
    backend: Backend,
) {
    let len = src.len().min(dst.len());
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
    let mut done = 0;
    #[cfg(target_arch = "x86_64")]
    if backend == Backend::Ifma && len >= 8 && Backend::detect() == Backend::Ifma {
        let factor16 = factor_times_16(factor);
        for (s, d) in src[..len]
            .chunks_exact(8)
            .zip(dst[..len].chunks_exact_mut(8))
        {
            let lanes: [MontScalar; 8] = core::array::from_fn(|j| s[j]);
            // SAFETY: `Backend::detect` returned `Ifma`: this CPU has AVX-512 F, DQ and IFMA,
            // the features `ifma::scale` is compiled for.
            let out = unsafe { ifma::scale(&lanes, &factor16) };
            d.copy_from_slice(&out);
            done += 8;
        }
    }
    let _ = backend;
    for (d, s) in dst[done..len].iter_mut().zip(&src[done..len]) {
        *d = *s * factor;
    }
}

/// \\(16 \cdot\\) `factor` (the limbs of \\(16bR \bmod \ell\\)).
fn factor_times_16(factor: MontScalar) -> [u64; 4] {
    let mut x = factor;
    for _ in 0..4 {
        x = x + x;
    }
    x.limbs()
}

#[cfg(target_arch = "x86_64")]
mod ifma {
    use core::arch::x86_64::*;

    use super::super::field_x8::ifma::{from_lanes, to_lanes};
    use crate::group::montgomery::MontScalar;

    const MASK52: u64 = (1 << 52) - 1;
    /// ℓ in 52-bit limbs.
    const L: [u64; 5] = [
        671914833335277,
        3916664325105025,
        1367801,
        0,
        17592186044416,
    ];
    /// -ℓ⁻¹ mod 2^52.
    const L_PRIME: u64 = 1439961107955227;

    /// Four 64-bit limbs (a value below 2^253) as five 52-bit ones.
    fn split(x: [u64; 4]) -> [u64; 5] {
        [
            x[0] & MASK52,
            (x[0] >> 52 | x[1] << 12) & MASK52,
            (x[1] >> 40 | x[2] << 24) & MASK52,
            (x[2] >> 28 | x[3] << 36) & MASK52,
            x[3] >> 16,
        ]
    }

    /// Five 52-bit limbs (normalized) as four 64-bit ones.
    fn join(t: [u64; 5]) -> [u64; 4] {
        [
            t[0] | t[1] << 52,
            t[1] >> 12 | t[2] << 40,
            t[2] >> 24 | t[3] << 28,
            t[3] >> 36 | t[4] << 16,
        ]
    }

    /// Eight Montgomery products with the factor `b16` (\\(16bR\\), see the module notes).
    #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
    pub(super) fn scale(a: &[MontScalar; 8], b16: &[u64; 4]) -> [MontScalar; 8] {
        let split_a: [[u64; 5]; 8] = core::array::from_fn(|j| split(a[j].limbs()));
        let a_limbs: [__m512i; 5] =
            core::array::from_fn(|k| from_lanes(core::array::from_fn(|j| split_a[j][k])));
        let b = split(*b16);
        let b: [__m512i; 5] = core::array::from_fn(|k| _mm512_set1_epi64(b[k] as i64));
        let l: [__m512i; 5] = core::array::from_fn(|k| _mm512_set1_epi64(L[k] as i64));
        let l_prime = _mm512_set1_epi64(L_PRIME as i64);
        let zero = _mm512_setzero_si512();

        let mut t = [zero; 6];
        for a_i in a_limbs {
            for j in 0..5 {
                t[j] = _mm512_madd52lo_epu64(t[j], a_i, b[j]);
                t[j + 1] = _mm512_madd52hi_epu64(t[j + 1], a_i, b[j]);
            }
            let m = _mm512_madd52lo_epu64(zero, t[0], l_prime);
            for j in 0..5 {
                if L[j] != 0 {
                    t[j] = _mm512_madd52lo_epu64(t[j], m, l[j]);
                    t[j + 1] = _mm512_madd52hi_epu64(t[j + 1], m, l[j]);
                }
            }
            // The low limb is now 0 mod 2^52: carry its top bits and drop it.
            let carry = _mm512_srli_epi64::<52>(t[0]);
            t = [_mm512_add_epi64(t[1], carry), t[2], t[3], t[4], t[5], zero];
        }

        // Normalize to 52-bit limbs, then subtract ℓ where that does not borrow.
        let mask = _mm512_set1_epi64(MASK52 as i64);
        for k in 0..4 {
            t[k + 1] = _mm512_add_epi64(t[k + 1], _mm512_srli_epi64::<52>(t[k]));
            t[k] = _mm512_and_si512(t[k], mask);
        }
        let mut d = [zero; 5];
        let mut borrow = zero;
        for k in 0..5 {
            let diff = _mm512_sub_epi64(_mm512_sub_epi64(t[k], l[k]), borrow);
            borrow = _mm512_srli_epi64::<63>(diff);
            d[k] = _mm512_and_si512(diff, mask);
        }
        // No final borrow: T ≥ ℓ, take T - ℓ.
        let keep_difference = _mm512_cmpeq_epi64_mask(borrow, zero);
        let r: [[u64; 8]; 5] = core::array::from_fn(|k| {
            to_lanes(_mm512_mask_blend_epi64(keep_difference, t[k], d[k]))
        });
        core::array::from_fn(|j| MontScalar::from_limbs(join(core::array::from_fn(|k| r[k][j]))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use curve25519_dalek::Scalar;
    use proptest::prelude::*;

    /// The vector scaling (where this CPU runs it; the serial loop otherwise, said so) against
    /// fiat's product.
    fn agree(src: &[MontScalar], factor: MontScalar) {
        use crate::group::curve25519::simd_test_support::runs_here;
        let backend = if runs_here(Backend::Ifma, "scalar_x8 differential tests") {
            Backend::Ifma
        } else {
            Backend::Serial
        };
        let mut fast = vec![MontScalar::ZERO; src.len()];
        scale_into(src, factor, &mut fast, backend);
        for (s, f) in src.iter().zip(&fast) {
            assert_eq!(*f, *s * factor);
        }
    }

    #[test]
    fn edges() {
        let minus_one = MontScalar::from(Scalar::ZERO - Scalar::ONE);
        let edges = [
            MontScalar::ZERO,
            MontScalar::one(),
            minus_one,
            MontScalar::from(1u64 << 63),
        ];
        for factor in edges {
            let src: Vec<MontScalar> = edges.iter().cycle().take(19).copied().collect();
            agree(&src, factor);
        }
    }

    proptest! {
        #[test]
        fn random_agree_with_fiat(
            src in proptest::collection::vec(any::<[u8; 32]>(), 0..40),
            factor in any::<[u8; 32]>(),
        ) {
            let scalar = |b: &[u8; 32]| MontScalar::from(Scalar::from_bytes_mod_order(*b));
            let src: Vec<MontScalar> = src.iter().map(scalar).collect();
            agree(&src, scalar(&factor));
        }
    }
}
