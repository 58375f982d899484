//! The constraint-system proof and its byte layout (the reference crate's `R1CSProof`).

use super::MAX_LG_MULTIPLIERS;
use crate::group::{EncodedPoint, Encoding, Group};
use crate::inner_product::InnerProductProof;
use crate::wire::{write_point, write_scalar, Reader};
use crate::DecodeError;
use crate::ProofError;

/// Version byte of a proof without second-phase commitments.
const ONE_PHASE: u8 = 0;
/// Version byte of a proof with them.
const TWO_PHASE: u8 = 1;

/// A proof that committed values satisfy a constraint system.
///
/// Layout (`to_bytes`): a version byte (0: no second phase, 1: two phases), then
/// \\(A_{I1}, A_{O1}, S_1\\), [\\(A_{I2}, A_{O2}, S_2\\) if version 1],
/// \\(T_1, T_3, T_4, T_5, T_6\\), \\(t_x, \tilde t_x, \tilde e\\), and the inner-product proof
/// (\\(L_j, R_j\\) pairs, \\(a, b\\)). Version 1 with all three second-phase points the identity
/// is not canonical (it is written as version 0) and is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct R1csProof<G: Group> {
    pub(crate) a_i1: EncodedPoint<G>,
    pub(crate) a_o1: EncodedPoint<G>,
    pub(crate) s1: EncodedPoint<G>,
    pub(crate) a_i2: EncodedPoint<G>,
    pub(crate) a_o2: EncodedPoint<G>,
    pub(crate) s2: EncodedPoint<G>,
    pub(crate) t_1: EncodedPoint<G>,
    pub(crate) t_3: EncodedPoint<G>,
    pub(crate) t_4: EncodedPoint<G>,
    pub(crate) t_5: EncodedPoint<G>,
    pub(crate) t_6: EncodedPoint<G>,
    pub(crate) t_x: G::Scalar,
    pub(crate) t_x_blinding: G::Scalar,
    pub(crate) e_blinding: G::Scalar,
    pub(crate) ipp: InnerProductProof<G>,
}

impl<G: Group> R1csProof<G> {
    fn has_phase_two(&self) -> bool {
        ![&self.a_i2, &self.a_o2, &self.s2]
            .iter()
            .all(|p| G::is_identity_encoding(&p.bytes))
    }

    /// The proof's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.serialized_size());
        let two_phase = self.has_phase_two();
        out.push(if two_phase { TWO_PHASE } else { ONE_PHASE });
        write_point(&mut out, &self.a_i1);
        write_point(&mut out, &self.a_o1);
        write_point(&mut out, &self.s1);
        if two_phase {
            write_point(&mut out, &self.a_i2);
            write_point(&mut out, &self.a_o2);
            write_point(&mut out, &self.s2);
        }
        for t in [&self.t_1, &self.t_3, &self.t_4, &self.t_5, &self.t_6] {
            write_point(&mut out, t);
        }
        for s in [&self.t_x, &self.t_x_blinding, &self.e_blinding] {
            write_scalar::<G>(&mut out, s);
        }
        self.ipp.write_bytes(&mut out);
        out
    }

    /// Encoded size in bytes.
    pub fn serialized_size(&self) -> usize {
        let points = if self.has_phase_two() { 11 } else { 8 };
        1 + points * G::PointEncoding::LEN + 3 * G::ScalarEncoding::LEN + self.ipp.serialized_size()
    }

    /// Decodes [`Self::to_bytes`]: strict (canonical points and scalars, whole round pairs, at
    /// most [`MAX_LG_MULTIPLIERS`] rounds, no trailing bytes, canonical version byte).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        let mut reader = Reader::new(bytes);
        let two_phase = match reader.byte()? {
            ONE_PHASE => false,
            TWO_PHASE => true,
            other => return Err(DecodeError::UnknownVersion(other).into()),
        };
        // The points in one decoding: A_I1, A_O1, S_1, (A_I2, A_O2, S_2,) T_1, T_3 … T_6.
        let points = reader.points::<G>(if two_phase { 11 } else { 8 })?;
        let identity = EncodedPoint::from_point(G::identity());
        let (first, second, t) = if two_phase {
            (
                &points[..3],
                [points[3], points[4], points[5]],
                &points[6..],
            )
        } else {
            (&points[..3], [identity; 3], &points[3..])
        };
        let proof = R1csProof {
            a_i1: first[0],
            a_o1: first[1],
            s1: first[2],
            a_i2: second[0],
            a_o2: second[1],
            s2: second[2],
            t_1: t[0],
            t_3: t[1],
            t_4: t[2],
            t_5: t[3],
            t_6: t[4],
            // The scalars and the argument follow the points, in this order.
            t_x: reader.scalar::<G>()?,
            t_x_blinding: reader.scalar::<G>()?,
            e_blinding: reader.scalar::<G>()?,
            ipp: InnerProductProof::read_up_to(&mut reader, bytes.len(), MAX_LG_MULTIPLIERS)?,
        };
        reader.finish()?;
        if two_phase && !proof.has_phase_two() {
            // The reference re-encodes this as version 0: not the canonical encoding.
            return Err(DecodeError::NonCanonicalEncoding.into());
        }
        Ok(proof)
    }
}
