//! The wire formats of Bulletproofs+. Each deployment owns its layout (Tari's in
//! [`crate::deployments::tari`], Monero's in `deployments::monero`); this module maps a proof
//! to and from the slots a layout arranges.

use super::RangeProofPlus;
#[cfg(feature = "monero")]
use crate::deployments::monero;
use crate::deployments::tari;
use crate::group::Group;
use crate::wire::{point_len, scalar_len, Layout, Parts, Slot};
use crate::ProofError;
use alloc::vec::Vec;

impl<G: Group> RangeProofPlus<G> {
    /// Size of the encoding in bytes (Tari's layout).
    pub fn serialized_size(&self) -> usize {
        1 + (self.d1.len() + 2) * scalar_len::<G>() + (3 + 2 * self.l_vec.len()) * point_len::<G>()
    }

    /// Size in bytes of a proof for `n`-bit values, `m` of them (padded to a power of two),
    /// with `extension_degree` blinding factors each.
    pub fn size_for(n: usize, m: usize, extension_degree: usize) -> usize {
        let rounds = (n * m.next_power_of_two()).trailing_zeros() as usize;
        1 + (extension_degree + 2) * scalar_len::<G>() + (3 + 2 * rounds) * point_len::<G>()
    }

    /// Encodes the proof in Tari's layout.
    pub fn to_bytes(&self) -> Vec<u8> {
        self.encode(&tari::BULLETPROOFS_PLUS_LAYOUT)
            .expect("every proof of 1 to 6 blindings and at most 12 rounds fits Tari's layout")
    }

    /// Decodes a proof in Tari's layout, rejecting an unknown extension degree, wrong lengths
    /// (at least one round, at most 12, whole (L, R) pairs, no trailing bytes), invalid points
    /// and non-canonical scalars.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        Self::decode(&tari::BULLETPROOFS_PLUS_LAYOUT, bytes)
    }

    /// Encodes the proof as Monero serializes it in a transaction. Only for proofs of
    /// extension degree 1 (Monero's).
    #[cfg(feature = "monero")]
    pub fn to_monero_bytes(&self) -> Result<Vec<u8>, ProofError> {
        self.encode(&monero::BULLETPROOFS_PLUS_LAYOUT)
    }

    /// Decodes Monero's serialization, rejecting counts that differ, exceed Monero's 10 rounds
    /// or are not minimal one-byte varints, truncation, trailing bytes, invalid points and
    /// non-canonical scalars.
    #[cfg(feature = "monero")]
    pub fn from_monero_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        Self::decode(&monero::BULLETPROOFS_PLUS_LAYOUT, bytes)
    }

    /// Encodes the proof in a deployment's layout.
    pub(crate) fn encode(&self, layout: &Layout) -> Result<Vec<u8>, ProofError> {
        let mut parts = Parts::<G>::default();
        for (slot, p) in [(Slot::A, self.a), (Slot::A1, self.a1), (Slot::B, self.b)] {
            parts.set_point(slot, p);
        }
        parts.set_scalar(Slot::R1, self.r1);
        parts.set_scalar(Slot::S1, self.s1);
        parts.answers = self.d1.clone();
        parts.l_vec = self.l_vec.clone();
        parts.r_vec = self.r_vec.clone();
        parts.write(layout)
    }

    /// Decodes a proof in a deployment's layout.
    pub(crate) fn decode(layout: &Layout, bytes: &[u8]) -> Result<Self, ProofError> {
        let parts = Parts::<G>::read(layout, bytes)?;
        Ok(RangeProofPlus {
            a: parts.point(Slot::A)?,
            a1: parts.point(Slot::A1)?,
            b: parts.point(Slot::B)?,
            r1: parts.scalar(Slot::R1)?,
            s1: parts.scalar(Slot::S1)?,
            d1: parts.answers,
            l_vec: parts.l_vec,
            r_vec: parts.r_vec,
        })
    }
}
