//! Flavors: the conventions of each deployed implementation we are compatible with, one
//! module each.
//!
//! A flavor fixes everything a deployment decides besides the protocol's mathematics: its
//! generators, its Fiat–Shamir transcript and the steps where it differs, how its provers
//! publish points and its verifiers clear the cofactor, its nonce rules and its wire format.
//!
//! * [`dalek`]: the reference `bulletproofs` crate (Bulletproofs, ristretto255, merlin);
//! * [`tari`]: Tari's Bulletproofs+ (ristretto255, merlin; extension degrees, minimum values,
//!   seed nonces for mask recovery);
//! * `monero` (feature `monero`): Monero's original Bulletproofs and Bulletproofs+ (Ed25519, a Keccak hash
//!   chain, points published times \\(8^{-1}\\)).
//!
//! Each deployment is a type implementing `BulletproofsConvention` or
//! `BulletproofsPlusConvention` (`convention.rs`; conventions as types: the provers and verifiers
//! are generic over them); [`Flavor`] is the tag its generators carry, and the two registry
//! macros below map a tag to its type, once per protocol entry point.

pub(crate) mod convention;
pub mod dalek;
pub(crate) mod flavor;
#[cfg(feature = "monero")]
pub mod monero;
pub mod tari;

/// Grin's convention is libsecp256k1-zkp's Bulletproofs, a protocol of its own: it lives in
/// [`crate::secp256k1_zkp::bulletproofs`] (this path stays for callers that know it here).
#[cfg(feature = "secp256k1-zkp")]
pub use crate::secp256k1_zkp::bulletproofs as grin;

pub(crate) use convention::{
    BulletproofsConvention, BulletproofsPlusConvention, NonceStep, StatementShape,
};
#[cfg(test)]
pub(crate) use flavor::tamper;
pub use flavor::Flavor;
pub(crate) use flavor::Publisher;

use crate::ProofError;

/// The registry of Bulletproofs conventions: runs `$body` with `$C` the convention type the
/// flavor `$flavor` names, or yields `Err(WrongFlavor.into())` for a flavor that has no
/// Bulletproofs convention compiled in (Tari's and Monero's Bulletproofs+ generators, Grin's,
/// whose protocol is `secp256k1_zkp::bulletproofs`). One line per deployment.
macro_rules! with_bulletproofs_convention {
    ($flavor:expr, $C:ident => $body:expr) => {
        match $flavor {
            $crate::flavors::Flavor::Dalek => {
                type $C = $crate::flavors::dalek::Dalek;
                $body
            }
            #[cfg(feature = "monero")]
            $crate::flavors::Flavor::MoneroOriginal => {
                type $C = $crate::flavors::monero::MoneroBulletproofs;
                $body
            }
            #[allow(unreachable_patterns)]
            _ => Err($crate::ProofError::WrongFlavor.into()),
        }
    };
}
pub(crate) use with_bulletproofs_convention;

/// The registry of Bulletproofs+ conventions (see [`with_bulletproofs_convention`]).
macro_rules! with_bulletproofs_plus_convention {
    ($flavor:expr, $C:ident => $body:expr) => {
        match $flavor {
            $crate::flavors::Flavor::Tari => {
                type $C = $crate::flavors::tari::Tari;
                $body
            }
            #[cfg(feature = "monero")]
            $crate::flavors::Flavor::MoneroPlus => {
                type $C = $crate::flavors::monero::MoneroBulletproofsPlus;
                $body
            }
            #[allow(unreachable_patterns)]
            _ => Err($crate::ProofError::WrongFlavor.into()),
        }
    };
}
pub(crate) use with_bulletproofs_plus_convention;

/// The statement rules of a flavor's generators.
impl Flavor {
    /// What the flavor allows of a range statement besides the shape every flavor checks:
    /// Grin's generators serve only its own protocol; Monero proves 64-bit values without
    /// minimum-value promises (its generator layout assumes it, and its single blinding base
    /// makes the extension degree 1); the reference crate's Bulletproofs have one blinding
    /// factor and no minimums.
    pub(crate) fn check_range_statement(
        self,
        bits: usize,
        extension_degree: usize,
        has_minimums: bool,
    ) -> Result<(), ProofError> {
        // Only Monero's rule reads the bit size.
        #[cfg(not(feature = "monero"))]
        let _ = bits;
        match self {
            Flavor::Grin => Err(ProofError::WrongFlavor),
            #[cfg(feature = "monero")]
            Flavor::MoneroPlus | Flavor::MoneroOriginal
                if bits != monero::MONERO_BITS || has_minimums =>
            {
                Err(ProofError::WrongFlavor)
            }
            Flavor::Dalek | Flavor::MoneroOriginal if extension_degree != 1 || has_minimums => {
                Err(ProofError::WrongFlavor)
            }
            _ => Ok(()),
        }
    }
}
