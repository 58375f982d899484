//! Property tests: random witnesses round-trip (with the edges 0 and 2^n - 1), arbitrary bytes
//! never panic the decoder or the verifier, and a proof never verifies for another statement.

use merlin::Transcript;
use proptest::prelude::*;
use rand::rngs::OsRng;
use rangeproof::bulletproofs_plus::Statement;
use rangeproof::{
    deployments::dalek, deployments::tari, BatchVerifier, Group, RangeProof, RangeProofPlus,
    Ristretto255,
};

type G = Ristretto255;

fn bits() -> impl Strategy<Value = usize> {
    prop_oneof![Just(8usize), Just(16), Just(32), Just(64)]
}

/// An n-bit value, biased towards the edges 0 and 2^n - 1.
fn value(n: usize) -> impl Strategy<Value = u64> {
    let max = u64::MAX >> (64 - n);
    prop_oneof![Just(0u64), Just(max), 0..=max]
}

fn witness() -> impl Strategy<Value = (usize, Vec<u64>)> {
    (bits(), 1usize..=9).prop_flat_map(|(n, m)| (Just(n), proptest::collection::vec(value(n), m)))
}

fn prove(n: usize, values: &[u64], label: &'static [u8]) -> (RangeProof<G>, Vec<[u8; 32]>) {
    let blindings: Vec<_> = values
        .iter()
        .map(|_| G::random_scalar(&mut OsRng))
        .collect();
    let (proof, c) = RangeProof::prove_multiple(
        dalek::generators(),
        &mut Transcript::new(label),
        values,
        &blindings,
        n,
        &mut OsRng,
    )
    .expect("in-range values prove");
    (proof, c.iter().map(|c| c.bytes).collect())
}

fn verifies(
    proof: &RangeProof<G>,
    commitments: &[[u8; 32]],
    n: usize,
    label: &'static [u8],
) -> bool {
    proof
        .verify_multiple(
            dalek::generators(),
            &mut Transcript::new(label),
            commitments,
            n,
            &mut OsRng,
        )
        .is_ok()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_witnesses_round_trip((n, values) in witness()) {
        let (proof, commitments) = prove(n, &values, b"prop");
        let decoded = RangeProof::<G>::from_bytes(&proof.to_bytes()).unwrap();
        prop_assert!(verifies(&decoded, &commitments, n, b"prop"));
        let mut batch = BatchVerifier::new();
        batch.add_bulletproof(dalek::generators(), &decoded, &mut Transcript::new(b"prop"), &commitments, n, &mut OsRng);
        prop_assert!(batch.verify().is_ok());
    }

    #[test]
    fn a_proof_never_verifies_another_statement((n, values) in witness(), pick in any::<prop::sample::Index>()) {
        let (proof, commitments) = prove(n, &values, b"prop");
        let m = values.len();
        // Another commitment in one position.
        let (_, others) = prove(n, &values, b"prop");
        let mut replaced = commitments.clone();
        let j = pick.index(m);
        replaced[j] = others[j];
        prop_assert!(!verifies(&proof, &replaced, n, b"prop"));
        // Another n.
        for other_n in [8usize, 16, 32, 64].into_iter().filter(|&b| b != n) {
            prop_assert!(!verifies(&proof, &commitments, other_n, b"prop"));
        }
        // Another m: one commitment more or fewer.
        let mut more = commitments.clone();
        more.push(others[0]);
        prop_assert!(!verifies(&proof, &more, n, b"prop"));
        if m > 1 {
            prop_assert!(!verifies(&proof, &commitments[..m - 1], n, b"prop"));
        }
        // Another transcript label.
        prop_assert!(!verifies(&proof, &commitments, n, b"prop2"));
    }

    #[test]
    fn out_of_range_values_are_refused(n in prop_oneof![Just(8usize), Just(16), Just(32)], excess in 0u64..1000) {
        let blinding = G::random_scalar(&mut OsRng);
        let v = (1u64 << n) + excess;
        let result = RangeProof::<G>::prove_single(dalek::generators(), &mut Transcript::new(b"prop"), v, &blinding, n, &mut OsRng);
        prop_assert_eq!(result.err(), Some(rangeproof::ProofError::Statement(rangeproof::StatementError::ValueOutOfRange { bits: n })));
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..1200), n in 0usize..80, m in 0usize..70) {
        if let Ok(proof) = RangeProof::<G>::from_bytes(&bytes) {
            let commitments = vec![[7u8; 32]; m];
            let _ = proof.verify_multiple(dalek::generators(), &mut Transcript::new(b"prop"), &commitments, n, &mut OsRng);
        }
    }

    #[test]
    fn bulletproofs_plus_round_trip_and_bind_the_statement(
        (n, values) in witness(),
        degree in 1usize..=6,
        minimum_seed in any::<u64>(),
        pick in any::<prop::sample::Index>(),
    ) {
        let gens = tari::generators();
        // Minimums at or below each value.
        let minimums: Vec<u64> = values.iter().map(|v| if *v == 0 { 0 } else { minimum_seed % v.saturating_add(1) }).collect();
        let statement = Statement { bits: n, extension_degree: degree, minimum_values: Some(&minimums) };
        let blindings: Vec<Vec<_>> =
            values.iter().map(|_| (0..degree).map(|_| G::random_scalar(&mut OsRng)).collect()).collect();
        let (proof, c) = RangeProofPlus::prove(gens, &mut Transcript::new(b"prop"), &statement, &values, &blindings, None, &mut OsRng).unwrap();
        let commitments: Vec<[u8; 32]> = c.iter().map(|c| c.bytes).collect();
        let decoded = RangeProofPlus::<G>::from_bytes(&proof.to_bytes()).unwrap();
        prop_assert!(decoded.verify(gens, &mut Transcript::new(b"prop"), &statement, &commitments, &mut OsRng).is_ok());
        // Raising one minimum above its value breaks the proof.
        let j = pick.index(values.len());
        let mut raised = minimums.clone();
        raised[j] = values[j].saturating_add(1);
        if raised[j] > values[j] && (n == 64 || raised[j] >> n == 0) {
            let other = Statement { minimum_values: Some(&raised), ..statement.clone() };
            prop_assert!(decoded.verify(gens, &mut Transcript::new(b"prop"), &other, &commitments, &mut OsRng).is_err());
        }
        let other = Statement { extension_degree: degree % 6 + 1, ..statement.clone() };
        prop_assert!(decoded.verify(gens, &mut Transcript::new(b"prop"), &other, &commitments, &mut OsRng).is_err());
    }

    #[test]
    fn arbitrary_bytes_never_panic_bulletproofs_plus(bytes in proptest::collection::vec(any::<u8>(), 0..1000), n in 0usize..80, m in 0usize..70, degree in 0usize..8) {
        let mut bytes = bytes;
        if let Some(first) = bytes.first_mut() {
            *first %= 8; // reach the body decoder often
        }
        if let Ok(proof) = RangeProofPlus::<G>::from_bytes(&bytes) {
            let statement = Statement { bits: n, extension_degree: degree, minimum_values: None };
            let _ = proof.verify(tari::generators(), &mut Transcript::new(b"prop"), &statement, &vec![[7u8; 32]; m], &mut OsRng);
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic_monero_decoders(bytes in proptest::collection::vec(any::<u8>(), 0..800), m in 0usize..20, count in 0u8..12) {
        use rangeproof::deployments::monero;
        use rangeproof::deployments::monero::transcript::MoneroTranscript;
        use rangeproof::Ed25519;
        let mut bytes = bytes;
        // Put plausible round counts where the decoders look for them, to get past the framing.
        if bytes.len() > 192 {
            bytes[192] = count;
        }
        let commitments = vec![Ed25519::point_to_bytes(&curve25519_dalek::constants::ED25519_BASEPOINT_POINT); m];
        if let Ok(p) = RangeProofPlus::<Ed25519>::from_monero_bytes(&bytes) {
            let statement = Statement { bits: 64, extension_degree: 1, minimum_values: None };
            let _ = p.verify(monero::bulletproofs_plus_generators(), &mut MoneroTranscript::bulletproofs_plus(), &statement, &commitments, &mut OsRng);
        }
        if let Ok(p) = RangeProof::<Ed25519>::from_monero_bytes(&bytes) {
            let _ = p.verify_multiple(monero::bulletproofs_generators(), &mut MoneroTranscript::bulletproofs(), &commitments, 64, &mut OsRng);
        }
    }

    #[test]
    fn mutated_valid_proofs_never_panic_or_verify(pos in any::<prop::sample::Index>(), mask in 1u8..=255, cut in 0usize..3) {
        let (proof, commitments) = prove(16, &[1, 65535], b"prop");
        let mut bytes = proof.to_bytes();
        let i = pos.index(bytes.len());
        bytes[i] ^= mask;
        match cut {
            1 => bytes.truncate(i),
            2 => bytes.extend_from_slice(&[mask; 32]),
            _ => {}
        }
        if let Ok(decoded) = RangeProof::<G>::from_bytes(&bytes) {
            prop_assert!(!verifies(&decoded, &commitments, 16, b"prop"));
        }
    }
}

/// Random words that decode (valid points and canonical scalars) reach the verifier's
/// arithmetic rather than the decoder; they must fail cleanly too.
#[test]
fn random_well_formed_proofs_are_rejected() {
    for rounds in 0..=12 {
        let mut bytes = Vec::new();
        for word in 0..(9 + 2 * rounds) {
            let is_scalar = (4..7).contains(&word) || word >= 7 + 2 * rounds;
            if is_scalar {
                bytes.extend_from_slice(&G::scalar_to_bytes(&G::random_scalar(&mut OsRng)));
            } else {
                let p = curve25519_dalek::RistrettoPoint::mul_base(&G::random_scalar(&mut OsRng));
                bytes.extend_from_slice(&G::point_to_bytes(&p));
            }
        }
        let proof = RangeProof::<G>::from_bytes(&bytes).expect("well-formed");
        let commitment = G::point_to_bytes(&curve25519_dalek::RistrettoPoint::mul_base(
            &G::random_scalar(&mut OsRng),
        ));
        for n in [8usize, 16, 32, 64] {
            assert!(!verifies(&proof, &[commitment], n, b"prop"));
        }
    }
}
