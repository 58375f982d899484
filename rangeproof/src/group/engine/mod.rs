//! The curve25519 verification engine: field arithmetic, points and batched decoding of our
//! own, for the verifier's hot paths where `curve25519-dalek`'s serial, private field is the
//! limit.
//!
//! - [`field`]: \\(\mathbb F_p\\) with `fiat-crypto`'s verified serial arithmetic.
//! - [`field_x8`]: the square root's candidate (its exponentiation \\(x^{(p-5)/8}\\) is the
//!   cost of decoding a point) for sixteen elements at a time with AVX-512 IFMA, or eight with
//!   AVX2 ([`field_x4`]), chosen at run time by CPU feature detection, serial otherwise.
//! - [`point`]: extended Edwards coordinates and the two encodings.
//! - [`decompress`]: batched ristretto255 and Ed25519 decoding that accepts and rejects
//!   exactly what the backends' own decoders do.
//! - [`msm`], [`msm_x8`]: the bucket method over these points (serial reference, IFMA).
//! - [`scalar_x8`]: scalar vectors times a scalar in Montgomery form, eight at a time (the
//!   verifiers' coefficient vectors).
//!
//! Everything here handles public data (proof encodings) and is variable-time.

pub mod decompress;
pub mod field;
pub mod field_x4;
pub mod field_x8;
pub mod msm;
pub mod msm_x8;
pub mod point;
pub mod scalar_x8;

pub use decompress::{decompress_ed25519, decompress_ristretto};
pub use field_x8::Backend;
pub use point::ExtendedPoint;
