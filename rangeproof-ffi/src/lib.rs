//! rangeproof's C library: the ABI C and C++ nodes call, in libsecp256k1's style — a context
//! object first, opaque structures, `int` results, lengths as `size_t`, never a crash on bad
//! input. The header, `include/rangeproof.h`, is generated from this crate by cbindgen
//! (`tests/header.rs` fails when the committed header no longer matches).
//!
//! # Conventions every function keeps
//!
//! * Results: `1` success (valid, added, made), `0` a well-formed proof that does not verify,
//!   `2` incomplete (`rp_liquid_verify_tx` without the spent outputs, `rp_mweb_verify` of a
//!   block without the previous kernel offset: nothing invalid, but not
//!   everything checked), `-1` unusable input (a NULL pointer, a length out of range, text that is not a document,
//!   a buffer too short) — the reason, when the caller gives a buffer for it, is written there
//!   as one NUL-terminated line, truncated to fit.
//! * Nothing unwinds across the boundary: a panic inside is caught and reported as `-1`.
//! * No global mutable state the caller can observe: an `rp_context` owns every generator and
//!   table the functions derive (on first use, behind locks of its own), does not change after
//!   it is made, and may be shared by any number of threads. A batch belongs to one thread at a
//!   time and keeps its context alive until it is destroyed.
//! * Secrets the library handles (blindings, nonces, values) are wiped from its own memory
//!   when it is done with them; what the caller passes in or asks to be written out stays the
//!   caller's to wipe.

// Every exported function dereferences the caller's pointers: `unsafe` is the boundary itself.
// Each use is commented with what makes it sound.
#![allow(clippy::missing_safety_doc)]
// The C signatures follow libsecp256k1-zkp's, argument for argument.
#![allow(clippy::too_many_arguments)]

mod batch;
mod context;
mod document;
mod elements;
mod grin;
mod liquid;
mod monero;
mod mweb;
mod solana;
mod status;

pub use batch::{
    rp_batch, rp_batch_add_document, rp_batch_create, rp_batch_destroy, rp_batch_verify,
};
pub use context::{rp_context, rp_context_create, rp_context_destroy};
pub use document::{rp_prove_document, rp_verify_document};
pub use elements::{
    rp_rangeproof_info, rp_rangeproof_rewind, rp_rangeproof_verify, rp_surjectionproof_verify,
};
pub use grin::{
    rp_bulletproof_generators, rp_bulletproof_generators_create, rp_bulletproof_generators_destroy,
    rp_generator, rp_generator_parse, rp_grin_bulletproof_rewind, rp_grin_bulletproof_verify,
    rp_grin_bulletproof_verify_multi, rp_pedersen_commit, rp_pedersen_commitment,
    rp_pedersen_commitment_parse, rp_pedersen_commitment_serialize,
};
pub use liquid::rp_liquid_verify_tx;
pub use monero::{rp_monero_bulletproof_plus_verify, rp_monero_bulletproof_verify};
pub use mweb::{rp_mweb_scan, rp_mweb_verify};
pub use solana::{rp_solana_batched_range_proof_prove, rp_solana_batched_range_proof_verify};
