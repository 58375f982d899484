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
