//! The protocol's messages, in the order they are sent.

use crate::group::{EncodedPoint, Group};

/// Party → dealer, round 1: the party's position, its value commitments, \\(A_j\\), \\(S_j\\).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitCommitment<G: Group> {
    pub(crate) position: usize,
    pub(crate) commitments: Vec<EncodedPoint<G>>,
    pub(crate) a: EncodedPoint<G>,
    pub(crate) s: EncodedPoint<G>,
}

impl<G: Group> BitCommitment<G> {
    /// The party's value commitments \\(V_k\\) (as published: Monero's are \\(C_k\\)).
    pub fn commitments(&self) -> &[EncodedPoint<G>] {
        &self.commitments
    }

    /// The index of the party's first value in the aggregate.
    pub fn position(&self) -> usize {
        self.position
    }
}

/// Dealer → parties: \\(y, z\\).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BitChallenge<G: Group> {
    pub(crate) y: G::Scalar,
    pub(crate) z: G::Scalar,
}

/// Party → dealer, round 2: \\(T_{1,j}, T_{2,j}\\).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolyCommitment<G: Group> {
    pub(crate) position: usize,
    pub(crate) t_1: EncodedPoint<G>,
    pub(crate) t_2: EncodedPoint<G>,
}

/// Dealer → parties: \\(x\\).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PolyChallenge<G: Group> {
    pub(crate) x: G::Scalar,
}

/// Party → dealer, round 3: the party's shares of \\(t_x, \tau_x, \mu\\) and its slices of
/// \\(\mathbf l(x), \mathbf r(x)\\).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofShare<G: Group> {
    pub(crate) position: usize,
    pub(crate) t_x: G::Scalar,
    pub(crate) t_x_blinding: G::Scalar,
    pub(crate) e_blinding: G::Scalar,
    pub(crate) l: Vec<G::Scalar>,
    pub(crate) r: Vec<G::Scalar>,
}
