//! The answer every export returns, in a buffer the caller frees with `rp_free` (its first
//! four bytes plus four). Integers are `u32` little-endian:
//!
//! ```text
//! [length of the rest] [kind: u8] [JSON length] [JSON] [secret count] ([length] [bytes])…
//! ```
//!
//! `kind` 0 is done and the JSON is the result; 1 is unusable input and 2 a recovery that
//! failed, each with `{"error": reason}`. In a result, `{"$bytes": i}` stands for
//! secret `i` as bytes (a `Uint8Array` on the JavaScript side, which the caller can wipe) and
//! `{"$u64": i}` for secret `i` as an unsigned 64-bit amount (eight bytes little-endian; a
//! `BigInt`). Secrets never enter the JSON text: JavaScript strings cannot be wiped.

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};

/// Why a call failed, by kind (the JavaScript side throws an `Error` subclass per kind).
pub enum Failure {
    /// The input cannot be used: the reason names the part.
    Unusable(String),
    /// A nonce or key that does not open the proof.
    #[cfg_attr(not(feature = "prove"), allow(dead_code))]
    RecoveryFailed(String),
}

impl Failure {
    pub fn unusable(reason: impl std::fmt::Display) -> Failure {
        Failure::Unusable(reason.to_string())
    }
}

/// A call's result: public JSON, with references to the secrets beside it.
pub struct Reply {
    json: String,
    secrets: Secrets,
}

pub type Answer = Result<Reply, Failure>;

/// The secret parts of a result, referred to from its JSON by position.
#[derive(Default)]
pub struct Secrets(Vec<Vec<u8>>);

#[cfg_attr(not(feature = "prove"), allow(dead_code))]
impl Secrets {
    /// `bytes` as a secret; the JSON that stands for it.
    pub fn bytes(&mut self, bytes: &[u8]) -> Value {
        self.0.push(bytes.to_vec());
        json!({ "$bytes": self.0.len() - 1 })
    }

    /// An amount as a secret; the JSON that stands for it.
    pub fn u64(&mut self, value: u64) -> Value {
        self.0.push(value.to_le_bytes().to_vec());
        json!({ "$u64": self.0.len() - 1 })
    }
}

impl Reply {
    /// A result without secrets.
    pub fn public(result: &impl Serialize) -> Answer {
        let json = serde_json::to_string(result).map_err(Failure::unusable)?;
        Ok(Reply {
            json,
            secrets: Secrets::default(),
        })
    }

    /// A result without secrets, already written as JSON (a transaction's report).
    pub fn json(json: String) -> Answer {
        Ok(Reply {
            json,
            secrets: Secrets::default(),
        })
    }

    /// A result whose secrets are beside it.
    #[cfg_attr(not(feature = "prove"), allow(dead_code))]
    pub fn with(result: &Value, secrets: Secrets) -> Answer {
        Ok(Reply {
            json: result.to_string(),
            secrets,
        })
    }
}

/// The input as `T`; unusable when it is not.
pub fn input<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Failure> {
    // The parser's reason in plain words, quoting nothing of the input (it may hold secrets).
    serde_json::from_slice(bytes).map_err(|e| {
        Failure::unusable(format!(
            "the input is not what was asked: {}",
            rangeproof_documents::json_reason(&e)
        ))
    })
}

/// `text` as hex (what the JavaScript side writes for bytes); the reason names `what`.
pub fn hex(what: &str, text: &str) -> Result<Vec<u8>, Failure> {
    ::hex::decode(text).map_err(|e| Failure::unusable(format!("{what} is not hex: {e}")))
}

/// The answer in a buffer for the host (see the module notes); null when memory runs out.
pub fn write(answer: Answer) -> *mut u8 {
    let (kind, reply) = match answer {
        Ok(reply) => (0u8, reply),
        Err(failure) => {
            let (kind, reason) = match failure {
                Failure::Unusable(r) => (1, r),
                Failure::RecoveryFailed(r) => (2, r),
            };
            (
                kind,
                Reply {
                    json: json!({ "error": reason }).to_string(),
                    secrets: Secrets::default(),
                },
            )
        }
    };
    let mut out = vec![kind];
    let written = put(&mut out, reply.json.as_bytes()).and_then(|()| {
        let count = u32::try_from(reply.secrets.0.len()).ok()?;
        out.extend_from_slice(&count.to_le_bytes());
        reply.secrets.0.iter().try_for_each(|s| put(&mut out, s))
    });
    if written.is_none() {
        return core::ptr::null_mut();
    }
    let Ok(len) = u32::try_from(out.len()) else {
        return core::ptr::null_mut();
    };
    let ptr = crate::rp_alloc(out.len() + 4);
    if !ptr.is_null() {
        // SAFETY: `ptr` holds `out.len() + 4` writable bytes, just allocated, distinct from
        // `out`.
        unsafe {
            core::ptr::copy_nonoverlapping(len.to_le_bytes().as_ptr(), ptr, 4);
            core::ptr::copy_nonoverlapping(out.as_ptr(), ptr.add(4), out.len());
        }
    }
    ptr
}

/// `bytes` behind their `u32` length; `None` past 4 GiB.
fn put(out: &mut Vec<u8>, bytes: &[u8]) -> Option<()> {
    out.extend_from_slice(&u32::try_from(bytes.len()).ok()?.to_le_bytes());
    out.extend_from_slice(bytes);
    Some(())
}
