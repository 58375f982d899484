//! A slow, straightforward verifier written from the paper's equations, for tests (and the
//! fuzz targets, with the `internals` feature) only: it
//! shares nothing with [`crate::bulletproofs_pp::verify`] but the convention (transcript and encodings, which
//! define the proof). It forms the norm argument's commitment \\(C\\) as a point, folds the
//! generators, \\(\mathbf c\\) and \\(C\\) round by round as Protocol 1 does, and checks the
//! last relation \\(C_f = (|\mathbf n|^2_{\mu_f} + \langle \mathbf c_f, \mathbf l\rangle) A +
//! \langle \mathbf n, \mathbf G_f\rangle + \langle \mathbf l, \mathbf H_f\rangle\\) directly.

use alloc::{vec, vec::Vec};

use super::{Convention, Statement, H_LEN};
use crate::group::{Encoding, Group};

type Scalar<C> = <<C as Convention>::Group as Group>::Scalar;
type Point<C> = <<C as Convention>::Group as Group>::Point;

fn pow<C: Convention>(x: Scalar<C>, e: usize) -> Scalar<C> {
    let mut out = Scalar::<C>::from(1u64);
    for _ in 0..e {
        out *= x;
    }
    out
}

fn sum_points<C: Convention>(terms: &[(Scalar<C>, Point<C>)]) -> Point<C> {
    let mut acc = <C::Group as Group>::identity();
    for (s, p) in terms {
        acc += *p * *s;
    }
    acc
}

/// Whether `proof` is valid for `statement`, checked the slow way.
pub fn verify<C: Convention>(statement: &Statement<'_, C>, proof: &[u8]) -> bool {
    type G<C> = <C as Convention>::Group;
    let shape = statement.shape;
    if statement.commitments.len() != shape.values() || !statement.generators.serves(shape.g_len())
    {
        return false;
    }
    let minimums: Vec<u64> = (0..shape.values())
        .map(|j| statement.minimums.get(j).copied().unwrap_or(0))
        .collect();
    let mut t = C::start(&statement.public_inputs(&minimums));
    let pl = C::POINT_LEN;
    if proof.len() < 4 * pl {
        return false;
    }
    let points: Vec<_> = (0..4)
        .map(|i| C::decode_point(&proof[i * pl..(i + 1) * pl]))
        .collect();
    let [Ok(m_pt), Ok(d_pt), Ok(r_pt), Ok(s_pt)] = [points[0], points[1], points[2], points[3]]
    else {
        return false;
    };
    C::absorb(&mut t, b"MD", &proof[..2 * pl]);
    let alpha = C::challenge(&mut t, b"alpha", 0);
    C::absorb(&mut t, b"R", &proof[2 * pl..3 * pl]);
    let mut two = [<C::Group as Group>::zero(); 5];
    C::challenges(&mut t, b"rho x beta delta lambda", &mut two);
    let [rho, x, beta, delta, lambda] = two;
    C::absorb(&mut t, b"S", &proof[3 * pl..4 * pl]);
    let tt = C::challenge(&mut t, b"t", 0);
    let zero = <G<C>>::zero();
    if [alpha, rho, x, beta, delta, lambda, tt].contains(&zero) {
        return false;
    }
    let mu = rho * rho;
    let t_inv = <G<C>>::invert(&tt);
    let b = shape.base();
    let k = shape.digits_per_value();
    let digits = shape.digits();
    let g_len = shape.g_len();

    // The public vector p(T) and scalar v(T), digit by digit, straight from the formulas.
    let mut p = Vec::with_capacity(g_len);
    let mut v_pub = zero;
    for i in 0..g_len {
        let mu_inv_i = <G<C>>::invert(&pow::<C>(mu, i + 1));
        let mut pi = zero;
        if i < digits {
            let (j, digit) = (i / k, i % k);
            let weight = pow::<C>(lambda, j) * pow::<C>(Scalar::<C>::from(b as u64), digit);
            pi += tt * (alpha - x * delta * mu_inv_i) + tt * tt * weight * mu_inv_i;
            v_pub += pow::<C>(mu, i + 1) + weight * (alpha - x * delta * mu_inv_i);
        }
        if i < b {
            let c_m = x * <G<C>>::invert(&(alpha + Scalar::<C>::from(i as u64))) * mu_inv_i;
            pi += pow::<C>(tt, 3) * c_m;
        }
        p.push(pi);
    }
    for (j, min) in minimums.iter().enumerate() {
        v_pub -= pow::<C>(lambda, j) * Scalar::<C>::from(*min);
    }
    let two_t3 = Scalar::<C>::from(2u64) * pow::<C>(tt, 3);
    v_pub *= two_t3;

    let gens = statement.generators;
    let mut c_terms = vec![
        (t_inv, s_pt),
        (delta, m_pt),
        (tt, d_pt),
        (tt * tt, r_pt),
        (v_pub, gens.value_base()),
    ];
    for (j, v) in statement.commitments.iter().enumerate() {
        let Ok(v) = v.point() else {
            return false;
        };
        c_terms.push((two_t3 * pow::<C>(lambda, j), v));
    }
    for (pi, gi) in p.iter().zip(gens.g()) {
        c_terms.push((*pi, *gi));
    }
    let mut commitment = sum_points::<C>(&c_terms);

    // Protocol 1, folding explicitly.
    let mut c: Vec<Scalar<C>> = vec![
        beta * t_inv,
        beta * tt,
        beta * pow::<C>(tt, 2),
        beta * pow::<C>(tt, 3),
        beta * pow::<C>(tt, 5),
        beta * pow::<C>(tt, 6),
        beta * pow::<C>(tt, 7),
        zero,
    ];
    let mut g_vec = gens.g()[..g_len].to_vec();
    let mut h_vec = gens.h()[..H_LEN].to_vec();
    let (mut r, mut m) = (rho, mu);
    let mut rest = &proof[4 * pl..];
    while g_vec.len() + h_vec.len() > C::FINAL_LEN && (g_vec.len() > 1 || h_vec.len() > 1) {
        if rest.len() < C::ROUND_LEN {
            return false;
        }
        let Ok((x_pt, r_pt)) = C::decode_round(&rest[..C::ROUND_LEN]) else {
            return false;
        };
        C::absorb(&mut t, b"norm-round", &rest[..C::ROUND_LEN]);
        rest = &rest[C::ROUND_LEN..];
        let gamma = C::challenge(&mut t, b"gamma", 0);
        commitment = commitment + x_pt * gamma + r_pt * (gamma * gamma - Scalar::<C>::from(1u64));
        if g_vec.len() > 1 {
            g_vec = g_vec
                .chunks(2)
                .map(|pair| pair[0] * r + pair[1] * gamma)
                .collect();
        }
        if h_vec.len() > 1 {
            h_vec = h_vec
                .chunks(2)
                .map(|pair| pair[0] + pair[1] * gamma)
                .collect();
            c = c.chunks(2).map(|pair| pair[0] + pair[1] * gamma).collect();
        }
        // rho and mu advance every round; only the rounds that halve G use them.
        r = m;
        m = m * m;
    }
    let scalar_len = <<G<C> as Group>::ScalarEncoding as Encoding>::LEN;
    if rest.len() != (g_vec.len() + h_vec.len()) * scalar_len {
        return false;
    }
    let mut finals = Vec::new();
    for chunk in rest.chunks(scalar_len) {
        let Ok(encoding) = <G<C> as Group>::ScalarEncoding::try_from(chunk) else {
            return false;
        };
        let Some(s) = <G<C>>::scalar_from_canonical_bytes(&encoding) else {
            return false;
        };
        finals.push(s);
    }
    let (n, l) = finals.split_at(g_vec.len());
    // The weight of n: mu as it stood when G stopped halving.
    let halvings = (g_len / g_vec.len()).trailing_zeros() as usize;
    let mu_final = pow::<C>(rho, 1usize << (halvings + 1));
    let mut v = zero;
    for (i, ni) in n.iter().enumerate() {
        v += pow::<C>(mu_final, i + 1) * *ni * *ni;
    }
    for (ci, li) in c.iter().zip(l) {
        v += *ci * *li;
    }
    let mut rhs = vec![(v, gens.value_base())];
    rhs.extend(n.iter().copied().zip(g_vec.iter().copied()));
    rhs.extend(l.iter().copied().zip(h_vec.iter().copied()));
    commitment == sum_points::<C>(&rhs)
}
