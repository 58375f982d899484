//! Multiscalar multiplication on secp256k1.
//!
//! # Variable time: Pippenger's bucket method with signed digits
//!
//! Each scalar is recoded into \\(w = \lfloor 256/c \rfloor + 1\\) signed digits
//! \\(d_k \in (-2^{c-1}, 2^{c-1}]\\) with \\(s = \sum_k d_k 2^{ck}\\). For each window, from the top,
//! every point is added (negated for a negative digit) into bucket \\(|d_k|\\), the buckets are
//! summed as \\(\sum_b b \cdot B_b\\) with two running sums, and the accumulator is doubled
//! \\(c\\) times before the next window. With \\(M\\) the cost of a mixed (Jacobian + affine)
//! addition, \\(A\\) of a Jacobian addition and \\(D\\) of a doubling, \\(n\\) points cost
//!
//! \\[ w\,(n M + 2^{c} A) + 256\,D, \\]
//!
//! and [`window_bits`] picks the \\(c\\) minimizing it with \\(M = 11\\), \\(A = 16\\)
//! (field-multiplication equivalents of the Jacobian formulas, `jacobian.rs`). Signed digits
//! halve the buckets (negating an affine point is free).
//!
//! Points enter in affine form: the inputs are normalized with one shared inversion, and fixed
//! generators are normalized once ([`Secp256k1Precomputation`]).
//!
//! # Constant time: Straus with signed 4-bit windows
//!
//! For secret scalars (see [`constant_time`]): 65 signed digits per scalar, a table of
//! \\(P, \ldots, 8P\\) per point scanned in full for each digit, complete additions.

use k256::elliptic_curve::subtle::{ConditionallySelectable, ConstantTimeEq};
use k256::{ProjectivePoint, Scalar};
use zeroize::Zeroize;

use std::sync::OnceLock;

use super::bits::{bits_at, limbs};
use super::jacobian::{normalize_batch, Affine, Jacobian};
use super::straus::{odd_multiples, straus, wnaf, OddMultiples, DYNAMIC_WIDTH, STATIC_WIDTH};

/// Mixed-addition and addition costs in field multiplications, for [`window_bits`].
const MIXED_ADD_COST: usize = 11;
const ADD_COST: usize = 16;

/// Affine bucket additions with batched inversions (see [`super::batch_affine`]): about 6M
/// each, plus one inversion per batch (safegcd's, about 1.3 µs: 80M at 16 ns a product), and
/// at least one batch per window.
const AFFINE_ADD_COST: usize = 6;
const INVERSION_COST: usize = 80;

/// Whether the affine-bucket accumulation beats the Jacobian one for `n` points at width `c`.
fn use_batch_affine(n: usize, c: usize) -> bool {
    bucket_cost(n, c) < n * MIXED_ADD_COST
}

/// Doubling cost in field multiplications.
const DOUBLE_COST: usize = 8;

/// Pippenger's cost \\(w(nM + 2^c A) + 256 D\\) at window width `c`, with \\(nM\\) the
/// cheaper of the Jacobian and the batched affine bucket additions.
fn pippenger_cost_at(n: usize, c: usize) -> usize {
    // With the GLV split: 2n points, 128-bit scalars, and the split itself per point.
    (128 / c + 1) * (bucket_cost(2 * n, c) + (1usize << c) * ADD_COST)
        + 128 * DOUBLE_COST
        + n * GLV_SPLIT_COST
}

/// The GLV split of a scalar and \\(\phi(P)\\), in field-multiplication equivalents.
const GLV_SPLIT_COST: usize = 12;

/// Cost of adding `n` points into the buckets of one window of width `c`: Jacobian, or
/// affine with one inversion per tree round (about \\(\log_2(2n/2^c) + 2\\) rounds).
fn bucket_cost(n: usize, c: usize) -> usize {
    let load = (2 * n) >> c;
    let rounds = (usize::BITS - load.leading_zeros()) as usize + 2;
    (n * MIXED_ADD_COST).min(n * AFFINE_ADD_COST + rounds * INVERSION_COST)
}

/// The window width \\(c\\) minimizing \\(w(nM + 2^c A)\\) for `n` points.
pub fn window_bits(n: usize) -> usize {
    (1..=20)
        .min_by_key(|&c| pippenger_cost_at(n, c))
        .unwrap_or(4)
}

/// Pippenger's cost for `n` points at the best width.
fn pippenger_cost(n: usize) -> usize {
    pippenger_cost_at(n, window_bits(n))
}

/// Straus's cost for `fixed` points with prebuilt width-8 tables and `dynamic` points whose
/// width-5 tables are built for the call: about \\(257/(w+1)\\) mixed additions per point, the
/// tables' additions and normalization, and 256 doublings.
fn straus_cost(fixed: usize, dynamic: usize) -> usize {
    let per_fixed = 257 / (STATIC_WIDTH + 1) * MIXED_ADD_COST;
    let table = 1 << (DYNAMIC_WIDTH - 2);
    let per_dynamic = 257 / (DYNAMIC_WIDTH + 1) * MIXED_ADD_COST + table * (ADD_COST + 6);
    fixed * per_fixed + dynamic * per_dynamic + 256 * DOUBLE_COST
}

/// Signed base-\\(2^c\\) digits, least significant first, each in \\((-2^{c-1}, 2^{c-1}]\\).
fn signed_digits(s: &Scalar, c: usize, windows: usize, out: &mut Vec<i32>) {
    let limbs = limbs(s);
    let half = 1i64 << (c - 1);
    let mut carry = 0i64;
    for k in 0..windows {
        let mut d = bits_at(&limbs, k * c, c) as i64 + carry;
        carry = 0;
        if d > half {
            d -= 1i64 << c;
            carry = 1;
        }
        out.push(d as i32);
    }
    debug_assert_eq!(carry, 0);
}

/// \\(\sum_i s_i P_i\\) over affine points (`None` entries are the identity and skipped).
pub(crate) fn pippenger(scalars: &[Scalar], points: &[Option<Affine>]) -> Jacobian {
    debug_assert_eq!(scalars.len(), points.len());
    // Zero scalars and identity points contribute nothing.
    let live = |(s, p): (&Scalar, &Option<Affine>)| !bool::from(s.is_zero()) && p.is_some();
    let n = scalars.iter().zip(points).filter(|t| live(*t)).count();
    if n == 0 {
        return Jacobian::INFINITY;
    }
    // GLV: kP = k1 P + k2 φ(P) with |k1|, |k2| < 2^128 (signs moved to the points).
    let c = window_bits(n);
    let windows = 128 / c + 1;
    let mut digits = Vec::with_capacity(2 * n * windows);
    let mut affine = Vec::with_capacity(2 * n);
    for (s, p) in scalars.iter().zip(points) {
        if let (true, Some(p)) = (live((s, p)), p) {
            let [(neg1, k1), (neg2, k2)] = super::glv::split(s);
            let phi = super::glv::endomorphism(p);
            for (neg, k, q) in [(neg1, k1, *p), (neg2, k2, phi)] {
                if !bool::from(k.is_zero()) {
                    signed_digits(&k, c, windows, &mut digits);
                    affine.push(if neg { q.neg() } else { q });
                }
            }
        }
    }
    if use_batch_affine(affine.len(), c) {
        return super::batch_affine::accumulate(&affine, &digits, c, windows);
    }
    pippenger_jacobian(&affine, &digits, c, windows)
}

/// The bucket method with Jacobian buckets.
fn pippenger_jacobian(affine: &[Affine], digits: &[i32], c: usize, windows: usize) -> Jacobian {
    let mut buckets = vec![Jacobian::INFINITY; 1 << (c - 1)];
    let mut acc = Jacobian::INFINITY;
    for k in (0..windows).rev() {
        for _ in 0..c {
            acc = acc.double();
        }
        buckets.fill(Jacobian::INFINITY);
        for (i, p) in affine.iter().enumerate() {
            let d = digits[i * windows + k];
            if d > 0 {
                let b = &mut buckets[d as usize - 1];
                *b = b.add_affine(p);
            } else if d < 0 {
                let b = &mut buckets[(-d) as usize - 1];
                *b = b.add_affine(&p.neg());
            }
        }
        // Σ_b b·B_b = Σ_b (B_top + … + B_b), accumulated from the top bucket down.
        let mut running = Jacobian::INFINITY;
        let mut sum = Jacobian::INFINITY;
        for b in buckets.iter().rev() {
            running = running.add(b);
            sum = sum.add(&running);
        }
        acc = acc.add(&sum);
    }
    acc
}

/// Variable-time \\(\sum_i s_i P_i\\): Straus or Pippenger, whichever the cost model favors.
pub fn vartime(scalars: &[Scalar], points: &[ProjectivePoint]) -> ProjectivePoint {
    let affine = normalize_batch(points);
    let n = live_count(scalars, &affine);
    if straus_cost(0, n) < pippenger_cost(n) {
        straus_dynamic(scalars, &affine).to_projective()
    } else {
        pippenger(scalars, &affine).to_projective()
    }
}

fn live_count(scalars: &[Scalar], points: &[Option<Affine>]) -> usize {
    scalars
        .iter()
        .zip(points)
        .filter(|(s, p)| !bool::from(s.is_zero()) && p.is_some())
        .count()
}

/// Recoded scalars and width-5 tables for points that came with the call (zero scalars and
/// identities dropped).
fn dynamic_terms(scalars: &[Scalar], points: &[Option<Affine>]) -> Vec<([i8; 257], OddMultiples)> {
    let live: Vec<(&Scalar, Option<Affine>)> = scalars
        .iter()
        .zip(points)
        .filter(|(s, p)| !bool::from(s.is_zero()) && p.is_some())
        .map(|(s, p)| (s, *p))
        .collect();
    let pts: Vec<Option<Affine>> = live.iter().map(|(_, p)| *p).collect();
    odd_multiples(&pts, DYNAMIC_WIDTH)
        .into_iter()
        .zip(&live)
        .filter_map(|(t, (s, _))| t.map(|t| (wnaf(s, DYNAMIC_WIDTH), t)))
        .collect()
}

/// Straus over points that came with the call.
fn straus_dynamic(scalars: &[Scalar], points: &[Option<Affine>]) -> Jacobian {
    let terms = dynamic_terms(scalars, points);
    let refs: Vec<_> = terms.iter().map(|(d, t)| (d, t)).collect();
    straus(&refs)
}

/// Window width of the fixed-base bucket method.
const FIXED_BASE_WIDTH: usize = 8;
/// Most fixed points the fixed-base method takes (see `vartime_mixed`).
const FIXED_BASE_MAX_POINTS: usize = 1100;
/// Its windows: \\(\lfloor 256/8 \rfloor + 1\\).
const FIXED_BASE_WINDOWS: usize = 256 / FIXED_BASE_WIDTH + 1;

/// The fixed-base bucket method's cost for `n` fixed points: every non-zero digit of every
/// window is one affine bucket addition (the points \\(2^{8k} P\\) are prebuilt, so there are
/// no doublings and one bucket aggregation in all), plus a few batched inversions.
fn fixed_base_cost(n: usize) -> usize {
    let entries = n * FIXED_BASE_WINDOWS;
    let rounds = (usize::BITS - (entries >> (FIXED_BASE_WIDTH - 1)).leading_zeros()) as usize + 2;
    entries * (AFFINE_ADD_COST + 1) + rounds * INVERSION_COST + (1 << FIXED_BASE_WIDTH) * ADD_COST
}

/// Fixed points in affine form, normalized once, and (built on first use) two kinds of
/// tables: odd multiples for Straus, and the window shifts \\(2^{8k} P\\) for the fixed-base
/// bucket method, which the cost model picks per call.
#[derive(Debug)]
pub struct Secp256k1Precomputation {
    affine: Vec<Option<Affine>>,
    tables: OnceLock<Vec<Option<OddMultiples>>>,
    shifts: OnceLock<Vec<Option<Vec<Affine>>>>,
    /// Whether building tables can pay (the points serve many multiplications); a
    /// short-lived set (a prover's folded generators) only keeps the affine forms.
    long_lived: bool,
}

/// \\(2^{8k} P\\) for \\(k < 33\\), for every point, normalized with one inversion.
fn window_shifts(points: &[Option<Affine>]) -> Vec<Option<Vec<Affine>>> {
    let mut all = Vec::with_capacity(points.len() * FIXED_BASE_WINDOWS);
    for p in points.iter().flatten() {
        let mut q = Jacobian::from_affine(p);
        for _ in 0..FIXED_BASE_WINDOWS {
            all.push(q);
            for _ in 0..FIXED_BASE_WIDTH {
                q = q.double();
            }
        }
    }
    let mut affine = super::jacobian::normalize_jacobian_batch(&all).into_iter();
    points
        .iter()
        .map(|p| {
            p.as_ref()?;
            // 2^{8k} P is never the identity for a point of prime order.
            (0..FIXED_BASE_WINDOWS)
                .map(|_| affine.next().flatten())
                .collect::<Option<Vec<Affine>>>()
        })
        .collect()
}

impl Secp256k1Precomputation {
    /// Normalizes `points` (one inversion).
    pub fn new(points: &[ProjectivePoint]) -> Self {
        Secp256k1Precomputation {
            affine: normalize_batch(points),
            tables: OnceLock::new(),
            shifts: OnceLock::new(),
            long_lived: true,
        }
    }

    /// Points for a few multiplications only: normalized, but no tables are ever built for
    /// them (each call treats them as points that came with it).
    pub fn short_lived(points: &[ProjectivePoint]) -> Self {
        Secp256k1Precomputation {
            long_lived: false,
            ..Self::new(points)
        }
    }

    /// How many fixed points there are.
    pub fn len(&self) -> usize {
        self.affine.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.affine.is_empty()
    }

    /// \\(\sum_i b_i B_i + \sum_j a_j A_j\\) over the first `static_scalars.len()` fixed points.
    pub fn vartime_mixed(
        &self,
        static_scalars: &[Scalar],
        dynamic_scalars: &[Scalar],
        dynamic_points: &[ProjectivePoint],
    ) -> ProjectivePoint {
        let dynamic = normalize_batch(dynamic_points);
        if !self.long_lived {
            let mut scalars = static_scalars.to_vec();
            scalars.extend_from_slice(dynamic_scalars);
            let mut points = self.affine[..static_scalars.len()].to_vec();
            points.extend(dynamic);
            let n = live_count(&scalars, &points);
            let sum = if straus_cost(0, n) < pippenger_cost(n) {
                straus_dynamic(&scalars, &points)
            } else {
                pippenger(&scalars, &points)
            };
            return sum.to_projective();
        }
        let fixed = live_count(static_scalars, &self.affine[..static_scalars.len()]);
        let moving = live_count(dynamic_scalars, &dynamic);
        let dynamic_alone = straus_cost(0, moving).min(pippenger_cost(moving));
        let straus_all = straus_cost(fixed, moving);
        let pippenger_all = pippenger_cost(fixed + moving);
        // The prebuilt shifts take 2.6 KiB per point; past about a thousand points their
        // scattered reads leave the cache and the model's operation count stops predicting
        // (measured: slower than Pippenger at 2050 fixed points, faster at 1025).
        let fixed_base = if fixed <= FIXED_BASE_MAX_POINTS {
            fixed_base_cost(fixed) + dynamic_alone
        } else {
            usize::MAX
        };
        if fixed_base < straus_all.min(pippenger_all) {
            let shifts = self.shifts.get_or_init(|| window_shifts(&self.affine));
            let mut digits = Vec::with_capacity(fixed * FIXED_BASE_WINDOWS);
            let mut bases = Vec::with_capacity(fixed);
            for (s, table) in static_scalars.iter().zip(shifts) {
                if let (false, Some(table)) = (bool::from(s.is_zero()), table) {
                    signed_digits(s, FIXED_BASE_WIDTH, FIXED_BASE_WINDOWS, &mut digits);
                    bases.push(table);
                }
            }
            let entries = || {
                bases.iter().enumerate().flat_map(|(i, table)| {
                    let d = &digits[i * FIXED_BASE_WINDOWS..(i + 1) * FIXED_BASE_WINDOWS];
                    d.iter()
                        .zip(table.iter())
                        .filter(|(d, _)| **d != 0)
                        .map(|(d, p)| (*d, p))
                })
            };
            let mut buf = super::batch_affine::Buckets::default();
            let fixed_sum = super::batch_affine::bucket_sum(entries, FIXED_BASE_WIDTH, &mut buf);
            let moving_sum = if straus_cost(0, moving) < pippenger_cost(moving) {
                straus_dynamic(dynamic_scalars, &dynamic)
            } else {
                pippenger(dynamic_scalars, &dynamic)
            };
            return fixed_sum.add(&moving_sum).to_projective();
        }
        if straus_all < pippenger_all {
            let tables = self
                .tables
                .get_or_init(|| odd_multiples(&self.affine, STATIC_WIDTH));
            let digits: Vec<(usize, _)> = static_scalars
                .iter()
                .enumerate()
                .filter(|(i, s)| !bool::from(s.is_zero()) && tables[*i].is_some())
                .map(|(i, s)| (i, wnaf(s, STATIC_WIDTH)))
                .collect();
            let moving_terms = dynamic_terms(dynamic_scalars, &dynamic);
            let terms: Vec<_> = digits
                .iter()
                .filter_map(|(i, d)| tables[*i].as_ref().map(|t| (d, t)))
                .chain(moving_terms.iter().map(|(d, t)| (d, t)))
                .collect();
            return straus(&terms).to_projective();
        }
        let mut scalars = Vec::with_capacity(static_scalars.len() + dynamic_scalars.len());
        scalars.extend_from_slice(static_scalars);
        scalars.extend_from_slice(dynamic_scalars);
        let mut points = self.affine[..static_scalars.len()].to_vec();
        points.extend(dynamic);
        pippenger(&scalars, &points).to_projective()
    }
}

/// Signed radix-16 digits of a scalar, least significant first: 64 digits in \\([-8, 8)\\) and
/// a final carry in \\(\{0, 1\}\\), computed with arithmetic only (no branches on the value).
fn signed_radix_16(s: &Scalar) -> [i8; 65] {
    let bytes = s.to_bytes();
    let mut digits = [0i8; 65];
    for i in 0..32 {
        let b = bytes[31 - i];
        digits[2 * i] = (b & 15) as i8;
        digits[2 * i + 1] = (b >> 4) as i8;
    }
    for i in 0..64 {
        // carry = 1 exactly when the digit is 8 or more.
        let carry = (digits[i] + 8) >> 4;
        digits[i] -= carry << 4;
        digits[i + 1] += carry;
    }
    digits
}

/// Constant-time \\(\sum_i s_i P_i\\): Straus with signed 4-bit windows. Each point's multiples
/// \\(P, \ldots, 8P\\) are tabulated in affine form; for each of the 65 digits (from the top)
/// the accumulator is doubled four times and each point adds \\(\pm |d| P\\), found by scanning
/// the whole table with `subtle`'s conditional selection and negated by a conditional negation.
/// Additions use `k256`'s complete (mixed) formulas, so neither the control flow nor the memory
/// accesses depend on the scalars.
pub fn constant_time(scalars: &[Scalar], points: &[ProjectivePoint]) -> ProjectivePoint {
    use k256::elliptic_curve::{group::Group as _, BatchNormalize};
    use k256::AffinePoint;
    debug_assert_eq!(scalars.len(), points.len());
    // Tables of P..8P, normalized together (one inversion) so each addition is a complete
    // mixed addition (`k256`'s `ProjectivePoint + AffinePoint`, cheaper than two projective
    // operands). An identity point contributes nothing and has no affine multiples; which
    // points are the identity is public.
    let live: Vec<(&Scalar, &ProjectivePoint)> = scalars
        .iter()
        .zip(points)
        .filter(|(_, p)| !bool::from(p.is_identity()))
        .collect();
    let mut multiples = Vec::with_capacity(8 * live.len());
    for (_, p) in &live {
        let mut m = **p;
        multiples.push(m);
        for _ in 1..8 {
            m += *p;
            multiples.push(m);
        }
    }
    let affine: Vec<AffinePoint> = if multiples.is_empty() {
        Vec::new()
    } else {
        <ProjectivePoint as BatchNormalize<[ProjectivePoint]>>::batch_normalize(&multiples)
    };
    let mut digits: Vec<[i8; 65]> = live.iter().map(|(s, _)| signed_radix_16(s)).collect();
    let mut acc = ProjectivePoint::IDENTITY;
    for w in (0..65).rev() {
        if w < 64 {
            for _ in 0..4 {
                acc = acc.double();
            }
        }
        for (table, d) in affine.chunks_exact(8).zip(&digits) {
            let digit = d[w];
            // |d| and the sign without branching: mask is all ones for a negative digit.
            let mask = digit >> 7;
            let magnitude = ((digit ^ mask) - mask) as u8;
            let mut entry = AffinePoint::IDENTITY;
            for (k, candidate) in table.iter().enumerate() {
                entry.conditional_assign(candidate, (k as u8 + 1).ct_eq(&magnitude));
            }
            let negated = -entry;
            entry.conditional_assign(&negated, subtle::Choice::from((mask & 1) as u8));
            acc += &entry;
        }
    }
    digits.zeroize();
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::{Group, Secp256k1};
    use rand::rngs::OsRng;

    fn random_points(n: usize) -> Vec<ProjectivePoint> {
        (0..n)
            .map(|_| ProjectivePoint::GENERATOR * Secp256k1::random_scalar(&mut OsRng))
            .collect()
    }

    fn naive(scalars: &[Scalar], points: &[ProjectivePoint]) -> ProjectivePoint {
        scalars
            .iter()
            .zip(points)
            .fold(ProjectivePoint::IDENTITY, |acc, (s, p)| acc + *p * s)
    }

    #[test]
    fn signed_radix_16_recomposes() {
        for s in [
            Scalar::ZERO,
            Scalar::ONE,
            -Scalar::ONE,
            Secp256k1::random_scalar(&mut OsRng),
        ] {
            let d = signed_radix_16(&s);
            assert!(d[..64].iter().all(|x| (-8..8).contains(x)) && (0..=1).contains(&d[64]));
            let mut acc = Scalar::ZERO;
            for x in d.iter().rev() {
                acc *= Scalar::from(16u64);
                let mag = Scalar::from(x.unsigned_abs() as u64);
                acc += if *x < 0 { -mag } else { mag };
            }
            assert_eq!(acc, s);
        }
    }

    #[test]
    fn signed_digits_recompose() {
        for c in 1..=16 {
            let windows = 256 / c + 1;
            for s in [
                Scalar::ZERO,
                Scalar::ONE,
                -Scalar::ONE,
                Secp256k1::random_scalar(&mut OsRng),
            ] {
                let mut digits = Vec::new();
                signed_digits(&s, c, windows, &mut digits);
                let base = Scalar::from(1u64 << c);
                let mut acc = Scalar::ZERO;
                for d in digits.iter().rev() {
                    assert!(*d > -(1 << (c - 1)) && *d <= 1 << (c - 1));
                    let mag = Scalar::from(d.unsigned_abs() as u64);
                    acc = acc * base + if *d < 0 { -mag } else { mag };
                }
                assert_eq!(acc, s, "c = {c}");
            }
        }
    }

    #[test]
    fn wnaf_recomposes_with_odd_bounded_spaced_digits() {
        use super::super::straus::wnaf;
        for w in [2usize, 5, 8] {
            for s in [
                Scalar::ZERO,
                Scalar::ONE,
                -Scalar::ONE,
                Scalar::from(u64::MAX),
                Secp256k1::random_scalar(&mut OsRng),
                Secp256k1::random_scalar(&mut OsRng),
            ] {
                let digits = wnaf(&s, w);
                let mut acc = Scalar::ZERO;
                let mut last: Option<usize> = None;
                for (i, d) in digits.iter().enumerate().rev() {
                    acc += acc;
                    if *d != 0 {
                        assert!(d % 2 != 0 && (d.unsigned_abs() as usize) < 1 << (w - 1));
                        if let Some(l) = last {
                            assert!(l - i >= w, "digits {w} apart");
                        }
                        last = Some(i);
                        let mag = Scalar::from(d.unsigned_abs() as u64);
                        acc += if *d < 0 { -mag } else { mag };
                    }
                }
                assert_eq!(acc, s, "w = {w}");
            }
        }
    }

    #[test]
    fn msms_match_naive_sum() {
        for n in [0usize, 1, 2, 3, 17, 70, 300, 1500] {
            let points = random_points(n);
            let mut scalars: Vec<Scalar> = (0..n)
                .map(|_| Secp256k1::random_scalar(&mut OsRng))
                .collect();
            // Edge scalars: 0, 1, -1 (n - 1, all-ones digits) and a repeated point.
            if n >= 3 {
                scalars[0] = Scalar::ZERO;
                scalars[1] = Scalar::ONE;
                scalars[2] = -Scalar::ONE;
            }
            let expected = naive(&scalars, &points);
            assert_eq!(vartime(&scalars, &points), expected, "n = {n}");
            assert_eq!(constant_time(&scalars, &points), expected, "n = {n}");
            let table = Secp256k1Precomputation::new(&points[..n / 2]);
            assert_eq!(
                table.vartime_mixed(&scalars[..n / 2], &scalars[n / 2..], &points[n / 2..]),
                expected
            );
        }
        // Many equal and opposite points: the affine buckets' doubling and cancellation cases.
        let p = random_points(1)[0];
        let pts: Vec<ProjectivePoint> =
            (0..1500).map(|i| if i % 3 == 0 { -p } else { p }).collect();
        let scalars: Vec<Scalar> = (0..1500u64).map(|i| Scalar::from(i % 7 + 1)).collect();
        assert_eq!(vartime(&scalars, &pts), naive(&scalars, &pts));
        // Cancellation and repeated points: P + P - 2P, identity inputs.
        let p = random_points(1)[0];
        let s = [
            Scalar::ONE,
            Scalar::ONE,
            -Scalar::from(2u64),
            Scalar::from(5u64),
        ];
        let pts = [p, p, p, ProjectivePoint::IDENTITY];
        assert_eq!(vartime(&s, &pts), ProjectivePoint::IDENTITY);
        assert_eq!(constant_time(&s, &pts), ProjectivePoint::IDENTITY);
    }
}

#[cfg(test)]
mod timing {
    use super::*;
    use crate::group::{Group, Secp256k1};
    use rand::rngs::OsRng;

    /// `cargo test --release -p rangeproof --lib secp256k1 -- --ignored --nocapture`: the
    /// timings behind the cost model's constants (see BENCHMARKS.md).
    #[test]
    #[ignore]
    fn time_constant_time_msm() {
        let n = 1000;
        let points: Vec<ProjectivePoint> = (0..n)
            .map(|_| ProjectivePoint::GENERATOR * Secp256k1::random_scalar(&mut OsRng))
            .collect();
        let scalars: Vec<Scalar> = (0..n)
            .map(|_| Secp256k1::random_scalar(&mut OsRng))
            .collect();
        for _ in 0..3 {
            let t = std::time::Instant::now();
            let _ = constant_time(&scalars, &points);
            println!("ct msm {n}: {:?}", t.elapsed());
        }
    }

    #[test]
    #[ignore]
    fn compare_bucket_methods() {
        for n in [1024usize, 16384] {
            let points: Vec<ProjectivePoint> = (0..n)
                .map(|_| ProjectivePoint::GENERATOR * Secp256k1::random_scalar(&mut OsRng))
                .collect();
            let scalars: Vec<Scalar> = (0..n)
                .map(|_| Secp256k1::random_scalar(&mut OsRng))
                .collect();
            let affine: Vec<Affine> = normalize_batch(&points).into_iter().flatten().collect();
            for c in [7usize, 8, 9, 10, 11, 12] {
                let windows = 256 / c + 1;
                let mut digits = Vec::new();
                for s in &scalars {
                    signed_digits(s, c, windows, &mut digits);
                }
                let t = std::time::Instant::now();
                let a = super::super::batch_affine::accumulate(&affine, &digits, c, windows);
                let ta = t.elapsed();
                let opt: Vec<Option<Affine>> = affine.iter().map(|p| Some(*p)).collect();
                let t = std::time::Instant::now();
                let b = pippenger_jacobian(&affine, &digits, c, windows);
                let tb = t.elapsed();
                assert_eq!(a.to_projective(), b.to_projective());
                let _ = opt;
                println!("n {n} c {c}: affine {:?} ({:.2} us/pt), jacobian {:?} ({:.2} us/pt), model picks {}", ta, ta.as_secs_f64()*1e6/n as f64, tb, tb.as_secs_f64()*1e6/n as f64, window_bits(n));
            }
        }
    }
}
