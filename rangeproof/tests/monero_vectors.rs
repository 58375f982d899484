//! Monero mainnet Bulletproofs+ proofs verify, alone and in one batch, and the reject cases of
//! the vectors' README are rejected: the case shipped in the `monero-oxide` 0.1.0 crate package
//! (`vectors/monero-crates-bpplus-ed25519.json`, always), and the 14 of
//! `../shared/vectors/monero-bpplus-ed25519.json` when it is beside the repository.

use rand::rngs::OsRng;
use rangeproof::bulletproofs_plus::Statement;
use rangeproof::deployments::monero;
use rangeproof::deployments::monero::transcript::MoneroTranscript;
use rangeproof::{BatchVerifier, Ed25519, ProofError, RangeProofPlus};

use crate::common;
use common::{add_l, add_torsion, load_monero};

const STATEMENT: Statement<'static> = Statement {
    bits: 64,
    extension_degree: 1,
    minimum_values: None,
};

/// The bundled crate-package case, and the full mainnet set from `../shared/vectors/` when it
/// is beside the repository (the flag).
fn load() -> (Vec<common::MoneroCase>, Vec<[u8; 32]>, bool) {
    load_monero("monero-bpplus-ed25519.json")
}

fn verify(proof: &[u8], commitments: &[[u8; 32]]) -> Result<(), ProofError> {
    let proof = RangeProofPlus::<Ed25519>::from_monero_bytes(proof)?;
    proof.verify(
        monero::bulletproofs_plus_generators(),
        &mut MoneroTranscript::bulletproofs_plus(),
        &STATEMENT,
        commitments,
        &mut OsRng,
    )
}

#[test]
fn mainnet_proofs_verify_alone_and_in_one_batch() {
    let (cases, _, full) = load();
    assert_eq!(cases.len(), if full { 14 } else { 1 });
    let gens = monero::bulletproofs_plus_generators();
    let decoded: Vec<RangeProofPlus<Ed25519>> = cases
        .iter()
        .enumerate()
        .map(|(i, c)| {
            verify(&c.proof, &c.commitments).unwrap_or_else(|e| panic!("case {i}: {e}"));
            let p = RangeProofPlus::from_monero_bytes(&c.proof).unwrap();
            assert_eq!(
                p.to_monero_bytes().unwrap(),
                c.proof,
                "case {i} re-encodes to the same bytes"
            );
            p
        })
        .collect();
    let mut batch = BatchVerifier::new();
    for (p, c) in decoded.iter().zip(&cases) {
        batch.add_bulletproof_plus(
            gens,
            p,
            &mut MoneroTranscript::bulletproofs_plus(),
            &STATEMENT,
            &c.commitments,
            &mut OsRng,
        );
    }
    batch
        .verify()
        .expect("the mainnet proofs verify in one batch");

    // One case with another case's commitments (or, alone, its own swapped): the batch names
    // exactly that one.
    let culprit = cases.len() - 1;
    let wrong = if culprit > 0 {
        cases[0].commitments.clone()
    } else {
        let mut swapped = cases[0].commitments.clone();
        swapped.swap(0, 1);
        swapped
    };
    let mut batch = BatchVerifier::new();
    for (k, (p, c)) in decoded.iter().zip(&cases).enumerate() {
        let commitments = if k == culprit {
            &wrong[..]
        } else {
            &c.commitments[..]
        };
        batch.add_bulletproof_plus(
            gens,
            p,
            &mut MoneroTranscript::bulletproofs_plus(),
            &STATEMENT,
            commitments,
            &mut OsRng,
        );
    }
    assert_eq!(batch.verify().unwrap_err().invalid, vec![culprit]);
}

/// What the repository bundles is what the crate packages ship.
#[test]
fn bundled_cases_are_the_crate_packages_data() {
    common::bundled_cases_match_their_transactions();
}

/// Offsets of the 32-byte fields of a proof with `rounds` rounds: A, A1, B, r1, s1, d1, L.., R...
fn fields(rounds: usize) -> Vec<usize> {
    let mut out: Vec<usize> = (0..6).map(|i| 32 * i).collect();
    out.extend((0..rounds).map(|j| 193 + 32 * j));
    out.extend((0..rounds).map(|j| 194 + 32 * (rounds + j)));
    out
}

#[test]
fn byte_flips_non_canonical_scalars_and_structure_are_rejected() {
    let (cases, _, _) = load();
    for (i, c) in cases.iter().enumerate() {
        let rounds = c.proof[192] as usize;
        for offset in fields(rounds) {
            for pos in [offset, offset + 13, offset + 31] {
                let mut bad = c.proof.clone();
                bad[pos] ^= 0x01;
                assert!(
                    verify(&bad, &c.commitments).is_err(),
                    "case {i}: byte {pos}"
                );
            }
        }
        for j in 0..c.commitments.len() {
            let mut commitments = c.commitments.clone();
            commitments[j][0] ^= 0x01;
            assert!(
                verify(&c.proof, &commitments).is_err(),
                "case {i}: commitment {j}"
            );
        }
        // r1, s1, d1 + ℓ (where it still fits) must be refused, not reduced.
        for offset in [96usize, 128, 160] {
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
        // Truncation, a trailing byte, a dropped or duplicated (L, R) pair.
        let len = c.proof.len();
        assert!(verify(&c.proof[..len - 1], &c.commitments).is_err());
        assert!(verify(&c.proof[..len - 32], &c.commitments).is_err());
        let mut longer = c.proof.clone();
        longer.push(0);
        assert!(verify(&longer, &c.commitments).is_err());
        let l_end = 193 + 32 * rounds;
        let mut dropped = c.proof[..l_end - 32].to_vec();
        dropped.push((rounds - 1) as u8);
        dropped.extend_from_slice(&c.proof[l_end + 1..len - 32]);
        dropped[192] = (rounds - 1) as u8;
        assert!(
            verify(&dropped, &c.commitments).is_err(),
            "case {i}: dropped round"
        );
        let mut duplicated = c.proof[..l_end].to_vec();
        duplicated.extend_from_slice(&c.proof[l_end - 32..l_end]);
        duplicated.push((rounds + 1) as u8);
        duplicated.extend_from_slice(&c.proof[l_end + 1..]);
        duplicated.extend_from_slice(&c.proof[len - 32..]);
        duplicated[192] = (rounds + 1) as u8;
        assert!(
            verify(&duplicated, &c.commitments).is_err(),
            "case {i}: duplicated round"
        );
    }
}

#[test]
fn torsion_added_to_any_point_is_rejected() {
    let (cases, torsion, _) = load();
    for (i, c) in cases.iter().enumerate().take(4) {
        let rounds = c.proof[192] as usize;
        let points: Vec<usize> = fields(rounds)
            .into_iter()
            .filter(|o| ![96, 128, 160].contains(o))
            .collect();
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
            for j in 0..c.commitments.len() {
                let mut commitments = c.commitments.clone();
                commitments[j] = add_torsion(&commitments[j], t);
                assert!(
                    verify(&c.proof, &commitments).is_err(),
                    "case {i}: torsion on commitment {j}"
                );
            }
        }
    }
}

#[test]
fn other_statements_are_rejected() {
    let (cases, _, _) = load();
    for (i, c) in cases.iter().enumerate() {
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
        let other = &cases[(i + 1) % cases.len()].commitments;
        if other.len() == m && other != &c.commitments {
            assert!(
                verify(&c.proof, other).is_err(),
                "case {i}: another case's commitments"
            );
        }
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
                RangeProofPlus::<Ed25519>::from_monero_bytes(&bad).err(),
                Some(ProofError::Decode(rangeproof::DecodeError::InvalidLength(
                    bad.len()
                ))),
                "case {i}: {name}"
            );
        }
    }
}
