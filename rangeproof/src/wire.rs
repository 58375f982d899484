//! Reading and writing proofs as bytes: a cursor over the group's own encodings.
//!
//! Every codec is a sequence of `point`, `scalar` and `byte` reads on a [`Reader`], closed by
//! [`Reader::finish`], which refuses trailing bytes. Lengths come from the group's encodings, so
//! the same codec serves 32-byte and 33-byte points alike. A read past the end is
//! [`DecodeError::InvalidLength`] with the input's total length.

use crate::group::{decode_scalar, EncodedPoint, Encoding, Group};
use crate::ProofError;
use crate::{DecodeError, StatementError};
use alloc::vec::Vec;

/// Largest number of inner-product rounds any layout accepts: \\(\log_2\\) of 64 bits × 64
/// values.
pub(crate) const MAX_LG_N: usize = 12;

/// A cursor over an encoded proof.
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
    position: usize,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Reader { bytes, position: 0 }
    }

    fn too_short(&self) -> DecodeError {
        DecodeError::InvalidLength(self.bytes.len())
    }

    fn take(&mut self, len: usize) -> Result<&'a [u8], DecodeError> {
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
    pub(crate) fn skip(&mut self, len: usize) -> Result<(), DecodeError> {
        self.take(len).map(|_| ())
    }

    /// One byte.
    pub(crate) fn byte(&mut self) -> Result<u8, DecodeError> {
        Ok(self.take(1)?[0])
    }

    /// A point's encoding, not decoded yet.
    fn point_encoding<G: Group>(&mut self) -> Result<G::PointEncoding, DecodeError> {
        let bytes = self.take(G::PointEncoding::LEN)?;
        G::PointEncoding::try_from(bytes).map_err(|_| self.too_short())
    }

    /// A point: its canonical encoding, decoded.
    pub(crate) fn point<G: Group>(&mut self) -> Result<EncodedPoint<G>, DecodeError> {
        EncodedPoint::decode(&self.point_encoding::<G>()?)
    }

    /// `count` consecutive points, decoded together (sixteen at a time on curve25519 with
    /// AVX-512 IFMA); the first invalid one fails the read.
    pub(crate) fn points<G: Group>(
        &mut self,
        count: usize,
    ) -> Result<Vec<EncodedPoint<G>>, DecodeError> {
        let len = count
            .checked_mul(G::PointEncoding::LEN)
            .ok_or_else(|| self.too_short())?;
        let bytes = self.take(len)?;
        let encodings: Vec<G::PointEncoding> = bytes
            .chunks_exact(G::PointEncoding::LEN)
            .map(|chunk| G::PointEncoding::try_from(chunk).map_err(|_| self.too_short()))
            .collect::<Result<_, _>>()?;
        EncodedPoint::decode_all(&encodings)
    }

    /// The next point of a read whose encodings were decoded ahead (in the same order) by
    /// [`Parts::read`]: consumes the encoding and takes its decoding.
    fn decoded_point<G: Group>(
        &mut self,
        decoded: &mut impl Iterator<Item = Option<G::BatchPoint>>,
    ) -> Result<EncodedPoint<G>, DecodeError> {
        let bytes = self.point_encoding::<G>()?;
        let batch = decoded.next().flatten().ok_or(DecodeError::InvalidPoint)?;
        Ok(EncodedPoint::from_decoded(bytes, batch))
    }

    /// A canonical scalar.
    pub(crate) fn scalar<G: Group>(&mut self) -> Result<G::Scalar, DecodeError> {
        let bytes = self.take(G::ScalarEncoding::LEN)?;
        let encoding = G::ScalarEncoding::try_from(bytes).map_err(|_| self.too_short())?;
        decode_scalar::<G>(&encoding)
    }

    /// Ends the reading: everything must have been read.
    pub(crate) fn finish(self) -> Result<(), DecodeError> {
        if self.remaining() == 0 {
            Ok(())
        } else {
            Err(DecodeError::InvalidLength(self.bytes.len()))
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

/// A proof's point and scalar slots, by the names the papers give them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// Bulletproofs \\(A, S, T_1, T_2\\); Bulletproofs+ \\(A, A_1, B'\\).
    A,
    S,
    T1,
    T2,
    A1,
    B,
    /// Bulletproofs \\(t_x, \tau_x, \mu\\) and the inner product's \\(a, b\\); Bulletproofs+
    /// \\(r_1, s_1\\).
    TX,
    TXBlinding,
    EBlinding,
    IppA,
    IppB,
    R1,
    S1,
}

const SLOTS: usize = 13;

/// One element of a wire layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Element {
    /// A point slot.
    Point(Slot),
    /// A scalar slot.
    Scalar(Slot),
    /// The extension degree \\(d\\) as one byte (1 when a layout has none).
    DegreeByte,
    /// The \\(d\\) blinding answers \\(\delta'_k\\).
    Answers,
    /// \\(L_1, R_1, \ldots, L_k, R_k\\), \\(k\\) implied by the length.
    RoundPairs,
    /// A one-byte count \\(k\\) (a varint below 0x80), then \\(L_1, \ldots, L_k\\).
    CountedL,
    /// A one-byte count, equal to the L count, then \\(R_1, \ldots, R_k\\).
    CountedR,
}

/// A deployment's wire layout of one proof system: the elements in order, and the rounds it
/// allows. The deployments own their layouts (`crate::deployments`: each convention's
/// `LAYOUT`); the codecs interpret them.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub elements: &'static [Element],
    pub min_rounds: usize,
    pub max_rounds: usize,
    pub max_degree: usize,
}

/// A proof's elements, decoded or to encode.
#[derive(Clone, Debug)]
pub(crate) struct Parts<G: Group> {
    points: [Option<EncodedPoint<G>>; SLOTS],
    scalars: [Option<G::Scalar>; SLOTS],
    /// The blinding answers \\(\delta'_k\\).
    pub answers: Vec<G::Scalar>,
    pub l_vec: Vec<EncodedPoint<G>>,
    pub r_vec: Vec<EncodedPoint<G>>,
}

impl<G: Group> Default for Parts<G> {
    fn default() -> Self {
        Parts {
            points: [None; SLOTS],
            scalars: [None; SLOTS],
            answers: Vec::new(),
            l_vec: Vec::new(),
            r_vec: Vec::new(),
        }
    }
}

impl<G: Group> Parts<G> {
    pub(crate) fn set_point(&mut self, slot: Slot, p: EncodedPoint<G>) {
        self.points[slot as usize] = Some(p);
    }

    pub(crate) fn set_scalar(&mut self, slot: Slot, s: G::Scalar) {
        self.scalars[slot as usize] = Some(s);
    }

    /// A decoded point slot (a layout without it is refused, never a panic).
    pub(crate) fn point(&self, slot: Slot) -> Result<EncodedPoint<G>, ProofError> {
        self.points[slot as usize].ok_or(ProofError::Statement(StatementError::RefusedByDeployment))
    }

    /// A decoded scalar slot.
    pub(crate) fn scalar(&self, slot: Slot) -> Result<G::Scalar, ProofError> {
        self.scalars[slot as usize]
            .ok_or(ProofError::Statement(StatementError::RefusedByDeployment))
    }

    /// Encodes the parts in `layout`.
    pub(crate) fn write(&self, layout: &Layout) -> Result<Vec<u8>, ProofError> {
        let rounds = self.l_vec.len();
        let degree = self.answers.len();
        let answers_fit = !layout.elements.contains(&Element::Answers)
            || (1..=layout.max_degree).contains(&degree);
        if rounds > layout.max_rounds || !answers_fit {
            return Err(StatementError::RefusedByDeployment.into());
        }
        let mut out = Vec::new();
        for element in layout.elements {
            match *element {
                Element::Point(slot) => write_point(&mut out, &self.point(slot)?),
                Element::Scalar(slot) => write_scalar::<G>(&mut out, &self.scalar(slot)?),
                Element::DegreeByte => out.push(degree as u8),
                Element::Answers => {
                    for d in &self.answers {
                        write_scalar::<G>(&mut out, d);
                    }
                }
                Element::RoundPairs => {
                    for (l, r) in self.l_vec.iter().zip(&self.r_vec) {
                        write_point(&mut out, l);
                        write_point(&mut out, r);
                    }
                }
                Element::CountedL | Element::CountedR => {
                    out.push(rounds as u8); // below 0x80: a one-byte varint
                    let points = if *element == Element::CountedL {
                        &self.l_vec
                    } else {
                        &self.r_vec
                    };
                    for p in points {
                        write_point(&mut out, p);
                    }
                }
            }
        }
        Ok(out)
    }

    /// Decodes `bytes` in `layout`: the structure first (degree, counts, the exact length),
    /// then every element (canonical points and scalars), and nothing may follow.
    pub(crate) fn read(layout: &Layout, bytes: &[u8]) -> Result<Self, ProofError> {
        let total = bytes.len();
        let bad_length = || ProofError::Decode(DecodeError::InvalidLength(total));
        let (p, s) = (point_len::<G>(), scalar_len::<G>());

        // The structure, and every point's encoding, in order (decoded together below).
        let mut probe = Reader::new(bytes);
        let mut encodings = Vec::new();
        let mut degree = 1;
        let mut rounds = None;
        for (at, element) in layout.elements.iter().enumerate() {
            match *element {
                Element::Point(_) => encodings.push(probe.point_encoding::<G>()?),
                Element::Scalar(_) => probe.skip(s)?,
                Element::DegreeByte => {
                    degree = probe.byte()? as usize;
                    if degree == 0 || degree > layout.max_degree {
                        return Err(StatementError::InvalidExtensionDegree {
                            given: degree,
                            max: layout.max_degree,
                        }
                        .into());
                    }
                }
                Element::Answers => probe.skip(degree * s)?,
                Element::RoundPairs => {
                    // The rounds take whatever the fixed elements after them leave.
                    let tail: usize = layout.elements[at + 1..]
                        .iter()
                        .map(|e| match e {
                            Element::Point(_) => p,
                            Element::Scalar(_) => s,
                            Element::Answers => degree * s,
                            _ => 0,
                        })
                        .sum();
                    let length = probe.remaining().checked_sub(tail).ok_or_else(bad_length)?;
                    if !length.is_multiple_of(2 * p) {
                        return Err(bad_length());
                    }
                    rounds = Some(length / (2 * p));
                    for _ in 0..length / p {
                        encodings.push(probe.point_encoding::<G>()?);
                    }
                }
                Element::CountedL | Element::CountedR => {
                    let count = probe.byte()? as usize;
                    // Zero, or a count needing a longer varint, is refused with the rest below.
                    if rounds.is_some_and(|k| k != count) {
                        return Err(bad_length());
                    }
                    rounds = Some(count);
                    for _ in 0..count {
                        encodings.push(probe.point_encoding::<G>()?);
                    }
                }
            }
        }
        let rounds = rounds.unwrap_or(0);
        if probe.remaining() != 0 || rounds < layout.min_rounds || rounds > layout.max_rounds {
            return Err(bad_length());
        }

        // The elements; the points decoded all at once, each taken in its place, so the first
        // invalid element (point or scalar) in reading order is the one reported.
        let mut decoded = G::batch_points_from_bytes(&encodings).into_iter();
        let decoded = &mut decoded;
        let mut reader = Reader::new(bytes);
        let mut parts = Parts::default();
        for element in layout.elements {
            match *element {
                Element::Point(slot) => parts.set_point(slot, reader.decoded_point(decoded)?),
                Element::Scalar(slot) => parts.set_scalar(slot, reader.scalar::<G>()?),
                Element::DegreeByte => {
                    reader.byte()?;
                }
                Element::Answers => {
                    for _ in 0..degree {
                        parts.answers.push(reader.scalar::<G>()?);
                    }
                }
                Element::RoundPairs => {
                    for _ in 0..rounds {
                        parts.l_vec.push(reader.decoded_point(decoded)?);
                        parts.r_vec.push(reader.decoded_point(decoded)?);
                    }
                }
                Element::CountedL | Element::CountedR => {
                    reader.byte()?;
                    let points = if *element == Element::CountedL {
                        &mut parts.l_vec
                    } else {
                        &mut parts.r_vec
                    };
                    for _ in 0..rounds {
                        points.push(reader.decoded_point(decoded)?);
                    }
                }
            }
        }
        reader.finish()?;
        Ok(parts)
    }
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
        assert_eq!(reader.scalar::<G>(), Err(DecodeError::InvalidLength(40)));

        let mut longer = bytes.clone();
        longer.push(0);
        let mut reader = Reader::new(&longer);
        reader.byte().unwrap();
        reader.point::<G>().unwrap();
        reader.scalar::<G>().unwrap();
        assert_eq!(reader.finish(), Err(DecodeError::InvalidLength(66)));
    }
}
