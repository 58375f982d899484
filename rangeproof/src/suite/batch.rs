//! Proofs of any suites verified together: one [`BatchVerifier`] (one multiscalar
//! multiplication) per group, the invalid ones named in the order they were added.

use alloc::vec::Vec;
use rand_core::{CryptoRng, RngCore};

use super::{Suite, SuiteContext, SuiteStatement};
use crate::group::Group;
#[cfg(feature = "group-secp256k1")]
use crate::Secp256k1;
use crate::{BatchError, BatchVerifier, Ed25519, ProofError, Ristretto255};

/// Declares the groups that have a batch of their own, once each: the [`GroupBatches`] field,
/// the [`BatchGroup`] tag, the [`InBatches`] impl and the group's turn in
/// [`SuiteBatch::verify`] all come from one line (a new group, such as a curve of FCMP++'s
/// cycle, is one more line).
macro_rules! group_batches {
    ($($(#[$gate:meta])* $field:ident: $group:ident),* $(,)?) => {
        /// The per-group batches a [`SuiteBatch`] holds: a suite adds its proof to its group's
        /// [`BatchVerifier`] through these (one multiscalar multiplication per group).
        /// `'c` is the context whose generators the proofs are checked against.
        #[derive(Default)]
        pub struct GroupBatches<'c> {
            $($(#[$gate])* $field: BatchVerifier<'c, $group>,)*
        }

        /// Which group's batch a proof went to.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum BatchGroup {
            $($(#[$gate])* #[doc = concat!("The ", stringify!($group), " batch.")] $group,)*
        }

        $($(#[$gate])*
        impl InBatches for $group {
            fn batch_in<'a, 'c>(
                batches: &'a mut GroupBatches<'c>,
            ) -> (&'a mut BatchVerifier<'c, Self>, BatchGroup) {
                (&mut batches.$field, BatchGroup::$group)
            }
        })*

        impl GroupBatches<'_> {
            /// Checks each group's batch in the order declared, spending `budget` in turn:
            /// each group's failure (empty where it holds). (Pushed one by one: a group's line
            /// may be gated, which an element of `vec![…]` cannot be.)
            #[allow(clippy::vec_init_then_push)]
            fn verify_each(
                &mut self,
                budget: &mut Option<&mut usize>,
            ) -> Vec<(BatchGroup, BatchError)> {
                let mut failures = Vec::new();
                $($(#[$gate])*
                failures.push((BatchGroup::$group, check(&mut self.$field, budget)));)*
                failures
            }
        }
    };
}

group_batches! {
    ristretto255: Ristretto255,
    ed25519: Ed25519,
    #[cfg(feature = "group-secp256k1")]
    secp256k1: Secp256k1,
}

/// One group's batch checked (with the blame budget, if any): its failure, empty if it holds.
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

    /// Adds to `G`'s batch a proof `add` cannot refuse (`add` returns the position there).
    pub fn slot<G: InBatches>(
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

/// Where a proof went: its group's batch and its position there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BatchSlot {
    group: BatchGroup,
    position: usize,
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
    /// ([`BatchVerifier::verify_within`]): the groups spend it in turn, in the order
    /// `group_batches!` declares them (ristretto255, Ed25519, secp256k1).
    pub fn verify_within(&mut self, budget: &mut usize) -> Result<(), BatchError> {
        self.verify_naming(Some(budget))
    }

    fn verify_naming(&mut self, mut budget: Option<&mut usize>) -> Result<(), BatchError> {
        let groups = self.groups.verify_each(&mut budget);
        let mut failed = BatchError::default();
        for (i, slot) in self.slots.iter().enumerate() {
            let Some((_, group)) = groups.iter().find(|(g, _)| *g == slot.group) else {
                // Unreachable (the macro checks every tag's group); failing closed all the same.
                failed.invalid.push(i);
                continue;
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
