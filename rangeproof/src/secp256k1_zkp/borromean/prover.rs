//! The prover (`secp256k1_rangeproof_sign`), byte for byte: the same nonce and inputs give the
//! C library's proof.
//!
//! The value \\(v\\) is proven as \\(v = \mathit{min} + v' \cdot 10^{exp}\\) with \\(v'\\) in
//! `mantissa` bits, written in base-4 digits \\(d_i\\). Ring \\(i\\) commits to its digit as
//! \\(C_i = x_i G + d_i 4^i 10^{exp} A\\) (for the value generator \\(A\\)); its keys are
//! \\(C_i - j \cdot 4^i 10^{exp} A\\) for every candidate digit \\(j\\), and the prover knows the
//! discrete logarithm of exactly the one with \\(j = d_i\\). The \\(x_i\\) sum to the
//! commitment's blinding, so the last ring's commitment is implied (\\(C - \mathit{min}\,A -
//! \sum C_i\\)) and not sent.
//!
//! Every secret random value comes from an RFC 6979 stream seeded with the nonce, the
//! commitment, the generator and the header (`secp256k1_rangeproof_genrand`): the receiver,
//! knowing the nonce, regenerates them and reads back the value, the blinding and a message
//! XORed into the forged \\(s\\) values (see [`super::verifier`]'s rewind).
//!
//! The ring message is the C library's, to the byte: SHA-256 of the commitment and the value
//! generator (each as one byte, 1 when \\(y\\) is not a square, then \\(x\\)), the header, each
//! sent digit commitment (its sign bit as a byte, then \\(x\\)) and the extra commitment. It
//! leaves out the ring sizes and the scale, which the header determines, and the last digit
//! commitment, which the commitment and the others determine.

use crate::{DecodeError, StatementError};
use k256::elliptic_curve::ops::MulByGenerator as _;
use k256::elliptic_curve::subtle::{ConditionallySelectable, ConstantTimeEq};
use k256::{ProjectivePoint, Scalar};
use sha2::{Digest, Sha256};
use zeroize::{Zeroize, Zeroizing};

use super::header::{sign_bytes, Shape};
use super::rings::{scalar_from_b32, sign, RingSecret};
use crate::secp256k1_zkp::generator::{hashed_form, Commitment, ValueGenerator};
use crate::secp256k1_zkp::rfc6979::Rfc6979;
use crate::ProofError;

/// The public choices of a proof: what it reveals about the value's range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProofParameters {
    /// The least value proven (the header carries it when non-zero).
    pub min_value: u64,
    /// The decimal exponent, −1 … 18: the proof covers \\(10^{exp}\\)-multiples above the
    /// minimum, and the low digits become part of the public minimum; −1 proves the exact
    /// value (revealing it).
    pub exp: i32,
    /// The least number of bits the proof covers, 0 … 64 (more bits hide the value's size).
    pub min_bits: u32,
}

impl ProofParameters {
    /// Liquid's wallets' choice: minimum 1, exponent 0, 52 bits (4174-byte proofs).
    pub const LIQUID: ProofParameters = ProofParameters {
        min_value: 1,
        exp: 0,
        min_bits: 52,
    };

    fn check(&self) -> Result<(), ProofError> {
        if !(-1..=18).contains(&self.exp) {
            return Err(StatementError::InvalidParameter {
                name: "exp",
                min: -1,
                max: 18,
            }
            .into());
        }
        if self.min_bits > 64 {
            return Err(StatementError::InvalidParameter {
                name: "min_bits",
                min: 0,
                max: 64,
            }
            .into());
        }
        Ok(())
    }
}

/// The proof's layout for a value (`secp256k1_range_proveparams`): what becomes public
/// (exponent, mantissa, minimum) and the secret digits.
struct Plan {
    /// The scaled value \\(v'\\) (secret).
    scaled: u64,
    exp: i32,
    mantissa: u32,
    min_value: u64,
    scale: u64,
    shape: Shape,
}

impl Drop for Plan {
    fn drop(&mut self) {
        self.scaled.zeroize();
    }
}

impl Plan {
    fn new(value: u64, parameters: &ProofParameters) -> Result<Plan, ProofError> {
        let min_value = parameters.min_value;
        let mut exp = parameters.exp;
        let mut min_bits = parameters.min_bits;
        if min_value == u64::MAX {
            // The largest value leaves no room for a range.
            exp = -1;
        }
        if exp < 0 {
            return Ok(Plan {
                scaled: 0,
                exp: 0,
                mantissa: 0,
                min_value: value,
                scale: 1,
                shape: Shape::for_mantissa(0),
            });
        }
        const HALF: u64 = i64::MAX as u64;
        if (min_value != 0 && value > HALF) || (value != 0 && min_value >= HALF) {
            return Err(StatementError::UnprovableRange.into());
        }
        let max_bits = if min_value != 0 {
            min_value.leading_zeros()
        } else {
            64
        };
        min_bits = min_bits.min(max_bits);
        if min_bits > 61 || value > HALF {
            // Scaling by ten could leave the proven range past 2^64 for such values.
            exp = 0;
        }
        let mut scaled = value - min_value;
        let mut wanted = if min_bits > 0 {
            u64::MAX >> (64 - min_bits)
        } else {
            0
        };
        let mut digits = 0;
        while digits < exp && wanted <= u64::MAX / 10 {
            scaled /= 10;
            wanted *= 10;
            digits += 1;
        }
        let exp = digits;
        let scale = 10u64.pow(exp as u32);
        // The digits dropped by the scaling join the public minimum.
        let min_value = value - scaled * scale;
        let value_bits = if scaled != 0 {
            64 - scaled.leading_zeros()
        } else {
            1
        };
        let mantissa = value_bits.max(min_bits);
        Ok(Plan {
            scaled,
            exp,
            mantissa,
            min_value,
            scale,
            shape: Shape::for_mantissa(mantissa),
        })
    }

    fn header(&self) -> Vec<u8> {
        let has_range = self.shape.ring_sizes[0] > 1;
        let mut header = vec![
            (if has_range { 64 | self.exp as u8 } else { 0 })
                | (if self.min_value != 0 { 32 } else { 0 }),
        ];
        if has_range {
            header.push((self.mantissa - 1) as u8);
        }
        if self.min_value != 0 {
            header.extend_from_slice(&self.min_value.to_be_bytes());
        }
        header
    }

    /// Ring `i`'s secret digit.
    fn digit(&self, ring: usize) -> usize {
        ((self.scaled >> (2 * ring)) & 3) as usize
    }
}

/// A proof with its commitment (`Proved.commitment` is what the proof is for).
#[derive(Clone, Debug)]
pub struct Proved {
    /// The proof's bytes.
    pub proof: Vec<u8>,
    /// \\(r G + v A\\).
    pub commitment: Commitment,
}

/// The per-key random stream (`secp256k1_rangeproof_genrand`): the rings' blinding shares
/// (the last one the negated sum of the others) and one 32-byte pad per key, which also
/// masks the message (XORed in place into `pads`). Shared with the rewind.
pub(crate) struct Randomness {
    pub(crate) blinding_shares: Zeroizing<Vec<Scalar>>,
    pub(crate) s: Zeroizing<Vec<Scalar>>,
    /// Whether every \\(s\\) was below the order and non-zero.
    pub(crate) usable: bool,
}

pub(crate) fn randomness(
    nonce: &[u8; 32],
    commitment: &[u8; 33],
    generator: &[u8; 33],
    header: &[u8],
    shape: &Shape,
    pads: &mut [u8],
) -> Randomness {
    let mut seed = Zeroizing::new(Vec::with_capacity(32 + 33 + 33 + header.len()));
    seed.extend_from_slice(nonce);
    seed.extend_from_slice(&hashed_form(commitment));
    seed.extend_from_slice(&hashed_form(generator));
    seed.extend_from_slice(header);
    let mut rng = Rfc6979::new(&seed);
    let rings = shape.rings();
    let mut shares = Zeroizing::new(Vec::with_capacity(rings));
    let mut s = Zeroizing::new(Vec::with_capacity(shape.keys()));
    let mut sum = Scalar::ZERO;
    let mut usable = true;
    let mut key = 0;
    for (ring, &size) in shape.ring_sizes.iter().enumerate() {
        if ring + 1 < rings {
            // The C code draws once and discards it before the share's rejection loop.
            let _ = Zeroizing::new(rng.next32());
            let share = loop {
                let bytes = Zeroizing::new(rng.next32());
                let (share, overflow) = scalar_from_b32(&bytes);
                if !overflow && !bool::from(share.is_zero()) {
                    break share;
                }
            };
            sum += share;
            shares.push(share);
        } else {
            shares.push(-sum);
        }
        for _ in 0..size {
            let mut bytes = Zeroizing::new(rng.next32());
            // Pads are laid out four keys a ring (the last ring may be shorter).
            let at = 32 * key;
            for (b, pad) in bytes.iter_mut().zip(&mut pads[at..at + 32]) {
                *b ^= *pad;
                *pad = *b;
            }
            let (value, overflow) = scalar_from_b32(&bytes);
            usable &= !overflow && !bool::from(value.is_zero());
            s.push(value);
            key += 1;
        }
    }
    sum.zeroize();
    Randomness {
        blinding_shares: shares,
        s,
        usable,
    }
}

/// Proves `value` in range for the commitment \\(r G + v A\\) (`secp256k1_rangeproof_sign`):
/// byte-compatible with the C library for the same inputs. `nonce` seeds all randomness
/// (a receiver who knows it rewinds the proof: in Liquid, the ECDH secret with the receiver's
/// blinding key); `message` is readable by the rewind (at most 128 bytes a ring but the last);
/// `extra_commit` is bound into the proof (Liquid: the output's scriptPubKey).
pub fn prove(
    value: u64,
    blinding: &Scalar,
    generator: &ValueGenerator,
    nonce: &[u8; 32],
    parameters: &ProofParameters,
    message: &[u8],
    extra_commit: &[u8],
) -> Result<Proved, ProofError> {
    parameters.check()?;
    if parameters.min_value > value {
        return Err(StatementError::BelowMinimum.into());
    }
    let commitment =
        Commitment::new(value, blinding, generator).ok_or(DecodeError::IdentityPoint)?;
    let plan = Plan::new(value, parameters)?;
    let shape = &plan.shape;
    let rings = shape.rings();
    let capacity = 128 * (rings - 1);
    if !message.is_empty() && message.len() > capacity {
        return Err(StatementError::MessageTooLong {
            len: message.len(),
            max: capacity,
        }
        .into());
    }
    let mut proof = plan.header();
    let header_len = proof.len();
    let mut transcript = Sha256::new();
    transcript.update(hashed_form(&commitment.to_bytes()));
    transcript.update(hashed_form(&generator.to_bytes()));
    transcript.update(&proof);

    // The pads: the message, then (in the last ring) the value's encoding at a position that is
    // not the secret digit's; everything else zero.
    let mut pads = Zeroizing::new(vec![0u8; 32 * 4 * rings]);
    pads[..message.len()].copy_from_slice(message);
    let last = rings - 1;
    let last_size = shape.ring_sizes[last];
    if last_size > 1 {
        // The top position, or the one below it when the digit is there (chosen in constant
        // time: the digit is secret).
        let top = (last_size - 1) as u64;
        let digit = plan.digit(last) as u64;
        let position = top - u64::from(digit.ct_eq(&top).unwrap_u8());
        let mut encoding = Zeroizing::new([0u8; 32]);
        encoding[0] = 128;
        for k in 1..4 {
            encoding[8 * k..8 * k + 8].copy_from_slice(&plan.scaled.to_be_bytes());
        }
        for candidate in 0..last_size as u64 {
            let here = candidate.ct_eq(&position);
            let at = 32 * (4 * last + candidate as usize);
            for (pad, byte) in pads[at..at + 32].iter_mut().zip(encoding.iter()) {
                pad.conditional_assign(byte, here);
            }
        }
    }
    let random = randomness(
        nonce,
        &commitment.to_bytes(),
        &generator.to_bytes(),
        &proof,
        shape,
        &mut pads,
    );
    if !random.usable {
        return Err(ProofError::InvalidSecret);
    }
    let mut s = random.s.clone();
    let mut shares = random.blinding_shares.clone();
    shares[last] += blinding;
    if bool::from(shares[last].is_zero()) {
        return Err(ProofError::InvalidSecret);
    }
    // The nonce of each ring is the pad-derived value at its secret position.
    let mut secrets = Vec::with_capacity(rings);
    let mut first = 0;
    for (ring, &size) in shape.ring_sizes.iter().enumerate() {
        let digit = plan.digit(ring);
        let mut secret = RingSecret {
            nonce: Scalar::ZERO,
            key: shares[ring],
            position: digit,
        };
        for j in 0..size {
            secret
                .nonce
                .conditional_assign(&s[first + j], (j as u64).ct_eq(&(digit as u64)));
        }
        secrets.push(secret);
        first += size;
    }

    // The digit commitments: all but the last are sent (x and a sign bit), every one hashed.
    let signs_at = proof.len();
    proof.resize(signs_at + sign_bytes(rings), 0);
    let a = generator.point();
    let mut keys = Vec::with_capacity(shape.keys());
    let mut step = a * Scalar::from(plan.scale);
    for (ring, &size) in shape.ring_sizes.iter().enumerate() {
        // d·step for the secret digit d: the four public multiples, one chosen in constant
        // time (cheaper than a constant-time multiplication).
        let digit = plan.digit(ring) as u64;
        let mut digit_term = ProjectivePoint::IDENTITY;
        let mut multiple = ProjectivePoint::IDENTITY;
        for candidate in 0..size.min(4) as u64 {
            digit_term.conditional_assign(&multiple, candidate.ct_eq(&digit));
            multiple += step;
        }
        let c = ProjectivePoint::mul_by_generator(&shares[ring]) + digit_term;
        let encoding = Commitment::from_point(c).ok_or(DecodeError::IdentityPoint)?;
        if ring + 1 < rings {
            let hashed = hashed_form(&encoding.to_bytes());
            transcript.update(hashed);
            proof[signs_at + ring / 8] |= hashed[0] << (ring % 8);
            proof.extend_from_slice(&hashed[1..]);
        }
        // The keys C_i - j·4^i·10^exp·A (`secp256k1_rangeproof_pub_expand`).
        let mut key = c;
        keys.push(key);
        for _ in 1..size {
            key -= step;
            keys.push(key);
        }
        step = step.double().double();
    }
    transcript.update(extra_commit);
    let message_hash: [u8; 32] = transcript.finalize().into();
    let e0 = sign(&keys, &mut s, &shape.ring_sizes, &secrets, &message_hash)
        .ok_or(ProofError::InvalidSecret)?;
    for secret in &mut secrets {
        secret.nonce.zeroize();
        secret.key.zeroize();
    }
    proof.extend_from_slice(&e0);
    for value in s.iter() {
        proof.extend_from_slice(&value.to_bytes());
    }
    debug_assert_eq!(proof.len(), header_len + shape.body_len());
    Ok(Proved { proof, commitment })
}
