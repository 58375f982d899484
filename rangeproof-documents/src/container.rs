//! Containers: where a deployment's nodes receive proofs inside a format of their own (Solana's
//! instruction proof data: a context of commitments and bit lengths, then the proof), its
//! documents carry that container beside or instead of the shared fields. A container is
//! registered here, one line per format; the generic document code asks [`of`] and never names
//! a deployment.

use rangeproof::{Suite, SuiteStatement};

use crate::solana;
pub(crate) use crate::solana::{Fields, Instruction};

/// A container format's two directions.
pub(crate) struct Container {
    /// Reads a document's container fields (`kind`, `bit_lengths`, `proof_data` beside the
    /// shared ones) into the statement's parts and the proof; `Err` is why the document is
    /// unusable.
    pub read: fn(&Fields<'_>) -> Result<Instruction, String>,
    /// The container's fields of a proof made under a statement: `kind`, `bit_lengths` and the
    /// container's bytes (hex), as `prove` writes them.
    pub fields_of: fn(&SuiteStatement, &[u8], &[Vec<u8>]) -> ContainerFields,
}

/// A container's fields as a document writes them: `kind`, `bit_lengths` and its bytes (hex).
pub(crate) type ContainerFields = (Option<String>, Option<Vec<usize>>, Option<String>);

/// The registry: a suite and its container.
static CONTAINERS: &[(Suite, Container)] = &[(
    Suite::SOLANA_BULLETPROOFS,
    Container {
        read: solana::instruction,
        fields_of: solana::fields_of,
    },
)];

/// The container `suite`'s documents carry, if any.
pub(crate) fn of(suite: Suite) -> Option<&'static Container> {
    CONTAINERS.iter().find(|(s, _)| *s == suite).map(|(_, c)| c)
}
