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
//! Memory stays proportional to the proofs themselves, not to their equations: a proof's
//! equation carries \\(2nm\\) generator scalars (256 KiB at \\(n = m = 64\\)), so equations are
//! computed a chunk at a time as proofs are added (in parallel with the `parallel` feature)
//! and folded into running sums — per generator, and the proofs' own points — and then
//! dropped. [`BatchVerifier::verify`] finishes the last chunk and runs the one multiscalar
//! multiplication.
//!
//! When the batch fails, [`BatchVerifier::verify`] finds the invalid proofs by bisection: it
//! re-checks halves of the failing set (with the same weights, which stay independent of the
//! proofs) until single proofs remain, recomputing the equations of each half from the kept
//! transcript replays, again a chunk at a time. With \\(f\\) invalid proofs among \\(K\\) this
//! costs \\(O(f \log K)\\) sub-batch checks.

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

/// Equations are computed and folded into the running sums in chunks of at most this many
/// proofs ...
const CHUNK_PROOFS: usize = 256;
/// ... or of at most this many generator scalars \\(\sum 2nm\\) (4 MiB of scalars), whichever
/// comes first: large proofs flush sooner.
const CHUNK_SCALARS: usize = 1 << 17;

enum Entry<'g, G: Group> {
    /// Failed before the group equation (bad encoding, identity point, wrong shape,
    /// degenerate challenge, ...).
    Rejected,
    /// Replayed: the equation is computed from this when needed (kept for blame).
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

    /// Generator scalars its equation carries: \\(2nm'\\).
    fn static_len(&self) -> usize {
        let (n, m) = match self {
            Work::Bulletproof(_, r, _) => r.shape(),
            Work::BulletproofPlus(_, c, _) => c.shape(),
        };
        2 * n * m
    }
}

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
    /// Entries before this index are folded into `sums` (or rejected).
    folded: usize,
    /// Generator scalars of the entries not folded yet.
    unfolded_scalars: usize,
    /// The running sum of the folded equations.
    sums: Sums<'g, G>,
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

/// The sum of weighted equations: scalars per fixed generator, and every proof's own points
/// with their scalars.
struct Sums<'g, G: Group> {
    pedersen: Vec<PedersenSums<'g, G>>,
    vector: Vec<VectorSums<'g, G>>,
    scalars: Vec<G::Scalar>,
    points: Vec<G::Point>,
}

impl<'g, G: Group> Sums<'g, G> {
    fn new() -> Self {
        Sums {
            pedersen: Vec::new(),
            vector: Vec::new(),
            scalars: Vec::new(),
            points: Vec::new(),
        }
    }

    /// Adds one weighted equation.
    fn add(&mut self, gens: &'g Generators<G>, terms: &VerificationTerms<G>) {
        let p = match self
            .pedersen
            .iter()
            .position(|s| core::ptr::eq(s.gens, gens))
        {
            Some(i) => i,
            None => {
                let blinding = vec![G::zero(); gens.pedersen().blinding.len()];
                self.pedersen.push(PedersenSums {
                    gens,
                    b: G::zero(),
                    blinding,
                });
                self.pedersen.len() - 1
            }
        };
        let sum = &mut self.pedersen[p];
        sum.b += terms.b;
        for (acc, s) in sum.blinding.iter_mut().zip(&terms.blinding) {
            *acc += *s;
        }

        let v = match self
            .vector
            .iter()
            .position(|s| core::ptr::eq(s.vector, gens.vector()))
        {
            Some(i) => i,
            None => {
                self.vector.push(VectorSums {
                    vector: gens.vector(),
                    g: Vec::new(),
                    h: Vec::new(),
                });
                self.vector.len() - 1
            }
        };
        let sum = &mut self.vector[v];
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
        self.scalars.extend_from_slice(&terms.dynamic_scalars);
        self.points.extend_from_slice(&terms.dynamic_points);
    }

    /// Whether the sum is the identity: one multiscalar multiplication. The fixed generators
    /// are appended to the proofs' points for it and removed again, so more equations can be
    /// added afterwards.
    fn is_zero(&mut self) -> bool {
        let own = self.scalars.len();
        for sum in &self.pedersen {
            let pc = sum.gens.pedersen();
            self.scalars.push(sum.b);
            self.points.push(pc.b);
            self.scalars.extend_from_slice(&sum.blinding);
            self.points.extend_from_slice(&pc.blinding);
        }
        for sum in &self.vector {
            for (j, (g_acc, h_acc)) in sum.g.iter().zip(&sum.h).enumerate() {
                let (g_pts, h_pts) = sum.vector.party_gens(j, g_acc.len());
                self.scalars.extend_from_slice(g_acc);
                self.points.extend_from_slice(g_pts);
                self.scalars.extend_from_slice(h_acc);
                self.points.extend_from_slice(h_pts);
            }
        }
        let result = msm::vartime::<G>(&self.scalars, &self.points);
        self.scalars.truncate(own);
        self.points.truncate(own);
        G::is_identity(&result)
    }
}

/// The equations of `entries` (`None` for rejected entries and degenerate challenges). With the
/// `parallel` feature the proofs' scalar work is spread over the rayon threads.
fn equations<'g, G: Group>(
    entries: &[&Entry<'g, G>],
) -> Vec<Option<(&'g Generators<G>, VerificationTerms<G>)>> {
    let compute = |entry: &&Entry<'g, G>| match entry {
        Entry::Rejected => None,
        Entry::Pending { gens, work } => work.terms().map(|terms| (*gens, terms)),
    };
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        entries.par_iter().map(compute).collect()
    }
    #[cfg(not(feature = "parallel"))]
    {
        entries.iter().map(compute).collect()
    }
}

/// Splits `indices` into chunks whose equations are computed together (see [`CHUNK_PROOFS`]).
fn chunks<G: Group>(entries: &[Entry<'_, G>], indices: &[usize]) -> Vec<core::ops::Range<usize>> {
    let mut ranges = Vec::new();
    let (mut start, mut scalars) = (0, 0);
    for (pos, &k) in indices.iter().enumerate() {
        if let Entry::Pending { work, .. } = &entries[k] {
            scalars += work.static_len();
        }
        if pos + 1 - start == CHUNK_PROOFS || scalars >= CHUNK_SCALARS {
            ranges.push(start..pos + 1);
            (start, scalars) = (pos + 1, 0);
        }
    }
    if start < indices.len() {
        ranges.push(start..indices.len());
    }
    ranges
}

impl<'g, G: Group> BatchVerifier<'g, G> {
    /// An empty batch.
    pub fn new() -> Self {
        BatchVerifier {
            entries: Vec::new(),
            folded: 0,
            unfolded_scalars: 0,
            sums: Sums::new(),
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
    /// [`RangeProof::verify_multiple`]). The scalar work is done a chunk of proofs at a time
    /// (spread over threads with the `parallel` feature) and folded into the running sums; the
    /// group equation is left to [`Self::verify`]. A proof that fails before the group
    /// equation (undecodable commitment, identity prover message, wrong shape) is recorded as
    /// invalid.
    pub fn add_bulletproof<T, R>(
        &mut self,
        gens: &'g Generators<G>,
        proof: &RangeProof<G>,
        transcript: &mut T,
        commitments: &[G::PointEncoding],
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
        commitments: &[G::PointEncoding],
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

    /// Records a replayed proof, or its early rejection; returns its position. Folds the
    /// unfolded equations into the running sums once they make a chunk.
    fn push(&mut self, gens: &'g Generators<G>, work: Result<Work<G>, crate::ProofError>) -> usize {
        let entry = match work {
            Ok(work) => {
                self.unfolded_scalars += work.static_len();
                Entry::Pending { gens, work }
            }
            Err(_) => Entry::Rejected,
        };
        self.entries.push(entry);
        if self.entries.len() - self.folded >= CHUNK_PROOFS
            || self.unfolded_scalars >= CHUNK_SCALARS
        {
            self.fold();
        }
        self.entries.len() - 1
    }

    /// Computes the equations of the entries not folded yet and adds them to the running
    /// sums; a degenerate challenge marks its proof rejected.
    fn fold(&mut self) {
        let pending: Vec<&Entry<'g, G>> = self.entries[self.folded..].iter().collect();
        let equations = equations(&pending);
        let mut degenerate = Vec::new();
        for (offset, equation) in equations.iter().enumerate() {
            let k = self.folded + offset;
            match equation {
                Some((gens, terms)) => self.sums.add(gens, terms),
                None => degenerate.push(k),
            }
        }
        for k in degenerate {
            self.entries[k] = Entry::Rejected;
        }
        self.folded = self.entries.len();
        self.unfolded_scalars = 0;
    }

    /// Checks every proof added so far. On failure, reports the positions of all invalid
    /// proofs. (Takes `&mut self` because it first folds the last chunk of equations into the
    /// running sums; more proofs may be added and checked afterwards.)
    pub fn verify(&mut self) -> Result<(), BatchError> {
        self.fold();
        let mut invalid = Vec::new();
        let mut pending = Vec::with_capacity(self.entries.len());
        for (k, entry) in self.entries.iter().enumerate() {
            match entry {
                Entry::Rejected => invalid.push(k),
                Entry::Pending { .. } => pending.push(k),
            }
        }
        match pending.as_slice() {
            [] => {}
            // One proof alone: its own equation, with the precomputed tables where they win.
            [_] => invalid.extend(bisect(&self.entries, &pending)),
            _ => {
                if !self.sums.is_zero() {
                    // Known to fail as a whole: search the halves.
                    let (left, right) = pending.split_at(pending.len() / 2);
                    invalid.extend(bisect(&self.entries, left));
                    invalid.extend(bisect(&self.entries, right));
                }
            }
        }
        if invalid.is_empty() {
            Ok(())
        } else {
            invalid.sort_unstable();
            Err(BatchError { invalid })
        }
    }
}

/// The positions among `subset` whose equations do not hold. With the `parallel` feature the
/// two halves are searched on different threads.
fn bisect<G: Group>(entries: &[Entry<'_, G>], subset: &[usize]) -> Vec<usize> {
    if subset.is_empty() || holds(entries, subset) {
        return Vec::new();
    }
    if subset.len() == 1 {
        return subset.to_vec();
    }
    let (left, right) = subset.split_at(subset.len() / 2);
    #[cfg(feature = "parallel")]
    let (mut found, more) = rayon::join(|| bisect(entries, left), || bisect(entries, right));
    #[cfg(not(feature = "parallel"))]
    let (mut found, more) = (bisect(entries, left), bisect(entries, right));
    found.extend(more);
    found
}

/// Whether the weighted sum of the equations of `subset` is the identity: the equations are
/// recomputed a chunk at a time into fresh sums, then one MSM.
fn holds<'g, G: Group>(entries: &[Entry<'g, G>], subset: &[usize]) -> bool {
    if let [k] = subset {
        return match &entries[*k] {
            Entry::Pending { gens, work } => work.terms().is_some_and(|t| t.is_zero(gens)),
            Entry::Rejected => false,
        };
    }
    let mut sums = Sums::new();
    for range in chunks(entries, subset) {
        let chunk: Vec<&Entry<'g, G>> = subset[range].iter().map(|&k| &entries[k]).collect();
        for (gens, terms) in equations(&chunk).iter().flatten() {
            sums.add(gens, terms);
        }
    }
    sums.is_zero()
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
        for (k, s) in samples.iter().enumerate() {
            add(&mut batch, s, &s.commitments);
            // Equations are folded into the running sums a chunk at a time, as proofs come.
            assert_eq!(batch.folded, (k + 1) / CHUNK_PROOFS * CHUNK_PROOFS);
        }
        // Each folded proof left only its own points (A, S, T1, T2, V, 3 L and 3 R) behind.
        assert_eq!(batch.sums.points.len(), CHUNK_PROOFS * 11);
        assert_eq!(
            batch.sums.vector[0].g.len(),
            1,
            "one party's generator sums"
        );
        batch.verify().expect("all 300 valid");
        assert_eq!(batch.folded, 300);
        // More proofs can be added after a verification, and are checked with the rest.
        add(&mut batch, &samples[1], &samples[2].commitments);
        assert_eq!(batch.verify(), Err(BatchError { invalid: vec![300] }));
    }
}
