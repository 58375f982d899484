//! Monero original Bulletproofs verify alone and in one batch and the README's reject cases
//! fail: the three shipped in crate packages (`vectors/monero-crates-bp-ed25519.json`, always)
//! and the 18 of `../shared/vectors/monero-bp-ed25519.json` (m up to 16, RCT types 3–5) when it
//! is beside the repository.

use rand::rngs::OsRng;
use rangeproof::deployments::monero;
use rangeproof::deployments::monero::transcript::MoneroTranscript;
use rangeproof::{BatchVerifier, Ed25519, Group, ProofError, RangeProof};

use crate::common;
use common::{add_l, add_torsion, load_monero};

/// The bundled crate-package cases, and the full set from `../shared/vectors/` when it is beside
/// the repository (the flag).
fn load() -> (Vec<common::MoneroCase>, Vec<[u8; 32]>, bool) {
    load_monero("monero-bp-ed25519.json")
}

fn verify(proof: &[u8], commitments: &[[u8; 32]]) -> Result<(), ProofError> {
    let proof = RangeProof::<Ed25519>::from_monero_bytes(proof)?;
    proof.verify_multiple(
        monero::bulletproofs_generators(),
        &mut MoneroTranscript::bulletproofs(),
        commitments,
        64,
        &mut OsRng,
    )
}

#[test]
fn monero_proofs_verify_alone_and_in_one_batch() {
    let (cases, _, full) = load();
    assert_eq!(cases.len(), if full { 18 } else { 3 });
    let gens = monero::bulletproofs_generators();
    let mut batch = BatchVerifier::new();
    for (i, c) in cases.iter().enumerate() {
        verify(&c.proof, &c.commitments).unwrap_or_else(|e| panic!("case {i}: {e}"));
        let p = RangeProof::<Ed25519>::from_monero_bytes(&c.proof).unwrap();
        assert_eq!(p.to_monero_bytes().unwrap(), c.proof);
        batch.add_bulletproof(
            gens,
            &p,
            &mut MoneroTranscript::bulletproofs(),
            &c.commitments,
            64,
            &mut OsRng,
        );
    }
    batch.verify().expect("the proofs verify in one batch");
}

/// Offsets of the 32-byte fields: A, S, T1, T2, taux, mu, L.., R.., a, b, t.
fn fields(rounds: usize) -> (Vec<usize>, Vec<usize>) {
    let l = 193;
    let r = l + 32 * rounds + 1;
    let tail = r + 32 * rounds;
    let points: Vec<usize> = (0..4)
        .map(|i| 32 * i)
        .chain((0..rounds).map(|j| l + 32 * j))
        .chain((0..rounds).map(|j| r + 32 * j))
        .collect();
    let scalars = vec![128, 160, tail, tail + 32, tail + 64];
    (points, scalars)
}

#[test]
fn tampering_is_rejected() {
    let (cases, torsion, _) = load();
    for (i, c) in cases.iter().enumerate() {
        let rounds = c.proof[192] as usize;
        let (points, scalars) = fields(rounds);
        for &offset in points.iter().chain(&scalars) {
            let mut bad = c.proof.clone();
            bad[offset] ^= 0x01;
            assert!(
                verify(&bad, &c.commitments).is_err(),
                "case {i}: flip at {offset}"
            );
        }
        for &offset in &scalars {
            let mut bad = c.proof.clone();
            if !add_l(&mut bad[offset..offset + 32]) {
                continue;
            }
            assert_eq!(
                verify(&bad, &c.commitments),
                Err(ProofError::Decode(
                    rangeproof::DecodeError::NonCanonicalScalar
                )),
                "case {i}"
            );
        }
        if i < 3 {
            for t in &torsion {
                for &offset in &points {
                    let mut bad = c.proof.clone();
                    let moved = add_torsion(&bad[offset..offset + 32], t);
                    bad[offset..offset + 32].copy_from_slice(&moved);
                    assert!(
                        verify(&bad, &c.commitments).is_err(),
                        "case {i}: torsion at {offset}"
                    );
                }
                let mut commitments = c.commitments.clone();
                commitments[0] = add_torsion(&commitments[0], t);
                assert!(verify(&c.proof, &commitments).is_err());
            }
        }
        let m = c.commitments.len();
        if m >= 2 {
            let mut swapped = c.commitments.clone();
            swapped.swap(0, 1);
            assert!(verify(&c.proof, &swapped).is_err(), "case {i}: swapped");
            assert!(
                verify(&c.proof, &c.commitments[..m - 1]).is_err(),
                "case {i}: m - 1"
            );
        }
        let mut more = c.commitments.clone();
        more.push(c.commitments[0]);
        assert!(verify(&c.proof, &more).is_err(), "case {i}: m + 1");
        let len = c.proof.len();
        // Drop the last (L, R) pair, with the varint counts adjusted; and duplicate it.
        let l_end = 193 + 32 * rounds;
        let r_end = l_end + 1 + 32 * rounds;
        let mut dropped = c.proof[..l_end - 32].to_vec();
        dropped.push((rounds - 1) as u8);
        dropped.extend_from_slice(&c.proof[l_end + 1..r_end - 32]);
        dropped.extend_from_slice(&c.proof[r_end..]);
        dropped[192] = (rounds - 1) as u8;
        assert!(
            RangeProof::<Ed25519>::from_monero_bytes(&dropped).is_ok(),
            "case {i}: still well-formed"
        );
        assert!(
            verify(&dropped, &c.commitments).is_err(),
            "case {i}: dropped round"
        );
        let mut duplicated = c.proof[..l_end].to_vec();
        duplicated.extend_from_slice(&c.proof[l_end - 32..l_end]);
        duplicated.push((rounds + 1) as u8);
        duplicated.extend_from_slice(&c.proof[l_end + 1..r_end]);
        duplicated.extend_from_slice(&c.proof[r_end - 32..]);
        duplicated[192] = (rounds + 1) as u8;
        assert!(
            verify(&duplicated, &c.commitments).is_err(),
            "case {i}: duplicated round"
        );
        assert!(verify(&c.proof[..len - 1], &c.commitments).is_err());
        assert!(verify(&c.proof[..len - 32], &c.commitments).is_err());
        let mut longer = c.proof.clone();
        longer.push(0);
        assert!(verify(&longer, &c.commitments).is_err());
    }
}

#[test]
fn monero_bulletproofs_are_64_bit_only() {
    let (cases, _, _) = load();
    let proof = RangeProof::<Ed25519>::from_monero_bytes(&cases[0].proof).unwrap();
    for n in [8usize, 16, 32] {
        let result = proof.verify_multiple(
            monero::bulletproofs_generators(),
            &mut MoneroTranscript::bulletproofs(),
            &cases[0].commitments,
            n,
            &mut OsRng,
        );
        assert!(result.is_err(), "n = {n}");
        let proved = RangeProof::<Ed25519>::prove_single(
            monero::bulletproofs_generators(),
            &mut MoneroTranscript::bulletproofs(),
            1,
            &Ed25519::random_scalar(&mut OsRng),
            n,
            &mut OsRng,
        );
        assert_eq!(
            proved.err(),
            Some(ProofError::Statement(
                rangeproof::StatementError::RefusedByDeployment
            )),
            "n = {n}"
        );
    }
}

/// Monero's binary archive refuses a varint written with more bytes than it needs
/// (`EVARINT_REPRESENT`, `src/common/varint.h`), so a proof whose `L` or `R` count is the
/// non-minimal `0x80 | k, 0x00` for `k` rounds fails to parse. So does it here: a count byte
/// with the continuation bit set (a longer varint, or a count of 128 or more) is refused.
#[test]
fn non_minimal_varint_counts_are_refused() {
    let (cases, _, _) = load();
    for (i, c) in cases.iter().enumerate() {
        let rounds = c.proof[192] as usize;
        let r_count = 193 + 32 * rounds;
        assert_eq!(c.proof[r_count] as usize, rounds);
        let longer = |at: usize| {
            let mut bytes = c.proof[..at].to_vec();
            bytes.extend([0x80 | rounds as u8, 0x00]);
            bytes.extend_from_slice(&c.proof[at + 1..]);
            bytes
        };
        let mut both = longer(r_count);
        both.splice(192..193, [0x80 | rounds as u8, 0x00]);
        let mut flagged = c.proof.clone();
        flagged[192] |= 0x80;
        for (name, bad) in [
            ("L", longer(192)),
            ("R", longer(r_count)),
            ("L and R", both),
            ("L flagged", flagged),
        ] {
            assert_eq!(
                RangeProof::<Ed25519>::from_monero_bytes(&bad).err(),
                Some(ProofError::Decode(rangeproof::DecodeError::InvalidLength(
                    bad.len()
                ))),
                "case {i}: {name}"
            );
        }
    }
}
