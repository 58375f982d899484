//! Pippenger's bucket accumulation with *affine* additions and batched inversions, for large
//! variable-time multiscalar multiplications.
//!
//! Adding two affine points costs one division:
//! \\(\lambda = (y_2 - y_1)/(x_2 - x_1)\\), \\(x_3 = \lambda^2 - x_1 - x_2\\),
//! \\(y_3 = \lambda(x_1 - x_3) - y_1\\). Per window, the points are sorted by bucket (counting
//! sort), and each bucket's list is summed as a tree: every round adds disjoint pairs, within
//! every bucket at once, and all of a round's divisions share one field inversion (Montgomery's
//! trick, three multiplications each). An addition then costs about 5M + 1S plus a share of the
//! inversion, against 7M + 4S for adding an affine point to a Jacobian bucket; a window takes
//! \\(\lceil \log_2 \\) (largest bucket) \\(\rceil\\) inversions. Equal or opposite abscissas
//! (doubling, cancellation) are rare and handled outside the batch.

use super::field::FieldElement;
use super::field_x8::PairBatch;

use super::jacobian::{Affine, Jacobian};

/// \\(P + Q\\) for affine points with \\(x_P = x_Q\\): \\(2P\\) or infinity.
fn same_abscissa(p: &Affine, q: &Affine) -> Option<Affine> {
    let dy = (p.y + q.y.negate(1)).normalize_weak();
    if dy.normalizes_to_zero() {
        Jacobian::from_affine(p).double().to_affine()
    } else {
        None
    }
}

/// One tree round over every bucket: `slots[start..end]` of each bucket holds its current
/// partial sums; pairs are added and the results compacted to the front. Returns whether any
/// bucket still has more than one partial sum.
///
/// A batched pair is remembered by its first slot and \\(x_2 - x_1\\) only (the points stay
/// in their slots until the backward pass reads them), which keeps the round's scratch small.
fn round(
    slots: &mut [Option<Affine>],
    ranges: &mut [(usize, usize)],
    pending: &mut Vec<(usize, FieldElement)>,
    prefix: &mut Vec<FieldElement>,
    pairs: &mut PairBatch,
    vector: bool,
) -> bool {
    pending.clear();
    prefix.clear();
    // Pairs with distinct abscissas go to the batch; the others are settled now.
    for &(start, end) in ranges.iter() {
        let mut i = start;
        while i + 1 < end {
            match (&slots[i], &slots[i + 1]) {
                (Some(p), Some(q)) => {
                    let dx = (q.x + p.x.negate(1)).normalize_weak();
                    if dx.normalizes_to_zero() {
                        slots[i] = same_abscissa(p, q);
                    } else {
                        pending.push((i, dx));
                    }
                }
                (None, q) => slots[i] = *q,
                (Some(_), None) => {}
            }
            i += 2;
        }
    }
    if vector && pending.len() >= VECTOR_PAIRS && add_pairs_in_vectors(slots, pending, pairs) {
        return compact(slots, ranges);
    }
    // Montgomery's trick: every batched denominator is non-zero, so the product is invertible
    // (safegcd).
    let mut acc = FieldElement::ONE;
    for &(_, dx) in pending.iter() {
        prefix.push(acc);
        acc *= dx;
    }
    let mut inv = acc.invert_vartime();
    for (&(i, dx), before) in pending.iter().zip(prefix.iter()).rev() {
        let d_inv = inv * *before;
        inv *= dx;
        // Both slots are occupied: the pair was batched from them.
        let (Some(p), Some(q)) = (slots[i], slots[i + 1]) else {
            continue;
        };
        let lambda = (q.y + p.y.negate(1)).normalize_weak() * d_inv;
        let x3 = (lambda.square() + p.x.negate(1) + q.x.negate(1)).normalize_weak();
        let y3 = (lambda * (p.x + x3.negate(1)).normalize_weak() + p.y.negate(1)).normalize_weak();
        slots[i] = Some(Affine { x: x3, y: y3 });
    }
    compact(slots, ranges)
}

/// Fewest pending pairs worth the vector code: its serial part (the sixteen lane products'
/// inversion, about 45 products) is paid once per round.
const VECTOR_PAIRS: usize = 64;

/// The pending pairs' sums with IFMA ([`PairBatch`]); `false` (nothing done) where this CPU
/// has none.
fn add_pairs_in_vectors(
    slots: &mut [Option<Affine>],
    pending: &[(usize, FieldElement)],
    pairs: &mut PairBatch,
) -> bool {
    pairs.clear();
    for &(i, _) in pending {
        // Both slots are occupied: the pair was batched from them.
        if let (Some(p), Some(q)) = (&slots[i], &slots[i + 1]) {
            pairs.push((&p.x, &p.y), (&q.x, &q.y));
        }
    }
    if pairs.len() != pending.len() || !pairs.sum() {
        return false;
    }
    for (k, &(i, _)) in pending.iter().enumerate() {
        let (x, y) = pairs.sum_of(k);
        slots[i] = Some(Affine { x, y });
    }
    true
}

/// Moves each bucket's partial sums (at even offsets after a round) to its front; whether any
/// bucket still has more than one.
fn compact(slots: &mut [Option<Affine>], ranges: &mut [(usize, usize)]) -> bool {
    // The odd slots are stale from here on.
    let mut more = false;
    for range in ranges.iter_mut() {
        let (start, end) = *range;
        let mut out = start;
        let mut i = start;
        while i < end {
            slots[out] = slots[i];
            out += 1;
            i += 2;
        }
        *range = (start, out);
        more |= out - start > 1;
    }
    more
}

/// Reusable buffers for [`bucket_sum`].
#[derive(Default)]
pub(crate) struct Buckets {
    /// Serial additions only (the differential tests' reference; the vector code is used
    /// where the CPU has it otherwise).
    serial: bool,
    counts: Vec<usize>,
    slots: Vec<Option<Affine>>,
    ranges: Vec<(usize, usize)>,
    pending: Vec<(usize, FieldElement)>,
    prefix: Vec<FieldElement>,
    pairs: PairBatch,
}

/// \\(\sum_b b \cdot B_b\\) where bucket \\(B_b\\) is the sum of the points given with digit
/// \\(\pm b\\) (negated for a negative digit), for digits in \\([-2^{c-1}, 2^{c-1}]\\).
/// `entries` is called twice with the same sequence: once to count, once to place.
pub(crate) fn bucket_sum<'p, I>(entries: impl Fn() -> I, c: usize, buf: &mut Buckets) -> Jacobian
where
    I: Iterator<Item = (i32, &'p Affine)>,
{
    let buckets = 1usize << (c - 1);
    buf.counts.clear();
    buf.counts.resize(buckets + 1, 0);
    let mut total = 0;
    for (d, _) in entries() {
        buf.counts[d.unsigned_abs() as usize] += 1;
        total += 1;
    }
    buf.slots.clear();
    buf.slots.resize(total, None);
    buf.ranges.clear();
    let mut start = 0;
    for b in 0..buckets {
        buf.ranges.push((start, start));
        start += buf.counts[b + 1];
    }
    for (d, p) in entries() {
        let b = d.unsigned_abs() as usize - 1;
        let at = buf.ranges[b].1;
        buf.slots[at] = Some(if d > 0 { *p } else { p.neg() });
        buf.ranges[b].1 = at + 1;
    }
    while round(
        &mut buf.slots,
        &mut buf.ranges,
        &mut buf.pending,
        &mut buf.prefix,
        &mut buf.pairs,
        !buf.serial,
    ) {}
    // Σ_b b·B_b from the top bucket down.
    let mut running = Jacobian::INFINITY;
    let mut sum = Jacobian::INFINITY;
    for &(start, end) in buf.ranges.iter().rev() {
        if end > start {
            if let Some(b) = &buf.slots[start] {
                running = running.add_affine(b);
            }
        }
        sum = sum.add(&running);
    }
    sum
}

/// \\(\sum_i s_i P_i\\) with window width `c` (points and their digits as Pippenger recodes
/// them: `digits[i * windows + k]` is point `i`'s digit in window `k`).
pub(crate) fn accumulate(points: &[Affine], digits: &[i32], c: usize, windows: usize) -> Jacobian {
    accumulate_with(points, digits, c, windows, Buckets::default())
}

fn accumulate_with(
    points: &[Affine],
    digits: &[i32],
    c: usize,
    windows: usize,
    mut buf: Buckets,
) -> Jacobian {
    let mut acc = Jacobian::INFINITY;
    for k in (0..windows).rev() {
        for _ in 0..c {
            acc = acc.double();
        }
        let entries = || {
            points
                .iter()
                .enumerate()
                .map(move |(i, p)| (digits[i * windows + k], p))
                .filter(|(d, _)| *d != 0)
        };
        acc = acc.add(&bucket_sum(entries, c, &mut buf));
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::secp256k1::field_x8::ifma_available;
    use crate::group::secp256k1::jacobian::normalize_batch;
    use crate::group::{Group, Secp256k1};
    use k256::{ProjectivePoint, Scalar};
    use rand::rngs::OsRng;
    use rand::Rng;

    /// The bucket accumulation with and without the vector additions against `k256`'s sum of
    /// digit multiples, on buckets crowded enough for the vector code (hundreds of pairs a
    /// round), with repeated and opposite points among them (the same-abscissa cases).
    #[test]
    fn vector_and_serial_sums_agree_with_k256() {
        if !ifma_available() {
            eprintln!(
                "batch_affine: this CPU has no AVX-512 IFMA; only the serial sums were tested"
            );
        }
        let (c, windows) = (4, 3);
        let mut projective: Vec<ProjectivePoint> = (0..600)
            .map(|_| ProjectivePoint::GENERATOR * Secp256k1::random_scalar(&mut OsRng))
            .collect();
        // Repeats (doubling inside a bucket) and negations (cancellation).
        for i in 0..40 {
            projective.push(projective[i]);
            projective.push(-projective[i + 40]);
        }
        let points: Vec<Affine> = normalize_batch(&projective).into_iter().flatten().collect();
        let half = 1i32 << (c - 1);
        let digits: Vec<i32> = (0..points.len() * windows)
            .map(|_| OsRng.gen_range(-half + 1..=half))
            .collect();
        let mut expected = ProjectivePoint::IDENTITY;
        for (i, p) in projective.iter().enumerate() {
            let mut s = Scalar::ZERO;
            for k in (0..windows).rev() {
                s *= Scalar::from(1u64 << c);
                let d = digits[i * windows + k];
                s += if d < 0 {
                    -Scalar::from(d.unsigned_abs() as u64)
                } else {
                    Scalar::from(d as u64)
                };
            }
            expected += p * &s;
        }
        let vector = accumulate(&points, &digits, c, windows);
        let serial = accumulate_with(
            &points,
            &digits,
            c,
            windows,
            Buckets {
                serial: true,
                ..Buckets::default()
            },
        );
        assert_eq!(vector.to_projective(), expected);
        assert_eq!(serial.to_projective(), expected);
        if ifma_available() {
            assert!(crate::group::secp256k1::field_x8::tests::vector_calls() > 0);
        }
    }
}
