//! The ristretto255 backend (RFC 9496), on `curve25519-dalek`.
//!
//! Ristretto encodes a prime-order group, so there is no cofactor to clear: decoding a
//! canonical 32-byte string yields a group element or fails.

use alloc::vec::Vec;
use curve25519_dalek::ristretto::{
    CompressedRistretto, RistrettoPoint, VartimeRistrettoPrecomputation,
};
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::{
    Identity, MultiscalarMul, VartimeMultiscalarMul, VartimePrecomputedMultiscalarMul,
};

use super::curve25519::{self as engine, Backend, ExtendedPoint};
use super::Group;

/// The ristretto255 group.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ristretto255;

impl Group for Ristretto255 {
    super::curve25519::curve25519_scalar_items!();
    super::curve25519::curve25519_batch_items!(RistrettoPoint);
    type Point = RistrettoPoint;
    type Precomputation = VartimeRistrettoPrecomputation;

    const NAME: &'static str = "ristretto255";

    fn identity() -> RistrettoPoint {
        RistrettoPoint::identity()
    }

    fn point_from_bytes(bytes: &[u8; 32]) -> Option<RistrettoPoint> {
        // `decompress` rejects every non-canonical encoding (RFC 9496, section 4.3.1).
        CompressedRistretto(*bytes).decompress()
    }

    fn point_to_bytes(p: &RistrettoPoint) -> [u8; 32] {
        p.compress().to_bytes()
    }

    fn is_identity_encoding(bytes: &[u8; 32]) -> bool {
        // The identity's only canonical Ristretto encoding is all zeros.
        *bytes == [0u8; 32]
    }

    fn multiscalar_mul(scalars: &[Scalar], points: &[RistrettoPoint]) -> RistrettoPoint {
        debug_assert_eq!(scalars.len(), points.len());
        // dalek's `MultiscalarMul` is constant-time Straus; chunked to bound its tables.
        super::curve25519::chunked_ct_msm(scalars, points, |s, p| {
            RistrettoPoint::multiscalar_mul(s, p)
        })
    }

    fn vartime_multiscalar_mul(scalars: &[Scalar], points: &[RistrettoPoint]) -> RistrettoPoint {
        debug_assert_eq!(scalars.len(), points.len());
        // dalek switches from Straus to Pippenger at 190 points.
        RistrettoPoint::vartime_multiscalar_mul(scalars, points)
    }

    fn precompute(points: &[RistrettoPoint]) -> VartimeRistrettoPrecomputation {
        VartimeRistrettoPrecomputation::new(points)
    }

    fn vartime_mixed_multiscalar_mul(
        precomputation: &VartimeRistrettoPrecomputation,
        static_scalars: &[Scalar],
        dynamic_scalars: &[Scalar],
        dynamic_points: &[RistrettoPoint],
    ) -> RistrettoPoint {
        debug_assert!(static_scalars.len() <= precomputation.len());
        debug_assert_eq!(dynamic_scalars.len(), dynamic_points.len());
        precomputation.vartime_mixed_multiscalar_mul(
            static_scalars,
            dynamic_scalars,
            dynamic_points,
        )
    }
}

impl Ristretto255 {
    /// Whether [`Self::batch_points_from_uniform_bytes`] answers on this CPU (batch points are
    /// the engine's: it has AVX-512 IFMA).
    pub(crate) fn batch_points_from_uniform_bytes_available() -> bool {
        super::curve25519::engine_batches()
    }

    /// `RistrettoPoint::from_uniform_bytes` of every input in batch form, by the engine's own
    /// map (`group/curve25519/elligator.rs`; no `curve25519-dalek` point is built), or `None` where
    /// batch points are not the engine's.
    pub(crate) fn batch_points_from_uniform_bytes(
        wide: &[[u8; 64]],
    ) -> Option<Vec<super::curve25519::BatchPoint<RistrettoPoint>>> {
        Self::batch_points_from_uniform_bytes_available().then(|| {
            engine::elligator::ristretto_from_uniform_bytes(wide, Backend::Ifma)
                .into_iter()
                .map(super::curve25519::BatchPoint::Engine)
                .collect()
        })
    }
}

impl super::curve25519::CurvePoint for RistrettoPoint {
    fn decode(bytes: &[u8; 32]) -> Option<RistrettoPoint> {
        Ristretto255::point_from_bytes(bytes)
    }

    fn engine_decode(encodings: &[[u8; 32]], backend: Backend) -> Vec<Option<ExtendedPoint>> {
        engine::decompress_ristretto(encodings, backend)
    }

    fn engine_encode(p: &ExtendedPoint) -> [u8; 32] {
        p.to_ristretto_bytes()
    }

    fn engine_is_identity(p: &ExtendedPoint) -> bool {
        p.is_ristretto_identity()
    }

    fn is_identity(&self) -> bool {
        Ristretto255::is_identity(self)
    }

    fn vartime_msm(scalars: &[Scalar], points: &[RistrettoPoint]) -> RistrettoPoint {
        Ristretto255::vartime_multiscalar_mul(scalars, points)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::OsRng;

    type G = Ristretto255;

    #[test]
    fn encodings_round_trip_and_reject_non_canonical() {
        let p = RistrettoPoint::mul_base(&G::random_scalar(&mut OsRng));
        assert_eq!(G::point_from_bytes(&G::point_to_bytes(&p)), Some(p));
        let s = G::random_scalar(&mut OsRng);
        assert_eq!(
            G::scalar_from_canonical_bytes(&G::scalar_to_bytes(&s)),
            Some(s)
        );
        // 2^255 - 1 is above the group order and not a valid Ristretto encoding.
        let mut high = [0xffu8; 32];
        assert_eq!(G::scalar_from_canonical_bytes(&high), None);
        assert_eq!(G::point_from_bytes(&high), None);
        high[31] = 0x7f;
        assert_eq!(G::point_from_bytes(&high), None);
        assert!(G::is_identity_encoding(&G::point_to_bytes(&G::identity())));
        assert!(!G::is_identity_encoding(&G::point_to_bytes(&p)));
    }

    #[test]
    fn msm_variants_agree() {
        let n = 40;
        let scalars: Vec<Scalar> = (0..n).map(|_| G::random_scalar(&mut OsRng)).collect();
        let points: Vec<RistrettoPoint> = (0..n)
            .map(|_| RistrettoPoint::mul_base(&G::random_scalar(&mut OsRng)))
            .collect();
        let naive = scalars
            .iter()
            .zip(&points)
            .fold(G::identity(), |acc, (s, p)| acc + p * s);
        assert_eq!(G::multiscalar_mul(&scalars, &points), naive);
        assert_eq!(G::vartime_multiscalar_mul(&scalars, &points), naive);
        let table = G::precompute(&points[..30]);
        let mixed =
            G::vartime_mixed_multiscalar_mul(&table, &scalars[..30], &scalars[30..], &points[30..]);
        assert_eq!(mixed, naive);
        // A shorter static scalar list treats the remaining table points as weight 0.
        let prefix = G::vartime_mixed_multiscalar_mul(&table, &scalars[..10], &[], &[]);
        assert_eq!(
            prefix,
            G::vartime_multiscalar_mul(&scalars[..10], &points[..10])
        );
    }

    #[test]
    fn batch_invert_matches_single_inversions() {
        let mut xs: Vec<Scalar> = (1..20u64).map(Scalar::from).collect();
        let expected: Vec<Scalar> = xs.iter().map(Scalar::invert).collect();
        let all = G::batch_invert(&mut xs);
        assert_eq!(xs, expected);
        assert_eq!(all, expected.iter().product::<Scalar>());
    }
}
