//! Statement parameters a suite declares for itself: what a proof system needs beyond the
//! shared fields of [`SuiteStatement`](super::SuiteStatement) (Elements' Borromean proofs take
//! an exponent and a minimum bit count, a norm argument its base), named, typed and bounded in
//! the suite's [`SuiteInfo`](super::SuiteInfo).
//!
//! A front end carries them without knowing the suite: a document's field, a binding's keyword
//! argument, a C request's key, each under the declared name.
//! [`Suite::check_statement`](super::Suite::check_statement) refuses a parameter the suite does
//! not declare and a value of the wrong kind or out of its bounds, with the bounds in the error,
//! before the suite sees the statement; the suite then reads its parameters typed
//! ([`integer`], [`bytes`]).

use crate::StatementError;
use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

/// The kind of value a parameter takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParameterKind {
    /// A signed integer between `min` and `max` inclusive.
    Integer,
    /// A byte string of `min` to `max` bytes (hex in documents).
    Bytes,
    /// A list of `min` to `max` byte strings of `item_len` bytes each (a list of hex strings
    /// in documents).
    ByteList,
}

/// One parameter a suite declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParameterSpec {
    /// Its name, as every front end spells it (a document's field name).
    pub name: &'static str,
    /// The kind of value.
    pub kind: ParameterKind,
    /// The least value (integers) or length (bytes).
    pub min: i64,
    /// The greatest value (integers) or length (bytes).
    pub max: i64,
    /// Whether a statement must carry it.
    pub required: bool,
    /// For a [`ParameterKind::ByteList`]: each item's length in bytes (0 for the other kinds).
    pub item_len: usize,
    /// Whether it is the prover's input rather than part of the public statement (a message
    /// only the recovery nonce's holder may read): front ends record it with the openings,
    /// never in proof documents.
    pub prover_only: bool,
    /// One line for help texts.
    pub description: &'static str,
    /// How a document spells the value a statement leaves out (its default), written so a
    /// reader sees it: Grin's documents write \\(H\\) as `"H"`, Elements' as its encoding
    /// in hex. `None`: an absent parameter is left out.
    pub default: Option<&'static str>,
    /// Texts a document may give instead of a value, each meaning the default (`"H"` for the
    /// value generator in every suite that takes one).
    pub aliases: &'static [&'static str],
}

impl ParameterSpec {
    /// An optional integer parameter in `min ..= max`.
    pub const fn integer(
        name: &'static str,
        min: i64,
        max: i64,
        description: &'static str,
    ) -> Self {
        ParameterSpec {
            name,
            kind: ParameterKind::Integer,
            min,
            max,
            required: false,
            item_len: 0,
            prover_only: false,
            description,
            default: None,
            aliases: &[],
        }
    }

    /// An optional byte-string parameter of `min ..= max` bytes.
    pub const fn bytes(name: &'static str, min: i64, max: i64, description: &'static str) -> Self {
        ParameterSpec {
            name,
            kind: ParameterKind::Bytes,
            min,
            max,
            required: false,
            item_len: 0,
            prover_only: false,
            description,
            default: None,
            aliases: &[],
        }
    }

    /// An optional list of `min ..= max` byte strings of `item_len` bytes each.
    pub const fn byte_list(
        name: &'static str,
        min: i64,
        max: i64,
        item_len: usize,
        description: &'static str,
    ) -> Self {
        ParameterSpec {
            name,
            kind: ParameterKind::ByteList,
            min,
            max,
            required: false,
            item_len,
            prover_only: false,
            description,
            default: None,
            aliases: &[],
        }
    }

    /// The same parameter, required.
    pub const fn required(mut self) -> Self {
        self.required = true;
        self
    }

    /// The same parameter, as the prover's input only (see [`Self::prover_only`]).
    pub const fn for_the_prover_only(mut self) -> Self {
        self.prover_only = true;
        self
    }

    /// The same parameter, which documents write as `text` when a statement leaves it out.
    pub const fn written_by_default_as(mut self, text: &'static str) -> Self {
        self.default = Some(text);
        self
    }

    /// The same parameter, for which a document may give any of `texts` meaning the default.
    pub const fn with_aliases(mut self, texts: &'static [&'static str]) -> Self {
        self.aliases = texts;
        self
    }

    /// Whether `value` is of this parameter's kind and within its bounds.
    pub fn admits(&self, value: &ParameterValue) -> bool {
        match (self.kind, value) {
            (ParameterKind::Integer, ParameterValue::Integer(v)) => {
                (self.min..=self.max).contains(v)
            }
            (ParameterKind::Bytes, ParameterValue::Bytes(b)) => {
                i64::try_from(b.len()).is_ok_and(|len| (self.min..=self.max).contains(&len))
            }
            (ParameterKind::ByteList, ParameterValue::ByteList(items)) => {
                i64::try_from(items.len()).is_ok_and(|n| (self.min..=self.max).contains(&n))
                    && items.iter().all(|item| item.len() == self.item_len)
            }
            _ => false,
        }
    }
}

/// A parameter's value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParameterValue {
    /// An integer.
    Integer(i64),
    /// A byte string.
    Bytes(Vec<u8>),
    /// A list of byte strings.
    ByteList(Vec<Vec<u8>>),
}

/// The longest `extra_data` a statement carries, in bytes.
pub const MAX_EXTRA_DATA: usize = 4096;

/// libsecp256k1-zkp's value generator, for the suites whose commitments take one (Grin's
/// Bulletproofs, Elements' Borromean proofs, Bulletproofs++ on secp256k1): absent, \\(H\\),
/// which documents may also name `"H"`. [`Suite::check_statement`](super::Suite::check_statement)
/// refuses bytes that are no generator's encoding
/// ([`StatementError::InvalidGenerator`]).
pub const VALUE_GENERATOR: ParameterSpec = ParameterSpec::bytes(
    VALUE_GENERATOR_NAME,
    33,
    33,
    "the value generator's 33-byte encoding (an asset generator: 0a/0b || x); absent: H",
)
.with_aliases(&["H"]);

const VALUE_GENERATOR_NAME: &str = "value_generator";

/// \\(H\\)'s 33-byte generator encoding in hex, as Elements' documents spell the default
/// value generator (a test derives it from the generator).
pub const H_HEX: &str = "0b50929b74c1a04954b78b4b6035e97a5e078a5a0f28ec96d547bfee9ace803ac0";

/// libsecp256k1-zkp's extra data (`extra_commit`), bound into the transcript.
pub const EXTRA_DATA: ParameterSpec = ParameterSpec::bytes(
    "extra_data",
    0,
    MAX_EXTRA_DATA as i64,
    "bytes bound into the transcript (libsecp256k1-zkp's extra_commit)",
);

/// An MWEB output's serialized OutputMessage, the extra data its range proof binds (required):
/// at most what a parsable block holds.
#[cfg(feature = "mweb")]
pub const MWEB_OUTPUT_MESSAGE: ParameterSpec = ParameterSpec::bytes(
    "extra_data",
    1,
    crate::mweb::MAX_BYTES as i64,
    "the output's serialized OutputMessage (libmw binds it as extra_commit)",
)
.required();

/// libsecp256k1-zkp's Bulletproofs generator count \\(N\\) (Grin): absent, the suite's
/// default ([`Suite::default_generators_n`](super::Suite::default_generators_n)).
#[cfg(feature = "secp256k1-zkp")]
pub const GENERATORS_N: ParameterSpec = ParameterSpec::integer(
    "generators_n",
    2,
    crate::secp256k1_zkp::bulletproofs::generators::MAX_GENERATORS as i64,
    "generator count: at least 2 x bits x values (default: 256, or the smallest power of two that fits)",
);

/// A statement's parameters by name.
pub type Parameters = BTreeMap<String, ParameterValue>;

/// Checks `parameters` against the suite's `specs`: each one declared, of its kind, within its
/// bounds; each required one present.
pub(crate) fn check(
    specs: &'static [ParameterSpec],
    parameters: &Parameters,
) -> Result<(), StatementError> {
    for (name, value) in parameters {
        let spec = specs
            .iter()
            .find(|spec| spec.name == name)
            .ok_or(StatementError::UndeclaredParameter)?;
        if !spec.admits(value) {
            return Err(StatementError::InvalidParameter {
                name: spec.name,
                min: spec.min,
                max: spec.max,
            });
        }
        // Every suite that takes a value generator declares [`VALUE_GENERATOR`] (with its own
        // default's spelling): its bytes must encode a point, or the statement is no statement
        // (caught here, before a prover or verifier decodes it).
        #[cfg(feature = "secp256k1-zkp")]
        if let (VALUE_GENERATOR_NAME, ParameterValue::Bytes(b)) = (spec.name, value) {
            crate::secp256k1_zkp::generator::ValueGenerator::from_bytes(b)
                .map_err(|_| StatementError::InvalidGenerator(spec.name))?;
        }
    }
    match specs
        .iter()
        .find(|spec| spec.required && !parameters.contains_key(spec.name))
    {
        Some(spec) => Err(StatementError::MissingParameter(spec.name)),
        None => Ok(()),
    }
}

/// An integer parameter of a checked statement (`None` when absent).
pub fn integer(parameters: &Parameters, name: &str) -> Option<i64> {
    match parameters.get(name) {
        Some(ParameterValue::Integer(v)) => Some(*v),
        _ => None,
    }
}

/// A byte-list parameter of a checked statement (`None` when absent).
pub fn byte_list<'a>(parameters: &'a Parameters, name: &str) -> Option<&'a [Vec<u8>]> {
    match parameters.get(name) {
        Some(ParameterValue::ByteList(items)) => Some(items),
        _ => None,
    }
}

/// A byte-string parameter of a checked statement (`None` when absent).
pub fn bytes<'a>(parameters: &'a Parameters, name: &str) -> Option<&'a [u8]> {
    match parameters.get(name) {
        Some(ParameterValue::Bytes(b)) => Some(b),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static SPECS: [ParameterSpec; 2] = [
        ParameterSpec::integer("min_bits", 0, 64, "bits the proof covers at least").required(),
        ParameterSpec::bytes("message", 0, 4, "bytes the proof carries"),
    ];

    fn parameters(entries: &[(&str, ParameterValue)]) -> Parameters {
        entries
            .iter()
            .map(|(name, value)| (String::from(*name), value.clone()))
            .collect()
    }

    #[cfg(feature = "secp256k1-zkp")]
    #[test]
    fn h_is_spelled_as_its_encoding() {
        let h = crate::secp256k1_zkp::generator::ValueGenerator::h().to_bytes();
        let spelled: alloc::string::String = h.iter().map(|b| alloc::format!("{b:02x}")).collect();
        assert_eq!(H_HEX, spelled);
    }

    #[test]
    fn required_parameters_must_be_present() {
        assert_eq!(
            check(&SPECS, &Parameters::new()),
            Err(StatementError::MissingParameter("min_bits"))
        );
        let only_message = parameters(&[("message", ParameterValue::Bytes(alloc::vec![1]))]);
        assert_eq!(
            check(&SPECS, &only_message),
            Err(StatementError::MissingParameter("min_bits"))
        );
    }

    #[test]
    fn bounds_are_inclusive_and_kinds_strict() {
        for (value, ok) in [
            (0, true),
            (64, true),
            (65, false),
            (-1, false),
            (i64::MIN, false),
        ] {
            let p = parameters(&[("min_bits", ParameterValue::Integer(value))]);
            assert_eq!(check(&SPECS, &p).is_ok(), ok, "{value}");
        }
        for (len, ok) in [(0, true), (4, true), (5, false)] {
            let p = parameters(&[
                ("min_bits", ParameterValue::Integer(1)),
                ("message", ParameterValue::Bytes(alloc::vec![0; len])),
            ]);
            assert_eq!(check(&SPECS, &p).is_ok(), ok, "{len}");
        }
        let p = parameters(&[("min_bits", ParameterValue::Bytes(alloc::vec![1]))]);
        assert_eq!(
            check(&SPECS, &p),
            Err(StatementError::InvalidParameter {
                name: "min_bits",
                min: 0,
                max: 64
            })
        );
        let p = parameters(&[("min_bits", ParameterValue::Integer(1))]);
        assert_eq!(integer(&p, "min_bits"), Some(1));
        assert_eq!(bytes(&p, "min_bits"), None);
        assert_eq!(integer(&p, "message"), None);
    }
}
