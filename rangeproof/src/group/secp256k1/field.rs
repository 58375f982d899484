//! secp256k1's base field for the variable-time engine: libsecp256k1's 5×52 representation,
//! with multiplication and squaring from fiat-crypto's formally verified
//! `secp256k1_dettman_64` (Dettman's reduction, proven in Coq for the bounds below).
//!
//! Why not `k256`'s `FieldElement`: it is the same representation, but its multiplication
//! measured 30 ns a dependent product here against fiat-crypto's 16 ns (the multiscalar
//! multiplications, decodings and Borromean chains are nothing but field products). The
//! inversion is safegcd's ([`super::safegcd`], ≈ 1.3 µs against `k256`'s 6.8 µs
//! exponentiation). Everything here is **variable time** and for public values only (the
//! verifiers); the prover keeps `k256`'s constant-time arithmetic.
//!
//! # Magnitudes
//!
//! A value is \\(\sum_i t_i 2^{52 i}\\) with five limbs; it is congruent to, not equal to, the
//! field element. As in libsecp256k1, an element has *magnitude* \\(m\\) when limbs 0–3 are at
//! most \\(2m(2^{52}-1)\\) and limb 4 at most \\(2m(2^{48}-1)\\). fiat-crypto's proof covers
//! inputs of magnitude 1 exactly (limbs up to `0x1ffffffffffffe`, the top one up to
//! `0x1fffffffffffe`) and its outputs have magnitude 1. So:
//!
//! | operation | input magnitude | output magnitude |
//! |---|---|---|
//! | `mul`, `square` | ≤ 1 each | 1 |
//! | `add` | \\(a\\), \\(b\\) | \\(a + b\\) |
//! | `mul_small(k)` | \\(a\\) | \\(k a\\) |
//! | `negate(m)` | ≤ \\(m\\) | \\(m + 1\\) |
//! | `normalize_weak` | ≤ 1024 | 1 (limbs below \\(2^{52}\\)) |
//! | `normalize` | ≤ 1024 | fully reduced, below \\(p\\) |
//!
//! A sum must be `normalize_weak`ed before it is multiplied. Debug builds track every value's
//! magnitude and assert these rules (as libsecp256k1's `VERIFY` builds do); release builds
//! carry only the limbs.

use core::ops::{Add, AddAssign, Mul, MulAssign};

use fiat_crypto::secp256k1_dettman_64::{
    fiat_secp256k1_dettman_mul as fiat_mul, fiat_secp256k1_dettman_square as fiat_square,
};

use super::safegcd;

const M52: u64 = (1 << 52) - 1;
const M48: u64 = (1 << 48) - 1;
/// \\(2^{256} - p = 2^{32} + 977\\): a carry out of bit 256 re-enters as this.
const R: u64 = 0x1_0000_03D1;

/// The limbs of \\(p\\).
const P: [u64; 5] = [0xF_FFFE_FFFF_FC2F, M52, M52, M52, M48];

/// The largest magnitude `normalize_weak` and `negate` accept: limb 0 of magnitude 1024 is
/// below 2^63, so adding limb 4's carry (below 2^12) times `R` (below 2^33) cannot overflow,
/// and neither can \(2(m+1)\) times a limb of \(p\).
const MAX_MAGNITUDE: u32 = 1024;

/// Carries limbs 0–3 into the limb above each, leaving them below \\(2^{52}\\) (limb 4 keeps
/// what it receives).
#[inline(always)]
fn carry_up(t: &mut [u64; 5]) {
    for k in 0..4 {
        t[k + 1] += t[k] >> 52;
        t[k] &= M52;
    }
}

/// An element of \\(\mathbb{F}_p\\), \\(p = 2^{256} - 2^{32} - 977\\), in five 52-bit limbs.
#[derive(Clone, Copy, Debug)]
pub struct FieldElement {
    limbs: [u64; 5],
    /// The magnitude bound this value is known to satisfy (debug builds only).
    #[cfg(debug_assertions)]
    magnitude: u32,
}

impl FieldElement {
    pub(crate) const ZERO: FieldElement = FieldElement::from_limbs([0; 5], 0);
    pub(crate) const ONE: FieldElement = FieldElement::from_limbs([1, 0, 0, 0, 0], 1);

    /// From limbs known to have the given magnitude.
    #[allow(unused_variables)]
    const fn from_limbs(limbs: [u64; 5], magnitude: u32) -> Self {
        FieldElement {
            limbs,
            #[cfg(debug_assertions)]
            magnitude,
        }
    }

    /// Asserts (debug builds) that this value is at most magnitude `m`, by its tracked bound
    /// and by its limbs.
    #[inline(always)]
    #[allow(unused_variables)]
    fn check(&self, m: u32) {
        #[cfg(debug_assertions)]
        {
            assert!(self.magnitude <= m, "magnitude {} > {m}", self.magnitude);
            let m = u64::from(m.max(1));
            assert!(self.limbs[..4].iter().all(|&t| t <= 2 * m * M52));
            assert!(self.limbs[4] <= 2 * m * M48);
        }
    }

    /// Records (debug builds) that this value has magnitude `m`, and checks its limbs.
    #[inline(always)]
    #[allow(unused_variables, unused_mut)]
    fn with_magnitude(mut self, m: u32) -> Self {
        #[cfg(debug_assertions)]
        {
            self.magnitude = m;
            self.check(m);
        }
        self
    }

    #[cfg(debug_assertions)]
    fn magnitude(&self) -> u32 {
        self.magnitude
    }

    #[cfg(not(debug_assertions))]
    #[inline(always)]
    fn magnitude(&self) -> u32 {
        0
    }

    /// The limbs as they are (for the vector code, which loads weakly normalized values).
    pub(crate) fn limbs(&self) -> [u64; 5] {
        self.limbs
    }

    /// From limbs each below \\(2^{52}\\) (what the vector code returns): magnitude 9, as
    /// limb 4 may use all 52 bits (\\(2^{52} < 18(2^{48} - 1)\\)).
    pub(crate) fn from_limbs_below_2_52(limbs: [u64; 5]) -> Self {
        debug_assert!(limbs.iter().all(|&t| t < 1 << 52));
        FieldElement::from_limbs(limbs, 0).with_magnitude(9)
    }

    /// A small constant.
    pub(crate) const fn from_u64(v: u64) -> Self {
        // v < 2^64: limbs 0 and 1.
        FieldElement::from_limbs([v & M52, v >> 52, 0, 0, 0], 1)
    }

    /// From 32 big-endian bytes; `None` unless the value is below \\(p\\).
    pub fn from_bytes(bytes: &[u8; 32]) -> Option<Self> {
        let w = safegcd::words_from_be(bytes);
        // p's words are [FFFFFFFEFFFFFC2F, FF…FF, FF…FF, FF…FF]: the value is ≥ p exactly when
        // the top three words are all ones and the bottom one reaches p's.
        if w[1] == u64::MAX && w[2] == u64::MAX && w[3] == u64::MAX && w[0] >= 0xFFFF_FFFE_FFFF_FC2F
        {
            return None;
        }
        Some(Self::from_words(&w))
    }

    /// From a 32-byte big-endian slice; `None` for another length or a value \\(\ge p\\).
    pub(crate) fn from_slice(bytes: &[u8]) -> Option<Self> {
        Self::from_bytes(bytes.try_into().ok()?)
    }

    /// Whether the fully reduced value is odd.
    pub(crate) fn is_odd(&self) -> bool {
        self.normalize().limbs[0] & 1 == 1
    }

    /// From four little-endian words holding a value below \\(p\\).
    fn from_words(w: &[u64; 4]) -> Self {
        FieldElement::from_limbs(
            [
                w[0] & M52,
                (w[0] >> 52 | w[1] << 12) & M52,
                (w[1] >> 40 | w[2] << 24) & M52,
                (w[2] >> 28 | w[3] << 36) & M52,
                w[3] >> 16,
            ],
            1,
        )
    }

    /// Four little-endian words of the fully reduced value.
    fn to_words(self) -> [u64; 4] {
        let t = self.normalize().limbs;
        [
            t[0] | t[1] << 52,
            t[1] >> 12 | t[2] << 40,
            t[2] >> 24 | t[3] << 28,
            t[3] >> 36 | t[4] << 16,
        ]
    }

    /// 32 big-endian bytes of the fully reduced value.
    pub fn to_bytes(self) -> [u8; 32] {
        safegcd::be_from_words(&self.to_words())
    }

    /// \\(a b\\) (both of magnitude ≤ 1).
    #[inline(always)]
    fn mul_limbs(&self, rhs: &Self) -> Self {
        self.check(1);
        rhs.check(1);
        let mut out = [0u64; 5];
        fiat_mul(&mut out, &self.limbs, &rhs.limbs);
        FieldElement::from_limbs(out, 1).with_magnitude(1)
    }

    /// \\(a^2\\) (magnitude ≤ 1).
    #[inline(always)]
    pub fn square(&self) -> Self {
        self.check(1);
        let mut out = [0u64; 5];
        fiat_square(&mut out, &self.limbs);
        FieldElement::from_limbs(out, 1).with_magnitude(1)
    }

    /// \\(a^{2^k}\\).
    fn square_times(&self, k: u32) -> Self {
        let mut x = *self;
        for _ in 0..k {
            x = x.square();
        }
        x
    }

    /// \\(2a\\) (magnitude doubles).
    #[inline(always)]
    pub(crate) fn double(&self) -> Self {
        *self + *self
    }

    /// \\(k a\\) for a small `k` (magnitude times `k`).
    #[inline(always)]
    pub(crate) fn mul_small(&self, k: u32) -> Self {
        let m = self.magnitude() * k;
        FieldElement::from_limbs(self.limbs.map(|t| t * u64::from(k)), 0).with_magnitude(m)
    }

    /// \\(-a\\) for `a` of magnitude at most `m`: \\(2(m+1)p - a\\), magnitude \\(m + 1\\).
    #[inline(always)]
    pub(crate) fn negate(&self, m: u32) -> Self {
        debug_assert!(m < MAX_MAGNITUDE);
        self.check(m);
        let k = 2 * (u64::from(m) + 1);
        let t = &self.limbs;
        FieldElement::from_limbs(
            [
                k * P[0] - t[0],
                k * P[1] - t[1],
                k * P[2] - t[2],
                k * P[3] - t[3],
                k * P[4] - t[4],
            ],
            0,
        )
        .with_magnitude(m + 1)
    }

    /// The same value at magnitude 1, every limb below \\(2^{52}\\) (not necessarily below
    /// \\(p\\)): the carry out of bit 256 folds back in as \\(2^{32} + 977\\).
    #[inline(always)]
    pub(crate) fn normalize_weak(&self) -> Self {
        self.check(MAX_MAGNITUDE);
        let mut t = self.limbs;
        let x = t[4] >> 48;
        t[4] &= M48;
        t[0] += x * R;
        carry_up(&mut t);
        // t[4] < 2^48 + 2^13 now: within magnitude 1.
        FieldElement::from_limbs(t, 1).with_magnitude(1)
    }

    /// The unique representative below \\(p\\).
    pub(crate) fn normalize(&self) -> Self {
        let mut t = self.normalize_weak().limbs;
        // The value is below 2^256 + 2^13·R now, so below 2p: at most one subtraction of p.
        // It is ≥ p exactly when bit 256 is set (limb 4 above 48 bits) or every limb from
        // 1 up is all ones and limb 0 reaches p's.
        let over = t[4] >> 48 != 0
            || (t[4] == M48 && t[3] == M52 && t[2] == M52 && t[1] == M52 && t[0] >= P[0]);
        if over {
            // Subtracting p is adding 2^256 - p = R and dropping bit 256.
            t[0] += R;
            carry_up(&mut t);
            t[4] &= M48;
        }
        FieldElement::from_limbs(t, 1)
    }

    /// Whether the value is \\(0 \bmod p\\). After a weak normalization the value is below
    /// \\(2p\\) (limbs below \\(2^{52}\\), limb 4 below \\(2^{48} + 2^{13}\\)), so it is 0 or
    /// exactly \\(p\\), whose limbs are unique: no full reduction needed (libsecp256k1's
    /// `fe_normalizes_to_zero_var` test).
    pub(crate) fn normalizes_to_zero(&self) -> bool {
        let t = self.normalize_weak().limbs;
        // ORs of the limbs, not array comparisons (which compile to `memcmp` calls).
        let zero = t[0] | t[1] | t[2] | t[3] | t[4];
        let p = (t[0] ^ P[0]) | (t[1] ^ P[1]) | (t[2] ^ P[2]) | (t[3] ^ P[3]) | (t[4] ^ P[4]);
        zero == 0 || p == 0
    }

    /// Whether two values are congruent mod \\(p\\).
    pub(crate) fn equals(&self, other: &Self) -> bool {
        (*self + other.negate(1)).normalizes_to_zero()
    }

    /// \\(a^{-1}\\) by safegcd, in variable time; zero for zero.
    pub fn invert_vartime(&self) -> Self {
        Self::from_words(&safegcd::invert_vartime(&self.to_words(), &safegcd::FIELD))
    }

    /// Whether the value is a square mod \\(p\\) (zero is), by safegcd's Jacobi symbol in
    /// variable time; exponentiation decides where the symbol's budget runs out.
    pub fn is_square_vartime(&self) -> bool {
        match safegcd::jacobi_vartime(&self.to_words(), &safegcd::FIELD) {
            Some(symbol) => symbol >= 0,
            None => self.sqrt().is_some(),
        }
    }

    /// A square root, if there is one: \\(a^{(p+1)/4}\\) (as \\(p \equiv 3 \pmod 4\\)), checked
    /// by squaring. The root returned is itself a square (\\((p+1)/4\\) is even), which is how
    /// secp256k1-zkp's x-only points pick theirs.
    ///
    /// The exponent's bits are 223 ones, a zero, 22 ones, four zeros, 11, 00: an addition
    /// chain through runs of ones \\(x_k = a^{2^k - 1}\\) (253 squarings, 13 products).
    pub fn sqrt(&self) -> Option<Self> {
        let a = self.normalize_weak();
        let x2 = a.square() * a;
        let x3 = x2.square() * a;
        let x6 = x3.square_times(3) * x3;
        let x9 = x6.square_times(3) * x3;
        let x11 = x9.square_times(2) * x2;
        let x22 = x11.square_times(11) * x11;
        let x44 = x22.square_times(22) * x22;
        let x88 = x44.square_times(44) * x44;
        let x176 = x88.square_times(88) * x88;
        let x220 = x176.square_times(44) * x44;
        let x223 = x220.square_times(3) * x3;
        let root = (x223.square_times(23) * x22).square_times(6) * x2;
        let root = root.square_times(2);
        root.square().equals(&a).then_some(root)
    }
}

impl Add for FieldElement {
    type Output = FieldElement;

    /// Limb-wise sum; magnitudes add.
    #[inline(always)]
    fn add(self, rhs: FieldElement) -> FieldElement {
        let m = self.magnitude() + rhs.magnitude();
        let (a, b) = (&self.limbs, &rhs.limbs);
        FieldElement::from_limbs(
            [
                a[0] + b[0],
                a[1] + b[1],
                a[2] + b[2],
                a[3] + b[3],
                a[4] + b[4],
            ],
            0,
        )
        .with_magnitude(m)
    }
}

impl AddAssign for FieldElement {
    #[inline(always)]
    fn add_assign(&mut self, rhs: FieldElement) {
        *self = *self + rhs;
    }
}

impl Mul for FieldElement {
    type Output = FieldElement;

    #[inline(always)]
    fn mul(self, rhs: FieldElement) -> FieldElement {
        self.mul_limbs(&rhs)
    }
}

impl MulAssign for FieldElement {
    #[inline(always)]
    fn mul_assign(&mut self, rhs: FieldElement) {
        *self = self.mul_limbs(&rhs);
    }
}

/// Conversions from and to `k256`'s field elements (through their bytes), where the engine
/// meets points that came from `k256`.
impl From<&k256::FieldElement> for FieldElement {
    fn from(f: &k256::FieldElement) -> Self {
        let bytes: [u8; 32] = f.normalize().to_bytes().into();
        Self::from_words(&safegcd::words_from_be(&bytes))
    }
}

impl From<&FieldElement> for k256::FieldElement {
    fn from(f: &FieldElement) -> Self {
        // Below p by construction.
        Option::from(k256::FieldElement::from_bytes(&f.to_bytes().into()))
            .unwrap_or(k256::FieldElement::ZERO)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use k256::elliptic_curve::ff::Field;
    use rand::rngs::OsRng;
    use rand::RngCore;

    fn ours(f: &k256::FieldElement) -> FieldElement {
        FieldElement::from(f)
    }

    /// A `k256` value's canonical bytes (its debug builds' equality also compares magnitude
    /// bookkeeping, so values are compared by bytes).
    fn canon(f: &k256::FieldElement) -> [u8; 32] {
        f.normalize().to_bytes().into()
    }

    fn theirs(f: &FieldElement) -> [u8; 32] {
        canon(&k256::FieldElement::from(f))
    }

    /// Random values and the edges: 0, 1, 2, p − 1, p − 2, 2^k, 2^k − 1, and values whose
    /// limbs are all ones or sit at the 52-bit boundaries.
    fn samples() -> Vec<k256::FieldElement> {
        let mut v: Vec<k256::FieldElement> = (0..500)
            .map(|_| k256::FieldElement::random(&mut OsRng))
            .collect();
        for small in [0u64, 1, 2, 3, 7, 977, (1 << 52) - 1, 1 << 52, u64::MAX] {
            v.push(k256::FieldElement::from_u64(small));
            v.push(-k256::FieldElement::from_u64(small));
        }
        let mut power = k256::FieldElement::ONE;
        for _ in 0..256 {
            v.push(power);
            v.push((power - k256::FieldElement::ONE).normalize());
            power = power.double().normalize();
        }
        v.iter().map(|f| f.normalize()).collect()
    }

    #[test]
    fn bytes_round_trip_and_reject_p_and_above() {
        for f in samples() {
            let bytes: [u8; 32] = f.to_bytes().into();
            let x = FieldElement::from_bytes(&bytes).unwrap();
            assert_eq!(x.to_bytes(), bytes);
            assert_eq!(theirs(&x), canon(&f));
        }
        let p: [u8; 32] = crate::group::secp256k1::hex32(
            b"fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f",
        );
        assert!(FieldElement::from_bytes(&p).is_none());
        let mut p_plus_one = p;
        p_plus_one[31] += 1;
        assert!(FieldElement::from_bytes(&p_plus_one).is_none());
        assert!(FieldElement::from_bytes(&[0xff; 32]).is_none());
        let mut p_minus_one = p;
        p_minus_one[31] -= 1;
        assert!(FieldElement::from_bytes(&p_minus_one).is_some());
    }

    #[test]
    fn arithmetic_matches_k256() {
        let values = samples();
        for (i, a) in values.iter().enumerate() {
            let b = &values[(i * 7 + 3) % values.len()];
            let (x, y) = (ours(a), ours(b));
            assert_eq!(theirs(&(x * y)), canon(&(a * b)));
            assert_eq!(theirs(&x.square()), canon(&a.square()));
            assert_eq!(theirs(&(x + y).normalize()), canon(&(a + b)));
            assert_eq!(theirs(&x.negate(1).normalize()), canon(&a.negate(1)));
            assert_eq!(theirs(&(x + y.negate(1)).normalize()), canon(&(*a - b)));
            assert_eq!(
                theirs(&x.mul_small(8).normalize_weak().normalize()),
                canon(&a.mul_single(8))
            );
            let inverse: k256::FieldElement = Option::from(a.invert()).unwrap_or_default();
            assert_eq!(theirs(&x.invert_vartime()), canon(&inverse));
            let root: Option<k256::FieldElement> = a.sqrt().into();
            assert_eq!(x.sqrt().map(|r| theirs(&r)), root.map(|r| canon(&r)));
            assert_eq!(x.is_square_vartime(), root.is_some());
            assert_eq!(x.normalizes_to_zero(), bool::from(a.normalizes_to_zero()));
        }
    }

    /// Unreduced representations at the largest magnitudes the rules allow, built from random
    /// limbs, reduce to the value they stand for (checked against exact big-integer sums in
    /// `k256`).
    #[test]
    fn normalization_of_loose_limbs() {
        for m in [1u32, 2, 3, 8, 64, MAX_MAGNITUDE] {
            for trial in 0..300 {
                let mut limbs = [0u64; 5];
                for (i, t) in limbs.iter_mut().enumerate() {
                    let cap = 2 * u64::from(m) * if i == 4 { M48 } else { M52 };
                    *t = match trial % 3 {
                        0 => cap,
                        1 => OsRng.next_u64() % (cap + 1),
                        _ => cap - (OsRng.next_u64() % 4).min(cap),
                    };
                }
                let x = FieldElement::from_limbs(limbs, 0).with_magnitude(m);
                // The value Σ t_i 2^(52 i) in k256.
                let two52 = k256::FieldElement::from_u64(1 << 52);
                let expected = limbs
                    .iter()
                    .rev()
                    .fold(k256::FieldElement::ZERO, |acc, &t| {
                        (acc * two52 + k256::FieldElement::from_u64(t)).normalize()
                    });
                assert_eq!(theirs(&x.normalize_weak()), canon(&expected));
                assert_eq!(theirs(&x), canon(&expected));
                let n = x.normalize();
                assert!(n.limbs[..4].iter().all(|&t| t <= M52) && n.limbs[4] <= M48);
            }
        }
        // p itself and 2p − 1 in loose form reduce to 0 and p − 1.
        let p = FieldElement::from_limbs(P, 1);
        assert!(p.normalizes_to_zero());
        // Multiples of p in loose limbs are zero; one more or one less is not.
        for k in [1u64, 2, 3, 7, 100] {
            let kp = FieldElement::from_limbs(P.map(|t| k * t), 0).with_magnitude(k as u32);
            assert!(kp.normalizes_to_zero(), "{k}p");
            assert!(!(kp + FieldElement::ONE).normalizes_to_zero(), "{k}p + 1");
            assert!(
                !(kp + FieldElement::ONE.negate(1)).normalizes_to_zero(),
                "{k}p - 1"
            );
        }
        assert!(FieldElement::ZERO.normalizes_to_zero());
        assert!(!FieldElement::from_limbs([0, 0, 0, 0, 1 << 48], 1).normalizes_to_zero());
        let two_p_minus_one = FieldElement::from_limbs(P.map(|t| 2 * t), 0).with_magnitude(2)
            + FieldElement::ONE.negate(1);
        assert_eq!(theirs(&two_p_minus_one), canon(&-k256::FieldElement::ONE));
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "magnitude")]
    fn debug_builds_reject_an_unnormalized_product() {
        let a = FieldElement::from_u64(5);
        let _ = (a + a) * a;
    }
}
