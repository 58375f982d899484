//! The GLV endomorphism of secp256k1, for the variable-time bucket method.
//!
//! secp256k1 has an efficiently computable endomorphism \\(\phi(x, y) = (\beta x, y)\\) with
//! \\(\phi(P) = \lambda P\\) (\\(\beta^3 = 1\\) in the field, \\(\lambda^3 = 1\\) modulo \\(n\\)).
//! A scalar \\(k\\) splits as \\(k = k_1 + k_2 \lambda\\) with \\(|k_1|, |k_2| < 2^{128}\\)
//! (Gallant–Lambert–Vanstone; the decomposition with rounded multiplications by
//! precomputed \\(g_1, g_2\\) is libsecp256k1's `scalar_split_lambda`, constants included), so
//! \\(kP = k_1 P + k_2 \phi(P)\\): twice the points with half-length scalars, which halves the
//! bucket method's windows, and with them its bucket aggregations and batched inversions.
//! Only public data passes through here.

use k256::Scalar;

use super::bits::limbs;
use super::hex32;
use super::jacobian::Affine;
use crate::group::{Group, Secp256k1};

/// \\(\lambda\\): \\(\phi(P) = \lambda P\\).
const LAMBDA: [u8; 32] = hex32(b"5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72");
/// \\(\beta\\): a cube root of unity in the field.
const BETA: [u8; 32] = hex32(b"7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501ee");
const MINUS_B1: [u8; 32] =
    hex32(b"00000000000000000000000000000000e4437ed6010e88286f547fa90abfe4c3");
const MINUS_B2: [u8; 32] =
    hex32(b"fffffffffffffffffffffffffffffffe8a280ac50774346dd765cda83db1562c");
const G1: [u8; 32] = hex32(b"00000000000000000000000000003086d221a7d46bcde86c90e49284eb153dab");
const G2: [u8; 32] = hex32(b"0000000000000000000000000000e4437ed6010e88286f547fa90abfe4c42212");

fn scalar(bytes: &[u8; 32]) -> Scalar {
    Secp256k1::scalar_from_canonical_bytes(bytes).expect("constant below n")
}

/// The split's constants, parsed once (the split runs for every point of a large MSM).
struct Constants {
    lambda: Scalar,
    minus_b1: Scalar,
    minus_b2: Scalar,
    g1: [u64; 4],
    g2: [u64; 4],
    beta: super::field::FieldElement,
}

fn constants() -> &'static Constants {
    static C: std::sync::OnceLock<Constants> = std::sync::OnceLock::new();
    C.get_or_init(|| Constants {
        lambda: scalar(&LAMBDA),
        minus_b1: scalar(&MINUS_B1),
        minus_b2: scalar(&MINUS_B2),
        g1: limbs(&scalar(&G1)),
        g2: limbs(&scalar(&G2)),
        beta: super::field::FieldElement::from_bytes(&BETA).expect("constant below p"),
    })
}

/// \\(\mathrm{round}(k g / 2^{272})\\) for 256-bit `k` and `g` (libsecp256k1's
/// `scalar_mul_shift_var` with shift 272).
fn mul_shift_272(k: &[u64; 4], g: &[u64; 4]) -> Scalar {
    let mut product = [0u64; 9];
    for i in 0..4 {
        let mut carry = 0u128;
        for j in 0..4 {
            let t = (k[i] as u128) * (g[j] as u128) + product[i + j] as u128 + carry;
            product[i + j] = t as u64;
            carry = t >> 64;
        }
        product[i + 4] = carry as u64;
    }
    // Bits 272.. : limbs 4.. shifted right by 16; round with bit 271.
    let round = (product[4] >> 15) & 1;
    let mut out = [0u64; 4];
    for (i, o) in out.iter_mut().enumerate() {
        *o = (product[4 + i] >> 16) | (product[5 + i] << 48);
    }
    let mut carry = round;
    for o in out.iter_mut() {
        let (v, c) = o.overflowing_add(carry);
        *o = v;
        carry = u64::from(c);
    }
    let mut bytes = [0u8; 32];
    for (i, o) in out.iter().enumerate() {
        bytes[32 - 8 * (i + 1)..32 - 8 * i].copy_from_slice(&o.to_be_bytes());
    }
    scalar(&bytes)
}

/// A scalar as a sign and a magnitude below \\(2^{128}\\) (the representative of smaller
/// absolute value).
fn signed(s: Scalar) -> (bool, Scalar) {
    let neg = -s;
    let bytes = Secp256k1::scalar_to_bytes(&s);
    if bytes[..16] == [0u8; 16] {
        (false, s)
    } else {
        (true, neg)
    }
}

/// \\(k = k_1 + k_2 \lambda\\): each part as (negative?, magnitude below \\(2^{128}\\)).
pub(crate) fn split(k: &Scalar) -> [(bool, Scalar); 2] {
    let c = constants();
    let kl = limbs(k);
    let k2 = mul_shift_272(&kl, &c.g1) * c.minus_b1 + mul_shift_272(&kl, &c.g2) * c.minus_b2;
    let k1 = *k - k2 * c.lambda;
    [signed(k1), signed(k2)]
}

/// \\(\phi(P) = (\beta x, y)\\).
pub(crate) fn endomorphism(p: &Affine) -> Affine {
    Affine {
        x: (p.x * constants().beta).normalize(),
        y: p.y,
    }
}

/// \\(\lambda\\) (for tests).
#[cfg(test)]
pub(crate) fn lambda() -> Scalar {
    constants().lambda
}

/// \\(\beta\\)'s limbs (for the vector code).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) fn beta_limbs() -> [u64; 5] {
    constants().beta.limbs()
}

/// \\(\beta\\) as a field element (for tests).
#[cfg(test)]
fn beta() -> super::field::FieldElement {
    super::field::FieldElement::from_bytes(&BETA).expect("constant below p")
}

#[cfg(test)]
mod tests {
    use super::super::field::FieldElement;
    use super::*;
    use k256::ProjectivePoint;
    use rand::rngs::OsRng;

    #[test]
    fn split_recomposes_with_half_length_parts() {
        let lambda = scalar(&LAMBDA);
        for k in [
            Scalar::ZERO,
            Scalar::ONE,
            -Scalar::ONE,
            lambda,
            Secp256k1::random_scalar(&mut OsRng),
            Secp256k1::random_scalar(&mut OsRng),
            Secp256k1::random_scalar(&mut OsRng),
        ] {
            let [(n1, k1), (n2, k2)] = split(&k);
            let s1 = if n1 { -k1 } else { k1 };
            let s2 = if n2 { -k2 } else { k2 };
            assert_eq!(s1 + s2 * lambda, k);
            for part in [k1, k2] {
                assert_eq!(Secp256k1::scalar_to_bytes(&part)[..16], [0u8; 16]);
            }
        }
        // λ³ = 1 and β³ = 1.
        assert_eq!(lambda * lambda * lambda, Scalar::ONE);
        let b = beta();
        assert!((b * b * b).equals(&FieldElement::ONE));
    }

    #[test]
    fn endomorphism_is_multiplication_by_lambda() {
        let p = ProjectivePoint::GENERATOR * Secp256k1::random_scalar(&mut OsRng);
        let a = super::super::jacobian::normalize_batch(&[p])[0].unwrap();
        let phi = endomorphism(&a);
        let expected = p * scalar(&LAMBDA);
        assert_eq!(
            super::super::point_from_affine(&phi.x, &phi.y),
            Some(expected)
        );
    }
}
