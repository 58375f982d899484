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
    /// The most invalid proofs named when the batch fails (`None`: all of them).
    blame_limit: Option<usize>,
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
            blame_limit: None,
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

    /// Names at most `limit` invalid proofs when the batch fails, across its groups
    /// ([`BatchVerifier::set_blame_limit`]; `None`, the default: all of them).
    pub fn set_blame_limit(&mut self, limit: Option<usize>) {
        self.blame_limit = limit;
    }

    /// Checks every proof added; on failure, the positions (in the order added) of the
    /// invalid ones — with a blame limit, of at most that many, and of the proofs the search
    /// did not reach in [`BatchError::not_named`].
    pub fn verify(&mut self) -> Result<(), BatchError> {
        match self.blame_limit {
            None => self.verify_naming(None),
            Some(mut limit) => self.verify_naming(Some(&mut limit)),
        }
    }

    /// [`Self::verify`] with a blame budget carried across batches
    /// ([`BatchVerifier::verify_within`]): the groups spend it in turn (ristretto255, Ed25519,
    /// secp256k1).
    pub fn verify_within(&mut self, budget: &mut usize) -> Result<(), BatchError> {
        self.verify_naming(Some(budget))
    }

    fn verify_naming(&mut self, mut budget: Option<&mut usize>) -> Result<(), BatchError> {
        fn check<G: Group>(
            batch: &mut BatchVerifier<'_, G>,
            budget: &mut Option<&mut usize>,
        ) -> BatchError {
            let checked = match budget {
                None => batch.verify(),
                Some(budget) => batch.verify_within(budget),
            };
            checked.err().unwrap_or_default()
        }
        let ristretto = check(&mut self.groups.ristretto255, &mut budget);
        let ed25519 = check(&mut self.groups.ed25519, &mut budget);
        #[cfg(feature = "secp256k1-zkp")]
        let secp256k1 = check(&mut self.groups.secp256k1, &mut budget);
        let mut failed = BatchError::default();
        for (i, slot) in self.slots.iter().enumerate() {
            let group = match slot.group {
                BatchGroup::Ristretto255 => &ristretto,
                BatchGroup::Ed25519 => &ed25519,
                #[cfg(feature = "secp256k1-zkp")]
                BatchGroup::Secp256k1 => &secp256k1,
            };
            // Ascending within a group: a binary search each.
            if group.invalid.binary_search(&slot.position).is_ok() {
                failed.invalid.push(i);
            } else if group.not_named.binary_search(&slot.position).is_ok() {
                failed.not_named.push(i);
            }
        }
        if failed.invalid.is_empty() && failed.not_named.is_empty() {
            Ok(())
        } else {
            Err(failed)
        }
    }
}
