//! The multi-party protocol over any byte stream: frames, the hello and setup messages, and
//! the dealer's and a party's side of a run — the interactive counterpart of the documents.
//! The `rangeproof mpc` commands run it over TCP; another front end can run it over TLS, a
//! pipe or an in-memory channel, since everything here takes `Read + Write`.
//!
//! ```text
//! frame := u32 LE length (at most 1 MiB) ‖ that many bytes
//! party → dealer: hello  := "RPMH" ‖ u16 LE number of values
//! dealer → party: setup  := "RPMS" ‖ u16 position ‖ u16 m ‖ u8 bits ‖ u8 flavor
//!                           ‖ 32-byte run nonce ‖ transcript label
//! then the protocol's messages (`rangeproof::bulletproofs::mpc`, encodings bound to the
//! run's session), and "RPMD" from the dealer once the proof is written.
//! ```
//!
//! The dealer draws the run nonce; both sides derive the session from it
//! ([`Session::for_run`]), so messages of one run are refused in every other. Timeouts are the
//! stream's business: a read that times out is [`TransportError::TimedOut`], so a silent party
//! cannot hang the dealer. A timeout per read alone lets a party that trickles a byte at a time
//! hold the dealer for as long as it likes: [`RoundDeadline`] (over TCP) adds a deadline per
//! round — the other side's whole answer within a bound of our last message — which such a
//! party misses ([`TransportError::RoundDeadline`]).
//!
//! **Trust.** The transport adds no confidentiality or authentication: run it on a trusted
//! network or inside TLS or SSH. The first streams the dealer is given are the parties. What a
//! man-in-the-middle can and cannot do is in SECURITY.md ("The MPC transport's trust model").

use crate::hex;
use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use rand_core::{CryptoRng, RngCore};
use rangeproof::bulletproofs::mpc::{
    BitChallenge, BitCommitment, Dealer, MpcError, Party, PolyChallenge, PolyCommitment,
    ProofShare, Session,
};
use rangeproof::deployments::{
    dalek, monero, BulletproofsConvention, Dalek, Deployment, MoneroBulletproofs,
};
use rangeproof::{Ed25519, Generators, Group, Ristretto255, Suite, SuiteStatement};
use zeroize::Zeroizing;

use crate::openings::Openings;
use crate::proof::{ProofDocument, MAX_TRANSCRIPT_LABEL};

/// The longest frame either side reads.
pub const MAX_FRAME: usize = 1 << 20;

/// What the dealer sends each party once the proof is written.
pub const DONE: &[u8] = b"RPMD";

/// Why a frame could not be moved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TransportError {
    /// A read or write timed out.
    TimedOut,
    /// The other side's answer did not arrive whole within the round's deadline.
    RoundDeadline,
    /// The other side closed the stream.
    Disconnected,
    /// A length prefix above [`MAX_FRAME`].
    FrameTooLarge(usize),
    /// Anything else the stream reported.
    Io(String),
    /// A frame that is not the message expected here.
    Malformed(&'static str),
}

impl core::fmt::Display for TransportError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            TransportError::TimedOut => f.write_str("timed out"),
            TransportError::RoundDeadline => {
                f.write_str("did not answer within the round's deadline (a byte at a time?)")
            }
            TransportError::Disconnected => f.write_str("disconnected"),
            TransportError::FrameTooLarge(len) => {
                write!(f, "a {len}-byte frame (at most {MAX_FRAME})")
            }
            TransportError::Io(e) => f.write_str(e),
            TransportError::Malformed(what) => f.write_str(what),
        }
    }
}

impl std::error::Error for TransportError {}

impl From<io::Error> for TransportError {
    fn from(e: io::Error) -> Self {
        if e.get_ref().is_some_and(|inner| inner.is::<RoundOver>()) {
            return TransportError::RoundDeadline;
        }
        match e.kind() {
            io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut => TransportError::TimedOut,
            io::ErrorKind::UnexpectedEof
            | io::ErrorKind::BrokenPipe
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionAborted => TransportError::Disconnected,
            _ => TransportError::Io(e.to_string()),
        }
    }
}

/// The marker inside the I/O error [`RoundDeadline`] returns once a round's time is up.
#[derive(Debug)]
struct RoundOver;

impl core::fmt::Display for RoundOver {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("the round's deadline passed")
    }
}

impl std::error::Error for RoundOver {}

/// A TCP stream read under two clocks: every read within `per_read` (a silent peer), and the
/// peer's whole answer within `per_round` of our last write to it (a peer trickling a byte
/// at a time, each read in time, the answer never). A round starts when the stream is made and
/// again at each write: we speak, they answer. Each read sets the socket's timeout to whichever
/// ends first; once the round is over, reads fail with [`TransportError::RoundDeadline`].
pub struct RoundDeadline {
    stream: TcpStream,
    per_read: Duration,
    per_round: Duration,
    round_started: Instant,
}

impl RoundDeadline {
    /// Bounds `stream`'s reads (its write timeout becomes `per_read` too).
    pub fn new(stream: TcpStream, per_read: Duration, per_round: Duration) -> io::Result<Self> {
        stream.set_write_timeout(Some(per_read))?;
        Ok(RoundDeadline {
            stream,
            per_read,
            per_round,
            round_started: Instant::now(),
        })
    }

    /// The stream, to shut it down.
    pub fn get_ref(&self) -> &TcpStream {
        &self.stream
    }
}

impl Read for RoundDeadline {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let left = self.per_round.saturating_sub(self.round_started.elapsed());
        if left.is_zero() {
            return Err(io::Error::new(io::ErrorKind::TimedOut, RoundOver));
        }
        self.stream
            .set_read_timeout(Some(self.per_read.min(left)))?;
        match self.stream.read(buf) {
            // The socket's timeout was the round's: say so.
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) && self.round_started.elapsed() >= self.per_round =>
            {
                Err(io::Error::new(io::ErrorKind::TimedOut, RoundOver))
            }
            other => other,
        }
    }
}

impl Write for RoundDeadline {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.round_started = Instant::now();
        self.stream.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.stream.flush()
    }
}

/// Writes one frame, length prefix and bytes in a single `write_all` (so a stream adapter sees
/// each frame whole).
pub fn send_frame<W: Write>(stream: &mut W, bytes: &[u8]) -> Result<(), TransportError> {
    let len = u32::try_from(bytes.len())
        .ok()
        .filter(|&len| len as usize <= MAX_FRAME)
        .ok_or(TransportError::FrameTooLarge(bytes.len()))?;
    let mut frame = Vec::with_capacity(4 + bytes.len());
    frame.extend_from_slice(&len.to_le_bytes());
    frame.extend_from_slice(bytes);
    stream.write_all(&frame)?;
    stream.flush()?;
    Ok(())
}

/// Reads one frame (at most [`MAX_FRAME`] bytes, refused before allocating).
pub fn receive_frame<R: Read>(stream: &mut R) -> Result<Vec<u8>, TransportError> {
    let mut len = [0u8; 4];
    stream.read_exact(&mut len)?;
    let len = u32::from_le_bytes(len) as usize;
    if len > MAX_FRAME {
        return Err(TransportError::FrameTooLarge(len));
    }
    let mut buf = vec![0u8; len];
    stream.read_exact(&mut buf)?;
    Ok(buf)
}

/// The flavors a run can prove in: the proof document the dealer writes is an ordinary one
/// of that flavor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Flavor {
    /// The reference crate's Bulletproofs on ristretto255 (merlin transcript with a label).
    Dalek,
    /// Monero's original Bulletproofs on Ed25519 (its hash-chain transcript, no label).
    Monero,
}

impl Flavor {
    /// By the name documents use.
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "dalek" => Some(Flavor::Dalek),
            "monero" => Some(Flavor::Monero),
            _ => None,
        }
    }

    /// The name documents use.
    pub fn name(self) -> &'static str {
        match self {
            Flavor::Dalek => "dalek",
            Flavor::Monero => "monero",
        }
    }

    /// The suite of the proof a run makes.
    pub fn suite(self) -> Suite {
        match self {
            Flavor::Dalek => Suite::DALEK_BULLETPROOFS,
            Flavor::Monero => Suite::MONERO_BULLETPROOFS,
        }
    }

    fn code(self) -> u8 {
        match self {
            Flavor::Dalek => 0,
            Flavor::Monero => 1,
        }
    }

    fn from_code(code: u8) -> Option<Self> {
        match code {
            0 => Some(Flavor::Dalek),
            1 => Some(Flavor::Monero),
            _ => None,
        }
    }
}

/// A party's first message: how many values it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hello {
    /// 1 to [`rangeproof::MAX_AGGREGATION`].
    pub values: usize,
}

impl Hello {
    /// `"RPMH" ‖ u16 LE`.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = b"RPMH".to_vec();
        out.extend_from_slice(&(self.values as u16).to_le_bytes());
        out
    }

    /// Refuses anything else, and counts outside 1 to [`rangeproof::MAX_AGGREGATION`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, TransportError> {
        let values = match bytes {
            [b'R', b'P', b'M', b'H', lo, hi] => usize::from(u16::from_le_bytes([*lo, *hi])),
            _ => return Err(TransportError::Malformed("not a valid hello")),
        };
        if values == 0 || values > rangeproof::MAX_AGGREGATION {
            return Err(TransportError::Malformed("not a valid hello"));
        }
        Ok(Hello { values })
    }
}

/// The dealer's answer to a hello: the party's place in this run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The index of the party's first value in the proof.
    pub position: usize,
    /// The number of values the proof covers.
    pub m: usize,
    /// The bit size n.
    pub bits: usize,
    /// The flavor the proof is made in.
    pub flavor: Flavor,
    /// The dealer's random nonce for this run (in the session id).
    pub run_nonce: [u8; 32],
    /// The transcript label (dalek; empty for Monero), at most 256 bytes.
    pub label: Vec<u8>,
}

impl Setup {
    /// The encoding in the module notes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = b"RPMS".to_vec();
        out.extend_from_slice(&(self.position as u16).to_le_bytes());
        out.extend_from_slice(&(self.m as u16).to_le_bytes());
        out.push(self.bits as u8);
        out.push(self.flavor.code());
        out.extend_from_slice(&self.run_nonce);
        out.extend_from_slice(&self.label);
        out
    }

    /// Refuses anything else, an unknown flavor and a label over 256 bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, TransportError> {
        let [b'R', b'P', b'M', b'S', p0, p1, m0, m1, bits, code, rest @ ..] = bytes else {
            return Err(TransportError::Malformed("the dealer sent no setup"));
        };
        if rest.len() < 32 {
            return Err(TransportError::Malformed("the dealer sent no setup"));
        }
        let (nonce, label) = rest.split_at(32);
        if label.len() > MAX_TRANSCRIPT_LABEL {
            return Err(TransportError::Malformed(
                "the dealer's transcript label is longer than 256 bytes",
            ));
        }
        let flavor = Flavor::from_code(*code).ok_or(TransportError::Malformed(
            "the dealer named an unknown flavor",
        ))?;
        let mut run_nonce = [0u8; 32];
        run_nonce.copy_from_slice(nonce);
        Ok(Setup {
            position: usize::from(u16::from_le_bytes([*p0, *p1])),
            m: usize::from(u16::from_le_bytes([*m0, *m1])),
            bits: usize::from(*bits),
            flavor,
            run_nonce,
            label: label.to_vec(),
        })
    }

    /// The session every message of this run is bound to.
    pub fn session<G: Group>(&self) -> Session {
        Session::for_run::<G>(
            self.flavor.name(),
            self.bits,
            self.m,
            &self.label,
            &self.run_nonce,
        )
    }
}

/// A party as the dealer sees it: its stream, a name for messages (an address), and, after
/// its hello, how many values it holds and its position.
pub struct Peer<S> {
    /// The party's stream.
    pub stream: S,
    /// How messages name the party (its address).
    pub name: String,
    /// The values it announced.
    pub values: usize,
    /// Its first value's index in the proof (assigned in the order the peers are given).
    pub position: usize,
}

/// Reads a peer's hello (see [`Hello`]).
pub fn receive_hello<S: Read>(stream: &mut S) -> Result<Hello, TransportError> {
    Hello::from_bytes(&receive_frame(stream)?)
}

/// A run that did not produce a proof: the reason, naming the party at fault where there is
/// one (`party i (name, position p): …`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunFailure(pub String);

impl core::fmt::Display for RunFailure {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.0)
    }
}

fn blame<S>(index: usize, peer: &Peer<S>, what: impl core::fmt::Display) -> RunFailure {
    RunFailure(format!(
        "party {index} ({}, position {}): {what}",
        peer.name, peer.position
    ))
}

/// What a dealer's run produced: the proof in its flavor's wire format and the
/// commitments' encodings, in position order.
pub struct DealtProof {
    /// The proof bytes (dalek's layout, or Monero's serialization).
    pub proof: Vec<u8>,
    /// The value commitments' encodings.
    pub commitments: Vec<Vec<u8>>,
}

impl DealtProof {
    /// The proof document: an ordinary one of `flavor` for `bits`-bit values, with the run's
    /// transcript `label` where the flavor's transcript takes one.
    pub fn document(&self, flavor: Flavor, bits: usize, label: &[u8]) -> ProofDocument {
        ProofDocument {
            transcript_label: (flavor == Flavor::Dalek)
                .then(|| String::from_utf8_lossy(label).into_owned()),
            bits: Some(bits),
            commitments: self.commitments.iter().map(hex::encode).collect(),
            proof: Some(hex::encode(&self.proof)),
            ..ProofDocument::new("bulletproofs", flavor.suite().group(), flavor.name())
        }
    }
}

/// The dealer's side of a run over `peers` (each already said hello): assigns positions in
/// order, sends each its setup, runs the three rounds, assembles and verifies the proof. Any
/// failure names the party at fault. The caller writes the proof, then sends [`DONE`] to each
/// peer ([`announce_done`]).
pub fn run_dealer<S: Read + Write, R: RngCore + CryptoRng>(
    peers: &mut [Peer<S>],
    flavor: Flavor,
    bits: usize,
    label: &[u8],
    rng: &mut R,
) -> Result<DealtProof, RunFailure> {
    let mut position = 0;
    for peer in peers.iter_mut() {
        peer.position = position;
        position += peer.values;
    }
    let mut run_nonce = [0u8; 32];
    rng.fill_bytes(&mut run_nonce);
    let setup = Setup {
        position: 0,
        m: position,
        bits,
        flavor,
        run_nonce,
        label: match flavor {
            Flavor::Dalek => label.to_vec(),
            Flavor::Monero => Vec::new(),
        },
    };
    match flavor {
        Flavor::Dalek => deal::<Ristretto255, Dalek, _, _>(
            peers,
            &setup,
            dalek::generators(),
            Dalek::transcript(label),
            |p| Ok(p.to_bytes()),
            rng,
        ),
        Flavor::Monero => deal::<Ed25519, MoneroBulletproofs, _, _>(
            peers,
            &setup,
            monero::bulletproofs_generators(),
            MoneroBulletproofs::transcript(b""),
            |p| p.to_monero_bytes(),
            rng,
        ),
    }
}

/// Sends [`DONE`] to every peer (a peer that has gone is not an error: the proof is written).
pub fn announce_done<S: Write>(peers: &mut [Peer<S>]) {
    for peer in peers {
        let _ = send_frame(&mut peer.stream, DONE);
    }
}

type Encode<G> = fn(&rangeproof::RangeProof<G>) -> Result<Vec<u8>, rangeproof::ProofError>;

fn deal<G, C, S, R>(
    peers: &mut [Peer<S>],
    setup: &Setup,
    gens: &'static Generators<C>,
    transcript: C::Transcript,
    encode: Encode<G>,
    rng: &mut R,
) -> Result<DealtProof, RunFailure>
where
    G: Group,
    C: BulletproofsConvention<Group = G>,
    S: Read + Write,
    R: RngCore + CryptoRng,
{
    let session = setup.session::<G>();
    let dealer = Dealer::start(gens, transcript, setup.bits, setup.m)
        .map_err(|e| RunFailure(format!("cannot start: {e}")))?;
    for (i, peer) in peers.iter_mut().enumerate() {
        let mine = Setup {
            position: peer.position,
            ..setup.clone()
        };
        send_frame(&mut peer.stream, &mine.to_bytes()).map_err(|e| blame(i, peer, e))?;
    }
    let mut bits = Vec::with_capacity(peers.len());
    for (i, peer) in peers.iter_mut().enumerate() {
        let msg = receive_frame(&mut peer.stream)
            .map_err(|e| e.to_string())
            .and_then(|b| {
                BitCommitment::<G>::from_bytes(&b, &session, peer.position)
                    .map_err(|e| e.to_string())
            })
            .map_err(|e| blame(i, peer, e))?;
        if msg.commitments().len() != peer.values {
            return Err(blame(i, peer, "another number of values than announced"));
        }
        bits.push(msg);
    }
    let (dealer, challenge) = dealer
        .receive_bit_commitments(bits, rng)
        .map_err(|e| RunFailure(format!("round 1: {e}")))?;
    let mut polys = Vec::with_capacity(peers.len());
    for (i, peer) in peers.iter_mut().enumerate() {
        send_frame(
            &mut peer.stream,
            &challenge.to_bytes(&session, peer.position),
        )
        .and_then(|()| receive_frame(&mut peer.stream))
        .map_err(|e| e.to_string())
        .and_then(|b| {
            PolyCommitment::<G>::from_bytes(&b, &session, peer.position).map_err(|e| e.to_string())
        })
        .map(|msg| polys.push(msg))
        .map_err(|e| blame(i, peer, e))?;
    }
    let (dealer, challenge) = dealer
        .receive_poly_commitments(polys)
        .map_err(|e| RunFailure(format!("round 2: {e}")))?;
    let mut shares = Vec::with_capacity(peers.len());
    for (i, peer) in peers.iter_mut().enumerate() {
        send_frame(
            &mut peer.stream,
            &challenge.to_bytes(&session, peer.position),
        )
        .and_then(|()| receive_frame(&mut peer.stream))
        .map_err(|e| e.to_string())
        .and_then(|b| {
            ProofShare::<G>::from_bytes(&b, &session, peer.position).map_err(|e| e.to_string())
        })
        .map(|msg| shares.push(msg))
        .map_err(|e| blame(i, peer, e))?;
    }
    let (proof, commitments) = match dealer.receive_shares(shares, rng) {
        Ok(done) => done,
        Err(MpcError::Blame(positions)) => {
            let named: Vec<String> = peers
                .iter()
                .enumerate()
                .filter(|(_, p)| positions.contains(&p.position))
                .map(|(i, p)| blame(i, p, "an invalid share").0)
                .collect();
            return Err(RunFailure(named.join("; ")));
        }
        Err(e) => return Err(RunFailure(format!("round 3: {e}"))),
    };
    Ok(DealtProof {
        proof: encode(&proof).map_err(|e| RunFailure(e.to_string()))?,
        commitments: commitments
            .iter()
            .map(|c| c.bytes.as_ref().to_vec())
            .collect(),
    })
}

/// A party's side of a run: says hello, reads its setup, draws its blindings, commits, and —
/// before the first message that reveals a commitment — hands `keep` its openings (values,
/// blindings, commitments and the statement, as an openings file records them). If `keep`
/// fails, the party stops there and the dealer writes no proof: no output exists that nobody
/// can open. Then it answers both challenges and waits for [`DONE`]. The blindings are wiped on
/// every return path.
pub fn run_party<S: Read + Write, R: RngCore + CryptoRng>(
    stream: &mut S,
    values: &[u64],
    keep: impl FnOnce(&Openings) -> Result<(), String>,
    rng: &mut R,
) -> Result<(), String> {
    send_frame(
        stream,
        &Hello {
            values: values.len(),
        }
        .to_bytes(),
    )
    .map_err(|e| e.to_string())?;
    let setup = Setup::from_bytes(&receive_frame(stream).map_err(|e| e.to_string())?)
        .map_err(|e| e.to_string())?;
    match setup.flavor {
        Flavor::Dalek => party::<Ristretto255, Dalek, _, _>(
            stream,
            dalek::generators(),
            &setup,
            values,
            keep,
            rng,
        ),
        Flavor::Monero => party::<Ed25519, MoneroBulletproofs, _, _>(
            stream,
            monero::bulletproofs_generators(),
            &setup,
            values,
            keep,
            rng,
        ),
    }
}

/// A party's openings once it has committed: its values, blindings and commitments, the
/// statement and its position, as an openings file records them.
pub(crate) fn party_openings<G: Group>(
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

fn party<
    G: Group,
    C: BulletproofsConvention<Group = G>,
    S: Read + Write,
    R: RngCore + CryptoRng,
>(
    stream: &mut S,
    gens: &'static Generators<C>,
    setup: &Setup,
    values: &[u64],
    keep: impl FnOnce(&Openings) -> Result<(), String>,
    rng: &mut R,
) -> Result<(), String> {
    let session = setup.session::<G>();
    let position = setup.position;
    let blindings: Zeroizing<Vec<G::Scalar>> =
        Zeroizing::new(values.iter().map(|_| G::random_scalar(rng)).collect());
    let party = Party::new(gens, setup.bits, values, &blindings).map_err(|e| e.to_string())?;
    let (party, msg) = party.commit(position, rng).map_err(|e| e.to_string())?;
    let openings = party_openings::<G>(setup, values, &blindings, &msg);
    keep(&openings)?;
    drop(openings);
    send_frame(stream, &msg.to_bytes(&session)).map_err(|e| e.to_string())?;
    let challenge = receive_frame(stream)
        .map_err(|e| e.to_string())
        .and_then(|b| {
            BitChallenge::<G>::from_bytes(&b, &session, position).map_err(|e| e.to_string())
        })?;
    let (party, msg) = party
        .apply_challenge(&challenge)
        .map_err(|e| e.to_string())?;
    send_frame(stream, &msg.to_bytes(&session)).map_err(|e| e.to_string())?;
    let challenge = receive_frame(stream)
        .map_err(|e| e.to_string())
        .and_then(|b| {
            PolyChallenge::<G>::from_bytes(&b, &session, position).map_err(|e| e.to_string())
        })?;
    let share = party
        .apply_challenge(&challenge)
        .map_err(|e| e.to_string())?;
    send_frame(stream, &share.to_bytes(&session)).map_err(|e| e.to_string())?;
    match receive_frame(stream) {
        Ok(done) if done == DONE => Ok(()),
        _ => Err("the dealer did not finish the proof".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::OsRng;
    use std::sync::mpsc::{channel, Receiver, Sender};

    /// One end of an in-memory duplex stream: what the test would do over TCP, without sockets.
    struct End {
        tx: Sender<Vec<u8>>,
        rx: Receiver<Vec<u8>>,
        pending: Vec<u8>,
    }

    fn duplex() -> (End, End) {
        let (a_tx, b_rx) = channel();
        let (b_tx, a_rx) = channel();
        (
            End {
                tx: a_tx,
                rx: a_rx,
                pending: Vec::new(),
            },
            End {
                tx: b_tx,
                rx: b_rx,
                pending: Vec::new(),
            },
        )
    }

    impl Read for End {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.pending.is_empty() {
                match self.rx.recv() {
                    Ok(bytes) => self.pending = bytes,
                    Err(_) => return Ok(0),
                }
            }
            let n = buf.len().min(self.pending.len());
            buf[..n].copy_from_slice(&self.pending[..n]);
            self.pending.drain(..n);
            Ok(n)
        }
    }

    impl Write for End {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.tx
                .send(buf.to_vec())
                .map_err(|_| io::Error::from(io::ErrorKind::BrokenPipe))?;
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn messages_round_trip_and_refuse_what_they_are_not() {
        let setup = Setup {
            position: 3,
            m: 8,
            bits: 32,
            flavor: Flavor::Monero,
            run_nonce: [7; 32],
            label: Vec::new(),
        };
        assert_eq!(Setup::from_bytes(&setup.to_bytes()).unwrap(), setup);
        assert_eq!(
            Hello::from_bytes(&Hello { values: 5 }.to_bytes())
                .unwrap()
                .values,
            5
        );
        for bad in [&b"RPMH\x00\x00"[..], b"RPMH\x41\x00", b"RPMX\x01\x00", b""] {
            assert!(Hello::from_bytes(bad).is_err());
        }
        let mut bytes = setup.to_bytes();
        bytes[9] = 9;
        assert!(Setup::from_bytes(&bytes).is_err(), "unknown flavor");
        assert!(
            Setup::from_bytes(&setup.to_bytes()[..41]).is_err(),
            "short nonce"
        );
        let mut long = setup.to_bytes();
        long.extend(vec![b'x'; 257]);
        assert!(Setup::from_bytes(&long).is_err(), "label over 256 bytes");
        let mut frame = (MAX_FRAME as u32 + 1).to_le_bytes().to_vec();
        frame.extend([0; 8]);
        assert_eq!(
            receive_frame(&mut &frame[..]),
            Err(TransportError::FrameTooLarge(MAX_FRAME + 1))
        );
        assert_eq!(
            receive_frame(&mut &[1u8, 0][..]),
            Err(TransportError::Disconnected)
        );
    }

    /// Two parties and a dealer over in-memory streams make an ordinary proof that verifies,
    /// and each party's openings (handed over before its first commitment leaves) open the
    /// commitments the proof lists.
    #[test]
    fn a_run_over_any_stream_makes_a_proof() {
        for flavor in [Flavor::Dalek, Flavor::Monero] {
            let holdings: [&[u64]; 2] = [&[1, 2], &[u64::MAX]];
            let mut peers = Vec::new();
            let mut parties = Vec::new();
            for (i, values) in holdings.into_iter().enumerate() {
                let (mut dealer_end, mut party_end) = duplex();
                parties.push(std::thread::spawn(move || {
                    let mut kept = None;
                    run_party(
                        &mut party_end,
                        values,
                        |o| {
                            kept = Some(o.clone());
                            Ok(())
                        },
                        &mut OsRng,
                    )
                    .map(|()| kept.expect("kept before the first message"))
                }));
                let hello = receive_hello(&mut dealer_end).unwrap();
                peers.push(Peer {
                    stream: dealer_end,
                    name: format!("in-memory {i}"),
                    values: hello.values,
                    position: 0,
                });
            }
            let dealt = run_dealer(&mut peers, flavor, 64, b"transport test", &mut OsRng)
                .unwrap_or_else(|e| panic!("{flavor:?}: {e}"));
            announce_done(&mut peers);
            let mut listed = Vec::new();
            for party in parties {
                let openings = party.join().unwrap().unwrap();
                assert_eq!(openings.flavor.as_deref(), Some(flavor.name()));
                listed.extend(openings.commitments.clone());
            }
            let commitments: Vec<String> = dealt.commitments.iter().map(hex::encode).collect();
            assert_eq!(listed, commitments);
            let label: &[u8] = match flavor {
                Flavor::Dalek => b"transport test",
                Flavor::Monero => b"",
            };
            let statement = SuiteStatement {
                bits: 64,
                extension_degree: 1,
                transcript_label: label.to_vec(),
                ..SuiteStatement::default()
            };
            flavor
                .suite()
                .verify(&statement, &dealt.proof, &dealt.commitments, &mut OsRng)
                .unwrap();
        }
    }

    /// A party whose openings cannot be kept sends no commitment: the dealer names it.
    #[test]
    fn a_party_that_cannot_keep_its_openings_stops_the_run() {
        let (mut dealer_end, mut party_end) = duplex();
        let party = std::thread::spawn(move || {
            run_party(
                &mut party_end,
                &[5],
                |_| Err("disk full".to_string()),
                &mut OsRng,
            )
        });
        let hello = receive_hello(&mut dealer_end).unwrap();
        let mut peers = vec![Peer {
            stream: dealer_end,
            name: "in-memory".into(),
            values: hello.values,
            position: 0,
        }];
        let failure = run_dealer(&mut peers, Flavor::Dalek, 8, b"t", &mut OsRng)
            .err()
            .unwrap();
        assert_eq!(party.join().unwrap(), Err("disk full".to_string()));
        assert!(failure.0.contains("party 0 (in-memory"), "{failure}");
        assert!(failure.0.contains("disconnected"), "{failure}");
    }
}
