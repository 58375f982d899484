//! Canonical byte encodings of the messages, with strict decoding.
//!
//! ```text
//! message := "RPM" ‖ kind (1 byte) ‖ session id (16) ‖ position (u16 LE) ‖ body
//! body    := BitCommitment:  count (u16 LE) ‖ V_1 … V_count ‖ A ‖ S
//!          | BitChallenge:   y ‖ z
//!          | PolyCommitment: T_1 ‖ T_2
//!          | PolyChallenge:  x
//!          | ProofShare:     τ_x ‖ μ ‖ l_1 … l_len ‖ r_1 … r_len   (len from the length)
//! ```
//!
//! Points and scalars are the group's canonical encodings. The session id is a hash of the
//! protocol version, the group, the flavor, n, m, the session's transcript label and — for a
//! run ([`Session::for_run`]) — the dealer's random run nonce (SHA3-256, first 16 bytes: a
//! 128-bit binding), so that messages of one run are refused in every other, even one with the
//! same parameters; the position is the sender's (party messages) or the
//! recipient's (dealer messages). A share omits \\(t_x\\): it is \\(\langle \mathbf l,
//! \mathbf r\rangle\\), which the dealer computes (the reference sends it and the dealer
//! checks it), so a 64-bit value's share is 22 + 64 + 4096 = 4182 bytes, against the
//! reference's 4192 bytes of scalars (4208 in bincode, with its length prefixes). Decoding
//! refuses a wrong magic, kind, session or position, counts past the bounds, non-canonical
//! encodings, and missing or trailing bytes — with a typed error, on any input.

use sha3::{Digest, Sha3_256};

use super::messages::{BitChallenge, BitCommitment, PolyChallenge, PolyCommitment, ProofShare};
use super::MpcError;
use crate::group::Group;
use crate::wire::{write_point, write_scalar, Reader};

const MAGIC: &[u8; 3] = b"RPM";

/// Message kinds.
const BIT_COMMITMENT: u8 = 1;
const BIT_CHALLENGE: u8 = 2;
const POLY_COMMITMENT: u8 = 3;
const POLY_CHALLENGE: u8 = 4;
const PROOF_SHARE: u8 = 5;

/// What binds a message to one run of the protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Session {
    id: [u8; 16],
}

impl Session {
    /// The 16-byte id that every message of the session carries.
    pub fn id(&self) -> [u8; 16] {
        self.id
    }

    /// The session of an `n`-bit, `m`-value proof over `G` in `flavor`, with the transcript
    /// label both sides use. This binds the parameters only: two runs with the same ones share
    /// an id, and a message recorded in one decodes in the other. Transports should prefer
    /// [`Self::for_run`].
    pub fn new<G: Group>(flavor: &str, n: usize, m: usize, label: &[u8]) -> Self {
        Self::derive::<G>(flavor, n, m, label, &[])
    }

    /// The session of one run: [`Self::new`]'s parameters and a nonce the dealer draws at
    /// random for this run and sends every party in its setup. Messages of another run — a
    /// replay, a stale party reconnecting — are refused ([`MpcError`] on decoding).
    pub fn for_run<G: Group>(
        flavor: &str,
        n: usize,
        m: usize,
        label: &[u8],
        run_nonce: &[u8; 32],
    ) -> Self {
        Self::derive::<G>(flavor, n, m, label, run_nonce)
    }

    fn derive<G: Group>(flavor: &str, n: usize, m: usize, label: &[u8], run: &[u8]) -> Self {
        let mut h = Sha3_256::new();
        h.update(b"rangeproof mpc v1");
        // Length-prefixed parts: the empty run nonce of `new` differs from every 32-byte one.
        for part in [G::NAME.as_bytes(), flavor.as_bytes(), label, run] {
            h.update((part.len() as u64).to_le_bytes());
            h.update(part);
        }
        h.update((n as u64).to_le_bytes());
        h.update((m as u64).to_le_bytes());
        let mut id = [0u8; 16];
        id.copy_from_slice(&h.finalize()[..16]);
        Session { id }
    }
}

fn header(out: &mut Vec<u8>, kind: u8, session: &Session, position: usize) {
    out.extend_from_slice(MAGIC);
    out.push(kind);
    out.extend_from_slice(&session.id);
    out.extend_from_slice(&(position as u16).to_le_bytes());
}

fn malformed(_: crate::DecodeError) -> MpcError {
    MpcError::Malformed("message does not decode")
}

fn u16_le(r: &mut Reader<'_>) -> Result<u16, MpcError> {
    Ok(u16::from_le_bytes([
        r.byte().map_err(malformed)?,
        r.byte().map_err(malformed)?,
    ]))
}

/// Reads and checks the header; returns the reader at the body.
fn open<'a>(
    bytes: &'a [u8],
    kind: u8,
    session: &Session,
    position: usize,
) -> Result<Reader<'a>, MpcError> {
    let mut r = Reader::new(bytes);
    for m in MAGIC {
        if r.byte().map_err(malformed)? != *m {
            return Err(MpcError::Malformed("not a protocol message"));
        }
    }
    if r.byte().map_err(malformed)? != kind {
        return Err(MpcError::Malformed("a message of another round"));
    }
    let mut id = [0u8; 16];
    for b in &mut id {
        *b = r.byte().map_err(malformed)?;
    }
    if id != session.id {
        return Err(MpcError::Malformed("a message of another session"));
    }
    if usize::from(u16_le(&mut r)?) != position {
        return Err(MpcError::Malformed("a message for another position"));
    }
    Ok(r)
}

impl<G: Group> BitCommitment<G> {
    /// The encoding (the party's position in the header).
    pub fn to_bytes(&self, session: &Session) -> Vec<u8> {
        let mut out = Vec::new();
        header(&mut out, BIT_COMMITMENT, session, self.position);
        out.extend_from_slice(&(self.commitments.len() as u16).to_le_bytes());
        for c in &self.commitments {
            write_point(&mut out, c);
        }
        write_point(&mut out, &self.a);
        write_point(&mut out, &self.s);
        out
    }

    /// Decodes the message of the party at `position`.
    pub fn from_bytes(bytes: &[u8], session: &Session, position: usize) -> Result<Self, MpcError> {
        let mut r = open(bytes, BIT_COMMITMENT, session, position)?;
        let count = u16::from_le_bytes([r.byte().map_err(malformed)?, r.byte().map_err(malformed)?])
            as usize;
        if count == 0 || count > crate::MAX_AGGREGATION {
            return Err(MpcError::Malformed("a party holds 1 to 64 values"));
        }
        let commitments = (0..count)
            .map(|_| r.point())
            .collect::<Result<Vec<_>, _>>()
            .map_err(malformed)?;
        let a = r.point().map_err(malformed)?;
        let s = r.point().map_err(malformed)?;
        r.finish().map_err(malformed)?;
        Ok(BitCommitment {
            position,
            commitments,
            a,
            s,
        })
    }
}

impl<G: Group> BitChallenge<G> {
    /// The encoding, addressed to the party at `position`.
    pub fn to_bytes(&self, session: &Session, position: usize) -> Vec<u8> {
        let mut out = Vec::new();
        header(&mut out, BIT_CHALLENGE, session, position);
        write_scalar::<G>(&mut out, &self.y);
        write_scalar::<G>(&mut out, &self.z);
        out
    }

    /// Decodes a challenge addressed to `position`.
    pub fn from_bytes(bytes: &[u8], session: &Session, position: usize) -> Result<Self, MpcError> {
        let mut r = open(bytes, BIT_CHALLENGE, session, position)?;
        let y = r.scalar::<G>().map_err(malformed)?;
        let z = r.scalar::<G>().map_err(malformed)?;
        r.finish().map_err(malformed)?;
        Ok(BitChallenge { y, z })
    }
}

impl<G: Group> PolyCommitment<G> {
    /// The encoding (the party's position in the header).
    pub fn to_bytes(&self, session: &Session) -> Vec<u8> {
        let mut out = Vec::new();
        header(&mut out, POLY_COMMITMENT, session, self.position);
        write_point(&mut out, &self.t_1);
        write_point(&mut out, &self.t_2);
        out
    }

    /// Decodes the message of the party at `position`.
    pub fn from_bytes(bytes: &[u8], session: &Session, position: usize) -> Result<Self, MpcError> {
        let mut r = open(bytes, POLY_COMMITMENT, session, position)?;
        let t_1 = r.point().map_err(malformed)?;
        let t_2 = r.point().map_err(malformed)?;
        r.finish().map_err(malformed)?;
        Ok(PolyCommitment { position, t_1, t_2 })
    }
}

impl<G: Group> PolyChallenge<G> {
    /// The encoding, addressed to the party at `position`.
    pub fn to_bytes(&self, session: &Session, position: usize) -> Vec<u8> {
        let mut out = Vec::new();
        header(&mut out, POLY_CHALLENGE, session, position);
        write_scalar::<G>(&mut out, &self.x);
        out
    }

    /// Decodes a challenge addressed to `position`.
    pub fn from_bytes(bytes: &[u8], session: &Session, position: usize) -> Result<Self, MpcError> {
        let mut r = open(bytes, POLY_CHALLENGE, session, position)?;
        let x = r.scalar::<G>().map_err(malformed)?;
        r.finish().map_err(malformed)?;
        Ok(PolyChallenge { x })
    }
}

impl<G: Group> ProofShare<G> {
    /// The encoding (the party's position in the header).
    pub fn to_bytes(&self, session: &Session) -> Vec<u8> {
        let mut out = Vec::new();
        header(&mut out, PROOF_SHARE, session, self.position);
        write_scalar::<G>(&mut out, &self.t_x_blinding);
        write_scalar::<G>(&mut out, &self.e_blinding);
        for s in self.l.iter().chain(&self.r) {
            write_scalar::<G>(&mut out, s);
        }
        out
    }

    /// Decodes the share of the party at `position`.
    pub fn from_bytes(bytes: &[u8], session: &Session, position: usize) -> Result<Self, MpcError> {
        let mut r = open(bytes, PROOF_SHARE, session, position)?;
        let t_x_blinding = r.scalar::<G>().map_err(malformed)?;
        let e_blinding = r.scalar::<G>().map_err(malformed)?;
        // Two vectors of equal length, at most 64 values of 64 bits each.
        let pair = 2 * crate::wire::scalar_len::<G>();
        let len = r.remaining() / pair;
        if len == 0 || len > 64 * crate::MAX_AGGREGATION || r.remaining() % pair != 0 {
            return Err(MpcError::Malformed("share vectors of the wrong length"));
        }
        let l = (0..len)
            .map(|_| r.scalar::<G>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(malformed)?;
        let rv = (0..len)
            .map(|_| r.scalar::<G>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(malformed)?;
        r.finish().map_err(malformed)?;
        let t_x = crate::util::inner_product::<G>(&l, &rv);
        Ok(ProofShare {
            position,
            t_x,
            t_x_blinding,
            e_blinding,
            l,
            r: rv,
        })
    }
}
