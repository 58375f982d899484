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

use super::bits::limbs;
use super::glv::{endomorphism, split};
use super::jacobian::{normalize_jacobian_batch, Affine, Jacobian};
use super::straus::{odd_multiples, straus, wnaf, OddMultiples, DYNAMIC_WIDTH, STATIC_WIDTH};
use super::straus_x8::{
    double_mul_lanes, multiples_lanes, signed_digits, Lane, G_MULTIPLES, G_WIDTH, G_WINDOWS, LANES,
    P_WIDTH, P_WINDOWS,
};
use crate::sync::OnceLock;

/// Odd-multiple tables of a point and of its endomorphism image, and (where the CPU runs the
/// lockstep vector code, [`super::straus_x8`]) the multiples \(1 \ldots 16\) of both.
#[derive(Clone, Debug)]
pub(crate) struct GlvTable {
    point: OddMultiples,
    image: OddMultiples,
    all: Option<(Vec<Affine>, Vec<Affine>)>,
}

impl GlvTable {
    fn from_multiples(point: OddMultiples, all: Option<Vec<Affine>>) -> Self {
        // φ(kP) = kφ(P): the image's table is the table's image, one multiplication an entry.
        let image = point.iter().map(endomorphism).collect();
        let all = all.map(|all| {
            let image = all.iter().map(endomorphism).collect();
            (all, image)
        });
        GlvTable { point, image, all }
    }
}

/// \\(1 \ldots\\) `count` times every point, normalized with one inversion (serially: for the
/// base point's table, built once).
fn all_multiples(points: &[Affine], count: usize) -> Vec<Vec<Affine>> {
    let mut jacobian = Vec::with_capacity(points.len() * count);
    for p in points {
        let mut m = Jacobian::from_affine(p);
        jacobian.push(m);
        for _ in 1..count {
            m = m.add_affine(p);
            jacobian.push(m);
        }
    }
    // A small multiple of a point of prime order is never the identity.
    let affine: Vec<Affine> = normalize_jacobian_batch(&jacobian)
        .into_iter()
        .flatten()
        .collect();
    affine.chunks_exact(count).map(<[Affine]>::to_vec).collect()
}

/// Whether `chains` double multiplications at a time are worth the lockstep vector code (and
/// so its tables): a vector call costs the same for one lane as for sixteen, about five serial
/// double multiplications.
pub(crate) fn lockstep_pays(chains: usize) -> bool {
    chains >= MIN_VECTOR_LANES
}

/// Width-5 tables for many points, normalized with one inversion; for `lockstep` use (see
/// [`lockstep_pays`]) and with IFMA, all sixteen multiples, the odd ones among them.
pub(crate) fn tables(points: &[Affine], lockstep: bool) -> Vec<GlvTable> {
    if lockstep && super::field_x8::ifma_available() && !points.is_empty() {
        let mut out = Vec::with_capacity(points.len());
        for chunk in points.chunks(LANES) {
            let Some(multiples) = multiples_lanes(chunk) else {
                break;
            };
            out.extend(multiples.into_iter().map(|(all, image)| {
                // The width-5 odd multiples P, 3P, …, 15P are every other entry.
                let every_other = |m: &[Affine]| m.iter().step_by(2).copied().collect();
                GlvTable {
                    point: every_other(&all),
                    image: every_other(&image),
                    all: Some((all, image)),
                }
            }));
        }
        if out.len() == points.len() {
            return out;
        }
    }
    let points: Vec<Option<Affine>> = points.iter().copied().map(Some).collect();
    odd_multiples(&points, DYNAMIC_WIDTH)
        .into_iter()
        .map(|t| GlvTable::from_multiples(t.unwrap_or_default(), None))
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
        let all =
            super::field_x8::ifma_available().then(|| all_multiples(&[g], G_MULTIPLES).remove(0));
        GlvTable::from_multiples(multiples, all)
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

/// Fewest double multiplications worth a vector call. A call runs its sixteen lanes as two
/// halves of eight and skips an empty half, so up to eight lanes cost one half: about 2.6
/// serial double multiplications (measured with `surjection_profile`: three surjection proofs'
/// rings, 115 µs a proof in lanes against 128 µs serially; two, 129 µs serially, more in
/// lanes). It was six, from a model of whole calls; three also puts the last few rings of a
/// Liquid transaction's Borromean proofs in lanes (two outputs: 3.07 → 2.86 ms).
const MIN_VECTOR_LANES: usize = 3;

/// [`base_plus`] for many triples: sixteen at a time in lockstep with IFMA where the CPU has
/// it and the tables carry all sixteen multiples, serially otherwise (and for any lane the
/// vector code hands back).
pub(crate) fn base_plus_many(items: &[(&Scalar, &Scalar, &GlvTable)]) -> Vec<Jacobian> {
    let g = base_table();
    let mut out = Vec::with_capacity(items.len());
    for chunk in items.chunks(LANES) {
        let tables: Option<Vec<&(Vec<Affine>, Vec<Affine>)>> =
            chunk.iter().map(|(_, _, t)| t.all.as_ref()).collect();
        let (Some(g_all), Some(tables), true) = (&g.all, tables, lockstep_pays(chunk.len())) else {
            out.extend(chunk.iter().map(|(s, e, p)| base_plus(s, e, p)));
            continue;
        };
        let lanes: Vec<Lane<'_>> = chunk
            .iter()
            .zip(&tables)
            .map(|((s, e, _), (p_all, p_image))| Lane {
                g_digits: digit_halves::<G_WIDTH, G_WINDOWS>(s),
                p_digits: digit_halves::<P_WIDTH, P_WINDOWS>(e),
                tables: [&g_all.0, &g_all.1, p_all, p_image],
            })
            .collect();
        for ((s, e, p), sum) in chunk.iter().zip(double_mul_lanes(&lanes)) {
            out.push(sum.unwrap_or_else(|| base_plus(s, e, p)));
        }
    }
    out
}

/// The signed radix-\\(2^W\\) digits of both GLV halves of `k`.
fn digit_halves<const W: usize, const N: usize>(k: &Scalar) -> [[i16; N]; 2] {
    split(k).map(|(negative, half)| signed_digits::<W, N>(&limbs(&half), negative))
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
    use crate::group::secp256k1::straus_x8::MULTIPLES;
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
        let tables = tables(&affine, true);
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
        let t = &super::tables(&[minus_g], true)[0];
        let k: Scalar = Scalar::from(rng.gen::<u64>());
        assert_eq!(
            base_plus(&k, &k, t).to_projective(),
            ProjectivePoint::IDENTITY
        );
    }

    /// The lockstep vector path against `k256` on chunks of every size around its thresholds,
    /// with the exceptional lanes mixed in: keys equal to \\(\pm G\\) (an accumulator meeting
    /// its own table entry), sums at infinity, and zero scalars; and that the vector code ran
    /// where the CPU has it.
    #[test]
    fn many_at_once_agrees_with_k256() {
        let mut rng = StdRng::seed_from_u64(27);
        let mut points: Vec<ProjectivePoint> = (0..40)
            .map(|_| ProjectivePoint::GENERATOR * scalar(&mut rng))
            .collect();
        points[3] = ProjectivePoint::GENERATOR;
        points[7] = -ProjectivePoint::GENERATOR;
        points[11] = ProjectivePoint::GENERATOR.double();
        let affine: Vec<Affine> = normalize_batch(&points).into_iter().flatten().collect();
        let tables = tables(&affine, true);
        let mut scalars: Vec<(Scalar, Scalar)> = (0..40)
            .map(|_| (scalar(&mut rng), scalar(&mut rng)))
            .collect();
        // s G + e (-G) with s = e: infinity; s G + e G with small equal scalars: the
        // accumulator meets the table entry; zero scalars.
        scalars[7] = (Scalar::from(5u64), Scalar::from(5u64));
        scalars[3] = (Scalar::from(3u64), Scalar::from(3u64));
        scalars[11] = (Scalar::from(2u64), Scalar::ONE);
        scalars[12].0 = Scalar::ZERO;
        scalars[13].1 = Scalar::ZERO;
        scalars[14] = (Scalar::ZERO, Scalar::ZERO);
        let before = crate::group::secp256k1::field_x8::tests::vector_calls();
        // Each side of the vector threshold (MIN_VECTOR_LANES), whole and in a last chunk.
        for len in [1usize, 2, 3, 5, 6, 16, 17, 18, 19, 40] {
            let items: Vec<(&Scalar, &Scalar, &GlvTable)> = scalars[..len]
                .iter()
                .zip(&tables)
                .map(|((s, e), t)| (s, e, t))
                .collect();
            let sums = base_plus_many(&items);
            assert_eq!(sums.len(), len);
            for (i, sum) in sums.iter().enumerate() {
                let (s, e) = scalars[i];
                let expected = ProjectivePoint::GENERATOR * s + points[i] * e;
                assert_eq!(sum.to_projective(), expected, "item {i} of {len}");
            }
        }
        if crate::group::secp256k1::field_x8::ifma_available() {
            assert!(crate::group::secp256k1::field_x8::tests::vector_calls() > before);
        } else {
            eprintln!("double_mul: this CPU has no AVX-512 IFMA; only the serial path was tested");
        }
    }

    /// Every table entry is the multiple it stands for (the vector builder where the CPU has
    /// IFMA, over lengths that leave partial lane groups), its image that multiple of
    /// \\(\phi(P) = \lambda P\\).
    #[test]
    fn tables_hold_the_multiples() {
        let mut rng = StdRng::seed_from_u64(5);
        let lambda = super::super::glv::lambda();
        for len in [1usize, 9, 16, 21] {
            let points: Vec<ProjectivePoint> = (0..len)
                .map(|_| ProjectivePoint::GENERATOR * scalar(&mut rng))
                .collect();
            let affine: Vec<Affine> = normalize_batch(&points).into_iter().flatten().collect();
            // Tables for serial use only carry the odd multiples.
            assert!(tables(&affine, false).iter().all(|t| t.all.is_none()));
            for (p, t) in points.iter().zip(tables(&affine, true)) {
                let point = |a: &Affine| Jacobian::from_affine(a).to_projective();
                for (k, entry) in t.point.iter().enumerate() {
                    assert_eq!(point(entry), *p * Scalar::from(2 * k as u64 + 1));
                }
                for (k, entry) in t.image.iter().enumerate() {
                    assert_eq!(point(entry), *p * (Scalar::from(2 * k as u64 + 1) * lambda));
                }
                if let Some((all, image)) = &t.all {
                    assert_eq!(all.len(), MULTIPLES);
                    for (k, (entry, image)) in all.iter().zip(image).enumerate() {
                        assert_eq!(point(entry), *p * Scalar::from(k as u64 + 1));
                        assert_eq!(point(image), *p * (Scalar::from(k as u64 + 1) * lambda));
                    }
                } else {
                    assert!(!crate::group::secp256k1::field_x8::ifma_available());
                }
            }
        }
    }
}
