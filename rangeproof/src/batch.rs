//! Batch verification: many proofs, of any shapes, in one multiscalar multiplication.
//!
//! Each proof's verification equation (see [`crate::bulletproofs::verifier`]) is a sum of
//! multiples of fixed generators and of the proof's own points that must equal the identity.
//! [`BatchVerifier`] multiplies each equation by an independent uniformly random scalar
//! \\(\omega_k\\) (a full scalar, far beyond 128 bits of soundness) and adds them: the scalars of
//! each fixed generator are summed across proofs, so a batch of \\(K\\) single proofs costs one
//! MSM of about \\(17K + 130\\) points instead of \\(K\\) MSMs of 147. If any proof is invalid the
//! sum is non-zero except with probability \\(1/\ell\\).
//!
//! When the batch fails, [`BatchVerifier::verify`] finds the invalid proofs by bisection: it
//! re-checks halves of the failing set (with the same weights, which stay independent of the
//! proofs) until single proofs remain. With \\(f\\) invalid proofs among \\(K\\) this costs
//! \\(O(f \log K)\\) sub-batch checks.

use rand_core::{CryptoRng, RngCore};

use crate::bulletproofs::verifier::Replayed;
use crate::bulletproofs::RangeProof;
use crate::bulletproofs_plus::verifier::Challenges;
use crate::bulletproofs_plus::{RangeProofPlus, Statement};
use crate::errors::BatchError;
use crate::generators::{Generators, VectorGens};
use crate::group::Group;
use crate::msm;
use crate::transcript::TranscriptProtocol;
use crate::verification::decode_commitments;
use crate::verification::VerificationTerms;

enum Entry<'g, G: Group> {
    /// Failed before the group equation (bad encoding, identity point, wrong shape, ...).
    Rejected,
    /// Replayed: what is left is scalar work, done by [`BatchVerifier::verify`].
    Pending {
        gens: &'g Generators<G>,
        work: Work<G>,
    },
}

/// A replayed proof and its batch weight.
enum Work<G: Group> {
    Bulletproof(Box<RangeProof<G>>, Replayed<G>, G::Scalar),
    BulletproofPlus(Box<RangeProofPlus<G>>, Challenges<G>, G::Scalar),
}

impl<G: Group> Work<G> {
    /// The weighted verification equation (`None` if a degenerate challenge rejects it).
    fn terms(&self) -> Option<VerificationTerms<G>> {
        match self {
            Work::Bulletproof(proof, replayed, weight) => Some(proof.terms(replayed, *weight)),
            Work::BulletproofPlus(proof, challenges, weight) => {
                proof.terms(challenges, *weight).ok()
            }
        }
    }
}

/// A proof's weighted equation and the generators it refers to.
type Equation<'g, G> = (&'g Generators<G>, VerificationTerms<G>);

/// A caller-owned accumulator of proofs to verify together.
///
/// ```
/// # use rangeproof::{BatchVerifier, RangeProof, Ristretto255, generators::dalek};
/// # use merlin::Transcript;
/// # use rand_core::OsRng;
/// let gens = dalek::generators();
/// let mut batch = BatchVerifier::new();
/// for v in [7u64, 1 << 20] {
///     let blinding = <Ristretto255 as rangeproof::Group>::random_scalar(&mut OsRng);
///     let mut t = Transcript::new(b"doc");
///     let (proof, v_c) = RangeProof::prove_single(gens, &mut t, v, &blinding, 32, &mut OsRng).unwrap();
///     let mut t = Transcript::new(b"doc");
///     batch.add_bulletproof(gens, &proof, &mut t, &[v_c.bytes], 32, &mut OsRng);
/// }
/// assert!(batch.verify().is_ok());
/// ```
pub struct BatchVerifier<'g, G: Group> {
    entries: Vec<Entry<'g, G>>,
}

impl<G: Group> Default for BatchVerifier<'_, G> {
    fn default() -> Self {
        Self::new()
    }
}

/// Summed scalars of one flavor's Pedersen bases.
struct PedersenSums<'g, G: Group> {
    gens: &'g Generators<G>,
    b: G::Scalar,
    blinding: Vec<G::Scalar>,
}

/// Summed scalars of one set of vector generators (shared by flavors that use the same
/// chains, so a mixed batch multiplies each \\(G_{j,i}, H_{j,i}\\) once).
struct VectorSums<'g, G: Group> {
    vector: &'g VectorGens<G>,
    /// Per party: scalars of \\(G_{j,i}\\) and \\(H_{j,i}\\).
    g: Vec<Vec<G::Scalar>>,
    h: Vec<Vec<G::Scalar>>,
}

impl<'g, G: Group> BatchVerifier<'g, G> {
    /// An empty batch.
    pub fn new() -> Self {
        BatchVerifier {
            entries: Vec::new(),
        }
    }

    /// Number of proofs added.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no proof was added.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Adds a Bulletproofs range proof; returns its position in the batch.
    ///
    /// The transcript is replayed now (so the caller's transcript is consumed as by
    /// [`RangeProof::verify_multiple`]); the scalar work and the group equation are left to
    /// [`Self::verify`] (which, with the `parallel` feature, spreads the scalar work over
    /// threads). A proof that fails before the group equation (undecodable commitment,
    /// identity prover message, wrong shape) is recorded as invalid.
    pub fn add_bulletproof<T, R>(
        &mut self,
        gens: &'g Generators<G>,
        proof: &RangeProof<G>,
        transcript: &mut T,
        commitments: &[[u8; 32]],
        n: usize,
        rng: &mut R,
    ) -> usize
    where
        T: TranscriptProtocol<G>,
        R: RngCore + CryptoRng,
    {
        let weight = G::random_scalar(rng);
        let work = decode_commitments::<G>(commitments)
            .and_then(|v| proof.replay(gens, transcript, &v, n, rng))
            .map(|replayed| Work::Bulletproof(Box::new(proof.clone()), replayed, weight));
        self.push(gens, work)
    }

    /// Adds a Bulletproofs+ range proof; returns its position in the batch. As
    /// [`Self::add_bulletproof`]: the transcript is replayed now, the equation checked by
    /// [`Self::verify`] together with every other proof, of either scheme.
    pub fn add_bulletproof_plus<T, R>(
        &mut self,
        gens: &'g Generators<G>,
        proof: &RangeProofPlus<G>,
        transcript: &mut T,
        statement: &Statement<'_>,
        commitments: &[[u8; 32]],
        rng: &mut R,
    ) -> usize
    where
        T: TranscriptProtocol<G>,
        R: RngCore + CryptoRng,
    {
        let weight = G::random_scalar(rng);
        let work = decode_commitments::<G>(commitments)
            .and_then(|v| proof.replay(gens, transcript, statement, &v))
            .map(|challenges| Work::BulletproofPlus(Box::new(proof.clone()), challenges, weight));
        self.push(gens, work)
    }

    /// Records a replayed proof, or its early rejection; returns its position.
    fn push(&mut self, gens: &'g Generators<G>, work: Result<Work<G>, crate::ProofError>) -> usize {
        let entry = work.map_or(Entry::Rejected, |work| Entry::Pending { gens, work });
        self.entries.push(entry);
        self.entries.len() - 1
    }

    /// Every pending proof's weighted equation (`None` for proofs already rejected). With the
    /// `parallel` feature the proofs' scalar work is spread over the rayon threads.
    fn equations(&self) -> Vec<Option<Equation<'g, G>>> {
        let compute = |entry: &Entry<'g, G>| match entry {
            Entry::Rejected => None,
            Entry::Pending { gens, work } => work.terms().map(|terms| (*gens, terms)),
        };
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            self.entries.par_iter().map(compute).collect()
        }
        #[cfg(not(feature = "parallel"))]
        {
            self.entries.iter().map(compute).collect()
        }
    }

    /// Checks every proof added so far. On failure, reports the positions of all invalid
    /// proofs.
    pub fn verify(&self) -> Result<(), BatchError> {
        let equations = self.equations();
        let mut invalid = Vec::new();
        let mut pending = Vec::with_capacity(equations.len());
        for (k, equation) in equations.iter().enumerate() {
            match equation {
                None => invalid.push(k),
                Some(_) => pending.push(k),
            }
        }
        invalid.extend(bisect(&equations, &pending));
        if invalid.is_empty() {
            Ok(())
        } else {
            invalid.sort_unstable();
            Err(BatchError { invalid })
        }
    }
}

/// The positions among `subset` whose equations do not hold. With the `parallel`
/// feature the two halves are searched on different threads.
fn bisect<G: Group>(equations: &[Option<Equation<'_, G>>], subset: &[usize]) -> Vec<usize> {
    if subset.is_empty() || holds(equations, subset) {
        return Vec::new();
    }
    if subset.len() == 1 {
        return subset.to_vec();
    }
    let (left, right) = subset.split_at(subset.len() / 2);
    #[cfg(feature = "parallel")]
    let (mut found, more) = rayon::join(|| bisect(equations, left), || bisect(equations, right));
    #[cfg(not(feature = "parallel"))]
    let (mut found, more) = (bisect(equations, left), bisect(equations, right));
    found.extend(more);
    found
}

/// Whether the weighted sum of the equations of `subset` is the identity: one MSM.
fn holds<'g, G: Group>(equations: &[Option<Equation<'g, G>>], subset: &[usize]) -> bool {
    if let [k] = subset {
        if let Some((gens, terms)) = &equations[*k] {
            return terms.is_zero(gens);
        }
    }
    let mut pedersen: Vec<PedersenSums<'g, G>> = Vec::new();
    let mut vector: Vec<VectorSums<'g, G>> = Vec::new();
    let mut scalars = Vec::new();
    let mut points = Vec::new();
    for &k in subset {
        let Some((gens, terms)) = &equations[k] else {
            continue;
        };
        let p = match pedersen.iter().position(|s| core::ptr::eq(s.gens, *gens)) {
            Some(i) => i,
            None => {
                let blinding = vec![G::zero(); gens.pedersen().blinding.len()];
                pedersen.push(PedersenSums {
                    gens,
                    b: G::zero(),
                    blinding,
                });
                pedersen.len() - 1
            }
        };
        let sum = &mut pedersen[p];
        sum.b += terms.b;
        for (acc, s) in sum.blinding.iter_mut().zip(&terms.blinding) {
            *acc += *s;
        }

        let gens: &'g Generators<G> = gens;
        let v = match vector
            .iter()
            .position(|s| core::ptr::eq(s.vector, gens.vector()))
        {
            Some(i) => i,
            None => {
                vector.push(VectorSums {
                    vector: gens.vector(),
                    g: Vec::new(),
                    h: Vec::new(),
                });
                vector.len() - 1
            }
        };
        let sum = &mut vector[v];
        if sum.g.len() < terms.m {
            sum.g.resize_with(terms.m, Vec::new);
            sum.h.resize_with(terms.m, Vec::new);
        }
        for j in 0..terms.m {
            let (g_acc, h_acc) = (&mut sum.g[j], &mut sum.h[j]);
            if g_acc.len() < terms.n {
                g_acc.resize(terms.n, G::zero());
                h_acc.resize(terms.n, G::zero());
            }
            let range = j * terms.n..(j + 1) * terms.n;
            for (acc, s) in g_acc.iter_mut().zip(&terms.g[range.clone()]) {
                *acc += *s;
            }
            for (acc, s) in h_acc.iter_mut().zip(&terms.h[range]) {
                *acc += *s;
            }
        }
        scalars.extend_from_slice(&terms.dynamic_scalars);
        points.extend_from_slice(&terms.dynamic_points);
    }
    for sum in &pedersen {
        let pc = sum.gens.pedersen();
        scalars.push(sum.b);
        points.push(pc.b);
        scalars.extend_from_slice(&sum.blinding);
        points.extend_from_slice(&pc.blinding);
    }
    for sum in &vector {
        for (j, (g_acc, h_acc)) in sum.g.iter().zip(&sum.h).enumerate() {
            let (g_pts, h_pts) = sum.vector.party_gens(j, g_acc.len());
            scalars.extend_from_slice(g_acc);
            points.extend_from_slice(g_pts);
            scalars.extend_from_slice(h_acc);
            points.extend_from_slice(h_pts);
        }
    }
    G::is_identity(&msm::vartime::<G>(&scalars, &points))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generators::dalek;
    use crate::group::Ristretto255;
    use merlin::Transcript;
    use rand::rngs::OsRng;

    type G = Ristretto255;

    struct Sample {
        proof: RangeProof<G>,
        commitments: Vec<[u8; 32]>,
        n: usize,
    }

    fn sample(n: usize, m: usize) -> Sample {
        let values: Vec<u64> = (0..m as u64).map(|j| j * 3 + 1).collect();
        let blindings: Vec<_> = (0..m).map(|_| G::random_scalar(&mut OsRng)).collect();
        let (proof, c) = RangeProof::prove_multiple(
            dalek::generators(),
            &mut Transcript::new(b"batch"),
            &values,
            &blindings,
            n,
            &mut OsRng,
        )
        .expect("prove");
        Sample {
            proof,
            commitments: c.iter().map(|c| c.bytes).collect(),
            n,
        }
    }

    fn add(batch: &mut BatchVerifier<'static, G>, s: &Sample, commitments: &[[u8; 32]]) {
        batch.add_bulletproof(
            dalek::generators(),
            &s.proof,
            &mut Transcript::new(b"batch"),
            commitments,
            s.n,
            &mut OsRng,
        );
    }

    #[test]
    fn empty_batch_verifies() {
        assert!(BatchVerifier::<G>::new().verify().is_ok());
    }

    #[test]
    fn mixed_shapes_verify_together_and_failures_are_attributed() {
        let shapes = [
            (8, 1),
            (64, 1),
            (16, 2),
            (32, 3),
            (8, 4),
            (64, 2),
            (16, 1),
            (32, 8),
        ];
        let samples: Vec<Sample> = shapes.iter().map(|&(n, m)| sample(n, m)).collect();
        let mut batch = BatchVerifier::new();
        for s in &samples {
            add(&mut batch, s, &s.commitments);
        }
        assert_eq!(batch.len(), shapes.len());
        batch.verify().expect("all valid");

        // Corrupt proofs 1 and 6 (other commitments) and 3 (identity A, rejected on add).
        let mut batch = BatchVerifier::new();
        for (k, s) in samples.iter().enumerate() {
            match k {
                1 => add(&mut batch, s, &samples[6].commitments),
                6 => add(&mut batch, s, &samples[1].commitments),
                3 => {
                    let mut bytes = s.proof.to_bytes();
                    bytes[..32].fill(0);
                    let bad = Sample {
                        proof: RangeProof::from_bytes(&bytes).expect("decodes"),
                        commitments: vec![],
                        n: s.n,
                    };
                    add(&mut batch, &bad, &s.commitments);
                }
                _ => add(&mut batch, s, &s.commitments),
            }
        }
        assert_eq!(
            batch.verify(),
            Err(BatchError {
                invalid: vec![1, 3, 6]
            })
        );
    }

    #[test]
    fn bulletproofs_plus_join_the_same_batch() {
        use crate::bulletproofs_plus::{RangeProofPlus, Statement};
        use crate::generators::tari;
        let mins = [5u64, 0];
        let statements = [
            Statement {
                bits: 8,
                extension_degree: 1,
                minimum_values: None,
            },
            Statement {
                bits: 64,
                extension_degree: 3,
                minimum_values: None,
            },
            Statement {
                bits: 16,
                extension_degree: 2,
                minimum_values: Some(&mins),
            },
        ];
        let plus: Vec<(RangeProofPlus<G>, Vec<[u8; 32]>)> = statements
            .iter()
            .map(|st| {
                let m = st.minimum_values.map_or(1, |m| m.len());
                let values: Vec<u64> = (0..m as u64).map(|j| 10 + j).collect();
                let blindings: Vec<Vec<_>> = (0..m)
                    .map(|_| {
                        (0..st.extension_degree)
                            .map(|_| G::random_scalar(&mut OsRng))
                            .collect()
                    })
                    .collect();
                let (p, c) = RangeProofPlus::prove(
                    tari::generators(),
                    &mut Transcript::new(b"batch"),
                    st,
                    &values,
                    &blindings,
                    None,
                    &mut OsRng,
                )
                .expect("prove");
                (p, c.iter().map(|c| c.bytes).collect())
            })
            .collect();
        let bp: Vec<Sample> = [(64, 1), (8, 2)]
            .iter()
            .map(|&(n, m)| sample(n, m))
            .collect();
        let build = |corrupt: Option<usize>| {
            let mut batch = BatchVerifier::new();
            for (k, ((p, c), st)) in plus.iter().zip(&statements).enumerate() {
                let other = [[0u8; 32]; 2];
                let commitments = if corrupt == Some(k) {
                    &other[..c.len()]
                } else {
                    &c[..]
                };
                batch.add_bulletproof_plus(
                    tari::generators(),
                    p,
                    &mut Transcript::new(b"batch"),
                    st,
                    commitments,
                    &mut OsRng,
                );
            }
            for (k, s) in bp.iter().enumerate() {
                let commitments = if corrupt == Some(3 + k) {
                    &bp[1 - k].commitments
                } else {
                    &s.commitments
                };
                add(&mut batch, s, commitments);
            }
            batch
        };
        build(None).verify().expect("mixed batch verifies");
        for bad in 0..5 {
            assert_eq!(
                build(Some(bad)).verify(),
                Err(BatchError { invalid: vec![bad] }),
                "bad = {bad}"
            );
        }
    }

    /// A peer library was found to check only the first 256 proofs of a batch.
    #[test]
    fn a_bad_proof_after_any_chunk_boundary_is_found() {
        let samples: Vec<Sample> = (0..300).map(|_| sample(8, 1)).collect();
        let mut batch = BatchVerifier::new();
        for (k, s) in samples.iter().enumerate() {
            let commitments = if k == 299 {
                &samples[0].commitments
            } else {
                &s.commitments
            };
            add(&mut batch, s, commitments);
        }
        assert_eq!(batch.verify(), Err(BatchError { invalid: vec![299] }));

        let mut batch = BatchVerifier::new();
        for s in &samples {
            add(&mut batch, s, &s.commitments);
        }
        batch.verify().expect("all 300 valid");
    }
}
