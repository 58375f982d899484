//! Property tests of Solana's batched range proofs: random splits of every kind with random
//! values (biased to the edges 0 and 2^n_j - 1) round-trip through the instruction's proof
//! data, alone and in one batch; a proof never verifies under another split or with a byte
//! altered; arbitrary bytes as proof data never panic and are refused unless they are a valid
//! instruction.

use proptest::prelude::*;
use rand::rngs::OsRng;
use rangeproof::deployments::solana::{self, ProofData};
use rangeproof::deployments::{Deployment, Solana};
use rangeproof::{BatchVerifier, Group, RangeProof, Ristretto255};

type G = Ristretto255;

/// Bit lengths of 1 to 64 each, 1 to 8 of them, summing to a kind's total.
fn split() -> impl Strategy<Value = Vec<usize>> {
    prop_oneof![Just(64usize), Just(128), Just(256)].prop_flat_map(|total| {
        // At least total/64 values; at most 8.
        let least = total / 64;
        (least..=8usize).prop_flat_map(move |count| {
            proptest::collection::vec(1usize..=64, count)
                .prop_filter_map("lengths that can be scaled to the total", move |raw| {
                    fit(&raw, total)
                })
        })
    })
}

/// `raw` adjusted to sum to `total`, each in 1..=64 (None when it cannot be).
fn fit(raw: &[usize], total: usize) -> Option<Vec<usize>> {
    let mut lengths = raw.to_vec();
    let mut sum: usize = lengths.iter().sum();
    let mut i = 0;
    while sum != total {
        let j = i % lengths.len();
        if sum < total && lengths[j] < 64 {
            lengths[j] += 1;
            sum += 1;
        } else if sum > total && lengths[j] > 1 {
            lengths[j] -= 1;
            sum -= 1;
        }
        i += 1;
        if i > 64 * 8 * 4 {
            return None;
        }
    }
    Some(lengths)
}

/// Values for `lengths`, biased to the edges.
fn values(lengths: Vec<usize>) -> impl Strategy<Value = (Vec<usize>, Vec<u64>)> {
    let strategies: Vec<_> = lengths
        .iter()
        .map(|&n| {
            let max = u64::MAX >> (64 - n);
            prop_oneof![Just(0u64), Just(max), 0..=max]
        })
        .collect();
    (Just(lengths), strategies)
}

fn prove(lengths: &[usize], values: &[u64]) -> Vec<u8> {
    let blindings: Vec<_> = values
        .iter()
        .map(|_| G::random_scalar(&mut OsRng))
        .collect();
    let (proof, commitments) = RangeProof::prove_with_bit_lengths(
        solana::generators(),
        &mut Solana::transcript(b""),
        values,
        &blindings,
        lengths,
        &mut OsRng,
    )
    .expect("in-range values prove");
    ProofData::new(
        commitments.iter().map(|c| c.bytes).collect(),
        lengths.to_vec(),
        proof.to_bytes(),
    )
    .expect("valid proof data")
    .to_bytes()
}

fn verifies(bytes: &[u8]) -> bool {
    let Ok(data) = ProofData::from_bytes(bytes) else {
        return false;
    };
    RangeProof::<G>::from_bytes(data.proof()).is_ok_and(|proof| {
        proof
            .verify_with_bit_lengths(
                solana::generators(),
                &mut Solana::transcript(b""),
                data.commitments(),
                data.bit_lengths(),
                &mut OsRng,
            )
            .is_ok()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_splits_round_trip_and_bind_the_split(
        (lengths, values) in split().prop_flat_map(values),
        pos in any::<prop::sample::Index>(),
        mask in 1u8..=255,
    ) {
        let bytes = prove(&lengths, &values);
        prop_assert!(verifies(&bytes));
        // The same proof in one batch with another.
        let data = ProofData::from_bytes(&bytes).unwrap();
        let proof = RangeProof::<G>::from_bytes(data.proof()).unwrap();
        let mut batch = BatchVerifier::new();
        for _ in 0..2 {
            batch.add_bulletproof_with_bit_lengths(
                solana::generators(),
                &proof,
                &mut Solana::transcript(b""),
                data.commitments(),
                data.bit_lengths(),
                &mut OsRng,
            );
        }
        prop_assert!(batch.verify().is_ok());
        // Another split of the same total (the lengths rotated), where it differs.
        let mut rotated = lengths.clone();
        rotated.rotate_left(1);
        if rotated != lengths {
            let mut other = bytes.clone();
            for (k, &n) in rotated.iter().enumerate() {
                other[256 + k] = n as u8;
            }
            prop_assert!(!verifies(&other));
        }
        // Any byte altered.
        let mut altered = bytes.clone();
        altered[pos.index(bytes.len())] ^= mask;
        prop_assert!(!verifies(&altered));
    }

    #[test]
    fn arbitrary_proof_data_never_panics_and_is_refused(
        bytes in proptest::collection::vec(any::<u8>(), 0..1200),
        kind in 0usize..4,
    ) {
        let mut bytes = bytes;
        if kind < 3 {
            bytes.resize([936, 1000, 1064][kind], 0);
        }
        prop_assert!(!verifies(&bytes));
    }
}
