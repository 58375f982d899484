//! Bitcoin's serialization primitives, read strictly: a cursor over a transaction's or a
//! block's bytes for the parsers of the chains built on Bitcoin's format (Elements/Liquid,
//! Litecoin with its MWEB data).
//!
//! Integers are little-endian; lengths and counts are compact sizes (canonical only, as the
//! nodes read them: `fd` ‖ u16 for 253 and up, `fe` ‖ u32 for 2^16 and up, `ff` ‖ u64 for
//! 2^32 and up); byte strings are length-prefixed. Litecoin's MWEB data also uses Bitcoin
//! Core's VARINT ([`Reader::varint`]).

use alloc::vec::Vec;

use crate::DecodeError;
use crate::ProofError;

/// The bound on one length-prefixed field or count by default (Elements' `MAX_VEC_SIZE`, 4 MB;
/// a field cannot be longer than the transaction or block that holds it, and both parsers cap
/// those). A format with a bound of its own says so ([`Reader::with_max_field`]).
pub(crate) const MAX_FIELD: usize = 4_000_000;

/// A cursor over the serialization; every read fails with
/// [`DecodeError::MalformedTransaction`] naming the field when the bytes run out.
pub(crate) struct Reader<'a> {
    pub(crate) bytes: &'a [u8],
    pub(crate) at: usize,
    max_field: usize,
}

impl<'a> Reader<'a> {
    /// A cursor at the start of `bytes`, lengths bounded by [`MAX_FIELD`].
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Self::with_max_field(bytes, MAX_FIELD)
    }

    /// A cursor at the start of `bytes`, lengths and counts bounded by `max_field` (the
    /// format's own bound, such as Bitcoin Core's `MAX_SIZE`).
    pub(crate) fn with_max_field(bytes: &'a [u8], max_field: usize) -> Self {
        Reader {
            bytes,
            at: 0,
            max_field,
        }
    }

    pub(crate) fn take(&mut self, n: usize, what: &'static str) -> Result<&'a [u8], ProofError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&end| end <= self.bytes.len())
            .ok_or(DecodeError::MalformedTransaction(what))?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }

    pub(crate) fn array<const N: usize>(
        &mut self,
        what: &'static str,
    ) -> Result<[u8; N], ProofError> {
        let mut out = [0u8; N];
        out.copy_from_slice(self.take(N, what)?);
        Ok(out)
    }

    pub(crate) fn u8(&mut self, what: &'static str) -> Result<u8, ProofError> {
        Ok(self.take(1, what)?[0])
    }

    pub(crate) fn u32(&mut self, what: &'static str) -> Result<u32, ProofError> {
        Ok(u32::from_le_bytes(self.array(what)?))
    }

    pub(crate) fn u64(&mut self, what: &'static str) -> Result<u64, ProofError> {
        Ok(u64::from_le_bytes(self.array(what)?))
    }

    /// A canonical compact size, bounded by the reader's bound.
    pub(crate) fn compact_size(&mut self, what: &'static str) -> Result<usize, ProofError> {
        let first = self.u8(what)?;
        let (value, least) = match first {
            0xfd => (u64::from(u16::from_le_bytes(self.array(what)?)), 0xfd),
            0xfe => (u64::from(u32::from_le_bytes(self.array(what)?)), 0x1_0000),
            0xff => (u64::from_le_bytes(self.array(what)?), 0x1_0000_0000),
            small => (u64::from(small), 0),
        };
        if value < least {
            return Err(DecodeError::MalformedTransaction("non-canonical length").into());
        }
        usize::try_from(value)
            .ok()
            .filter(|&n| n <= self.max_field)
            .ok_or(ProofError::Decode(DecodeError::MalformedTransaction(
                "length beyond the format's bound",
            )))
    }

    /// A count of items each at least `least` bytes long: refused when what is left cannot
    /// hold them, so no allocation is sized by a count the bytes cannot back.
    pub(crate) fn count(&mut self, least: usize, what: &'static str) -> Result<usize, ProofError> {
        let n = self.compact_size(what)?;
        if n.saturating_mul(least.max(1)) > self.remaining() {
            return Err(DecodeError::MalformedTransaction(what).into());
        }
        Ok(n)
    }

    /// A compact-size-prefixed byte string.
    pub(crate) fn bytes(&mut self, what: &'static str) -> Result<&'a [u8], ProofError> {
        let n = self.compact_size(what)?;
        self.take(n, what)
    }

    /// Bitcoin Core's VARINT (`serialize.h`): base 128, most significant group first, every
    /// byte but the last with its top bit set, and one subtracted from each group but the
    /// last so that every integer has exactly one encoding (nothing to check for
    /// canonicality). Values above `max` are refused as Core refuses them for the field's
    /// type (`i64::MAX` for amounts, `i32::MAX` for heights, `u64::MAX` for sizes).
    pub(crate) fn varint(&mut self, max: u64, what: &'static str) -> Result<u64, ProofError> {
        let mut n = 0u64;
        loop {
            let byte = self.u8(what)?;
            if n > max >> 7 {
                return Err(DecodeError::MalformedTransaction(what).into());
            }
            n = (n << 7) | u64::from(byte & 0x7f);
            if byte & 0x80 == 0 {
                return if n <= max {
                    Ok(n)
                } else {
                    Err(DecodeError::MalformedTransaction(what).into())
                };
            }
            if n == max {
                return Err(DecodeError::MalformedTransaction(what).into());
            }
            n += 1;
        }
    }

    /// How many bytes are left.
    pub(crate) fn remaining(&self) -> usize {
        self.bytes.len() - self.at
    }

    /// Refuses anything after the cursor.
    pub(crate) fn finish(&self) -> Result<(), ProofError> {
        if self.at != self.bytes.len() {
            return Err(DecodeError::MalformedTransaction("trailing bytes").into());
        }
        Ok(())
    }
}

/// Bitcoin Core's VARINT (`WriteVarInt`), appended to `out`: [`Reader::varint`]'s inverse.
#[cfg_attr(not(feature = "mweb"), allow(dead_code))]
pub(crate) fn write_varint(mut n: u64, out: &mut Vec<u8>) {
    let mut groups = [0u8; 10];
    let mut len = 0;
    loop {
        groups[len] = (n & 0x7f) as u8 | if len > 0 { 0x80 } else { 0 };
        len += 1;
        if n <= 0x7f {
            break;
        }
        n = (n >> 7) - 1;
    }
    out.extend(groups[..len].iter().rev());
}

/// A canonical compact size, appended to `out`: [`Reader::compact_size`]'s inverse.
#[cfg_attr(not(feature = "mweb"), allow(dead_code))]
pub(crate) fn write_compact_size(n: usize, out: &mut Vec<u8>) {
    let n = n as u64;
    match n {
        0..=0xfc => out.push(n as u8),
        0xfd..=0xffff => {
            out.push(0xfd);
            out.extend((n as u16).to_le_bytes());
        }
        0x1_0000..=0xffff_ffff => {
            out.push(0xfe);
            out.extend((n as u32).to_le_bytes());
        }
        _ => {
            out.push(0xff);
            out.extend(n.to_le_bytes());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn varint(bytes: &[u8], max: u64) -> Option<u64> {
        let mut r = Reader::new(bytes);
        let n = r.varint(max, "n").ok()?;
        r.finish().ok()?;
        Some(n)
    }

    /// Bitcoin Core's examples (`serialize.h`) and the bounds of each field type.
    #[test]
    fn varints_as_core_reads_them() {
        for (bytes, n) in [
            (&[0x00][..], 0),
            (&[0x7f], 127),
            (&[0x80, 0x00], 128),
            (&[0x80, 0x7f], 255),
            (&[0xfe, 0x7f], 16383),
            (&[0xff, 0x00], 16384),
            (&[0x82, 0xfe, 0x7f], 65535),
            (&[0x80, 0x86, 0x9c, 0x20], 2_215_584),
        ] {
            assert_eq!(varint(bytes, u64::MAX), Some(n), "{bytes:02x?}");
        }
        // A run with no last byte; more groups than 64 bits hold.
        assert_eq!(varint(&[0x80, 0x80], u64::MAX), None);
        assert_eq!(varint(&[0xff; 11], u64::MAX), None);
        // The writer, for the bounds: each type's largest value reads back, one more is
        // refused.
        let encode = |n: u64| {
            let mut out = Vec::new();
            write_varint(n, &mut out);
            out
        };
        for max in [i32::MAX as u64, i64::MAX as u64] {
            assert_eq!(varint(&encode(max), max), Some(max));
            assert_eq!(varint(&encode(max + 1), max), None);
        }
        assert_eq!(varint(&encode(u64::MAX), u64::MAX), Some(u64::MAX));
        for n in [0, 1, 127, 128, 16_511, 16_512, 1 << 40, u64::MAX - 1] {
            assert_eq!(varint(&encode(n), u64::MAX), Some(n));
        }
    }

    #[test]
    fn compact_sizes_are_canonical() {
        let read = |bytes: &[u8]| Reader::new(bytes).compact_size("n").ok();
        assert_eq!(read(&[0xfc]), Some(252));
        assert_eq!(read(&[0xfd, 0xfd, 0x00]), Some(253));
        assert_eq!(read(&[0xfd, 0xfc, 0x00]), None);
        assert_eq!(read(&[0xfe, 0xff, 0xff, 0x00, 0x00]), None);
        assert_eq!(read(&[0xff, 0, 0, 0, 0, 1, 0, 0, 0]), None);
        assert_eq!(read(&[0xfd, 0x00]), None);
        for n in [0, 252, 253, 0xffff, 0x1_0000, 3_999_999] {
            let mut out = Vec::new();
            write_compact_size(n, &mut out);
            assert_eq!(read(&out), Some(n));
        }
    }
}
