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

/// The cases and the torsion points of `vectors/<file>`.
pub fn load_monero(file: &str) -> (Vec<MoneroCase>, Vec<[u8; 32]>) {
    let path = format!("{}/../vectors/{file}", env!("CARGO_MANIFEST_DIR"));
    let text =
        std::fs::read_to_string(path).expect("the vectors are in the repository, at vectors/");
    let json: Value = serde_json::from_str(&text).expect("JSON");
    let cases = json["cases"]
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
        .collect();
    let torsion = json["torsion_points"]
        .as_array()
        .expect("torsion")
        .iter()
        .map(hex32)
        .collect();
    (cases, torsion)
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
