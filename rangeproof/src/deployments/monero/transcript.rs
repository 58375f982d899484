//! Monero's Fiat–Shamir transcript: a Keccak-256 hash chain (`bulletproofs_plus.cc`,
//! `bulletproofs.cc`).
//!
//! \\(H_s(x)\\) is Keccak-256 with the original padding (not SHA3), reduced mod ℓ. The state is
//! one 32-byte value \\(t\\); absorbing appends bytes to a pending buffer, and a challenge is
//! \\(c = H_s(t \Vert \mathit{pending})\\), after which \\(t = c\\). That reproduces Monero's chains
//! exactly, e.g. for Bulletproofs+: \\(y = H_s(t \Vert A)\\), \\(z = H_s(y)\\),
//! \\(e_j = H_s(t \Vert L_j \Vert R_j)\\), \\(e = H_s(t \Vert A_1 \Vert B)\\).
//!
//! Labels, domain separators and integers are **not** absorbed: Monero's chain has none. What
//! binds the statement is the deployment's initial state (for Bulletproofs+,
//! \\(t = H_s(T_0 \Vert H_s(V_0 \Vert \cdots \Vert V_{m-1}))\\) with Monero's constant \\(T_0\\)), which
//! leaves out n (fixed at 64), m beyond the commitments themselves, and the generators (fixed).

use merlin::TranscriptRng;
use rand_core::{CryptoRng, RngCore};
use sha3::{Digest, Keccak256};

use crate::group::{Ed25519, Group};
use crate::transcript::TranscriptProtocol;

/// Ed25519's point encoding.
const ENCODING_LEN: usize = 32;
use crate::ProofError;

/// \\(H_s(x)\\): Keccak-256, reduced mod ℓ.
pub fn hash_to_scalar(parts: &[&[u8]]) -> <Ed25519 as Group>::Scalar {
    let mut hasher = Keccak256::new();
    for part in parts {
        hasher.update(part);
    }
    curve25519_dalek::Scalar::from_bytes_mod_order(hasher.finalize().into())
}

/// Monero's hash-chain transcript.
#[derive(Clone, Debug)]
pub struct MoneroTranscript {
    /// \\(t\\): empty before the first challenge of an original-Bulletproofs chain.
    state: Vec<u8>,
    pending: Vec<u8>,
}

impl MoneroTranscript {
    /// A chain starting from `state`.
    pub fn new(state: [u8; ENCODING_LEN]) -> Self {
        MoneroTranscript {
            state: state.to_vec(),
            pending: Vec::with_capacity(3 * ENCODING_LEN),
        }
    }

    /// A transcript for one Monero original Bulletproof: the chain starts empty, so its first
    /// challenge is \\(H_s(V_0 \Vert \cdots \Vert V_{m-1})\\).
    pub fn bulletproofs() -> Self {
        MoneroTranscript {
            state: Vec::new(),
            pending: Vec::with_capacity(16 * ENCODING_LEN),
        }
    }

    /// A chain's starting constant from its domain string:
    /// \\(\mathrm{hash\\_to\\_p3}(\mathrm{Keccak}(\mathit{domain}))\\), encoded — how Monero
    /// derives Bulletproofs+' \\(T_0\\), and a Monero-like deployment its own.
    pub fn initial_state(domain: &[u8]) -> [u8; ENCODING_LEN] {
        let digest: [u8; 32] = Keccak256::digest(domain).into();
        monero_ed25519::Point::biased_hash(digest)
            .compress()
            .to_bytes()
    }

    /// Bulletproofs+' constant \\(T_0 = \mathrm{hash\\_to\\_p3}(\mathrm{Keccak}(\texttt{"bulletproof\\_plus\\_transcript"}))\\).
    pub fn bulletproofs_plus_initial() -> [u8; ENCODING_LEN] {
        Self::initial_state(b"bulletproof_plus_transcript")
    }

    /// A transcript for one Monero Bulletproofs+ proof: the chain starts at \\(T_0\\).
    pub fn bulletproofs_plus() -> Self {
        static T0: std::sync::OnceLock<[u8; ENCODING_LEN]> = std::sync::OnceLock::new();
        Self::new(*T0.get_or_init(Self::bulletproofs_plus_initial))
    }

    /// The current state \\(t\\) (empty before the first challenge of an original chain).
    pub fn state(&self) -> &[u8] {
        &self.state
    }
}

impl TranscriptProtocol<Ed25519> for MoneroTranscript {
    type WitnessRng = TranscriptRng;

    fn rangeproof_domain_sep(&mut self, _n: u64, _m: u64) {}

    fn innerproduct_domain_sep(&mut self, _n: u64) {}

    fn append_domain_separator(&mut self, _message: &'static [u8]) {}

    fn append_u64(&mut self, _label: &'static [u8], _value: u64) {}

    fn append_bytes(&mut self, _label: &'static [u8], bytes: &[u8]) {
        self.pending.extend_from_slice(bytes);
    }

    fn append_point(&mut self, _label: &'static [u8], point: &[u8; ENCODING_LEN]) {
        self.pending.extend_from_slice(point);
    }

    /// Monero's verifiers do not refuse the identity as a prover message, and a prover that
    /// blinds nothing makes one in a valid proof (`S` of Bulletproofs; `A1`, `B` of
    /// Bulletproofs+). Agreeing with Monero means accepting it: absorbed like any point.
    fn validate_and_append_point(
        &mut self,
        label: &'static [u8],
        point: &[u8; ENCODING_LEN],
    ) -> Result<(), ProofError> {
        self.append_point(label, point);
        Ok(())
    }

    fn append_scalar(&mut self, _label: &'static [u8], scalar: &<Ed25519 as Group>::Scalar) {
        self.pending.extend_from_slice(&scalar.to_bytes());
    }

    fn challenge_scalar(&mut self, _label: &'static [u8]) -> <Ed25519 as Group>::Scalar {
        let c = hash_to_scalar(&[&self.state, &self.pending]);
        self.state.clear();
        self.state.extend_from_slice(&c.to_bytes());
        self.pending.clear();
        c
    }

    fn witness_rng<R: RngCore + CryptoRng>(
        &self,
        witness: &[(&'static [u8], &[u8])],
        rng: &mut R,
    ) -> TranscriptRng {
        // Hedge with merlin's construction, keyed by the chain's state and pending bytes.
        let mut t = merlin::Transcript::new(b"rangeproof monero witness rng");
        t.append_message(b"state", &self.state);
        t.append_message(b"pending", &self.pending);
        let mut builder = t.build_rng();
        for (label, bytes) in witness {
            builder = builder.rekey_with_witness_bytes(label, bytes);
        }
        builder.finalize(rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initial_state_matches_monero() {
        // Checkpoint `initial_transcript_T0` of vectors/monero-crates-bpplus-ed25519.json.
        assert_eq!(
            hex::encode(MoneroTranscript::bulletproofs_plus_initial()),
            "4a677c90eb73051e790da45591107f6ee105904d9187c5d35471096c445a2275"
        );
    }

    #[test]
    fn challenges_chain() {
        let mut t = MoneroTranscript::new([3u8; 32]);
        t.append_point(b"", &[5u8; 32]);
        let y: curve25519_dalek::Scalar = t.challenge_scalar(b"");
        assert_eq!(y, hash_to_scalar(&[&[3u8; 32], &[5u8; 32]]));
        let z: curve25519_dalek::Scalar = t.challenge_scalar(b"");
        assert_eq!(z, hash_to_scalar(&[&y.to_bytes()]));
        assert_eq!(t.state(), z.to_bytes());
        let mut original = MoneroTranscript::bulletproofs();
        original.append_point(b"", &[9u8; 32]);
        let c: curve25519_dalek::Scalar = original.challenge_scalar(b"");
        assert_eq!(c, hash_to_scalar(&[&[9u8; 32]]));
        let mut original = MoneroTranscript::bulletproofs();
        original.append_point(b"", &[9u8; 32]);
        let c: curve25519_dalek::Scalar = original.challenge_scalar(b"");
        assert_eq!(c, hash_to_scalar(&[&[9u8; 32]]));
    }
}
