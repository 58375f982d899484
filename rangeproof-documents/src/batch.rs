//! Many documents verified together, as every front end does it: the range proofs of each
//! group in one batch (one multiscalar multiplication), circuit proofs as
//! [`circuit::verify_all`] does them (SHA-256 preimage proofs of a flavor in a batch of their
//! own over the circuit prepared once). With the `parallel` feature the documents are cut into
//! one part per thread, each part its own batch on its own thread.
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

/// The fewest documents a thread's part holds: below it, the part's batch saves less than its
/// own multiscalar multiplication costs.
pub const MIN_PART: usize = 32;

/// Each document's verdict, in order: `Ok` when its proof verifies, else why not. A proof that
/// does not decode is invalid with its reason; one a batch blames with
/// [`ProofError::VerificationFailed`](rangeproof::ProofError::VerificationFailed) (a batch
/// cannot say more). The verdicts are the same however many threads run (tested).
pub fn verify_all(context: &SuiteContext, docs: &[&Document]) -> Vec<Result<(), Invalid>> {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        let threads = rayon::current_num_threads();
        if threads > 1 && docs.len() >= 2 * MIN_PART {
            let part = docs.len().div_ceil(threads).max(MIN_PART);
            return docs
                .par_chunks(part)
                .flat_map_iter(|part| verify_together(context, part))
                .collect();
        }
    }
    verify_together(context, docs)
}

/// [`verify_all`] on this thread: the range proofs in one batch per group.
pub fn verify_together(context: &SuiteContext, docs: &[&Document]) -> Vec<Result<(), Invalid>> {
    let mut verdicts = Vec::with_capacity(docs.len());
    let mut batch = SuiteBatch::in_context(context);
    let mut batched = Vec::with_capacity(docs.len()); // position in the batch -> document
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
    for (i, verdict) in circuit_at.into_iter().zip(circuit::verify_all(&circuits)) {
        verdicts[i] = verdict.map_err(Invalid::Circuit);
    }
    if let Err(failure) = batch.verify() {
        for k in failure.invalid {
            verdicts[batched[k]] = Err(Invalid::Proof(rangeproof::ProofError::VerificationFailed));
        }
    }
    verdicts
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
            let proved =
                request::prove(suite.in_global_context(), &checked, &request.values, None).unwrap();
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
        let together: Vec<bool> = verify_together(context, &refs)
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
            let verdicts = pool.install(|| verify_all(context, &refs));
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
}
