//! Every supported deployment by name, proving, verifying and batching over encoded bytes — an
//! open registry.
//!
//! The typed API ([`crate::RangeProof`], [`crate::RangeProofPlus`], the generators and
//! transcripts of each convention) is what applications written in Rust use. Front ends that
//! take their choice from data — the command-line tool's JSON documents, language bindings — use
//! a [`Suite`] instead: one value names a deployment (scheme, group, flavor), knows its
//! limits ([`SuiteInfo`]), and proves, verifies, batches and recovers proofs as bytes.
//!
//! A suite is an implementation of [`ProofSuite`], one object-safe trait; [`Suite`] is a
//! handle to one and adds what every suite shares (checking a statement against the limits,
//! the lengths of inputs, checking a recovered opening against its commitment). The registry,
//! [`Suite::ALL`], is the one list of them. **Adding a deployment or a proof system is a new
//! file implementing [`ProofSuite`] and one line in [`Suite::ALL`]** (and a named constant, if
//! callers want one): nothing else matches over the suites.

#[cfg(feature = "secp256k1-zkp")]
mod borromean;
mod bppp;
mod context;
// Always compiled: the core's own ristretto255 Bulletproofs (the `dalek` feature registers it).
mod dalek;
#[cfg(feature = "secp256k1-zkp")]
mod grin;
#[cfg(feature = "monero")]
mod monero;
pub mod parameters;
#[cfg(feature = "secp256k1-zkp")]
mod surjection;
#[cfg(feature = "tari")]
mod tari;

use alloc::{boxed::Box, format, string::String, vec, vec::Vec};
use rand_core::{CryptoRng, CryptoRngCore, RngCore};
use zeroize::Zeroizing;

use crate::bulletproofs_plus::{Statement, MAX_EXTENSION_DEGREE};
use crate::group::Group;
#[cfg(feature = "secp256k1-zkp")]
use crate::Secp256k1;
use crate::{BatchError, BatchVerifier, Ed25519, ProofError, Ristretto255};
pub use context::{ContextSuite, StateSharing, SuiteContext, SuiteState};
pub use parameters::{ParameterKind, ParameterSpec, ParameterValue, Parameters};

/// What a suite is and what it accepts: its names and limits, which the front ends read to
/// validate input and to word their messages.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct SuiteInfo {
    /// The proof system: `"bulletproofs"`, `"bulletproofs+"`, `"borromean"`, `"surjection"`.
    pub scheme: &'static str,
    /// The group: `"ristretto255"`, `"ed25519"`, `"secp256k1"`.
    pub group: &'static str,
    /// The flavor — the deployment's conventions, as documents, the CLI and Python name it:
    /// `"dalek"`, `"tari"`, `"monero"`, `"grin"`, `"elements"`.
    pub flavor: &'static str,
    /// The bit sizes it proves; empty for a proof system whose statement has no bit size
    /// (Elements' Borromean proofs carry theirs in the proof's header; surjection proofs
    /// prove no value).
    pub bits: &'static [usize],
    /// The most values one proof covers (0: its statement has no commitments).
    pub max_values: usize,
    /// The most blinding factors per commitment (1 unless the scheme has more).
    pub max_extension_degree: usize,
    /// Whether statements may carry minimum-value promises.
    pub minimum_values: bool,
    /// Whether a proof covers a power-of-two number of values only.
    pub power_of_two_values: bool,
    /// A commitment's length in bytes.
    pub commitment_len: usize,
    /// Whether the transcript takes the application's label.
    pub transcript_label: bool,
    /// Whether proofs can carry a recovery nonce (Tari's seed, Grin's rewind nonce).
    pub recovery_nonce: bool,
    /// Whether statements take libsecp256k1-zkp's value generator and extra data.
    pub secp256k1_zkp_fields: bool,
    /// Whether statements take a generator count (libsecp256k1-zkp's Bulletproofs).
    pub generator_count: bool,
    /// The suite's own parameters ([`parameters`]): what its statements carry beyond the
    /// shared fields.
    pub parameters: &'static [ParameterSpec],
}

impl SuiteInfo {
    /// A suite's names and basic limits (what a suite defined outside this crate starts
    /// from); everything else off until the builder methods below turn it on.
    pub const fn new(
        scheme: &'static str,
        group: &'static str,
        flavor: &'static str,
        bits: &'static [usize],
        max_values: usize,
        commitment_len: usize,
    ) -> Self {
        SuiteInfo {
            scheme,
            group,
            flavor,
            bits,
            max_values,
            max_extension_degree: 1,
            minimum_values: false,
            power_of_two_values: false,
            commitment_len,
            transcript_label: false,
            recovery_nonce: false,
            secp256k1_zkp_fields: false,
            generator_count: false,
            parameters: &[],
        }
    }

    /// The suite's own statement parameters.
    pub const fn with_parameters(mut self, parameters: &'static [ParameterSpec]) -> Self {
        self.parameters = parameters;
        self
    }

    /// Up to `degree` blinding factors per commitment.
    pub const fn with_extension_degree(mut self, degree: usize) -> Self {
        self.max_extension_degree = degree;
        self
    }

    /// The transcript takes the application's label.
    pub const fn with_transcript_label(mut self) -> Self {
        self.transcript_label = true;
        self
    }

    /// Statements may carry minimum-value promises.
    pub const fn with_minimum_values(mut self) -> Self {
        self.minimum_values = true;
        self
    }

    /// Proofs can carry a recovery nonce.
    pub const fn with_recovery_nonce(mut self) -> Self {
        self.recovery_nonce = true;
        self
    }
}

/// One deployment of a proof system, over bytes: what a new suite implements (in a file of
/// its own under `suite/`, registered by one line in [`Suite::ALL`]).
///
/// [`Suite`] calls these after checking what every suite shares: the statement against
/// [`SuiteInfo`] ([`Suite::check_statement`]) and the number of blindings. Randomness comes as a
/// trait object so that the trait stays object-safe. Each call gets the suite's `state` in the
/// caller's [`SuiteContext`]: what [`Self::new_state`] made.
pub trait ProofSuite: Send + Sync + 'static {
    /// Names and limits.
    fn info(&self) -> &SuiteInfo;

    /// What the suite derives once and reuses (generators, tables) for a context: the
    /// process-wide caches or its own, as `sharing` asks. Suites that keep nothing leave the
    /// default (no state).
    fn new_state(&self, sharing: StateSharing) -> Box<SuiteState> {
        let _ = sharing;
        Box::new(())
    }

    /// A random scalar of the suite's group, encoded (a blinding factor).
    fn random_scalar(&self, rng: &mut dyn CryptoRngCore) -> Vec<u8>;

    /// Proves that every value lies in range for commitments with these blindings (per value,
    /// `extension_degree` canonical encodings); with a recovery nonce where the suite has one.
    fn prove(
        &self,
        state: &SuiteState,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
        nonce: Option<&[u8; 32]>,
        rng: &mut dyn CryptoRngCore,
    ) -> Result<Proved, ProofError>;

    /// The commitments these openings make, encoded (constant-time in the openings).
    fn commit(
        &self,
        state: &SuiteState,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
    ) -> Result<Vec<Vec<u8>>, ProofError>;

    /// Whether the bytes are a proof in the suite's wire format (lengths, canonical points and
    /// scalars), without verifying it.
    fn check_encoding(&self, proof: &[u8]) -> Result<(), ProofError>;

    /// Verifies one proof for `commitments` (encoded).
    fn verify(
        &self,
        state: &SuiteState,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        rng: &mut dyn CryptoRngCore,
    ) -> Result<(), ProofError>;

    /// Decodes a proof and adds it to its group's batch; a proof that does not decode is not
    /// added (its error is returned).
    fn add_to_batch<'c>(
        &self,
        state: &'c SuiteState,
        batch: &mut GroupBatches<'c>,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        rng: &mut dyn CryptoRngCore,
    ) -> Result<BatchSlot, ProofError>;

    /// What a recovery nonce gives back from a proof (verified first by the caller), not yet
    /// checked against the commitment. Suites without recovery keep the default.
    fn recover(
        &self,
        state: &SuiteState,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        nonce: &[u8; 32],
    ) -> Result<Recovered, ProofError> {
        let _ = (state, statement, proof, commitments, nonce);
        Err(ProofError::NoRecoveryNonce)
    }

    /// The generator count a statement without one means, for suites that take one.
    fn default_generators_n(&self, bits: usize, values: usize) -> Option<usize> {
        let _ = (bits, values);
        None
    }
}

/// A registered suite: a copyable handle to its [`ProofSuite`], compared by its names.
#[derive(Clone, Copy)]
pub struct Suite(&'static dyn ProofSuite);

impl PartialEq for Suite {
    fn eq(&self, other: &Self) -> bool {
        let (a, b) = (self.0.info(), other.0.info());
        (a.scheme, a.group, a.flavor) == (b.scheme, b.group, b.flavor)
    }
}

impl Eq for Suite {}

impl core::hash::Hash for Suite {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        let info = self.0.info();
        (info.scheme, info.group, info.flavor).hash(state);
    }
}

impl core::fmt::Debug for Suite {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} {}/{}", self.scheme(), self.group(), self.flavor())
    }
}

/// What a proof is about besides its commitments.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SuiteStatement {
    /// Bit size n.
    pub bits: usize,
    /// Blinding factors per commitment (1 unless the suite supports more).
    pub extension_degree: usize,
    /// Minimum-value promises, one per commitment, where the suite supports them.
    pub minimum_values: Option<Vec<u64>>,
    /// The transcript label, for suites whose transcript takes one (empty otherwise).
    pub transcript_label: Vec<u8>,
    /// secp256k1-zkp's generator count \\(N\\) (Grin only). `None` is Grin's 256, or the
    /// smallest power of two that fits \\(2nm\\) when that is larger
    /// ([`Suite::default_generators_n`]).
    pub generators_n: Option<usize>,
    /// The value generator's 33-byte encoding (Grin only; `None` is \\(H\\)).
    pub value_generator: Option<Vec<u8>>,
    /// Extra data bound into the transcript (Grin only).
    pub extra_data: Option<Vec<u8>>,
    /// The suite's own parameters, by the names its [`SuiteInfo::parameters`] declares.
    pub parameters: Parameters,
}

/// What `Suite::recover` gives back (with `std`).
#[derive(Debug)]
pub struct Recovered {
    /// The value (Grin's rewind; Tari's mask recovery does not give it).
    pub value: Option<u64>,
    /// The blinding factors' encodings (Tari: one per extension degree; Grin: one).
    /// Wiped when dropped.
    pub blindings: Zeroizing<Vec<Vec<u8>>>,
    /// Grin's 20-byte message.
    pub message: Option<Vec<u8>>,
    /// Whether the recovered opening was checked to open the commitment: always for Grin
    /// (the rewind gives the value), for Tari only when the caller gave the value
    /// (`Suite::recover_with_value`). An unchecked Tari recovery with a wrong seed gives
    /// wrong blindings.
    pub checked: bool,
}

/// A proof made by [`Suite::prove`]: the proof, the commitments and (secret) their blindings,
/// all encoded.
pub struct Proved {
    /// The proof in the suite's wire format.
    pub proof: Vec<u8>,
    /// The commitments' encodings, in the order of the values.
    pub commitments: Vec<Vec<u8>>,
    /// Per commitment, its blinding factors' encodings. Wiped when dropped.
    pub blindings: Zeroizing<Vec<Vec<Vec<u8>>>>,
    /// The nonce that rewinds the proof, where the suite has one (Grin: it recovers the
    /// value, the message and the blinding). Wiped when dropped.
    pub rewind_nonce: Option<Zeroizing<[u8; 32]>>,
}

impl Suite {
    /// Bulletproofs on ristretto255, as the reference `bulletproofs` crate (dalek).
    pub const DALEK_BULLETPROOFS: Suite = Suite(&dalek::DalekBulletproofs);
    /// Bulletproofs+ on ristretto255, as Tari.
    #[cfg(feature = "tari")]
    pub const TARI_BULLETPROOFS_PLUS: Suite = Suite(&tari::TariBulletproofsPlus);
    /// Monero's original Bulletproofs (Ed25519; transaction serialization).
    #[cfg(feature = "monero")]
    pub const MONERO_BULLETPROOFS: Suite = Suite(&monero::MoneroBulletproofs);
    /// Monero's Bulletproofs+ (Ed25519; transaction serialization).
    #[cfg(feature = "monero")]
    pub const MONERO_BULLETPROOFS_PLUS: Suite = Suite(&monero::MoneroBulletproofsPlus);
    /// libsecp256k1-zkp's Bulletproofs on secp256k1, as Grin (and Elements' Confidential
    /// Assets, with asset value generators).
    #[cfg(feature = "secp256k1-zkp")]
    pub const GRIN_BULLETPROOFS: Suite = Suite(&grin::GrinBulletproofs);
    /// Elements' Borromean range proofs on secp256k1, as Liquid runs them.
    #[cfg(feature = "secp256k1-zkp")]
    pub const ELEMENTS_BORROMEAN: Suite = Suite(&borromean::ElementsBorromean);
    /// Elements' asset surjection proofs on secp256k1 (verify and batch; proving is the typed
    /// API's).
    #[cfg(feature = "secp256k1-zkp")]
    pub const ELEMENTS_SURJECTION: Suite = Suite(&surjection::ElementsSurjection);

    /// Bulletproofs++ on ristretto255, in our conventions (merlin, the reference crate's
    /// Pedersen commitments).
    pub const BULLETPROOFS_PP: Suite =
        Suite(&bppp::BulletproofsPlusPlus::<crate::bulletproofs_pp::ristretto::Merlin>::SUITE);
    /// Bulletproofs++ on secp256k1, in libsecp256k1-zkp's conventions.
    #[cfg(feature = "secp256k1-zkp")]
    pub const SECP256K1_ZKP_BULLETPROOFS_PP: Suite =
        Suite(&bppp::BulletproofsPlusPlus::<crate::secp256k1_zkp::bppp::Secp256k1Zkp>::SUITE);

    /// The registry: every suite the enabled features compile in, in the order front ends
    /// list them. A new suite is one line here.
    pub const ALL: &'static [Suite] = &[
        #[cfg(feature = "dalek")]
        Suite::DALEK_BULLETPROOFS,
        #[cfg(feature = "tari")]
        Suite::TARI_BULLETPROOFS_PLUS,
        #[cfg(feature = "monero")]
        Suite::MONERO_BULLETPROOFS,
        #[cfg(feature = "monero")]
        Suite::MONERO_BULLETPROOFS_PLUS,
        #[cfg(feature = "secp256k1-zkp")]
        Suite::GRIN_BULLETPROOFS,
        #[cfg(feature = "secp256k1-zkp")]
        Suite::ELEMENTS_BORROMEAN,
        #[cfg(feature = "secp256k1-zkp")]
        Suite::ELEMENTS_SURJECTION,
        Suite::BULLETPROOFS_PP,
        #[cfg(feature = "secp256k1-zkp")]
        Suite::SECP256K1_ZKP_BULLETPROOFS_PP,
    ];

    /// A suite implemented outside this crate (not in [`Suite::ALL`]): for applications with a
    /// deployment of their own.
    pub const fn custom(suite: &'static dyn ProofSuite) -> Suite {
        Suite(suite)
    }

    /// Names and limits.
    pub fn info(self) -> &'static SuiteInfo {
        self.0.info()
    }

    /// The proof system's name (`"bulletproofs"`, `"bulletproofs+"`, `"borromean"`, ...).
    pub fn scheme(self) -> &'static str {
        self.info().scheme
    }

    /// The group's name.
    pub fn group(self) -> &'static str {
        self.info().group
    }

    /// The flavor's name (a deployment's conventions): `"dalek"`, `"tari"`, `"monero"` or
    /// `"grin"`.
    pub fn flavor(self) -> &'static str {
        self.info().flavor
    }

    /// `scheme group/flavor`, as messages name a suite.
    pub fn name(self) -> String {
        format!("{} {}/{}", self.scheme(), self.group(), self.flavor())
    }

    /// The suite with these names.
    pub fn find(scheme: &str, group: &str, flavor: &str) -> Option<Suite> {
        Suite::ALL
            .iter()
            .copied()
            .find(|s| s.scheme() == scheme && s.group() == group && s.flavor() == flavor)
    }

    /// The suite for a scheme with an optional group and flavor: the only one that matches
    /// what is given (ristretto255 with its flavor when neither is given).
    pub fn resolve(scheme: &str, group: Option<&str>, flavor: Option<&str>) -> Option<Suite> {
        let mut matches = Suite::ALL.iter().copied().filter(|s| {
            s.scheme() == scheme
                && group.is_none_or(|g| g == s.group())
                && flavor.is_none_or(|f| f == s.flavor())
        });
        let first = matches.next()?;
        match matches.next() {
            None => Some(first),
            // Ambiguous (neither group nor flavor given): the ristretto255 default.
            Some(_) => Suite::ALL
                .iter()
                .copied()
                .find(|s| s.scheme() == scheme && s.group() == Ristretto255::NAME),
        }
    }

    /// Whether the suite's transcript takes a label (merlin's do; Monero's has none).
    pub fn takes_transcript_label(self) -> bool {
        self.info().transcript_label
    }

    /// The bit sizes the suite proves.
    pub fn supported_bits(self) -> &'static [usize] {
        self.info().bits
    }

    /// The most values one proof covers.
    pub fn max_values(self) -> usize {
        self.info().max_values
    }

    /// The most blinding factors per commitment.
    pub fn max_extension_degree(self) -> usize {
        self.info().max_extension_degree
    }

    /// Whether the suite supports minimum-value promises (Grin's only for one value).
    pub fn supports_minimum_values(self) -> bool {
        self.info().minimum_values
    }

    /// Whether values must come in power-of-two counts (secp256k1-zkp's verifier rejects other
    /// counts; the other suites pad).
    pub fn needs_power_of_two_values(self) -> bool {
        self.info().power_of_two_values
    }

    /// Whether statements take libsecp256k1-zkp's value generator and extra data.
    pub fn takes_secp256k1_zkp_fields(self) -> bool {
        self.info().secp256k1_zkp_fields
    }

    /// Whether statements take a generator count (`generators_n`).
    pub fn takes_generator_count(self) -> bool {
        self.info().generator_count
    }

    /// Whether proofs can carry a recovery nonce.
    pub fn has_recovery_nonce(self) -> bool {
        self.info().recovery_nonce
    }

    /// The generator count a statement without one means (suites that take one).
    pub fn default_generators_n(self, bits: usize, values: usize) -> Option<usize> {
        self.0.default_generators_n(bits, values)
    }

    /// Length in bytes of a commitment (a point of the suite's group).
    pub fn commitment_len(self) -> usize {
        self.info().commitment_len
    }

    /// Refuses a statement that sets what the suite does not use — minimum values where there
    /// are none, more than one blinding per commitment, a transcript label for a transcript
    /// that takes none, libsecp256k1-zkp's fields elsewhere — instead of proving or verifying
    /// as if they were absent. Every proving, committing, verifying, batching and recovering
    /// call runs it first.
    pub fn check_statement(self, statement: &SuiteStatement) -> Result<(), ProofError> {
        let degree = statement.extension_degree;
        if degree == 0 || degree > MAX_EXTENSION_DEGREE {
            return Err(ProofError::InvalidExtensionDegree(degree));
        }
        if degree > self.max_extension_degree() {
            return Err(ProofError::UnusedStatementField(
                "extension degree above 1 (one blinding per commitment)",
            ));
        }
        if statement.minimum_values.is_some() && !self.supports_minimum_values() {
            return Err(ProofError::UnusedStatementField("minimum values"));
        }
        if !statement.transcript_label.is_empty() && !self.takes_transcript_label() {
            return Err(ProofError::UnusedStatementField("transcript label"));
        }
        if !self.takes_secp256k1_zkp_fields() {
            for (field, present) in [
                ("value generator", statement.value_generator.is_some()),
                ("extra data", statement.extra_data.is_some()),
            ] {
                if present {
                    return Err(ProofError::UnusedStatementField(field));
                }
            }
        }
        if statement.generators_n.is_some() && !self.takes_generator_count() {
            return Err(ProofError::UnusedStatementField(
                "generator count (generators_n)",
            ));
        }
        if self.supported_bits().is_empty() && statement.bits != 0 {
            return Err(ProofError::UnusedStatementField(
                "bit size (leave bits 0: this proof system has none)",
            ));
        }
        parameters::check(self.info().parameters, &statement.parameters)
    }

    /// The suite in the process-wide context ([`SuiteContext::global`]), where these methods
    /// run; [`SuiteContext::suite`] runs them in a context of the caller's.
    pub fn in_global_context(self) -> ContextSuite<'static> {
        SuiteContext::global().suite(self)
    }

    /// Proves that every value lies in range under `statement`, with fresh random blindings
    /// ([`ContextSuite::prove`], in the process-wide context).
    pub fn prove<R: RngCore + CryptoRng>(
        self,
        statement: &SuiteStatement,
        values: &[u64],
        rng: &mut R,
    ) -> Result<Proved, ProofError> {
        self.in_global_context().prove(statement, values, rng)
    }

    /// Fresh random blindings, `per_value` for each of `values` values, encoded for
    /// [`Self::prove_with_blindings`] and [`Self::commit`]. Wiped when dropped.
    pub fn random_blindings<R: RngCore + CryptoRng>(
        self,
        values: usize,
        per_value: usize,
        rng: &mut R,
    ) -> Zeroizing<Vec<Vec<Vec<u8>>>> {
        Zeroizing::new(
            (0..values)
                .map(|_| (0..per_value).map(|_| self.0.random_scalar(rng)).collect())
                .collect(),
        )
    }

    /// [`ContextSuite::prove_with_blindings`], in the process-wide context.
    pub fn prove_with_blindings<R: RngCore + CryptoRng>(
        self,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
        rng: &mut R,
    ) -> Result<Proved, ProofError> {
        self.in_global_context()
            .prove_with_blindings(statement, values, blindings, rng)
    }

    /// [`ContextSuite::prove_recoverable`], in the process-wide context.
    pub fn prove_recoverable<R: RngCore + CryptoRng>(
        self,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
        nonce: &[u8; 32],
        rng: &mut R,
    ) -> Result<Proved, ProofError> {
        self.in_global_context()
            .prove_recoverable(statement, values, blindings, nonce, rng)
    }

    #[cfg(feature = "std")]
    /// [`ContextSuite::recover`], in the process-wide context.
    pub fn recover(
        self,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        nonce: &[u8; 32],
    ) -> Result<Recovered, ProofError> {
        self.in_global_context()
            .recover(statement, proof, commitments, nonce)
    }

    #[cfg(feature = "std")]
    /// [`ContextSuite::recover_with_value`], in the process-wide context.
    pub fn recover_with_value(
        self,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        nonce: &[u8; 32],
        value: Option<u64>,
    ) -> Result<Recovered, ProofError> {
        self.in_global_context()
            .recover_with_value(statement, proof, commitments, nonce, value)
    }

    /// [`ContextSuite::commit`], in the process-wide context.
    pub fn commit(
        self,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
    ) -> Result<Vec<Vec<u8>>, ProofError> {
        self.in_global_context()
            .commit(statement, values, blindings)
    }

    /// Checks that the bytes are a proof in the suite's wire format (lengths, canonical points
    /// and scalars), without verifying it. (The typed APIs decode into typed proofs.)
    pub fn check_encoding(self, proof: &[u8]) -> Result<(), ProofError> {
        self.0.check_encoding(proof)
    }

    /// [`ContextSuite::verify`], in the process-wide context.
    pub fn verify<R: RngCore + CryptoRng>(
        self,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        rng: &mut R,
    ) -> Result<(), ProofError> {
        self.in_global_context()
            .verify(statement, proof, commitments, rng)
    }
}

impl ContextSuite<'_> {
    /// Proves that every value lies in range under `statement`, with fresh random blindings.
    pub fn prove<R: RngCore + CryptoRng>(
        self,
        statement: &SuiteStatement,
        values: &[u64],
        rng: &mut R,
    ) -> Result<Proved, ProofError> {
        let blindings = self
            .suite
            .random_blindings(values.len(), statement.extension_degree, rng);
        self.prove_with_blindings(statement, values, &blindings, rng)
    }

    /// Proves that every value lies in range under `statement`, for commitments with the given
    /// blindings (per value, `extension_degree` canonical scalar encodings of the suite's
    /// group): the commitments of existing outputs, whose openings the caller holds.
    pub fn prove_with_blindings<R: RngCore + CryptoRng>(
        self,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
        rng: &mut R,
    ) -> Result<Proved, ProofError> {
        self.prove_inner(statement, values, blindings, None, rng)
    }

    /// [`Self::prove_with_blindings`] with a recovery nonce (32 bytes) that lets its holder
    /// recover the openings later (`Suite::recover`): Tari's seed nonce (one value per proof;
    /// any 32 bytes, read as an integer mod ℓ, so a canonical scalar is itself) or Grin's
    /// rewind nonce. Other suites have none
    /// ([`ProofError::NoRecoveryNonce`]). A nonce must serve one proof only.
    pub fn prove_recoverable<R: RngCore + CryptoRng>(
        self,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
        nonce: &[u8; 32],
        rng: &mut R,
    ) -> Result<Proved, ProofError> {
        self.prove_inner(statement, values, blindings, Some(nonce), rng)
    }

    fn prove_inner<R: RngCore + CryptoRng>(
        self,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
        nonce: Option<&[u8; 32]>,
        rng: &mut R,
    ) -> Result<Proved, ProofError> {
        self.suite.check_statement(statement)?;
        if nonce.is_some() && !self.suite.has_recovery_nonce() {
            return Err(ProofError::NoRecoveryNonce);
        }
        if blindings.len() != values.len() {
            return Err(ProofError::MismatchedLengths {
                values: values.len(),
                blindings: blindings.len(),
            });
        }
        self.implementation()
            .prove(self.state(), statement, values, blindings, nonce, rng)
    }

    #[cfg(feature = "std")]
    /// Recovers what a recovery nonce gives back from a proof: Tari's blindings (mask
    /// recovery; one commitment), or Grin's value, blinding and 20-byte message (rewind; a
    /// wrong nonce is [`ProofError::RewindFailed`]). The proof is checked first: a proof that
    /// does not verify recovers nothing. Grin's recovery is checked against the commitment;
    /// Tari's cannot be without the value ([`Self::recover_with_value`]).
    pub fn recover(
        self,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        nonce: &[u8; 32],
    ) -> Result<Recovered, ProofError> {
        self.recover_with_value(statement, proof, commitments, nonce, None)
    }

    #[cfg(feature = "std")]
    /// [`Self::recover`], checking the recovered opening against the commitment: with the
    /// value the caller knows (Tari's mask recovery does not give it), or with the value the
    /// rewind gives (Grin). An opening that does not make the commitment — a wrong seed — is
    /// [`ProofError::RewindFailed`], never blindings that open nothing.
    pub fn recover_with_value(
        self,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        nonce: &[u8; 32],
        value: Option<u64>,
    ) -> Result<Recovered, ProofError> {
        self.suite.check_statement(statement)?;
        if !self.suite.has_recovery_nonce() {
            return Err(ProofError::NoRecoveryNonce);
        }
        self.verify(statement, proof, commitments, &mut rand_core::OsRng)?;
        let mut recovered =
            self.implementation()
                .recover(self.state(), statement, proof, commitments, nonce)?;
        if let Some(given) = value {
            if recovered.value.is_some_and(|v| v != given) {
                return Err(ProofError::RewindFailed);
            }
        }
        if let Some(value) = value.or(recovered.value) {
            // The one commitment's blindings, as `commit` takes them (a copy wiped on drop).
            let per_value = Zeroizing::new(vec![recovered.blindings.to_vec()]);
            let made = self.commit(statement, &[value], &per_value)?;
            if made.first() != commitments.first() {
                return Err(ProofError::RewindFailed);
            }
            recovered.checked = true;
        }
        Ok(recovered)
    }

    /// The commitments to `values` with `blindings` (per value, `extension_degree` canonical
    /// scalar encodings), encoded as the suite's proofs and documents carry them: what
    /// [`Self::prove_with_blindings`] would commit to, without proving (constant-time in the
    /// openings).
    pub fn commit(
        self,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
    ) -> Result<Vec<Vec<u8>>, ProofError> {
        self.suite.check_statement(statement)?;
        if blindings.len() != values.len() {
            return Err(ProofError::MismatchedLengths {
                values: values.len(),
                blindings: blindings.len(),
            });
        }
        self.implementation()
            .commit(self.state(), statement, values, blindings)
    }

    /// Verifies one proof (in the suite's wire format) for `commitments` (encoded).
    pub fn verify<R: RngCore + CryptoRng>(
        self,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        rng: &mut R,
    ) -> Result<(), ProofError> {
        self.suite.check_statement(statement)?;
        self.implementation()
            .verify(self.state(), statement, proof, commitments, rng)
    }
}

/// The per-group batches a [`SuiteBatch`] holds: a suite adds its proof to its group's
/// [`BatchVerifier`] through these (one multiscalar multiplication per group).
/// `'c` is the context whose generators the proofs are checked against.
#[derive(Default)]
pub struct GroupBatches<'c> {
    ristretto255: BatchVerifier<'c, Ristretto255>,
    ed25519: BatchVerifier<'c, Ed25519>,
    #[cfg(feature = "secp256k1-zkp")]
    secp256k1: BatchVerifier<'c, Secp256k1>,
}

/// Where a proof went: its group's batch and its position there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BatchSlot {
    group: BatchGroup,
    position: usize,
}

/// Which group's batch a proof went to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BatchGroup {
    Ristretto255,
    Ed25519,
    #[cfg(feature = "secp256k1-zkp")]
    Secp256k1,
}

impl<'c> GroupBatches<'c> {
    /// Adds to the ristretto255 batch (`add` returns the position there).
    pub fn ristretto255(
        &mut self,
        add: impl FnOnce(&mut BatchVerifier<'c, Ristretto255>) -> usize,
    ) -> BatchSlot {
        BatchSlot {
            group: BatchGroup::Ristretto255,
            position: add(&mut self.ristretto255),
        }
    }

    /// Adds to the Ed25519 batch.
    pub fn ed25519(
        &mut self,
        add: impl FnOnce(&mut BatchVerifier<'c, Ed25519>) -> usize,
    ) -> BatchSlot {
        BatchSlot {
            group: BatchGroup::Ed25519,
            position: add(&mut self.ed25519),
        }
    }

    /// Adds to the secp256k1 batch.
    #[cfg(feature = "secp256k1-zkp")]
    pub fn secp256k1(
        &mut self,
        add: impl FnOnce(&mut BatchVerifier<'c, Secp256k1>) -> usize,
    ) -> BatchSlot {
        BatchSlot {
            group: BatchGroup::Secp256k1,
            position: add(&mut self.secp256k1),
        }
    }
}

/// Proofs of any suites, verified together: one [`BatchVerifier`] (one multiscalar
/// multiplication) per group, against the generators of one context (`'c`).
pub struct SuiteBatch<'c> {
    context: &'c SuiteContext,
    groups: GroupBatches<'c>,
    /// Per proof added: its group's batch and its position there.
    slots: Vec<BatchSlot>,
}

impl Default for SuiteBatch<'static> {
    fn default() -> Self {
        Self::new()
    }
}

impl SuiteBatch<'static> {
    /// An empty batch in the process-wide context.
    pub fn new() -> Self {
        Self::in_context(SuiteContext::global())
    }
}

impl<'c> SuiteBatch<'c> {
    /// An empty batch whose proofs are checked with `context`'s generators.
    pub fn in_context(context: &'c SuiteContext) -> Self {
        SuiteBatch {
            context,
            groups: GroupBatches::default(),
            slots: Vec::new(),
        }
    }

    /// Number of proofs added.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether no proof was added.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Decodes a proof and adds it; returns its position. A proof that does not decode (or a
    /// commitment of the wrong length) is not added: its error is returned instead.
    pub fn add<R: RngCore + CryptoRng>(
        &mut self,
        suite: Suite,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        rng: &mut R,
    ) -> Result<usize, ProofError> {
        suite.check_statement(statement)?;
        let state = self.context.state(suite);
        let slot =
            suite
                .0
                .add_to_batch(state, &mut self.groups, statement, proof, commitments, rng)?;
        self.slots.push(slot);
        Ok(self.slots.len() - 1)
    }

    /// Checks every proof added; on failure, the positions (in the order added) of the
    /// invalid ones.
    pub fn verify(&mut self) -> Result<(), BatchError> {
        let failed =
            |result: Result<(), BatchError>| result.err().map_or(Vec::new(), |e| e.invalid);
        let bad_ristretto = failed(self.groups.ristretto255.verify());
        let bad_ed25519 = failed(self.groups.ed25519.verify());
        #[cfg(feature = "secp256k1-zkp")]
        let bad_secp256k1 = failed(self.groups.secp256k1.verify());
        let invalid: Vec<usize> = self
            .slots
            .iter()
            .enumerate()
            .filter(|(_, slot)| {
                match slot.group {
                    BatchGroup::Ristretto255 => &bad_ristretto,
                    BatchGroup::Ed25519 => &bad_ed25519,
                    #[cfg(feature = "secp256k1-zkp")]
                    BatchGroup::Secp256k1 => &bad_secp256k1,
                }
                .contains(&slot.position)
            })
            .map(|(i, _)| i)
            .collect();
        if invalid.is_empty() {
            Ok(())
        } else {
            Err(BatchError { invalid })
        }
    }
}

use crate::transcript::merlin_transcript;

pub(crate) fn plus_statement(statement: &SuiteStatement) -> Statement<'_> {
    Statement {
        bits: statement.bits,
        extension_degree: statement.extension_degree,
        minimum_values: statement.minimum_values.as_deref(),
    }
}

/// A deterministic prover's nonce: the caller's, or 32 fresh random bytes (secp256k1-zkp's
/// provers derive every secret random value from it, so it is also what rewinds the proof).
pub(crate) fn given_or_fresh_nonce(
    nonce: Option<&[u8; 32]>,
    rng: &mut dyn CryptoRngCore,
) -> Zeroizing<[u8; 32]> {
    Zeroizing::new(match nonce {
        Some(given) => *given,
        None => {
            let mut fresh = [0u8; 32];
            rng.fill_bytes(&mut fresh);
            fresh
        }
    })
}

/// The commitments as the group's encodings (a wrong length is an invalid point).
pub(crate) fn encodings<G: Group>(
    commitments: &[Vec<u8>],
) -> Result<Vec<G::PointEncoding>, ProofError> {
    commitments
        .iter()
        .map(|c| G::PointEncoding::try_from(c.as_slice()).map_err(|_| ProofError::InvalidPoint))
        .collect()
}

/// Per value, exactly `degree` canonical scalars of `G`.
pub(crate) fn decode_blindings<G: Group>(
    blindings: &[Vec<Vec<u8>>],
    degree: usize,
) -> Result<Zeroizing<Vec<Vec<G::Scalar>>>, ProofError> {
    let mut out = Zeroizing::new(Vec::with_capacity(blindings.len()));
    for per_value in blindings {
        if per_value.len() != degree {
            return Err(ProofError::InvalidExtensionDegree(per_value.len()));
        }
        let mut scalars = Vec::with_capacity(degree);
        for bytes in per_value {
            let encoding = G::ScalarEncoding::try_from(bytes.as_slice())
                .map_err(|_| ProofError::NonCanonicalScalar)?;
            scalars.push(crate::group::decode_scalar::<G>(&encoding)?);
        }
        out.push(scalars);
    }
    Ok(out)
}

/// Per value, exactly one canonical scalar of `G`.
pub(crate) fn single_blindings<G: Group>(
    blindings: &[Vec<Vec<u8>>],
) -> Result<Zeroizing<Vec<G::Scalar>>, ProofError> {
    let decoded = decode_blindings::<G>(blindings, 1)?;
    Ok(Zeroizing::new(decoded.iter().map(|b| b[0]).collect()))
}

pub(crate) fn proved<'a, G: Group, I: Iterator<Item = &'a [G::Scalar]>>(
    proof: Vec<u8>,
    commitments: &[crate::EncodedPoint<G>],
    blindings: I,
) -> Proved {
    Proved {
        proof,
        commitments: commitments
            .iter()
            .map(|c| c.bytes.as_ref().to_vec())
            .collect(),
        blindings: Zeroizing::new(
            blindings
                .map(|b| {
                    b.iter()
                        .map(|s| G::scalar_to_bytes(s).as_ref().to_vec())
                        .collect()
                })
                .collect(),
        ),
        rewind_nonce: None,
    }
}

/// The Pedersen commitments `values` and `blindings` (`degree` per value) make with `pc`.
pub(crate) fn pedersen_commitments<G: Group>(
    pc: &crate::PedersenGens<G>,
    values: &[u64],
    blindings: &[Vec<Vec<u8>>],
    degree: usize,
) -> Result<Vec<Vec<u8>>, ProofError> {
    let blindings = decode_blindings::<G>(blindings, degree)?;
    values
        .iter()
        .zip(blindings.iter())
        .map(|(v, b)| {
            let c = pc.commit_extended(G::Scalar::from(*v), b)?;
            Ok(G::point_to_bytes(&c).as_ref().to_vec())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::OsRng;

    fn statement(suite: Suite, bits: usize) -> SuiteStatement {
        SuiteStatement {
            bits,
            extension_degree: 1,
            minimum_values: None,
            transcript_label: if suite.takes_transcript_label() {
                b"suite".to_vec()
            } else {
                Vec::new()
            },
            ..SuiteStatement::default()
        }
    }

    /// A suite defined outside the registry — here the dalek suite under another flavor
    /// name, as an application with a deployment of its own would write it — proves, verifies,
    /// batches beside the registered ones and refuses what its limits exclude, through the same
    /// handle: adding a suite edits no dispatch code.
    #[test]
    fn suites_outside_the_registry_join_through_the_trait() {
        struct Renamed;
        static PARAMETERS: [ParameterSpec; 2] = [
            ParameterSpec::integer("exponent", -1, 18, "a parameter of its own"),
            ParameterSpec::bytes("tag", 1, 8, "another"),
        ];
        static INFO: SuiteInfo =
            SuiteInfo::new("bulletproofs", "ristretto255", "renamed", &[8, 16], 4, 32)
                .with_transcript_label()
                .with_parameters(&PARAMETERS);
        impl ProofSuite for Renamed {
            fn info(&self) -> &SuiteInfo {
                &INFO
            }
            fn new_state(&self, sharing: StateSharing) -> Box<SuiteState> {
                dalek::DalekBulletproofs.new_state(sharing)
            }
            fn random_scalar(&self, rng: &mut dyn CryptoRngCore) -> Vec<u8> {
                dalek::DalekBulletproofs.random_scalar(rng)
            }
            fn prove(
                &self,
                state: &SuiteState,
                st: &SuiteStatement,
                values: &[u64],
                blindings: &[Vec<Vec<u8>>],
                nonce: Option<&[u8; 32]>,
                rng: &mut dyn CryptoRngCore,
            ) -> Result<Proved, ProofError> {
                dalek::DalekBulletproofs.prove(state, st, values, blindings, nonce, rng)
            }
            fn commit(
                &self,
                state: &SuiteState,
                st: &SuiteStatement,
                values: &[u64],
                blindings: &[Vec<Vec<u8>>],
            ) -> Result<Vec<Vec<u8>>, ProofError> {
                dalek::DalekBulletproofs.commit(state, st, values, blindings)
            }
            fn check_encoding(&self, proof: &[u8]) -> Result<(), ProofError> {
                dalek::DalekBulletproofs.check_encoding(proof)
            }
            fn verify(
                &self,
                state: &SuiteState,
                st: &SuiteStatement,
                proof: &[u8],
                commitments: &[Vec<u8>],
                rng: &mut dyn CryptoRngCore,
            ) -> Result<(), ProofError> {
                dalek::DalekBulletproofs.verify(state, st, proof, commitments, rng)
            }
            fn add_to_batch<'c>(
                &self,
                state: &'c SuiteState,
                batch: &mut GroupBatches<'c>,
                st: &SuiteStatement,
                proof: &[u8],
                commitments: &[Vec<u8>],
                rng: &mut dyn CryptoRngCore,
            ) -> Result<BatchSlot, ProofError> {
                dalek::DalekBulletproofs.add_to_batch(state, batch, st, proof, commitments, rng)
            }
        }
        static RENAMED: Renamed = Renamed;
        let renamed = Suite::custom(&RENAMED);
        assert_ne!(renamed, Suite::DALEK_BULLETPROOFS);
        assert_eq!(renamed.flavor(), "renamed");
        assert!(!Suite::ALL.contains(&renamed));
        let st = statement(renamed, 16);
        let ours = renamed.prove(&st, &[3, 65535], &mut OsRng).unwrap();
        renamed
            .verify(&st, &ours.proof, &ours.commitments, &mut OsRng)
            .unwrap();
        let dalek_st = statement(Suite::DALEK_BULLETPROOFS, 64);
        let theirs = Suite::DALEK_BULLETPROOFS
            .prove(&dalek_st, &[1], &mut OsRng)
            .unwrap();
        let mut batch = SuiteBatch::new();
        batch
            .add(renamed, &st, &ours.proof, &ours.commitments, &mut OsRng)
            .unwrap();
        batch
            .add(
                Suite::DALEK_BULLETPROOFS,
                &dalek_st,
                &theirs.proof,
                &theirs.commitments,
                &mut OsRng,
            )
            .unwrap();
        assert_eq!(batch.verify(), Ok(()));
        // Its limits are the handle's to enforce: no minimum values, no recovery nonce.
        let mut with_minimums = st.clone();
        with_minimums.minimum_values = Some(vec![0, 0]);
        assert_eq!(
            renamed.prove(&with_minimums, &[3, 4], &mut OsRng).err(),
            Some(ProofError::UnusedStatementField("minimum values"))
        );
        #[cfg(feature = "std")]
        assert_eq!(
            renamed
                .recover(&st, &ours.proof, &ours.commitments, &[1; 32])
                .err(),
            Some(ProofError::NoRecoveryNonce)
        );
        // Its own parameters reach it checked: declared, of their kind, within their bounds
        // (the bounds in the error); other suites refuse them.
        let with = |name: &str, value: ParameterValue| {
            let mut st = st.clone();
            st.parameters.insert(name.into(), value);
            st
        };
        let good = with("exponent", ParameterValue::Integer(-1));
        assert_eq!(renamed.check_statement(&good), Ok(()));
        let good = with("tag", ParameterValue::Bytes(vec![7; 8]));
        assert!(renamed.prove(&good, &[3], &mut OsRng).is_ok());
        for (name, value, min, max) in [
            ("exponent", ParameterValue::Integer(19), -1, 18),
            ("exponent", ParameterValue::Integer(-2), -1, 18),
            ("exponent", ParameterValue::Bytes(vec![1]), -1, 18),
            ("tag", ParameterValue::Bytes(Vec::new()), 1, 8),
            ("tag", ParameterValue::Bytes(vec![0; 9]), 1, 8),
            ("tag", ParameterValue::Integer(1), 1, 8),
        ] {
            let name: &'static str = if name == "tag" { "tag" } else { "exponent" };
            assert_eq!(
                renamed
                    .prove(&with(name, value.clone()), &[3], &mut OsRng)
                    .err(),
                Some(ProofError::InvalidParameter { name, min, max }),
                "{name} = {value:?}"
            );
        }
        assert_eq!(
            renamed.check_statement(&with("other", ParameterValue::Integer(0))),
            Err(ProofError::UndeclaredParameter)
        );
        let mut dalek_with = dalek_st.clone();
        dalek_with
            .parameters
            .insert("exponent".into(), ParameterValue::Integer(0));
        assert!(matches!(
            Suite::DALEK_BULLETPROOFS.verify(
                &dalek_with,
                &theirs.proof,
                &theirs.commitments,
                &mut OsRng
            ),
            Err(ProofError::UndeclaredParameter)
        ));
    }

    #[cfg(all(feature = "tari", feature = "monero", feature = "secp256k1-zkp"))]
    #[test]
    fn names_resolve_both_ways() {
        for &suite in Suite::ALL {
            assert_eq!(
                Suite::find(suite.scheme(), suite.group(), suite.flavor()),
                Some(suite)
            );
            assert_eq!(
                Suite::resolve(suite.scheme(), Some(suite.group()), None),
                Some(suite)
            );
            assert_eq!(
                Suite::resolve(suite.scheme(), None, Some(suite.flavor())),
                Some(suite)
            );
        }
        assert_eq!(
            Suite::resolve("bulletproofs", None, None),
            Some(Suite::DALEK_BULLETPROOFS)
        );
        assert_eq!(
            Suite::resolve("bulletproofs+", None, None),
            Some(Suite::TARI_BULLETPROOFS_PLUS)
        );
        assert_eq!(Suite::resolve("bulletproofs", None, Some("tari")), None);
        assert_eq!(Suite::find("groth16", "ristretto255", "dalek"), None);
    }

    /// Every suite: prove, verify alone, verify in one mixed batch, and name the invalid ones.
    #[test]
    #[cfg(all(feature = "tari", feature = "monero", feature = "secp256k1-zkp"))]
    fn every_suite_proves_verifies_and_batches() {
        let mut made = Vec::new();
        // The aggregating range proofs (Elements' suites: their own test below).
        for &suite in Suite::ALL.iter().filter(|s| s.max_values() > 1) {
            let bits = *suite.supported_bits().last().expect("some bit size");
            let st = statement(suite, bits);
            let values = [0, u64::MAX >> (64 - bits), 7, 1];
            let proved = suite.prove(&st, &values, &mut OsRng).expect("proves");
            assert_eq!(proved.commitments.len(), 4);
            assert!(proved
                .commitments
                .iter()
                .all(|c| c.len() == suite.commitment_len()));
            assert_eq!(proved.blindings.len(), 4);
            suite
                .verify(&st, &proved.proof, &proved.commitments, &mut OsRng)
                .expect("verifies");
            assert!(suite.check_encoding(&proved.proof).is_ok());
            assert!(suite
                .check_encoding(&proved.proof[..proved.proof.len() - 1])
                .is_err());
            let mut wrong = proved.commitments.clone();
            wrong.swap(0, 2);
            assert_eq!(
                suite.verify(&st, &proved.proof, &wrong, &mut OsRng),
                Err(ProofError::VerificationFailed)
            );
            made.push((suite, st, proved, wrong));
        }
        let mut batch = SuiteBatch::new();
        for (suite, st, proved, _) in &made {
            batch
                .add(*suite, st, &proved.proof, &proved.commitments, &mut OsRng)
                .unwrap();
        }
        assert_eq!(batch.verify(), Ok(()));
        let mut batch = SuiteBatch::new();
        for (k, (suite, st, proved, wrong)) in made.iter().enumerate() {
            let commitments = if k % 2 == 1 {
                wrong
            } else {
                &proved.commitments
            };
            batch
                .add(*suite, st, &proved.proof, commitments, &mut OsRng)
                .unwrap();
        }
        assert_eq!(
            batch.verify(),
            Err(BatchError {
                invalid: (0..made.len()).filter(|k| k % 2 == 1).collect()
            })
        );
        // Every suite on each side: Grin (index 4) and the secp256k1 Bulletproofs++ (6) were
        // checked valid in the mix, the ristretto255 one (5) invalid.
        assert_eq!(made.len(), 7);
        assert_eq!(made[4].0, Suite::GRIN_BULLETPROOFS);
        assert_eq!(made[5].0, Suite::BULLETPROOFS_PP);
        assert_eq!(made[6].0, Suite::SECP256K1_ZKP_BULLETPROOFS_PP);
        // Undecodable input is refused at `add`, with its reason.
        let (suite, st, proved, _) = &made[0];
        assert!(batch
            .add(
                *suite,
                st,
                &proved.proof[1..],
                &proved.commitments,
                &mut OsRng
            )
            .is_err());
        assert_eq!(
            batch.add(*suite, st, &proved.proof, &[vec![0u8; 31]], &mut OsRng),
            Err(ProofError::InvalidPoint)
        );
    }

    /// Existing openings prove: the same blindings give the same commitments (so a proof can
    /// be made for outputs that already exist), the proof verifies, and bad openings are
    /// refused with typed errors.
    #[test]
    fn every_suite_proves_for_given_blindings() {
        for &suite in Suite::ALL.iter().filter(|s| s.max_values() > 1) {
            let st = statement(suite, 64);
            let values = [7u64, u64::MAX];
            let first = suite.prove(&st, &values, &mut OsRng).unwrap();
            let again = suite
                .prove_with_blindings(&st, &values, &first.blindings, &mut OsRng)
                .unwrap();
            assert_eq!(again.commitments, first.commitments, "{suite:?}");
            let committed = suite.commit(&st, &values, &first.blindings).unwrap();
            assert_eq!(
                committed, first.commitments,
                "{suite:?}: commit agrees with prove"
            );
            suite
                .verify(&st, &again.proof, &again.commitments, &mut OsRng)
                .unwrap();
            let short = &first.blindings[..1];
            assert!(matches!(
                suite.prove_with_blindings(&st, &values, short, &mut OsRng),
                Err(ProofError::MismatchedLengths { .. })
            ));
            let mut bad = first.blindings.to_vec();
            bad[0][0] = vec![0xff; bad[0][0].len()];
            assert!(suite
                .prove_with_blindings(&st, &values, &bad, &mut OsRng)
                .is_err());
            bad[0][0] = vec![1; 5];
            assert!(suite
                .prove_with_blindings(&st, &values, &bad, &mut OsRng)
                .is_err());
            let mut two = first.blindings.to_vec();
            let extra = two[1][0].clone();
            two[1].push(extra);
            assert!(suite
                .prove_with_blindings(&st, &values, &two, &mut OsRng)
                .is_err());
        }
    }

    /// Elements' suites through the registry: a Borromean proof made, verified, rewound and
    /// refused when tampered; a surjection proof (made with the typed API) verified from its
    /// parameters; both in one batch with a Grin proof, the invalid ones named.
    #[cfg(feature = "secp256k1-zkp")]
    #[test]
    fn elements_suites_prove_verify_recover_and_batch_with_the_others() {
        use crate::secp256k1_zkp::generator::generator_generate_blinded;
        use crate::secp256k1_zkp::surjection;
        use k256::elliptic_curve::Field;

        let borromean = Suite::find("borromean", "secp256k1", "elements").unwrap();
        let asset = generator_generate_blinded(&[7; 32], &k256::Scalar::from(3u64)).unwrap();
        let mut st = SuiteStatement {
            extension_degree: 1,
            value_generator: Some(asset.to_bytes().to_vec()),
            extra_data: Some(b"scriptPubKey".to_vec()),
            ..SuiteStatement::default()
        };
        st.parameters
            .insert("message".into(), ParameterValue::Bytes(b"hello".to_vec()));
        let blindings = borromean.random_blindings(1, 1, &mut OsRng);
        let nonce = [9u8; 32];
        let proved = borromean
            .prove_recoverable(&st, &[1234], &blindings, &nonce, &mut OsRng)
            .unwrap();
        // Liquid's defaults: 52 bits, exponent 0, minimum 1.
        assert_eq!(proved.proof.len(), 4174);
        borromean
            .verify(&st, &proved.proof, &proved.commitments, &mut OsRng)
            .unwrap();
        assert!(borromean.check_encoding(&proved.proof).is_ok());
        let got = borromean
            .recover(&st, &proved.proof, &proved.commitments, &nonce)
            .unwrap();
        assert_eq!((got.value, got.checked), (Some(1234), true));
        assert_eq!(got.blindings.as_slice(), &blindings[0][..]);
        assert!(got.message.unwrap().starts_with(b"hello"));
        // Refused: a bit size, a generator count, two values, an exponent out of bounds.
        let with = |f: &dyn Fn(&mut SuiteStatement)| {
            let mut s = st.clone();
            f(&mut s);
            s
        };
        assert!(borromean
            .prove(&with(&|s| s.bits = 64), &[1], &mut OsRng)
            .is_err());
        assert!(borromean
            .prove(&with(&|s| s.generators_n = Some(128)), &[1], &mut OsRng)
            .is_err());
        assert_eq!(
            borromean.prove(&st, &[1, 2], &mut OsRng).err(),
            Some(ProofError::InvalidAggregation(2))
        );
        let exp_19 = with(&|s| {
            s.parameters
                .insert("exp".into(), ParameterValue::Integer(19));
        });
        assert!(matches!(
            borromean.prove(&exp_19, &[1], &mut OsRng),
            Err(ProofError::InvalidParameter { name: "exp", .. })
        ));

        // A surjection proof of 3 inputs, verified by the suite from its parameters.
        let surjection_suite = Suite::find("surjection", "secp256k1", "elements").unwrap();
        let tags = [[1u8; 32], [2; 32], [7; 32]];
        let blinds: Vec<k256::Scalar> = (0..3).map(|_| k256::Scalar::random(&mut OsRng)).collect();
        let inputs: Vec<_> = tags
            .iter()
            .zip(&blinds)
            .map(|(t, b)| generator_generate_blinded(t, b).unwrap())
            .collect();
        let selection = surjection::initialize(&tags, 3, &[7; 32], 100, &[5; 32]).unwrap();
        let sproof = surjection::generate(
            &selection,
            &inputs,
            &asset,
            &blinds[2],
            &k256::Scalar::from(3u64),
            None,
        )
        .unwrap()
        .to_bytes();
        let mut sst = SuiteStatement {
            extension_degree: 1,
            ..SuiteStatement::default()
        };
        sst.parameters.insert(
            "input_generators".into(),
            ParameterValue::ByteList(inputs.iter().map(|g| g.to_bytes().to_vec()).collect()),
        );
        sst.parameters.insert(
            "output_generator".into(),
            ParameterValue::Bytes(asset.to_bytes().to_vec()),
        );
        surjection_suite
            .verify(&sst, &sproof, &[], &mut OsRng)
            .unwrap();
        assert!(matches!(
            surjection_suite.prove(&sst, &[1], &mut OsRng),
            Err(ProofError::Unsupported(_))
        ));
        let mut missing = sst.clone();
        missing.parameters.remove("output_generator");
        assert_eq!(
            surjection_suite.verify(&missing, &sproof, &[], &mut OsRng),
            Err(ProofError::MissingParameter("output_generator"))
        );

        // One batch: Grin, Borromean, surjection, each valid and each tampered.
        let grin = Suite::GRIN_BULLETPROOFS;
        let gst = statement(grin, 64);
        let gp = grin.prove(&gst, &[5], &mut OsRng).unwrap();
        // The last byte of the last s value: still a canonical scalar, so the proof decodes
        // and joins the batch, where it fails.
        let mut bad_b = proved.proof.clone();
        let end = bad_b.len() - 1;
        bad_b[end] ^= 1;
        let mut bad_s = sproof.clone();
        let last = bad_s.len() - 1;
        bad_s[last] ^= 1;
        let mut batch = SuiteBatch::new();
        batch
            .add(grin, &gst, &gp.proof, &gp.commitments, &mut OsRng)
            .unwrap();
        batch
            .add(
                borromean,
                &st,
                &proved.proof,
                &proved.commitments,
                &mut OsRng,
            )
            .unwrap();
        batch
            .add(surjection_suite, &sst, &sproof, &[], &mut OsRng)
            .unwrap();
        batch
            .add(borromean, &st, &bad_b, &proved.commitments, &mut OsRng)
            .unwrap();
        batch
            .add(surjection_suite, &sst, &bad_s, &[], &mut OsRng)
            .unwrap();
        batch
            .add(grin, &gst, &gp.proof, &gp.commitments, &mut OsRng)
            .unwrap();
        assert_eq!(
            batch.verify(),
            Err(BatchError {
                invalid: vec![3, 4]
            })
        );
    }

    /// Tari's mask recovery and Grin's rewind through the suite: the nonce gives back the
    /// blindings (and Grin's value); another nonce does not; other suites have none.
    #[cfg(all(feature = "tari", feature = "monero", feature = "secp256k1-zkp"))]
    #[test]
    fn recovery_nonces_recover_openings() {
        let nonce = Ristretto255::random_scalar(&mut OsRng).to_bytes();
        for suite in [Suite::TARI_BULLETPROOFS_PLUS, Suite::GRIN_BULLETPROOFS] {
            let st = statement(suite, 64);
            let blindings = suite.random_blindings(1, 1, &mut OsRng);
            let p = suite
                .prove_recoverable(&st, &[4242], &blindings, &nonce, &mut OsRng)
                .unwrap();
            let got = suite
                .recover(&st, &p.proof, &p.commitments, &nonce)
                .unwrap();
            assert_eq!(got.blindings.as_slice(), &blindings[0][..], "{suite:?}");
            if suite == Suite::GRIN_BULLETPROOFS {
                assert_eq!(got.value, Some(4242));
            }
            let mut other = nonce;
            other[0] ^= 1;
            match suite.recover(&st, &p.proof, &p.commitments, &other) {
                Ok(wrong) => assert_ne!(wrong.blindings.as_slice(), &blindings[0][..]),
                Err(e) => assert_eq!(e, ProofError::RewindFailed),
            }
            // A tampered proof recovers nothing.
            let mut bad = p.proof.clone();
            let last = bad.len() - 1;
            bad[last - 40] ^= 1;
            assert!(suite.recover(&st, &bad, &p.commitments, &nonce).is_err());
        }
        let st = statement(Suite::DALEK_BULLETPROOFS, 64);
        let b = Suite::DALEK_BULLETPROOFS.random_blindings(1, 1, &mut OsRng);
        assert_eq!(
            Suite::DALEK_BULLETPROOFS
                .prove_recoverable(&st, &[1], &b, &nonce, &mut OsRng)
                .err(),
            Some(ProofError::NoRecoveryNonce)
        );
    }

    /// Tari's seed nonce may be any 32 bytes (`openssl rand -hex 32`): bytes that are not a
    /// canonical scalar stand for their reduction mod ℓ, in proving and recovery alike, so
    /// they recover the openings, and so does the reduced scalar's own encoding.
    #[cfg(feature = "tari")]
    #[test]
    fn tari_seeds_are_any_32_bytes() {
        use rand::RngCore;
        let tari = Suite::TARI_BULLETPROOFS_PLUS;
        let st = statement(tari, 64);
        for raw in [[0xffu8; 32], [0xedu8; 32], {
            let mut above = [0u8; 32];
            OsRng.fill_bytes(&mut above);
            above[31] |= 0xf0;
            above
        }] {
            assert!(
                Option::<curve25519_dalek::Scalar>::from(
                    curve25519_dalek::Scalar::from_canonical_bytes(raw)
                )
                .is_none(),
                "the test needs a non-canonical encoding"
            );
            let blindings = tari.random_blindings(1, 1, &mut OsRng);
            let p = tari
                .prove_recoverable(&st, &[31337], &blindings, &raw, &mut OsRng)
                .unwrap();
            let reduced = curve25519_dalek::Scalar::from_bytes_mod_order(raw).to_bytes();
            for nonce in [raw, reduced] {
                let got = tari
                    .recover_with_value(&st, &p.proof, &p.commitments, &nonce, Some(31337))
                    .unwrap();
                assert!(got.checked);
                assert_eq!(got.blindings.as_slice(), &blindings[0][..]);
            }
        }
    }

    /// A recovery is checked against the commitment whenever the value is known: Grin's rewind
    /// always, Tari's mask recovery when the caller gives the value. A wrong seed then fails
    /// instead of returning blindings that open nothing.
    #[cfg(all(feature = "tari", feature = "monero", feature = "secp256k1-zkp"))]
    #[test]
    fn recoveries_are_checked_against_the_commitment() {
        let seed = Ristretto255::random_scalar(&mut OsRng).to_bytes();
        let tari = Suite::TARI_BULLETPROOFS_PLUS;
        let st = statement(tari, 64);
        let blindings = tari.random_blindings(1, 1, &mut OsRng);
        let p = tari
            .prove_recoverable(&st, &[77], &blindings, &seed, &mut OsRng)
            .unwrap();
        let plain = tari
            .prove_with_blindings(&st, &[77], &blindings, &mut OsRng)
            .unwrap();
        let recover = |proof: &[u8], nonce: &[u8; 32], value| {
            tari.recover_with_value(&st, proof, &p.commitments, nonce, value)
        };
        let good = recover(&p.proof, &seed, Some(77)).unwrap();
        assert!(good.checked);
        assert_eq!(good.blindings.as_slice(), &blindings[0][..]);
        let unchecked = recover(&p.proof, &seed, None).unwrap();
        assert!(!unchecked.checked);
        let mut wrong = seed;
        wrong[0] ^= 1;
        assert_eq!(
            recover(&p.proof, &wrong, Some(77)).err(),
            Some(ProofError::RewindFailed)
        );
        assert_eq!(
            recover(&p.proof, &seed, Some(78)).err(),
            Some(ProofError::RewindFailed)
        );
        // A proof made without a seed recovers nothing that opens the commitment.
        assert_eq!(
            recover(&plain.proof, &seed, Some(77)).err(),
            Some(ProofError::RewindFailed)
        );
        assert!(!recover(&plain.proof, &seed, None).unwrap().checked);

        let grin = Suite::GRIN_BULLETPROOFS;
        let st = statement(grin, 64);
        let blindings = grin.random_blindings(1, 1, &mut OsRng);
        let p = grin
            .prove_recoverable(&st, &[5], &blindings, &seed, &mut OsRng)
            .unwrap();
        let got = grin.recover(&st, &p.proof, &p.commitments, &seed).unwrap();
        assert!(got.checked);
        assert_eq!(
            grin.recover_with_value(&st, &p.proof, &p.commitments, &seed, Some(6))
                .err(),
            Some(ProofError::RewindFailed)
        );
        assert_eq!(
            Suite::DALEK_BULLETPROOFS
                .recover(
                    &statement(Suite::DALEK_BULLETPROOFS, 64),
                    &p.proof,
                    &[],
                    &seed
                )
                .err(),
            Some(ProofError::NoRecoveryNonce)
        );
    }

    /// A statement field the suite does not use is refused by every entry point, not ignored:
    /// dalek's verify used to accept minimum values and check a proof without them.
    #[cfg(all(feature = "tari", feature = "monero", feature = "secp256k1-zkp"))]
    #[test]
    fn statements_with_fields_the_suite_does_not_use_are_refused() {
        let dalek = Suite::DALEK_BULLETPROOFS;
        let st = statement(dalek, 64);
        let p = dalek.prove(&st, &[3], &mut OsRng).unwrap();
        dalek
            .verify(&st, &p.proof, &p.commitments, &mut OsRng)
            .unwrap();
        type Mutation = fn(&mut SuiteStatement);
        let mutations: [(Suite, Mutation); 8] = [
            (dalek, |s| s.minimum_values = Some(vec![0])),
            (dalek, |s| s.extension_degree = 2),
            (dalek, |s| s.extension_degree = 0),
            (dalek, |s| s.generators_n = Some(256)),
            (dalek, |s| s.value_generator = Some(vec![0x0a; 33])),
            (dalek, |s| s.extra_data = Some(vec![1])),
            (Suite::MONERO_BULLETPROOFS, |s| {
                s.transcript_label = b"x".to_vec()
            }),
            (Suite::GRIN_BULLETPROOFS, |s| s.extension_degree = 3),
        ];
        for (suite, mutate) in mutations {
            let mut bad = statement(suite, 64);
            mutate(&mut bad);
            let err = suite.check_statement(&bad).unwrap_err();
            assert!(
                matches!(
                    err,
                    ProofError::UnusedStatementField(_) | ProofError::InvalidExtensionDegree(_)
                ),
                "{suite:?}: {err:?}"
            );
            assert_eq!(suite.prove(&bad, &[3], &mut OsRng).err(), Some(err));
            if suite == dalek {
                assert_eq!(
                    suite
                        .verify(&bad, &p.proof, &p.commitments, &mut OsRng)
                        .err(),
                    Some(err)
                );
                let mut batch = SuiteBatch::new();
                assert_eq!(
                    batch
                        .add(suite, &bad, &p.proof, &p.commitments, &mut OsRng)
                        .err(),
                    Some(err)
                );
                assert_eq!(
                    suite.commit(&bad, &[3], &[vec![vec![1; 32]]]).err(),
                    Some(err)
                );
            }
        }
    }

    #[cfg(all(feature = "tari", feature = "monero", feature = "secp256k1-zkp"))]
    #[test]
    fn monero_statements_are_monero_shaped() {
        for suite in [Suite::MONERO_BULLETPROOFS, Suite::MONERO_BULLETPROOFS_PLUS] {
            let mut st = statement(suite, 64);
            st.transcript_label = b"label".to_vec();
            assert_eq!(
                suite.prove(&st, &[1], &mut OsRng).err(),
                Some(ProofError::UnusedStatementField("transcript label"))
            );
        }
    }
}
