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
//! The proof systems ask their flavor through [`Flavor`]'s methods; each method dispatches to
//! the flavor's module.

pub mod dalek;
pub(crate) mod flavor;
#[cfg(feature = "monero")]
pub mod monero;
pub mod tari;

/// Grin's convention is libsecp256k1-zkp's Bulletproofs, a protocol of its own: it lives in
/// [`crate::secp256k1_zkp::bulletproofs`] (this path stays for callers that know it here).
#[cfg(feature = "secp256k1-zkp")]
pub use crate::secp256k1_zkp::bulletproofs as grin;

#[cfg(test)]
pub(crate) use flavor::tamper;
pub use flavor::Flavor;
pub(crate) use flavor::Publisher;

use crate::generators::Generators;
use crate::group::{Commitments, Group};
use crate::transcript::TranscriptProtocol;
use crate::ProofError;

/// The steps where the flavors differ — transcript steps in protocol order, then the statement
/// rules and the seed-nonce derivation. Each dispatches to the flavor's module.
impl Flavor {
    /// Bulletproofs: absorbs the statement (n, m, the commitments) as the flavor does and
    /// returns the commitment points the proof is about (Monero: \\(8^{-1} C_j\\); the verifier
    /// clears their cofactor before use).
    pub(crate) fn bulletproofs_statement<G: Group, T: TranscriptProtocol<G>>(
        self,
        transcript: &mut T,
        n: usize,
        commitments: &Commitments<G>,
    ) -> Result<Commitments<G>, ProofError> {
        match self {
            Flavor::Dalek => Ok(dalek::bulletproofs_statement(transcript, n, commitments)),
            #[cfg(feature = "monero")]
            Flavor::MoneroOriginal => monero::bulletproofs_statement(transcript, self, commitments),
            // Without the `monero` feature no generators carry Monero's flavor.
            #[cfg(not(feature = "monero"))]
            Flavor::MoneroOriginal => Err(ProofError::WrongFlavor),
            // Grin's Bulletproofs are a protocol of their own (`grin`), not these rounds.
            Flavor::Tari | Flavor::MoneroPlus | Flavor::Grin => Err(ProofError::WrongFlavor),
        }
    }

    /// Bulletproofs: before \\(T_1, T_2\\) (Monero absorbs \\(z\\) again).
    pub(crate) fn bulletproofs_before_t<G: Group, T: TranscriptProtocol<G>>(
        self,
        transcript: &mut T,
        z: &G::Scalar,
    ) {
        #[cfg(feature = "monero")]
        if self == Flavor::MoneroOriginal {
            monero::bulletproofs_before_t(transcript, z);
        }
        #[cfg(not(feature = "monero"))]
        let _ = (transcript, z);
    }

    /// Bulletproofs: \\(t_x, \tau_x, \mu\\) before \\(w\\) (Monero: \\(x, \tau_x, \mu, t\\)).
    pub(crate) fn bulletproofs_scalars<G: Group, T: TranscriptProtocol<G>>(
        self,
        transcript: &mut T,
        x: &G::Scalar,
        t_x: &G::Scalar,
        t_x_blinding: &G::Scalar,
        e_blinding: &G::Scalar,
    ) {
        match self {
            #[cfg(feature = "monero")]
            Flavor::MoneroOriginal => {
                monero::bulletproofs_scalars(transcript, x, t_x, t_x_blinding, e_blinding)
            }
            _ => {
                let _ = x;
                dalek::bulletproofs_scalars(transcript, t_x, t_x_blinding, e_blinding)
            }
        }
    }

    /// Bulletproofs+: absorbs the statement as the flavor does and returns the commitment
    /// points the proof is about (Monero: \\(8^{-1} C_j\\)). `commitments` are the real
    /// (unpadded) ones.
    pub(crate) fn bulletproofs_plus_statement<G: Group, T: TranscriptProtocol<G>>(
        self,
        transcript: &mut T,
        gens: &Generators<G>,
        shape: StatementShape<'_>,
        commitments: &Commitments<G>,
    ) -> Result<Commitments<G>, ProofError> {
        match self {
            Flavor::Tari => tari::bulletproofs_plus_statement(transcript, gens, shape, commitments),
            #[cfg(feature = "monero")]
            Flavor::MoneroPlus => {
                monero::bulletproofs_plus_statement(transcript, self, commitments)
            }
            #[cfg(not(feature = "monero"))]
            Flavor::MoneroPlus => Err(ProofError::WrongFlavor),
            Flavor::Dalek | Flavor::MoneroOriginal | Flavor::Grin => Err(ProofError::WrongFlavor),
        }
    }

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

    /// Whether the flavor derives a recoverable proof's nonces from a seed (Tari).
    pub(crate) fn has_seed_nonces(self) -> bool {
        self == Flavor::Tari
    }

    /// Bulletproofs+: the nonce of `step` for blinding factor `k`, derived from `seed` by the
    /// flavor's rule (`None` for flavors without one; provers refuse a seed for them first).
    pub(crate) fn seed_nonce<G: Group>(
        self,
        seed: &G::Scalar,
        step: crate::bulletproofs_plus::NonceStep,
        k: usize,
    ) -> Option<G::Scalar> {
        match self {
            Flavor::Tari => Some(tari::nonces::of_step::<G>(seed, step, k)),
            _ => None,
        }
    }
}

/// What a Bulletproofs+ transcript absorbs of the statement besides the commitments.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StatementShape<'a> {
    pub bits: usize,
    pub extension_degree: usize,
    pub minimum_values: Option<&'a [u64]>,
}
