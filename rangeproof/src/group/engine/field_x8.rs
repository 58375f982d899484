//! Eight elements of \\(\mathbb F_p\\) at a time with AVX-512 IFMA: the exponentiation
//! \\(x \mapsto x^{(p-5)/8}\\) behind every square root of point decompression, for a batch of
//! encodings at once.
//!
//! # Representation
//!
//! An [`FieldElementX8`] holds eight field elements, lane \\(j\\) of vector \\(k\\) being limb
//! \\(k\\) of element \\(j\\), in the serial type's radix \\(2^{51}\\). `vpmadd52luq` /
//! `vpmadd52huq` multiply the low 52 bits of two lanes and add the low / high 52 bits of the
//! 104-bit product to an accumulator, so inputs must have limbs below \\(2^{52}\\); every
//! function here returns limbs of at most \\(2^{51}\\).
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
//! (\\(< 2^{16}\\)), and one last carry from limb 0 leaves every limb at most \\(2^{51}\\).
//! Squaring computes the cross products once and doubles their sums before adding the
//! diagonal, which gives the same bounds with 30 multiplications instead of 50.
//!
//! # Safety
//!
//! The vector functions are `#[target_feature(enable = "avx512f,avx512ifma")]`; calling them
//! is `unsafe` except from functions with the same features, and [`pow_p58_batch`] calls them
//! only after `is_x86_feature_detected!` has confirmed both features on the running CPU. The
//! only other `unsafe` is the reinterpretation of a `__m512i` as `[u64; 8]`, two 64-byte
//! plain-data types with no invalid bit patterns.

#![allow(unsafe_code)]

use super::field::FieldElement;

/// How the batch exponentiation runs: chosen once per call by CPU feature detection, or forced
/// by the differential tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// `fiat-crypto`'s serial arithmetic, one element at a time.
    Serial,
    /// Sixteen elements at a time (two interleaved 8-lane vectors) with AVX-512 IFMA.
    Ifma,
}

impl Backend {
    /// The fastest backend this CPU runs.
    pub fn detect() -> Backend {
        #[cfg(target_arch = "x86_64")]
        {
            if std::is_x86_feature_detected!("avx512f")
                && std::is_x86_feature_detected!("avx512ifma")
            {
                return Backend::Ifma;
            }
        }
        Backend::Serial
    }
}

/// Replaces every \\(x\\) in `values` by \\(x^{(p-5)/8}\\), with `backend` (which must be
/// supported by this CPU: [`Backend::detect`] or `Serial`; an unsupported choice runs serially).
pub fn pow_p58_batch(values: &mut [FieldElement], backend: Backend) {
    #[cfg(target_arch = "x86_64")]
    if backend == Backend::Ifma && Backend::detect() == Backend::Ifma {
        for chunk in values.chunks_mut(LANES) {
            let mut lanes = [FieldElement::ONE; LANES];
            lanes[..chunk.len()].copy_from_slice(chunk);
            // SAFETY: `Backend::detect` returned `Ifma`, so this CPU has AVX-512F and
            // AVX-512 IFMA, the features `ifma::pow_p58` is compiled for.
            let out = unsafe { ifma::pow_p58(&lanes) };
            chunk.copy_from_slice(&out[..chunk.len()]);
        }
        return;
    }
    let _ = backend;
    for value in values.iter_mut() {
        *value = value.pow_p58();
    }
}

/// Elements per vector call: two 8-lane vectors, interleaved so that one's multiplications
/// fill the other's latency.
pub const LANES: usize = 16;

#[cfg(target_arch = "x86_64")]
mod ifma {
    use core::arch::x86_64::*;

    use super::super::field::FieldElement;
    use super::LANES;

    /// Eight field elements, limb-major (see the module notes).
    #[derive(Clone, Copy)]
    struct FieldElementX8([__m512i; 5]);

    /// Two interleaved vectors.
    type Pair = [FieldElementX8; 2];

    const MASK51: i64 = (1 << 51) - 1;

    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn load(values: &[FieldElement]) -> FieldElementX8 {
        let limb = |k: usize| {
            let v = |j: usize| values[j].0[k] as i64;
            _mm512_set_epi64(v(7), v(6), v(5), v(4), v(3), v(2), v(1), v(0))
        };
        FieldElementX8([limb(0), limb(1), limb(2), limb(3), limb(4)])
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
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
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn times19(x: __m512i) -> __m512i {
        _mm512_add_epi64(
            _mm512_add_epi64(_mm512_slli_epi64::<4>(x), _mm512_slli_epi64::<1>(x)),
            x,
        )
    }

    /// From the low / high product sums to a field element (see the module notes' bounds).
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
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
        d[1] = _mm512_add_epi64(d[1], _mm512_srli_epi64::<51>(d[0]));
        d[0] = _mm512_and_si512(d[0], mask);
        FieldElementX8(d)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
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
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn square(a: &FieldElementX8) -> FieldElementX8 {
        let zero = _mm512_setzero_si512();
        let (mut lo, mut hi) = ([zero; 9], [zero; 9]);
        for i in 0..5 {
            for j in i + 1..5 {
                lo[i + j] = _mm512_madd52lo_epu64(lo[i + j], a.0[i], a.0[j]);
                hi[i + j] = _mm512_madd52hi_epu64(hi[i + j], a.0[i], a.0[j]);
            }
        }
        for k in 0..9 {
            lo[k] = _mm512_slli_epi64::<1>(lo[k]);
            hi[k] = _mm512_slli_epi64::<1>(hi[k]);
        }
        for i in 0..5 {
            lo[2 * i] = _mm512_madd52lo_epu64(lo[2 * i], a.0[i], a.0[i]);
            hi[2 * i] = _mm512_madd52hi_epu64(hi[2 * i], a.0[i], a.0[i]);
        }
        reduce(lo, hi)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn mul2(a: &Pair, b: &Pair) -> Pair {
        [mul(&a[0], &b[0]), mul(&a[1], &b[1])]
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn pow2k(a: &Pair, k: u32) -> Pair {
        let mut x = *a;
        for _ in 0..k {
            x = [square(&x[0]), square(&x[1])];
        }
        x
    }

    /// \\(x^{(p-5)/8}\\) lane by lane, with the serial code's addition chain
    /// ([`FieldElement::pow_p58`]).
    #[target_feature(enable = "avx512f,avx512ifma")]
    pub(super) fn pow_p58(values: &[FieldElement; LANES]) -> [FieldElement; LANES] {
        let x: Pair = [load(&values[..8]), load(&values[8..])];
        let t0 = pow2k(&x, 1); // 2
        let t1 = pow2k(&t0, 2); // 8
        let t2 = mul2(&x, &t1); // 9
        let t3 = mul2(&t0, &t2); // 11
        let t4 = pow2k(&t3, 1); // 22
        let t5 = mul2(&t2, &t4); // 2^5 - 1
        let t7 = mul2(&pow2k(&t5, 5), &t5); // 2^10 - 1
        let t9 = mul2(&pow2k(&t7, 10), &t7); // 2^20 - 1
        let t11 = mul2(&pow2k(&t9, 20), &t9); // 2^40 - 1
        let t13 = mul2(&pow2k(&t11, 10), &t7); // 2^50 - 1
        let t15 = mul2(&pow2k(&t13, 50), &t13); // 2^100 - 1
        let t17 = mul2(&pow2k(&t15, 100), &t15); // 2^200 - 1
        let t19 = mul2(&pow2k(&t17, 50), &t13); // 2^250 - 1
        let r = mul2(&pow2k(&t19, 2), &x); // 2^252 - 3 = (p - 5) / 8
        let mut out = [FieldElement::ZERO; LANES];
        store(&r[0], &mut out[..8]);
        store(&r[1], &mut out[8..]);
        // Limbs of at most 2^51 (module notes); one serial carry makes them tight for fiat.
        for value in out.iter_mut() {
            *value = value.add(&FieldElement::ZERO);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn agree(inputs: &[FieldElement]) {
        let mut serial = inputs.to_vec();
        pow_p58_batch(&mut serial, Backend::Serial);
        let mut fast = inputs.to_vec();
        pow_p58_batch(&mut fast, Backend::detect());
        for ((s, f), x) in serial.iter().zip(&fast).zip(inputs) {
            assert_eq!(s.to_bytes(), f.to_bytes(), "x = {:?}", x.to_bytes());
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
        for len in [0, 1, 7, 8, 16, 17, 33] {
            let inputs: Vec<FieldElement> = edges.iter().cycle().take(len).copied().collect();
            agree(&inputs);
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
