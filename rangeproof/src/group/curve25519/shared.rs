//! What the two curve25519 backends share: `curve25519-dalek`'s scalar field (the same ℓ for
//! ristretto255 and Ed25519), 32-byte encodings, the measured table crossover, and the batch
//! points (the engine's where the CPU has AVX-512 IFMA).

use alloc::vec::Vec;
use core::ops::Add;

use curve25519_dalek::scalar::Scalar;

use super::msm_x8::FixedBase;
use super::{msm, msm_x8, Backend, ExtendedPoint};

/// The [`crate::group::Group`] items of a curve25519 backend that do not depend on its points.
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

        fn invert_fast(f: &super::montgomery::MontScalar) -> super::montgomery::MontScalar {
            f.invert()
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

pub(in crate::group) use curve25519_scalar_items;

/// Largest constant-time MSM handed to curve25519-dalek in one call. Its Straus builds an
/// 8-entry table per point (about 1.3 KB each), so one call over the 52 000 points of a
/// 2^15-gate circuit commitment held 67 MB of tables; chunks of this size cost one extra set of
/// 252 doublings per chunk (under 1 % at this size) and hold 2.6 MB. The chunk boundaries
/// depend only on the length, which is public: still constant-time in the scalars.
pub(in crate::group) const CT_MSM_CHUNK: usize = 2048;

/// `msm` over `CT_MSM_CHUNK`-point chunks, summed.
pub(in crate::group) fn chunked_ct_msm<S, P: core::iter::Sum<P>>(
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

/// A ristretto255 or Ed25519 point as the batch verifier holds it ([`crate::group::Group::BatchPoint`]).
///
/// On CPUs with AVX-512 IFMA every batch point is the engine's: proofs decode sixteen points at a
/// time (`group/curve25519/decompress.rs`) and the batch's MSM is the engine's
/// vector bucket method. Elsewhere they are curve25519-dalek's, whose AVX2 MSM beats the
/// engine's serial one. The two forms meet only if the engine ever refused an encoding that
/// curve25519-dalek accepted (the differential tests and the fuzz target say it does not); the
/// MSM then converts everything to curve25519-dalek's form through the encodings.
#[derive(Clone, Copy, Debug)]
pub enum BatchPoint<P> {
    /// The engine's extended coordinates.
    Engine(ExtendedPoint),
    /// curve25519-dalek's point.
    Dalek(P),
}

/// What ristretto255 and Ed25519 supply for their batch points: the encoding each decoder and
/// the identity test speak. Implemented beside each backend.
pub(in crate::group) trait CurvePoint: Copy + Add<Output = Self> {
    /// curve25519-dalek's decoding (the backend's [`crate::group::Group::point_from_bytes`]).
    fn decode(bytes: &[u8; 32]) -> Option<Self>;
    /// The engine's decoding of the same encodings.
    fn engine_decode(encodings: &[[u8; 32]], backend: Backend) -> Vec<Option<ExtendedPoint>>;
    /// The engine point's encoding in this group.
    fn engine_encode(p: &ExtendedPoint) -> [u8; 32];
    /// Whether the engine point is this group's identity.
    fn engine_is_identity(p: &ExtendedPoint) -> bool;
    /// Whether the point is the identity.
    fn is_identity(&self) -> bool;
    /// curve25519-dalek's variable-time MSM.
    fn vartime_msm(scalars: &[Scalar], points: &[Self]) -> Self;
}

/// Whether batch points are the engine's on this CPU (it has AVX-512 IFMA).
pub(in crate::group) fn engine_batches() -> bool {
    #[cfg(test)]
    if tests::DALEK_FORM.get() {
        return false;
    }
    Backend::detect() == Backend::Ifma
}

pub(in crate::group) fn batch_points_from_bytes<P: CurvePoint>(
    encodings: &[[u8; 32]],
) -> Vec<Option<BatchPoint<P>>> {
    if engine_batches() {
        P::engine_decode(encodings, Backend::Ifma)
            .into_iter()
            .map(|p| p.map(BatchPoint::Engine))
            .collect()
    } else {
        encodings
            .iter()
            .map(|bytes| P::decode(bytes).map(BatchPoint::Dalek))
            .collect()
    }
}

pub(in crate::group) fn batch_point<P: CurvePoint>(
    point: &P,
    encoding: &[u8; 32],
) -> BatchPoint<P> {
    if engine_batches() {
        // One point: the serial decoder (a vector call costs as much for one as for sixteen).
        if let Some(Some(p)) = P::engine_decode(&[*encoding], Backend::Serial).pop() {
            return BatchPoint::Engine(p);
        }
    }
    BatchPoint::Dalek(*point)
}

pub(in crate::group) fn batch_points<P: CurvePoint>(
    points: &[P],
    encodings: &[[u8; 32]],
) -> Vec<BatchPoint<P>> {
    if !engine_batches() {
        return points.iter().map(|p| BatchPoint::Dalek(*p)).collect();
    }
    P::engine_decode(encodings, Backend::Ifma)
        .into_iter()
        .zip(points)
        .map(|(decoded, p)| decoded.map_or(BatchPoint::Dalek(*p), BatchPoint::Engine))
        .collect()
}

pub(in crate::group) fn batch_mul_by_pow_2<P: CurvePoint>(
    p: &BatchPoint<P>,
    k: u32,
    dalek: impl Fn(&P, u32) -> P,
) -> BatchPoint<P> {
    match p {
        BatchPoint::Engine(q) => BatchPoint::Engine((0..k).fold(*q, |q, _| q.double())),
        BatchPoint::Dalek(q) => BatchPoint::Dalek(dalek(q, k)),
    }
}

/// curve25519-dalek's form of a batch point (through its encoding for an engine point).
pub(in crate::group) fn to_dalek<P: CurvePoint>(p: &BatchPoint<P>) -> Option<P> {
    match p {
        BatchPoint::Engine(q) => P::decode(&P::engine_encode(q)),
        BatchPoint::Dalek(q) => Some(*q),
    }
}

pub(in crate::group) fn vartime_batch_msm<P: CurvePoint>(
    scalars: &[Scalar],
    points: &[BatchPoint<P>],
) -> Option<BatchPoint<P>> {
    if points.iter().all(|p| matches!(p, BatchPoint::Engine(_))) {
        // Straight from the batch points to the mixed-addition form the bucket method adds
        // (no copy of the points in between).
        let niels = msm::affine_niels(points.iter().filter_map(|p| match p {
            BatchPoint::Engine(q) => Some(q),
            BatchPoint::Dalek(_) => None,
        }));
        let sum = msm_x8::vartime_msm_niels(scalars, &niels)
            .unwrap_or_else(|| msm::vartime_msm_serial_niels(scalars, &niels));
        return Some(BatchPoint::Engine(sum));
    }
    let dalek: Vec<P> = points.iter().map(to_dalek).collect::<Option<_>>()?;
    Some(BatchPoint::Dalek(P::vartime_msm(scalars, &dalek)))
}

/// The engine points of `points`, or `None` if any is curve25519-dalek's.
fn engine_points<P>(points: &[BatchPoint<P>]) -> Option<Vec<ExtendedPoint>> {
    points
        .iter()
        .map(|p| match p {
            BatchPoint::Engine(q) => Some(*q),
            BatchPoint::Dalek(_) => None,
        })
        .collect()
}

pub(in crate::group) fn batch_precompute<P>(points: &[BatchPoint<P>]) -> Option<FixedBase> {
    FixedBase::new(&engine_points(points)?)
}

pub(in crate::group) fn vartime_batch_mixed_msm<P>(
    table: &FixedBase,
    static_scalars: &[Scalar],
    dynamic_scalars: &[Scalar],
    dynamic_points: &[BatchPoint<P>],
) -> Option<BatchPoint<P>> {
    let dynamic = msm::affine_niels(&engine_points(dynamic_points)?);
    msm_x8::vartime_mixed_niels(table, static_scalars, dynamic_scalars, &dynamic)
        .map(BatchPoint::Engine)
}

pub(in crate::group) fn batch_add<P: CurvePoint>(
    a: &BatchPoint<P>,
    b: &BatchPoint<P>,
) -> Option<BatchPoint<P>> {
    match (a, b) {
        (BatchPoint::Engine(a), BatchPoint::Engine(b)) => Some(BatchPoint::Engine(a.add(b))),
        _ => Some(BatchPoint::Dalek(to_dalek(a)? + to_dalek(b)?)),
    }
}

pub(in crate::group) fn batch_is_identity<P: CurvePoint>(p: &BatchPoint<P>) -> bool {
    match p {
        BatchPoint::Engine(q) => P::engine_is_identity(q),
        BatchPoint::Dalek(q) => q.is_identity(),
    }
}

/// The [`crate::group::Group`] items for batch points of a curve25519 backend whose point type
/// implements [`CurvePoint`].
macro_rules! curve25519_batch_items {
    ($point:ty) => {
        type BatchPoint = super::curve25519::BatchPoint<$point>;

        fn batch_points_from_bytes(encodings: &[[u8; 32]]) -> Vec<Option<Self::BatchPoint>> {
            super::curve25519::batch_points_from_bytes(encodings)
        }

        fn batch_point(point: &$point, encoding: &[u8; 32]) -> Self::BatchPoint {
            super::curve25519::batch_point(point, encoding)
        }

        fn batch_points(points: &[$point], encodings: &[[u8; 32]]) -> Vec<Self::BatchPoint> {
            super::curve25519::batch_points(points, encodings)
        }

        fn point_of_batch(p: &Self::BatchPoint) -> Option<$point> {
            match p {
                super::curve25519::BatchPoint::Dalek(q) => Some(*q),
                super::curve25519::BatchPoint::Engine(_) => None,
            }
        }

        fn point_from_batch(p: &Self::BatchPoint) -> Option<$point> {
            super::curve25519::to_dalek(p)
        }

        fn batch_mul_by_pow_2(p: &Self::BatchPoint, k: u32) -> Self::BatchPoint {
            super::curve25519::batch_mul_by_pow_2(p, k, Self::mul_by_pow_2)
        }

        fn vartime_batch_msm(
            scalars: &[curve25519_dalek::scalar::Scalar],
            points: &[Self::BatchPoint],
        ) -> Option<Self::BatchPoint> {
            super::curve25519::vartime_batch_msm(scalars, points)
        }

        fn batch_add(a: &Self::BatchPoint, b: &Self::BatchPoint) -> Option<Self::BatchPoint> {
            super::curve25519::batch_add(a, b)
        }

        fn batch_is_identity(p: &Self::BatchPoint) -> bool {
            super::curve25519::batch_is_identity(p)
        }

        type BatchPrecomputation = super::curve25519::FixedBase;

        fn batch_precompute(points: &[Self::BatchPoint]) -> Option<super::curve25519::FixedBase> {
            super::curve25519::batch_precompute(points)
        }

        fn vartime_batch_mixed_msm(
            precomputation: &super::curve25519::FixedBase,
            static_scalars: &[curve25519_dalek::scalar::Scalar],
            dynamic_scalars: &[curve25519_dalek::scalar::Scalar],
            dynamic_points: &[Self::BatchPoint],
        ) -> Option<Self::BatchPoint> {
            super::curve25519::vartime_batch_mixed_msm(
                precomputation,
                static_scalars,
                dynamic_scalars,
                dynamic_points,
            )
        }
    };
}

pub(in crate::group) use curve25519_batch_items;

#[cfg(test)]
pub(crate) mod tests {
    use core::cell::Cell;
    use std::sync::Arc;

    use curve25519_dalek::edwards::EdwardsPoint;
    use curve25519_dalek::ristretto::RistrettoPoint;
    use merlin::Transcript;
    use rand::rngs::OsRng;

    use super::*;
    use crate::deployments::{dalek, Dalek, Generators};
    use crate::generators::VectorGens;
    use crate::group::{Ed25519, Group, Ristretto255};
    use crate::{BatchVerifier, RangeProof};

    thread_local! {
        /// Test-only: makes this thread build curve25519-dalek batch points, as a CPU without
        /// AVX-512 IFMA does.
        pub(crate) static DALEK_FORM: Cell<bool> = const { Cell::new(false) };
    }

    /// Runs `f` with this thread building curve25519-dalek batch points.
    pub(crate) fn in_dalek_form<T>(f: impl FnOnce() -> T) -> T {
        DALEK_FORM.set(true);
        let out = f();
        DALEK_FORM.set(false);
        out
    }

    /// The encoding of a batch point in `G`.
    fn encode<G: Group<BatchPoint = BatchPoint<P>, PointEncoding = [u8; 32]>, P: CurvePoint>(
        p: &BatchPoint<P>,
    ) -> [u8; 32] {
        match p {
            BatchPoint::Engine(q) => P::engine_encode(q),
            BatchPoint::Dalek(q) => {
                G::point_to_bytes(&G::point_of_batch(&BatchPoint::Dalek(*q)).unwrap())
            }
        }
    }

    /// Both forms of batch points, and lists mixing them, give the group's own results: the
    /// MSM, sums, doublings and the identity test.
    fn forms_agree<G>(points: Vec<G::Point>)
    where
        G: Group<PointEncoding = [u8; 32], Scalar = Scalar>,
        G: Group<BatchPoint = BatchPoint<<G as Group>::Point>>,
        G::Point: CurvePoint,
    {
        let encodings: Vec<[u8; 32]> = points.iter().map(G::point_to_bytes).collect();
        assert_eq!(G::points_to_bytes(&points), encodings);
        let encoded = crate::group::EncodedPoint::<G>::from_points(&points);
        for ((e, bytes), p) in encoded.iter().zip(&encodings).zip(&points) {
            assert_eq!((e.bytes, e.point().expect("kept")), (*bytes, *p));
        }
        let engine: Vec<BatchPoint<G::Point>> = G::batch_points_from_bytes(&encodings)
            .into_iter()
            .map(|p| p.expect("decodes"))
            .collect();
        let dalek_form: Vec<BatchPoint<G::Point>> = in_dalek_form(|| {
            G::batch_points_from_bytes(&encodings)
                .into_iter()
                .map(|p| p.expect("decodes"))
                .collect()
        });
        assert!(dalek_form.iter().all(|p| matches!(p, BatchPoint::Dalek(_))));
        // Without IFMA both lists are in curve25519-dalek's form, and the mixed list below
        // mixes nothing: say so.
        use crate::group::curve25519::simd_test_support::runs_here;
        if runs_here(Backend::Ifma, "curve25519 forms_agree: engine batch points") {
            assert!(engine.iter().all(|p| matches!(p, BatchPoint::Engine(_))));
        } else {
            assert!(engine.iter().all(|p| matches!(p, BatchPoint::Dalek(_))));
        }
        let mixed: Vec<BatchPoint<G::Point>> = engine
            .iter()
            .zip(&dalek_form)
            .enumerate()
            .map(|(i, (e, d))| if i % 3 == 0 { *d } else { *e })
            .collect();
        let scalars: Vec<Scalar> = (0..points.len())
            .map(|_| G::random_scalar(&mut OsRng))
            .collect();
        let expected = G::point_to_bytes(&G::vartime_multiscalar_mul(&scalars, &points));
        for list in [&engine, &dalek_form, &mixed] {
            let sum = G::vartime_batch_msm(&scalars, list).expect("evaluates");
            assert_eq!(encode::<G, G::Point>(&sum), expected);
            assert_eq!(
                G::batch_is_identity(&sum),
                G::is_identity(&G::vartime_multiscalar_mul(&scalars, &points))
            );
        }
        for (i, p) in points.iter().enumerate() {
            let (e, d) = (engine[i], dalek_form[i]);
            for k in [0, 1, 3] {
                let expected = G::point_to_bytes(&G::mul_by_pow_2(p, k));
                assert_eq!(
                    encode::<G, G::Point>(&G::batch_mul_by_pow_2(&e, k)),
                    expected
                );
                assert_eq!(
                    encode::<G, G::Point>(&G::batch_mul_by_pow_2(&d, k)),
                    expected
                );
            }
            let q = points[(i + 1) % points.len()];
            let expected = G::point_to_bytes(&(*p + q));
            let (e2, d2) = (
                engine[(i + 1) % points.len()],
                dalek_form[(i + 1) % points.len()],
            );
            for (a, b) in [(e, e2), (d, d2), (e, d2), (d, e2)] {
                assert_eq!(
                    encode::<G, G::Point>(&G::batch_add(&a, &b).expect("adds")),
                    expected
                );
            }
            assert_eq!(G::batch_is_identity(&e), G::is_identity(p));
            assert_eq!(G::batch_is_identity(&d), G::is_identity(p));
            // The group's own form: kept in curve25519-dalek's form, decoded for the engine's.
            let decoded = crate::group::EncodedPoint::<G>::decode(&encodings[i]).expect("decodes");
            assert_eq!(decoded.point().expect("decodes"), *p);
        }
    }

    #[test]
    fn ristretto_batch_forms_agree() {
        let mut points: Vec<RistrettoPoint> = (0..40)
            .map(|_| RistrettoPoint::mul_base(&Ristretto255::random_scalar(&mut OsRng)))
            .collect();
        points.push(Ristretto255::identity());
        forms_agree::<Ristretto255>(points);
    }

    #[test]
    fn ed25519_batch_forms_agree_with_torsion() {
        let mut points: Vec<EdwardsPoint> = (0..30)
            .map(|_| EdwardsPoint::mul_base(&Ed25519::random_scalar(&mut OsRng)))
            .collect();
        let torsion = crate::group::ed25519::tests::torsion();
        // Torsion alone and on top of prime-order points: the doublings must clear it.
        points.extend(torsion.iter().copied());
        let first = points[0];
        points.extend(torsion.iter().map(|t| first + t));
        points.push(Ed25519::identity());
        forms_agree::<Ed25519>(points);
    }

    /// Fresh dalek generators, so that their batch copies are built in this test's form.
    fn fresh_generators(bits: usize, parties: usize) -> Generators<Dalek> {
        Generators::new(
            dalek::pedersen_gens(),
            Arc::new(VectorGens::new(bits, parties, dalek::party_share)),
        )
    }

    /// A single verification past the table crossover runs curve25519-dalek's MSM first and
    /// the engine's (over converted generators) from the second on; both accept the proof and
    /// reject it against another commitment.
    #[test]
    fn large_single_verifications_switch_to_batch_form_once() {
        let gens = fresh_generators(64, 4);
        let values = [1u64, 2, u64::MAX, 0];
        let blindings: Vec<Scalar> = values
            .iter()
            .map(|_| Ristretto255::random_scalar(&mut OsRng))
            .collect();
        let (proof, commitments) = RangeProof::prove_multiple(
            &gens,
            &mut Transcript::new(b"large"),
            &values,
            &blindings,
            64,
            &mut OsRng,
        )
        .expect("proves");
        let good: Vec<[u8; 32]> = commitments.iter().map(|c| c.bytes).collect();
        let mut bad = good.clone();
        bad.swap(0, 1);
        let verify = |c: &[[u8; 32]]| {
            proof
                .verify_multiple(&gens, &mut Transcript::new(b"large"), c, 64, &mut OsRng)
                .is_ok()
        };
        assert!(gens.table(64, 4).is_none(), "past the crossover");
        assert!(!verify(&bad), "first: curve25519-dalek's MSM");
        assert!(!gens.vector().batch_ready(4), "nothing converted yet");
        assert!(verify(&good), "second: converts, the engine's MSM");
        assert!(gens.vector().batch_ready(4), "converted");
        assert!(verify(&good));
        assert!(!verify(&bad));
    }

    /// A batch verifies and blames in either form, and with proofs and generators in different
    /// forms (the conversion path).
    #[test]
    fn batches_verify_in_either_form_and_mixed() {
        let prove = |gens: &Generators<Dalek>, values: &[u64]| {
            let blindings: Vec<Scalar> = values
                .iter()
                .map(|_| Ristretto255::random_scalar(&mut OsRng))
                .collect();
            let (proof, commitments) = RangeProof::prove_multiple(
                gens,
                &mut Transcript::new(b"forms"),
                values,
                &blindings,
                8,
                &mut OsRng,
            )
            .expect("proves");
            (
                proof,
                commitments.iter().map(|c| c.bytes).collect::<Vec<_>>(),
            )
        };
        let check = |gens: &Generators<Dalek>,
                     proofs: &[(RangeProof<Ristretto255>, Vec<[u8; 32]>)]| {
            let mut batch = BatchVerifier::new();
            for (k, (proof, commitments)) in proofs.iter().enumerate() {
                // The third proof against the second's commitments: invalid.
                let commitments = if k == 2 { &proofs[1].1 } else { commitments };
                batch.add_bulletproof(
                    gens,
                    proof,
                    &mut Transcript::new(b"forms"),
                    commitments,
                    8,
                    &mut OsRng,
                );
            }
            batch.verify()
        };
        for (proofs_in_dalek_form, gens_in_dalek_form) in
            [(false, false), (true, true), (true, false), (false, true)]
        {
            let gens = fresh_generators(8, 4);
            let make = || {
                vec![
                    prove(&gens, &[1]),
                    prove(&gens, &[2, 255]),
                    prove(&gens, &[0, 7, 9]),
                    prove(&gens, &[200]),
                ]
            };
            let proofs = if proofs_in_dalek_form {
                in_dalek_form(make)
            } else {
                make()
            };
            let result = if gens_in_dalek_form {
                in_dalek_form(|| check(&gens, &proofs))
            } else {
                check(&gens, &proofs)
            };
            assert_eq!(
                result.map_err(|e| e.invalid),
                Err(vec![2]),
                "proofs in dalek form {proofs_in_dalek_form}, generators {gens_in_dalek_form}"
            );
        }
    }
}
