//! The wire formats: the reference crate's `RangeProof::to_bytes` layout, and Monero's.
//!
//! Reference: `A ‖ S ‖ T_1 ‖ T_2 ‖ t_x ‖ t_x_blinding ‖ e_blinding ‖ L_1 ‖ R_1 ‖ … ‖ L_k ‖ R_k ‖
//! a ‖ b`, each element in the group's encoding (32 bytes for ristretto255): \\(32 (9 + 2k)\\)
//! bytes for \\(k = \log_2(nm')\\) rounds.

use super::RangeProof;
use crate::group::Group;
use crate::inner_product::InnerProductProof;
use crate::wire::{point_len, scalar_len, write_point, write_scalar, Reader};
use crate::ProofError;

impl<G: Group> RangeProof<G> {
    /// Size of the encoding in bytes.
    pub fn serialized_size(&self) -> usize {
        4 * point_len::<G>() + 3 * scalar_len::<G>() + self.ipp.serialized_size()
    }

    /// Size in bytes of a proof for `n`-bit values, `m` of them (padded to a power of two).
    pub fn size_for(n: usize, m: usize) -> usize {
        let rounds = (n * m.next_power_of_two()).trailing_zeros() as usize;
        (4 + 2 * rounds) * point_len::<G>() + 5 * scalar_len::<G>()
    }

    /// Encodes the proof.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.serialized_size());
        for p in [&self.a, &self.s, &self.t_1, &self.t_2] {
            write_point(&mut out, p);
        }
        for s in [&self.t_x, &self.t_x_blinding, &self.e_blinding] {
            write_scalar::<G>(&mut out, s);
        }
        self.ipp.write_bytes(&mut out);
        out
    }

    /// Decodes a proof, rejecting wrong lengths, invalid points and non-canonical scalars.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        let mut reader = Reader::new(bytes);
        if reader.remaining() < 4 * point_len::<G>() + 5 * scalar_len::<G>() {
            return Err(ProofError::InvalidLength(bytes.len()));
        }
        let proof = RangeProof {
            a: reader.point()?,
            s: reader.point()?,
            t_1: reader.point()?,
            t_2: reader.point()?,
            t_x: reader.scalar::<G>()?,
            t_x_blinding: reader.scalar::<G>()?,
            e_blinding: reader.scalar::<G>()?,
            ipp: InnerProductProof::read(&mut reader, bytes.len())?,
        };
        reader.finish()?;
        Ok(proof)
    }
}

/// Largest number of rounds Monero allows: 64 bits × 16 values.
const MONERO_MAX_ROUNDS: usize = 10;

/// Reads one of Monero's round counts: a varint that, for every count Monero allows, is one
/// byte below 0x80.
pub(crate) fn read_monero_count(
    reader: &mut Reader<'_>,
    total: usize,
) -> Result<usize, ProofError> {
    let count = reader.byte()? as usize;
    if count == 0 || count > MONERO_MAX_ROUNDS {
        return Err(ProofError::InvalidLength(total));
    }
    Ok(count)
}

impl<G: Group> RangeProof<G> {
    /// Encodes the proof as Monero serializes it in a transaction (`Bulletproof`, without the
    /// pruned `V`): `A ‖ S ‖ T1 ‖ T2 ‖ taux ‖ mu ‖ varint(k) ‖ L.. ‖ varint(k) ‖ R.. ‖ a ‖ b ‖ t`.
    pub fn to_monero_bytes(&self) -> Result<Vec<u8>, ProofError> {
        let rounds = self.ipp.l_vec.len();
        if rounds > MONERO_MAX_ROUNDS {
            return Err(ProofError::WrongFlavor);
        }
        let mut out = Vec::with_capacity(self.serialized_size() + 2);
        for p in [&self.a, &self.s, &self.t_1, &self.t_2] {
            write_point(&mut out, p);
        }
        write_scalar::<G>(&mut out, &self.t_x_blinding);
        write_scalar::<G>(&mut out, &self.e_blinding);
        for points in [&self.ipp.l_vec, &self.ipp.r_vec] {
            out.push(rounds as u8); // a varint below 128 is one byte
            for p in points.iter() {
                write_point(&mut out, p);
            }
        }
        for s in [&self.ipp.a, &self.ipp.b, &self.t_x] {
            write_scalar::<G>(&mut out, s);
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
        probe.skip(4 * p + 2 * s)?;
        let rounds = read_monero_count(&mut probe, total)?;
        probe.skip(rounds * p)?;
        if read_monero_count(&mut probe, total)? != rounds
            || probe.remaining() != rounds * p + 3 * s
        {
            return Err(ProofError::InvalidLength(total));
        }

        let mut reader = Reader::new(bytes);
        let (a, s_point, t_1, t_2) = (
            reader.point()?,
            reader.point()?,
            reader.point()?,
            reader.point()?,
        );
        let t_x_blinding = reader.scalar::<G>()?;
        let e_blinding = reader.scalar::<G>()?;
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
        let (ipp_a, ipp_b, t_x) = (
            reader.scalar::<G>()?,
            reader.scalar::<G>()?,
            reader.scalar::<G>()?,
        );
        reader.finish()?;
        Ok(RangeProof {
            a,
            s: s_point,
            t_1,
            t_2,
            t_x_blinding,
            e_blinding,
            ipp: InnerProductProof {
                l_vec,
                r_vec,
                a: ipp_a,
                b: ipp_b,
            },
            t_x,
        })
    }
}
