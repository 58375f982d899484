//! The norm argument against libsecp256k1-zkp's own test vectors
//! (`vectors/bppp-norm-secp256k1.json`): every verify case's verdict, every prove case's bytes;
//! the tagged transcript's pinned challenges; round trips and tampering over random inputs.

use crate::DecodeError;
use k256::elliptic_curve::Field;
use k256::{ProjectivePoint, Scalar};
use rand::{rngs::StdRng, Rng, SeedableRng};
use sha2::{Digest, Sha256};

use super::norm_argument::*;

fn vectors() -> serde_json::Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../vectors/bppp-norm-secp256k1.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn hex(v: &serde_json::Value) -> Vec<u8> {
    hex::decode(v.as_str().unwrap()).unwrap()
}

fn scalars(v: &serde_json::Value) -> Vec<Scalar> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| scalar_from_bytes(&hex(s)).unwrap())
        .collect()
}

fn generators(v: &serde_json::Value) -> Vec<ProjectivePoint> {
    hex(&v["generators"])
        .chunks(33)
        .map(|c| point_from_bytes(c).unwrap())
        .collect()
}

fn number(v: &serde_json::Value) -> usize {
    v.as_str()
        .map_or_else(|| v.as_u64().unwrap() as usize, |s| s.parse().unwrap())
}

#[test]
fn the_c_modules_verify_vectors_get_their_verdicts() {
    let v = vectors();
    let gens = generators(&v);
    let mut checked = 0;
    for case in v["verify_cases"].as_array().unwrap() {
        let g_len = number(&case["n_vec_len"]);
        let c = scalars(&case["c_vec"]);
        let valid = case["expected"] == "valid";
        let ours = scalar_from_bytes(&hex(&case["r"])).and_then(|r| {
            let commitment = point_from_bytes(&hex(&case["commitment"]))?;
            let g = &gens[..g_len.min(gens.len())];
            let h = &gens[g_len.min(gens.len())..];
            verify(
                &mut Sha256::new(),
                g,
                h,
                g_len,
                &c,
                &r,
                &commitment,
                &hex(&case["proof"]),
            )
        });
        assert_eq!(
            ours.is_ok(),
            valid,
            "{}: {} ({ours:?})",
            case["id"],
            case["why"]
        );
        checked += 1;
    }
    assert_eq!(checked, 13);
}

#[test]
fn our_prover_makes_the_c_modules_prove_vectors() {
    let v = vectors();
    let gens = generators(&v);
    for case in v["prove_cases"].as_array().unwrap() {
        let (n, l, c) = (
            scalars(&case["n_vec"]),
            scalars(&case["l_vec"]),
            scalars(&case["c_vec"]),
        );
        let r = scalar_from_bytes(&hex(&case["r"])).unwrap();
        let (g, h) = gens.split_at(n.len());
        let proof = prove(&mut Sha256::new(), g, h, &n, &l, &c, &r).unwrap();
        assert_eq!(
            hex::encode(&proof),
            case["proof"].as_str().unwrap(),
            "{}",
            case["id"]
        );
        let commitment = commit(g, h, &n, &l, &c, &r);
        assert_eq!(
            hex::encode(point_to_bytes(&commitment)),
            case["commitment_derived"].as_str().unwrap()
        );
        verify(
            &mut Sha256::new(),
            g,
            h,
            n.len(),
            &c,
            &r,
            &commitment,
            &proof,
        )
        .unwrap();
    }
}

#[test]
fn the_tagged_transcript_gives_the_c_tests_challenges() {
    // test_bppp_tagged_hash: the empty tagged state's challenge, then after writing 00 01 02.
    let empty = tagged_transcript()
        .chain_update(0u64.to_le_bytes())
        .finalize();
    assert_eq!(
        hex::encode(empty),
        "212fb64f9d8c3bc5f69115ee74f512678a41c6851a7914fc4815c72df8638f1b"
    );
    let written = tagged_transcript()
        .chain_update([0u8, 1, 2])
        .chain_update(0u64.to_le_bytes())
        .finalize();
    assert_eq!(
        hex::encode(written),
        "8daab77e3c6a9eec727e3eb71003f0e9694daa96ce98bb391c2f7c2e1c17786d"
    );
}

#[test]
fn random_proofs_round_trip_and_tampering_fails() {
    let mut rng = StdRng::seed_from_u64(2024);
    let gens: Vec<ProjectivePoint> = (0..96)
        .map(|_| ProjectivePoint::GENERATOR * Scalar::random(&mut rng))
        .collect();
    for (g_len, h_len) in [(1, 1), (1, 8), (8, 1), (4, 4), (16, 2), (2, 32), (64, 16)] {
        let n: Vec<Scalar> = (0..g_len).map(|_| Scalar::random(&mut rng)).collect();
        let l: Vec<Scalar> = (0..h_len).map(|_| Scalar::random(&mut rng)).collect();
        let c: Vec<Scalar> = (0..h_len).map(|_| Scalar::random(&mut rng)).collect();
        let r = Scalar::random(&mut rng);
        let (g, h) = (&gens[..64], &gens[64..]);
        let commitment = commit(g, h, &n, &l, &c, &r);
        let proof = prove(&mut tagged_transcript(), g, h, &n, &l, &c, &r).unwrap();
        assert_eq!(proof.len(), 65 * rounds(g_len, h_len) + 64);
        verify(
            &mut tagged_transcript(),
            g,
            h,
            g_len,
            &c,
            &r,
            &commitment,
            &proof,
        )
        .unwrap();
        // Every byte flipped (a bit each), another commitment, c, r or g_len: refused.
        for at in 0..proof.len() {
            let mut t = proof.clone();
            t[at] ^= 1 << rng.gen_range(0..8);
            assert!(
                verify(
                    &mut tagged_transcript(),
                    g,
                    h,
                    g_len,
                    &c,
                    &r,
                    &commitment,
                    &t
                )
                .is_err(),
                "byte {at}"
            );
        }
        let other = commitment + ProjectivePoint::GENERATOR;
        assert!(verify(
            &mut tagged_transcript(),
            g,
            h,
            g_len,
            &c,
            &r,
            &other,
            &proof
        )
        .is_err());
        let mut c2 = c.clone();
        c2[0] += Scalar::ONE;
        assert!(verify(
            &mut tagged_transcript(),
            g,
            h,
            g_len,
            &c2,
            &r,
            &commitment,
            &proof
        )
        .is_err());
        assert!(verify(
            &mut tagged_transcript(),
            g,
            h,
            g_len,
            &c,
            &(r + Scalar::ONE),
            &commitment,
            &proof
        )
        .is_err());
        assert!(verify(
            &mut tagged_transcript(),
            g,
            h,
            g_len * 2,
            &c,
            &r,
            &commitment,
            &proof
        )
        .is_err());
        // Another transcript state: refused (with no round there is no challenge to change).
        let other_state = verify(&mut Sha256::new(), g, h, g_len, &c, &r, &commitment, &proof);
        assert_eq!(other_state.is_err(), rounds(g_len, h_len) > 0);
        // Truncated, extended, r = 0.
        assert!(verify(
            &mut tagged_transcript(),
            g,
            h,
            g_len,
            &c,
            &r,
            &commitment,
            &proof[..proof.len() - 1]
        )
        .is_err());
        assert!(verify(
            &mut tagged_transcript(),
            g,
            h,
            g_len,
            &c,
            &Scalar::ZERO,
            &commitment,
            &proof
        )
        .is_err());
    }
}

#[test]
fn round_encodings_are_read_strictly() {
    let mut rng = StdRng::seed_from_u64(3);
    let gens: Vec<ProjectivePoint> = (0..8)
        .map(|_| ProjectivePoint::GENERATOR * Scalar::random(&mut rng))
        .collect();
    let (n, l, c) = (
        vec![Scalar::random(&mut rng); 4],
        vec![Scalar::random(&mut rng); 4],
        vec![Scalar::random(&mut rng); 4],
    );
    let r = Scalar::random(&mut rng);
    let (g, h) = gens.split_at(4);
    let commitment = commit(g, h, &n, &l, &c, &r);
    let proof = prove(&mut Sha256::new(), g, h, &n, &l, &c, &r).unwrap();
    let check = |p: &[u8]| verify(&mut Sha256::new(), g, h, 4, &c, &r, &commitment, p);
    check(&proof).unwrap();
    let mut t = proof.clone();
    t[0] = 4;
    assert_eq!(
        check(&t),
        Err(crate::ProofError::Decode(DecodeError::NonCanonicalEncoding))
    );
    let mut t = proof.clone();
    t[1..33].copy_from_slice(&[0xff; 32]);
    assert_eq!(
        check(&t),
        Err(crate::ProofError::Decode(DecodeError::InvalidPoint))
    );
    let mut t = proof.clone();
    t[1..33].copy_from_slice(&[0; 32]);
    t[0] |= 2;
    assert_eq!(
        check(&t),
        Err(crate::ProofError::Decode(DecodeError::NonCanonicalEncoding))
    );
    let mut t = proof.clone();
    let end = t.len();
    t[end - 32..].copy_from_slice(&[0xff; 32]);
    assert_eq!(
        check(&t),
        Err(crate::ProofError::Decode(DecodeError::NonCanonicalScalar))
    );
}

/// Norm arguments of unequal shapes in one batch with Elements' proofs and a settled verdict:
/// the batch holds when all hold and names exactly the tampered ones.
#[test]
fn norm_arguments_join_a_mixed_batch_and_the_invalid_ones_are_named() {
    use crate::BatchVerifier;
    let mut rng = StdRng::seed_from_u64(8);
    let gens: Vec<ProjectivePoint> = (0..96)
        .map(|_| ProjectivePoint::GENERATOR * Scalar::random(&mut rng))
        .collect();
    let sets = NormGenerators::new(gens[..64].to_vec(), gens[64..].to_vec());
    let mut made = Vec::new();
    for (g_len, h_len) in [(1, 1), (8, 2), (2, 32), (64, 4), (4, 16), (16, 16)] {
        let n: Vec<Scalar> = (0..g_len).map(|_| Scalar::random(&mut rng)).collect();
        let l: Vec<Scalar> = (0..h_len).map(|_| Scalar::random(&mut rng)).collect();
        let c: Vec<Scalar> = (0..h_len).map(|_| Scalar::random(&mut rng)).collect();
        let r = Scalar::random(&mut rng);
        let commitment = commit(&gens[..64], &gens[64..], &n, &l, &c, &r);
        let proof = prove(
            &mut tagged_transcript(),
            &gens[..64],
            &gens[64..],
            &n,
            &l,
            &c,
            &r,
        )
        .unwrap();
        made.push((g_len, c, r, commitment, proof));
    }
    let pendings = |tamper: &[usize]| -> Vec<PendingNormArgument<'_>> {
        made.iter()
            .enumerate()
            .map(|(k, (g_len, c, r, commitment, proof))| {
                let mut proof = proof.clone();
                if tamper.contains(&k) {
                    let end = proof.len() - 1;
                    proof[end] ^= 1;
                }
                PendingNormArgument::new(
                    &sets,
                    tagged_transcript(),
                    *g_len,
                    c.clone(),
                    *r,
                    *commitment,
                    proof,
                )
            })
            .collect()
    };
    let mut batch = BatchVerifier::new();
    for pending in pendings(&[]) {
        batch.add(pending, &mut rng);
    }
    batch.add_verdict(true);
    assert_eq!(batch.verify(), Ok(()));
    let mut batch = BatchVerifier::new();
    for pending in pendings(&[1, 4]) {
        batch.add(pending, &mut rng);
    }
    let bad = batch.add_verdict(false);
    assert_eq!(batch.verify().unwrap_err().invalid, vec![1, 4, bad]);
}

/// `test_bppp_generators_fixed`: the first three generators, serialized as the generator module
/// serializes them.
#[test]
fn the_generators_are_the_c_modules() {
    use crate::secp256k1_zkp::generator::ValueGenerator;
    let expected = [
        "0bb34d5fa6b8f3d13849ce5191b7f67618fe5bd12a88b20eac338945667fb33056",
        "0a628615169242109e9e64d4cb2881609c24b989512ad901aeff75649c375dbd79",
        "0aede06e075e79d0f77b033eb9a921a45b99f39beefea037a21fe9d74f958b10e2",
    ];
    for (point, hex) in super::generators(3).iter().zip(expected) {
        assert_eq!(
            hex::encode(ValueGenerator::from_point(*point).unwrap().to_bytes()),
            hex
        );
    }
}
