//! The multi-party protocol's runs, without I/O: the dealer's and a party's side as objects
//! that take messages as bytes and give the bytes to send. Every front end drives these: the
//! transport over byte streams ([`crate::transport`]: frames, hellos, deadlines and nothing
//! else), the Python package one round per call, a test playing every role in one process.
//! Each message is bound to the run's session (`rangeproof::bulletproofs::mpc`); an invitation
//! is the [`Setup`] the transport sends.
//!
//! ```text
//! dealer = DealerRounds::new(flavor, bits, &[values per party], label)
//! (party_i, bits_i) = PartyRounds::join(&dealer.invitation(i), values_i)
//! dealer.receive(i, bits_i)   for every i   → Next::Send(one challenge per party)
//! polys_i = party_i.answer(challenge_i)
//! dealer.receive(i, polys_i)  for every i   → Next::Send(one challenge per party)
//! share_i = party_i.answer(challenge_i)
//! dealer.receive(i, share_i)  for every i   → Next::Done(the proof, verified, as a document)
//! ```
//!
//! Messages of a round may arrive in any order. One that does not decode, or does not fit
//! (another count of values than the party was invited with, a second message in a round), is
//! refused with the party named and leaves the round as it was: another may be given. A step
//! the protocol itself refuses (a bad share) ends the run. Blindings are wiped when a party is
//! dropped.

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
use rangeproof::{Ed25519, Generators, Group, Ristretto255, SuiteStatement};
use zeroize::Zeroizing;

use rangeproof_documents::hex;
use rangeproof_documents::openings::Openings;
use rangeproof_documents::proof::{ProofDocument, MAX_TRANSCRIPT_LABEL};

mod setup;

pub use setup::{MpcDeployment, Setup};

/// Why a step of a run was refused: the parties at fault, if any, and what happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundError {
    /// The parties at fault, as (index, position): empty when the fault is no party's.
    pub parties: Vec<(usize, usize)>,
    /// What happened.
    pub what: String,
}

impl RoundError {
    fn of(what: impl Into<String>) -> Self {
        RoundError {
            parties: Vec::new(),
            what: what.into(),
        }
    }

    fn party(index: usize, position: usize, what: impl Into<String>) -> Self {
        RoundError {
            parties: vec![(index, position)],
            what: what.into(),
        }
    }

    /// The reason, each party at fault named by `name(index, position)` (the transport adds
    /// the party's address).
    pub fn describe(&self, name: impl Fn(usize, usize) -> String) -> String {
        if self.parties.is_empty() {
            return self.what.clone();
        }
        let named: Vec<String> = self.parties.iter().map(|&(i, p)| name(i, p)).collect();
        format!("{}: {}", named.join(", "), self.what)
    }
}

impl core::fmt::Display for RoundError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.describe(|i, p| format!("party {i} (position {p})")))
    }
}

impl std::error::Error for RoundError {}

/// What the dealer does after a message.
#[derive(Debug)]
pub enum Next {
    /// Wait: the round still lacks some party's message.
    Wait,
    /// Send each party its message, in the parties' order: the round's challenges.
    Send(Vec<Vec<u8>>),
    /// The run is over: the proof, verified, as an ordinary document of the run's flavor.
    Done(Box<ProofDocument>),
}

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

/// Runs `$body` with the dealer of either group.
macro_rules! on_dealer {
    ($kind:expr, $dealer:ident => $body:expr) => {
        match $kind {
            DealerKind::Dalek($dealer) => $body,
            DealerKind::Monero($dealer) => $body,
        }
    };
}

type Encode<G> = fn(&rangeproof::RangeProof<G>) -> Result<Vec<u8>, rangeproof::ProofError>;

struct DealerOf<G: Group + 'static, C: BulletproofsConvention<Group = G>> {
    session: Session,
    stage: DealerStage<G, C>,
    encode: Encode<G>,
}

/// A round's dealer state and the parties' messages received so far.
enum DealerStage<G: Group + 'static, C: BulletproofsConvention<Group = G>> {
    Bits(
        DealerAwaitingBitCommitments<'static, G, C>,
        Vec<Option<BitCommitment<G>>>,
    ),
    Polys(
        DealerAwaitingPolyCommitments<'static, G, C>,
        Vec<Option<PolyCommitment<G>>>,
    ),
    Shares(
        DealerAwaitingProofShares<'static, G, C>,
        Vec<Option<ProofShare<G>>>,
    ),
    Ended,
}

/// The rounds, for the calls that name the one they expect.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Round {
    Bits,
    Polys,
    Shares,
}

impl Round {
    fn message(self) -> &'static str {
        match self {
            Round::Bits => "bit commitment",
            Round::Polys => "polynomial commitment",
            Round::Shares => "proof share",
        }
    }
}

fn out_of_order(what: &str) -> RoundError {
    RoundError::of(format!(
        "{what} out of order (the run is in another round, or has ended)"
    ))
}

/// The round's step refused by the protocol: a bad share names its parties.
fn refused(parties: &[(usize, usize)], round: &str, error: MpcError) -> RoundError {
    match error {
        MpcError::Blame(positions) => RoundError {
            parties: parties
                .iter()
                .enumerate()
                .filter(|(_, (position, _))| positions.contains(position))
                .map(|(i, &(position, _))| (i, position))
                .collect(),
            what: format!("an invalid share ({round})"),
        },
        other => RoundError::of(format!("{round}: {other}")),
    }
}

/// Stores `message` in `slot`, refusing a second one from the same party.
fn keep<M>(
    slot: &mut Option<M>,
    message: Result<M, RoundError>,
    second: impl FnOnce() -> RoundError,
) -> Result<(), RoundError> {
    if slot.is_some() {
        return Err(second());
    }
    *slot = Some(message?);
    Ok(())
}

/// The messages of a complete round, or `None` while some party's is missing.
fn complete<M>(got: &mut [Option<M>]) -> Option<Vec<M>> {
    if got.iter().any(Option::is_none) {
        return None;
    }
    Some(got.iter_mut().filter_map(Option::take).collect())
}

fn empty<M>(n: usize) -> Vec<Option<M>> {
    (0..n).map(|_| None).collect()
}

/// What a round gave the dealer of one group.
enum Step {
    Wait,
    Challenges(Vec<Vec<u8>>),
    Dealt(Dealt),
}

/// The proof a run made, before it is a document.
struct Dealt {
    proof: Vec<u8>,
    commitments: Vec<Vec<u8>>,
}

impl<G: Group + 'static, C: BulletproofsConvention<Group = G>> DealerOf<G, C> {
    fn round(&self) -> Option<Round> {
        match self.stage {
            DealerStage::Bits(..) => Some(Round::Bits),
            DealerStage::Polys(..) => Some(Round::Polys),
            DealerStage::Shares(..) => Some(Round::Shares),
            DealerStage::Ended => None,
        }
    }

    /// Forgets the messages of the current round (a batch call that failed part way).
    fn forget_round(&mut self) {
        match &mut self.stage {
            DealerStage::Bits(_, got) => got.iter_mut().for_each(|m| *m = None),
            DealerStage::Polys(_, got) => got.iter_mut().for_each(|m| *m = None),
            DealerStage::Shares(_, got) => got.iter_mut().for_each(|m| *m = None),
            DealerStage::Ended => {}
        }
    }

    /// Takes party `index`'s message of the current round; once every party's is in, runs
    /// the round.
    fn receive<R: RngCore + CryptoRng>(
        &mut self,
        parties: &[(usize, usize)],
        index: usize,
        bytes: &[u8],
        rng: &mut R,
    ) -> Result<Step, RoundError> {
        let Some(&(position, count)) = parties.get(index) else {
            return Err(RoundError::of(format!(
                "a message from party {index}, of {}",
                parties.len()
            )));
        };
        let session = &self.session;
        let named = |what: String| RoundError::party(index, position, what);
        let second =
            |round: Round| move || named(format!("a second {} in one round", round.message()));
        let decoded = |round: Round, e: MpcError| named(format!("its {}: {e}", round.message()));
        match &mut self.stage {
            DealerStage::Bits(_, got) => {
                let msg = BitCommitment::<G>::from_bytes(bytes, session, position)
                    .map_err(|e| decoded(Round::Bits, e))
                    .and_then(|msg| match msg.commitments().len() {
                        n if n == count => Ok(msg),
                        n => Err(named(format!("{n} values, invited with {count}"))),
                    });
                keep(&mut got[index], msg, second(Round::Bits))?;
            }
            DealerStage::Polys(_, got) => {
                let msg = PolyCommitment::<G>::from_bytes(bytes, session, position)
                    .map_err(|e| decoded(Round::Polys, e));
                keep(&mut got[index], msg, second(Round::Polys))?;
            }
            DealerStage::Shares(_, got) => {
                let msg = ProofShare::<G>::from_bytes(bytes, session, position)
                    .map_err(|e| decoded(Round::Shares, e));
                keep(&mut got[index], msg, second(Round::Shares))?;
            }
            DealerStage::Ended => return Err(out_of_order("a message")),
        }
        self.advance(parties, rng)
    }

    /// Runs the round if every party's message is in (the state moves on, or the run ends).
    fn advance<R: RngCore + CryptoRng>(
        &mut self,
        parties: &[(usize, usize)],
        rng: &mut R,
    ) -> Result<Step, RoundError> {
        let n = parties.len();
        let challenges = |to_bytes: &dyn Fn(usize) -> Vec<u8>| -> Vec<Vec<u8>> {
            parties
                .iter()
                .map(|&(position, _)| to_bytes(position))
                .collect()
        };
        let stage = core::mem::replace(&mut self.stage, DealerStage::Ended);
        let session = &self.session;
        match stage {
            DealerStage::Bits(dealer, mut got) => {
                let Some(bits) = complete(&mut got) else {
                    self.stage = DealerStage::Bits(dealer, got);
                    return Ok(Step::Wait);
                };
                let (next, challenge) = dealer
                    .receive_bit_commitments(bits, rng)
                    .map_err(|e| refused(parties, "round 1", e))?;
                self.stage = DealerStage::Polys(next, empty(n));
                Ok(Step::Challenges(challenges(&|p| {
                    challenge.to_bytes(session, p)
                })))
            }
            DealerStage::Polys(dealer, mut got) => {
                let Some(polys) = complete(&mut got) else {
                    self.stage = DealerStage::Polys(dealer, got);
                    return Ok(Step::Wait);
                };
                let (next, challenge) = dealer
                    .receive_poly_commitments(polys)
                    .map_err(|e| refused(parties, "round 2", e))?;
                self.stage = DealerStage::Shares(next, empty(n));
                Ok(Step::Challenges(challenges(&|p| {
                    challenge.to_bytes(session, p)
                })))
            }
            DealerStage::Shares(dealer, mut got) => {
                let Some(shares) = complete(&mut got) else {
                    self.stage = DealerStage::Shares(dealer, got);
                    return Ok(Step::Wait);
                };
                let (proof, commitments) = dealer
                    .receive_shares(shares, rng)
                    .map_err(|e| refused(parties, "round 3", e))?;
                Ok(Step::Dealt(Dealt {
                    proof: (self.encode)(&proof).map_err(|e| RoundError::of(e.to_string()))?,
                    commitments: commitments
                        .iter()
                        .map(|c| c.bytes.as_ref().to_vec())
                        .collect(),
                }))
            }
            DealerStage::Ended => Err(out_of_order("a message")),
        }
    }
}

fn start<G: Group + 'static, C: BulletproofsConvention<Group = G>>(
    gens: &'static Generators<C>,
    transcript: C::Transcript,
    setup: &Setup,
    parties: usize,
    encode: Encode<G>,
) -> Result<DealerOf<G, C>, RoundError> {
    let dealer = Dealer::start(gens, transcript, setup.bits, setup.m)
        .map_err(|e| RoundError::of(format!("cannot start: {e}")))?;
    Ok(DealerOf {
        session: setup.session::<G>(),
        stage: DealerStage::Bits(dealer, empty(parties)),
        encode,
    })
}

impl DealerRounds {
    /// A dealer for parties holding `counts[i]` values each (in this order: party 0 holds the
    /// first values), proving each below \\(2^{bits}\\) in `flavor`, with the session's
    /// transcript `label` (dalek only; Monero's transcript has none). `rng` draws the run's
    /// nonce, which binds every message to this run.
    pub fn new<R: RngCore + CryptoRng>(
        flavor: MpcDeployment,
        bits: usize,
        counts: &[usize],
        label: &[u8],
        rng: &mut R,
    ) -> Result<Self, RoundError> {
        if counts.is_empty() || counts.contains(&0) {
            return Err(RoundError::of(
                "every party holds at least one value, and there is a party",
            ));
        }
        if label.len() > MAX_TRANSCRIPT_LABEL {
            return Err(RoundError::of(format!(
                "the transcript label has {} bytes, more than {MAX_TRANSCRIPT_LABEL}",
                label.len()
            )));
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
                MpcDeployment::Dalek => label.to_vec(),
                MpcDeployment::Monero => Vec::new(),
            },
        };
        let n = parties.len();
        let kind = match flavor {
            MpcDeployment::Dalek => DealerKind::Dalek(Box::new(start(
                dalek::generators(),
                Dalek::transcript(label),
                &setup,
                n,
                |p| Ok(p.to_bytes()),
            )?)),
            MpcDeployment::Monero => DealerKind::Monero(Box::new(start(
                monero::bulletproofs_generators(),
                MoneroBulletproofs::transcript(b""),
                &setup,
                n,
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

    /// Party `party`'s position: the index of its first value in the proof.
    pub fn position(&self, party: usize) -> Option<usize> {
        self.parties.get(party).map(|&(position, _)| position)
    }

    /// Party `party`'s invitation (its position, the statement and the run's nonce), for
    /// [`PartyRounds::join`]; `None` past the last party.
    pub fn invitation(&self, party: usize) -> Option<Vec<u8>> {
        Some(
            Setup {
                position: self.position(party)?,
                ..self.setup.clone()
            }
            .to_bytes(),
        )
    }

    /// Party `party`'s message of the current round. Once every party's is in, the round runs:
    /// [`Next::Send`] the challenges, or at the end [`Next::Done`] the proof.
    pub fn receive<R: RngCore + CryptoRng>(
        &mut self,
        party: usize,
        message: &[u8],
        rng: &mut R,
    ) -> Result<Next, RoundError> {
        let parties = &self.parties;
        let step = on_dealer!(&mut self.kind, d => d.receive(parties, party, message, rng))?;
        Ok(self.next(step))
    }

    fn next(&self, step: Step) -> Next {
        match step {
            Step::Wait => Next::Wait,
            Step::Challenges(challenges) => Next::Send(challenges),
            Step::Dealt(dealt) => {
                // The statement the run proved, as `prove` would record it.
                let statement = SuiteStatement {
                    bits: self.setup.bits,
                    transcript_label: self.setup.label.clone(),
                    ..SuiteStatement::default()
                };
                let commitments: Vec<Vec<u8>> =
                    dealt.commitments.iter().map(|c| c.to_vec()).collect();
                Next::Done(Box::new(ProofDocument::of(
                    self.setup.flavor.suite(),
                    &statement,
                    &dealt.proof,
                    &commitments,
                )))
            }
        }
    }

    /// A whole round at once: every party's message, in the parties' order. All or nothing:
    /// if one is refused, the round is as before the call.
    fn round<R: RngCore + CryptoRng>(
        &mut self,
        round: Round,
        messages: &[Vec<u8>],
        rng: &mut R,
    ) -> Result<Next, RoundError> {
        let what = round.message();
        if on_dealer!(&self.kind, d => d.round()) != Some(round) {
            return Err(out_of_order(&format!("{what}s")));
        }
        if messages.len() != self.parties.len() {
            return Err(RoundError::of(format!(
                "{} {what}s for {} parties: one from each, in the parties' order",
                messages.len(),
                self.parties.len()
            )));
        }
        let mut next = Next::Wait;
        for (party, message) in messages.iter().enumerate() {
            match self.receive(party, message, rng) {
                Ok(step) => next = step,
                Err(e) => {
                    on_dealer!(&mut self.kind, d => d.forget_round());
                    return Err(e);
                }
            }
        }
        Ok(next)
    }

    /// Round 1 at once: every party's bit commitment, in the parties' order; returns each
    /// party's challenge.
    pub fn bit_commitments<R: RngCore + CryptoRng>(
        &mut self,
        messages: &[Vec<u8>],
        rng: &mut R,
    ) -> Result<Vec<Vec<u8>>, RoundError> {
        match self.round(Round::Bits, messages, rng)? {
            Next::Send(challenges) => Ok(challenges),
            _ => Err(out_of_order("bit commitments")),
        }
    }

    /// Round 2 at once: every party's polynomial commitment; returns each party's challenge.
    pub fn poly_commitments(&mut self, messages: &[Vec<u8>]) -> Result<Vec<Vec<u8>>, RoundError> {
        // The round draws nothing: the random source is never read.
        match self.round(Round::Polys, messages, &mut rand_core::OsRng)? {
            Next::Send(challenges) => Ok(challenges),
            _ => Err(out_of_order("polynomial commitments")),
        }
    }

    /// Round 3 at once: every party's proof share; returns the proof, verified, as a document.
    /// A bad share names its party and ends the run.
    pub fn shares<R: RngCore + CryptoRng>(
        &mut self,
        messages: &[Vec<u8>],
        rng: &mut R,
    ) -> Result<ProofDocument, RoundError> {
        match self.round(Round::Shares, messages, rng)? {
            Next::Done(document) => Ok(*document),
            _ => Err(out_of_order("proof shares")),
        }
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

/// A party's openings once it has committed: its values, blindings and commitments, the
/// statement and its position, as an openings file records them.
fn party_openings<G: Group>(
    setup: &Setup,
    values: &[u64],
    blindings: &[G::Scalar],
    msg: &BitCommitment<G>,
) -> Openings {
    let statement = SuiteStatement {
        bits: setup.bits,
        extension_degree: 1,
        transcript_label: setup.label.clone(),
        ..SuiteStatement::default()
    };
    let mut openings = Openings::of(
        setup.flavor.suite(),
        &statement,
        values,
        blindings
            .iter()
            .map(|b| vec![hex::encode(G::scalar_to_bytes(b).as_ref())])
            .collect(),
        msg.commitments()
            .iter()
            .map(|c| hex::encode(c.bytes.as_ref()))
            .collect(),
    );
    openings.position = Some(setup.position);
    openings
}

impl<G: Group + 'static> PartyOf<G> {
    fn join<C: BulletproofsConvention<Group = G>, R: RngCore + CryptoRng>(
        gens: &'static Generators<C>,
        setup: &Setup,
        values: &[u64],
        rng: &mut R,
    ) -> Result<(Self, Openings, Vec<u8>), RoundError> {
        let session = setup.session::<G>();
        let blindings: Zeroizing<Vec<G::Scalar>> =
            Zeroizing::new(values.iter().map(|_| G::random_scalar(rng)).collect());
        let party = Party::new(gens, setup.bits, values, &blindings)
            .map_err(|e| RoundError::of(e.to_string()))?;
        let (party, msg) = party
            .commit(setup.position, rng)
            .map_err(|e| RoundError::of(e.to_string()))?;
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

    fn answer(&mut self, message: &[u8]) -> Result<Vec<u8>, RoundError> {
        match core::mem::replace(&mut self.stage, PartyStage::Ended) {
            PartyStage::Bit(party) => {
                let challenge =
                    match BitChallenge::<G>::from_bytes(message, &self.session, self.position) {
                        Ok(c) => c,
                        Err(e) => {
                            self.stage = PartyStage::Bit(party);
                            return Err(RoundError::of(format!("the bit challenge: {e}")));
                        }
                    };
                let (next, msg) = party
                    .apply_challenge(&challenge)
                    .map_err(|e| RoundError::of(e.to_string()))?;
                self.stage = PartyStage::Poly(next);
                Ok(msg.to_bytes(&self.session))
            }
            PartyStage::Poly(party) => {
                let challenge =
                    match PolyChallenge::<G>::from_bytes(message, &self.session, self.position) {
                        Ok(c) => c,
                        Err(e) => {
                            self.stage = PartyStage::Poly(party);
                            return Err(RoundError::of(format!("the polynomial challenge: {e}")));
                        }
                    };
                let share = party
                    .apply_challenge(&challenge)
                    .map_err(|e| RoundError::of(e.to_string()))?;
                Ok(share.to_bytes(&self.session))
            }
            PartyStage::Ended => Err(out_of_order("a challenge")),
        }
    }

    fn awaits(&self, bit: bool) -> bool {
        matches!(
            (&self.stage, bit),
            (PartyStage::Bit(_), true) | (PartyStage::Poly(_), false)
        )
    }
}

impl PartyRounds {
    /// Joins a run with `invitation` (from [`DealerRounds::invitation`], or the transport's
    /// setup) holding `values`: draws fresh blindings and commits. Returns the party and its
    /// first message (the bit commitment). The openings are ready at once
    /// ([`Self::openings`]): keep them before sending the message, since the commitments in
    /// the proof can be spent only with them.
    pub fn join<R: RngCore + CryptoRng>(
        invitation: &[u8],
        values: &[u64],
        rng: &mut R,
    ) -> Result<(Self, Vec<u8>), RoundError> {
        let setup = Setup::from_bytes(invitation)
            .map_err(|e| RoundError::of(format!("the invitation: {e}")))?;
        let (kind, openings, first) = match setup.flavor {
            MpcDeployment::Dalek => {
                let (p, o, f) = PartyOf::join(dalek::generators(), &setup, values, rng)?;
                (PartyKind::Dalek(p), o, f)
            }
            MpcDeployment::Monero => {
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

    /// Answers the dealer's next challenge: the bit challenge with the polynomial commitment,
    /// then the polynomial challenge with the proof share (the party's last message). A
    /// challenge that does not decode leaves the party where it was.
    pub fn answer(&mut self, message: &[u8]) -> Result<Vec<u8>, RoundError> {
        on_party!(&mut self.kind, p => p.answer(message))
    }

    /// [`Self::answer`], refusing any message but the bit challenge.
    pub fn bit_challenge(&mut self, message: &[u8]) -> Result<Vec<u8>, RoundError> {
        if !on_party!(&self.kind, p => p.awaits(true)) {
            return Err(out_of_order("the bit challenge"));
        }
        self.answer(message)
    }

    /// [`Self::answer`], refusing any message but the polynomial challenge.
    pub fn poly_challenge(&mut self, message: &[u8]) -> Result<Vec<u8>, RoundError> {
        if !on_party!(&self.kind, p => p.awaits(false)) {
            return Err(out_of_order("the polynomial challenge"));
        }
        self.answer(message)
    }
}

#[cfg(test)]
mod tests;
