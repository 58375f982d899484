//! A scalar's bits, as the multiscalar multiplications read them (the bucket method, Straus,
//! the GLV split): one place, so that those modules depend on it and not on each other.

use k256::Scalar;

/// The scalar's 256-bit value as little-endian 64-bit limbs.
pub(crate) fn limbs(s: &Scalar) -> [u64; 4] {
    let bytes = s.to_bytes();
    let mut out = [0u64; 4];
    for (i, limb) in out.iter_mut().enumerate() {
        let start = 32 - 8 * (i + 1);
        let mut word = [0u8; 8];
        word.copy_from_slice(&bytes[start..start + 8]);
        *limb = u64::from_be_bytes(word);
    }
    out
}

/// Bits `[pos, pos + c)` of a 256-bit value (zero beyond bit 255), for `c ≤ 32`.
pub(crate) fn bits_at(limbs: &[u64; 4], pos: usize, c: usize) -> u64 {
    let (word, shift) = (pos / 64, pos % 64);
    if word >= 4 {
        return 0;
    }
    let mut v = limbs[word] >> shift;
    if shift + c > 64 && word + 1 < 4 {
        v |= limbs[word + 1] << (64 - shift);
    }
    v & ((1u64 << c) - 1)
}
