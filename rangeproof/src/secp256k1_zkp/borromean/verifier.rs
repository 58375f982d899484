//! The verifier (`secp256k1_rangeproof_verify`) and the rewind (`secp256k1_rangeproof_rewind`),
//! reading the wire format as strictly as the C library: exact length, sign bits beyond the
//! digit commitments zero, \\(x < p\\) on the curve, \\(s\\) values below the order.
//!
//! ```text
//! header (1, 2, 9 or 10 bytes; see header)
//! signs  ⌈(rings − 1)/8⌉ bytes: bit i set when digit commitment i has a non-residue y
//! x_i    32 bytes each, for rings 0 … rings − 2 (the last is implied)
//! e_0    32 bytes
//! s      32 bytes per key, ring after ring
//! ```

use crate::DecodeError;
use k256::elliptic_curve::{ops::MulByGenerator as _, PrimeField as _};
use k256::{ProjectivePoint, Scalar};
use sha2::{Digest, Sha256};
use zeroize::Zeroizing;

use super::header::{sign_bytes, Header, ProofInfo, Shape};
use super::prover::randomness;
use super::rings::{verify_many, PendingRingSignature};
use crate::group::secp256k1::field::FieldElement;
use crate::group::secp256k1::jacobian::normalize_batch;
use crate::group::secp256k1::lift_x_quadratic_batch;
use crate::secp256k1_zkp::generator::{hashed_form, Commitment, ValueGenerator};
use crate::ProofError;

/// A proof read and its ring keys derived, ready for the ring check.
pub(crate) struct Decoded {
    pub(crate) header: Header,
    pub(crate) shape: Shape,
    pub(crate) rings: PendingRingSignature,
}

/// A proof's fields, read and checked — everything but what needs the commitment.
struct Fields {
    header: Header,
    shape: Shape,
    /// The sent digit commitments with their sign bits (1: negated).
    digits: Vec<(ProjectivePoint, u8)>,
    /// Where the first digit commitment's \\(x\\) starts.
    digits_at: usize,
    e0: [u8; 32],
    s: Vec<Scalar>,
}

impl Fields {
    fn read(proof: &[u8]) -> Result<Fields, ProofError> {
        let header = Header::parse(proof)?;
        let shape = Shape::for_mantissa(header.info.mantissa);
        let rings = shape.rings();
        if proof.len() != header.len + shape.body_len() {
            return Err(DecodeError::InvalidLength(proof.len()).into());
        }
        let signs = &proof[header.len..header.len + sign_bytes(rings)];
        let sent = rings - 1;
        if !sent.is_multiple_of(8) && signs[signs.len() - 1] >> (sent % 8) != 0 {
            // Bits past the last digit commitment would let a proof be mutated.
            return Err(DecodeError::NonCanonicalEncoding.into());
        }
        let digits_at = header.len + signs.len();
        // The digit commitments' abscissas, lifted together (their square roots share vector
        // calls where the CPU has IFMA).
        let abscissas = (0..sent)
            .map(|ring| {
                let at = digits_at + 32 * ring;
                FieldElement::from_slice(&proof[at..at + 32])
                    .ok_or(ProofError::Decode(DecodeError::InvalidPoint))
            })
            .collect::<Result<Vec<_>, ProofError>>()?;
        let digits = lift_x_quadratic_batch(&abscissas)
            .into_iter()
            .enumerate()
            .map(|(ring, lifted)| {
                let negative = (signs[ring / 8] >> (ring % 8)) & 1;
                let (x, y) = lifted.ok_or(DecodeError::InvalidPoint)?;
                let point = crate::group::secp256k1::point_from_affine(&x, &y)
                    .ok_or(DecodeError::InvalidPoint)?;
                Ok((if negative == 1 { -point } else { point }, negative))
            })
            .collect::<Result<Vec<_>, ProofError>>()?;
        let at = digits_at + 32 * sent;
        let mut e0 = [0u8; 32];
        e0.copy_from_slice(&proof[at..at + 32]);
        let s = proof[at + 32..]
            .chunks_exact(32)
            .map(|chunk| {
                let mut bytes = [0u8; 32];
                bytes.copy_from_slice(chunk);
                Option::<Scalar>::from(Scalar::from_repr(bytes.into()))
                    .ok_or(ProofError::Decode(DecodeError::NonCanonicalScalar))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Fields {
            header,
            shape,
            digits,
            digits_at,
            e0,
            s,
        })
    }
}

impl Decoded {
    /// Reads `proof` for `commitment` on `generator` and derives every ring's keys
    /// (`secp256k1_rangeproof_verify_impl` up to the ring check).
    pub(crate) fn new(
        proof: &[u8],
        commitment: &Commitment,
        generator: &ValueGenerator,
        extra_commit: &[u8],
    ) -> Result<Decoded, ProofError> {
        let Fields {
            header,
            shape,
            digits,
            digits_at,
            e0,
            s,
        } = Fields::read(proof)?;
        let mut transcript = Sha256::new();
        transcript.update(hashed_form(&commitment.to_bytes()));
        transcript.update(hashed_form(&generator.to_bytes()));
        transcript.update(&proof[..header.len]);
        let a = generator.point();
        // The sent digit commitments, then the implied last one: C - min·A - Σ C_i.
        let mut implied = commitment.point() - a * Scalar::from(header.info.min_value);
        let mut points = Vec::with_capacity(shape.rings());
        for (ring, (point, negative)) in digits.iter().enumerate() {
            let at = digits_at + 32 * ring;
            transcript.update([*negative]);
            transcript.update(&proof[at..at + 32]);
            implied -= point;
            points.push(*point);
        }
        if bool::from(k256::elliptic_curve::group::Group::is_identity(&implied)) {
            return Err(DecodeError::IdentityPoint.into());
        }
        points.push(implied);
        // Every ring's keys C_i - j·4^i·10^exp·A, normalized with one inversion.
        let mut step = a * Scalar::from(header.scale);
        let mut keys = Vec::with_capacity(shape.keys());
        for (digit, &size) in points.iter().zip(&shape.ring_sizes) {
            let mut key = *digit;
            keys.push(key);
            for _ in 1..size {
                key -= step;
                keys.push(key);
            }
            step = step.double().double();
        }
        transcript.update(extra_commit);
        Ok(Decoded {
            rings: PendingRingSignature {
                keys: normalize_batch(&keys),
                s,
                ring_sizes: shape.ring_sizes.clone(),
                e0,
                message: transcript.finalize().into(),
            },
            header,
            shape,
        })
    }
}

/// Decodes a proof for a batch ([`crate::BatchVerifier::add_deferred`]): the checks of
/// [`verify`] up to the ring signature, which the batch runs with the others.
pub fn pending(
    proof: &[u8],
    commitment: &Commitment,
    generator: &ValueGenerator,
    extra_commit: &[u8],
) -> Result<PendingRingSignature, ProofError> {
    Decoded::new(proof, commitment, generator, extra_commit).map(|d| d.rings)
}

/// Verifies a proof for `commitment` on the value generator `generator` with the
/// `extra_commit` it was made with (`secp256k1_rangeproof_verify`); returns the range it
/// proves (the header's, [`ProofInfo`]).
pub fn verify(
    proof: &[u8],
    commitment: &Commitment,
    generator: &ValueGenerator,
    extra_commit: &[u8],
) -> Result<ProofInfo, ProofError> {
    let decoded = Decoded::new(proof, commitment, generator, extra_commit)?;
    match verify_many(&[decoded.rings.signature()], false)
        .pop()
        .flatten()
    {
        Some(_) => Ok(decoded.header.info),
        None => Err(ProofError::VerificationFailed),
    }
}

/// What a rewind gives back (`secp256k1_rangeproof_rewind`).
#[derive(Debug)]
pub struct Rewound {
    /// The committed value.
    pub value: u64,
    /// The commitment's blinding factor (wiped when dropped).
    pub blinding: Zeroizing<Scalar>,
    /// The message the prover embedded, followed by zeros up to what the proof carries
    /// (the C library returns the same bytes).
    pub message: Zeroizing<Vec<u8>>,
    /// The range the proof shows.
    pub info: ProofInfo,
}

/// Verifies the proof and, with the prover's `nonce`, recovers the value, the blinding factor
/// and the message — refusing unless they open `commitment` (`RewindFailed`).
pub fn rewind(
    proof: &[u8],
    commitment: &Commitment,
    generator: &ValueGenerator,
    extra_commit: &[u8],
    nonce: &[u8; 32],
) -> Result<Rewound, ProofError> {
    let decoded = Decoded::new(proof, commitment, generator, extra_commit)?;
    let challenges = verify_many(&[decoded.rings.signature()], true)
        .pop()
        .flatten()
        .ok_or(ProofError::VerificationFailed)?;
    let shape = &decoded.shape;
    let rings = shape.rings();
    let mut pads = Zeroizing::new(vec![0u8; 32 * 4 * rings]);
    let random = randomness(
        nonce,
        &commitment.to_bytes(),
        &generator.to_bytes(),
        &proof[..decoded.header.len],
        shape,
        &mut pads,
    );
    let original = &random.s;
    let s = &decoded.rings.s;
    let recover_key = |k: &Scalar, e: &Scalar, s: &Scalar| -> Option<Scalar> {
        // s = k - e·x, so x = (k - s) / e.
        Option::<Scalar>::from(e.invert()).map(|inv| (*k - s) * inv)
    };
    let info = decoded.header.info;
    let (value, blinding, message) = if rings == 1 && shape.ring_sizes[0] == 1 {
        // An exact-value proof: one key, whose secret is the blinding itself.
        let x = recover_key(&original[0], &challenges[0], &s[0]).ok_or(ProofError::RewindFailed)?;
        (0u64, x, Vec::new())
    } else {
        let last = 4 * (rings - 1);
        let last_size = shape.ring_sizes[rings - 1];
        // The value's encoding sits at the last ring's top position or the one below it.
        let mut found = None;
        for j in 0..2 {
            let index = last + last_size - 1 - j;
            let mut bytes = Zeroizing::new(s[index].to_bytes().into());
            let bytes: &mut [u8; 32] = &mut bytes;
            for (b, pad) in bytes.iter_mut().zip(&pads[32 * index..32 * index + 32]) {
                *b ^= pad;
            }
            if bytes[0] & 128 != 0
                && bytes[8..16] == bytes[16..24]
                && bytes[16..24] == bytes[24..32]
            {
                let mut word = [0u8; 8];
                word.copy_from_slice(&bytes[24..32]);
                pads[32 * index..32 * index + 32].copy_from_slice(bytes);
                found = Some((j, u64::from_be_bytes(word)));
                break;
            }
        }
        let (j, scaled) = found.ok_or(ProofError::RewindFailed)?;
        let value_position = last_size - 1 - j;
        let digit_position = ((scaled >> (2 * (rings - 1))) & 3) as usize;
        if value_position == digit_position {
            return Err(ProofError::RewindFailed);
        }
        let (skip_value, skip_digit) = (last + value_position, last + digit_position);
        let x = recover_key(
            &original[skip_digit],
            &challenges[skip_digit],
            &s[skip_digit],
        )
        .ok_or(ProofError::RewindFailed)?;
        // The last share is x_last = -Σ(other shares) + blinding.
        let blinding = x - random.blinding_shares[rings - 1];
        let mut message = Vec::with_capacity(32 * shape.keys());
        let mut key = 0;
        for (ring, &size) in shape.ring_sizes.iter().enumerate() {
            let digit = ((scaled >> (2 * ring)) & 3) as usize;
            for j in 0..size {
                if key != skip_value && key != skip_digit {
                    // At the real digit the pad went into the nonce k = s + e·x.
                    let value = if j == digit {
                        s[key] + challenges[key] * random.blinding_shares[ring]
                    } else {
                        s[key]
                    };
                    let bytes: [u8; 32] = value.to_bytes().into();
                    message.extend(
                        bytes
                            .iter()
                            .zip(&pads[32 * key..32 * key + 32])
                            .map(|(a, b)| a ^ b),
                    );
                }
                key += 1;
            }
        }
        (scaled, blinding, message)
    };
    let value = value
        .wrapping_mul(decoded.header.scale)
        .wrapping_add(info.min_value);
    // The opening must give back the commitment.
    let opened =
        ProjectivePoint::mul_by_generator(&blinding) + generator.point() * Scalar::from(value);
    if opened != commitment.point() {
        return Err(ProofError::RewindFailed);
    }
    Ok(Rewound {
        value,
        blinding: Zeroizing::new(blinding),
        message: Zeroizing::new(message),
        info,
    })
}

/// The range a proof shows, from its header alone (`secp256k1_rangeproof_info`).
pub fn info(proof: &[u8]) -> Result<ProofInfo, ProofError> {
    Header::parse(proof).map(|h| h.info)
}

/// Whether the bytes are a proof in the wire format — header, exact length, sign bits, digit
/// commitments on the curve, \\(s\\) values below the order — without verifying it (no
/// commitment needed).
pub fn check_encoding(proof: &[u8]) -> Result<(), ProofError> {
    Fields::read(proof).map(drop)
}
