//! Elements of \\(\mathbb F_p\\), \\(p = 2^{255} - 19\\), with `fiat-crypto`'s formally verified
//! arithmetic (`curve25519_64`: five 51-bit limbs).
//!
//! `curve25519-dalek` keeps its field private, so the engine brings its own: this serial type
//! for everything but the long exponentiations, and [`super::field_x8`] (eight elements a
//! vector with AVX-512 IFMA) or [`super::field_x4`] (four with AVX2) for those. IFMA uses the
//! same radix-\\(2^{51}\\) limbs, so moving an element there is a copy; AVX2 splits each limb in
//! two.
//!
//! Every operation returns a *tight* element (limbs of at most \\(2^{51}\\), fiat's bound),
//! which is what fiat's multiplication and the vector code take as input; the value need not be
//! fully reduced — [`FieldElement::reduced_limbs`] and [`FieldElement::to_bytes`] are the
//! canonical form, and equality goes through it.

use fiat::{fiat_25519_loose_field_element as Loose, fiat_25519_tight_field_element as Tight};
use fiat_crypto::curve25519_64 as fiat;

/// \\((x^{2^{250}-1}, x^{11})\\) by the addition chain shared by inversion and the square
/// root, for any representation: `$mul(&a, &b)` multiplies, `$pow2k(&a, k)` squares `k` times.
/// A macro, not a generic function, so the vector representations expand it inside their
/// `#[target_feature]` functions.
macro_rules! pow22501_chain {
    ($x:expr, $mul:expr, $pow2k:expr) => {{
        let x = &$x;
        let t0 = ($pow2k)(x, 1); // 2
        let t1 = ($pow2k)(&t0, 2); // 8
        let t2 = ($mul)(x, &t1); // 9
        let t3 = ($mul)(&t0, &t2); // 11
        let t4 = ($pow2k)(&t3, 1); // 22
        let t5 = ($mul)(&t2, &t4); // 2^5 - 1
        let t7 = ($mul)(&($pow2k)(&t5, 5), &t5); // 2^10 - 1
        let t9 = ($mul)(&($pow2k)(&t7, 10), &t7); // 2^20 - 1
        let t11 = ($mul)(&($pow2k)(&t9, 20), &t9); // 2^40 - 1
        let t13 = ($mul)(&($pow2k)(&t11, 10), &t7); // 2^50 - 1
        let t15 = ($mul)(&($pow2k)(&t13, 50), &t13); // 2^100 - 1
        let t17 = ($mul)(&($pow2k)(&t15, 100), &t15); // 2^200 - 1
        let t19 = ($mul)(&($pow2k)(&t17, 50), &t13); // 2^250 - 1
        (t19, t3)
    }};
}

/// \\(x^{(p-5)/8}\\), \\((p - 5)/8 = 2^{252} - 3 = (2^{250} - 1) \cdot 4 + 1\\) (see
/// [`pow22501_chain`]).
macro_rules! pow_p58_chain {
    ($x:expr, $mul:expr, $pow2k:expr) => {{
        let x = &$x;
        let (t19, _) = pow22501_chain!(*x, $mul, $pow2k);
        ($mul)(&($pow2k)(&t19, 2), x)
    }};
}

/// `SQRT_RATIO_M1`'s candidate \\((r_0, v r_0^2)\\), \\(r_0 = (uv^3)(uv^7)^{(p-5)/8}\\), for any
/// representation (see [`pow22501_chain`]).
macro_rules! sqrt_ratio_candidate_chain {
    ($u:expr, $v:expr, $mul:expr, $pow2k:expr) => {{
        let (u, v) = (&$u, &$v);
        let v3 = ($mul)(&($pow2k)(v, 1), v);
        let v7 = ($mul)(&($pow2k)(&v3, 1), v);
        let uv7 = ($mul)(u, &v7);
        let r0 = ($mul)(&($mul)(u, &v3), &pow_p58_chain!(uv7, $mul, $pow2k));
        let check = ($mul)(v, &($pow2k)(&r0, 1));
        (r0, check)
    }};
}

// Used by the x86-64 vector code only; other targets (WebAssembly) build without it.
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_imports))]
pub(super) use {pow22501_chain, pow_p58_chain, sqrt_ratio_candidate_chain};

/// An element of \\(\mathbb F_p\\) (tight limbs, not necessarily fully reduced).
#[derive(Clone, Copy, Debug)]
pub struct FieldElement(pub(super) [u64; 5]);

/// \\(d = -121665/121666\\), the Edwards curve constant.
pub(super) const EDWARDS_D: FieldElement = FieldElement([
    929955233495203,
    466365720129213,
    1662059464998953,
    2033849074728123,
    1442794654840575,
]);

/// \\(\sqrt{-1}\\) (the even one, \\(2^{(p-1)/4}\\)).
pub(super) const SQRT_M1: FieldElement = FieldElement([
    1718705420411056,
    234908883556509,
    2233514472574048,
    2117202627021982,
    765476049583133,
]);

impl FieldElement {
    /// Zero.
    pub const ZERO: FieldElement = FieldElement([0; 5]);
    /// One.
    pub const ONE: FieldElement = FieldElement([1, 0, 0, 0, 0]);

    fn loose(&self) -> Loose {
        let mut out = Loose([0; 5]);
        fiat::fiat_25519_relax(&mut out, &Tight(self.0));
        out
    }

    fn carry(loose: &Loose) -> FieldElement {
        let mut out = Tight([0; 5]);
        fiat::fiat_25519_carry(&mut out, loose);
        FieldElement(out.0)
    }

    /// The element with these limbs (each at most \\(3 \cdot 2^{51}\\), fiat's loose bound),
    /// carried to tight limbs.
    pub(super) fn from_loose_limbs(limbs: [u64; 5]) -> FieldElement {
        Self::carry(&Loose(limbs))
    }

    /// The element the low 255 bits of `bytes` encode (the top bit is ignored; values in
    /// \\([p, 2^{255})\\) are accepted and reduce): `curve25519-dalek`'s `from_bytes`.
    pub fn from_bytes_unchecked(bytes: &[u8; 32]) -> FieldElement {
        let mut masked = *bytes;
        masked[31] &= 0x7f;
        let mut out = Tight([0; 5]);
        fiat::fiat_25519_from_bytes(&mut out, &masked);
        FieldElement(out.0)
    }

    /// The canonical encoding: the fully reduced value, little-endian, top bit clear.
    pub fn to_bytes(&self) -> [u8; 32] {
        let mut out = [0u8; 32];
        fiat::fiat_25519_to_bytes(&mut out, &Tight(self.0));
        out
    }

    /// `self + rhs`.
    pub fn add(&self, rhs: &FieldElement) -> FieldElement {
        let mut out = Loose([0; 5]);
        fiat::fiat_25519_add(&mut out, &Tight(self.0), &Tight(rhs.0));
        Self::carry(&out)
    }

    /// `self - rhs`.
    pub fn sub(&self, rhs: &FieldElement) -> FieldElement {
        let mut out = Loose([0; 5]);
        fiat::fiat_25519_sub(&mut out, &Tight(self.0), &Tight(rhs.0));
        Self::carry(&out)
    }

    /// `-self`.
    pub fn neg(&self) -> FieldElement {
        let mut out = Loose([0; 5]);
        fiat::fiat_25519_opp(&mut out, &Tight(self.0));
        Self::carry(&out)
    }

    /// `self * rhs`.
    pub fn mul(&self, rhs: &FieldElement) -> FieldElement {
        let mut out = Tight([0; 5]);
        fiat::fiat_25519_carry_mul(&mut out, &self.loose(), &rhs.loose());
        FieldElement(out.0)
    }

    /// `self²`.
    pub fn square(&self) -> FieldElement {
        let mut out = Tight([0; 5]);
        fiat::fiat_25519_carry_square(&mut out, &self.loose());
        FieldElement(out.0)
    }

    /// `self^(2^k)`.
    pub fn pow2k(&self, k: u32) -> FieldElement {
        (0..k).fold(*self, |x, _| x.square())
    }

    /// The fully reduced limbs (the value in \\([0, p)\\)): what equality and sign tests compare,
    /// without the byte packing of [`Self::to_bytes`].
    pub fn reduced_limbs(&self) -> [u64; 5] {
        const MASK: u64 = (1 << 51) - 1;
        let mut l = self.0;
        // Tight limbs are at most 2^51 (fiat's bound and the vector code's): one carry pass
        // leaves a value below 2^255 + 19·2 with limbs below 2^51 except limb 0 (below 2^51 + 38).
        let mut carry = 0;
        for limb in l.iter_mut() {
            *limb += carry;
            carry = *limb >> 51;
            *limb &= MASK;
        }
        l[0] += 19 * carry;
        // q = 1 iff the value is at least p, i.e. value + 19 reaches 2^255.
        let mut q = (l[0] + 19) >> 51;
        for limb in &l[1..] {
            q = (limb + q) >> 51;
        }
        // Subtract q·p: add 19q and drop bit 255.
        l[0] += 19 * q;
        let mut carry = 0;
        for limb in l.iter_mut() {
            *limb += carry;
            carry = *limb >> 51;
            *limb &= MASK;
        }
        l
    }

    /// Whether the two are the same element of \\(\mathbb F_p\\) (variable-time: the engine
    /// decodes public encodings only).
    pub fn equals(&self, rhs: &FieldElement) -> bool {
        self.reduced_limbs() == rhs.reduced_limbs()
    }

    /// Whether the element is zero.
    pub fn is_zero(&self) -> bool {
        self.reduced_limbs() == [0; 5]
    }

    /// Whether the canonical encoding is odd (RFC 9496's `IS_NEGATIVE`).
    pub fn is_negative(&self) -> bool {
        self.reduced_limbs()[0] & 1 == 1
    }

    /// `|self|`: the one of `±self` that is not negative.
    pub fn abs(&self) -> FieldElement {
        if self.is_negative() {
            self.neg()
        } else {
            *self
        }
    }

    /// \\(x^{(p-5)/8}\\) with the addition chain of \\(2^{250} - 1\\) (254 squarings, 11
    /// multiplications): the heart of [`sqrt_ratio_candidate`].
    pub fn pow_p58(&self) -> FieldElement {
        let x = *self;
        pow_p58_chain!(
            x,
            |a: &FieldElement, b: &FieldElement| a.mul(b),
            |a: &FieldElement, k| a.pow2k(k)
        )
    }

    /// \\((x^{2^{250}-1}, x^{11})\\), the shared prefix of inversion and \\(x^{(p-5)/8}\\).
    fn pow22501(&self) -> (FieldElement, FieldElement) {
        let x = *self;
        pow22501_chain!(
            x,
            |a: &FieldElement, b: &FieldElement| a.mul(b),
            |a: &FieldElement, k| a.pow2k(k)
        )
    }

    /// \\(x^{-1} = x^{p-2}\\) (zero maps to zero).
    pub fn invert(&self) -> FieldElement {
        let (t19, t3) = self.pow22501();
        // p - 2 = (2^250 - 1) * 2^5 + 11.
        t19.pow2k(5).mul(&t3)
    }
}

/// The exponentiation part of RFC 9496's `SQRT_RATIO_M1(u, v)`: the candidate root
/// \\(r_0 = (uv^3)(uv^7)^{(p-5)/8}\\) and \\(v r_0^2\\), which says which case holds
/// ([`finish_sqrt_ratio`]). The serial fallback of [`super::field_x8::sqrt_ratio_batch`].
pub fn sqrt_ratio_candidate(u: &FieldElement, v: &FieldElement) -> (FieldElement, FieldElement) {
    sqrt_ratio_candidate_chain!(
        *u,
        *v,
        |a: &FieldElement, b: &FieldElement| a.mul(b),
        |a: &FieldElement, k| a.pow2k(k)
    )
}

/// The rest of `SQRT_RATIO_M1(u, v)` given [`sqrt_ratio_candidate`]'s \\((r_0, v r_0^2)\\):
/// whether \\(u/v\\) is a square, and the nonnegative \\(r\\) with \\(v r^2 = u\\) (or
/// \\(v r^2 = \sqrt{-1}\,u\\) when it is not).
pub fn finish_sqrt_ratio(
    u: &FieldElement,
    r0: &FieldElement,
    check: &FieldElement,
) -> (bool, FieldElement) {
    let check = check.reduced_limbs();
    // The common case first: v r0² = u. (When u = 0 all three cases hold, r0 = 0 and the
    // choice below does not matter: r = 0 either way.)
    if check == u.reduced_limbs() {
        return (true, r0.abs());
    }
    let neg_u = u.neg();
    let flipped_sign = check == neg_u.reduced_limbs();
    let flipped_sign_i = flipped_sign || check == neg_u.mul(&SQRT_M1).reduced_limbs();
    let r = if flipped_sign_i {
        r0.mul(&SQRT_M1)
    } else {
        *r0
    };
    (flipped_sign, r.abs())
}

/// `SQRT_RATIO_M1(u, v)` serially.
pub fn sqrt_ratio(u: &FieldElement, v: &FieldElement) -> (bool, FieldElement) {
    let (r0, check) = sqrt_ratio_candidate(u, v);
    finish_sqrt_ratio(u, &r0, &check)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// p as little-endian bytes.
    const P: [u8; 32] = {
        let mut p = [0xffu8; 32];
        p[0] = 0xed;
        p[31] = 0x7f;
        p
    };

    fn element(bytes: [u8; 32]) -> FieldElement {
        FieldElement::from_bytes_unchecked(&bytes)
    }

    #[test]
    fn constants() {
        // d * 121666 = -121665, SQRT_M1^2 = -1.
        let d_times = EDWARDS_D.mul(&FieldElement([121666, 0, 0, 0, 0]));
        assert!(d_times.equals(&FieldElement([121665, 0, 0, 0, 0]).neg()));
        assert!(SQRT_M1.square().equals(&FieldElement::ONE.neg()));
        assert!(!SQRT_M1.is_negative());
    }

    #[test]
    fn encodings_reduce() {
        // p and p + 1 decode to 0 and 1; the top bit is ignored; encodings are canonical.
        assert!(element(P).is_zero());
        let mut p_plus_1 = P;
        p_plus_1[0] += 1;
        assert!(element(p_plus_1).equals(&FieldElement::ONE));
        let mut one_top = [0u8; 32];
        one_top[0] = 1;
        one_top[31] = 0x80;
        assert_eq!(element(one_top).to_bytes(), FieldElement::ONE.to_bytes());
        assert_eq!(element([0xff; 32]).to_bytes()[0], 0x12); // 2^255 - 1 - p = 18
    }

    proptest! {
        #[test]
        fn field_laws(a in any::<[u8; 32]>(), b in any::<[u8; 32]>(), c in any::<[u8; 32]>()) {
            let (a, b, c) = (element(a), element(b), element(c));
            prop_assert!(a.mul(&b.add(&c)).equals(&a.mul(&b).add(&a.mul(&c))));
            prop_assert!(a.square().equals(&a.mul(&a)));
            prop_assert!(a.sub(&b).add(&b).equals(&a));
            prop_assert!(a.neg().add(&a).is_zero());
            if !a.is_zero() {
                prop_assert!(a.mul(&a.invert()).equals(&FieldElement::ONE));
            }
            // x^((p-5)/8) squared is x^((p-5)/4); times x^(5/4 ... ) — check the defining
            // identity (x^((p-5)/8))^8 = x^(p-5) = x^-4 for x ≠ 0.
            if !a.is_zero() {
                let r = a.pow_p58();
                let x4 = a.square().square();
                prop_assert!(r.pow2k(3).mul(&x4).equals(&FieldElement::ONE));
            }
        }

        #[test]
        fn reduced_limbs_match_bytes(limbs in any::<[u64; 5]>()) {
            // Any limbs up to 2^51 (the tight bound, inclusive).
            let x = FieldElement(limbs.map(|l| l % ((1 << 51) + 1)));
            let r = x.reduced_limbs();
            let from_bytes = FieldElement::from_bytes_unchecked(&x.to_bytes());
            prop_assert_eq!(r, from_bytes.0);
            prop_assert!(r.iter().all(|l| *l < 1 << 51));
        }

        #[test]
        fn sqrt_ratio_cases(u in any::<[u8; 32]>(), v in any::<[u8; 32]>()) {
            let (u, v) = (element(u), element(v));
            let (square, r) = sqrt_ratio(&u, &v);
            prop_assert!(!r.is_negative());
            if v.is_zero() {
                prop_assert!(r.is_zero());
            } else if square {
                prop_assert!(v.mul(&r.square()).equals(&u));
            } else {
                prop_assert!(v.mul(&r.square()).equals(&u.mul(&SQRT_M1)));
            }
        }
    }
}
