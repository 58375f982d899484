//! Reading and writing proofs as bytes: a cursor over the group's own encodings.
//!
//! Every codec is a sequence of `point`, `scalar` and `byte` reads on a [`Reader`], closed by
//! [`Reader::finish`], which refuses trailing bytes. Lengths come from the group's encodings, so
//! the same codec serves 32-byte and 33-byte points alike. A read past the end is
//! [`ProofError::InvalidLength`] with the input's total length.

use crate::group::{decode_scalar, EncodedPoint, Encoding, Group};
use crate::ProofError;

/// A cursor over an encoded proof.
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
    position: usize,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Reader { bytes, position: 0 }
    }

    fn too_short(&self) -> ProofError {
        ProofError::InvalidLength(self.bytes.len())
    }

    fn take(&mut self, len: usize) -> Result<&'a [u8], ProofError> {
        let end = self
            .position
            .checked_add(len)
            .filter(|end| *end <= self.bytes.len())
            .ok_or_else(|| self.too_short())?;
        let taken = &self.bytes[self.position..end];
        self.position = end;
        Ok(taken)
    }

    /// Bytes not read yet.
    pub(crate) fn remaining(&self) -> usize {
        self.bytes.len() - self.position
    }

    /// Skips `len` bytes (to check a structure before decoding it).
    pub(crate) fn skip(&mut self, len: usize) -> Result<(), ProofError> {
        self.take(len).map(|_| ())
    }

    /// One byte.
    pub(crate) fn byte(&mut self) -> Result<u8, ProofError> {
        Ok(self.take(1)?[0])
    }

    /// A point: its canonical encoding, decoded.
    pub(crate) fn point<G: Group>(&mut self) -> Result<EncodedPoint<G>, ProofError> {
        let bytes = self.take(G::PointEncoding::LEN)?;
        let encoding = G::PointEncoding::try_from(bytes).map_err(|_| self.too_short())?;
        EncodedPoint::decode(&encoding)
    }

    /// A canonical scalar.
    pub(crate) fn scalar<G: Group>(&mut self) -> Result<G::Scalar, ProofError> {
        let bytes = self.take(G::ScalarEncoding::LEN)?;
        let encoding = G::ScalarEncoding::try_from(bytes).map_err(|_| self.too_short())?;
        decode_scalar::<G>(&encoding)
    }

    /// Ends the reading: everything must have been read.
    pub(crate) fn finish(self) -> Result<(), ProofError> {
        if self.remaining() == 0 {
            Ok(())
        } else {
            Err(ProofError::InvalidLength(self.bytes.len()))
        }
    }
}

/// Appends a point's encoding.
pub(crate) fn write_point<G: Group>(out: &mut Vec<u8>, p: &EncodedPoint<G>) {
    out.extend_from_slice(p.bytes.as_ref());
}

/// Appends a scalar's encoding.
pub(crate) fn write_scalar<G: Group>(out: &mut Vec<u8>, s: &G::Scalar) {
    out.extend_from_slice(G::scalar_to_bytes(s).as_ref());
}

/// Length of a point encoding of `G`.
pub(crate) fn point_len<G: Group>() -> usize {
    G::PointEncoding::LEN
}

/// Length of a scalar encoding of `G`.
pub(crate) fn scalar_len<G: Group>() -> usize {
    G::ScalarEncoding::LEN
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::Ristretto255;

    type G = Ristretto255;

    #[test]
    fn reads_in_order_and_refuses_short_or_trailing_input() {
        let p = EncodedPoint::<G>::from_point(G::identity());
        let s = G::one();
        let mut bytes = vec![7u8];
        write_point(&mut bytes, &p);
        write_scalar::<G>(&mut bytes, &s);

        let mut reader = Reader::new(&bytes);
        assert_eq!(reader.byte(), Ok(7));
        assert_eq!(reader.point::<G>(), Ok(p));
        assert_eq!(reader.scalar::<G>(), Ok(s));
        assert_eq!(reader.finish(), Ok(()));

        let mut reader = Reader::new(&bytes[..40]);
        reader.byte().unwrap();
        reader.point::<G>().unwrap();
        assert_eq!(reader.scalar::<G>(), Err(ProofError::InvalidLength(40)));

        let mut longer = bytes.clone();
        longer.push(0);
        let mut reader = Reader::new(&longer);
        reader.byte().unwrap();
        reader.point::<G>().unwrap();
        reader.scalar::<G>().unwrap();
        assert_eq!(reader.finish(), Err(ProofError::InvalidLength(66)));
    }
}
