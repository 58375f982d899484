//! secp256k1-zkp's Fiat–Shamir transcript: a SHA-256 hash chain.
//!
//! The state starts as 32 zero bytes and every step replaces it by
//! \\(\mathrm{SHA256}(\mathit{state} \Vert \mathit{data})\\); a challenge is the state read as a
//! big-endian scalar, rejected (the proof fails) when it is not below the group order or is
//! zero. Points enter in pairs, as `secp256k1_bulletproof_update_commit` absorbs them: one
//! byte \\(2 [y(P) \text{ non-residue}] + [y(Q) \text{ non-residue}]\\), then \\(x(P)\\) and
//! \\(x(Q)\\). In order:
//!
//! 1. minimum values, if any: \\(\mathrm{le32}(m) \Vert \mathrm{le64}(v^{min}_0) \Vert \cdots\\);
//! 2. each commitment paired with the value generator: \\((V_j, H)\\);
//! 3. the extra data, if any (even when empty);
//! 4. \\((A, S)\\) → \\(y\\); \\((A, S)\\) again → \\(z\\); \\((T_1, T_2)\\) → \\(x\\);
//! 5. the 64 bytes of \\(-\tau_x, -\mu\\);
//! 6. the inner-product argument: \\(t\\) → \\(u_x\\), then each \\((L_i, R_i)\\) → \\(x_i\\).
//!
//! What it leaves out, compared with this crate's other conventions: no domain separator,
//! protocol name, bit size, generator count or aggregation size is absorbed (the bit size and
//! the generator count change the verification equation, not the transcript), and the
//! generators themselves are implicit.

use crate::DecodeError;
use k256::{ProjectivePoint, Scalar};
use sha2::{Digest, Sha256};

use crate::group::secp256k1::field::FieldElement;
use crate::group::secp256k1::{
    affine_coordinates, is_quadratic_residue, lift_x_quadratic_batch, point_from_affine,
};
use crate::group::{Group, Secp256k1};
use crate::ProofError;

/// A point as secp256k1-zkp's proofs and transcript carry it: \\(x\\) (32 bytes, as read) and
/// whether \\(y\\) is the non-residue root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct XOnlyPoint {
    pub(crate) x: [u8; 32],
    pub(crate) non_residue: bool,
    pub(crate) point: ProjectivePoint,
}

impl XOnlyPoint {
    /// The x-only form of a computed point (`None` for the identity, which the format cannot
    /// carry).
    pub(crate) fn from_point(point: ProjectivePoint) -> Option<Self> {
        let (x, y) = affine_coordinates(&point)?;
        Some(XOnlyPoint {
            x: x.to_bytes().into(),
            non_residue: !is_quadratic_residue(&y),
            point,
        })
    }

    /// The point with abscissa `x` (reduced modulo \\(p\\), as secp256k1-zkp's `fe_set_b32`
    /// does for proof points) and the residue root, negated if `non_residue`.
    #[cfg(test)]
    pub(crate) fn decode(x: &[u8; 32], non_residue: bool) -> Result<Self, ProofError> {
        let mut all = Self::decode_all(&[(*x, non_residue)])?;
        all.pop()
            .ok_or(ProofError::Decode(DecodeError::InvalidPoint))
    }

    /// [`XOnlyPoint::decode`] for many points, their square roots taken together (sixteen at
    /// a time with AVX-512 IFMA where the CPU has it); fails on the first invalid point.
    pub(crate) fn decode_all(points: &[([u8; 32], bool)]) -> Result<Vec<Self>, ProofError> {
        let abscissas: Vec<FieldElement> = points
            .iter()
            .map(|(x, _)| {
                FieldElement::from_bytes(&reduce_mod_p(x))
                    .ok_or(ProofError::Decode(DecodeError::InvalidPoint))
            })
            .collect::<Result<_, _>>()?;
        points
            .iter()
            .zip(lift_x_quadratic_batch(&abscissas))
            .map(|((x, non_residue), lifted)| {
                // The ordinate is the residue root (see `lift_x_quadratic`).
                let (fx, fy) = lifted.ok_or(DecodeError::InvalidPoint)?;
                let fy = if *non_residue {
                    fy.negate(1).normalize()
                } else {
                    fy
                };
                let point = point_from_affine(&fx, &fy).ok_or(DecodeError::InvalidPoint)?;
                Ok(XOnlyPoint {
                    x: *x,
                    non_residue: *non_residue,
                    point,
                })
            })
            .collect()
    }

    /// \\(x\\) reduced modulo \\(p\\) (what the C code hashes for \\(A, S, T_1, T_2\\), which it
    /// re-serializes from the decoded point).
    pub(crate) fn x_reduced(&self) -> [u8; 32] {
        reduce_mod_p(&self.x)
    }

    /// The group element.
    #[cfg(test)]
    pub(crate) fn point(&self) -> ProjectivePoint {
        self.point
    }
}

/// The field prime \\(p = 2^{256} - 2^{32} - 977\\), big-endian.
const P: [u8; 32] = {
    let mut p = [0xffu8; 32];
    p[27] = 0xfe;
    p[30] = 0xfc;
    p[31] = 0x2f;
    p
};

/// A 256-bit big-endian value modulo \\(p\\) (one subtraction suffices: \\(2^{256} < 2p\\)).
fn reduce_mod_p(x: &[u8; 32]) -> [u8; 32] {
    if x < &P {
        return *x;
    }
    let mut out = [0u8; 32];
    let mut borrow = 0i16;
    for i in (0..32).rev() {
        let d = x[i] as i16 - P[i] as i16 - borrow;
        out[i] = d.rem_euclid(256) as u8;
        borrow = i16::from(d < 0);
    }
    out
}

/// The hash-chain state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct HashChain {
    state: [u8; 32],
}

impl HashChain {
    /// 32 zero bytes.
    pub(crate) fn new() -> Self {
        HashChain { state: [0u8; 32] }
    }

    /// state ← SHA256(state ‖ parts…).
    pub(crate) fn absorb(&mut self, parts: &[&[u8]]) {
        let mut h = Sha256::new();
        h.update(self.state);
        for p in parts {
            h.update(p);
        }
        self.state = h.finalize().into();
    }

    /// `secp256k1_bulletproof_update_commit`: a pair of x-only points.
    pub(crate) fn absorb_pair(&mut self, first: ([u8; 32], bool), second: ([u8; 32], bool)) {
        let parity = (u8::from(first.1) << 1) | u8::from(second.1);
        self.absorb(&[&[parity], &first.0, &second.0]);
    }

    /// Minimum values: \\(\mathrm{le32}(m) \Vert \mathrm{le64}(v^{min}_j)\ldots\\).
    pub(crate) fn absorb_min_values(&mut self, min_values: &[u64]) {
        let mut bytes = Vec::with_capacity(4 + 8 * min_values.len());
        bytes.extend_from_slice(&(min_values.len() as u32).to_le_bytes());
        for v in min_values {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        self.absorb(&[&bytes]);
    }

    /// The state as a challenge: a big-endian scalar, which must be below the group order and
    /// non-zero (secp256k1-zkp fails the proof otherwise).
    pub(crate) fn challenge(&self) -> Result<Scalar, ProofError> {
        let s = Secp256k1::scalar_from_canonical_bytes(&self.state)
            .ok_or(ProofError::VerificationFailed)?;
        if bool::from(s.is_zero()) {
            return Err(ProofError::VerificationFailed);
        }
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A known bug of transcripts (the peers' list, `tests/known_bugs.rs`): y and z from the
    /// same messages. Here z absorbs (A, S) again on top of y's state, so even with A = S the
    /// two differ — and so do they for any other pair.
    #[test]
    fn y_and_z_differ_even_when_a_equals_s() {
        for k in 1..20u64 {
            let a = XOnlyPoint::from_point(ProjectivePoint::GENERATOR * Scalar::from(k)).unwrap();
            let mut chain = HashChain::new();
            chain.absorb_pair((a.x, a.non_residue), (a.x, a.non_residue));
            let y = chain.challenge().unwrap();
            chain.absorb_pair((a.x, a.non_residue), (a.x, a.non_residue));
            let z = chain.challenge().unwrap();
            assert_ne!(y, z, "k = {k}");
        }
    }

    #[test]
    fn reduction_modulo_p() {
        assert_eq!(reduce_mod_p(&[0u8; 32]), [0u8; 32]);
        assert_eq!(reduce_mod_p(&P), [0u8; 32]);
        let mut p_plus_5 = P;
        p_plus_5[31] += 5;
        let mut five = [0u8; 32];
        five[31] = 5;
        assert_eq!(reduce_mod_p(&p_plus_5), five);
        let max = reduce_mod_p(&[0xff; 32]);
        // 2^256 - 1 - p = 2^32 + 976 = 0x1_0000_03d0.
        assert_eq!(&max[26..], &[0, 1, 0, 0, 0x03, 0xd0]);
    }

    #[test]
    fn x_only_round_trip() {
        let p = ProjectivePoint::GENERATOR * Scalar::from(12345u64);
        let x = XOnlyPoint::from_point(p).unwrap();
        assert_eq!(XOnlyPoint::decode(&x.x, x.non_residue).unwrap().point, p);
        assert_eq!(XOnlyPoint::decode(&x.x, !x.non_residue).unwrap().point, -p);
        assert!(XOnlyPoint::from_point(ProjectivePoint::IDENTITY).is_none());
    }
}
