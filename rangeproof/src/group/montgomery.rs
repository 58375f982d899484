//! Scalars of curve25519's prime-order group (ℓ = 2^252 + 277…493) in Montgomery form, with
//! `fiat-crypto`'s formally verified arithmetic (`curve25519_scalar_64`).
//!
//! `curve25519-dalek`'s `Scalar` stores canonical bytes and unpacks, multiplies and repacks on
//! every operation (≈ 83 ns a multiplication here); long chains of public scalar arithmetic —
//! a verifier's flattening, challenge products, coefficient vectors — run in this form instead
//! (one Montgomery multiplication, ≈ 20 ns) and convert once at the boundaries
//! ([`crate::group::Group::to_fast`], [`crate::group::Group::from_fast`]).
//!
//! The arithmetic is constant-time (fiat's code has no secret-dependent branches); equality
//! compares the limbs, which in Montgomery form are canonical (fully reduced).

use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use curve25519_dalek::Scalar;
use fiat::{
    fiat_25519_scalar_montgomery_domain_field_element as Mont,
    fiat_25519_scalar_non_montgomery_domain_field_element as Plain,
};
use fiat_crypto::curve25519_scalar_64 as fiat;

/// A scalar mod ℓ in Montgomery form (`a·R mod ℓ`, R = 2^256), fully reduced.
#[derive(Clone, Copy)]
pub struct MontScalar(Mont);

impl core::fmt::Debug for MontScalar {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "MontScalar({:?})", Scalar::from(*self))
    }
}

impl PartialEq for MontScalar {
    fn eq(&self, other: &Self) -> bool {
        self.0 .0 == other.0 .0
    }
}

impl Eq for MontScalar {}

impl MontScalar {
    /// Zero.
    pub const ZERO: MontScalar = MontScalar(Mont([0; 4]));

    /// One (`R mod ℓ`).
    pub fn one() -> Self {
        let mut out = Mont([0; 4]);
        fiat::fiat_25519_scalar_set_one(&mut out);
        MontScalar(out)
    }

    /// The Montgomery-form limbs (little-endian, fully reduced).
    pub(crate) fn limbs(&self) -> [u64; 4] {
        self.0 .0
    }

    /// From Montgomery-form limbs, which must be fully reduced (below ℓ).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(crate) fn from_limbs(limbs: [u64; 4]) -> Self {
        MontScalar(Mont(limbs))
    }

    /// The square.
    pub fn square(&self) -> Self {
        let mut out = Mont([0; 4]);
        fiat::fiat_25519_scalar_square(&mut out, &self.0);
        MontScalar(out)
    }

    /// The inverse, \\(x^{\ell - 2}\\) (zero for zero), by a fixed 4-bit window over the
    /// public exponent: 252 squarings and at most 78 multiplications in fiat's arithmetic,
    /// about three times as fast as curve25519-dalek's `Scalar::invert` here (its squarings
    /// unpack and repack). Constant-time in `self`: the sequence of operations depends on the
    /// exponent only.
    pub fn invert(&self) -> Self {
        // l - 2, little-endian bytes.
        const EXPONENT: [u8; 32] = [
            0xeb, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9,
            0xde, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x10,
        ];
        let mut table = [MontScalar::one(); 16];
        for i in 1..16 {
            table[i] = table[i - 1] * *self;
        }
        let mut acc = MontScalar::one();
        for byte in EXPONENT.iter().rev() {
            for nibble in [byte >> 4, byte & 15] {
                acc = acc.square().square().square().square();
                if nibble != 0 {
                    acc *= table[nibble as usize];
                }
            }
        }
        acc
    }
}

impl From<Scalar> for MontScalar {
    fn from(s: Scalar) -> Self {
        let mut limbs = [0u64; 4];
        // `Scalar`'s bytes are canonical (below ℓ), as `from_bytes` requires.
        fiat::fiat_25519_scalar_from_bytes(&mut limbs, &s.to_bytes());
        let mut out = Mont([0; 4]);
        fiat::fiat_25519_scalar_to_montgomery(&mut out, &Plain(limbs));
        MontScalar(out)
    }
}

impl From<MontScalar> for Scalar {
    fn from(m: MontScalar) -> Scalar {
        let mut plain = Plain([0; 4]);
        fiat::fiat_25519_scalar_from_montgomery(&mut plain, &m.0);
        let mut bytes = [0u8; 32];
        fiat::fiat_25519_scalar_to_bytes(&mut bytes, &plain.0);
        // fiat's output is fully reduced (below ℓ < 2^253), so these bytes already are the
        // canonical encoding: `from_bits` keeps every invariant of `Scalar` here. The checked
        // constructor would reduce them once more only to compare (about 90 ns, the cost of
        // this whole conversion otherwise; BENCHMARKS.md). Tested against the checked path.
        Scalar::from_bits(bytes)
    }
}

impl From<u64> for MontScalar {
    fn from(v: u64) -> Self {
        let mut out = Mont([0; 4]);
        fiat::fiat_25519_scalar_to_montgomery(&mut out, &Plain([v, 0, 0, 0]));
        MontScalar(out)
    }
}

impl Add for MontScalar {
    type Output = MontScalar;
    fn add(self, rhs: MontScalar) -> MontScalar {
        let mut out = Mont([0; 4]);
        fiat::fiat_25519_scalar_add(&mut out, &self.0, &rhs.0);
        MontScalar(out)
    }
}

impl Sub for MontScalar {
    type Output = MontScalar;
    fn sub(self, rhs: MontScalar) -> MontScalar {
        let mut out = Mont([0; 4]);
        fiat::fiat_25519_scalar_sub(&mut out, &self.0, &rhs.0);
        MontScalar(out)
    }
}

impl Mul for MontScalar {
    type Output = MontScalar;
    fn mul(self, rhs: MontScalar) -> MontScalar {
        let mut out = Mont([0; 4]);
        fiat::fiat_25519_scalar_mul(&mut out, &self.0, &rhs.0);
        MontScalar(out)
    }
}

impl Neg for MontScalar {
    type Output = MontScalar;
    fn neg(self) -> MontScalar {
        let mut out = Mont([0; 4]);
        fiat::fiat_25519_scalar_opp(&mut out, &self.0);
        MontScalar(out)
    }
}

impl AddAssign for MontScalar {
    fn add_assign(&mut self, rhs: MontScalar) {
        *self = *self + rhs;
    }
}

impl SubAssign for MontScalar {
    fn sub_assign(&mut self, rhs: MontScalar) {
        *self = *self - rhs;
    }
}

impl MulAssign for MontScalar {
    fn mul_assign(&mut self, rhs: MontScalar) {
        *self = *self * rhs;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn scalar(bytes: [u8; 32]) -> Scalar {
        Scalar::from_bytes_mod_order(bytes)
    }

    #[test]
    fn edges() {
        let minus_one = -Scalar::ONE;
        for s in [Scalar::ZERO, Scalar::ONE, minus_one, Scalar::from(u64::MAX)] {
            assert_eq!(Scalar::from(MontScalar::from(s)), s);
            assert_eq!(
                Scalar::from(MontScalar::from(s) * MontScalar::from(s)),
                s * s
            );
            assert_eq!(Scalar::from(-MontScalar::from(s)), -s);
        }
        assert_eq!(Scalar::from(MontScalar::one()), Scalar::ONE);
        assert_eq!(MontScalar::ZERO.invert(), MontScalar::ZERO);
        assert_eq!(MontScalar::one().invert(), MontScalar::one());
        assert_eq!(
            Scalar::from(MontScalar::from(minus_one).invert()),
            minus_one.invert()
        );
        assert_eq!(Scalar::from(MontScalar::ZERO), Scalar::ZERO);
        assert_eq!(MontScalar::from(7u64), MontScalar::from(Scalar::from(7u64)));
        assert_eq!(
            MontScalar::from(minus_one) + MontScalar::one(),
            MontScalar::ZERO
        );
    }

    proptest! {
        /// Every operation agrees with curve25519-dalek's `Scalar`.
        #[test]
        fn agrees_with_dalek(a in any::<[u8; 32]>(), b in any::<[u8; 32]>(), k in any::<u64>()) {
            let (x, y) = (scalar(a), scalar(b));
            let (mx, my) = (MontScalar::from(x), MontScalar::from(y));
            prop_assert_eq!(Scalar::from(mx), x);
            // The unchecked conversion only ever makes canonical scalars (the checked
            // constructor accepts their bytes).
            for m in [mx, mx * my, mx - my, -mx] {
                let bytes = Scalar::from(m).to_bytes();
                prop_assert!(bool::from(Scalar::from_canonical_bytes(bytes).is_some()));
            }
            prop_assert_eq!(Scalar::from(mx + my), x + y);
            prop_assert_eq!(Scalar::from(mx - my), x - y);
            prop_assert_eq!(Scalar::from(mx * my), x * y);
            prop_assert_eq!(Scalar::from(mx.square()), x * x);
            prop_assert_eq!(Scalar::from(-mx), -x);
            prop_assert_eq!(Scalar::from(MontScalar::from(k)), Scalar::from(k));
            prop_assert_eq!(mx == my, x == y);
            prop_assert_eq!(Scalar::from(mx.invert()), x.invert());
        }
    }
}
