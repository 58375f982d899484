//! Square roots of many secp256k1 field elements at once with AVX-512 IFMA: the x-only
//! decoders lift every abscissa of a proof through \\(y = (x^3 + 7)^{(p+1)/4}\\), 266
//! dependent products each, which sixteen lanes share here (two interleaved 8-lane vectors,
//! so that one's multiplications fill the other's latency; the curve25519 engine's decoder has
//! the same shape).
//!
//! # Representation
//!
//! A `FieldElementX8` holds eight elements, lane \\(j\\) of vector \\(k\\) being limb \\(k\\) of
//! element \\(j\\), in the serial type's radix \\(2^{52}\\) ([`super::field`]). `vpmadd52luq` /
//! `vpmadd52huq` multiply the low 52 bits of two lanes and add the low / high 52 bits of the
//! 104-bit product to an accumulator, so **every limb must be below \\(2^{52}\\)** — the invariant
//! each function here keeps (the top limb too: a value is below \\(2^{260}\\), congruent to the
//! element). Serial inputs are weakly normalized before loading (limbs below \\(2^{52}\\)).
//!
//! # Multiplication and its bounds
//!
//! With \\(a = \sum a_i 2^{52 i}\\), \\(b = \sum b_j 2^{52 j}\\), each \\(a_i b_j < 2^{104}\\)
//! splits as \\(\ell + h\, 2^{52}\\), so the radix matches the split exactly: column \\(k\\) of
//! the product is \\(c_k = L_k + H_{k-1}\\) (\\(k \le 9\\)), at most ten terms below \\(2^{52}\\):
//! \\(c_k < 2^{56}\\). A carry chain brings the ten columns to limbs \\(t_0..t_9\\) below
//! \\(2^{52}\\) and a carry \\(t_{10} < 2^{8}\\) (the product is below \\(2^{520}\\)). Then
//! \\(2^{260} \equiv R = 2^{36} + 2^{14} - 2^{8} - 2^{4}\\) (`0x1000003D10`, 37 bits) folds the
//! top half down: \\(t_{5+k} R\\) (\\(< 2^{89}\\)) splits by `vpmadd52*` into a low part for
//! limb \\(k\\) and a high part (\\(< 2^{37}\\)) for limb \\(k+1\\); what lands on limb 5
//! (\\(< 2^{46}\\): the high part of \\(t_9 R\\) and \\(t_{10} R\\)) folds once more the same
//! way into limbs 0 and 1. Every limb is now below \\(2^{54}\\). Two carry chains, each ending
//! by folding its carry out of limb 4 into limb 0 times \\(R\\), make every limb below
//! \\(2^{52}\\): after the first, limbs 1–4 are below \\(2^{52}\\) and limb 0 below
//! \\(2^{52} + 2^{39}\\); the second carries at most 1 out of limb 4, and only when limbs 1–4
//! were all \\(2^{52} - 1\\) — then limb 0 is below \\(2^{39}\\) and takes \\(R\\) without
//! carrying. Squaring computes each cross product once and doubles the sums (30 multiplications
//! instead of 50).
//!
//! # Safety
//!
//! The vector functions are `#[target_feature(enable = "avx512f,avx512ifma")]`; calling them
//! is `unsafe` except from functions with the same features, and [`sqrt_batch`] calls them
//! only after `is_x86_feature_detected!` has confirmed both on the running CPU. The only other
//! `unsafe` is the reinterpretation between `__m512i` and `[u64; 8]`, two 64-byte plain-data
//! types with no invalid bit patterns.

#![allow(unsafe_code)]

use super::field::FieldElement;

/// Elements per vector call.
pub(crate) const LANES: usize = 16;

/// Whether this CPU runs the IFMA code (detected at run time).
pub fn ifma_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512ifma")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Square roots of every input, as [`FieldElement::sqrt`] gives them (`None` for a
/// non-square), sixteen at a time with IFMA where the CPU has it (`vector: false` forces the
/// serial path, for the differential tests). A last chunk of at most four runs serially: a
/// vector call costs the same for one element as for sixteen.
pub fn sqrt_batch(inputs: &[FieldElement], vector: bool) -> Vec<Option<FieldElement>> {
    let mut out = Vec::with_capacity(inputs.len());
    #[cfg(target_arch = "x86_64")]
    if vector && ifma_available() {
        for chunk in inputs.chunks(LANES) {
            if chunk.len() <= 4 {
                out.extend(chunk.iter().map(FieldElement::sqrt));
                continue;
            }
            let mut lanes = [[0u64; 5]; LANES];
            let mut weak = [FieldElement::ONE; LANES];
            for (j, x) in chunk.iter().enumerate() {
                weak[j] = x.normalize_weak();
                lanes[j] = weak[j].limbs();
            }
            // SAFETY: `ifma_available` confirmed AVX-512F and IFMA on this CPU, the features
            // `ifma::sqrt_candidates` is compiled for.
            let roots = unsafe { ifma::sqrt_candidates(&lanes) };
            #[cfg(test)]
            tests::record_vector_call();
            for (j, a) in weak.iter().enumerate().take(chunk.len()) {
                let root = FieldElement::from_limbs_below_2_52(roots[j]).normalize();
                out.push(root.square().equals(a).then_some(root));
            }
        }
        return out;
    }
    let _ = vector;
    out.extend(inputs.iter().map(FieldElement::sqrt));
    out
}

#[cfg(target_arch = "x86_64")]
mod ifma {
    use core::arch::x86_64::*;

    use super::LANES;

    const M52: i64 = (1 << 52) - 1;
    /// \\(2^{260} \bmod p\\).
    const R: i64 = 0x10_0000_3D10;

    /// Eight field elements, limb-major (see the module notes).
    #[derive(Clone, Copy)]
    struct FieldElementX8([__m512i; 5]);

    type Pair = [FieldElementX8; 2];

    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn load(lanes: &[[u64; 5]]) -> FieldElementX8 {
        FieldElementX8(core::array::from_fn(|k| {
            let v = |j: usize| lanes[j][k] as i64;
            _mm512_set_epi64(v(7), v(6), v(5), v(4), v(3), v(2), v(1), v(0))
        }))
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn store(x: &FieldElementX8, out: &mut [[u64; 5]]) {
        for (k, vector) in x.0.iter().enumerate() {
            // SAFETY: `__m512i` and `[u64; 8]` are both 64 bytes of plain data; every bit
            // pattern is a valid value of either.
            let lanes: [u64; 8] = unsafe { core::mem::transmute::<__m512i, [u64; 8]>(*vector) };
            for (element, limb) in out.iter_mut().zip(lanes) {
                element[k] = limb;
            }
        }
    }

    /// One carry chain over limbs 0–4 (each below \\(2^{63}\\)), folding the carry out of
    /// limb 4 into limb 0 times \\(R\\) (the carry must be below \\(2^{15}\\), so that the
    /// product is below \\(2^{52}\\) and `vpmadd52luq` gives it whole).
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn carry(d: &mut [__m512i; 5]) {
        let mask = _mm512_set1_epi64(M52);
        for t in 0..4 {
            d[t + 1] = _mm512_add_epi64(d[t + 1], _mm512_srli_epi64::<52>(d[t]));
            d[t] = _mm512_and_si512(d[t], mask);
        }
        let top = _mm512_srli_epi64::<52>(d[4]);
        d[4] = _mm512_and_si512(d[4], mask);
        d[0] = _mm512_madd52lo_epu64(d[0], top, _mm512_set1_epi64(R));
    }

    /// From the columns' low and high product sums to limbs below \\(2^{52}\\) (the module
    /// notes' bounds).
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn reduce(lo: [__m512i; 9], hi: [__m512i; 9]) -> FieldElementX8 {
        let mask = _mm512_set1_epi64(M52);
        let r = _mm512_set1_epi64(R);
        // Columns c_k = L_k + H_{k-1}, carried to 52-bit limbs t_0..t_9 and t_10.
        let mut t = [_mm512_setzero_si512(); 11];
        let mut out = _mm512_setzero_si512();
        for (k, t_k) in t.iter_mut().enumerate().take(10) {
            let mut c = out;
            if k < 9 {
                c = _mm512_add_epi64(c, lo[k]);
            }
            if k > 0 {
                c = _mm512_add_epi64(c, hi[k - 1]);
            }
            out = _mm512_srli_epi64::<52>(c);
            *t_k = _mm512_and_si512(c, mask);
        }
        t[10] = out;
        // Fold t_5..t_9 (times R, split at 52 bits) onto limbs 0..5.
        let mut d = [t[0], t[1], t[2], t[3], t[4]];
        let mut limb5 = _mm512_madd52lo_epu64(_mm512_setzero_si512(), t[10], r);
        for k in 0..5 {
            d[k] = _mm512_madd52lo_epu64(d[k], t[5 + k], r);
            if k < 4 {
                d[k + 1] = _mm512_madd52hi_epu64(d[k + 1], t[5 + k], r);
            } else {
                limb5 = _mm512_madd52hi_epu64(limb5, t[5 + k], r);
            }
        }
        // limb5 < 2^46: once more onto limbs 0 and 1.
        d[0] = _mm512_madd52lo_epu64(d[0], limb5, r);
        d[1] = _mm512_madd52hi_epu64(d[1], limb5, r);
        carry(&mut d);
        carry(&mut d);
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
        let a = &a.0;
        // Cross products a_i a_j (i < j) once; their sums doubled (each below 4·2^52, so
        // doubling stays far inside the lanes); then the squares a_i^2.
        for i in 0..5 {
            for j in i + 1..5 {
                lo[i + j] = _mm512_madd52lo_epu64(lo[i + j], a[i], a[j]);
                hi[i + j] = _mm512_madd52hi_epu64(hi[i + j], a[i], a[j]);
            }
        }
        for k in 0..9 {
            lo[k] = _mm512_add_epi64(lo[k], lo[k]);
            hi[k] = _mm512_add_epi64(hi[k], hi[k]);
        }
        for (i, x) in a.iter().enumerate() {
            lo[2 * i] = _mm512_madd52lo_epu64(lo[2 * i], *x, *x);
            hi[2 * i] = _mm512_madd52hi_epu64(hi[2 * i], *x, *x);
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

    /// \\(a^{(p+1)/4}\\) lane by lane, by the serial [`super::FieldElement::sqrt`]'s addition
    /// chain; inputs and outputs have limbs below \\(2^{52}\\).
    #[target_feature(enable = "avx512f,avx512ifma")]
    pub(super) fn sqrt_candidates(inputs: &[[u64; 5]; LANES]) -> [[u64; 5]; LANES] {
        let a: Pair = [load(&inputs[..8]), load(&inputs[8..])];
        let x2 = mul2(&pow2k(&a, 1), &a);
        let x3 = mul2(&pow2k(&x2, 1), &a);
        let x6 = mul2(&pow2k(&x3, 3), &x3);
        let x9 = mul2(&pow2k(&x6, 3), &x3);
        let x11 = mul2(&pow2k(&x9, 2), &x2);
        let x22 = mul2(&pow2k(&x11, 11), &x11);
        let x44 = mul2(&pow2k(&x22, 22), &x22);
        let x88 = mul2(&pow2k(&x44, 44), &x44);
        let x176 = mul2(&pow2k(&x88, 88), &x88);
        let x220 = mul2(&pow2k(&x176, 44), &x44);
        let x223 = mul2(&pow2k(&x220, 3), &x3);
        let root = mul2(&pow2k(&mul2(&pow2k(&x223, 23), &x22), 6), &x2);
        let root = pow2k(&root, 2);
        let mut out = [[0u64; 5]; LANES];
        store(&root[0], &mut out[..8]);
        store(&root[1], &mut out[8..]);
        out
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use k256::elliptic_curve::ff::Field;
    use rand::rngs::OsRng;
    use rand::RngCore;
    use std::cell::Cell;

    thread_local! {
        static VECTOR_CALLS: Cell<usize> = const { Cell::new(0) };
    }

    pub(super) fn record_vector_call() {
        VECTOR_CALLS.with(|c| c.set(c.get() + 1));
    }

    /// The IFMA path against the serial one (and the serial one against `k256`'s square
    /// root), saying so when this CPU cannot run the vector code.
    fn agree(inputs: &[FieldElement]) {
        let serial = sqrt_batch(inputs, false);
        for (x, root) in inputs.iter().zip(&serial) {
            let theirs: Option<k256::FieldElement> =
                k256::FieldElement::from(&x.normalize()).sqrt().into();
            assert_eq!(
                root.map(|r| r.to_bytes()),
                theirs.map(|r| r.normalize().to_bytes().into())
            );
        }
        if !ifma_available() {
            eprintln!("field_x8: this CPU has no AVX-512 IFMA; only the serial path was tested");
            return;
        }
        let before = VECTOR_CALLS.with(Cell::get);
        let fast = sqrt_batch(inputs, true);
        assert_eq!(fast.len(), inputs.len());
        for ((s, f), x) in serial.iter().zip(&fast).zip(inputs) {
            assert_eq!(
                s.map(|r| r.to_bytes()),
                f.map(|r| r.to_bytes()),
                "{:?}",
                x.to_bytes()
            );
        }
        if inputs.len() % LANES > 4 || inputs.len() >= LANES {
            assert!(
                VECTOR_CALLS.with(Cell::get) > before,
                "the IFMA code never ran"
            );
        }
    }

    /// Edges: 0, 1, −1, p − 1 and values near p in loose form (limbs at 2^52 − 1), squares and
    /// non-squares, in lengths that leave partial chunks.
    #[test]
    fn edges_agree_with_serial() {
        let minus_one = FieldElement::ONE.negate(1).normalize();
        let mut edges = vec![
            FieldElement::ZERO,
            FieldElement::ONE,
            minus_one,
            FieldElement::from_u64(2),
            FieldElement::from_u64(7),
            FieldElement::from_u64(4),
            FieldElement::from_u64(u64::MAX),
        ];
        // Squares of the edges and of values with saturated limbs.
        let saturated = FieldElement::from_limbs_below_2_52([(1 << 52) - 1; 5]);
        edges.push(saturated);
        edges.push(saturated.normalize_weak().square());
        edges.push(minus_one.square());
        for len in [0, 1, 4, 5, 8, 15, 16, 17, 20, 21, 33, 64] {
            let inputs: Vec<FieldElement> = edges.iter().cycle().take(len).copied().collect();
            agree(&inputs);
        }
    }

    #[test]
    fn random_values_agree_with_serial() {
        for len in [16usize, 37, 100] {
            let mut inputs: Vec<FieldElement> = (0..len)
                .map(|_| FieldElement::from(&k256::FieldElement::random(&mut OsRng)))
                .collect();
            // Half of them squares, and some with random loose limbs below 2^52.
            for x in inputs.iter_mut().step_by(2) {
                *x = x.square();
            }
            for x in inputs.iter_mut().skip(1).step_by(5) {
                *x = FieldElement::from_limbs_below_2_52(core::array::from_fn(|_| {
                    OsRng.next_u64() >> 12
                }));
            }
            agree(&inputs);
        }
    }
}
