#![doc = include_str!("../README.md")]
// The core builds without the standard library (`--no-default-features --features dalek`),
// with `alloc`; tests always have `std`.
#![cfg_attr(not(any(feature = "std", test)), no_std)]
#![deny(unsafe_code)]
#![deny(missing_docs)]
// A build with some deployments left out keeps helpers only they use (the flavor machinery is
// shared): unused there, not dead.
#![cfg_attr(
    not(all(
        feature = "tari",
        feature = "monero",
        feature = "secp256k1-zkp",
        feature = "r1cs"
    )),
    allow(dead_code, unused_imports)
)]

extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

mod batch;
#[cfg(any(feature = "liquid", feature = "mweb"))]
mod bitcoin_wire;
pub mod bulletproofs;
pub mod bulletproofs_plus;
pub mod bulletproofs_pp;
pub mod deployments;
pub mod equation;
mod errors;
mod generators;
pub mod group;
mod inner_product;
#[cfg(feature = "liquid")]
pub mod liquid;
mod msm;
#[cfg(feature = "mweb")]
pub mod mweb;
#[cfg(feature = "r1cs")]
pub mod r1cs;
#[cfg(feature = "secp256k1-zkp")]
pub mod secp256k1_zkp;
mod statement;
pub mod suite;
mod sync;
mod transcript;
mod util;
mod verification;
pub(crate) mod weighted_inner_product;
mod wire;

#[cfg(all(test, feature = "monero"))]
mod agreement_tests;

pub use batch::{BatchVerifier, BLAME_LIMIT};
pub use bulletproofs::RangeProof;
pub use bulletproofs_plus::RangeProofPlus;
pub use deployments::Generators;
pub use errors::{BatchError, DecodeError, ProofError, StatementError, StatementField};
pub use generators::{PedersenGens, RangeGens};
#[cfg(feature = "group-secp256k1")]
pub use group::Secp256k1;
pub use group::{Ed25519, EncodedPoint, Group, Ristretto255};
pub use suite::{
    ProofSuite, Recovered, Suite, SuiteBatch, SuiteContext, SuiteInfo, SuiteStatement,
};
pub use transcript::{merlin_transcript, TranscriptProtocol};

/// The largest number of values one proof may aggregate.
pub const MAX_AGGREGATION: usize = 64;
