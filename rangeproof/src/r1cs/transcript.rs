//! The two transcript conventions of constraint-system proofs.
//!
//! * [`R1csConvention::Dalek`] absorbs exactly what the reference crate's R1CS (`yoloproofs`)
//!   absorbs, in its order: `dom-sep "r1cs v1"`, each commitment `V`, `m`, the prover's
//!   points and scalars. It does **not** absorb the circuit: two circuits with the same number
//!   of commitments and the same application label share a transcript, so a proof made for one
//!   may verify for another whose constraints happen to be satisfied by it. Callers must bind
//!   the circuit themselves (the reference's shuffle gadget absorbs `"ShuffleProof"` and `k`
//!   before the proof starts). Use it to exchange proofs with the reference.
//! * [`R1csConvention::Bound`] (the default) also absorbs the group, the Pedersen bases and the
//!   chains' name at the start, and a digest of the circuit — every constraint with every
//!   coefficient (so every public constant), the multiplier and commitment counts — before the
//!   first challenge that depends on it: the first-phase constraints before \\(A_{I1}\\), the
//!   second-phase constraints and the final counts before \\(A_{I2}\\) (and so before
//!   \\(y, z\\)). A proof for one circuit or statement is
//!   then a proof about a different transcript for any other: the Fiat–Shamir gap of "the
//!   statement is not hashed" (eprint 2025/118 and its predecessors) is closed by construction.

use blake2::{Blake2b512, Digest};

use super::constraint_system::Lc;
use super::linear_combination::Variable;
use crate::group::Group;
use crate::transcript::TranscriptProtocol;

/// Which transcript convention a constraint-system proof follows.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum R1csConvention {
    /// Byte-compatible with the reference `bulletproofs` crate's R1CS proofs.
    Dalek,
    /// Binds the generators and the whole circuit into the transcript.
    #[default]
    Bound,
}

impl R1csConvention {
    /// The name used in documents: `"dalek"` or `"bound"`.
    pub fn name(self) -> &'static str {
        match self {
            R1csConvention::Dalek => "dalek",
            R1csConvention::Bound => "bound",
        }
    }

    /// Parses [`Self::name`].
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "dalek" => Some(R1csConvention::Dalek),
            "bound" => Some(R1csConvention::Bound),
            _ => None,
        }
    }

    /// The start of a proof (`Prover::new` / `Verifier::new`).
    pub(crate) fn start<G: Group, T: TranscriptProtocol<G>>(
        self,
        transcript: &mut T,
        pedersen: &[G::PointEncoding],
        chains: &'static [u8],
    ) {
        match self {
            R1csConvention::Dalek => transcript.append_domain_separator(b"r1cs v1"),
            R1csConvention::Bound => {
                transcript.append_domain_separator(b"r1cs-bound v1");
                transcript.append_bytes(b"group", G::NAME.as_bytes());
                for base in pedersen {
                    transcript.append_point(b"pedersen", base);
                }
                transcript.append_bytes(b"chains", chains);
            }
        }
    }

    /// Before the first-phase commitments (`phase_one` true) or the second-phase ones: the
    /// circuit so far (bound flavor only).
    pub(crate) fn absorb_circuit<G: Group, T: TranscriptProtocol<G>>(
        self,
        transcript: &mut T,
        phase_one: bool,
        shape: CircuitShape,
        constraints: &[Lc<G>],
    ) {
        if self == R1csConvention::Bound {
            self.absorb_digest::<G, T>(
                transcript,
                phase_one,
                &circuit_digest::<G>(shape, constraints),
            );
        }
    }

    /// [`Self::absorb_circuit`] with the digest computed by the caller.
    pub(crate) fn absorb_digest<G: Group, T: TranscriptProtocol<G>>(
        self,
        transcript: &mut T,
        phase_one: bool,
        digest: &[u8; 64],
    ) {
        if self == R1csConvention::Bound {
            let label: &'static [u8] = if phase_one { b"circuit-1" } else { b"circuit" };
            transcript.append_bytes(label, digest);
        }
    }
}

/// The counts a circuit digest covers besides its constraints.
#[derive(Copy, Clone, Debug)]
pub(crate) struct CircuitShape {
    /// Committed values \\(m\\).
    pub committed: usize,
    /// Multipliers so far.
    pub multipliers: usize,
    /// First-phase multipliers (equal to `multipliers` in the first phase).
    pub phase_one_multipliers: usize,
}

/// BLAKE2b-512 of the circuit: the counts, then each constraint as its term count and terms
/// (variable kind, index, canonical coefficient), in order.
pub(crate) fn circuit_digest<G: Group>(shape: CircuitShape, constraints: &[Lc<G>]) -> [u8; 64] {
    let mut h = circuit_hasher::<G>(shape, constraints.len());
    absorb_constraints::<G>(&mut h, constraints);
    h.finalize().into()
}

/// [`circuit_digest`]'s hash with the counts absorbed, for `constraints` constraints: the
/// constraints follow through [`absorb_constraints`], in as many pieces as wanted (a prepared
/// circuit keeps the state after the constraints every statement shares).
pub(crate) fn circuit_hasher<G: Group>(shape: CircuitShape, constraints: usize) -> Blake2b512 {
    let mut h = Blake2b512::new();
    h.update(b"rangeproof r1cs circuit v1");
    h.update(G::NAME.as_bytes());
    for count in [
        shape.committed,
        shape.multipliers,
        shape.phase_one_multipliers,
        constraints,
    ] {
        h.update((count as u64).to_le_bytes());
    }
    h
}

/// Feeds constraints to a [`circuit_hasher`].
pub(crate) fn absorb_constraints<G: Group>(h: &mut Blake2b512, constraints: &[Lc<G>]) {
    let mut buf = Vec::with_capacity(64 * 1024);
    for lc in constraints {
        buf.extend_from_slice(&(lc.terms.len() as u64).to_le_bytes());
        for (var, coeff) in &lc.terms {
            let (kind, index) = match *var {
                Variable::Committed(i) => (0u8, i),
                Variable::MultiplierLeft(i) => (1, i),
                Variable::MultiplierRight(i) => (2, i),
                Variable::MultiplierOutput(i) => (3, i),
                Variable::One => (4, 0),
            };
            buf.push(kind);
            buf.extend_from_slice(&(index as u64).to_le_bytes());
            buf.extend_from_slice(G::scalar_to_bytes(coeff).as_ref());
        }
        if buf.len() >= 60 * 1024 {
            h.update(&buf);
            buf.clear();
        }
    }
    h.update(&buf);
}
