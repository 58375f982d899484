//! What the two curve25519 backends share: `curve25519-dalek`'s scalar field (the same ℓ for
//! ristretto255 and Ed25519), 32-byte encodings, and the measured table crossover.

/// The [`super::Group`] items of a curve25519 backend that do not depend on its points.
macro_rules! curve25519_scalar_items {
    () => {
        type Scalar = curve25519_dalek::scalar::Scalar;
        type FastScalar = super::montgomery::MontScalar;

        fn to_fast(s: &curve25519_dalek::scalar::Scalar) -> super::montgomery::MontScalar {
            (*s).into()
        }

        fn from_fast(f: &super::montgomery::MontScalar) -> curve25519_dalek::scalar::Scalar {
            (*f).into()
        }
        type PointEncoding = [u8; 32];
        type ScalarEncoding = [u8; 32];

        // Measured with `cargo bench --bench versus_reference -- crossover_` on the IFMA
        // backend (BENCHMARKS.md): with 17 dynamic points, tables take 0.64x the plain MSM's
        // time at 130 fixed points, break even at 258 (0.98x-1.06x across runs), and lose ever
        // more beyond (1.5x at 514: their memory leaves the cache). Ristretto and Edwards
        // points share the field arithmetic and MSM code, so the figure serves both.
        const PRECOMPUTATION_CROSSOVER: usize = 256;

        fn invert(s: &curve25519_dalek::scalar::Scalar) -> curve25519_dalek::scalar::Scalar {
            s.invert()
        }

        fn batch_invert(
            scalars: &mut [curve25519_dalek::scalar::Scalar],
        ) -> curve25519_dalek::scalar::Scalar {
            curve25519_dalek::scalar::Scalar::invert_batch_alloc(scalars)
        }

        fn scalar_from_bytes_wide(bytes: &[u8; 64]) -> curve25519_dalek::scalar::Scalar {
            curve25519_dalek::scalar::Scalar::from_bytes_mod_order_wide(bytes)
        }

        fn scalar_from_canonical_bytes(
            bytes: &[u8; 32],
        ) -> Option<curve25519_dalek::scalar::Scalar> {
            curve25519_dalek::scalar::Scalar::from_canonical_bytes(*bytes).into()
        }

        fn scalar_to_bytes(s: &curve25519_dalek::scalar::Scalar) -> [u8; 32] {
            s.to_bytes()
        }
    };
}

pub(super) use curve25519_scalar_items;

/// Largest constant-time MSM handed to curve25519-dalek in one call. Its Straus builds an
/// 8-entry table per point (about 1.3 KB each), so one call over the 52 000 points of a
/// 2^15-gate circuit commitment held 67 MB of tables; chunks of this size cost one extra set of
/// 252 doublings per chunk (under 1 % at this size) and hold 2.6 MB. The chunk boundaries
/// depend only on the length, which is public: still constant-time in the scalars.
pub(super) const CT_MSM_CHUNK: usize = 2048;

/// `msm` over `CT_MSM_CHUNK`-point chunks, summed.
pub(super) fn chunked_ct_msm<S, P: core::iter::Sum<P>>(
    scalars: &[S],
    points: &[P],
    msm: impl Fn(&[S], &[P]) -> P,
) -> P {
    if scalars.len() <= CT_MSM_CHUNK {
        return msm(scalars, points);
    }
    scalars
        .chunks(CT_MSM_CHUNK)
        .zip(points.chunks(CT_MSM_CHUNK))
        .map(|(s, p)| msm(s, p))
        .sum()
}
