//! Round trips, tampering and transcript binding of constraint-system proofs, over
//! ristretto255 and secp256k1 (the protocol code is generic; both run it).

use crate::DecodeError;
use merlin::Transcript;
use rand::{rngs::StdRng, Rng, SeedableRng};

use super::gadgets::shuffle::{prove_shuffle, shuffle_verifier, verify_shuffle, Opening};
use super::*;
use crate::group::{Ristretto255, Secp256k1};
use crate::transcript::TranscriptProtocol;
use crate::ProofError;

fn openings<G: Group>(rng: &mut StdRng, values: &[u64]) -> Vec<Opening<G>> {
    values
        .iter()
        .map(|v| (G::Scalar::from(*v), G::random_scalar(rng)))
        .collect()
}

fn shuffled<G: Group>(rng: &mut StdRng, inputs: &[Opening<G>]) -> Vec<Opening<G>> {
    let mut out: Vec<Opening<G>> = inputs
        .iter()
        .map(|(v, _)| (*v, G::random_scalar(rng)))
        .collect();
    for i in (1..out.len()).rev() {
        out.swap(i, rng.gen_range(0..=i));
    }
    out
}

fn shuffle_round_trips<G: Group>(gens: &R1csGens<G>)
where
    Transcript: TranscriptProtocol<G>,
{
    let mut rng = StdRng::seed_from_u64(11);
    for flavor in [R1csConvention::Dalek, R1csConvention::Bound] {
        for k in [1usize, 2, 3, 7, 17] {
            let values: Vec<u64> = (0..k).map(|_| rng.gen_range(0..5)).collect();
            let inputs = openings::<G>(&mut rng, &values);
            let outputs = shuffled::<G>(&mut rng, &inputs);
            let p = prove_shuffle(gens, flavor, b"test", &inputs, &outputs).unwrap();
            let bytes = p.proof.to_bytes();
            let decoded = R1csProof::<G>::from_bytes(&bytes).unwrap();
            assert_eq!(decoded.to_bytes(), bytes);
            let (i, o) = (&p.input_commitments, &p.output_commitments);
            verify_shuffle(gens, flavor, b"test", i, o, &decoded).unwrap();
            // Another label, the lists swapped (k > 1 with distinct lists is still a shuffle,
            // but the transcript differs), another convention: all refused.
            assert!(verify_shuffle(gens, flavor, b"tesT", i, o, &decoded).is_err());
            if i != o {
                assert!(verify_shuffle(gens, flavor, b"test", o, i, &decoded).is_err());
            }
            let other = match flavor {
                R1csConvention::Dalek => R1csConvention::Bound,
                R1csConvention::Bound => R1csConvention::Dalek,
            };
            assert!(verify_shuffle(gens, other, b"test", i, o, &decoded).is_err());
        }
    }
}

#[test]
fn shuffles_round_trip_on_ristretto255() {
    shuffle_round_trips::<Ristretto255>(generators::dalek());
}

#[test]
fn shuffles_round_trip_on_secp256k1() {
    shuffle_round_trips::<Secp256k1>(generators::secp256k1());
}

#[test]
fn the_prover_refuses_a_non_permutation() {
    let mut rng = StdRng::seed_from_u64(12);
    let gens = generators::dalek();
    for k in [1usize, 2, 5] {
        let inputs = openings::<Ristretto255>(&mut rng, &(0..k as u64).collect::<Vec<_>>());
        let mut outputs = shuffled::<Ristretto255>(&mut rng, &inputs);
        outputs[0].0 += curve25519_dalek::Scalar::ONE;
        let err = prove_shuffle(gens, R1csConvention::Bound, b"t", &inputs, &outputs).unwrap_err();
        assert!(matches!(err, R1csError::Unsatisfied(_)), "{err:?}");
    }
    let err = prove_shuffle(gens, R1csConvention::Bound, b"t", &[], &[]).unwrap_err();
    assert!(matches!(err, R1csError::Gadget(_)));
}

/// Every byte of a two-phase proof, flipped (one bit, chosen at random), is refused — by the
/// decoder or by the verifier — and so are truncations, extensions, unknown versions and a
/// non-canonical scalar.
#[test]
fn tampered_proofs_are_rejected() {
    let mut rng = StdRng::seed_from_u64(13);
    let gens = generators::dalek();
    let inputs = openings::<Ristretto255>(&mut rng, &[3, 1, 4, 1]);
    let outputs = shuffled::<Ristretto255>(&mut rng, &inputs);
    let p = prove_shuffle(gens, R1csConvention::Bound, b"t", &inputs, &outputs).unwrap();
    let (i, o) = (&p.input_commitments, &p.output_commitments);
    let bytes = p.proof.to_bytes();
    let check = |b: &[u8]| {
        R1csProof::<Ristretto255>::from_bytes(b)
            .map_err(R1csError::from)
            .and_then(|proof| verify_shuffle(gens, R1csConvention::Bound, b"t", i, o, &proof))
    };
    check(&bytes).unwrap();
    for pos in 0..bytes.len() {
        let mut bad = bytes.clone();
        bad[pos] ^= 1 << rng.gen_range(0..8);
        assert!(check(&bad).is_err(), "flip at byte {pos} accepted");
    }
    assert!(check(&bytes[..bytes.len() - 1]).is_err());
    assert!(check(&bytes[..bytes.len() - 64]).is_err());
    assert!(check(&[&bytes[..], &[0u8; 64]].concat()).is_err());
    let mut version = bytes.clone();
    version[0] = 2;
    assert_eq!(
        R1csProof::<Ristretto255>::from_bytes(&version).unwrap_err(),
        ProofError::Decode(DecodeError::UnknownVersion(2))
    );
    // t_x + ℓ: the same value, a non-canonical encoding.
    let t_x = 1 + 11 * 32;
    let mut noncanonical = bytes.clone();
    let l: [u8; 32] =
        hex::decode("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")
            .unwrap()
            .try_into()
            .unwrap();
    let mut carry = 0u16;
    for k in 0..32 {
        let sum = noncanonical[t_x + k] as u16 + l[k] as u16 + carry;
        noncanonical[t_x + k] = sum as u8;
        carry = sum >> 8;
    }
    if carry == 0 {
        assert_eq!(
            R1csProof::<Ristretto255>::from_bytes(&noncanonical).unwrap_err(),
            ProofError::Decode(DecodeError::NonCanonicalScalar)
        );
    }
    // A k = 4 proof checked as k = 3 or k = 5, or with a commitment swapped in.
    let (i3, o3) = (&i[..3], &o[..3]);
    assert!(verify_shuffle(gens, R1csConvention::Bound, b"t", i3, o3, &p.proof).is_err());
    let mut o_bad = o.clone();
    o_bad[1] = i[0];
    if o_bad != *o {
        assert!(verify_shuffle(gens, R1csConvention::Bound, b"t", i, &o_bad, &p.proof).is_err());
    }
    // An invalid point encoding as a commitment is a decoding error, not a panic.
    let verifier = shuffle_verifier(gens, R1csConvention::Bound, b"t", &[[0xff; 32]], &[[0; 32]]);
    assert!(matches!(
        verifier,
        Err(R1csError::Proof(ProofError::Decode(
            DecodeError::InvalidPoint
        )))
    ));
}

/// A small circuit with a public constant: committed v, multiplier a·b = v with a = c + 1.
fn constant_circuit<G: Group, CS: ConstraintSystem<G>>(
    cs: &mut CS,
    v: Variable,
    c: u64,
    a: Option<G::Scalar>,
    b: Option<G::Scalar>,
    extra_zero_constraint: bool,
) {
    let (l, r, o) = cs
        .allocate_multiplier(a.zip(b))
        .expect("assignments given on the prover");
    let _ = r;
    cs.constrain(Lc::<G>::from(o) - v);
    cs.constrain(Lc::<G>::from(l) - Lc::<G>::constant(G::Scalar::from(c + 1)));
    if extra_zero_constraint {
        cs.constrain(Lc::<G>::zero());
    }
}

fn prove_constant(
    flavor: R1csConvention,
    c: u64,
    extra: bool,
) -> (R1csProof<Ristretto255>, [u8; 32]) {
    use curve25519_dalek::Scalar;
    let gens = generators::dalek();
    let mut prover = Prover::new(gens, flavor, Transcript::new(b"const"));
    let (a, b) = (Scalar::from(c + 1), Scalar::from(6u64));
    let (v_enc, v) = prover.commit(a * b, Scalar::from(99u64));
    constant_circuit::<Ristretto255, _>(&mut prover, v, c, Some(a), Some(b), extra);
    (prover.prove().unwrap(), v_enc)
}

fn verify_constant(
    flavor: R1csConvention,
    proof: &R1csProof<Ristretto255>,
    v_enc: &[u8; 32],
    c: u64,
    extra: bool,
) -> Result<(), R1csError> {
    let mut verifier = Verifier::new(generators::dalek(), flavor, Transcript::new(b"const"));
    let v = verifier.commit(v_enc)?;
    constant_circuit::<Ristretto255, _>(&mut verifier, v, c, None, None, extra);
    verifier.verify(proof)
}

/// The bound transcript ties a proof to its circuit: the same proof is refused for a circuit
/// that differs only by a constraint that is identically zero, which the dalek convention —
/// whose transcript does not see the circuit — accepts (its documented gap). Another constant
/// is refused by both.
#[test]
fn bound_transcripts_bind_the_circuit() {
    for flavor in [R1csConvention::Dalek, R1csConvention::Bound] {
        let (proof, v) = prove_constant(flavor, 4, false);
        verify_constant(flavor, &proof, &v, 4, false).unwrap();
        assert!(verify_constant(flavor, &proof, &v, 5, false).is_err());
        let other_circuit = verify_constant(flavor, &proof, &v, 4, true);
        match flavor {
            R1csConvention::Dalek => assert!(other_circuit.is_ok()),
            R1csConvention::Bound => assert!(other_circuit.is_err()),
        }
    }
}

#[test]
fn unsatisfied_and_unassigned_circuits_are_errors() {
    use curve25519_dalek::Scalar;
    let gens = generators::dalek();
    let mut prover = Prover::new(gens, R1csConvention::Bound, Transcript::new(b"u"));
    let (_, v) = prover.commit(Scalar::from(5u64), Scalar::ONE);
    // a·b = v with a = 5 (constant 4 + 1) but b = 2: 10 ≠ 5.
    constant_circuit::<Ristretto255, _>(
        &mut prover,
        v,
        4,
        Some(Scalar::from(5u64)),
        Some(Scalar::from(2u64)),
        false,
    );
    assert_eq!(prover.metrics().multipliers, 1);
    assert_eq!(prover.metrics().constraints, 2);
    assert_eq!(prover.prove().unwrap_err(), R1csError::Unsatisfied(0));

    let mut prover = Prover::new(gens, R1csConvention::Bound, Transcript::new(b"u"));
    assert_eq!(
        prover.allocate(None).unwrap_err(),
        R1csError::MissingAssignment
    );
    assert_eq!(
        prover.allocate_multiplier(None).unwrap_err(),
        R1csError::MissingAssignment
    );
}

/// `allocate` pairs two variables on one multiplier (its output is their product), as the
/// reference does; a circuit using that verifies.
#[test]
fn allocated_pairs_share_a_multiplier() {
    use curve25519_dalek::Scalar;
    let gens = generators::dalek();
    let mut prover = Prover::new(gens, R1csConvention::Bound, Transcript::new(b"p"));
    let a = prover.allocate(Some(Scalar::from(3u64))).unwrap();
    let b = prover.allocate(Some(Scalar::from(7u64))).unwrap();
    assert_eq!(
        (a, b),
        (Variable::MultiplierLeft(0), Variable::MultiplierRight(0))
    );
    prover.constrain(
        Lc::<Ristretto255>::from(Variable::MultiplierOutput(0))
            - Lc::<Ristretto255>::constant(Scalar::from(21u64)),
    );
    let proof = prover.prove().unwrap();
    let mut verifier = Verifier::new(gens, R1csConvention::Bound, Transcript::new(b"p"));
    verifier.allocate(None).unwrap();
    verifier.allocate(None).unwrap();
    verifier.constrain(
        Lc::<Ristretto255>::from(Variable::MultiplierOutput(0))
            - Lc::<Ristretto255>::constant(Scalar::from(21u64)),
    );
    verifier.verify(&proof).unwrap();
}

/// A made-up variable index is an error on both sides, not a panic.
#[test]
fn unallocated_variables_are_errors() {
    use curve25519_dalek::Scalar;
    let gens = generators::dalek();
    let mut prover = Prover::new(gens, R1csConvention::Bound, Transcript::new(b"x"));
    prover.constrain(Lc::<Ristretto255>::from(Variable::MultiplierLeft(3)) * Scalar::ZERO);
    assert!(matches!(prover.prove(), Err(R1csError::Gadget(_))));
    let mut verifier =
        Verifier::<Ristretto255, _>::new(gens, R1csConvention::Bound, Transcript::new(b"x"));
    verifier.constrain(Lc::<Ristretto255>::from(Variable::Committed(2)));
    let (proof, _) = prove_constant(R1csConvention::Bound, 1, false);
    assert!(verifier.verify(&proof).is_err());
}

/// Circuit proofs of several sizes, and a range proof, in one batch: all valid pass; a
/// tampered one (another label) is named, and so is a proof whose transcript fails early.
#[test]
fn circuit_proofs_join_the_batch_verifier() {
    use crate::BatchVerifier;
    let mut rng = StdRng::seed_from_u64(21);
    let gens = generators::dalek();
    let mut proofs = Vec::new();
    for k in [1usize, 2, 5, 5, 9] {
        let values: Vec<u64> = (0..k as u64).collect();
        let inputs = openings::<Ristretto255>(&mut rng, &values);
        let outputs = shuffled::<Ristretto255>(&mut rng, &inputs);
        let p = prove_shuffle(gens, R1csConvention::Bound, b"b", &inputs, &outputs).unwrap();
        proofs.push(p);
    }
    let range_gens = crate::deployments::dalek::generators();
    let blinding = Ristretto255::random_scalar(&mut rng);
    let mut t = Transcript::new(b"range");
    let (range_proof, v) =
        crate::RangeProof::prove_single(range_gens, &mut t, 7, &blinding, 8, &mut rng).unwrap();

    let run = |labels: &[&'static [u8]], rng: &mut StdRng| {
        let mut batch = BatchVerifier::new();
        let mut t = Transcript::new(b"range");
        batch.add_bulletproof(range_gens, &range_proof, &mut t, &[v.bytes], 8, rng);
        for (p, label) in proofs.iter().zip(labels) {
            let (i, o) = (&p.input_commitments, &p.output_commitments);
            let verifier = shuffle_verifier(gens, R1csConvention::Bound, label, i, o).unwrap();
            batch.add_r1cs(verifier, &p.proof, rng);
        }
        batch.verify()
    };
    let b: &'static [u8] = b"b";
    let x: &'static [u8] = b"x";
    run(&[b; 5], &mut rng).unwrap();
    let err = run(&[b, b, x, b, b], &mut rng).unwrap_err();
    assert_eq!(err.invalid, vec![3]);
    // A proof checked against the wrong number of multipliers fails before the equation.
    let mut batch = BatchVerifier::new();
    let p = &proofs[4];
    let verifier = shuffle_verifier(
        gens,
        R1csConvention::Bound,
        b"b",
        &p.input_commitments[..4],
        &p.output_commitments[..4],
    )
    .unwrap();
    batch.add_r1cs(verifier, &p.proof, &mut rng);
    let q = &proofs[2];
    let (i, o) = (&q.input_commitments, &q.output_commitments);
    batch.add_r1cs(
        shuffle_verifier(gens, R1csConvention::Bound, b"b", i, o).unwrap(),
        &q.proof,
        &mut rng,
    );
    assert_eq!(batch.verify().unwrap_err().invalid, vec![0]);
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    fn edge_or_any() -> impl Strategy<Value = u64> {
        prop_oneof![Just(0u64), Just(u64::MAX), any::<u64>()]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        /// Any permutation of any values (0 and 2^64 − 1 among them) proves and verifies; the
        /// same lists with one output changed cannot be proved.
        #[test]
        fn permutations_prove_and_changes_do_not(
            values in prop::collection::vec(edge_or_any(), 1..7),
            seed in any::<u64>(),
        ) {
            let mut rng = StdRng::seed_from_u64(seed);
            let gens = generators::dalek();
            let inputs = openings::<Ristretto255>(&mut rng, &values);
            let outputs = shuffled::<Ristretto255>(&mut rng, &inputs);
            let p = prove_shuffle(gens, R1csConvention::Bound, b"prop", &inputs, &outputs).unwrap();
            let (i, o) = (&p.input_commitments, &p.output_commitments);
            prop_assert!(verify_shuffle(gens, R1csConvention::Bound, b"prop", i, o, &p.proof).is_ok());
            let mut changed = outputs.clone();
            changed[0].0 += curve25519_dalek::Scalar::ONE;
            let refused = prove_shuffle(gens, R1csConvention::Bound, b"prop", &inputs, &changed);
            prop_assert!(matches!(refused, Err(R1csError::Unsatisfied(_))));
        }
    }
}

/// A merlin transcript whose first challenge under one label is replaced by a chosen value
/// (the transcript state advances as merlin's does, so every other challenge is the real one;
/// "first": the inner-product argument's challenges are also labelled `u`): the only way to
/// meet a zero challenge, which a hash gives with probability about \\(2^{-252}\\).
struct Override {
    inner: Transcript,
    label: &'static [u8],
    value: Option<curve25519_dalek::Scalar>,
}

impl Override {
    fn new(inner: Transcript, label: &'static [u8], value: u64) -> Self {
        Override {
            inner,
            label,
            value: Some(curve25519_dalek::Scalar::from(value)),
        }
    }
}

impl TranscriptProtocol<Ristretto255> for Override {
    type WitnessRng = <Transcript as TranscriptProtocol<Ristretto255>>::WitnessRng;

    fn rangeproof_domain_sep(&mut self, n: u64, m: u64) {
        TranscriptProtocol::<Ristretto255>::rangeproof_domain_sep(&mut self.inner, n, m)
    }
    fn innerproduct_domain_sep(&mut self, n: u64) {
        TranscriptProtocol::<Ristretto255>::innerproduct_domain_sep(&mut self.inner, n)
    }
    fn append_domain_separator(&mut self, message: &'static [u8]) {
        TranscriptProtocol::<Ristretto255>::append_domain_separator(&mut self.inner, message)
    }
    fn append_u64(&mut self, label: &'static [u8], value: u64) {
        TranscriptProtocol::<Ristretto255>::append_u64(&mut self.inner, label, value)
    }
    fn append_bytes(&mut self, label: &'static [u8], bytes: &[u8]) {
        TranscriptProtocol::<Ristretto255>::append_bytes(&mut self.inner, label, bytes)
    }
    fn append_point(&mut self, label: &'static [u8], point: &[u8; 32]) {
        TranscriptProtocol::<Ristretto255>::append_point(&mut self.inner, label, point)
    }
    fn append_scalar(&mut self, label: &'static [u8], scalar: &curve25519_dalek::Scalar) {
        TranscriptProtocol::<Ristretto255>::append_scalar(&mut self.inner, label, scalar)
    }
    fn challenge_scalar(&mut self, label: &'static [u8]) -> curve25519_dalek::Scalar {
        let real = TranscriptProtocol::<Ristretto255>::challenge_scalar(&mut self.inner, label);
        match self.value {
            Some(value) if label == self.label => {
                self.value = None;
                value
            }
            _ => real,
        }
    }
    fn witness_rng<R: rand_core::RngCore + rand_core::CryptoRng>(
        &self,
        witness: &[(&'static [u8], &[u8])],
        rng: &mut R,
    ) -> Self::WitnessRng {
        TranscriptProtocol::<Ristretto255>::witness_rng(&self.inner, witness, rng)
    }
}

/// A circuit in which the challenges \\(z\\) and \\(u\\) weigh nothing: two multipliers (a power
/// of two: no padding), no linear constraint (\\(z\\) weighs constraints), no second phase
/// (\\(u\\) weighs its gates). A proof of it verifies whatever \\(z\\) and \\(u\\) the verifier
/// draws — so refusing a zero one there is the zero check's doing alone.
fn free_circuit<T: TranscriptProtocol<Ristretto255>>(
    transcript: T,
) -> Result<R1csProof<Ristretto255>, R1csError> {
    use curve25519_dalek::Scalar;
    let mut prover = Prover::new(generators::dalek(), R1csConvention::Bound, transcript);
    prover.commit(Scalar::from(5u64), Scalar::from(7u64));
    for (a, b) in [(2u64, 3u64), (4, 5)] {
        prover.allocate_multiplier(Some((Scalar::from(a), Scalar::from(b))))?;
    }
    prover.prove()
}

fn verify_free_circuit<T: TranscriptProtocol<Ristretto255>>(
    transcript: T,
    proof: &R1csProof<Ristretto255>,
) -> Result<(), R1csError> {
    use curve25519_dalek::Scalar;
    let v = generators::dalek()
        .pedersen()
        .commit(Scalar::from(5u64), Scalar::from(7u64));
    let mut verifier = Verifier::new(generators::dalek(), R1csConvention::Bound, transcript);
    verifier.commit(&Ristretto255::point_to_bytes(&v))?;
    for _ in 0..2 {
        verifier.allocate_multiplier(None)?;
    }
    verifier.verify(proof)
}

/// Every protocol challenge (y, z, u, x, w) is refused when zero, by the prover (which then
/// makes no proof) and by the verifier; and a gadget's second-phase challenge likewise.
#[test]
fn zero_challenges_are_refused() {
    fn refused<T>(r: Result<T, R1csError>) -> bool {
        matches!(r, Err(R1csError::Proof(ProofError::VerificationFailed)))
    }
    let t = || Transcript::new(b"zero challenges");
    let proof = free_circuit(t()).unwrap();
    verify_free_circuit(t(), &proof).unwrap();
    for label in [&b"y"[..], b"z", b"u", b"x", b"w"] {
        let name = String::from_utf8_lossy(label);
        // The prover: with a zero challenge it refuses (it used to prove, for all but y).
        assert!(
            refused(free_circuit(Override::new(t(), label, 0))),
            "{name}"
        );
        // The verifier, on an honest proof.
        assert!(
            refused(verify_free_circuit(Override::new(t(), label, 0), &proof)),
            "{name}"
        );
    }
    // z and u weigh nothing in this circuit: another non-zero value still verifies, so the
    // refusals above are the zero checks' (without them these proofs verified).
    for label in [&b"z"[..], b"u"] {
        verify_free_circuit(Override::new(t(), label, 7), &proof).unwrap();
    }

    // A shuffle's challenge (a gadget's, drawn in the second phase): z = 0 still satisfies the
    // constraints of a true permutation, and both sides refuse it.
    use curve25519_dalek::Scalar;
    use gadgets::shuffle::{shuffle, shuffle_transcript};
    let values = [(3u64, 11u64), (9, 12)];
    let build = |label: &'static [u8], value: u64| {
        let mut prover = Prover::new(
            generators::dalek(),
            R1csConvention::Dalek,
            Override::new(shuffle_transcript(b"zero", 2), label, value),
        );
        let (ci, x): (Vec<_>, Vec<_>) = values
            .iter()
            .map(|(v, b)| prover.commit(Scalar::from(*v), Scalar::from(*b)))
            .unzip();
        let (co, y): (Vec<_>, Vec<_>) = values
            .iter()
            .rev()
            .map(|(v, b)| prover.commit(Scalar::from(*v), Scalar::from(*b + 10)))
            .unzip();
        shuffle::<Ristretto255, _>(&mut prover, x, y).unwrap();
        (prover.prove(), ci, co)
    };
    let verify = |label: &'static [u8],
                  value: u64,
                  ci: &[[u8; 32]],
                  co: &[[u8; 32]],
                  proof: &R1csProof<Ristretto255>| {
        let mut verifier = Verifier::new(
            generators::dalek(),
            R1csConvention::Dalek,
            Override::new(shuffle_transcript(b"zero", 2), label, value),
        );
        let x: Vec<_> = ci.iter().map(|c| verifier.commit(c).unwrap()).collect();
        let y: Vec<_> = co.iter().map(|c| verifier.commit(c).unwrap()).collect();
        shuffle::<Ristretto255, _>(&mut verifier, x, y).unwrap();
        verifier.verify(proof)
    };
    let (honest, ci, co) = build(b"none", 0);
    let honest = honest.unwrap();
    verify(b"none", 0, &ci, &co, &honest).unwrap();
    assert!(refused(build(b"shuffle challenge", 0).0));
    assert!(refused(verify(b"shuffle challenge", 0, &ci, &co, &honest)));
}
