//! The wire format: the reference crate's `RangeProof::to_bytes` layout.
//!
//! `A ‖ S ‖ T_1 ‖ T_2 ‖ t_x ‖ t_x_blinding ‖ e_blinding ‖ L_1 ‖ R_1 ‖ … ‖ L_k ‖ R_k ‖ a ‖ b`,
//! 32 bytes each, \\(32 (9 + 2k)\\) bytes for \\(k = \log_2(nm')\\) rounds.

use super::RangeProof;
use crate::group::{decode_scalar, EncodedPoint, Group, ENCODING_LEN};
use crate::inner_product::InnerProductProof;
use crate::util::read32;
use crate::ProofError;

impl<G: Group> RangeProof<G> {
    /// Size of the encoding in bytes.
    pub fn serialized_size(&self) -> usize {
        7 * ENCODING_LEN + self.ipp.serialized_size()
    }

    /// Size in bytes of a proof for `n`-bit values, `m` of them (padded to a power of two).
    pub fn size_for(n: usize, m: usize) -> usize {
        let rounds = (n * m.next_power_of_two()).trailing_zeros() as usize;
        (9 + 2 * rounds) * ENCODING_LEN
    }

    /// Encodes the proof.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.serialized_size());
        for p in [&self.a, &self.s, &self.t_1, &self.t_2] {
            out.extend_from_slice(&p.bytes);
        }
        for s in [&self.t_x, &self.t_x_blinding, &self.e_blinding] {
            out.extend_from_slice(&G::scalar_to_bytes(s));
        }
        self.ipp.write_bytes(&mut out);
        out
    }

    /// Decodes a proof, rejecting wrong lengths, invalid points and non-canonical scalars.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        if !bytes.len().is_multiple_of(ENCODING_LEN) || bytes.len() < 9 * ENCODING_LEN {
            return Err(ProofError::InvalidLength(bytes.len()));
        }
        let point = |i: usize| EncodedPoint::<G>::decode(&read32(bytes, i * ENCODING_LEN));
        let scalar = |i: usize| decode_scalar::<G>(&read32(bytes, i * ENCODING_LEN));
        Ok(RangeProof {
            a: point(0)?,
            s: point(1)?,
            t_1: point(2)?,
            t_2: point(3)?,
            t_x: scalar(4)?,
            t_x_blinding: scalar(5)?,
            e_blinding: scalar(6)?,
            ipp: InnerProductProof::from_bytes(&bytes[7 * ENCODING_LEN..])?,
        })
    }
}

/// Largest number of rounds Monero allows: 64 bits × 16 values.
const MONERO_MAX_ROUNDS: usize = 10;

impl<G: Group> RangeProof<G> {
    /// Encodes the proof as Monero serializes it in a transaction (`Bulletproof`, without the
    /// pruned `V`): `A ‖ S ‖ T1 ‖ T2 ‖ taux ‖ mu ‖ varint(k) ‖ L.. ‖ varint(k) ‖ R.. ‖ a ‖ b ‖ t`.
    pub fn to_monero_bytes(&self) -> Result<Vec<u8>, ProofError> {
        let rounds = self.ipp.l_vec.len();
        if rounds > MONERO_MAX_ROUNDS {
            return Err(ProofError::WrongConvention);
        }
        let mut out = Vec::with_capacity((9 + 2 * rounds) * ENCODING_LEN + 2);
        for p in [&self.a, &self.s, &self.t_1, &self.t_2] {
            out.extend_from_slice(&p.bytes);
        }
        out.extend_from_slice(&G::scalar_to_bytes(&self.t_x_blinding));
        out.extend_from_slice(&G::scalar_to_bytes(&self.e_blinding));
        for points in [&self.ipp.l_vec, &self.ipp.r_vec] {
            out.push(rounds as u8); // a varint below 128 is one byte
            for p in points.iter() {
                out.extend_from_slice(&p.bytes);
            }
        }
        for s in [&self.ipp.a, &self.ipp.b, &self.t_x] {
            out.extend_from_slice(&G::scalar_to_bytes(s));
        }
        Ok(out)
    }

    /// Decodes Monero's serialization (see [`Self::to_monero_bytes`]), rejecting counts that
    /// differ, exceed Monero's 10 rounds or are not minimal one-byte varints, truncation,
    /// trailing bytes, invalid points and non-canonical scalars.
    pub fn from_monero_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        let bad_length = || ProofError::InvalidLength(bytes.len());
        let count_at = |offset: usize| -> Result<usize, ProofError> {
            let count = *bytes.get(offset).ok_or_else(bad_length)? as usize;
            if count == 0 || count > MONERO_MAX_ROUNDS {
                return Err(bad_length());
            }
            Ok(count)
        };
        let l_count_at = 6 * ENCODING_LEN;
        let rounds = count_at(l_count_at)?;
        let r_count_at = l_count_at + 1 + rounds * ENCODING_LEN;
        let tail = r_count_at + 1 + rounds * ENCODING_LEN;
        if count_at(r_count_at)? != rounds || bytes.len() != tail + 3 * ENCODING_LEN {
            return Err(bad_length());
        }
        let point = |offset: usize| EncodedPoint::<G>::decode(&read32(bytes, offset));
        let scalar = |offset: usize| decode_scalar::<G>(&read32(bytes, offset));
        let mut l_vec = Vec::with_capacity(rounds);
        let mut r_vec = Vec::with_capacity(rounds);
        for j in 0..rounds {
            l_vec.push(point(l_count_at + 1 + j * ENCODING_LEN)?);
            r_vec.push(point(r_count_at + 1 + j * ENCODING_LEN)?);
        }
        Ok(RangeProof {
            a: point(0)?,
            s: point(ENCODING_LEN)?,
            t_1: point(2 * ENCODING_LEN)?,
            t_2: point(3 * ENCODING_LEN)?,
            t_x_blinding: scalar(4 * ENCODING_LEN)?,
            e_blinding: scalar(5 * ENCODING_LEN)?,
            ipp: InnerProductProof {
                l_vec,
                r_vec,
                a: scalar(tail)?,
                b: scalar(tail + ENCODING_LEN)?,
            },
            t_x: scalar(tail + 2 * ENCODING_LEN)?,
        })
    }
}
