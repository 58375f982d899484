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
