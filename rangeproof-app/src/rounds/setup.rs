//! The run's parameters as a party receives them: the deployment the proof is made in
//! ([`MpcDeployment`]) and the invitation ([`Setup`]).
//!
//! ```text
//! setup := "RPMS" ‖ u16 LE position ‖ u16 LE m ‖ u8 bits ‖ u8 flavor ‖ 32-byte run nonce
//!          ‖ transcript label (at most 256 bytes)
//! ```

use rangeproof::bulletproofs::mpc::Session;
use rangeproof::{Group, Suite};

use rangeproof_documents::proof::MAX_TRANSCRIPT_LABEL;

/// The flavors a run can prove in: the proof document the dealer writes is an ordinary one
/// of that flavor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MpcDeployment {
    /// The reference crate's Bulletproofs on ristretto255 (merlin transcript with a label).
    Dalek,
    /// Monero's original Bulletproofs on Ed25519 (its hash-chain transcript, no label).
    Monero,
}

impl MpcDeployment {
    /// By the name documents use.
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "dalek" => Some(MpcDeployment::Dalek),
            "monero" => Some(MpcDeployment::Monero),
            _ => None,
        }
    }

    /// The name documents use.
    pub fn name(self) -> &'static str {
        match self {
            MpcDeployment::Dalek => "dalek",
            MpcDeployment::Monero => "monero",
        }
    }

    /// The suite of the proof a run makes.
    pub fn suite(self) -> Suite {
        match self {
            MpcDeployment::Dalek => Suite::DALEK_BULLETPROOFS,
            MpcDeployment::Monero => Suite::MONERO_BULLETPROOFS,
        }
    }

    fn code(self) -> u8 {
        match self {
            MpcDeployment::Dalek => 0,
            MpcDeployment::Monero => 1,
        }
    }

    fn from_code(code: u8) -> Option<Self> {
        match code {
            0 => Some(MpcDeployment::Dalek),
            1 => Some(MpcDeployment::Monero),
            _ => None,
        }
    }
}

/// A party's invitation (over the transport, the dealer's answer to its hello): its place in
/// this run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The index of the party's first value in the proof.
    pub position: usize,
    /// The number of values the proof covers.
    pub m: usize,
    /// The bit size n.
    pub bits: usize,
    /// The flavor the proof is made in.
    pub flavor: MpcDeployment,
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
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, &'static str> {
        let [b'R', b'P', b'M', b'S', p0, p1, m0, m1, bits, code, rest @ ..] = bytes else {
            return Err("the dealer sent no setup");
        };
        if rest.len() < 32 {
            return Err("the dealer sent no setup");
        }
        let (nonce, label) = rest.split_at(32);
        if label.len() > MAX_TRANSCRIPT_LABEL {
            return Err("the dealer's transcript label is longer than 256 bytes");
        }
        let flavor = MpcDeployment::from_code(*code).ok_or("the dealer named an unknown flavor")?;
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
