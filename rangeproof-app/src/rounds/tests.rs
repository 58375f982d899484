use super::*;
use rand_core::OsRng;

fn run(
    flavor: MpcDeployment,
    holdings: &[&[u64]],
) -> (DealerRounds, Vec<PartyRounds>, Vec<Vec<u8>>) {
    let counts: Vec<usize> = holdings.iter().map(|h| h.len()).collect();
    let dealer = DealerRounds::new(flavor, 64, &counts, b"rounds test", &mut OsRng).unwrap();
    let (parties, first): (Vec<_>, Vec<_>) = holdings
        .iter()
        .enumerate()
        .map(|(i, values)| {
            PartyRounds::join(&dealer.invitation(i).unwrap(), values, &mut OsRng).unwrap()
        })
        .unzip();
    (dealer, parties, first)
}

fn finish(
    dealer: &mut DealerRounds,
    parties: &mut [PartyRounds],
    first: &[Vec<u8>],
) -> Result<ProofDocument, RoundError> {
    let challenges = dealer.bit_commitments(first, &mut OsRng)?;
    let polys: Vec<Vec<u8>> = parties
        .iter_mut()
        .zip(&challenges)
        .map(|(p, c)| p.bit_challenge(c))
        .collect::<Result<_, _>>()?;
    let challenges = dealer.poly_commitments(&polys)?;
    let shares: Vec<Vec<u8>> = parties
        .iter_mut()
        .zip(&challenges)
        .map(|(p, c)| p.poly_challenge(c))
        .collect::<Result<_, _>>()?;
    dealer.shares(&shares, &mut OsRng)
}

/// Both flavors, three parties of uneven holdings (m = 5, padded to 8 by the dealer), the
/// edges 0 and 2^64 − 1 among the values: the document verifies, and its commitments are
/// the parties' own, in order.
#[test]
fn rounds_make_a_proof_that_verifies() {
    for flavor in [MpcDeployment::Dalek, MpcDeployment::Monero] {
        let holdings: [&[u64]; 3] = [&[0, 7], &[u64::MAX], &[5, 6]];
        let (mut dealer, mut parties, first) = run(flavor, &holdings);
        let doc = finish(&mut dealer, &mut parties, &first).unwrap();
        crate::tests_support::assert_verifies(&doc);
        let listed: Vec<String> = parties
            .iter()
            .flat_map(|p| p.openings().commitments.clone())
            .collect();
        assert_eq!(doc.commitments, listed, "{flavor:?}");
        assert_eq!(parties[1].openings().values, vec![u64::MAX]);
        assert_eq!(parties[2].openings().position, Some(3));
    }
}

/// Out-of-order calls, messages from another run, a missing party and a tampered share
/// are refused, naming the party where one is at fault.
#[test]
fn bad_messages_and_orders_are_refused() {
    let holdings: [&[u64]; 2] = [&[1], &[2, 3]];
    let (mut dealer, mut parties, first) = run(MpcDeployment::Dalek, &holdings);
    assert!(dealer
        .poly_commitments(&first)
        .unwrap_err()
        .to_string()
        .contains("out of order"));
    assert!(parties[0]
        .poly_challenge(&[0; 4])
        .unwrap_err()
        .to_string()
        .contains("out of order"));
    assert!(dealer.invitation(2).is_none());
    // Another run's message does not decode in this one, and the dealer stays in round 1.
    let (_, _, other) = run(MpcDeployment::Dalek, &holdings);
    let err = dealer
        .bit_commitments(&[first[0].clone(), other[1].clone()], &mut OsRng)
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("party 1 (position 1)"), "{err}");
    assert!(dealer
        .bit_commitments(&first[..1], &mut OsRng)
        .unwrap_err()
        .to_string()
        .contains("one from each"));
    let challenges = dealer.bit_commitments(&first, &mut OsRng).unwrap();
    let polys: Vec<Vec<u8>> = parties
        .iter_mut()
        .zip(&challenges)
        .map(|(p, c)| p.bit_challenge(c).unwrap())
        .collect();
    let challenges = dealer.poly_commitments(&polys).unwrap();
    let mut shares: Vec<Vec<u8>> = parties
        .iter_mut()
        .zip(&challenges)
        .map(|(p, c)| p.poly_challenge(c).unwrap())
        .collect();
    // The low bit of the share's last scalar (little-endian): still canonical, now wrong.
    let last_scalar = shares[1].len() - 32;
    shares[1][last_scalar] ^= 1;
    let err = dealer.shares(&shares, &mut OsRng).unwrap_err();
    assert_eq!(err.parties, vec![(1, 1)], "{err}");
    let err = err.to_string();
    assert!(
        err.contains("party 1 (position 1)") && !err.contains("party 0"),
        "{err}"
    );
    // The run has ended.
    assert!(dealer
        .shares(&shares, &mut OsRng)
        .unwrap_err()
        .to_string()
        .contains("out of order"));
}

/// Messages one at a time, in any order: the round runs when the last arrives, a second
/// message from a party is refused, and a message that does not decode leaves the round as it
/// was; the party answers with `answer` whatever the round.
#[test]
fn messages_arrive_one_at_a_time_in_any_order() {
    let holdings: [&[u64]; 3] = [&[0], &[u64::MAX, 9], &[42]];
    let (mut dealer, mut parties, first) = run(MpcDeployment::Monero, &holdings);
    assert_eq!(dealer.position(2), Some(3));
    assert!(matches!(
        dealer.receive(2, &first[2], &mut OsRng),
        Ok(Next::Wait)
    ));
    let again = dealer.receive(2, &first[2], &mut OsRng).unwrap_err();
    assert_eq!(again.parties, vec![(2, 3)]);
    assert!(again.what.contains("second"), "{again}");
    let garbage = dealer.receive(0, &[1, 2, 3], &mut OsRng).unwrap_err();
    assert_eq!(garbage.parties, vec![(0, 0)]);
    assert!(
        dealer.receive(3, &first[0], &mut OsRng).is_err(),
        "no party 3"
    );
    assert!(matches!(
        dealer.receive(0, &first[0], &mut OsRng),
        Ok(Next::Wait)
    ));
    let Ok(Next::Send(challenges)) = dealer.receive(1, &first[1], &mut OsRng) else {
        panic!("round 1 runs when the last message arrives");
    };
    let mut next = Next::Wait;
    for round in 0..2 {
        let answers: Vec<Vec<u8>> = parties
            .iter_mut()
            .zip(if round == 0 {
                &challenges
            } else {
                match &next {
                    Next::Send(c) => c,
                    _ => panic!("challenges"),
                }
            })
            .map(|(p, c)| p.answer(c).unwrap())
            .collect();
        for i in [1, 2, 0] {
            next = dealer.receive(i, &answers[i], &mut OsRng).unwrap();
        }
    }
    let Next::Done(doc) = next else {
        panic!("the third round ends the run");
    };
    crate::tests_support::assert_verifies(&doc);
    assert!(
        parties[0].answer(&[0; 4]).is_err(),
        "the party's run has ended"
    );
}
