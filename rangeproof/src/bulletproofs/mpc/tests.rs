//! The protocol in process: proofs from several parties verify as ordinary proofs (dalek and
//! Monero), bad shares are blamed, malformed rounds refused.

use crate::StatementError;
use merlin::Transcript;
use rand::rngs::OsRng;

use super::*;
use crate::deployments::monero::transcript::MoneroTranscript;
use crate::deployments::{dalek, monero, BulletproofsConvention, Generators};
use crate::group::{Ed25519, Group, Ristretto255};
use crate::RangeProof;

/// Runs the protocol for parties holding `holdings` values each; `corrupt` may change a
/// party's share before the dealer sees it.
fn run<G: Group, C: BulletproofsConvention<Group = G>>(
    gens: &Generators<C>,
    transcript: C::Transcript,
    n: usize,
    holdings: &[Vec<u64>],
    corrupt: impl Fn(&mut ProofShare<G>),
) -> Result<(RangeProof<G>, Vec<crate::EncodedPoint<G>>), MpcError> {
    let m: usize = holdings.iter().map(Vec::len).sum();
    let dealer = Dealer::start(gens, transcript, n, m)?;
    let mut position = 0;
    let mut parties = Vec::new();
    let mut bit_msgs = Vec::new();
    for values in holdings {
        let blindings: Vec<G::Scalar> = values
            .iter()
            .map(|_| G::random_scalar(&mut OsRng))
            .collect();
        let party = Party::new(gens, n, values, &blindings)?;
        let (party, msg) = party.commit(position, &mut OsRng)?;
        position += values.len();
        parties.push(party);
        bit_msgs.push(msg);
    }
    // The dealer may receive the messages in any order.
    bit_msgs.reverse();
    let (dealer, challenge) = dealer.receive_bit_commitments(bit_msgs, &mut OsRng)?;
    let mut waiting = Vec::new();
    let mut poly_msgs = Vec::new();
    for party in parties {
        let (party, msg) = party.apply_challenge(&challenge)?;
        waiting.push(party);
        poly_msgs.push(msg);
    }
    let (dealer, challenge) = dealer.receive_poly_commitments(poly_msgs)?;
    let mut shares = Vec::new();
    for party in waiting {
        let mut share = party.apply_challenge(&challenge)?;
        corrupt(&mut share);
        shares.push(share);
    }
    dealer.receive_shares(shares, &mut OsRng)
}

fn verify_dalek(
    proof: &RangeProof<Ristretto255>,
    commitments: &[crate::EncodedPoint<Ristretto255>],
    n: usize,
) {
    let encodings: Vec<[u8; 32]> = commitments.iter().map(|c| c.bytes).collect();
    proof
        .verify_multiple(
            dalek::generators(),
            &mut Transcript::new(b"mpc"),
            &encodings,
            n,
            &mut OsRng,
        )
        .expect("the assembled proof verifies as an ordinary one");
    // The wire format is the ordinary one.
    let bytes = proof.to_bytes();
    assert_eq!(
        RangeProof::<Ristretto255>::from_bytes(&bytes).unwrap(),
        *proof
    );
}

#[test]
fn parties_assemble_ordinary_proofs() {
    let gens = dalek::generators();
    let max = u64::MAX;
    for holdings in [
        vec![vec![5u64]],
        vec![vec![0], vec![max]],
        vec![vec![1, 2], vec![3], vec![max, 0, 7]],
        vec![vec![9]; 4],
        vec![vec![1]; 16],
    ] {
        let (proof, commitments) =
            run(gens, Transcript::new(b"mpc"), 64, &holdings, |_| {}).unwrap();
        assert_eq!(
            commitments.len(),
            holdings.iter().map(Vec::len).sum::<usize>()
        );
        verify_dalek(&proof, &commitments, 64);
    }
    let (proof, commitments) = run(
        gens,
        Transcript::new(b"mpc"),
        8,
        &[vec![255], vec![0, 3]],
        |_| {},
    )
    .unwrap();
    verify_dalek(&proof, &commitments, 8);
}

#[test]
fn monero_parties_publish_times_an_eighth() {
    let gens = monero::bulletproofs_generators();
    for holdings in [vec![vec![7u64], vec![8]], vec![vec![1, 2, 3]]] {
        let (proof, commitments) = run(
            gens,
            MoneroTranscript::bulletproofs(),
            64,
            &holdings,
            |_| {},
        )
        .unwrap();
        let encodings: Vec<[u8; 32]> = commitments.iter().map(|c| c.bytes).collect();
        proof
            .verify_multiple(
                gens,
                &mut MoneroTranscript::bulletproofs(),
                &encodings,
                64,
                &mut OsRng,
            )
            .unwrap();
        // Monero's wire format holds it too.
        let bytes = proof.to_monero_bytes().unwrap();
        RangeProof::<Ed25519>::from_monero_bytes(&bytes).unwrap();
    }
}

#[test]
fn bad_shares_are_blamed_and_no_proof_is_returned() {
    let gens = dalek::generators();
    let holdings = vec![vec![1u64], vec![2, 3], vec![4]];
    let mangle = |which: usize, what: u8| {
        move |s: &mut ProofShare<Ristretto255>| {
            if s.position == which {
                match what {
                    0 => s.t_x += curve25519_dalek::Scalar::ONE,
                    1 => s.t_x_blinding += curve25519_dalek::Scalar::ONE,
                    2 => s.e_blinding += curve25519_dalek::Scalar::ONE,
                    3 => s.l[0] += curve25519_dalek::Scalar::ONE,
                    4 => s.r[3] += curve25519_dalek::Scalar::ONE,
                    _ => {
                        s.l.pop();
                    }
                }
            }
        }
    };
    for what in 0..6 {
        for which in [0usize, 1, 3] {
            let err = run(
                gens,
                Transcript::new(b"mpc"),
                16,
                &holdings,
                mangle(which, what),
            )
            .unwrap_err();
            assert_eq!(
                err,
                MpcError::Blame(vec![which]),
                "field {what}, party at {which}"
            );
        }
    }
}

#[test]
fn malformed_rounds_are_refused() {
    let gens = dalek::generators();
    let blinding = [Ristretto255::random_scalar(&mut OsRng)];
    let party = || Party::new(gens, 32, &[7], &blinding).unwrap();
    // Positions must tile 0..m.
    let dealer = Dealer::start(gens, Transcript::new(b"mpc"), 32, 2).unwrap();
    let (_, a) = party().commit(0, &mut OsRng).unwrap();
    let (_, b) = party().commit(0, &mut OsRng).unwrap();
    assert!(matches!(
        dealer.receive_bit_commitments(vec![a, b], &mut OsRng),
        Err(MpcError::Malformed(_))
    ));
    // Zero challenges are refused by the parties.
    let (waiting, _) = party().commit(0, &mut OsRng).unwrap();
    let zero = BitChallenge::<Ristretto255> {
        y: Ristretto255::zero(),
        z: Ristretto255::one(),
    };
    assert!(matches!(
        waiting.apply_challenge(&zero),
        Err(MpcError::Malformed(_))
    ));
    // Out-of-range values and bad shapes are typed errors.
    assert_eq!(
        Party::new(gens, 8, &[256], &blinding).err(),
        Some(crate::ProofError::Statement(
            StatementError::ValueOutOfRange { bits: 8 }
        ))
    );
    assert_eq!(
        Party::new(gens, 12, &[1], &blinding).err(),
        Some(crate::ProofError::Statement(
            StatementError::InvalidBitsize {
                given: 12,
                supported: &[8, 16, 32, 64]
            }
        ))
    );
    assert!(matches!(
        Dealer::start(gens, Transcript::new(b"mpc"), 64, 0),
        Err(MpcError::Proof(_))
    ));
}

/// Interoperability with the reference crate's `range_proof_mpc` (`bulletproofs` 5.0): its
/// messages' fields are private but implement serde, so messages cross through their JSON form
/// (32-byte arrays for points and scalars).
mod reference {
    use super::*;
    use crate::EncodedPoint;
    use bulletproofs::range_proof_mpc::{
        dealer::Dealer as RefDealer, messages as refmsg, party::Party as RefParty,
    };
    use bulletproofs::{BulletproofGens, PedersenGens};
    use curve25519_dalek::Scalar;
    use serde_json::{json, Value};

    type G = Ristretto255;

    fn bytes(v: &Value) -> [u8; 32] {
        let a: Vec<u8> = v
            .as_array()
            .expect("an array")
            .iter()
            .map(|b| b.as_u64().expect("a byte") as u8)
            .collect();
        a.try_into().expect("32 bytes")
    }

    fn array(b: &[u8]) -> Value {
        Value::Array(b.iter().map(|x| json!(x)).collect())
    }

    fn point(v: &Value) -> EncodedPoint<G> {
        EncodedPoint::decode(&bytes(v)).expect("a valid point")
    }

    fn scalar(v: &Value) -> Scalar {
        Scalar::from_canonical_bytes(bytes(v)).expect("canonical")
    }

    fn bits_from_ref(m: &refmsg::BitCommitment, position: usize) -> BitCommitment<G> {
        let v = serde_json::to_value(m).unwrap();
        BitCommitment {
            position,
            commitments: vec![point(&v["V_j"])],
            a: point(&v["A_j"]),
            s: point(&v["S_j"]),
        }
    }

    fn bits_to_ref(m: &BitCommitment<G>) -> refmsg::BitCommitment {
        serde_json::from_value(json!({
            "V_j": array(&m.commitments[0].bytes), "A_j": array(&m.a.bytes), "S_j": array(&m.s.bytes),
        }))
        .unwrap()
    }

    fn bit_challenge_from_ref(c: &refmsg::BitChallenge) -> BitChallenge<G> {
        let v = serde_json::to_value(c).unwrap();
        BitChallenge {
            y: scalar(&v["y"]),
            z: scalar(&v["z"]),
        }
    }

    fn bit_challenge_to_ref(c: &BitChallenge<G>) -> refmsg::BitChallenge {
        serde_json::from_value(json!({"y": array(&c.y.to_bytes()), "z": array(&c.z.to_bytes())}))
            .unwrap()
    }

    fn poly_from_ref(m: &refmsg::PolyCommitment, position: usize) -> PolyCommitment<G> {
        let v = serde_json::to_value(m).unwrap();
        PolyCommitment {
            position,
            t_1: point(&v["T_1_j"]),
            t_2: point(&v["T_2_j"]),
        }
    }

    fn poly_to_ref(m: &PolyCommitment<G>) -> refmsg::PolyCommitment {
        serde_json::from_value(json!({"T_1_j": array(&m.t_1.bytes), "T_2_j": array(&m.t_2.bytes)}))
            .unwrap()
    }

    fn poly_challenge_from_ref(c: &refmsg::PolyChallenge) -> PolyChallenge<G> {
        PolyChallenge {
            x: scalar(&serde_json::to_value(c).unwrap()["x"]),
        }
    }

    fn poly_challenge_to_ref(c: &PolyChallenge<G>) -> refmsg::PolyChallenge {
        serde_json::from_value(json!({"x": array(&c.x.to_bytes())})).unwrap()
    }

    fn share_from_ref(s: &refmsg::ProofShare, position: usize) -> ProofShare<G> {
        let v = serde_json::to_value(s).unwrap();
        let vec = |k: &str| v[k].as_array().unwrap().iter().map(scalar).collect();
        ProofShare {
            position,
            t_x: scalar(&v["t_x"]),
            t_x_blinding: scalar(&v["t_x_blinding"]),
            e_blinding: scalar(&v["e_blinding"]),
            l: vec("l_vec"),
            r: vec("r_vec"),
        }
    }

    fn share_to_ref(s: &ProofShare<G>) -> refmsg::ProofShare {
        let vec = |v: &[Scalar]| Value::Array(v.iter().map(|x| array(&x.to_bytes())).collect());
        serde_json::from_value(json!({
            "t_x": array(&s.t_x.to_bytes()), "t_x_blinding": array(&s.t_x_blinding.to_bytes()),
            "e_blinding": array(&s.e_blinding.to_bytes()), "l_vec": vec(&s.l), "r_vec": vec(&s.r),
        }))
        .unwrap()
    }

    fn their_scalar(s: &Scalar) -> curve25519_dalek_v4::Scalar {
        curve25519_dalek_v4::Scalar::from_canonical_bytes(s.to_bytes()).unwrap()
    }

    /// Both libraries accept the proof.
    fn both_verify(proof_bytes: &[u8], commitments: &[[u8; 32]], n: usize, m: usize) {
        let ours = RangeProof::<G>::from_bytes(proof_bytes).unwrap();
        ours.verify_multiple(
            dalek::generators(),
            &mut Transcript::new(b"mpc interop"),
            commitments,
            n,
            &mut OsRng,
        )
        .expect("ours accepts");
        let theirs = bulletproofs::RangeProof::from_bytes(proof_bytes).unwrap();
        let vs: Vec<curve25519_dalek_v4::ristretto::CompressedRistretto> = commitments
            .iter()
            .map(|c| curve25519_dalek_v4::ristretto::CompressedRistretto(*c))
            .collect();
        theirs
            .verify_multiple(
                &BulletproofGens::new(64, m),
                &PedersenGens::default(),
                &mut Transcript::new(b"mpc interop"),
                &vs,
                n,
            )
            .expect("the reference accepts");
    }

    /// Proofs our parties and dealer make, for 1 to 64 parties, verify with the reference.
    #[test]
    fn the_reference_verifies_our_proofs_for_every_party_count() {
        for m in [1usize, 2, 4, 8, 16, 64] {
            let holdings: Vec<Vec<u64>> = (0..m as u64).map(|j| vec![j * 3]).collect();
            let (proof, commitments) = run(
                dalek::generators(),
                Transcript::new(b"mpc interop"),
                8,
                &holdings,
                |_| {},
            )
            .unwrap();
            let encodings: Vec<[u8; 32]> = commitments.iter().map(|c| c.bytes).collect();
            both_verify(&proof.to_bytes(), &encodings, 8, m);
        }
    }

    #[test]
    fn reference_parties_with_our_dealer() {
        let (n, m) = (64, 4);
        let (bp, pc) = (BulletproofGens::new(64, m), PedersenGens::default());
        let values = [0u64, 1, u64::MAX, 12345];
        let blindings: Vec<Scalar> = (0..m).map(|_| G::random_scalar(&mut OsRng)).collect();
        let dealer =
            Dealer::start(dalek::generators(), Transcript::new(b"mpc interop"), n, m).unwrap();
        let mut parties = Vec::new();
        let mut msgs = Vec::new();
        for j in 0..m {
            let party = RefParty::new(&bp, &pc, values[j], their_scalar(&blindings[j]), n).unwrap();
            let (party, bc) = party.assign_position(j).unwrap();
            parties.push(party);
            msgs.push(bits_from_ref(&bc, j));
        }
        let (dealer, bit_challenge) = dealer.receive_bit_commitments(msgs, &mut OsRng).unwrap();
        let mut waiting = Vec::new();
        let mut polys = Vec::new();
        for (j, party) in parties.into_iter().enumerate() {
            let (party, pc) = party.apply_challenge(&bit_challenge_to_ref(&bit_challenge));
            waiting.push(party);
            polys.push(poly_from_ref(&pc, j));
        }
        let (dealer, poly_challenge) = dealer.receive_poly_commitments(polys).unwrap();
        let shares = waiting
            .into_iter()
            .enumerate()
            .map(|(j, p)| {
                share_from_ref(
                    &p.apply_challenge(&poly_challenge_to_ref(&poly_challenge))
                        .unwrap(),
                    j,
                )
            })
            .collect();
        let (proof, commitments) = dealer.receive_shares(shares, &mut OsRng).unwrap();
        let encodings: Vec<[u8; 32]> = commitments.iter().map(|c| c.bytes).collect();
        both_verify(&proof.to_bytes(), &encodings, n, m);
    }

    #[test]
    fn our_parties_with_the_reference_dealer() {
        let (n, m) = (32, 2);
        let (bp, pc) = (BulletproofGens::new(64, m), PedersenGens::default());
        let gens = dalek::generators();
        let mut transcript = Transcript::new(b"mpc interop");
        let dealer = RefDealer::new(&bp, &pc, &mut transcript, n, m).unwrap();
        let mut parties = Vec::new();
        let mut msgs = Vec::new();
        let mut commitments = Vec::new();
        for (j, v) in [7u64, u32::MAX as u64].into_iter().enumerate() {
            let party = Party::new(gens, n, &[v], &[G::random_scalar(&mut OsRng)]).unwrap();
            let (party, bc) = party.commit(j, &mut OsRng).unwrap();
            commitments.push(bc.commitments[0].bytes);
            msgs.push(bits_to_ref(&bc));
            parties.push(party);
        }
        let (dealer, challenge) = dealer.receive_bit_commitments(msgs).unwrap();
        let ours = bit_challenge_from_ref(&challenge);
        let mut waiting = Vec::new();
        let mut polys = Vec::new();
        for party in parties {
            let (party, poly) = party.apply_challenge(&ours).unwrap();
            polys.push(poly_to_ref(&poly));
            waiting.push(party);
        }
        let (dealer, challenge) = dealer.receive_poly_commitments(polys).unwrap();
        let ours = poly_challenge_from_ref(&challenge);
        let shares: Vec<refmsg::ProofShare> = waiting
            .into_iter()
            .map(|p| share_to_ref(&p.apply_challenge(&ours).unwrap()))
            .collect();
        let proof = dealer
            .receive_shares(&shares)
            .expect("the reference dealer accepts our shares");
        both_verify(&proof.to_bytes(), &commitments, n, m);
    }
}

/// Two runs with the same parameters but different run nonces (what the CLI's dealer draws
/// for every run) have different ids: a message recorded in one is refused in the other, and
/// neither matches the parameter-only session.
#[test]
fn messages_of_one_run_are_refused_in_another() {
    use rand::RngCore;
    let gens = dalek::generators();
    let (mut first, mut second) = ([0u8; 32], [0u8; 32]);
    OsRng.fill_bytes(&mut first);
    OsRng.fill_bytes(&mut second);
    let run = Session::for_run::<Ristretto255>("dalek", 16, 1, b"mpc", &first);
    let replayed_into = Session::for_run::<Ristretto255>("dalek", 16, 1, b"mpc", &second);
    let parameters_only = Session::new::<Ristretto255>("dalek", 16, 1, b"mpc");
    assert_eq!(
        run,
        Session::for_run::<Ristretto255>("dalek", 16, 1, b"mpc", &first)
    );
    let blinding = [Ristretto255::random_scalar(&mut OsRng)];
    let (_, msg) = Party::new(gens, 16, &[7], &blinding)
        .unwrap()
        .commit(0, &mut OsRng)
        .unwrap();
    let bytes = msg.to_bytes(&run);
    assert_eq!(BitCommitment::from_bytes(&bytes, &run, 0).unwrap(), msg);
    for other in [&replayed_into, &parameters_only] {
        assert_ne!(other.id(), run.id());
        assert!(BitCommitment::<Ristretto255>::from_bytes(&bytes, other, 0).is_err());
    }
}

#[test]
fn messages_round_trip_through_bytes_and_refuse_other_sessions() {
    let gens = dalek::generators();
    let session = Session::new::<Ristretto255>("dalek", 16, 3, b"mpc");
    let other = Session::new::<Ristretto255>("dalek", 16, 3, b"another label");
    let dealer = Dealer::start(gens, Transcript::new(b"mpc"), 16, 3).unwrap();
    let holdings = [vec![1u64, 2], vec![65535]];
    let mut parties = Vec::new();
    let mut msgs = Vec::new();
    let mut position = 0;
    for values in &holdings {
        let blindings: Vec<_> = values
            .iter()
            .map(|_| Ristretto255::random_scalar(&mut OsRng))
            .collect();
        let (party, msg) = Party::new(gens, 16, values, &blindings)
            .unwrap()
            .commit(position, &mut OsRng)
            .unwrap();
        let bytes = msg.to_bytes(&session);
        assert_eq!(
            BitCommitment::from_bytes(&bytes, &session, position).unwrap(),
            msg
        );
        // Another session, another position, another round, a cut or an extra byte: refused.
        assert!(BitCommitment::<Ristretto255>::from_bytes(&bytes, &other, position).is_err());
        assert!(BitCommitment::<Ristretto255>::from_bytes(&bytes, &session, position + 1).is_err());
        assert!(PolyCommitment::<Ristretto255>::from_bytes(&bytes, &session, position).is_err());
        assert!(BitCommitment::<Ristretto255>::from_bytes(
            &bytes[..bytes.len() - 1],
            &session,
            position
        )
        .is_err());
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(BitCommitment::<Ristretto255>::from_bytes(&longer, &session, position).is_err());
        msgs.push(BitCommitment::from_bytes(&bytes, &session, position).unwrap());
        parties.push((party, position));
        position += values.len();
    }
    let (dealer, challenge) = dealer.receive_bit_commitments(msgs, &mut OsRng).unwrap();
    let mut waiting = Vec::new();
    let mut polys = Vec::new();
    for (party, position) in parties {
        let c =
            BitChallenge::from_bytes(&challenge.to_bytes(&session, position), &session, position)
                .unwrap();
        assert_eq!(c, challenge);
        let (party, poly) = party.apply_challenge(&c).unwrap();
        polys.push(
            PolyCommitment::from_bytes(&poly.to_bytes(&session), &session, position).unwrap(),
        );
        waiting.push((party, position));
    }
    let (dealer, challenge) = dealer.receive_poly_commitments(polys).unwrap();
    let mut shares = Vec::new();
    for (party, position) in waiting {
        let c =
            PolyChallenge::from_bytes(&challenge.to_bytes(&session, position), &session, position)
                .unwrap();
        let share = party.apply_challenge(&c).unwrap();
        let bytes = share.to_bytes(&session);
        assert_eq!(
            ProofShare::from_bytes(&bytes, &session, position).unwrap(),
            share
        );
        shares.push(ProofShare::from_bytes(&bytes, &session, position).unwrap());
    }
    let (proof, commitments) = dealer.receive_shares(shares, &mut OsRng).unwrap();
    let encodings: Vec<[u8; 32]> = commitments.iter().map(|c| c.bytes).collect();
    proof
        .verify_multiple(
            gens,
            &mut Transcript::new(b"mpc"),
            &encodings,
            16,
            &mut OsRng,
        )
        .unwrap();
}

proptest::proptest! {
    /// Arbitrary bytes never panic a decoder (and a valid header with garbage is refused).
    #[test]
    fn decoders_never_panic(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..600), position in 0usize..4) {
        let session = Session::new::<Ristretto255>("dalek", 64, 4, b"mpc");
        let mut framed = b"RPM".to_vec();
        framed.push(bytes.first().copied().unwrap_or(1) % 6);
        framed.extend_from_slice(&bytes);
        for input in [&bytes[..], &framed[..]] {
            let _ = BitCommitment::<Ristretto255>::from_bytes(input, &session, position);
            let _ = BitChallenge::<Ristretto255>::from_bytes(input, &session, position);
            let _ = PolyCommitment::<Ristretto255>::from_bytes(input, &session, position);
            let _ = PolyChallenge::<Ristretto255>::from_bytes(input, &session, position);
            let _ = ProofShare::<Ristretto255>::from_bytes(input, &session, position);
        }
    }
}

#[test]
fn sixty_four_parties_and_parties_of_several_values() {
    let gens = dalek::generators();
    // 64 parties (8-bit values, to keep the test quick), and 8 parties of 8 values each.
    let many: Vec<Vec<u64>> = (0..64u64).map(|j| vec![j * 4]).collect();
    let (proof, commitments) = run(gens, Transcript::new(b"mpc"), 8, &many, |_| {}).unwrap();
    assert_eq!(commitments.len(), 64);
    verify_dalek(&proof, &commitments, 8);
    let grouped: Vec<Vec<u64>> = (0..8u64)
        .map(|j| (0..8).map(|k| j * 8 + k).collect())
        .collect();
    let (proof, commitments) = run(gens, Transcript::new(b"mpc"), 8, &grouped, |_| {}).unwrap();
    verify_dalek(&proof, &commitments, 8);
}

#[test]
fn monero_bad_shares_are_blamed() {
    // The audit clears the cofactor of the published points (times 8) as Monero's verifier
    // does: only the party at fault is named.
    let gens = monero::bulletproofs_generators();
    let holdings = vec![vec![1u64], vec![2], vec![3, 4]];
    for which in [0usize, 1, 2] {
        let err = run(gens, MoneroTranscript::bulletproofs(), 64, &holdings, |s| {
            if s.position == which {
                s.e_blinding += curve25519_dalek::Scalar::ONE;
            }
        })
        .unwrap_err();
        assert_eq!(err, MpcError::Blame(vec![which]));
    }
}
