//! Batched point decompression for ristretto255 (RFC 9496) and Ed25519: the serial parts
//! with [`FieldElement`], the expensive step — the exponentiation inside every square root, with
//! the multiplications around it — for the whole batch at once with [`sqrt_ratio_batch`]
//! (sixteen at a time with AVX-512 IFMA, eight with AVX2, chosen by [`Backend::detect`]).
//!
//! Each decoder accepts exactly what its reference accepts: `curve25519-dalek`'s
//! `CompressedRistretto::decompress` (which follows the RFC), and this crate's Ed25519 decoder
//! ([`crate::group::Ed25519`]: on the curve, \\(y < p\\), no negative zero). The differential
//! tests below and the `decompress` fuzz target hold them to it.
//!
//! Acceptance never rests on vector code alone: every root the batch calls a square is checked
//! again serially, \\(v r^2 = u\\) with `fiat-crypto`'s arithmetic (a squaring and a product per
//! accepted point, `checked_sqrt_ratio`), and a disagreement refuses the point. The tests
//! exercise it by making the vector results lie (`tests::fault`).

use super::field::{finish_sqrt_ratio, FieldElement, EDWARDS_D};
use super::field_x8::{sqrt_ratio_batch, Backend};
use super::point::ExtendedPoint;
use alloc::{vec, vec::Vec};

/// What the first serial step leaves for the square root and the second step.
struct Pending {
    /// Index of the encoding in the batch.
    index: usize,
    /// `SQRT_RATIO_M1`'s u and v.
    u: FieldElement,
    v: FieldElement,
    /// Values the second step needs (ristretto: the RFC's s, u1, u2 and v; Ed25519: y).
    extra: [FieldElement; 4],
    /// Ed25519: the sign bit of x.
    sign: bool,
}

/// Runs the batch's square roots and hands every pending encoding its `SQRT_RATIO_M1` result,
/// each root it calls a square re-checked serially ([`checked_sqrt_ratio`]).
fn finish_batch(
    pending: &[Pending],
    backend: Backend,
    mut finish: impl FnMut(&Pending, bool, FieldElement),
) {
    let pairs: Vec<(FieldElement, FieldElement)> = pending.iter().map(|p| (p.u, p.v)).collect();
    #[allow(unused_mut)]
    let mut candidates = sqrt_ratio_batch(&pairs, backend);
    #[cfg(test)]
    tests::fault::inject(&pairs, &mut candidates);
    for (p, (r0, check)) in pending.iter().zip(&candidates) {
        let (square, r) = checked_sqrt_ratio(&p.u, &p.v, r0, check);
        finish(p, square, r);
    }
}

/// [`finish_sqrt_ratio`] on a candidate \((r_0, v r_0^2)\) from [`sqrt_ratio_batch`], with
/// the acceptance re-checked serially: a root called a square is returned as one only if
/// \(v r^2 = u\) holds in `fiat-crypto`'s serial arithmetic (one squaring, one product), so
/// no point is accepted on the vector code's word alone. A candidate that fails the check —
/// which only a fault in the vector arithmetic could produce — is refused, never corrected:
/// `(false, r)`. (Non-squares need no check: they are refused anyway.)
pub(crate) fn checked_sqrt_ratio(
    u: &FieldElement,
    v: &FieldElement,
    r0: &FieldElement,
    check: &FieldElement,
) -> (bool, FieldElement) {
    let (square, r) = finish_sqrt_ratio(u, r0, check);
    if square && !v.mul(&r.square()).equals(u) {
        return (false, r);
    }
    (square, r)
}

/// Decodes ristretto255 encodings (RFC 9496, section 4.3.1), each to a representative in
/// extended coordinates or `None`.
pub fn decompress_ristretto(
    encodings: &[[u8; 32]],
    backend: Backend,
) -> Vec<Option<ExtendedPoint>> {
    let mut out = vec![None; encodings.len()];
    let mut pending = Vec::with_capacity(encodings.len());
    for (index, bytes) in encodings.iter().enumerate() {
        let s = FieldElement::from_bytes_unchecked(bytes);
        // Canonical (below p, top bit clear) and nonnegative, or rejected outright.
        if s.to_bytes() != *bytes || s.is_negative() {
            continue;
        }
        let ss = s.square();
        let u1 = FieldElement::ONE.sub(&ss);
        let u2 = FieldElement::ONE.add(&ss);
        let u2_sqr = u2.square();
        let v = EDWARDS_D.mul(&u1.square()).neg().sub(&u2_sqr);
        pending.push(Pending {
            index,
            u: FieldElement::ONE,
            v: v.mul(&u2_sqr),
            extra: [s, u1, u2, v],
            sign: false,
        });
    }
    finish_batch(&pending, backend, |p, was_square, invsqrt| {
        let [s, u1, u2, v] = p.extra;
        let den_x = invsqrt.mul(&u2);
        let den_y = invsqrt.mul(&den_x).mul(&v);
        let x = s.add(&s).mul(&den_x).abs();
        let y = u1.mul(&den_y);
        let t = x.mul(&y);
        if was_square && !t.is_negative() && !y.is_zero() {
            out[p.index] = Some(ExtendedPoint {
                x,
                y,
                z: FieldElement::ONE,
                t,
            });
        }
    });
    out
}

/// Decodes Ed25519 encodings as [`crate::group::Ed25519`] does: \\(y < p\\) in the low 255
/// bits, the sign of \\(x\\) in the top bit, the point on the curve, and no negative zero
/// (\\(x = 0\\) with the sign bit set).
pub fn decompress_ed25519(encodings: &[[u8; 32]], backend: Backend) -> Vec<Option<ExtendedPoint>> {
    let mut out = vec![None; encodings.len()];
    let mut pending = Vec::with_capacity(encodings.len());
    for (index, bytes) in encodings.iter().enumerate() {
        let y = FieldElement::from_bytes_unchecked(bytes);
        let mut low = *bytes;
        low[31] &= 0x7f;
        if y.to_bytes() != low {
            continue; // y ≥ p
        }
        let yy = y.square();
        let u = yy.sub(&FieldElement::ONE);
        let v = yy.mul(&EDWARDS_D).add(&FieldElement::ONE);
        let zero = FieldElement::ZERO;
        pending.push(Pending {
            index,
            u,
            v,
            extra: [y, zero, zero, zero],
            sign: bytes[31] >> 7 == 1,
        });
    }
    finish_batch(&pending, backend, |p, is_square, x| {
        // x is the nonnegative root; the sign bit picks -x, and -0 is not canonical.
        if !is_square || (p.sign && x.is_zero()) {
            return;
        }
        let x = if p.sign { x.neg() } else { x };
        let y = p.extra[0];
        out[p.index] = Some(ExtendedPoint {
            x,
            y,
            z: FieldElement::ONE,
            t: x.mul(&y),
        });
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::curve25519::field_x8::vector_calls;
    use crate::group::curve25519::simd_test_support::all_backends;
    use crate::group::{Ed25519, Group};
    use curve25519_dalek::ristretto::CompressedRistretto;
    use curve25519_dalek::{EdwardsPoint, RistrettoPoint};
    use proptest::prelude::*;
    use rand::rngs::OsRng;
    use rand::RngCore;

    /// p, little-endian.
    fn p_bytes() -> [u8; 32] {
        let mut p = [0xffu8; 32];
        p[0] = 0xed;
        p[31] = 0x7f;
        p
    }

    /// p + k (k small), little-endian.
    fn p_plus(k: u8) -> [u8; 32] {
        let mut b = p_bytes();
        b[0] += k;
        b
    }

    fn small(k: u8) -> [u8; 32] {
        let mut b = [0u8; 32];
        b[0] = k;
        b
    }

    fn with_top_bit(mut b: [u8; 32]) -> [u8; 32] {
        b[31] |= 0x80;
        b
    }

    /// Field-level edge encodings, each also with the top bit set.
    fn edge_encodings() -> Vec<[u8; 32]> {
        let mut p_minus_1 = p_bytes();
        p_minus_1[0] -= 1;
        let mut p_minus_2 = p_bytes();
        p_minus_2[0] -= 2;
        let base = [
            [0u8; 32],
            small(1),
            small(2),
            small(4),
            p_minus_1,
            p_minus_2,
            p_bytes(),
            p_plus(1),
            p_plus(2),
            p_plus(18),
            [0xff; 32],
        ];
        base.iter().flat_map(|b| [*b, with_top_bit(*b)]).collect()
    }

    fn ristretto_agrees(encodings: &[[u8; 32]]) {
        for backend in all_backends("decompress differential tests") {
            let ours = decompress_ristretto(encodings, backend);
            for (bytes, point) in encodings.iter().zip(&ours) {
                let theirs = CompressedRistretto(*bytes).decompress();
                assert_eq!(
                    point.is_some(),
                    theirs.is_some(),
                    "{bytes:02x?} ({backend:?})"
                );
                if let Some(point) = point {
                    assert!(point.is_valid());
                    assert_eq!(point.to_ristretto_bytes(), *bytes);
                }
            }
        }
    }

    fn ed25519_agrees(encodings: &[[u8; 32]]) {
        for backend in all_backends("decompress differential tests") {
            let ours = decompress_ed25519(encodings, backend);
            for (bytes, point) in encodings.iter().zip(&ours) {
                let theirs = Ed25519::point_from_bytes(bytes);
                assert_eq!(
                    point.is_some(),
                    theirs.is_some(),
                    "{bytes:02x?} ({backend:?})"
                );
                if let (Some(point), Some(theirs)) = (point, theirs) {
                    assert!(point.is_valid());
                    assert_eq!(point.to_ed25519_bytes(), *bytes);
                    assert_eq!(theirs.compress().to_bytes(), *bytes);
                }
            }
        }
    }

    #[test]
    fn ristretto_edges() {
        let mut encodings = edge_encodings();
        // Valid encodings of random points and of the identity, negated s (odd: rejected).
        for _ in 0..40 {
            let mut wide = [0u8; 64];
            OsRng.fill_bytes(&mut wide);
            let scalar = curve25519_dalek::Scalar::from_bytes_mod_order_wide(&wide);
            let bytes = RistrettoPoint::mul_base(&scalar).compress().to_bytes();
            encodings.push(bytes);
            let s = FieldElement::from_bytes_unchecked(&bytes);
            encodings.push(s.neg().to_bytes());
        }
        let before = [Backend::Avx2, Backend::Ifma].map(vector_calls::count);
        ristretto_agrees(&encodings);
        ed25519_agrees(&encodings);
        // The vector decoders really ran wherever this CPU has them.
        for (backend, before) in [Backend::Avx2, Backend::Ifma].into_iter().zip(before) {
            if backend.is_available() {
                assert!(
                    vector_calls::count(backend) > before,
                    "{backend:?} never ran"
                );
            }
        }
        // Every encoding accepted here was checked by re-encoding; make sure some were.
        let accepted = decompress_ristretto(&encodings, Backend::detect());
        assert!(accepted.iter().filter(|p| p.is_some()).count() >= 40);
    }

    #[test]
    fn ed25519_edges() {
        let mut encodings = edge_encodings();
        // The eight small-order points, the identity and (0, -1) with both signs, random
        // points with both signs of x.
        let torsion = curve25519_dalek::constants::EIGHT_TORSION;
        encodings.extend(torsion.iter().map(|p| p.compress().to_bytes()));
        encodings.extend(
            torsion
                .iter()
                .map(|p| with_top_bit(p.compress().to_bytes())),
        );
        for _ in 0..40 {
            let mut seed = [0u8; 32];
            OsRng.fill_bytes(&mut seed);
            let bytes = EdwardsPoint::mul_base_clamped(seed).compress().to_bytes();
            encodings.push(bytes);
            let mut flipped = bytes;
            flipped[31] ^= 0x80;
            encodings.push(flipped);
        }
        ed25519_agrees(&encodings);
        let accepted = decompress_ed25519(&encodings, Backend::detect());
        assert!(accepted.iter().filter(|p| p.is_some()).count() >= 80);
    }

    /// A test hook standing in for a faulty vector unit: while set on this thread, every
    /// candidate [`sqrt_ratio_batch`] returns is replaced by a wrong root whose "check" claims
    /// the square case all the same (\(v r_0^2 = u\), or \(-u\) on every other pair).
    pub(super) mod fault {
        use super::super::FieldElement;
        use std::cell::Cell;

        thread_local! {
            static LYING_CANDIDATES: Cell<bool> = const { Cell::new(false) };
        }

        /// Runs `f` with the fault on.
        pub(in super::super) fn with_lying_candidates<R>(f: impl FnOnce() -> R) -> R {
            LYING_CANDIDATES.with(|c| c.set(true));
            let out = f();
            LYING_CANDIDATES.with(|c| c.set(false));
            out
        }

        pub(in super::super) fn inject(
            pairs: &[(FieldElement, FieldElement)],
            candidates: &mut [(FieldElement, FieldElement)],
        ) {
            if !LYING_CANDIDATES.with(|c| c.get()) {
                return;
            }
            for (i, ((u, _), (r0, check))) in pairs.iter().zip(candidates.iter_mut()).enumerate() {
                *r0 = r0.add(&FieldElement::ONE);
                *check = if i % 2 == 0 { *u } else { u.neg() };
            }
        }
    }

    /// The serial re-check refuses a candidate whose claimed check \(v r_0^2 = \pm u\) is
    /// false, although [`finish_sqrt_ratio`] alone (trusting the vector code's check) would
    /// accept it; and it accepts the true candidate.
    #[test]
    fn serial_recheck_refuses_a_lying_candidate() {
        use super::super::field::sqrt_ratio_candidate;
        let mut accepted = 0;
        for k in 2u8..40 {
            let (u, v) = (
                FieldElement::ONE,
                FieldElement::from_bytes_unchecked(&small(k)),
            );
            let (r0, check) = sqrt_ratio_candidate(&u, &v);
            let (square, r) = checked_sqrt_ratio(&u, &v, &r0, &check);
            assert_eq!((square, r.to_bytes()), {
                let (s, r) = finish_sqrt_ratio(&u, &r0, &check);
                (s, r.to_bytes())
            });
            accepted += square as usize;
            let wrong = r0.add(&FieldElement::ONE);
            for claimed in [u, u.neg()] {
                assert!(
                    finish_sqrt_ratio(&u, &wrong, &claimed).0,
                    "the unchecked path accepts"
                );
                assert!(!checked_sqrt_ratio(&u, &v, &wrong, &claimed).0, "k = {k}");
            }
        }
        assert!(accepted > 5, "some v were squares");
    }

    /// End to end: with every vector result lying (the hook above), both decoders refuse
    /// every valid encoding on every backend — acceptance rests on the serial re-check, which
    /// this shows runs on the decoders' own path — and accept them all again without it.
    #[test]
    fn decoders_refuse_points_when_the_vector_results_lie() {
        let ristretto: Vec<[u8; 32]> = (0..40u64)
            .map(|i| {
                RistrettoPoint::mul_base(&curve25519_dalek::Scalar::from(i + 1))
                    .compress()
                    .to_bytes()
            })
            .collect();
        let edwards: Vec<[u8; 32]> = (0..40u64)
            .map(|i| {
                EdwardsPoint::mul_base(&curve25519_dalek::Scalar::from(i + 1))
                    .compress()
                    .to_bytes()
            })
            .collect();
        for backend in all_backends("decompress differential tests") {
            let honest = (
                decompress_ristretto(&ristretto, backend),
                decompress_ed25519(&edwards, backend),
            );
            assert!(honest.0.iter().chain(&honest.1).all(Option::is_some));
            let lied = fault::with_lying_candidates(|| {
                (
                    decompress_ristretto(&ristretto, backend),
                    decompress_ed25519(&edwards, backend),
                )
            });
            assert!(
                lied.0.iter().chain(&lied.1).all(Option::is_none),
                "{backend:?}: a point was accepted on a wrong root"
            );
        }
    }

    proptest! {
        #[test]
        fn random_encodings_agree(raw in proptest::collection::vec(any::<[u8; 32]>(), 1..40)) {
            ristretto_agrees(&raw);
            ed25519_agrees(&raw);
            // Clearing the top bit and the low bit makes canonical, nonnegative ristretto
            // candidates (about half decode).
            let cleared: Vec<[u8; 32]> = raw.iter().map(|b| {
                let mut b = *b;
                b[0] &= 0xfe;
                b[31] &= 0x7f;
                b
            }).collect();
            ristretto_agrees(&cleared);
        }
    }
}
