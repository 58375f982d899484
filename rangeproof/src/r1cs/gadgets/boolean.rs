//! Bits: a variable constrained to \\(\{0, 1\}\\) by one multiplier, \\(b \cdot (1 - b) = 0\\).

use crate::group::Group;
use crate::r1cs::{ConstraintSystem, Lc, R1csError, Variable};

/// Allocates a bit with value `value` (prover) and constrains it boolean: one multiplier
/// \\(b \cdot b = b\\). Returns the bit's variable.
pub fn allocate_bit<G: Group, CS: ConstraintSystem<G> + ?Sized>(
    cs: &mut CS,
    value: Option<bool>,
) -> Result<Variable, R1csError> {
    let v = value.map(|b| G::Scalar::from(b as u64));
    let (l, r, o) = cs.allocate_multiplier(v.map(|v| (v, v)))?;
    cs.constrain(Lc::<G>::from(l) - r);
    cs.constrain(Lc::<G>::from(o) - l);
    Ok(l)
}

/// Constrains an existing combination to be boolean: one multiplier
/// \\(x \cdot (1 - x) = 0\\).
pub fn constrain_boolean<G: Group, CS: ConstraintSystem<G> + ?Sized>(cs: &mut CS, x: Lc<G>) {
    let one_minus = Lc::<G>::constant(G::one()) - x.clone();
    let (_, _, o) = cs.multiply(x, one_minus);
    cs.constrain(o.into());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r1cs::gadgets::test_support::{round_trip, satisfied};
    use curve25519_dalek::Scalar;

    #[test]
    fn bits_are_zero_or_one() {
        for b in [false, true] {
            assert!(satisfied(|cs| allocate_bit(cs, Some(b)).map(|_| ())));
        }
        // A committed 2 is not boolean; committed 0 and 1 are.
        for (v, ok) in [(0u64, true), (1, true), (2, false), (u64::MAX, false)] {
            let check = satisfied(|cs| {
                let (_, x) = cs.commit(Scalar::from(v), Scalar::ONE);
                constrain_boolean(cs, x.into());
                Ok(())
            });
            assert_eq!(check, ok, "v = {v}");
        }
        round_trip!(&[1, 0], |cs, vars, values| {
            constrain_boolean(cs, vars[0].into());
            constrain_boolean(cs, vars[1].into());
            let b = allocate_bit(cs, values.map(|_| true))?;
            cs.constrain(Lc::<crate::Ristretto255>::from(b) - vars[0]);
            Ok(())
        });
    }
}
