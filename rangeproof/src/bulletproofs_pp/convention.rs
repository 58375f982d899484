//! What a deployment of Bulletproofs++ fixes and the protocol does not: the transcript, the wire
//! encodings of points, when the norm argument stops folding, and the generators.
//!
//! The protocol code ([`super::norm`], [`super::prover`], [`super::verifier`]) is written once
//! against this trait; a convention is one file:
//! [`Merlin`](super::ristretto::Merlin) on ristretto255 (ours) and
//! [`Secp256k1Zkp`](crate::secp256k1_zkp::bppp::Secp256k1Zkp) on secp256k1 (libsecp256k1-zkp's
//! `bppp` module: its SHA-256 transcript, its 33-byte points and 65-byte norm rounds, its
//! generators).

use crate::DecodeError;
use alloc::vec::Vec;
use rand_core::{CryptoRng, RngCore};

use super::generators::BpppGenerators;
use super::Shape;
use crate::group::{EncodedPoint, Group};
use crate::ProofError;

/// A point of a proof as its convention decoded it: in the group's own form, or (for a batch,
/// where the group decodes straight into the batch form) encoded and decoded together.
pub enum ProofPoint<G: Group> {
    /// The group's own form.
    Plain(G::Point),
    /// Decoded into the batch form.
    Encoded(EncodedPoint<G>),
}

impl<G: Group> ProofPoint<G> {
    /// The group's own form (decoding again if it was decoded for a batch).
    pub fn point(&self) -> Result<G::Point, ProofError> {
        match self {
            ProofPoint::Plain(p) => Ok(*p),
            ProofPoint::Encoded(e) => Ok(e.point()?),
        }
    }
}

/// The public inputs a range proof's transcript starts from (every one of them is absorbed
/// before the first challenge).
pub struct PublicInputs<'a, G: Group> {
    /// Bit size, number of values, digit base and vector lengths.
    pub shape: &'a Shape,
    /// The generators (the convention absorbs their identity).
    pub generators: &'a BpppGenerators<G>,
    /// The commitments, one per value.
    pub commitments: &'a [EncodedPoint<G>],
    /// The minimum values, one per value (0 where there is none).
    pub minimums: &'a [u64],
    /// Application bytes bound to the proof (a document's label; libsecp256k1-zkp's
    /// `extra_commit`).
    pub extra: &'a [u8],
}

/// A deployment's conventions for Bulletproofs++ over its group.
pub trait Convention: Copy + Clone + core::fmt::Debug + Default + Send + Sync + 'static {
    /// The group.
    type Group: Group;
    /// The running Fiat–Shamir state.
    type Transcript: Clone + Send + Sync;
    /// The prover's hedged nonce generator ([`Convention::witness_rng`]).
    type WitnessRng: RngCore + CryptoRng;

    /// A short name for messages and documents.
    const NAME: &'static str;
    /// Bytes of each of the range proof's own points \\(M, D, R, S\\).
    const POINT_LEN: usize;
    /// Bytes of one norm-argument round \\((X, R)\\).
    const ROUND_LEN: usize;
    /// The norm argument stops folding once its two vectors' lengths sum to at most this, and
    /// sends them.
    const FINAL_LEN: usize;

    /// The transcript after the statement: domain separation and every public input.
    fn start(inputs: &PublicInputs<'_, Self::Group>) -> Self::Transcript;

    /// Absorbs a prover message (its wire bytes) under `label`.
    fn absorb(transcript: &mut Self::Transcript, label: &'static [u8], bytes: &[u8]);

    /// The challenge numbered `index` after the messages absorbed so far, under `label`.
    fn challenge(
        transcript: &mut Self::Transcript,
        label: &'static [u8],
        index: u64,
    ) -> <Self::Group as Group>::Scalar;

    /// The challenges numbered `0..out.len()` after the messages absorbed so far, drawn
    /// together under `label` (by default one [`Convention::challenge`] each).
    fn challenges(
        transcript: &mut Self::Transcript,
        label: &'static [u8],
        out: &mut [<Self::Group as Group>::Scalar],
    ) {
        for (i, c) in out.iter_mut().enumerate() {
            *c = Self::challenge(transcript, label, i as u64);
        }
    }

    /// A hedged RNG for the prover's nonces: keyed by the transcript so far, the secret
    /// `witness` bytes and 32 bytes of `rng`.
    fn witness_rng<R: RngCore + CryptoRng>(
        transcript: &Self::Transcript,
        witness: &[&[u8]],
        rng: &mut R,
    ) -> Self::WitnessRng;

    /// Appends a prover point \\(M, D, R, S\\) (`POINT_LEN` bytes).
    fn encode_point(point: &<Self::Group as Group>::Point, out: &mut Vec<u8>);

    /// Reads a prover point, strictly.
    fn decode_point(bytes: &[u8]) -> Result<<Self::Group as Group>::Point, ProofError>;

    /// Appends a norm round (`ROUND_LEN` bytes).
    fn encode_round(
        x: &<Self::Group as Group>::Point,
        r: &<Self::Group as Group>::Point,
        out: &mut Vec<u8>,
    );

    /// Reads a norm round, strictly.
    #[allow(clippy::type_complexity)]
    fn decode_round(
        bytes: &[u8],
    ) -> Result<(<Self::Group as Group>::Point, <Self::Group as Group>::Point), ProofError>;

    /// The proof's points: its four own (`bytes[..4 * POINT_LEN]`, read with
    /// [`Convention::decode_point`]) then `rounds` norm rounds (two points each, read with
    /// [`Convention::decode_round`]). `for_batch`: the points go to a batch, so a group that
    /// decodes straight into the batch form may do so (all of them together).
    fn decode_proof_points(
        bytes: &[u8],
        rounds: usize,
        for_batch: bool,
    ) -> Result<Vec<ProofPoint<Self::Group>>, ProofError> {
        let _ = for_batch;
        let own = 4 * Self::POINT_LEN;
        let end = own + rounds * Self::ROUND_LEN;
        if bytes.len() < end {
            return Err(DecodeError::InvalidLength(bytes.len()).into());
        }
        let mut out = Vec::with_capacity(4 + 2 * rounds);
        for chunk in bytes[..own].chunks_exact(Self::POINT_LEN) {
            out.push(ProofPoint::Plain(Self::decode_point(chunk)?));
        }
        for chunk in bytes[own..end].chunks_exact(Self::ROUND_LEN) {
            let (x, r) = Self::decode_round(chunk)?;
            out.push(ProofPoint::Plain(x));
            out.push(ProofPoint::Plain(r));
        }
        Ok(out)
    }

    /// The value base of the convention's usual commitments (ristretto255: the reference
    /// crate's \\(B\\); secp256k1: libsecp256k1-zkp's \\(H\\)).
    fn standard_value_base() -> <Self::Group as Group>::Point;

    /// [`Convention::generators`] with [`Convention::standard_value_base`].
    fn standard_generators(g_len: usize) -> BpppGenerators<Self::Group> {
        Self::generators(g_len, Self::standard_value_base())
    }

    /// The generators for vectors of `g_len` (a power of two), with `value_base` as the
    /// norm argument's base \\(A\\) (the commitments' value generator).
    fn generators(
        g_len: usize,
        value_base: <Self::Group as Group>::Point,
    ) -> BpppGenerators<Self::Group>;
}
