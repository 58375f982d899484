//! Sui's range proofs: `fastcrypto`'s `bulletproofs` module (Mysten Labs' `fastcrypto` 0.1.11,
//! `src/bulletproofs.rs` and `src/pedersen.rs`), the reference crate's Bulletproofs under three
//! choices of its own:
//!
//! * Its transcript is merlin's with an **empty** protocol label, then the application's domain
//!   separation tag as a message: `Transcript::new(b"")`, `append_message(b"DST", dst)`. The
//!   tag is this crate's transcript label; the reference steps follow (`rangeproof v1`, n, m, …).
//! * Its Pedersen bases are its own: the value on
//!   \\(H = \mathrm{FromUniformBytes}(\mathrm{SHA\text{-}512}(\texttt{"fastcrypto-blinding-gen-01"}))\\),
//!   the blinding on the ristretto255 basepoint (the reference crate has them the other way
//!   round, with another \\(H\\)).
//! * Its verifier takes the generators for exactly the proof's number of commitments
//!   (`BulletproofGens::new(bits, commitments.len())`), so only power-of-two counts verify
//!   there: this deployment refuses the others rather than padding them as the reference does.
//!
//! The vector generators are the reference crate's chains; the wire layout is the reference's.

use crate::sync::OnceLock;
use alloc::vec;

use curve25519_dalek::constants::RISTRETTO_BASEPOINT_POINT;
use curve25519_dalek::ristretto::RistrettoPoint;
use merlin::Transcript;
use sha2::{Digest, Sha512};

use super::dalek::{self, Dalek};
use super::{BulletproofsConvention, Deployment, Generators};
use crate::generators::PedersenGens;
use crate::group::Ristretto255;
use crate::wire::Layout;

/// fastcrypto's value base's hashed string (`pedersen.rs`, `H`).
const VALUE_BASE_INPUT: &[u8] = b"fastcrypto-blinding-gen-01";

/// Sui's (fastcrypto's) Bulletproofs on ristretto255.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sui;

/// fastcrypto's Pedersen bases: value on its hashed \\(H\\), blinding on the basepoint.
pub fn pedersen_gens() -> PedersenGens<Ristretto255> {
    let mut wide = [0u8; 64];
    wide.copy_from_slice(&Sha512::digest(VALUE_BASE_INPUT));
    PedersenGens {
        b: RistrettoPoint::from_uniform_bytes(&wide),
        blinding: vec![RISTRETTO_BASEPOINT_POINT],
    }
}

impl Deployment for Sui {
    type Group = Ristretto255;
    type Transcript = Transcript;
    const NAME: &'static str = "sui";
    const POWER_OF_TWO_VALUES: bool = true;

    /// merlin under the empty label, the domain separation tag as the message `DST`.
    fn transcript(label: &[u8]) -> Transcript {
        let mut transcript = Transcript::new(b"");
        transcript.append_message(b"DST", label);
        transcript
    }

    fn generators() -> &'static Generators<Self> {
        static GENS: OnceLock<Generators<Sui>> = OnceLock::new();
        GENS.get_or_init(|| Generators::new(pedersen_gens(), dalek::vector_gens()))
    }

    fn owned_generators() -> Generators<Self> {
        Generators::new(pedersen_gens(), dalek::owned_vector_gens())
    }
}

/// Its conventions are this crate's (the seal: `convention.rs`).
impl super::Sealed for Sui {}

/// The reference crate's steps (the trait's defaults) and layout.
impl BulletproofsConvention for Sui {
    const LAYOUT: Layout = <Dalek as BulletproofsConvention>::LAYOUT;
}
