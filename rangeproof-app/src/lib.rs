//! What rangeproof's front ends *do* with documents, written once for all of them (the
//! command-line tool, the Python package, the C library, JavaScript): the formats themselves
//! live in `rangeproof-documents`, the proofs in `rangeproof`.
//!
//! - [`rounds`]: the multi-party protocol's runs without I/O — the dealer's and a party's side
//!   as objects that take messages as bytes and give the bytes to send.
//! - [`transport`]: those runs over any byte stream — frames, hello and setup, deadlines (the
//!   `rangeproof mpc` commands run it over TCP).
//! - [`liquid`]: a Liquid transaction's verification report as JSON, and spent outputs from
//!   their serialized fields.
//! - [`mweb`]: Litecoin MWEB transactions and blocks, raw or hex: the verification report as
//!   JSON, a wallet's scan, each output's proof as a document (`"flavor": "mweb"`).
//! - [`recover`]: a receiver's secrets read back — a document's opening with its nonce (Tari,
//!   Grin), a Liquid output unblinded with its blinding key.
//! - [`assets`]: Elements' blinded asset generators and asset surjection proofs, as a wallet
//!   makes them.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod assets;
pub mod liquid;
pub mod mweb;
pub mod recover;
pub mod rounds;
pub mod transport;

/// What the tests start from.
#[cfg(test)]
pub(crate) mod tests_support {
    use rand_core::OsRng;

    /// Panics unless `doc`, written out and read back as any front end reads it, verifies.
    pub(crate) fn assert_verifies(doc: &rangeproof_documents::ProofDocument) {
        let parsed = rangeproof_documents::Document::parse(&serde_json::to_string(doc).unwrap())
            .and_then(rangeproof_documents::Document::into_proof)
            .unwrap();
        parsed
            .suite
            .verify(
                &parsed.statement,
                &parsed.proof,
                &parsed.commitments,
                &mut OsRng,
            )
            .unwrap();
    }
}
