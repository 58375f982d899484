//! The bucket method of [`super::msm`] with AVX-512 IFMA: one window per vector lane.
//!
//! A pass takes eight windows; for every point, lane \\(j\\) adds \\(\pm P_i\\) to bucket
//! \\(|d_{i,j}|\\) of its own window. Lanes never share a bucket (each window has its own
//! array), so eight additions run as one vector addition with no conflicts to resolve, the
//! point is the same in every lane (broadcast), and only the buckets are gathered and
//! scattered. The buckets' running sums then run eight windows at a time as well.
//!
//! Field arithmetic: [`super::field_x8`]'s vectors; coordinates leaving a multiplication keep
//! its invariant (fiat's tight bound), so the window sums come out as valid serial elements.
//!
//! # Safety
//!
//! Everything vector is `#[target_feature(enable = "avx512f,avx512dq,avx512ifma")]` and runs only
//! through [`vartime_msm`], which checks both features at run time first.

#![allow(unsafe_code)]

use curve25519_dalek::Scalar;

use alloc::vec::Vec;

use super::field_x8::Backend;
use super::point::{AffineNiels, ExtendedPoint};

/// \\(\sum_i s_i P_i\\) with AVX-512 IFMA, or `None` when this CPU lacks it.
pub fn vartime_msm(scalars: &[Scalar], points: &[ExtendedPoint]) -> Option<ExtendedPoint> {
    if Backend::detect() != Backend::Ifma {
        return None;
    }
    vartime_msm_niels(scalars, &super::msm::affine_niels(points))
}

/// [`vartime_msm`] over points already in mixed-addition form ([`super::msm::affine_niels`]).
pub fn vartime_msm_niels(scalars: &[Scalar], niels: &[AffineNiels]) -> Option<ExtendedPoint> {
    #[cfg(target_arch = "x86_64")]
    if Backend::detect() == Backend::Ifma {
        // SAFETY: `Backend::detect` returned `Ifma`: this CPU has AVX-512F, DQ and IFMA,
        // the features `ifma::run` is compiled for.
        return Some(unsafe { ifma::run(scalars, niels) });
    }
    let _ = (scalars, niels);
    None
}

/// Fixed points prepared for [`vartime_mixed_niels`]: for each point \\(P_i\\), the copies
/// \\(2^{8ck} P_i\\), \\(k <\\) `copies`, in mixed-addition form.
///
/// The bucket method pays, per pass of eight windows, one vector addition per point and
/// \\(2^c\\) more for the running sums, then \\(c\\) doublings per window. With the copies
/// at hand, a scalar's windows \\(8k, \ldots, 8k + 7\\) are digits of copy \\(k\\) in the
/// same eight windows as the first pass, so all passes become one: the same additions for the
/// points, but one set of running sums and eight windows to combine, and no conversion of the
/// points to affine form on every call. Verifiers keep one per generator shape
/// (`RangeGens::fixed_batch_table`); a single 64-bit Solana proof has 130 fixed
/// points against 17 of its own.
#[derive(Clone)]
pub struct FixedBase {
    c: usize,
    copies: usize,
    /// Point-major: `niels[i * copies + k]` is \\(2^{8ck} P_i\\).
    niels: Vec<AffineNiels>,
}

impl core::fmt::Debug for FixedBase {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("FixedBase")
            .field("points", &self.len())
            .field("c", &self.c)
            .finish()
    }
}

impl FixedBase {
    /// The copies of every point, or `None` where the CPU lacks AVX-512 IFMA (the only
    /// backend that takes them).
    pub fn new(points: &[ExtendedPoint]) -> Option<FixedBase> {
        if Backend::detect() != Backend::Ifma {
            return None;
        }
        let c = Self::window(points.len());
        let copies = super::msm::windows(c).div_ceil(8);
        let mut all = Vec::with_capacity(points.len() * copies);
        for p in points {
            let mut q = *p;
            for k in 0..copies {
                if k > 0 {
                    q = (0..8 * c).fold(q, |q, _| q.double());
                }
                all.push(q);
            }
        }
        // Public points: a variable-time conversion is fine.
        let niels = super::msm::affine_niels(&all);
        Some(FixedBase { c, copies, niels })
    }

    /// The number of points.
    pub fn len(&self) -> usize {
        self.niels.len() / self.copies
    }

    /// Whether there are no points.
    pub fn is_empty(&self) -> bool {
        self.niels.is_empty()
    }

    /// The width for `n` fixed points: minimizes the vector additions of one call,
    /// \\(\lceil W/8 \rceil n + 2^c\\).
    fn window(n: usize) -> usize {
        (5..=13)
            .min_by_key(|&c| super::msm::windows(c).div_ceil(8) * n + (1usize << c))
            .unwrap_or(8)
    }
}

/// \\(\sum_i s_i P_i + \sum_j a_j A_j\\) with the \\(P_i\\) in `table` (`static_scalars` may be
/// shorter; the rest count as 0) and the \\(A_j\\) in mixed-addition form, or `None` where the
/// CPU lacks AVX-512 IFMA.
pub fn vartime_mixed_niels(
    table: &FixedBase,
    static_scalars: &[Scalar],
    dynamic_scalars: &[Scalar],
    dynamic: &[AffineNiels],
) -> Option<ExtendedPoint> {
    #[cfg(target_arch = "x86_64")]
    if Backend::detect() == Backend::Ifma {
        // SAFETY: `Backend::detect` returned `Ifma`: this CPU has AVX-512F, DQ and IFMA,
        // the features `ifma::run_fixed` is compiled for.
        return Some(unsafe { ifma::run_fixed(table, static_scalars, dynamic_scalars, dynamic) });
    }
    let _ = (table, static_scalars, dynamic_scalars, dynamic);
    None
}

/// The window width for `n` points in passes of eight windows: minimizes
/// \\(\lceil W/8 \rceil (n + 2^c)\\), the vector additions of filling and summing the buckets.
pub(super) fn vector_window(n: usize) -> usize {
    (4..=13)
        .min_by_key(|&c| super::msm::windows(c).div_ceil(8) * (n + (1usize << c)))
        .unwrap_or(8)
}

/// The window width for `m` dynamic points beside fixed points of width `c`: the cheapest of
/// [`vector_window`] and the widths dividing `c`, the latter saving the fixed part's own
/// \\(7c\\) doublings (one Horner chain for both; a doubling costs about half a vector
/// addition).
pub(super) fn dynamic_window(m: usize, c: usize) -> usize {
    let cost = |w: usize| super::msm::windows(w).div_ceil(8) * (m + (1usize << w));
    let free = vector_window(m);
    (4..=c)
        .filter(|&w| c.is_multiple_of(w))
        .map(|w| (cost(w), w))
        .chain([(cost(free) + 7 * c / 2, free)])
        .min()
        .map_or(free, |(_, w)| w)
}

#[cfg(target_arch = "x86_64")]
mod ifma {
    use alloc::{vec, vec::Vec};
    use core::arch::x86_64::*;

    use curve25519_dalek::Scalar;

    use super::super::field::FieldElement;
    use super::super::field_x8::ifma::{from_lanes, to_lanes, FieldElementX8};
    use super::super::msm::{signed_digits, windows};
    use super::super::point::{AffineNiels, ExtendedPoint, EDWARDS_D2};

    /// A bucket in memory: X, Y, Z, T, five limbs each, in three rows of eight (the last
    /// four limbs are padding), so eight buckets move to and from the lanes by three 8×8
    /// transposes.
    type Record = [[u64; 8]; 3];

    const IDENTITY_RECORD: Record = [[0, 0, 0, 0, 0, 1, 0, 0], [0, 0, 1, 0, 0, 0, 0, 0], [0; 8]];

    /// Transposes an 8×8 matrix of 64-bit words (rows in, columns out; its own inverse):
    /// pairs of rows interleaved, then 128-bit blocks, then 256-bit blocks.
    #[inline]
    #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
    fn transpose(rows: [__m512i; 8]) -> [__m512i; 8] {
        let t: [__m512i; 8] = core::array::from_fn(|k| {
            let (a, b) = (rows[k & !1], rows[k | 1]);
            if k & 1 == 0 {
                _mm512_unpacklo_epi64(a, b)
            } else {
                _mm512_unpackhi_epi64(a, b)
            }
        });
        // u[0..4]: rows 0-3, columns {0,4}, {2,6}, {1,5}, {3,7}; u[4..8]: rows 4-7, the same.
        let u: [__m512i; 8] = core::array::from_fn(|k| {
            let base = (k & 4) + ((k >> 1) & 1); // t index of the first source
            let (a, b) = (t[base], t[base + 2]);
            if k & 1 == 0 {
                _mm512_shuffle_i64x2::<0x88>(a, b)
            } else {
                _mm512_shuffle_i64x2::<0xdd>(a, b)
            }
        });
        // Column c: from u[s] and u[s + 4] with s = [0, 2, 1, 3][c % 4], low or high halves.
        core::array::from_fn(|c| {
            let s = [0, 2, 1, 3][c & 3];
            if c < 4 {
                _mm512_shuffle_i64x2::<0x88>(u[s], u[s + 4])
            } else {
                _mm512_shuffle_i64x2::<0xdd>(u[s], u[s + 4])
            }
        })
    }

    /// Eight points in extended coordinates.
    #[derive(Clone, Copy)]
    struct ExtendedX8 {
        x: FieldElementX8,
        y: FieldElementX8,
        z: FieldElementX8,
        t: FieldElementX8,
    }

    /// Eight affine points in mixed-addition form.
    struct AffineNielsX8 {
        y_plus_x: FieldElementX8,
        y_minus_x: FieldElementX8,
        xy2d: FieldElementX8,
    }

    impl AffineNielsX8 {
        /// `q` in every lane, negated in the lanes of `neg`.
        #[inline]
        #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
        fn splat(q: &AffineNiels, neg: __mmask8) -> AffineNielsX8 {
            let (ypx, ymx) = (
                FieldElementX8::splat(&q.y_plus_x),
                FieldElementX8::splat(&q.y_minus_x),
            );
            AffineNielsX8 {
                y_plus_x: ymx.select(neg, &ypx),
                y_minus_x: ypx.select(neg, &ymx),
                xy2d: FieldElementX8::splat(&q.xy2d).neg_where(neg),
            }
        }
    }

    impl ExtendedX8 {
        /// The serial formulas of [`ExtendedPoint::add_affine`], lane by lane.
        #[inline]
        #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
        fn add_affine(&self, q: &AffineNielsX8) -> ExtendedX8 {
            let a = self.y.sub(&self.x).mul(&q.y_minus_x);
            let b = self.y.add(&self.x).mul(&q.y_plus_x);
            let c = self.t.mul(&q.xy2d);
            let d = self.z.add(&self.z);
            Self::finish(&a, &b, &c, &d)
        }

        /// The serial formulas of [`ExtendedPoint::add`], lane by lane.
        #[inline]
        #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
        fn add(&self, q: &ExtendedX8) -> ExtendedX8 {
            let a = self.y.sub(&self.x).mul(&q.y.sub(&q.x));
            let b = self.y.add(&self.x).mul(&q.y.add(&q.x));
            let d2 = FieldElementX8::splat(&EDWARDS_D2);
            let c = self.t.mul(&d2).mul(&q.t);
            let zz = self.z.mul(&q.z);
            let d = zz.add(&zz);
            Self::finish(&a, &b, &c, &d)
        }

        #[inline]
        #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
        fn finish(
            a: &FieldElementX8,
            b: &FieldElementX8,
            c: &FieldElementX8,
            d: &FieldElementX8,
        ) -> ExtendedX8 {
            let (e, f, g, h) = (b.sub(a), d.sub(c), d.add(c), b.add(a));
            ExtendedX8 {
                x: e.mul(&f),
                y: g.mul(&h),
                z: f.mul(&g),
                t: e.mul(&h),
            }
        }

        /// Lane `j` from `buckets[index[j]]`.
        #[inline]
        #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
        fn gather(buckets: &[Record], index: &[usize; 8]) -> ExtendedX8 {
            let mut limbs = [_mm512_setzero_si512(); 24];
            for row in 0..3 {
                let columns =
                    transpose(core::array::from_fn(|j| from_lanes(buckets[index[j]][row])));
                limbs[8 * row..8 * row + 8].copy_from_slice(&columns);
            }
            let coordinate = |c: usize| FieldElementX8(core::array::from_fn(|l| limbs[5 * c + l]));
            ExtendedX8 {
                x: coordinate(0),
                y: coordinate(1),
                z: coordinate(2),
                t: coordinate(3),
            }
        }

        /// Lane `j` to `buckets[index[j]]`, for the lanes of `active`.
        #[inline]
        #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
        fn scatter(&self, buckets: &mut [Record], index: &[usize; 8], active: u8) {
            let mut limbs = [_mm512_setzero_si512(); 24];
            for (c, coordinate) in [self.x, self.y, self.z, self.t].iter().enumerate() {
                limbs[5 * c..5 * c + 5].copy_from_slice(&coordinate.0);
            }
            for row in 0..3 {
                let records = transpose(core::array::from_fn(|k| limbs[8 * row + k]));
                for (j, &i) in index.iter().enumerate() {
                    if active >> j & 1 == 1 {
                        buckets[i][row] = to_lanes(records[j]);
                    }
                }
            }
        }

        /// The eight lanes as serial points (valid elements: see the module notes).
        #[inline]
        #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
        fn lanes(&self) -> [ExtendedPoint; 8] {
            let coordinate = |c: &FieldElementX8| -> [FieldElement; 8] {
                let limbs: [[u64; 8]; 5] = core::array::from_fn(|l| to_lanes(c.0[l]));
                core::array::from_fn(|j| FieldElement(core::array::from_fn(|l| limbs[l][j])))
            };
            let (x, y, z, t) = (
                coordinate(&self.x),
                coordinate(&self.y),
                coordinate(&self.z),
                coordinate(&self.t),
            );
            core::array::from_fn(|j| ExtendedPoint {
                x: x[j],
                y: y[j],
                z: z[j],
                t: t[j],
            })
        }
    }

    /// [`transpose`] on plain arrays, for the tests.
    #[cfg(test)]
    #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
    pub(super) fn transpose_lanes(m: [[u64; 8]; 8]) -> [[u64; 8]; 8] {
        transpose(m.map(|row| from_lanes(row))).map(|column| to_lanes(column))
    }

    #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
    pub(super) fn run(scalars: &[Scalar], niels: &[AffineNiels]) -> ExtendedPoint {
        let n = scalars.len().min(niels.len());
        if n == 0 {
            return ExtendedPoint::IDENTITY;
        }
        let c = super::vector_window(n);
        horner(&window_sums(&scalars[..n], &niels[..n], c), c)
    }

    /// The window sums \\(S_w\\) of radix \\(2^c\\), \\(w < W\\), in passes of eight windows.
    #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
    fn window_sums(scalars: &[Scalar], niels: &[AffineNiels], c: usize) -> Vec<ExtendedPoint> {
        let n = scalars.len().min(niels.len());
        let w_count = windows(c);
        let passes = w_count.div_ceil(8);
        let digits = signed_digits(&scalars[..n], c);
        let bucket_count = 1usize << (c - 1);
        let mut buckets = vec![IDENTITY_RECORD; 8 * bucket_count];
        let mut sums = Vec::with_capacity(8 * passes);
        for pass in 0..passes {
            buckets.fill(IDENTITY_RECORD);
            fill(&mut buckets, bucket_count, n, |i| {
                (
                    &niels[i],
                    lane_digits(&digits[i * w_count..][..w_count], 8 * pass),
                )
            });
            sums.extend(running_sums(&buckets, bucket_count));
        }
        sums.truncate(w_count);
        sums
    }

    /// [`run`] with the first points' copies in `table` ([`super::FixedBase`]): one pass over
    /// every copy fills eight windows of width `table.c` for all of them; the dynamic points
    /// (`dynamic_scalars` against `dynamic`) run as [`run`] does, in a width dividing the
    /// table's where that costs little more, so that one Horner chain combines both.
    #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
    pub(super) fn run_fixed(
        table: &super::FixedBase,
        static_scalars: &[Scalar],
        dynamic_scalars: &[Scalar],
        dynamic: &[AffineNiels],
    ) -> ExtendedPoint {
        let (c, copies) = (table.c, table.copies);
        let n = static_scalars.len().min(table.len());
        let w_count = windows(c);
        let digits = signed_digits(&static_scalars[..n], c);
        let bucket_count = 1usize << (c - 1);
        let mut buckets = vec![IDENTITY_RECORD; 8 * bucket_count];
        // Entry `e` is copy `e % copies` of point `e / copies`: lane `j` adds the digit of
        // window `8k + j` times \\(2^{8ck} P_i\\), which is that window's digit times
        // \\(2^{8ck}\\) in lane `j`'s window sum — every window of the scalar in one pass.
        fill(&mut buckets, bucket_count, n * copies, |e| {
            let (i, k) = (e / copies, e % copies);
            (
                &table.niels[e],
                lane_digits(&digits[i * w_count..][..w_count], 8 * k),
            )
        });
        let statics = running_sums(&buckets, bucket_count);
        let m = dynamic_scalars.len().min(dynamic.len());
        if m == 0 {
            return horner(&statics, c);
        }
        let c_d = super::dynamic_window(m, c);
        let mut sums = window_sums(&dynamic_scalars[..m], &dynamic[..m], c_d);
        if c.is_multiple_of(c_d) {
            // Static window j is dynamic window j c / c_d (W c_d ≥ 254 > 7c: it exists).
            for (j, s) in statics.iter().enumerate() {
                let w = j * (c / c_d);
                sums[w] = sums[w].add(s);
            }
            horner(&sums, c_d)
        } else {
            horner(&statics, c).add(&horner(&sums, c_d))
        }
    }

    /// Lane `j`'s digit for the window `first + j` of one scalar's digits (zero past the last).
    #[inline]
    fn lane_digits(digits: &[i32], first: usize) -> [i32; 8] {
        core::array::from_fn(|j| digits.get(first + j).copied().unwrap_or(0))
    }

    /// Adds `count` entries to the buckets: `entry(e)` gives a point and its eight lanes'
    /// digits; lane `j` adds \(\pm P\) to its bucket \(|d_j|\) (nothing for a zero digit).
    #[inline]
    #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
    fn fill<'a>(
        buckets: &mut [Record],
        bucket_count: usize,
        count: usize,
        entry: impl Fn(usize) -> (&'a AffineNiels, [i32; 8]),
    ) {
        if count == 0 {
            return;
        }
        // The lanes' buckets for entry `e`: their positions, which lanes add (nonzero digit)
        // and which subtract.
        let lanes_of = |e: usize| {
            let (q, digits) = entry(e);
            let mut index = [0usize; 8];
            let (mut active, mut neg) = (0u8, 0u8);
            for (j, (slot, &d)) in index.iter_mut().zip(&digits).enumerate() {
                *slot = j * bucket_count;
                if d != 0 {
                    active |= 1 << j;
                    neg |= ((d < 0) as u8) << j;
                    *slot += d.unsigned_abs() as usize - 1;
                }
            }
            (q, index, active, neg)
        };
        let mut next = lanes_of(0);
        for e in 0..count {
            let (q, index, active, neg) = next;
            if e + 1 < count {
                // The buckets are scattered over more than the L1 cache: ask for the next
                // entry's while this one's addition runs.
                next = lanes_of(e + 1);
                prefetch_records(buckets, &next.1);
            }
            if active == 0 {
                continue;
            }
            let bucket = ExtendedX8::gather(buckets, &index);
            let sum = bucket.add_affine(&AffineNielsX8::splat(q, neg));
            sum.scatter(buckets, &index, active);
        }
    }

    /// \\(\sum_b (b + 1) B_{j,b}\\) for the eight lanes' windows \\(j\\), by running sums from
    /// the top bucket down.
    #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
    fn running_sums(buckets: &[Record], bucket_count: usize) -> [ExtendedPoint; 8] {
        let identity = ExtendedX8::gather(&[IDENTITY_RECORD], &[0; 8]);
        let (mut running, mut total) = (identity, identity);
        for b in (0..bucket_count).rev() {
            let index = core::array::from_fn(|j| j * bucket_count + b);
            running = running.add(&ExtendedX8::gather(buckets, &index));
            total = total.add(&running);
        }
        total.lanes()
    }

    /// \\(\sum_w 2^{cw} S_w\\) from the window sums \\(S_w\\).
    fn horner(window_sums: &[ExtendedPoint], c: usize) -> ExtendedPoint {
        window_sums
            .iter()
            .rev()
            .fold(ExtendedPoint::IDENTITY, |acc, sum| {
                (0..c).fold(acc, |a, _| a.double()).add(sum)
            })
    }

    /// Hints the cache to load the records at `index` (a hint only: no memory is accessed).
    #[inline]
    #[target_feature(enable = "avx512f,avx512dq,avx512ifma")]
    fn prefetch_records(buckets: &[Record], index: &[usize; 8]) {
        for &i in index {
            if let Some(record) = buckets.get(i) {
                let start = record.as_ptr().cast::<i8>();
                for line in [0, 64, 128, 191] {
                    // A safe intrinsic here (this function has the features it needs): a
                    // prefetch never faults or changes memory, and `wrapping_add` computes the
                    // address (inside the 192-byte record) without dereferencing it.
                    _mm_prefetch::<_MM_HINT_T0>(start.wrapping_add(line));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::msm::tests::{random_points, test_scalars};
    use super::super::msm::vartime_msm_serial;
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn windows_by_size() {
        assert_eq!(vector_window(1), 4);
        assert!(vector_window(20_000) >= 10);
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn transpose_transposes() {
        use crate::group::curve25519::simd_test_support::runs_here;
        if runs_here(Backend::Ifma, "msm_x8::transpose_transposes") {
            let m: [[u64; 8]; 8] =
                core::array::from_fn(|r| core::array::from_fn(|c| (10 * r + c) as u64));
            // SAFETY: the CPU has the features (checked above).
            let t = unsafe { ifma::transpose_lanes(m) };
            for r in 0..8 {
                for c in 0..8 {
                    assert_eq!(t[c][r], m[r][c]);
                }
            }
        }
    }

    /// The shapes of Solana's single verifications (131, 259 and 515 fixed points, widths 8
    /// and a dynamic width dividing it) and small ones (widths 5 and 6, two Horner chains
    /// each), with and without dynamic points.
    #[test]
    fn fixed_base_shapes() {
        let ifma = crate::group::curve25519::simd_test_support::runs_here(
            Backend::Ifma,
            "msm_x8::fixed_base_shapes",
        );
        for (fixed, dynamic) in [(1, 0), (9, 17), (60, 3), (131, 17), (259, 22), (515, 0)] {
            let (_, points) = random_points(fixed + dynamic);
            let scalars = test_scalars(fixed + dynamic, false);
            let expected = vartime_msm_serial(&scalars, &points).to_ristretto_bytes();
            let Some(table) = FixedBase::new(&points[..fixed]) else {
                assert!(!ifma);
                continue;
            };
            let niels = super::super::msm::affine_niels(&points[fixed..]);
            let got = vartime_mixed_niels(&table, &scalars[..fixed], &scalars[fixed..], &niels)
                .expect("IFMA runs");
            assert_eq!(got.to_ristretto_bytes(), expected, "{fixed} + {dynamic}");
        }
        assert_eq!(FixedBase::window(131), 8);
        assert_eq!(dynamic_window(17, 8), 4);
        assert_eq!(dynamic_window(17, 7), 4);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(16))]
        /// Fixed points through their copies and dynamic ones through the bucket method give
        /// the serial MSM's sum, with fewer static scalars than fixed points (the rest 0).
        #[test]
        fn fixed_base_matches_serial(
            fixed in 0usize..300,
            unused in 0usize..4,
            dynamic in 0usize..40,
            edge in any::<bool>(),
        ) {
            let (_, points) = random_points(fixed + dynamic);
            let used = fixed.saturating_sub(unused);
            let scalars = test_scalars(fixed + dynamic, edge);
            let expected: Vec<Scalar> = scalars[..used]
                .iter()
                .chain(&scalars[fixed..])
                .copied()
                .collect();
            let expected_points: Vec<ExtendedPoint> = points[..used]
                .iter()
                .chain(&points[fixed..])
                .copied()
                .collect();
            let expected = vartime_msm_serial(&expected, &expected_points).to_ristretto_bytes();
            let ifma = crate::group::curve25519::simd_test_support::runs_here(
                Backend::Ifma,
                "msm_x8::fixed_base_matches_serial",
            );
            let table = FixedBase::new(&points[..fixed]);
            prop_assert_eq!(table.is_some(), ifma);
            if let Some(table) = table {
                prop_assert_eq!(table.len(), fixed);
                let dynamic_niels = super::super::msm::affine_niels(&points[fixed..]);
                let got = vartime_mixed_niels(
                    &table,
                    &scalars[..used],
                    &scalars[fixed..],
                    &dynamic_niels,
                )
                .expect("IFMA runs");
                prop_assert_eq!(got.to_ristretto_bytes(), expected);
            }
        }

        #[test]
        fn matches_serial(n in 0usize..300, edge in any::<bool>()) {
            let (_, points) = random_points(n);
            let scalars = test_scalars(n, edge);
            let expected = vartime_msm_serial(&scalars, &points).to_ristretto_bytes();
            let ifma = crate::group::curve25519::simd_test_support::runs_here(
                Backend::Ifma,
                "msm_x8::matches_serial",
            );
            // The vector MSM runs exactly where the CPU has IFMA.
            let got = vartime_msm(&scalars, &points);
            prop_assert_eq!(got.is_some(), ifma);
            if let Some(got) = got {
                prop_assert_eq!(got.to_ristretto_bytes(), expected);
            }
        }
    }
}
