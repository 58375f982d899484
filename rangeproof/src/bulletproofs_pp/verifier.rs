//! The Bulletproofs++ verifier: the transcript replayed, the public parts of \\(C\\) computed,
//! and \\(C\\) substituted into the norm argument's equation, so that one multiscalar
//! multiplication checks the proof:
//! \\[ \delta M + TD + T^2R + T^{-1}S + 2T^3\textstyle\sum_j\lambda^jV_j + \sum_r(\gamma_r X_r +
//!   (\gamma_r^2-1)R_r) + (v_{\mathrm{pub}} - v)A + \langle \mathbf p - \mathbf s_g, \mathbf
//!   G\rangle - \langle \mathbf s_h, \mathbf H\rangle = 0, \\]
//! with \\(p_i = [i<K]\,(T(\alpha - x\delta\mu^{-(i+1)}) + T^2\lambda^jb^{i'}\mu^{-(i+1)}) +
//! [i<b]\,T^3c_{m,i}\\) and \\(v_{\mathrm{pub}} = 2T^3(\sum_{i<K}\mu^{i+1} +
//! \sum_{i<K}\lambda^jb^{i'}(\alpha - x\delta\mu^{-(i+1)}) - \sum_j\lambda^j\mathrm{min}_j)\\)
//! (digit \\(i = jk + i'\\)); \\(v, \mathbf s_g, \mathbf s_h\\) are the norm argument's
//! ([`super::norm::terms`]).

use alloc::vec::Vec;

use super::norm;
use super::prover::{c_vector, nonzero, powers_from_one, publics, round_two};
use super::{BpppGenerators, Convention, Statement, H_LEN};
use crate::equation::{Equation, PendingVerification};
use crate::group::Group;
use crate::ProofError;

type Scalar<C> = <<C as Convention>::Group as Group>::Scalar;
type Point<C> = <<C as Convention>::Group as Group>::Point;

/// A proof's verification equation: scalars on \\(A\\), \\(\mathbf G\\), \\(\mathbf H\\) and on
/// the proof's points and commitments; valid when the sum is the identity.
pub struct RangeTerms<C: Convention> {
    /// On \\(A\\).
    pub base: Scalar<C>,
    /// On \\(\mathbf G\\) (\\(g\\) of them).
    pub g: Vec<Scalar<C>>,
    /// On \\(\mathbf H\\).
    pub h: Vec<Scalar<C>>,
    /// On the proof's points and the commitments.
    pub points: Vec<(Scalar<C>, Point<C>)>,
}

/// Replays the transcript of `proof` for `statement` and computes its equation.
pub fn terms<C: Convention>(
    statement: &Statement<'_, C>,
    proof: &[u8],
) -> Result<RangeTerms<C>, ProofError> {
    type G<C> = <C as Convention>::Group;
    statement.check()?;
    let shape = &statement.shape;
    if proof.len() != shape.proof_len::<C>() {
        return Err(ProofError::InvalidLength(proof.len()));
    }
    let minimums = statement.all_minimums();
    let mut transcript = C::start(&statement.public_inputs(&minimums));
    let p = C::POINT_LEN;
    let big_m = C::decode_point(&proof[..p])?;
    let big_d = C::decode_point(&proof[p..2 * p])?;
    let big_r = C::decode_point(&proof[2 * p..3 * p])?;
    let big_s = C::decode_point(&proof[3 * p..4 * p])?;
    C::absorb(&mut transcript, b"MD", &proof[..2 * p]);
    let alpha = nonzero::<C>(&mut transcript, b"alpha", 0)?;
    C::absorb(&mut transcript, b"R", &proof[2 * p..3 * p]);
    let two = round_two::<C>(&mut transcript)?;
    C::absorb(&mut transcript, b"S", &proof[3 * p..4 * p]);
    let t = nonzero::<C>(&mut transcript, b"t", 0)?;
    let publics = publics::<C>(shape, &alpha, &two)?;

    let (g_len, base, digits_len) = (shape.g_len(), shape.base(), shape.digits());
    let t_pows = powers_from_one(t, 7);
    let t_inv = <G<C>>::invert(&t);
    let x_delta = two.x * two.delta;
    // p_i and v_pub.
    let mut p_vec = Vec::with_capacity(g_len);
    let mut v_pub = <G<C>>::zero();
    for i in 0..g_len {
        let mut pi = <G<C>>::zero();
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
    let mut lambda_weights = Vec::with_capacity(shape.values());
    for (j, min) in minimums.iter().enumerate() {
        let lambda_j = publics.digit_weights[j * k];
        v_pub -= lambda_j * Scalar::<C>::from(*min);
        lambda_weights.push(lambda_j);
    }
    let two_t3 = t_pows[2] + t_pows[2];
    v_pub *= two_t3;

    let c = c_vector(two.beta, t_inv, &t_pows);
    let norm_terms = norm::terms::<C>(&mut transcript, g_len, &c, &two.rho, &proof[4 * p..])?;
    let mut points = Vec::with_capacity(4 + shape.values() + norm_terms.points.len());
    points.push((two.delta, big_m));
    points.push((t_pows[0], big_d));
    points.push((t_pows[1], big_r));
    points.push((t_inv, big_s));
    for (lambda_j, v) in lambda_weights.iter().zip(statement.commitments) {
        points.push((two_t3 * *lambda_j, *v));
    }
    points.extend(norm_terms.points);
    Ok(RangeTerms {
        base: v_pub - norm_terms.base,
        g: p_vec
            .iter()
            .zip(&norm_terms.g)
            .map(|(p, s)| *p - *s)
            .collect(),
        h: norm_terms.h.iter().map(|s| -*s).collect(),
        points,
    })
}

/// Verifies a proof with one multiscalar multiplication.
pub fn verify<C: Convention>(statement: &Statement<'_, C>, proof: &[u8]) -> Result<(), ProofError> {
    type G<C> = <C as Convention>::Group;
    let t = terms(statement, proof)?;
    let gens = statement.generators;
    let mut scalars = Vec::with_capacity(1 + t.g.len() + H_LEN + t.points.len());
    let mut points = Vec::with_capacity(scalars.capacity());
    scalars.push(t.base);
    points.push(gens.value_base());
    scalars.extend_from_slice(&t.g);
    points.extend_from_slice(&gens.g()[..t.g.len()]);
    scalars.extend_from_slice(&t.h);
    points.extend_from_slice(gens.h());
    for (s, p) in t.points {
        scalars.push(s);
        points.push(p);
    }
    if <G<C>>::is_identity(&<G<C>>::vartime_multiscalar_mul(&scalars, &points)) {
        Ok(())
    } else {
        Err(ProofError::VerificationFailed)
    }
}

/// A Bulletproofs++ proof waiting in a [`crate::BatchVerifier`]: its statement (owned) and
/// bytes; the equation is computed when the batch needs it, over the generator sets of
/// `generators` (shared by reference with every other proof that uses them).
pub struct PendingRangeProof<'g, C: Convention> {
    shape: super::Shape,
    generators: &'g BpppGenerators<C::Group>,
    commitments: Vec<Point<C>>,
    minimums: Vec<u64>,
    extra: Vec<u8>,
    proof: Vec<u8>,
}

impl<'g, C: Convention> PendingRangeProof<'g, C> {
    /// A proof for a batch.
    pub fn new(statement: &Statement<'g, C>, proof: &[u8]) -> Self {
        PendingRangeProof {
            shape: statement.shape,
            generators: statement.generators,
            commitments: statement.commitments.to_vec(),
            minimums: statement.minimums.to_vec(),
            extra: statement.extra.to_vec(),
            proof: proof.to_vec(),
        }
    }
}

impl<'g, C: Convention> PendingVerification<'g, C::Group> for PendingRangeProof<'g, C> {
    fn equation(&self) -> Option<Equation<'g, C::Group>> {
        let statement = Statement::<C> {
            shape: self.shape,
            generators: self.generators,
            commitments: &self.commitments,
            minimums: &self.minimums,
            extra: &self.extra,
        };
        let t = terms(&statement, &self.proof).ok()?;
        let mut equation = Equation::new();
        equation
            .fixed(&self.generators.value_base, alloc::vec![t.base])
            .ok()?;
        equation.fixed(&self.generators.g, t.g).ok()?;
        equation.fixed(&self.generators.h, t.h).ok()?;
        for (scalar, point) in t.points {
            equation.point(scalar, point);
        }
        Some(equation)
    }
}
