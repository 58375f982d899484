//! The protocol in process: proofs from several parties verify as ordinary proofs (dalek and
//! Monero), bad shares are blamed, malformed rounds refused.

use merlin::Transcript;
use rand::rngs::OsRng;

use super::*;
use crate::generators::{dalek, monero};
use crate::group::{Ed25519, Group, Ristretto255};
use crate::transcript::monero::MoneroTranscript;
use crate::transcript::TranscriptProtocol;
use crate::RangeProof;

/// Runs the protocol for parties holding `holdings` values each; `corrupt` may change a
/// party's share before the dealer sees it.
fn run<G: Group, T: TranscriptProtocol<G> + Clone>(
    gens: &crate::generators::Generators<G>,
    transcript: T,
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
        Some(crate::ProofError::ValueOutOfRange { bits: 8 })
    );
    assert_eq!(
        Party::new(gens, 12, &[1], &blinding).err(),
        Some(crate::ProofError::InvalidBitsize(12))
    );
    assert!(matches!(
        Dealer::start(gens, Transcript::new(b"mpc"), 64, 0),
        Err(MpcError::Proof(_))
    ));
}
