//! Sixteen independent double multiplications \\(s \cdot G + e \cdot P\\) at once with AVX-512
//! IFMA: the Borromean verifiers' steps, one ring per lane ([`super::double_mul`] has the serial
//! form and the notes on the GLV split).
//!
//! # Lockstep Straus
//!
//! The serial Straus uses width-\\(w\\) non-adjacent forms, whose non-zero digits fall at
//! different positions for different scalars: in lockstep, every position where *any* lane has
//! a digit would cost a vector addition. Here every GLV half (below \\(2^{128}\\)) is recoded
//! instead into signed digits at the same positions in every lane: radix \\(2^5\\) (26 digits in
//! \\([-16, 16]\\)) for \\(P\\) and \\(\phi(P)\\), whose tables (\\(1 \ldots 16\\) times the point,
//! affine) are built per call, and radix \\(2^8\\) (17 digits in \\([-128, 128]\\)) for \\(G\\)
//! and \\(\phi(G)\\), whose 128-entry tables are built once. The accumulator is doubled once a
//! bit (130 times) and takes one vector mixed addition per term at each of its digit positions:
//! \\(2 \cdot 26 + 2 \cdot 17 = 86\\) in all. A lane whose digit is zero keeps its accumulator
//! (a mask); a lane still at infinity takes the table entry itself.
//!
//! # Exceptional cases
//!
//! The vector formulas are the serial ones without their branches (`dbl-2009-l`,
//! `madd-2007-bl`). Adding a point to itself or to its negation makes \\(H = 0\\), hence
//! \\(Z_3 = 0\\), and every later step keeps \\(Z = 0\\) (both formulas multiply \\(Z\\) into
//! \\(Z_3\\)); so a lane whose final \\(Z\\) is zero — those cases, or a true sum at infinity — is
//! recomputed serially, where the branches handle them. Honest proofs never take that path.
//!
//! # Safety
//!
//! The vector code is `#[target_feature(enable = "avx512f,avx512ifma")]` and runs only after
//! [`super::field_x8::ifma_available`] has confirmed both features on the running CPU.

#![allow(unsafe_code)]
// The lanes run on x86-64 only; other targets (WebAssembly) take the serial path.
#![cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]

use super::bits::bits_at;
use super::jacobian::{Affine, Jacobian};

/// Lanes per call: two interleaved 8-lane vectors.
pub(crate) const LANES: usize = 16;
/// Bits the digits cover: a GLV half (below \\(2^{128}\\)) and the final carries.
const BITS: usize = 130;
/// The per-call points' digits: radix \\(2^5\\), 26 of them (130 bits).
pub(crate) const P_WIDTH: usize = 5;
pub(crate) const P_WINDOWS: usize = 26;
/// Table entries per per-call point: \\(1 \ldots 16\\) times it.
pub(crate) const MULTIPLES: usize = 16;
/// The base point's digits: radix \\(2^8\\), 17 of them (136 bits).
pub(crate) const G_WIDTH: usize = 8;
pub(crate) const G_WINDOWS: usize = 17;
/// Table entries for the base point: \\(1 \ldots 128\\) times it.
pub(crate) const G_MULTIPLES: usize = 128;

/// The signed radix-\\(2^W\\) digits of a scalar below \\(2^{128}\\) (its little-endian limbs),
/// least significant first, each in \\([-2^{W-1}, 2^{W-1}]\\); all negated for `negative`. `N`
/// windows must cover 129 bits.
pub(crate) fn signed_digits<const W: usize, const N: usize>(
    limbs: &[u64; 4],
    negative: bool,
) -> [i16; N] {
    debug_assert!(W * N > 128 && W <= 16 && limbs[2] == 0 && limbs[3] == 0);
    let mut digits = [0i16; N];
    let mut carry = 0i32;
    let (radix, half) = (1i32 << W, 1i32 << (W - 1));
    for (k, digit) in digits.iter_mut().enumerate() {
        let mut d = bits_at(limbs, k * W, W) as i32 + carry;
        carry = 0;
        if d > half {
            d -= radix;
            carry = 1;
        }
        *digit = if negative { -d } else { d } as i16;
    }
    debug_assert_eq!(carry, 0);
    digits
}

/// One lane's work: the digits of the four terms and the tables they index (\\(G\\),
/// \\(\phi(G)\\) with [`G_MULTIPLES`] entries, \\(P\\), \\(\phi(P)\\) with [`MULTIPLES`]).
pub(crate) struct Lane<'a> {
    pub(crate) g_digits: [[i16; G_WINDOWS]; 2],
    pub(crate) p_digits: [[i16; P_WINDOWS]; 2],
    pub(crate) tables: [&'a [Affine]; 4],
}

impl Lane<'_> {
    /// Term `t`'s digit at `window` (of its own width).
    fn digit(&self, t: usize, window: usize) -> i16 {
        if t < 2 {
            self.g_digits[t][window]
        } else {
            self.p_digits[t - 2][window]
        }
    }
}

/// \\(\sum_t \sum_k d_{t,k} 2^{5k} T_t\\) for up to sixteen lanes, in Jacobian form; `None` for a
/// lane the caller must recompute serially (see the module notes). `None` for every lane where
/// the CPU has no IFMA.
pub(crate) fn double_mul_lanes(lanes: &[Lane<'_>]) -> Vec<Option<Jacobian>> {
    debug_assert!(lanes.len() <= LANES);
    #[cfg(target_arch = "x86_64")]
    if super::field_x8::ifma_available() {
        // SAFETY: `ifma_available` confirmed AVX-512F and IFMA on this CPU, the features
        // `ifma::run` is compiled for.
        let out = unsafe { ifma::run(lanes) };
        #[cfg(test)]
        super::field_x8::tests::record_vector_call();
        return out;
    }
    lanes.iter().map(|_| None).collect()
}

/// The tables [`double_mul_lanes`] reads, for up to sixteen points (one per lane): \\(1 \ldots
/// 16\\) times each point and the endomorphism images of those, in affine form. The
/// multiples are one doubling and fourteen mixed additions per lane (a multiple below 17 of a
/// point of prime order is never \\(\pm P\\) nor the identity, so the branch-free formulas are
/// exact), normalized by Montgomery's trick down each lane's sixteen \\(Z\\)s with the sixteen
/// lane products inverted together. `None` where the CPU has no IFMA.
pub(crate) fn multiples_lanes(points: &[Affine]) -> Option<Vec<(Vec<Affine>, Vec<Affine>)>> {
    debug_assert!(!points.is_empty() && points.len() <= LANES);
    #[cfg(target_arch = "x86_64")]
    if super::field_x8::ifma_available() {
        // SAFETY: `ifma_available` confirmed AVX-512F and IFMA on this CPU, the features
        // `ifma::multiples` is compiled for.
        return Some(unsafe { ifma::multiples(points) });
    }
    let _ = points;
    None
}

#[cfg(target_arch = "x86_64")]
mod ifma {
    use core::arch::x86_64::*;

    use super::super::field::FieldElement;
    use super::super::field_x8::ifma::{
        add_loose, load, mul, shl, square, store, sub, sub_loose, tighten, FieldElementX8,
    };
    use alloc::vec;
    use alloc::vec::Vec;

    use super::super::jacobian::{Affine, Jacobian};
    use super::{Lane, BITS, G_WIDTH, LANES, MULTIPLES, P_WIDTH};

    type X8 = FieldElementX8;

    /// Eight Jacobian points.
    #[derive(Clone, Copy)]
    struct PointX8 {
        x: X8,
        y: X8,
        z: X8,
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn select(mask: __mmask8, yes: &X8, no: &X8) -> X8 {
        FieldElementX8(core::array::from_fn(|k| {
            _mm512_mask_blend_epi64(mask, no.0[k], yes.0[k])
        }))
    }

    /// \\(2P\\): \\(S = 4XY^2\\), \\(M = 3X^2\\), \\(X_3 = M^2 - 2S\\),
    /// \\(Y_3 = M(S - X_3) - 8Y^4\\), \\(Z_3 = 2YZ\\) (3M + 4S). Sums are carried only before
    /// a product or at the end; each bias covers its subtrahend limb by limb: \\(2S\\) and
    /// \\(8Y^4\\) have limbs below \\(2^{55}\\), under \\(256 p_k\\) (limb 4: \\(2^{56} - 256\\)).
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn double(p: &PointX8) -> PointX8 {
        let a = square(&p.x);
        let b = square(&p.y);
        let s = shl::<2>(&mul(&p.x, &b));
        let m = tighten(&add_loose(&add_loose(&a, &a), &a));
        let x3 = tighten(&sub_loose::<256>(&square(&m), &shl::<1>(&s)));
        let c = square(&b);
        let s_minus_x3 = tighten(&sub_loose::<32>(&s, &x3));
        let y3 = tighten(&sub_loose::<256>(&mul(&m, &s_minus_x3), &shl::<3>(&c)));
        let z3 = tighten(&shl::<1>(&mul(&p.y, &p.z)));
        PointX8 {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// \\(P + Q\\) for an affine \\(Q = (x_2, y_2)\\) (`madd-2007-bl`, no branches; 7M + 4S).
    /// Subtrahends: \\(J + 2V\\), \\(2 Y_1 J\\), \\(Z_1^2 + H^2\\) have limbs below
    /// \\(2^{54}\\), under \\(256 p_k\\); tight ones under \\(32 p_k\\).
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn add_affine(p: &PointX8, x2: &X8, y2: &X8) -> PointX8 {
        let z1z1 = square(&p.z);
        let u2 = mul(x2, &z1z1);
        let s2 = mul(&mul(y2, &p.z), &z1z1);
        let h = tighten(&sub_loose::<32>(&u2, &p.x));
        let hh = square(&h);
        let i = tighten(&shl::<2>(&hh));
        let j = mul(&h, &i);
        let r = tighten(&shl::<1>(&sub_loose::<32>(&s2, &p.y)));
        let v = mul(&p.x, &i);
        let x3 = tighten(&sub_loose::<256>(
            &square(&r),
            &add_loose(&j, &shl::<1>(&v)),
        ));
        let v_minus_x3 = tighten(&sub_loose::<32>(&v, &x3));
        let y1j2 = shl::<1>(&mul(&p.y, &j));
        let y3 = tighten(&sub_loose::<256>(&mul(&r, &v_minus_x3), &y1j2));
        let z1_plus_h = tighten(&add_loose(&p.z, &h));
        let z3 = tighten(&sub_loose::<256>(
            &square(&z1_plus_h),
            &add_loose(&z1z1, &hh),
        ));
        PointX8 {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// The table entries lanes `base..base + 8` of term `t` add at window `k`: \\(\pm\\) the
    /// \\(|d|\\)-th multiple (its ordinate negated for a negative digit), and the mask of lanes
    /// whose digit is non-zero.
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn gather(lanes: &[Lane<'_>], base: usize, t: usize, k: usize) -> (X8, X8, __mmask8) {
        let mut xs = [[0u64; 5]; 8];
        let mut ys = [[0u64; 5]; 8];
        let mut nonzero: __mmask8 = 0;
        let mut negative: __mmask8 = 0;
        for j in 0..8 {
            let Some(lane) = lanes.get(base + j) else {
                continue;
            };
            let d = lane.digit(t, k);
            if d == 0 {
                continue;
            }
            let Some(entry) = lane.tables[t].get(d.unsigned_abs() as usize - 1) else {
                continue;
            };
            nonzero |= 1 << j;
            if d < 0 {
                negative |= 1 << j;
            }
            xs[j] = entry.x.limbs();
            ys[j] = entry.y.limbs();
        }
        let y = load(&ys);
        let minus_y = sub(&load(&[[0u64; 5]; 8]), &y);
        (load(&xs), select(negative, &minus_y, &y), nonzero)
    }

    /// See [`super::multiples_lanes`].
    #[target_feature(enable = "avx512f,avx512ifma")]
    pub(super) fn multiples(points: &[Affine]) -> Vec<(Vec<Affine>, Vec<Affine>)> {
        let mut one_limbs = [[0u64; 5]; 8];
        for l in one_limbs.iter_mut() {
            l[0] = 1;
        }
        let one = load(&one_limbs);
        let beta = load(&[super::super::glv::beta_limbs(); 8]);
        // Lanes past the last point repeat it (any valid point keeps the products nonzero).
        let lane = |j: usize| &points[j.min(points.len() - 1)];
        let coordinate = |h: usize, y: bool| {
            let limbs: [[u64; 5]; 8] = core::array::from_fn(|j| {
                let p = lane(8 * h + j);
                if y {
                    p.y.limbs()
                } else {
                    p.x.limbs()
                }
            });
            load(&limbs)
        };
        let mut out: Vec<(Vec<Affine>, Vec<Affine>)> =
            vec![(Vec::with_capacity(MULTIPLES), Vec::with_capacity(MULTIPLES)); points.len()];
        let mut lane_products = [[0u64; 5]; LANES];
        let mut all: [[PointX8; MULTIPLES]; 2] = [[PointX8 {
            x: one,
            y: one,
            z: one,
        }; MULTIPLES]; 2];
        let mut prefixes: [[X8; MULTIPLES]; 2] = [[one; MULTIPLES]; 2];
        for h in 0..2 {
            let (px, py) = (coordinate(h, false), coordinate(h, true));
            let m = &mut all[h];
            m[0] = PointX8 {
                x: px,
                y: py,
                z: one,
            };
            m[1] = double(&m[0]);
            for k in 2..MULTIPLES {
                m[k] = add_affine(&m[k - 1], &px, &py);
            }
            // Montgomery's trick down the lane: prefix[k] = z_0 ⋯ z_{k-1}.
            let mut acc = one;
            for k in 0..MULTIPLES {
                prefixes[h][k] = acc;
                acc = mul(&acc, &m[k].z);
            }
            store(&acc, &mut lane_products[8 * h..8 * h + 8]);
        }
        // The sixteen lane products, inverted together (one safegcd inversion).
        let products =
            lane_products.map(|l| FieldElement::from_limbs_below_2_52(l).normalize_weak());
        let mut running = [FieldElement::ONE; LANES];
        let mut total = FieldElement::ONE;
        for (r, p) in running.iter_mut().zip(&products) {
            *r = total;
            total *= *p;
        }
        let mut inverse = total.invert_vartime();
        let mut lane_inverses = [[0u64; 5]; LANES];
        for j in (0..LANES).rev() {
            lane_inverses[j] = (inverse * running[j]).normalize_weak().limbs();
            inverse *= products[j];
        }
        for h in 0..2 {
            let mut inv = load(&lane_inverses[8 * h..8 * h + 8]);
            let mut affine = [[[[0u64; 5]; 8]; 3]; MULTIPLES];
            for k in (0..MULTIPLES).rev() {
                let p = &all[h][k];
                let z_inv = mul(&inv, &prefixes[h][k]);
                inv = mul(&inv, &p.z);
                let z_inv2 = square(&z_inv);
                let x = mul(&p.x, &z_inv2);
                let y = mul(&mul(&p.y, &z_inv2), &z_inv);
                store(&x, &mut affine[k][0]);
                store(&y, &mut affine[k][1]);
                store(&mul(&x, &beta), &mut affine[k][2]);
            }
            for (j, (point, image)) in out.iter_mut().enumerate().skip(8 * h).take(8) {
                let lane = j - 8 * h;
                for entry in &affine {
                    let c = |i: usize| {
                        FieldElement::from_limbs_below_2_52(entry[i][lane]).normalize_weak()
                    };
                    point.push(Affine { x: c(0), y: c(1) });
                    image.push(Affine { x: c(2), y: c(1) });
                }
            }
        }
        out
    }

    /// The lockstep Straus over up to sixteen lanes (see the module notes).
    #[target_feature(enable = "avx512f,avx512ifma")]
    pub(super) fn run(lanes: &[Lane<'_>]) -> Vec<Option<Jacobian>> {
        let zero = load(&[[0u64; 5]; 8]);
        let mut one_limbs = [[0u64; 5]; 8];
        for l in one_limbs.iter_mut() {
            l[0] = 1;
        }
        let one = load(&one_limbs);
        let start = PointX8 {
            x: zero,
            y: one,
            z: zero,
        };
        let mut acc = [start; 2];
        // Lanes still at infinity (no non-zero digit met yet).
        let mut infinity: [__mmask8; 2] = [0xff; 2];
        for bit in (0..BITS).rev() {
            for half in &mut acc {
                *half = double(half);
            }
            for t in 0..4 {
                let width = if t < 2 { G_WIDTH } else { P_WIDTH };
                if bit % width != 0 {
                    continue;
                }
                let k = bit / width;
                for (h, half) in acc.iter_mut().enumerate() {
                    let (x2, y2, nonzero) = gather(lanes, 8 * h, t, k);
                    if nonzero == 0 {
                        continue;
                    }
                    let sum = add_affine(half, &x2, &y2);
                    // Finite lanes with a digit take the sum; lanes at infinity take the entry.
                    let take_sum = nonzero & !infinity[h];
                    let take_entry = nonzero & infinity[h];
                    half.x = select(take_entry, &x2, &select(take_sum, &sum.x, &half.x));
                    half.y = select(take_entry, &y2, &select(take_sum, &sum.y, &half.y));
                    half.z = select(take_entry, &one, &select(take_sum, &sum.z, &half.z));
                    infinity[h] &= !nonzero;
                }
            }
        }
        let mut coordinates = [[[0u64; 5]; LANES]; 3];
        for (h, half) in acc.iter().enumerate() {
            store(&half.x, &mut coordinates[0][8 * h..8 * h + 8]);
            store(&half.y, &mut coordinates[1][8 * h..8 * h + 8]);
            store(&half.z, &mut coordinates[2][8 * h..8 * h + 8]);
        }
        (0..lanes.len())
            .map(|j| {
                if (infinity[j / 8] >> (j % 8)) & 1 == 1 {
                    return None;
                }
                let c = |i: usize| FieldElement::from_limbs_below_2_52(coordinates[i][j]);
                Jacobian::from_coordinates(c(0), c(1), c(2))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::{Group, Secp256k1};
    use k256::Scalar;
    use rand::rngs::OsRng;
    use rand::RngCore;

    #[test]
    fn signed_digits_recompose() {
        fn check<const W: usize, const N: usize>(words: [u64; 2], negative: bool) {
            let digits = signed_digits::<W, N>(&[words[0], words[1], 0, 0], negative);
            let half = 1i16 << (W - 1);
            assert!(digits.iter().all(|d| (-half..=half).contains(d)));
            let value = digits.iter().rev().fold(Scalar::ZERO, |acc, &d| {
                let d = if d < 0 {
                    -Scalar::from(d.unsigned_abs() as u64)
                } else {
                    Scalar::from(d as u64)
                };
                acc * Scalar::from(1u64 << W) + d
            });
            let mut bytes = [0u8; 32];
            bytes[16..24].copy_from_slice(&words[1].to_be_bytes());
            bytes[24..].copy_from_slice(&words[0].to_be_bytes());
            let expected = Secp256k1::scalar_from_canonical_bytes(&bytes).unwrap();
            assert_eq!(value, if negative { -expected } else { expected });
        }
        let mut cases = vec![[0, 0], [u64::MAX, u64::MAX], [1, 0], [0, 1 << 63]];
        cases.extend((0..200).map(|_| [OsRng.next_u64(), OsRng.next_u64()]));
        for words in cases {
            for negative in [false, true] {
                check::<P_WIDTH, P_WINDOWS>(words, negative);
                check::<G_WIDTH, G_WINDOWS>(words, negative);
            }
        }
    }
}
