//! MWEB stealth addresses: making an output for an address, and a wallet's scan for its own
//! outputs — the MWEB counterpart of Liquid's unblinding.
//!
//! A wallet has a scan secret \\(a\\) and a spend key \\(B = bG\\); address \\(i\\) is
//! \\((A_i, B_i)\\) with \\(m_i = H2S(B3(\mathtt{A} ‖ \mathrm{LE32}(i) ‖ a))\\),
//! \\(B_i = B + m_i G\\), \\(A_i = a B_i\\). A sender with key \\(k_s\\) and value \\(v\\) draws
//! \\(n\\), the first 16 bytes of \\(B3(\mathtt{N} ‖ k_s)\\),
//! \\(s = H2S(B3(\mathtt{S} ‖ A_i ‖ B_i ‖ \mathrm{LE64}(v) ‖ n))\\), publishes
//! \\(K_e = s B_i\\), and from the shared point \\(P = s A_i = a K_e\\) takes
//! \\(t = H2S(B3(\mathtt{D} ‖ P))\\): the receiver key \\(K_o = H2S(B3(\mathtt{O} ‖ t)) B_i\\),
//! the view tag (the first byte of \\(B3(\mathtt{T} ‖ P)\\)), the value and nonce masks (the
//! first 8 and 16 bytes of \\(B3(\mathtt{Y} ‖ t)\\) and \\(B3(\mathtt{X} ‖ t)\\)), and the
//! blinding factor by the blind switch:
//! \\(r = H2S(B3(\mathtt{B} ‖ t))\\), \\(x = r + \mathrm{SHA256}(\mathrm{commit}(r G + v H) ‖
//! \mathrm{ser}_{33}(r J)) \\) (SHA-256, not BLAKE3, as Core's `secp256k1_blind_switch`). The
//! wallet reverses it: the view tag first (one byte: most outputs stop there), then \\(B_i\\)
//! from \\(K_o\\) and its address map, then the value, the nonce, and the checks that the
//! commitment opens and that \\(s B_i = K_e\\).
//!
//! Facts: Litecoin Core v0.21.5.5 (`src/libmw/src/wallet/Keychain.cpp`,
//! `src/libmw/src/models/tx/Output.cpp`), docs/litecoin-mweb-facts.md §12.

use alloc::collections::BTreeMap;
use alloc::vec::Vec;

use k256::elliptic_curve::PrimeField;
use k256::{FieldBytes, ProjectivePoint, Scalar};
use rand_core::{CryptoRng, RngCore};
use sha2::{Digest, Sha256};
use zeroize::{Zeroize, ZeroizeOnDrop, Zeroizing};

use super::signatures::{blake3, hash_to_scalar, output_message, ser33, sign};
use super::wire::{Output, OutputMessage, StandardFields, PROOF_LEN};
use crate::secp256k1_zkp::bulletproofs::{GrinProver, GrinWitness};
use crate::secp256k1_zkp::generator::{self, Commitment};
use crate::secp256k1_zkp::public_key;
use crate::ProofError;

/// The switch-commitment generator \\(J\\) (`02` ‖ x).
const J: [u8; 33] = [
    0x02, 0xb8, 0x60, 0xf5, 0x67, 0x95, 0xfc, 0x03, 0xf3, 0xc2, 0x16, 0x85, 0x38, 0x3d, 0x1b, 0x5a,
    0x2f, 0x29, 0x54, 0xf4, 0x9b, 0x7e, 0x39, 0x8b, 0x8d, 0x2a, 0x01, 0x93, 0x93, 0x36, 0x21, 0x15,
    0x5f,
];

fn tagged(tag: u8, parts: &[&[u8]]) -> [u8; 32] {
    let mut all: Vec<&[u8]> = Vec::with_capacity(parts.len() + 1);
    let tag = [tag];
    all.push(&tag);
    all.extend_from_slice(parts);
    blake3(&all)
}

fn scalar_bytes(k: &Scalar) -> [u8; 32] {
    k.to_bytes().into()
}

/// The blinding factor of a value \\(v\\) sent under shared secret \\(t\\) (the blind switch).
fn blinding(t: &[u8; 32], value: u64) -> Option<Scalar> {
    let r = hash_to_scalar(tagged(b'B', &[t]));
    let h = generator::h();
    let pre = Commitment::from_point(ProjectivePoint::GENERATOR * r + h * Scalar::from(value))?;
    let j = public_key(&J)?;
    let digest: [u8; 32] = Sha256::new()
        .chain_update(pre.to_bytes())
        .chain_update(ser33(&(j * r))?)
        .finalize()
        .into();
    // Core refuses a digest not below the order (probability about 2^-128).
    let switch = Option::<Scalar>::from(Scalar::from_repr(FieldBytes::from(digest)))?;
    Some(r + switch)
}

/// What a wallet learns from an output that is its own.
#[derive(Clone, Zeroize, ZeroizeOnDrop)]
pub struct Owned {
    /// The address index it was sent to.
    pub address: u32,
    /// The value.
    pub value: u64,
    /// The commitment's blinding factor (big-endian).
    pub blinding: [u8; 32],
    /// The sender's nonce.
    pub nonce: [u8; 16],
    /// The shared secret \\(t\\) (big-endian), from which the spend key derives.
    pub shared_secret: [u8; 32],
}

impl core::fmt::Debug for Owned {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Owned")
            .field("address", &self.address)
            .field("value", &self.value)
            .finish_non_exhaustive()
    }
}

/// The most address indices a wallet looks for: each costs a scalar multiplication and an
/// entry in the wallet's table (about 30 µs and 80 bytes), so a million take half a minute and
/// 80 MB — far past any wallet's look-ahead, and a bound on what a caller's count can cost.
pub const MAX_ADDRESSES: u32 = 1_000_000;

/// A scanning wallet: the scan secret and the spend key, with the addresses looked for.
pub struct Wallet {
    scan: Zeroizing<[u8; 32]>,
    /// \\(B_i\\)'s encoding → \\(i\\).
    addresses: BTreeMap<[u8; 33], u32>,
}

impl Wallet {
    /// A wallet of scan secret `scan_secret` and spend key `spend_pubkey`, looking for
    /// addresses `0..addresses` (at most [`MAX_ADDRESSES`]: more is refused with
    /// [`StatementError::InvalidParameter`](crate::StatementError::InvalidParameter)).
    pub fn new(
        scan_secret: &[u8; 32],
        spend_pubkey: &[u8; 33],
        addresses: u32,
    ) -> Result<Wallet, ProofError> {
        if addresses > MAX_ADDRESSES {
            return Err(crate::StatementError::InvalidParameter {
                name: "addresses",
                min: 0,
                max: i64::from(MAX_ADDRESSES),
            }
            .into());
        }
        let a = Zeroizing::new(
            Option::<Scalar>::from(Scalar::from_repr(FieldBytes::from(*scan_secret)))
                .filter(|a| !bool::from(a.is_zero()))
                .ok_or(ProofError::InvalidSecret)?,
        );
        let spend = public_key(spend_pubkey).ok_or(crate::DecodeError::InvalidPoint)?;
        let mut map = BTreeMap::new();
        for i in 0..addresses {
            let b_i = spend + ProjectivePoint::GENERATOR * address_tweak(&a, i);
            map.insert(ser33(&b_i).ok_or(crate::DecodeError::InvalidPoint)?, i);
        }
        Ok(Wallet {
            scan: Zeroizing::new(scalar_bytes(&a)),
            addresses: map,
        })
    }

    fn scan_secret(&self) -> Zeroizing<Scalar> {
        // The bytes were a valid non-zero scalar when stored.
        Zeroizing::new(
            Option::<Scalar>::from(Scalar::from_repr(FieldBytes::from(*self.scan)))
                .unwrap_or(Scalar::ONE),
        )
    }

    /// Address `i`: \\((A_i, B_i)\\) as compressed keys.
    pub fn address(&self, i: u32) -> Option<([u8; 33], [u8; 33])> {
        let b_i = self
            .addresses
            .iter()
            .find(|(_, &j)| j == i)
            .map(|(k, _)| *k)?;
        let a_i = ser33(&(public_key(&b_i)? * *self.scan_secret()))?;
        Some((a_i, b_i))
    }

    /// The output's secrets if it is this wallet's, and opens its commitment.
    pub fn scan(&self, output: &Output) -> Option<Owned> {
        let fields = output.message.standard.as_ref()?;
        let a = self.scan_secret();
        let shared = ser33(&(public_key(&fields.key_exchange_pubkey)? * *a))?;
        if tagged(b'T', &[&shared])[0] != fields.view_tag {
            return None;
        }
        let t = Zeroizing::new(scalar_bytes(&hash_to_scalar(tagged(b'D', &[&shared]))));
        let tweak = hash_to_scalar(tagged(b'O', &[&*t]));
        let b_i = public_key(&output.receiver_pubkey)? * Option::<Scalar>::from(tweak.invert())?;
        let b_i_bytes = ser33(&b_i)?;
        let address = *self.addresses.get(&b_i_bytes)?;
        let value_mask = tagged(b'Y', &[&*t]);
        let value = fields.masked_value ^ u64::from_le_bytes(value_mask[..8].try_into().ok()?);
        let nonce_mask = tagged(b'X', &[&*t]);
        let nonce: [u8; 16] = core::array::from_fn(|k| fields.masked_nonce[k] ^ nonce_mask[k]);
        let x = Zeroizing::new(blinding(&t, value)?);
        let opened = ProjectivePoint::GENERATOR * *x + generator::h() * Scalar::from(value);
        if Commitment::from_point(opened)?.to_bytes() != output.commitment {
            return None;
        }
        let a_i = ser33(&(b_i * *a))?;
        let s = hash_to_scalar(tagged(
            b'S',
            &[&a_i, &b_i_bytes, &value.to_le_bytes(), &nonce],
        ));
        if ser33(&(b_i * s))? != fields.key_exchange_pubkey {
            return None;
        }
        Some(Owned {
            address,
            value,
            blinding: scalar_bytes(&x),
            nonce,
            shared_secret: *t,
        })
    }
}

/// The spend public key \\(B = bG\\) of a spend secret \\(b\\) (32 bytes, big-endian): what
/// a scanning wallet is given instead of the secret. Refused when \\(b\\) is zero or not
/// below the group order.
pub fn spend_pubkey(spend_secret: &[u8; 32]) -> Result<[u8; 33], ProofError> {
    let b = Zeroizing::new(
        Option::<Scalar>::from(Scalar::from_repr(FieldBytes::from(*spend_secret)))
            .filter(|b| !bool::from(b.is_zero()))
            .ok_or(ProofError::InvalidSecret)?,
    );
    ser33(&(ProjectivePoint::GENERATOR * *b)).ok_or(ProofError::InvalidSecret)
}

/// \\(m_i = H2S(B3(\mathtt{A} ‖ \mathrm{LE32}(i) ‖ a))\\).
fn address_tweak(a: &Scalar, i: u32) -> Scalar {
    let a = Zeroizing::new(scalar_bytes(a));
    hash_to_scalar(tagged(b'A', &[&i.to_le_bytes(), &*a]))
}

/// An output's secrets: the commitment's blinding factor and the sender key (what a
/// transaction's kernel excess and stealth excess are made from). Wiped when dropped.
#[derive(Clone, Zeroize, ZeroizeOnDrop)]
struct Secrets {
    blinding: Scalar,
    sender_key: Scalar,
}

/// An output made here, with its bytes owned (see [`Made::output`]) and its secrets.
#[derive(Clone)]
pub struct Made {
    commitment: [u8; 33],
    sender_pubkey: [u8; 33],
    receiver_pubkey: [u8; 33],
    message: Vec<u8>,
    fields: StandardFields,
    proof: [u8; PROOF_LEN],
    signature: [u8; 64],
    secrets: Secrets,
}

impl core::fmt::Debug for Made {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Made")
            .field("commitment", &self.commitment)
            .finish_non_exhaustive()
    }
}

impl Made {
    /// The output, borrowing these bytes.
    pub fn output(&self) -> Output<'_> {
        Output {
            commitment: self.commitment,
            sender_pubkey: self.sender_pubkey,
            receiver_pubkey: self.receiver_pubkey,
            message: OutputMessage {
                bytes: &self.message,
                features: 0x01,
                standard: Some(self.fields.clone()),
                extra_data: None,
            },
            proof: &self.proof,
            signature: self.signature,
        }
    }

    /// The output as serialized.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(99 + self.message.len() + PROOF_LEN + 64);
        out.extend(self.commitment);
        out.extend(self.sender_pubkey);
        out.extend(self.receiver_pubkey);
        out.extend(&self.message);
        out.extend(self.proof);
        out.extend(self.signature);
        out
    }

    /// The commitment's blinding factor \\(x\\) (secret: a transaction's kernel excess
    /// sums them).
    pub fn blinding(&self) -> &Scalar {
        &self.secrets.blinding
    }

    /// The sender key \\(k_s\\) (secret: a transaction's stealth excess sums them).
    pub fn sender_key(&self) -> &Scalar {
        &self.secrets.sender_key
    }
}

/// An output to an address before its range proof: the commitment, keys and message fixed,
/// the proof and the signature (which covers it) to come — from this crate's prover
/// ([`Draft::prove`]) or another one ([`Draft::with_proof`]: a hardware signer, the C library).
pub struct Draft {
    made: Made,
    value: Zeroizing<u64>,
}

impl Draft {
    /// Everything of a standard output of `value` to address \\((A_i, B_i)\\) but its proof,
    /// as Core's `Output::Create` derives it: a fresh sender key, the shared secret, the
    /// receiver key, the masked value and nonce, the blinding factor.
    pub fn new<R: RngCore + CryptoRng>(
        address: (&[u8; 33], &[u8; 33]),
        value: u64,
        rng: &mut R,
    ) -> Result<Draft, ProofError> {
        let bad_key = || ProofError::Decode(crate::DecodeError::InvalidPoint);
        let (a_i_bytes, b_i_bytes) = address;
        let (a_i, b_i) = (
            public_key(a_i_bytes).ok_or_else(bad_key)?,
            public_key(b_i_bytes).ok_or_else(bad_key)?,
        );
        let k_s = Zeroizing::new(<Scalar as k256::elliptic_curve::Field>::random(&mut *rng));
        let sender = ser33(&(ProjectivePoint::GENERATOR * *k_s)).ok_or_else(bad_key)?;
        let k_s_bytes = Zeroizing::new(scalar_bytes(&k_s));
        let nonce: [u8; 16] = tagged(b'N', &[&*k_s_bytes])[..16]
            .try_into()
            .map_err(|_| bad_key())?;
        let s = Zeroizing::new(hash_to_scalar(tagged(
            b'S',
            &[a_i_bytes, b_i_bytes, &value.to_le_bytes(), &nonce],
        )));
        let exchange = ser33(&(b_i * *s)).ok_or_else(bad_key)?;
        let shared = ser33(&(a_i * *s)).ok_or_else(bad_key)?;
        let t = Zeroizing::new(scalar_bytes(&hash_to_scalar(tagged(b'D', &[&shared]))));
        let receiver = ser33(&(b_i * hash_to_scalar(tagged(b'O', &[&*t])))).ok_or_else(bad_key)?;
        let value_mask = tagged(b'Y', &[&*t]);
        let nonce_mask = tagged(b'X', &[&*t]);
        let fields = StandardFields {
            key_exchange_pubkey: exchange,
            view_tag: tagged(b'T', &[&shared])[0],
            masked_value: value
                ^ u64::from_le_bytes(value_mask[..8].try_into().map_err(|_| bad_key())?),
            masked_nonce: core::array::from_fn(|k| nonce[k] ^ nonce_mask[k]),
        };
        let mut message = Vec::with_capacity(59);
        message.push(0x01);
        message.extend(fields.key_exchange_pubkey);
        message.push(fields.view_tag);
        message.extend(fields.masked_value.to_le_bytes());
        message.extend(fields.masked_nonce);
        let x = blinding(&t, value).ok_or(ProofError::InvalidSecret)?;
        let commitment = Commitment::new(value, &x, &generator::ValueGenerator::h())
            .ok_or(ProofError::InvalidSecret)?
            .to_bytes();
        Ok(Draft {
            made: Made {
                commitment,
                sender_pubkey: sender,
                receiver_pubkey: receiver,
                message,
                fields,
                proof: [0; PROOF_LEN],
                signature: [0; 64],
                secrets: Secrets {
                    blinding: x,
                    sender_key: *k_s,
                },
            },
            value: Zeroizing::new(value),
        })
    }

    /// The commitment \\(vH + xG\\) the proof must prove.
    pub fn commitment(&self) -> &[u8; 33] {
        &self.made.commitment
    }

    /// The serialized OutputMessage: the proof's extra data.
    pub fn message(&self) -> &[u8] {
        &self.made.message
    }

    /// The value (secret).
    pub fn value(&self) -> u64 {
        *self.value
    }

    /// The blinding factor \\(x\\) (secret), for an outside prover.
    pub fn blinding(&self) -> &Scalar {
        &self.made.secrets.blinding
    }

    /// Proves with this crate's prover (64 bits, the message as extra data, random nonces
    /// as Core's — nothing to rewind) and signs.
    pub fn prove<R: RngCore + CryptoRng>(self, rng: &mut R) -> Result<Made, ProofError> {
        let mut witness = GrinWitness {
            values: alloc::vec![*self.value],
            blindings: alloc::vec![self.made.secrets.blinding],
            rewind_nonce: [0; 32],
            private_nonce: Some([0; 32]),
            message: None,
        };
        // Two independent random nonces, filled in place (the witness wipes them).
        rng.fill_bytes(&mut witness.rewind_nonce);
        if let Some(nonce) = witness.private_nonce.as_mut() {
            rng.fill_bytes(nonce);
        }
        let prover = GrinProver {
            extra_data: Some(self.made.message.clone()),
            ..GrinProver::grin()
        };
        let (_, proof) = prover.prove(&witness)?;
        let proof: [u8; PROOF_LEN] = proof
            .try_into()
            .map_err(|p: Vec<u8>| ProofError::Decode(crate::DecodeError::InvalidLength(p.len())))?;
        self.signed(proof, rng)
    }

    /// Takes a proof made elsewhere — refused unless it verifies for this commitment and
    /// message — and signs.
    pub fn with_proof<R: RngCore + CryptoRng>(
        mut self,
        proof: [u8; PROOF_LEN],
        rng: &mut R,
    ) -> Result<Made, ProofError> {
        self.made.proof = proof;
        crate::secp256k1_zkp::bulletproofs::verify(
            &proof,
            &super::output_statement(&self.made.output()),
        )?;
        self.signed(proof, rng)
    }

    fn signed<R: RngCore + CryptoRng>(
        mut self,
        proof: [u8; PROOF_LEN],
        rng: &mut R,
    ) -> Result<Made, ProofError> {
        self.made.proof = proof;
        self.made.signature = sign(
            &self.made.secrets.sender_key,
            &output_message(&self.made.output()),
            rng,
        )
        .ok_or(ProofError::InvalidSecret)?;
        Ok(self.made)
    }
}

/// Makes a standard output of `value` to address \\((A_i, B_i)\\) as Core's `Output::Create`
/// does: a fresh sender key, the message, the range proof (64 bits, the message as extra
/// data, random nonces as Core's), the signature under the sender key.
pub fn make_output<R: RngCore + CryptoRng>(
    address: (&[u8; 33], &[u8; 33]),
    value: u64,
    rng: &mut R,
) -> Result<Made, ProofError> {
    Draft::new(address, value, rng)?.prove(rng)
}
