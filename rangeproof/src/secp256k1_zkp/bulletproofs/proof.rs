//! The byte format of secp256k1-zkp's Bulletproofs.
//!
//! ```text
//! −τx (32) ‖ −μ (32)
//! ‖ signs(A, S, T1, T2) (1 byte, bit i set: point i is the non-residue root)
//! ‖ x(A) ‖ x(S) ‖ x(T1) ‖ x(T2)                                   (4 × 32)
//! ‖ t (32) ‖ a1 ‖ a2 ‖ b1 ‖ b2                                       (5 × 32)
//! ‖ signs(L0, R0, …, L(k−1), R(k−1)) (⌈2k/8⌉ bytes)
//! ‖ x(L0) ‖ x(R0) ‖ … ‖ x(L(k−1)) ‖ x(R(k−1))                        (2k × 32)
//! ```
//!
//! with \\(k = \log_2(nm) - 1\\) rounds (the inner-product argument stops at two-element
//! vectors): 675 bytes for one 64-bit value. Scalars are big-endian; \\(\tau_x, \mu, t\\) and the
//! four final scalars must be below the group order and non-zero.
//!
//! Accepted exactly as the C verifier accepts them, which is looser than canonical in two
//! places: sign bits past the last point are ignored, and an \\(x\\) coordinate at or above
//! \\(p\\) is read modulo \\(p\\) (the C code ignores `fe_set_b32`'s overflow flag for proof
//! points). Neither lets a valid proof say anything new: re-encoding writes zero padding bits
//! and reduced coordinates.

use crate::DecodeError;
use k256::Scalar;

use super::transcript::XOnlyPoint;
use crate::group::{Group, Secp256k1};
use crate::ProofError;

/// A decoded secp256k1-zkp Bulletproof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrinRangeProof {
    /// \\(-\tau_x\\) as stored.
    pub(crate) neg_tau_x: Scalar,
    /// \\(-\mu\\) as stored.
    pub(crate) neg_mu: Scalar,
    pub(crate) a: XOnlyPoint,
    pub(crate) s: XOnlyPoint,
    pub(crate) t1: XOnlyPoint,
    pub(crate) t2: XOnlyPoint,
    /// \\(t = \langle \mathbf l, \mathbf r \rangle\\).
    pub(crate) t: Scalar,
    /// \\(a_1, a_2, b_1, b_2\\).
    pub(crate) ab: [Scalar; 4],
    /// \\((L_i, R_i)\\) per round.
    pub(crate) lr: Vec<(XOnlyPoint, XOnlyPoint)>,
}

/// Bytes before the inner-product argument: two scalars, one sign byte, four abscissas.
pub(crate) const HEADER_LEN: usize = 64 + 1 + 128;

/// Inner-product rounds for an aggregated length `nm` (a power of two, at least 2).
pub fn rounds(nm: usize) -> usize {
    nm.trailing_zeros() as usize - 1
}

/// Proof size in bytes for `bits`-bit proofs of `m` values (`bits · m` a power of two ≥ 2).
pub fn proof_len(bits: usize, m: usize) -> usize {
    let k = rounds(bits * m);
    HEADER_LEN + 5 * 32 + (2 * k).div_ceil(8) + 64 * k
}

/// A canonical, non-zero big-endian scalar (what the C code requires of τx, μ, t, a, b).
pub(crate) fn scalar_nonzero(bytes: &[u8]) -> Result<Scalar, ProofError> {
    let arr: [u8; 32] = bytes
        .try_into()
        .map_err(|_| ProofError::Decode(DecodeError::InvalidLength(bytes.len())))?;
    let s = Secp256k1::scalar_from_canonical_bytes(&arr).ok_or(DecodeError::NonCanonicalScalar)?;
    if bool::from(s.is_zero()) {
        return Err(DecodeError::NonCanonicalScalar.into());
    }
    Ok(s)
}

/// Point `i` of a run of x-only points: its abscissa and sign bit, for
/// [`XOnlyPoint::decode_all`].
fn x_at(bytes: &[u8], signs: &[u8], i: usize) -> ([u8; 32], bool) {
    let mut x = [0u8; 32];
    x.copy_from_slice(&bytes[32 * i..32 * (i + 1)]);
    (x, signs[i / 8] & (1 << (i % 8)) != 0)
}

impl GrinRangeProof {
    /// Decodes a proof of `bits · m` aggregated bits (a power of two ≥ 2): the length must be
    /// exactly [`proof_len`].
    pub fn from_bytes(bytes: &[u8], nm: usize) -> Result<Self, ProofError> {
        if nm < 2 || !nm.is_power_of_two() {
            return Err(DecodeError::InvalidLength(bytes.len()).into());
        }
        let k = rounds(nm);
        let sign_len = (2 * k).div_ceil(8);
        if bytes.len() != HEADER_LEN + 160 + sign_len + 64 * k {
            return Err(DecodeError::InvalidLength(bytes.len()).into());
        }
        let neg_tau_x = scalar_nonzero(&bytes[0..32])?;
        let neg_mu = scalar_nonzero(&bytes[32..64])?;
        let signs = &bytes[64..65];
        let xs = &bytes[65..HEADER_LEN];
        // A, S, T1, T2, then the L_i, R_i: decoded together (their square roots share vector
        // calls).
        let mut encoded: Vec<([u8; 32], bool)> = (0..4).map(|i| x_at(xs, signs, i)).collect();
        let ipp = &bytes[HEADER_LEN..];
        let t = scalar_nonzero(&ipp[..32])?;
        let mut ab = [Scalar::ZERO; 4];
        for (i, s) in ab.iter_mut().enumerate() {
            *s = scalar_nonzero(&ipp[32 * (i + 1)..32 * (i + 2)])?;
        }
        let signs = &ipp[160..160 + sign_len];
        let xs = &ipp[160 + sign_len..];
        encoded.extend((0..2 * k).map(|i| x_at(xs, signs, i)));
        let points = XOnlyPoint::decode_all(&encoded)?;
        let [a, s, t1, t2] = [points[0], points[1], points[2], points[3]];
        let lr = points[4..].chunks_exact(2).map(|p| (p[0], p[1])).collect();
        Ok(GrinRangeProof {
            neg_tau_x,
            neg_mu,
            a,
            s,
            t1,
            t2,
            t,
            ab,
            lr,
        })
    }

    /// Decodes a proof of any supported size, inferring \\(nm\\) from the length.
    pub fn from_bytes_any(bytes: &[u8]) -> Result<Self, ProofError> {
        // nm ≤ 64 · 256 = 2^14: at most 13 rounds.
        (1..=13)
            .map(|k| 1usize << (k + 1))
            .find(|nm| {
                let k = rounds(*nm);
                bytes.len() == HEADER_LEN + 160 + (2 * k).div_ceil(8) + 64 * k
            })
            .ok_or(ProofError::Decode(DecodeError::InvalidLength(bytes.len())))
            .and_then(|nm| Self::from_bytes(bytes, nm))
    }

    /// The encoding (zero padding bits, reduced abscissas).
    pub fn to_bytes(&self) -> Vec<u8> {
        let k = self.lr.len();
        let mut out = Vec::with_capacity(HEADER_LEN + 160 + (2 * k).div_ceil(8) + 64 * k);
        out.extend_from_slice(&Secp256k1::scalar_to_bytes(&self.neg_tau_x));
        out.extend_from_slice(&Secp256k1::scalar_to_bytes(&self.neg_mu));
        write_points(&mut out, &[self.a, self.s, self.t1, self.t2]);
        out.extend_from_slice(&Secp256k1::scalar_to_bytes(&self.t));
        for s in &self.ab {
            out.extend_from_slice(&Secp256k1::scalar_to_bytes(s));
        }
        let lr: Vec<XOnlyPoint> = self.lr.iter().flat_map(|(l, r)| [*l, *r]).collect();
        write_points(&mut out, &lr);
        out
    }

    /// Whether two proofs have the same points and scalars (their encodings may differ where
    /// decoding is lenient: padding sign bits, abscissas at or above \\(p\\)).
    pub fn same_elements(&self, other: &Self) -> bool {
        let points = |p: &Self| {
            let mut v = vec![p.a.point, p.s.point, p.t1.point, p.t2.point];
            v.extend(p.lr.iter().flat_map(|(l, r)| [l.point, r.point]));
            v
        };
        (self.neg_tau_x, self.neg_mu, self.t, self.ab)
            == (other.neg_tau_x, other.neg_mu, other.t, other.ab)
            && points(self) == points(other)
    }

    /// Number of inner-product rounds.
    pub fn rounds(&self) -> usize {
        self.lr.len()
    }
}

/// `secp256k1_bulletproof_serialize_points`: sign bit vector, then the abscissas.
fn write_points(out: &mut Vec<u8>, points: &[XOnlyPoint]) {
    let start = out.len();
    out.resize(start + points.len().div_ceil(8), 0);
    for (i, p) in points.iter().enumerate() {
        if p.non_residue {
            out[start + i / 8] |= 1 << (i % 8);
        }
    }
    for p in points {
        out.extend_from_slice(&p.x_reduced());
    }
}
