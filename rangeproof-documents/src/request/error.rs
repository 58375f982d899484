//! A prove request's errors: each names the part of the request it is about ([`Field`]), as
//! the caller spells it (a JSON field or a command-line flag), and carries the limit it broke.

use rangeproof::{StatementError, StatementField, Suite, SuiteStatement};

use crate::proof::MAX_TRANSCRIPT_LABEL;

/// A part of a request, as error messages name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Field {
    /// The proof system.
    Scheme,
    /// The deployment convention.
    Flavor,
    /// The bit size.
    Bits,
    /// Each value's own bit length (Solana).
    BitLengths,
    /// The transcript label.
    TranscriptLabel,
    /// Blinding factors per commitment.
    ExtensionDegree,
    /// Minimum-value promises.
    MinimumValues,
    /// libsecp256k1-zkp's generator count.
    GeneratorsN,
    /// The value generator.
    ValueGenerator,
    /// Extra data bound into the transcript.
    ExtraData,
    /// The recovery (rewind or seed) nonce.
    RecoveryNonce,
    /// The blindings.
    Blindings,
    /// A Borromean proof's least number of bits (a suite parameter).
    MinBits,
}

impl Field {
    /// The field's name in JSON requests and openings files.
    pub const fn json(self) -> &'static str {
        match self {
            Field::Scheme => "scheme",
            Field::Flavor => "flavor",
            Field::Bits => "bits",
            Field::BitLengths => "bit_lengths",
            Field::TranscriptLabel => "transcript_label",
            Field::ExtensionDegree => "extension_degree",
            Field::MinimumValues => "minimum_values",
            Field::GeneratorsN => "generators_n",
            Field::ValueGenerator => "value_generator",
            Field::ExtraData => "extra_data",
            Field::RecoveryNonce => "rewind_nonce",
            Field::Blindings => "blindings",
            Field::MinBits => "min_bits",
        }
    }

    /// The command-line flag that sets it.
    pub fn flag(self) -> &'static str {
        match self {
            Field::Scheme => "--scheme",
            Field::Flavor => "--flavor",
            Field::Bits => "--bits",
            Field::BitLengths => "--bit-lengths",
            Field::TranscriptLabel => "--transcript-label",
            Field::ExtensionDegree => "--extension-degree",
            Field::MinimumValues => "--minimum-values",
            Field::GeneratorsN => "--generators-n",
            Field::ValueGenerator => "--value-generator",
            Field::ExtraData => "--extra-data",
            Field::RecoveryNonce => "--recovery-nonce",
            Field::Blindings => "--openings-in",
            Field::MinBits => "--min-bits",
        }
    }
}

/// Why a request cannot be proved (before any proving).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RequestError {
    /// No registered suite has these names.
    UnknownSuite {
        /// The scheme asked for.
        scheme: String,
        /// The group asked for, if any.
        group: Option<String>,
        /// The flavor asked for, if any.
        flavor: Option<String>,
    },
    /// A transcript label for a suite whose transcript takes none.
    LabelNotTaken,
    /// A transcript label longer than [`MAX_TRANSCRIPT_LABEL`].
    LabelTooLong(usize),
    /// A bit size for a proof system without one.
    BitsNotTaken(usize),
    /// No bit size.
    BitsRequired,
    /// A bit size the suite does not prove.
    UnsupportedBits(usize),
    /// An extension degree out of the suite's range.
    ExtensionDegree(usize),
    /// Minimum values for a suite without them.
    NoMinimumValues,
    /// No values, or more than a proof covers.
    ValueCount {
        /// How many values were given.
        given: usize,
        /// The most the suite's proof covers.
        max: usize,
    },
    /// A count of values the suite's verifier refuses (not a power of two).
    NotPowerOfTwo(usize),
    /// A field the suite does not take.
    NotTaken(Field),
    /// A field that is not what it must be (hex, a length).
    Malformed(Field, String),
    /// Blindings that are not one list per value.
    BlindingCount {
        /// Values given.
        values: usize,
        /// Blinding lists given.
        blindings: usize,
    },
    /// A multi-party party's openings (`position`): proved with the multi-party commands.
    PartyOpenings,
    /// A suite parameter that is missing or out of its bounds (the reason names it).
    Parameter(String),
    /// Another of the suite's shape rules ([`Suite::check_statement`]) refused the statement.
    Statement(StatementError),
    /// A value the proof cannot show: named by its position (never by its amount), with the
    /// range the statement lets the proof show.
    ValueOutOfRange {
        /// The value's position, counted from 1.
        index: usize,
        /// Values given.
        count: usize,
        /// The least value the proof shows (its minimum-value promise, or 0).
        low: u64,
        /// The greatest.
        high: u64,
        /// The bit size (0: a proof system without one, whose range is set by its minimum).
        bits: usize,
    },
}

impl RequestError {
    /// The request's name for a shape rule the library's [`Suite::check_statement`] applied to
    /// `statement`: the rules are the library's, the wording names the request's fields.
    pub fn from_statement(error: StatementError, statement: &SuiteStatement) -> RequestError {
        match error {
            StatementError::InvalidExtensionDegree { given, .. } => {
                RequestError::ExtensionDegree(given)
            }
            StatementError::InvalidBitsize { given, .. } => RequestError::UnsupportedBits(given),
            StatementError::InvalidAggregation { given, max } => {
                RequestError::ValueCount { given, max }
            }
            StatementError::InvalidPowerOfTwoAggregation(m) => RequestError::NotPowerOfTwo(m),
            StatementError::UnusedStatementField(field) => match field {
                StatementField::ExtensionDegree => {
                    RequestError::ExtensionDegree(statement.extension_degree)
                }
                StatementField::Bits => RequestError::BitsNotTaken(statement.bits),
                StatementField::BitLengths => RequestError::NotTaken(Field::BitLengths),
                StatementField::MinimumValues => RequestError::NoMinimumValues,
                StatementField::TranscriptLabel => RequestError::LabelNotTaken,
                _ => RequestError::Statement(error),
            },
            StatementError::InvalidParameter { .. }
            | StatementError::MissingParameter(_)
            | StatementError::UndeclaredParameter => RequestError::Parameter(error.to_string()),
            _ => RequestError::Statement(error),
        }
    }

    /// The one-line reason, naming fields with `name` ([`Field::json`], [`Field::flag`] or
    /// the front end's own spelling) and the suite the request named (`None` when it named
    /// none that is registered).
    pub fn describe(&self, name: fn(Field) -> &'static str, suite: Option<Suite>) -> String {
        let suite_name = suite.map(|s| s.name()).unwrap_or_default();
        let max_values = suite.map_or(rangeproof::MAX_AGGREGATION, |s| s.max_values());
        match self {
            RequestError::UnknownSuite {
                scheme,
                group,
                flavor,
            } => {
                format!(
                    "unsupported scheme/group/flavor {scheme}/{}/{} (supported: {})",
                    group.as_deref().unwrap_or("default"),
                    flavor.as_deref().unwrap_or("default"),
                    Suite::supported_names()
                )
            }
            RequestError::LabelNotTaken => format!(
                "{suite_name} transcripts take no label: drop {}",
                name(Field::TranscriptLabel)
            ),
            RequestError::LabelTooLong(len) => format!(
                "{} has {len} bytes, more than {MAX_TRANSCRIPT_LABEL}",
                name(Field::TranscriptLabel)
            ),
            RequestError::BitsNotTaken(bits) => format!(
                "{} {bits}: {suite_name} proofs have no bit size (the proof carries its range; see {})",
                name(Field::Bits),
                name(Field::MinBits)
            ),
            RequestError::BitsRequired if suite.is_some_and(|s| s.takes_bit_lengths()) => format!(
                "{} or {} is required",
                name(Field::Bits),
                name(Field::BitLengths)
            ),
            RequestError::BitsRequired => format!("{} is required", name(Field::Bits)),
            RequestError::UnsupportedBits(bits) => {
                let supported = suite.map(|s| s.supported_bits()).unwrap_or(&[]);
                format!(
                    "{} {bits}: not a bit size {suite_name} proves (supported: {supported:?})",
                    name(Field::Bits)
                )
            }
            RequestError::ExtensionDegree(degree) => {
                let max = suite.map_or(1, |s| s.max_extension_degree());
                if max == 1 {
                    format!(
                        "{} {degree}: {suite_name} has one blinding per commitment (several are Bulletproofs+ with {} tari)",
                        name(Field::ExtensionDegree),
                        name(Field::Flavor)
                    )
                } else {
                    format!(
                        "{} {degree}: {suite_name} takes 1 to {max} blindings per commitment",
                        name(Field::ExtensionDegree)
                    )
                }
            }
            RequestError::NoMinimumValues => format!(
                "{suite_name} has no minimum values: drop {} (tari and grin have them)",
                name(Field::MinimumValues)
            ),
            RequestError::ValueCount { given: 0, .. } => "no values".into(),
            RequestError::ValueCount { given, max } => {
                format!("{given} values: a {suite_name} proof covers at most {max}")
            }
            RequestError::NotPowerOfTwo(m) => format!(
                "{m} values: a {suite_name} proof covers a power-of-two number (1, 2, 4, ..., {max_values}), as its deployment's verifier takes no other count; split the values or add zero-valued outputs"
            ),
            RequestError::NotTaken(Field::BitLengths) => format!(
                "{} is for {} solana, not {suite_name}: give {}",
                name(Field::BitLengths),
                name(Field::Flavor),
                name(Field::Bits)
            ),
            RequestError::NotTaken(Field::GeneratorsN) => format!(
                "{} is for {} grin, not {suite_name}",
                name(Field::GeneratorsN),
                name(Field::Flavor)
            ),
            RequestError::NotTaken(field) => format!(
                "{} is for {} grin or {} borromean, not {suite_name}",
                name(*field),
                name(Field::Flavor),
                name(Field::Scheme)
            ),
            RequestError::Malformed(field, reason) => format!("{}: {reason}", name(*field)),
            RequestError::BlindingCount { values, blindings } => format!(
                "{values} values and {blindings} blinding lists: one list per value, at least one"
            ),
            RequestError::PartyOpenings => {
                "a multi-party party's openings (position): prove them with the mpc commands".into()
            }
            RequestError::Parameter(reason) => reason.clone(),
            RequestError::Statement(StatementError::MismatchedLengths { values, blindings }) => {
                format!(
                    "{blindings} {} for {values} values: one per value",
                    name(Field::MinimumValues)
                )
            }
            RequestError::Statement(StatementError::MismatchedBitLengths {
                values,
                bit_lengths,
            }) => format!(
                "{bit_lengths} {} for {values} values: one per value",
                name(Field::BitLengths)
            ),
            RequestError::Statement(StatementError::InvalidBitLength(n)) => format!(
                "{} holds {n}: each value's bit length is 1 to 64",
                name(Field::BitLengths)
            ),
            RequestError::Statement(StatementError::InvalidGeneratorCount {
                given,
                needed,
                max,
            }) => format!(
                "{} {given}: at least {needed} (2 x bits x values), at most {max}",
                name(Field::GeneratorsN),
            ),
            RequestError::Statement(error) => format!("{suite_name}: {error}"),
            RequestError::ValueOutOfRange {
                index,
                count,
                low,
                bits: 0,
                ..
            } => format!(
                "value {index} of {count} is below the proof's minimum value {low} (the least value it shows)"
            ),
            RequestError::ValueOutOfRange {
                index,
                count,
                low,
                high,
                bits,
            } => format!(
                "value {index} of {count} is out of range: a {suite_name} proof of {bits} bits shows it in [{low}, {high}]"
            ),
        }
    }
}

impl std::fmt::Display for RequestError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.describe(Field::json, None))
    }
}
