//! The Ed25519 backend, on `curve25519-dalek`'s Edwards points, as Monero uses it.
//!
//! Ed25519 has cofactor 8: a 32-byte string can decode to a point with a small-order (torsion)
//! component. This backend decodes exactly what is on the curve and canonically encoded, and
//! leaves the cofactor to the deployment, which must do what Monero does: the prover
//! publishes every point multiplied by \\(8^{-1}\\), and the verifier multiplies every proof point
//! and commitment by 8 *as a point* (three doublings, [`Group::mul_by_pow_2`]) before use, which
//! removes any torsion component. The fixed generators are in the prime-order subgroup.
//!
//! Folding the 8 into the verification scalars instead is **not** equivalent: scalars are
//! reduced modulo \\(\ell\\), and \\(\ell \equiv 5 \pmod 8\\), so a torsion component
//! \\(T\\) of a proof point with MSM scalar \\(s\\) survives as \\(((8s \bmod \ell) \bmod 8)\,T\\),
//! which depends on the random weights and is usually not the identity. Such a verifier
//! accepts or rejects a proof with a torsion component at random, where Monero always accepts
//! it (the `torsion` tests in `bulletproofs_plus` and `bulletproofs` pin this down).
//!
//! Canonical means: \\(y < p\\) and no "negative zero" (\\(x = 0\\) with the sign bit set),
//! which `curve25519-dalek`'s decompression accepts. Both are checked on the bytes — the points
//! with \\(x = 0\\) are \\(y = \pm 1\\) — which accepts exactly the encodings that round-trip
//! (tested against that definition) without the re-encoding's field inversion.

use alloc::vec::Vec;
use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint, VartimeEdwardsPrecomputation};
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::{
    Identity, MultiscalarMul, VartimeMultiscalarMul, VartimePrecomputedMultiscalarMul,
};

use super::curve25519::{self as engine, Backend, ExtendedPoint};
use super::Group;

/// Whether `bytes` is a canonical encoding *if* it is a point: \\(y < p\\) in the low 255 bits,
/// and no sign bit on a point with \\(x = 0\\) — those are \\(y = \pm 1\\), the identity and
/// the point of order two.
fn is_canonical_encoding(bytes: &[u8; 32]) -> bool {
    let sign = bytes[31] >> 7 == 1;
    let mut y = *bytes;
    y[31] &= 0x7f;
    // p = 2^255 - 19: y ≥ p iff the top 31 bytes are all ones (0x7f on top) and y[0] ≥ 0xed.
    let top_all_ones = y[1..31].iter().all(|b| *b == 0xff) && y[31] == 0x7f;
    if top_all_ones && y[0] >= 0xed {
        return false;
    }
    let is_one = y[0] == 1 && y[1..].iter().all(|b| *b == 0);
    let is_minus_one = top_all_ones && y[0] == 0xec;
    !(sign && (is_one || is_minus_one))
}

/// The Ed25519 group (the full curve group; see the module notes on the cofactor).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ed25519;

/// The encoding of the identity \\((0, 1)\\).
const IDENTITY_ENCODING: [u8; 32] = {
    let mut bytes = [0u8; 32];
    bytes[0] = 1;
    bytes
};

impl Group for Ed25519 {
    super::curve25519::curve25519_scalar_items!();
    super::curve25519::curve25519_batch_items!(EdwardsPoint);
    type Point = EdwardsPoint;
    type Precomputation = VartimeEdwardsPrecomputation;

    const NAME: &'static str = "ed25519";

    fn identity() -> EdwardsPoint {
        EdwardsPoint::identity()
    }

    fn point_from_bytes(bytes: &[u8; 32]) -> Option<EdwardsPoint> {
        // Reject y ≥ p and negative zero on the bytes (the canonical encodings are exactly
        // those that round-trip, `canonical_by_reencoding` in the tests; checking the bytes
        // spares the re-encoding's field inversion), then let dalek check the curve equation.
        if !is_canonical_encoding(bytes) {
            return None;
        }
        CompressedEdwardsY(*bytes).decompress()
    }

    fn point_to_bytes(p: &EdwardsPoint) -> [u8; 32] {
        p.compress().to_bytes()
    }

    fn points_to_bytes(points: &[EdwardsPoint]) -> Vec<[u8; 32]> {
        // One shared inversion (Montgomery's trick) instead of one per point.
        EdwardsPoint::compress_batch_alloc(points)
            .iter()
            .map(|c| c.to_bytes())
            .collect()
    }

    fn is_identity_encoding(bytes: &[u8; 32]) -> bool {
        *bytes == IDENTITY_ENCODING
    }

    fn mul_by_pow_2(p: &EdwardsPoint, k: u32) -> EdwardsPoint {
        if k == 3 {
            // The cofactor, Monero's case: dalek's dedicated doublings.
            return p.mul_by_cofactor();
        }
        (0..k).fold(*p, |q, _| q + q)
    }

    fn multiscalar_mul(scalars: &[Scalar], points: &[EdwardsPoint]) -> EdwardsPoint {
        debug_assert_eq!(scalars.len(), points.len());
        // Constant-time Straus, chunked to bound its tables.
        super::curve25519::chunked_ct_msm(scalars, points, |s, p| {
            EdwardsPoint::multiscalar_mul(s, p)
        })
    }

    fn vartime_multiscalar_mul(scalars: &[Scalar], points: &[EdwardsPoint]) -> EdwardsPoint {
        debug_assert_eq!(scalars.len(), points.len());
        EdwardsPoint::vartime_multiscalar_mul(scalars, points)
    }

    fn precompute(points: &[EdwardsPoint]) -> VartimeEdwardsPrecomputation {
        VartimeEdwardsPrecomputation::new(points)
    }

    fn vartime_mixed_multiscalar_mul(
        precomputation: &VartimeEdwardsPrecomputation,
        static_scalars: &[Scalar],
        dynamic_scalars: &[Scalar],
        dynamic_points: &[EdwardsPoint],
    ) -> EdwardsPoint {
        debug_assert!(static_scalars.len() <= precomputation.len());
        precomputation.vartime_mixed_multiscalar_mul(
            static_scalars,
            dynamic_scalars,
            dynamic_points,
        )
    }
}

impl super::curve25519::CurvePoint for EdwardsPoint {
    fn decode(bytes: &[u8; 32]) -> Option<EdwardsPoint> {
        Ed25519::point_from_bytes(bytes)
    }

    fn engine_decode(encodings: &[[u8; 32]], backend: Backend) -> Vec<Option<ExtendedPoint>> {
        engine::decompress_ed25519(encodings, backend)
    }

    fn engine_encode(p: &ExtendedPoint) -> [u8; 32] {
        p.to_ed25519_bytes()
    }

    fn engine_is_identity(p: &ExtendedPoint) -> bool {
        p.is_identity()
    }

    fn is_identity(&self) -> bool {
        Ed25519::is_identity(self)
    }

    fn vartime_msm(scalars: &[Scalar], points: &[EdwardsPoint]) -> EdwardsPoint {
        Ed25519::vartime_multiscalar_mul(scalars, points)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use curve25519_dalek::constants::ED25519_BASEPOINT_POINT as B;
    use rand::rngs::OsRng;

    type G = Ed25519;

    /// The eight points of order dividing 8, as canonical encodings (from vectors/monero-crates-bpplus-ed25519.json).
    const TORSION: [&str; 7] = [
        "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
        "0000000000000000000000000000000000000000000000000000000000000000",
        "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
        "0000000000000000000000000000000000000000000000000000000000000080",
        "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
    ];

    pub(crate) fn torsion() -> Vec<EdwardsPoint> {
        TORSION
            .iter()
            .map(|h| {
                let bytes: [u8; 32] = hex::decode(h).unwrap().try_into().unwrap();
                G::point_from_bytes(&bytes).expect("torsion points are canonical curve points")
            })
            .collect()
    }

    #[test]
    fn encodings_round_trip_and_reject_non_canonical() {
        let p = B * G::random_scalar(&mut OsRng);
        assert_eq!(G::point_from_bytes(&G::point_to_bytes(&p)), Some(p));
        assert!(G::is_identity_encoding(&G::point_to_bytes(&G::identity())));
        // y = p + 1 encodes the identity's y non-canonically.
        let mut y_plus_p = [0xffu8; 32];
        y_plus_p[0] = 0xee;
        y_plus_p[31] = 0x7f;
        assert!(
            CompressedEdwardsY(y_plus_p).decompress().is_some(),
            "dalek accepts it"
        );
        assert_eq!(G::point_from_bytes(&y_plus_p), None, "we do not");
        // Negative zero: the identity's encoding with the sign bit set.
        let mut negative_zero = IDENTITY_ENCODING;
        negative_zero[31] |= 0x80;
        assert_eq!(G::point_from_bytes(&negative_zero), None);
        // Not on the curve (y = 2 has no x).
        let mut two = [0u8; 32];
        two[0] = 2;
        assert_eq!(G::point_from_bytes(&two), None);
    }

    /// The definition the byte checks implement: dalek decodes it and it round-trips.
    fn canonical_by_reencoding(bytes: &[u8; 32]) -> Option<EdwardsPoint> {
        let point = CompressedEdwardsY(*bytes).decompress()?;
        (point.compress().to_bytes() == *bytes).then_some(point)
    }

    #[test]
    fn byte_checks_match_the_reencoding_rule() {
        let p_minus = |k: u8| {
            let mut b = [0xffu8; 32];
            b[31] = 0x7f;
            b[0] = 0xed - k;
            b
        };
        let mut encodings = vec![[0u8; 32], [0xff; 32]];
        for k in 0..=19u8 {
            // p - 1 .. p - 19 and p .. p + 18 (every y ≥ p below 2^255), then with signs.
            encodings.push(p_minus(k.min(18) + 1));
            let mut b = p_minus(0);
            b[0] = 0xed + k.min(18);
            encodings.push(b);
        }
        let mut one = [0u8; 32];
        one[0] = 1;
        encodings.push(one);
        encodings.extend(torsion().iter().map(|t| t.compress().to_bytes()));
        for _ in 0..200 {
            let mut b = [0u8; 32];
            rand::RngCore::fill_bytes(&mut rand::rngs::OsRng, &mut b);
            encodings.push(b);
            encodings.push(
                (EdwardsPoint::mul_base(&Scalar::from_bytes_mod_order(b)))
                    .compress()
                    .to_bytes(),
            );
        }
        let signed: Vec<[u8; 32]> = encodings
            .iter()
            .map(|b| {
                let mut b = *b;
                b[31] ^= 0x80;
                b
            })
            .collect();
        for bytes in encodings.iter().chain(&signed) {
            assert_eq!(
                Ed25519::point_from_bytes(bytes).map(|p| p.compress()),
                canonical_by_reencoding(bytes).map(|p| p.compress()),
                "{bytes:02x?}"
            );
        }
    }

    #[test]
    fn torsion_points_decode_have_small_order_and_vanish_times_eight() {
        let t = torsion();
        for (i, p) in t.iter().enumerate() {
            assert!(!p.is_torsion_free() || *p == G::identity(), "point {i}");
            assert_eq!(p.mul_by_cofactor(), G::identity(), "8 T = 0 for point {i}");
            // Adding torsion changes the encoding but not 8 times the point.
            let q = B * G::random_scalar(&mut OsRng);
            assert_ne!(G::point_to_bytes(&(q + p)), G::point_to_bytes(&q));
            assert_eq!((q + p).mul_by_cofactor(), q.mul_by_cofactor());
        }
        // The seven are distinct and, with the identity, closed under addition.
        let mut all = t.clone();
        all.push(G::identity());
        for a in &all {
            for b in &all {
                assert!(all.contains(&(a + b)));
            }
        }
    }

    /// The group law, exhaustively on small multiples of the basepoint: k·B by repeated
    /// addition equals scalar multiplication, and addition is commutative and associative.
    #[test]
    fn group_law_on_small_multiples() {
        let mut multiples = vec![G::identity()];
        for k in 1..=64u64 {
            let next = multiples[k as usize - 1] + B;
            assert_eq!(next, B * Scalar::from(k), "k = {k}");
            multiples.push(next);
        }
        for i in 0..multiples.len() {
            for j in 0..multiples.len() - i {
                assert_eq!(multiples[i] + multiples[j], multiples[i + j]);
                assert_eq!(multiples[i] + multiples[j], multiples[j] + multiples[i]);
            }
        }
        let (a, b, c) = (B * G::random_scalar(&mut OsRng), multiples[7], torsion()[2]);
        assert_eq!((a + b) + c, a + (b + c));
        assert_eq!(a - a, G::identity());
    }

    #[test]
    fn msm_variants_agree() {
        let n = 40;
        let scalars: Vec<Scalar> = (0..n).map(|_| G::random_scalar(&mut OsRng)).collect();
        let points: Vec<EdwardsPoint> = (0..n).map(|_| B * G::random_scalar(&mut OsRng)).collect();
        let naive = scalars
            .iter()
            .zip(&points)
            .fold(G::identity(), |acc, (s, p)| acc + p * s);
        assert_eq!(G::multiscalar_mul(&scalars, &points), naive);
        assert_eq!(G::vartime_multiscalar_mul(&scalars, &points), naive);
        let table = G::precompute(&points[..30]);
        assert_eq!(
            G::vartime_mixed_multiscalar_mul(&table, &scalars[..30], &scalars[30..], &points[30..]),
            naive
        );
    }
}
