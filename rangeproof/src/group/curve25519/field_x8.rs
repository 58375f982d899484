//! Eight elements of \\(\mathbb F_p\\) at a time with AVX-512 IFMA: the exponentiation
//! \\(x \mapsto x^{(p-5)/8}\\) behind every square root of point decompression, for a batch of
//! encodings at once, and the vector field operations [`super::msm_x8`] adds points with
//! (products, and sums and differences carried back below \\(2^{52}\\)).
//!
//! # Representation
//!
//! A `FieldElementX8` holds eight field elements, lane \\(j\\) of vector \\(k\\) being limb
//! \\(k\\) of element \\(j\\), in the serial type's radix \\(2^{51}\\). `vpmadd52luq` /
//! `vpmadd52huq` multiply the low 52 bits of two lanes and add the low / high 52 bits of the
//! 104-bit product to an accumulator, so inputs must have limbs below \\(2^{52}\\). Every
//! vector function keeps `fiat-crypto`'s tight invariant (below), and [`sqrt_ratio_batch`] carries
//! its inputs once with fiat before loading them, so any serial element is a valid input.
//!
//! # Multiplication and its bounds
//!
//! With \\(a = \sum a_i 2^{51 i}\\), \\(b = \sum b_j 2^{51 j}\\), limbs below \\(2^{52}\\): each
//! product \\(a_i b_j < 2^{104}\\) splits as \\(\ell + h\, 2^{52}\\) with \\(\ell, h < 2^{52}\\).
//! Summing by \\(k = i + j\\), \\(ab = \sum_{k \le 8} L_k 2^{51k} + H_k 2^{51k + 52}\\), and since
//! \\(2^{52} = 2 \cdot 2^{51}\\), the coefficient of \\(2^{51k}\\) is
//! \\(c_k = L_k + 2 H_{k-1}\\) (\\(k \le 9\\)), with at most five terms in each sum:
//! \\(c_k < 5 \cdot 2^{52} + 10 \cdot 2^{52} < 2^{56}\\). As \\(2^{255} \equiv 19\\), the top
//! five fold into the bottom five: \\(d_t = c_t + 19 c_{t+5} < 20 \cdot 2^{56} < 2^{61}\\), no
//! overflow of the 64-bit lanes. A carry chain then brings limbs to \\(2^{51}\\): each carry is
//! below \\(2^{11}\\), the one out of the top limb re-enters the bottom times 19
//! (\\(< 2^{16}\\)), and two last carries (limb 0 into 1, limb 1 into 2) leave limbs 0, 1, 3
//! and 4 below \\(2^{51}\\) and limb 2 at most \\(2^{51}\\) — the same invariant as
//! `fiat-crypto`'s tight elements, so inputs from either satisfy it.
//!
//! Squaring computes each cross product \\(a_i a_j\\) (\\(i < j\\)) once, as
//! \\(2a_i \cdot a_j\\) with the doubled limb chosen among those below \\(2^{51}\\) (never
//! limb 2), so the doubled factor stays below \\(2^{52}\\): 30 multiplications instead of 50,
//! and smaller sums than a product's.
//!
//! # Safety
//!
//! The vector functions are `#[target_feature(enable = "avx512f,avx512dq,avx512ifma")]`
//! (DQ is no longer needed since the multiplications by 19 became shifts and additions; it stays
//! in the one feature set every IFMA CPU has); calling them is `unsafe` except from functions with
//! the same features, and the public entry points call them only after
//! `is_x86_feature_detected!` ([`Backend::detect`]) has confirmed all three on the running
//! CPU. The only other `unsafe` is the reinterpretation between `__m512i` and `[u64; 8]`, two
//! 64-byte plain-data types with no invalid bit patterns.

#![allow(unsafe_code)]

use super::field::{sqrt_ratio_candidate, FieldElement};
use alloc::vec::Vec;

/// How the batch exponentiation runs: chosen once per call by CPU feature detection, or forced
/// by the differential tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// `fiat-crypto`'s serial arithmetic, one element at a time.
    Serial,
    /// Eight elements at a time (two interleaved 4-lane vectors) with AVX2
    /// ([`super::field_x4`]).
    Avx2,
    /// Sixteen elements at a time (two interleaved 8-lane vectors) with AVX-512 IFMA (and
    /// the F and DQ subsets it comes with on every CPU that has it).
    Ifma,
}

/// Whether this CPU has an x86 feature: detected at run time with `std`; without it (a
/// `no_std` build, no operating system to ask), whether the build was compiled for it
/// (`-C target-feature`), which any CPU that runs the build then has. Either way a `true` makes
/// the vector code's `unsafe` calls sound: the features they are compiled for are present.
#[cfg(target_arch = "x86_64")]
macro_rules! cpu_has {
    ($feature:tt) => {{
        #[cfg(feature = "std")]
        let has = std::is_x86_feature_detected!($feature);
        #[cfg(not(feature = "std"))]
        let has = cfg!(target_feature = $feature);
        has
    }};
}

impl Backend {
    /// The fastest backend this CPU runs.
    // Without `std` the checks are compile-time constants, which clippy would fold.
    #[cfg_attr(not(feature = "std"), allow(clippy::nonminimal_bool, clippy::eq_op))]
    pub fn detect() -> Backend {
        #[cfg(target_arch = "x86_64")]
        {
            if cpu_has!("avx512f") && cpu_has!("avx512dq") && cpu_has!("avx512ifma") {
                return Backend::Ifma;
            }
            if cpu_has!("avx2") {
                return Backend::Avx2;
            }
        }
        Backend::Serial
    }

    /// Whether this backend's vector code runs on this CPU (a backend that does not falls
    /// back to serial arithmetic wherever it is asked for).
    pub fn is_available(self) -> bool {
        match self {
            Backend::Serial => true,
            Backend::Ifma => Backend::detect() == Backend::Ifma,
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2 => cpu_has!("avx2"),
            #[cfg(not(target_arch = "x86_64"))]
            Backend::Avx2 => false,
        }
    }
}

/// Vector calls made on this thread, per backend (AVX2, IFMA): the differential tests check
/// that the vector code they mean to compare with the serial code really ran.
#[cfg(test)]
pub(crate) mod vector_calls {
    use std::cell::Cell;

    thread_local! {
        static CALLS: Cell<[usize; 2]> = const { Cell::new([0; 2]) };
    }

    fn slot(backend: super::Backend) -> Option<usize> {
        match backend {
            super::Backend::Serial => None,
            super::Backend::Avx2 => Some(0),
            super::Backend::Ifma => Some(1),
        }
    }

    #[cfg(target_arch = "x86_64")]
    pub(super) fn record(backend: super::Backend) {
        if let Some(i) = slot(backend) {
            CALLS.with(|c| {
                let mut calls = c.get();
                calls[i] += 1;
                c.set(calls);
            });
        }
    }

    /// How many vector calls `backend` has made on this thread.
    pub(crate) fn count(backend: super::Backend) -> usize {
        slot(backend).map_or(0, |i| CALLS.with(|c| c.get()[i]))
    }
}

/// [`sqrt_ratio_candidate`] for every pair \\((u, v)\\): \\((r_0, v r_0^2)\\), computed with
/// `backend` (sixteen pairs at a time with IFMA, eight with AVX2; a choice this CPU does not
/// support runs serially).
pub fn sqrt_ratio_batch(
    pairs: &[(FieldElement, FieldElement)],
    backend: Backend,
) -> Vec<(FieldElement, FieldElement)> {
    #[cfg(target_arch = "x86_64")]
    if backend == Backend::Ifma && Backend::detect() == Backend::Ifma {
        // SAFETY: `Backend::detect` returned `Ifma`, so this CPU has AVX-512F, DQ and IFMA,
        // the features `ifma::sqrt_ratio_candidate` is compiled for.
        return in_chunks(pairs, 2, Backend::Ifma, |u, v| unsafe {
            ifma::sqrt_ratio_candidate(u, v)
        });
    }
    #[cfg(target_arch = "x86_64")]
    if backend == Backend::Avx2 && cpu_has!("avx2") {
        use super::field_x4::avx2;
        // SAFETY: AVX2 was detected on this CPU just above; `avx2::sqrt_ratio_candidate` is
        // compiled for it.
        return in_chunks(pairs, 3, Backend::Avx2, |u, v| unsafe {
            avx2::sqrt_ratio_candidate(u, v)
        });
    }
    let _ = backend;
    pairs
        .iter()
        .map(|(u, v)| sqrt_ratio_candidate(u, v))
        .collect()
}

/// Runs `candidate` on chunks of `N` pairs (the last padded with ones; a last chunk of at most
/// `serial_up_to` pairs runs serially instead: from the per-pair costs in BENCHMARKS.md, a
/// full IFMA call costs about two serial candidates and an AVX2 call about four), each input
/// carried by fiat first: limbs 0, 1, 3, 4 below 2^51, limb 2 at most 2^51 — what both vector
/// representations take. `backend` names the vector code `candidate` runs (tests count its
/// calls).
#[cfg(target_arch = "x86_64")]
fn in_chunks<const N: usize>(
    pairs: &[(FieldElement, FieldElement)],
    serial_up_to: usize,
    backend: Backend,
    candidate: impl Fn(&[FieldElement; N], &[FieldElement; N]) -> ([FieldElement; N], [FieldElement; N]),
) -> Vec<(FieldElement, FieldElement)> {
    let _ = backend; // (counted in tests)
    let mut out = Vec::with_capacity(pairs.len());
    for chunk in pairs.chunks(N) {
        if chunk.len() <= serial_up_to {
            // A vector call costs the same for one pair as for N: a short tail (a lone point
            // decoded) is cheaper serially.
            out.extend(chunk.iter().map(|(u, v)| sqrt_ratio_candidate(u, v)));
            continue;
        }
        let (mut u, mut v) = ([FieldElement::ONE; N], [FieldElement::ONE; N]);
        for (j, (u_j, v_j)) in chunk.iter().enumerate() {
            u[j] = u_j.add(&FieldElement::ZERO);
            v[j] = v_j.add(&FieldElement::ZERO);
        }
        let (r0, check) = candidate(&u, &v);
        #[cfg(test)]
        vector_calls::record(backend);
        out.extend(r0.into_iter().zip(check).take(chunk.len()));
    }
    out
}

/// Elements per vector call: two 8-lane vectors, interleaved so that one's multiplications
/// fill the other's latency.
pub const LANES: usize = 16;

#[cfg(target_arch = "x86_64")]
pub(super) mod ifma {
    use core::arch::x86_64::*;

    use super::super::field::FieldElement;
    use super::super::field::{pow22501_chain, pow_p58_chain, sqrt_ratio_candidate_chain};
    use super::LANES;

    /// Eight field elements, limb-major (see the module notes).
    #[derive(Clone, Copy)]
    pub(in super::super) struct FieldElementX8(pub(in super::super) [__m512i; 5]);

    /// \\(2p\\) in limbs, the bias that keeps differences nonnegative.
    const TWO_P: [i64; 5] = [
        (1 << 52) - 38,
        (1 << 52) - 2,
        (1 << 52) - 2,
        (1 << 52) - 2,
        (1 << 52) - 2,
    ];

    /// A vector from eight lanes.
    #[inline]
    #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
    pub(in super::super) fn from_lanes(lanes: [u64; 8]) -> __m512i {
        // SAFETY: `[u64; 8]` and `__m512i` are both 64 bytes of plain data; every bit
        // pattern is a valid value of either.
        unsafe { core::mem::transmute::<[u64; 8], __m512i>(lanes) }
    }

    /// The eight lanes of a vector.
    #[inline]
    #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
    pub(in super::super) fn to_lanes(v: __m512i) -> [u64; 8] {
        // SAFETY: as in `from_lanes`.
        unsafe { core::mem::transmute::<__m512i, [u64; 8]>(v) }
    }

    impl FieldElementX8 {
        /// The same element in every lane.
        #[inline]
        #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
        pub(in super::super) fn splat(x: &FieldElement) -> FieldElementX8 {
            let l = |k: usize| _mm512_set1_epi64(x.0[k] as i64);
            FieldElementX8([l(0), l(1), l(2), l(3), l(4)])
        }

        /// Parallel carry: every limb to 51 bits plus the carry from the one below (the top
        /// one's re-entering limb 0 times 19). For inputs below \\(2^{54}\\) the result's
        /// limbs are below \\(2^{51} + 2^{8}\\): valid multiplication inputs (below
        /// \\(2^{52}\\)) and valid subtrahends (below the limbs of \\(2p\\)).
        #[inline]
        #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
        fn weak_carry(x: [__m512i; 5]) -> FieldElementX8 {
            let mask = _mm512_set1_epi64(MASK51);
            let c: [__m512i; 5] = core::array::from_fn(|k| _mm512_srli_epi64::<51>(x[k]));
            let low: [__m512i; 5] = core::array::from_fn(|k| _mm512_and_si512(x[k], mask));
            FieldElementX8([
                _mm512_add_epi64(low[0], times19(c[4])),
                _mm512_add_epi64(low[1], c[0]),
                _mm512_add_epi64(low[2], c[1]),
                _mm512_add_epi64(low[3], c[2]),
                _mm512_add_epi64(low[4], c[3]),
            ])
        }

        /// `self + rhs` (inputs with limbs below \\(2^{52}\\)).
        #[inline]
        #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
        pub(in super::super) fn add(&self, rhs: &FieldElementX8) -> FieldElementX8 {
            Self::weak_carry(core::array::from_fn(|k| {
                _mm512_add_epi64(self.0[k], rhs.0[k])
            }))
        }

        /// `self - rhs` as `self + 2p - rhs` (`rhs` limbs below those of \\(2p\\), which
        /// every output here satisfies).
        #[inline]
        #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
        pub(in super::super) fn sub(&self, rhs: &FieldElementX8) -> FieldElementX8 {
            Self::weak_carry(core::array::from_fn(|k| {
                let biased = _mm512_add_epi64(self.0[k], _mm512_set1_epi64(TWO_P[k]));
                _mm512_sub_epi64(biased, rhs.0[k])
            }))
        }

        /// `-self` in the lanes of `mask`, `self` in the others.
        #[inline]
        #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
        pub(in super::super) fn neg_where(&self, mask: __mmask8) -> FieldElementX8 {
            let negated =
                FieldElementX8(core::array::from_fn(|k| _mm512_set1_epi64(TWO_P[k]))).sub(self);
            negated.select(mask, self)
        }

        /// `self` in the lanes of `mask`, `other` in the others.
        #[inline]
        #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
        pub(in super::super) fn select(
            &self,
            mask: __mmask8,
            other: &FieldElementX8,
        ) -> FieldElementX8 {
            FieldElementX8(core::array::from_fn(|k| {
                _mm512_mask_blend_epi64(mask, other.0[k], self.0[k])
            }))
        }

        /// `self * rhs`.
        #[inline]
        #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
        pub(in super::super) fn mul(&self, rhs: &FieldElementX8) -> FieldElementX8 {
            mul(self, rhs)
        }
    }

    /// Two interleaved vectors.
    type Pair = [FieldElementX8; 2];

    const MASK51: i64 = (1 << 51) - 1;

    #[inline]
    #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
    fn load(values: &[FieldElement]) -> FieldElementX8 {
        let limb = |k: usize| {
            let v = |j: usize| values[j].0[k] as i64;
            _mm512_set_epi64(v(7), v(6), v(5), v(4), v(3), v(2), v(1), v(0))
        };
        FieldElementX8([limb(0), limb(1), limb(2), limb(3), limb(4)])
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
    fn store(x: &FieldElementX8, out: &mut [FieldElement]) {
        for k in 0..5 {
            // SAFETY: `__m512i` and `[u64; 8]` are both 64 bytes of plain data; every bit
            // pattern is a valid value of either.
            let lanes: [u64; 8] = unsafe { core::mem::transmute::<__m512i, [u64; 8]>(x.0[k]) };
            for (j, limb) in lanes.iter().enumerate() {
                out[j].0[k] = *limb;
            }
        }
    }

    /// 19·x as shifts and adds (x < 2^57: no overflow).
    #[inline]
    #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
    pub(in super::super) fn times19(x: __m512i) -> __m512i {
        // x + 2x + 16x: four one-cycle operations instead of `vpmullq`'s three uops, which
        // compete with the products for the multiplier port.
        let x3 = _mm512_add_epi64(x, _mm512_slli_epi64::<1>(x));
        _mm512_add_epi64(x3, _mm512_slli_epi64::<4>(x))
    }

    /// From the low / high product sums to a field element (see the module notes' bounds).
    #[inline]
    #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
    fn reduce(lo: [__m512i; 9], hi: [__m512i; 9]) -> FieldElementX8 {
        let c = |k: usize| match k {
            0 => lo[0],
            9 => _mm512_slli_epi64::<1>(hi[8]),
            _ => _mm512_add_epi64(lo[k], _mm512_slli_epi64::<1>(hi[k - 1])),
        };
        let mut d = [_mm512_setzero_si512(); 5];
        for (t, d_t) in d.iter_mut().enumerate() {
            *d_t = _mm512_add_epi64(c(t), times19(c(t + 5)));
        }
        let mask = _mm512_set1_epi64(MASK51);
        for t in 0..4 {
            d[t + 1] = _mm512_add_epi64(d[t + 1], _mm512_srli_epi64::<51>(d[t]));
            d[t] = _mm512_and_si512(d[t], mask);
        }
        let top = _mm512_srli_epi64::<51>(d[4]);
        d[4] = _mm512_and_si512(d[4], mask);
        d[0] = _mm512_add_epi64(d[0], times19(top));
        // Carry limb 0 into 1 and limb 1 into 2, as fiat's carry does: limb 2 ends at most
        // 2^51, the others below.
        d[1] = _mm512_add_epi64(d[1], _mm512_srli_epi64::<51>(d[0]));
        d[0] = _mm512_and_si512(d[0], mask);
        d[2] = _mm512_add_epi64(d[2], _mm512_srli_epi64::<51>(d[1]));
        d[1] = _mm512_and_si512(d[1], mask);
        FieldElementX8(d)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
    fn mul(a: &FieldElementX8, b: &FieldElementX8) -> FieldElementX8 {
        let zero = _mm512_setzero_si512();
        let (mut lo, mut hi) = ([zero; 9], [zero; 9]);
        for i in 0..5 {
            for j in 0..5 {
                lo[i + j] = _mm512_madd52lo_epu64(lo[i + j], a.0[i], b.0[j]);
                hi[i + j] = _mm512_madd52hi_epu64(hi[i + j], a.0[i], b.0[j]);
            }
        }
        reduce(lo, hi)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
    fn square(a: &FieldElementX8) -> FieldElementX8 {
        let zero = _mm512_setzero_si512();
        let (mut lo, mut hi) = ([zero; 9], [zero; 9]);
        // Cross products once, with one factor doubled: every limb but limb 2 is below 2^51
        // (the invariant in the module notes), so doubling it stays below 2^52.
        let a = &a.0;
        let twice = |x: __m512i| _mm512_add_epi64(x, x);
        let (d0, d1, d3, d4) = (twice(a[0]), twice(a[1]), twice(a[3]), twice(a[4]));
        let cross = [
            (1, d0, a[1]),
            (2, d0, a[2]),
            (3, d0, a[3]),
            (4, d0, a[4]),
            (3, d1, a[2]),
            (4, d1, a[3]),
            (5, d1, a[4]),
            (5, a[2], d3),
            (6, a[2], d4),
            (7, d3, a[4]),
        ];
        for (k, x, y) in cross {
            lo[k] = _mm512_madd52lo_epu64(lo[k], x, y);
            hi[k] = _mm512_madd52hi_epu64(hi[k], x, y);
        }
        for (i, x) in a.iter().enumerate() {
            lo[2 * i] = _mm512_madd52lo_epu64(lo[2 * i], *x, *x);
            hi[2 * i] = _mm512_madd52hi_epu64(hi[2 * i], *x, *x);
        }
        reduce(lo, hi)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
    fn mul2(a: &Pair, b: &Pair) -> Pair {
        [mul(&a[0], &b[0]), mul(&a[1], &b[1])]
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
    fn pow2k(a: &Pair, k: u32) -> Pair {
        let mut x = *a;
        for _ in 0..k {
            x = [square(&x[0]), square(&x[1])];
        }
        x
    }

    /// [`super::sqrt_ratio_candidate`] lane by lane. The outputs keep the invariant of the
    /// module notes, which is fiat's tight bound: they are valid serial elements as they are.
    #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
    pub(super) fn sqrt_ratio_candidate(
        u: &[FieldElement; LANES],
        v: &[FieldElement; LANES],
    ) -> ([FieldElement; LANES], [FieldElement; LANES]) {
        let u: Pair = [load(&u[..8]), load(&u[8..])];
        let v: Pair = [load(&v[..8]), load(&v[8..])];
        let (r0, check) = sqrt_ratio_candidate_chain!(u, v, |a, b| mul2(a, b), |a, k| pow2k(a, k));
        let mut out = ([FieldElement::ZERO; LANES], [FieldElement::ZERO; LANES]);
        store(&r0[0], &mut out.0[..8]);
        store(&r0[1], &mut out.0[8..]);
        store(&check[0], &mut out.1[..8]);
        store(&check[1], &mut out.1[8..]);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::curve25519::simd_test_support::vector_backends;
    use proptest::prelude::*;

    /// Runs every input as u and as v against the others, serially and with every vector
    /// backend this CPU runs (saying which it skips), and compares the canonical results.
    fn agree(inputs: &[FieldElement]) {
        let pairs: Vec<(FieldElement, FieldElement)> = inputs
            .iter()
            .zip(inputs.iter().rev())
            .map(|(u, v)| (*u, *v))
            .collect();
        let serial = sqrt_ratio_batch(&pairs, Backend::Serial);
        assert_eq!(serial.len(), pairs.len());
        for backend in vector_backends("field_x8 differential tests") {
            let fast = sqrt_ratio_batch(&pairs, backend);
            assert_eq!(fast.len(), pairs.len());
            for ((s, f), (u, v)) in serial.iter().zip(&fast).zip(&pairs) {
                let context = (backend, u.to_bytes(), v.to_bytes());
                assert_eq!(s.0.to_bytes(), f.0.to_bytes(), "{context:?}");
                assert_eq!(s.1.to_bytes(), f.1.to_bytes(), "{context:?}");
                // Outputs are valid serial elements: fiat's tight bound.
                assert!(f.0 .0.iter().chain(&f.1 .0).all(|l| *l <= 1 << 51));
            }
        }
    }

    #[test]
    fn edges_agree_with_serial() {
        // The largest limbs the vector code accepts (2^51 - 1 and 2^51 exactly), values at and
        // above p, zero, one, -1; lengths that leave partial chunks.
        let top = (1u64 << 51) - 1;
        let edges = [
            FieldElement::ZERO,
            FieldElement::ONE,
            FieldElement([top; 5]),
            FieldElement([1 << 51; 5]),
            FieldElement([top - 18, top, top, top, top]), // p
            FieldElement([top - 19, top, top, top, top]), // p - 1
            FieldElement::ONE.neg(),
            FieldElement([12345, 0, 1 << 51, 0, top]),
        ];
        // (Tails of up to two pairs with IFMA, three with AVX2, run serially: 2, 3, 18, 19.)
        let before = [Backend::Avx2, Backend::Ifma].map(vector_calls::count);
        for len in [0, 1, 2, 3, 4, 7, 8, 11, 16, 17, 18, 19, 33] {
            let inputs: Vec<FieldElement> = edges.iter().cycle().take(len).copied().collect();
            agree(&inputs);
        }
        // The vector code really ran wherever this CPU has it (not its serial fallback).
        for (backend, before) in [Backend::Avx2, Backend::Ifma].into_iter().zip(before) {
            if backend.is_available() {
                assert!(
                    vector_calls::count(backend) > before,
                    "{backend:?} never ran"
                );
            }
        }
    }

    proptest! {
        #[test]
        fn random_agree_with_serial(limbs in proptest::collection::vec(any::<[u64; 5]>(), 1..40)) {
            // Limbs anywhere in [0, 2^51], the vector code's input range.
            let inputs: Vec<FieldElement> = limbs
                .iter()
                .map(|l| FieldElement(l.map(|x| x % ((1 << 51) + 1))))
                .collect();
            agree(&inputs);
        }
    }
}
