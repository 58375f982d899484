//! Litecoin's MWEB (no peer parser in Rust: the properties are our own).
//!
//! * `parse_mweb`: any bytes, read as a block, a transaction and a single output, never crash
//!   the parser; what parses is read whole and consistently (a transaction's bytes are all
//!   of the input; every message and kernel span is what its fields say; a kernel's bytes are
//!   what Core's writer makes of it, but for the two cases where Core leaves an empty field
//!   out), and verifying it never crashes either, the verdict matching the report.

use rand_core::OsRng;
use rangeproof::mweb::signatures::kernel_bytes;
use rangeproof::mweb::verify::{verify_block, verify_transaction, Report, Status, Verdict};
use rangeproof::mweb::{Block, Output, Transaction, TxBody};

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
