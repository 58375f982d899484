//! Litecoin's MWEB (no peer parser in Rust: the properties are our own).
//!
//! * `parse_mweb`: any bytes, read as a block, a transaction and a single output, never crash
//!   the parser; what parses is read whole and consistently (a transaction's bytes are all
//!   of the input; every message and kernel span is what its fields say; a kernel's bytes are
//!   what Core's writer makes of it, but for the two cases where Core leaves an empty field
//!   out), and verifying it never crashes either, the verdict matching the report.
//! * `mweb_pegins` (issue 53's rules): a peg-in transaction whose canonical side and fee the
//!   input chooses — up to four outputs, each of an amount near the peg-in's or at the bounds
//!   and with the kernel's peg-in script, another kernel's, a script one byte off or of
//!   another shape — is valid exactly when Core's rules, stated here on their own, say so:
//!   the canonical outputs within `MAX_MONEY` one by one and in total, exactly one peg-in
//!   output and it the kernel's ID with the kernel's amount, the fee and the peg-in within
//!   `MAX_MONEY`.
//! * `mweb_blocks` (issue 53's block rules): two blocks, the second carrying a peg-in, whose
//!   link (the previous-block hash, the height, the cumulative kernel offset), extra outputs
//!   of the coinbase and the HogEx, the HogEx's inputs and one more canonical transaction
//!   with a peg-in-shaped output or not the input chooses; the second's verdict is what
//!   Core's block rules, stated here on their own, decide: valid, invalid, or incomplete
//!   where only chain state could decide (not linked; a first HogEx).
//! * `mweb_sums` (issue 53's sums at infinity): a body of up to three outputs, inputs and
//!   kernels whose commitments and keys are small multiples of G (±1 to ±3), with offsets
//!   of 0 to 3: the kernel and stealth sums hold exactly when the same sums taken over the
//!   multiples — each of Core's combinations refused when it has terms and adds to zero —
//!   say so. (No fee or peg-in: H's logarithm is unknown, so the oracle leaves it out.)

use std::cell::Cell;
use std::sync::OnceLock;

use k256::elliptic_curve::PrimeField;
use k256::Scalar;
use rand_core::OsRng;
use rangeproof::mweb::merkle_root;
use rangeproof::mweb::{kernel_bytes, kernel_id};
use rangeproof::mweb::{make_output, Made};
use rangeproof::mweb::{verify_block, verify_blocks, verify_transaction, Report, Status, Verdict};
use rangeproof::mweb::{Block, Output, Transaction, TxBody, TxIn, TxOut};

use super::mweb_build::{self, pegin_script, BlockSpec, Canonical, FUNDING};

fn check_body(body: &TxBody) {
    for output in &body.outputs {
        let m = &output.message;
        let extra = m.extra_data.map_or(0, |e| e.len() + compact_len(e.len()));
        let standard = if m.standard.is_some() { 58 } else { 0 };
        assert_eq!(m.bytes.len(), 1 + standard + extra);
        assert_eq!(m.bytes[0], m.features);
    }
    for kernel in &body.kernels {
        let empty_pegouts = kernel.features & 0x04 != 0 && kernel.pegouts.is_empty();
        let empty_extra = kernel.extra_data.is_some_and(<[u8]>::is_empty);
        if !empty_pegouts && !empty_extra {
            assert_eq!(kernel_bytes(kernel), kernel.bytes);
        }
    }
}

fn compact_len(n: usize) -> usize {
    match n {
        0..=0xfc => 1,
        0xfd..=0xffff => 3,
        0x1_0000..=0xffff_ffff => 5,
        _ => 9,
    }
}

fn check_report(report: &Report) {
    let fails = report.checks.iter().any(|(_, s)| *s == Status::Fails)
        || report
            .outputs
            .iter()
            .any(|o| o.range_proof != Some(true) || o.signature != Some(true))
        || report.inputs.iter().any(|v| *v != Some(true))
        || report.kernels.iter().any(|v| *v != Some(true));
    assert_eq!(report.verdict() == Verdict::Invalid, fails);
    // Items go unchecked only where a cheap check fails first.
    let unchecked = report.outputs.iter().any(|o| o.signature.is_none())
        || report
            .inputs
            .iter()
            .chain(&report.kernels)
            .any(Option::is_none);
    assert!(!unchecked || report.fails());
}

pub fn parse_mweb(data: &[u8]) {
    if let Ok(block) = Block::from_bytes(data) {
        if let Some(mweb) = &block.mweb {
            check_body(&mweb.body);
        }
        if let Some(report) = verify_block(&block, Some(&[0; 32]), &mut OsRng) {
            check_report(&report);
        }
    }
    if let Ok(tx) = Transaction::from_bytes(data) {
        assert_eq!(tx.bytes, data);
        if let Some(mweb) = &tx.mweb {
            check_body(&mweb.body);
        }
        if let Some(report) = verify_transaction(&tx, &mut OsRng) {
            check_report(&report);
        }
    }
    if let Ok(output) = Output::from_bytes(data) {
        let _ = rangeproof::mweb::verify_output_proofs(&[output], &mut OsRng);
    }
}

/// Litecoin's money supply bound, in litoshis (Core's `MAX_MONEY`), restated for the oracle.
const MAX_MONEY: u64 = 84_000_000 * 100_000_000;

/// The one output every `mweb_pegins` transaction carries (a range proof costs milliseconds:
/// made once), and its value.
fn pegin_output() -> &'static (Made, u64) {
    static MADE: OnceLock<(Made, u64)> = OnceLock::new();
    MADE.get_or_init(|| {
        let wallet = mweb_build::wallet(&mweb_build::vectors());
        let (a, b) = wallet.address(0).expect("an address");
        let value = 5_000;
        (
            make_output((&a, &b), value, &mut OsRng).expect("made"),
            value,
        )
    })
}

pub fn mweb_pegins(data: &[u8]) {
    let mut input = data.iter().copied();
    let mut byte = || input.next().unwrap_or(0);
    let (made, value) = pegin_output();
    let wide = |byte: &mut dyn FnMut() -> u8| u64::from_le_bytes(core::array::from_fn(|_| byte()));
    let fee = match byte() % 4 {
        0 => u64::from(u16::from_le_bytes([byte(), byte()])),
        1 => MAX_MONEY - value,
        2 => MAX_MONEY + 1,
        // Any fee the peg-in amount (value + fee) can hold.
        _ => wide(&mut byte) % (u64::MAX - value),
    };
    // The outputs' choices: (amount kind, raw amount, script kind).
    let count = usize::from(byte() % 5);
    let choices: Vec<(u8, u64, u8)> = (0..count)
        .map(|_| (byte() % 8, wide(&mut byte), byte() % 7))
        .collect();
    let seen = Cell::new(([0u8; 32], 0u64));
    let canonical = |id: &[u8; 32], pegin: u64| {
        seen.set((*id, pegin));
        let outputs = choices
            .iter()
            .map(|&(amount, raw, script)| {
                let amount = match amount {
                    0 => pegin,
                    1 => pegin.wrapping_add(1),
                    2 => pegin.wrapping_sub(1),
                    3 => 0,
                    4 => MAX_MONEY,
                    5 => MAX_MONEY + 1,
                    6 => 1 << 63,
                    _ => raw,
                };
                let script = match script {
                    0 => pegin_script(id),
                    1 => pegin_script(&[0x77; 32]),
                    2 => {
                        let mut s = pegin_script(id);
                        s[33] ^= 1;
                        s
                    }
                    // A push of 31 bytes, or witness version 8: not peg-in scripts.
                    3 => [&[0x59, 0x1f][..], &id[..31]].concat(),
                    4 => [&[0x58, 0x20][..], &id[..]].concat(),
                    5 => [&[0x00, 0x14][..], &id[..20]].concat(),
                    _ => Vec::new(),
                };
                (amount, script)
            })
            .collect();
        Canonical {
            inputs: vec![FUNDING],
            outputs,
        }
    };
    let raw = mweb_build::pegin_with(&[made], &[*value], fee, canonical);
    let (kernel, pegin) = seen.get();
    // Core reads a kernel's amounts as non-negative signed VARINTs: above i64::MAX the
    // transaction does not even parse, there and here.
    let Ok(tx) = Transaction::from_bytes(&raw) else {
        assert!(
            fee > i64::MAX as u64 || pegin > i64::MAX as u64,
            "fee {fee}, peg-in {pegin}"
        );
        return;
    };
    let report = verify_transaction(&tx, &mut OsRng).expect("it has MWEB data");

    // Core's rules, stated on their own. The canonical side: outputs present, each value
    // and the running total within MAX_MONEY (values read as Core's signed amounts).
    let mut total: u64 = 0;
    let canonical_holds = !tx.outputs.is_empty()
        && tx.outputs.iter().all(|o| {
            total = total.saturating_add(o.value);
            o.value <= MAX_MONEY && total <= MAX_MONEY
        });
    // Peg-ins: the outputs with a peg-in script (witness version 9, a 32-byte program) are
    // exactly the one kernel's, with its amount.
    let pegins: Vec<([u8; 32], u64)> = tx
        .outputs
        .iter()
        .filter(|o| o.script_pubkey.len() == 34 && o.script_pubkey[..2] == [0x59, 0x20])
        .map(|o| (o.script_pubkey[2..].try_into().expect("32 bytes"), o.value))
        .collect();
    let pegins_hold = pegins == [(kernel, pegin)];
    let amounts_hold = fee <= MAX_MONEY && pegin <= MAX_MONEY;
    let expected = if canonical_holds && pegins_hold && amounts_hold {
        Verdict::Valid
    } else {
        Verdict::Invalid
    };
    assert_eq!(
        report.verdict(),
        expected,
        "fee {fee}, outputs {:?}: {report:?}",
        tx.outputs.iter().map(|o| o.value).collect::<Vec<_>>()
    );
    check_report(&report);
}

/// The peg-in every `mweb_blocks` block carries (Core-accepted), made once; its kernel's ID
/// and its peg-in amount.
fn accepted_pegin() -> &'static (Vec<u8>, [u8; 32], u64) {
    static RAW: OnceLock<(Vec<u8>, [u8; 32], u64)> = OnceLock::new();
    RAW.get_or_init(|| {
        let (made, value) = pegin_output();
        let fee = 1_000;
        let raw = mweb_build::pegin(&[made], &[*value], fee);
        let tx = Transaction::from_bytes(&raw).expect("made here");
        let kernel = &tx.mweb.as_ref().expect("MWEB data").body.kernels[0];
        let id = kernel_id(kernel);
        (raw.clone(), id, value + fee)
    })
}

const HEIGHT: u32 = 3_000_000;

/// Is this a peg-in output's script (witness version 9, a 32-byte program)? Stated here
/// apart from the parser's own test.
fn pegin_shaped(script: &[u8]) -> bool {
    script.len() == 34 && script[..2] == [0x59, 0x20]
}

pub fn mweb_blocks(data: &[u8]) {
    let mut input = data.iter().copied();
    let mut byte = || input.next().unwrap_or(0);
    let (pegin, kernel, amount) = accepted_pegin();
    let (kernel, amount) = (*kernel, *amount);

    // The first block: no peg-in, checked against a zero offset (valid on its own).
    let first_raw = mweb_build::block(&BlockSpec {
        height: HEIGHT,
        previous_hash: [0x21; 32],
        previous_hogex: [0x42; 32],
        kernel_offset_before: Scalar::ZERO,
        pegin: None,
    });
    let first = Block::from_bytes(&first_raw).expect("made here");
    let first_hogex = first.transactions.last().expect("a HogEx").txid();
    let first_offset = first.mweb.as_ref().expect("MWEB").header.kernel_offset;
    let first_offset = Scalar::from_repr(first_offset.into()).expect("an offset made here");

    // The second: linked to the first or not, at the next height or the one after, its
    // cumulative offset the first's or one more.
    let link = byte();
    let linked = link & 1 == 0;
    let height = HEIGHT + 1 + u32::from(link >> 1 & 1);
    let offset_holds = link >> 2 & 1 == 0;
    let second_raw = mweb_build::block(&BlockSpec {
        height,
        previous_hash: if linked { first.hash() } else { [7; 32] },
        previous_hogex: first_hogex,
        kernel_offset_before: first_offset
            + if offset_holds {
                Scalar::ZERO
            } else {
                Scalar::ONE
            },
        pegin: Some(pegin),
    });

    // Outputs the input places: an amount and a script of these.
    let scripts = [
        pegin_script(&kernel),
        pegin_script(&[0x77; 32]),
        [&[0x00, 0x14][..], &[0x33; 20]].concat(),
        // A push of 31 bytes: not a peg-in script.
        [&[0x59, 0x1f][..], &kernel[..31]].concat(),
    ];
    let amounts = [amount, amount + 1, 1];
    let output = |byte: &mut dyn FnMut() -> u8| TxOut {
        value: amounts[usize::from(byte()) % amounts.len()],
        script_pubkey: &scripts[usize::from(byte()) % scripts.len()],
    };
    let mut second = Block::from_bytes(&second_raw).expect("made here");
    let pegin_txid = second.transactions[1].txid();
    let pegin_vout = second.transactions[1]
        .outputs
        .iter()
        .position(|o| pegin_shaped(o.script_pubkey))
        .expect("a peg-in output") as u32;

    // One more canonical transaction (no MWEB data), before or after the peg-in.
    let mut extra_txid = [0x5e; 32];
    let place = byte() % 4;
    if place >= 2 {
        let mut extra = second.transactions[1].clone();
        extra.mweb = None;
        extra.has_witness = false;
        extra.inputs = vec![TxIn {
            previous_txid: [0x5e; 32],
            vout: 0,
            ..extra.inputs[0].clone()
        }];
        extra.outputs = vec![output(&mut byte)];
        extra_txid = extra.txid();
        second.transactions.insert(usize::from(place - 1), extra);
    }
    let last = second.transactions.len() - 1;
    for _ in 0..byte() % 3 {
        let out = output(&mut byte);
        second.transactions[0].outputs.push(out);
    }
    for _ in 0..byte() % 3 {
        let out = output(&mut byte);
        second.transactions[last].outputs.push(out);
    }
    if byte() % 2 == 1 {
        let coinbase = second.transactions[0].txid();
        let palette = [
            (first_hogex, 0),
            (first_hogex, 1),
            (pegin_txid, pegin_vout),
            (pegin_txid, pegin_vout + 1),
            (extra_txid, 0),
            (coinbase, 0),
            ([0x99; 32], 3),
        ];
        let template = second.transactions[last].inputs[0].clone();
        second.transactions[last].inputs = (0..byte() % 5)
            .map(|_| {
                let (previous_txid, vout) = palette[usize::from(byte()) % palette.len()];
                TxIn {
                    previous_txid,
                    vout,
                    ..template.clone()
                }
            })
            .collect();
    }
    let ids: Vec<[u8; 32]> = second.transactions.iter().map(Transaction::txid).collect();
    let mut header = *second.header;
    header[36..68].copy_from_slice(&merkle_root(ids.clone()).0);
    second.header = &header;

    let reports = verify_blocks(&[&first, &second], Some(&[0; 32]), &mut OsRng);
    let [Some(first_report), Some(report)] = &reports[..] else {
        panic!("both blocks carry MWEB data");
    };
    assert_eq!(first_report.verdict(), Verdict::Valid, "{first_report:?}");

    // Core's rules, stated on their own.
    let txs = &second.transactions;
    let (coinbase, middle, hogex) = (&txs[0], &txs[1..last], &txs[last]);
    // `CheckTransaction`: inputs and outputs present, no outpoint spent twice in one.
    let own_rules = txs.iter().all(|t| {
        let mut spent: Vec<_> = t.inputs.iter().map(|i| (i.previous_txid, i.vout)).collect();
        spent.sort_unstable();
        spent.dedup();
        !t.inputs.is_empty() && !t.outputs.is_empty() && spent.len() == t.inputs.len()
    });
    // No peg-in output in the coinbase or the HogEx; no peg-outs, so no HogEx output after
    // its first.
    let unexpected = coinbase
        .outputs
        .iter()
        .chain(&hogex.outputs)
        .any(|o| pegin_shaped(o.script_pubkey));
    let pegouts_hold = hogex.outputs.len() == 1;
    // The block's peg-in outputs (between the coinbase and the HogEx) are the kernel's.
    let pegins: Vec<([u8; 32], u64, [u8; 32], u32)> = middle
        .iter()
        .zip(&ids[1..])
        .flat_map(|(t, id)| {
            t.outputs.iter().enumerate().filter_map(move |(n, o)| {
                let program = o.script_pubkey.get(2..)?.try_into().ok()?;
                pegin_shaped(o.script_pubkey).then_some((program, o.value, *id, n as u32))
            })
        })
        .collect();
    let pegins_hold = pegins.len() == 1 && (pegins[0].0, pegins[0].1) == (kernel, amount);
    // The HogEx's inputs: the previous HogEx's first output where there is one (known only
    // when linked), then the peg-in outputs in order; where not known, a HogEx whose first
    // input spends this block (or that has none) can only be the network's first, whose
    // inputs are all peg-ins.
    let spent: Vec<([u8; 32], u32)> = hogex
        .inputs
        .iter()
        .map(|i| (i.previous_txid, i.vout))
        .collect();
    let outpoints: Vec<([u8; 32], u32)> = pegins.iter().map(|p| (p.2, p.3)).collect();
    let rest_holds = |from: usize| spent.get(from..) == Some(&outpoints[..]);
    let first_spends_here = spent.first().is_none_or(|(txid, _)| ids.contains(txid));
    let (hogex_holds, first_hogex_only) = if linked {
        (
            spent.first() == Some(&(first_hogex, 0)) && rest_holds(1),
            false,
        )
    } else if first_spends_here {
        (rest_holds(0), true)
    } else {
        (rest_holds(1), false)
    };
    // Linked: the next height, the kernel sum against the first's offset.
    let link_holds = !linked || (height == HEIGHT + 1 && offset_holds);
    let holds =
        own_rules && !unexpected && pegouts_hold && pegins_hold && hogex_holds && link_holds;
    let expected = match (holds, linked && !first_hogex_only) {
        (false, _) => Verdict::Invalid,
        (true, true) => Verdict::Valid,
        (true, false) => Verdict::Incomplete,
    };
    assert_eq!(
        report.verdict(),
        expected,
        "linked {linked}, height {height}, offset {offset_holds}, HogEx inputs {spent:?}, \
         peg-ins {pegins:?}: {report:?}"
    );
    check_report(report);
}

/// A small multiple of G, ±1 to ±3, the input chooses (zero would be the point at infinity,
/// which no encoding holds).
fn multiple(byte: u8) -> i64 {
    let k = i64::from(byte % 3) + 1;
    if byte & 0x80 != 0 {
        -k
    } else {
        k
    }
}

fn point_of(k: i64) -> k256::ProjectivePoint {
    let scalar = Scalar::from(k.unsigned_abs());
    let point = k256::ProjectivePoint::GENERATOR * scalar;
    if k < 0 {
        -point
    } else {
        point
    }
}

fn key_of(k: i64) -> [u8; 33] {
    use k256::elliptic_curve::sec1::ToEncodedPoint;
    point_of(k)
        .to_affine()
        .to_encoded_point(true)
        .as_bytes()
        .try_into()
        .expect("33 bytes")
}

fn commitment_of(k: i64) -> [u8; 33] {
    rangeproof::secp256k1_zkp::generator::Commitment::from_point(point_of(k))
        .expect("not the identity")
        .to_bytes()
}

/// Core's combination over the multiples: `None` without terms, `Err` for a sum at infinity.
fn combined(terms: &[i64]) -> Result<Option<i64>, ()> {
    match (terms.len(), terms.iter().sum::<i64>()) {
        (0, _) => Ok(None),
        (_, 0) => Err(()),
        (_, total) => Ok(Some(total)),
    }
}

pub fn mweb_sums(data: &[u8]) {
    sums_verdicts(data);
}

/// `mweb_sums`' body: asserts that our sums agree with the oracle's, and returns the
/// oracle's (kernel sum, stealth sum) verdicts, for the tests to see that the seeds reach both.
pub fn sums_verdicts(data: &[u8]) -> (bool, bool) {
    let mut input = data.iter().copied();
    let mut byte = || input.next().unwrap_or(0);
    let (raw, ..) = accepted_pegin();
    let tx = Transaction::from_bytes(raw).expect("made here");
    let body = &tx.mweb.as_ref().expect("MWEB data").body;
    let (output, kernel) = (&body.outputs[0], &body.kernels[0]);

    // (commitment, sender key) per output; (commitment, output key, input key) per input;
    // (excess, stealth excess) per kernel; the two offsets.
    let outputs: Vec<(i64, i64)> = (0..byte() % 4)
        .map(|_| (multiple(byte()), multiple(byte())))
        .collect();
    let inputs: Vec<(i64, i64, Option<i64>)> = (0..byte() % 4)
        .map(|_| {
            let (c, o, has) = (multiple(byte()), multiple(byte()), byte());
            (c, o, (has & 1 == 1).then(|| multiple(has)))
        })
        .collect();
    let kernels: Vec<(i64, Option<i64>)> = (0..byte() % 4)
        .map(|_| {
            let (e, has) = (multiple(byte()), byte());
            (e, (has & 1 == 1).then(|| multiple(has)))
        })
        .collect();
    let (offset, stealth_offset) = (i64::from(byte() % 4), i64::from(byte() % 4));
    let be = |x: i64| {
        let mut b = [0u8; 32];
        b[31] = x as u8;
        b
    };

    let made = TxBody {
        outputs: outputs
            .iter()
            .map(|&(c, k)| Output {
                commitment: commitment_of(c),
                sender_pubkey: key_of(k),
                ..output.clone()
            })
            .collect(),
        inputs: inputs
            .iter()
            .map(|&(c, o, i)| rangeproof::mweb::Input {
                features: 0,
                output_id: [1; 32],
                commitment: commitment_of(c),
                output_pubkey: key_of(o),
                input_pubkey: i.map(key_of),
                extra_data: None,
                signature: [0; 64],
            })
            .collect(),
        kernels: kernels
            .iter()
            .map(|&(e, s)| rangeproof::mweb::Kernel {
                fee: None,
                pegin: None,
                pegouts: Vec::new(),
                excess: commitment_of(e),
                stealth_excess: s.map(key_of),
                ..kernel.clone()
            })
            .collect(),
    };

    // The kernel sum: Σ C_out − Σ C_in against Σ E, then + x G (a zero offset drops out).
    let kernel_sum = || -> Result<bool, ()> {
        let utxos: Vec<i64> = outputs
            .iter()
            .map(|o| o.0)
            .chain(inputs.iter().map(|i| -i.0))
            .collect();
        let utxos = combined(&utxos)?;
        let excesses: Vec<i64> = kernels.iter().map(|k| k.0).collect();
        let mut excess = combined(&excesses)?;
        if offset != 0 {
            let terms: Vec<i64> = excess.into_iter().chain([offset]).collect();
            excess = combined(&terms)?;
        }
        Ok(utxos == excess)
    };
    // The stealth sum: Σ K_s + Σ K_i against Σ E' + Σ K_o + x' G, one combination a side.
    let stealth_sum = || -> Result<bool, ()> {
        let lhs: Vec<i64> = outputs
            .iter()
            .map(|o| o.1)
            .chain(inputs.iter().filter_map(|i| i.2))
            .collect();
        let rhs: Vec<i64> = kernels
            .iter()
            .filter_map(|k| k.1)
            .chain(inputs.iter().map(|i| i.1))
            .chain((stealth_offset != 0).then_some(stealth_offset))
            .collect();
        Ok(combined(&lhs)? == combined(&rhs)?)
    };
    let expected = (
        kernel_sum().unwrap_or(false),
        stealth_sum().unwrap_or(false),
    );
    assert_eq!(
        rangeproof::mweb::kernel_sum_holds(&made, &be(offset)),
        expected.0,
        "kernel sum: outputs {outputs:?}, inputs {inputs:?}, kernels {kernels:?}, offset {offset}"
    );
    assert_eq!(
        rangeproof::mweb::stealth_sum_holds(&made, &be(stealth_offset)),
        expected.1,
        "stealth sum: outputs {outputs:?}, inputs {inputs:?}, kernels {kernels:?}, \
         offset {stealth_offset}"
    );
    expected
}
