//! libsecp256k1-zkp's modules, grouped as the C library groups them (`src/modules/*`), each
//! self-contained with its tests, all over [`crate::Secp256k1`] and behind the
//! `secp256k1-zkp` feature:
//!
//! * [`generator`]: the Pedersen bases, value (asset) generators and
//!   `secp256k1_generator_generate`;
//! * [`bulletproofs`]: its Bulletproofs range proofs, as Grin runs them (prove, verify,
//!   batch, rewind, the multi-party rounds);
//! * [`borromean`]: Elements' Borromean range proofs (`src/modules/rangeproof`, as Liquid
//!   runs them: sign, verify, rewind, info);
//! * [`surjection`]: asset surjection proofs (`src/modules/surjection`);
//! * [`bppp`]: Bulletproofs++ (`src/modules/bppp`): the weighted norm argument so far.
//!
//! Each reaches the front ends through its own file in `suite/`.

pub mod borromean;
pub mod bppp;
pub mod bulletproofs;
pub mod generator;
mod rfc6979;
pub mod surjection;

pub use borromean::rings::PendingRingSignature;

/// A compressed public key (`02`/`03` ‖ x) on the curve: a point as Bitcoin's transactions
/// carry keys (Elements' nonces, Litecoin's MWEB keys).
pub(crate) fn public_key(bytes: &[u8; 33]) -> Option<k256::ProjectivePoint> {
    use k256::elliptic_curve::sec1::FromEncodedPoint;
    let encoded = k256::EncodedPoint::from_bytes(bytes).ok()?;
    Option::<k256::AffinePoint>::from(k256::AffinePoint::from_encoded_point(&encoded))
        .map(k256::ProjectivePoint::from)
}
