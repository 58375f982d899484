//! Bulletproofs++ (Eagen, Kanjalkar, Ruffing, Nick; eprint 2022/510) as libsecp256k1-zkp's
//! `bppp` module has it: its **weighted norm argument** ([`norm_argument`]), byte-compatible
//! with the C module's own test vectors, and its conventions ([`Secp256k1Zkp`]: transcript,
//! encodings, generators) under which [`crate::bulletproofs_pp`]'s range proofs run on
//! secp256k1.

mod convention;
pub mod norm_argument;

pub use super::rfc6979::StreamRng;
pub use convention::{tagged_transcript, Secp256k1Zkp};

use k256::ProjectivePoint;

/// The first `count` generators of `secp256k1_bppp_generators_create`: an RFC 6979 HMAC-SHA256
/// stream seeded with \\(x(G) \Vert y(G)\\), 32 bytes a generator, each through
/// `secp256k1_generator_generate` — the same derivation as the Bulletproofs module's vector
/// generators (one implementation serves both: [`super::bulletproofs::generators`]).
pub fn generators(count: usize) -> Vec<ProjectivePoint> {
    super::bulletproofs::generators::derive_vector_generators(count)
}

#[cfg(test)]
mod tests;
