//! Test helpers for gadgets: satisfaction checks without proofs, and full round trips.

use merlin::Transcript;

use crate::group::Ristretto255;
use crate::r1cs::{generators, Prover, R1csConvention, R1csError};

/// The prover the gadget tests build circuits with.
pub(crate) type TestProver = Prover<'static, Ristretto255, Transcript>;

/// Whether `build` succeeds and its assignment satisfies every constraint.
pub(crate) fn satisfied(build: impl FnOnce(&mut TestProver) -> Result<(), R1csError>) -> bool {
    let mut prover = Prover::new(
        generators::dalek(),
        R1csConvention::Bound,
        Transcript::new(b"gadget test"),
    );
    build(&mut prover).is_ok() && prover.unsatisfied_constraint().is_none()
}

/// Commits `values` (with fixed blindings), builds the circuit with `body` on the prover
/// (`values` is `Some`) and on the verifier (`None`), proves and verifies; panics on failure.
/// The body sees `cs`, the committed variables and `Option<&[u64]>`.
macro_rules! round_trip {
    ($values:expr, |$cs:ident, $vars:ident, $known:ident| $body:block) => {{
        use curve25519_dalek::Scalar as S;
        use merlin::Transcript as Tr;
        use $crate::r1cs::{generators as gens, Prover as P, R1csConvention as F, Verifier as V};
        let values: &[u64] = $values;
        let mut prover = P::new(gens::dalek(), F::Bound, Tr::new(b"gadget round trip"));
        let mut commitments = Vec::new();
        let mut vars = Vec::new();
        for (i, v) in values.iter().enumerate() {
            let (c, var) = prover.commit(S::from(*v), S::from(1000 + i as u64));
            commitments.push(c);
            vars.push(var);
        }
        {
            let $cs = &mut prover;
            let $vars = &vars[..];
            let $known: Option<&[u64]> = Some(values);
            #[allow(clippy::redundant_closure_call)]
            let result: Result<(), $crate::r1cs::R1csError> = (|| $body)();
            result.expect("the prover builds the circuit");
        }
        let proof = prover.prove().expect("a satisfied circuit proves");
        let mut verifier = V::new(gens::dalek(), F::Bound, Tr::new(b"gadget round trip"));
        let vars: Vec<_> = commitments
            .iter()
            .map(|c| verifier.commit(c).unwrap())
            .collect();
        {
            let $cs = &mut verifier;
            let $vars = &vars[..];
            let $known: Option<&[u64]> = None;
            #[allow(clippy::redundant_closure_call)]
            let result: Result<(), $crate::r1cs::R1csError> = (|| $body)();
            result.expect("the verifier builds the circuit");
        }
        verifier.verify(&proof).expect("the proof verifies");
        proof
    }};
}
pub(crate) use round_trip;
