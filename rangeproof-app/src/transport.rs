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
//! ([`rangeproof::bulletproofs::mpc::Session::for_run`]), so messages of one run are refused in every other. Timeouts are the
//! stream's business: a read that times out is [`TransportError::TimedOut`], so a silent party
//! cannot hang the dealer. A timeout per read alone lets a party that trickles a byte at a time
//! hold the dealer for as long as it likes: [`RoundDeadline`] (over TCP) adds a deadline per
//! round — the other side's whole answer within a bound of our last message — which such a
//! party misses ([`TransportError::RoundDeadline`]).
//!
//! **Trust.** The transport adds no confidentiality or authentication: run it on a trusted
//! network or inside TLS or SSH. The first streams the dealer is given are the parties. What a
//! man-in-the-middle can and cannot do is in SECURITY.md ("The MPC transport's trust model").

use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use rand_core::{CryptoRng, RngCore};

use crate::rounds::{DealerRounds, Next, PartyRounds, RoundError};
use rangeproof_documents::openings::Openings;
use rangeproof_documents::proof::ProofDocument;

pub use crate::rounds::{MpcDeployment, Setup};

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

/// The dealer's side of a run over `peers` (each already said hello): assigns positions in
/// order, sends each its setup, then relays each round's messages to [`DealerRounds`] and its
/// challenges back, until the proof is assembled and verified. Any failure names the party at
/// fault. The caller writes the proof, then sends [`DONE`] to each peer ([`announce_done`]).
pub fn run_dealer<S: Read + Write, R: RngCore + CryptoRng>(
    peers: &mut [Peer<S>],
    flavor: MpcDeployment,
    bits: usize,
    label: &[u8],
    rng: &mut R,
) -> Result<ProofDocument, RunFailure> {
    let counts: Vec<usize> = peers.iter().map(|p| p.values).collect();
    let mut dealer = DealerRounds::new(flavor, bits, &counts, label, rng)
        .map_err(|e| RunFailure(format!("cannot start: {e}")))?;
    for (i, peer) in peers.iter_mut().enumerate() {
        let (Some(position), Some(setup)) = (dealer.position(i), dealer.invitation(i)) else {
            return Err(RunFailure(format!("no place for party {i}")));
        };
        peer.position = position;
        send_frame(&mut peer.stream, &setup).map_err(|e| blame(i, peer, e))?;
    }
    loop {
        let mut next = Next::Wait;
        for i in 0..peers.len() {
            let peer = &mut peers[i];
            let frame = receive_frame(&mut peer.stream).map_err(|e| blame(i, peer, e))?;
            next = dealer
                .receive(i, &frame, rng)
                .map_err(|e| failure(peers, &e))?;
        }
        match next {
            Next::Send(challenges) => {
                for (i, (peer, challenge)) in peers.iter_mut().zip(challenges).enumerate() {
                    send_frame(&mut peer.stream, &challenge).map_err(|e| blame(i, peer, e))?;
                }
            }
            Next::Done(document) => return Ok(*document),
            Next::Wait => return Err(RunFailure("a round ended without every message".into())),
        }
    }
}

/// A refused step, each party at fault named with its address.
fn failure<S>(peers: &[Peer<S>], error: &RoundError) -> RunFailure {
    RunFailure(error.describe(|i, position| {
        let name = peers.get(i).map_or("?", |p| p.name.as_str());
        format!("party {i} ({name}, position {position})")
    }))
}

/// Sends [`DONE`] to every peer (a peer that has gone is not an error: the proof is written).
pub fn announce_done<S: Write>(peers: &mut [Peer<S>]) {
    for peer in peers {
        let _ = send_frame(&mut peer.stream, DONE);
    }
}

/// A party's side of a run: says hello, reads its setup, joins with fresh blindings
/// ([`PartyRounds`]), and — before the first message that reveals a commitment — hands `keep`
/// its openings (values, blindings, commitments and the statement, as an openings file records
/// them). If `keep` fails, the party stops there and the dealer writes no proof: no output
/// exists that nobody can open. Then it answers both challenges and waits for [`DONE`]. The
/// blindings are wiped on every return path.
pub fn run_party<S: Read + Write, R: RngCore + CryptoRng>(
    stream: &mut S,
    values: &[u64],
    keep: impl FnOnce(&Openings) -> Result<(), String>,
    rng: &mut R,
) -> Result<(), String> {
    let hello = Hello {
        values: values.len(),
    };
    send_frame(stream, &hello.to_bytes()).map_err(|e| e.to_string())?;
    let setup = receive_frame(stream).map_err(|e| e.to_string())?;
    let (mut party, first) = PartyRounds::join(&setup, values, rng).map_err(|e| e.to_string())?;
    keep(party.openings())?;
    send_frame(stream, &first).map_err(|e| e.to_string())?;
    for _ in 0..2 {
        let challenge = receive_frame(stream).map_err(|e| e.to_string())?;
        let answer = party.answer(&challenge).map_err(|e| e.to_string())?;
        send_frame(stream, &answer).map_err(|e| e.to_string())?;
    }
    match receive_frame(stream) {
        Ok(done) if done == DONE => Ok(()),
        _ => Err("the dealer did not finish the proof".into()),
    }
}

#[cfg(test)]
mod tests;
