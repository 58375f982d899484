//! The RFC 6979 HMAC-SHA256 byte stream as libsecp256k1 implements it
//! (`secp256k1_rfc6979_hmac_sha256_*`, RFC 6979 §3.2 steps b–h): the Bulletproofs module
//! derives its vector generators from it, and the Borromean range proofs their secret
//! randomness (so the state is wiped when dropped).

use hmac::{Hmac, Mac};
use sha2::Sha256;
use zeroize::{Zeroize, ZeroizeOnDrop};

type HmacSha256 = Hmac<Sha256>;

fn hmac(key: &[u8; 32], parts: &[&[u8]]) -> [u8; 32] {
    // HMAC takes a key of any length: `new_from_slice` cannot fail for 32 bytes.
    let Ok(mut mac) = HmacSha256::new_from_slice(key) else {
        unreachable!("HMAC-SHA256 takes 32-byte keys")
    };
    for p in parts {
        mac.update(p);
    }
    mac.finalize().into_bytes().into()
}

/// The generator's state: \\(K\\), \\(V\\) and whether the next output first re-keys (§3.2.h).
#[derive(Zeroize, ZeroizeOnDrop)]
pub(crate) struct Rfc6979 {
    k: [u8; 32],
    v: [u8; 32],
    retry: bool,
}

impl Rfc6979 {
    /// `secp256k1_rfc6979_hmac_sha256_initialize(seed)`.
    pub(crate) fn new(seed: &[u8]) -> Self {
        let v = [1u8; 32];
        let k = hmac(&[0u8; 32], &[&v, &[0], seed]);
        let v = hmac(&k, &[&v]);
        let k = hmac(&k, &[&v, &[1], seed]);
        let v = hmac(&k, &[&v]);
        Rfc6979 { k, v, retry: false }
    }

    /// `secp256k1_rfc6979_hmac_sha256_generate(out, 32)`: the next 32 bytes (each call
    /// re-keys first except the first, as the C code's `retry` flag does).
    pub(crate) fn next32(&mut self) -> [u8; 32] {
        if self.retry {
            self.k = hmac(&self.k, &[&self.v, &[0]]);
            self.v = hmac(&self.k, &[&self.v]);
        }
        self.v = hmac(&self.k, &[&self.v]);
        self.retry = true;
        self.v
    }
}

/// The RFC 6979 stream as an RNG (the Bulletproofs++ prover's hedged nonces on secp256k1): 32 bytes
/// per step, the state wiped when dropped.
#[derive(Zeroize, ZeroizeOnDrop)]
pub struct StreamRng {
    stream: Rfc6979,
    buffer: [u8; 32],
    used: usize,
}

impl StreamRng {
    /// A stream seeded with `seed`.
    pub(crate) fn new(seed: &[u8]) -> Self {
        StreamRng {
            stream: Rfc6979::new(seed),
            buffer: [0; 32],
            used: 32,
        }
    }
}

impl rand_core::RngCore for StreamRng {
    fn next_u32(&mut self) -> u32 {
        let mut b = [0u8; 4];
        self.fill_bytes(&mut b);
        u32::from_le_bytes(b)
    }

    fn next_u64(&mut self) -> u64 {
        let mut b = [0u8; 8];
        self.fill_bytes(&mut b);
        u64::from_le_bytes(b)
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        for byte in dest {
            if self.used == 32 {
                self.buffer = self.stream.next32();
                self.used = 0;
            }
            *byte = self.buffer[self.used];
            self.used += 1;
        }
    }

    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand_core::Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}

// An HMAC-DRBG keyed with secret and fresh bytes: a cryptographic generator.
impl rand_core::CryptoRng for StreamRng {}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(hex: &str) -> Vec<u8> {
        (0..hex.len() / 2)
            .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap())
            .collect()
    }

    /// libsecp256k1's own test of the generator (`run_rfc6979_hmac_sha256_tests`): two
    /// seeds with three outputs each, and a one-byte-longer seed that must differ.
    #[test]
    fn matches_libsecp256k1s_test_vectors() {
        let seed1 = bytes(
            "0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f00\
             4bf5122f344554c53bde2ebb8cd2b7e3d1600ad631c385a5d7cce23c7785459a",
        );
        let out1 = [
            "4fe29525b2086809159acdf0506efb86b0ec932c7ba44256ab321e421e67e9fb",
            "2bf0fff1d3c378a22dc5de1d856522325c65b504491a0cbd01cb8f3aa67ffd4a",
            "f528b410cb541f77000d7afb6c5b53c5c471eab43e466d9ac5190c39c82fd82e",
        ];
        let seed2 = bytes(
            "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff\
             e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        );
        let out2 = [
            "9c236c165b82ae0cd590659e100b6bab3036e7ba8b06749baf6981e16f1a2b95",
            "df471061625bc0ea14b682feee2c9c02f235da04204c1d62a1536c6e17aed7a9",
            "7597887cbd76321f32e30440679a22cf7f8d9d2eac390e581fea091ce202ba94",
        ];
        for (seed, outs) in [(&seed1, out1), (&seed2, out2)] {
            let mut rng = Rfc6979::new(seed);
            for out in outs {
                assert_eq!(rng.next32().to_vec(), bytes(out));
            }
        }
        let mut longer = seed1.clone();
        longer.push(0);
        let mut rng = Rfc6979::new(&longer);
        for out in out1 {
            assert_ne!(rng.next32().to_vec(), bytes(out));
        }
    }
}
