//! MWEB transactions assembled from outputs made here, for the vectors and the tests that
//! check them: a peg-in — one kernel with a fee and a peg-in amount, the offsets chosen so
//! that both sums hold — with the canonical side a caller chooses: as Litecoin Core accepts
//! it (a funding input, and one output locking the peg-in amount to the kernel's ID), or one
//! of the shapes Core refuses (no canonical side at all, an output of another amount, …).
//!
//! Layout (docs/litecoin-mweb-facts.md §2–§7): version ‖ `00` `08` (extended format, MWEB
//! flag) ‖ canonical inputs ‖ canonical outputs ‖ `01` ‖ kernel offset ‖ stealth offset ‖ the
//! body (no inputs, outputs sorted by ID, the kernel, each CompactSize-counted) ‖ lock time.

#![allow(dead_code)]

use k256::elliptic_curve::{Field, PrimeField};
use k256::{ProjectivePoint, Scalar};
use rand::rngs::OsRng;
use rangeproof::mweb::Kernel;
use rangeproof::mweb::Made;
use rangeproof::mweb::{kernel_bytes, kernel_id, kernel_message, output_id, sign};
use rangeproof::secp256k1_zkp::generator::Commitment;

/// `vectors/mweb-made-here.json`, parsed.
pub fn vectors() -> serde_json::Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../vectors/mweb-made-here.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).expect("vectors/mweb-made-here.json"))
        .expect("JSON")
}

/// A hex string of the vectors as bytes.
pub fn bytes(v: &serde_json::Value) -> Vec<u8> {
    hex::decode(v.as_str().expect("hex string")).expect("hex")
}

/// The vectors' test wallet.
pub fn wallet(v: &serde_json::Value) -> rangeproof::mweb::Wallet {
    let w = &v["wallet"];
    let scan: [u8; 32] = bytes(&w["scan_secret"]).try_into().unwrap();
    let spend: [u8; 33] = bytes(&w["spend_pubkey"]).try_into().unwrap();
    rangeproof::mweb::Wallet::new(&scan, &spend, w["addresses"].as_u64().unwrap() as u32).unwrap()
}

/// Kernel features: a fee and a peg-in amount.
const FEE_AND_PEGIN: u8 = 0x01 | 0x02;

/// Litecoin's `MAX_MONEY`, in litoshis.
pub const MAX_MONEY: u64 = 84_000_000 * 100_000_000;

/// The outpoint the canonical input spends (test data: its ID is not a real transaction's;
/// whether it exists is chain state, which the verifier does not claim to check).
pub const FUNDING: ([u8; 32], u32) = ([0x4c; 32], 1);

fn compact_size(n: usize, out: &mut Vec<u8>) {
    match u16::try_from(n) {
        Ok(small) if small < 0xfd => out.push(small as u8),
        Ok(n) => {
            out.push(0xfd);
            out.extend(n.to_le_bytes());
        }
        Err(_) => panic!("counts below 2^16 only"),
    }
}

/// A peg-in output's script: `OP_9` ‖ push of the kernel's 32-byte ID.
pub fn pegin_script(kernel_id: &[u8; 32]) -> Vec<u8> {
    let mut script = vec![0x59, 0x20];
    script.extend(kernel_id);
    script
}

/// A canonical side: the outpoints spent, and the outputs (amount, script).
pub struct Canonical {
    pub inputs: Vec<([u8; 32], u32)>,
    pub outputs: Vec<(u64, Vec<u8>)>,
}

impl Canonical {
    /// As Core accepts a peg-in: one funding input, one output of the peg-in amount to the
    /// kernel's ID.
    pub fn accepted(kernel_id: &[u8; 32], pegin: u64) -> Self {
        Canonical {
            inputs: vec![FUNDING],
            outputs: vec![(pegin, pegin_script(kernel_id))],
        }
    }

    /// None: an MWEB-only transaction.
    pub fn none() -> Self {
        Canonical {
            inputs: Vec::new(),
            outputs: Vec::new(),
        }
    }
}

/// A peg-in of the outputs' values plus `fee` (a Core-accepted canonical side): the
/// serialized Litecoin transaction.
pub fn pegin(outputs: &[&Made], values: &[u64], fee: u64) -> Vec<u8> {
    pegin_with(outputs, values, fee, Canonical::accepted)
}

/// A peg-in of the outputs' values plus `fee`, with the canonical side `canonical` makes
/// from the kernel's ID and its peg-in amount.
pub fn pegin_with(
    outputs: &[&Made],
    values: &[u64],
    fee: u64,
    canonical: impl Fn(&[u8; 32], u64) -> Canonical,
) -> Vec<u8> {
    let total: u64 = values.iter().sum();
    // Kernel sum: Σ C_out − (pegin − fee) H = E + x G, so E = (Σ blindings − x) G.
    let kernel_offset = Scalar::random(&mut OsRng);
    let blindings: Scalar = outputs.iter().map(|m| *m.blinding()).sum();
    let excess_secret = blindings - kernel_offset;
    let excess = Commitment::from_point(ProjectivePoint::GENERATOR * excess_secret)
        .expect("not the identity")
        .to_bytes();
    // Stealth sum with no stealth excess and no inputs: Σ K_s = x' G.
    let stealth_offset: Scalar = outputs.iter().map(|m| *m.sender_key()).sum();
    let pegin = total.checked_add(fee).expect("amounts fit");
    let mut kernel = Kernel {
        bytes: &[],
        features: FEE_AND_PEGIN,
        fee: Some(fee),
        pegin: Some(pegin),
        pegouts: Vec::new(),
        lock_height: None,
        stealth_excess: None,
        extra_data: None,
        excess,
        signature: [0; 64],
    };
    kernel.signature = sign(&excess_secret, &kernel_message(&kernel), &mut OsRng).expect("signs");
    let side = canonical(&kernel_id(&kernel), pegin);

    let mut sorted: Vec<&Made> = outputs.to_vec();
    sorted.sort_by_key(|m| output_id(&m.output()));
    let mut tx = Vec::new();
    tx.extend(2u32.to_le_bytes());
    tx.extend([0x00, 0x08]);
    compact_size(side.inputs.len(), &mut tx);
    for (txid, vout) in &side.inputs {
        tx.extend(txid);
        tx.extend(vout.to_le_bytes());
        // A scriptSig of one push (test data; scripts need the spent output: chain state).
        tx.extend([0x02, 0x01, 0x51]);
        tx.extend(0xffff_fffeu32.to_le_bytes());
    }
    compact_size(side.outputs.len(), &mut tx);
    for (value, script) in &side.outputs {
        tx.extend(value.to_le_bytes());
        compact_size(script.len(), &mut tx);
        tx.extend(script);
    }
    tx.push(0x01);
    tx.extend(kernel_offset.to_repr());
    tx.extend(stealth_offset.to_repr());
    compact_size(0, &mut tx);
    compact_size(sorted.len(), &mut tx);
    for made in sorted {
        tx.extend(made.to_bytes());
    }
    compact_size(1, &mut tx);
    tx.extend(kernel_bytes(&kernel));
    tx.extend(0u32.to_le_bytes());
    tx
}

/// A transaction Core refuses, the rule it breaks, and why.
pub struct Refused {
    pub tx: Vec<u8>,
    /// Core's reject reason (as our report's finding names it).
    pub rule: &'static str,
    /// The check of our report that fails.
    pub check: &'static str,
    pub why: &'static str,
}

/// The peg-ins Core refuses, made around the same outputs: each mints coins, or would, if
/// the MWEB side alone were trusted.
pub fn refused_pegins(outputs: &[&Made], values: &[u64], fee: u64) -> Vec<Refused> {
    let one = |rule, check, why, canonical: &dyn Fn(&[u8; 32], u64) -> Canonical| Refused {
        tx: pegin_with(outputs, values, fee, canonical),
        rule,
        check,
        why,
    };
    vec![
        one(
            "pegin-count-mismatch",
            "pegins",
            "MWEB-only: no canonical input or output at all, so nothing pays for the peg-in",
            &|_, _| Canonical::none(),
        ),
        one(
            "bad-txns-vin-empty",
            "canonical",
            "no input of any kind, and a peg-in output of 1 litoshi to the kernel's ID",
            &|id, _| Canonical {
                inputs: Vec::new(),
                outputs: vec![(1, pegin_script(id))],
            },
        ),
        one(
            "pegin-mismatch",
            "pegins",
            "a funding input, and a peg-in output of 1 litoshi to the kernel's ID",
            &|id, _| Canonical {
                inputs: vec![FUNDING],
                outputs: vec![(1, pegin_script(id))],
            },
        ),
        one(
            "pegin-mismatch",
            "pegins",
            "the peg-in amount locked to another kernel's ID",
            &|_, pegin| Canonical {
                inputs: vec![FUNDING],
                outputs: vec![(pegin, pegin_script(&[0x77; 32]))],
            },
        ),
        one(
            "duplicate-tx-pegins",
            "pegins",
            "the peg-in output twice",
            &|id, pegin| Canonical {
                inputs: vec![FUNDING],
                outputs: vec![(pegin, pegin_script(id)), (pegin, pegin_script(id))],
            },
        ),
        one(
            "pegin-count-mismatch",
            "pegins",
            "the peg-in output, and a second one to another ID",
            &|id, pegin| Canonical {
                inputs: vec![FUNDING],
                outputs: vec![(pegin, pegin_script(id)), (1, pegin_script(&[0x77; 32]))],
            },
        ),
        Refused {
            // fee + peg-in both past MAX_MONEY, balanced: the sums hold.
            tx: pegin_with(outputs, values, MAX_MONEY + 1, |id, pegin| Canonical {
                inputs: vec![FUNDING],
                outputs: vec![(pegin, pegin_script(id))],
            }),
            rule: "AMOUNT_OUT_OF_RANGE",
            check: "amounts",
            why: "a fee of MAX_MONEY + 1 balanced by a larger peg-in (each past MAX_MONEY)",
        },
    ]
}

/// A Litecoin block with an MWEB block, assembled around at most one peg-in transaction (made
/// by [`pegin`]): a coinbase declaring `height` (BIP34), the peg-in's canonical side, and the
/// HogEx — spending `previous_hogex`'s first output, then the peg-in output — whose first
/// output commits to the MWEB header; the MWEB block holds the peg-in's body, its header the
/// kernel root and count, the cumulative kernel offset (`kernel_offset_before` plus the
/// peg-in's) and the peg-in's stealth offset; the block header the transactions' Merkle root.
/// Its proof of work is none: the MWEB verifier does not claim to check it.
pub struct BlockSpec<'a> {
    pub height: u32,
    pub previous_hash: [u8; 32],
    pub previous_hogex: [u8; 32],
    pub kernel_offset_before: Scalar,
    pub pegin: Option<&'a [u8]>,
}

fn varint(mut n: u64, out: &mut Vec<u8>) {
    // Bitcoin Core's VARINT: base 128, most significant group first, each but the last
    // group's value one less.
    let mut groups = vec![(n & 0x7f) as u8];
    while n > 0x7f {
        n = (n >> 7) - 1;
        groups.push((n & 0x7f) as u8 | 0x80);
    }
    out.extend(groups.iter().rev());
}

/// The BIP34 push of a height above 16 (at most 4 bytes of it).
pub fn height_push(height: u32) -> Vec<u8> {
    let mut bytes: Vec<u8> = height.to_le_bytes().to_vec();
    while bytes.last() == Some(&0) {
        bytes.pop();
    }
    if bytes.last().is_some_and(|b| b & 0x80 != 0) {
        bytes.push(0);
    }
    let mut push = vec![bytes.len() as u8];
    push.extend(bytes);
    push
}

pub fn block(spec: &BlockSpec) -> Vec<u8> {
    use rangeproof::mweb::Transaction;
    let pegin = spec.pegin.map(|raw| {
        (
            raw,
            Transaction::from_bytes(raw).expect("a peg-in made here"),
        )
    });
    // The coinbase: the height first in its script.
    let mut coinbase = Vec::new();
    coinbase.extend(1u32.to_le_bytes());
    compact_size(1, &mut coinbase);
    coinbase.extend([0u8; 32]);
    coinbase.extend(u32::MAX.to_le_bytes());
    let mut script = height_push(spec.height);
    script.extend([0x01, 0x2a]);
    compact_size(script.len(), &mut coinbase);
    coinbase.extend(&script);
    coinbase.extend(u32::MAX.to_le_bytes());
    compact_size(1, &mut coinbase);
    coinbase.extend(1_250_000_000u64.to_le_bytes());
    let payee = [&[0x00u8, 0x14][..], &[0x33; 20]].concat();
    compact_size(payee.len(), &mut coinbase);
    coinbase.extend(&payee);
    coinbase.extend(0u32.to_le_bytes());

    // The MWEB body and header.
    let mut kernel_offset = spec.kernel_offset_before;
    let mut stealth_offset = Scalar::ZERO;
    let mut body = vec![0u8, 0, 0];
    let mut kernels: Vec<Vec<u8>> = Vec::new();
    let mut outputs = 0u64;
    let mut pegin_outpoint = None;
    if let Some((raw, tx)) = &pegin {
        let mweb = tx.mweb.as_ref().expect("MWEB data");
        let scalar = |b: &[u8; 32]| Scalar::from_repr((*b).into()).expect("below the order");
        kernel_offset += scalar(&mweb.kernel_offset);
        stealth_offset += scalar(&mweb.stealth_offset);
        // The body's bytes: after the presence byte and the two offsets, before the lock time.
        let presence = tx.stripped_bytes().len() - 4 + 2;
        body = raw[presence + 65..raw.len() - 4].to_vec();
        kernels = mweb.body.kernels.iter().map(|k| k.bytes.to_vec()).collect();
        outputs = mweb.body.outputs.len() as u64;
        let n = tx
            .outputs
            .iter()
            .position(|o| o.pegin_kernel().is_some())
            .expect("a peg-in output");
        pegin_outpoint = Some((tx.txid(), n as u32));
    }
    let mut header = Vec::new();
    varint(u64::from(spec.height), &mut header);
    header.extend([0u8; 32]);
    header.extend(rangeproof::mweb::mmr_root(
        kernels.iter().map(Vec::as_slice),
    ));
    header.extend([0u8; 32]);
    header.extend(kernel_offset.to_repr());
    header.extend(stealth_offset.to_repr());
    varint(outputs, &mut header);
    varint(kernels.len() as u64, &mut header);
    let header_hash = *blake3::hash(&header).as_bytes();

    // The HogEx: the previous HogEx's output, then the peg-in; its first output the header's.
    let mut hogex = Vec::new();
    hogex.extend(2u32.to_le_bytes());
    hogex.extend([0x00, 0x08]);
    let inputs: Vec<([u8; 32], u32)> = std::iter::once((spec.previous_hogex, 0))
        .chain(pegin_outpoint)
        .collect();
    compact_size(inputs.len(), &mut hogex);
    for (txid, vout) in inputs {
        hogex.extend(txid);
        hogex.extend(vout.to_le_bytes());
        compact_size(0, &mut hogex);
        hogex.extend(u32::MAX.to_le_bytes());
    }
    compact_size(1, &mut hogex);
    hogex.extend(5_000_000_000u64.to_le_bytes());
    let hogaddr = [&[0x58u8, 0x20][..], &header_hash].concat();
    compact_size(hogaddr.len(), &mut hogex);
    hogex.extend(&hogaddr);
    hogex.push(0x00);
    hogex.extend(0u32.to_le_bytes());

    let transactions: Vec<Vec<u8>> = std::iter::once(coinbase)
        .chain(pegin.as_ref().map(|(_, tx)| tx.stripped_bytes()))
        .chain([hogex])
        .collect();
    let ids: Vec<[u8; 32]> = transactions
        .iter()
        .map(|t| Transaction::from_bytes(t).expect("made here").txid())
        .collect();
    let (root, _) = rangeproof::mweb::merkle_root(ids);
    let mut block = Vec::new();
    block.extend(0x2000_0000u32.to_le_bytes());
    block.extend(spec.previous_hash);
    block.extend(root);
    block.extend([0u8; 12]);
    compact_size(transactions.len(), &mut block);
    for tx in &transactions {
        block.extend(tx);
    }
    block.push(0x01);
    block.extend(header);
    block.extend(body);
    block
}
