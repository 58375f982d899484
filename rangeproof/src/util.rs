//! Small scalar-vector helpers shared by the proof systems.

use alloc::vec::Vec;
use core::ops::{Add, Mul};

use crate::group::{Group, ScaleSlice};

/// \\( 1, x, x^2, \ldots \\) (an endless iterator; `take` what you need).
pub(crate) fn powers<G: Group>(x: G::Scalar) -> impl Iterator<Item = G::Scalar> {
    core::iter::successors(Some(G::one()), move |p| Some(*p * x))
}

/// \\( \sum_{i<n} x^i \\) for `n` a power of two, in \\(2\log_2 n\\) multiplications:
/// \\( \sum_{i<2k} x^i = (1 + x^k) \sum_{i<k} x^i \\).
pub(crate) fn sum_of_powers<T>(x: T, n: usize) -> T
where
    T: Copy + Add<Output = T> + Mul<Output = T> + From<u64>,
{
    debug_assert!(n.is_power_of_two() || n == 0);
    if n == 0 {
        return T::from(0);
    }
    let mut sum = T::from(1);
    let mut x_k = x;
    let mut k = 1;
    while k < n {
        sum = sum + sum * x_k;
        x_k = x_k * x_k;
        k *= 2;
    }
    sum
}

/// \\( 1, t, t^2, \ldots, t^{n-1} \\) for `n` a power of two, as a product tree over
/// \\(t^{2^j}\\) (vector scalings, see [`ScaleSlice`]).
pub(crate) fn powers_by_tree<T: ScaleSlice + From<u64>>(t: T, n: usize) -> Vec<T> {
    let mut factors = Vec::with_capacity(n.trailing_zeros() as usize);
    let mut factor = t;
    for _ in 0..n.trailing_zeros() {
        factors.push(factor);
        factor = factor * factor;
    }
    let mut out = Vec::new();
    product_tree(T::from(1), &factors, &mut out);
    out
}

/// \\( \langle \mathbf a, \mathbf b \rangle \\).
pub(crate) fn inner_product<G: Group>(a: &[G::Scalar], b: &[G::Scalar]) -> G::Scalar {
    debug_assert_eq!(a.len(), b.len());
    a.iter().zip(b).fold(G::zero(), |acc, (x, y)| acc + *x * *y)
}

/// Fills `out` with \\(x_i\\), \\(i < 2^k\\), where \\(x_0\\) = `start` and setting bit \\(t\\) of
/// the index multiplies by `bit_factors[t]`:
/// \\(x_i = x_{i - 2^t} \cdot f_t\\) for \\(2^t\\) the highest bit of \\(i\\). One multiplication
/// per element.
///
/// With \\(x_0 = \prod_j u_j^{-1}\\) and \\(f_t = u_{k-t}^2\\) this is the paper's
/// \\(s_i = \prod_j u_j^{b(i,j)}\\); the verifiers fold their per-index weights into `start`
/// and the factors so that whole scalar vectors cost one multiplication per entry.
pub(crate) fn product_tree<T: ScaleSlice>(start: T, bit_factors: &[T], out: &mut Vec<T>) {
    let n = 1usize << bit_factors.len();
    out.clear();
    out.reserve(n);
    out.push(start);
    for (t, factor) in bit_factors.iter().enumerate() {
        // Entries with bit t set are those without it, times the factor: one vector scaling.
        let k = 1usize << t;
        out.resize(2 * k, start);
        let (without, with) = out.split_at_mut(k);
        T::scale_into(without, *factor, with);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::Ristretto255;
    use curve25519_dalek::Scalar;

    #[test]
    fn powers_by_tree_match_naive() {
        let x = Scalar::from(7u64);
        for n in [1usize, 2, 8, 64] {
            let naive: Vec<Scalar> = powers::<Ristretto255>(x).take(n).collect();
            assert_eq!(powers_by_tree(x, n), naive, "n = {n}");
        }
    }

    #[test]
    fn sum_of_powers_matches_naive() {
        let x = Scalar::from(7u64);
        for n in [0usize, 1, 2, 4, 8, 64, 256] {
            let naive = powers::<Ristretto255>(x)
                .take(n)
                .fold(Scalar::ZERO, |a, b| a + b);
            assert_eq!(sum_of_powers(x, n), naive, "n = {n}");
        }
    }

    /// The recurrence against the definition s_i = prod_j u_j^{±1} (bit k-j of i).
    #[test]
    fn product_tree_matches_definition() {
        let u: Vec<Scalar> = (0..5u64).map(|i| Scalar::from(3 + 2 * i)).collect();
        let k = u.len();
        let start = u.iter().map(Scalar::invert).product::<Scalar>();
        let factors: Vec<Scalar> = (0..k).map(|t| u[k - 1 - t] * u[k - 1 - t]).collect();
        let mut s = Vec::new();
        product_tree(start, &factors, &mut s);
        assert_eq!(s.len(), 1 << k);
        for (i, s_i) in s.iter().enumerate() {
            let expected: Scalar = (0..k)
                .map(|j| {
                    if (i >> (k - 1 - j)) & 1 == 1 {
                        u[j]
                    } else {
                        u[j].invert()
                    }
                })
                .product();
            assert_eq!(*s_i, expected, "i = {i}");
        }
    }
}
