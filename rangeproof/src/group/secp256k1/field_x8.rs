//! secp256k1 field arithmetic sixteen elements at a time with AVX-512 IFMA (two interleaved
//! 8-lane vectors, so that one's multiplications fill the other's latency; the curve25519
//! engine's vector code has the same shape), for the two variable-time loops that dominate the
//! verifiers:
//!
//! - square roots ([`sqrt_batch`]): the x-only decoders lift every abscissa of a proof through
//!   \\(y = (x^3 + 7)^{(p+1)/4}\\), 266 dependent products each;
//! - the affine additions of the multiscalar multiplication's buckets (`PairBatch`): a tree
//!   round adds thousands of independent pairs, sharing one inversion (Montgomery's trick run
//!   in every lane, the sixteen lane products then inverted together).
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
//! \\(c_k < 2^{56}\\). Then \\(2^{260} \equiv R = 2^{36} + 2^{14} - 2^{8} - 2^{4}\\)
//! (`0x1000003D10`, 37 bits) folds the top five columns down, each on its own (no carry chain
//! across the columns, which would serialize the reduction): \\(c_{5+k} = l + h\, 2^{52}\\) with
//! \\(h < 2^4\\); \\(l R\\) (\\(< 2^{89}\\)) splits by `vpmadd52*` into a low part for limb \\(k\\)
//! and a high part (\\(< 2^{37}\\)) for limb \\(k+1\\), and \\(h R < 2^{41}\\) goes whole to limb
//! \\(k+1\\); what lands on limb 5 (\\(< 2^{42}\\)) folds once more the same way into limbs 0
//! and 1. Every limb is now below \\(2^{58}\\). Two carry chains, each ending
//! by folding its carry out of limb 4 into limb 0 times \\(R\\), make every limb below
//! \\(2^{52}\\) for any limbs below \\(2^{63}\\): the first carries less than \\(2^{11}\\) out of
//! limb 4, so limbs 1–4 end below \\(2^{52}\\) and limb 0 below \\(2^{52} + 2^{48}\\); the second
//! carries at most 1 out of limb 4, and only when limbs 1–4 were all \\(2^{52} - 1\\) — then
//! limb 0 is below \\(2^{48}\\) and takes \\(R\\) without carrying. Squaring computes each cross
//! product once and doubles the sums (30 multiplications instead of 50).
//!
//! Sums and differences are formed limb by limb — a difference as \\(a + Mp - b\\) in unreduced
//! limbs \\(M p_k\\), with \\(M\\) chosen so that every \\(M p_k\\) covers the subtrahend's limb
//! (\\(M = 32\\) for a carried one), so no lane goes negative — and carried by the same two
//! chains before any product; every limb stays below \\(2^{63}\\) (the bounds of each use are in
//! the point formulas' comments).
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

/// Pairs of affine points with distinct abscissas, in the vector layout, and their sums.
///
/// Pair \\(i\\) lives in chunk \\(i / 16\\), lane \\(i \bmod 16\\); a chunk holds, for
/// each coordinate \\(x_1, y_1, x_2, y_2\\), each limb and each of its two 8-lane halves, one
/// 64-byte vector, so the vector code loads whole vectors. [`PairBatch::sum`] replaces
/// \\((x_1, y_1)\\) by \\((x_3, y_3) = P_1 + P_2\\).
#[derive(Default)]
pub(crate) struct PairBatch {
    data: Vec<[u64; 8]>,
    len: usize,
}

/// Vectors per chunk: four coordinates, five limbs, two halves.
const CHUNK_VECTORS: usize = 4 * 5 * 2;

impl PairBatch {
    /// Empties the batch (keeping its memory).
    pub(crate) fn clear(&mut self) {
        self.data.clear();
        self.len = 0;
    }

    /// The first vector of pair `i`'s coordinate `coordinate` (its limbs follow two vectors
    /// apart), and the lane.
    fn position(i: usize, coordinate: usize) -> (usize, usize) {
        let lane = i % LANES;
        (
            (i / LANES) * CHUNK_VECTORS + coordinate * 10 + lane / 8,
            lane % 8,
        )
    }

    fn set(&mut self, i: usize, coordinate: usize, limbs: &[u64; 5]) {
        let (v, lane) = Self::position(i, coordinate);
        for (vector, limb) in self.data[v..].iter_mut().step_by(2).zip(limbs) {
            vector[lane] = *limb;
        }
    }

    fn get(&self, i: usize, coordinate: usize) -> [u64; 5] {
        let (v, lane) = Self::position(i, coordinate);
        core::array::from_fn(|k| self.data[v + 2 * k][lane])
    }

    /// Adds the pair \\((P_1, P_2)\\); coordinates weakly normalized (limbs below
    /// \\(2^{52}\\)), \\(x_1 \ne x_2\\).
    pub(crate) fn push(
        &mut self,
        p1: (&FieldElement, &FieldElement),
        p2: (&FieldElement, &FieldElement),
    ) {
        if self.len.is_multiple_of(LANES) {
            // A new chunk, its lanes padded with the pair (0, 0), (1, 0): x2 − x1 = 1, so
            // padding lanes keep the lane products invertible.
            self.data.extend((0..CHUNK_VECTORS).map(|v| {
                let coordinate = v / 10;
                let limb = (v / 2) % 5;
                [u64::from(coordinate == 2 && limb == 0); 8]
            }));
        }
        let i = self.len;
        self.len += 1;
        for (coordinate, value) in [p1.0, p1.1, p2.0, p2.1].into_iter().enumerate() {
            debug_assert!(value.limbs().iter().all(|&t| t < 1 << 52));
            self.set(i, coordinate, &value.limbs());
        }
    }

    /// How many pairs there are.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The sum of pair `i` (after [`PairBatch::sum`]), weakly normalized.
    pub(crate) fn sum_of(&self, i: usize) -> (FieldElement, FieldElement) {
        let x = FieldElement::from_limbs_below_2_52(self.get(i, 0)).normalize_weak();
        let y = FieldElement::from_limbs_below_2_52(self.get(i, 1)).normalize_weak();
        (x, y)
    }

    /// Replaces every pair by its sum, with IFMA; `false` (nothing done) where this CPU has
    /// none.
    pub(crate) fn sum(&mut self) -> bool {
        #[cfg(target_arch = "x86_64")]
        if ifma_available() {
            // SAFETY: `ifma_available` confirmed AVX-512F and IFMA on this CPU, the features
            // `ifma::pair_sums` is compiled for.
            unsafe { ifma::pair_sums(&mut self.data) };
            #[cfg(test)]
            tests::record_vector_call();
            return true;
        }
        false
    }
}

/// Square roots of every input, as [`FieldElement::sqrt`] gives them (`None` for a
/// non-square), sixteen at a time with IFMA where the CPU has it (`vector: false` forces the
/// serial path, for the differential tests). A last chunk of at most eight takes one vector
/// instead of two, and one of at most four runs serially (a vector call costs the same for one
/// element as for all its lanes).
///
/// The answer never rests on the vector code alone (`recheck`): it returns
/// \(s = a^{(p+1)/8}\), one squaring short of the root, and the serial code squares it, so
/// the root returned is a square by construction — the one of \(\pm r\) the serial code
/// picks (the x-only encodings' choice of \(y\)) — and checks it with a second squaring.
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
            let roots = if chunk.len() <= 8 {
                let mut eight = [[0u64; 5]; 8];
                eight.copy_from_slice(&lanes[..8]);
                // SAFETY: `ifma_available` confirmed AVX-512F and IFMA on this CPU, the
                // features `ifma::sqrt_candidates8` is compiled for.
                let roots = unsafe { ifma::sqrt_candidates8(&eight) };
                let mut all = [[0u64; 5]; LANES];
                all[..8].copy_from_slice(&roots);
                all
            } else {
                // SAFETY: as above, for `ifma::sqrt_candidates`.
                unsafe { ifma::sqrt_candidates(&lanes) }
            };
            #[cfg(test)]
            tests::record_vector_call();
            #[cfg(test)]
            let roots = tests::fault::inject(roots);
            for (j, a) in weak.iter().enumerate().take(chunk.len()) {
                out.push(recheck(a, roots[j]));
            }
        }
        return out;
    }
    let _ = vector;
    out.extend(inputs.iter().map(FieldElement::sqrt));
    out
}

/// The serial end of a vector square root: `half` is the vector code's \(s = a^{(p+1)/8}\).
/// Its limbs must be below \(2^{52}\) (the form the vector code promises); the root is
/// \(r = s^2\) — a square, so the same root [`FieldElement::sqrt`] returns, whatever the
/// vector code computed — and \(r^2 = a\) says it is one. Euler's criterion makes
/// \(a^{(p+1)/2} = \pm a\), so \(r^2 = -a\) is a non-square (`None`); anything else is
/// a fault in the vector arithmetic, and the serial code answers instead.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
fn recheck(a: &FieldElement, half: [u64; 5]) -> Option<FieldElement> {
    if half.iter().any(|&limb| limb >= 1 << 52) {
        return a.sqrt();
    }
    // Magnitude 9 (limb 4 may use 52 bits): reduced weakly to the magnitude 1 a square takes.
    let root = FieldElement::from_limbs_below_2_52(half)
        .normalize_weak()
        .square()
        .normalize();
    let square = root.square();
    if square.equals(a) {
        Some(root)
    } else if (square + *a).normalizes_to_zero() {
        None
    } else {
        a.sqrt()
    }
}

#[cfg(target_arch = "x86_64")]
pub(super) mod ifma {
    use core::arch::x86_64::*;

    use super::LANES;

    const M52: i64 = (1 << 52) - 1;
    /// \\(2^{260} \bmod p\\).
    const R: i64 = 0x10_0000_3D10;

    /// Eight field elements, limb-major (see the module notes).
    #[derive(Clone, Copy)]
    pub(in super::super) struct FieldElementX8(pub(in super::super) [__m512i; 5]);

    type Pair = [FieldElementX8; 2];

    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    pub(in super::super) fn load(lanes: &[[u64; 5]]) -> FieldElementX8 {
        FieldElementX8(core::array::from_fn(|k| {
            let v = |j: usize| lanes[j][k] as i64;
            _mm512_set_epi64(v(7), v(6), v(5), v(4), v(3), v(2), v(1), v(0))
        }))
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    pub(in super::super) fn store(x: &FieldElementX8, out: &mut [[u64; 5]]) {
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
    /// limb 4 (below \\(2^{12}\\)) into limb 0 times \\(R\\) (a product below \\(2^{49}\\), which
    /// `vpmadd52luq` gives whole).
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

    /// \\(32p\\) in unreduced limbs: every limb at least \\(2^{52}\\), the bias of a difference.
    const BIAS: [i64; 5] = [
        32 * 0xF_FFFE_FFFF_FC2F,
        32 * M52,
        32 * M52,
        32 * M52,
        32 * ((1 << 48) - 1),
    ];

    /// The limbs of \\(p\\).
    const P: [i64; 5] = [0xF_FFFE_FFFF_FC2F, M52, M52, M52, (1 << 48) - 1];

    /// `a + b` limb by limb, not carried (the caller bounds the limbs and carries with
    /// [`tighten`] before any product).
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    pub(in super::super) fn add_loose(a: &FieldElementX8, b: &FieldElementX8) -> FieldElementX8 {
        FieldElementX8(core::array::from_fn(|k| _mm512_add_epi64(a.0[k], b.0[k])))
    }

    /// `a + M·p - b` limb by limb (\\(M p\\) in unreduced limbs \\(M p_k\\)), not carried; every
    /// limb of `b` must be at most the matching \\(M p_k\\) (for a tight `b`, \\(M \ge 32\\)).
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    pub(in super::super) fn sub_loose<const M: i64>(
        a: &FieldElementX8,
        b: &FieldElementX8,
    ) -> FieldElementX8 {
        FieldElementX8(core::array::from_fn(|k| {
            let biased = _mm512_add_epi64(a.0[k], _mm512_set1_epi64(M * P[k]));
            _mm512_sub_epi64(biased, b.0[k])
        }))
    }

    /// \\(2^K a\\) limb by limb, not carried.
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    pub(in super::super) fn shl<const K: u32>(a: &FieldElementX8) -> FieldElementX8 {
        FieldElementX8(core::array::from_fn(|k| _mm512_slli_epi64::<K>(a.0[k])))
    }

    /// Limbs below \\(2^{63}\\) carried back below \\(2^{52}\\) (two chains; see the module
    /// notes): a valid product input again.
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    pub(in super::super) fn tighten(x: &FieldElementX8) -> FieldElementX8 {
        let mut d = x.0;
        carry(&mut d);
        carry(&mut d);
        FieldElementX8(d)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    pub(in super::super) fn add(a: &FieldElementX8, b: &FieldElementX8) -> FieldElementX8 {
        let mut d: [__m512i; 5] = core::array::from_fn(|k| _mm512_add_epi64(a.0[k], b.0[k]));
        carry(&mut d);
        carry(&mut d);
        FieldElementX8(d)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    pub(in super::super) fn sub(a: &FieldElementX8, b: &FieldElementX8) -> FieldElementX8 {
        let mut d: [__m512i; 5] = core::array::from_fn(|k| {
            let biased = _mm512_add_epi64(a.0[k], _mm512_set1_epi64(BIAS[k]));
            _mm512_sub_epi64(biased, b.0[k])
        });
        carry(&mut d);
        carry(&mut d);
        FieldElementX8(d)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn sub2(a: &Pair, b: &Pair) -> Pair {
        [sub(&a[0], &b[0]), sub(&a[1], &b[1])]
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn add2(a: &Pair, b: &Pair) -> Pair {
        [add(&a[0], &b[0]), add(&a[1], &b[1])]
    }

    /// From the columns' low and high product sums to limbs below \\(2^{52}\\) (the module
    /// notes' bounds).
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn reduce(lo: [__m512i; 9], hi: [__m512i; 9]) -> FieldElementX8 {
        let mask = _mm512_set1_epi64(M52);
        let r = _mm512_set1_epi64(R);
        // Columns c_k = L_k + H_{k-1} (each below 2^56).
        let c: [__m512i; 10] = core::array::from_fn(|k| match k {
            0 => lo[0],
            9 => hi[8],
            _ => _mm512_add_epi64(lo[k], hi[k - 1]),
        });
        // Fold the top five columns, each split at 52 bits independently (no carry chain
        // across the columns): c_j = l + h·2^52 with h < 2^4 lands on limb j − 5 as l·R (its
        // low 52 bits; the high part, below 2^37, on limb j − 4) and on limb j − 4 as h·R
        // (below 2^41, whole).
        let mut d = [c[0], c[1], c[2], c[3], c[4]];
        let mut limb5 = _mm512_setzero_si512();
        for j in 5..10 {
            let low = _mm512_and_si512(c[j], mask);
            let high = _mm512_srli_epi64::<52>(c[j]);
            d[j - 5] = _mm512_madd52lo_epu64(d[j - 5], low, r);
            if j < 9 {
                d[j - 4] = _mm512_madd52hi_epu64(d[j - 4], low, r);
                d[j - 4] = _mm512_madd52lo_epu64(d[j - 4], high, r);
            } else {
                limb5 = _mm512_madd52hi_epu64(limb5, low, r);
                limb5 = _mm512_madd52lo_epu64(limb5, high, r);
            }
        }
        // limb5 < 2^42: once more onto limbs 0 and 1. Every limb is below 2^58 now.
        d[0] = _mm512_madd52lo_epu64(d[0], limb5, r);
        d[1] = _mm512_madd52hi_epu64(d[1], limb5, r);
        carry(&mut d);
        carry(&mut d);
        FieldElementX8(d)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    pub(in super::super) fn mul(a: &FieldElementX8, b: &FieldElementX8) -> FieldElementX8 {
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
    pub(in super::super) fn square(a: &FieldElementX8) -> FieldElementX8 {
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

    /// Coordinate `c` of a chunk of [`super::PairBatch`] (both halves).
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn coordinate(chunk: &[[u64; 8]], c: usize) -> Pair {
        let v = |k: usize, half: usize| {
            // SAFETY: as in `store`: 64 bytes of plain data either way.
            unsafe { core::mem::transmute::<[u64; 8], __m512i>(chunk[(c * 5 + k) * 2 + half]) }
        };
        [
            FieldElementX8(core::array::from_fn(|k| v(k, 0))),
            FieldElementX8(core::array::from_fn(|k| v(k, 1))),
        ]
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn set_coordinate(chunk: &mut [[u64; 8]], c: usize, value: &Pair) {
        for (half, x) in value.iter().enumerate() {
            for (k, limb) in x.0.iter().enumerate() {
                // SAFETY: as in `store`.
                chunk[(c * 5 + k) * 2 + half] =
                    unsafe { core::mem::transmute::<__m512i, [u64; 8]>(*limb) };
            }
        }
    }

    /// Every pair's sum \\(\lambda = (y_2 - y_1)/(x_2 - x_1)\\), \\(x_3 = \lambda^2 - x_1 - x_2\\),
    /// \\(y_3 = \lambda (x_1 - x_3) - y_1\\), into the \\((x_1, y_1)\\) slots. The divisions share
    /// one inversion: each lane runs Montgomery's trick down its own column of chunks (the
    /// prefix products kept), the sixteen lane products are inverted together serially (one
    /// safegcd inversion and Montgomery's trick again), and the backward pass peels each
    /// lane's inverse off chunk by chunk. Every \\(x_2 - x_1\\) is nonzero (the caller's
    /// promise; the padding lanes' is 1), so every product is invertible.
    #[target_feature(enable = "avx512f,avx512ifma")]
    pub(super) fn pair_sums(data: &mut [[u64; 8]]) {
        use super::super::field::FieldElement;
        use super::CHUNK_VECTORS;
        let chunks = data.len() / CHUNK_VECTORS;
        let one = {
            let mut limbs = [[0u64; 5]; LANES];
            for l in limbs.iter_mut() {
                l[0] = 1;
            }
            [load(&limbs[..8]), load(&limbs[8..])]
        };
        let mut prefix: Vec<Pair> = Vec::with_capacity(chunks);
        let mut acc = one;
        for chunk in data.chunks_exact(CHUNK_VECTORS) {
            let dx = sub2(&coordinate(chunk, 2), &coordinate(chunk, 0));
            prefix.push(acc);
            acc = mul2(&acc, &dx);
        }
        // The sixteen lane products, inverted together.
        let mut lanes = [[0u64; 5]; LANES];
        store(&acc[0], &mut lanes[..8]);
        store(&acc[1], &mut lanes[8..]);
        let products = lanes.map(|l| FieldElement::from_limbs_below_2_52(l).normalize_weak());
        let mut running = [FieldElement::ONE; LANES];
        let mut total = FieldElement::ONE;
        for (r, p) in running.iter_mut().zip(&products) {
            *r = total;
            total *= *p;
        }
        let mut inverse = total.invert_vartime();
        for j in (0..LANES).rev() {
            let lane_inverse = inverse * running[j];
            inverse *= products[j];
            lanes[j] = lane_inverse.normalize_weak().limbs();
        }
        let mut inv = [load(&lanes[..8]), load(&lanes[8..])];
        for (chunk, before) in data.chunks_exact_mut(CHUNK_VECTORS).zip(&prefix).rev() {
            let (x1, y1) = (coordinate(chunk, 0), coordinate(chunk, 1));
            let (x2, y2) = (coordinate(chunk, 2), coordinate(chunk, 3));
            let dx = sub2(&x2, &x1);
            let d_inv = mul2(&inv, before);
            inv = mul2(&inv, &dx);
            let lambda = mul2(&sub2(&y2, &y1), &d_inv);
            let x3 = sub2(&pow2k(&lambda, 1), &add2(&x1, &x2));
            let y3 = sub2(&mul2(&lambda, &sub2(&x1, &x3)), &y1);
            set_coordinate(chunk, 0, &x3);
            set_coordinate(chunk, 1, &y3);
        }
    }

    /// \\(a^{(p+1)/4}\\) by the serial [`super::FieldElement::sqrt`]'s addition chain, over
    /// whatever `$mul` and `$pow2k` (\\(x \mapsto x^{2^k}\\)) work on.
    macro_rules! sqrt_chain {
        ($a:expr, $mul:ident, $pow2k:ident) => {{
            let a = $a;
            let x2 = $mul(&$pow2k(&a, 1), &a);
            let x3 = $mul(&$pow2k(&x2, 1), &a);
            let x6 = $mul(&$pow2k(&x3, 3), &x3);
            let x9 = $mul(&$pow2k(&x6, 3), &x3);
            let x11 = $mul(&$pow2k(&x9, 2), &x2);
            let x22 = $mul(&$pow2k(&x11, 11), &x11);
            let x44 = $mul(&$pow2k(&x22, 22), &x22);
            let x88 = $mul(&$pow2k(&x44, 44), &x44);
            let x176 = $mul(&$pow2k(&x88, 88), &x88);
            let x220 = $mul(&$pow2k(&x176, 44), &x44);
            let x223 = $mul(&$pow2k(&x220, 3), &x3);
            let root = $mul(&$pow2k(&$mul(&$pow2k(&x223, 23), &x22), 6), &x2);
            // One squaring short of a^((p+1)/4): the serial re-check squares it (`recheck`).
            $pow2k(&root, 1)
        }};
    }

    /// One vector's \\(x^{2^k}\\).
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn pow2k1(a: &FieldElementX8, k: u32) -> FieldElementX8 {
        let mut x = *a;
        for _ in 0..k {
            x = square(&x);
        }
        x
    }

    /// \\(a^{(p+1)/8}\\) lane by lane for sixteen elements (two interleaved vectors): the
    /// square root's last squaring is left to [`super::recheck`]. Inputs and outputs have limbs
    /// below \\(2^{52}\\).
    #[target_feature(enable = "avx512f,avx512ifma")]
    pub(super) fn sqrt_candidates(inputs: &[[u64; 5]; LANES]) -> [[u64; 5]; LANES] {
        let root = sqrt_chain!([load(&inputs[..8]), load(&inputs[8..])], mul2, pow2k);
        let mut out = [[0u64; 5]; LANES];
        store(&root[0], &mut out[..8]);
        store(&root[1], &mut out[8..]);
        out
    }

    /// [`sqrt_candidates`] for eight elements (one vector: about half the work, for a short
    /// last chunk).
    #[target_feature(enable = "avx512f,avx512ifma")]
    pub(super) fn sqrt_candidates8(inputs: &[[u64; 5]; 8]) -> [[u64; 5]; 8] {
        let root = sqrt_chain!(load(inputs), mul, pow2k1);
        let mut out = [[0u64; 5]; 8];
        store(&root, &mut out);
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

    pub(crate) fn record_vector_call() {
        VECTOR_CALLS.with(|c| c.set(c.get() + 1));
    }

    /// Vector calls made on this thread so far.
    pub(crate) fn vector_calls() -> usize {
        VECTOR_CALLS.with(Cell::get)
    }

    /// A test hook that makes the vector results lie (`with_lying_roots`).
    pub(crate) mod fault {
        use super::super::{FieldElement, LANES};
        use std::cell::Cell;

        thread_local! {
            static LYING: Cell<u8> = const { Cell::new(0) };
        }

        /// Runs `f` with the vector results replaced: `1` by the other square root of the
        /// root (`-s`: harmless, as its square is the same), `2` by the negated root's
        /// would-be half (any value whose square is not the root), `3` by limbs out of range.
        pub(crate) fn with_lying_roots<R>(mode: u8, f: impl FnOnce() -> R) -> R {
            LYING.with(|c| c.set(mode));
            let out = f();
            LYING.with(|c| c.set(0));
            out
        }

        pub(crate) fn inject(mut roots: [[u64; 5]; LANES]) -> [[u64; 5]; LANES] {
            let mode = LYING.with(Cell::get);
            for half in roots.iter_mut() {
                let s = FieldElement::from_limbs_below_2_52(*half);
                *half = match mode {
                    1 => s.negate(9).normalize().limbs(),
                    2 => (s + FieldElement::ONE).normalize().limbs(),
                    3 => [1 << 52; 5],
                    _ => *half,
                };
            }
            roots
        }
    }

    /// With every vector result lying in each way, the batch still returns exactly the serial
    /// roots (the square one of the two, as the x-only encodings need) and `None` for the
    /// non-squares: the re-check squares the vector's half itself and checks the result.
    #[test]
    fn lying_vector_results_never_change_a_root() {
        if !ifma_available() {
            eprintln!("field_x8: this CPU has no AVX-512 IFMA; the re-check was not exercised");
            return;
        }
        let mut inputs: Vec<FieldElement> = (0..48)
            .map(|_| FieldElement::from(&k256::FieldElement::random(&mut OsRng)))
            .collect();
        for x in inputs.iter_mut().step_by(2) {
            *x = x.square();
        }
        let serial = sqrt_batch(&inputs, false);
        assert!(serial.iter().any(Option::is_some) && serial.iter().any(Option::is_none));
        for mode in 1..=3 {
            let lied = fault::with_lying_roots(mode, || sqrt_batch(&inputs, true));
            for (s, l) in serial.iter().zip(&lied) {
                assert_eq!(
                    s.map(|r| r.to_bytes()),
                    l.map(|r| r.to_bytes()),
                    "mode {mode}"
                );
            }
        }
        // The old check alone (r² = a) would have taken the negated root, which the serial
        // code never returns: it is not a square.
        for (x, root) in inputs.iter().zip(&serial) {
            if let Some(r) = root {
                let other = r.negate(1).normalize();
                assert!(other.square().equals(x) && !other.is_square_vartime());
                assert!(r.is_square_vartime());
            }
        }
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

    /// The vector pair sums against the serial formula on arbitrary coordinates (the formula
    /// is field arithmetic only, so points need not be on the curve): random values, values
    /// with every limb at 2^52 − 1 (the largest the vector code takes), and 0, 1, −1; counts
    /// that leave partial chunks.
    #[test]
    fn pair_sums_agree_with_serial() {
        if !ifma_available() {
            eprintln!("field_x8: this CPU has no AVX-512 IFMA; pair sums not tested");
            return;
        }
        let saturated = FieldElement::from_limbs_below_2_52([(1 << 52) - 1; 5]).normalize_weak();
        let minus_one = FieldElement::ONE.negate(1).normalize_weak();
        let specials = [FieldElement::ZERO, FieldElement::ONE, minus_one, saturated];
        let random = || FieldElement::from(&k256::FieldElement::random(&mut OsRng));
        for count in [1usize, 15, 16, 17, 100] {
            let mut pairs = Vec::new();
            for i in 0..count {
                let pick = |j: usize| {
                    if (i + j).is_multiple_of(3) {
                        specials[(i + j) % specials.len()]
                    } else {
                        random()
                    }
                };
                let (x1, y1, y2) = (pick(0), pick(1), pick(2));
                let mut x2 = pick(3);
                if (x2 + x1.negate(1)).normalizes_to_zero() {
                    x2 = (x2 + FieldElement::ONE).normalize_weak();
                }
                pairs.push((x1, y1, x2, y2));
            }
            let mut batch = PairBatch::default();
            for (x1, y1, x2, y2) in &pairs {
                batch.push((x1, y1), (x2, y2));
            }
            assert!(batch.sum());
            for (i, (x1, y1, x2, y2)) in pairs.iter().enumerate() {
                let lambda = (*y2 + y1.negate(1)).normalize_weak()
                    * (*x2 + x1.negate(1)).normalize_weak().invert_vartime();
                let x3 = (lambda.square() + x1.negate(1) + x2.negate(1)).normalize_weak();
                let y3 = lambda * (*x1 + x3.negate(1)).normalize_weak() + y1.negate(1);
                let (vx, vy) = batch.sum_of(i);
                assert_eq!(vx.to_bytes(), x3.to_bytes(), "pair {i} of {count}");
                assert_eq!(vy.to_bytes(), y3.to_bytes(), "pair {i} of {count}");
            }
        }
    }
}
