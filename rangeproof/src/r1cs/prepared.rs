//! A circuit built once and checked against many statements: [`PreparedCircuit`].

use alloc::vec::Vec;

use blake2::{Blake2b512, Digest};
use rand_core::{CryptoRng, RngCore};

use super::constraint_system::{Lc, R1csError, ONE_PHASE};
use super::generators::R1csGens;
use super::linear_combination::Variable;
use super::proof::R1csProof;
use super::transcript::{absorb_constraints, circuit_digest, circuit_hasher, CircuitShape};
use super::verifier::{absorb_phase_one, Challenges, R1csEquation, Verifier};
use super::{R1csConvention, Weights, MAX_MULTIPLIERS};
use crate::batch::BatchVerifier;
use crate::group::{EncodedPoint, Group};
use crate::transcript::TranscriptProtocol;

/// A one-phase circuit built once, checked against statements that differ in a few constants.
///
/// Verifying a circuit proof the plain way ([`super::Verifier`]) runs the gadgets again for
/// every proof, hashes every constraint into the circuit digest (the `bound` flavor) and walks
/// the constraints as built to flatten them. For a large circuit those are most of a
/// verification beside the multiscalar multiplication, and in a batch — where the
/// multiplication is shared — most of what one more proof costs (BENCHMARKS.md: the SHA-256
/// preimage circuit, 52 238 constraints of 201 712 terms). Many statements of one circuit
/// differ only in a few constants (a SHA-256 preimage proof's digest is eight constants): a
/// [`PreparedCircuit`] holds what they share — the constraints in a compact form for
/// flattening, and the digest's hash state after every shared constraint — and each proof
/// brings only its constants.
///
/// A circuit is prepared from two builds of it, for two statements whose constants all differ
/// and are non-zero: the constraints that differ between them are the statement's, and must
/// differ only in their constant, which must be their last term (on [`Variable::One`]; absent
/// when zero, as [`Lc`]s built term by term have it). What else a prepared circuit takes, so
/// that it replays exactly the plain verifier's transcript: one phase (no randomized
/// constraints), and gadgets that touch the transcript only through
/// [`super::Verifier::commit`]. Tests check the prepared and the plain verifier agree, proof by
/// proof and digest by digest.
pub struct PreparedCircuit<'g, G: Group> {
    gens: &'g R1csGens<G>,
    flavor: R1csConvention,
    /// Committed values \\(m\\) and multipliers \\(n\\).
    committed: usize,
    multipliers: usize,
    /// Every constraint, compact, the statement's without their constants.
    compact: Compact<G>,
    /// The constraints from the statement's first on, the statement's without their
    /// constants.
    tail: Vec<Lc<G>>,
    /// Which of `tail` hold the statement's constants, in order.
    varying: Vec<usize>,
    /// The circuit digest's hash state after the counts and the constraints before `tail`.
    shared_digest: Blake2b512,
    /// The digest of the (empty) second phase.
    second_digest: [u8; 64],
}

impl<'g, G: Group> PreparedCircuit<'g, G> {
    /// Prepares the circuit two verifiers built (their gadgets run, for two statements whose
    /// constants all differ and are non-zero; see [`PreparedCircuit`]). Refuses a circuit
    /// with a second phase, builds that differ beyond their constants, or a constraint on a
    /// variable never allocated.
    pub fn new<T: TranscriptProtocol<G>>(
        one: Verifier<'g, G, T>,
        other: Verifier<'g, G, T>,
    ) -> Result<Self, R1csError> {
        let differ = R1csError::Gadget("the two builds differ beyond the statement's constants");
        let (built, other) = (one.into_parts()?, other.into_parts()?);
        let (gens, flavor) = (built.gens, built.flavor);
        let (n, m) = (built.multipliers, built.committed);
        if n > MAX_MULTIPLIERS {
            return Err(R1csError::TooManyMultipliers(n));
        }
        if !core::ptr::eq(gens, other.gens)
            || flavor != other.flavor
            || (n, m) != (other.multipliers, other.committed)
            || built.constraints.len() != other.constraints.len()
        {
            return Err(differ);
        }
        // The statement's constraints: those whose last terms, on the constant, differ.
        let mut varying = Vec::new();
        for (q, (a, b)) in built.constraints.iter().zip(&other.constraints).enumerate() {
            if a.terms == b.terms {
                continue;
            }
            let (Some(((Variable::One, _), a_rest)), Some(((Variable::One, _), b_rest))) =
                (a.terms.split_last(), b.terms.split_last())
            else {
                return Err(differ);
            };
            if a_rest != b_rest || a_rest.iter().any(|(v, _)| *v == Variable::One) {
                return Err(differ);
            }
            varying.push(q);
        }
        let mut constraints = built.constraints;
        let first = varying.first().copied().unwrap_or(constraints.len());
        for &q in &varying {
            constraints[q].terms.pop();
        }
        let shape = CircuitShape {
            committed: m,
            multipliers: n,
            phase_one_multipliers: n,
        };
        let mut shared_digest = circuit_hasher::<G>(shape, constraints.len());
        absorb_constraints::<G>(&mut shared_digest, &constraints[..first]);
        let compact = Compact::new(&constraints, n, m)?;
        Ok(PreparedCircuit {
            gens,
            flavor,
            committed: m,
            multipliers: n,
            compact,
            varying: varying.iter().map(|q| q - first).collect(),
            tail: constraints.split_off(first),
            shared_digest,
            second_digest: circuit_digest::<G>(shape, &[]),
        })
    }

    /// Checks `proof` of the statement with these `constants` (one per varying constraint, in
    /// order) and `commitments`; `transcript` holds what the application put in before the
    /// proof, as for [`Verifier::new`]. Exactly what the plain verifier decides.
    pub fn verify<T: TranscriptProtocol<G>>(
        &self,
        transcript: T,
        commitments: &[G::PointEncoding],
        constants: &[G::Scalar],
        proof: &R1csProof<G>,
    ) -> Result<(), R1csError> {
        self.equation(transcript, commitments, constants, proof, G::one())?
            .holds(self.gens)
    }

    /// The generators the circuit is checked against.
    pub(crate) fn gens(&self) -> &'g R1csGens<G> {
        self.gens
    }

    /// Replays the transcript and computes the check times `weight`.
    pub(crate) fn equation<T: TranscriptProtocol<G>>(
        &self,
        mut transcript: T,
        commitments: &[G::PointEncoding],
        constants: &[G::Scalar],
        proof: &R1csProof<G>,
        weight: G::Scalar,
    ) -> Result<R1csEquation<G>, R1csError> {
        if constants.len() != self.varying.len() {
            return Err(R1csError::Gadget(
                "one constant per constraint of the statement is needed",
            ));
        }
        if commitments.len() != self.committed {
            return Err(R1csError::Gadget(
                "the statement's commitments do not match the circuit's",
            ));
        }
        let tr = &mut transcript;
        self.flavor
            .start::<G, T>(tr, self.gens.pedersen_encodings(), self.gens.label());
        let mut decoded = Vec::with_capacity(commitments.len());
        for c in commitments {
            let v = EncodedPoint::decode(c)?;
            tr.append_point(b"V", &v.bytes);
            decoded.push(v);
        }
        tr.append_u64(b"m", self.committed as u64);
        if self.flavor == R1csConvention::Bound {
            self.flavor
                .absorb_digest::<G, T>(tr, true, &self.digest(constants));
        }
        absorb_phase_one(tr, proof)?;
        // The plain verifier's second phase, empty (`two_phases!`).
        tr.append_domain_separator(ONE_PHASE);
        self.flavor
            .absorb_digest::<G, T>(tr, false, &self.second_digest);
        let challenges = Challenges::replay(tr, proof, self.multipliers)?;
        let weights = self.flatten(challenges.z, constants);
        challenges.equation(proof, &weights, &decoded, self.multipliers, weight)
    }

    /// The circuit digest with these constants: the shared constraints' state, then the rest
    /// with the constants as the gadget puts them.
    pub(super) fn digest(&self, constants: &[G::Scalar]) -> [u8; 64] {
        let zero = G::scalar_to_bytes(&G::Scalar::from(0u64));
        let mut tail = self.tail.clone();
        for (&q, c) in self.varying.iter().zip(constants) {
            if G::scalar_to_bytes(c).as_ref() != zero.as_ref() {
                tail[q].push(Variable::One, *c);
            }
        }
        let mut h = self.shared_digest.clone();
        absorb_constraints::<G>(&mut h, &tail);
        h.finalize().into()
    }

    /// The constraints flattened with challenge `z` and these constants.
    pub(super) fn flatten(&self, z: G::Scalar, constants: &[G::Scalar]) -> Weights<G> {
        let first = self.compact.ends.len() - self.tail.len();
        let constant_terms = self.varying.iter().map(|q| q + first).zip(constants);
        self.compact.flatten(z, constant_terms)
    }
}

impl<'g, G: Group> BatchVerifier<'g, G> {
    /// Adds a proof of a prepared circuit's statement (see [`PreparedCircuit::verify`]);
    /// returns its position in the batch. As [`BatchVerifier::add_r1cs`], without building
    /// the circuit again.
    pub fn add_prepared_r1cs<T, R>(
        &mut self,
        circuit: &PreparedCircuit<'g, G>,
        transcript: T,
        commitments: &[G::PointEncoding],
        constants: &[G::Scalar],
        proof: &R1csProof<G>,
        rng: &mut R,
    ) -> usize
    where
        T: TranscriptProtocol<G>,
        R: RngCore + CryptoRng,
    {
        let weight = G::random_scalar(rng);
        match circuit.equation(transcript, commitments, constants, proof, weight) {
            Ok(equation) => self.add_r1cs_equation(circuit.gens(), equation),
            Err(_) => self.add_settled(false),
        }
    }
}

/// The constraints as flattening reads them: per term a slot (kind and index) and a
/// coefficient, ±1 told apart once.
struct Compact<G: Group> {
    /// Where each constraint's terms end.
    ends: Vec<u32>,
    slots: Vec<Slot>,
    coefficients: Vec<Coefficient<G::FastScalar>>,
    n: usize,
    m: usize,
}

#[derive(Clone, Copy)]
enum Slot {
    Left(u32),
    Right(u32),
    Output(u32),
    Committed(u32),
    One,
}

#[derive(Clone, Copy)]
enum Coefficient<F> {
    One,
    MinusOne,
    Other(F),
}

impl<G: Group> Compact<G> {
    /// Checks every variable was allocated (so flattening cannot fail later).
    fn new(constraints: &[Lc<G>], n: usize, m: usize) -> Result<Self, R1csError> {
        let unallocated =
            R1csError::Gadget("a constraint mentions a variable that was never allocated");
        let (one, minus_one) = (
            G::scalar_to_bytes(&G::one()),
            G::scalar_to_bytes(&-G::one()),
        );
        let count = constraints.len();
        let terms: usize = constraints.iter().map(|lc| lc.terms.len()).sum();
        let index = |i: usize, bound: usize| {
            u32::try_from(i)
                .ok()
                .filter(|_| i < bound)
                .ok_or(unallocated.clone())
        };
        let mut compact = Compact {
            ends: Vec::with_capacity(count),
            slots: Vec::with_capacity(terms),
            coefficients: Vec::with_capacity(terms),
            n,
            m,
        };
        for lc in constraints {
            for (var, coeff) in &lc.terms {
                compact.slots.push(match *var {
                    Variable::MultiplierLeft(i) => Slot::Left(index(i, n)?),
                    Variable::MultiplierRight(i) => Slot::Right(index(i, n)?),
                    Variable::MultiplierOutput(i) => Slot::Output(index(i, n)?),
                    Variable::Committed(j) => Slot::Committed(index(j, m)?),
                    Variable::One => Slot::One,
                });
                let bytes = G::scalar_to_bytes(coeff);
                compact
                    .coefficients
                    .push(if bytes.as_ref() == one.as_ref() {
                        Coefficient::One
                    } else if bytes.as_ref() == minus_one.as_ref() {
                        Coefficient::MinusOne
                    } else {
                        Coefficient::Other(G::to_fast(coeff))
                    });
            }
            let end = u32::try_from(compact.slots.len())
                .map_err(|_| R1csError::Gadget("too many constraint terms"))?;
            compact.ends.push(end);
        }
        Ok(compact)
    }

    /// As [`super::flatten`], with the constant terms `constants` (constraint, constant) added,
    /// in constraint order.
    fn flatten<'c>(
        &self,
        z: G::Scalar,
        constants: impl IntoIterator<Item = (usize, &'c G::Scalar)>,
    ) -> Weights<G>
    where
        G::Scalar: 'c,
    {
        let zero = G::FastScalar::from(0);
        let mut w = Weights::<G> {
            w_l: alloc::vec![zero; self.n],
            w_r: alloc::vec![zero; self.n],
            w_o: alloc::vec![zero; self.n],
            w_v: alloc::vec![zero; self.m],
            w_c: zero,
        };
        let mut constants = constants.into_iter().peekable();
        let z = G::to_fast(&z);
        let mut z_q = z;
        let mut start = 0;
        for (q, &end) in self.ends.iter().enumerate() {
            let end = end as usize;
            for (slot, coeff) in self.slots[start..end]
                .iter()
                .zip(&self.coefficients[start..end])
            {
                let term = match coeff {
                    Coefficient::One => z_q,
                    Coefficient::MinusOne => -z_q,
                    Coefficient::Other(c) => z_q * *c,
                };
                // Indices were checked against n and m when compacted.
                match *slot {
                    Slot::Left(i) => w.w_l[i as usize] += term,
                    Slot::Right(i) => w.w_r[i as usize] += term,
                    Slot::Output(i) => w.w_o[i as usize] += term,
                    Slot::Committed(j) => w.w_v[j as usize] -= term,
                    Slot::One => w.w_c -= term,
                }
            }
            if let Some((_, c)) = constants.next_if(|(at, _)| *at == q) {
                w.w_c -= z_q * G::to_fast(c);
            }
            start = end;
            z_q *= z;
        }
        w
    }
}
