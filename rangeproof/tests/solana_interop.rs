//! Cross-tests with `solana-zk-sdk` 8.1.0, both ways: its batched range proof instructions'
//! proof data (made by `build_batched_range_proof_u64_data` / `u128` / `u256`) verify here —
//! alone, through the suite and in one batch — and proof data we assemble verifies there
//! (`verify_proof`), over every kind, 1 to 8 commitments, uneven splits and the edge values
//! 0 and \\(2^{n_j} - 1\\); and both refuse the same altered proof data.

use crate::solana_sdk as sdk;
use rand::rngs::OsRng;
use rand::Rng;
use rangeproof::deployments::solana::{self, Kind, ProofData};
use rangeproof::deployments::{Deployment, Solana};
use rangeproof::{Group, RangeProof, Ristretto255, Suite, SuiteBatch};
use sdk::accepts as sdk_accepts;

type Scalar = <Ristretto255 as Group>::Scalar;

/// The splits the issue names and more: every kind, 1 to 8 commitments.
const SPLITS: [&[usize]; 12] = [
    &[64],
    &[1, 63],
    &[32, 32],
    &[8, 8, 16, 32],
    &[64, 32, 16, 8, 4, 2, 1, 1],
    &[64, 16, 32, 16],
    &[64, 64],
    &[1, 1, 2, 4, 8, 16, 32, 64],
    &[64, 64, 64, 64],
    &[64, 64, 64, 32, 16, 8, 4, 4],
    &[128 / 4; 4],
    &[32; 8],
];

/// Values at the edges 0 and \\(2^{n_j} - 1\\), and random ones.
fn values_for(bit_lengths: &[usize], round: usize) -> Vec<u64> {
    bit_lengths
        .iter()
        .enumerate()
        .map(|(j, &n)| {
            let max = u64::MAX >> (64 - n);
            match (j + round) % 3 {
                0 => 0,
                1 => max,
                _ => OsRng.gen_range(0..=max),
            }
        })
        .collect()
}

fn random_blindings(count: usize) -> Vec<Scalar> {
    (0..count)
        .map(|_| Ristretto255::random_scalar(&mut OsRng))
        .collect()
}

/// The SDK's proof data for `values` of `bit_lengths` under `blindings`, as bytes.
fn sdk_proof_data(values: &[u64], bit_lengths: &[usize], blindings: &[Scalar]) -> Vec<u8> {
    let bytes: Vec<[u8; 32]> = blindings.iter().map(|b| b.to_bytes()).collect();
    sdk::prove(values, bit_lengths, &bytes)
}

/// Our proof data for the same statement.
fn our_proof_data(values: &[u64], bit_lengths: &[usize], blindings: &[Scalar]) -> Vec<u8> {
    let (proof, commitments) = RangeProof::prove_with_bit_lengths(
        solana::generators(),
        &mut Solana::transcript(b""),
        values,
        blindings,
        bit_lengths,
        &mut OsRng,
    )
    .expect("we prove");
    ProofData::new(
        commitments.iter().map(|c| c.bytes).collect(),
        bit_lengths.to_vec(),
        proof.to_bytes(),
    )
    .expect("valid proof data")
    .to_bytes()
}

/// Whether we accept proof data: parsed by the program's rules, then verified through the
/// suite.
fn we_accept(data: &[u8]) -> bool {
    let Ok(data) = ProofData::from_bytes(data) else {
        return false;
    };
    Suite::SOLANA_BULLETPROOFS
        .verify(
            &data.statement(),
            data.proof(),
            &data.commitment_list(),
            &mut OsRng,
        )
        .is_ok()
}

#[test]
fn sdk_proofs_verify_here_alone_and_in_one_batch() {
    let mut batch = SuiteBatch::new();
    let mut expected = Vec::new();
    for round in 0..2 {
        for lengths in SPLITS {
            let values = values_for(lengths, round);
            let blindings = random_blindings(values.len());
            let bytes = sdk_proof_data(&values, lengths, &blindings);
            let data = ProofData::from_bytes(&bytes).expect("the program's context rules hold");
            assert_eq!(data.kind(), Kind::from_bits(lengths.iter().sum()).unwrap());
            assert_eq!(data.bit_lengths(), lengths);
            assert_eq!(data.to_bytes(), bytes);
            assert!(we_accept(&bytes), "{lengths:?} {values:?}");
            // Through the typed API too.
            let proof = RangeProof::<Ristretto255>::from_bytes(data.proof()).expect("decodes");
            proof
                .verify_with_bit_lengths(
                    solana::generators(),
                    &mut Solana::transcript(b""),
                    data.commitments(),
                    lengths,
                    &mut OsRng,
                )
                .expect("verifies");
            // Every third proof enters the batch with t_x altered: the batch must name
            // exactly those.
            let mut proof_bytes = data.proof().to_vec();
            let invalid = expected.len() % 3 == 2;
            if invalid {
                proof_bytes[128] ^= 1; // t_x
            }
            batch
                .add(
                    Suite::SOLANA_BULLETPROOFS,
                    &data.statement(),
                    &proof_bytes,
                    &data.commitment_list(),
                    &mut OsRng,
                )
                .expect("decodes");
            expected.push(invalid);
        }
    }
    let named = batch
        .verify()
        .expect_err("some proofs were altered")
        .invalid;
    let altered: Vec<usize> = (0..expected.len()).filter(|&i| expected[i]).collect();
    assert_eq!(named, altered);
}

#[test]
fn our_proofs_verify_in_the_sdk() {
    for round in 0..2 {
        for lengths in SPLITS {
            let values = values_for(lengths, round);
            let blindings = random_blindings(values.len());
            let bytes = our_proof_data(&values, lengths, &blindings);
            assert!(sdk_accepts(&bytes), "{lengths:?} {values:?}");
            assert!(we_accept(&bytes));
            // Same commitments as the SDK makes for the same openings.
            let theirs = sdk_proof_data(&values, lengths, &blindings);
            assert_eq!(bytes[..solana::CONTEXT_LEN], theirs[..solana::CONTEXT_LEN]);
        }
    }
}

/// Every byte of one proof data of each kind altered: both verifiers refuse, and agree.
#[test]
fn every_altered_byte_is_refused_by_both() {
    for lengths in [&[8usize, 8, 16, 32][..], &[64, 16, 32, 16], &[64; 4]] {
        let values = values_for(lengths, 1);
        let blindings = random_blindings(values.len());
        for bytes in [
            sdk_proof_data(&values, lengths, &blindings),
            our_proof_data(&values, lengths, &blindings),
        ] {
            assert!(sdk_accepts(&bytes) && we_accept(&bytes));
            for i in 0..bytes.len() {
                let mut altered = bytes.clone();
                altered[i] ^= 1 << OsRng.gen_range(0..8);
                let (sdk, ours) = (sdk_accepts(&altered), we_accept(&altered));
                assert_eq!(sdk, ours, "byte {i} of {lengths:?}");
                assert!(!ours, "byte {i} of {lengths:?} altered, still accepted");
            }
        }
    }
}

/// The program's rejections, each checked against the SDK: the same verdict, and ours typed.
#[test]
fn contexts_and_proofs_the_program_refuses_are_refused_here() {
    let lengths = [32usize, 16, 16];
    let values = values_for(&lengths, 0);
    let blindings = random_blindings(3);
    let bytes = our_proof_data(&values, &lengths, &blindings);
    let altered = |f: &dyn Fn(&mut Vec<u8>)| {
        let mut b = bytes.clone();
        f(&mut b);
        b
    };
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("bit length 0", altered(&|b| b[257] = 0)),
        ("bit length 65", altered(&|b| b[257] = 65)),
        ("lengths for another kind", altered(&|b| b[257] = 32)),
        ("a fourth bit length", altered(&|b| b[259] = 16)),
        (
            "a commitment in an unused slot",
            altered(&|b| b[7 * 32] = 1),
        ),
        ("a middle slot emptied", altered(&|b| b[32..64].fill(0))),
        ("no commitments", altered(&|b| b[..264].fill(0))),
        ("A the identity", altered(&|b| b[264..296].fill(0))),
        (
            "T_2 the identity",
            altered(&|b| b[264 + 96..264 + 128].fill(0)),
        ),
        (
            "L_0 the identity",
            altered(&|b| b[264 + 224..264 + 256].fill(0)),
        ),
        (
            "R_5 the identity",
            altered(&|b| b[264 + 224 + 352..264 + 224 + 384].fill(0)),
        ),
        // t_x = ℓ (not canonical), b = 2^255 - 1.
        (
            "t_x not canonical",
            altered(&|b| {
                b[264 + 128..264 + 160].copy_from_slice(&[
                    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde,
                    0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
                ])
            }),
        ),
        (
            "b not canonical",
            altered(&|b| {
                let end = b.len();
                b[end - 32..].fill(0xff);
                b[end - 1] = 0x7f;
            }),
        ),
        ("one byte short", bytes[..bytes.len() - 1].to_vec()),
        ("one byte long", altered(&|b| b.push(0))),
        (
            "U64 proof data stretched to U128's length",
            altered(&|b| b.extend_from_slice(&[0; 64])),
        ),
    ];
    for (why, data) in cases {
        assert!(!sdk_accepts(&data), "the SDK accepts: {why}");
        assert!(!we_accept(&data), "we accept: {why}");
    }
    // An identity commitment: the SDK's builder refuses it, and so does our prover.
    let zero = Scalar::default();
    assert!(RangeProof::prove_with_bit_lengths(
        solana::generators(),
        &mut Solana::transcript(b""),
        &[0],
        &[zero],
        &[64],
        &mut OsRng,
    )
    .is_err());
}
