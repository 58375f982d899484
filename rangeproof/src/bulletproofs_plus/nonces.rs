//! Tari's deterministic nonces for mask recovery.
//!
//! `nonce(seed, label, j, k)` is BLAKE2b-512 keyed with `0x00 ‖ seed ‖ ["j" ‖ u32le(j)] ‖
//! ["k" ‖ u32le(k)]`, personalized with the label (at most 16 bytes), no salt, no message,
//! reduced mod ℓ. The `blake2` crate does the hashing; only the key layout is ours.

use blake2::digest::FixedOutput;
use blake2::Blake2bMac512;
use zeroize::Zeroizing;

use crate::group::Group;

/// The nonce labels Tari uses.
pub(crate) const ALPHA: &str = "alpha";
pub(crate) const D_L: &str = "dL";
pub(crate) const D_R: &str = "dR";
pub(crate) const DELTA: &str = "d";
pub(crate) const ETA: &str = "eta";

/// `nonce(seed, label, j, k)`.
pub(crate) fn nonce<G: Group>(
    seed: &G::Scalar,
    label: &'static str,
    j: Option<usize>,
    k: Option<usize>,
) -> G::Scalar {
    let mut key = Zeroizing::new(Vec::with_capacity(43));
    key.push(0u8);
    key.extend_from_slice(G::scalar_to_bytes(seed).as_ref());
    if let Some(j) = j {
        key.push(b'j');
        key.extend_from_slice(&(j as u32).to_le_bytes());
    }
    if let Some(k) = k {
        key.push(b'k');
        key.extend_from_slice(&(k as u32).to_le_bytes());
    }
    // Keys of at most 43 bytes and labels of at most 16 are always accepted.
    let hasher = Blake2bMac512::new_with_salt_and_personal(&key, &[], label.as_bytes())
        .expect("key and personalization lengths are within BLAKE2b's limits");
    let mut wide = Zeroizing::new([0u8; 64]);
    wide.copy_from_slice(&hasher.finalize_fixed());
    G::scalar_from_bytes_wide(&wide)
}
