//! `cargo run --release -p rangeproof --example adversarial_mweb -- [outputs] [rounds]`: what an
//! adversary's MWEB transaction costs to refuse against an honest one of the same size
//! (`mweb::verify_transaction_with`, the report every front end gives). A peg-in of
//! `outputs` (default 1000) outputs made here, then, with the default options:
//!
//! - every range proof invalid (a byte changed; each output signed again and the outputs sorted
//!   again, so that only the proofs fail — what an adversary who made the outputs can send);
//! - every output signature invalid (the outputs sorted again);
//! - both;
//! - the outputs out of order (a cheap rule: the cryptography is not run);
//!
//! and the first and last again with the full report (`Options::full_report`, no blame limit).
//! Two transactions are made and alternated over the rounds (variable-time code on one input
//! would flatter it); each line is the median of `rounds` (default 5) and its ratio to the
//! honest transaction's.
use std::time::Instant;

use rand::rngs::OsRng;
use rangeproof::mweb::Transaction;
use rangeproof::mweb::{make_output, Made};
use rangeproof::mweb::{output_id, output_message, sign};
use rangeproof::mweb::{verify_transaction_with, Options, Verdict};

#[path = "../../tests/support/mweb_build.rs"]
mod mweb_build;

/// How an honest transaction is changed.
#[derive(Clone, Copy)]
enum Change {
    None,
    Proofs,
    Signatures,
    Both,
    Unsorted,
}

/// `tx` changed as `change` says; `made` signs again where the change needs it.
fn changed<'a>(tx: &Transaction<'a>, made: &[Made], change: Change) -> Transaction<'a> {
    let mut tx = tx.clone();
    let body = &mut tx.mweb.as_mut().expect("MWEB").body;
    for output in &mut body.outputs {
        if matches!(change, Change::Proofs | Change::Both) {
            let mut proof = *output.proof;
            proof[300] ^= 1;
            output.proof = Box::leak(Box::new(proof));
        }
        match change {
            Change::Proofs => {
                let maker = made
                    .iter()
                    .find(|m| m.output().commitment == output.commitment)
                    .expect("made here");
                output.signature =
                    sign(maker.sender_key(), &output_message(output), &mut OsRng).expect("signs");
            }
            Change::Signatures => output.signature[40] ^= 1,
            _ => {}
        }
    }
    match change {
        Change::None => {}
        Change::Unsorted => body.outputs.swap(0, 1),
        _ => body.outputs.sort_by_key(output_id),
    }
    tx
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: usize = args
        .get(1)
        .map_or(1000, |a| a.parse().expect("outputs: a number"));
    let rounds: usize = args
        .get(2)
        .map_or(5, |a| a.parse().expect("rounds: a number"));
    let wallet = mweb_build::wallet(&mweb_build::vectors());
    let made: Vec<Vec<Made>> = (0..2)
        .map(|_| {
            (0..size)
                .map(|i| {
                    let (a, b) = wallet.address((i % 8) as u32).expect("address");
                    make_output((&a, &b), 1_000 + i as u64, &mut OsRng).expect("proves")
                })
                .collect()
        })
        .collect();
    let raws: Vec<Vec<u8>> = made
        .iter()
        .map(|made| {
            let refs: Vec<&Made> = made.iter().collect();
            let values: Vec<u64> = (0..size as u64).map(|i| 1_000 + i).collect();
            mweb_build::pegin(&refs, &values, 1_000)
        })
        .collect();
    let honest: Vec<Transaction> = raws
        .iter()
        .map(|raw| Transaction::from_bytes(raw).expect("parses"))
        .collect();
    let full = Options {
        full_report: true,
        blame_limit: None,
    };
    let default = Options::default();
    let cases: [(&str, Change, &Options); 7] = [
        ("honest", Change::None, &default),
        ("every range proof invalid", Change::Proofs, &default),
        ("every signature invalid", Change::Signatures, &default),
        ("every proof and signature invalid", Change::Both, &default),
        ("outputs out of order", Change::Unsorted, &default),
        (
            "every range proof invalid, full report",
            Change::Proofs,
            &full,
        ),
        ("outputs out of order, full report", Change::Unsorted, &full),
    ];
    println!(
        "{size} outputs ({} bytes), median of {rounds}:",
        raws[0].len()
    );
    let mut base = 0.0;
    for (name, change, options) in cases {
        let txs: Vec<Transaction> = honest
            .iter()
            .zip(&made)
            .map(|(tx, made)| changed(tx, made, change))
            .collect();
        let mut times = Vec::new();
        let mut verdict = Verdict::Valid;
        for r in 0..rounds {
            let t = Instant::now();
            let report = verify_transaction_with(&txs[r % 2], options, &mut OsRng).expect("MWEB");
            times.push(t.elapsed().as_secs_f64());
            verdict = report.verdict();
        }
        let t = median(times);
        if base == 0.0 {
            base = t;
        }
        println!(
            "{name:40} {:>9.1} ms  {:>6.2}x  {verdict:?}",
            t * 1e3,
            t / base
        );
    }
}
