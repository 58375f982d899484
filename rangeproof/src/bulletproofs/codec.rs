//! The wire formats of Bulletproofs. Each deployment owns its layout (the reference crate's in
//! [`crate::deployments::dalek`], Monero's in `deployments::monero`); this module maps a
//! proof to and from the slots a layout arranges.

use super::RangeProof;
use crate::deployments::dalek;
#[cfg(feature = "monero")]
use crate::deployments::monero;
use crate::group::Group;
use crate::inner_product::InnerProductProof;
use crate::wire::{point_len, scalar_len, Layout, Parts, Slot};
use crate::ProofError;
use alloc::vec::Vec;

impl<G: Group> RangeProof<G> {
    /// Size of the encoding in bytes (the reference layout).
    pub fn serialized_size(&self) -> usize {
        4 * point_len::<G>() + 3 * scalar_len::<G>() + self.ipp.serialized_size()
    }

    /// Size in bytes of a proof for `n`-bit values, `m` of them (padded to a power of two).
    pub fn size_for(n: usize, m: usize) -> usize {
        let rounds = (n * m.next_power_of_two()).trailing_zeros() as usize;
        (4 + 2 * rounds) * point_len::<G>() + 5 * scalar_len::<G>()
    }

    /// Encodes the proof in the reference crate's layout.
    pub fn to_bytes(&self) -> Vec<u8> {
        self.encode(&dalek::BULLETPROOFS_LAYOUT)
            .expect("every proof of at most 12 rounds fits the reference layout")
    }

    /// Decodes a proof in the reference layout, rejecting wrong lengths, invalid points and
    /// non-canonical scalars.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        Self::decode(&dalek::BULLETPROOFS_LAYOUT, bytes)
    }

    /// Encodes the proof as Monero serializes it in a transaction.
    #[cfg(feature = "monero")]
    pub fn to_monero_bytes(&self) -> Result<Vec<u8>, ProofError> {
        self.encode(&monero::BULLETPROOFS_LAYOUT)
    }

    /// Decodes Monero's serialization, rejecting counts that differ, exceed Monero's 10 rounds
    /// or are not minimal one-byte varints, truncation, trailing bytes, invalid points and
    /// non-canonical scalars.
    #[cfg(feature = "monero")]
    pub fn from_monero_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        Self::decode(&monero::BULLETPROOFS_LAYOUT, bytes)
    }

    /// Encodes the proof in a deployment's layout.
    pub(crate) fn encode(&self, layout: &Layout) -> Result<Vec<u8>, ProofError> {
        let mut parts = Parts::<G>::default();
        for (slot, p) in [
            (Slot::A, self.a),
            (Slot::S, self.s),
            (Slot::T1, self.t_1),
            (Slot::T2, self.t_2),
        ] {
            parts.set_point(slot, p);
        }
        for (slot, s) in [
            (Slot::TX, self.t_x),
            (Slot::TXBlinding, self.t_x_blinding),
            (Slot::EBlinding, self.e_blinding),
            (Slot::IppA, self.ipp.a),
            (Slot::IppB, self.ipp.b),
        ] {
            parts.set_scalar(slot, s);
        }
        parts.l_vec = self.ipp.l_vec.clone();
        parts.r_vec = self.ipp.r_vec.clone();
        parts.write(layout)
    }

    /// Decodes a proof in a deployment's layout.
    pub(crate) fn decode(layout: &Layout, bytes: &[u8]) -> Result<Self, ProofError> {
        let parts = Parts::<G>::read(layout, bytes)?;
        Ok(RangeProof {
            a: parts.point(Slot::A)?,
            s: parts.point(Slot::S)?,
            t_1: parts.point(Slot::T1)?,
            t_2: parts.point(Slot::T2)?,
            t_x: parts.scalar(Slot::TX)?,
            t_x_blinding: parts.scalar(Slot::TXBlinding)?,
            e_blinding: parts.scalar(Slot::EBlinding)?,
            ipp: InnerProductProof {
                a: parts.scalar(Slot::IppA)?,
                b: parts.scalar(Slot::IppB)?,
                l_vec: parts.l_vec,
                r_vec: parts.r_vec,
            },
        })
    }
}
