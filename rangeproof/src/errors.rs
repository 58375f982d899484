//! Typed errors, one type per layer: [`DecodeError`](crate::DecodeError) (bytes that do not
//! decode: the group and wire layer), [`StatementError`] (a statement or witness whose shape a
//! proof system or deployment does not take) and [`ProofError`] (the proof layer: what an
//! operation returns, wrapping the two below it). The document layer's errors live in
//! `rangeproof-documents`. Nothing reachable from untrusted bytes panics: it returns one of
//! these.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use thiserror::Error;

pub use crate::group::DecodeError;

/// Why a statement (bit size, number of values, extension degree, minimum values, the
/// deployment's fields and parameters) or a witness does not fit a proof system or
/// deployment. These are the shape rules, written once here and checked by the proof
/// systems, the suites and the document layer alike.
///
/// New proof systems bring new rules: the enum is `#[non_exhaustive]`.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum StatementError {
    /// The bit size is not one the proof system or deployment takes.
    #[error("invalid bit size {given}: must be one of {supported:?}")]
    InvalidBitsize {
        /// The bit size given.
        given: usize,
        /// The bit sizes taken.
        supported: &'static [usize],
    },
    /// A value's own bit length (Solana's batched range proofs) outside 1 to 64.
    #[error("invalid bit length {0}: each value's must be between 1 and 64")]
    InvalidBitLength(usize),
    /// Values' own bit lengths whose total the deployment does not prove (Solana: 64, 128 or
    /// 256, its three instruction kinds).
    #[error("bit lengths summing to {total}: they must sum to one of {allowed:?}")]
    InvalidBitTotal {
        /// The lengths' sum.
        total: usize,
        /// The totals the deployment proves.
        allowed: &'static [usize],
    },
    /// The number of aggregated values is 0 or above the supported maximum.
    #[error("invalid aggregation size {given}: must be between 1 and {max}")]
    InvalidAggregation {
        /// How many values (commitments) were given.
        given: usize,
        /// The most the proof system or deployment takes.
        max: usize,
    },
    /// Values and blindings (or commitments) have different lengths.
    #[error("mismatched lengths: {values} values, {blindings} blindings")]
    MismatchedLengths {
        /// Number of values given.
        values: usize,
        /// Number of blindings given.
        blindings: usize,
    },
    /// Values and bit lengths have different lengths.
    #[error("mismatched lengths: {values} values, {bit_lengths} bit lengths")]
    MismatchedBitLengths {
        /// Number of values (or commitments) given.
        values: usize,
        /// Number of bit lengths given.
        bit_lengths: usize,
    },
    /// A value does not fit in the requested number of bits.
    #[error("value does not fit in {bits} bits")]
    ValueOutOfRange {
        /// The bit size asked for.
        bits: usize,
    },
    /// The number of blinding factors per commitment (extension degree) is not supported.
    #[error("invalid extension degree {given}: must be between 1 and {max}")]
    InvalidExtensionDegree {
        /// The number of blinding factors given (per commitment).
        given: usize,
        /// The most the generators, layout or statement take.
        max: usize,
    },
    /// A minimum-value promise does not fit in the bit size.
    #[error("minimum value does not fit in {bits} bits")]
    MinimumOutOfRange {
        /// The bit size asked for.
        bits: usize,
    },
    /// A value is below its promised minimum.
    #[error("value is below its minimum-value promise")]
    BelowMinimum,
    /// libsecp256k1-zkp's Bulletproofs cover a power-of-two number of values only (its
    /// verifier rejects what its prover makes for other counts).
    #[error("invalid aggregation size {0}: libsecp256k1-zkp's Bulletproofs cover a power-of-two number of values (1, 2, 4, ..., 256)")]
    InvalidPowerOfTwoAggregation(usize),
    /// A statement sets a field its proof system does not use (minimum values for dalek's
    /// Bulletproofs, an extension degree above 1 where there are no extra blindings, Grin's
    /// fields elsewhere): refused rather than silently ignored.
    #[error("this proof system takes no {0}: leave it unset")]
    UnusedStatementField(StatementField),
    /// A proof where the format has none (Elements: a range proof on an explicit amount, a
    /// surjection proof on an explicit asset).
    #[error("a {0}: the format allows none there")]
    UnexpectedProof(&'static str),
    /// The deployment does not allow this statement (Monero: 64 bits, no minimum values) or
    /// this use (mask recovery without a seed-nonce rule).
    #[error("this deployment does not support this statement or use")]
    RefusedByDeployment,
    /// The generators are too few for this proof.
    #[error("not enough generators for {bits} bits x {parties} values")]
    InsufficientGenerators {
        /// The bit size asked for.
        bits: usize,
        /// The (padded) number of values.
        parties: usize,
    },
    /// A Bulletproofs++ digit base that is not 2, 4, 16 or 256.
    #[error("invalid digit base {0}: must be 2, 4, 16 or 256")]
    InvalidBase(usize),
    /// A generator set's length does not fit the proof (Bulletproofs++: the vector
    /// \\(\mathbf G\\) of a convention that fixes it to the proof's shape, or fewer than
    /// the proof needs).
    #[error("the generator set has {available} vector generators; this proof needs {needed}")]
    GeneratorLength {
        /// What the proof needs.
        needed: usize,
        /// What the set holds.
        available: usize,
    },
    /// A generator count (secp256k1-zkp's `generators_n`) that is odd, too small for the proof
    /// (it needs at least 2 · bits · values) or above the supported maximum.
    #[error(
        "invalid generator count {given}: must be at least {needed} (2 x bits x values) and at most {max}"
    )]
    InvalidGeneratorCount {
        /// The count given.
        given: usize,
        /// The least the proof needs.
        needed: usize,
        /// The most the caches hold.
        max: usize,
    },
    /// secp256k1-zkp's verifier accepts minimum-value promises only in proofs of one value
    /// (with more, its verification equation does not match its prover's).
    #[error("minimum values are supported only for proofs of a single value in this convention")]
    MinimumValuesNeedSingleValue,
    /// A suite parameter of the wrong kind or outside its bounds (for byte strings, the
    /// bounds are lengths).
    #[error("parameter {name} must be between {min} and {max} (for bytes: its length)")]
    InvalidParameter {
        /// The parameter's name.
        name: &'static str,
        /// Its least value or length.
        min: i64,
        /// Its greatest value or length.
        max: i64,
    },
    /// A statement names a parameter the suite does not declare (its
    /// [`SuiteInfo::parameters`](crate::SuiteInfo::parameters)): refused rather than ignored.
    #[error("a parameter this proof system does not declare: leave it unset")]
    UndeclaredParameter,
    /// A parameter that names a generator (libsecp256k1-zkp's `value_generator`) holds bytes
    /// that are no generator's encoding (`0a`/`0b` ‖ x on the curve).
    #[error("{0} is not a generator's 33-byte encoding (0a/0b || x on the curve)")]
    InvalidGenerator(&'static str),
    /// A parameter that names a Pedersen base (Aptos's `value_base`, `blinding_base`) holds
    /// bytes that are no canonical encoding of a point of the proof's group.
    #[error("{0} is not a canonical encoding of a point of the proof's group")]
    InvalidPedersenBase(&'static str),
    /// A parameter the suite requires is absent.
    #[error("this proof system needs the parameter {0}")]
    MissingParameter(&'static str),
    /// An equation aims more scalars at a generator set than it has generators (or at a party
    /// the generators do not have: then `generators` is 0).
    #[error("{scalars} scalars for a set of {generators} generators")]
    TooManyScalars {
        /// Scalars given.
        scalars: usize,
        /// Generators in the set.
        generators: usize,
    },
    /// A message longer than the proof can carry (128 bytes for each ring but the last).
    #[error("message of {len} bytes: this proof carries at most {max}")]
    MessageTooLong {
        /// Bytes given.
        len: usize,
        /// Bytes the proof's rings can carry.
        max: usize,
    },
    /// A value and minimum value whose range cannot be proven: when one of them is at least
    /// \\(2^{63} - 1\\) the other must be zero (libsecp256k1-zkp's `range_proveparams`).
    #[error("value and minimum value too large together: when either is at least 2^63-1 the other must be 0")]
    UnprovableRange,
    /// A surjection proof over more inputs than the format allows (256).
    #[error("{0} inputs: a surjection proof covers at most 256")]
    TooManyInputs(usize),
    /// A surjection proof checked against another number of inputs than it was made over.
    #[error("the proof is over {proof} inputs, {given} input generators given")]
    WrongInputCount {
        /// Inputs the proof names.
        proof: usize,
        /// Input generators given.
        given: usize,
    },
}

/// A field of a statement, as [`StatementError::UnusedStatementField`] names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StatementField {
    /// The bit size (proof systems without one take 0).
    Bits,
    /// More than one blinding per commitment.
    ExtensionDegree,
    /// Minimum-value promises.
    MinimumValues,
    /// The transcript label.
    TranscriptLabel,
    /// Commitments (a proof system that proves about none).
    Commitments,
    /// Bit lengths of each value's own (a proof system whose values share one bit size).
    BitLengths,
    /// A bit size for every value beside each value's own bit length.
    BitsBesideBitLengths,
}

impl core::fmt::Display for StatementField {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            StatementField::Bits => "bit size (leave bits 0: this proof system has none)",
            StatementField::ExtensionDegree => {
                "extension degree above 1 (one blinding per commitment)"
            }
            StatementField::MinimumValues => "minimum values",
            StatementField::TranscriptLabel => "transcript label",
            StatementField::Commitments => "commitments",
            StatementField::BitLengths => "bit lengths of each value's own (one bit size for all)",
            StatementField::BitsBesideBitLengths => {
                "bit size beside bit lengths (leave bits 0: each value has its own)"
            }
        })
    }
}

/// Why a proof could not be created, decoded or verified: what every proof operation
/// returns. Decoding and shape failures arrive wrapped ([`ProofError::Decode`],
/// [`ProofError::Statement`], converted by `?`); the rest are the proof layer's own.
///
/// New proof systems bring new reasons: the enum is `#[non_exhaustive]`.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum ProofError {
    /// Bytes that do not decode.
    #[error(transparent)]
    Decode(#[from] DecodeError),
    /// A statement or witness of a shape the proof system or deployment does not take.
    #[error(transparent)]
    Statement(#[from] StatementError),
    /// The proof is well-formed but does not verify.
    #[error("proof verification failed")]
    VerificationFailed,
    /// Mask recovery (a seed nonce) was requested for an aggregated proof.
    #[error("mask recovery works only for proofs of a single commitment")]
    MaskRecoveryNeedsSingleProof,
    /// Recovery was asked of a convention whose proofs carry no recovery nonce.
    #[error("this convention's proofs carry no recovery nonce (Tari's and Grin's do)")]
    NoRecoveryNonce,
    /// A suite was asked to work in a context made without it (its state is elsewhere).
    #[error("this context holds no state for the suite: make it with SuiteContext::with_suites")]
    SuiteNotInContext,
    /// A secret (blinding factor or nonce) is zero or not below the group order.
    #[error("a blinding factor or nonce is zero or not below the group order")]
    InvalidSecret,
    /// Rewinding with this nonce does not recover a value: the nonce is not the proof's.
    #[error("the nonce does not rewind this proof")]
    RewindFailed,
    /// A multi-party step was given messages that do not fit together (shares of another
    /// session, a missing share, or a combined point at infinity).
    #[error("multi-party messages do not fit this proof session")]
    InvalidMultipartyMessage,
    /// A surjection proof's input selection drew no input with the output's asset tag within
    /// its iteration limit (or no input has it).
    #[error(
        "no input with the output's asset was drawn within the iteration limit (or none has it)"
    )]
    NoMatchingInput,
    /// An operation this proof system does not offer through this interface (the message
    /// says what to use instead).
    #[error("{0}")]
    Unsupported(&'static str),
}

/// A batch did not verify: the positions (in the order they were added) of the invalid proofs,
/// and — when a blame limit stopped the search (`BatchVerifier::set_blame_limit`) — of the
/// proofs it did not reach.
#[derive(Clone, Debug, Default, Error, PartialEq, Eq)]
#[error(
    "{} of the batched proofs are invalid: {invalid:?}{}",
    invalid.len(),
    if not_named.is_empty() { String::new() } else { format!("; {} not named (the blame limit)", not_named.len()) }
)]
pub struct BatchError {
    /// Positions of the proofs that fail on their own, ascending.
    pub invalid: Vec<usize>,
    /// Positions of the proofs the search stopped before reaching, ascending: each may be valid
    /// or not. Empty without a blame limit.
    pub not_named: Vec<usize>,
}
