//! Decisions that must equal the deployed verifiers' on proofs a prover *crafts* — which no
//! mutation of an honest proof reaches (the differential tests in `tests/differential.rs` cover
//! those).
//!
//! **Torsion on Monero proofs.** Monero's verifiers multiply every proof point and commitment by
//! 8 *as a point* before use, so a small-order component a prover adds to a published point —
//! before hashing it, so the transcript matches — changes nothing: such proofs are valid,
//! always. The same component added *after* proving changes the transcript, and the proof is
//! invalid, always. These tests make both kinds of proof for every one of the seven
//! non-trivial torsion points, on every kind of proof point and on the commitments, for both of
//! Monero's proof systems, and check that we agree with monero-oxide (`monero-bulletproofs`)
//! alone, in batches and on every run (a verifier that folds the 8 into reduced scalars decides
//! such proofs at random).
//!
//! **Identity prover messages.** A prover that blinds nothing makes `S` (Bulletproofs) or `A1`
//! and `B` (Bulletproofs+) the identity, and the proof stays valid. Monero accepts it; the
//! reference `bulletproofs` crate refuses identity messages. We decide as each does.

use crate::DecodeError;
use curve25519_dalek::edwards::EdwardsPoint;
use curve25519_dalek::Scalar;
use rand::rngs::OsRng;

use crate::bulletproofs_plus::Statement;
use crate::deployments::monero;
use crate::deployments::monero::transcript::MoneroTranscript;
use crate::deployments::tamper::{self, Target};
use crate::group::ed25519::tests::torsion;
use crate::group::EncodedPoint;
use crate::{BatchVerifier, Ed25519, Group, RangeProof, RangeProofPlus};

type G = Ed25519;

const STATEMENT: Statement<'static> = Statement {
    bits: 64,
    extension_degree: 1,
    minimum_values: None,
};

/// Two values (the edges of the range): 7 inner-product rounds.
const VALUES: [u64; 2] = [0, u64::MAX];
const ROUNDS: usize = 7;

/// Verifications per proof: our single verifier draws fresh random weights on every call (the
/// original Bulletproofs' combination weight), and a batch draws one per proof.
const RUNS: usize = 6;

/// Which point of a proof gets the torsion, by name, with its position in the prover's
/// publication order (or as a commitment).
#[derive(Clone, Copy, Debug)]
struct Site {
    name: &'static str,
    target: Target,
}

/// BP+ publishes A, then L_j, R_j per round, then A1, B.
fn plus_sites(torsion_index: usize) -> Vec<Site> {
    let round = torsion_index % ROUNDS; // each torsion point on a different round
    vec![
        Site {
            name: "A",
            target: Target::Published(0),
        },
        Site {
            name: "L",
            target: Target::Published(1 + 2 * round),
        },
        Site {
            name: "R",
            target: Target::Published(2 + 2 * round),
        },
        Site {
            name: "A1",
            target: Target::Published(1 + 2 * ROUNDS),
        },
        Site {
            name: "B",
            target: Target::Published(2 + 2 * ROUNDS),
        },
        Site {
            name: "C",
            target: Target::Commitment(torsion_index % VALUES.len()),
        },
    ]
}

/// Original Bulletproofs publish A, S, T1, T2, then L_j, R_j per round.
fn original_sites(torsion_index: usize) -> Vec<Site> {
    let round = torsion_index % ROUNDS;
    vec![
        Site {
            name: "A",
            target: Target::Published(0),
        },
        Site {
            name: "S",
            target: Target::Published(1),
        },
        Site {
            name: "T1",
            target: Target::Published(2),
        },
        Site {
            name: "T2",
            target: Target::Published(3),
        },
        Site {
            name: "L",
            target: Target::Published(4 + 2 * round),
        },
        Site {
            name: "R",
            target: Target::Published(5 + 2 * round),
        },
        Site {
            name: "C",
            target: Target::Commitment(torsion_index % VALUES.len()),
        },
    ]
}

fn masks() -> Vec<Scalar> {
    VALUES
        .iter()
        .map(|_| G::random_scalar(&mut OsRng))
        .collect()
}

fn encodings(commitments: &[EncodedPoint<G>]) -> Vec<[u8; 32]> {
    commitments.iter().map(|c| c.bytes).collect()
}

fn add(p: &EncodedPoint<G>, t: &EdwardsPoint) -> EncodedPoint<G> {
    EncodedPoint::from_point(p.point().unwrap() + t)
}

/// monero-oxide's verdict on serialized proof bytes, alone and in its batch verifier.
fn monero_oxide_accepts(plus: bool, bytes: &[u8], commitments: &[[u8; 32]]) -> bool {
    let proof = if plus {
        monero_bulletproofs::Bulletproof::read_plus(&mut &bytes[..])
    } else {
        monero_bulletproofs::Bulletproof::read(&mut &bytes[..])
    }
    .expect("monero-oxide reads the proof");
    let compressed: Vec<monero_ed25519::CompressedPoint> = commitments
        .iter()
        .map(|c| monero_ed25519::CompressedPoint::from(*c))
        .collect();
    let alone = proof.verify(&mut OsRng, &compressed);
    let mut batch = monero_bulletproofs::BatchVerifier::new();
    let batched = proof.batch_verify(&mut OsRng, &mut batch, &compressed) && batch.verify();
    assert_eq!(alone, batched, "monero-oxide agrees with itself");
    alone
}

struct Made<P> {
    site: &'static str,
    torsion: usize,
    proof: P,
    commitments: Vec<[u8; 32]>,
}

fn plus_verdicts(cases: &[Made<RangeProofPlus<G>>], expected: bool) {
    let gens = monero::bulletproofs_plus_generators();
    for case in cases {
        let what = format!("BP+ torsion {} on {}", case.torsion, case.site);
        let bytes = case.proof.to_monero_bytes().expect("serializes");
        assert_eq!(
            monero_oxide_accepts(true, &bytes, &case.commitments),
            expected,
            "monero-oxide, {what}"
        );
        let decoded = RangeProofPlus::<G>::from_monero_bytes(&bytes).expect("decodes");
        for run in 0..RUNS {
            let verdict = decoded
                .verify(
                    gens,
                    &mut MoneroTranscript::bulletproofs_plus(),
                    &STATEMENT,
                    &case.commitments,
                    &mut OsRng,
                )
                .is_ok();
            assert_eq!(verdict, expected, "ours, {what}, run {run}");
        }
    }
    // All of them in one batch, several times (fresh weights each time), and beside honest
    // proofs: a valid one must never be blamed, an invalid one always.
    let honest = prove_plus(None);
    for run in 0..RUNS {
        let mut batch = BatchVerifier::new();
        batch.add_bulletproof_plus(
            gens,
            &honest.0,
            &mut MoneroTranscript::bulletproofs_plus(),
            &STATEMENT,
            &encodings(&honest.1),
            &mut OsRng,
        );
        for case in cases {
            batch.add_bulletproof_plus(
                gens,
                &case.proof,
                &mut MoneroTranscript::bulletproofs_plus(),
                &STATEMENT,
                &case.commitments,
                &mut OsRng,
            );
        }
        match batch.verify() {
            Ok(()) => assert!(expected, "run {run}: the batch accepted invalid proofs"),
            Err(e) => {
                assert!(!expected, "run {run}: valid proofs blamed: {:?}", e.invalid);
                assert_eq!(
                    e.invalid,
                    (1..=cases.len()).collect::<Vec<_>>(),
                    "run {run}"
                );
            }
        }
    }
}

fn original_verdicts(cases: &[Made<RangeProof<G>>], expected: bool) {
    let gens = monero::bulletproofs_generators();
    for case in cases {
        let what = format!("BP torsion {} on {}", case.torsion, case.site);
        let bytes = case.proof.to_monero_bytes().expect("serializes");
        assert_eq!(
            monero_oxide_accepts(false, &bytes, &case.commitments),
            expected,
            "monero-oxide, {what}"
        );
        let decoded = RangeProof::<G>::from_monero_bytes(&bytes).expect("decodes");
        for run in 0..RUNS {
            let verdict = decoded
                .verify_multiple(
                    gens,
                    &mut MoneroTranscript::bulletproofs(),
                    &case.commitments,
                    64,
                    &mut OsRng,
                )
                .is_ok();
            assert_eq!(verdict, expected, "ours, {what}, run {run}");
        }
    }
    let honest = prove_original(None);
    for run in 0..RUNS {
        let mut batch = BatchVerifier::new();
        batch.add_bulletproof(
            gens,
            &honest.0,
            &mut MoneroTranscript::bulletproofs(),
            &encodings(&honest.1),
            64,
            &mut OsRng,
        );
        for case in cases {
            batch.add_bulletproof(
                gens,
                &case.proof,
                &mut MoneroTranscript::bulletproofs(),
                &case.commitments,
                64,
                &mut OsRng,
            );
        }
        match batch.verify() {
            Ok(()) => assert!(expected, "run {run}: the batch accepted invalid proofs"),
            Err(e) => {
                assert!(!expected, "run {run}: valid proofs blamed: {:?}", e.invalid);
                assert_eq!(
                    e.invalid,
                    (1..=cases.len()).collect::<Vec<_>>(),
                    "run {run}"
                );
            }
        }
    }
}

/// A Monero BP+ proof of [`VALUES`], with `tamper` applied by the prover before hashing.
fn prove_plus(tamper: Option<(Target, [u8; 32])>) -> (RangeProofPlus<G>, Vec<EncodedPoint<G>>) {
    let masks: Vec<[Scalar; 1]> = masks().into_iter().map(|m| [m]).collect();
    let prove = || {
        RangeProofPlus::prove(
            monero::bulletproofs_plus_generators(),
            &mut MoneroTranscript::bulletproofs_plus(),
            &STATEMENT,
            &VALUES,
            &masks,
            None,
            &mut OsRng,
        )
        .expect("proves")
    };
    match tamper {
        Some((target, offset)) => tamper::with(target, offset, prove),
        None => prove(),
    }
}

fn prove_original(tamper: Option<(Target, [u8; 32])>) -> (RangeProof<G>, Vec<EncodedPoint<G>>) {
    let masks = masks();
    let prove = || {
        RangeProof::prove_multiple(
            monero::bulletproofs_generators(),
            &mut MoneroTranscript::bulletproofs(),
            &VALUES,
            &masks,
            64,
            &mut OsRng,
        )
        .expect("proves")
    };
    match tamper {
        Some((target, offset)) => tamper::with(target, offset, prove),
        None => prove(),
    }
}

#[test]
fn bulletproofs_plus_with_torsion_added_before_hashing_are_valid() {
    let mut cases = Vec::new();
    for (i, t) in torsion().iter().enumerate() {
        for site in plus_sites(i) {
            let (proof, commitments) = prove_plus(Some((site.target, G::point_to_bytes(t))));
            cases.push(Made {
                site: site.name,
                torsion: i,
                proof,
                commitments: encodings(&commitments),
            });
        }
    }
    assert_eq!(cases.len(), 7 * 6);
    plus_verdicts(&cases, true);
}

#[test]
fn bulletproofs_plus_with_torsion_added_after_proving_are_invalid() {
    let mut cases = Vec::new();
    for (i, t) in torsion().iter().enumerate() {
        for site in plus_sites(i) {
            let (mut proof, commitments) = prove_plus(None);
            let mut commitments = encodings(&commitments);
            match (site.name, site.target) {
                (_, Target::Commitment(j)) => {
                    commitments[j] =
                        G::point_to_bytes(&(G::point_from_bytes(&commitments[j]).unwrap() + t));
                }
                ("A", _) => proof.a = add(&proof.a, t),
                ("A1", _) => proof.a1 = add(&proof.a1, t),
                ("B", _) => proof.b = add(&proof.b, t),
                ("L", _) => proof.l_vec[i % ROUNDS] = add(&proof.l_vec[i % ROUNDS], t),
                ("R", _) => proof.r_vec[i % ROUNDS] = add(&proof.r_vec[i % ROUNDS], t),
                _ => unreachable!(),
            }
            cases.push(Made {
                site: site.name,
                torsion: i,
                proof,
                commitments,
            });
        }
    }
    plus_verdicts(&cases, false);
}

#[test]
fn original_bulletproofs_with_torsion_added_before_hashing_are_valid() {
    let mut cases = Vec::new();
    for (i, t) in torsion().iter().enumerate() {
        for site in original_sites(i) {
            let (proof, commitments) = prove_original(Some((site.target, G::point_to_bytes(t))));
            cases.push(Made {
                site: site.name,
                torsion: i,
                proof,
                commitments: encodings(&commitments),
            });
        }
    }
    assert_eq!(cases.len(), 7 * 7);
    original_verdicts(&cases, true);
}

#[test]
fn original_bulletproofs_with_torsion_added_after_proving_are_invalid() {
    let mut cases = Vec::new();
    for (i, t) in torsion().iter().enumerate() {
        for site in original_sites(i) {
            let (mut proof, commitments) = prove_original(None);
            let mut commitments = encodings(&commitments);
            let round = i % ROUNDS;
            match (site.name, site.target) {
                (_, Target::Commitment(j)) => {
                    commitments[j] =
                        G::point_to_bytes(&(G::point_from_bytes(&commitments[j]).unwrap() + t));
                }
                ("A", _) => proof.a = add(&proof.a, t),
                ("S", _) => proof.s = add(&proof.s, t),
                ("T1", _) => proof.t_1 = add(&proof.t_1, t),
                ("T2", _) => proof.t_2 = add(&proof.t_2, t),
                ("L", _) => proof.ipp.l_vec[round] = add(&proof.ipp.l_vec[round], t),
                ("R", _) => proof.ipp.r_vec[round] = add(&proof.ipp.r_vec[round], t),
                _ => unreachable!(),
            }
            cases.push(Made {
                site: site.name,
                torsion: i,
                proof,
                commitments,
            });
        }
    }
    original_verdicts(&cases, false);
}

/// The old bug, pinned down: folding the cofactor into reduced scalars is not clearing it.
/// With the weight \\(w = 8^{-1} \bmod \ell\\), the folded scalar \\(8w \bmod \ell\\) is 1 and
/// leaves every torsion point whole, while \\(8 (wT)\\) computed as a point is the identity.
#[test]
fn folding_the_cofactor_into_scalars_does_not_clear_torsion() {
    let eight = Scalar::from(8u64);
    let w = eight.invert();
    for t in torsion() {
        assert_eq!(G::mul_by_pow_2(&(t * w), 3), G::identity());
        assert_eq!(t * (w * eight), t);
        assert_ne!(t, G::identity());
    }
}

/// Valid Monero proofs whose `S` (original) or `A1`, `B` (BP+) are the identity: accepted by
/// monero-oxide and by us, alone and in a batch.
#[test]
fn monero_accepts_identity_prover_messages_and_so_do_we() {
    let identity = G::point_to_bytes(&G::identity());
    let (plus, plus_c) = tamper::with_zero_nonces(|| prove_plus(None));
    assert_eq!((plus.a1.bytes, plus.b.bytes), (identity, identity));
    let plus_case = Made {
        site: "A1 and B",
        torsion: 0,
        proof: plus,
        commitments: encodings(&plus_c),
    };
    plus_verdicts(core::slice::from_ref(&plus_case), true);

    let (original, original_c) = tamper::with_zero_nonces(|| prove_original(None));
    assert_eq!(original.s.bytes, identity);
    let original_case = Made {
        site: "S",
        torsion: 0,
        proof: original,
        commitments: encodings(&original_c),
    };
    original_verdicts(core::slice::from_ref(&original_case), true);
}

/// The same kind of proof under the reference's convention: the reference refuses the
/// identity `S`, and so do we (with the typed error).
#[test]
fn the_reference_refuses_identity_prover_messages_and_so_do_we() {
    use crate::deployments::dalek;
    use crate::group::Ristretto255;
    use merlin::Transcript;
    let blinding = Ristretto255::random_scalar(&mut OsRng);
    let (proof, commitment) = tamper::with_zero_nonces(|| {
        RangeProof::prove_single(
            dalek::generators(),
            &mut Transcript::new(b"id"),
            5,
            &blinding,
            8,
            &mut OsRng,
        )
        .expect("proves")
    });
    assert!(Ristretto255::is_identity_encoding(&proof.s.bytes));
    let ours = proof.verify_single(
        dalek::generators(),
        &mut Transcript::new(b"id"),
        &commitment.bytes,
        8,
        &mut OsRng,
    );
    assert_eq!(
        ours,
        Err(crate::ProofError::Decode(DecodeError::IdentityPoint))
    );

    let theirs =
        bulletproofs::RangeProof::from_bytes(&proof.to_bytes()).expect("reference decodes");
    let verdict = theirs.verify_single(
        &bulletproofs::BulletproofGens::new(8, 1),
        &bulletproofs::PedersenGens::default(),
        &mut Transcript::new(b"id"),
        &curve25519_dalek_v4::ristretto::CompressedRistretto(commitment.bytes),
        8,
    );
    assert!(verdict.is_err(), "the reference refuses an identity S");
}
