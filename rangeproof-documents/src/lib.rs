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
//! - [`hex`]: hex as documents spell it (either case, no `0x`).
//!
//! What the front ends *do* with documents — the multi-party run and its TCP transport, Liquid
//! and MWEB reports and scans, recovering openings, asset surjection — is `rangeproof-app`'s.
//!
//! The documents are contracts: fields are added, never renamed or removed (`flavor` is the
//! deployment convention's name).

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod batch;
pub mod circuit;
mod container;
pub mod document;
mod error;
mod fields;
pub mod hex;
pub mod info;
pub mod input;
pub mod openings;
pub mod parameters;
pub mod proof;
pub mod request;
mod solana;
pub mod stream;
mod whole;

pub use circuit::{CircuitDocument, ParsedCircuit};
pub use document::Document;
pub use error::{json_reason, DocumentError, Invalid};
pub use fields::Fields;
pub use openings::Openings;
pub use proof::{ParsedDocument, ProofDocument, MAX_TRANSCRIPT_LABEL};
pub use request::{ProveRequest, RequestError, RequestParts};
