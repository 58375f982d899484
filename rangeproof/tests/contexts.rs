//! Caller-owned contexts, from outside the crate: every range-proof suite proves and verifies in
//! a context of the caller's as in the process-wide one (the same points in other memory, so
//! proofs cross between them), batches in a context name the invalid proofs, a context made
//! without a suite refuses it with a typed error, and one context serves several threads.

use rand::rngs::OsRng;
use rand::Rng;
use rangeproof::{ProofError, Suite, SuiteBatch, SuiteContext, SuiteStatement};

/// The registry's suites that prove values of a bit size through the suite API.
fn range_suites() -> Vec<Suite> {
    Suite::ALL
        .iter()
        .copied()
        .filter(|s| !s.supported_bits().is_empty())
        .collect()
}

fn statement(suite: Suite) -> SuiteStatement {
    let bits = *suite.supported_bits().last().unwrap();
    let mut statement = SuiteStatement {
        bits,
        extension_degree: 1,
        transcript_label: if suite.takes_transcript_label() {
            b"contexts".to_vec()
        } else {
            Vec::new()
        },
        ..SuiteStatement::default()
    };
    // MWEB's proofs require their extra data (an output's message).
    if suite.parameter("extra_data").is_some_and(|p| p.required) {
        statement.parameters.insert(
            "extra_data".into(),
            rangeproof::suite::ParameterValue::Bytes(vec![1; 59]),
        );
    }
    statement
}

/// Two values (one where the suite proves one): the edges 0 and 2^n - 1, or a random one
/// beside an edge.
fn values(suite: Suite, bits: usize) -> Vec<u64> {
    let top = u64::MAX >> (64 - bits);
    let random = OsRng.gen::<u64>() & top;
    let two = if OsRng.gen::<bool>() {
        [0, top]
    } else {
        [random, top]
    };
    two[2 - suite.max_values().min(2)..].to_vec()
}

/// Commitments of the same count that the proof is not about: swapped, or (one value)
/// another proof's.
fn other_commitments(suite: Suite, st: &SuiteStatement, commitments: &[Vec<u8>]) -> Vec<Vec<u8>> {
    if commitments.len() > 1 {
        let mut swapped = commitments.to_vec();
        swapped.reverse();
        return swapped;
    }
    suite
        .prove(st, &values(suite, st.bits), &mut OsRng)
        .unwrap()
        .commitments
}

#[test]
fn proofs_cross_between_owned_and_process_contexts() {
    let (first, second) = (SuiteContext::new(), SuiteContext::new());
    for suite in range_suites() {
        let st = statement(suite);
        let values = values(suite, st.bits);
        let ours = first
            .prove(suite, &st, &values, &mut OsRng)
            .unwrap_or_else(|e| panic!("{suite:?}: {e}"));
        for verifier in [&second, SuiteContext::global()] {
            verifier
                .verify(suite, &st, &ours.proof, &ours.commitments, &mut OsRng)
                .unwrap_or_else(|e| panic!("{suite:?}: {e}"));
        }
        let global = suite.prove(&st, &values, &mut OsRng).unwrap();
        first
            .verify(suite, &st, &global.proof, &global.commitments, &mut OsRng)
            .unwrap();
        // The same openings commit to the same points in every context.
        assert_eq!(
            first.commit(suite, &st, &values, &ours.blindings).unwrap(),
            suite.commit(&st, &values, &ours.blindings).unwrap(),
            "{suite:?}"
        );
        // A proof of other values is refused in a context as anywhere.
        let wrong = other_commitments(suite, &st, &ours.commitments);
        assert!(first
            .verify(suite, &st, &ours.proof, &wrong, &mut OsRng)
            .is_err());
    }
}

#[test]
fn batches_in_a_context_name_the_invalid_proofs() {
    let context = SuiteContext::new();
    let mut batch = SuiteBatch::in_context(&context);
    let mut expected = Vec::new();
    for (k, suite) in range_suites().into_iter().enumerate() {
        let st = statement(suite);
        let mut proved = context
            .prove(suite, &st, &values(suite, st.bits), &mut OsRng)
            .unwrap();
        if k % 2 == 1 {
            // Another proof's commitments: decodes, does not verify.
            proved.commitments = other_commitments(suite, &st, &proved.commitments);
            expected.push(k);
        }
        let position = batch
            .add(suite, &st, &proved.proof, &proved.commitments, &mut OsRng)
            .unwrap();
        assert_eq!(position, k);
    }
    assert!(!expected.is_empty());
    assert_eq!(batch.verify().unwrap_err().invalid, expected);
}

#[test]
fn a_context_made_without_a_suite_refuses_it() {
    let only_dalek = SuiteContext::with_suites(&[Suite::DALEK_BULLETPROOFS]);
    assert_eq!(
        only_dalek.suites().collect::<Vec<_>>(),
        [Suite::DALEK_BULLETPROOFS]
    );
    let other = Suite::BULLETPROOFS_PP;
    let st = statement(other);
    assert_eq!(
        only_dalek.prove(other, &st, &[1], &mut OsRng).err(),
        Some(ProofError::SuiteNotInContext)
    );
    let proved = other.prove(&st, &[1], &mut OsRng).unwrap();
    assert_eq!(
        only_dalek.verify(other, &st, &proved.proof, &proved.commitments, &mut OsRng),
        Err(ProofError::SuiteNotInContext)
    );
    let mut batch = SuiteBatch::in_context(&only_dalek);
    assert_eq!(
        batch.add(other, &st, &proved.proof, &proved.commitments, &mut OsRng),
        Err(ProofError::SuiteNotInContext)
    );
    assert!(batch.is_empty());
    // The suite it was made with works.
    let dalek = Suite::DALEK_BULLETPROOFS;
    let st = statement(dalek);
    let proved = only_dalek.prove(dalek, &st, &[5], &mut OsRng).unwrap();
    batch
        .add(dalek, &st, &proved.proof, &proved.commitments, &mut OsRng)
        .unwrap();
    assert_eq!(batch.verify(), Ok(()));
}

#[test]
fn one_context_serves_several_threads() {
    let suite = Suite::DALEK_BULLETPROOFS;
    let context = SuiteContext::with_suites(&[suite]);
    let st = statement(suite);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..4)
            .map(|t| {
                let (context, st) = (&context, &st);
                scope.spawn(move || {
                    // Every thread derives on first use: the generators are derived once.
                    let proved = context.prove(suite, st, &[t, 1 << t], &mut OsRng).unwrap();
                    context
                        .verify(suite, st, &proved.proof, &proved.commitments, &mut OsRng)
                        .is_ok()
                })
            })
            .collect();
        assert!(workers.into_iter().all(|w| w.join().unwrap()));
    });
}
