//! The Bulletproofs++ verifier: the transcript replayed, the public parts of \\(C\\) computed,
//! and \\(C\\) substituted into the norm argument's equation, so that one multiscalar
//! multiplication checks the proof:
//! \\[ \delta M + TD + T^2R + T^{-1}S + 2T^3\textstyle\sum_j\lambda^jV_j + \sum_r(\gamma_r X_r +
//!   (\gamma_r^2-1)R_r) + (v_{\mathrm{pub}} - v)A + \langle \mathbf p - \mathbf s_g, \mathbf
//!   G\rangle - \langle \mathbf s_h, \mathbf H\rangle = 0, \\]
//! with \\(p_i = \mathbf 1_{i<K}\,(T(\alpha - x\delta\mu^{-(i+1)}) + T^2\lambda^jb^{i'}\mu^{-(i+1)}) +
//! \mathbf 1_{i<b}\,T^3c_{m,i}\\) and \\(v_{\mathrm{pub}} = 2T^3(\sum_{i<K}\mu^{i+1} +
//! \sum_{i<K}\lambda^jb^{i'}(\alpha - x\delta\mu^{-(i+1)}) - \sum_j\lambda^j\mathrm{min}_j)\\)
//! (digit \\(i = jk + i'\\)); \\(v, \mathbf s_g, \mathbf s_h\\) are the norm argument's
//! ([`super::norm::terms`]).

use crate::DecodeError;
use alloc::vec::Vec;

use super::norm;
use super::prover::{
    c_vector, nonzero, powers_from_one, publics_with, round_two, to_invert, BatchInvert, Fast,
    RoundTwo,
};
use super::{BpppGenerators, Convention, ProofPoint, Statement, H_LEN};
use crate::equation::{Equation, PendingVerification};
use crate::group::Group;
use crate::ProofError;

type Scalar<C> = <<C as Convention>::Group as Group>::Scalar;
type FastScalar<C> = <<C as Convention>::Group as Group>::FastScalar;

/// A proof's verification equation: scalars on \\(A\\), \\(\mathbf G\\), \\(\mathbf H\\),
/// on the proof's points (\\(M, D, R, S\\), then each round's \\(X_r, R_r\\)) and on the
/// commitments; valid when the sum is the identity. The proof's points are read separately
/// ([`Convention::decode_proof_points`]), so that a batch can decode them its own way.
pub struct RangeTerms<C: Convention> {
    /// On \\(A\\).
    pub base: Scalar<C>,
    /// On \\(\mathbf G\\) (\\(g\\) of them).
    pub g: Vec<Scalar<C>>,
    /// On \\(\mathbf H\\).
    pub h: Vec<Scalar<C>>,
    /// On the proof's points, in order.
    pub proof_points: Vec<Scalar<C>>,
    /// On the commitments, in order.
    pub commitments: Vec<Scalar<C>>,
    /// The number of norm rounds.
    pub rounds: usize,
}

/// Every challenge of a proof's transcript, in the fast form.
pub(crate) struct Challenges<F> {
    alpha: F,
    two: RoundTwo<F>,
    t: F,
    gammas: Vec<F>,
}

impl<F: Copy + PartialEq + From<u64> + core::ops::Add<Output = F> + core::ops::Mul<Output = F>>
    Challenges<F>
{
    /// What the equation needs inverted: every \\(\alpha + i\\), \\(\mu\\), \\(T\\)
    /// (`None`: one is zero, a degenerate challenge).
    pub(crate) fn to_invert(&self, shape: &super::Shape) -> Option<Vec<F>> {
        to_invert(shape, &self.alpha, &self.two, &[self.t])
    }
}

/// Replays the transcript of `proof` for `statement`: every challenge, after the checks of the
/// statement and of the proof's length (no point is decoded).
pub(crate) fn replay<C: Convention>(
    statement: &Statement<'_, C>,
    proof: &[u8],
) -> Result<Challenges<FastScalar<C>>, ProofError> {
    type G<C> = <C as Convention>::Group;
    statement.check()?;
    let shape = &statement.shape;
    if proof.len() != shape.proof_len::<C>() {
        return Err(DecodeError::InvalidLength(proof.len()).into());
    }
    let minimums = statement.all_minimums();
    let mut transcript = C::start(&statement.public_inputs(&minimums));
    let fast = |s: Scalar<C>| <G<C>>::to_fast(&s);
    let p = C::POINT_LEN;
    C::absorb(&mut transcript, b"MD", &proof[..2 * p]);
    let alpha = fast(nonzero::<C>(&mut transcript, b"alpha", 0)?);
    C::absorb(&mut transcript, b"R", &proof[2 * p..3 * p]);
    let two = round_two::<C>(&mut transcript)?;
    let two = RoundTwo {
        rho: fast(two.rho),
        x: fast(two.x),
        beta: fast(two.beta),
        delta: fast(two.delta),
        lambda: fast(two.lambda),
    };
    C::absorb(&mut transcript, b"S", &proof[3 * p..4 * p]);
    let t = fast(nonzero::<C>(&mut transcript, b"t", 0)?);
    let gammas = norm::challenges::<C>(&mut transcript, shape.g_len(), H_LEN, &proof[4 * p..])?;
    Ok(Challenges {
        alpha,
        two,
        t,
        gammas,
    })
}

/// Replays the transcript of `proof` for `statement` and computes its equation's scalars
/// (the arithmetic in the group's fast form, [`Group::FastScalar`]).
pub fn terms<C: Convention>(
    statement: &Statement<'_, C>,
    proof: &[u8],
) -> Result<RangeTerms<C>, ProofError> {
    type G<C> = <C as Convention>::Group;
    let challenges = replay(statement, proof)?;
    let mut inverses = challenges
        .to_invert(&statement.shape)
        .ok_or(ProofError::VerificationFailed)?;
    <(G<C>, Fast) as BatchInvert<_>>::batch_invert(&mut inverses);
    terms_with(statement, &challenges, &inverses, proof)
}

/// The equation's scalars from the replayed challenges and the inverses of their
/// [`Challenges::to_invert`] values.
pub(crate) fn terms_with<C: Convention>(
    statement: &Statement<'_, C>,
    challenges: &Challenges<FastScalar<C>>,
    inverses: &[FastScalar<C>],
    proof: &[u8],
) -> Result<RangeTerms<C>, ProofError> {
    type G<C> = <C as Convention>::Group;
    let shape = &statement.shape;
    if inverses.len() != shape.base() + 2 {
        return Err(ProofError::VerificationFailed);
    }
    let Challenges {
        alpha,
        ref two,
        t,
        ref gammas,
    } = *challenges;
    let publics = publics_with(shape, two, inverses);
    let t_inv = inverses[shape.base() + 1];
    let minimums = statement.all_minimums();
    let p = C::POINT_LEN;

    let (g_len, base, digits_len) = (shape.g_len(), shape.base(), shape.digits());
    let zero = FastScalar::<C>::from(0u64);
    let t_pows = powers_from_one(t, 7);
    let x_delta = two.x * two.delta;
    // p_i and v_pub.
    let mut p_vec = Vec::with_capacity(g_len);
    let mut v_pub = zero;
    for i in 0..g_len {
        let mut pi = zero;
        if i < digits_len {
            let shift = alpha - x_delta * publics.mu_inv_pows[i];
            pi += t_pows[0] * shift + t_pows[1] * publics.digit_weights[i] * publics.mu_inv_pows[i];
            v_pub += publics.mu_pows[i] + publics.digit_weights[i] * shift;
        }
        if i < base {
            pi += t_pows[2] * publics.c_m[i];
        }
        p_vec.push(pi);
    }
    let k = shape.digits_per_value();
    let two_t3 = t_pows[2] + t_pows[2];
    let mut commitments = Vec::with_capacity(shape.values());
    for (j, min) in minimums.iter().enumerate() {
        let lambda_j = publics.digit_weights[j * k];
        v_pub -= lambda_j * FastScalar::<C>::from(*min);
        commitments.push(<G<C>>::from_fast(&(two_t3 * lambda_j)));
    }
    v_pub *= two_t3;

    let c = c_vector(two.beta, t_inv, &t_pows);
    let norm_terms = norm::terms_from::<C>(g_len, &c, &two.rho, gammas, &proof[4 * p..])?;
    let own = |s: &FastScalar<C>| <G<C>>::from_fast(s);
    let mut proof_points = Vec::with_capacity(4 + norm_terms.rounds.len());
    proof_points.extend([two.delta, t_pows[0], t_pows[1], t_inv].iter().map(own));
    proof_points.extend(norm_terms.rounds.iter().map(own));
    Ok(RangeTerms {
        base: own(&(v_pub - norm_terms.base)),
        g: p_vec
            .iter()
            .zip(&norm_terms.g)
            .map(|(p, s)| own(&(*p - *s)))
            .collect(),
        h: norm_terms.h.iter().map(|s| own(&-*s)).collect(),
        rounds: norm_terms.rounds.len() / 2,
        proof_points,
        commitments,
    })
}

/// Verifies a proof with one multiscalar multiplication.
pub fn verify<C: Convention>(statement: &Statement<'_, C>, proof: &[u8]) -> Result<(), ProofError> {
    type G<C> = <C as Convention>::Group;
    let t = terms(statement, proof)?;
    let decoded = C::decode_proof_points(proof, t.rounds, false)?;
    let gens = statement.generators;
    let mut scalars =
        Vec::with_capacity(1 + t.g.len() + H_LEN + decoded.len() + t.commitments.len());
    let mut points = Vec::with_capacity(scalars.capacity());
    scalars.push(t.base);
    points.push(gens.value_base());
    scalars.extend_from_slice(&t.g);
    points.extend_from_slice(&gens.g()[..t.g.len()]);
    scalars.extend_from_slice(&t.h);
    points.extend_from_slice(gens.h());
    for (s, p) in t.proof_points.iter().zip(&decoded) {
        scalars.push(*s);
        points.push(p.point()?);
    }
    scalars.extend_from_slice(&t.commitments);
    for v in statement.commitments {
        points.push(v.point()?);
    }
    if <G<C>>::is_identity(&<G<C>>::vartime_multiscalar_mul(&scalars, &points)) {
        Ok(())
    } else {
        Err(ProofError::VerificationFailed)
    }
}

/// A Bulletproofs++ proof waiting in a [`crate::BatchVerifier`]: its statement (owned), its
/// bytes and its points (decoded when it was made, into the batch's form); the equation's
/// scalars are computed when the batch needs them, over the generator sets of `generators`
/// (shared by reference with every other proof that uses them).
pub struct PendingRangeProof<'g, C: Convention> {
    shape: super::Shape,
    generators: &'g BpppGenerators<C::Group>,
    commitments: Vec<crate::EncodedPoint<C::Group>>,
    minimums: Vec<u64>,
    extra: Vec<u8>,
    proof: Vec<u8>,
    points: Result<Vec<ProofPoint<C::Group>>, ProofError>,
    /// The transcript, replayed when the proof was added (so that the batch's chunk only
    /// inverts and sums).
    challenges: Result<Challenges<FastScalar<C>>, ProofError>,
}

impl<'g, C: Convention> PendingRangeProof<'g, C> {
    /// A proof for a batch.
    pub fn new(statement: &Statement<'g, C>, proof: &[u8]) -> Self {
        Self::with_generators(statement.generators, statement, proof)
    }

    /// A proof for a batch over `generators`, from a statement whose other parts may be
    /// borrowed for less long (they are copied).
    pub fn with_generators(
        generators: &'g BpppGenerators<C::Group>,
        statement: &Statement<'_, C>,
        proof: &[u8],
    ) -> Self {
        let shape = statement.shape;
        let points = if proof.len() == shape.proof_len::<C>() {
            let rounds = norm::schedule::<C>(shape.g_len(), H_LEN).0;
            C::decode_proof_points(proof, rounds, true)
        } else {
            Err(ProofError::Decode(DecodeError::InvalidLength(proof.len())))
        };
        Self::with_points(generators, statement, proof, points)
    }

    /// A proof for a batch whose points (`points`: \\(M, D, R, S\\), then the rounds') the
    /// caller has decoded (together with the commitments, where the group decodes many at once).
    pub(crate) fn with_decoded_points(
        generators: &'g BpppGenerators<C::Group>,
        statement: &Statement<'_, C>,
        proof: &[u8],
        points: Vec<ProofPoint<C::Group>>,
    ) -> Self {
        Self::with_points(generators, statement, proof, Ok(points))
    }

    fn with_points(
        generators: &'g BpppGenerators<C::Group>,
        statement: &Statement<'_, C>,
        proof: &[u8],
        points: Result<Vec<ProofPoint<C::Group>>, ProofError>,
    ) -> Self {
        let challenges = replay(statement, proof);
        PendingRangeProof {
            shape: statement.shape,
            generators,
            commitments: statement.commitments.to_vec(),
            minimums: statement.minimums.to_vec(),
            extra: statement.extra.to_vec(),
            proof: proof.to_vec(),
            points,
            challenges,
        }
    }

    /// Why the proof's bytes do not decode, if they do not (the batch then rejects it).
    pub fn decoding_error(&self) -> Option<ProofError> {
        self.points.as_ref().err().copied()
    }

    fn statement(&self) -> Statement<'_, C> {
        Statement::<C> {
            shape: self.shape,
            generators: self.generators,
            commitments: &self.commitments,
            minimums: &self.minimums,
            extra: &self.extra,
        }
    }

    /// The equation over the batch's generator sets, from the equation's scalars.
    fn equation_of(&self, t: RangeTerms<C>) -> Option<Equation<'g, C::Group>> {
        let decoded = self.points.as_ref().ok()?;
        let mut equation = Equation::new();
        equation
            .fixed(&self.generators.value_base, alloc::vec![t.base])
            .ok()?;
        equation.fixed(&self.generators.g, t.g).ok()?;
        equation.fixed(&self.generators.h, t.h).ok()?;
        for (scalar, point) in t.proof_points.iter().zip(decoded) {
            match point {
                ProofPoint::Plain(p) => equation.point(*scalar, *p),
                ProofPoint::Encoded(e) => equation.encoded_point(*scalar, e),
            }
        }
        for (scalar, point) in t.commitments.iter().zip(&self.commitments) {
            equation.encoded_point(*scalar, point);
        }
        Some(equation)
    }
}

impl<'g, C: Convention> PendingVerification<'g, C::Group> for PendingRangeProof<'g, C> {
    fn equation(&self) -> Option<Equation<'g, C::Group>> {
        let t = terms(&self.statement(), &self.proof).ok()?;
        self.equation_of(t)
    }

    /// Every \\(\alpha + i\\), \\(\mu\\) and \\(T\\): inverted with the rest of the
    /// batch's chunk (nothing when the proof is already rejected: its equation is `None`).
    fn to_invert(&self) -> Vec<FastScalar<C>> {
        match &self.challenges {
            Ok(challenges) => challenges
                .to_invert(&self.shape)
                .unwrap_or_else(|| alloc::vec![FastScalar::<C>::from(0u64)]),
            Err(_) => Vec::new(),
        }
    }

    fn equation_with(
        &self,
        inverses: &[FastScalar<C>],
        _decoded: &[crate::EncodedPoint<C::Group>],
    ) -> Option<Equation<'g, C::Group>> {
        let challenges = self.challenges.as_ref().ok()?;
        let t = terms_with(&self.statement(), challenges, inverses, &self.proof).ok()?;
        self.equation_of(t)
    }
}
