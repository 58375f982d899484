//! Variable-time point arithmetic in Jacobian coordinates, for the multiscalar multiplication
//! only (public scalars and points).
//!
//! `k256`'s `ProjectivePoint` uses complete, constant-time formulas (12M + 2S per addition),
//! which the prover needs; the verifier's bucket method is dominated by additions of an affine
//! point into an accumulator, where the mixed Jacobian–affine formula costs 7M + 4S and
//! doubling 2M + 5S (curve with \\(a = 0\\); formulas `madd-2007-bl`, `add-2007-bl`,
//! `dbl-2009-l` of the Explicit-Formulas Database). The exceptional cases (an operand at
//! infinity, equal or opposite operands) are handled by branching, which is fine for public
//! data.
//!
//! Field elements are our own ([`super::field`]: fiat-crypto's 5×52-bit products, safegcd's
//! inversion) and kept at magnitude 1 between operations; a sum is weakly normalized before it
//! is multiplied (debug builds check every magnitude bound).

use k256::ProjectivePoint;

use super::field::FieldElement;

/// An affine point (never the identity), coordinates normalized.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Affine {
    pub(crate) x: FieldElement,
    pub(crate) y: FieldElement,
}

impl Affine {
    /// \\(-P\\).
    #[inline]
    pub(crate) fn neg(&self) -> Affine {
        Affine {
            x: self.x,
            y: self.y.negate(1).normalize_weak(),
        }
    }
}

/// A point in Jacobian coordinates \\((X : Y : Z)\\) for \\((X/Z^2, Y/Z^3)\\), or infinity.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Jacobian {
    x: FieldElement,
    y: FieldElement,
    z: FieldElement,
    infinity: bool,
}

impl Jacobian {
    pub(crate) const INFINITY: Jacobian = Jacobian {
        x: FieldElement::ZERO,
        y: FieldElement::ONE,
        z: FieldElement::ZERO,
        infinity: true,
    };

    pub(crate) fn from_affine(p: &Affine) -> Jacobian {
        Jacobian {
            x: p.x,
            y: p.y,
            z: FieldElement::ONE,
            infinity: false,
        }
    }

    /// From coordinates of any magnitude up to the field's limit; `None` where \\(Z \equiv 0\\)
    /// (the vector code's signal for a lane to redo serially).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(crate) fn from_coordinates(
        x: FieldElement,
        y: FieldElement,
        z: FieldElement,
    ) -> Option<Jacobian> {
        let z = z.normalize_weak();
        if z.normalizes_to_zero() {
            return None;
        }
        Some(Jacobian {
            x: x.normalize_weak(),
            y: y.normalize_weak(),
            z,
            infinity: false,
        })
    }

    #[cfg(test)]
    pub(crate) fn is_infinity(&self) -> bool {
        self.infinity
    }

    /// \\(2P\\) (`dbl-2009-l`). secp256k1 has no point of order 2, so \\(Y \ne 0\\).
    pub(crate) fn double(&self) -> Jacobian {
        if self.infinity {
            return *self;
        }
        let a = self.x.square();
        let b = self.y.square();
        let c = b.square();
        let d = ((self.x + b).normalize_weak().square() + a.negate(1) + c.negate(1))
            .double()
            .normalize_weak();
        let e = a.mul_small(3).normalize_weak();
        let f = e.square();
        let x3 = (f + d.double().negate(2)).normalize_weak();
        let y3 =
            (e * (d + x3.negate(1)).normalize_weak() + c.mul_small(8).negate(8)).normalize_weak();
        let z3 = (self.y * self.z).double().normalize_weak();
        Jacobian {
            x: x3,
            y: y3,
            z: z3,
            infinity: false,
        }
    }

    /// \\(P + Q\\) for an affine \\(Q\\) (`madd-2007-bl`).
    pub(crate) fn add_affine(&self, q: &Affine) -> Jacobian {
        if self.infinity {
            return Jacobian::from_affine(q);
        }
        let z1z1 = self.z.square();
        let u2 = q.x * z1z1;
        let s2 = q.y * self.z * z1z1;
        let h = (u2 + self.x.negate(1)).normalize_weak();
        let r = (s2 + self.y.negate(1)).normalize_weak();
        if h.normalizes_to_zero() {
            return if r.normalizes_to_zero() {
                self.double()
            } else {
                Jacobian::INFINITY
            };
        }
        let hh = h.square();
        let i = hh.mul_small(4).normalize_weak();
        let j = h * i;
        let r = r.double().normalize_weak();
        let v = self.x * i;
        let x3 = (r.square() + j.negate(1) + v.double().negate(2)).normalize_weak();
        let y3 = (r * (v + x3.negate(1)).normalize_weak() + (self.y * j).double().negate(2))
            .normalize_weak();
        let z3 = ((self.z + h).normalize_weak().square() + z1z1.negate(1) + hh.negate(1))
            .normalize_weak();
        Jacobian {
            x: x3,
            y: y3,
            z: z3,
            infinity: false,
        }
    }

    /// \\(P + Q\\) (`add-2007-bl`).
    pub(crate) fn add(&self, q: &Jacobian) -> Jacobian {
        if self.infinity {
            return *q;
        }
        if q.infinity {
            return *self;
        }
        let z1z1 = self.z.square();
        let z2z2 = q.z.square();
        let u1 = self.x * z2z2;
        let u2 = q.x * z1z1;
        let s1 = self.y * q.z * z2z2;
        let s2 = q.y * self.z * z1z1;
        let h = (u2 + u1.negate(1)).normalize_weak();
        let r = (s2 + s1.negate(1)).normalize_weak();
        if h.normalizes_to_zero() {
            return if r.normalizes_to_zero() {
                self.double()
            } else {
                Jacobian::INFINITY
            };
        }
        let i = h.double().normalize_weak().square();
        let j = h * i;
        let r = r.double().normalize_weak();
        let v = u1 * i;
        let x3 = (r.square() + j.negate(1) + v.double().negate(2)).normalize_weak();
        let y3 = (r * (v + x3.negate(1)).normalize_weak() + (s1 * j).double().negate(2))
            .normalize_weak();
        let z3 = (self.z * q.z * h).double().normalize_weak();
        Jacobian {
            x: x3,
            y: y3,
            z: z3,
            infinity: false,
        }
    }

    /// The affine coordinates (one field inversion), `None` at infinity.
    pub(crate) fn to_affine(self) -> Option<Affine> {
        if self.infinity {
            return None;
        }
        let z_inv = self.z.invert_vartime();
        let z_inv2 = z_inv.square();
        Some(Affine {
            x: (self.x * z_inv2).normalize(),
            y: (self.y * z_inv2 * z_inv).normalize(),
        })
    }

    /// The `k256` point.
    pub(crate) fn to_projective(self) -> ProjectivePoint {
        match self.to_affine() {
            None => ProjectivePoint::IDENTITY,
            // On the curve by construction; the conversion re-checks it.
            Some(a) => super::point_from_affine(&a.x, &a.y).unwrap_or(ProjectivePoint::IDENTITY),
        }
    }
}

/// Affine forms of Jacobian points with one field inversion (Montgomery's trick; `None` at
/// infinity).
pub(crate) fn normalize_jacobian_batch(points: &[Jacobian]) -> Vec<Option<Affine>> {
    let mut prefix = Vec::with_capacity(points.len());
    let mut acc = FieldElement::ONE;
    for p in points {
        prefix.push(acc);
        if !p.infinity {
            acc *= p.z;
        }
    }
    // Every finite point's Z is nonzero, so the product is invertible.
    let mut inv = acc.invert_vartime();
    let mut out = vec![None; points.len()];
    for (i, p) in points.iter().enumerate().rev() {
        if p.infinity {
            continue;
        }
        let z_inv = inv * prefix[i];
        inv *= p.z;
        let z_inv2 = z_inv.square();
        out[i] = Some(Affine {
            x: (p.x * z_inv2).normalize(),
            y: (p.y * z_inv2 * z_inv).normalize(),
        });
    }
    out
}

/// Affine forms of many points with one field inversion (`None` for the identity).
pub(crate) fn normalize_batch(points: &[ProjectivePoint]) -> Vec<Option<Affine>> {
    use k256::elliptic_curve::sec1::ToEncodedPoint;
    use k256::elliptic_curve::{group::Group as _, BatchNormalize};
    // `k256`'s batch normalization fails on an empty batch and on an identity whose Z is an
    // unreduced zero, so identities are taken out first.
    let finite: Vec<ProjectivePoint> = points
        .iter()
        .filter(|p| !bool::from(p.is_identity()))
        .copied()
        .collect();
    let mut affine = if finite.is_empty() {
        Vec::new()
    } else {
        <ProjectivePoint as BatchNormalize<[ProjectivePoint]>>::batch_normalize(&finite)
    }
    .into_iter();
    points
        .iter()
        .map(|p| {
            if bool::from(p.is_identity()) {
                return None;
            }
            let a = affine.next()?;
            let encoded = a.to_encoded_point(false);
            let x = FieldElement::from_bytes(&(*encoded.x()?).into())?;
            let y = FieldElement::from_bytes(&(*encoded.y()?).into())?;
            Some(Affine { x, y })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use k256::Scalar;

    fn affine(p: &ProjectivePoint) -> Affine {
        normalize_batch(&[*p])[0].unwrap()
    }

    /// Every case of the group law against `k256`'s complete formulas: generic sums, doubling
    /// through the addition formulas (P + P), opposite points (P + (-P)), and infinity.
    #[test]
    fn group_law_matches_k256() {
        let g = ProjectivePoint::GENERATOR;
        let mut p = g;
        for k in 1..40u64 {
            let q = g * Scalar::from(k * 7 + 3);
            let (pj, qa) = (Jacobian::from_affine(&affine(&p)), affine(&q));
            assert_eq!(pj.add_affine(&qa).to_projective(), p + q);
            assert_eq!(pj.add(&Jacobian::from_affine(&qa)).to_projective(), p + q);
            assert_eq!(pj.double().to_projective(), p.double());
            // Non-trivial Z on both sides.
            let p2 = pj.double();
            let q2 = Jacobian::from_affine(&qa).double();
            assert_eq!(p2.add(&q2).to_projective(), p.double() + q.double());
            assert_eq!(p2.add_affine(&qa).to_projective(), p.double() + q);
            // Exceptional cases.
            let pa = affine(&p);
            assert_eq!(pj.add_affine(&pa).to_projective(), p.double());
            assert_eq!(p2.add(&p2).to_projective(), p.double().double());
            assert!(pj.add_affine(&pa.neg()).is_infinity());
            assert!(
                p2.add(&Jacobian::from_affine(&pa).double()).to_projective() == p.double().double()
            );
            assert_eq!(Jacobian::INFINITY.add_affine(&pa).to_projective(), p);
            assert_eq!(Jacobian::INFINITY.add(&p2).to_projective(), p.double());
            assert_eq!(p2.add(&Jacobian::INFINITY).to_projective(), p.double());
            assert!(Jacobian::INFINITY.double().is_infinity());
            p += q;
        }
    }
}
