//! Whole numbers in prove requests and openings files (`bits`, `values`, …), read so that a
//! wrong one is named by its field and said to be what it is — out of range, negative, not a
//! whole number, a string — and never quoted: the values are amounts, secrets that must not
//! reach an error message or a log. serde's own reading of a `u64` would say "invalid type:
//! floating point `1.8446744073709552e19`, expected u64", naming neither the field nor the
//! problem, and quoting the number.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

/// One whole number from 0 to `max`: `field`, or item `index` of the list `field`.
#[derive(Clone, Copy)]
struct Whole {
    field: &'static str,
    index: Option<usize>,
    max: u64,
}

impl Whole {
    fn refuse<E: de::Error>(self, found: &str) -> E {
        let name = match self.index {
            Some(i) => format!("{}[{i}]", self.field),
            None => self.field.to_string(),
        };
        E::custom(format_args!(
            "{name}: {found}, where a whole number from 0 to {} is expected",
            self.max
        ))
    }
}

impl<'de> Visitor<'de> for Whole {
    type Value = u64;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a whole number from 0 to {}", self.max)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<u64, E> {
        if v <= self.max {
            Ok(v)
        } else {
            Err(self.refuse("a number out of range"))
        }
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<u64, E> {
        match u64::try_from(v) {
            Ok(v) => self.visit_u64(v),
            Err(_) => Err(self.refuse("a negative number")),
        }
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<u64, E> {
        // JSON's integers past 2^64 reach here as floats.
        Err(self.refuse(if v < 0.0 {
            "a negative number"
        } else if v.fract() == 0.0 && v >= 18_446_744_073_709_551_616.0 {
            "a number out of range"
        } else {
            "a number with a fraction or an exponent"
        }))
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<u64, E> {
        Err(self.refuse("true or false"))
    }

    fn visit_str<E: de::Error>(self, _: &str) -> Result<u64, E> {
        Err(self.refuse("a string"))
    }

    fn visit_unit<E: de::Error>(self) -> Result<u64, E> {
        Err(self.refuse("null"))
    }

    fn visit_none<E: de::Error>(self) -> Result<u64, E> {
        Err(self.refuse("null"))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, _: A) -> Result<u64, A::Error> {
        Err(self.refuse("an array"))
    }

    fn visit_map<A: MapAccess<'de>>(self, _: A) -> Result<u64, A::Error> {
        Err(self.refuse("an object"))
    }
}

impl<'de> DeserializeSeed<'de> for Whole {
    type Value = u64;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<u64, D::Error> {
        d.deserialize_any(self)
    }
}

/// A list of whole numbers, each from 0 to `max`, named `field`.
#[derive(Clone, Copy)]
struct Wholes {
    field: &'static str,
    max: u64,
}

impl Wholes {
    fn refuse<E: de::Error>(self, found: &str) -> E {
        E::custom(format_args!(
            "{}: {found}, where an array of whole numbers is expected",
            self.field
        ))
    }
}

impl<'de> Visitor<'de> for Wholes {
    type Value = Vec<u64>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of whole numbers")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<u64>, A::Error> {
        let mut out = Vec::new();
        loop {
            let item = Whole {
                field: self.field,
                index: Some(out.len()),
                max: self.max,
            };
            match seq.next_element_seed(item)? {
                Some(v) => out.push(v),
                None => return Ok(out),
            }
        }
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<Vec<u64>, E> {
        Err(self.refuse("a number"))
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Vec<u64>, E> {
        Err(self.refuse("a number"))
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Vec<u64>, E> {
        Err(self.refuse("a number"))
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Vec<u64>, E> {
        Err(self.refuse("true or false"))
    }

    fn visit_str<E: de::Error>(self, _: &str) -> Result<Vec<u64>, E> {
        Err(self.refuse("a string"))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Vec<u64>, E> {
        Err(self.refuse("null"))
    }

    fn visit_map<A: MapAccess<'de>>(self, _: A) -> Result<Vec<u64>, A::Error> {
        Err(self.refuse("an object"))
    }
}

impl<'de> DeserializeSeed<'de> for Wholes {
    type Value = Vec<u64>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<u64>, D::Error> {
        d.deserialize_any(self)
    }
}

/// A field that may be null (then `None`, as when it is absent).
struct Optional<S>(S);

impl<'de, S: DeserializeSeed<'de>> Visitor<'de> for Optional<S> {
    type Value = Option<S::Value>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a value or null")
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.0.deserialize(d).map(Some)
    }
}

const USIZE_MAX: u64 = usize::MAX as u64;

fn usize_of(v: u64) -> usize {
    // At most USIZE_MAX, checked as it was read.
    usize::try_from(v).unwrap_or(usize::MAX)
}

fn optional<'de, D: Deserializer<'de>>(
    d: D,
    field: &'static str,
) -> Result<Option<usize>, D::Error> {
    let whole = Whole {
        field,
        index: None,
        max: USIZE_MAX,
    };
    d.deserialize_option(Optional(whole))
        .map(|v| v.map(usize_of))
}

fn optional_counts<'de, D: Deserializer<'de>>(
    d: D,
    field: &'static str,
) -> Result<Option<Vec<usize>>, D::Error> {
    let list = Wholes {
        field,
        max: USIZE_MAX,
    };
    d.deserialize_option(Optional(list))
        .map(|v| v.map(|list| list.into_iter().map(usize_of).collect()))
}

fn optional_amounts<'de, D: Deserializer<'de>>(
    d: D,
    field: &'static str,
) -> Result<Option<Vec<u64>>, D::Error> {
    d.deserialize_option(Optional(Wholes {
        field,
        max: u64::MAX,
    }))
}

/// `bits`, absent or null as 0 (openings files of suites without bits).
pub(crate) fn bits<'de, D: Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
    optional(d, "bits").map(Option::unwrap_or_default)
}

/// `bits`, where absent is not given.
pub(crate) fn optional_bits<'de, D: Deserializer<'de>>(d: D) -> Result<Option<usize>, D::Error> {
    optional(d, "bits")
}

/// `bit_lengths`.
pub(crate) fn bit_lengths<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<usize>>, D::Error> {
    optional_counts(d, "bit_lengths")
}

/// `extension_degree`.
pub(crate) fn extension_degree<'de, D: Deserializer<'de>>(d: D) -> Result<Option<usize>, D::Error> {
    optional(d, "extension_degree")
}

/// `generators_n`.
pub(crate) fn generators_n<'de, D: Deserializer<'de>>(d: D) -> Result<Option<usize>, D::Error> {
    optional(d, "generators_n")
}

/// `position`.
pub(crate) fn position<'de, D: Deserializer<'de>>(d: D) -> Result<Option<usize>, D::Error> {
    optional(d, "position")
}

/// `minimum_values`.
pub(crate) fn minimum_values<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<Option<Vec<u64>>, D::Error> {
    optional_amounts(d, "minimum_values")
}

/// `values` (secret: never quoted, as none of these is).
pub(crate) fn values<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u64>, D::Error> {
    Wholes {
        field: "values",
        max: u64::MAX,
    }
    .deserialize(d)
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Fields {
        #[serde(default, deserialize_with = "super::optional_bits")]
        bits: Option<usize>,
        #[serde(default, deserialize_with = "super::bit_lengths")]
        bit_lengths: Option<Vec<usize>>,
        #[serde(default, deserialize_with = "super::values")]
        values: Vec<u64>,
    }

    fn read(text: &str) -> Result<Fields, String> {
        serde_json::from_str(text).map_err(|e| crate::json_reason(&e))
    }

    #[test]
    fn numbers_are_named_by_their_field_and_never_quoted() {
        let got = read(r#"{"bits": 64, "bit_lengths": null, "values": [0, 18446744073709551615]}"#)
            .unwrap();
        assert_eq!(got.bits, Some(64));
        assert_eq!(got.bit_lengths, None);
        assert_eq!(got.values, [0, u64::MAX]);
        assert_eq!(read(r#"{"bits": null}"#).unwrap().bits, None);
        for (text, said) in [
            (
                r#"{"bits": 18446744073709551616}"#,
                "bits: a number out of range, where a whole number from 0 to 18446744073709551615 is expected",
            ),
            (
                r#"{"values": [1, 123456789123456789123456789]}"#,
                "values[1]: a number out of range",
            ),
            (
                r#"{"values": [-123456789123456789]}"#,
                "values[0]: a negative number",
            ),
            (
                r#"{"values": [1234567891234.5]}"#,
                "values[0]: a number with a fraction or an exponent",
            ),
            (
                r#"{"values": ["123456789123456789"]}"#,
                "values[0]: a string, where",
            ),
            (r#"{"values": 123456789123456789}"#, "values: a number, where an array"),
            (r#"{"bit_lengths": [64, {}]}"#, "bit_lengths[1]: an object"),
            (r#"{"bits": "64"}"#, "bits: a string"),
        ] {
            let err = read(text).unwrap_err();
            assert!(err.starts_with(said), "{text}: {err}");
            assert!(err.contains(" at line 1 column "), "{err}");
            for secret in ["123456789123456789", "1234567891234"] {
                assert!(!err.contains(secret), "{text}: {err}");
            }
        }
    }
}
