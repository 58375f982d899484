//! Range: a linear combination (a committed value, typically) lies in \\([0, 2^n)\\).
//!
//! The value is decomposed into \\(n\\) bits \\(b_i\\), each constrained boolean by its own
//! multiplier (\\(b_i \cdot (1 - b_i) = 0\\), as left and right wires \\(b_i\\) and
//! \\(1 - b_i\\)), and \\(v - \sum_i 2^i b_i = 0\\). \\(n\\) multipliers, \\(2n + 1\\) constraints.

use crate::group::Group;
use crate::r1cs::{ConstraintSystem, Lc, R1csError};

/// Constrains `v` to \\([0, 2^n)\\), \\(1 \le n \le 64\\); `value` is `v`'s value (prover).
/// Fails on the prover if the value does not fit.
pub fn range_proof<G: Group, CS: ConstraintSystem<G> + ?Sized>(
    cs: &mut CS,
    v: Lc<G>,
    value: Option<u64>,
    n: usize,
) -> Result<(), R1csError> {
    if !(1..=64).contains(&n) {
        return Err(R1csError::Gadget(
            "range: bit size must be between 1 and 64",
        ));
    }
    if let Some(x) = value {
        if n < 64 && x >> n != 0 {
            return Err(R1csError::Gadget("range: the value does not fit in n bits"));
        }
    }
    let mut sum = Lc::<G>::zero();
    let mut power = G::one();
    for i in 0..n {
        let bit = value.map(|x| G::Scalar::from((x >> i) & 1));
        let (l, r, o) = cs.allocate_multiplier(bit.map(|b| (b, G::one() - b)))?;
        cs.constrain(o.into());
        cs.constrain(Lc::<G>::from(l) + r - Lc::<G>::constant(G::one()));
        sum.push(l, power);
        power = power + power;
    }
    cs.constrain(v - sum);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r1cs::gadgets::test_support::{round_trip, satisfied};
    use crate::Ristretto255;
    use curve25519_dalek::Scalar;
    use proptest::prelude::*;

    fn fits(v: Scalar, claimed: u64, n: usize) -> bool {
        satisfied(|cs| {
            let (_, x) = cs.commit(v, Scalar::ONE);
            range_proof::<Ristretto255, _>(cs, x.into(), Some(claimed), n)
        })
    }

    #[test]
    fn edges_and_out_of_range() {
        for n in [1usize, 8, 32, 64] {
            let max = if n == 64 { u64::MAX } else { (1 << n) - 1 };
            assert!(fits(Scalar::from(0u64), 0, n));
            assert!(fits(Scalar::from(max), max, n));
            if n < 64 {
                assert!(!fits(Scalar::from(max + 1), max + 1, n));
            }
        }
        // A claimed value that is not the committed one leaves the last constraint unsatisfied.
        assert!(!fits(Scalar::from(5u64), 4, 8));
        // -1 is 2^253-ish: no 64-bit claim opens it.
        assert!(!fits(-Scalar::ONE, u64::MAX, 64));
        assert!(!satisfied(|cs| range_proof::<Ristretto255, _>(
            cs,
            Lc::<Ristretto255>::zero(),
            Some(0),
            0
        )));
        round_trip!(&[0, 255, 1 << 40], |cs, vars, values| {
            range_proof(cs, vars[0].into(), values.map(|v| v[0]), 8)?;
            range_proof(cs, vars[1].into(), values.map(|v| v[1]), 8)?;
            range_proof(cs, vars[2].into(), values.map(|v| v[2]), 64)
        });
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn random_values_fit_exactly_their_width(v in any::<u64>(), n in 1usize..64) {
            prop_assert_eq!(fits(Scalar::from(v), v, n), v >> n == 0);
        }
    }
}
