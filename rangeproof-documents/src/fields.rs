//! A proof document's fields past its header (scheme, group, flavor, commitments, proof): the
//! shared statement fields a suite's [`SuiteInfo`](rangeproof::SuiteInfo) turns on, the
//! parameters it declares ([`SuiteInfo::parameters`](rangeproof::SuiteInfo::parameters)) and
//! its container's fields ([`crate::container`]). The document keeps them by name as JSON;
//! this module says which a suite takes, in what order documents write them, and reads one as
//! a typed value with a reason in plain words. Nothing here names a deployment.

use std::collections::BTreeMap;
use std::fmt;

use serde::de::{DeserializeOwned, Error, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};
use serde_json::Value;

use rangeproof::Suite;

use crate::error::plain_message;

/// The statement fields every suite may take, in the order documents write them: which a
/// suite takes its [`SuiteInfo`](rangeproof::SuiteInfo) says (`transcript_label`, `bits`,
/// `max_extension_degree`, `minimum_values`).
pub(crate) const STATEMENT: [&str; 4] = [
    "transcript_label",
    "bits",
    "extension_degree",
    "minimum_values",
];

/// A document's fields past its header, by name. Reading refuses a name given twice (two
/// readers of the same text could otherwise take different values).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fields(BTreeMap<String, Value>);

impl Fields {
    /// No fields.
    pub fn new() -> Self {
        Fields::default()
    }

    /// The field `name`, as JSON.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.0.get(name)
    }

    /// Sets the field `name`.
    pub fn insert(&mut self, name: impl Into<String>, value: impl Into<Value>) {
        self.0.insert(name.into(), value.into());
    }

    /// Removes the field `name`, returning it.
    pub fn remove(&mut self, name: &str) -> Option<Value> {
        self.0.remove(name)
    }

    /// Every field, by name.
    pub fn as_map(&self) -> &BTreeMap<String, Value> {
        &self.0
    }

    /// The field `name` read as a `T` (`None`: absent or null); the error names the field and
    /// says what it held in words, never quoting it.
    pub fn typed<T: DeserializeOwned>(&self, name: &str) -> Result<Option<T>, String> {
        match self.0.get(name) {
            None => Ok(None),
            Some(value) => Option::<T>::deserialize(value)
                .map_err(|e| format!("{name}: {}", plain_message(&e.to_string()))),
        }
    }

    /// The field `name` read by a bounded reader (a `deserialize_with` function).
    pub(crate) fn read_with<T>(
        &self,
        name: &str,
        read: impl FnOnce(&Value) -> Result<T, serde_json::Error>,
    ) -> Result<Option<T>, String> {
        match self.0.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(value) => read(value)
                .map(Some)
                .map_err(|e| format!("{name}: {}", plain_message(&e.to_string()))),
        }
    }
}

impl From<BTreeMap<String, Value>> for Fields {
    fn from(map: BTreeMap<String, Value>) -> Self {
        Fields(map)
    }
}

impl<'de> Deserialize<'de> for Fields {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Once;
        impl<'de> Visitor<'de> for Once {
            type Value = Fields;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Fields, A::Error> {
                let mut fields = BTreeMap::new();
                while let Some((name, value)) = map.next_entry::<String, Value>()? {
                    if fields.contains_key(&name) {
                        return Err(A::Error::custom(format!(
                            "{name} is given twice: a document names each field once"
                        )));
                    }
                    fields.insert(name, value);
                }
                Ok(Fields(fields))
            }
        }
        d.deserialize_map(Once)
    }
}

/// The fields `suite`'s documents take past the header, in the order they are written: the
/// shared statement fields, the suite's public parameters, its container's fields.
pub(crate) fn of(suite: Suite) -> Vec<&'static str> {
    let parameters = suite
        .info()
        .parameters
        .iter()
        .filter(|spec| !spec.prover_only)
        .map(|spec| spec.name);
    let container = crate::container::of(suite)
        .map(|c| c.fields)
        .unwrap_or_default();
    STATEMENT
        .into_iter()
        .chain(parameters)
        .chain(container.iter().copied())
        .collect()
}

/// Whether `name` means something in some registered suite's documents (a public parameter,
/// a container's field): a document of a suite that does not take it is refused rather than
/// read as if the field were not there. A prover's own input (a Borromean proof's `exp`) is in
/// no document, so it is as unknown as any other name.
pub(crate) fn known(name: &str) -> bool {
    STATEMENT.contains(&name)
        || crate::container::names().any(|n| n == name)
        || Suite::ALL.iter().any(|suite| {
            suite
                .info()
                .parameters
                .iter()
                .any(|s| s.name == name && !s.prover_only)
        })
}

/// `fields` in the order `suite`'s documents write them; fields no suite there takes follow,
/// by name.
pub(crate) fn in_order(suite: Option<Suite>, fields: &Fields) -> Vec<(&str, &Value)> {
    let order = suite.map(of).unwrap_or_default();
    let rank = |name: &str| order.iter().position(|n| *n == name).unwrap_or(order.len());
    let mut out: Vec<(&str, &Value)> = fields.0.iter().map(|(n, v)| (n.as_str(), v)).collect();
    // Stable: names of equal rank (not in the order) stay sorted.
    out.sort_by_key(|(name, _)| rank(name));
    out
}
