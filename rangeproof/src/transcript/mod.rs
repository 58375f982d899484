//! Fiat–Shamir transcripts.
//!
//! The proof systems talk to the transcript only through [`TranscriptProtocol`]: "absorb this
//! prover message under this label", "give me a challenge". Which bytes are hashed, and how,
//! is the flavor's business. Wire-compatible flavors fix the transcript to the byte; see each
//! implementation for what it absorbs and what it leaves out.
//!
//! The transcript also seeds the prover's nonces ([`TranscriptProtocol::witness_rng`]): the
//! RNG is keyed with the transcript state, the secret witness, and fresh external randomness,
//! so that neither a weak system RNG nor a repeated transcript alone repeats a nonce.

mod merlin_transcript;

/// Monero's Keccak hash-chain transcript, kept with the rest of the Monero flavor
/// ([`crate::flavors::monero::transcript`]); this path stays for callers that know it here.
pub mod monero {
    pub use crate::flavors::monero::transcript::*;
}

use rand_core::{CryptoRng, RngCore};

use crate::errors::ProofError;
use crate::group::Group;

/// The operations the proof systems need from a Fiat–Shamir transcript over group `G`.
pub trait TranscriptProtocol<G: Group> {
    /// The RNG returned by [`Self::witness_rng`].
    type WitnessRng: RngCore + CryptoRng;

    /// Starts a range proof over `n`-bit values, `m` of them (the real, unpadded count).
    fn rangeproof_domain_sep(&mut self, n: u64, m: u64);

    /// Starts an inner-product argument over vectors of length `n`.
    fn innerproduct_domain_sep(&mut self, n: u64);

    /// Absorbs a domain-separation message (merlin: under the label `dom-sep`).
    fn append_domain_separator(&mut self, message: &'static [u8]);

    /// Absorbs a 64-bit integer.
    fn append_u64(&mut self, label: &'static [u8], value: u64);

    /// Absorbs bytes that are neither a point nor a scalar of the group (Monero: the hash of
    /// the commitments that starts the chain).
    fn append_bytes(&mut self, label: &'static [u8], bytes: &[u8]);

    /// Absorbs a point encoding.
    fn append_point(&mut self, label: &'static [u8], point: &G::PointEncoding);

    /// Absorbs a point encoding after checking it is not the identity.
    fn validate_and_append_point(
        &mut self,
        label: &'static [u8],
        point: &G::PointEncoding,
    ) -> Result<(), ProofError> {
        if G::is_identity_encoding(point) {
            return Err(ProofError::IdentityPoint);
        }
        self.append_point(label, point);
        Ok(())
    }

    /// Absorbs a scalar.
    fn append_scalar(&mut self, label: &'static [u8], scalar: &G::Scalar);

    /// Squeezes a challenge scalar.
    fn challenge_scalar(&mut self, label: &'static [u8]) -> G::Scalar;

    /// A hedged RNG for the prover's secret nonces: keyed by the transcript so far, every
    /// `(label, secret bytes)` witness item, and 32 bytes from `rng`.
    fn witness_rng<R: RngCore + CryptoRng>(
        &self,
        witness: &[(&'static [u8], &[u8])],
        rng: &mut R,
    ) -> Self::WitnessRng;
}

/// A challenge that must not be zero (Tari rejects zero challenges; so do we, on both sides).
pub(crate) fn nonzero_challenge<G: Group, T: TranscriptProtocol<G>>(
    transcript: &mut T,
    label: &'static [u8],
) -> Result<G::Scalar, ProofError> {
    let c = transcript.challenge_scalar(label);
    if c == G::zero() {
        return Err(ProofError::VerificationFailed);
    }
    Ok(c)
}

/// A `'static` copy of a transcript label known only at run time (merlin takes `'static`
/// labels; documents carry theirs). Each distinct label is kept once for the life of the
/// process, so memory grows with the number of *distinct* labels, not with the number of
/// proofs (front ends bound a label's length).
pub fn intern_label(label: &[u8]) -> &'static [u8] {
    use std::collections::HashSet;
    use std::sync::{Mutex, OnceLock};
    static LABELS: OnceLock<Mutex<HashSet<&'static [u8]>>> = OnceLock::new();
    // A poisoned lock only means another thread panicked while inserting; the set is valid.
    let mut labels = LABELS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(known) = labels.get(label) {
        return known;
    }
    let leaked: &'static [u8] = Box::leak(label.to_vec().into_boxed_slice());
    labels.insert(leaked);
    leaked
}
