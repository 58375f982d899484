//! Wire compatibility with Tari's deployed Bulletproofs+ (`tari_bulletproofs_plus` 0.5): proofs
//! made by ours verify with theirs and the other way round, over random values (0 and 2^n - 1
//! included), n ∈ {8, 16, 32, 64}, m ∈ {1, 2, 4, 8, 16}, extension degrees 1 and 3, with and
//! without minimum-value promises; masks recovered by ours equal theirs.

use curve25519_dalek::{RistrettoPoint, Scalar};
use merlin::Transcript;
use rand::rngs::OsRng;
use rand::Rng;
use rangeproof::bulletproofs_plus::Statement;
use rangeproof::{deployments::tari, Group, RangeProofPlus, Ristretto255};
use tari_bulletproofs_plus::commitment_opening::CommitmentOpening;
use tari_bulletproofs_plus::generators::pedersen_gens::ExtensionDegree;
use tari_bulletproofs_plus::range_parameters::RangeParameters;
use tari_bulletproofs_plus::range_proof::{RangeProof as TariProof, VerifyAction};
use tari_bulletproofs_plus::range_statement::RangeStatement;
use tari_bulletproofs_plus::range_witness::RangeWitness;
use tari_bulletproofs_plus::ristretto::create_pedersen_gens_with_extension_degree;

const LABEL: &[u8] = b"tari interop";

fn degree(d: usize) -> ExtensionDegree {
    ExtensionDegree::try_from(d).unwrap()
}

fn params(n: usize, m: usize, d: usize) -> RangeParameters<RistrettoPoint> {
    RangeParameters::init(
        n,
        m.next_power_of_two(),
        create_pedersen_gens_with_extension_degree(degree(d)),
    )
    .unwrap()
}

/// Values with the edges (the minimum itself, 2^n - 1, 0), and optional minimums: Tari requires
/// both the value and the minimum to be below 2^n.
fn case(n: usize, m: usize, with_minimums: bool) -> (Vec<u64>, Option<Vec<u64>>) {
    let max = u64::MAX >> (64 - n);
    let mut values = Vec::with_capacity(m);
    let mut minimums = Vec::with_capacity(m);
    for j in 0..m {
        let minimum = if with_minimums {
            OsRng.gen_range(0..=max)
        } else {
            0
        };
        let value = match j % 3 {
            0 => minimum,
            1 => max,
            _ => OsRng.gen_range(minimum..=max),
        };
        minimums.push(minimum);
        values.push(value);
    }
    (values, with_minimums.then_some(minimums))
}

fn their_statement(
    n: usize,
    d: usize,
    commitments: &[RistrettoPoint],
    minimums: &Option<Vec<u64>>,
    seed: Option<Scalar>,
) -> RangeStatement<RistrettoPoint> {
    let promises = match minimums {
        Some(mins) => mins.iter().map(|m| Some(*m)).collect(),
        None => vec![None; commitments.len()],
    };
    RangeStatement::init(
        params(n, commitments.len(), d),
        commitments.to_vec(),
        promises,
        seed,
    )
    .unwrap()
}

fn their_verify(statement: RangeStatement<RistrettoPoint>, bytes: &[u8]) -> Result<(), String> {
    let proof = TariProof::<RistrettoPoint>::from_bytes(bytes).map_err(|e| format!("{e:?}"))?;
    TariProof::verify_batch(
        &mut [tari_merlin::Transcript::new(LABEL)],
        &[statement],
        &[proof],
        VerifyAction::VerifyOnly,
    )
    .map(|_| ())
    .map_err(|e| format!("{e:?}"))
}

#[test]
fn ours_verify_with_theirs_and_theirs_with_ours() {
    let gens = tari::generators();
    for n in [8, 16, 32, 64] {
        for m in [1, 2, 4, 8, 16] {
            for d in [1, 3] {
                for with_minimums in [false, true] {
                    let (values, minimums) = case(n, m, with_minimums);
                    let statement = Statement {
                        bits: n,
                        extension_degree: d,
                        minimum_values: minimums.as_deref(),
                    };
                    let what = format!("n={n} m={m} d={d} minimums={with_minimums}");

                    // Ours -> theirs.
                    let blindings: Vec<Vec<Scalar>> = (0..m)
                        .map(|_| {
                            (0..d)
                                .map(|_| Ristretto255::random_scalar(&mut OsRng))
                                .collect()
                        })
                        .collect();
                    let (proof, commitments) = RangeProofPlus::prove(
                        gens,
                        &mut Transcript::new(LABEL),
                        &statement,
                        &values,
                        &blindings,
                        None,
                        &mut OsRng,
                    )
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
                    let bytes = proof.to_bytes();
                    assert_eq!(
                        bytes.len(),
                        RangeProofPlus::<Ristretto255>::size_for(n, m, d)
                    );
                    let points: Vec<RistrettoPoint> =
                        commitments.iter().map(|c| c.point().unwrap()).collect();
                    their_verify(their_statement(n, d, &points, &minimums, None), &bytes)
                        .unwrap_or_else(|e| panic!("Tari rejects our proof, {what}: {e}"));

                    // Theirs -> ours.
                    let openings: Vec<CommitmentOpening> = values
                        .iter()
                        .zip(&blindings)
                        .map(|(v, r)| CommitmentOpening::new(*v, r.clone()))
                        .collect();
                    let their_commitments: Vec<RistrettoPoint> = values
                        .iter()
                        .zip(&blindings)
                        .map(|(v, r)| {
                            gens.pedersen()
                                .commit_extended(Scalar::from(*v), r)
                                .unwrap()
                        })
                        .collect();
                    let their_proof = TariProof::prove(
                        &mut tari_merlin::Transcript::new(LABEL),
                        &their_statement(n, d, &their_commitments, &minimums, None),
                        &RangeWitness::init(openings).unwrap(),
                    )
                    .unwrap();
                    let ours = RangeProofPlus::<Ristretto255>::from_bytes(&their_proof.to_bytes())
                        .unwrap();
                    assert_eq!(ours.to_bytes(), their_proof.to_bytes());
                    let encoded: Vec<[u8; 32]> = their_commitments
                        .iter()
                        .map(Ristretto255::point_to_bytes)
                        .collect();
                    ours.verify(
                        gens,
                        &mut Transcript::new(LABEL),
                        &statement,
                        &encoded,
                        &mut OsRng,
                    )
                    .unwrap_or_else(|e| panic!("we reject Tari's proof, {what}: {e}"));
                    assert!(ours
                        .verify(
                            gens,
                            &mut Transcript::new(b"other"),
                            &statement,
                            &encoded,
                            &mut OsRng
                        )
                        .is_err());
                }
            }
        }
    }
}

#[test]
fn recovered_masks_agree_with_tari() {
    let gens = tari::generators();
    for d in [1, 2, 6] {
        for with_minimums in [false, true] {
            let (values, minimums) = case(64, 1, with_minimums);
            let statement = Statement {
                bits: 64,
                extension_degree: d,
                minimum_values: minimums.as_deref(),
            };
            let blindings: Vec<Scalar> = (0..d)
                .map(|_| Ristretto255::random_scalar(&mut OsRng))
                .collect();
            let seed = Ristretto255::random_scalar(&mut OsRng);

            // Our proof with a seed: Tari recovers the mask, and so do we.
            let (proof, commitments) = RangeProofPlus::prove(
                gens,
                &mut Transcript::new(LABEL),
                &statement,
                &values,
                std::slice::from_ref(&blindings),
                Some(&seed),
                &mut OsRng,
            )
            .unwrap();
            let ours = proof
                .recover_mask(
                    gens,
                    &mut Transcript::new(LABEL),
                    &statement,
                    &commitments[0].bytes,
                    &seed,
                )
                .unwrap();
            assert_eq!(ours, blindings);
            let theirs = TariProof::verify_batch(
                &mut [tari_merlin::Transcript::new(LABEL)],
                &[their_statement(
                    64,
                    d,
                    &[commitments[0].point().unwrap()],
                    &minimums,
                    Some(seed),
                )],
                &[TariProof::from_bytes(&proof.to_bytes()).unwrap()],
                VerifyAction::RecoverAndVerify,
            )
            .unwrap();
            assert_eq!(theirs[0].as_ref().unwrap().blindings().unwrap(), blindings);

            // Tari's proof with a seed: we recover the same mask.
            let commitment = gens
                .pedersen()
                .commit_extended(Scalar::from(values[0]), &blindings)
                .unwrap();
            let their_proof = TariProof::prove(
                &mut tari_merlin::Transcript::new(LABEL),
                &their_statement(64, d, &[commitment], &minimums, Some(seed)),
                &RangeWitness::init(vec![CommitmentOpening::new(values[0], blindings.clone())])
                    .unwrap(),
            )
            .unwrap();
            let decoded =
                RangeProofPlus::<Ristretto255>::from_bytes(&their_proof.to_bytes()).unwrap();
            let recovered = decoded
                .recover_mask(
                    gens,
                    &mut Transcript::new(LABEL),
                    &statement,
                    &Ristretto255::point_to_bytes(&commitment),
                    &seed,
                )
                .unwrap();
            assert_eq!(recovered, blindings);
        }
    }
}
