//! Solana's deployment of Bulletproofs: the batched range proofs of the ZK ElGamal proof
//! program (`VerifyBatchedRangeProofU64`, `U128`, `U256`), which every confidential transfer
//! and withdrawal of Token-2022's confidential transfer extension carries — as `solana-zk-sdk`
//! 8.1.0 makes and verifies them (`src/range_proof/`,
//! `src/zk_elgamal_proof_program/batched_range_proof/`; docs/solana-zk-sdk.md has the facts
//! with their lines).
//!
//! * **Values of their own bit lengths**: 1 to 8 commitments, value \\(j\\) of \\(n_j\\) bits,
//!   \\(1 \le n_j \le 64\\), the lengths summing to exactly 64, 128 or 256 (the instruction's
//!   kind, [`Kind`]); the values' bits are concatenated with no padding
//!   ([`BulletproofsConvention::PER_VALUE_BIT_LENGTHS`], see `deployments::BitLayout`).
//! * **Generators**: the reference crate's Pedersen bases; \\(\mathbf G\\) and \\(\mathbf H\\)
//!   each one chain, `SHAKE256("GeneratorsChain" ‖ "G")` and `‖ "H"` (no party index, unlike
//!   the reference's per-party chains), 64 bytes a point through ristretto255's one-way map.
//! * **Transcript** ([`SolanaTranscript`]): merlin started with
//!   `solana-zk-elgamal-proof-program-v1`, then `dom-sep`/`batched-range-proof-instruction`,
//!   the instruction's context — `commitments`, all 8 slots (unused ones zero), and
//!   `bit-lengths`, all 8 bytes — then `dom-sep`/`range-proof` with \\(N = \sum_j n_j\\);
//!   \\(A, S \to y, z\\); \\(T_1, T_2 \to x\\); \\(t_x, \tau_x, \mu \to w\\); a challenge
//!   `c` the program no longer uses but still squeezes; `dom-sep`/`inner-product` with \\(N\\)
//!   and the rounds; then \\(a, b \to d\\), which weighs the polynomial check in the
//!   verification equation where the reference draws a random \\(c\\). Every prover point is
//!   refused when its encoding is all zeros (the identity), as `validate_and_append_point`
//!   does, and so are identity commitments.
//! * **Wire**: the reference layout (\\(A, S, T_1, T_2, t_x, \tau_x, \mu\\), the rounds'
//!   \\(L, R\\) interleaved, \\(a, b\\)), 672, 736 or 800 bytes; the instruction's proof data
//!   is the 264-byte context followed by the proof ([`ProofData`]).
//!
//! What the transcript leaves out: the generators (fixed by the program) and the proof's
//! length (fixed by the instruction's kind, which the bit lengths' sum must match). Everything
//! else public — every commitment slot, every bit length, every prover message — is absorbed
//! before the challenge that depends on it.

mod proof_data;

use crate::sync::{Arc, OnceLock};
use alloc::vec::Vec;
use rand_core::{CryptoRng, RngCore};

use super::dalek;
use super::{BitLayout, BulletproofsConvention, Deployment, Generators};
use crate::generators::VectorGens;
use crate::group::{Commitments, Group, Ristretto255};
use crate::transcript::TranscriptProtocol;
use crate::wire::Layout;
use crate::{DecodeError, ProofError};

pub use proof_data::{Kind, ProofData, CONTEXT_LEN, MAX_COMMITMENTS};

/// The longest vectors a Solana proof has (the U256 kind): the chains' capacity.
const GENS_CAPACITY: usize = 256;

/// `solana-zk-sdk`'s transcript domain (`TRANSCRIPT_DOMAIN`, src/lib.rs).
const TRANSCRIPT_DOMAIN: &[u8] = b"solana-zk-elgamal-proof-program-v1";

/// The batched range proof instruction's own domain separator.
const INSTRUCTION_LABEL: &[u8] = b"batched-range-proof-instruction";

/// Solana's generators: \\(\mathbf G\\) and \\(\mathbf H\\) as one share of 256, read from the
/// chains `"G"` and `"H"`, or (for verifiers' batch points) straight from the streams.
fn new_vector_gens() -> VectorGens<Ristretto255> {
    VectorGens::new(GENS_CAPACITY, 1, |_, capacity| {
        (dalek::chain(b"G", capacity), dalek::chain(b"H", capacity))
    })
    .with_batch_share(
        Ristretto255::batch_points_from_uniform_bytes_available,
        |_, capacity| {
            Some((
                dalek::batch_chain(b"G", capacity)?,
                dalek::batch_chain(b"H", capacity)?,
            ))
        },
    )
}

/// The process-wide Solana generators.
pub fn generators() -> &'static Generators<Solana> {
    static GENS: OnceLock<Generators<Solana>> = OnceLock::new();
    GENS.get_or_init(|| Generators::new(dalek::pedersen_gens(), Arc::new(new_vector_gens())))
}

/// The Solana generators as a value the caller owns (see [`dalek::owned_generators`]).
pub fn owned_generators() -> Generators<Solana> {
    Generators::new(dalek::pedersen_gens(), Arc::new(new_vector_gens()))
}

/// Solana's ZK ElGamal proof program's batched range proofs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Solana;

impl Deployment for Solana {
    type Group = Ristretto255;
    type Transcript = SolanaTranscript;
    const NAME: &'static str = "solana";
    /// The instruction kinds' totals of the values' bit lengths.
    const BITS: &'static [usize] = &[64, 128, 256];
    const MAX_VALUES: usize = MAX_COMMITMENTS;
    const TRANSCRIPT_LABEL: bool = false;

    /// The instruction's transcript up to its context (the label is not used: the program
    /// fixes it).
    fn transcript(_label: &[u8]) -> SolanaTranscript {
        let mut transcript = merlin::Transcript::new(TRANSCRIPT_DOMAIN);
        transcript.append_message(b"dom-sep", INSTRUCTION_LABEL);
        SolanaTranscript(transcript)
    }

    fn generators() -> &'static Generators<Self> {
        generators()
    }

    fn owned_generators() -> Generators<Self> {
        owned_generators()
    }
}

/// Its conventions are this crate's (the seal: `convention.rs`).
impl super::Sealed for Solana {}

impl BulletproofsConvention for Solana {
    const LAYOUT: Layout = Layout {
        min_rounds: 6,
        max_rounds: 8,
        ..dalek::BULLETPROOFS_LAYOUT
    };
    const PER_VALUE_BIT_LENGTHS: bool = true;

    /// The instruction's context — the 8 commitment slots and the 8 bit-length bytes, unused
    /// ones zero — then `range-proof` and \\(N\\). An identity commitment is refused: its
    /// encoding, all zeros, is what marks an unused slot.
    fn statement<G: Group, T: TranscriptProtocol<G>>(
        transcript: &mut T,
        layout: &BitLayout,
        commitments: &Commitments<G>,
    ) -> Result<Commitments<G>, ProofError> {
        let mut slots = Vec::with_capacity(MAX_COMMITMENTS * 32);
        for v in commitments.encodings() {
            if G::is_identity_encoding(&v) {
                return Err(DecodeError::IdentityPoint.into());
            }
            slots.extend_from_slice(v.as_ref());
        }
        slots.resize(MAX_COMMITMENTS * 32, 0);
        let mut lengths = [0u8; MAX_COMMITMENTS];
        for (byte, &n) in lengths.iter_mut().zip(layout.value_bit_lengths()) {
            // At most 64: the layout's rule.
            *byte = n as u8;
        }
        transcript.append_bytes(b"commitments", &slots);
        transcript.append_bytes(b"bit-lengths", &lengths);
        transcript.rangeproof_domain_sep(layout.vector_len() as u64, commitments.len() as u64);
        Ok(commitments.clone())
    }

    /// The legacy challenge `c`: squeezed, not used.
    fn after_w<G: Group, T: TranscriptProtocol<G>>(transcript: &mut T) {
        let _ = transcript.challenge_scalar(b"c");
    }

    /// \\(d\\), a challenge after the inner-product argument's \\(a, b\\).
    fn polynomial_weight<G: Group, T: TranscriptProtocol<G>, R: RngCore + CryptoRng>(
        transcript: &mut T,
        a: &G::Scalar,
        b: &G::Scalar,
        _rng: &mut R,
    ) -> G::Scalar {
        transcript.append_scalar(b"ipp_a", a);
        transcript.append_scalar(b"ipp_b", b);
        transcript.challenge_scalar(b"d")
    }
}

/// Solana's transcript: merlin, with the program's domain separators for the range proof
/// (`range-proof`, then \\(N\\); no value count) and the inner-product argument
/// (`inner-product`, then \\(N\\)). Everything else is merlin's, as the reference crate uses
/// it.
#[derive(Clone)]
pub struct SolanaTranscript(merlin::Transcript);

impl SolanaTranscript {
    /// Merlin under `label`, `dom-sep`/`message` absorbed (what `solana-zk-sdk`'s
    /// `new_zk_elgamal_transcript` makes, for its tests' transcripts).
    #[cfg(test)]
    pub(crate) fn with_domain(label: &'static [u8], message: &'static [u8]) -> Self {
        let mut transcript = merlin::Transcript::new(label);
        transcript.append_message(b"dom-sep", message);
        SolanaTranscript(transcript)
    }
}

impl<G: Group> TranscriptProtocol<G> for SolanaTranscript {
    type WitnessRng = <merlin::Transcript as TranscriptProtocol<G>>::WitnessRng;

    fn rangeproof_domain_sep(&mut self, n: u64, _m: u64) {
        self.0.append_message(b"dom-sep", b"range-proof");
        self.0.append_u64(b"n", n);
    }

    fn innerproduct_domain_sep(&mut self, n: u64) {
        self.0.append_message(b"dom-sep", b"inner-product");
        self.0.append_u64(b"n", n);
    }

    fn append_domain_separator(&mut self, message: &'static [u8]) {
        TranscriptProtocol::<G>::append_domain_separator(&mut self.0, message);
    }

    fn append_u64(&mut self, label: &'static [u8], value: u64) {
        self.0.append_u64(label, value);
    }

    fn append_bytes(&mut self, label: &'static [u8], bytes: &[u8]) {
        self.0.append_message(label, bytes);
    }

    fn append_point(&mut self, label: &'static [u8], point: &G::PointEncoding) {
        TranscriptProtocol::<G>::append_point(&mut self.0, label, point);
    }

    fn append_scalar(&mut self, label: &'static [u8], scalar: &G::Scalar) {
        TranscriptProtocol::<G>::append_scalar(&mut self.0, label, scalar);
    }

    fn challenge_scalar(&mut self, label: &'static [u8]) -> G::Scalar {
        TranscriptProtocol::<G>::challenge_scalar(&mut self.0, label)
    }

    fn witness_rng<R: RngCore + CryptoRng>(
        &self,
        witness: &[(&'static [u8], &[u8])],
        rng: &mut R,
    ) -> Self::WitnessRng {
        TranscriptProtocol::<G>::witness_rng(&self.0, witness, rng)
    }
}

#[cfg(test)]
mod tests;
