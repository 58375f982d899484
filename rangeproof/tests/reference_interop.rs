//! Wire compatibility with the reference implementation (`bulletproofs` 5.0): proofs made by
//! ours verify with theirs and the other way round, over random values including 0 and
//! 2^n - 1, for n ∈ {8, 16, 32, 64} and m ∈ {1, 2, 4, 8, 16}.

use bulletproofs::{BulletproofGens, PedersenGens};
use curve25519_dalek_v4::ristretto::CompressedRistretto as RefCompressed;
use curve25519_dalek_v4::scalar::Scalar as RefScalar;
use merlin::Transcript;
use rand::rngs::OsRng;
use rand::{Rng, RngCore};
use rangeproof::{deployments::dalek, Group, RangeProof, Ristretto255};

const LABEL: &[u8] = b"interop test";

/// Random n-bit values with the edges 0 and 2^n - 1 among them.
fn values(n: usize, m: usize) -> Vec<u64> {
    let max = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    (0..m)
        .map(|j| match j % 4 {
            0 => 0,
            1 => max,
            _ => OsRng.gen_range(0..=max),
        })
        .collect()
}

fn ref_scalar(bytes: [u8; 32]) -> RefScalar {
    RefScalar::from_canonical_bytes(bytes).unwrap()
}

#[test]
fn ours_verify_with_theirs_and_theirs_with_ours() {
    let bp_gens = BulletproofGens::new(64, 16);
    let pc_gens = PedersenGens::default();
    let gens = dalek::generators();
    for n in [8, 16, 32, 64] {
        for m in [1, 2, 4, 8, 16] {
            let v = values(n, m);

            // Ours -> theirs.
            let blindings: Vec<_> = (0..m)
                .map(|_| Ristretto255::random_scalar(&mut OsRng))
                .collect();
            let (proof, commitments) = RangeProof::prove_multiple(
                gens,
                &mut Transcript::new(LABEL),
                &v,
                &blindings,
                n,
                &mut OsRng,
            )
            .expect("prove");
            let bytes = proof.to_bytes();
            assert_eq!(
                bytes.len(),
                32 * (9 + 2 * (n * m).trailing_zeros() as usize)
            );
            let theirs =
                bulletproofs::RangeProof::from_bytes(&bytes).expect("reference decodes our proof");
            let their_commitments: Vec<RefCompressed> =
                commitments.iter().map(|c| RefCompressed(c.bytes)).collect();
            theirs
                .verify_multiple(
                    &bp_gens,
                    &pc_gens,
                    &mut Transcript::new(LABEL),
                    &their_commitments,
                    n,
                )
                .unwrap_or_else(|e| panic!("reference rejects our proof n={n} m={m}: {e:?}"));
            // And the commitments are the reference's commitments to the same openings.
            for ((c, value), blinding) in commitments.iter().zip(&v).zip(&blindings) {
                let expected =
                    pc_gens.commit(RefScalar::from(*value), ref_scalar(blinding.to_bytes()));
                assert_eq!(c.bytes, expected.compress().to_bytes());
            }

            // Theirs -> ours.
            let their_blindings: Vec<RefScalar> = (0..m)
                .map(|_| {
                    let mut wide = [0u8; 64];
                    OsRng.fill_bytes(&mut wide);
                    RefScalar::from_bytes_mod_order_wide(&wide)
                })
                .collect();
            let (their_proof, their_commitments) = bulletproofs::RangeProof::prove_multiple(
                &bp_gens,
                &pc_gens,
                &mut Transcript::new(LABEL),
                &v,
                &their_blindings,
                n,
            )
            .expect("reference proves");
            let ours = RangeProof::<Ristretto255>::from_bytes(&their_proof.to_bytes())
                .expect("we decode theirs");
            let encoded: Vec<[u8; 32]> = their_commitments.iter().map(|c| c.to_bytes()).collect();
            ours.verify_multiple(gens, &mut Transcript::new(LABEL), &encoded, n, &mut OsRng)
                .unwrap_or_else(|e| panic!("we reject the reference's proof n={n} m={m}: {e}"));
            // Their proof for these commitments must not verify under another label or n.
            assert!(ours
                .verify_multiple(
                    gens,
                    &mut Transcript::new(b"other"),
                    &encoded,
                    n,
                    &mut OsRng
                )
                .is_err());
        }
    }
}
