//! The wire formats of Bulletproofs+: Tari's and Monero's.
//!
//! Tari: `d ‖ δ'_1..δ'_d ‖ A ‖ A_1 ‖ B' ‖ r_1 ‖ s_1 ‖ L_1 ‖ R_1 ‖ … ‖ L_k ‖ R_k`, one byte for the
//! extension degree d, then the elements in the group's encoding.

use super::{RangeProofPlus, MAX_EXTENSION_DEGREE};
use crate::bulletproofs::codec::read_monero_count;
use crate::group::Group;
use crate::inner_product::MAX_LG_N;
use crate::wire::{point_len, scalar_len, write_point, write_scalar, Reader};
use crate::ProofError;

impl<G: Group> RangeProofPlus<G> {
    /// Size of the encoding in bytes.
    pub fn serialized_size(&self) -> usize {
        1 + (self.d1.len() + 2) * scalar_len::<G>() + (3 + 2 * self.l_vec.len()) * point_len::<G>()
    }

    /// Size in bytes of a proof for `n`-bit values, `m` of them (padded to a power of two),
    /// with `extension_degree` blinding factors each.
    pub fn size_for(n: usize, m: usize, extension_degree: usize) -> usize {
        let rounds = (n * m.next_power_of_two()).trailing_zeros() as usize;
        1 + (extension_degree + 2) * scalar_len::<G>() + (3 + 2 * rounds) * point_len::<G>()
    }

    /// Encodes the proof.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.serialized_size());
        out.push(self.d1.len() as u8);
        for d in &self.d1 {
            write_scalar::<G>(&mut out, d);
        }
        for p in [&self.a, &self.a1, &self.b] {
            write_point(&mut out, p);
        }
        write_scalar::<G>(&mut out, &self.r1);
        write_scalar::<G>(&mut out, &self.s1);
        for (l, r) in self.l_vec.iter().zip(&self.r_vec) {
            write_point(&mut out, l);
            write_point(&mut out, r);
        }
        out
    }

    /// Decodes a proof, rejecting an unknown extension degree, wrong lengths (at least one
    /// round, at most 12, whole (L, R) pairs, no trailing bytes), invalid points and
    /// non-canonical scalars.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        let total = bytes.len();
        let mut reader = Reader::new(bytes);
        let degree = reader.byte()? as usize;
        if degree == 0 || degree > MAX_EXTENSION_DEGREE {
            return Err(ProofError::InvalidExtensionDegree(degree));
        }
        let fixed = (degree + 2) * scalar_len::<G>() + 3 * point_len::<G>();
        let pair = 2 * point_len::<G>();
        let rounds_len = reader
            .remaining()
            .checked_sub(fixed)
            .ok_or(ProofError::InvalidLength(total))?;
        if rounds_len == 0 || !rounds_len.is_multiple_of(pair) || rounds_len / pair > MAX_LG_N {
            return Err(ProofError::InvalidLength(total));
        }
        let rounds = rounds_len / pair;
        let d1 = (0..degree)
            .map(|_| reader.scalar::<G>())
            .collect::<Result<Vec<_>, _>>()?;
        let (a, a1, b) = (reader.point()?, reader.point()?, reader.point()?);
        let (r1, s1) = (reader.scalar::<G>()?, reader.scalar::<G>()?);
        let mut l_vec = Vec::with_capacity(rounds);
        let mut r_vec = Vec::with_capacity(rounds);
        for _ in 0..rounds {
            l_vec.push(reader.point()?);
            r_vec.push(reader.point()?);
        }
        reader.finish()?;
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
            return Err(ProofError::WrongFlavor);
        }
        let mut out = Vec::with_capacity(self.serialized_size() + 1);
        for p in [&self.a, &self.a1, &self.b] {
            write_point(&mut out, p);
        }
        for s in [&self.r1, &self.s1, &self.d1[0]] {
            write_scalar::<G>(&mut out, s);
        }
        for points in [&self.l_vec, &self.r_vec] {
            out.push(points.len() as u8); // a varint below 128 is one byte
            for p in points.iter() {
                write_point(&mut out, p);
            }
        }
        Ok(out)
    }

    /// Decodes Monero's serialization (see [`Self::to_monero_bytes`]), rejecting counts that
    /// differ, exceed Monero's 10 rounds or are not minimal one-byte varints, truncation,
    /// trailing bytes, invalid points and non-canonical scalars.
    pub fn from_monero_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        let total = bytes.len();
        let (p, s) = (point_len::<G>(), scalar_len::<G>());
        // The structure first (both counts, the exact length), then the elements.
        let mut probe = Reader::new(bytes);
        probe.skip(3 * p + 3 * s)?;
        let rounds = read_monero_count(&mut probe, total)?;
        probe.skip(rounds * p)?;
        if read_monero_count(&mut probe, total)? != rounds || probe.remaining() != rounds * p {
            return Err(ProofError::InvalidLength(total));
        }

        let mut reader = Reader::new(bytes);
        let (a, a1, b) = (reader.point()?, reader.point()?, reader.point()?);
        let (r1, s1, d1) = (
            reader.scalar::<G>()?,
            reader.scalar::<G>()?,
            reader.scalar::<G>()?,
        );
        let mut l_vec = Vec::with_capacity(rounds);
        read_monero_count(&mut reader, total)?;
        for _ in 0..rounds {
            l_vec.push(reader.point()?);
        }
        let mut r_vec = Vec::with_capacity(rounds);
        read_monero_count(&mut reader, total)?;
        for _ in 0..rounds {
            r_vec.push(reader.point()?);
        }
        reader.finish()?;
        Ok(RangeProofPlus {
            a,
            a1,
            b,
            r1,
            s1,
            d1: vec![d1],
            l_vec,
            r_vec,
        })
    }
}
