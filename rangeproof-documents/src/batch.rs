//! Many documents verified together, as every front end does it: the range proofs of each
//! group in one batch (one multiscalar multiplication), circuit proofs as
//! [`circuit::verify_all`] does them (SHA-256 preimage proofs of a flavor in a batch of their
//! own over the circuit prepared once). The documents are cut into parts ([`part_size`]: at
//! most [`MAX_PART`], as many as a multiple of the threads), each part its own batch — on all
//! threads with the `parallel` feature ([`in_parts`], which the command line uses too, parsing
//! inside the parts).
//!
//! Why parts rather than one batch split inside: a batch takes its proofs one at a time (each
//! decodes its points and replays its transcript as it is added), and that per-document work
//! is most of a batch of small proofs — the multiscalar multiplication, which splits across
//! threads anyway, is about a fifth of it (BENCHMARKS.md, issue 42). Each part pays the
//! generators' share of a multiscalar multiplication again, little beside its proofs' points
//! once a part holds [`MIN_PART`] documents.

use rangeproof::{SuiteBatch, SuiteContext};

use crate::circuit::{self, ParsedCircuit};
use crate::{Document, Invalid};

pub use rangeproof::BLAME_LIMIT;

/// The fewest documents a thread's part holds: below it, the part's batch saves less than its
/// own multiscalar multiplication costs.
pub const MIN_PART: usize = 32;

/// The most documents a part holds: memory stays bounded by a part's proofs, and a thread done
/// with its part finds another.
pub const MAX_PART: usize = 256;

/// The threads verification may use: rayon's pool with the `parallel` feature, else one.
pub fn threads() -> usize {
    #[cfg(feature = "parallel")]
    {
        rayon::current_num_threads()
    }
    #[cfg(not(feature = "parallel"))]
    {
        1
    }
}

/// The size of the parts `len` documents are cut into on `threads` threads, each part one
/// batch: at most [`MAX_PART`], as even as they come, and as many as a multiple of the threads,
/// so that no thread waits on the last part alone; no part below [`MIN_PART`] (one part on one
/// thread, up to [`MAX_PART`]).
pub fn part_size(len: usize, threads: usize) -> usize {
    if threads < 2 || len < 2 * MIN_PART {
        return len.clamp(1, MAX_PART);
    }
    let parts = len.div_ceil(MAX_PART).next_multiple_of(threads);
    len.div_ceil(parts).max(MIN_PART)
}

/// `items` cut into parts of [`part_size`]: `check` runs on each part (on all threads with the
/// `parallel` feature: the work that grows with the documents), then `finish` on each part's
/// result in order, on this thread (what must see the parts in turn: a shared blame limit).
/// The results, in order.
pub fn in_parts<T: Sync, C: Send, R>(
    items: &[T],
    check: impl Fn(&[T]) -> C + Sync,
    mut finish: impl FnMut(C, &[T]) -> Vec<R>,
) -> Vec<R> {
    let size = part_size(items.len(), threads());
    #[cfg(feature = "parallel")]
    let checked: Vec<C> = {
        use rayon::prelude::*;
        items.par_chunks(size).map(&check).collect()
    };
    #[cfg(not(feature = "parallel"))]
    let checked: Vec<C> = items.chunks(size).map(&check).collect();
    checked
        .into_iter()
        .zip(items.chunks(size))
        .flat_map(|(part, items)| finish(part, items))
        .collect()
}

/// Each document's verdict, in order: `Ok` when its proof verifies, else why not. A proof that
/// does not decode is invalid with its reason; one a batch blames with
/// [`ProofError::VerificationFailed`](rangeproof::ProofError::VerificationFailed) (a batch
/// cannot say more).
///
/// `blame_limit` bounds the search for the invalid proofs of a failing batch (`None`: name
/// them all): at most that many are named (the parts in order, in each the groups in turn),
/// and the proofs the search did not reach are [`Invalid::NotNamed`]. Without a limit, a batch of `K` proofs all invalid
/// costs about `log₂ K` times an honest one; with [`BLAME_LIMIT`], about twice — the front
/// ends' default for input from anyone. Proofs refused before any arithmetic (undecodable)
/// are named whatever the limit.
///
/// The verdicts are the same however many threads run (tested), but for which proofs of a
/// failing batch are not named: the parts are first checked as a whole, each on its thread,
/// then the failing ones searched in order, sharing the limit.
pub fn verify_all(
    context: &SuiteContext,
    docs: &[&Document],
    blame_limit: Option<usize>,
) -> Vec<Result<(), Invalid>> {
    let mut budget = blame_limit;
    in_parts(
        docs,
        |part| Part::check(context, part, blame_limit.is_some()),
        |part, docs| part.finish(docs, budget.as_mut()),
    )
}

/// [`verify_all`] on this thread: the range proofs in one batch per group.
pub fn verify_together(
    context: &SuiteContext,
    docs: &[&Document],
    blame_limit: Option<usize>,
) -> Vec<Result<(), Invalid>> {
    let mut budget = blame_limit;
    Part::check(context, docs, blame_limit.is_some()).finish(docs, budget.as_mut())
}

/// Documents checked together, in two steps so that parts checked on different threads can
/// share one blame limit: [`Part::check`] verifies them as a whole (the work that grows with
/// the documents, on any thread); [`Part::finish`], called on the parts in order, names the
/// invalid ones of a failing part within what is left of the limit.
pub struct Part<'c> {
    verdicts: Vec<Result<(), Invalid>>,
    /// The range proofs' batch, kept for the search (position in it -> document).
    batch: SuiteBatch<'c>,
    batched: Vec<usize>,
    /// Whether the batch is known to fail (its search still to run).
    failing: bool,
}

impl<'c> Part<'c> {
    /// Verifies `docs` together: the range proofs in one batch per group, circuit proofs as
    /// [`circuit::verify_all`] does them. When `bounded`, a failing batch is not searched yet
    /// (its invalid proofs are named by [`Part::finish`]); else it is, in full.
    pub fn check(context: &'c SuiteContext, docs: &[&Document], bounded: bool) -> Self {
        let mut verdicts = Vec::with_capacity(docs.len());
        let mut batch = SuiteBatch::in_context(context);
        let mut batched = Vec::with_capacity(docs.len());
        let (mut circuit_at, mut circuits) = (Vec::new(), Vec::<&ParsedCircuit>::new());
        for (i, doc) in docs.iter().enumerate() {
            verdicts.push(match doc {
                Document::Circuit(c) => {
                    circuit_at.push(i);
                    circuits.push(c);
                    Ok(())
                }
                Document::Proof(d) => d.add_to(&mut batch).map(|_| batched.push(i)),
            });
        }
        let mut nothing = 0;
        let budget = bounded.then_some(&mut nothing);
        for (i, verdict) in circuit_at
            .into_iter()
            .zip(circuit::verify_all(&circuits, budget))
        {
            verdicts[i] = verdict;
        }
        let mut part = Part {
            verdicts,
            batch,
            batched,
            failing: false,
        };
        let checked = if bounded {
            part.batch.verify_within(&mut 0)
        } else {
            part.batch.verify()
        };
        match checked {
            Ok(()) => {}
            Err(failure) if bounded && !failure.not_named.is_empty() => {
                part.failing = true;
                part.blame(&failure);
            }
            Err(failure) => part.blame(&failure),
        }
        part
    }

    /// The verdicts of the documents this part checked (the same `docs`, in order): the
    /// invalid proofs of a failing batch named within `budget` (taken from it), the rest not
    /// named; without a budget, as checked.
    pub fn finish(
        mut self,
        docs: &[&Document],
        budget: Option<&mut usize>,
    ) -> Vec<Result<(), Invalid>> {
        if let Some(budget) = budget.filter(|b| **b > 0) {
            if self.failing {
                // The second check reuses the first's verdict on the whole batch; what its
                // search does not name or leave unnamed holds.
                for &i in &self.batched {
                    if self.verdicts[i] == Err(Invalid::NotNamed) {
                        self.verdicts[i] = Ok(());
                    }
                }
                if let Err(failure) = self.batch.verify_within(budget) {
                    self.blame(&failure);
                }
            }
            // Circuit proofs the first check left unnamed, searched again on their own.
            let (at, circuits): (Vec<usize>, Vec<&ParsedCircuit>) = self
                .verdicts
                .iter()
                .zip(docs)
                .enumerate()
                .filter_map(|(i, (verdict, doc))| match (verdict, doc) {
                    (Err(Invalid::NotNamed), Document::Circuit(c)) => Some((i, c)),
                    _ => None,
                })
                .unzip();
            if !circuits.is_empty() {
                for (i, verdict) in at
                    .into_iter()
                    .zip(circuit::verify_all(&circuits, Some(budget)))
                {
                    self.verdicts[i] = verdict;
                }
            }
        }
        self.verdicts
    }

    /// Records a batch failure: the named proofs invalid, the others not named.
    fn blame(&mut self, failure: &rangeproof::BatchError) {
        for &k in &failure.invalid {
            self.verdicts[self.batched[k]] =
                Err(Invalid::Proof(rangeproof::ProofError::VerificationFailed));
        }
        for &k in &failure.not_named {
            self.verdicts[self.batched[k]] = Err(Invalid::NotNamed);
        }
    }
}

#[cfg(test)]
mod tests {
    use rangeproof::Suite;

    use super::*;
    use crate::request::{self, ProveRequest};
    use crate::ProofDocument;

    /// Documents of four suites on two groups, each `k`th one's commitments swapped with its
    /// neighbour's (they decode, and fail), and one whose proof does not decode.
    fn documents() -> (Vec<Document>, Vec<bool>) {
        let suites = [
            Suite::DALEK_BULLETPROOFS,
            Suite::TARI_BULLETPROOFS_PLUS,
            Suite::BULLETPROOFS_PP,
            Suite::GRIN_BULLETPROOFS,
        ];
        let mut written: Vec<ProofDocument> = Vec::new();
        for i in 0..88u64 {
            let suite = suites[i as usize % suites.len()];
            let values = [i % 256, 255 - i % 256];
            let mut request = ProveRequest::default();
            request.scheme = Some(suite.scheme().into());
            request.group = Some(suite.group().into());
            request.flavor = Some(suite.flavor().into());
            request.bits = Some(8);
            request.values = values[..1 + (i as usize / 4) % 2].to_vec();
            let checked = request.check(Default::default()).unwrap();
            let proved = request::prove(
                rangeproof::SuiteContext::global(),
                &checked,
                &request.values,
                None,
            )
            .unwrap();
            written.push(proved.proof.clone());
        }
        let mut valid = vec![true; written.len()];
        // Same suite, same value count: 4 × 2 positions apart.
        for i in [3, 40, 61] {
            let (a, b) = (
                written[i].commitments.clone(),
                written[i + 8].commitments.clone(),
            );
            written[i].commitments = b;
            written[i + 8].commitments = a;
            valid[i] = false;
            valid[i + 8] = false;
        }
        if let Some(proof) = &mut written[20].proof {
            proof.truncate(proof.len() - 2);
        }
        valid[20] = false;
        let parsed = written
            .iter()
            .map(|w| Document::parse(&serde_json::to_string(w).unwrap()).unwrap())
            .collect();
        (parsed, valid)
    }

    #[test]
    fn verdicts_match_single_verification_and_the_thread_count() {
        let (docs, valid) = documents();
        let refs: Vec<&Document> = docs.iter().collect();
        let context = SuiteContext::global();
        let alone: Vec<bool> = docs
            .iter()
            .map(|d| match d {
                Document::Proof(p) => p.verify_in(context).is_ok(),
                Document::Circuit(c) => c.verify().is_ok(),
            })
            .collect();
        assert_eq!(alone, valid);
        let together: Vec<bool> = verify_together(context, &refs, None)
            .iter()
            .map(Result::is_ok)
            .collect();
        assert_eq!(together, valid);
        #[cfg(feature = "parallel")]
        for threads in [1, 2, 3] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let verdicts = pool.install(|| verify_all(context, &refs, None));
            let blamed: Vec<bool> = verdicts.iter().map(Result::is_ok).collect();
            assert_eq!(blamed, valid, "{threads} threads");
            // The batch names its failures without a reason of their own.
            assert_eq!(
                verdicts[3],
                Err(Invalid::Proof(rangeproof::ProofError::VerificationFailed))
            );
            assert!(matches!(
                &verdicts[20],
                Err(Invalid::Proof(e)) if *e != rangeproof::ProofError::VerificationFailed
            ));
        }
    }

    /// A blame limit names that many of the failing batches' proofs and no valid one; every
    /// other invalid proof is not named (never valid); the undecodable one is named whatever
    /// the limit; every valid document is valid or not named, and valid when the limit exceeds
    /// the invalid ones — on any number of threads.
    #[test]
    fn a_blame_limit_names_that_many_and_no_valid_document() {
        let (docs, valid) = documents();
        let refs: Vec<&Document> = docs.iter().collect();
        let context = SuiteContext::global();
        let failed = Err(Invalid::Proof(rangeproof::ProofError::VerificationFailed));
        let check = |verdicts: Vec<Result<(), Invalid>>, limit: usize| {
            let named = verdicts.iter().filter(|v| **v == failed).count();
            assert_eq!(named, limit.min(6), "limit {limit}");
            for (k, verdict) in verdicts.iter().enumerate() {
                match verdict {
                    Ok(()) => assert!(valid[k], "{k} invalid, reported valid"),
                    // Once the limit is spent the search stops, with or without more to find.
                    Err(Invalid::NotNamed) => assert!(limit <= 6, "{k} at limit {limit}"),
                    Err(_) if k == 20 => {}
                    Err(_) => assert!(!valid[k], "{k} valid, named invalid"),
                }
            }
            assert!(verdicts[20].is_err() && verdicts[20] != Err(Invalid::NotNamed));
            assert!((0..docs.len()).all(|k| valid[k] || verdicts[k].is_err()));
        };
        for limit in [0, 2, 6, 16] {
            check(verify_together(context, &refs, Some(limit)), limit);
            #[cfg(feature = "parallel")]
            for threads in [2, 3] {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .unwrap();
                check(
                    pool.install(|| verify_all(context, &refs, Some(limit))),
                    limit,
                );
            }
        }
    }

    #[test]
    fn parts_are_batches_of_at_most_max_part_and_spread_over_the_threads() {
        for threads in 1..=8 {
            for len in 1..=3000 {
                let size = part_size(len, threads);
                let parts = len.div_ceil(size);
                assert!((1..=MAX_PART).contains(&size), "{len} on {threads}: {size}");
                if threads == 1 || len < 2 * MIN_PART {
                    // As few batches as the cap allows.
                    assert_eq!(parts, len.div_ceil(MAX_PART), "{len} on {threads}");
                } else {
                    // Every thread gets a part, none more than its share, none below the
                    // least worth a batch.
                    assert!(size >= MIN_PART, "{len} on {threads}: {size}");
                    assert!(parts >= threads.min(len / MIN_PART), "{len} on {threads}");
                    assert!(size <= len.div_ceil(threads).max(MIN_PART));
                }
            }
        }
    }
}
