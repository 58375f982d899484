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
//! [`Suite::ALL`], is the one list of them. **A deployment of Bulletproofs or Bulletproofs+ is
//! its convention type (`crate::deployments`) and one line, `Suite::bulletproofs::<C>()` or
//! `Suite::bulletproofs_plus::<C>()`, in [`Suite::ALL`]**; a proof system of another shape is a
//! file implementing [`ProofSuite`] (or, for a range proof, `range::RangeSystem`) and its line.
//! Nothing else matches over the suites.
//!
//! The files: `registry.rs` (the handle and [`Suite::ALL`]), `operations.rs` (what every suite
//! shares: the statement checks, then proving, committing, verifying and recovering in a
//! context), `batch.rs` (proofs of any suites verified together, one batch per group),
//! `context.rs` (who owns the generators), `range.rs` (one suite for every range-proof
//! deployment), and the suites of other shapes (`bppp.rs`, `borromean.rs`, `surjection.rs`,
//! `grin.rs`).

mod batch;
#[cfg(feature = "secp256k1-zkp")]
mod borromean;
mod bppp;
mod context;
#[cfg(feature = "secp256k1-zkp")]
mod grin;
mod helpers;
mod operations;
pub mod parameters;
mod range;
mod registry;
#[cfg(feature = "solana")]
mod solana;
#[cfg(feature = "secp256k1-zkp")]
mod surjection;
#[cfg(test)]
mod tests;

use alloc::{boxed::Box, vec::Vec};
use rand_core::CryptoRngCore;
use zeroize::Zeroizing;

use crate::{ProofError, StatementError};
pub use batch::{BatchSlot, GroupBatches, SuiteBatch};
pub use context::{StateSharing, SuiteContext, SuiteState};
pub use parameters::{ParameterKind, ParameterSpec, ParameterValue, Parameters};
pub use registry::Suite;

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
    /// The bit sizes it proves (every value of a statement the same); empty for a proof system
    /// whose statement has no bit size
    /// (Elements' Borromean proofs carry theirs in the proof's header; surjection proofs
    /// prove no value).
    pub bits: &'static [usize],
    /// The most values one proof covers (0: its statement has no commitments).
    pub max_values: usize,
    /// Whether each value may have a bit length of its own, 1 to 64 (Solana's batched range
    /// proofs, whose lengths sum to 64, 128 or 256): statements may then carry
    /// [`SuiteStatement::bit_lengths`] instead of a bit size.
    pub bit_lengths: bool,
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
            bit_lengths: false,
            max_extension_degree: 1,
            minimum_values: false,
            power_of_two_values: false,
            commitment_len,
            transcript_label: false,
            recovery_nonce: false,
            parameters: &[],
        }
    }

    /// The suite's own statement parameters.
    pub const fn with_parameters(mut self, parameters: &'static [ParameterSpec]) -> Self {
        self.parameters = parameters;
        self
    }

    /// Each value has a bit length of its own ([`Self::bit_lengths`]).
    pub const fn with_bit_lengths(mut self) -> Self {
        self.bit_lengths = true;
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
/// The core every suite has: its names and limits, checking a proof's encoding, verifying it
/// alone and in a batch. Proving and recovering are capabilities a suite may lack
/// ([`Self::prover`], [`Self::recoverer`]): surjection proofs are made through their typed API,
/// and only some deployments' proofs carry a recovery nonce. [`Suite`] calls these after
/// checking what every suite shares: the statement against [`SuiteInfo`]
/// ([`Suite::check_statement`]) and the number of blindings. Randomness comes as a trait object
/// so that the traits stay object-safe. Each call gets the suite's `state` in the caller's
/// [`SuiteContext`]: what [`Self::new_state`] made.
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

    /// Its prover over bytes, if it has one.
    fn prover(&self) -> Option<&dyn SuiteProver> {
        None
    }

    /// Its recovery of an opening from a proof and the nonce it was made with, if its proofs
    /// carry one ([`SuiteInfo::recovery_nonce`]).
    fn recoverer(&self) -> Option<&dyn SuiteRecoverer> {
        None
    }

    /// The generator count a statement without one means, for suites that take one.
    fn default_generators_n(&self, bits: usize, values: usize) -> Option<usize> {
        let _ = (bits, values);
        None
    }

    /// The suite's own shape rules over its parameters (Grin: a generator count that fits
    /// the proof), run by [`Suite::check_statement`] after the rules every suite shares.
    fn check_shape(&self, statement: &SuiteStatement, values: usize) -> Result<(), StatementError> {
        let _ = (statement, values);
        Ok(())
    }

    /// What a proof says of itself beyond its statement (a range in its header, the inputs it
    /// is over), for a reader: nothing by default.
    fn describe(&self, proof: &[u8]) -> Result<ProofFacts, ProofError> {
        let _ = proof;
        Ok(ProofFacts::default())
    }

    /// The values a proof of `bits` bits with the minimum `minimum` shows, lowest and highest
    /// (`bits` 0: a proof without a bit size, whose range is in the proof). The default is what
    /// a proof of the difference shows, \\([\mu, \mu + 2^n)\\); Bulletproofs+ answers
    /// \\([\mu, 2^n)\\) (Tari's rule: the minimum fits in n bits too).
    fn value_range(&self, bits: usize, minimum: u64) -> (u64, u64) {
        (minimum, minimum.saturating_add(span(bits)))
    }
}

/// What a proof says of itself beyond its statement ([`ProofSuite::describe`],
/// [`Suite::describe`]): each field `None` where the proof system has no such thing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ProofFacts {
    /// A range in the proof's header: its decimal exponent (−1: an exact value).
    pub exp: Option<i32>,
    /// Bits of the scaled value the proof shows (0 for an exact value).
    pub mantissa: Option<u32>,
    /// The least value the proof allows.
    pub min_value: Option<u64>,
    /// The greatest value the proof allows.
    pub max_value: Option<u64>,
    /// The committed value, where the proof reveals it to everyone (an exact-value proof).
    pub revealed_value: Option<u64>,
    /// The inputs the proof is over.
    pub inputs: Option<usize>,
    /// The inputs in its ring.
    pub ring_size: Option<usize>,
}

/// \\(2^n - 1\\) (every value for `bits` 0 or 64 and more).
pub(crate) fn span(bits: usize) -> u64 {
    if bits == 0 || bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// A suite's prover over bytes ([`ProofSuite::prover`]). Blindings come encoded, per value
/// `extension_degree` canonical scalars of the suite's group (drawn by [`Suite`] when the
/// caller has none).
pub trait SuiteProver {
    /// Proves that every value lies in range for commitments with these blindings; with a
    /// recovery nonce where the suite has one.
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
}

/// A suite's recovery ([`ProofSuite::recoverer`]).
pub trait SuiteRecoverer {
    /// What a recovery nonce gives back from a proof (verified first by the caller), not yet
    /// checked against the commitment.
    fn recover(
        &self,
        state: &SuiteState,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        nonce: &[u8; 32],
    ) -> Result<Recovered, ProofError>;
}

/// What a proof is about besides its commitments.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SuiteStatement {
    /// Bit size n of every value (0 when `bit_lengths` are given).
    pub bits: usize,
    /// Each value's own bit length, in the order of the values, for suites that take them
    /// ([`SuiteInfo::bit_lengths`]; Solana: 1 to 64 each, summing to 64, 128 or 256); empty
    /// for a bit size shared by every value (`bits`).
    pub bit_lengths: Vec<usize>,
    /// Blinding factors per commitment (1 unless the suite supports more).
    pub extension_degree: usize,
    /// Minimum-value promises, one per commitment, where the suite supports them.
    pub minimum_values: Option<Vec<u64>>,
    /// The transcript label, for suites whose transcript takes one (empty otherwise).
    pub transcript_label: Vec<u8>,
    /// The suite's own parameters, by the names its [`SuiteInfo::parameters`] declares
    /// (libsecp256k1-zkp's suites: `value_generator`, `extra_data`, and Grin's
    /// `generators_n` — [`parameters::VALUE_GENERATOR`], ...).
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
