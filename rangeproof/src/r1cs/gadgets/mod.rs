//! Gadgets: reusable pieces of circuits, each written once for prover and verifier.
//!
//! `examples/gadgets.rs` uses each one (`cargo run --release -p rangeproof --example gadgets`);
//! the module docs say what each constrains and how, and each has satisfaction tests (true and
//! false assignments) and a prove-and-verify round trip. Gadgets take any
//! `CS: ConstraintSystem<G> + ?Sized`, so trait objects work too.
//!
//! | gadget | statement | multipliers |
//! |---|---|---|
//! | [`boolean`] | a variable is 0 or 1 | 1 |
//! | [`range`] | a value lies in \\([0, 2^n)\\) | \\(n\\) |
//! | [`comparison`] | \\(a < b\\) (or \\(\le\\)) for \\(n\\)-bit values | \\(3n\\) |
//! | [`merkle`] | a committed leaf is in a MiMC Merkle tree with a public root (depth \\(d\\)) | \\(\lceil 332.5 d \rceil\\) (secp256k1: \\(\lceil 338.5 d \rceil\\)) |
//! | [`sha256`] | knowledge of a message (≤ 55 bytes, length hidden) with a public SHA-256 digest | ≈ 25 600 |
//! | [`shuffle`] | two committed lists are permutations of each other | \\(2(k-1)\\) |

pub mod boolean;
pub mod comparison;
pub mod merkle;
pub mod range;
pub mod sha256;
pub mod shuffle;

#[cfg(test)]
pub(crate) mod test_support;
