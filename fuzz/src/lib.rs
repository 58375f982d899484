//! The bodies of the fuzz targets, as plain functions over bytes (no libFuzzer here), so the
//! stable-toolchain replay tests can include the same files:
//!
//! * [`targets`]: the decoders, the verifiers (ours against the deployed peers) and the batch
//!   verifier; replayed by `rangeproof/tests/fuzz_corpus.rs`.
//! * [`cli_targets`]: the front ends' proof-document parser; replayed by
//!   `rangeproof-documents/tests/fuzz_corpus.rs`.
//!
//! * [`grin_targets`]: secp256k1-zkp's format against the C library; replayed by
//!   `rangeproof/tests/fuzz_corpus.rs`.
//! * [`elements_targets`]: Elements' Borromean and surjection proofs against the C library,
//!   and Liquid transactions against rust-elements; replayed there too.
//! * [`solana_targets`]: Solana's batched range proofs against `solana-zk-sdk`; replayed by
//!   `rangeproof/tests/fuzz_corpus.rs`.
//! * [`mweb_targets`]: Litecoin's MWEB parser and verifier, and Core's peg-in rules for
//!   transactions and blocks as oracles of our own (no peer builds here); replayed
//!   by `rangeproof/tests/fuzz_corpus.rs`.
//! * [`bppp_targets`]: Bulletproofs++, the optimized verifier against the slow reference one
//!   (no peer exists); replayed there too.
//!
//! Each `fuzz_targets/<name>.rs` calls the function of the same name; its corpus is
//! `corpus/<name>/`.

pub mod bases_targets;
pub mod bppp_targets;
pub mod cli_targets;
pub mod elements_targets;
pub mod grin_targets;
pub mod mask;
/// MWEB transactions assembled here, shared with the tests (the peg-in builder).
#[path = "../../rangeproof/tests/support/mweb_build.rs"]
pub mod mweb_build;
pub mod mweb_targets;
/// `solana-zk-sdk` as the cross-tests drive it, shared with them.
#[path = "../../rangeproof/tests/support/solana_sdk.rs"]
pub mod solana_sdk;
pub mod solana_targets;
pub mod targets;
/// The C library's wrapper, shared with the cross-tests.
#[path = "../../rangeproof/tests/support/secp256k1zkp.rs"]
pub mod zkp;
