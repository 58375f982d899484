//! MWEB's hashes, IDs and signatures: what each kernel, input and output signs, with which
//! key, and the Schnorr verification Litecoin Core runs on them (`TxBody::Validate`'s batch).
//!
//! * Hashes are BLAKE3 (32 bytes) over Bitcoin-style serializations; a "tagged" hash absorbs
//!   one ASCII byte first (libmw's `EHashTag`). Hash-to-scalar reads the digest big-endian and
//!   takes it when \\(0 < k < n\\), else hashes `"MWEB hash-to-scalar" ‖ digest ‖ LE32(i)` for
//!   \\(i = 0, 1, \ldots\\) until one is (Core v0.21.5.5's `SecretKey::FromHash`).
//! * The signature is the pre-BIP-340 draft that the vendored secp256k1-zkp's `schnorrsig`
//!   batch verifier implements, not BIP-340: \\((r, s)\\) with \\(r < p\\), \\(s < n\\),
//!   \\(e = \mathrm{SHA256}(r ‖ \mathrm{ser}_{33}(P) ‖ m) \bmod n\\), and
//!   \\(R = sG - eP\\) must not be the identity, have \\(x(R) = r\\) and a quadratic-residue
//!   \\(y(R)\\). Checked one by one here: the same signatures the batch accepts (up to its
//!   negligible soundness error).
//! * Kernel: \\(m = B3(\mathit{features} ‖ E ‖ \mathit{fields})\\) with \\(E\\) in its
//!   `08`/`09` form and the optional fields as Core writes them (peg-outs and extra data only
//!   when non-empty); key \\(E\\), or with a stealth excess \\(E'\\):
//!   \\(H2S(B3(\mathrm{ser}_{33}(E) ‖ E')) E + E'\\).
//! * Input: \\(m = B3(\mathit{features} ‖ \mathit{output\ ID} ‖ [\mathit{extra}])\\); key
//!   \\(K_o\\), or with an input key \\(K_i\\): \\(K_i + H2S(B3(K_i ‖ K_o)) K_o\\).
//! * Output: \\(m = B3(C ‖ K_s ‖ K_o ‖ B3(\mathit{message}) ‖ B3(\mathit{proof}))\\), key
//!   \\(K_s\\); its ID is \\(B3(C ‖ K_s ‖ K_o ‖ B3(\mathit{message}) ‖ B3(\mathit{proof}) ‖
//!   \rho)\\).
//!
//! Facts: Litecoin Core v0.21.5.5 (`src/libmw/src/models/tx/{Kernel,Input,Output}.cpp`,
//! `src/libmw/src/crypto/Schnorr.cpp`), docs/litecoin-mweb-facts.md §8–9.

use alloc::vec::Vec;

use k256::elliptic_curve::ops::Reduce;
use k256::elliptic_curve::sec1::ToEncodedPoint;
use k256::elliptic_curve::PrimeField;
use k256::{FieldBytes, ProjectivePoint, Scalar, U256};
use sha2::{Digest, Sha256};

use super::wire::{Input, Kernel, Output, PublicKey, Signature};
use crate::bitcoin_wire::{write_compact_size, write_varint};
use crate::group::secp256k1::{affine_coordinates, field_from_bytes, is_quadratic_residue};
use crate::secp256k1_zkp::generator::Commitment;
use crate::secp256k1_zkp::public_key;

/// BLAKE3 of the concatenation of `parts`.
pub(super) fn blake3(parts: &[&[u8]]) -> [u8; 32] {
    let mut hasher = blake3::Hasher::new();
    for part in parts {
        hasher.update(part);
    }
    *hasher.finalize().as_bytes()
}

/// Hash-to-scalar (see the module notes).
pub(super) fn hash_to_scalar(digest: [u8; 32]) -> Scalar {
    let take = |bytes: [u8; 32]| {
        Option::<Scalar>::from(Scalar::from_repr(FieldBytes::from(bytes)))
            .filter(|k| !bool::from(k.is_zero()))
    };
    if let Some(k) = take(digest) {
        return k;
    }
    // Reached with probability about 2^-128: each round is a fresh hash.
    (0u32..)
        .find_map(|i| take(blake3(&[b"MWEB hash-to-scalar", &digest, &i.to_le_bytes()])))
        .unwrap_or(Scalar::ONE)
}

/// The SEC compressed encoding (`02`/`03` ‖ x); the identity has none.
pub(super) fn ser33(p: &ProjectivePoint) -> Option<[u8; 33]> {
    let encoded = p.to_affine().to_encoded_point(true);
    encoded.as_bytes().try_into().ok()
}

/// A kernel's optional fields as Core writes them: each present one, peg-outs and extra data
/// only when non-empty.
fn kernel_fields(kernel: &Kernel) -> Vec<u8> {
    let mut out = Vec::new();
    if let Some(fee) = kernel.fee {
        write_varint(fee, &mut out);
    }
    if let Some(pegin) = kernel.pegin {
        write_varint(pegin, &mut out);
    }
    if !kernel.pegouts.is_empty() {
        write_compact_size(kernel.pegouts.len(), &mut out);
        for pegout in &kernel.pegouts {
            write_varint(pegout.amount, &mut out);
            write_compact_size(pegout.script_pubkey.len(), &mut out);
            out.extend(pegout.script_pubkey);
        }
    }
    if let Some(height) = kernel.lock_height {
        write_varint(u64::from(height), &mut out);
    }
    if let Some(excess) = &kernel.stealth_excess {
        out.extend(excess);
    }
    if let Some(extra) = kernel.extra_data.filter(|e| !e.is_empty()) {
        write_compact_size(extra.len(), &mut out);
        out.extend(extra);
    }
    out
}

/// A kernel as Core serializes it (the bytes it was read from, unless it has a peg-out count
/// or extra data of zero, which Core's writer leaves out).
pub fn kernel_bytes(kernel: &Kernel) -> Vec<u8> {
    let mut out = alloc::vec![kernel.features];
    out.extend(kernel_fields(kernel));
    out.extend(kernel.excess);
    out.extend(kernel.signature);
    out
}

/// A kernel's ID: BLAKE3 of [`kernel_bytes`].
pub fn kernel_id(kernel: &Kernel) -> [u8; 32] {
    blake3(&[&kernel_bytes(kernel)])
}

/// The message a kernel's signature signs.
pub fn kernel_message(kernel: &Kernel) -> [u8; 32] {
    blake3(&[&[kernel.features], &kernel.excess, &kernel_fields(kernel)])
}

/// The key a kernel's signature verifies under (`None` if a point does not decode).
pub fn kernel_key(kernel: &Kernel) -> Option<ProjectivePoint> {
    let excess = Commitment::from_bytes(&kernel.excess).ok()?.point();
    match &kernel.stealth_excess {
        None => Some(excess),
        Some(stealth) => {
            let tweak = hash_to_scalar(blake3(&[&ser33(&excess)?, stealth]));
            Some(excess * tweak + public_key(stealth)?)
        }
    }
}

/// The message an input's signature signs.
pub fn input_message(input: &Input) -> [u8; 32] {
    let mut extra = Vec::new();
    if let Some(data) = input.extra_data {
        write_compact_size(data.len(), &mut extra);
        extra.extend(data);
    }
    blake3(&[&[input.features], &input.output_id, &extra])
}

/// The key an input's signature verifies under.
pub fn input_key(input: &Input) -> Option<ProjectivePoint> {
    let output_key = public_key(&input.output_pubkey)?;
    match &input.input_pubkey {
        None => Some(output_key),
        Some(key) => {
            let tweak = hash_to_scalar(blake3(&[key, &input.output_pubkey]));
            Some(public_key(key)? + output_key * tweak)
        }
    }
}

/// BLAKE3 of an output's keys and commitment, its message's and proof's hashes, and `tail`.
fn output_hash(output: &Output, tail: &[u8]) -> [u8; 32] {
    blake3(&[
        &output.commitment,
        &output.sender_pubkey,
        &output.receiver_pubkey,
        &blake3(&[output.message.bytes]),
        &blake3(&[output.proof]),
        tail,
    ])
}

/// The message an output's signature signs (under its sender key).
pub fn output_message(output: &Output) -> [u8; 32] {
    output_hash(output, &[])
}

/// An output's ID (what inputs name when they spend it): the signed fields and the signature.
pub fn output_id(output: &Output) -> [u8; 32] {
    output_hash(output, &output.signature)
}

/// \\(e = \mathrm{SHA256}(r ‖ \mathrm{ser}_{33}(P) ‖ m) \bmod n\\).
fn challenge(r: &[u8], key: &[u8; 33], message: &[u8; 32]) -> Scalar {
    let digest: [u8; 32] = Sha256::new()
        .chain_update(r)
        .chain_update(key)
        .chain_update(message)
        .finalize()
        .into();
    <Scalar as Reduce<U256>>::reduce_bytes(&FieldBytes::from(digest))
}

/// Signs a 32-byte message with `secret` as Core's signer does (the module notes' scheme),
/// with a nonce drawn from `rng`: \\(k\\), negated when \\(kG\\)'s ordinate is not a quadratic
/// residue, \\(s = k + e x\\). Constant-time in the secret and the nonce (`k256`); the
/// residuosity of \\(kG\\)'s ordinate is public (the verifier recomputes the point).
pub fn sign<R: rand_core::RngCore + rand_core::CryptoRng>(
    secret: &Scalar,
    message: &[u8; 32],
    rng: &mut R,
) -> Option<Signature> {
    use zeroize::Zeroize;
    let key = ser33(&(ProjectivePoint::GENERATOR * secret))?;
    let mut k = <Scalar as k256::elliptic_curve::Field>::random(&mut *rng);
    let (x, y) = affine_coordinates(&(ProjectivePoint::GENERATOR * k))?;
    if !is_quadratic_residue(&y) {
        k = -k;
    }
    let r = x.to_bytes();
    let s = k + challenge(&r, &key, message) * secret;
    k.zeroize();
    let mut signature = [0u8; 64];
    signature[..32].copy_from_slice(&r);
    signature[32..].copy_from_slice(&s.to_bytes());
    Some(signature)
}

/// Verifies an MWEB Schnorr signature (the module notes' rule) on a 32-byte message.
pub fn verify_signature(key: &ProjectivePoint, message: &[u8; 32], signature: &Signature) -> bool {
    let (r, s) = signature.split_at(32);
    if field_from_bytes(r).is_none() {
        return false;
    }
    let Some(s) = Option::<Scalar>::from(Scalar::from_repr(FieldBytes::clone_from_slice(s))) else {
        return false;
    };
    let Some(key_bytes) = ser33(key) else {
        return false;
    };
    let e = challenge(r, &key_bytes, message);
    let point = ProjectivePoint::GENERATOR * s - *key * e;
    affine_coordinates(&point)
        .is_some_and(|(x, y)| x.to_bytes().as_slice() == r && is_quadratic_residue(&y))
}

/// One signature of a batch: the key it verifies under with its encoding (`None`: the key does
/// not decode, so the signature fails), its message and the signature.
pub struct SignatureCheck<'s> {
    /// The key and its SEC encoding (what the challenge hashes).
    pub key: Option<(ProjectivePoint, [u8; 33])>,
    /// The signed message.
    pub message: [u8; 32],
    /// The signature.
    pub signature: &'s Signature,
}

/// A computed key with its encoding.
fn encoded(key: Option<ProjectivePoint>) -> Option<(ProjectivePoint, [u8; 33])> {
    let key = key?;
    Some((key, ser33(&key)?))
}

impl<'s> SignatureCheck<'s> {
    /// A kernel's signature under [`kernel_key`].
    pub fn kernel(kernel: &'s Kernel) -> Self {
        SignatureCheck {
            key: encoded(kernel_key(kernel)),
            message: kernel_message(kernel),
            signature: &kernel.signature,
        }
    }

    /// An input's signature under [`input_key`].
    pub fn input(input: &'s Input) -> Self {
        SignatureCheck {
            key: encoded(input_key(input)),
            message: input_message(input),
            signature: &input.signature,
        }
    }

    /// An output's signature under its sender key (its encoding as the output carries it).
    pub fn output(output: &'s Output) -> Self {
        SignatureCheck {
            key: public_key(&output.sender_pubkey).map(|key| (key, output.sender_pubkey)),
            message: output_message(output),
            signature: &output.signature,
        }
    }
}

/// Verifies signatures together, as Core's `secp256k1_schnorrsig_verify_batch` does: with
/// \\(R_i\\) the point of abscissa \\(r_i\\) and residue ordinate and random weights
/// \\(a_i\\) (the first one), one multiscalar multiplication checks
/// \\((\sum a_i s_i) G - \sum a_i R_i - \sum a_i e_i P_i = 0\\), which holds for valid
/// signatures and, but with probability about \\(2^{-128}\\), only when each
/// \\(s_i G - e_i P_i = R_i\\) — [`verify_signature`]'s rule. A signature whose key,
/// \\(r\\) or \\(s\\) does not decode fails before; when the sum fails, each is checked alone
/// to name the invalid. `true` at each position that verifies.
pub fn verify_signatures<R: rand_core::RngCore + rand_core::CryptoRng>(
    checks: &[SignatureCheck],
    rng: &mut R,
) -> Vec<bool> {
    use crate::group::secp256k1::field::FieldElement;
    use crate::group::secp256k1::{lift_x_quadratic_batch, point_from_affine};
    use crate::group::Group;
    let mut valid = alloc::vec![false; checks.len()];
    // Decoded: (position, key, its encoding, r's field element, s).
    let mut decoded = Vec::with_capacity(checks.len());
    for (k, check) in checks.iter().enumerate() {
        let (r, s) = check.signature.split_at(32);
        let (Some((key, key_bytes)), Some(x), Some(s)) = (
            check.key,
            <[u8; 32]>::try_from(r)
                .ok()
                .and_then(|r| FieldElement::from_bytes(&r)),
            Option::<Scalar>::from(Scalar::from_repr(FieldBytes::clone_from_slice(s))),
        ) else {
            continue;
        };
        decoded.push((k, key, key_bytes, x, s));
    }
    let xs: Vec<_> = decoded.iter().map(|d| d.3).collect();
    let mut scalars = Vec::with_capacity(2 * decoded.len() + 1);
    let mut points = Vec::with_capacity(scalars.capacity());
    let mut g = Scalar::ZERO;
    let mut members = Vec::with_capacity(decoded.len());
    for ((k, key, key_bytes, _, s), lifted) in decoded.iter().zip(lift_x_quadratic_batch(&xs)) {
        let Some(r_point) = lifted.and_then(|(x, y)| point_from_affine(&x, &y)) else {
            continue;
        };
        let check = &checks[*k];
        let e = challenge(&check.signature[..32], key_bytes, &check.message);
        // The first weight is one, as Core's.
        let a = if members.is_empty() {
            Scalar::ONE
        } else {
            crate::Secp256k1::random_scalar(rng)
        };
        g += a * s;
        scalars.push(-a);
        points.push(r_point);
        scalars.push(-(a * e));
        points.push(*key);
        members.push(*k);
    }
    if members.is_empty() {
        return valid;
    }
    scalars.push(g);
    points.push(ProjectivePoint::GENERATOR);
    let holds =
        crate::Secp256k1::is_identity(&crate::msm::vartime::<crate::Secp256k1>(&scalars, &points));
    for k in members {
        valid[k] = holds || {
            let check = &checks[k];
            check
                .key
                .is_some_and(|(key, _)| verify_signature(&key, &check.message, check.signature))
        };
    }
    valid
}

/// Whether a kernel's signature verifies.
pub fn kernel_signature_holds(kernel: &Kernel) -> bool {
    kernel_key(kernel)
        .is_some_and(|key| verify_signature(&key, &kernel_message(kernel), &kernel.signature))
}

/// Whether an input's signature verifies.
pub fn input_signature_holds(input: &Input) -> bool {
    input_key(input)
        .is_some_and(|key| verify_signature(&key, &input_message(input), &input.signature))
}

/// Whether an output's signature verifies (under its sender key).
pub fn output_signature_holds(output: &Output) -> bool {
    let key: &PublicKey = &output.sender_pubkey;
    public_key(key)
        .is_some_and(|key| verify_signature(&key, &output_message(output), &output.signature))
}
