//! The k-shuffle: the values in `y` are a permutation of the values in `x`.
//!
//! Both lists are evaluated as polynomials at a challenge \\(z\\) drawn after they are committed:
//! \\(\prod_i (x_i - z) = \prod_i (y_i - z)\\). Two different multisets give different monic
//! polynomials, which agree at a random \\(z\\) with probability at most \\(k/p\\)
//! (Schwartz–Zippel). Each product is a chain of \\(k - 1\\) multipliers.
//!
//! This is the reference crate's `ShuffleProof` gadget, gate for gate and constraint for
//! constraint (its transcript preamble is [`shuffle_transcript`]), so that proofs made with
//! either verify with the other: for \\(k = 1\\) one linear constraint \\(y_0 - x_0 = 0\\);
//! otherwise everything in the second phase, the \\(x\\) chain
//! \\((x_{k-1} - z)(x_{k-2} - z)\\), then times \\((x_i - z)\\) for \\(i = k-3, \ldots, 0\\),
//! then the same over \\(y\\), and last the two chains' outputs constrained equal.

use merlin::Transcript;

use crate::group::Group;
use crate::r1cs::{
    ConstraintSystem, Lc, R1csError, RandomizableConstraintSystem, RandomizedConstraintSystem,
    Variable,
};

/// Adds the shuffle constraints between `x` and `y` (the same length, at least 1).
pub fn shuffle<G: Group, CS: RandomizableConstraintSystem<G>>(
    cs: &mut CS,
    x: Vec<Variable>,
    y: Vec<Variable>,
) -> Result<(), R1csError> {
    let k = x.len();
    if k == 0 || y.len() != k {
        return Err(R1csError::Gadget(
            "a shuffle needs two lists of the same length k >= 1",
        ));
    }
    if k == 1 {
        cs.constrain(Lc::<G>::from(y[0]) - x[0]);
        return Ok(());
    }
    cs.specify_randomized_constraints(move |cs| {
        let z = cs.challenge_scalar(b"shuffle challenge");
        let x_out = product_chain::<G, _>(cs, &x, z);
        let y_out = product_chain::<G, _>(cs, &y, z);
        cs.constrain(Lc::<G>::from(x_out) - y_out);
        Ok(())
    })
}

/// \\(\prod_i (v_i - z)\\) as a chain from the last element down; returns its output.
fn product_chain<G: Group, CS: RandomizedConstraintSystem<G>>(
    cs: &mut CS,
    v: &[Variable],
    z: G::Scalar,
) -> Variable {
    let k = v.len();
    let minus_z = |var: Variable| Lc::<G>::from(var) - Lc::<G>::constant(z);
    let (_, _, mut out) = cs.multiply(minus_z(v[k - 1]), minus_z(v[k - 2]));
    for i in (0..k - 2).rev() {
        let (_, _, o) = cs.multiply(out.into(), minus_z(v[i]));
        out = o;
    }
    out
}

/// The reference test's transcript preamble: `Transcript::new(label)` (merlin absorbs the
/// label as `dom-sep`), then `dom-sep "ShuffleProof"` and `k`. The label may be one known only
/// at run time (documents): [`crate::transcript::merlin_transcript`] starts it without keeping it.
pub fn shuffle_transcript(label: &[u8], k: usize) -> Transcript {
    let mut t = crate::transcript::merlin_transcript(label);
    t.append_message(b"dom-sep", b"ShuffleProof");
    t.append_u64(b"k", k as u64);
    t
}

/// A value and its blinding factor: the opening of a commitment.
pub type Opening<G> = (<G as Group>::Scalar, <G as Group>::Scalar);

/// Proves that `outputs` hold a permutation of the values of `inputs` (the reference's
/// `ShuffleProof::prove`); returns the proof and both lists of commitments. Fails with
/// [`R1csError::Unsatisfied`] if the values are not a permutation.
pub fn prove_shuffle<G: Group>(
    gens: &crate::r1cs::R1csGens<G>,
    flavor: crate::r1cs::R1csConvention,
    label: &[u8],
    inputs: &[Opening<G>],
    outputs: &[Opening<G>],
) -> Result<ShuffleProved<G>, R1csError>
where
    Transcript: crate::transcript::TranscriptProtocol<G>,
{
    let k = inputs.len();
    if k == 0 || outputs.len() != k {
        return Err(R1csError::Gadget(
            "a shuffle needs two lists of the same length k >= 1",
        ));
    }
    let mut prover = crate::r1cs::Prover::new(gens, flavor, shuffle_transcript(label, k));
    let (input_commitments, x): (Vec<_>, Vec<_>) =
        inputs.iter().map(|(v, b)| prover.commit(*v, *b)).unzip();
    let (output_commitments, y): (Vec<_>, Vec<_>) =
        outputs.iter().map(|(v, b)| prover.commit(*v, *b)).unzip();
    shuffle::<G, _>(&mut prover, x, y)?;
    Ok(ShuffleProved {
        proof: prover.prove()?,
        input_commitments,
        output_commitments,
    })
}

/// What [`prove_shuffle`] returns.
#[derive(Clone, Debug)]
pub struct ShuffleProved<G: Group> {
    /// The proof.
    pub proof: crate::r1cs::R1csProof<G>,
    /// Commitments to the inputs, in order.
    pub input_commitments: Vec<G::PointEncoding>,
    /// Commitments to the outputs, in order.
    pub output_commitments: Vec<G::PointEncoding>,
}

/// Checks a shuffle proof (the reference's `ShuffleProof::verify`).
pub fn verify_shuffle<G: Group>(
    gens: &crate::r1cs::R1csGens<G>,
    flavor: crate::r1cs::R1csConvention,
    label: &[u8],
    input_commitments: &[G::PointEncoding],
    output_commitments: &[G::PointEncoding],
    proof: &crate::r1cs::R1csProof<G>,
) -> Result<(), R1csError>
where
    Transcript: crate::transcript::TranscriptProtocol<G>,
{
    let verifier = shuffle_verifier(gens, flavor, label, input_commitments, output_commitments)?;
    verifier.verify(proof)
}

/// The verifier of a shuffle, circuit built, ready for a proof (or for a batch).
pub fn shuffle_verifier<'g, G: Group>(
    gens: &'g crate::r1cs::R1csGens<G>,
    flavor: crate::r1cs::R1csConvention,
    label: &[u8],
    input_commitments: &[G::PointEncoding],
    output_commitments: &[G::PointEncoding],
) -> Result<crate::r1cs::Verifier<'g, G, Transcript>, R1csError>
where
    Transcript: crate::transcript::TranscriptProtocol<G>,
{
    let k = input_commitments.len();
    if k == 0 || output_commitments.len() != k {
        return Err(R1csError::Gadget(
            "a shuffle needs two lists of the same length k >= 1",
        ));
    }
    let mut verifier = crate::r1cs::Verifier::new(gens, flavor, shuffle_transcript(label, k));
    let x = input_commitments
        .iter()
        .map(|c| verifier.commit(c))
        .collect::<Result<Vec<_>, _>>()?;
    let y = output_commitments
        .iter()
        .map(|c| verifier.commit(c))
        .collect::<Result<Vec<_>, _>>()?;
    shuffle::<G, _>(&mut verifier, x, y)?;
    Ok(verifier)
}
