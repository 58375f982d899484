//! The library's integration tests, one test binary: each module was a test crate of its own
//! (`tests/<module>.rs`), and each linked the whole library and its peers — much of the test
//! build's time (issue 54). One binary compiles the shared code once. A module is built when the
//! features it needs are on, as its `required-features` said before; run one with
//! `cargo test -p rangeproof --all-features --test integration <module>::`.

// The helpers the modules share, once each.
mod common;
#[cfg(feature = "mweb")]
#[path = "support/mweb_build.rs"]
mod mweb_build;
#[cfg(feature = "solana")]
#[path = "support/solana_sdk.rs"]
mod solana_sdk;
#[cfg(feature = "secp256k1-zkp")]
#[path = "support/secp256k1zkp.rs"]
mod zkp;

#[cfg(feature = "aptos")]
mod aptos_interop;
#[cfg(feature = "aptos")]
mod aptos_rules;
mod architecture;
mod consensus_rules;
#[cfg(feature = "std")]
mod contexts;
#[cfg(feature = "dalek")]
mod dalek_vectors;
#[cfg(all(feature = "monero", feature = "tari"))]
mod differential;
#[cfg(feature = "secp256k1-zkp")]
mod elements_batch;
#[cfg(feature = "secp256k1-zkp")]
mod elements_borromean;
#[cfg(feature = "secp256k1-zkp")]
mod elements_surjection;
#[cfg(all(
    feature = "dalek",
    feature = "tari",
    feature = "monero",
    feature = "solana",
    feature = "aptos",
    feature = "mobilecoin",
    feature = "secp256k1-zkp",
    feature = "liquid",
    feature = "r1cs",
    feature = "mpc",
    feature = "internals"
))]
mod fuzz_corpus;
#[cfg(feature = "secp256k1-zkp")]
mod grin_interop;
#[cfg(feature = "secp256k1-zkp")]
mod grin_vectors;
#[cfg(all(
    feature = "dalek",
    feature = "tari",
    feature = "monero",
    feature = "secp256k1-zkp",
    feature = "r1cs"
))]
mod known_bugs;
#[cfg(feature = "liquid")]
mod liquid_interop;
#[cfg(feature = "liquid")]
mod liquid_rules;
#[cfg(feature = "mobilecoin")]
mod mobilecoin_interop;
#[cfg(feature = "mobilecoin")]
mod mobilecoin_rules;
#[cfg(feature = "monero")]
mod monero_bp_vectors;
#[cfg(feature = "monero")]
mod monero_interop;
#[cfg(feature = "monero")]
mod monero_vectors;
#[cfg(feature = "mweb")]
mod mweb_interop;
#[cfg(feature = "mweb")]
mod mweb_rules;
#[cfg(all(feature = "monero", feature = "tari"))]
mod properties;
#[cfg(feature = "dalek")]
mod public_batch;
#[cfg(feature = "r1cs")]
mod r1cs_vectors;
#[cfg(feature = "dalek")]
mod reference_interop;
#[cfg(feature = "solana")]
mod solana_interop;
#[cfg(feature = "solana")]
mod solana_properties;
#[cfg(feature = "sui")]
mod sui_interop;
#[cfg(feature = "tari")]
mod tari_interop;
