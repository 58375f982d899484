//! The deployment against the facts read from `solana-zk-sdk` 8.1.0 (docs/solana-zk-sdk.md):
//! generator check values, the package's one fixed vector, round trips over uneven splits,
//! the program's rules, and the context binding. The cross-tests with the SDK itself are
//! `tests/solana_interop.rs`.

use alloc::vec;
use alloc::vec::Vec;
use rand::rngs::OsRng;
use rand::Rng;

use super::*;
use crate::deployments::dalek;
use crate::group::{EncodedPoint, Group, Ristretto255};
use crate::{RangeProof, StatementError};

type G = Ristretto255;
type Scalar = <G as Group>::Scalar;

fn random_point() -> <G as Group>::Point {
    dalek::pedersen_gens().b * G::random_scalar(&mut OsRng)
}

fn hex32(s: &str) -> [u8; 32] {
    hex::decode(s).expect("hex").try_into().expect("32 bytes")
}

/// Values at the edges 0 and \\(2^{n_j} - 1\\) and in between, for `bit_lengths`.
fn values_for(bit_lengths: &[usize]) -> Vec<u64> {
    bit_lengths
        .iter()
        .enumerate()
        .map(|(j, &n)| {
            let max = u64::MAX >> (64 - n);
            match j % 3 {
                0 => max,
                1 => 0,
                _ => OsRng.gen_range(0..=max),
            }
        })
        .collect()
}

fn prove(values: &[u64], bit_lengths: &[usize]) -> (RangeProof<G>, Vec<[u8; 32]>) {
    let blindings: Vec<Scalar> = values
        .iter()
        .map(|_| G::random_scalar(&mut OsRng))
        .collect();
    let (proof, commitments) = RangeProof::prove_with_bit_lengths(
        generators(),
        &mut Solana::transcript(b""),
        values,
        &blindings,
        bit_lengths,
        &mut OsRng,
    )
    .expect("valid witness");
    (proof, commitments.iter().map(|c| c.bytes).collect())
}

fn verify(
    proof: &RangeProof<G>,
    commitments: &[[u8; 32]],
    bit_lengths: &[usize],
) -> Result<(), ProofError> {
    proof.verify_with_bit_lengths(
        generators(),
        &mut Solana::transcript(b""),
        commitments,
        bit_lengths,
        &mut OsRng,
    )
}

const SPLITS: [&[usize]; 9] = [
    &[64],
    &[1, 63],
    &[32, 32],
    &[8, 8, 16, 32],
    &[64, 16, 32, 16],
    &[64, 64],
    &[64, 32, 16, 8, 4, 2, 1, 1],
    &[64, 64, 64, 64],
    &[32, 32, 32, 32, 32, 32, 32, 32],
];

/// The check values of docs/solana-zk-sdk.md §1 (computed there with Python and libsodium).
#[test]
fn generators_match_the_check_values() {
    let gens = generators();
    let (g, h) = gens.vector().party_gens(0, 256);
    let enc = |p| Ristretto255::point_to_bytes(p);
    for (i, expected) in [
        (
            0,
            "e4d549716460013e71c032240c93ea1b1969cbc9e89c5d6b43adbf6c1df10724",
        ),
        (
            1,
            "d6728b558a7b439c64bc077828560391e30b589314a999648d5f8cb471725f04",
        ),
        (
            63,
            "0414d80103ade257f12dfb87d5a9cbfb80f2c6383aff487d86714fbcc73e006f",
        ),
        (
            255,
            "c040474b2018614f0c0346484aa4c6efc4ff357d836038632c8a31c03fc9184b",
        ),
    ] {
        assert_eq!(enc(&g[i]), hex32(expected), "G_{i}");
    }
    for (i, expected) in [
        (
            0,
            "5a85e8485fcd463d97c976bcfdbf269206e49565b3ffc872defbea4f50b61b5c",
        ),
        (
            1,
            "427d0c0cc30af031cea0d8044846743cc34aa45e2c4a78f029371d25f4145368",
        ),
        (
            63,
            "8eb603fca7fd6b11289ac86bed6915445506403e7b5dcbafc1d6e086f710b03f",
        ),
        (
            255,
            "e64f97b05a0bc7f42cf3a05ddf10be509995d228b60f8531ed56cd553a0b3e20",
        ),
    ] {
        assert_eq!(enc(&h[i]), hex32(expected), "H_{i}");
    }
    assert_eq!(
        enc(&gens.pedersen().b_blinding()),
        hex32("8c9240b456a9e6dc65c377a1048d745f94a08cdb7f44cbcd7b46f34048871134")
    );
    // The owned generators are the same points.
    let owned = owned_generators();
    assert_eq!(owned.vector().party_gens(0, 256).0, g);
}

/// The package's transcript without the instruction's context: merlin under the program's
/// domain, `dom-sep` then `Test`, and the range proof's own steps (what its `RangeProof`
/// absorbs when called directly, as the package's unit test does).
#[derive(Clone, Copy, Debug)]
struct SdkUnitTest;

impl Deployment for SdkUnitTest {
    type Group = Ristretto255;
    type Transcript = SolanaTranscript;
    const NAME: &'static str = "solana-sdk-unit-test";
    const BITS: &'static [usize] = Solana::BITS;
    const MAX_VALUES: usize = Solana::MAX_VALUES;

    fn transcript(_label: &[u8]) -> SolanaTranscript {
        SolanaTranscript::with_domain(TRANSCRIPT_DOMAIN, b"Test")
    }

    fn generators() -> &'static Generators<Self> {
        static GENS: OnceLock<Generators<SdkUnitTest>> = OnceLock::new();
        GENS.get_or_init(|| Generators::new(dalek::pedersen_gens(), Arc::new(new_vector_gens())))
    }

    fn owned_generators() -> Generators<Self> {
        Generators::new(dalek::pedersen_gens(), Arc::new(new_vector_gens()))
    }
}

impl crate::deployments::Sealed for SdkUnitTest {}

impl BulletproofsConvention for SdkUnitTest {
    const LAYOUT: Layout = Solana::LAYOUT;
    const PER_VALUE_BIT_LENGTHS: bool = true;

    fn statement<G: Group, T: TranscriptProtocol<G>>(
        transcript: &mut T,
        layout: &BitLayout,
        commitments: &Commitments<G>,
    ) -> Result<Commitments<G>, ProofError> {
        transcript.rangeproof_domain_sep(layout.vector_len() as u64, commitments.len() as u64);
        Ok(commitments.clone())
    }

    fn after_w<G: Group, T: TranscriptProtocol<G>>(transcript: &mut T) {
        Solana::after_w::<G, T>(transcript)
    }

    fn polynomial_weight<G: Group, T: TranscriptProtocol<G>, R: RngCore + CryptoRng>(
        transcript: &mut T,
        a: &G::Scalar,
        b: &G::Scalar,
        rng: &mut R,
    ) -> G::Scalar {
        Solana::polynomial_weight::<G, T, R>(transcript, a, b, rng)
    }
}

/// `vectors/solana-zk-sdk-range-proof-ristretto255.json`: the package's fixed proof verifies
/// here under its transcript, and not with any element altered or under the instruction's.
#[test]
fn the_packages_fixed_vector_verifies_and_tampering_is_refused() {
    let doc: serde_json::Value = serde_json::from_str(include_str!(
        "../../../../vectors/solana-zk-sdk-range-proof-ristretto255.json"
    ))
    .expect("json");
    let commitments: Vec<[u8; 32]> = doc["commitments"]
        .as_array()
        .expect("commitments")
        .iter()
        .map(|c| hex32(c.as_str().expect("hex")))
        .collect();
    let bytes = hex::decode(doc["proof"].as_str().expect("proof")).expect("hex");
    assert_eq!(bytes.len(), Kind::U128.proof_len());
    let lengths = [64, 32, 32];
    let check = |bytes: &[u8], lengths: &[usize]| -> Result<(), ProofError> {
        RangeProof::<G>::decode(&Solana::LAYOUT, bytes)?.verify_with_bit_lengths(
            SdkUnitTest::generators(),
            &mut SdkUnitTest::transcript(b""),
            &commitments,
            lengths,
            &mut OsRng,
        )
    };
    check(&bytes, &lengths).expect("the package's proof verifies");
    // Under the instruction's transcript (context absorbed) it does not.
    let proof = RangeProof::<G>::decode(&Solana::LAYOUT, &bytes).expect("decodes");
    assert!(verify(&proof, &commitments, &lengths).is_err());
    // Another split of the same total, another order of the commitments.
    assert!(check(&bytes, &[32, 32, 64]).is_err());
    assert!(check(&bytes, &[64, 48, 16]).is_err());
    // Every 32-byte element altered in one bit.
    for element in 0..bytes.len() / 32 {
        let mut altered = bytes.clone();
        altered[32 * element + 1] ^= 0x10;
        assert!(check(&altered, &lengths).is_err(), "element {element}");
    }
}

#[test]
fn proofs_of_every_kind_and_split_round_trip() {
    for lengths in SPLITS {
        let values = values_for(lengths);
        let (proof, commitments) = prove(&values, lengths);
        let total: usize = lengths.iter().sum();
        let kind = Kind::from_bits(total).expect("a kind");
        let bytes = proof.encode(&Solana::LAYOUT).expect("encodes");
        assert_eq!(bytes.len(), kind.proof_len());
        let decoded = RangeProof::<G>::decode(&Solana::LAYOUT, &bytes).expect("decodes");
        verify(&decoded, &commitments, lengths).expect("verifies");
        // The single check and the batch agree.
        let mut batch = crate::BatchVerifier::new();
        batch.add_bulletproof_with_bit_lengths(
            generators(),
            &decoded,
            &mut Solana::transcript(b""),
            &commitments,
            lengths,
            &mut OsRng,
        );
        batch.verify().expect("batch verifies");
    }
}

/// From a shape's second single verification on, its fixed generators' batch-form tables
/// serve it where the CPU has them (AVX-512 IFMA): valid proofs still verify and altered ones
/// are still refused, before and after.
#[test]
fn single_verifications_through_batch_tables_keep_their_verdicts() {
    use crate::group::curve25519::{simd_test_support::runs_here, Backend};
    let gens = Solana::owned_generators();
    let lengths = [64, 16, 32, 16];
    let (proof, commitments) = prove(&values_for(&lengths), &lengths);
    let bytes = proof.encode(&Solana::LAYOUT).expect("encodes");
    let check = |proof: &RangeProof<G>| {
        proof.verify_with_bit_lengths(
            &gens,
            &mut Solana::transcript(b""),
            &commitments,
            &lengths,
            &mut OsRng,
        )
    };
    for round in 0..4 {
        check(&proof).expect("valid");
        // A point of the proof altered each round (A, S, T_1, T_2) and one of its scalars
        // (t_x, t_x_blinding, e_blinding); the commitments in another order.
        for element in [round, 4 + 2 * round / 3] {
            let mut altered = bytes.clone();
            altered[32 * element + 1] ^= 0x10;
            if let Ok(p) = RangeProof::<G>::decode(&Solana::LAYOUT, &altered) {
                assert!(check(&p).is_err(), "round {round}, element {element}");
            }
        }
        let mut moved = commitments.clone();
        moved.rotate_left(1);
        assert!(proof
            .verify_with_bit_lengths(
                &gens,
                &mut Solana::transcript(b""),
                &moved,
                &lengths,
                &mut OsRng
            )
            .is_err());
    }
    let ifma = runs_here(
        Backend::Ifma,
        "solana::single_verifications_through_batch_tables",
    );
    assert_eq!(gens.batch_tables_built(), usize::from(ifma));
}

#[test]
fn altered_statements_and_proofs_are_refused() {
    let lengths = [8, 8, 16, 32];
    let values = values_for(&lengths);
    let (proof, commitments) = prove(&values, &lengths);
    verify(&proof, &commitments, &lengths).expect("valid");
    // Another split of the same total, the commitments reordered, one left out.
    assert!(verify(&proof, &commitments, &[16, 8, 8, 32]).is_err());
    let mut swapped = commitments.clone();
    swapped.swap(0, 1);
    assert!(verify(&proof, &swapped, &lengths).is_err());
    assert!(verify(&proof, &commitments[..3], &[8, 8, 16]).is_err());
    // Every element of the encoding altered.
    let bytes = proof.encode(&Solana::LAYOUT).expect("encodes");
    for element in 0..bytes.len() / 32 {
        let mut altered = bytes.clone();
        altered[32 * element] ^= 0x04;
        let refused = RangeProof::<G>::decode(&Solana::LAYOUT, &altered)
            .and_then(|p| verify(&p, &commitments, &lengths));
        assert!(refused.is_err(), "element {element}");
    }
    // Wrong lengths for the kinds: one element short, one round more.
    assert!(RangeProof::<G>::decode(&Solana::LAYOUT, &bytes[..bytes.len() - 32]).is_err());
    assert!(RangeProof::<G>::decode(&Solana::LAYOUT, &[0u8; 224 + 64 * 9]).is_ok());
    assert!(RangeProof::<G>::decode(&Solana::LAYOUT, &[0u8; 224 + 64 * 5]).is_err());
    assert!(RangeProof::<G>::decode(&Solana::LAYOUT, &[0u8; 224 + 64 * 9 + 64]).is_err());
}

#[test]
fn statements_outside_the_programs_rules_are_refused() {
    let refused = |lengths: &[usize]| {
        let values = vec![0; lengths.len()];
        let blindings = vec![G::random_scalar(&mut OsRng); lengths.len()];
        RangeProof::prove_with_bit_lengths(
            generators(),
            &mut Solana::transcript(b""),
            &values,
            &blindings,
            lengths,
            &mut OsRng,
        )
        .err()
    };
    let statement = |e| Some(ProofError::Statement(e));
    assert_eq!(
        refused(&[0, 64]),
        statement(StatementError::InvalidBitLength(0))
    );
    assert_eq!(
        refused(&[65, 63]),
        statement(StatementError::InvalidBitLength(65))
    );
    assert_eq!(
        refused(&[32, 16]),
        statement(StatementError::InvalidBitTotal {
            total: 48,
            allowed: &[64, 128, 256]
        })
    );
    assert_eq!(
        refused(&[64; 8].iter().chain(&[64]).copied().collect::<Vec<_>>()),
        statement(StatementError::InvalidAggregation { given: 9, max: 8 })
    );
    assert_eq!(
        refused(&[]),
        statement(StatementError::InvalidAggregation { given: 0, max: 8 })
    );
    // 512 bits is a power of two, but not a kind.
    assert_eq!(
        refused(&[64; 8]),
        statement(StatementError::InvalidBitTotal {
            total: 512,
            allowed: &[64, 128, 256]
        })
    );
    assert_eq!(
        refused(&[64, 64, 64, 64, 64, 64, 64, 64, 1]),
        statement(StatementError::InvalidAggregation { given: 9, max: 8 })
    );
    // A value past its own bit length.
    let blindings = [G::random_scalar(&mut OsRng), G::random_scalar(&mut OsRng)];
    let too_large = RangeProof::prove_with_bit_lengths(
        generators(),
        &mut Solana::transcript(b""),
        &[1 << 16, 0],
        &blindings,
        &[16, 48],
        &mut OsRng,
    );
    assert_eq!(
        too_large.err(),
        statement(StatementError::ValueOutOfRange { bits: 16 })
    );
    // An identity commitment (value 0, blinding 0): its encoding is what marks an unused slot.
    let identity = RangeProof::prove_with_bit_lengths(
        generators(),
        &mut Solana::transcript(b""),
        &[0],
        &[Scalar::ZERO],
        &[64],
        &mut OsRng,
    );
    assert_eq!(
        identity.err(),
        Some(ProofError::Decode(crate::DecodeError::IdentityPoint))
    );
}

/// The known bug of this family (a prover-supplied value the transcript did not absorb): every
/// byte of the context — each commitment slot, used or not, each bit-length byte — changes the
/// challenges.
#[test]
fn every_context_byte_changes_the_challenges() {
    let lengths = [32, 16, 16];
    let commitments: Vec<EncodedPoint<G>> = (0..3)
        .map(|_| EncodedPoint::from_point(random_point()))
        .collect();
    let challenge = |lengths: &[usize], commitments: &[EncodedPoint<G>]| {
        let mut t = Solana::transcript(b"");
        let layout = BitLayout::one_chain(lengths);
        Solana::statement(&mut t, &layout, &Commitments::Decoded(commitments.to_vec()))
            .expect("absorbs");
        TranscriptProtocol::<G>::challenge_scalar(&mut t, b"y")
    };
    let base = challenge(&lengths, &commitments);
    assert_eq!(base, challenge(&lengths, &commitments));
    for j in 0..3 {
        let mut other = commitments.clone();
        other[j] = EncodedPoint::from_point(random_point());
        assert_ne!(base, challenge(&lengths, &other), "commitment {j}");
    }
    assert_ne!(base, challenge(&[16, 32, 16], &commitments));
    assert_ne!(base, challenge(&[32, 32], &commitments[..2]));
    // And the context bytes are the program's: 8 slots and 8 lengths, unused ones zero.
    let data = ProofData::new(
        commitments.iter().map(|c| c.bytes).collect(),
        lengths.to_vec(),
        vec![0; Kind::U64.proof_len()],
    )
    .expect("valid context");
    let bytes = data.to_bytes();
    assert_eq!(&bytes[..32], &commitments[0].bytes);
    assert_eq!(&bytes[96..256], &[0; 160]);
    assert_eq!(&bytes[256..264], &[32, 16, 16, 0, 0, 0, 0, 0]);
}

#[test]
fn proof_data_follows_the_programs_context_rules() {
    let lengths = [64, 16, 32, 16];
    let (proof, commitments) = prove(&values_for(&lengths), &lengths);
    let proof = proof.encode(&Solana::LAYOUT).expect("encodes");
    let data = ProofData::new(commitments.clone(), lengths.to_vec(), proof.clone()).expect("ok");
    assert_eq!(data.kind(), Kind::U128);
    let bytes = data.to_bytes();
    assert_eq!(bytes.len(), 1000);
    let parsed = ProofData::from_bytes(&bytes).expect("parses");
    assert_eq!(parsed, data);
    assert_eq!(parsed.to_bytes(), bytes);
    assert_eq!(parsed.commitments(), &commitments[..]);
    assert_eq!(parsed.bit_lengths(), &lengths);
    assert_eq!(parsed.proof(), &proof[..]);

    let with = |f: &dyn Fn(&mut Vec<u8>)| {
        let mut altered = bytes.clone();
        f(&mut altered);
        ProofData::from_bytes(&altered).err()
    };
    let statement = |e| Some(ProofError::Statement(e));
    let decode = |e| Some(ProofError::Decode(e));
    // A non-zero bit length for an unused slot; a commitment after an unused slot.
    assert_eq!(
        with(&|b| b[260] = 1),
        decode(DecodeError::NonZeroUnusedSlot)
    );
    assert_eq!(
        with(&|b| b[5 * 32 + 3] = 1),
        decode(DecodeError::NonZeroUnusedSlot)
    );
    // The third slot emptied: two active, the rest of the context not zero.
    assert_eq!(
        with(&|b| b[64..96].fill(0)),
        decode(DecodeError::NonZeroUnusedSlot)
    );
    // Bit lengths 0 and 65, a sum for another kind.
    assert_eq!(
        with(&|b| b[257] = 0),
        statement(StatementError::InvalidBitLength(0))
    );
    assert_eq!(
        with(&|b| b[257] = 65),
        statement(StatementError::InvalidBitLength(65))
    );
    assert_eq!(
        with(&|b| b[257] = 8),
        statement(StatementError::InvalidBitTotal {
            total: 120,
            allowed: &[128]
        })
    );
    // No active commitment.
    assert_eq!(
        with(&|b| b[..264].fill(0)),
        statement(StatementError::InvalidAggregation { given: 0, max: 8 })
    );
    // A commitment slot that is not a point: refused when verified.
    let mut not_a_point = bytes.clone();
    not_a_point[0] ^= 1;
    let parsed = ProofData::from_bytes(&not_a_point).expect("the context's rules hold");
    let decoded = RangeProof::<G>::decode(&Solana::LAYOUT, parsed.proof()).expect("decodes");
    assert_eq!(
        verify(&decoded, parsed.commitments(), parsed.bit_lengths()),
        Err(ProofError::Decode(DecodeError::InvalidPoint))
    );
    // Lengths of no kind.
    for len in [0, 263, 264, 935, 937, 999, 1001, 1063, 1065] {
        assert_eq!(
            ProofData::from_bytes(&vec![0; len]).err(),
            decode(DecodeError::InvalidLength(len))
        );
    }
    // From parts: as many lengths as commitments, at most 8, none the identity.
    assert!(ProofData::new(commitments.clone(), vec![64, 64], proof.clone()).is_err());
    let mut nine = commitments.clone();
    nine.extend_from_slice(&commitments);
    nine.push(commitments[0]);
    assert!(ProofData::new(nine, vec![16; 9], proof.clone()).is_err());
    let mut identity = commitments.clone();
    identity[1] = [0; 32];
    assert_eq!(
        ProofData::new(identity, lengths.to_vec(), proof.clone()).err(),
        decode(DecodeError::IdentityPoint)
    );
    assert_eq!(
        ProofData::new(commitments, lengths.to_vec(), proof[..700].to_vec()).err(),
        decode(DecodeError::InvalidLength(700))
    );
}

/// `vectors/solana-zk-sdk-instructions-ristretto255.json`: instructions' proof data the SDK
/// made verify here alone and in one batch, and each with a byte of its proof altered does not.
#[test]
fn the_sdks_instructions_verify_alone_and_in_one_batch() {
    let doc: serde_json::Value = serde_json::from_str(include_str!(
        "../../../../vectors/solana-zk-sdk-instructions-ristretto255.json"
    ))
    .expect("json");
    let cases = doc["cases"].as_array().expect("cases");
    assert_eq!(cases.len(), 8);
    let parsed: Vec<(ProofData, RangeProof<G>)> = cases
        .iter()
        .map(|case| {
            let bytes = hex::decode(case["proof_data"].as_str().expect("hex")).expect("hex");
            let data = ProofData::from_bytes(&bytes).expect("the program's context rules");
            assert_eq!(data.kind().name(), case["kind"]);
            let lengths: Vec<usize> = case["bit_lengths"]
                .as_array()
                .expect("lengths")
                .iter()
                .map(|n| n.as_u64().expect("a length") as usize)
                .collect();
            assert_eq!(data.bit_lengths(), &lengths[..]);
            let proof = RangeProof::<G>::decode(&Solana::LAYOUT, data.proof()).expect("decodes");
            verify(&proof, data.commitments(), data.bit_lengths()).expect("verifies");
            let mut altered = data.proof().to_vec();
            altered[200] ^= 1;
            let refused = RangeProof::<G>::decode(&Solana::LAYOUT, &altered)
                .and_then(|p| verify(&p, data.commitments(), data.bit_lengths()));
            assert!(refused.is_err());
            (data, proof)
        })
        .collect();
    let mut batch = crate::BatchVerifier::new();
    for (data, proof) in &parsed {
        batch.add_bulletproof_with_bit_lengths(
            generators(),
            proof,
            &mut Solana::transcript(b""),
            data.commitments(),
            data.bit_lengths(),
            &mut OsRng,
        );
    }
    batch.verify().expect("all valid");
}

/// The SDK's `InnerProductProof::verification_scalars` refuses no rounds and 32 or more
/// (`InvalidBitSize`); through the program the instruction's fixed sizes already exclude both.
/// Under Solana's layout a proof with no rounds (7 elements, then a and b: 288 bytes) and one
/// with 32 are refused when decoded, and proof data carrying either has no kind's length.
#[test]
fn proofs_with_no_rounds_or_32_are_refused() {
    let lengths = [32, 32];
    let (proof, commitments) = prove(&values_for(&lengths), &lengths);
    let bytes = proof.encode(&Solana::LAYOUT).expect("encodes");
    let (head, rest) = bytes.split_at(7 * 32);
    let (rounds, ab) = rest.split_at(rest.len() - 64);
    let none = [head, ab].concat();
    let mut many = head.to_vec();
    for _ in 0..32 {
        many.extend_from_slice(&rounds[..64]);
    }
    many.extend_from_slice(ab);
    let context = ProofData::new(commitments, lengths.to_vec(), bytes.clone())
        .expect("valid")
        .to_bytes()[..CONTEXT_LEN]
        .to_vec();
    for refused in [none, many] {
        let len = refused.len();
        assert_eq!(
            RangeProof::<G>::decode(&Solana::LAYOUT, &refused).err(),
            Some(ProofError::Decode(DecodeError::InvalidLength(len))),
            "{len} bytes"
        );
        let data = [&context[..], &refused].concat();
        assert_eq!(
            ProofData::from_bytes(&data).err(),
            Some(ProofError::Decode(DecodeError::InvalidLength(data.len())))
        );
    }
}

/// The SDK refuses bit lengths whose sum is not 2 to the number of rounds (`InvalidBitSize`);
/// through the program the discriminator fixes both. Here: a U128 proof (7 rounds) checked
/// against bit lengths summing to 64 is refused, alone and in a batch.
#[test]
fn a_proof_checked_against_another_kinds_bit_lengths_is_refused() {
    let lengths = [64, 16, 32, 16];
    let (proof, commitments) = prove(&values_for(&lengths), &lengths);
    assert_eq!(proof.ipp.l_vec.len(), 7);
    verify(&proof, &commitments, &lengths).expect("valid");
    for other in [[16, 16, 16, 16], [8, 8, 16, 32]] {
        assert_eq!(
            verify(&proof, &commitments, &other),
            Err(ProofError::VerificationFailed),
            "{other:?}"
        );
        let mut batch = crate::BatchVerifier::new();
        batch.add_bulletproof_with_bit_lengths(
            generators(),
            &proof,
            &mut Solana::transcript(b""),
            &commitments,
            &other,
            &mut OsRng,
        );
        assert!(batch.verify().is_err(), "{other:?} in a batch");
    }
}

/// The SDK refuses a proof point that does not decompress (`MultiscalarMul`). Valid proof data
/// with A's first byte's bit 0 set (a negative s: not a point's encoding), and with L_0
/// replaced by `edff…ff7f` (s = p, a non-canonical encoding), passes the context's rules but
/// its proof is refused when decoded.
#[test]
fn proof_points_that_do_not_decompress_are_refused() {
    let lengths = [64];
    let (proof, commitments) = prove(&values_for(&lengths), &lengths);
    let bytes = ProofData::new(
        commitments.clone(),
        lengths.to_vec(),
        proof.encode(&Solana::LAYOUT).expect("encodes"),
    )
    .expect("valid")
    .to_bytes();
    let mut p = [0xffu8; 32];
    p[0] = 0xed;
    p[31] = 0x7f;
    let a = CONTEXT_LEN;
    let l_0 = CONTEXT_LEN + 7 * 32;
    let mut odd_a = bytes.clone();
    odd_a[a] |= 1;
    let mut non_canonical_l = bytes.clone();
    non_canonical_l[l_0..l_0 + 32].copy_from_slice(&p);
    for (name, altered) in [("A", odd_a), ("L_0", non_canonical_l)] {
        let data = ProofData::from_bytes(&altered).expect("the context's rules hold");
        assert_eq!(
            RangeProof::<G>::decode(&Solana::LAYOUT, data.proof()).err(),
            Some(ProofError::Decode(DecodeError::InvalidPoint)),
            "{name}"
        );
    }
    // The unaltered data decodes and verifies.
    let data = ProofData::from_bytes(&bytes).expect("valid");
    let decoded = RangeProof::<G>::decode(&Solana::LAYOUT, data.proof()).expect("decodes");
    verify(&decoded, data.commitments(), data.bit_lengths()).expect("verifies");
}
