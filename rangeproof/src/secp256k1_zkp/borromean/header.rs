//! The proof's header and the shape it implies (`secp256k1_rangeproof_getheader_impl`).
//!
//! ```text
//! byte 0     bit 7 reserved (0) | bit 6 has a range | bit 5 has a minimum | bits 0-4 exponent
//! byte 1     mantissa - 1                      (only with a range)
//! 8 bytes    minimum value, big-endian         (only with a minimum)
//! ```
//!
//! A proof with a range covers `mantissa` bits of \\(v' = (v - \mathit{min}) / 10^{exp}\\) in
//! rings of four base-4 digits (two for a last odd bit); without one it proves the exact
//! value \\(\mathit{min}\\) with one ring of one key.

use crate::DecodeError;
use crate::ProofError;

/// What the header says about a proof (`secp256k1_rangeproof_info`): the range it proves and
/// its shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProofInfo {
    /// The decimal exponent: the proven value is scaled by \\(10^{exp}\\); −1 for an
    /// exact-value proof (no range).
    pub exp: i32,
    /// Bits of the scaled value proven (0 for an exact-value proof).
    pub mantissa: u32,
    /// The least value the proof allows.
    pub min_value: u64,
    /// The greatest value the proof allows.
    pub max_value: u64,
}

/// The parsed header: the info, the scale \\(10^{exp}\\) and the header's length in bytes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Header {
    pub(crate) info: ProofInfo,
    pub(crate) scale: u64,
    pub(crate) len: usize,
}

/// The shortest byte string the C library reads as a proof at all.
pub(crate) const MIN_PROOF_LEN: usize = 65;

impl Header {
    /// Reads a header exactly as the C library does (including the proof-length floor of 65
    /// bytes it checks first).
    pub(crate) fn parse(proof: &[u8]) -> Result<Header, ProofError> {
        if proof.len() < MIN_PROOF_LEN {
            return Err(DecodeError::InvalidLength(proof.len()).into());
        }
        let first = proof[0];
        if first & 128 != 0 {
            return Err(DecodeError::InvalidProofHeader.into());
        }
        let (has_range, has_min) = (first & 64 != 0, first & 32 != 0);
        let mut len = 1;
        let (exp, mantissa, mut max_value) = if has_range {
            let exp = i32::from(first & 31);
            let mantissa = u32::from(proof[1]) + 1;
            len += 1;
            if exp > 18 || mantissa > 64 {
                return Err(DecodeError::InvalidProofHeader.into());
            }
            (exp, mantissa, u64::MAX >> (64 - mantissa))
        } else {
            // Without a range the C code ignores the exponent bits (they are still hashed).
            (-1, 0, 0)
        };
        let mut scale = 1u64;
        for _ in 0..exp.max(0) {
            if max_value > u64::MAX / 10 {
                return Err(DecodeError::InvalidProofHeader.into());
            }
            max_value *= 10;
            scale *= 10;
        }
        let mut min_value = 0;
        if has_min {
            let bytes: [u8; 8] = proof[len..len + 8]
                .try_into()
                .map_err(|_| ProofError::Decode(DecodeError::InvalidProofHeader))?;
            min_value = u64::from_be_bytes(bytes);
            len += 8;
        }
        let max_value = max_value
            .checked_add(min_value)
            .ok_or(DecodeError::InvalidProofHeader)?;
        Ok(Header {
            info: ProofInfo {
                exp,
                mantissa,
                min_value,
                max_value,
            },
            scale,
            len,
        })
    }
}

/// The rings of a proof: their sizes, in order (all 4 but a last 2 for an odd mantissa; one
/// ring of one key without a range).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    pub(crate) ring_sizes: Vec<usize>,
}

impl Shape {
    pub(crate) fn for_mantissa(mantissa: u32) -> Shape {
        if mantissa == 0 {
            return Shape {
                ring_sizes: vec![1],
            };
        }
        let mut ring_sizes = vec![4; (mantissa / 2) as usize];
        if mantissa % 2 == 1 {
            ring_sizes.push(2);
        }
        Shape { ring_sizes }
    }

    pub(crate) fn rings(&self) -> usize {
        self.ring_sizes.len()
    }

    /// Keys (and \\(s\\) values) in all rings.
    pub(crate) fn keys(&self) -> usize {
        self.ring_sizes.iter().sum()
    }

    /// Bytes after the header: the sign bitfield, one \\(x\\) per ring but the last, \\(e_0\\)
    /// and the \\(s\\) values.
    pub(crate) fn body_len(&self) -> usize {
        let rings = self.rings();
        sign_bytes(rings) + 32 * (rings - 1) + 32 + 32 * self.keys()
    }
}

/// Bytes of the sign bitfield: one bit per digit commitment sent (every ring but the last).
pub(crate) fn sign_bytes(rings: usize) -> usize {
    (rings + 6) >> 3
}

/// `secp256k1_rangeproof_max_size(max_value, min_bits)`: the longest proof for values up to
/// `max_value` with at least `min_bits` bits (a caller's buffer size; actual proofs are this
/// long or shorter).
pub fn max_size(max_value: u64, min_bits: u32) -> usize {
    let value_bits = if max_value > 0 {
        64 - max_value.leading_zeros()
    } else {
        1
    };
    let mantissa = min_bits.max(value_bits) as usize;
    let rings = mantissa.div_ceil(2);
    let keys = rings * 4 - 2 * (mantissa % 2);
    10 + 32 * (keys + rings - 1) + 32 + (rings - 1).div_ceil(8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proof_with(header: &[u8]) -> Vec<u8> {
        let mut p = header.to_vec();
        p.resize(MIN_PROOF_LEN, 0);
        p
    }

    #[test]
    fn reads_liquid_headers_and_refuses_malformed_ones() {
        // Liquid's standard: exponent 0, mantissa 52, minimum 1.
        let h = Header::parse(&proof_with(&[0x60, 51, 0, 0, 0, 0, 0, 0, 0, 1])).unwrap();
        assert_eq!(
            h.info,
            ProofInfo {
                exp: 0,
                mantissa: 52,
                min_value: 1,
                max_value: (1u64 << 52)
            }
        );
        assert_eq!(h.len, 10);
        // Exact value: no range, a minimum.
        let h = Header::parse(&proof_with(&[0x20, 0, 0, 0, 0, 0, 0, 0, 7])).unwrap();
        assert_eq!((h.info.exp, h.info.mantissa), (-1, 0));
        assert_eq!((h.info.min_value, h.info.max_value), (7, 7));
        assert_eq!(h.len, 9);
        for bad in [
            vec![0x80],
            vec![0x40 | 19, 0],
            vec![0x40, 64],
            // 64 bits times 10 overflows.
            vec![0x41, 63],
            // max + min overflows.
            vec![0x60, 63, 0, 0, 0, 0, 0, 0, 0, 1],
        ] {
            assert_eq!(
                Header::parse(&proof_with(&bad)).unwrap_err(),
                ProofError::Decode(DecodeError::InvalidProofHeader),
                "{bad:?}"
            );
        }
        assert_eq!(
            Header::parse(&[0x60; 64]).unwrap_err(),
            ProofError::Decode(DecodeError::InvalidLength(64))
        );
    }

    #[test]
    fn liquid_proofs_are_4174_bytes() {
        // The size the issue cites: 52 bits, a minimum value (9 + 1 header bytes).
        let shape = Shape::for_mantissa(52);
        assert_eq!(10 + shape.body_len(), 4174);
        assert_eq!(max_size((1 << 52) - 1, 52), 4174);
        // One more bit: a ring of two keys more (two s values and a digit commitment).
        assert_eq!(max_size(1 << 52, 52), 4174 + 32 * 3);
        assert_eq!(Shape::for_mantissa(3).ring_sizes, vec![4, 2]);
        assert_eq!(Shape::for_mantissa(0).keys(), 1);
    }
}
