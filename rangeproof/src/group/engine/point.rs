//! Points of the Edwards curve \\(-x^2 + y^2 = 1 + d x^2 y^2\\) in extended coordinates
//! \\((X : Y : Z : T)\\), \\(x = X/Z\\), \\(y = Y/Z\\), \\(xy = T/Z\\) (Hisil–Wong–Carter–Dawson),
//! as the engine's decoders produce them, and their encodings.

use super::field::{sqrt_ratio, FieldElement, EDWARDS_D, SQRT_M1};

/// \\(1/\sqrt{a - d}\\) for \\(a = -1\\) (RFC 9496's `INVSQRT_A_MINUS_D`).
const INVSQRT_A_MINUS_D: FieldElement = FieldElement([
    278908739862762,
    821645201101625,
    8113234426968,
    1777959178193151,
    2118520810568447,
]);

/// A curve point in extended coordinates.
#[derive(Clone, Copy, Debug)]
pub struct ExtendedPoint {
    pub(super) x: FieldElement,
    pub(super) y: FieldElement,
    pub(super) z: FieldElement,
    pub(super) t: FieldElement,
}

impl ExtendedPoint {
    /// Whether the coordinates satisfy the curve equation and \\(XY = ZT\\), \\(Z \ne 0\\).
    pub fn is_valid(&self) -> bool {
        let (xx, yy, zz) = (self.x.square(), self.y.square(), self.z.square());
        // Projectively: (-X² + Y²) Z² = Z⁴ + d X² Y².
        let lhs = yy.sub(&xx).mul(&zz);
        let rhs = zz.square().add(&EDWARDS_D.mul(&xx).mul(&yy));
        !self.z.is_zero() && lhs.equals(&rhs) && self.x.mul(&self.y).equals(&self.z.mul(&self.t))
    }

    /// The Ed25519 encoding: \\(y\\), with the sign (low bit) of \\(x\\) in the top bit.
    pub fn to_ed25519_bytes(&self) -> [u8; 32] {
        let z_inv = self.z.invert();
        let (x, y) = (self.x.mul(&z_inv), self.y.mul(&z_inv));
        let mut bytes = y.to_bytes();
        bytes[31] |= (x.is_negative() as u8) << 7;
        bytes
    }

    /// The ristretto255 encoding of the point's class (RFC 9496, section 4.3.2).
    pub fn to_ristretto_bytes(&self) -> [u8; 32] {
        let (x0, y0, z0, t0) = (self.x, self.y, self.z, self.t);
        let u1 = z0.add(&y0).mul(&z0.sub(&y0));
        let u2 = x0.mul(&y0);
        let v = u1.mul(&u2.square());
        let (_, invsqrt) = sqrt_ratio(&FieldElement::ONE, &v);
        let den1 = invsqrt.mul(&u1);
        let den2 = invsqrt.mul(&u2);
        let z_inv = den1.mul(&den2).mul(&t0);
        let rotate = t0.mul(&z_inv).is_negative();
        let (x, mut y, den_inv) = if rotate {
            (
                y0.mul(&SQRT_M1),
                x0.mul(&SQRT_M1),
                den1.mul(&INVSQRT_A_MINUS_D),
            )
        } else {
            (x0, y0, den2)
        };
        if x.mul(&z_inv).is_negative() {
            y = y.neg();
        }
        den_inv.mul(&z0.sub(&y)).abs().to_bytes()
    }
}
