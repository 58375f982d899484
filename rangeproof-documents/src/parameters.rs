//! A suite's own statement parameters ([`rangeproof::suite::parameters`]) in the front ends'
//! forms: JSON fields of documents and openings files (integers as JSON integers, byte strings
//! as hex) and the CLI's `NAME=VALUE` assignments. Nothing here knows a suite: the names, kinds
//! and bounds come from the suite's [`rangeproof::SuiteInfo::parameters`].

use crate::hex;
use std::collections::BTreeMap;

use rangeproof::suite::{ParameterKind, ParameterSpec, ParameterValue, Parameters};
use rangeproof::Suite;

/// JSON fields by name (what documents and openings files carry).
pub type JsonFields = BTreeMap<String, serde_json::Value>;

/// The fields of `fields` that `suite` declares as its parameters, typed and checked against
/// their bounds; other fields are left alone. A text the suite gives as an alias of the
/// default ([`ParameterSpec::aliases`], `"H"` for a value generator) reads as absent. `what`
/// names the input in reasons (e.g. "the bulletproofs ristretto255/dalek document");
/// `beside` names parameters the caller reads from fields of its own (a request's
/// `extra_data`), so not required here. The error is a one-line reason.
pub fn from_json(
    suite: Suite,
    fields: &JsonFields,
    what: &str,
    beside: &[&str],
) -> Result<Parameters, String> {
    let mut parameters = Parameters::new();
    for spec in suite.info().parameters {
        let json = fields
            .get(spec.name)
            .filter(|json| !json.as_str().is_some_and(|t| spec.aliases.contains(&t)));
        let Some(json) = json else {
            if spec.required && !beside.contains(&spec.name) {
                return Err(format!("{what} needs {}", spec.name));
            }
            continue;
        };
        let value = match spec.kind {
            ParameterKind::Integer => json
                .as_i64()
                .map(ParameterValue::Integer)
                .ok_or_else(|| format!("{} must be an integer", spec.name))?,
            ParameterKind::Bytes => {
                let text = json
                    .as_str()
                    .ok_or_else(|| format!("{} must be a hex string", spec.name))?;
                hex_bytes(spec, text)?
            }
            ParameterKind::ByteList => {
                let items = json
                    .as_array()
                    .ok_or_else(|| format!("{} must be a list of hex strings", spec.name))?;
                byte_list(spec, items.iter().map(|item| item.as_str()))?
            }
            _ => {
                return Err(format!(
                    "{} has a kind this reader does not know",
                    spec.name
                ))
            }
        };
        parameters.insert(spec.name.into(), checked(spec, value)?);
    }
    Ok(parameters)
}

/// The parameters that belong in a proof document: all but the prover's own inputs
/// ([`ParameterSpec::prover_only`], such as a Borromean proof's message).
pub fn public(suite: Suite, parameters: &Parameters) -> Parameters {
    parameters
        .iter()
        .filter(|(name, _)| {
            !suite
                .info()
                .parameters
                .iter()
                .any(|spec| spec.name == *name && spec.prover_only)
        })
        .map(|(name, value)| (name.clone(), value.clone()))
        .collect()
}

/// The parameters as JSON fields.
pub fn to_json(parameters: &Parameters) -> JsonFields {
    parameters
        .iter()
        .filter_map(|(name, value)| {
            let json = match value {
                ParameterValue::Integer(v) => serde_json::Value::from(*v),
                ParameterValue::Bytes(b) => serde_json::Value::from(hex::encode(b)),
                ParameterValue::ByteList(items) => {
                    serde_json::Value::from(items.iter().map(hex::encode).collect::<Vec<_>>())
                }
                _ => return None,
            };
            Some((name.clone(), json))
        })
        .collect()
}

/// A `NAME=VALUE` assignment (the CLI's `--param`) for `suite`: an integer, or hex for a byte
/// string, as the suite declares `NAME`.
pub fn from_assignment(suite: Suite, assignment: &str) -> Result<(String, ParameterValue), String> {
    let (name, text) = assignment
        .split_once('=')
        .ok_or_else(|| format!("--param {assignment:?}: expected NAME=VALUE"))?;
    let specs = suite.info().parameters;
    let Some(spec) = specs.iter().find(|spec| spec.name == name) else {
        let declared: Vec<&str> = specs.iter().map(|spec| spec.name).collect();
        return Err(if declared.is_empty() {
            format!(
                "--param {name}: {} {}/{} takes no parameters",
                suite.scheme(),
                suite.group(),
                suite.flavor()
            )
        } else {
            format!(
                "--param {name}: not a parameter of this suite (it takes {})",
                declared.join(", ")
            )
        });
    };
    let value = match spec.kind {
        ParameterKind::Integer => ParameterValue::Integer(
            text.parse()
                .map_err(|_| format!("--param {name}: {text:?} is not an integer"))?,
        ),
        ParameterKind::Bytes => hex_bytes(spec, text)?,
        // A list as comma-separated hex.
        ParameterKind::ByteList => byte_list(spec, text.split(',').map(Some))?,
        _ => return Err(format!("--param {name}: a kind this reader does not know")),
    };
    Ok((name.into(), checked(spec, value)?))
}

fn hex_bytes(spec: &ParameterSpec, text: &str) -> Result<ParameterValue, String> {
    // Refuse before decoding what could not fit (the input may be large).
    if text.len() as u64 > 2 * spec.max.max(0) as u64 {
        return Err(format!(
            "{} is {} hex digits, longer than {} bytes",
            spec.name,
            text.len(),
            spec.max
        ));
    }
    hex::decode(text)
        .map(ParameterValue::Bytes)
        .map_err(|e| format!("{} is not hex: {e}", spec.name))
}

/// A list of hex strings (`None`: an item that is not a string), refused at the first item
/// past the spec's count or of the wrong length, before the rest is decoded.
fn byte_list<'a>(
    spec: &ParameterSpec,
    items: impl Iterator<Item = Option<&'a str>>,
) -> Result<ParameterValue, String> {
    let mut out = Vec::new();
    for (i, item) in items.enumerate() {
        if i as i64 >= spec.max {
            return Err(format!("{} lists more than {} items", spec.name, spec.max));
        }
        let text = item.ok_or_else(|| format!("{} item {i} must be a hex string", spec.name))?;
        if text.len() != 2 * spec.item_len {
            return Err(format!(
                "{} item {i} is {} hex digits, expected {} ({} bytes)",
                spec.name,
                text.len(),
                2 * spec.item_len,
                spec.item_len
            ));
        }
        out.push(hex::decode(text).map_err(|e| format!("{} item {i} is not hex: {e}", spec.name))?);
    }
    Ok(ParameterValue::ByteList(out))
}

fn checked(spec: &ParameterSpec, value: ParameterValue) -> Result<ParameterValue, String> {
    if spec.admits(&value) {
        return Ok(value);
    }
    Err(match spec.kind {
        ParameterKind::Bytes => format!("{} must be {} to {} bytes", spec.name, spec.min, spec.max),
        ParameterKind::ByteList => format!(
            "{} must list {} to {} items of {} bytes",
            spec.name, spec.min, spec.max, spec.item_len
        ),
        _ => format!(
            "{} must be between {} and {}",
            spec.name, spec.min, spec.max
        ),
    })
}
