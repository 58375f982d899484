//! The formats rangeproof's front ends share, in one place: the command-line tool, the Python
//! package and the C library read and write exactly these, with the same strict parsing and the
//! same one-line reasons.
//!
//! - [`document`]: the one entry point, [`Document::parse`]: any document, read once, told
//!   apart (a suite's proof, a circuit proof, an openings file given by mistake) and checked;
//!   typed reasons ([`DocumentError`]).
//! - [`proof`]: the JSON proof document of a range proof (every suite), parsed into the suite,
//!   its statement and the bytes to verify. A document that fails here is *unusable input*; one
//!   that parses but does not verify is an *invalid proof*.
//! - Solana's documents (`solana.rs`): the batched range proof instruction's fields — `kind`,
//!   `bit_lengths`, `proof_data` (context and proof, as the program receives them) — read and
//!   written beside the proof document's own.
//! - [`batch`]: many documents verified together — one batch per group, on all threads with
//!   the `parallel` feature — with each one's verdict (the CLI's, Python's and C's batches).
//! - [`circuit`]: the JSON document of an arithmetic-circuit proof (SHA-256 preimage, shuffle).
//! - [`openings`]: the openings file — values, blindings, commitments and the statement they
//!   were proved under (secret; wiped on drop).
//! - [`request`]: a prove request — suite, statement, values, optional openings — checked by
//!   one set of rules and proved into a proof document and its openings.
//! - [`input`]: reading untrusted files with a cap (regular files or standard input only).
//! - [`stream`]: the documents of a file one after another — one pretty document, several, or
//!   JSON lines — each capped, as every front end reads them.
//! - [`info`]: what a proof document says, without secrets (scheme, sizes, a Borromean proof's
//!   range, a surjection proof's ring), for `rangeproof info` and `verify --json`.
//! - [`recover`]: a receiver's secrets read back — a document's opening with its nonce (Tari,
//!   Grin), a Liquid output unblinded with its blinding key.
//! - [`assets`]: Elements' blinded asset generators and asset surjection proofs, as a wallet
//!   makes them.
//! - [`liquid`]: a Liquid transaction's verification report as JSON (the Python package's and
//!   the C library's), and spent outputs from their serialized fields.
//! - [`mweb`]: Litecoin MWEB transactions and blocks, raw or hex: the verification report as
//!   JSON, a wallet's scan, each output's proof as a document (`"flavor": "mweb"`).
//! - [`transport`]: the multi-party protocol over any byte stream — frames, hello and setup,
//!   the dealer's and a party's side of a run (the `rangeproof mpc` commands run it over TCP).
//!
//! The documents are contracts: fields are added, never renamed or removed (`flavor` is the
//! deployment convention's name).

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod assets;
pub mod batch;
pub mod circuit;
mod container;
pub mod document;
mod error;
mod fields;
mod hex;
pub mod info;
pub mod input;
pub mod liquid;
pub mod mweb;
pub mod openings;
pub mod parameters;
pub mod proof;
pub mod recover;
pub mod request;
pub mod rounds;
mod solana;
pub mod stream;
pub mod transport;
mod whole;

pub use circuit::{CircuitDocument, ParsedCircuit};
pub use document::Document;
pub use error::{json_reason, DocumentError, Invalid};
pub use fields::Fields;
pub use openings::Openings;
pub use proof::{ParsedDocument, ProofDocument, MAX_TRANSCRIPT_LABEL};
pub use request::{ProveRequest, RequestError, RequestParts};
