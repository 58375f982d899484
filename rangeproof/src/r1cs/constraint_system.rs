//! The constraint-system interface gadgets are written against, once for prover and verifier.

use super::linear_combination::{LinearCombination, Variable};
use crate::group::Group;
use crate::ProofError;

/// A linear combination over the scalars of `G`.
pub type Lc<G> = LinearCombination<<G as Group>::Scalar>;

/// Why a circuit could not be built, proved or verified.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum R1csError {
    /// The prover allocated a variable without giving its value.
    #[error("a prover variable was allocated without an assignment")]
    MissingAssignment,
    /// The prover's assignment does not satisfy constraint number `0` (in the order added,
    /// randomized constraints last): no proof is made for a false statement.
    #[error("the assignment does not satisfy constraint {0}")]
    Unsatisfied(usize),
    /// More multipliers than the generators (or the format's limit) allow.
    #[error("the circuit needs {0} multipliers; more than supported")]
    TooManyMultipliers(usize),
    /// A gadget refused its inputs (wrong lengths, a value out of its range, …).
    #[error("gadget error: {0}")]
    Gadget(&'static str),
    /// Decoding or verification failed.
    #[error(transparent)]
    Proof(#[from] ProofError),
}

/// Sizes of a constraint system (what a circuit costs).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Metrics {
    /// Multiplication gates \\(n\\).
    pub multipliers: usize,
    /// Linear constraints \\(q\\), both phases.
    pub constraints: usize,
    /// Constraints added before the randomization challenge.
    pub phase_one_constraints: usize,
    /// Constraints added by randomized callbacks (counted once they have run; 0 before).
    pub phase_two_constraints: usize,
    /// Terms over all constraints (what flattening costs the verifier).
    pub terms: usize,
}

impl From<crate::DecodeError> for R1csError {
    fn from(e: crate::DecodeError) -> Self {
        R1csError::Proof(e.into())
    }
}

impl Metrics {
    /// The sizes of a system with `multipliers` gates and these constraints, of which the
    /// first `phase_one` (all, before the second phase has run) belong to the first phase.
    pub(crate) fn of<G: Group>(
        multipliers: usize,
        constraints: &[Lc<G>],
        phase_one: Option<usize>,
    ) -> Self {
        let phase_one = phase_one.unwrap_or(constraints.len());
        Metrics {
            multipliers,
            constraints: constraints.len(),
            phase_one_constraints: phase_one,
            phase_two_constraints: constraints.len() - phase_one,
            terms: constraints.iter().map(|lc| lc.terms.len()).sum(),
        }
    }
}

/// What a gadget may do: allocate multipliers, add linear constraints. The prover and the
/// verifier implement it alike, so a gadget is written once and builds the same constraints on
/// both sides; only the prover knows assignments (the verifier receives `None`).
pub trait ConstraintSystem<G: Group> {
    /// Allocates a multiplier with inputs `left` and `right` and constrains them to the given
    /// combinations; returns the left, right and output variables.
    fn multiply(&mut self, left: Lc<G>, right: Lc<G>) -> (Variable, Variable, Variable);

    /// Allocates one unconstrained variable (two of them share a multiplier, whose output is
    /// then their product). The prover must pass `Some(value)`.
    fn allocate(&mut self, assignment: Option<G::Scalar>) -> Result<Variable, R1csError>;

    /// Allocates a multiplier whose inputs are not constrained to anything yet.
    fn allocate_multiplier(
        &mut self,
        assignments: Option<(G::Scalar, G::Scalar)>,
    ) -> Result<(Variable, Variable, Variable), R1csError>;

    /// Requires `lc` to be zero.
    fn constrain(&mut self, lc: Lc<G>);

    /// The current sizes.
    fn metrics(&self) -> Metrics;

    /// The prover's value of `lc` (`None` on the verifier): gadgets use it to compute the
    /// assignments of the variables they allocate.
    fn evaluate(&self, lc: &Lc<G>) -> Option<G::Scalar>;
}

/// A constraint system that accepts a second phase of constraints built after a challenge.
pub trait RandomizableConstraintSystem<G: Group>: ConstraintSystem<G> {
    /// The system the second-phase callbacks see.
    type RandomizedCS: RandomizedConstraintSystem<G>;

    /// Registers `callback` to run once every first-phase variable is committed (after
    /// \\(A_{I1}, A_{O1}, S_1\\) are in the transcript); it may draw challenges.
    fn specify_randomized_constraints<F>(&mut self, callback: F) -> Result<(), R1csError>
    where
        F: 'static + FnOnce(&mut Self::RandomizedCS) -> Result<(), R1csError>;
}

/// The second phase: a constraint system that can also draw challenges.
pub trait RandomizedConstraintSystem<G: Group>: ConstraintSystem<G> {
    /// A challenge bound to every first-phase commitment. Should it be zero, the prover and
    /// the verifier refuse the proof once the second phase is built.
    fn challenge_scalar(&mut self, label: &'static [u8]) -> G::Scalar;
}

/// The domain separator of a proof whose second phase is empty.
pub(crate) const ONE_PHASE: &[u8] = b"r1cs-1phase";

/// The two phases of a prover or verifier: `$outer` defers randomized-constraint callbacks (in
/// its `deferred` list) to its second-phase wrapper `$wrapper { $field: $outer }`, where every
/// constraint-system call goes to the wrapped system and challenges come from its transcript.
macro_rules! two_phases {
    ($outer:ident, $wrapper:ident, $field:ident) => {
        impl<'g, G: Group, T: TranscriptProtocol<G>> $outer<'g, G, T> {
            /// Ends the first phase (its commitments are in the transcript) and runs the
            /// randomized-constraint callbacks, which may draw challenges.
            fn second_phase(mut self) -> Result<Self, R1csError> {
                self.pending_multiplier = None;
                self.phase_one_constraints = Some(self.constraints.len());
                if self.deferred.is_empty() {
                    self.transcript
                        .append_domain_separator($crate::r1cs::constraint_system::ONE_PHASE);
                    return Ok(self);
                }
                self.transcript.append_domain_separator(b"r1cs-2phase");
                let callbacks = core::mem::take(&mut self.deferred);
                let mut randomizing = $wrapper { $field: self };
                for callback in callbacks {
                    callback(&mut randomizing)?;
                }
                // A zero challenge voids what it randomizes: refused, as the protocol's own.
                if randomizing.$field.zero_challenge {
                    return Err(crate::ProofError::VerificationFailed.into());
                }
                Ok(randomizing.$field)
            }
        }

        impl<'g, G: Group, T: TranscriptProtocol<G> + 'g> RandomizableConstraintSystem<G>
            for $outer<'g, G, T>
        {
            type RandomizedCS = $wrapper<'g, G, T>;

            fn specify_randomized_constraints<F>(&mut self, callback: F) -> Result<(), R1csError>
            where
                F: 'static + FnOnce(&mut Self::RandomizedCS) -> Result<(), R1csError>,
            {
                self.deferred.push(Box::new(callback));
                Ok(())
            }
        }

        impl<'g, G: Group, T: TranscriptProtocol<G>> ConstraintSystem<G> for $wrapper<'g, G, T> {
            fn multiply(&mut self, left: Lc<G>, right: Lc<G>) -> (Variable, Variable, Variable) {
                self.$field.multiply(left, right)
            }

            fn allocate(&mut self, assignment: Option<G::Scalar>) -> Result<Variable, R1csError> {
                self.$field.allocate(assignment)
            }

            fn allocate_multiplier(
                &mut self,
                assignments: Option<(G::Scalar, G::Scalar)>,
            ) -> Result<(Variable, Variable, Variable), R1csError> {
                self.$field.allocate_multiplier(assignments)
            }

            fn constrain(&mut self, lc: Lc<G>) {
                self.$field.constrain(lc)
            }

            fn metrics(&self) -> Metrics {
                self.$field.metrics()
            }

            fn evaluate(&self, lc: &Lc<G>) -> Option<G::Scalar> {
                self.$field.evaluate(lc)
            }
        }

        impl<'g, G: Group, T: TranscriptProtocol<G>> RandomizedConstraintSystem<G>
            for $wrapper<'g, G, T>
        {
            fn challenge_scalar(&mut self, label: &'static [u8]) -> G::Scalar {
                let c = self.$field.transcript.challenge_scalar(label);
                // Recorded, and the phase refused once the callbacks return (the trait hands
                // gadgets a scalar, not a result).
                self.$field.zero_challenge |= c == G::zero();
                c
            }
        }
    };
}
pub(crate) use two_phases;
