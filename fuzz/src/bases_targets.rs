//! Deployments whose statements give Pedersen bases (Aptos: both; MobileCoin: the token's value
//! base, and padding by repeating the last commitment), ours against the code each runs: the
//! reference crate (`bulletproofs` 5) configured as Aptos's natives and MobileCoin's
//! `check_range_proofs` configure it (MobileCoin's fork is that crate's range-proof code). A
//! statement — bases, commitments, proof — verified through the suite, as the front ends do,
//! must be accepted exactly when the peer accepts it, whatever the bytes.
//!
//! The input is [`super::mask`]'s over one item `bases ‖ commitments ‖ proof` (the bases' and
//! commitments' sizes are the base item's; the proof is the rest): MobileCoin's proofs made by
//! its fork (`vectors/mobilecoin-bp-ristretto255.json`) and Aptos proofs made at start by the
//! reference crate under random bases, picked by the second byte.

use std::sync::OnceLock;

use bulletproofs::{BulletproofGens, PedersenGens, RangeProof};
use curve25519_dalek_v4::constants::RISTRETTO_BASEPOINT_POINT;
use curve25519_dalek_v4::ristretto::{CompressedRistretto, RistrettoPoint};
use curve25519_dalek_v4::scalar::Scalar;
use merlin::Transcript;
use rand_core::OsRng;
use rangeproof::suite::ParameterValue;
use rangeproof::{Suite, SuiteStatement};

use super::mask::proof_from;

/// Which deployment an item is, with what its statement holds besides the proof.
#[derive(Clone, Copy)]
enum Kind {
    /// Both bases; `bits` each value.
    Aptos { bits: usize },
    /// The value base; 64 bits.
    MobileCoin,
}

struct Item {
    kind: Kind,
    /// The bases' encodings (two for Aptos, one for MobileCoin), then the commitments', then
    /// the proof.
    bytes: Vec<u8>,
    commitments: usize,
}

impl Kind {
    fn bases(self) -> usize {
        match self {
            Kind::Aptos { .. } => 2,
            Kind::MobileCoin => 1,
        }
    }
}

fn items() -> &'static [Item] {
    static ITEMS: OnceLock<Vec<Item>> = OnceLock::new();
    ITEMS.get_or_init(|| {
        let mut items = Vec::new();
        let doc: serde_json::Value = serde_json::from_str(include_str!(
            "../../vectors/mobilecoin-bp-ristretto255.json"
        ))
        .expect("the vectors are JSON");
        for case in doc["made_by_them"]
            .as_array()
            .expect("cases")
            .iter()
            .take(6)
        {
            let mut bytes = hex::decode(case["value_base"].as_str().expect("hex")).expect("hex");
            let commitments = case["commitments"].as_array().expect("a list");
            for c in commitments {
                bytes.extend(hex::decode(c.as_str().expect("hex")).expect("hex"));
            }
            bytes.extend(hex::decode(case["proof"].as_str().expect("hex")).expect("hex"));
            items.push(Item {
                kind: Kind::MobileCoin,
                bytes,
                commitments: commitments.len(),
            });
        }
        for (bits, m) in [(16, 1), (16, 8), (8, 2), (64, 4)] {
            let pedersen = PedersenGens {
                B: RistrettoPoint::random(&mut OsRng),
                B_blinding: RistrettoPoint::random(&mut OsRng),
            };
            let values: Vec<u64> = (0..m as u64).map(|v| v % 3).collect();
            let blindings: Vec<Scalar> = (0..m).map(|_| Scalar::random(&mut OsRng)).collect();
            let (proof, commitments) = RangeProof::prove_multiple(
                &BulletproofGens::new(64, 16),
                &pedersen,
                &mut Transcript::new(APTOS_LABEL),
                &values,
                &blindings,
                bits,
            )
            .expect("the reference crate proves");
            let mut bytes = pedersen.B.compress().to_bytes().to_vec();
            bytes.extend(pedersen.B_blinding.compress().to_bytes());
            for c in &commitments {
                bytes.extend(c.to_bytes());
            }
            bytes.extend(proof.to_bytes());
            items.push(Item {
                kind: Kind::Aptos { bits },
                bytes,
                commitments: m,
            });
        }
        items
    })
}

const APTOS_LABEL: &[u8] = b"AptosConfidentialAsset/BulletproofRangeProof";
const MOBILECOIN_LABEL: &[u8] = b"mc_bulletproof_transcript";

/// Ours: the suite, with the bases as the statement's parameters.
fn we_accept(kind: Kind, bases: &[Vec<u8>], commitments: &[Vec<u8>], proof: &[u8]) -> bool {
    let (suite, bits, names) = match kind {
        Kind::Aptos { bits } => (
            Suite::APTOS_BULLETPROOFS,
            bits,
            &["value_base", "blinding_base"][..],
        ),
        Kind::MobileCoin => (Suite::MOBILECOIN_BULLETPROOFS, 64, &["value_base"][..]),
    };
    let mut statement = SuiteStatement {
        bits,
        extension_degree: 1,
        ..SuiteStatement::default()
    };
    for (name, base) in names.iter().zip(bases) {
        statement
            .parameters
            .insert((*name).into(), ParameterValue::Bytes(base.clone()));
    }
    suite
        .verify(&statement, proof, commitments, &mut OsRng)
        .is_ok()
}

/// The peer: the bases and commitments decompressed (what Aptos's `new_point_from_bytes` and
/// MobileCoin's generators give; bytes that do not decompress are no statement there), then
/// the reference crate's `verify_multiple` under the deployment's settings.
fn peer_accepts(kind: Kind, bases: &[Vec<u8>], commitments: &[Vec<u8>], proof: &[u8]) -> bool {
    let point = |b: &Vec<u8>| CompressedRistretto::from_slice(b).ok()?.decompress();
    let Some(b) = point(&bases[0]) else {
        return false;
    };
    let (pedersen, label, capacity, bits, commitments) = match kind {
        Kind::Aptos { bits } => {
            let Some(b_blinding) = point(&bases[1]) else {
                return false;
            };
            let pedersen = PedersenGens {
                B: b,
                B_blinding: b_blinding,
            };
            (pedersen, APTOS_LABEL, 16, bits, commitments.to_vec())
        }
        Kind::MobileCoin => {
            if commitments.is_empty() {
                return false; // MobileCoin's padding panics on none; no transaction has none
            }
            let pedersen = PedersenGens {
                B: b,
                B_blinding: RISTRETTO_BASEPOINT_POINT,
            };
            let mut padded = commitments.to_vec();
            padded.resize(
                commitments.len().next_power_of_two(),
                commitments[commitments.len() - 1].clone(),
            );
            (pedersen, MOBILECOIN_LABEL, 64, 64, padded)
        }
    };
    let Ok(proof) = RangeProof::from_bytes(proof) else {
        return false;
    };
    let Some(commitments) = commitments
        .iter()
        .map(|c| CompressedRistretto::from_slice(c).ok())
        .collect::<Option<Vec<_>>>()
    else {
        return false;
    };
    // The peers build theirs once (Aptos's natives per call, but the same points).
    static APTOS_GENS: OnceLock<BulletproofGens> = OnceLock::new();
    static MOBILECOIN_GENS: OnceLock<BulletproofGens> = OnceLock::new();
    let gens = match capacity {
        16 => APTOS_GENS.get_or_init(|| BulletproofGens::new(64, 16)),
        _ => MOBILECOIN_GENS.get_or_init(|| BulletproofGens::new(64, 64)),
    };
    proof
        .verify_multiple(
            gens,
            &pedersen,
            &mut Transcript::new(label),
            &commitments,
            bits,
        )
        .is_ok()
}

/// Statements with their own Pedersen bases (Aptos, MobileCoin), ours against the reference
/// crate configured as each deployment configures it.
pub fn verify_bases(data: &[u8]) {
    let items = items();
    let item = &items[usize::from(data.get(1).copied().unwrap_or(0)) % items.len()];
    let bytes = proof_from(data, &item.bytes);
    let fixed = 32 * (item.kind.bases() + item.commitments);
    if bytes.len() < fixed {
        return;
    }
    let (head, proof) = bytes.split_at(fixed);
    let points: Vec<Vec<u8>> = head.chunks(32).map(<[u8]>::to_vec).collect();
    let (bases, commitments) = points.split_at(item.kind.bases());
    let (ours, theirs) = (
        we_accept(item.kind, bases, commitments, proof),
        peer_accepts(item.kind, bases, commitments, proof),
    );
    assert_eq!(
        ours,
        theirs,
        "ours {ours}, the peer {theirs}, on {} bytes",
        bytes.len()
    );
}
