//! Our Bulletproofs++ convention on ristretto255: merlin, the reference crate's Pedersen bases,
//! our vector generators, 32-byte points, and a norm argument that sends its vectors once they
//! hold five scalars or fewer.
//!
//! * **Generators**: \\(A = B\\) and \\(H_0 = \tilde B\\), the reference crate's Pedersen bases
//!   (so the commitments are the ones its users already have); \\(\mathbf G\\) the chain
//!   `SHAKE256("GeneratorsChain" ‖ "rangeproof/bulletproofs++/G")`, \\(H_1 \ldots H_7\\) the
//!   chain `… "rangeproof/bulletproofs++/H"`, each 64 bytes through ristretto255's one-way map
//!   (the dalek derivation with our labels). A set of \\(g\\) generators serves every shorter
//!   proof (a prefix).
//! * **Transcript**: merlin, label `rangeproof bulletproofs++ v1`; then `group` =
//!   `ristretto255`, `generators` = the chain label ‖ \\(A\\) ‖ \\(H_0\\), u64 `digits` (per
//!   value), `base`, `m`, `bits`, `g`; each commitment `V` with its u64 `min`; `extra` (the
//!   application's bytes); then `MD` (\\(M \Vert D\\)) → `alpha`; `R` → 320 bytes under
//!   `rho x beta delta lambda`, 64 for each in that order; `S` → `t`; each norm round
//!   `norm-round` (\\(X \Vert R\\)) → `gamma`. Challenges are 64 bytes reduced modulo the order.
//!   The generators' identity is the derivation's name with \\(A\\) and \\(H_0\\): the vector
//!   generators are the chain's (a set assembled with [`BpppGenerators::new`] from other points
//!   is the caller's to bind, in the application's bytes for instance).
//! * **Encodings**: \\(M, D, R, S\\) 32 bytes each, canonical and not the identity (an honest
//!   prover's are random points); norm rounds \\(X \Vert R\\), canonical, the identity
//!   allowed (as the C module allows it); scalars canonical.

use crate::DecodeError;
use alloc::vec::Vec;
use merlin::{Transcript, TranscriptRng};
use rand_core::{CryptoRng, RngCore};

use super::convention::{Convention, ProofPoint, PublicInputs};
use super::generators::{BpppGenerators, H_LEN};
use crate::group::{EncodedPoint, Group, Ristretto255};
use crate::ProofError;

type Point = <Ristretto255 as Group>::Point;
type Scalar = <Ristretto255 as Group>::Scalar;

/// The label of \\(\mathbf G\\)'s chain.
const G_CHAIN: &[u8] = b"rangeproof/bulletproofs++/G";
/// The label of \\(H_1 \ldots H_7\\)'s chain.
const H_CHAIN: &[u8] = b"rangeproof/bulletproofs++/H";

/// Our convention on ristretto255 (see the module notes).
#[derive(Clone, Copy, Debug, Default)]
pub struct Merlin;

fn decode(bytes: &[u8]) -> Result<Point, ProofError> {
    let encoding: [u8; 32] = bytes
        .try_into()
        .map_err(|_| ProofError::Decode(DecodeError::InvalidLength(bytes.len())))?;
    Ristretto255::point_from_bytes(&encoding).ok_or(ProofError::Decode(DecodeError::InvalidPoint))
}

impl Convention for Merlin {
    type Group = Ristretto255;
    type Transcript = Transcript;
    type WitnessRng = TranscriptRng;

    const NAME: &'static str = "ristretto255";
    const POINT_LEN: usize = 32;
    const ROUND_LEN: usize = 64;
    const FINAL_LEN: usize = 5;

    fn start(inputs: &PublicInputs<'_, Ristretto255>) -> Transcript {
        let mut t = Transcript::new(b"rangeproof bulletproofs++ v1");
        t.append_message(b"group", b"ristretto255");
        let mut identity = Vec::with_capacity(G_CHAIN.len() + 64);
        identity.extend_from_slice(G_CHAIN);
        for encoding in inputs.generators.base_encodings() {
            identity.extend_from_slice(encoding);
        }
        t.append_message(b"generators", &identity);
        let shape = inputs.shape;
        t.append_u64(b"digits", shape.digits_per_value() as u64);
        t.append_u64(b"base", shape.base() as u64);
        t.append_u64(b"m", shape.values() as u64);
        t.append_u64(b"bits", shape.bits() as u64);
        t.append_u64(b"g", shape.g_len() as u64);
        for (v, min) in inputs.commitments.iter().zip(inputs.minimums) {
            t.append_message(b"V", &v.bytes);
            t.append_u64(b"min", *min);
        }
        t.append_message(b"extra", inputs.extra);
        t
    }

    fn absorb(transcript: &mut Transcript, label: &'static [u8], bytes: &[u8]) {
        transcript.append_message(label, bytes);
    }

    fn challenge(transcript: &mut Transcript, label: &'static [u8], _index: u64) -> Scalar {
        let mut wide = [0u8; 64];
        transcript.challenge_bytes(label, &mut wide);
        Ristretto255::scalar_from_bytes_wide(&wide)
    }

    /// One squeeze of 64 bytes per challenge (one STROBE operation for all of them).
    fn challenges(transcript: &mut Transcript, label: &'static [u8], out: &mut [Scalar]) {
        let mut wide = [0u8; 64 * 8];
        let len = 64 * out.len().min(8);
        transcript.challenge_bytes(label, &mut wide[..len]);
        for (c, chunk) in out.iter_mut().zip(wide[..len].chunks_exact(64)) {
            let mut bytes = [0u8; 64];
            bytes.copy_from_slice(chunk);
            *c = Ristretto255::scalar_from_bytes_wide(&bytes);
        }
        // More than eight: one squeeze each for the rest.
        for c in out.iter_mut().skip(8) {
            *c = Self::challenge(transcript, label, 0);
        }
    }

    fn witness_rng<R: RngCore + CryptoRng>(
        transcript: &Transcript,
        witness: &[&[u8]],
        rng: &mut R,
    ) -> TranscriptRng {
        let mut builder = transcript.build_rng();
        for w in witness {
            builder = builder.rekey_with_witness_bytes(b"witness", w);
        }
        builder.finalize(rng)
    }

    fn encode_point(point: &Point, out: &mut Vec<u8>) {
        out.extend_from_slice(&Ristretto255::point_to_bytes(point));
    }

    fn decode_point(bytes: &[u8]) -> Result<Point, ProofError> {
        let p = decode(bytes)?;
        if Ristretto255::is_identity(&p) {
            return Err(DecodeError::IdentityPoint.into());
        }
        Ok(p)
    }

    fn encode_round(x: &Point, r: &Point, out: &mut Vec<u8>) {
        out.extend_from_slice(&Ristretto255::point_to_bytes(x));
        out.extend_from_slice(&Ristretto255::point_to_bytes(r));
    }

    fn decode_round(bytes: &[u8]) -> Result<(Point, Point), ProofError> {
        if bytes.len() != 64 {
            return Err(DecodeError::InvalidLength(bytes.len()).into());
        }
        Ok((decode(&bytes[..32])?, decode(&bytes[32..])?))
    }

    /// For a batch: all the points decoded together into the batch form (sixteen at a time on
    /// curve25519's engine), none through curve25519-dalek.
    fn decode_proof_points(
        bytes: &[u8],
        rounds: usize,
        for_batch: bool,
    ) -> Result<Vec<ProofPoint<Ristretto255>>, ProofError> {
        let count = 4 + 2 * rounds;
        if !for_batch {
            let mut out = Vec::with_capacity(count);
            for (i, chunk) in bytes
                .get(..32 * count)
                .ok_or(DecodeError::InvalidLength(bytes.len()))?
                .chunks_exact(32)
                .enumerate()
            {
                out.push(ProofPoint::Plain(if i < 4 {
                    Self::decode_point(chunk)?
                } else {
                    decode(chunk)?
                }));
            }
            return Ok(out);
        }
        let encodings: Vec<[u8; 32]> = bytes
            .get(..32 * count)
            .ok_or(DecodeError::InvalidLength(bytes.len()))?
            .chunks_exact(32)
            .map(|c| {
                let mut e = [0u8; 32];
                e.copy_from_slice(c);
                e
            })
            .collect();
        // The identity's only encoding is zeros: M, D, R, S must not be it.
        if encodings[..4].contains(&[0u8; 32]) {
            return Err(DecodeError::IdentityPoint.into());
        }
        Ok(EncodedPoint::decode_all(&encodings)?
            .into_iter()
            .map(ProofPoint::Encoded)
            .collect())
    }

    fn standard_value_base() -> Point {
        crate::deployments::dalek::pedersen_gens().b
    }

    fn generators(g_len: usize, value_base: Point) -> BpppGenerators<Ristretto255> {
        let g_len = g_len.max(1);
        let pedersen = crate::deployments::dalek::pedersen_gens();
        let mut h = Vec::with_capacity(H_LEN);
        h.push(pedersen.b_blinding());
        h.extend(crate::deployments::dalek::chain(H_CHAIN, H_LEN - 1));
        let g = crate::deployments::dalek::chain(G_CHAIN, g_len);
        // H has H_LEN points and g at least one: `new` cannot fail.
        BpppGenerators::new(value_base, g, h, false)
            .unwrap_or_else(|_| unreachable!("H_LEN blinding generators and a non-empty G"))
    }
}
