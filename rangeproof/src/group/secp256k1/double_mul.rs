//! \\(s \cdot G + e \cdot P\\) for many independent triples at once, variable-time: the step of
//! a Borromean ring signature (libsecp256k1's `secp256k1_ecmult` with one point), which the
//! ring verifiers run for every ring of every proof in lockstep.
//!
//! Both scalars are split with the GLV endomorphism (\\(k = k_1 + k_2\lambda\\), halves below
//! \\(2^{128}\\)), so one Straus pass of about 129 doublings serves four half-size terms:
//! \\(G\\) and \\(\phi(G)\\) from width-8 tables built once for the process, \\(P\\) and
//! \\(\phi(P)\\) from width-5 tables built per point (and for many points with one shared
//! inversion, [`tables`]). Results stay Jacobian so that a caller normalizes a whole step's
//! points with one inversion ([`super::jacobian::normalize_jacobian_batch`]).

use k256::Scalar;

use super::glv::{endomorphism, split};
use super::jacobian::{Affine, Jacobian};
use super::straus::{odd_multiples, straus, wnaf, OddMultiples, DYNAMIC_WIDTH, STATIC_WIDTH};
use crate::sync::OnceLock;

/// Odd-multiple tables of a point and of its endomorphism image.
#[derive(Clone, Debug)]
pub(crate) struct GlvTable {
    point: OddMultiples,
    image: OddMultiples,
}

impl GlvTable {
    fn from_multiples(point: OddMultiples) -> Self {
        // φ(kP) = kφ(P): the image's table is the table's image, one multiplication an entry.
        let image = point.iter().map(endomorphism).collect();
        GlvTable { point, image }
    }
}

/// Width-5 tables for many points, normalized with one inversion.
pub(crate) fn tables(points: &[Affine]) -> Vec<GlvTable> {
    let points: Vec<Option<Affine>> = points.iter().copied().map(Some).collect();
    odd_multiples(&points, DYNAMIC_WIDTH)
        .into_iter()
        .map(|t| GlvTable::from_multiples(t.unwrap_or_default()))
        .collect()
}

/// The width-8 tables of the base point \\(G\\), built on first use.
fn base_table() -> &'static GlvTable {
    static TABLE: OnceLock<GlvTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let g = super::jacobian::normalize_batch(&[k256::ProjectivePoint::GENERATOR])[0]
            .expect("G is not the identity");
        let multiples = odd_multiples(&[Some(g)], STATIC_WIDTH)
            .pop()
            .flatten()
            .expect("G is not the identity");
        GlvTable::from_multiples(multiples)
    })
}

/// The signed digits of both GLV halves of `k`.
fn halves(k: &Scalar, w: usize) -> [[i8; 257]; 2] {
    split(k).map(|(negative, half)| {
        let mut digits = wnaf(&half, w);
        if negative {
            digits.iter_mut().for_each(|d| *d = -*d);
        }
        digits
    })
}

/// \\(s \cdot G + e \cdot P\\) for the point whose tables are `p`.
pub(crate) fn base_plus(s: &Scalar, e: &Scalar, p: &GlvTable) -> Jacobian {
    let g = base_table();
    let [s1, s2] = halves(s, STATIC_WIDTH);
    let [e1, e2] = halves(e, DYNAMIC_WIDTH);
    straus(&[
        (&s1, &g.point),
        (&s2, &g.image),
        (&e1, &p.point),
        (&e2, &p.image),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::secp256k1::jacobian::normalize_batch;
    use k256::ProjectivePoint;
    use rand::{rngs::StdRng, Rng, SeedableRng};

    fn scalar(rng: &mut StdRng) -> Scalar {
        use k256::elliptic_curve::Field;
        Scalar::random(rng)
    }

    #[test]
    fn agrees_with_k256_on_random_and_edge_scalars() {
        let mut rng = StdRng::seed_from_u64(7);
        let points: Vec<ProjectivePoint> = (0..6)
            .map(|_| ProjectivePoint::GENERATOR * scalar(&mut rng))
            .collect();
        let affine: Vec<Affine> = normalize_batch(&points).into_iter().flatten().collect();
        let tables = tables(&affine);
        let edges = [Scalar::ZERO, Scalar::ONE, -Scalar::ONE, Scalar::from(2u64)];
        for (i, (p, t)) in points.iter().zip(&tables).enumerate() {
            for round in 0..8 {
                let (s, e) = match round {
                    0..=3 => (edges[round], edges[(round + i) % 4]),
                    _ => (scalar(&mut rng), scalar(&mut rng)),
                };
                let expected = ProjectivePoint::GENERATOR * s + *p * e;
                assert_eq!(base_plus(&s, &e, t).to_projective(), expected);
            }
        }
        // P = -G with s = e: the sum is the identity.
        let minus_g = normalize_batch(&[-ProjectivePoint::GENERATOR])[0].unwrap();
        let t = &super::tables(&[minus_g])[0];
        let k: Scalar = Scalar::from(rng.gen::<u64>());
        assert_eq!(
            base_plus(&k, &k, t).to_projective(),
            ProjectivePoint::IDENTITY
        );
    }
}
