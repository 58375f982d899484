//! Elements' Borromean range proofs (libsecp256k1-zkp's `rangeproof` module, as Liquid runs
//! them): a value \\(v\\) committed as \\(C = r G + v A\\) on a value generator \\(A\\) (an
//! asset generator in Confidential Assets) is shown to lie in
//! \\([\mathit{min}, \mathit{min} + (2^{\mathit{mantissa}} - 1) \cdot 10^{exp}]\\) by one
//! Borromean ring signature per base-4 digit (Maxwell, "Confidential Transactions", 2015;
//! Maxwell–Poelstra, "Borromean Ring Signatures", 2015).
//!
//! * [`prove`] (`secp256k1_rangeproof_sign`), [`verify`], [`rewind`] and [`info`], with every
//!   parameter of the C API ([`ProofParameters`]: `min_value`, `exp`, `min_bits`; the
//!   `message`, the `extra_commit` and the nonce) and its exact wire format (`verifier`'s
//!   notes); [`max_size`].
//! * The module layout follows the C code's: `header` (what the first bytes say), `rings`
//!   (the ring signatures), `prover`, `verifier`.
//!
//! # What is public and what is not
//!
//! The header reveals the exponent, the mantissa's length and the minimum (the value's low
//! decimal digits when `exp` > 0 and, with `exp` = −1, the value itself): that is the
//! protocol, chosen by the caller's parameters. The digits, the blinding and the nonce stay
//! secret: the prover handles them with constant-time arithmetic (`k256`), selects and writes
//! the secret positions with `subtle`, and takes the same steps whatever the digits.

mod header;
mod prover;
pub(crate) mod rings;
pub(crate) mod verifier;

#[cfg(test)]
mod tests;

pub use header::{max_size, ProofInfo};
pub use prover::{prove, ProofParameters, Proved};
pub use verifier::{info, pending, rewind, verify, Rewound};
