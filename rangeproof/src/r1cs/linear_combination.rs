//! Variables and linear combinations of them: the language constraints are written in.

use core::ops::{Add, Mul, Neg, Sub};

/// A variable of a constraint system.
///
/// Multiplier variables are the wires of the \\(n\\) multiplication gates
/// \\(a_{L,i} \cdot a_{R,i} = a_{O,i}\\) (the vectors \\(\mathbf a_L, \mathbf a_R, \mathbf a_O\\)
/// of the paper's §5.1); committed variables are the values \\(v_j\\) inside the Pedersen
/// commitments \\(V_j\\); [`Variable::One`] is the constant 1, so that a linear combination can
/// carry a constant term.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Variable {
    /// The value committed in the `j`-th commitment.
    Committed(usize),
    /// The left input of the `i`-th multiplier.
    MultiplierLeft(usize),
    /// The right input of the `i`-th multiplier.
    MultiplierRight(usize),
    /// The output of the `i`-th multiplier.
    MultiplierOutput(usize),
    /// The constant 1.
    One,
}

/// What a coefficient must support: the scalar field of a group (`G::Scalar`).
pub trait Coefficient:
    Copy + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> + Neg<Output = Self> + From<u64>
{
}

impl<S> Coefficient for S where
    S: Copy + Add<Output = S> + Sub<Output = S> + Mul<Output = S> + Neg<Output = S> + From<u64>
{
}

/// \\(\sum_k c_k x_k\\) over variables \\(x_k\\) (terms may repeat a variable; they add up).
///
/// A constraint is a linear combination required to be zero. Build them with `+`, `-`, unary
/// `-`, `* scalar`, from [`Variable`]s (`LinearCombination::from(v)`) and constants
/// ([`LinearCombination::constant`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinearCombination<S> {
    pub(crate) terms: Vec<(Variable, S)>,
}

impl<S> Default for LinearCombination<S> {
    fn default() -> Self {
        LinearCombination { terms: Vec::new() }
    }
}

impl<S: Coefficient> LinearCombination<S> {
    /// The empty combination (zero).
    pub fn zero() -> Self {
        Self::default()
    }

    /// The constant `c`.
    pub fn constant(c: S) -> Self {
        LinearCombination {
            terms: vec![(Variable::One, c)],
        }
    }

    /// `coefficient · variable`.
    pub fn term(variable: Variable, coefficient: S) -> Self {
        LinearCombination {
            terms: vec![(variable, coefficient)],
        }
    }

    /// Adds `coefficient · variable` in place.
    pub fn push(&mut self, variable: Variable, coefficient: S) {
        self.terms.push((variable, coefficient));
    }

    /// The terms, in the order they were added.
    pub fn terms(&self) -> &[(Variable, S)] {
        &self.terms
    }
}

impl<S: Coefficient> From<Variable> for LinearCombination<S> {
    fn from(v: Variable) -> Self {
        Self::term(v, S::from(1))
    }
}

impl<S: Coefficient> Add for LinearCombination<S> {
    type Output = Self;
    fn add(mut self, rhs: Self) -> Self {
        self.terms.extend(rhs.terms);
        self
    }
}

impl<S: Coefficient> Sub for LinearCombination<S> {
    type Output = Self;
    fn sub(mut self, rhs: Self) -> Self {
        self.terms
            .extend(rhs.terms.into_iter().map(|(v, c)| (v, -c)));
        self
    }
}

impl<S: Coefficient> Add<Variable> for LinearCombination<S> {
    type Output = Self;
    fn add(mut self, rhs: Variable) -> Self {
        self.terms.push((rhs, S::from(1)));
        self
    }
}

impl<S: Coefficient> Sub<Variable> for LinearCombination<S> {
    type Output = Self;
    fn sub(mut self, rhs: Variable) -> Self {
        self.terms.push((rhs, -S::from(1)));
        self
    }
}

impl<S: Coefficient> Neg for LinearCombination<S> {
    type Output = Self;
    fn neg(mut self) -> Self {
        for (_, c) in &mut self.terms {
            *c = -*c;
        }
        self
    }
}

impl<S: Coefficient> Mul<S> for LinearCombination<S> {
    type Output = Self;
    fn mul(mut self, rhs: S) -> Self {
        for (_, c) in &mut self.terms {
            *c = *c * rhs;
        }
        self
    }
}

impl<S: Coefficient> core::iter::Sum for LinearCombination<S> {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::zero(), |acc, lc| acc + lc)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use curve25519_dalek::Scalar;

    #[test]
    fn operators_build_the_expected_terms() {
        let x = Variable::MultiplierLeft(0);
        let y = Variable::Committed(1);
        let lc = (LinearCombination::<Scalar>::from(x) - y
            + LinearCombination::constant(Scalar::from(3u64)))
            * Scalar::from(2u64);
        assert_eq!(
            lc.terms(),
            &[
                (x, Scalar::from(2u64)),
                (y, -Scalar::from(2u64)),
                (Variable::One, Scalar::from(6u64))
            ]
        );
        assert_eq!((-lc.clone()).terms()[0].1, -Scalar::from(2u64));
        let sum: LinearCombination<Scalar> = vec![lc.clone(), lc].into_iter().sum();
        assert_eq!(sum.terms().len(), 6);
    }
}
