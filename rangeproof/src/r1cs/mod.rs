//! Arithmetic-circuit proofs: a rank-1 constraint system proved with Bulletproofs (the paper's
//! §5, eprint 2017/1066), generic over the group, with the reference crate's two-phase
//! (randomized-constraint) extension.
//!
//! # The statement
//!
//! A circuit has \\(n\\) multiplication gates with wires \\(\mathbf a_L, \mathbf a_R,
//! \mathbf a_O \in \mathbb Z_p^n\\), \\(\mathbf a_L \circ \mathbf a_R = \mathbf a_O\\)
//! (eq. 81), and \\(q\\) linear constraints over those wires, the committed values
//! \\(\mathbf v\\) (in \\(V_j = v_j B + \gamma_j \tilde B\\)) and constants:
//! $$
//! \mathbf W_L \mathbf a_L + \mathbf W_R \mathbf a_R + \mathbf W_O \mathbf a_O
//!   = \mathbf W_V \mathbf v + \mathbf c \qquad \text{(eq. 82)}.
//! $$
//! A gadget writes each row as a [`LinearCombination`] that must be zero; the verifier
//! *flattens* the rows with powers of a challenge \\(z\\): row \\(q\\) gets weight
//! \\(z^{q+1}\\), giving the vectors \\(\mathbf w_L = \mathbf z^{q} \mathbf W_L\\) and so on
//! (eq. 88–91).
//!
//! # The protocol (§5.3, Protocol 3)
//!
//! 1. The prover commits to the wires: \\(A_I = \alpha \tilde B + \langle \mathbf a_L,
//!    \mathbf G\rangle + \langle \mathbf a_R, \mathbf H\rangle\\), \\(A_O = \beta \tilde B +
//!    \langle \mathbf a_O, \mathbf G\rangle\\) and blinding vectors \\(S = \rho \tilde B +
//!    \langle \mathbf s_L, \mathbf G\rangle + \langle \mathbf s_R, \mathbf H\rangle\\)
//!    (eq. 92–95). With a second phase these come twice: \\(A_{I1}, A_{O1}, S_1\\) over the
//!    first-phase gates, then — after the gadgets drew challenges from a transcript holding
//!    them — \\(A_{I2}, A_{O2}, S_2\\) over the gates the second phase added.
//! 2. Challenges \\(y, z\\). The prover forms
//!    \\(l(X) = (\mathbf a_L + \mathbf y^{-n} \circ \mathbf w_R) X + \mathbf a_O X^2 +
//!    \mathbf s_L X^3\\) and \\(r(X) = \mathbf y^n \circ \mathbf a_R X - \mathbf y^n +
//!    \mathbf w_L X + \mathbf w_O + \mathbf y^n \circ \mathbf s_R X^3\\) (eq. 97–98), and
//!    commits to the coefficients of \\(t(X) = \langle l(X), r(X)\rangle\\) except
//!    \\(t_2\\), which the constraints fix: \\(T_i = t_i B + \tau_i \tilde B\\) for
//!    \\(i \in \{1, 3, 4, 5, 6\}\\) (eq. 99–100).
//! 3. Challenges \\(u\\) (which separates the two phases' commitments) and \\(x\\). The prover
//!    sends \\(t_x = t(x)\\), \\(\tau_x = \sum \tau_i x^i\\) with \\(\tau_2 = \langle
//!    \mathbf w_V, \boldsymbol\gamma\rangle\\), and \\(\mu = \alpha x + \beta x^2 + \rho x^3\\)
//!    (eq. 101–103; each of \\(\alpha, \beta, \rho\\) is phase one's plus \\(u\\) times phase
//!    two's).
//! 4. Instead of \\(l(x), r(x)\\), an inner-product argument (`inner_product`) over
//!    \\(G_i' = k_i G_i\\), \\(H_i' = k_i y^{-i} H_i\\) with \\(k_i = 1\\) for first-phase gates
//!    and \\(u\\) after, on \\(Q = wB\\) for a challenge \\(w\\).
//!
//! The verifier checks \\(t_x B + \tau_x \tilde B = x^2(\delta(y, z) + \mathbf w_c) B +
//! \sum_j x^2 w_{V,j} V_j + \sum_i x^i T_i\\) with \\(\delta = \langle \mathbf y^{-n}\circ
//! \mathbf w_R, \mathbf w_L\rangle\\) (eq. 104) and the inner-product relation for
//! \\(P = x A_I + x^2 A_O + x^3 S + \langle x\mathbf y^{-n}\circ\mathbf w_R, \mathbf G\rangle +
//! \langle \mathbf y^{-n}\circ(x\mathbf w_L + \mathbf w_O) - \mathbf 1, \mathbf H'\rangle -
//! \mu \tilde B\\) (eq. 105–106), both at once: the first times a random \\(r\\), the
//! inner-product check unrolled (§3.1), all in **one multiscalar multiplication** over
//! \\(2n' + 13 + m + 2\log_2 n'\\) points (\\(n'\\) the next power of two). Proofs join
//! [`crate::BatchVerifier`], where the generator scalars of many proofs are summed.
//!
//! # Many proofs of one circuit
//!
//! A [`PreparedCircuit`] is a circuit built once and checked against many statements that
//! differ in a few constants (a SHA-256 preimage proof's digest:
//! [`gadgets::sha256::Sha256Circuit`]): no gadget run and no digest of the shared constraints
//! per proof, a compact flattening — the SHA-256 check from ≈ 109 to ≈ 79 ms, one more proof in
//! a batch from ≈ 50 to ≈ 15 ms (BENCHMARKS.md).
//!
//! # Transcripts
//!
//! Two conventions ([`R1csConvention`]): `dalek`, byte-compatible with the reference crate's R1CS,
//! and `bound`, which binds the generators and the whole circuit (every constraint and
//! constant) into the transcript before the challenges that depend on them.
//!
//! # Writing a gadget
//!
//! A gadget is a function generic over `CS: ConstraintSystem<G>` (or
//! `RandomizableConstraintSystem<G>` if it needs a challenge). It receives its inputs as
//! variables or linear combinations — the caller committed them, or they come from other
//! gadgets — and an `Option` of their values (present on the prover, `None` on the verifier).
//! It then:
//!
//! * allocates what it needs ([`ConstraintSystem::allocate_multiplier`] for a fresh gate,
//!   [`ConstraintSystem::multiply`] for a gate whose inputs are linear combinations it already
//!   has), computing assignments from the values it was given (or
//!   [`ConstraintSystem::evaluate`]);
//! * adds constraints ([`ConstraintSystem::constrain`]) until the only satisfying assignments
//!   are the ones the statement means. An allocated variable is *unconstrained* until a
//!   constraint mentions it: a bit must be constrained boolean (`b · (1 − b) = 0`), a sum's
//!   carry must be constrained to its range.
//!
//! Both sides must build the same gates and constraints in the same order: control flow may
//! depend on public data only, never on the assignment. The prover refuses to prove an
//! unsatisfied system ([`R1csError::Unsatisfied`]), which makes gadget bugs surface in tests as
//! errors rather than as proofs that fail to verify; every gadget in [`gadgets`] has tests that
//! try false assignments. The cost of a gadget is its number of multipliers
//! ([`ConstraintSystem::metrics`]): the proof size grows with \\(\log_2 n'\\), the prover's and
//! verifier's time with \\(n'\\).

mod batch;
mod constraint_system;
pub mod gadgets;
pub mod generators;
mod linear_combination;
mod prepared;
mod proof;
mod prover;
mod transcript;
mod verifier;

#[cfg(test)]
mod tests;

pub use constraint_system::{
    ConstraintSystem, Lc, Metrics, R1csError, RandomizableConstraintSystem,
    RandomizedConstraintSystem,
};
pub use generators::R1csGens;
pub use linear_combination::{LinearCombination, Variable};
pub use prepared::PreparedCircuit;
pub use proof::R1csProof;
pub use prover::{Prover, RandomizingProver};
pub use transcript::R1csConvention;
pub use verifier::{RandomizingVerifier, Verifier};

use crate::group::Group;

/// \\(\log_2\\) of the largest multiplier count (padded) a proof may have.
pub const MAX_LG_MULTIPLIERS: usize = 18;
/// The largest number of multipliers a circuit may have.
pub const MAX_MULTIPLIERS: usize = 1 << MAX_LG_MULTIPLIERS;

/// The flattened constraints: \\(\mathbf w_L, \mathbf w_R, \mathbf w_O\\) (length \\(n\\)),
/// \\(\mathbf w_V\\) (length \\(m\\)) and \\(w_c\\), with constraint \\(q\\) weighted
/// \\(z^{q+1}\\) and the committed and constant terms negated (they sit on the other side of
/// eq. 82). In the group's fast scalar form: the verifier keeps computing in it.
pub(crate) struct Weights<G: Group> {
    pub w_l: Vec<G::FastScalar>,
    pub w_r: Vec<G::FastScalar>,
    pub w_o: Vec<G::FastScalar>,
    pub w_v: Vec<G::FastScalar>,
    pub w_c: G::FastScalar,
}

/// Flattens `constraints` over `n` multipliers and `m` commitments with challenge `z`.
/// Coefficients ±1 (most of them) cost an addition, not a multiplication. A variable that was
/// never allocated (a gadget that made up an index) is an error.
pub(crate) fn flatten<G: Group>(
    constraints: &[Lc<G>],
    z: G::Scalar,
    n: usize,
    m: usize,
) -> Result<Weights<G>, R1csError> {
    let zero = G::FastScalar::from(0);
    let mut w = Weights::<G> {
        w_l: vec![zero; n],
        w_r: vec![zero; n],
        w_o: vec![zero; n],
        w_v: vec![zero; m],
        w_c: zero,
    };
    // Compared as encodings: the scalar types' `==` is constant-time and several times slower,
    // and coefficients are public.
    let (one, minus_one) = (
        G::scalar_to_bytes(&G::one()),
        G::scalar_to_bytes(&-G::one()),
    );
    let z = G::to_fast(&z);
    let mut z_q = z;
    for lc in constraints {
        for (var, coeff) in &lc.terms {
            let bytes = G::scalar_to_bytes(coeff);
            let term = if bytes == one {
                z_q
            } else if bytes == minus_one {
                -z_q
            } else {
                z_q * G::to_fast(coeff)
            };
            let slot = match *var {
                Variable::MultiplierLeft(i) => w.w_l.get_mut(i),
                Variable::MultiplierRight(i) => w.w_r.get_mut(i),
                Variable::MultiplierOutput(i) => w.w_o.get_mut(i),
                Variable::Committed(j) => {
                    let slot = w.w_v.get_mut(j).ok_or(UNALLOCATED)?;
                    *slot -= term;
                    continue;
                }
                Variable::One => {
                    w.w_c -= term;
                    continue;
                }
            };
            *slot.ok_or(UNALLOCATED)? += term;
        }
        z_q *= z;
    }
    Ok(w)
}

const UNALLOCATED: R1csError =
    R1csError::Gadget("a constraint mentions a variable that was never allocated");
