//! Points of the Edwards curve \\(-x^2 + y^2 = 1 + d x^2 y^2\\) in extended coordinates
//! \\((X : Y : Z : T)\\), \\(x = X/Z\\), \\(y = Y/Z\\), \\(xy = T/Z\\) (Hisil–Wong–Carter–Dawson),
//! as the engine's decoders produce them, their encodings, and the group law the engine's
//! multiscalar multiplication uses.
//!
//! The addition formulas are the "unified" ones of Hisil et al. (2008), §3.1 with \\(k = 2d\\)
//! (`add-2008-hwcd-3` in the Explicit-Formulas Database): complete on this curve, since
//! \\(a = -1\\) is a square and \\(d\\) is not, so bucket sums never need a special case for
//! doubling or the identity.

use super::field::{sqrt_ratio, FieldElement, EDWARDS_D, SQRT_M1};

/// \\(2d\\).
pub(super) const EDWARDS_D2: FieldElement = FieldElement([
    1859910466990425,
    932731440258426,
    1072319116312658,
    1815898335770999,
    633789495995903,
]);

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

/// An affine point prepared for mixed addition: \\((y + x, y - x, 2dxy)\\).
#[derive(Clone, Copy, Debug)]
pub struct AffineNiels {
    pub(super) y_plus_x: FieldElement,
    pub(super) y_minus_x: FieldElement,
    pub(super) xy2d: FieldElement,
}

impl AffineNiels {
    /// The negation: \\(-(x, y) = (-x, y)\\) swaps \\(y \pm x\\) and negates \\(2dxy\\).
    pub fn neg(&self) -> AffineNiels {
        AffineNiels {
            y_plus_x: self.y_minus_x,
            y_minus_x: self.y_plus_x,
            xy2d: self.xy2d.neg(),
        }
    }
}

impl ExtendedPoint {
    /// The identity \\((0 : 1 : 1 : 0)\\).
    pub const IDENTITY: ExtendedPoint = ExtendedPoint {
        x: FieldElement::ZERO,
        y: FieldElement::ONE,
        z: FieldElement::ONE,
        t: FieldElement::ZERO,
    };

    /// The mixed-addition form of the affine point with these coordinates (`z_inv` is
    /// \\(1/Z\\); when \\(Z\\) is exactly one, as the decoders leave it, the coordinates are
    /// already affine and \\(T = xy\\)).
    pub(super) fn affine_niels(&self, z_inv: &FieldElement) -> AffineNiels {
        let (x, y, xy) = if self.z.0 == FieldElement::ONE.0 {
            (self.x, self.y, self.t)
        } else {
            let (x, y) = (self.x.mul(z_inv), self.y.mul(z_inv));
            (x, y, x.mul(&y))
        };
        AffineNiels {
            y_plus_x: y.add(&x),
            y_minus_x: y.sub(&x),
            xy2d: xy.mul(&EDWARDS_D2),
        }
    }

    /// \\((EF : GH : FG : EH)\\), the last step of every formula here.
    fn from_efgh(e: &FieldElement, f: &FieldElement, g: &FieldElement, h: &FieldElement) -> Self {
        ExtendedPoint {
            x: e.mul(f),
            y: g.mul(h),
            z: f.mul(g),
            t: e.mul(h),
        }
    }

    /// `self + q` for an affine `q` (7 multiplications).
    pub fn add_affine(&self, q: &AffineNiels) -> ExtendedPoint {
        let a = self.y.sub(&self.x).mul(&q.y_minus_x);
        let b = self.y.add(&self.x).mul(&q.y_plus_x);
        let c = self.t.mul(&q.xy2d);
        let d = self.z.add(&self.z);
        let (e, f, g, h) = (b.sub(&a), d.sub(&c), d.add(&c), b.add(&a));
        ExtendedPoint::from_efgh(&e, &f, &g, &h)
    }

    /// `self + q` (9 multiplications).
    pub fn add(&self, q: &ExtendedPoint) -> ExtendedPoint {
        let a = self.y.sub(&self.x).mul(&q.y.sub(&q.x));
        let b = self.y.add(&self.x).mul(&q.y.add(&q.x));
        let c = self.t.mul(&EDWARDS_D2).mul(&q.t);
        let zz = self.z.mul(&q.z);
        let d = zz.add(&zz);
        let (e, f, g, h) = (b.sub(&a), d.sub(&c), d.add(&c), b.add(&a));
        ExtendedPoint::from_efgh(&e, &f, &g, &h)
    }

    /// `2 · self` (`dbl-2008-hwcd`: 4 squarings, 4 multiplications).
    pub fn double(&self) -> ExtendedPoint {
        let a = self.x.square();
        let b = self.y.square();
        let zz = self.z.square();
        let c = zz.add(&zz);
        let h = a.add(&b);
        let e = h.sub(&self.x.add(&self.y).square());
        let g = a.sub(&b);
        let f = c.add(&g);
        ExtendedPoint::from_efgh(&e, &f, &g, &h)
    }

    /// `-self`.
    pub fn neg(&self) -> ExtendedPoint {
        ExtendedPoint {
            x: self.x.neg(),
            t: self.t.neg(),
            ..*self
        }
    }

    /// Whether the point is the identity of Ed25519: \\(X = 0\\) and \\(Y = Z\\).
    pub fn is_identity(&self) -> bool {
        self.x.is_zero() && self.y.equals(&self.z)
    }

    /// Whether the point is in the identity's ristretto255 class (the 4-torsion): \\(X = 0\\)
    /// or \\(Y = 0\\) (RFC 9496's equality against \\((0, 1)\\)).
    pub fn is_ristretto_identity(&self) -> bool {
        self.x.is_zero() || self.y.is_zero()
    }

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
