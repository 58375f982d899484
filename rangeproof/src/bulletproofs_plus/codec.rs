//! Tari's wire format: `d ‖ δ'_1..δ'_d ‖ A ‖ A_1 ‖ B' ‖ r_1 ‖ s_1 ‖ L_1 ‖ R_1 ‖ … ‖ L_k ‖ R_k`,
//! one byte for the extension degree d, then 32-byte elements.

use super::{RangeProofPlus, MAX_EXTENSION_DEGREE};
use crate::group::{decode_scalar, EncodedPoint, Group, ENCODING_LEN};
use crate::inner_product::MAX_LG_N;
use crate::util::read32;
use crate::ProofError;

impl<G: Group> RangeProofPlus<G> {
    /// Size of the encoding in bytes.
    pub fn serialized_size(&self) -> usize {
        1 + (self.d1.len() + 5 + 2 * self.l_vec.len()) * ENCODING_LEN
    }

    /// Size in bytes of a proof for `n`-bit values, `m` of them (padded to a power of two),
    /// with `extension_degree` blinding factors each.
    pub fn size_for(n: usize, m: usize, extension_degree: usize) -> usize {
        let rounds = (n * m.next_power_of_two()).trailing_zeros() as usize;
        1 + (extension_degree + 5 + 2 * rounds) * ENCODING_LEN
    }

    /// Encodes the proof.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.serialized_size());
        out.push(self.d1.len() as u8);
        for d in &self.d1 {
            out.extend_from_slice(&G::scalar_to_bytes(d));
        }
        for p in [&self.a, &self.a1, &self.b] {
            out.extend_from_slice(&p.bytes);
        }
        out.extend_from_slice(&G::scalar_to_bytes(&self.r1));
        out.extend_from_slice(&G::scalar_to_bytes(&self.s1));
        for (l, r) in self.l_vec.iter().zip(&self.r_vec) {
            out.extend_from_slice(&l.bytes);
            out.extend_from_slice(&r.bytes);
        }
        out
    }

    /// Decodes a proof, rejecting an unknown extension degree, wrong lengths (at least one
    /// round, at most 12, whole (L, R) pairs, no trailing bytes), invalid points and
    /// non-canonical scalars.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        let (&degree, body) = bytes.split_first().ok_or(ProofError::InvalidLength(0))?;
        let degree = degree as usize;
        if degree == 0 || degree > MAX_EXTENSION_DEGREE {
            return Err(ProofError::InvalidExtensionDegree(degree));
        }
        if !body.len().is_multiple_of(ENCODING_LEN) {
            return Err(ProofError::InvalidLength(bytes.len()));
        }
        let words = body.len() / ENCODING_LEN;
        let fixed = degree + 5;
        if words < fixed + 2 || !(words - fixed).is_multiple_of(2) || (words - fixed) / 2 > MAX_LG_N
        {
            return Err(ProofError::InvalidLength(bytes.len()));
        }
        let word = |i: usize| read32(body, i * ENCODING_LEN);
        let d1 = (0..degree)
            .map(|i| decode_scalar::<G>(&word(i)))
            .collect::<Result<Vec<_>, _>>()?;
        let a = EncodedPoint::decode(&word(degree))?;
        let a1 = EncodedPoint::decode(&word(degree + 1))?;
        let b = EncodedPoint::decode(&word(degree + 2))?;
        let r1 = decode_scalar::<G>(&word(degree + 3))?;
        let s1 = decode_scalar::<G>(&word(degree + 4))?;
        let rounds = (words - fixed) / 2;
        let mut l_vec = Vec::with_capacity(rounds);
        let mut r_vec = Vec::with_capacity(rounds);
        for j in 0..rounds {
            l_vec.push(EncodedPoint::decode(&word(fixed + 2 * j))?);
            r_vec.push(EncodedPoint::decode(&word(fixed + 2 * j + 1))?);
        }
        Ok(RangeProofPlus {
            a,
            a1,
            b,
            r1,
            s1,
            d1,
            l_vec,
            r_vec,
        })
    }
}

/// Largest number of rounds Monero allows: 64 bits × 16 values.
const MONERO_MAX_ROUNDS: usize = 10;

impl<G: Group> RangeProofPlus<G> {
    /// Encodes the proof as Monero serializes it in a transaction (`BulletproofPlus`, without
    /// the pruned `V`): `A ‖ A1 ‖ B ‖ r1 ‖ s1 ‖ d1 ‖ varint(k) ‖ L_1..L_k ‖ varint(k) ‖ R_1..R_k`.
    /// Only for proofs of extension degree 1 (Monero's).
    pub fn to_monero_bytes(&self) -> Result<Vec<u8>, ProofError> {
        if self.d1.len() != 1 || self.l_vec.len() > MONERO_MAX_ROUNDS {
            return Err(ProofError::WrongConvention);
        }
        let mut out =
            Vec::with_capacity(6 * ENCODING_LEN + 2 + 2 * self.l_vec.len() * ENCODING_LEN);
        for p in [&self.a, &self.a1, &self.b] {
            out.extend_from_slice(&p.bytes);
        }
        for s in [&self.r1, &self.s1, &self.d1[0]] {
            out.extend_from_slice(&G::scalar_to_bytes(s));
        }
        for points in [&self.l_vec, &self.r_vec] {
            out.push(points.len() as u8); // a varint below 128 is one byte
            for p in points.iter() {
                out.extend_from_slice(&p.bytes);
            }
        }
        Ok(out)
    }

    /// Decodes Monero's serialization (see [`Self::to_monero_bytes`]), rejecting counts that
    /// differ, exceed Monero's 10 rounds or are not minimal one-byte varints, truncation,
    /// trailing bytes, invalid points and non-canonical scalars.
    pub fn from_monero_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        let bad_length = || ProofError::InvalidLength(bytes.len());
        let fixed = 6 * ENCODING_LEN;
        let count_at = |offset: usize| -> Result<usize, ProofError> {
            let count = *bytes.get(offset).ok_or_else(bad_length)? as usize;
            // Monero's varints are LEB128; any count we accept fits in one byte below 0x80.
            if count == 0 || count > MONERO_MAX_ROUNDS {
                return Err(bad_length());
            }
            Ok(count)
        };
        let rounds = count_at(fixed)?;
        let r_count_at = fixed + 1 + rounds * ENCODING_LEN;
        if count_at(r_count_at)? != rounds || bytes.len() != r_count_at + 1 + rounds * ENCODING_LEN
        {
            return Err(bad_length());
        }
        let word = |offset: usize| read32(bytes, offset);
        let point = |offset: usize| EncodedPoint::<G>::decode(&word(offset));
        let scalar = |offset: usize| decode_scalar::<G>(&word(offset));
        let mut l_vec = Vec::with_capacity(rounds);
        let mut r_vec = Vec::with_capacity(rounds);
        for j in 0..rounds {
            l_vec.push(point(fixed + 1 + j * ENCODING_LEN)?);
            r_vec.push(point(r_count_at + 1 + j * ENCODING_LEN)?);
        }
        Ok(RangeProofPlus {
            a: point(0)?,
            a1: point(ENCODING_LEN)?,
            b: point(2 * ENCODING_LEN)?,
            r1: scalar(3 * ENCODING_LEN)?,
            s1: scalar(4 * ENCODING_LEN)?,
            d1: vec![scalar(5 * ENCODING_LEN)?],
            l_vec,
            r_vec,
        })
    }
}
