//! Helpers shared by the vector tests: loading the shared Monero vectors, and the reject-case
//! mutations of `vectors/README.md`.

#![allow(dead_code)] // each test binary uses a subset

use rangeproof::{Ed25519, Group};
use serde_json::Value;

/// ℓ, the order of the prime-order subgroup (ristretto255 and Ed25519 alike), little-endian.
pub const L: [u8; 32] = [
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
];

/// Adds ℓ to a canonical scalar encoding in place, when the sum still fits in 32 bytes (then
/// it is a non-canonical encoding of the same value). Returns whether it did.
pub fn add_l(field: &mut [u8]) -> bool {
    if field[31] >= 0xe0 {
        return false;
    }
    let mut carry = 0u16;
    for (b, l) in field.iter_mut().zip(L) {
        let sum = *b as u16 + l as u16 + carry;
        *b = sum as u8;
        carry = sum >> 8;
    }
    true
}

/// One vector: proof bytes and the on-chain commitments.
pub struct MoneroCase {
    pub proof: Vec<u8>,
    pub commitments: Vec<[u8; 32]>,
}

pub fn hex32(v: &Value) -> [u8; 32] {
    hex::decode(v.as_str().expect("hex"))
        .expect("hex")
        .try_into()
        .expect("32 bytes")
}

/// The project's shared material beside the repository (`../shared/vectors/`): data copied
/// from other repositories' trees (the full Monero sets) lives there, not in the repository.
pub fn shared_vector(file: &str) -> Option<String> {
    let path = format!("{}/../../shared/vectors/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).ok()
}

#[path = "../support/shared_note.rs"]
mod shared_note;

/// Says on the process's standard error — once per run, past the harness's capture — that a
/// test ran without the shared vectors (`file` among them).
pub fn say_absent(file: &str, test: &str) {
    shared_note::shared_absent(&format!("{test}: {file}"));
}

/// The Monero cases of `file` (`monero-bpplus-ed25519.json` or `monero-bp-ed25519.json`) and
/// the torsion points: the cases shipped in crate packages (bundled in the repository as
/// `vectors/monero-crates-*-ed25519.json`, always there), followed by every other case of the
/// full set in `../shared/vectors/<file>` when it is beside the repository (else one line on
/// standard error says so). The flag says whether the full set was read.
pub fn load_monero(file: &str) -> (Vec<MoneroCase>, Vec<[u8; 32]>, bool) {
    let bundled = match file {
        "monero-bpplus-ed25519.json" => "monero-crates-bpplus-ed25519.json",
        "monero-bp-ed25519.json" => "monero-crates-bp-ed25519.json",
        other => panic!("no Monero vectors named {other}"),
    };
    let path = format!("{}/../vectors/{bundled}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path)
        .expect("the bundled vectors are in the repository, at vectors/");
    let json: Value = serde_json::from_str(&text).expect("JSON");
    let mut cases = monero_cases(&json);
    let full = match shared_vector(file) {
        Some(text) => {
            let shared: Value = serde_json::from_str(&text).expect("JSON");
            for case in monero_cases(&shared) {
                if !cases.iter().any(|c| c.proof == case.proof) {
                    cases.push(case);
                }
            }
            true
        }
        None => {
            say_absent(file, "the Monero vector tests");
            false
        }
    };
    let torsion = json["torsion_points"]
        .as_array()
        .expect("torsion")
        .iter()
        .map(hex32)
        .collect();
    (cases, torsion, full)
}

fn monero_cases(json: &Value) -> Vec<MoneroCase> {
    json["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .map(|c| MoneroCase {
            proof: hex::decode(c["proof"].as_str().expect("hex")).expect("hex"),
            commitments: c["commitments"]
                .as_array()
                .expect("commitments")
                .iter()
                .map(hex32)
                .collect(),
        })
        .collect()
}

/// The bundled crate-package cases are what the crates ship: each transaction's proof and
/// commitments are substrings of the transaction hex copied from the crate.
pub fn bundled_cases_match_their_transactions() {
    for file in [
        "monero-crates-bpplus-ed25519.json",
        "monero-crates-bp-ed25519.json",
    ] {
        let path = format!("{}/../vectors/{file}", env!("CARGO_MANIFEST_DIR"));
        let json: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let mut transactions = 0;
        for case in json["cases"].as_array().unwrap() {
            let Some(tx) = case["tx_hex"].as_str() else {
                continue;
            };
            transactions += 1;
            assert!(tx.contains(case["proof"].as_str().unwrap()), "{file}");
            for c in case["commitments"].as_array().unwrap() {
                assert!(tx.contains(c.as_str().unwrap()), "{file}");
            }
        }
        assert!(transactions >= 1, "{file}");
    }
}

/// The encoding of `point + torsion` (both canonical Ed25519 encodings).
pub fn add_torsion(point: &[u8], torsion: &[u8; 32]) -> [u8; 32] {
    let p = Ed25519::point_from_bytes(point.try_into().expect("32 bytes")).expect("a point");
    let t = Ed25519::point_from_bytes(torsion).expect("a torsion point");
    Ed25519::point_to_bytes(&(p + t))
}

/// The `cases` of `vectors/<file>`.
pub fn vector_cases(file: &str) -> Vec<Value> {
    let path = format!("{}/../vectors/{file}", env!("CARGO_MANIFEST_DIR"));
    let text =
        std::fs::read_to_string(path).expect("the vectors are in the repository, at vectors/");
    let doc: Value = serde_json::from_str(&text).expect("valid JSON");
    doc["cases"].as_array().expect("cases").clone()
}

/// A hex string field as bytes.
pub fn hex_bytes(v: &Value) -> Vec<u8> {
    hex::decode(v.as_str().expect("hex string")).expect("hex")
}

/// A 32-byte hex string field.
pub fn hex_b32(v: &Value) -> [u8; 32] {
    hex_bytes(v).try_into().expect("32 bytes")
}

/// A canonical big-endian secp256k1 scalar.
#[cfg(feature = "secp256k1-zkp")]
pub fn secp_scalar(b: &[u8; 32]) -> k256::Scalar {
    use k256::elliptic_curve::PrimeField;
    Option::from(k256::Scalar::from_repr((*b).into())).expect("canonical scalar")
}

/// The cases of one scheme in `vectors/elements-liquid-secp256k1.json`.
pub fn elements_cases(scheme: &str) -> Vec<Value> {
    vector_cases("elements-liquid-secp256k1.json")
        .into_iter()
        .filter(|c| c["scheme"] == scheme)
        .collect()
}

// ---- The reference format's proof bytes, taken apart (the rules tables' tests) ----

/// 32-byte strings that are no ristretto255 encoding (RFC 9496, appendix A.2): non-canonical
/// field elements, negative ones, non-square \\(x^2\\), a negative \\(xy\\), \\(s = -1\\).
pub const NO_POINTS: [&str; 11] = [
    "00ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "f3ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "0100000000000000000000000000000000000000000000000000000000000000",
    "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "ed57ffd8c914fb201471d1c3d245ce3c746fcbe63a3679d51b6a516ebebe0e20",
    "26948d35ca62e643e26a83177332e6b6afeb9d08e4268b650f1f5bbd8d81d371",
    "4eac077a713c57b4f4397629a4145982c661f48044dd3f96427d40b147d9742f",
    "3eb858e78f5a7254d8c9731174a94f76755fd3941c0ac93735c07ba14579630e",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
];

/// `proof` (the reference format) with its rounds replaced by `rounds` pairs taken cyclically
/// from its own (valid points, so that only the count differs).
pub fn with_rounds(proof: &[u8], rounds: usize) -> Vec<u8> {
    let (head, rest) = proof.split_at(7 * 32);
    let (pairs, tail) = rest.split_at(rest.len() - 64);
    let mut out = head.to_vec();
    for pair in pairs.chunks(64).cycle().take(rounds) {
        out.extend_from_slice(pair);
    }
    out.extend_from_slice(tail);
    out
}

/// The 32-byte element `at` of `proof` replaced by `bytes`.
pub fn with_element(proof: &[u8], at: usize, bytes: &[u8; 32]) -> Vec<u8> {
    let mut out = proof.to_vec();
    out[32 * at..32 * at + 32].copy_from_slice(bytes);
    out
}

/// The point elements of a reference-format proof of `rounds` rounds: A, S, T_1, T_2, then
/// L_1, R_1, the last L and R.
pub fn point_elements(rounds: usize) -> [usize; 8] {
    [0, 1, 2, 3, 7, 8, 7 + 2 * rounds - 2, 7 + 2 * rounds - 1]
}
