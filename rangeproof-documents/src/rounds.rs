//! The multi-party protocol's rounds as objects that take and give messages as bytes, for a
//! front end that carries the messages itself (the Python package; a message queue; one
//! process playing every role in a test). [`crate::transport`] runs the same rounds over
//! byte streams, with the same encodings: an invitation is the transport's setup message, and
//! every protocol message is bound to the run's session (`rangeproof::bulletproofs::mpc`).
//!
//! ```text
//! dealer = DealerRounds::new(flavor, bits, &[values per party], label)
//! (party_i, bits_i) = PartyRounds::join(&dealer.invitation(i), values_i)
//! challenges = dealer.bit_commitments(&[bits_0, …])        one challenge per party
//! polys_i = party_i.bit_challenge(&challenges[i])
//! challenges = dealer.poly_commitments(&[polys_0, …])
//! share_i = party_i.poly_challenge(&challenges[i])
//! document = dealer.shares(&[share_0, …])                 the proof, verified, as a document
//! ```
//!
//! Each side moves forward one round per call. A message that does not decode is refused with
//! the party named, and the side stays in its round; a step the protocol itself refuses (a bad
//! share, positions that do not tile) ends the run, as the transport's runs end. Calls out of
//! order are refused. Blindings are wiped when a party is dropped.

use rand_core::{CryptoRng, RngCore};
use rangeproof::bulletproofs::mpc::{
    BitChallenge, BitCommitment, Dealer, DealerAwaitingBitCommitments,
    DealerAwaitingPolyCommitments, DealerAwaitingProofShares, MpcError, Party,
    PartyAwaitingBitChallenge, PartyAwaitingPolyChallenge, PolyChallenge, PolyCommitment,
    ProofShare, Session,
};
use rangeproof::deployments::{
    dalek, monero, BulletproofsConvention, Dalek, Deployment, MoneroBulletproofs,
};
use rangeproof::{Ed25519, Generators, Group, Ristretto255};
use zeroize::Zeroizing;

use crate::openings::Openings;
use crate::proof::{ProofDocument, MAX_TRANSCRIPT_LABEL};
use crate::transport::{party_openings, DealtProof, Flavor, Setup};

/// The dealer's side of one run.
pub struct DealerRounds {
    setup: Setup,
    /// Per party: its position (its first value's index) and how many values it holds.
    parties: Vec<(usize, usize)>,
    kind: DealerKind,
}

/// Boxed: a dealer's state is a few KB, whichever the group.
enum DealerKind {
    Dalek(Box<DealerOf<Ristretto255, Dalek>>),
    Monero(Box<DealerOf<Ed25519, MoneroBulletproofs>>),
}

struct DealerOf<G: Group + 'static, C: BulletproofsConvention<Group = G>> {
    session: Session,
    stage: DealerStage<G, C>,
    encode: fn(&rangeproof::RangeProof<G>) -> Result<Vec<u8>, rangeproof::ProofError>,
}

enum DealerStage<G: Group + 'static, C: BulletproofsConvention<Group = G>> {
    Bits(DealerAwaitingBitCommitments<'static, G, C>),
    Polys(DealerAwaitingPolyCommitments<'static, G, C>),
    Shares(DealerAwaitingProofShares<'static, G, C>),
    Ended,
}

/// Runs `$body` with the dealer of either group.
macro_rules! on_dealer {
    ($kind:expr, $dealer:ident => $body:expr) => {
        match $kind {
            DealerKind::Dalek($dealer) => $body,
            DealerKind::Monero($dealer) => $body,
        }
    };
}

fn out_of_order(round: &str) -> String {
    format!("{round} out of order (the run is in another round, or has ended)")
}

/// Decodes one message per party, naming the first that does not decode (or is missing).
fn decode_all<M>(
    parties: &[(usize, usize)],
    messages: &[Vec<u8>],
    what: &str,
    decode: impl Fn(&[u8], usize) -> Result<M, MpcError>,
) -> Result<Vec<M>, String> {
    if messages.len() != parties.len() {
        return Err(format!(
            "{} {what}s for {} parties: one from each, in the parties' order",
            messages.len(),
            parties.len()
        ));
    }
    parties
        .iter()
        .zip(messages)
        .enumerate()
        .map(|(i, (&(position, _), bytes))| {
            decode(bytes, position)
                .map_err(|e| format!("party {i} (position {position}): its {what}: {e}"))
        })
        .collect()
}

/// Names the parties a failed step blames.
fn blamed(parties: &[(usize, usize)], round: &str, error: MpcError) -> String {
    match error {
        MpcError::Blame(positions) => {
            let named: Vec<String> = parties
                .iter()
                .enumerate()
                .filter(|(_, (position, _))| positions.contains(position))
                .map(|(i, (position, _))| format!("party {i} (position {position})"))
                .collect();
            format!("{round}: an invalid share from {}", named.join(", "))
        }
        other => format!("{round}: {other}"),
    }
}

impl<G: Group + 'static, C: BulletproofsConvention<Group = G>> DealerOf<G, C> {
    fn bit_commitments<R: RngCore + CryptoRng>(
        &mut self,
        parties: &[(usize, usize)],
        messages: &[Vec<u8>],
        rng: &mut R,
    ) -> Result<Vec<Vec<u8>>, String> {
        if !matches!(self.stage, DealerStage::Bits(_)) {
            return Err(out_of_order("bit commitments"));
        }
        let session = &self.session;
        let bits = decode_all(parties, messages, "bit commitment", |b, p| {
            BitCommitment::<G>::from_bytes(b, session, p)
        })?;
        for (i, (msg, &(position, count))) in bits.iter().zip(parties).enumerate() {
            if msg.commitments().len() != count {
                return Err(format!(
                    "party {i} (position {position}): {} values, invited with {count}",
                    msg.commitments().len()
                ));
            }
        }
        let DealerStage::Bits(dealer) = core::mem::replace(&mut self.stage, DealerStage::Ended)
        else {
            return Err(out_of_order("bit commitments"));
        };
        let (next, challenge) = dealer
            .receive_bit_commitments(bits, rng)
            .map_err(|e| blamed(parties, "round 1", e))?;
        self.stage = DealerStage::Polys(next);
        Ok(parties
            .iter()
            .map(|&(position, _)| challenge.to_bytes(&self.session, position))
            .collect())
    }

    fn poly_commitments(
        &mut self,
        parties: &[(usize, usize)],
        messages: &[Vec<u8>],
    ) -> Result<Vec<Vec<u8>>, String> {
        if !matches!(self.stage, DealerStage::Polys(_)) {
            return Err(out_of_order("polynomial commitments"));
        }
        let session = &self.session;
        let polys = decode_all(parties, messages, "polynomial commitment", |b, p| {
            PolyCommitment::<G>::from_bytes(b, session, p)
        })?;
        let DealerStage::Polys(dealer) = core::mem::replace(&mut self.stage, DealerStage::Ended)
        else {
            return Err(out_of_order("polynomial commitments"));
        };
        let (next, challenge) = dealer
            .receive_poly_commitments(polys)
            .map_err(|e| blamed(parties, "round 2", e))?;
        self.stage = DealerStage::Shares(next);
        Ok(parties
            .iter()
            .map(|&(position, _)| challenge.to_bytes(&self.session, position))
            .collect())
    }

    fn shares<R: RngCore + CryptoRng>(
        &mut self,
        parties: &[(usize, usize)],
        messages: &[Vec<u8>],
        rng: &mut R,
    ) -> Result<DealtProof, String> {
        if !matches!(self.stage, DealerStage::Shares(_)) {
            return Err(out_of_order("proof shares"));
        }
        let session = &self.session;
        let shares = decode_all(parties, messages, "proof share", |b, p| {
            ProofShare::<G>::from_bytes(b, session, p)
        })?;
        let DealerStage::Shares(dealer) = core::mem::replace(&mut self.stage, DealerStage::Ended)
        else {
            return Err(out_of_order("proof shares"));
        };
        let (proof, commitments) = dealer
            .receive_shares(shares, rng)
            .map_err(|e| blamed(parties, "round 3", e))?;
        Ok(DealtProof {
            proof: (self.encode)(&proof).map_err(|e| e.to_string())?,
            commitments: commitments
                .iter()
                .map(|c| c.bytes.as_ref().to_vec())
                .collect(),
        })
    }
}

fn start<G: Group + 'static, C: BulletproofsConvention<Group = G>>(
    gens: &'static Generators<C>,
    transcript: C::Transcript,
    setup: &Setup,
    encode: fn(&rangeproof::RangeProof<G>) -> Result<Vec<u8>, rangeproof::ProofError>,
) -> Result<DealerOf<G, C>, String> {
    let dealer = Dealer::start(gens, transcript, setup.bits, setup.m)
        .map_err(|e| format!("cannot start: {e}"))?;
    Ok(DealerOf {
        session: setup.session::<G>(),
        stage: DealerStage::Bits(dealer),
        encode,
    })
}

impl DealerRounds {
    /// A dealer for parties holding `counts[i]` values each (in this order: party 0 holds the
    /// first values), proving each below \\(2^{bits}\\) in `flavor`, with the session's
    /// transcript `label` (dalek only; Monero's transcript has none). `rng` draws the run's
    /// nonce, which binds every message to this run.
    pub fn new<R: RngCore + CryptoRng>(
        flavor: Flavor,
        bits: usize,
        counts: &[usize],
        label: &str,
        rng: &mut R,
    ) -> Result<Self, String> {
        if counts.is_empty() || counts.contains(&0) {
            return Err("every party holds at least one value, and there is a party".into());
        }
        if label.len() > MAX_TRANSCRIPT_LABEL {
            return Err(format!(
                "the transcript label has {} bytes, more than {MAX_TRANSCRIPT_LABEL}",
                label.len()
            ));
        }
        let mut parties = Vec::with_capacity(counts.len());
        let mut m = 0usize;
        for &count in counts {
            parties.push((m, count));
            m = m.saturating_add(count);
        }
        let mut run_nonce = [0u8; 32];
        rng.fill_bytes(&mut run_nonce);
        let setup = Setup {
            position: 0,
            m,
            bits,
            flavor,
            run_nonce,
            label: match flavor {
                Flavor::Dalek => label.as_bytes().to_vec(),
                Flavor::Monero => Vec::new(),
            },
        };
        let kind = match flavor {
            Flavor::Dalek => DealerKind::Dalek(Box::new(start(
                dalek::generators(),
                Dalek::transcript(label.as_bytes()),
                &setup,
                |p| Ok(p.to_bytes()),
            )?)),
            Flavor::Monero => DealerKind::Monero(Box::new(start(
                monero::bulletproofs_generators(),
                MoneroBulletproofs::transcript(b""),
                &setup,
                |p| p.to_monero_bytes(),
            )?)),
        };
        Ok(DealerRounds {
            setup,
            parties,
            kind,
        })
    }

    /// How many parties the run has.
    pub fn parties(&self) -> usize {
        self.parties.len()
    }

    /// Party `party`'s invitation (its position, the statement and the run's nonce), for
    /// [`PartyRounds::join`]; `None` past the last party.
    pub fn invitation(&self, party: usize) -> Option<Vec<u8>> {
        let &(position, _) = self.parties.get(party)?;
        Some(
            Setup {
                position,
                ..self.setup.clone()
            }
            .to_bytes(),
        )
    }

    /// Round 1: every party's bit commitment, in the parties' order; returns each party's
    /// challenge.
    pub fn bit_commitments<R: RngCore + CryptoRng>(
        &mut self,
        messages: &[Vec<u8>],
        rng: &mut R,
    ) -> Result<Vec<Vec<u8>>, String> {
        let parties = &self.parties;
        on_dealer!(&mut self.kind, d => d.bit_commitments(parties, messages, rng))
    }

    /// Round 2: every party's polynomial commitment; returns each party's challenge.
    pub fn poly_commitments(&mut self, messages: &[Vec<u8>]) -> Result<Vec<Vec<u8>>, String> {
        let parties = &self.parties;
        on_dealer!(&mut self.kind, d => d.poly_commitments(parties, messages))
    }

    /// Round 3: every party's proof share; returns the proof, verified, as a document (an
    /// ordinary one of the run's flavor). A bad share names its party.
    pub fn shares<R: RngCore + CryptoRng>(
        &mut self,
        messages: &[Vec<u8>],
        rng: &mut R,
    ) -> Result<ProofDocument, String> {
        let parties = &self.parties;
        let dealt = on_dealer!(&mut self.kind, d => d.shares(parties, messages, rng))?;
        Ok(dealt.document(self.setup.flavor, self.setup.bits, &self.setup.label))
    }
}

/// A party's side of one run.
pub struct PartyRounds {
    openings: Openings,
    kind: PartyKind,
}

enum PartyKind {
    Dalek(PartyOf<Ristretto255>),
    Monero(PartyOf<Ed25519>),
}

struct PartyOf<G: Group + 'static> {
    session: Session,
    position: usize,
    stage: PartyStage<G>,
}

enum PartyStage<G: Group + 'static> {
    Bit(PartyAwaitingBitChallenge<'static, G>),
    Poly(PartyAwaitingPolyChallenge<'static, G>),
    Ended,
}

macro_rules! on_party {
    ($kind:expr, $party:ident => $body:expr) => {
        match $kind {
            PartyKind::Dalek($party) => $body,
            PartyKind::Monero($party) => $body,
        }
    };
}

impl<G: Group + 'static> PartyOf<G> {
    fn join<C: BulletproofsConvention<Group = G>, R: RngCore + CryptoRng>(
        gens: &'static Generators<C>,
        setup: &Setup,
        values: &[u64],
        rng: &mut R,
    ) -> Result<(Self, Openings, Vec<u8>), String> {
        let session = setup.session::<G>();
        let blindings: Zeroizing<Vec<G::Scalar>> =
            Zeroizing::new(values.iter().map(|_| G::random_scalar(rng)).collect());
        let party = Party::new(gens, setup.bits, values, &blindings).map_err(|e| e.to_string())?;
        let (party, msg) = party
            .commit(setup.position, rng)
            .map_err(|e| e.to_string())?;
        let openings = party_openings::<G>(setup, values, &blindings, &msg);
        let first = msg.to_bytes(&session);
        Ok((
            PartyOf {
                session,
                position: setup.position,
                stage: PartyStage::Bit(party),
            },
            openings,
            first,
        ))
    }

    fn bit_challenge(&mut self, message: &[u8]) -> Result<Vec<u8>, String> {
        if !matches!(self.stage, PartyStage::Bit(_)) {
            return Err(out_of_order("the bit challenge"));
        }
        let challenge = BitChallenge::<G>::from_bytes(message, &self.session, self.position)
            .map_err(|e| format!("the bit challenge: {e}"))?;
        let PartyStage::Bit(party) = core::mem::replace(&mut self.stage, PartyStage::Ended) else {
            return Err(out_of_order("the bit challenge"));
        };
        let (next, msg) = party
            .apply_challenge(&challenge)
            .map_err(|e| e.to_string())?;
        self.stage = PartyStage::Poly(next);
        Ok(msg.to_bytes(&self.session))
    }

    fn poly_challenge(&mut self, message: &[u8]) -> Result<Vec<u8>, String> {
        if !matches!(self.stage, PartyStage::Poly(_)) {
            return Err(out_of_order("the polynomial challenge"));
        }
        let challenge = PolyChallenge::<G>::from_bytes(message, &self.session, self.position)
            .map_err(|e| format!("the polynomial challenge: {e}"))?;
        let PartyStage::Poly(party) = core::mem::replace(&mut self.stage, PartyStage::Ended) else {
            return Err(out_of_order("the polynomial challenge"));
        };
        let share = party
            .apply_challenge(&challenge)
            .map_err(|e| e.to_string())?;
        Ok(share.to_bytes(&self.session))
    }
}

impl PartyRounds {
    /// Joins a run with `invitation` (from [`DealerRounds::invitation`]) holding `values`:
    /// draws fresh blindings and commits. Returns the party and its first message (the bit
    /// commitment, for [`DealerRounds::bit_commitments`]). The openings are ready at once
    /// ([`Self::openings`]): keep them before sending the message, since the commitments in
    /// the proof can be spent only with them.
    pub fn join<R: RngCore + CryptoRng>(
        invitation: &[u8],
        values: &[u64],
        rng: &mut R,
    ) -> Result<(Self, Vec<u8>), String> {
        let setup = Setup::from_bytes(invitation).map_err(|e| format!("the invitation: {e}"))?;
        let (kind, openings, first) = match setup.flavor {
            Flavor::Dalek => {
                let (p, o, f) = PartyOf::join(dalek::generators(), &setup, values, rng)?;
                (PartyKind::Dalek(p), o, f)
            }
            Flavor::Monero => {
                let (p, o, f) =
                    PartyOf::join(monero::bulletproofs_generators(), &setup, values, rng)?;
                (PartyKind::Monero(p), o, f)
            }
        };
        Ok((PartyRounds { openings, kind }, first))
    }

    /// This party's openings (values, blindings, commitments, the statement and its position),
    /// as `rangeproof mpc party --openings` records them. Secret.
    pub fn openings(&self) -> &Openings {
        &self.openings
    }

    /// Answers the dealer's bit challenge with the polynomial commitment.
    pub fn bit_challenge(&mut self, message: &[u8]) -> Result<Vec<u8>, String> {
        on_party!(&mut self.kind, p => p.bit_challenge(message))
    }

    /// Answers the dealer's polynomial challenge with the proof share (the party's last
    /// message).
    pub fn poly_challenge(&mut self, message: &[u8]) -> Result<Vec<u8>, String> {
        on_party!(&mut self.kind, p => p.poly_challenge(message))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::OsRng;

    fn run(flavor: Flavor, holdings: &[&[u64]]) -> (DealerRounds, Vec<PartyRounds>, Vec<Vec<u8>>) {
        let counts: Vec<usize> = holdings.iter().map(|h| h.len()).collect();
        let dealer = DealerRounds::new(flavor, 64, &counts, "rounds test", &mut OsRng).unwrap();
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
    ) -> Result<ProofDocument, String> {
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
        for flavor in [Flavor::Dalek, Flavor::Monero] {
            let holdings: [&[u64]; 3] = [&[0, 7], &[u64::MAX], &[5, 6]];
            let (mut dealer, mut parties, first) = run(flavor, &holdings);
            let doc = finish(&mut dealer, &mut parties, &first).unwrap();
            let parsed = crate::Document::parse(&serde_json::to_string(&doc).unwrap())
                .and_then(crate::Document::into_proof)
                .unwrap();
            parsed
                .suite
                .verify(
                    &parsed.statement,
                    &parsed.proof,
                    &parsed.commitments,
                    &mut OsRng,
                )
                .unwrap();
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
        let (mut dealer, mut parties, first) = run(Flavor::Dalek, &holdings);
        assert!(dealer
            .poly_commitments(&first)
            .unwrap_err()
            .contains("out of order"));
        assert!(parties[0]
            .poly_challenge(&[0; 4])
            .unwrap_err()
            .contains("out of order"));
        assert!(dealer.invitation(2).is_none());
        // Another run's message does not decode in this one, and the dealer stays in round 1.
        let (_, _, other) = run(Flavor::Dalek, &holdings);
        let err = dealer
            .bit_commitments(&[first[0].clone(), other[1].clone()], &mut OsRng)
            .unwrap_err();
        assert!(err.starts_with("party 1 (position 1)"), "{err}");
        assert!(dealer
            .bit_commitments(&first[..1], &mut OsRng)
            .unwrap_err()
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
        assert!(
            err.contains("party 1 (position 1)") && !err.contains("party 0"),
            "{err}"
        );
        // The run has ended.
        assert!(dealer
            .shares(&shares, &mut OsRng)
            .unwrap_err()
            .contains("out of order"));
    }
}
