//! libsecp256k1-zkp's `bppp` conventions as a Bulletproofs++
//! [`Convention`](crate::bulletproofs_pp::Convention): its transcript, encodings, norm argument
//! and generators (the merged module's, and PR #207's for the range proof).
//!
//! * **Transcript**: SHA-256 from the tagged midstate of `"Bulletproofs_pp/v0/commitment"`;
//!   each prover message's bytes are appended; the challenge numbered `i` is SHA-256 of the
//!   state so far followed by `le64(i)`, reduced modulo the order (the state itself keeps only
//!   the messages). The statement, as PR #207's `commit_initial_data` writes it for one value —
//!   `le64(digits)`, `le64(base)`, then `le64(min)` and the 65-byte pair \\((V, A)\\) — with
//!   our additions: `le64(m)` after the base and the (min, pair) for every value, then
//!   `le64(len) ‖ extra` always (PR #207 only when extra bytes are given). The bit size is
//!   bound as digits × log₂ base; the vector generators are fixed by the module's derivation
//!   and \\(g\\), which the shape determines; \\(A\\) is in every pair. The challenges: after
//!   \\(M \Vert D\\) (66 bytes) \\(\alpha\\) = index 0; after \\(R\\) \\(\rho, x, \beta,
//!   \delta\\) = 0–3 as PR #207, and \\(\lambda\\) = 4 (ours, for aggregation); after \\(S\\)
//!   \\(T\\) = 0; each norm round (65 bytes) \\(\gamma\\) = 0.
//! * **Encodings**: \\(M, D, R, S\\) as 33-byte compressed keys (`02/03 ‖ x`, as PR #207
//!   writes them and `secp256k1_eckey_pubkey_parse` reads them: x below p, on the curve, never
//!   the identity); a norm round is one byte \\((\mathrm{odd}(y_X) \ll 1) \mid
//!   \mathrm{odd}(y_R)\\) then both x, the identity as zeros with its bit clear; scalars 32
//!   bytes big-endian, below the order. The norm argument folds down to one and one, as the C
//!   module: a 64-bit proof is \\(4 \cdot 33 + 4 \cdot 65 + 64 = 456\\) bytes.
//! * **Generators** (PR #207's `generators_create` for \\(g + 8\\)): the module's RFC 6979
//!   stream gives \\(\mathbf G\\) = its first \\(g\\) outputs and \\(H_1 \ldots H_7\\) the next
//!   seven; \\(H_0\\) is secp256k1's \\(G\\), the blinding base of libsecp256k1-zkp's
//!   Pedersen commitments, so the commitments are `secp256k1_pedersen_commit`'s
//!   (\\(vA + \gamma G\\), `08/09` encoding) on any value generator \\(A\\) (Elements' asset
//!   generators included). A set serves proofs of exactly its \\(g\\).
//!
//! **Not tested against PR #207**: its range proof ships in no package, so there is nothing to
//! run it from here; the norm argument underneath is checked against the merged module's
//! vectors.

use crate::DecodeError;
use alloc::vec::Vec;
use k256::elliptic_curve::ops::Reduce;
use k256::elliptic_curve::sec1::ToEncodedPoint;
use k256::{FieldBytes, ProjectivePoint, Scalar, U256};
use rand_core::{CryptoRng, RngCore};
use sha2::{Digest, Sha256};
use zeroize::Zeroizing;

use crate::bulletproofs_pp::{BpppGenerators, Convention, PublicInputs, H_LEN};
use crate::group::secp256k1::field::FieldElement;
use crate::group::secp256k1::{lift_x_quadratic, point_from_affine};
use crate::group::Group;
use crate::secp256k1_zkp::rfc6979::StreamRng;
use crate::{ProofError, Secp256k1};

/// libsecp256k1-zkp's conventions (see the module notes).
#[derive(Clone, Copy, Debug, Default)]
pub struct Secp256k1Zkp;

/// The tagged midstate the C module's transcripts start from: SHA-256 after
/// \\(\mathrm{SHA256}(tag) \Vert \mathrm{SHA256}(tag)\\), tag `"Bulletproofs_pp/v0/commitment"`.
pub fn tagged_transcript() -> Sha256 {
    let tag = Sha256::digest(b"Bulletproofs_pp/v0/commitment");
    let mut t = Sha256::new();
    t.update(tag);
    t.update(tag);
    t
}

/// x and the parity of y; `None` for the identity.
fn x_and_parity(p: &ProjectivePoint) -> Option<([u8; 32], u8)> {
    let encoded = p.to_affine().to_encoded_point(true);
    let bytes = encoded.as_bytes();
    if bytes.len() != 33 {
        return None;
    }
    let mut x = [0u8; 32];
    x.copy_from_slice(&bytes[1..]);
    Some((x, bytes[0] & 1))
}

/// The point with abscissa `x` and y of parity `odd`; 32 zero bytes with parity 0 is the
/// identity.
fn point_from_x(x: &[u8], odd: u8) -> Result<ProjectivePoint, ProofError> {
    if x.iter().all(|b| *b == 0) {
        return if odd == 0 {
            Ok(ProjectivePoint::IDENTITY)
        } else {
            Err(ProofError::Decode(DecodeError::NonCanonicalEncoding))
        };
    }
    // SEC1 decompression on the variable-time field (public proof points): x below p, the
    // square root of x^3 + 7 of the stated parity.
    let x = FieldElement::from_slice(x).ok_or(DecodeError::InvalidPoint)?;
    let (x, y) = lift_x_quadratic(&x).ok_or(DecodeError::InvalidPoint)?;
    let y = if y.is_odd() == (odd == 1) {
        y
    } else {
        y.negate(1).normalize()
    };
    point_from_affine(&x, &y).ok_or(ProofError::Decode(DecodeError::InvalidPoint))
}

/// The 65-byte pair encoding (`secp256k1_bppp_serialize_points`): parity byte, then both x.
pub(crate) fn encode_pair(a: &ProjectivePoint, b: &ProjectivePoint, out: &mut Vec<u8>) {
    let (a_x, a_odd) = x_and_parity(a).unwrap_or(([0; 32], 0));
    let (b_x, b_odd) = x_and_parity(b).unwrap_or(([0; 32], 0));
    out.push((a_odd << 1) | b_odd);
    out.extend_from_slice(&a_x);
    out.extend_from_slice(&b_x);
}

/// A compressed point (`02/03 ‖ x`), or 33 zero bytes for the identity
/// (`secp256k1_ge_parse_ext`, the norm-argument vectors' format for the commitment).
pub fn point_from_bytes(bytes: &[u8]) -> Result<ProjectivePoint, ProofError> {
    let bytes: [u8; 33] = bytes
        .try_into()
        .map_err(|_| ProofError::Decode(DecodeError::InvalidLength(bytes.len())))?;
    match bytes[0] {
        0 if bytes[1..].iter().all(|b| *b == 0) => Ok(ProjectivePoint::IDENTITY),
        2 | 3 if bytes[1..].iter().any(|b| *b != 0) => point_from_x(&bytes[1..], bytes[0] - 2),
        _ => Err(ProofError::Decode(DecodeError::InvalidPoint)),
    }
}

/// The encoding [`point_from_bytes`] reads.
pub fn point_to_bytes(p: &ProjectivePoint) -> [u8; 33] {
    let mut out = [0u8; 33];
    if let Some((x, odd)) = x_and_parity(p) {
        out[0] = 2 + odd;
        out[1..].copy_from_slice(&x);
    }
    out
}

impl Convention for Secp256k1Zkp {
    type Group = Secp256k1;
    type Transcript = Sha256;
    type WitnessRng = StreamRng;

    const NAME: &'static str = "secp256k1";
    const POINT_LEN: usize = 33;
    const ROUND_LEN: usize = 65;
    const FINAL_LEN: usize = 2;

    fn start(inputs: &PublicInputs<'_, Secp256k1>) -> Sha256 {
        let mut t = tagged_transcript();
        let shape = inputs.shape;
        t.update((shape.digits_per_value() as u64).to_le_bytes());
        t.update((shape.base() as u64).to_le_bytes());
        t.update((shape.values() as u64).to_le_bytes());
        let a = inputs.generators.value_base();
        let mut pair = Vec::with_capacity(65);
        for (v, min) in inputs.commitments.iter().zip(inputs.minimums) {
            t.update(min.to_le_bytes());
            pair.clear();
            // secp256k1's batch form is the point itself: always known.
            let v = v.point().unwrap_or(ProjectivePoint::IDENTITY);
            encode_pair(&v, &a, &mut pair);
            t.update(&pair);
        }
        t.update((inputs.extra.len() as u64).to_le_bytes());
        t.update(inputs.extra);
        t
    }

    fn absorb(transcript: &mut Sha256, _label: &'static [u8], bytes: &[u8]) {
        transcript.update(bytes);
    }

    fn challenge(transcript: &mut Sha256, _label: &'static [u8], index: u64) -> Scalar {
        let hash: [u8; 32] = transcript
            .clone()
            .chain_update(index.to_le_bytes())
            .finalize()
            .into();
        <Scalar as Reduce<U256>>::reduce_bytes(&FieldBytes::from(hash))
    }

    fn witness_rng<R: RngCore + CryptoRng>(
        transcript: &Sha256,
        witness: &[&[u8]],
        rng: &mut R,
    ) -> StreamRng {
        let mut seed = Zeroizing::new(Vec::with_capacity(96));
        seed.extend_from_slice(&transcript.clone().finalize());
        for w in witness {
            seed.extend_from_slice(w);
        }
        let mut fresh = Zeroizing::new([0u8; 32]);
        rng.fill_bytes(&mut fresh[..]);
        seed.extend_from_slice(&fresh[..]);
        StreamRng::new(&seed)
    }

    fn encode_point(point: &ProjectivePoint, out: &mut Vec<u8>) {
        out.extend_from_slice(&point_to_bytes(point));
    }

    fn decode_point(bytes: &[u8]) -> Result<ProjectivePoint, ProofError> {
        if bytes.len() != 33 {
            return Err(DecodeError::InvalidLength(bytes.len()).into());
        }
        match bytes[0] {
            2 | 3 => point_from_x(&bytes[1..], bytes[0] - 2).and_then(|p| {
                if Secp256k1::is_identity(&p) {
                    Err(ProofError::Decode(DecodeError::InvalidPoint))
                } else {
                    Ok(p)
                }
            }),
            _ => Err(ProofError::Decode(DecodeError::InvalidPoint)),
        }
    }

    fn encode_round(x: &ProjectivePoint, r: &ProjectivePoint, out: &mut Vec<u8>) {
        encode_pair(x, r, out);
    }

    fn decode_round(bytes: &[u8]) -> Result<(ProjectivePoint, ProjectivePoint), ProofError> {
        if bytes.len() != 65 {
            return Err(DecodeError::InvalidLength(bytes.len()).into());
        }
        if bytes[0] > 3 {
            return Err(DecodeError::NonCanonicalEncoding.into());
        }
        let x = point_from_x(&bytes[1..33], bytes[0] >> 1)?;
        let r = point_from_x(&bytes[33..65], bytes[0] & 1)?;
        Ok((x, r))
    }

    fn standard_value_base() -> ProjectivePoint {
        crate::secp256k1_zkp::generator::h()
    }

    fn generators(g_len: usize, value_base: ProjectivePoint) -> BpppGenerators<Secp256k1> {
        let g_len = g_len.max(1);
        let mut stream = super::generators(g_len + H_LEN - 1);
        let h_rest = stream.split_off(g_len);
        let mut h = Vec::with_capacity(H_LEN);
        h.push(ProjectivePoint::GENERATOR);
        h.extend(h_rest);
        // H has H_LEN points and G at least one: `new` cannot fail.
        BpppGenerators::new(value_base, stream, h, true)
            .unwrap_or_else(|_| unreachable!("H_LEN blinding generators and a non-empty G"))
    }
}
