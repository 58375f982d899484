//! A deployment that exists for the tests: what adding one costs, kept honest by the compiler.
//!
//! It is the reference crate's Bulletproofs under another transcript label and another value
//! base — the shape of a real deployment that reuses a published format with its own domain
//! separation. This file and one line in the registry (`suite/registry.rs`, under `cfg(test)`)
//! are all it takes: the suite tests that run every registered suite then prove, verify, batch
//! and refuse tampered proofs of it with no test code of its own, and
//! `rangeproof-documents`' tests round-trip its proofs through documents (feature `testing`;
//! it is never in a release build's registry).

use crate::sync::OnceLock;
use alloc::vec;

use curve25519_dalek::ristretto::RistrettoPoint;
use merlin::Transcript;
use sha3::{Digest, Sha3_512};

use super::dalek::{self, Dalek};
use super::{BulletproofsConvention, Deployment, Generators};
use crate::generators::PedersenGens;
use crate::group::Ristretto255;
use crate::wire::Layout;

/// The reference format with its own transcript label and value base.
#[derive(Clone, Copy, Debug, Default)]
pub struct Relabelled;

/// Its value base: `FromUniformBytes(SHA3-512("rangeproof/testing/value base"))`; the
/// blinding base is the reference crate's.
fn pedersen_gens() -> PedersenGens<Ristretto255> {
    let mut wide = [0u8; 64];
    wide.copy_from_slice(&Sha3_512::digest(b"rangeproof/testing/value base"));
    PedersenGens {
        b: RistrettoPoint::from_uniform_bytes(&wide),
        blinding: vec![dalek::pedersen_gens().b_blinding()],
    }
}

impl Deployment for Relabelled {
    type Group = Ristretto255;
    type Transcript = Transcript;
    const NAME: &'static str = "relabelled";

    /// Merlin under its own protocol label, the application's label absorbed after it.
    fn transcript(label: &[u8]) -> Transcript {
        let mut transcript = Transcript::new(b"rangeproof/testing");
        transcript.append_message(b"application", label);
        transcript
    }

    fn generators() -> &'static Generators<Self> {
        static GENS: OnceLock<Generators<Relabelled>> = OnceLock::new();
        GENS.get_or_init(|| Generators::new(pedersen_gens(), dalek::vector_gens()))
    }

    fn owned_generators() -> Generators<Self> {
        Generators::new(pedersen_gens(), dalek::owned_vector_gens())
    }
}

/// The reference crate's steps (the trait's defaults) and layout.
/// Its conventions are this crate's (the seal: `convention.rs`).
impl super::Sealed for Relabelled {}

impl BulletproofsConvention for Relabelled {
    const LAYOUT: Layout = <Dalek as BulletproofsConvention>::LAYOUT;
}
