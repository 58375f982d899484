//! Aptos's range proofs: Confidential APT (AIP-143), as the Move natives of `aptos-core`
//! (`aptos_std::ristretto255_bulletproofs`) and its WebAssembly bindings
//! (`@aptos-labs/confidential-asset-wasm-bindings` 0.0.2, `range-proofs`) make and check them.
//! They are the reference crate's Bulletproofs (`bulletproofs` 4.0.0) under three choices:
//!
//! * The transcript is merlin's under the fixed label
//!   `AptosConfidentialAsset/BulletproofRangeProof` (the confidential-asset module's domain
//!   separation tag; the bindings hard-code it), so documents carry no `transcript_label`.
//! * The Pedersen bases are the caller's (`val_base`, `rand_base`: the bindings take both;
//!   Confidential APT passes the ristretto255 basepoint and its encryption key's base): a
//!   statement gives them as `value_base` and `blinding_base`, and absent ones are the
//!   reference crate's (`PedersenGens::default()`). The transcript never absorbs them.
//! * The natives' generators are `BulletproofGens::new(64, 16)` and the reference prover and
//!   verifier take only power-of-two aggregations: 1, 2, 4, 8 or 16 values (Confidential APT
//!   proves a balance as eight 16-bit chunks), each 8, 16, 32 or 64 bits.
//!
//! The vector generators, steps and wire layout are the reference crate's.

use crate::sync::OnceLock;
use merlin::Transcript;

use super::dalek::{self, Dalek};
use super::{BulletproofsConvention, Deployment, Generators, StatementBases};
use crate::group::Ristretto255;
use crate::wire::Layout;

/// The confidential-asset module's domain separation tag: the transcript's label.
pub const TRANSCRIPT_LABEL: &[u8] = b"AptosConfidentialAsset/BulletproofRangeProof";

/// The natives' party capacity (`MAX_BATCH_SIZE`).
const MAX_VALUES: usize = 16;

/// Aptos's Bulletproofs on ristretto255.
#[derive(Clone, Copy, Debug, Default)]
pub struct Aptos;

impl Deployment for Aptos {
    type Group = Ristretto255;
    type Transcript = Transcript;
    const NAME: &'static str = "aptos";
    const MAX_VALUES: usize = MAX_VALUES;
    const POWER_OF_TWO_VALUES: bool = true;
    /// The label is Aptos's, not the application's.
    const TRANSCRIPT_LABEL: bool = false;

    fn transcript(_label: &[u8]) -> Transcript {
        Transcript::new(TRANSCRIPT_LABEL)
    }

    fn generators() -> &'static Generators<Self> {
        static GENS: OnceLock<Generators<Aptos>> = OnceLock::new();
        GENS.get_or_init(|| Generators::new(dalek::pedersen_gens(), dalek::vector_gens()))
    }

    fn owned_generators() -> Generators<Self> {
        Generators::new(dalek::pedersen_gens(), dalek::owned_vector_gens())
    }
}

/// Its conventions are this crate's (the seal: `convention.rs`).
impl super::Sealed for Aptos {}

/// The reference crate's steps and layout, under the caller's bases.
impl BulletproofsConvention for Aptos {
    const LAYOUT: Layout = <Dalek as BulletproofsConvention>::LAYOUT;
    const STATEMENT_BASES: StatementBases = StatementBases::ValueAndBlinding;
}
