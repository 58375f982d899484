//! Conventions as types: what a deployment of Bulletproofs or Bulletproofs+ decides besides the
//! protocol's mathematics, as traits the protocol code is generic over.
//!
//! A deployment is a unit type (`Dalek`, `Tari`, `MoneroBulletproofs`,
//! `MoneroBulletproofsPlus`) implementing [`Deployment`] — its group, its transcript, its
//! generators and the statements it allows — and the trait of its proof system,
//! [`BulletproofsConvention`] or [`BulletproofsPlusConvention`]: its wire layout and the
//! transcript steps where deployments differ (the statement, Monero's extra absorptions, the
//! order of the scalars before \\(w\\), a seed-nonce rule). Its generators are a
//! [`Generators<C>`], typed by the deployment: the provers and verifiers take
//! `&Generators<C>` and `&mut C::Transcript` for a `C` of their proof system, so generators of
//! one deployment handed to another's proof system, or another deployment's transcript, do not
//! compile. There is no run-time tag to match on.
//!
//! Adding a deployment of an existing protocol: a file in `deployments/` with its type and these
//! impls, and its line in the suite registry (`suite/registry.rs`; see ARCHITECTURE.md).
//!
//! [`BulletproofsConvention`] and [`BulletproofsPlusConvention`] are **sealed** on purpose: only
//! this crate implements them. Their hidden items — the wire layout (`wire::Layout`,
//! crate-private) and the transcript steps where deployments differ — are how the provers and
//! verifiers are wired, not an interface we can keep stable for out-of-tree code; a deployment
//! of an existing protocol costs a file and a registry line here instead, and is then checked
//! by every test that runs over the registry. What a caller reads stays documented
//! ([`Deployment`]'s items, the conventions' constants); the types only the hidden items take
//! (`BitLayout`, `StatementShape`, `NonceStep`, `group::Commitments`) are hidden with them.
//! Outside the crate an impl is refused with rustc's note that the trait is sealed (its
//! `Sealed` bound cannot be met; its `LAYOUT`'s type cannot be named either, which sealed it
//! by accident before it was sealed on purpose).

use crate::StatementError;
use core::marker::PhantomData;
use core::ops::Deref;
use rand_core::{CryptoRng, RngCore};

pub use super::layout::BitLayout;
use crate::generators::{PedersenGens, RangeGens, VectorGens};
use crate::group::{Commitments, Group};
use crate::sync::Arc;
use crate::transcript::TranscriptProtocol;
use crate::wire::Layout;
use crate::ProofError;

/// The bit sizes a Bulletproofs or Bulletproofs+ range proof may use (a deployment's `BITS`
/// picks among them).
pub const VALID_BITSIZES: [usize; 4] = [8, 16, 32, 64];

/// A deployed convention: the group, transcript, generators and statement rules one
/// implementation fixes. Implemented by one unit type per deployment and proof system.
pub trait Deployment: Sized + Send + Sync + 'static {
    /// The group its proofs live in.
    type Group: Group;
    /// Its Fiat–Shamir transcript.
    type Transcript: TranscriptProtocol<Self::Group> + Clone;

    /// Its name in documents and on the command line (`dalek`, `tari`, `monero`).
    const NAME: &'static str;
    /// \\(\log_2\\) of the cofactor its provers divide published points by and its verifiers
    /// multiply them back with (Monero: 3, so that torsion is cleared as Monero clears it).
    const COFACTOR_LOG2: u32 = 0;
    /// The bit sizes it proves.
    const BITS: &'static [usize] = &VALID_BITSIZES;
    /// The most values one proof aggregates.
    const MAX_VALUES: usize = crate::MAX_AGGREGATION;
    /// The most blinding factors per commitment (Tari's extension degrees).
    const MAX_EXTENSION_DEGREE: usize = 1;
    /// Whether statements may promise minimum values (Tari).
    const MINIMUM_VALUES: bool = false;
    /// Whether the transcript starts from the application's label (merlin's); Monero's hash
    /// chain has none.
    const TRANSCRIPT_LABEL: bool = true;
    /// Whether its verifier takes only power-of-two numbers of values (Sui's: generators for
    /// exactly the proof's commitments); otherwise a count that is not one is padded.
    const POWER_OF_TWO_VALUES: bool = false;

    /// A fresh transcript for a proof under `label` (ignored where
    /// [`Self::TRANSCRIPT_LABEL`] is false).
    fn transcript(label: &[u8]) -> Self::Transcript;

    /// The process-wide generators, derived lazily and kept.
    fn generators() -> &'static Generators<Self>;

    /// The same generators as a value the caller owns: derived for this instance, freed on
    /// drop (a C library's context object, a process that verifies this kind rarely).
    fn owned_generators() -> Generators<Self>;

    /// Checks what the deployment allows of a range statement, past the shape every
    /// deployment checks: its bit sizes and whether minimum values are allowed.
    fn check_range_statement(bits: usize, has_minimums: bool) -> Result<(), ProofError> {
        if !Self::BITS.contains(&bits) || (has_minimums && !Self::MINIMUM_VALUES) {
            return Err(StatementError::RefusedByDeployment.into());
        }
        Ok(())
    }
}

/// The seal of the convention traits: a public trait in a module private to `deployments`, so
/// no other crate can name it, let alone implement it (see the module's notes). Each
/// deployment's file implements it beside its convention.
pub(super) mod sealed {
    pub trait Sealed {}
}

/// A deployment of Bulletproofs (the reference crate's, Monero's original, Solana's). Sealed:
/// implemented in this crate only (see the module's notes).
pub trait BulletproofsConvention: Deployment + sealed::Sealed {
    /// The proof's wire layout.
    #[doc(hidden)]
    const LAYOUT: Layout;

    /// Which Pedersen bases a statement may give in place of the deployment's (Aptos: both,
    /// as its WebAssembly API takes them; MobileCoin: the value's, one per token). A
    /// Bulletproofs transcript never absorbs the bases, so replacing them changes only the
    /// verification equation's \\(B\\) and \\(\tilde B\\) terms
    /// ([`Generators::with_bases`]).
    const STATEMENT_BASES: StatementBases = StatementBases::Fixed;

    /// How a number of values that is not a power of two is brought to one (where
    /// [`Deployment::POWER_OF_TWO_VALUES`] does not refuse it): by default zero values whose
    /// commitments are the identity, the true count bound in the transcript; MobileCoin's
    /// repeats the last value and blinding (so the last commitment), and binds the padded list.
    const PADDING: Padding = Padding::Zeros;

    /// Whether each value has a bit length of its own (Solana's batched range proofs), from 1
    /// to 64, the lengths summing to one of [`Deployment::BITS`] (which then lists the totals)
    /// on one generator chain; by default every value has the same bit size, one of `BITS`, on
    /// its own party share, and a count that is not a power of two is padded (the reference).
    const PER_VALUE_BIT_LENGTHS: bool = false;

    /// The layout of a proof of values of these bit lengths (one per value), or why the
    /// deployment does not prove it; the rule [`Self::PER_VALUE_BIT_LENGTHS`] names.
    #[doc(hidden)]
    fn layout(bit_lengths: &[usize]) -> Result<BitLayout, StatementError> {
        let m = bit_lengths.len();
        if m == 0 || m > Self::MAX_VALUES {
            return Err(StatementError::InvalidAggregation {
                given: m,
                max: Self::MAX_VALUES,
            });
        }
        if Self::POWER_OF_TWO_VALUES && !m.is_power_of_two() {
            return Err(StatementError::InvalidPowerOfTwoAggregation(m));
        }
        if Self::PER_VALUE_BIT_LENGTHS {
            if let Some(&n) = bit_lengths.iter().find(|&&n| n == 0 || n > 64) {
                return Err(StatementError::InvalidBitLength(n));
            }
            let total = bit_lengths.iter().sum();
            if !Self::BITS.contains(&total) || !total.is_power_of_two() {
                return Err(StatementError::InvalidBitTotal {
                    total,
                    allowed: Self::BITS,
                });
            }
            return Ok(BitLayout::one_chain(bit_lengths));
        }
        let n = bit_lengths[0];
        if !VALID_BITSIZES.contains(&n) {
            return Err(StatementError::InvalidBitsize {
                given: n,
                supported: &VALID_BITSIZES,
            });
        }
        if bit_lengths.iter().any(|&l| l != n) || !Self::BITS.contains(&n) {
            return Err(StatementError::RefusedByDeployment);
        }
        Ok(BitLayout::uniform(n, m))
    }

    /// Absorbs the statement (the layout, the commitments) as the deployment does and returns
    /// the commitment points the proof is about (Monero: \\(8^{-1} C_j\\); the verifier
    /// clears their cofactor before use). By default the reference's: `rangeproof v1`, n, m,
    /// then each \\(V_j\\).
    #[doc(hidden)]
    fn statement<G: Group, T: TranscriptProtocol<G>>(
        transcript: &mut T,
        layout: &BitLayout,
        commitments: &Commitments<G>,
    ) -> Result<Commitments<G>, ProofError> {
        transcript.rangeproof_domain_sep(layout.party_bits() as u64, commitments.len() as u64);
        for v in commitments.encodings() {
            transcript.append_point(b"V", &v);
        }
        Ok(commitments.clone())
    }

    /// Before \\(T_1, T_2\\) (Monero absorbs \\(z\\) again); nothing by default.
    #[doc(hidden)]
    fn before_t<G: Group, T: TranscriptProtocol<G>>(transcript: &mut T, z: &G::Scalar) {
        let _ = (transcript, z);
    }

    /// \\(t_x, \tau_x, \mu\\) before \\(w\\), in the deployment's order (Monero: \\(x, \tau_x,
    /// \mu, t_x\\)); by default the reference's \\(t_x, \tau_x, \mu\\).
    #[doc(hidden)]
    fn scalars<G: Group, T: TranscriptProtocol<G>>(
        transcript: &mut T,
        x: &G::Scalar,
        t_x: &G::Scalar,
        t_x_blinding: &G::Scalar,
        e_blinding: &G::Scalar,
    ) {
        let _ = x;
        transcript.append_scalar(b"t_x", t_x);
        transcript.append_scalar(b"t_x_blinding", t_x_blinding);
        transcript.append_scalar(b"e_blinding", e_blinding);
    }

    /// After \\(w\\), before the inner-product argument, on both sides (Solana squeezes a
    /// challenge it no longer uses); nothing by default.
    #[doc(hidden)]
    fn after_w<G: Group, T: TranscriptProtocol<G>>(transcript: &mut T) {
        let _ = transcript;
    }

    /// The verifier's weight \\(c\\) of the polynomial check against the inner-product check,
    /// once the inner-product argument's rounds are absorbed: a fresh random scalar by default
    /// (the reference's), Solana's \\(d\\), a challenge after the argument's \\(a, b\\).
    #[doc(hidden)]
    fn polynomial_weight<G: Group, T: TranscriptProtocol<G>, R: RngCore + CryptoRng>(
        transcript: &mut T,
        a: &G::Scalar,
        b: &G::Scalar,
        rng: &mut R,
    ) -> G::Scalar {
        let _ = (transcript, a, b);
        G::random_scalar(rng)
    }
}

/// Which Pedersen bases a deployment's statements may replace
/// ([`BulletproofsConvention::STATEMENT_BASES`]); the suites read them as the parameters
/// `value_base` and `blinding_base`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatementBases {
    /// The deployment's own bases only.
    Fixed,
    /// The value base \\(B\\) (MobileCoin's per-token base).
    Value,
    /// The value base \\(B\\) and the blinding base \\(\tilde B\\) (Aptos).
    ValueAndBlinding,
}

/// How a deployment of Bulletproofs pads a number of values to a power of two
/// ([`BulletproofsConvention::PADDING`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Padding {
    /// Zero values with zero blindings: identity commitments, neither sent nor absorbed; the
    /// transcript binds the true count (this crate's reference deployment).
    Zeros,
    /// The last value and blinding repeated, so the last commitment: the suites pad the values
    /// before proving and the commitments before verifying, and the proof is about the padded
    /// list (MobileCoin's `resize_slice_to_pow2`). Documents list the real commitments.
    RepeatLast,
}

/// A deployment of Bulletproofs+ (Tari's, Monero's). Sealed: implemented in this crate only
/// (see the module's notes).
pub trait BulletproofsPlusConvention: Deployment + sealed::Sealed {
    /// The proof's wire layout.
    #[doc(hidden)]
    const LAYOUT: Layout;

    /// Whether the deployment derives a recoverable proof's nonces from a seed (Tari).
    const HAS_SEED_NONCES: bool = false;

    /// Absorbs the statement as the deployment does and returns the commitment points the proof
    /// is about (Monero: \\(8^{-1} C_j\\)). `commitments` are the real (unpadded) ones.
    #[doc(hidden)]
    fn statement<G: Group, T: TranscriptProtocol<G>>(
        transcript: &mut T,
        gens: &RangeGens<G>,
        shape: StatementShape<'_>,
        commitments: &Commitments<G>,
    ) -> Result<Commitments<G>, ProofError>;

    /// The nonce of `step` for blinding factor `k`, derived from `seed` by the deployment's
    /// rule; `None` without one (provers refuse a seed for such a deployment first).
    #[doc(hidden)]
    fn seed_nonce<G: Group>(seed: &G::Scalar, step: NonceStep, k: usize) -> Option<G::Scalar> {
        let _ = (seed, step, k);
        None
    }
}

/// A deployment's generators: the Pedersen bases and vector chains ([`RangeGens`], which this
/// dereferences to) typed by the deployment `C`, so that only `C`'s proof system takes them.
///
/// Tari's generators with the reference crate's Bulletproofs, or the dalek generators with
/// Tari's Bulletproofs+, do not compile (where a run-time tag once refused them):
///
/// ```compile_fail
/// use merlin::Transcript;
/// use rangeproof::deployments::tari;
/// use rangeproof::{Group, RangeProof, Ristretto255};
///
/// let blinding = Ristretto255::random_scalar(&mut rand::rngs::OsRng);
/// // error: `Tari` is not a `BulletproofsConvention`.
/// let _ = RangeProof::prove_single(
///     tari::generators(),
///     &mut Transcript::new(b"doc"),
///     7,
///     &blinding,
///     8,
///     &mut rand::rngs::OsRng,
/// );
/// ```
///
/// ```compile_fail
/// use merlin::Transcript;
/// use rangeproof::bulletproofs_plus::Statement;
/// use rangeproof::deployments::dalek;
/// use rangeproof::{Group, RangeProofPlus, Ristretto255};
///
/// let blinding = Ristretto255::random_scalar(&mut rand::rngs::OsRng);
/// let statement = Statement { bits: 8, extension_degree: 1, minimum_values: None };
/// // error: `Dalek` is not a `BulletproofsPlusConvention`.
/// let _ = RangeProofPlus::prove(
///     dalek::generators(),
///     &mut Transcript::new(b"doc"),
///     &statement,
///     &[7],
///     &[vec![blinding]],
///     None,
///     &mut rand::rngs::OsRng,
/// );
/// ```
///
/// The same calls with the matching generators compile and prove:
///
/// ```
/// use merlin::Transcript;
/// use rangeproof::bulletproofs_plus::Statement;
/// use rangeproof::deployments::{dalek, tari};
/// use rangeproof::{Group, RangeProof, RangeProofPlus, Ristretto255};
///
/// let blinding = Ristretto255::random_scalar(&mut rand::rngs::OsRng);
/// RangeProof::prove_single(
///     dalek::generators(),
///     &mut Transcript::new(b"doc"),
///     7,
///     &blinding,
///     8,
///     &mut rand::rngs::OsRng,
/// )
/// .unwrap();
/// let statement = Statement { bits: 8, extension_degree: 1, minimum_values: None };
/// RangeProofPlus::prove(
///     tari::generators(),
///     &mut Transcript::new(b"doc"),
///     &statement,
///     &[7],
///     &[vec![blinding]],
///     None,
///     &mut rand::rngs::OsRng,
/// )
/// .unwrap();
/// ```
pub struct Generators<C: Deployment> {
    gens: RangeGens<C::Group>,
    deployment: PhantomData<fn() -> C>,
}

impl<C: Deployment> Generators<C> {
    /// `C`'s generators from its bases and chains.
    pub(crate) fn new(pedersen: PedersenGens<C::Group>, vector: Arc<VectorGens<C::Group>>) -> Self {
        Generators {
            gens: RangeGens::new(pedersen, vector),
            deployment: PhantomData,
        }
    }
}

impl<C: Deployment> Generators<C> {
    /// The same deployment's generators with other Pedersen bases (`None`: keep this one's),
    /// sharing the vector chains: Aptos's caller-given bases, MobileCoin's per-token value
    /// base. Cheap (no chain is derived); the copy keeps no precomputed tables of its own
    /// until it is used.
    pub fn with_bases(
        &self,
        value: Option<<C::Group as Group>::Point>,
        blinding: Option<<C::Group as Group>::Point>,
    ) -> Self {
        let mut pedersen = self.gens.pedersen().clone();
        if let Some(b) = value {
            pedersen.b = b;
        }
        if let (Some(b), Some(first)) = (blinding, pedersen.blinding.first_mut()) {
            *first = b;
        }
        Generators::new(pedersen, self.gens.vector_arc())
    }
}

impl<C: Deployment> Deref for Generators<C> {
    type Target = RangeGens<C::Group>;

    fn deref(&self) -> &RangeGens<C::Group> {
        &self.gens
    }
}

impl<C: Deployment> core::fmt::Debug for Generators<C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Generators")
            .field("deployment", &C::NAME)
            .field("generators", &self.gens)
            .finish()
    }
}

/// What a Bulletproofs+ transcript absorbs of the statement besides the commitments.
// Hidden with the sealed trait's `statement` step, its only taker.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct StatementShape<'a> {
    pub bits: usize,
    pub extension_degree: usize,
    pub minimum_values: Option<&'a [u64]>,
}

/// The prover's blinding nonces a recoverable Bulletproof+ derives from a seed (the protocol's
/// part of mask recovery): \\(\alpha_k\\) of \\(A\\), the round nonces
/// \\(d_{L,j,k}, d_{R,j,k}\\), and the last round's \\(\delta_k, \eta_k\\). How a seed becomes
/// each of them is a deployment's rule ([`BulletproofsPlusConvention::seed_nonce`]: Tari's is
/// the one deployed).
// Hidden with the sealed trait's `seed_nonce` rule, its only taker.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NonceStep {
    Alpha,
    RoundLeft(usize),
    RoundRight(usize),
    Delta,
    Eta,
}
