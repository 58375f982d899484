//! Monero-format Bulletproofs+ and original Bulletproofs made here verify with monero-oxide's
//! `monero-bulletproofs` (the verifier Serai and other Rust Monero software use), and its proofs
//! verify here, for every m from 1 to 16 (non-powers of two padded as Monero pads them).

use curve25519_dalek::Scalar;
use rand::rngs::OsRng;
use rand::{Rng, RngCore};
use rangeproof::bulletproofs_plus::Statement;
use rangeproof::deployments::monero;
use rangeproof::deployments::monero::transcript::MoneroTranscript;
use rangeproof::{Ed25519, Group, RangeProof, RangeProofPlus};

const STATEMENT: Statement<'static> = Statement {
    bits: 64,
    extension_degree: 1,
    minimum_values: None,
};

fn values(m: usize) -> Vec<u64> {
    (0..m)
        .map(|j| match j % 3 {
            0 => 0,
            1 => u64::MAX,
            _ => OsRng.gen(),
        })
        .collect()
}

fn their_scalar(s: &Scalar) -> monero_ed25519::Scalar {
    monero_ed25519::Scalar::from(
        curve25519_dalek_v4::Scalar::from_canonical_bytes(s.to_bytes()).unwrap(),
    )
}

#[test]
fn ours_verify_with_monero_oxide_and_theirs_with_ours() {
    let gens = monero::bulletproofs_plus_generators();
    for m in 1..=16 {
        let v = values(m);
        // Ours -> theirs.
        let masks: Vec<[Scalar; 1]> = (0..m)
            .map(|_| [Ed25519::random_scalar(&mut OsRng)])
            .collect();
        let (proof, commitments) = RangeProofPlus::prove(
            gens,
            &mut MoneroTranscript::bulletproofs_plus(),
            &STATEMENT,
            &v,
            &masks,
            None,
            &mut OsRng,
        )
        .unwrap_or_else(|e| panic!("m = {m}: {e}"));
        let bytes = proof.to_monero_bytes().unwrap();
        let theirs = monero_bulletproofs::Bulletproof::read_plus(&mut bytes.as_slice())
            .expect("monero-oxide reads ours");
        assert_eq!(theirs.serialize(), bytes);
        let compressed: Vec<monero_ed25519::CompressedPoint> = commitments
            .iter()
            .map(|c| monero_ed25519::CompressedPoint::from(c.bytes))
            .collect();
        assert!(
            theirs.verify(&mut OsRng, &compressed),
            "monero-oxide rejects our proof, m = {m}"
        );
        // Our commitments are Monero's: mask G + amount H.
        for ((c, value), mask) in commitments.iter().zip(&v).zip(&masks) {
            let expected = monero_ed25519::Commitment::new(their_scalar(&mask[0]), *value)
                .commit()
                .compress();
            assert_eq!(c.bytes, expected.to_bytes());
        }

        // Theirs -> ours.
        let their_commitments: Vec<monero_ed25519::Commitment> = v
            .iter()
            .map(|value| {
                let mut wide = [0u8; 64];
                OsRng.fill_bytes(&mut wide);
                let mask = Scalar::from_bytes_mod_order_wide(&wide);
                monero_ed25519::Commitment::new(their_scalar(&mask), *value)
            })
            .collect();
        let encoded: Vec<[u8; 32]> = their_commitments
            .iter()
            .map(|c| c.commit().compress().to_bytes())
            .collect();
        let their_proof =
            monero_bulletproofs::Bulletproof::prove_plus(&mut OsRng, their_commitments).unwrap();
        let ours = RangeProofPlus::<Ed25519>::from_monero_bytes(&their_proof.serialize())
            .expect("we read theirs");
        ours.verify(
            gens,
            &mut MoneroTranscript::bulletproofs_plus(),
            &STATEMENT,
            &encoded,
            &mut OsRng,
        )
        .unwrap_or_else(|e| panic!("we reject monero-oxide's proof, m = {m}: {e}"));
    }
}

#[test]
fn original_bulletproofs_interoperate_with_monero_oxide() {
    let gens = monero::bulletproofs_generators();
    for m in 1..=16 {
        let v = values(m);
        // Ours -> theirs.
        let masks: Vec<Scalar> = (0..m).map(|_| Ed25519::random_scalar(&mut OsRng)).collect();
        let (proof, commitments) = RangeProof::prove_multiple(
            gens,
            &mut MoneroTranscript::bulletproofs(),
            &v,
            &masks,
            64,
            &mut OsRng,
        )
        .unwrap_or_else(|e| panic!("m = {m}: {e}"));
        let bytes = proof.to_monero_bytes().unwrap();
        let theirs = monero_bulletproofs::Bulletproof::read(&mut bytes.as_slice())
            .expect("monero-oxide reads ours");
        assert_eq!(theirs.serialize(), bytes);
        let compressed: Vec<monero_ed25519::CompressedPoint> = commitments
            .iter()
            .map(|c| monero_ed25519::CompressedPoint::from(c.bytes))
            .collect();
        assert!(
            theirs.verify(&mut OsRng, &compressed),
            "monero-oxide rejects our proof, m = {m}"
        );

        // Theirs -> ours.
        let their_commitments: Vec<monero_ed25519::Commitment> = v
            .iter()
            .map(|value| {
                monero_ed25519::Commitment::new(
                    their_scalar(&Ed25519::random_scalar(&mut OsRng)),
                    *value,
                )
            })
            .collect();
        let encoded: Vec<[u8; 32]> = their_commitments
            .iter()
            .map(|c| c.commit().compress().to_bytes())
            .collect();
        let their_proof =
            monero_bulletproofs::Bulletproof::prove(&mut OsRng, their_commitments).unwrap();
        let ours = RangeProof::<Ed25519>::from_monero_bytes(&their_proof.serialize())
            .expect("we read theirs");
        ours.verify_multiple(
            gens,
            &mut MoneroTranscript::bulletproofs(),
            &encoded,
            64,
            &mut OsRng,
        )
        .unwrap_or_else(|e| panic!("we reject monero-oxide's proof, m = {m}: {e}"));
    }
}
