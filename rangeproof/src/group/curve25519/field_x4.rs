//! Four elements of \\(\mathbb F_p\\) at a time with AVX2: the square-root candidate of
//! [`super::field::sqrt_ratio_candidate`] for CPUs without AVX-512 IFMA.
//!
//! # Representation and bounds
//!
//! AVX2 multiplies 32-bit halves (`vpmuludq`: the low 32 bits of each 64-bit lane, to a 64-bit
//! product), so an element is ten limbs in radix \\(2^{25.5}\\): \\(f = \sum_i f_i
//! 2^{\lceil 25.5 i \rceil}\\), even limbs of 26 bits, odd limbs of 25 — limb \\(k\\) of the
//! serial radix-\\(2^{51}\\) form is \\(f_{2k} + 2^{26} f_{2k+1}\\), so converting is a split and
//! a join. Vector \\(i\\) holds limb \\(i\\) of four elements, one per 64-bit lane.
//!
//! The product is the schoolbook one of `ref10`'s `fe_mul`, in unsigned arithmetic: with even
//! limbs below \\(2^{27}\\) and odd limbs below \\(2^{26}\\) on input, \\(h_k = \sum_{i+j=k}
//! f_i g_j\\) plus \\(19 \sum_{i+j=k+10} f_i g_j\\), where a product of two odd limbs counts
//! twice (their positions add to one less than the sum's). The factors \\(19 g_j <
//! 19 \cdot 2^{27} < 2^{32}\\) and \\(2 f_i < 2^{27}\\) are 32-bit, each product is below
//! \\(2^{59}\\), and the ten of a sum stay below \\(2^{63}\\). The carry chain (`ref10`'s order)
//! then leaves even limbs below \\(2^{26}\\) and odd ones below \\(2^{25} + 2^{19}\\): the next
//! multiplication's inputs.
//!
//! # Safety
//!
//! The vector functions are `#[target_feature(enable = "avx2")]` and run only after
//! [`super::Backend::detect`] has found AVX2 on the running CPU; the only other `unsafe` is the
//! reinterpretation between `__m256i` and `[u64; 4]`, 32 bytes of plain data either way.

#![allow(unsafe_code)]

/// Elements per vector call: two interleaved 4-lane vectors.
pub const LANES: usize = 8;

#[cfg(target_arch = "x86_64")]
pub(super) mod avx2 {
    use core::arch::x86_64::*;

    use super::super::field::FieldElement;
    use super::super::field::{pow22501_chain, pow_p58_chain, sqrt_ratio_candidate_chain};
    use super::LANES;

    /// `$row!(0); … $row!(9);`: the rows of a product written out with constant indices.
    macro_rules! each_row {
        ($row:ident) => {
            $row!(0);
            $row!(1);
            $row!(2);
            $row!(3);
            $row!(4);
            $row!(5);
            $row!(6);
            $row!(7);
            $row!(8);
            $row!(9);
        };
    }

    /// Four field elements, limb-major, radix \\(2^{25.5}\\).
    #[derive(Clone, Copy)]
    struct FieldElementX4([__m256i; 10]);

    type Pair = [FieldElementX4; 2];

    const MASK26: i64 = (1 << 26) - 1;
    const MASK25: i64 = (1 << 25) - 1;

    #[inline]
    #[target_feature(enable = "avx2")]
    fn from_lanes(lanes: [u64; 4]) -> __m256i {
        // SAFETY: `[u64; 4]` and `__m256i` are 32 bytes of plain data; every bit pattern is
        // valid for both.
        unsafe { core::mem::transmute::<[u64; 4], __m256i>(lanes) }
    }

    #[inline]
    #[target_feature(enable = "avx2")]
    fn to_lanes(v: __m256i) -> [u64; 4] {
        // SAFETY: as in `from_lanes`.
        unsafe { core::mem::transmute::<__m256i, [u64; 4]>(v) }
    }

    /// Four serial elements (fiat's tight limbs, at most \\(2^{51}\\)) split into ten limbs.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn load(values: &[FieldElement]) -> FieldElementX4 {
        FieldElementX4(core::array::from_fn(|i| {
            let k = i / 2;
            from_lanes(core::array::from_fn(|j| {
                let limb = values[j].0[k];
                if i % 2 == 0 {
                    limb & MASK26 as u64
                } else {
                    limb >> 26
                }
            }))
        }))
    }

    /// The four elements back in radix \\(2^{51}\\), carried by fiat.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn store(x: &FieldElementX4, out: &mut [FieldElement]) {
        let limbs: [[u64; 4]; 10] = core::array::from_fn(|i| to_lanes(x.0[i]));
        for (j, value) in out.iter_mut().enumerate().take(4) {
            let joined: [u64; 5] =
                core::array::from_fn(|k| limbs[2 * k][j] + (limbs[2 * k + 1][j] << 26));
            *value = FieldElement::from_loose_limbs(joined);
        }
    }

    #[inline]
    #[target_feature(enable = "avx2")]
    fn times19(x: __m256i) -> __m256i {
        _mm256_add_epi64(
            _mm256_add_epi64(_mm256_slli_epi64::<4>(x), _mm256_slli_epi64::<1>(x)),
            x,
        )
    }

    #[inline]
    #[target_feature(enable = "avx2")]
    fn mul(f: &FieldElementX4, g: &FieldElementX4) -> FieldElementX4 {
        let (f, g) = (&f.0, &g.0);
        let nineteen = _mm256_set1_epi64x(19);
        let g19: [__m256i; 10] = core::array::from_fn(|j| _mm256_mul_epu32(g[j], nineteen));
        let f2: [__m256i; 10] = core::array::from_fn(|i| {
            if i % 2 == 1 {
                _mm256_add_epi64(f[i], f[i])
            } else {
                f[i]
            }
        });
        // Row by row: the `if`s depend only on the constant loop indices, which the
        // compiler unrolls (checked: no branch or variable shift in the product).
        let mut h = [_mm256_setzero_si256(); 10];
        macro_rules! row {
            ($i:literal) => {
                for j in 0..10 {
                    let a = if $i % 2 == 1 && j % 2 == 1 {
                        f2[$i]
                    } else {
                        f[$i]
                    };
                    let (k, b) = if $i + j < 10 {
                        ($i + j, g[j])
                    } else {
                        ($i + j - 10, g19[j])
                    };
                    h[k] = _mm256_add_epi64(h[k], _mm256_mul_epu32(a, b));
                }
            };
        }
        each_row!(row);
        carry(h)
    }

    /// `ref10`'s carry order, unsigned, written out so every index and shift is a constant.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn carry(h: [__m256i; 10]) -> FieldElementX4 {
        let (m26, m25) = (_mm256_set1_epi64x(MASK26), _mm256_set1_epi64x(MASK25));
        let [mut h0, mut h1, mut h2, mut h3, mut h4, mut h5, mut h6, mut h7, mut h8, mut h9] = h;
        macro_rules! step {
            ($from:ident, $to:ident, $bits:literal, $mask:ident) => {
                let c = _mm256_srli_epi64::<$bits>($from);
                $from = _mm256_and_si256($from, $mask);
                $to = _mm256_add_epi64($to, c);
            };
        }
        step!(h0, h1, 26, m26);
        step!(h4, h5, 26, m26);
        step!(h1, h2, 25, m25);
        step!(h5, h6, 25, m25);
        step!(h2, h3, 26, m26);
        step!(h6, h7, 26, m26);
        step!(h3, h4, 25, m25);
        step!(h7, h8, 25, m25);
        step!(h4, h5, 26, m26);
        step!(h8, h9, 26, m26);
        let c = _mm256_srli_epi64::<25>(h9);
        h9 = _mm256_and_si256(h9, m25);
        h0 = _mm256_add_epi64(h0, times19(c));
        step!(h0, h1, 26, m26);
        FieldElementX4([h0, h1, h2, h3, h4, h5, h6, h7, h8, h9])
    }

    #[inline]
    #[target_feature(enable = "avx2")]
    fn mul2(a: &Pair, b: &Pair) -> Pair {
        [mul(&a[0], &b[0]), mul(&a[1], &b[1])]
    }

    /// `f²` with each product \\(f_i f_j\\), \\(i \le j\\), once (55 instead of 100): a cross
    /// product counts twice (the 2 goes on \\(f_i\\)), two odd limbs once more and a wrap past
    /// limb 9 times 19 (both on \\(f_j\\): \\(38 f_j < 2^{31}\\) for odd \\(j\\), \\(19 f_j <
    /// 2^{32}\\)); the sums stay below the product's, so the same carry applies.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn square(f: &FieldElementX4) -> FieldElementX4 {
        let f = &f.0;
        let scaled = |k: i64| -> [__m256i; 10] {
            let k = _mm256_set1_epi64x(k);
            core::array::from_fn(|i| _mm256_mul_epu32(f[i], k))
        };
        let (f2, f19, f38) = (scaled(2), scaled(19), scaled(38));
        let mut h = [_mm256_setzero_si256(); 10];
        macro_rules! row {
            ($i:literal) => {
                for j in $i..10 {
                    let a = if $i < j || $i % 2 == 1 { f2[$i] } else { f[$i] };
                    let twice_more = $i < j && $i % 2 == 1 && j % 2 == 1;
                    let b = match (twice_more, $i + j >= 10) {
                        (false, false) => f[j],
                        (true, false) => f2[j],
                        (false, true) => f19[j],
                        (true, true) => f38[j],
                    };
                    let k = ($i + j) % 10;
                    h[k] = _mm256_add_epi64(h[k], _mm256_mul_epu32(a, b));
                }
            };
        }
        each_row!(row);
        carry(h)
    }

    #[inline]
    #[target_feature(enable = "avx2")]
    fn pow2k(a: &Pair, k: u32) -> Pair {
        let mut x = *a;
        for _ in 0..k {
            x = [square(&x[0]), square(&x[1])];
        }
        x
    }

    /// [`super::super::field::sqrt_ratio_candidate`] lane by lane.
    #[target_feature(enable = "avx2")]
    pub(in super::super) fn sqrt_ratio_candidate(
        u: &[FieldElement; LANES],
        v: &[FieldElement; LANES],
    ) -> ([FieldElement; LANES], [FieldElement; LANES]) {
        let u: Pair = [load(&u[..4]), load(&u[4..])];
        let v: Pair = [load(&v[..4]), load(&v[4..])];
        let (r0, check) = sqrt_ratio_candidate_chain!(u, v, |a, b| mul2(a, b), |a, k| pow2k(a, k));
        let mut out = ([FieldElement::ZERO; LANES], [FieldElement::ZERO; LANES]);
        store(&r0[0], &mut out.0[..4]);
        store(&r0[1], &mut out.0[4..]);
        store(&check[0], &mut out.1[..4]);
        store(&check[1], &mut out.1[4..]);
        out
    }
}
