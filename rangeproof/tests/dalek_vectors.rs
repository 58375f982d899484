//! The 16 proofs made by the reference implementation (`vectors/dalek-bp-ristretto255.json`)
//! verify, and the reject cases of the vectors' README are all rejected.

use merlin::Transcript;
use rand::rngs::OsRng;
use rangeproof::{deployments::dalek, ProofError, RangeProof, Ristretto255};
use serde_json::Value;

const VECTORS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../vectors/dalek-bp-ristretto255.json"
);

use crate::common;
use common::add_l;

struct Case {
    n: usize,
    proof: Vec<u8>,
    commitments: Vec<[u8; 32]>,
}

fn load() -> (Vec<u8>, Vec<Case>) {
    let text =
        std::fs::read_to_string(VECTORS).expect("the vectors are in the repository, at vectors/");
    let json: Value = serde_json::from_str(&text).expect("valid JSON");
    let label = json["transcript_label"]
        .as_str()
        .expect("label")
        .as_bytes()
        .to_vec();
    let cases = json["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .map(|c| {
            let num = |v: &Value| {
                v.as_u64()
                    .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
                    .expect("number")
            };
            let commitments = c["commitments"]
                .as_array()
                .expect("commitments")
                .iter()
                .map(|h| {
                    hex::decode(h.as_str().expect("hex"))
                        .expect("hex")
                        .try_into()
                        .expect("32 bytes")
                })
                .collect::<Vec<[u8; 32]>>();
            assert_eq!(commitments.len() as u64, num(&c["aggregation"]));
            Case {
                n: num(&c["bits"]) as usize,
                proof: hex::decode(c["proof"].as_str().expect("hex")).expect("hex"),
                commitments,
            }
        })
        .collect();
    (label, cases)
}

fn verify(
    label: &[u8],
    proof: &[u8],
    commitments: &[[u8; 32]],
    n: usize,
) -> Result<(), ProofError> {
    let proof = RangeProof::<Ristretto255>::from_bytes(proof)?;
    let mut transcript = labelled(label);
    proof.verify_multiple(
        dalek::generators(),
        &mut transcript,
        commitments,
        n,
        &mut OsRng,
    )
}

/// A fresh transcript with the vectors' label (merlin wants a `'static` label).
fn labelled(label: &[u8]) -> Transcript {
    let leaked: &'static [u8] = Box::leak(label.to_vec().into_boxed_slice());
    Transcript::new(leaked)
}

#[test]
fn all_reference_proofs_verify() {
    let (label, cases) = load();
    assert_eq!(cases.len(), 16);
    for (i, case) in cases.iter().enumerate() {
        verify(&label, &case.proof, &case.commitments, case.n)
            .unwrap_or_else(|e| panic!("case {i}: {e}"));
        // Re-encoding is the identity on valid proofs.
        let decoded = RangeProof::<Ristretto255>::from_bytes(&case.proof).expect("decodes");
        assert_eq!(decoded.to_bytes(), case.proof);
    }
}

#[test]
fn every_single_byte_corruption_is_rejected() {
    let (label, cases) = load();
    for (i, case) in cases.iter().enumerate() {
        for pos in 0..case.proof.len() {
            for mask in [0x01u8, 0x80] {
                let mut bad = case.proof.clone();
                bad[pos] ^= mask;
                assert!(
                    verify(&label, &bad, &case.commitments, case.n).is_err(),
                    "case {i}: flipping byte {pos} with {mask:#x} was accepted"
                );
            }
        }
        for j in 0..case.commitments.len() {
            for pos in [0usize, 17, 31] {
                let mut commitments = case.commitments.clone();
                commitments[j][pos] ^= 0x01;
                assert!(
                    verify(&label, &case.proof, &commitments, case.n).is_err(),
                    "case {i}: commitment {j} byte {pos}"
                );
            }
        }
    }
}

#[test]
fn non_canonical_scalars_are_rejected_at_decoding() {
    let (_, cases) = load();
    for case in &cases {
        let words = case.proof.len() / 32;
        // t_x, t_x_blinding, e_blinding, a, b.
        for word in [4, 5, 6, words - 2, words - 1] {
            let mut bad = case.proof.clone();
            if !add_l(&mut bad[word * 32..(word + 1) * 32]) {
                continue; // value + ℓ would not fit in 32 bytes
            }
            assert_eq!(
                RangeProof::<Ristretto255>::from_bytes(&bad),
                Err(ProofError::Decode(
                    rangeproof::DecodeError::NonCanonicalScalar
                ))
            );
        }
    }
}

#[test]
fn wrong_parameters_are_rejected() {
    let (label, cases) = load();
    let all: Vec<[u8; 32]> = cases
        .iter()
        .max_by_key(|c| c.commitments.len())
        .expect("cases")
        .commitments
        .clone();
    for case in &cases {
        let (n, m) = (case.n, case.commitments.len());
        for other_n in [n / 2, n * 2] {
            assert!(
                verify(&label, &case.proof, &case.commitments, other_n).is_err(),
                "n = {other_n} instead of {n}"
            );
        }
        let mut more = case.commitments.clone();
        more.push(all[(m + 1) % all.len()]);
        assert!(verify(&label, &case.proof, &more, n).is_err(), "m + 1");
        if m > 1 {
            assert!(
                verify(&label, &case.proof, &case.commitments[..m - 1], n).is_err(),
                "m - 1"
            );
            let mut swapped = case.commitments.clone();
            swapped.swap(0, 1);
            assert!(
                verify(&label, &case.proof, &swapped, n).is_err(),
                "swapped commitments"
            );
        } else {
            assert!(
                verify(&label, &case.proof, &all[1..2], n).is_err(),
                "another commitment"
            );
        }
        assert!(
            verify(b"another label", &case.proof, &case.commitments, n).is_err(),
            "label"
        );
    }
}

#[test]
fn structural_damage_is_rejected() {
    let (label, cases) = load();
    for case in &cases {
        let p = &case.proof;
        let len = p.len();
        for cut in [1, 32] {
            assert_eq!(
                verify(&label, &p[..len - cut], &case.commitments, case.n).map_err(|_| ()),
                Err(())
            );
        }
        let mut longer = p.clone();
        longer.push(0);
        assert_eq!(
            RangeProof::<Ristretto255>::from_bytes(&longer),
            Err(ProofError::Decode(rangeproof::DecodeError::InvalidLength(
                len + 1
            )))
        );
        // Drop the last (L, R) pair; and duplicate it.
        let ipp_end = len - 64;
        let mut dropped = p[..ipp_end - 64].to_vec();
        dropped.extend_from_slice(&p[ipp_end..]);
        assert!(
            verify(&label, &dropped, &case.commitments, case.n).is_err(),
            "dropped round"
        );
        let mut duplicated = p[..ipp_end].to_vec();
        duplicated.extend_from_slice(&p[ipp_end - 64..]);
        assert!(
            verify(&label, &duplicated, &case.commitments, case.n).is_err(),
            "duplicated round"
        );
        // Swap A and S.
        let mut swapped = p.clone();
        swapped[..64].rotate_left(32);
        assert!(
            verify(&label, &swapped, &case.commitments, case.n).is_err(),
            "swapped A, S"
        );
    }
}
