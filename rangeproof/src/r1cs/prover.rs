//! The constraint-system prover (paper §5.3, with the reference crate's two-phase extension).
//!
//! Everything that touches the assignment is constant-time: the scalar arithmetic, and the
//! commitments \\(A_I, A_O, S\\), \\(T_i\\) and the inner-product argument, which use the
//! constant-time multiscalar multiplication. The *shape* of the circuit (which gates exist,
//! the constraints' coefficients) is public and may steer control flow.

use rand_core::OsRng;
use zeroize::Zeroizing;

use super::constraint_system::{
    ConstraintSystem, Lc, Metrics, R1csError, RandomizableConstraintSystem,
    RandomizedConstraintSystem,
};
use super::generators::R1csGens;
use super::linear_combination::Variable;
use super::proof::R1csProof;
use super::transcript::{CircuitShape, R1csConvention};
use super::{flatten, MAX_MULTIPLIERS};
use crate::deployments::Publisher;
use crate::group::{EncodedPoint, Group};
use crate::inner_product::InnerProductProof;
use crate::transcript::{nonzero_challenge, TranscriptProtocol};
use crate::util::{inner_product, powers};

/// A secret scalar vector, wiped on drop.
type Secret<G> = Zeroizing<Vec<<G as Group>::Scalar>>;

type Deferred<'g, G, T> =
    Box<dyn FnOnce(&mut RandomizingProver<'g, G, T>) -> Result<(), R1csError> + 'g>;

/// Builds a circuit with its assignment and proves it.
pub struct Prover<'g, G: Group, T: TranscriptProtocol<G>> {
    gens: &'g R1csGens<G>,
    flavor: R1csConvention,
    transcript: T,
    constraints: Vec<Lc<G>>,
    phase_one_constraints: Option<usize>,
    a_l: Zeroizing<Vec<G::Scalar>>,
    a_r: Zeroizing<Vec<G::Scalar>>,
    a_o: Zeroizing<Vec<G::Scalar>>,
    v: Zeroizing<Vec<G::Scalar>>,
    v_blinding: Zeroizing<Vec<G::Scalar>>,
    deferred: Vec<Deferred<'g, G, T>>,
    pending_multiplier: Option<usize>,
    /// A second-phase (gadget) challenge was zero: the proof is refused.
    zero_challenge: bool,
}

/// The prover during the second phase (inside randomized-constraint callbacks).
pub struct RandomizingProver<'g, G: Group, T: TranscriptProtocol<G>> {
    prover: Prover<'g, G, T>,
}

impl<'g, G: Group, T: TranscriptProtocol<G>> Prover<'g, G, T> {
    /// Starts a proof over `gens` under `flavor`'s transcript convention. The caller has put
    /// its application's label (and, for the dalek convention, whatever binds its statement)
    /// into `transcript`.
    pub fn new(gens: &'g R1csGens<G>, flavor: R1csConvention, mut transcript: T) -> Self {
        flavor.start::<G, T>(&mut transcript, gens.pedersen_encodings(), gens.label());
        Prover {
            gens,
            flavor,
            transcript,
            constraints: Vec::new(),
            phase_one_constraints: None,
            a_l: Zeroizing::new(Vec::new()),
            a_r: Zeroizing::new(Vec::new()),
            a_o: Zeroizing::new(Vec::new()),
            v: Zeroizing::new(Vec::new()),
            v_blinding: Zeroizing::new(Vec::new()),
            deferred: Vec::new(),
            pending_multiplier: None,
            zero_challenge: false,
        }
    }

    /// Commits to `value` with `blinding` (\\(V = vB + \gamma \tilde B\\)), absorbs \\(V\\) and
    /// returns it with the variable that stands for `value`.
    pub fn commit(
        &mut self,
        value: G::Scalar,
        blinding: G::Scalar,
    ) -> (G::PointEncoding, Variable) {
        let j = self.v.len();
        self.v.push(value);
        self.v_blinding.push(blinding);
        let v = G::point_to_bytes(&self.gens.pedersen().commit(value, blinding));
        self.transcript.append_point(b"V", &v);
        (v, Variable::Committed(j))
    }

    fn value(&self, var: Variable) -> G::Scalar {
        // An index that was never allocated reads as 0 here; proving then fails in `flatten`.
        let get = |v: &[G::Scalar], i: usize| v.get(i).copied().unwrap_or_else(G::zero);
        match var {
            Variable::Committed(i) => get(&self.v, i),
            Variable::MultiplierLeft(i) => get(&self.a_l, i),
            Variable::MultiplierRight(i) => get(&self.a_r, i),
            Variable::MultiplierOutput(i) => get(&self.a_o, i),
            Variable::One => G::one(),
        }
    }

    fn eval(&self, lc: &Lc<G>) -> G::Scalar {
        lc.terms
            .iter()
            .fold(G::zero(), |acc, (var, c)| acc + *c * self.value(*var))
    }

    fn push_multiplier(&mut self, l: G::Scalar, r: G::Scalar) -> (Variable, Variable, Variable) {
        let i = self.a_l.len();
        self.a_l.push(l);
        self.a_r.push(r);
        self.a_o.push(l * r);
        (
            Variable::MultiplierLeft(i),
            Variable::MultiplierRight(i),
            Variable::MultiplierOutput(i),
        )
    }

    /// The first constraint (in the order added) the assignment does not satisfy, if any.
    /// Second-phase constraints are checked only once they exist (inside [`Self::prove`]).
    /// Gadget tests use it to check satisfaction without paying for a proof.
    pub fn unsatisfied_constraint(&self) -> Option<usize> {
        self.constraints
            .iter()
            .position(|lc| self.eval(lc) != G::zero())
    }

    /// Proves the circuit. Fails with [`R1csError::Unsatisfied`] (and no proof) if the
    /// assignment does not satisfy every constraint.
    pub fn prove(self) -> Result<R1csProof<G>, R1csError> {
        self.prove_and_return_transcript().map(|(proof, _)| proof)
    }

    /// [`Self::prove`], also returning the transcript (to chain further proofs onto it).
    pub fn prove_and_return_transcript(mut self) -> Result<(R1csProof<G>, T), R1csError> {
        let m = self.v.len();
        self.transcript.append_u64(b"m", m as u64);
        let n1 = self.a_l.len();
        if n1 > MAX_MULTIPLIERS {
            return Err(R1csError::TooManyMultipliers(n1));
        }
        let shape = CircuitShape {
            committed: m,
            multipliers: n1,
            phase_one_multipliers: n1,
        };
        self.flavor
            .absorb_circuit::<G, T>(&mut self.transcript, true, shape, &self.constraints);

        // Nonces: keyed by the transcript, the blindings and the values, and the OS RNG.
        let mut rng = {
            let mut witness = Zeroizing::new(Vec::with_capacity(64 * m));
            for s in self.v_blinding.iter().chain(self.v.iter()) {
                witness.extend_from_slice(G::scalar_to_bytes(s).as_ref());
            }
            self.transcript
                .witness_rng(&[(b"openings", &witness[..])], &mut OsRng)
        };
        let pc = self.gens.pedersen();
        let b_blinding = pc.b_blinding();

        let chains1 = self.gens.chains(n1);
        let (i_blinding1, o_blinding1, s_blinding1) = (
            Zeroizing::new(G::random_scalar(&mut rng)),
            Zeroizing::new(G::random_scalar(&mut rng)),
            Zeroizing::new(G::random_scalar(&mut rng)),
        );
        let s_l1: Zeroizing<Vec<G::Scalar>> =
            Zeroizing::new((0..n1).map(|_| G::random_scalar(&mut rng)).collect());
        let s_r1: Zeroizing<Vec<G::Scalar>> =
            Zeroizing::new((0..n1).map(|_| G::random_scalar(&mut rng)).collect());
        let (g1, h1) = (&chains1.g[..n1], &chains1.h[..n1]);
        let a_i1 = commit_vectors::<G>(*i_blinding1, b_blinding, &self.a_l, g1, &self.a_r, h1);
        let a_o1 = commit_vectors::<G>(*o_blinding1, b_blinding, &self.a_o, g1, &[], &[]);
        let s1 = commit_vectors::<G>(*s_blinding1, b_blinding, &s_l1, g1, &s_r1, h1);
        self.transcript.append_point(b"A_I1", &a_i1.bytes);
        self.transcript.append_point(b"A_O1", &a_o1.bytes);
        self.transcript.append_point(b"S1", &s1.bytes);

        // The second phase: callbacks draw challenges bound to the first-phase commitments.
        self = self.second_phase()?;

        // No proof of a false statement.
        if let Some(q) = self.unsatisfied_constraint() {
            return Err(R1csError::Unsatisfied(q));
        }

        let n = self.a_l.len();
        if n > MAX_MULTIPLIERS {
            return Err(R1csError::TooManyMultipliers(n));
        }
        let n2 = n - n1;
        let padded_n = n.next_power_of_two();
        // The first digest covered the first-phase constraints: this one covers the rest.
        let phase_one = self.phase_one_constraints.unwrap_or(0);
        let shape = CircuitShape {
            committed: m,
            multipliers: n,
            phase_one_multipliers: n1,
        };
        self.flavor.absorb_circuit::<G, T>(
            &mut self.transcript,
            false,
            shape,
            &self.constraints[phase_one..],
        );

        let chains = self.gens.chains(padded_n);
        let (s_l2, s_r2): (Secret<G>, Secret<G>) = (
            Zeroizing::new((0..n2).map(|_| G::random_scalar(&mut rng)).collect()),
            Zeroizing::new((0..n2).map(|_| G::random_scalar(&mut rng)).collect()),
        );
        let identity = EncodedPoint::from_point(G::identity());
        let (mut i_blinding2, mut o_blinding2, mut s_blinding2) = (G::zero(), G::zero(), G::zero());
        let (a_i2, a_o2, s2) = if n2 > 0 {
            i_blinding2 = G::random_scalar(&mut rng);
            o_blinding2 = G::random_scalar(&mut rng);
            s_blinding2 = G::random_scalar(&mut rng);
            let (g2, h2) = (&chains.g[n1..n], &chains.h[n1..n]);
            (
                commit_vectors::<G>(
                    i_blinding2,
                    b_blinding,
                    &self.a_l[n1..],
                    g2,
                    &self.a_r[n1..],
                    h2,
                ),
                commit_vectors::<G>(o_blinding2, b_blinding, &self.a_o[n1..], g2, &[], &[]),
                commit_vectors::<G>(s_blinding2, b_blinding, &s_l2, g2, &s_r2, h2),
            )
        } else {
            (identity, identity, identity)
        };
        self.transcript.append_point(b"A_I2", &a_i2.bytes);
        self.transcript.append_point(b"A_O2", &a_o2.bytes);
        self.transcript.append_point(b"S2", &s2.bytes);

        // Every challenge must be non-zero (a zero one voids what it randomizes: x = 0 would
        // let l(x) = 0 prove any circuit); a transcript that gives one ends the proof.
        let y = nonzero_challenge::<G, T>(&mut self.transcript, b"y")?;
        let z = nonzero_challenge::<G, T>(&mut self.transcript, b"z")?;
        let weights = flatten::<G>(&self.constraints, z, n, m)?;
        let scalars =
            |v: &[G::FastScalar]| -> Vec<G::Scalar> { v.iter().map(G::from_fast).collect() };
        let (w_l, w_r, w_o, w_v) = (
            scalars(&weights.w_l),
            scalars(&weights.w_r),
            scalars(&weights.w_o),
            scalars(&weights.w_v),
        );

        // l(X) = l_1 X + l_2 X^2 + l_3 X^3, r(X) = r_0 + r_1 X + r_3 X^3 (eq. 97–98 with the
        // reference's second-phase commitments folded into the same coefficients).
        let y_inv = G::invert(&y);
        let y_pows: Vec<G::Scalar> = powers::<G>(y).take(padded_n + 1).collect();
        let y_inv_pows: Vec<G::Scalar> = powers::<G>(y_inv).take(padded_n).collect();
        let s_l = s_l1.iter().chain(s_l2.iter());
        let s_r = s_r1.iter().chain(s_r2.iter());
        let mut l1 = Zeroizing::new(Vec::with_capacity(n));
        let mut l3 = Zeroizing::new(Vec::with_capacity(n));
        let mut r0 = Zeroizing::new(Vec::with_capacity(n));
        let mut r1 = Zeroizing::new(Vec::with_capacity(n));
        let mut r3 = Zeroizing::new(Vec::with_capacity(n));
        for (i, (sl, sr)) in s_l.zip(s_r).enumerate() {
            l1.push(self.a_l[i] + y_inv_pows[i] * w_r[i]);
            l3.push(*sl);
            r0.push(w_o[i] - y_pows[i]);
            r1.push(y_pows[i] * self.a_r[i] + w_l[i]);
            r3.push(y_pows[i] * *sr);
        }
        let l2 = &self.a_o[..];
        // t(X) = <l(X), r(X)>: the coefficients of X^1..X^6 (t_0 = 0, and t_2 is the one the
        // constraints fix, so it is not committed).
        let ip = inner_product::<G>;
        let t1 = ip(&l1, &r0);
        let t2 = ip(&l1, &r1) + ip(l2, &r0);
        let t3 = ip(l2, &r1) + ip(&l3, &r0);
        let t4 = ip(&l1, &r3) + ip(&l3, &r1);
        let t5 = ip(l2, &r3);
        let t6 = ip(&l3, &r3);
        let t_blindings: Zeroizing<Vec<G::Scalar>> =
            Zeroizing::new((0..5).map(|_| G::random_scalar(&mut rng)).collect());
        let publish =
            |t: G::Scalar, blinding: G::Scalar| EncodedPoint::from_point(pc.commit(t, blinding));
        let t_1 = publish(t1, t_blindings[0]);
        let t_3 = publish(t3, t_blindings[1]);
        let t_4 = publish(t4, t_blindings[2]);
        let t_5 = publish(t5, t_blindings[3]);
        let t_6 = publish(t6, t_blindings[4]);
        for (label, t) in [
            (&b"T_1"[..], &t_1),
            (b"T_3", &t_3),
            (b"T_4", &t_4),
            (b"T_5", &t_5),
            (b"T_6", &t_6),
        ] {
            self.transcript.append_point(label, &t.bytes);
        }

        let u = nonzero_challenge::<G, T>(&mut self.transcript, b"u")?;
        let x = nonzero_challenge::<G, T>(&mut self.transcript, b"x")?;

        let t2_blinding = ip(&w_v, &self.v_blinding);
        let t_poly = [t1, t2, t3, t4, t5, t6];
        let tau = [
            t_blindings[0],
            t2_blinding,
            t_blindings[1],
            t_blindings[2],
            t_blindings[3],
            t_blindings[4],
        ];
        let x_pows: Vec<G::Scalar> = powers::<G>(x).skip(1).take(6).collect();
        let t_x = ip(&t_poly, &x_pows);
        let t_x_blinding = ip(&tau, &x_pows);
        let (x2, x3) = (x_pows[1], x_pows[2]);
        let mut l_vec = Zeroizing::new(Vec::with_capacity(padded_n));
        let mut r_vec = Zeroizing::new(Vec::with_capacity(padded_n));
        for i in 0..n {
            l_vec.push(l1[i] * x + l2[i] * x2 + l3[i] * x3);
            r_vec.push(r0[i] + r1[i] * x + r3[i] * x3);
        }
        for y_i in &y_pows[n..padded_n] {
            l_vec.push(G::zero());
            r_vec.push(-*y_i);
        }
        let i_blinding = *i_blinding1 + u * i_blinding2;
        let o_blinding = *o_blinding1 + u * o_blinding2;
        let s_blinding = *s_blinding1 + u * s_blinding2;
        let e_blinding = x * (i_blinding + x * (o_blinding + x * s_blinding));
        self.transcript.append_scalar(b"t_x", &t_x);
        self.transcript
            .append_scalar(b"t_x_blinding", &t_x_blinding);
        self.transcript.append_scalar(b"e_blinding", &e_blinding);
        let w = nonzero_challenge::<G, T>(&mut self.transcript, b"w")?;
        let q = pc.b * w;

        // G'_i = k_i G_i, H'_i = k_i y^{-i} H_i with k_i = 1 in the first phase, u after.
        let factors = (n2 + (padded_n - n) > 0).then(|| {
            (0..padded_n)
                .map(|i| if i < n1 { G::one() } else { u })
                .collect()
        });
        let ipp = InnerProductProof::prove_with_factors(
            &mut self.transcript,
            &q,
            y_inv,
            factors,
            &Publisher::new(0),
            chains.g[..padded_n].to_vec(),
            chains.h[..padded_n].to_vec(),
            core::mem::take(&mut *l_vec),
            core::mem::take(&mut *r_vec),
        )?;
        let proof = R1csProof {
            a_i1,
            a_o1,
            s1,
            a_i2,
            a_o2,
            s2,
            t_1,
            t_3,
            t_4,
            t_5,
            t_6,
            t_x,
            t_x_blinding,
            e_blinding,
            ipp,
        };
        Ok((proof, self.transcript))
    }
}

/// \\(\beta \tilde B + \langle \mathbf a, \mathbf G\rangle + \langle \mathbf b, \mathbf H\rangle\\)
/// in constant time (`b` may be empty).
fn commit_vectors<G: Group>(
    blinding: G::Scalar,
    b_blinding: G::Point,
    a: &[G::Scalar],
    g: &[G::Point],
    b: &[G::Scalar],
    h: &[G::Point],
) -> EncodedPoint<G> {
    let mut scalars = Zeroizing::new(Vec::with_capacity(1 + a.len() + b.len()));
    scalars.push(blinding);
    scalars.extend_from_slice(a);
    scalars.extend_from_slice(b);
    let mut points = Vec::with_capacity(scalars.len());
    points.push(b_blinding);
    points.extend_from_slice(&g[..a.len()]);
    points.extend_from_slice(&h[..b.len()]);
    EncodedPoint::from_point(G::multiscalar_mul(&scalars, &points))
}

impl<'g, G: Group, T: TranscriptProtocol<G>> ConstraintSystem<G> for Prover<'g, G, T> {
    fn multiply(&mut self, mut left: Lc<G>, mut right: Lc<G>) -> (Variable, Variable, Variable) {
        let (l, r) = (self.eval(&left), self.eval(&right));
        let (l_var, r_var, o_var) = self.push_multiplier(l, r);
        left.push(l_var, -G::one());
        right.push(r_var, -G::one());
        self.constrain(left);
        self.constrain(right);
        (l_var, r_var, o_var)
    }

    fn allocate(&mut self, assignment: Option<G::Scalar>) -> Result<Variable, R1csError> {
        let value = assignment.ok_or(R1csError::MissingAssignment)?;
        match self.pending_multiplier.take() {
            None => {
                let (l, _, _) = self.push_multiplier(value, G::zero());
                self.pending_multiplier = Some(self.a_l.len() - 1);
                Ok(l)
            }
            Some(i) => {
                self.a_r[i] = value;
                self.a_o[i] = self.a_l[i] * value;
                Ok(Variable::MultiplierRight(i))
            }
        }
    }

    fn allocate_multiplier(
        &mut self,
        assignments: Option<(G::Scalar, G::Scalar)>,
    ) -> Result<(Variable, Variable, Variable), R1csError> {
        let (l, r) = assignments.ok_or(R1csError::MissingAssignment)?;
        Ok(self.push_multiplier(l, r))
    }

    fn constrain(&mut self, lc: Lc<G>) {
        self.constraints.push(lc);
    }

    fn metrics(&self) -> Metrics {
        Metrics::of::<G>(
            self.a_l.len(),
            &self.constraints,
            self.phase_one_constraints,
        )
    }

    fn evaluate(&self, lc: &Lc<G>) -> Option<G::Scalar> {
        Some(self.eval(lc))
    }
}

super::constraint_system::two_phases!(Prover, RandomizingProver, prover);
