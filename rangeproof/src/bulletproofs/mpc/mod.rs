//! The multi-party computation of an aggregated range proof (the Bulletproofs paper, §4.5):
//! several parties, each holding some of the values and their blindings, and a dealer who
//! draws the challenges and assembles one ordinary aggregated proof.
//!
//! # Rounds
//!
//! 1. Each party, given its position (the index of its first value in the aggregate), commits
//!    to its values, \\(V_k = v_k B + \gamma_k \tilde B\\), and to its bits and blinding
//!    vectors, \\(A_j, S_j\\) (eq. 44, 47), over its own slice of the generators
//!    ([`BitCommitment`]).
//! 2. The dealer absorbs every \\(V_k\\) and \\(A = \sum_j A_j\\), \\(S = \sum_j S_j\\) into the
//!    transcript and sends \\(y, z\\) ([`BitChallenge`]). Each party commits to its share of
//!    \\(t(X)\\)'s coefficients, \\(T_{1,j}, T_{2,j}\\) ([`PolyCommitment`]).
//! 3. The dealer absorbs \\(T_1 = \sum_j T_{1,j}\\), \\(T_2\\), and sends \\(x\\)
//!    ([`PolyChallenge`]). Each party answers with its \\(t_x, \tau_x, \mu\\) shares and its
//!    slices of \\(\mathbf l(x), \mathbf r(x)\\) ([`ProofShare`]).
//! 4. The dealer checks every share against that party's own commitments and names the parties
//!    whose shares are bad ([`MpcError::Blame`]); otherwise it sums the scalars, runs the
//!    inner-product argument on the concatenated vectors, verifies the proof, and returns it.
//!
//! A party's state is consumed by each step, so a party answers at most one challenge per
//! round; zero challenges are refused. When the number of values is not a power of two, the
//! dealer itself plays the padding values (zeros, with identity commitments that are neither
//! sent nor hashed, as the single prover pads).
//!
//! # Messages
//!
//! Every message has a canonical byte encoding ([`Session`] binds it to one run: group,
//! flavor, n, m and the transcript label; the header names the sending or receiving position);
//! decoding is strict and never panics (see `encoding.rs`).
//!
//! # What each side learns and can do
//!
//! The dealer sees each party's \\(A_j, S_j, T_{1,j}, T_{2,j}\\) and its slices of
//! \\(\mathbf l(x), \mathbf r(x)\\) — blinded by the party's \\(\mathbf s_L, \mathbf s_R\\)
//! and nonces, so they reveal nothing about the values beyond the proof itself (the
//! non-compressed protocol publishes \\(\mathbf l, \mathbf r\\) outright). A dealer cannot
//! forge a proof for values a party did not commit to (the proof is sound against every
//! prover, the dealer included), but a malicious dealer can make the protocol fail, and the
//! parties must trust it to draw honest challenges only as far as zero knowledge goes: the
//! challenges come from the transcript, which any party can recompute from the messages. A
//! party can make the protocol fail too; the dealer's checks then name it.

mod dealer;
mod encoding;
mod messages;
mod party;

pub use dealer::{
    Dealer, DealerAwaitingBitCommitments, DealerAwaitingPolyCommitments, DealerAwaitingProofShares,
};
pub use encoding::Session;
pub use messages::{BitChallenge, BitCommitment, PolyChallenge, PolyCommitment, ProofShare};
pub use party::{Party, PartyAwaitingBitChallenge, PartyAwaitingPolyChallenge};

use thiserror::Error;

/// Why a multi-party run did not produce a proof.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum MpcError {
    /// These parties (by position) sent shares that do not check out.
    #[error("parties at positions {0:?} sent invalid shares")]
    Blame(Vec<usize>),
    /// The messages do not fit together: positions that do not tile `0..m`, wrong counts,
    /// a message for another round or another shape.
    #[error("malformed messages: {0}")]
    Malformed(&'static str),
    /// A proof error (bad shape, degenerate challenge, …).
    #[error(transparent)]
    Proof(#[from] crate::ProofError),
}

#[cfg(test)]
mod tests;
