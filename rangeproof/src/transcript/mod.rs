//! Fiat–Shamir transcripts.
//!
//! The proof systems talk to the transcript only through [`TranscriptProtocol`]: "absorb this
//! prover message under this label", "give me a challenge". Which bytes are hashed, and how,
//! is the deployment's business (its `Deployment::Transcript`; Monero's Keccak hash chain lives
//! in `deployments::monero::transcript`). Wire-compatible deployments fix the transcript to the
//! byte; see each implementation for what it absorbs and what it leaves out.
//!
//! The transcript also seeds the prover's nonces ([`TranscriptProtocol::witness_rng`]): the
//! RNG is keyed with the transcript state, the secret witness, and fresh external randomness,
//! so that neither a weak system RNG nor a repeated transcript alone repeats a nonce.

mod merlin_transcript;

use crate::DecodeError;
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
            return Err(DecodeError::IdentityPoint.into());
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

/// For tests: the transcript `T` with one challenge replaced by zero — the `nth` (from 0) one
/// squeezed under `label`. `T` absorbs and squeezes exactly as it would otherwise, so every
/// other challenge is the real one. Outside a test a zero challenge needs a hash output equal
/// to zero, so this is the only way to make a verifier meet one.
#[cfg(all(test, feature = "monero"))]
pub(crate) struct ZeroChallenge<T> {
    inner: T,
    label: &'static [u8],
    /// How many more challenges under `label` pass before the zero one (`None`: done).
    left: Option<usize>,
}

#[cfg(all(test, feature = "monero"))]
impl<T> ZeroChallenge<T> {
    pub(crate) fn new(inner: T, label: &'static [u8], nth: usize) -> Self {
        ZeroChallenge {
            inner,
            label,
            left: Some(nth),
        }
    }
}

#[cfg(all(test, feature = "monero"))]
impl<G: Group, T: TranscriptProtocol<G>> TranscriptProtocol<G> for ZeroChallenge<T> {
    type WitnessRng = T::WitnessRng;

    fn rangeproof_domain_sep(&mut self, n: u64, m: u64) {
        self.inner.rangeproof_domain_sep(n, m);
    }

    fn innerproduct_domain_sep(&mut self, n: u64) {
        self.inner.innerproduct_domain_sep(n);
    }

    fn append_domain_separator(&mut self, message: &'static [u8]) {
        self.inner.append_domain_separator(message);
    }

    fn append_u64(&mut self, label: &'static [u8], value: u64) {
        self.inner.append_u64(label, value);
    }

    fn append_bytes(&mut self, label: &'static [u8], bytes: &[u8]) {
        self.inner.append_bytes(label, bytes);
    }

    fn append_point(&mut self, label: &'static [u8], point: &G::PointEncoding) {
        self.inner.append_point(label, point);
    }

    fn validate_and_append_point(
        &mut self,
        label: &'static [u8],
        point: &G::PointEncoding,
    ) -> Result<(), ProofError> {
        self.inner.validate_and_append_point(label, point)
    }

    fn append_scalar(&mut self, label: &'static [u8], scalar: &G::Scalar) {
        self.inner.append_scalar(label, scalar);
    }

    fn challenge_scalar(&mut self, label: &'static [u8]) -> G::Scalar {
        let real = self.inner.challenge_scalar(label);
        if label != self.label {
            return real;
        }
        match self.left {
            Some(0) => {
                self.left = None;
                G::zero()
            }
            Some(k) => {
                self.left = Some(k - 1);
                real
            }
            None => real,
        }
    }

    fn witness_rng<R: RngCore + CryptoRng>(
        &self,
        witness: &[(&'static [u8], &[u8])],
        rng: &mut R,
    ) -> Self::WitnessRng {
        self.inner.witness_rng(witness, rng)
    }
}

/// A merlin transcript started with a label known only at run time (documents carry theirs):
/// exactly `merlin::Transcript::new(label)`, without keeping the label.
///
/// merlin's constructor asks for a `'static` label — to steer applications towards literal
/// domain separators, not because it keeps it. Earlier versions of this crate leaked each
/// distinct label to satisfy that bound, so a long-running verifier fed attacker-chosen labels
/// grew without limit. This function lends the caller's bytes for the duration of the call
/// instead (see the safety argument inside); the test below checks it against merlin's
/// constructor on literals.
#[allow(unsafe_code)]
pub fn merlin_transcript(label: &[u8]) -> merlin::Transcript {
    // SAFETY: the reference is used only during `Transcript::new`, and nothing keeps it.
    // merlin 3.0.0 (pinned with `=` in Cargo.toml, so a release that changed this cannot come
    // in unnoticed) defines `Transcript { strobe: Strobe128 }`, a struct that owns its state
    // (`[u8; 200]` and three `u8` positions) and holds no reference of any lifetime; `new`
    // passes `label` as the *message* of `append_message(b"dom-sep", label)`, whose parameter
    // is an ordinary `&[u8]` absorbed byte by byte into that state and then dropped. The
    // returned `Transcript` therefore borrows nothing, and extending the reference's lifetime
    // for the call cannot let it be read after `label` is freed.
    let lent: &'static [u8] = unsafe { core::mem::transmute::<&[u8], &'static [u8]>(label) };
    merlin::Transcript::new(lent)
}

#[cfg(test)]
mod label_tests {
    use super::merlin_transcript;

    /// The lent-label constructor gives merlin's own transcript, byte for byte (the challenges
    /// after identical inputs agree), for the empty label and for labels of several lengths;
    /// and a label freed right after the call changes nothing.
    #[test]
    fn lent_labels_give_merlins_transcript() {
        let literals: [&'static [u8]; 4] = [b"", b"rangeproof", b"dalek", &[0xff; 256]];
        for literal in literals {
            let owned = literal.to_vec();
            let mut ours = merlin_transcript(&owned);
            drop(owned);
            let mut theirs = merlin::Transcript::new(literal);
            for t in [&mut ours, &mut theirs] {
                t.append_message(b"m", b"message");
            }
            let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
            ours.challenge_bytes(b"c", &mut a);
            theirs.challenge_bytes(b"c", &mut b);
            assert_eq!(a, b);
        }
        let (mut a, mut b) = ([0u8; 32], [0u8; 32]);
        merlin_transcript(b"one").challenge_bytes(b"c", &mut a);
        merlin_transcript(b"two").challenge_bytes(b"c", &mut b);
        assert_ne!(a, b);
    }
}
