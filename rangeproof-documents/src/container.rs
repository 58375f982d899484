//! Containers: where a deployment's nodes receive proofs inside a format of their own (Solana's
//! instruction proof data: a context of commitments and bit lengths, then the proof), its
//! documents carry that container beside or instead of the shared fields. A container is
//! registered here, one line per format; the generic document code asks [`of`] and never names
//! a deployment.

use rangeproof::{Suite, SuiteStatement};

use crate::fields::Fields;
use crate::proof::ProofDocument;
use crate::solana;
pub(crate) use crate::solana::Instruction;

/// A container format's fields and its two directions.
pub(crate) struct Container {
    /// The fields it adds to a document, in the order documents write them.
    pub fields: &'static [&'static str],
    /// Reads a document's container fields (beside the shared ones; `bits` as read) into the
    /// statement's parts and the proof; `Err` is why the document is unusable.
    pub read: fn(&ProofDocument, Option<usize>) -> Result<Instruction, String>,
    /// The container's fields of a proof made under a statement, as `prove` writes them.
    pub fields_of: fn(&SuiteStatement, &[u8], &[Vec<u8>]) -> Fields,
}

/// The registry: a suite and its container.
static CONTAINERS: &[(Suite, Container)] = &[(
    Suite::SOLANA_BULLETPROOFS,
    Container {
        fields: &solana::FIELDS,
        read: solana::instruction,
        fields_of: solana::fields_of,
    },
)];

/// The container `suite`'s documents carry, if any.
pub(crate) fn of(suite: Suite) -> Option<&'static Container> {
    CONTAINERS.iter().find(|(s, _)| *s == suite).map(|(_, c)| c)
}

/// Every registered container's field names.
pub(crate) fn names() -> impl Iterator<Item = &'static str> {
    CONTAINERS
        .iter()
        .flat_map(|(_, c)| c.fields.iter().copied())
}
