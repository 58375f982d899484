//! Deployments: the conventions of each deployed implementation we are compatible with, one
//! module each, each a type.
//!
//! A deployment fixes everything besides the protocol's mathematics: its group, generators, its
//! Fiat–Shamir transcript and the steps where it differs, how its provers publish points and its
//! verifiers clear the cofactor, its nonce rules and its wire format.
//!
//! * [`dalek`]: the reference `bulletproofs` crate (Bulletproofs, ristretto255, merlin):
//!   [`Dalek`];
//! * [`tari`]: Tari's Bulletproofs+ (ristretto255, merlin; extension degrees, minimum values,
//!   seed nonces for mask recovery): [`Tari`];
//! * `monero` (feature `monero`): Monero's original Bulletproofs and Bulletproofs+ (Ed25519, a
//!   Keccak hash chain, points published times \\(8^{-1}\\)): `MoneroBulletproofs`,
//!   `MoneroBulletproofsPlus`;
//! * `solana` (feature `solana`): the batched range proofs of Solana's ZK ElGamal proof
//!   program (ristretto255, merlin with the instruction's context, values of their own bit
//!   lengths on one generator chain): `Solana`;
//! * `sui` (feature `sui`): fastcrypto's range proofs (Sui): `sui::Sui`;
//! * `aptos` (feature `aptos`): Aptos's Confidential APT range proofs (the reference format
//!   under Aptos's label and the caller's Pedersen bases): `aptos::Aptos`;
//! * `mobilecoin` (feature `mobilecoin`): MobileCoin's range proofs (the reference format
//!   under its label and per-token value bases, padded by repetition):
//!   `mobilecoin::MobileCoin`.
//!
//! Each type implements [`Deployment`] and [`BulletproofsConvention`] or
//! [`BulletproofsPlusConvention`] (`convention.rs`); the provers and verifiers are generic over
//! them, and a deployment's [`Generators`] carry its type.
//!
//! Grin's Bulletproofs are libsecp256k1-zkp's, a protocol of its own:
//! `crate::secp256k1_zkp::bulletproofs`.

#[cfg(feature = "aptos")]
pub mod aptos;
mod cofactor;
pub(crate) mod convention;
pub mod dalek;
mod layout;
#[cfg(feature = "mobilecoin")]
pub mod mobilecoin;
#[cfg(feature = "monero")]
pub mod monero;
#[cfg(feature = "solana")]
pub mod solana;
#[cfg(feature = "sui")]
pub mod sui;
pub mod tari;
#[cfg(any(test, feature = "testing"))]
pub mod testing;

#[cfg(test)]
pub(crate) use cofactor::tamper;
pub(crate) use cofactor::{clear_cofactor, Publisher};
use convention::sealed::Sealed;
pub use convention::{
    BitLayout, BulletproofsConvention, BulletproofsPlusConvention, Deployment, Generators,
    NonceStep, Padding, StatementBases, StatementShape,
};
pub use dalek::Dalek;
#[cfg(feature = "monero")]
pub use monero::{MoneroBulletproofs, MoneroBulletproofsPlus};
#[cfg(feature = "solana")]
pub use solana::Solana;
pub use tari::Tari;
