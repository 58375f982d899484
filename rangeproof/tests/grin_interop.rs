//! Cross-tests with libsecp256k1-zkp (Grin's fork, the C library): proofs it makes verify
//! here and are reproduced byte for byte by our prover (both are deterministic in the nonces);
//! proofs we make verify there; rewinding agrees; the multi-party protocol interoperates; and
//! what its verifier rejects, ours rejects.

use crate::zkp;

use k256::elliptic_curve::sec1::ToEncodedPoint;
use rand::{Rng, RngCore};
use rangeproof::secp256k1_zkp::bulletproofs::multiparty::{sum_tau_x, MultipartyProver, TShares};
use rangeproof::secp256k1_zkp::bulletproofs::{
    self as grin, generators, GrinProver, GrinWitness, ValueGenerator,
};
use rangeproof::{Group, ProofError, Secp256k1};
use zkp::{CLib, CStatement, MultisigOutput};

fn xy(g: &ValueGenerator) -> [u8; 64] {
    let e = g.point().to_affine().to_encoded_point(false);
    let mut out = [0u8; 64];
    out[..32].copy_from_slice(e.x().unwrap());
    out[32..].copy_from_slice(e.y().unwrap());
    out
}

fn random_blinding(rng: &mut impl RngCore) -> ([u8; 32], k256::Scalar) {
    let s = Secp256k1::random_scalar(&mut rand::rngs::OsRng);
    let _ = rng.next_u32();
    (Secp256k1::scalar_to_bytes(&s), s)
}

fn nonce(rng: &mut impl RngCore) -> [u8; 32] {
    let mut n = [0u8; 32];
    rng.fill_bytes(&mut n);
    n
}

/// Values with the edges 0 and 2^bits - 1 among random ones.
fn values(rng: &mut impl Rng, bits: usize, m: usize) -> Vec<u64> {
    let max = u64::MAX >> (64 - bits);
    (0..m)
        .map(|j| match j % 3 {
            0 => 0,
            1 => max,
            _ => rng.gen::<u64>() & max,
        })
        .collect()
}

struct Case {
    prover: GrinProver,
    witness: GrinWitness,
    blinds: Vec<[u8; 32]>,
}

fn case(rng: &mut impl Rng, bits: usize, m: usize, generators_n: usize) -> Case {
    let values = values(rng, bits, m);
    let (blinds, scalars): (Vec<_>, Vec<_>) = (0..m).map(|_| random_blinding(rng)).unzip();
    Case {
        prover: GrinProver {
            bits,
            generators_n,
            ..GrinProver::grin()
        },
        witness: GrinWitness {
            values,
            blindings: scalars,
            rewind_nonce: nonce(rng),
            private_nonce: Some(nonce(rng)),
            message: None,
        },
        blinds,
    }
}

fn c_prove(c: &mut CLib, case: &Case) -> Option<Vec<u8>> {
    c.prove(
        case.prover.bits,
        &case.witness.values,
        &case.blinds,
        &xy(&case.prover.value_generator),
        case.prover.min_values.as_deref(),
        &case.witness.rewind_nonce,
        case.witness.private_nonce.as_ref(),
        case.prover.extra_data.as_deref(),
        case.witness.message.as_ref(),
    )
}

fn c_statement<'a>(st: &'a grin::GrinStatement) -> CStatement<'a> {
    CStatement {
        bits: st.bits,
        commitments: &st.commitments,
        value_gen: xy(&st.value_generator),
        min_values: st.min_values.as_deref(),
        extra: st.extra_data.as_deref(),
    }
}

/// Both directions and byte equality for one case.
fn check_both_ways(c: &mut CLib, case: &Case) {
    let (statement, ours) = case.prover.prove(&case.witness).expect("we prove");
    for (j, (v, b)) in case.witness.values.iter().zip(&case.blinds).enumerate() {
        let theirs = c.commit(*v, b, &xy(&case.prover.value_generator)).unwrap();
        assert_eq!(theirs, statement.commitments[j], "commitments agree");
    }
    let theirs = c_prove(c, case).expect("C proves");
    assert_eq!(ours, theirs, "deterministic proofs agree byte for byte");
    assert!(c.verify(&ours, &c_statement(&statement)), "C verifies ours");
    grin::verify(&theirs, &statement).expect("we verify the C library's");
}

#[test]
fn proofs_agree_across_sizes_and_generator_counts() {
    let mut rng = rand::thread_rng();
    let mut c256 = CLib::new(256);
    for bits in [8, 16, 32, 64] {
        for m in [1, 2] {
            check_both_ways(&mut c256, &case(&mut rng, bits, m, 256));
        }
    }
    let mut c2048 = CLib::new(2048);
    for m in [4, 8, 16] {
        check_both_ways(&mut c2048, &case(&mut rng, 64, m, 2048));
    }
    check_both_ways(&mut c2048, &case(&mut rng, 8, 1, 2048));
}

#[test]
fn extra_data_message_min_value_and_asset_generators() {
    let mut rng = rand::thread_rng();
    let mut c = CLib::new(256);
    // Extra data (also empty), a message, a minimum value (one commitment).
    let mut k = case(&mut rng, 64, 2, 256);
    k.prover.extra_data = Some(b"kernel features".to_vec());
    check_both_ways(&mut c, &k);
    k.prover.extra_data = Some(Vec::new());
    check_both_ways(&mut c, &k);
    let mut k = case(&mut rng, 32, 1, 256);
    k.witness.message = Some(*b"twenty-byte message!");
    check_both_ways(&mut c, &k);
    let mut k = case(&mut rng, 32, 1, 256);
    k.witness.values[0] = 1_000_000 + 12345;
    k.prover.min_values = Some(vec![1_000_000]);
    check_both_ways(&mut c, &k);
    // An asset generator: both libraries derive the same point from a seed.
    let seed = nonce(&mut rng);
    let theirs = c.generator_generate(&seed).unwrap();
    let ours = ValueGenerator::from_point(generators::generator_generate(&seed).unwrap()).unwrap();
    assert_eq!(xy(&ours), theirs);
    for m in [1, 4] {
        let mut k = case(&mut rng, 16, m, 256);
        k.prover.value_generator = ours;
        check_both_ways(&mut c, &k);
    }
}

#[test]
fn min_values_with_several_commitments_are_rejected_by_both() {
    // The C verifier's equation differs from its prover's when m > 1 with minimum values:
    // its own proofs fail. Ours refuses to make them, and rejects the C library's.
    let mut rng = rand::thread_rng();
    let mut c = CLib::new(256);
    let mut k = case(&mut rng, 16, 2, 256);
    k.witness.values = vec![700, 900];
    k.prover.min_values = Some(vec![500, 600]);
    assert_eq!(
        k.prover.prove(&k.witness).unwrap_err(),
        ProofError::Statement(rangeproof::StatementError::MinimumValuesNeedSingleValue)
    );
    let proof = c_prove(&mut c, &k).expect("C proves");
    let statement = k.prover.statement(
        k.witness
            .values
            .iter()
            .zip(&k.blinds)
            .map(|(v, b)| c.commit(*v, b, &xy(&ValueGenerator::h())).unwrap())
            .collect(),
    );
    assert!(!c.verify(&proof, &c_statement(&statement)));
    assert!(grin::verify(&proof, &statement).is_err());
}

#[test]
fn rewinding_agrees() {
    let mut rng = rand::thread_rng();
    let c = CLib::new(256);
    for equal_nonces in [false, true] {
        let mut k = case(&mut rng, 64, 1, 256);
        k.witness.message = Some(*b"grin wallet key path");
        if equal_nonces {
            k.witness.private_nonce = None;
        }
        let (statement, proof) = k.prover.prove(&k.witness).unwrap();
        let ours = grin::rewind(&proof, &statement, &k.witness.rewind_nonce).unwrap();
        let (value, blind, message) = c
            .rewind(
                &proof,
                0,
                &statement.commitments[0],
                &xy(&ValueGenerator::h()),
                &k.witness.rewind_nonce,
                None,
            )
            .unwrap();
        assert_eq!((ours.value, ours.message), (value, message));
        assert_eq!(ours.value, k.witness.values[0]);
        if equal_nonces {
            assert_eq!(
                ours.blinding.map(|b| Secp256k1::scalar_to_bytes(&b)),
                Some(blind)
            );
            assert_eq!(blind, k.blinds[0]);
        } else {
            assert_eq!(ours.blinding, None);
        }
        // A wrong nonce: both fail.
        let wrong = nonce(&mut rng);
        assert!(grin::rewind(&proof, &statement, &wrong).is_err());
        assert!(c
            .rewind(
                &proof,
                0,
                &statement.commitments[0],
                &xy(&ValueGenerator::h()),
                &wrong,
                None
            )
            .is_none());
    }
}

#[test]
fn non_power_of_two_aggregation_is_refused_as_the_c_verifier_fails_it() {
    // The C prover accepts m = 3, but its verifier rejects what it makes (its inner-product
    // argument assumes power-of-two lengths); we refuse the statement.
    let mut rng = rand::thread_rng();
    let mut c = CLib::new(1024);
    let k = case(&mut rng, 64, 3, 1024);
    let proof = c_prove(&mut c, &k).expect("the C library proves m = 3");
    let commitments: Vec<[u8; 33]> = k
        .witness
        .values
        .iter()
        .zip(&k.blinds)
        .map(|(v, b)| c.commit(*v, b, &xy(&ValueGenerator::h())).unwrap())
        .collect();
    let statement = k.prover.statement(commitments);
    assert!(
        !c.verify(&proof, &c_statement(&statement)),
        "C rejects its own m = 3 proof"
    );
    assert_eq!(
        grin::verify(&proof, &statement),
        Err(ProofError::Statement(
            rangeproof::StatementError::InvalidPowerOfTwoAggregation(3)
        ))
    );
    assert_eq!(
        k.prover.prove(&k.witness).unwrap_err(),
        ProofError::Statement(rangeproof::StatementError::InvalidPowerOfTwoAggregation(3))
    );
}

#[test]
fn tampered_proofs_are_rejected_by_both() {
    let mut rng = rand::thread_rng();
    let mut c = CLib::new(256);
    let k = case(&mut rng, 64, 2, 256);
    let (statement, proof) = k.prover.prove(&k.witness).unwrap();
    let cs = c_statement(&statement);
    // After the 64-byte scalars, a sign byte, 4 points and 160 bytes of scalars: the L and R
    // sign vector, a bit per point of the rounds (6 for 64 bits of two values: 12 bits in 2
    // bytes), then the points. Its last 4 bits and the header's sign byte's last 4 are padding,
    // which both verifiers ignore.
    let (rounds, header) = (6usize, 64 + 1 + 128 + 160);
    assert_eq!(proof.len(), header + (2 * rounds).div_ceil(8) + 64 * rounds);
    let padding = |i: usize, bit: usize| {
        (i == 64 && bit >= 4)
            || (header..header + 2).contains(&i) && 8 * (i - header) + bit >= 2 * rounds
    };
    for _ in 0..40 {
        let mut bad = proof.clone();
        let i = rng.gen_range(0..bad.len());
        let bit = rng.gen_range(0..8);
        bad[i] ^= 1 << bit;
        let c_ok = c.verify(&bad, &cs);
        let ours = grin::verify(&bad, &statement).is_ok();
        assert_eq!(ours, c_ok, "byte {i} bit {bit}: the two disagree");
        // Refused by both — unless the bit is padding, which both accept.
        assert_eq!(ours, padding(i, bit), "byte {i} bit {bit}");
    }
    // Every padding bit, flipped on purpose: accepted by both.
    for (i, bit) in [(64, 4), (64, 7), (header + 1, 4), (header + 1, 7)] {
        assert!(padding(i, bit));
        let mut bad = proof.clone();
        bad[i] ^= 1 << bit;
        assert!(c.verify(&bad, &cs) && grin::verify(&bad, &statement).is_ok());
    }
    assert!(CLib::take_illegal().is_none());
}

#[test]
fn multiparty_protocol_interoperates_with_the_c_library() {
    let mut rng = rand::thread_rng();
    let mut c = CLib::new(256);
    let value = rng.gen::<u64>();
    let (_, s1) = random_blinding(&mut rng);
    let (b2, s2) = random_blinding(&mut rng);
    let total = Secp256k1::scalar_to_bytes(&(s1 + s2));
    let commitment = c.commit(value, &total, &xy(&ValueGenerator::h())).unwrap();
    let statement = GrinProver::grin().statement(vec![commitment]);
    let common = nonce(&mut rng);
    let (p1, p2) = (nonce(&mut rng), nonce(&mut rng));

    // Party 1 is ours, party 2 the C library.
    let ours = MultipartyProver::new(statement.clone(), value, s1, common, p1, None).unwrap();
    let (ours, our_shares) = ours.t_shares().unwrap();
    let Some(MultisigOutput::TShares(t1, t2)) =
        c.multisig_step(1, value, &b2, &commitment, &common, &p2, None, None)
    else {
        panic!("C round 1")
    };
    let sums = TShares::sum(&[our_shares, TShares { t1, t2 }]).unwrap();
    let (finisher, our_tau) = ours.tau_x_share(&sums).unwrap();
    let Some(MultisigOutput::TauX(their_tau)) = c.multisig_step(
        2,
        value,
        &b2,
        &commitment,
        &common,
        &p2,
        Some((&sums.t1, &sums.t2)),
        None,
    ) else {
        panic!("C round 2")
    };
    let tau_sum = sum_tau_x(&[our_tau, their_tau]).unwrap();
    let Some(MultisigOutput::Proof(theirs)) = c.multisig_step(
        0,
        value,
        &b2,
        &commitment,
        &common,
        &p2,
        Some((&sums.t1, &sums.t2)),
        Some(&tau_sum),
    ) else {
        panic!("C round 3")
    };
    // A wrong share never yields a proof.
    let mut bad = tau_sum;
    bad[31] ^= 1;
    let ours_bad = MultipartyProver::new(statement.clone(), value, s1, common, p1, None)
        .unwrap()
        .t_shares()
        .unwrap()
        .0
        .tau_x_share(&sums)
        .unwrap()
        .0
        .finish(&bad);
    assert_eq!(ours_bad, Err(ProofError::VerificationFailed));
    let proof = finisher.finish(&tau_sum).unwrap();
    assert_eq!(proof, theirs, "both finishers write the same proof");
    grin::verify(&proof, &statement).unwrap();
    assert!(c.verify(&proof, &c_statement(&statement)));
}

/// One mutation of a valid (statement, proof) pair.
#[derive(Debug, Clone)]
enum Mutation {
    /// XOR a byte of the proof.
    Flip(usize, u8),
    /// Cut the proof to this length (modulo its length).
    Truncate(usize),
    /// Append bytes.
    Extend(Vec<u8>),
    /// Replace a 32-byte field (at a multiple of 32 plus the header offset) with p + small, an
    /// abscissa the C verifier reads modulo p.
    AboveP(usize, u8),
    /// Swap two commitments, or negate one (flip its prefix parity).
    SwapCommitments,
    NegateCommitment(usize),
    /// Another value generator, other extra data, another generator count.
    OtherGenerator,
    OtherExtra,
    OtherGeneratorsN,
}

fn mutation() -> impl proptest::strategy::Strategy<Value = Mutation> {
    use proptest::prelude::*;
    prop_oneof![
        6 => (any::<usize>(), 1u8..=255).prop_map(|(i, b)| Mutation::Flip(i, b)),
        1 => any::<usize>().prop_map(Mutation::Truncate),
        1 => proptest::collection::vec(any::<u8>(), 1..40).prop_map(Mutation::Extend),
        2 => (0usize..30, 0u8..8).prop_map(|(i, d)| Mutation::AboveP(i, d)),
        1 => Just(Mutation::SwapCommitments),
        1 => (0usize..2).prop_map(Mutation::NegateCommitment),
        1 => Just(Mutation::OtherGenerator),
        1 => Just(Mutation::OtherExtra),
        1 => Just(Mutation::OtherGeneratorsN),
    ]
}

/// A fixed valid base: two 16-bit values with extra data, made once.
fn base() -> &'static (grin::GrinStatement, Vec<u8>) {
    static BASE: std::sync::OnceLock<(grin::GrinStatement, Vec<u8>)> = std::sync::OnceLock::new();
    BASE.get_or_init(|| {
        let mut rng = rand::thread_rng();
        let mut k = case(&mut rng, 16, 2, 256);
        k.prover.extra_data = Some(b"differential".to_vec());
        k.prover.prove(&k.witness).unwrap()
    })
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 300, ..Default::default() })]

    /// Our verdict equals libsecp256k1-zkp's on mutated proofs and statements.
    #[test]
    fn verdicts_agree_with_the_c_library(m in mutation()) {
        let (st, proof) = base().clone();
        let (mut st, mut proof) = (st, proof);
        match &m {
            Mutation::Flip(i, b) => { let i = i % proof.len(); proof[i] ^= b; }
            Mutation::Truncate(n) => { let n = n % proof.len(); proof.truncate(n); }
            Mutation::Extend(bytes) => proof.extend_from_slice(bytes),
            Mutation::AboveP(i, d) => {
                // Abscissas start at 65 (A, S, T1, T2) and after the 353 + 1-byte sign vector.
                let offsets: Vec<usize> = (0..4).map(|k| 65 + 32 * k)
                    .chain((0..((proof.len() - 354) / 32)).map(|k| 354 + 32 * k)).collect();
                let at = offsets[i % offsets.len()];
                let mut x = [0xffu8; 32];
                x[27] = 0xfe;
                x[30] = 0xfc;
                x[31] = 0x2f + d; // p + d
                proof[at..at + 32].copy_from_slice(&x);
            }
            Mutation::SwapCommitments => st.commitments.swap(0, 1),
            Mutation::NegateCommitment(j) => st.commitments[*j][0] ^= 1,
            Mutation::OtherGenerator => {
                st.value_generator = ValueGenerator::from_point(generators::generator_generate(&[7u8; 32]).unwrap()).unwrap();
            }
            Mutation::OtherExtra => st.extra_data = Some(b"differentiak".to_vec()),
            Mutation::OtherGeneratorsN => st.generators_n = 512,
        }
        let ours = grin::verify(&proof, &st).is_ok();
        static LIBS: std::sync::OnceLock<std::sync::Mutex<std::collections::HashMap<usize, CLib>>> =
            std::sync::OnceLock::new();
        let mut libs = LIBS.get_or_init(Default::default).lock().unwrap();
        let c = libs.entry(st.generators_n).or_insert_with(|| CLib::new(st.generators_n));
        let theirs = proof.len() <= 1319 && c.verify(&proof, &c_statement(&st));
        proptest::prop_assert_eq!(ours, theirs, "{:?}", m);
        proptest::prop_assert!(CLib::take_illegal().is_none());
    }
}
