//! Conventions as types: what a deployment of Bulletproofs or Bulletproofs+ decides besides the
//! protocol's mathematics, as a trait the protocol code is generic over.
//!
//! The provers and verifiers of [`crate::bulletproofs`] and [`crate::bulletproofs_plus`] are
//! written once, over `C: BulletproofsConvention` or `C: BulletproofsPlusConvention`; they
//! call the convention's steps where the deployments differ (the transcript's statement,
//! Monero's extra absorptions, the order of the scalars before \\(w\\), a seed-nonce rule) and
//! publish points with its cofactor. Each deployment is a unit type in its module beside this
//! one (`dalek::Dalek`, `tari::Tari`, `monero::MoneroBulletproofs`,
//! `monero::MoneroBulletproofsPlus`); [`super::Flavor`] is the tag a [`Generators`] value
//! carries, and the two registry macros in [`super`] map a tag to its type once, at the
//! protocols' entry points.
//!
//! Adding a deployment of the same protocol: a module with its generators, its layout and a
//! type implementing the trait, a `Flavor` variant, and one line in the registry macro.

use crate::generators::Generators;
use crate::group::{Commitments, Group};
use crate::transcript::TranscriptProtocol;
use crate::ProofError;

use super::Flavor;

/// A deployment of Bulletproofs (the reference crate's, Monero's original).
pub(crate) trait BulletproofsConvention: 'static {
    /// The tag the deployment's generators carry.
    const FLAVOR: Flavor;

    /// \\(\log_2\\) of the cofactor the prover divides its published points by and the
    /// verifier multiplies them back with (Monero: 3).
    const COFACTOR_LOG2: u32 = Self::FLAVOR.cofactor_log2();

    /// Absorbs the statement (n, m, the commitments) as the deployment does and returns the
    /// commitment points the proof is about (Monero: \\(8^{-1} C_j\\); the verifier clears
    /// their cofactor before use).
    fn statement<G: Group, T: TranscriptProtocol<G>>(
        transcript: &mut T,
        n: usize,
        commitments: &Commitments<G>,
    ) -> Result<Commitments<G>, ProofError>;

    /// Before \\(T_1, T_2\\) (Monero absorbs \\(z\\) again); nothing by default.
    fn before_t<G: Group, T: TranscriptProtocol<G>>(transcript: &mut T, z: &G::Scalar) {
        let _ = (transcript, z);
    }

    /// \\(t_x, \tau_x, \mu\\) before \\(w\\), in the deployment's order (Monero: \\(x, \tau_x,
    /// \mu, t_x\\)).
    fn scalars<G: Group, T: TranscriptProtocol<G>>(
        transcript: &mut T,
        x: &G::Scalar,
        t_x: &G::Scalar,
        t_x_blinding: &G::Scalar,
        e_blinding: &G::Scalar,
    );
}

/// A deployment of Bulletproofs+ (Tari's, Monero's).
pub(crate) trait BulletproofsPlusConvention: 'static {
    /// The tag the deployment's generators carry.
    const FLAVOR: Flavor;

    /// \\(\log_2\\) of the cofactor (see [`BulletproofsConvention::COFACTOR_LOG2`]).
    const COFACTOR_LOG2: u32 = Self::FLAVOR.cofactor_log2();

    /// Whether the deployment derives a recoverable proof's nonces from a seed (Tari).
    const HAS_SEED_NONCES: bool = false;

    /// Absorbs the statement as the deployment does and returns the commitment points the proof
    /// is about (Monero: \\(8^{-1} C_j\\)). `commitments` are the real (unpadded) ones.
    fn statement<G: Group, T: TranscriptProtocol<G>>(
        transcript: &mut T,
        gens: &Generators<G>,
        shape: StatementShape<'_>,
        commitments: &Commitments<G>,
    ) -> Result<Commitments<G>, ProofError>;

    /// The nonce of `step` for blinding factor `k`, derived from `seed` by the deployment's
    /// rule; `None` without one (provers refuse a seed for such a deployment first).
    fn seed_nonce<G: Group>(seed: &G::Scalar, step: NonceStep, k: usize) -> Option<G::Scalar> {
        let _ = (seed, step, k);
        None
    }
}

/// What a Bulletproofs+ transcript absorbs of the statement besides the commitments.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StatementShape<'a> {
    pub bits: usize,
    pub extension_degree: usize,
    pub minimum_values: Option<&'a [u64]>,
}

/// The prover's blinding nonces a recoverable Bulletproof+ derives from a seed (the protocol's
/// part of mask recovery): \\(\alpha_k\\) of \\(A\\), the round nonces
/// \\(d_{L,j,k}, d_{R,j,k}\\), and the last round's \\(\delta_k, \eta_k\\). How a seed becomes
/// each of them is a deployment's rule ([`BulletproofsPlusConvention::seed_nonce`]: Tari's is
/// the one deployed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NonceStep {
    Alpha,
    RoundLeft(usize),
    RoundRight(usize),
    Delta,
    Eta,
}
