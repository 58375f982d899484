//! Prime-order groups: the one abstraction every proof system in this crate is written over.
//!
//! A backend is one file implementing [`Group`] for a unit struct. The protocol code only ever
//! sees `G::Scalar` and `G::Point` with ordinary arithmetic operators, the canonical
//! encodings, and the multiscalar multiplications below; everything curve-specific (point
//! compression, cofactor handling, which MSM algorithm wins at which size) stays in the backend.
//!
//! Two kinds of multiscalar multiplication are offered, and the distinction matters:
//!
//! * [`Group::multiscalar_mul`] runs in time independent of the scalars. The prover uses it for
//!   every commitment that involves a secret (bits of the value, blindings, the folded witness
//!   vectors of the inner-product argument).
//! * [`Group::vartime_multiscalar_mul`] and [`Group::vartime_mixed_multiscalar_mul`] may branch
//!   on the scalars. Only the verifier, and the prover on public data (generator folding),
//!   use them.

// What the curve25519 backends share and their vector engine: the backend's business. The
// crate's own benches and fuzz targets reach the engine's internals through the unstable
// `internals` feature; it is not part of the API.
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod curve25519;
// Without `internals` some of the engine's entry points serve only the benches and fuzz
// targets (unused here), and its `&self` conversions keep the shape they have there.
#[cfg(not(feature = "internals"))]
#[allow(dead_code, clippy::wrong_self_convention)]
pub(crate) mod curve25519;
pub(crate) mod ed25519;
mod error;
pub(crate) mod montgomery;
mod ristretto;
#[cfg(feature = "group-secp256k1")]
pub mod secp256k1;

pub use error::DecodeError;

use alloc::vec::Vec;
use core::fmt::Debug;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use rand_core::{CryptoRng, RngCore};
use subtle::{ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroize;

pub use curve25519::BatchPoint as Curve25519BatchPoint;
pub use ed25519::Ed25519;
pub use ristretto::Ristretto255;
#[cfg(feature = "group-secp256k1")]
pub use secp256k1::Secp256k1;

/// A fixed-length byte encoding, as a group defines it for its points or scalars (`[u8; 32]`
/// for the curve25519 groups; a SEC1-compressed secp256k1 point would be `[u8; 33]`).
///
/// Codecs read one from a byte slice with `TryFrom<&[u8]>` (which checks the length) and write
/// it with `AsRef<[u8]>`.
pub trait Encoding:
    Copy
    + Clone
    + Debug
    + PartialEq
    + Eq
    + core::hash::Hash
    + Send
    + Sync
    + AsRef<[u8]>
    + for<'a> TryFrom<&'a [u8]>
    + 'static
{
    /// Length in bytes.
    const LEN: usize;
}

impl<const N: usize> Encoding for [u8; N] {
    const LEN: usize = N;
}

/// Scaling a vector of scalars by one scalar, `dst[i] = src[i] · factor`: the verifiers'
/// coefficient vectors (product trees, runs of powers) are long runs of it, so a fast form can
/// vectorize it (curve25519's Montgomery form does eight at a time with AVX-512 IFMA,
/// `group/curve25519/scalar_x8.rs`). The default is the plain loop.
pub trait ScaleSlice: Sized + Copy + Mul<Output = Self> {
    /// `dst[i] = src[i] · factor` for every `i` below both lengths.
    fn scale_into(src: &[Self], factor: Self, dst: &mut [Self]) {
        for (d, s) in dst.iter_mut().zip(src) {
            *d = *s * factor;
        }
    }
}

impl ScaleSlice for curve25519_dalek::Scalar {}

impl ScaleSlice for montgomery::MontScalar {
    fn scale_into(src: &[Self], factor: Self, dst: &mut [Self]) {
        curve25519::scalar_x8::scale_into(src, factor, dst, curve25519::Backend::detect());
    }
}

/// The arithmetic of a scalar field, in either of a group's forms ([`Group::Scalar`],
/// [`Group::FastScalar`]): written once, implemented for every type that has it.
pub trait FieldOps:
    Sized
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Neg<Output = Self>
    + AddAssign
    + SubAssign
    + MulAssign
    + From<u64>
{
}

impl<T> FieldOps for T where
    T: Add<Output = T>
        + Sub<Output = T>
        + Mul<Output = T>
        + Neg<Output = T>
        + AddAssign
        + SubAssign
        + MulAssign
        + From<u64>
{
}

/// A prime-order group, with its canonical point and scalar encodings.
pub trait Group: Copy + Clone + Debug + Default + Send + Sync + 'static {
    /// An element of the scalar field, modulo the group order.
    type Scalar: Copy
        + Clone
        + Debug
        + Default
        + PartialEq
        + Eq
        + Send
        + Sync
        + ConstantTimeEq
        + ConditionallySelectable
        + Zeroize
        + FieldOps;

    /// The scalar field in the backend's fastest form for long chains of *public* arithmetic
    /// (verifiers' flattening, challenge products, coefficient vectors): Montgomery form with
    /// fiat-crypto on curve25519 (`MontScalar`), the scalar type itself where
    /// that is already fast. Converted once at the boundaries ([`Group::to_fast`],
    /// [`Group::from_fast`]).
    type FastScalar: Copy + Debug + PartialEq + Send + Sync + FieldOps + ScaleSlice;

    /// A group element.
    type Point: Copy
        + Clone
        + Debug
        + PartialEq
        + Eq
        + Send
        + Sync
        + ConstantTimeEq
        + ConditionallySelectable
        + Zeroize
        + Add<Output = Self::Point>
        + Sub<Output = Self::Point>
        + Neg<Output = Self::Point>
        + AddAssign
        + SubAssign
        + Mul<Self::Scalar, Output = Self::Point>;

    /// The canonical encoding of a point.
    type PointEncoding: Encoding;

    /// The canonical encoding of a scalar.
    type ScalarEncoding: Encoding;

    /// Precomputed tables for a fixed list of points, for variable-time MSMs against them.
    type Precomputation: Send + Sync;

    /// Short name used in documents and error messages, e.g. `"ristretto255"`.
    const NAME: &'static str;

    /// Above this many points, a precomputed-table MSM loses to Pippenger on this backend
    /// (its tables stop fitting in cache). Measured, see `BENCHMARKS.md`.
    const PRECOMPUTATION_CROSSOVER: usize;

    /// Whether a batch whose fixed points are all one generator set's multiplies them with
    /// that set's precomputed tables, as a single verification does, leaving the choice of
    /// method to [`Group::vartime_mixed_multiscalar_mul`]'s cost model (secp256k1: a block's
    /// few MWEB or Grin outputs are mostly fixed points). Off by default: a backend whose
    /// mixed multiplication is not tuned for many dynamic points keeps its batch MSM.
    const BATCH_WITH_TABLES: bool = false;

    /// The neutral element.
    fn identity() -> Self::Point;

    /// The scalar 0.
    fn zero() -> Self::Scalar {
        Self::Scalar::from(0u64)
    }

    /// The scalar 1.
    fn one() -> Self::Scalar {
        Self::Scalar::from(1u64)
    }

    /// A scalar in the fast form.
    fn to_fast(s: &Self::Scalar) -> Self::FastScalar;

    /// A fast-form scalar back as a scalar.
    fn from_fast(f: &Self::FastScalar) -> Self::Scalar;

    /// Multiplicative inverse; maps 0 to 0 (callers check for zero where it matters).
    fn invert(s: &Self::Scalar) -> Self::Scalar;

    /// Inverts a scalar in the fast form (zero for zero): by default through the group's own
    /// form; curve25519's Montgomery form inverts in place.
    fn invert_fast(f: &Self::FastScalar) -> Self::FastScalar {
        Self::to_fast(&Self::invert(&Self::from_fast(f)))
    }

    /// Inverts every element in place with one field inversion (Montgomery's trick) and
    /// returns the inverse of the product. Inputs must be non-zero.
    fn batch_invert(scalars: &mut [Self::Scalar]) -> Self::Scalar;

    /// A uniformly random scalar.
    fn random_scalar<R: RngCore + CryptoRng>(rng: &mut R) -> Self::Scalar {
        let mut wide = [0u8; 64];
        rng.fill_bytes(&mut wide);
        let s = Self::scalar_from_bytes_wide(&wide);
        wide.zeroize();
        s
    }

    /// Reduces 64 uniformly random bytes to a scalar.
    fn scalar_from_bytes_wide(bytes: &[u8; 64]) -> Self::Scalar;

    /// Decodes a canonical scalar encoding (the value must be below the group order).
    fn scalar_from_canonical_bytes(bytes: &Self::ScalarEncoding) -> Option<Self::Scalar>;

    /// The canonical encoding of a scalar.
    fn scalar_to_bytes(s: &Self::Scalar) -> Self::ScalarEncoding;

    /// Decodes a canonical point encoding; `None` for anything else.
    fn point_from_bytes(bytes: &Self::PointEncoding) -> Option<Self::Point>;

    /// The canonical encoding of a point.
    fn point_to_bytes(p: &Self::Point) -> Self::PointEncoding;

    /// The canonical encodings of many points (sharing their field inversions where the
    /// backend can).
    fn points_to_bytes(points: &[Self::Point]) -> Vec<Self::PointEncoding> {
        points.iter().map(Self::point_to_bytes).collect()
    }

    /// Whether `bytes` is the canonical encoding of the identity (no decoding needed).
    fn is_identity_encoding(bytes: &Self::PointEncoding) -> bool;

    /// Whether the point is the neutral element.
    fn is_identity(p: &Self::Point) -> bool {
        bool::from(p.ct_eq(&Self::identity()))
    }

    /// \\(2^k P\\) by `k` point doublings.
    ///
    /// This is *not* `p * Scalar::from(1 << k)`: a scalar is reduced modulo the prime order
    /// \\(\ell\\), so on a group with a cofactor (Ed25519: \\(8\ell\\) points) a scalar
    /// multiplication leaves a small-order component of `p` multiplied by the reduced integer,
    /// while doubling multiplies the whole point by the integer \\(2^k\\). With \\(2^k\\) the
    /// cofactor, doubling clears any small-order component, as deployed verifiers do.
    fn mul_by_pow_2(p: &Self::Point, k: u32) -> Self::Point {
        let mut q = *p;
        for _ in 0..k {
            q = q + q;
        }
        q
    }

    /// Constant-time \\( \sum_i s_i P_i \\): safe for secret scalars.
    fn multiscalar_mul(scalars: &[Self::Scalar], points: &[Self::Point]) -> Self::Point;

    /// Variable-time \\( \sum_i s_i P_i \\) for public scalars; picks Straus or Pippenger.
    fn vartime_multiscalar_mul(scalars: &[Self::Scalar], points: &[Self::Point]) -> Self::Point;

    /// A point as the verifier's large multiscalar multiplications take it (batches, and single
    /// proofs past the table crossover). On curve25519 with AVX-512 IFMA it is our engine's
    /// (the curve25519 engine, `group/curve25519/`: sixteen encodings decoded at a time, a vector bucket method); elsewhere
    /// the group's own point.
    type BatchPoint: Copy + Debug + Send + Sync;

    /// Decodes every encoding into a batch point, or `None` where [`Group::point_from_bytes`]
    /// rejects it (exactly the same encodings), all at once.
    fn batch_points_from_bytes(encodings: &[Self::PointEncoding]) -> Vec<Option<Self::BatchPoint>>;

    /// The batch form of `point`, whose canonical encoding is `encoding`.
    fn batch_point(point: &Self::Point, encoding: &Self::PointEncoding) -> Self::BatchPoint;

    /// The batch forms of many points, given their encodings (decoded together where the
    /// batch form comes from decoding).
    fn batch_points(
        points: &[Self::Point],
        encodings: &[Self::PointEncoding],
    ) -> Vec<Self::BatchPoint> {
        points
            .iter()
            .zip(encodings)
            .map(|(p, e)| Self::batch_point(p, e))
            .collect()
    }

    /// The batch forms of points computed by a verifier (no encodings at hand): by default
    /// encoded and converted; a group whose batch form is its own point overrides it (no
    /// encoding, which on secp256k1 costs a square-root test per point).
    fn batch_points_of(points: &[Self::Point]) -> Vec<Self::BatchPoint> {
        Self::batch_points(points, &Self::points_to_bytes(points))
    }

    /// The group point of a batch point, where the batch form carries one (`None` for the
    /// engine's points: [`EncodedPoint::point`] then decodes the bytes).
    fn point_of_batch(p: &Self::BatchPoint) -> Option<Self::Point>;

    /// The group point of any batch point: [`Group::point_of_batch`], else through the
    /// encoding (`None` only if that fails to decode, which the engine's encodings never do).
    fn point_from_batch(p: &Self::BatchPoint) -> Option<Self::Point>;

    /// \\(2^k P\\) in batch form, by doublings (see [`Group::mul_by_pow_2`]).
    fn batch_mul_by_pow_2(p: &Self::BatchPoint, k: u32) -> Self::BatchPoint;

    /// Variable-time \\( \sum_i s_i P_i \\) over batch points, one thread; `None` only when
    /// the points cannot be brought to one form (the caller rejects).
    fn vartime_batch_msm(
        scalars: &[Self::Scalar],
        points: &[Self::BatchPoint],
    ) -> Option<Self::BatchPoint>;

    /// The sum of two batch points (`None` as for [`Group::vartime_batch_msm`]).
    fn batch_add(a: &Self::BatchPoint, b: &Self::BatchPoint) -> Option<Self::BatchPoint>;

    /// Whether a batch point is the neutral element.
    fn batch_is_identity(p: &Self::BatchPoint) -> bool;

    /// Tables over a fixed list of batch points, for [`Group::vartime_batch_mixed_msm`].
    type BatchPrecomputation: Send + Sync;

    /// Builds tables over fixed batch points, or `None` where this backend has none that pay
    /// (the plain [`Group::vartime_batch_msm`] serves instead): on curve25519 with AVX-512
    /// IFMA, copies of every point that let the engine's bucket method take all of a scalar's
    /// windows in one pass.
    fn batch_precompute(points: &[Self::BatchPoint]) -> Option<Self::BatchPrecomputation>;

    /// Variable-time \\( \sum_i b_i B_i + \sum_j a_j A_j \\) where the \\(B_i\\) are the
    /// precomputed batch points (`static_scalars` may be shorter than the table; the rest count
    /// as 0); `None` when the dynamic points are not in the table's form (the caller uses
    /// [`Group::vartime_batch_msm`]).
    fn vartime_batch_mixed_msm(
        precomputation: &Self::BatchPrecomputation,
        static_scalars: &[Self::Scalar],
        dynamic_scalars: &[Self::Scalar],
        dynamic_points: &[Self::BatchPoint],
    ) -> Option<Self::BatchPoint>;

    /// Builds tables for a fixed list of points.
    fn precompute(points: &[Self::Point]) -> Self::Precomputation;

    /// Variable-time \\( \sum_i b_i B_i + \sum_j a_j A_j \\) where the \\(B_i\\) are the
    /// precomputed points (`static_scalars` may be shorter than the table; the rest count as 0).
    fn vartime_mixed_multiscalar_mul(
        precomputation: &Self::Precomputation,
        static_scalars: &[Self::Scalar],
        dynamic_scalars: &[Self::Scalar],
        dynamic_points: &[Self::Point],
    ) -> Self::Point;
}

/// A point together with the canonical encoding it was decoded from (or encoded to).
///
/// Proofs carry both: the transcript absorbs the bytes, the verification equation uses the
/// point, and neither is recomputed. The point is held in the form the verifier's large
/// multiscalar multiplications take ([`Group::BatchPoint`]); a decoded point may lack the
/// group's own form, which [`EncodedPoint::point`] then decodes on demand (on curve25519 with
/// AVX-512 IFMA, proofs decode sixteen points at a time into the engine's form, and only a
/// single verification with precomputed tables asks for curve25519-dalek's).
#[derive(Clone, Copy, Debug)]
pub struct EncodedPoint<G: Group> {
    /// The canonical encoding.
    pub bytes: G::PointEncoding,
    /// The group element, where known.
    point: Option<G::Point>,
    /// The group element in batch form.
    batch: G::BatchPoint,
}

impl<G: Group> PartialEq for EncodedPoint<G> {
    /// Encodings are canonical: equal bytes are equal points.
    fn eq(&self, other: &Self) -> bool {
        self.bytes == other.bytes
    }
}

impl<G: Group> Eq for EncodedPoint<G> {}

impl<G: Group> EncodedPoint<G> {
    /// Encodes a point.
    pub fn from_point(point: G::Point) -> Self {
        let bytes = G::point_to_bytes(&point);
        EncodedPoint {
            bytes,
            point: Some(point),
            batch: G::batch_point(&point, &bytes),
        }
    }

    /// Encodes many points (sharing work where the group can).
    pub fn from_points(points: &[G::Point]) -> Vec<Self> {
        let encodings = G::points_to_bytes(points);
        let batch = G::batch_points(points, &encodings);
        points
            .iter()
            .zip(encodings)
            .zip(batch)
            .map(|((point, bytes), batch)| EncodedPoint {
                bytes,
                point: Some(*point),
                batch,
            })
            .collect()
    }

    /// Decodes a canonical encoding.
    pub fn decode(bytes: &G::PointEncoding) -> Result<Self, DecodeError> {
        let mut decoded = Self::decode_all(core::slice::from_ref(bytes))?;
        decoded.pop().ok_or(DecodeError::InvalidPoint)
    }

    /// Decodes canonical encodings all at once (vectorized where the group can), failing on
    /// the first invalid one.
    pub fn decode_all(encodings: &[G::PointEncoding]) -> Result<Vec<Self>, DecodeError> {
        G::batch_points_from_bytes(encodings)
            .into_iter()
            .zip(encodings)
            .map(|(batch, bytes)| {
                let batch = batch.ok_or(DecodeError::InvalidPoint)?;
                Ok(EncodedPoint::from_decoded(*bytes, batch))
            })
            .collect()
    }

    /// A point decoded elsewhere in batch form (the codecs decode a proof's points together).
    pub(crate) fn from_decoded(bytes: G::PointEncoding, batch: G::BatchPoint) -> Self {
        EncodedPoint {
            bytes,
            point: G::point_of_batch(&batch),
            batch,
        }
    }

    /// The group element in the group's own form: kept, or decoded from the bytes (which were
    /// validated when this was built, so the error is unreachable in practice).
    pub fn point(&self) -> Result<G::Point, DecodeError> {
        match self.point {
            Some(point) => Ok(point),
            None => G::point_from_bytes(&self.bytes).ok_or(DecodeError::InvalidPoint),
        }
    }

    /// The group element in the group's own form, if kept (no decoding).
    pub(crate) fn point_if_known(&self) -> Option<G::Point> {
        self.point
    }

    /// The group element in batch form.
    pub fn batch_point(&self) -> G::BatchPoint {
        self.batch
    }
}

/// A statement's commitments: decoded, or (in a batch) encodings that the batch decodes with
/// those of the other proofs of its chunk, sixteen at a time (transcripts absorb the bytes
/// alone; a deployment that computes with the points, Monero's \\(8^{-1} C\\), decodes them at
/// once). An encoding that does not decode rejects the proof when its equation is formed.
// Hidden: public only because the sealed convention traits' hidden `statement` steps take it
// (`deployments/convention.rs`); no caller names it.
#[derive(Clone, Debug)]
#[doc(hidden)]
pub enum Commitments<G: Group> {
    Decoded(Vec<EncodedPoint<G>>),
    Encoded(Vec<G::PointEncoding>),
}

impl<G: Group> Commitments<G> {
    /// How many commitments.
    pub(crate) fn len(&self) -> usize {
        match self {
            Commitments::Decoded(points) => points.len(),
            Commitments::Encoded(bytes) => bytes.len(),
        }
    }

    /// The encodings, in order.
    pub(crate) fn encodings(&self) -> impl Iterator<Item = G::PointEncoding> + '_ {
        (0..self.len()).map(move |i| match self {
            Commitments::Decoded(points) => points[i].bytes,
            Commitments::Encoded(bytes) => bytes[i],
        })
    }

    /// The decoded commitments (borrowed, or decoded now if they were left encoded).
    pub(crate) fn decoded(&self) -> Result<alloc::borrow::Cow<'_, [EncodedPoint<G>]>, DecodeError> {
        match self {
            Commitments::Decoded(points) => Ok(points.into()),
            Commitments::Encoded(bytes) => EncodedPoint::decode_all(bytes).map(Into::into),
        }
    }

    /// The encodings a batch should decode for the equation (none if decoded already).
    pub(crate) fn to_decode(&self) -> &[G::PointEncoding] {
        match self {
            Commitments::Decoded(_) => &[],
            Commitments::Encoded(bytes) => bytes,
        }
    }
}

/// Decodes a canonical scalar encoding or fails with [`DecodeError::NonCanonicalScalar`].
pub(crate) fn decode_scalar<G: Group>(bytes: &G::ScalarEncoding) -> Result<G::Scalar, DecodeError> {
    G::scalar_from_canonical_bytes(bytes).ok_or(DecodeError::NonCanonicalScalar)
}
