//! Proofs of any suites verified together: one [`BatchVerifier`] (one multiscalar
//! multiplication) per group, the invalid ones named in the order they were added.

use alloc::vec::Vec;
use rand_core::{CryptoRng, RngCore};

use super::{Suite, SuiteContext, SuiteStatement};
use crate::group::Group;
#[cfg(feature = "secp256k1-zkp")]
use crate::Secp256k1;
use crate::{BatchError, BatchVerifier, Ed25519, ProofError, Ristretto255};

/// The per-group batches a [`SuiteBatch`] holds: a suite adds its proof to its group's
/// [`BatchVerifier`] through these (one multiscalar multiplication per group).
/// `'c` is the context whose generators the proofs are checked against.
#[derive(Default)]
pub struct GroupBatches<'c> {
    ristretto255: BatchVerifier<'c, Ristretto255>,
    ed25519: BatchVerifier<'c, Ed25519>,
    #[cfg(feature = "secp256k1-zkp")]
    secp256k1: BatchVerifier<'c, Secp256k1>,
}

impl<'c> GroupBatches<'c> {
    /// Adds to `G`'s batch: `add` returns the position there, or the error that kept the proof
    /// out.
    pub(crate) fn add<G: InBatches>(
        &mut self,
        add: impl FnOnce(&mut BatchVerifier<'c, G>) -> Result<usize, ProofError>,
    ) -> Result<BatchSlot, ProofError> {
        let (batch, group) = G::batch_in(self);
        Ok(BatchSlot {
            group,
            position: add(batch)?,
        })
    }

    /// Adds to `G`'s batch a proof `add` cannot refuse.
    fn slot<G: InBatches>(
        &mut self,
        add: impl FnOnce(&mut BatchVerifier<'c, G>) -> usize,
    ) -> BatchSlot {
        let (batch, group) = G::batch_in(self);
        BatchSlot {
            group,
            position: add(batch),
        }
    }
}

/// A group with a batch of its own in [`GroupBatches`].
pub trait InBatches: Group {
    /// The group's batch, and its tag.
    fn batch_in<'a, 'c>(
        batches: &'a mut GroupBatches<'c>,
    ) -> (&'a mut BatchVerifier<'c, Self>, BatchGroup);
}

impl InBatches for Ristretto255 {
    fn batch_in<'a, 'c>(
        batches: &'a mut GroupBatches<'c>,
    ) -> (&'a mut BatchVerifier<'c, Self>, BatchGroup) {
        (&mut batches.ristretto255, BatchGroup::Ristretto255)
    }
}

impl InBatches for Ed25519 {
    fn batch_in<'a, 'c>(
        batches: &'a mut GroupBatches<'c>,
    ) -> (&'a mut BatchVerifier<'c, Self>, BatchGroup) {
        (&mut batches.ed25519, BatchGroup::Ed25519)
    }
}

#[cfg(feature = "secp256k1-zkp")]
impl InBatches for Secp256k1 {
    fn batch_in<'a, 'c>(
        batches: &'a mut GroupBatches<'c>,
    ) -> (&'a mut BatchVerifier<'c, Self>, BatchGroup) {
        (&mut batches.secp256k1, BatchGroup::Secp256k1)
    }
}

/// Where a proof went: its group's batch and its position there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BatchSlot {
    group: BatchGroup,
    position: usize,
}

/// Which group's batch a proof went to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BatchGroup {
    Ristretto255,
    Ed25519,
    #[cfg(feature = "secp256k1-zkp")]
    Secp256k1,
}

impl<'c> GroupBatches<'c> {
    /// Adds to the ristretto255 batch (`add` returns the position there).
    pub fn ristretto255(
        &mut self,
        add: impl FnOnce(&mut BatchVerifier<'c, Ristretto255>) -> usize,
    ) -> BatchSlot {
        self.slot(add)
    }

    /// Adds to the Ed25519 batch.
    pub fn ed25519(
        &mut self,
        add: impl FnOnce(&mut BatchVerifier<'c, Ed25519>) -> usize,
    ) -> BatchSlot {
        self.slot(add)
    }

    /// Adds to the secp256k1 batch.
    #[cfg(feature = "secp256k1-zkp")]
    pub fn secp256k1(
        &mut self,
        add: impl FnOnce(&mut BatchVerifier<'c, Secp256k1>) -> usize,
    ) -> BatchSlot {
        self.slot(add)
    }
}

/// Proofs of any suites, verified together: one [`BatchVerifier`] (one multiscalar
/// multiplication) per group, against the generators of one context (`'c`).
pub struct SuiteBatch<'c> {
    context: &'c SuiteContext,
    groups: GroupBatches<'c>,
    /// Per proof added: its group's batch and its position there.
    slots: Vec<BatchSlot>,
}

impl Default for SuiteBatch<'static> {
    fn default() -> Self {
        Self::new()
    }
}

impl SuiteBatch<'static> {
    /// An empty batch in the process-wide context.
    pub fn new() -> Self {
        Self::in_context(SuiteContext::global())
    }
}

impl<'c> SuiteBatch<'c> {
    /// An empty batch whose proofs are checked with `context`'s generators.
    pub fn in_context(context: &'c SuiteContext) -> Self {
        SuiteBatch {
            context,
            groups: GroupBatches::default(),
            slots: Vec::new(),
        }
    }

    /// Number of proofs added.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether no proof was added.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Decodes a proof and adds it; returns its position. A proof that does not decode (or a
    /// commitment of the wrong length) is not added: its error is returned instead.
    pub fn add<R: RngCore + CryptoRng>(
        &mut self,
        suite: Suite,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        rng: &mut R,
    ) -> Result<usize, ProofError> {
        suite.check_statement(statement, commitments.len())?;
        let state = self.context.state(suite);
        let slot =
            suite
                .0
                .add_to_batch(state, &mut self.groups, statement, proof, commitments, rng)?;
        self.slots.push(slot);
        Ok(self.slots.len() - 1)
    }

    /// Checks every proof added; on failure, the positions (in the order added) of the
    /// invalid ones.
    pub fn verify(&mut self) -> Result<(), BatchError> {
        let failed =
            |result: Result<(), BatchError>| result.err().map_or(Vec::new(), |e| e.invalid);
        let bad_ristretto = failed(self.groups.ristretto255.verify());
        let bad_ed25519 = failed(self.groups.ed25519.verify());
        #[cfg(feature = "secp256k1-zkp")]
        let bad_secp256k1 = failed(self.groups.secp256k1.verify());
        let invalid: Vec<usize> = self
            .slots
            .iter()
            .enumerate()
            .filter(|(_, slot)| {
                match slot.group {
                    BatchGroup::Ristretto255 => &bad_ristretto,
                    BatchGroup::Ed25519 => &bad_ed25519,
                    #[cfg(feature = "secp256k1-zkp")]
                    BatchGroup::Secp256k1 => &bad_secp256k1,
                }
                .contains(&slot.position)
            })
            .map(|(i, _)| i)
            .collect();
        if invalid.is_empty() {
            Ok(())
        } else {
            Err(BatchError {
                invalid,
                ..Default::default()
            })
        }
    }
}
