//! Variable-time Straus (interleaved) multiscalar multiplication with width-\\(w\\)
//! non-adjacent forms, over tables of odd multiples in affine form.
//!
//! Each scalar is recoded into a wNAF: digits that are zero or odd with \\(|d| < 2^{w-1}\\), at
//! least \\(w\\) positions apart, so about \\(256/(w+1)\\) of the 257 positions are non-zero. One
//! accumulator is doubled 256 times, and at each position every point with a non-zero digit
//! adds \\(\pm |d| P\\) from its table of odd multiples \\(P, 3P, \ldots, (2^{w-1}-1)P\\) (negation
//! is free in affine form). Fixed generators keep wide tables (\\(w = 8\\): 64 multiples, 4 KiB
//! per point, built once), so each costs about 28 mixed additions per multiplication; points
//! that arrive with the call get narrow ones (\\(w = 5\\)), built and normalized with one shared
//! inversion. Against Pippenger (see [`super::msm`]) this wins for small and medium point
//! counts, and always for fixed points used many times (the prover's inner-product rounds).

use k256::Scalar;

use super::bits::{bits_at, limbs};
use super::jacobian::{normalize_jacobian_batch, Affine, Jacobian};

/// Window width of fixed points' tables.
pub(crate) const STATIC_WIDTH: usize = 8;
/// Window width of the tables built per call.
pub(crate) const DYNAMIC_WIDTH: usize = 5;

/// Digit positions: 256 bits plus a final carry.
const POSITIONS: usize = 257;

/// The odd multiples \\(P, 3P, \ldots, (2^{w-1} - 1)P\\) of a point, in affine form.
pub(crate) type OddMultiples = Vec<Affine>;

/// Odd-multiple tables of width `w` for many points, normalized with one inversion
/// (`None` for an identity point).
pub(crate) fn odd_multiples(points: &[Option<Affine>], w: usize) -> Vec<Option<OddMultiples>> {
    let per = 1usize << (w - 2);
    let mut all = Vec::with_capacity(points.len() * per);
    for p in points {
        match p {
            None => all.extend(core::iter::repeat_n(Jacobian::INFINITY, per)),
            Some(p) => {
                let twice = Jacobian::from_affine(p).double();
                let mut m = Jacobian::from_affine(p);
                all.push(m);
                for _ in 1..per {
                    m = m.add(&twice);
                    all.push(m);
                }
            }
        }
    }
    let affine = normalize_jacobian_batch(&all);
    points
        .iter()
        .enumerate()
        .map(|(i, p)| {
            p.as_ref()?;
            affine[i * per..(i + 1) * per].iter().copied().collect()
        })
        .collect()
}

/// The width-`w` non-adjacent form: `digits[i]` is the digit of \\(2^i\\).
pub(crate) fn wnaf(s: &Scalar, w: usize) -> [i8; POSITIONS] {
    let limbs = limbs(s);
    let mut digits = [0i8; POSITIONS];
    let width = 1u64 << w;
    let mut carry = 0u64;
    let mut pos = 0;
    while pos < POSITIONS {
        let win = bits_at(&limbs, pos, w) + carry;
        if win & 1 == 0 {
            // Digit 0 here; a pending carry (bit 1 + carry 1) moves on to the next position.
            pos += 1;
            continue;
        }
        if win < width / 2 {
            carry = 0;
            digits[pos] = win as i8;
        } else {
            carry = 1;
            digits[pos] = (win as i64 - width as i64) as i8;
        }
        pos += w;
    }
    digits
}

/// \\(\sum_i d_i \cdot P_i\\) for recoded scalars and their tables.
pub(crate) fn straus(terms: &[(&[i8; POSITIONS], &OddMultiples)]) -> Jacobian {
    let top = terms
        .iter()
        .filter_map(|(d, _)| d.iter().rposition(|x| *x != 0))
        .max();
    let Some(top) = top else {
        return Jacobian::INFINITY;
    };
    let mut acc = Jacobian::INFINITY;
    for i in (0..=top).rev() {
        acc = acc.double();
        for (digits, table) in terms {
            let d = digits[i];
            if d > 0 {
                acc = acc.add_affine(&table[(d as usize) / 2]);
            } else if d < 0 {
                acc = acc.add_affine(&table[(-d as usize) / 2].neg());
            }
        }
    }
    acc
}
