//! The secp256k1 backend: field, scalar and constant-time point arithmetic from `k256`, with
//! the variable-time multiscalar multiplication written here ([`msm`]), since `k256` has none.
//!
//! # Encodings
//!
//! Points are encoded as libsecp256k1-zkp encodes Pedersen commitments, 33 bytes:
//! `0x08` if \\(y\\) is a quadratic residue modulo \\(p\\), `0x09` if not, then \\(x\\)
//! big-endian. (This is *not* SEC1's `02/03` parity prefix: secp256k1-zkp picks the square
//! root by quadratic residuosity, which is what its x-only proof points need too.) Decoding
//! accepts exactly the canonical strings: prefix `08`/`09`, \\(x < p\\), \\(x^3 + 7\\) a square.
//! The identity has no encoding in this format; [`Group::point_to_bytes`] writes it as 33 zero
//! bytes, which no decoder accepts.
//!
//! Scalars are 32 bytes big-endian and must be below the group order \\(n\\).

mod batch_affine;
mod bits;
pub(crate) mod double_mul;
// The field and its vector square roots: crate-private, reachable by the engine benchmark
// through the unstable `internals` feature (as `safegcd` below).
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod field;
#[cfg(not(feature = "internals"))]
pub(crate) mod field;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod field_x8;
#[cfg(not(feature = "internals"))]
pub(crate) mod field_x8;
mod glv;
pub(crate) mod jacobian;
pub mod msm;
// The field's inversion and residue test; the benches reach it through the unstable
// `internals` feature.
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod safegcd;
#[cfg(not(feature = "internals"))]
mod safegcd;
mod straus;
mod straus_x8;

use elliptic_curve::ops::Reduce;
use elliptic_curve::sec1::{FromEncodedPoint, ToEncodedPoint};
use k256::elliptic_curve;
use k256::{
    AffinePoint, EncodedPoint as Sec1Point, FieldBytes, FieldElement, ProjectivePoint, Scalar, U256,
};

use super::Group;
pub use msm::Secp256k1Precomputation;

/// A 32-byte big-endian constant from 64 hex digits, at compile time.
pub(crate) const fn hex32(hex: &[u8; 64]) -> [u8; 32] {
    const fn digit(c: u8) -> u8 {
        match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            _ => panic!("not a hex digit"),
        }
    }
    let mut out = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        out[i] = (digit(hex[2 * i]) << 4) | digit(hex[2 * i + 1]);
        i += 1;
    }
    out
}

/// The secp256k1 group.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Secp256k1;

/// Prefix of a point whose \\(y\\) is a quadratic residue (secp256k1-zkp's commitment form).
pub const PREFIX_QUADRATIC: u8 = 0x08;
/// Prefix of a point whose \\(y\\) is not a quadratic residue.
pub const PREFIX_NON_QUADRATIC: u8 = 0x09;

/// Whether a field element is a quadratic residue (zero counts as one), in variable time: by
/// safegcd's Jacobi symbol (an exponentiation answers in the astronomically rare case it gives
/// up). Only public values are asked: the ordinates of published points (proof points,
/// commitments), whose residuosity their encoding states anyway.
pub(crate) fn is_quadratic_residue(y: &FieldElement) -> bool {
    field::FieldElement::from(y).is_square_vartime()
}

/// The affine point with abscissa `x` whose ordinate is a quadratic residue, if `x` is on the
/// curve: secp256k1-zkp's `ge_set_xquad`. Since \\(p \equiv 3 \pmod 4\\) and \\((p+1)/4\\) is even,
/// the root \\((x^3+7)^{(p+1)/4}\\) is itself a square, so it is the residue one. Variable time
/// (our field): for decoding public points.
pub(crate) fn lift_x_quadratic(
    x: &field::FieldElement,
) -> Option<(field::FieldElement, field::FieldElement)> {
    curve_rhs(x)
        .sqrt()
        .map(|y| (x.normalize_weak(), y.normalize()))
}

/// [`lift_x_quadratic`] for many abscissas, their square roots taken together (sixteen at a
/// time with AVX-512 IFMA where the CPU has it): the decoders of a proof's points.
pub(crate) fn lift_x_quadratic_batch(
    xs: &[field::FieldElement],
) -> Vec<Option<(field::FieldElement, field::FieldElement)>> {
    let rhs: Vec<field::FieldElement> = xs.iter().map(curve_rhs).collect();
    xs.iter()
        .zip(field_x8::sqrt_batch(&rhs, true))
        .map(|(x, y)| y.map(|y| (x.normalize_weak(), y)))
        .collect()
}

/// \\(x^3 + 7\\) (variable-time field).
fn curve_rhs(x: &field::FieldElement) -> field::FieldElement {
    let x = x.normalize_weak();
    x.square() * x + field::FieldElement::from_u64(7)
}

/// Parses a big-endian field element, rejecting values \\(\ge p\\).
pub(crate) fn field_from_bytes(bytes: &[u8]) -> Option<FieldElement> {
    let bytes: [u8; 32] = bytes.try_into().ok()?;
    FieldElement::from_bytes(&FieldBytes::from(bytes)).into()
}

/// A `k256` point from affine coordinates (`k256` re-checks the curve equation).
pub(crate) fn point_from_affine(
    x: &field::FieldElement,
    y: &field::FieldElement,
) -> Option<ProjectivePoint> {
    let encoded =
        Sec1Point::from_affine_coordinates(&x.to_bytes().into(), &y.to_bytes().into(), false);
    Option::<AffinePoint>::from(AffinePoint::from_encoded_point(&encoded))
        .map(ProjectivePoint::from)
}

/// Affine coordinates of a point (`None` for the identity). Costs a field inversion; use
/// [`jacobian::normalize_batch`] for many points.
pub(crate) fn affine_coordinates(p: &ProjectivePoint) -> Option<(FieldElement, FieldElement)> {
    coordinates_of(&p.to_affine())
}

/// Coordinates of an affine `k256` point (`None` for the identity).
pub(crate) fn coordinates_of(p: &AffinePoint) -> Option<(FieldElement, FieldElement)> {
    let encoded = p.to_encoded_point(false);
    let x = field_from_bytes(encoded.x()?)?;
    let y = field_from_bytes(encoded.y()?)?;
    Some((x, y))
}

/// Decodes `prefix ‖ x` for a pair of prefixes (`even_prefix` for a residue \\(y\\),
/// `even_prefix + 1` for its negation): the commitment (`08/09`) and generator (`0a/0b`)
/// encodings of secp256k1-zkp share this shape.
pub(crate) fn decode_quadratic_prefixed(
    bytes: &[u8; 33],
    even_prefix: u8,
) -> Option<ProjectivePoint> {
    let negate = match bytes[0].wrapping_sub(even_prefix) {
        0 => false,
        1 => true,
        _ => return None,
    };
    let x = field::FieldElement::from_bytes(bytes[1..].try_into().ok()?)?;
    let (x, y) = lift_x_quadratic(&x)?;
    let y = if negate { y.negate(1).normalize() } else { y };
    point_from_affine(&x, &y)
}

/// Encodes a non-identity point as `prefix ‖ x` (see [`decode_quadratic_prefixed`]).
pub(crate) fn encode_quadratic_prefixed(p: &ProjectivePoint, even_prefix: u8) -> Option<[u8; 33]> {
    let (x, y) = affine_coordinates(p)?;
    let mut out = [0u8; 33];
    out[0] = even_prefix + u8::from(!is_quadratic_residue(&y));
    out[1..].copy_from_slice(&x.to_bytes());
    Some(out)
}

impl Group for Secp256k1 {
    type Scalar = Scalar;
    // k256's scalars are already kept unpacked: no faster form to convert to.
    type FastScalar = Scalar;

    fn to_fast(s: &Scalar) -> Scalar {
        *s
    }

    fn from_fast(f: &Scalar) -> Scalar {
        *f
    }
    type Point = ProjectivePoint;
    type PointEncoding = [u8; 33];
    type ScalarEncoding = [u8; 32];
    type Precomputation = Secp256k1Precomputation;

    const NAME: &'static str = "secp256k1";

    // The "table" is the fixed points in affine form (and their endomorphism images); it never
    // loses to normalizing them on every call, so there is no crossover.
    const PRECOMPUTATION_CROSSOVER: usize = usize::MAX;
    // Its mixed multiplication weighs the fixed-base tables against Straus and Pippenger over
    // all points (`msm::Secp256k1Precomputation::vartime_mixed`).
    const BATCH_WITH_TABLES: bool = true;

    fn identity() -> ProjectivePoint {
        ProjectivePoint::IDENTITY
    }

    fn invert(s: &Scalar) -> Scalar {
        Option::<Scalar>::from(s.invert()).unwrap_or(Scalar::ZERO)
    }

    fn batch_invert(scalars: &mut [Scalar]) -> Scalar {
        // Montgomery's trick: one inversion and 3(n-1) multiplications.
        let mut prefix = Vec::with_capacity(scalars.len());
        let mut acc = Scalar::ONE;
        for s in scalars.iter() {
            prefix.push(acc);
            acc *= s;
        }
        let all = Self::invert(&acc);
        let mut inv = all;
        for (s, before) in scalars.iter_mut().zip(prefix).rev() {
            let next = inv * *s;
            *s = inv * before;
            inv = next;
        }
        all
    }

    fn scalar_from_bytes_wide(bytes: &[u8; 64]) -> Scalar {
        // hi·2^256 + lo mod n; each half reduced (a 256-bit value is below 2n).
        let hi = <Scalar as Reduce<U256>>::reduce_bytes(FieldBytes::from_slice(&bytes[..32]));
        let lo = <Scalar as Reduce<U256>>::reduce_bytes(FieldBytes::from_slice(&bytes[32..]));
        // 2^256 mod n = 2^256 - n.
        const TWO_256_MOD_N: [u8; 32] = [
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0x45, 0x51, 0x23, 0x19, 0x50, 0xb7,
            0x5f, 0xc4, 0x40, 0x2d, 0xa1, 0x73, 0x2f, 0xc9, 0xbe, 0xbf,
        ];
        let shift = <Scalar as Reduce<U256>>::reduce_bytes(FieldBytes::from_slice(&TWO_256_MOD_N));
        hi * shift + lo
    }

    fn scalar_from_canonical_bytes(bytes: &[u8; 32]) -> Option<Scalar> {
        use elliptic_curve::PrimeField;
        Scalar::from_repr(FieldBytes::from(*bytes)).into()
    }

    fn scalar_to_bytes(s: &Scalar) -> [u8; 32] {
        s.to_bytes().into()
    }

    fn point_from_bytes(bytes: &[u8; 33]) -> Option<ProjectivePoint> {
        decode_quadratic_prefixed(bytes, PREFIX_QUADRATIC)
    }

    fn point_to_bytes(p: &ProjectivePoint) -> [u8; 33] {
        encode_quadratic_prefixed(p, PREFIX_QUADRATIC).unwrap_or([0u8; 33])
    }

    fn is_identity_encoding(bytes: &[u8; 33]) -> bool {
        *bytes == [0u8; 33]
    }

    fn multiscalar_mul(scalars: &[Scalar], points: &[ProjectivePoint]) -> ProjectivePoint {
        debug_assert_eq!(scalars.len(), points.len());
        msm::constant_time(scalars, points)
    }

    fn vartime_multiscalar_mul(scalars: &[Scalar], points: &[ProjectivePoint]) -> ProjectivePoint {
        debug_assert_eq!(scalars.len(), points.len());
        msm::vartime(scalars, points)
    }

    // No separate batch form: the MSM takes the group's points.
    type BatchPoint = ProjectivePoint;

    fn batch_points_from_bytes(encodings: &[[u8; 33]]) -> Vec<Option<ProjectivePoint>> {
        encodings.iter().map(Self::point_from_bytes).collect()
    }

    fn batch_point(point: &ProjectivePoint, _encoding: &[u8; 33]) -> ProjectivePoint {
        *point
    }

    fn batch_points(points: &[ProjectivePoint], _encodings: &[[u8; 33]]) -> Vec<ProjectivePoint> {
        points.to_vec()
    }

    fn batch_points_of(points: &[ProjectivePoint]) -> Vec<ProjectivePoint> {
        points.to_vec()
    }

    fn point_of_batch(p: &ProjectivePoint) -> Option<ProjectivePoint> {
        Some(*p)
    }

    fn point_from_batch(p: &ProjectivePoint) -> Option<ProjectivePoint> {
        Some(*p)
    }

    fn batch_mul_by_pow_2(p: &ProjectivePoint, k: u32) -> ProjectivePoint {
        Self::mul_by_pow_2(p, k)
    }

    fn vartime_batch_msm(
        scalars: &[Scalar],
        points: &[ProjectivePoint],
    ) -> Option<ProjectivePoint> {
        Some(Self::vartime_multiscalar_mul(scalars, points))
    }

    fn batch_add(a: &ProjectivePoint, b: &ProjectivePoint) -> Option<ProjectivePoint> {
        Some(*a + *b)
    }

    fn batch_is_identity(p: &ProjectivePoint) -> bool {
        Self::is_identity(p)
    }

    // The batch MSM is k256's; precomputed tables do not pay there.
    type BatchPrecomputation = ();

    fn batch_precompute(_points: &[ProjectivePoint]) -> Option<()> {
        None
    }

    fn vartime_batch_mixed_msm(
        _precomputation: &(),
        _static_scalars: &[Scalar],
        _dynamic_scalars: &[Scalar],
        _dynamic_points: &[ProjectivePoint],
    ) -> Option<ProjectivePoint> {
        None
    }

    fn precompute(points: &[ProjectivePoint]) -> Secp256k1Precomputation {
        Secp256k1Precomputation::new(points)
    }

    fn vartime_mixed_multiscalar_mul(
        precomputation: &Secp256k1Precomputation,
        static_scalars: &[Scalar],
        dynamic_scalars: &[Scalar],
        dynamic_points: &[ProjectivePoint],
    ) -> ProjectivePoint {
        debug_assert!(static_scalars.len() <= precomputation.len());
        debug_assert_eq!(dynamic_scalars.len(), dynamic_points.len());
        precomputation.vartime_mixed(static_scalars, dynamic_scalars, dynamic_points)
    }
}

impl super::ScaleSlice for Scalar {}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::OsRng;

    type G = Secp256k1;

    #[test]
    fn encodings_round_trip_and_reject_non_canonical() {
        for _ in 0..20 {
            let p = ProjectivePoint::GENERATOR * G::random_scalar(&mut OsRng);
            let bytes = G::point_to_bytes(&p);
            assert!(bytes[0] == PREFIX_QUADRATIC || bytes[0] == PREFIX_NON_QUADRATIC);
            assert_eq!(G::point_from_bytes(&bytes), Some(p));
            // The other prefix is the negation.
            let mut neg = bytes;
            neg[0] ^= 1;
            assert_eq!(G::point_from_bytes(&neg), Some(-p));
            // SEC1 prefixes, garbage prefixes.
            for prefix in [0x00, 0x02, 0x03, 0x04, 0x0a, 0x0b, 0xff] {
                let mut b = bytes;
                b[0] = prefix;
                assert_eq!(G::point_from_bytes(&b), None);
            }
            let s = G::random_scalar(&mut OsRng);
            assert_eq!(
                G::scalar_from_canonical_bytes(&G::scalar_to_bytes(&s)),
                Some(s)
            );
        }
        // x ≥ p: p + 1 (x = 1 is on the curve, but only the reduced form is canonical).
        let mut p_plus_one = [0xffu8; 33];
        p_plus_one[0] = PREFIX_QUADRATIC;
        p_plus_one[28] = 0xfe;
        p_plus_one[31] = 0xfc;
        p_plus_one[32] = 0x30;
        assert_eq!(G::point_from_bytes(&p_plus_one), None);
        let mut one = [0u8; 33];
        one[0] = PREFIX_QUADRATIC;
        one[32] = 1;
        assert!(G::point_from_bytes(&one).is_some());
        // x = 5 is not on the curve.
        let mut five = one;
        five[32] = 5;
        assert_eq!(G::point_from_bytes(&five), None);
        // The identity's placeholder encoding never decodes.
        let id = G::point_to_bytes(&G::identity());
        assert!(G::is_identity_encoding(&id));
        assert_eq!(G::point_from_bytes(&id), None);
        // The group order is not a canonical scalar.
        let mut order = G::scalar_to_bytes(&-Scalar::ONE);
        order[31] += 1;
        assert_eq!(G::scalar_from_canonical_bytes(&order), None);
    }

    #[test]
    fn wide_reduction_and_batch_inversion() {
        // (2^512 - 1) mod n computed two ways.
        let all = G::scalar_from_bytes_wide(&[0xff; 64]);
        let two_256 = G::scalar_from_bytes_wide(&{
            let mut b = [0u8; 64];
            b[31] = 1;
            b
        });
        let low = G::scalar_from_bytes_wide(&{
            let mut b = [0xffu8; 64];
            b[..32].fill(0);
            b
        });
        assert_eq!(all, low * two_256 + low);
        let mut xs: Vec<Scalar> = (1..20u64).map(Scalar::from).collect();
        let expected: Vec<Scalar> = xs.iter().map(G::invert).collect();
        let product = G::batch_invert(&mut xs);
        assert_eq!(xs, expected);
        assert_eq!(product, expected.iter().fold(Scalar::ONE, |a, b| a * b));
    }
}
