//! Fuzz target bodies for Elements' proofs and transactions, ours against the peers: the C
//! library (libsecp256k1-zkp, the Elements fork, through the `secp256k1-zkp` 0.11 crate) and
//! rust-elements (`elements` 0.26). The base proofs are the vectors'
//! (`vectors/elements-liquid-secp256k1.json`, read at compile time).
//!
//! * `verify_borromean`: on three fixed statements (a Liquid mainnet output, a C-made
//!   exact-value proof, a C-made proof with exponent 1), our verdict equals the C library's,
//!   and so does the range shown, for the input as a whole proof (first byte even) or as an XOR
//!   mask over the valid proof (first byte odd; the mask's length also cuts or extends it).
//! * `verify_surjection`: the same over a C-made surjection proof of 3 inputs (the mask may also
//!   drop or duplicate an input generator).
//! * `prove_surjection`: the prover and the verifiers as a pair. The input chooses a statement
//!   (1 to 8 inputs, the ring, the input spent, each generator from a table made once, extra
//!   randomness or none)
//!   and optionally a change to the proof made for it: the C library must accept every proof
//!   our prover makes, our verifier too, and both must agree on the changed one.
//! * `parse_liquid_tx`: our transaction parser accepts exactly what rust-elements'
//!   `deserialize` accepts, and reads the same outputs (asset, amount, nonce, script, proofs) —
//!   but for one difference, asserted as such: rust-elements parses the witness's range and
//!   surjection proofs while reading (refusing the transaction for a malformed one), where
//!   Elements' node and we keep them as bytes and refuse them at verification; then one of them
//!   must be a proof our decoders refuse. And a second: an output whose asset or amount is null
//!   rust-elements reads, where Elements' node (`CTxOut::Unserialize`) and we refuse it.

use std::sync::OnceLock;

use super::mask::proof_from;

use rangeproof::liquid::{Asset, Nonce, Transaction, Value};
use rangeproof::secp256k1_zkp::borromean;
use rangeproof::secp256k1_zkp::generator::{Commitment, ValueGenerator};
use rangeproof::secp256k1_zkp::surjection::{self, SurjectionProof};
use secp256k1_zkp as c;

const VECTORS: &str = include_str!("../../vectors/elements-liquid-secp256k1.json");

struct Base {
    proof: Vec<u8>,
    commitment: Vec<u8>,
    generator: Vec<u8>,
    extra: Vec<u8>,
}

struct SurjectionBase {
    proof: Vec<u8>,
    inputs: Vec<Vec<u8>>,
    output: Vec<u8>,
}

fn hex(v: &serde_json::Value) -> Vec<u8> {
    ::hex::decode(v.as_str().expect("hex")).expect("hex")
}

fn cases() -> &'static serde_json::Value {
    static CASES: OnceLock<serde_json::Value> = OnceLock::new();
    CASES.get_or_init(|| {
        serde_json::from_str::<serde_json::Value>(VECTORS).expect("JSON")["cases"].clone()
    })
}

fn borromean_bases() -> &'static [Base] {
    static BASES: OnceLock<Vec<Base>> = OnceLock::new();
    BASES.get_or_init(|| {
        let valid: Vec<&serde_json::Value> = cases()
            .as_array()
            .expect("cases")
            .iter()
            .filter(|c| c["scheme"] == "borromean" && c["expected"] == "valid")
            .collect();
        let liquid = valid[0];
        let exact = valid
            .iter()
            .find(|c| c["proof"].as_str().map_or(0, str::len) < 300)
            .expect("an exact-value proof");
        let scaled = valid
            .iter()
            .find(|c| c["openings"]["exp"] == 1)
            .expect("an exp = 1 proof");
        [liquid, *exact, *scaled]
            .iter()
            .map(|c| Base {
                proof: hex(&c["proof"]),
                commitment: hex(&c["commitments"][0]),
                generator: hex(&c["value_generator"]),
                extra: hex(&c["extra_data"]),
            })
            .collect()
    })
}

fn surjection_base() -> &'static SurjectionBase {
    static BASE: OnceLock<SurjectionBase> = OnceLock::new();
    BASE.get_or_init(|| {
        let case = cases()
            .as_array()
            .expect("cases")
            .iter()
            .find(|c| {
                c["scheme"] == "surjection"
                    && c["expected"] == "valid"
                    && c["input_generators"].as_array().map_or(0, Vec::len) == 3
            })
            .expect("a 3-input surjection proof");
        SurjectionBase {
            proof: hex(&case["proof"]),
            inputs: case["input_generators"]
                .as_array()
                .expect("list")
                .iter()
                .map(hex)
                .collect(),
            output: hex(&case["output_generator"]),
        }
    })
}

fn context() -> &'static c::Secp256k1<c::All> {
    static CONTEXT: OnceLock<c::Secp256k1<c::All>> = OnceLock::new();
    CONTEXT.get_or_init(c::Secp256k1::new)
}

pub fn verify_borromean(data: &[u8]) {
    let bases = borromean_bases();
    let base = &bases[data.get(1).map_or(0, |b| *b as usize) % bases.len()];
    let proof = proof_from(data, &base.proof);
    let commitment = Commitment::from_bytes(&base.commitment).expect("valid commitment");
    let generator = ValueGenerator::from_bytes(&base.generator).expect("valid generator");
    let ours = borromean::verify(&proof, &commitment, &generator, &base.extra);
    let c_commitment =
        c::PedersenCommitment::from_slice(&base.commitment).expect("valid commitment");
    let c_generator = c::Generator::from_slice(&base.generator).expect("valid generator");
    let theirs = c::RangeProof::from_slice(&proof).ok().and_then(|p| {
        p.verify(context(), c_commitment, &base.extra, c_generator)
            .ok()
    });
    match (ours, theirs) {
        (Ok(info), Some(range)) => {
            assert_eq!(
                (info.min_value, info.max_value.wrapping_add(1)),
                (range.start, range.end)
            );
        }
        (Err(_), None) => {}
        (ours, theirs) => panic!("ours {ours:?}, the C library's {theirs:?}"),
    }
    // The header alone: our info agrees with the C library's parse.
    assert_eq!(
        borromean::info(&proof).is_ok(),
        c::RangeProof::from_slice(&proof).is_ok()
    );
}

pub fn verify_surjection(data: &[u8]) {
    let base = surjection_base();
    let proof = proof_from(data, &base.proof);
    let mut inputs = base.inputs.clone();
    // A mask's second byte may drop or duplicate an input generator.
    match data.get(1).map(|b| b % 8) {
        Some(6) => {
            inputs.pop();
        }
        Some(7) => inputs.push(inputs[0].clone()),
        _ => {}
    }
    let ours_inputs: Vec<ValueGenerator> = inputs
        .iter()
        .map(|g| ValueGenerator::from_bytes(g).expect("valid"))
        .collect();
    let output = ValueGenerator::from_bytes(&base.output).expect("valid");
    let ours = SurjectionProof::from_bytes(&proof)
        .and_then(|p| surjection::verify(&p, &ours_inputs, &output));
    let c_inputs: Vec<c::Generator> = inputs
        .iter()
        .map(|g| c::Generator::from_slice(g).expect("valid"))
        .collect();
    let c_output = c::Generator::from_slice(&base.output).expect("valid");
    let theirs = c::SurjectionProof::from_slice(&proof)
        .map(|p| p.verify(context(), c_output, &c_inputs))
        .unwrap_or(false);
    assert_eq!(ours.is_ok(), theirs, "ours {ours:?}");
    // Parsing alone agrees too, and re-encodes to the same bytes.
    let parsed = SurjectionProof::from_bytes(&proof);
    assert_eq!(
        parsed.is_ok(),
        c::SurjectionProof::from_slice(&proof).is_ok()
    );
    if let Ok(p) = parsed {
        assert_eq!(p.to_bytes(), proof);
    }
}

/// Bytes of the input from `at`, or zeros past its end.
fn take<const N: usize>(data: &[u8], at: &mut usize) -> [u8; N] {
    let mut out = [0u8; N];
    for (k, b) in out.iter_mut().enumerate() {
        *b = data.get(*at + k).copied().unwrap_or(0);
    }
    *at += N;
    out
}

/// A scalar below the order and non-zero from 32 input bytes (its top bit cleared, zero as 1).
fn scalar_bytes(raw: [u8; 32]) -> [u8; 32] {
    let mut b = raw;
    b[0] &= 0x7f;
    if b == [0; 32] {
        b[31] = 1;
    }
    b
}

/// The generators `prove_surjection` draws from, made once: making a blinded generator (a
/// hash to the curve and a multiplication) cost more than the proof of a small ring, and the
/// target ran at ~170 inputs a second with the input's own tags and blinding factors. Four
/// asset tags times 64 blinding factors: each entry keeps its blinding factor, our generator
/// and the C library's parse of it.
struct Blinded {
    blinding: k256::Scalar,
    ours: ValueGenerator,
    c: c::Generator,
}

const TAGS: usize = 4;
const BLINDINGS: usize = 64;

fn blinded_generators() -> &'static [Blinded] {
    use k256::elliptic_curve::PrimeField;
    use rangeproof::secp256k1_zkp::generator::generator_generate_blinded;
    static TABLE: OnceLock<Vec<Blinded>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Vec::with_capacity(TAGS * BLINDINGS);
        for t in 0..TAGS {
            let tag = [0x41 + t as u8; 32];
            for i in 0..BLINDINGS {
                // Spread-out bytes, not small integers: the factors' bits reach the whole
                // scalar, as a wallet's random ones do.
                let raw: [u8; 32] = std::array::from_fn(|k| {
                    ((i as u8).wrapping_mul(0x9d) ^ (k as u8).wrapping_mul(0x3b)).wrapping_add(0x17)
                });
                let blinding = Option::from(k256::Scalar::from_repr(scalar_bytes(raw).into()))
                    .expect("below the order");
                let ours = generator_generate_blinded(&tag, &blinding).expect("a generator");
                let c = c::Generator::from_slice(&ours.to_bytes()).expect("valid");
                table.push(Blinded { blinding, ours, c });
            }
        }
        table
    })
}

pub fn prove_surjection(data: &[u8]) {
    let table = blinded_generators();
    let pick = |tag: usize, byte: u8| &table[tag * BLINDINGS + usize::from(byte) % BLINDINGS];
    let mut at = 0;
    let [shape, ring_bits, real, flags] = take::<4>(data, &mut at);
    let n = usize::from(shape % 8) + 1;
    let real = usize::from(real) % n;
    // The ring: the real input and whichever others the bits name.
    let mut ring: Vec<usize> = (0..n)
        .filter(|&j| j == real || ring_bits & (1 << j) != 0)
        .collect();
    ring.sort_unstable();
    // The output: a tag and a blinding factor. Each input: the real one has the output's tag,
    // the others any of the four (the output's too), each with a blinding factor — equal to the
    // output's now and then, where the prover must refuse as the C library does.
    let [out_byte] = take::<1>(data, &mut at);
    let out_tag = usize::from(out_byte >> 6);
    let output = pick(out_tag, out_byte);
    let chosen: Vec<&Blinded> = (0..n)
        .map(|j| {
            let [b] = take::<1>(data, &mut at);
            let tag = if j == real {
                out_tag
            } else {
                usize::from(b >> 6)
            };
            pick(tag, b)
        })
        .collect();
    let inputs: Vec<ValueGenerator> = chosen.iter().map(|g| g.ours).collect();
    let extra = take::<32>(data, &mut at);
    let selection = surjection::Selection::new(n, &ring, real).expect("a valid ring");
    let made = surjection::generate(
        &selection,
        &inputs,
        &output.ours,
        &chosen[real].blinding,
        &output.blinding,
        (flags & 1 == 1).then_some(&extra),
    );
    let proof = match made {
        Ok(proof) => proof.to_bytes(),
        // Refused only where the C library refuses to prove: an input generator equal to the
        // output's (the blinding factors collided).
        Err(e) => {
            assert!(
                inputs.contains(&output.ours),
                "our prover refused a provable statement: {e:?}"
            );
            return;
        }
    };
    let c_inputs: Vec<c::Generator> = chosen.iter().map(|g| g.c).collect();
    let c_output = output.c;
    let c_verdict = |bytes: &[u8]| {
        c::SurjectionProof::from_slice(bytes)
            .map(|p| p.verify(context(), c_output, &c_inputs))
            .unwrap_or(false)
    };
    let ours = |bytes: &[u8]| {
        SurjectionProof::from_bytes(bytes)
            .and_then(|p| surjection::verify(&p, &inputs, &output.ours))
            .is_ok()
    };
    assert!(c_verdict(&proof), "the C library refuses our proof");
    assert!(ours(&proof), "our verifier refuses our proof");
    // The rest of the input, as an XOR mask over the proof (it may also extend it).
    let mask = &data[at.min(data.len())..];
    if mask.iter().any(|&b| b != 0) {
        let mut changed = proof.clone();
        for (k, &m) in mask.iter().enumerate() {
            match changed.get_mut(k) {
                Some(b) => *b ^= m,
                None => changed.push(m),
            }
        }
        assert_eq!(ours(&changed), c_verdict(&changed), "a changed proof");
    }
}

pub fn parse_liquid_tx(data: &[u8]) {
    let ours = Transaction::from_bytes(data);
    let theirs: Result<elements::Transaction, _> = elements::encode::deserialize(data);
    match (ours, theirs) {
        (Ok(ours), Ok(theirs)) => {
            assert_eq!(ours.n_outputs(), theirs.output.len());
            assert_eq!(ours.n_inputs(), theirs.input.len());
            assert_eq!(ours.outputs().count(), ours.n_outputs());
            assert_eq!(ours.inputs().count(), ours.n_inputs());
            for (a, b) in ours.outputs().zip(&theirs.output) {
                let asset = match &a.asset {
                    Asset::Null => vec![0],
                    Asset::Explicit(t) => [&[1u8][..], &t[..]].concat(),
                    Asset::Confidential(g) => g.to_bytes().to_vec(),
                };
                let value = match &a.value {
                    Value::Null => vec![0],
                    Value::Explicit(v) => [&[1u8][..], &v.to_be_bytes()].concat(),
                    Value::Confidential(c) => c.to_bytes().to_vec(),
                };
                let nonce = match &a.nonce {
                    Nonce::Null => vec![0],
                    Nonce::Explicit(n) => [&[1u8][..], &n[..]].concat(),
                    Nonce::Confidential(k) => k.to_vec(),
                };
                assert_eq!(asset, elements::encode::serialize(&b.asset));
                assert_eq!(value, elements::encode::serialize(&b.value));
                assert_eq!(nonce, elements::encode::serialize(&b.nonce));
                assert_eq!(a.script_pubkey, b.script_pubkey.as_bytes());
                let rp = b
                    .witness
                    .rangeproof
                    .as_ref()
                    .map(|p| p.serialize())
                    .unwrap_or_default();
                assert_eq!(a.rangeproof, rp);
                let sp = b
                    .witness
                    .surjection_proof
                    .as_ref()
                    .map(|p| p.serialize())
                    .unwrap_or_default();
                assert_eq!(a.surjection_proof, sp);
            }
            for (a, b) in ours.inputs().zip(&theirs.input) {
                assert_eq!(a.previous_vout, b.previous_output.vout);
                assert!(a.script_witness.items().eq(b
                    .witness
                    .script_witness
                    .iter()
                    .map(|i| &i[..])));
                assert!(a
                    .pegin_witness
                    .items()
                    .eq(b.witness.pegin_witness.iter().map(|i| &i[..])));
            }
        }
        (Err(_), Err(_)) => {}
        // rust-elements parses the witness's proofs while reading the transaction; Elements' node
        // keeps them as bytes, as we do, and refuses them when it verifies. Then one of them must
        // be one our decoders refuse (the same checks as the C parsers rust-elements calls).
        (
            Ok(ours),
            Err(elements::encode::Error::Secp256k1zkp(
                c::Error::InvalidSurjectionProof | c::Error::InvalidRangeProof,
            )),
        ) => {
            let bad_range = |p: &[u8]| !p.is_empty() && borromean::info(p).is_err();
            let bad = ours.outputs().any(|o| {
                bad_range(o.rangeproof)
                    || (!o.surjection_proof.is_empty()
                        && SurjectionProof::from_bytes(o.surjection_proof).is_err())
            }) || ours.inputs().any(|i| {
                bad_range(i.issuance_amount_rangeproof) || bad_range(i.inflation_keys_rangeproof)
            });
            assert!(bad, "rust-elements refuses a proof our decoders accept");
        }
        // Elements' node refuses to deserialize an output whose asset or amount is null ("Confidential
        // values may not be null"), as we do; rust-elements reads it. Then it has one.
        (Err(_), Ok(theirs))
            if theirs.output.iter().any(|o| {
                matches!(o.asset, elements::confidential::Asset::Null)
                    || matches!(o.value, elements::confidential::Value::Null)
            }) => {}
        (ours, theirs) => panic!(
            "ours {:?}, rust-elements {:?}",
            ours.map(|_| ()),
            theirs.map(|_| ())
        ),
    }
}
