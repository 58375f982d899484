//! Batch verification: many proofs, of any shapes, in one multiscalar multiplication.
//!
//! Each proof's verification equation (see [`crate::bulletproofs::verifier`]) is a sum of
//! multiples of fixed generators and of the proof's own points that must equal the identity.
//! The batch holds proofs of any system through one public trait,
//! `equation::PendingVerification`: a replayed proof that can produce its `equation::Equation`
//! over named generator sets of any length ([`BatchVerifier::add`]). The crate's own Bulletproofs-shaped systems use a crate-private
//! refinement of it (`verification::Replayed`: inversions and decodings shared across a chunk,
//! scalars in the group's fast form); their entries (`add_bulletproof`, `add_bulletproof_plus`,
//! `add_r1cs`, `add_grin_bulletproof`) live with each proof system, in its `batch.rs`. A
//! system whose check is not one equation joins with its verdict
//! ([`BatchVerifier::add_verdict`]). The algebra of summing equations lives beside the
//! equation, in `verification`; this module owns only the batching: chunked folding and the
//! search for invalid proofs.
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
//! costs \\(O(f \log K)\\) sub-batch checks — up to \\(K \log K\\) proofs' work when all are
//! invalid, which an adversary chooses. A blame limit
//! ([`BatchVerifier::set_blame_limit`]) bounds it: the search goes depth first, checks one half
//! and infers the other (a failing set whose left half holds has a failing right half), and stops
//! once it has named that many; what it did not reach is reported as not named. All invalid,
//! that costs about one more pass over the batch and two small checks per proof named.

use alloc::boxed::Box;
use alloc::vec::Vec;

use rand_core::{CryptoRng, RngCore};

use crate::equation::SettledTogether;
use crate::equation::{Equation, PendingVerification};
use crate::errors::BatchError;
use crate::generators::RangeGens;
use crate::group::{EncodedPoint, Group};
use crate::verification::{EquationSum, Replayed, VerificationTerms};

/// The blame limit the front ends use by default ([`BatchVerifier::set_blame_limit`]): naming
/// every proof of a batch that is all invalid costs \\(K \log K\\) proofs' work, which an
/// adversary chooses; with a limit, about one more pass over the batch.
pub const BLAME_LIMIT: usize = 16;

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
    /// Verified on its own when added (a shape the batch has no summed generators for).
    Accepted,
    /// Replayed: the equation is computed from this when needed (kept for blame).
    Pending {
        gens: &'g RangeGens<G>,
        work: Box<dyn Replayed<G>>,
    },
    /// A proof of any system, through the public trait, with the weight the batch drew for it.
    Public {
        weight: G::Scalar,
        work: Box<dyn PendingVerification<'g, G> + 'g>,
    },
}

/// One entry's weighted equation, as [`EquationSum::add`] and [`EquationSum::add_equation`]
/// take it.
enum Computed<'g, G: Group> {
    Range(&'g RangeGens<G>, VerificationTerms<G>),
    Public(Equation<'g, G>, G::Scalar),
}

impl<'g, G: Group> EquationSum<'g, G> {
    fn add_computed(&mut self, computed: &Computed<'g, G>) {
        match computed {
            Computed::Range(gens, terms) => self.add(gens, terms),
            Computed::Public(equation, weight) => self.add_equation(equation, *weight),
        }
    }
}

/// A caller-owned accumulator of proofs to verify together.
///
/// ```
/// # use rangeproof::{BatchVerifier, RangeProof, Ristretto255, deployments::dalek};
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
    sums: EquationSum<'g, G>,
    /// Proofs settled together when the batch is verified, with their positions (which hold
    /// `Entry::Accepted` until then).
    deferred: Vec<(usize, Box<dyn SettledTogether>)>,
    /// The most invalid proofs the bisection names (`None`: all of them).
    blame_limit: Option<usize>,
    /// Whether the running sums are the identity, once checked (cleared when more equations
    /// are folded in): a batch verified again, with a new blame budget, does not pay its
    /// multiscalar multiplication twice.
    sums_hold: Option<bool>,
}

impl<G: Group> Default for BatchVerifier<'_, G> {
    fn default() -> Self {
        Self::new()
    }
}

/// The equations of `entries` (`None` for rejected entries and degenerate challenges). Every
/// proof's values to invert are inverted together, with one field inversion for the whole
/// chunk (a proof with a zero among them gets no equation: a degenerate challenge). With the
/// `parallel` feature the proofs' scalar work is spread over the rayon threads.
fn equations<'g, G: Group>(entries: &[&Entry<'g, G>]) -> Vec<Option<Computed<'g, G>>> {
    let zero = G::FastScalar::from(0);
    let wanted: Vec<Option<Vec<G::FastScalar>>> = entries
        .iter()
        .map(|entry| match entry {
            Entry::Pending { work, .. } => {
                let values = work.to_invert();
                (!values.contains(&zero)).then_some(values)
            }
            Entry::Public { work, .. } => {
                let values = work.to_invert();
                (!values.contains(&zero)).then_some(values)
            }
            Entry::Rejected | Entry::Accepted => None,
        })
        .collect();
    let mut inverses: Vec<G::FastScalar> = wanted.iter().flatten().flatten().copied().collect();
    crate::verification::batch_invert_fast::<G>(&mut inverses);
    // The encodings every proof left to decode (its commitments; a public entry's own list),
    // decoded together.
    let to_decode: Vec<Vec<G::PointEncoding>> = entries
        .iter()
        .zip(&wanted)
        .map(|(entry, w)| match (entry, w) {
            (_, None) => Vec::new(),
            (Entry::Pending { work, .. }, Some(_)) => work.to_decode().to_vec(),
            (Entry::Public { work, .. }, Some(_)) => work.to_decode(),
            (Entry::Rejected | Entry::Accepted, Some(_)) => Vec::new(),
        })
        .collect();
    let encodings: Vec<G::PointEncoding> = to_decode.iter().flatten().copied().collect();
    let decoded = G::batch_points_from_bytes(&encodings);
    let (mut offset, mut decoded_offset) = (0, 0);
    // Per proof: its inverses and decoded points, or `None` (a zero to invert, an encoding
    // that does not decode: no equation, the proof is rejected).
    type Inputs<'a, G> = Option<(
        &'a [<G as Group>::FastScalar],
        Vec<<G as Group>::BatchPoint>,
    )>;
    let inputs: Vec<Inputs<'_, G>> = wanted
        .iter()
        .zip(&to_decode)
        .map(|(w, list)| {
            let values = w.as_ref()?;
            let slice = &inverses[offset..offset + values.len()];
            offset += values.len();
            let points = &decoded[decoded_offset..decoded_offset + list.len()];
            decoded_offset += list.len();
            let points: Option<Vec<G::BatchPoint>> = points.iter().copied().collect();
            Some((slice, points?))
        })
        .collect();
    let inputs: Vec<(Inputs<'_, G>, &Vec<G::PointEncoding>)> =
        inputs.into_iter().zip(&to_decode).collect();
    type EntryInputs<'a, G> = (Inputs<'a, G>, &'a Vec<<G as Group>::PointEncoding>);
    let compute = |(entry, (inputs, encodings)): (&&Entry<'g, G>, &EntryInputs<'_, G>)| match entry
    {
        Entry::Pending { gens, work } => inputs
            .as_ref()
            .and_then(|(inverses, decoded)| work.equation_with(inverses, decoded))
            .map(|terms| Computed::Range(*gens, terms)),
        Entry::Public { weight, work } => inputs
            .as_ref()
            .and_then(|(inverses, decoded)| {
                let points: Vec<EncodedPoint<G>> = encodings
                    .iter()
                    .zip(decoded)
                    .map(|(bytes, batch)| EncodedPoint::from_decoded(*bytes, *batch))
                    .collect();
                work.equation_with(inverses, &points)
            })
            .map(|equation| Computed::Public(equation, *weight)),
        Entry::Rejected | Entry::Accepted => None,
    };
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        entries
            .par_iter()
            .zip(inputs.par_iter())
            .map(compute)
            .collect()
    }
    #[cfg(not(feature = "parallel"))]
    {
        entries.iter().zip(inputs.iter()).map(compute).collect()
    }
}

impl<G: Group> Entry<'_, G> {
    /// What computing the entry's equation costs in memory: its generator scalars (a public
    /// entry's equation is not known before it is computed: counted as one proof).
    fn generator_scalars(&self) -> usize {
        match self {
            Entry::Pending { work, .. } => work.generator_scalars(),
            Entry::Public { .. } | Entry::Rejected | Entry::Accepted => 0,
        }
    }
}

/// Splits `indices` into chunks whose equations are computed together (see [`CHUNK_PROOFS`]).
fn chunks<G: Group>(entries: &[Entry<'_, G>], indices: &[usize]) -> Vec<core::ops::Range<usize>> {
    let mut ranges = Vec::new();
    let (mut start, mut scalars) = (0, 0);
    for (pos, &k) in indices.iter().enumerate() {
        scalars += entries[k].generator_scalars();
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
            sums: EquationSum::new(),
            deferred: Vec::new(),
            blame_limit: None,
            sums_hold: None,
        }
    }

    /// Names at most `limit` invalid proofs when the batch fails (`None`, the default: all of
    /// them), reporting the proofs the search did not reach as
    /// [`BatchError::not_named`]. A service verifying proofs from untrusted parties sets one
    /// (the front ends use 16): naming every proof of a batch that is all invalid costs
    /// \\(O(K \log K)\\) proofs' work, a limit about one more pass. Proofs refused before
    /// any arithmetic (undecodable, degenerate) are named whatever the limit.
    pub fn set_blame_limit(&mut self, limit: Option<usize>) {
        self.blame_limit = limit;
    }

    /// Number of proofs added.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no proof was added.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Adds a replayed proof of any proof system, through the public trait; returns its
    /// position. The batch draws the proof's weight from `rng` now; the equation is computed
    /// with the next chunk of proofs (and again if the batch fails, to name the invalid ones).
    pub fn add<P, R>(&mut self, pending: P, rng: &mut R) -> usize
    where
        P: PendingVerification<'g, G> + 'g,
        R: RngCore + CryptoRng,
    {
        self.entries.push(Entry::Public {
            weight: G::random_scalar(rng),
            work: Box::new(pending),
        });
        self.fold_if_full();
        self.entries.len() - 1
    }

    /// Adds a proof whose check is not one group equation — a ring signature, a hash chain —
    /// already decided by its own verifier; returns its position. A batch of mixed kinds still
    /// names every invalid proof: [`Self::verify`] reports this one, in order among the others,
    /// when `valid` is false (and it never makes the batch's equation fail for the others).
    pub fn add_verdict(&mut self, valid: bool) -> usize {
        self.add_settled(valid)
    }

    /// Adds a proof that is checked together with the others of its kind when the batch is
    /// verified ([`SettledTogether`]: Elements' Borromean range proofs and surjection proofs);
    /// returns its position.
    pub fn add_deferred(&mut self, proof: impl SettledTogether) -> usize {
        let position = self.add_settled(true);
        self.deferred.push((position, Box::new(proof)));
        position
    }

    /// Settles the deferred proofs, each kind with one call; the invalid ones become
    /// rejected entries.
    fn settle_deferred(&mut self) {
        let mut deferred = core::mem::take(&mut self.deferred);
        while !deferred.is_empty() {
            let kind = (*deferred[0].1).type_id();
            let (same, rest): (Vec<_>, Vec<_>) = deferred
                .into_iter()
                .partition(|(_, proof)| (**proof).type_id() == kind);
            deferred = rest;
            let all: Vec<&dyn core::any::Any> = same
                .iter()
                .map(|(_, proof)| &**proof as &dyn core::any::Any)
                .collect();
            let verdicts = same[0].1.settle_together(&all);
            for (k, (position, _)) in same.iter().enumerate() {
                if !verdicts.get(k).copied().unwrap_or(false) {
                    self.entries[*position] = Entry::Rejected;
                }
            }
        }
    }

    /// Checks the proof on its own now and records the outcome (for shapes without summed
    /// generators); returns its position.
    pub(crate) fn add_settled(&mut self, valid: bool) -> usize {
        self.entries.push(if valid {
            Entry::Accepted
        } else {
            Entry::Rejected
        });
        self.entries.len() - 1
    }

    /// Adds a replayed proof of any proof system (or its early rejection); returns its
    /// position. A proof system joins batches by implementing [`PendingVerification`]. Folds
    /// the unfolded equations into the running sums once they make a chunk.
    pub(crate) fn add_pending<P: Replayed<G> + 'static>(
        &mut self,
        gens: &'g RangeGens<G>,
        pending: Result<P, crate::ProofError>,
    ) -> usize {
        let entry = match pending {
            Ok(work) => {
                self.unfolded_scalars += work.generator_scalars();
                Entry::Pending {
                    gens,
                    work: Box::new(work),
                }
            }
            Err(_) => Entry::Rejected,
        };
        self.entries.push(entry);
        self.fold_if_full();
        self.entries.len() - 1
    }

    /// Folds the unfolded equations once they make a chunk.
    fn fold_if_full(&mut self) {
        if self.entries.len() - self.folded >= CHUNK_PROOFS
            || self.unfolded_scalars >= CHUNK_SCALARS
        {
            self.fold();
        }
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
                Some(computed) => self.sums.add_computed(computed),
                None if matches!(
                    self.entries[k],
                    Entry::Pending { .. } | Entry::Public { .. }
                ) =>
                {
                    degenerate.push(k)
                }
                None => {}
            }
        }
        for k in degenerate {
            self.entries[k] = Entry::Rejected;
        }
        if self.folded < self.entries.len() {
            self.sums_hold = None;
        }
        self.folded = self.entries.len();
        self.unfolded_scalars = 0;
    }

    /// Whether the running sums are the identity (checked once per fold).
    fn sums_hold(&mut self) -> bool {
        *self.sums_hold.get_or_insert_with(|| self.sums.is_zero())
    }

    /// Checks every proof added so far. On failure, reports the positions of all invalid
    /// proofs — or, with a blame limit ([`Self::set_blame_limit`]), of at most that many and
    /// the ones the search did not reach. (Takes `&mut self` because it first folds the last
    /// chunk of equations into the running sums; more proofs may be added and checked
    /// afterwards.)
    pub fn verify(&mut self) -> Result<(), BatchError> {
        match self.blame_limit {
            None => self.verify_naming(None),
            Some(mut limit) => self.verify_naming(Some(&mut limit)),
        }
    }

    /// [`Self::verify`] with a blame budget the caller carries across batches: names at most
    /// `*budget` invalid proofs by search and takes the number named from it. Several batches
    /// checked in turn share one limit this way — checked first with a budget of 0 (one
    /// multiscalar multiplication each, perhaps on different threads), then the failing ones
    /// again with what is left: the second check reuses the first's verdict on the whole.
    pub fn verify_within(&mut self, budget: &mut usize) -> Result<(), BatchError> {
        self.verify_naming(Some(budget))
    }

    fn verify_naming(&mut self, budget: Option<&mut usize>) -> Result<(), BatchError> {
        self.settle_deferred();
        self.fold();
        let mut invalid = Vec::new();
        let mut pending = Vec::with_capacity(self.entries.len());
        for (k, entry) in self.entries.iter().enumerate() {
            match entry {
                Entry::Rejected => invalid.push(k),
                Entry::Accepted => {}
                Entry::Pending { .. } | Entry::Public { .. } => pending.push(k),
            }
        }
        let mut not_named = Vec::new();
        match (pending.as_slice(), budget) {
            ([], _) => {}
            // One proof alone: its own equation, with the precomputed tables where they win
            // (the sums hold exactly when it does).
            ([k], budget) => {
                let holds = *self
                    .sums_hold
                    .get_or_insert_with(|| holds(&self.entries, &pending));
                match budget {
                    _ if holds => {}
                    Some(0) => not_named.push(*k),
                    Some(budget) => {
                        invalid.push(*k);
                        *budget -= 1;
                    }
                    None => invalid.push(*k),
                }
            }
            (_, None) => {
                if !self.sums_hold() {
                    // Known to fail as a whole: search the halves.
                    let (left, right) = pending.split_at(pending.len() / 2);
                    invalid.extend(bisect(&self.entries, left));
                    invalid.extend(bisect(&self.entries, right));
                }
            }
            (_, Some(budget)) => {
                if !self.sums_hold() {
                    let mut blame = Blame {
                        entries: &self.entries,
                        budget: *budget,
                        invalid: &mut invalid,
                        not_named: &mut not_named,
                    };
                    blame.search(&pending, true);
                    *budget = blame.budget;
                }
            }
        }
        if invalid.is_empty() && not_named.is_empty() {
            Ok(())
        } else {
            invalid.sort_unstable();
            not_named.sort_unstable();
            Err(BatchError { invalid, not_named })
        }
    }
}

/// A bounded, depth-first search for invalid proofs (see the module notes).
struct Blame<'e, 'g, G: Group> {
    entries: &'e [Entry<'g, G>],
    /// How many more proofs the search may name.
    budget: usize,
    invalid: &'e mut Vec<usize>,
    not_named: &'e mut Vec<usize>,
}

impl<G: Group> Blame<'_, '_, G> {
    /// Searches `subset`, known to fail when `failing` (else checked first).
    fn search(&mut self, subset: &[usize], failing: bool) {
        if subset.is_empty() {
            return;
        }
        if self.budget == 0 {
            // Unchecked, or known to fail somewhere: either way not named.
            self.not_named.extend_from_slice(subset);
            return;
        }
        if !failing && holds(self.entries, subset) {
            return;
        }
        if let [k] = subset {
            self.invalid.push(*k);
            self.budget -= 1;
            return;
        }
        let (left, right) = subset.split_at(subset.len() / 2);
        if holds(self.entries, left) {
            // The set fails and its left half holds: the right half fails (the sums add).
            self.search(right, true);
        } else {
            self.search(left, true);
            self.search(right, false);
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
            Entry::Pending { gens, work } => work.equation().is_some_and(|t| t.is_zero(gens)),
            Entry::Public { work, .. } => work.equation().is_some_and(|e| e.holds()),
            Entry::Accepted => true,
            Entry::Rejected => false,
        };
    }
    let mut sums = EquationSum::new();
    for range in chunks(entries, subset) {
        let chunk: Vec<&Entry<'g, G>> = subset[range].iter().map(|&k| &entries[k]).collect();
        for computed in equations(&chunk).iter().flatten() {
            sums.add_computed(computed);
        }
    }
    sums.is_zero()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bulletproofs::RangeProof;
    use crate::deployments::dalek;
    use crate::group::montgomery::MontScalar;
    use crate::group::Ristretto255;
    use merlin::Transcript;
    use rand::rngs::OsRng;

    type G = Ristretto255;

    /// A proof stand-in that checks the inverses a batch hands it.
    struct NeedsInverses(Vec<curve25519_dalek::Scalar>);

    impl Replayed<G> for NeedsInverses {
        fn equation(&self) -> Option<VerificationTerms<G>> {
            let mut inverses = self.to_invert();
            crate::verification::batch_invert_fast::<G>(&mut inverses);
            self.equation_with(&inverses, &[])
        }

        fn to_invert(&self) -> Vec<MontScalar> {
            self.0.iter().map(G::to_fast).collect()
        }

        fn equation_with(
            &self,
            inverses: &[MontScalar],
            _decoded: &[<G as Group>::BatchPoint],
        ) -> Option<VerificationTerms<G>> {
            assert_eq!(inverses.len(), self.0.len());
            for (v, i) in self.0.iter().zip(inverses) {
                assert_eq!(*v * G::from_fast(i), curve25519_dalek::Scalar::ONE);
            }
            Some(VerificationTerms {
                n: 0,
                m: 0,
                b: G::zero(),
                blinding: Vec::new(),
                g: Vec::new(),
                h: Vec::new(),
                dynamic_scalars: Vec::new(),
                dynamic_points: Vec::new(),
            })
        }

        fn generator_scalars(&self) -> usize {
            0
        }
    }

    /// One inversion for a chunk hands every proof the inverses of its own values, and a proof
    /// with a zero among them gets no equation (it is rejected) without disturbing the others.
    #[test]
    fn a_chunk_shares_one_inversion() {
        use curve25519_dalek::Scalar;
        let gens = dalek::generators();
        let pending = |values: &[u64]| Entry::Pending {
            gens,
            work: Box::new(NeedsInverses(
                values.iter().map(|v| Scalar::from(*v)).collect(),
            )),
        };
        let entries = [
            pending(&[2, 3]),
            pending(&[5, 0]),
            pending(&[]),
            Entry::Rejected,
            pending(&[7, 11, 13]),
        ];
        let refs: Vec<&Entry<'_, G>> = entries.iter().collect();
        let got: Vec<bool> = equations(&refs).iter().map(Option::is_some).collect();
        assert_eq!(got, [true, false, true, false, true]);
    }

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

    /// Verdicts of proof systems that are not one equation sit among equation proofs: the
    /// batch names exactly the invalid ones, of either kind, in the order added — a failing
    /// verdict alone does not blame the equations, and a valid one hides no failing equation.
    #[test]
    fn settled_verdicts_join_a_batch_of_equations() {
        let samples: Vec<Sample> = (0..3).map(|_| sample(8, 1)).collect();
        let mut batch = BatchVerifier::new();
        add(&mut batch, &samples[0], &samples[0].commitments);
        assert_eq!(batch.add_verdict(false), 1);
        add(&mut batch, &samples[1], &samples[1].commitments);
        assert_eq!(batch.add_verdict(true), 3);
        assert_eq!(
            batch.verify(),
            Err(BatchError {
                invalid: vec![1],
                ..Default::default()
            })
        );

        let mut batch = BatchVerifier::new();
        batch.add_verdict(true);
        add(&mut batch, &samples[2], &samples[0].commitments);
        batch.add_verdict(true);
        assert_eq!(
            batch.verify(),
            Err(BatchError {
                invalid: vec![1],
                ..Default::default()
            })
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
                invalid: vec![1, 3, 6],
                ..Default::default()
            })
        );
    }

    /// Commitments are decoded a chunk at a time: one that does not decode (not canonical, not
    /// a point) rejects its own proof only, wherever it sits in the chunk.
    #[test]
    fn undecodable_commitments_reject_their_proof_only() {
        let samples: Vec<Sample> = (0..5).map(|_| sample(8, 2)).collect();
        let mut not_a_point = [0u8; 32];
        not_a_point[0] = 1; // s = 1: canonical, but no ristretto255 point
        assert!(G::point_from_bytes(&not_a_point).is_none());
        assert!(G::point_from_bytes(&[0xff; 32]).is_none());
        let mut batch = BatchVerifier::new();
        for (k, s) in samples.iter().enumerate() {
            let mut commitments = s.commitments.clone();
            match k {
                0 => commitments[1] = [0xff; 32], // not canonical
                3 => commitments[0] = not_a_point,
                _ => {}
            }
            add(&mut batch, s, &commitments);
        }
        assert_eq!(
            batch.verify(),
            Err(BatchError {
                invalid: vec![0, 3],
                ..Default::default()
            })
        );
    }

    #[test]
    fn bulletproofs_plus_join_the_same_batch() {
        use crate::bulletproofs_plus::{RangeProofPlus, Statement};
        use crate::deployments::tari;
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
                Err(BatchError {
                    invalid: vec![bad],
                    ..Default::default()
                }),
                "bad = {bad}"
            );
        }
    }

    /// With a blame limit: as many invalid proofs as the limit are named, from the first; the
    /// ones the search did not reach are not named; no valid proof is named invalid; a batch
    /// with fewer invalid proofs than the limit is blamed as without one.
    #[test]
    fn a_blame_limit_names_that_many_and_reports_the_rest_not_named() {
        let samples: Vec<Sample> = (0..40).map(|_| sample(8, 1)).collect();
        let build = |bad: &dyn Fn(usize) -> bool, limit| {
            let mut batch = BatchVerifier::new();
            batch.set_blame_limit(limit);
            for (k, s) in samples.iter().enumerate() {
                let commitments = if bad(k) {
                    &samples[(k + 1) % samples.len()].commitments
                } else {
                    &s.commitments
                };
                add(&mut batch, s, commitments);
            }
            batch
        };
        // All invalid, limit 5: the first five named, the rest not named.
        let error = build(&|_| true, Some(5)).verify().unwrap_err();
        assert_eq!(error.invalid, [0, 1, 2, 3, 4]);
        assert_eq!(error.not_named, (5..40).collect::<Vec<_>>());
        // Every third invalid: the named ones are invalid, no valid one is named, and every
        // invalid one is named or not named.
        let bad = |k: usize| k.is_multiple_of(3);
        let error = build(&bad, Some(4)).verify().unwrap_err();
        assert_eq!(error.invalid.len(), 4);
        assert!(error.invalid.iter().all(|&k| bad(k)));
        assert!((0..40)
            .filter(|&k| bad(k))
            .all(|k| error.invalid.contains(&k) || error.not_named.contains(&k)));
        // Fewer invalid than the limit: all named, none left, as without a limit.
        let few = |k: usize| k == 7 || k == 31;
        let limited = build(&few, Some(16)).verify();
        assert_eq!(limited, build(&few, None).verify());
        assert_eq!(limited.unwrap_err().invalid, [7, 31]);
        // Valid: Ok whatever the limit, even zero.
        assert_eq!(build(&|_| false, Some(0)).verify(), Ok(()));
        // A limit of zero on a failing batch: nothing named, everything not named.
        let error = build(&few, Some(0)).verify().unwrap_err();
        assert!(error.invalid.is_empty() && error.not_named.len() == 40);
    }

    /// A budget shared by batches checked in turn: each checked first with nothing to spend
    /// (nothing named, its failure known), then the failing ones again with what is left — the
    /// first `limit` invalid proofs named across them, in order, and a single proof obeys the
    /// budget too.
    #[test]
    fn a_blame_budget_is_shared_across_batches() {
        let samples: Vec<Sample> = (0..21).map(|_| sample(8, 1)).collect();
        let bad = |k: usize| k % 4 == 1 || k == 20; // 1, 5, 9 | 13, 17 | 20 alone
        let mut batches: Vec<BatchVerifier<'_, _>> = samples
            .chunks(10) // 10, 10, and one alone
            .enumerate()
            .map(|(part, chunk)| {
                let mut batch = BatchVerifier::new();
                for (i, s) in chunk.iter().enumerate() {
                    let k = 10 * part + i;
                    let c = if bad(k) {
                        &samples[(k + 1) % 21].commitments
                    } else {
                        &s.commitments
                    };
                    add(&mut batch, s, c);
                }
                batch
            })
            .collect();
        let first: Vec<bool> = batches
            .iter_mut()
            .map(|b| match b.verify_within(&mut 0) {
                Ok(()) => true,
                Err(e) => {
                    assert!(e.invalid.is_empty(), "nothing to spend, nothing named");
                    false
                }
            })
            .collect();
        assert_eq!(first, [false, false, false]);
        let mut budget = 4;
        let named: Vec<BatchError> = batches
            .iter_mut()
            .map(|b| b.verify_within(&mut budget).unwrap_err())
            .collect();
        assert_eq!(budget, 0);
        assert_eq!(named[0].invalid, [1, 5, 9]);
        assert!(named[0].not_named.is_empty());
        assert_eq!(named[1].invalid, [3]); // 13
        assert!(named[1].not_named.contains(&7)); // 17, not reached
        assert!(!named[1].not_named.contains(&3));
        assert_eq!(
            (&named[2].invalid[..], &named[2].not_named[..]),
            (&[][..], &[0][..])
        );
        // With budget left, the one alone is named and the budget spent.
        let mut budget = 1;
        assert_eq!(
            batches[2].verify_within(&mut budget).unwrap_err().invalid,
            [0]
        );
        assert_eq!(budget, 0);
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
        assert_eq!(
            batch.verify(),
            Err(BatchError {
                invalid: vec![299],
                ..Default::default()
            })
        );

        let mut batch = BatchVerifier::new();
        for (k, s) in samples.iter().enumerate() {
            add(&mut batch, s, &s.commitments);
            // Equations are folded into the running sums a chunk at a time, as proofs come.
            assert_eq!(batch.folded, (k + 1) / CHUNK_PROOFS * CHUNK_PROOFS);
        }
        // Each folded proof left only its own points (A, S, T1, T2, V, 3 L and 3 R) behind.
        assert_eq!(batch.sums.own_points(), CHUNK_PROOFS * 11);
        assert_eq!(batch.sums.parties(), vec![1], "one party's generator sums");
        batch.verify().expect("all 300 valid");
        assert_eq!(batch.folded, 300);
        // More proofs can be added after a verification, and are checked with the rest.
        add(&mut batch, &samples[1], &samples[2].commitments);
        assert_eq!(
            batch.verify(),
            Err(BatchError {
                invalid: vec![300],
                ..Default::default()
            })
        );
    }
}
