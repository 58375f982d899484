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
mod tests;
