//! Borromean ring signatures (Maxwell–Poelstra, "Borromean Ring Signatures", 2015), as
//! `secp256k1_borromean_sign`/`_verify` compute them: several rings share one challenge
//! \\(e_0\\).
//!
//! For a message \\(m\\) (32 bytes), ring \\(i\\) with keys \\(P_{i,0..n_i}\\) and values
//! \\(s_{i,j}\\): the chain starts at \\(e_{i,0} = H(e_0 \Vert m \Vert i \Vert 0)\\) and runs
//! \\(R_{i,j} = s_{i,j} G + e_{i,j} P_{i,j}\\), \\(e_{i,j+1} = H(R_{i,j} \Vert m \Vert i \Vert
//! j{+}1)\\), where \\(H\\) is SHA-256, indices are big-endian 32-bit and points are SEC1-compressed;
//! the signature holds when \\(e_0 = H(R_{0,n_0-1} \Vert \ldots \Vert R_{k,n_k-1} \Vert m)\\).
//! A challenge that is zero or not below the group order, a zero \\(s\\), a key or an
//! \\(R\\) at infinity make the signature invalid (as in the C code).
//!
//! The verifier runs the chains of every ring of every signature in lockstep: step \\(j\\) of
//! all rings computes its \\(R\\)s in Jacobian form and normalizes them with one inversion
//! (the C code inverts once per key). The signer keeps the secret digit's position hidden:
//! each ring takes the same number of constant-time steps whatever the digit, the position is
//! selected and written with `subtle`, and only the discarded results differ.

use k256::elliptic_curve::ops::Reduce;
use k256::elliptic_curve::sec1::ToEncodedPoint;
use k256::elliptic_curve::subtle::{
    Choice, ConditionallySelectable, ConstantTimeEq, ConstantTimeLess,
};
use k256::elliptic_curve::{ops::MulByGenerator as _, PrimeField as _};
use k256::{FieldBytes, ProjectivePoint, Scalar, U256};
use sha2::{Digest, Sha256};
use zeroize::{Zeroize, ZeroizeOnDrop, Zeroizing};

use crate::group::secp256k1::double_mul::{base_plus_many, lockstep_pays, tables};
use crate::group::secp256k1::jacobian::{normalize_jacobian_batch, Affine};

/// \\(H(e \Vert m \Vert i \Vert j)\\) (`secp256k1_borromean_hash`).
fn chain_hash(e: &[u8], message: &[u8; 32], ring: usize, position: usize) -> [u8; 32] {
    Sha256::new()
        .chain_update(e)
        .chain_update(message)
        .chain_update((ring as u32).to_be_bytes())
        .chain_update((position as u32).to_be_bytes())
        .finalize()
        .into()
}

/// A hash as a challenge: `None` if it is zero or not below the group order.
fn challenge(hash: &[u8; 32]) -> Option<Scalar> {
    let s: Option<Scalar> = Scalar::from_repr(FieldBytes::from(*hash)).into();
    s.filter(|s| !bool::from(s.is_zero()))
}

/// SEC1-compressed form of an affine point (what the chain hashes).
fn compressed(p: &Affine) -> [u8; 33] {
    let mut out = [0u8; 33];
    out[0] = 2 + u8::from(p.y.is_odd());
    out[1..].copy_from_slice(&p.x.to_bytes());
    out
}

/// One signature to verify: its rings' keys (in affine form; `None` for a key at infinity)
/// and \\(s\\) values, flattened ring after ring, and its \\(e_0\\) and message.
#[derive(Clone, Copy)]
pub(crate) struct RingSignature<'a> {
    pub(crate) keys: &'a [Option<Affine>],
    pub(crate) s: &'a [Scalar],
    pub(crate) ring_sizes: &'a [usize],
    pub(crate) e0: [u8; 32],
    pub(crate) message: [u8; 32],
}

/// A ring signature decoded and owned, waiting to be checked with others: what Elements'
/// range proofs and surjection proofs add to a [`crate::BatchVerifier`]
/// ([`crate::BatchVerifier::add_deferred`]). Every pending signature of a batch, of both
/// proof systems, runs its chain steps together (with `parallel`, split over the rayon
/// threads).
pub struct PendingRingSignature {
    pub(crate) keys: Vec<Option<Affine>>,
    pub(crate) s: Vec<Scalar>,
    pub(crate) ring_sizes: Vec<usize>,
    pub(crate) e0: [u8; 32],
    pub(crate) message: [u8; 32],
}

impl core::fmt::Debug for PendingRingSignature {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PendingRingSignature")
            .field("ring_sizes", &self.ring_sizes)
            .finish()
    }
}

impl PendingRingSignature {
    pub(crate) fn signature(&self) -> RingSignature<'_> {
        RingSignature {
            keys: &self.keys,
            s: &self.s,
            ring_sizes: &self.ring_sizes,
            e0: self.e0,
            message: self.message,
        }
    }

    /// Checks this signature alone.
    pub fn verify(&self) -> bool {
        verify_many(&[self.signature()], false)
            .pop()
            .flatten()
            .is_some()
    }
}

/// Signatures per thread below which splitting a batch does not pay (each part loses the
/// shared inversions).
#[cfg(feature = "parallel")]
const SIGNATURES_PER_THREAD: usize = 8;

impl crate::equation::SettledTogether for PendingRingSignature {
    fn settle_together(&self, all: &[&dyn core::any::Any]) -> Vec<bool> {
        let signatures: Vec<Option<RingSignature<'_>>> = all
            .iter()
            .map(|a| {
                a.downcast_ref::<PendingRingSignature>()
                    .map(|p| p.signature())
            })
            .collect();
        let present: Vec<RingSignature<'_>> = signatures.iter().flatten().copied().collect();
        #[cfg(feature = "parallel")]
        let verdicts: Vec<bool> = {
            use rayon::prelude::*;
            let parts = rayon::current_num_threads()
                .min(present.len() / SIGNATURES_PER_THREAD)
                .max(1);
            let size = present.len().div_ceil(parts).max(1);
            present
                .par_chunks(size)
                .flat_map_iter(|chunk| verify_many(chunk, false).into_iter().map(|v| v.is_some()))
                .collect()
        };
        #[cfg(not(feature = "parallel"))]
        let verdicts: Vec<bool> = verify_many(&present, false)
            .into_iter()
            .map(|v| v.is_some())
            .collect();
        let mut verdicts = verdicts.into_iter();
        signatures
            .iter()
            .map(|s| s.is_some() && verdicts.next().unwrap_or(false))
            .collect()
    }
}

/// Verifies many signatures together (one inversion per step for all of them). Per
/// signature: `None` if invalid; if valid, the challenges \\(e_{i,j}\\) in key order when
/// `keep_challenges` (a rewind needs them), else an empty list.
pub(crate) fn verify_many(
    signatures: &[RingSignature<'_>],
    keep_challenges: bool,
) -> Vec<Option<Vec<Scalar>>> {
    // (signature, ring, first key) for every ring, and the state of its chain.
    struct Chain {
        signature: usize,
        ring: usize,
        first: usize,
        size: usize,
        e: Scalar,
    }
    let mut valid: Vec<bool> = signatures
        .iter()
        .map(|sig| {
            sig.keys.len() == sig.s.len()
                && sig.ring_sizes.iter().sum::<usize>() == sig.s.len()
                && sig.ring_sizes.iter().all(|&n| n > 0)
                && !sig.ring_sizes.is_empty()
                && sig.keys.iter().all(Option::is_some)
                && sig.s.iter().all(|s| !bool::from(s.is_zero()))
        })
        .collect();
    let mut challenges: Vec<Vec<Scalar>> = signatures
        .iter()
        .map(|sig| {
            if keep_challenges {
                vec![Scalar::ZERO; sig.s.len()]
            } else {
                Vec::new()
            }
        })
        .collect();
    // Tables of every key of every well-formed signature, with one inversion.
    let mut key_offsets = Vec::with_capacity(signatures.len());
    let mut all_keys = Vec::new();
    for (sig, ok) in signatures.iter().zip(&valid) {
        key_offsets.push(all_keys.len());
        if *ok {
            all_keys.extend(sig.keys.iter().flatten().copied());
        }
    }
    // The lockstep vector code's tables only where enough rings run side by side (a
    // surjection proof's single ring walks its keys one step at a time).
    let rings: usize = signatures
        .iter()
        .zip(&valid)
        .filter(|(_, ok)| **ok)
        .map(|(sig, _)| sig.ring_sizes.len())
        .sum();
    let key_tables = tables(&all_keys, lockstep_pays(rings));
    let mut chains = Vec::new();
    for (index, sig) in signatures.iter().enumerate() {
        if !valid[index] {
            continue;
        }
        let mut first = 0;
        for (ring, &size) in sig.ring_sizes.iter().enumerate() {
            match challenge(&chain_hash(&sig.e0, &sig.message, ring, 0)) {
                Some(e) => chains.push(Chain {
                    signature: index,
                    ring,
                    first,
                    size,
                    e,
                }),
                None => valid[index] = false,
            }
            first += size;
        }
    }
    // The last R of every ring, in ring order per signature.
    let mut last: Vec<Vec<[u8; 33]>> = signatures
        .iter()
        .map(|sig| vec![[0u8; 33]; sig.ring_sizes.len()])
        .collect();
    let longest = chains.iter().map(|c| c.size).max().unwrap_or(0);
    for step in 0..longest {
        chains.retain(|c| valid[c.signature] && step < c.size);
        let triples: Vec<_> = chains
            .iter()
            .map(|c| {
                let sig = &signatures[c.signature];
                let key = c.first + step;
                if keep_challenges {
                    challenges[c.signature][key] = c.e;
                }
                (
                    &sig.s[key],
                    &c.e,
                    &key_tables[key_offsets[c.signature] + key],
                )
            })
            .collect();
        // Every ring's step at once: sixteen rings a vector call where the CPU has IFMA.
        let points = base_plus_many(&triples);
        let affine = normalize_jacobian_batch(&points);
        for (c, r) in chains.iter_mut().zip(affine) {
            let Some(r) = r else {
                valid[c.signature] = false;
                continue;
            };
            let r = compressed(&r);
            if step + 1 < c.size {
                let sig = &signatures[c.signature];
                match challenge(&chain_hash(&r, &sig.message, c.ring, step + 1)) {
                    Some(e) => c.e = e,
                    None => valid[c.signature] = false,
                }
            } else {
                last[c.signature][c.ring] = r;
            }
        }
    }
    signatures
        .iter()
        .enumerate()
        .map(|(index, sig)| {
            if !valid[index] {
                return None;
            }
            let mut h = Sha256::new();
            for r in &last[index] {
                h.update(r);
            }
            h.update(sig.message);
            let e0: [u8; 32] = h.finalize().into();
            (e0 == sig.e0).then(|| core::mem::take(&mut challenges[index]))
        })
        .collect()
}

/// SEC1-compressed form of a point, in constant time (`None` at infinity).
fn compressed_ct(p: &ProjectivePoint) -> Option<[u8; 33]> {
    let encoded = p.to_affine().to_encoded_point(true);
    encoded.as_bytes().try_into().ok()
}

/// Constant-time selection of 33 bytes.
fn select_bytes(a: &[u8; 33], b: &[u8; 33], choice: Choice) -> [u8; 33] {
    core::array::from_fn(|i| u8::conditional_select(&a[i], &b[i], choice))
}

/// One ring's secret side: the nonce \\(k\\) (whose \\(kG\\) starts the chain at the secret
/// position), the secret key \\(x\\) of the key at that position, and the position. Wiped
/// when dropped: with the public \\(s\\) values, any of the three opens the ring.
#[derive(Zeroize, ZeroizeOnDrop)]
pub(crate) struct RingSecret {
    pub(crate) nonce: Scalar,
    pub(crate) key: Scalar,
    pub(crate) position: usize,
}

/// Signs (`secp256k1_borromean_sign`): fills in the \\(s\\) values at the secret positions
/// (the others are the caller's random values) and returns \\(e_0\\). `None` in the C code's
/// failure cases (a challenge or \\(s\\) out of range, a point at infinity: probability about
/// \\(2^{-128}\\)).
///
/// Each ring walks its chain in two passes of \\(n_i - 1\\) steps whatever its secret
/// position: the first from the position to the ring's end, the second from the ring's start
/// to the position; steps beyond the real chain compute on the ring's own public values and
/// are discarded by constant-time selection.
pub(crate) fn sign(
    keys: &[ProjectivePoint],
    s: &mut [Scalar],
    ring_sizes: &[usize],
    secrets: &[RingSecret],
    message: &[u8; 32],
) -> Option<[u8; 32]> {
    let positions = |size: usize| 0..size;
    let mut firsts = Vec::with_capacity(ring_sizes.len());
    let mut first = 0;
    for &size in ring_sizes {
        firsts.push(first);
        first += size;
    }
    // Pass 1: from k·G at the secret position to the ring's last R.
    let mut e0_hash = Sha256::new();
    for (ring, (&size, secret)) in ring_sizes.iter().zip(secrets).enumerate() {
        let first = firsts[ring];
        let mut r = Zeroizing::new(compressed_ct(&ProjectivePoint::mul_by_generator(
            &secret.nonce,
        ))?);
        for step in 1..size {
            let position = secret.position + step;
            let active = (position as u64).ct_lt(&(size as u64));
            // When inactive, any position will do: the result is discarded.
            let index = u64::conditional_select(&0, &(position as u64), active) as usize;
            let e = challenge(&chain_hash(&*r, message, ring, index))?;
            let (s_j, key_j) =
                select_position(&s[first..first + size], &keys[first..first + size], index);
            let next = compressed_ct(&(ProjectivePoint::mul_by_generator(&s_j) + key_j * e))?;
            *r = select_bytes(&r, &next, active);
        }
        e0_hash.update(*r);
    }
    e0_hash.update(message);
    let e0: [u8; 32] = e0_hash.finalize().into();
    // Pass 2: from e_0 to the challenge at the secret position, then close the ring.
    for (ring, (&size, secret)) in ring_sizes.iter().zip(secrets).enumerate() {
        let first = firsts[ring];
        let mut e = challenge(&chain_hash(&e0, message, ring, 0))?;
        for position in positions(size - 1) {
            let active = (position as u64).ct_lt(&(secret.position as u64));
            let r = compressed_ct(
                &(ProjectivePoint::mul_by_generator(&s[first + position])
                    + keys[first + position] * e),
            )?;
            let next = challenge(&chain_hash(&r, message, ring, position + 1))?;
            e = Scalar::conditional_select(&e, &next, active);
        }
        let closing = secret.nonce - e * secret.key;
        if bool::from(closing.is_zero()) {
            return None;
        }
        for position in positions(size) {
            let here = (position as u64).ct_eq(&(secret.position as u64));
            s[first + position].conditional_assign(&closing, here);
        }
    }
    Some(e0)
}

/// The \\(s\\) value and key at `index` of a ring, read in constant time.
fn select_position(
    s: &[Scalar],
    keys: &[ProjectivePoint],
    index: usize,
) -> (Scalar, ProjectivePoint) {
    let mut out = (Scalar::ZERO, ProjectivePoint::IDENTITY);
    for (j, (s_j, key_j)) in s.iter().zip(keys).enumerate() {
        let here = (j as u64).ct_eq(&(index as u64));
        out.0.conditional_assign(s_j, here);
        out.1.conditional_assign(key_j, here);
    }
    out
}

/// A big-endian 32-byte string as a scalar, and whether it was not below the order
/// (`secp256k1_scalar_set_b32`'s overflow flag).
pub(crate) fn scalar_from_b32(bytes: &[u8; 32]) -> (Scalar, bool) {
    let canonical: Option<Scalar> = Scalar::from_repr(FieldBytes::from(*bytes)).into();
    match canonical {
        Some(s) => (s, false),
        None => (
            <Scalar as Reduce<U256>>::reduce_bytes(&FieldBytes::from(*bytes)),
            true,
        ),
    }
}
