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

use std::cell::Cell;
use std::sync::OnceLock;

use rand_core::OsRng;
use rangeproof::mweb::signatures::kernel_bytes;
use rangeproof::mweb::verify::{verify_block, verify_transaction, Report, Status, Verdict};
use rangeproof::mweb::wallet::{make_output, Made};
use rangeproof::mweb::{Block, Output, Transaction, TxBody};

use super::mweb_build::{self, pegin_script, Canonical, FUNDING};

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
