//! MobileCoin's range proofs: `transaction/core/src/range_proofs` of `mobilecoinfoundation/
//! mobilecoin`, which proves with its fork of the reference crate (`bulletproofs-og` 3.0.0-pre.1,
//! `mobilecoinfoundation/bulletproofs` at `9abfdc05`, the pin its `Cargo.toml` patches in).
//! The reference crate's Bulletproofs under MobileCoin's choices:
//!
//! * The transcript is merlin's under the fixed label `mc_bulletproof_transcript`
//!   (`BULLETPROOF_DOMAIN_TAG`), so documents carry no `transcript_label`.
//! * The value base is the token's: \\(B_t = \mathrm{FromUniformBytes}(\mathrm{BLAKE2b\text{-}512}(
//!   \texttt{"mc\_onetime\_key\_hash\_to\_point"} \| (\mathrm{encode}(G) \oplus t_{\mathrm{le}})))\\),
//!   the token id's eight little-endian bytes XORed onto the first eight of the basepoint's
//!   encoding (`mc_crypto_ring_signature::generators`); the blinding base is the basepoint \\(G\\).
//!   A statement gives \\(B_t\\) as `value_base` ([`value_base`] derives it); absent, MOB's
//!   (token 0). The transcript does not absorb it (nor the token id), as MobileCoin's does
//!   not: a proof is about the base its verifier is given, so the verifier must give the
//!   token's.
//! * 64-bit values only, up to 64 in one proof (`BulletproofGens::new(64, 64)`).
//! * A count that is not a power of two is padded by repeating the last value and blinding on
//!   the prover's side and the last commitment on the verifier's, and the padded commitments
//!   are what the transcript absorbs ([`Padding::RepeatLast`]): a transaction lists its real
//!   outputs' commitments, and the proof covers the padded list.
//!
//! The vector generators, steps and wire layout are the reference crate's.

use crate::sync::OnceLock;
use alloc::vec;
use blake2::{Blake2b512, Digest};
use curve25519_dalek::constants::{RISTRETTO_BASEPOINT_COMPRESSED, RISTRETTO_BASEPOINT_POINT};
use curve25519_dalek::ristretto::RistrettoPoint;
use merlin::Transcript;

use super::dalek::{self, Dalek};
use super::{BulletproofsConvention, Deployment, Generators, Padding, StatementBases};
use crate::generators::PedersenGens;
use crate::group::Ristretto255;
use crate::wire::Layout;

/// MobileCoin's transcript label (`BULLETPROOF_DOMAIN_TAG`).
pub const TRANSCRIPT_LABEL: &[u8] = b"mc_bulletproof_transcript";

/// The hash-to-point tag the value bases are derived under (`HASH_TO_POINT_DOMAIN_TAG`).
const HASH_TO_POINT_TAG: &[u8] = b"mc_onetime_key_hash_to_point";

/// The value base of token `token_id` (MOB is token 0).
pub fn value_base(token_id: u64) -> RistrettoPoint {
    let mut seed = RISTRETTO_BASEPOINT_COMPRESSED.to_bytes();
    for (byte, id) in seed.iter_mut().zip(token_id.to_le_bytes()) {
        *byte ^= id;
    }
    let mut hash = Blake2b512::new();
    hash.update(HASH_TO_POINT_TAG);
    hash.update(seed);
    let mut wide = [0u8; 64];
    wide.copy_from_slice(&hash.finalize());
    RistrettoPoint::from_uniform_bytes(&wide)
}

/// MOB's Pedersen bases: token 0's value base, the basepoint for blindings.
pub fn pedersen_gens() -> PedersenGens<Ristretto255> {
    PedersenGens {
        b: value_base(0),
        blinding: vec![RISTRETTO_BASEPOINT_POINT],
    }
}

/// MobileCoin's Bulletproofs on ristretto255.
#[derive(Clone, Copy, Debug, Default)]
pub struct MobileCoin;

impl Deployment for MobileCoin {
    type Group = Ristretto255;
    type Transcript = Transcript;
    const NAME: &'static str = "mobilecoin";
    const BITS: &'static [usize] = &[64];
    const MAX_VALUES: usize = 64;
    /// The label is MobileCoin's, not the application's.
    const TRANSCRIPT_LABEL: bool = false;

    fn transcript(_label: &[u8]) -> Transcript {
        Transcript::new(TRANSCRIPT_LABEL)
    }

    fn generators() -> &'static Generators<Self> {
        static GENS: OnceLock<Generators<MobileCoin>> = OnceLock::new();
        GENS.get_or_init(|| Generators::new(pedersen_gens(), dalek::vector_gens()))
    }

    fn owned_generators() -> Generators<Self> {
        Generators::new(pedersen_gens(), dalek::owned_vector_gens())
    }
}

/// Its conventions are this crate's (the seal: `convention.rs`).
impl super::Sealed for MobileCoin {}

/// The reference crate's steps and layout, the token's value base, padding by repetition.
impl BulletproofsConvention for MobileCoin {
    const LAYOUT: Layout = <Dalek as BulletproofsConvention>::LAYOUT;
    const STATEMENT_BASES: StatementBases = StatementBases::Value;
    const PADDING: Padding = Padding::RepeatLast;
}
