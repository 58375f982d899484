//! `cargo run --release -p rangeproof-app --features parallel --example adversarial_batch -- [documents]
//! [rounds] [out-dir]`: what a batch of invalid documents costs against an honest one of the
//! same size, through `batch::verify_all` — what `rangeproof verify`, Python's `BatchVerifier`,
//! C's `rp_batch_verify` and JavaScript's `verify` call, on every thread. `documents` (default
//! 1000) 64-bit proofs of one value, of two suites (the reference crate's on ristretto255,
//! Grin's on secp256k1) in turn: all valid; all invalid (each with another document's proof:
//! it decodes, and fails in the batch) with the front ends' blame limit (16) and with none;
//! one invalid among valid ones. Two sets are alternated over the rounds; each line is the
//! median of `rounds` (default 5) and its ratio to the honest batch's.
//!
//! Then a Liquid transaction (`rangeproof-cli/data/liquid-2in4out_tx.hex`, its four range
//! proofs) through `liquid::verify_tx` as every front end reports it: as it is, and with a byte
//! changed in the middle of every range proof.
//!
//! With `out-dir`, the honest and the all-invalid sets are also written there as JSON lines
//! (`valid.jsonl`, `invalid.jsonl`), for timing the front ends end to end.
use std::time::Instant;

use rangeproof::{Suite, SuiteContext};
use rangeproof_app::liquid;
use rangeproof_documents::batch::{self, BLAME_LIMIT};
use rangeproof_documents::request::{self, ProveRequest};
use rangeproof_documents::{Document, ProofDocument};

fn prove(suite: Suite, value: u64) -> ProofDocument {
    let mut request = ProveRequest::default();
    request.scheme = Some(suite.scheme().into());
    request.group = Some(suite.group().into());
    request.flavor = Some(suite.flavor().into());
    request.bits = Some(64);
    request.values = vec![value];
    let checked = request.check(Default::default()).expect("a request");
    request::prove(
        rangeproof::SuiteContext::global(),
        &checked,
        &request.values,
        None,
    )
    .expect("proves")
    .proof
}

/// The honest documents, and the same with each proof another document's of its suite.
fn set(size: usize) -> (Vec<ProofDocument>, Vec<ProofDocument>) {
    let suites = [Suite::DALEK_BULLETPROOFS, Suite::GRIN_BULLETPROOFS];
    let honest: Vec<ProofDocument> = (0..size)
        .map(|k| {
            prove(
                suites[k % 2],
                rand_core::RngCore::next_u64(&mut rand_core::OsRng),
            )
        })
        .collect();
    let mut forged = honest.clone();
    for k in 0..size {
        forged[k].proof = honest[(k + 2) % size].proof.clone();
    }
    (honest, forged)
}

fn parsed(docs: &[ProofDocument]) -> Vec<Document> {
    docs.iter()
        .map(|d| Document::parse(&serde_json::to_string(d).expect("JSON")).expect("parses"))
        .collect()
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: usize = args
        .get(1)
        .map_or(1000, |a| a.parse().expect("documents: a number"));
    let rounds: usize = args
        .get(2)
        .map_or(5, |a| a.parse().expect("rounds: a number"));
    let sets: Vec<(Vec<ProofDocument>, Vec<ProofDocument>)> = (0..2).map(|_| set(size)).collect();
    if let Some(dir) = args.get(3) {
        let lines = |docs: &[ProofDocument]| {
            docs.iter()
                .map(|d| serde_json::to_string(d).expect("JSON") + "\n")
                .collect::<String>()
        };
        std::fs::write(format!("{dir}/valid.jsonl"), lines(&sets[0].0)).expect("writes");
        std::fs::write(format!("{dir}/invalid.jsonl"), lines(&sets[0].1)).expect("writes");
    }
    let docs: Vec<[Vec<Document>; 3]> = sets
        .iter()
        .map(|(honest, forged)| {
            let mut one = honest.clone();
            one[size / 3] = forged[size / 3].clone();
            [parsed(honest), parsed(forged), parsed(&one)]
        })
        .collect();
    let context = SuiteContext::global();
    let cases: [(&str, usize, Option<usize>); 4] = [
        ("all valid", 0, Some(BLAME_LIMIT)),
        ("all invalid, blame limit 16", 1, Some(BLAME_LIMIT)),
        ("all invalid, every one named", 1, None),
        ("one invalid, blame limit 16", 2, Some(BLAME_LIMIT)),
    ];
    println!(
        "{size} documents, {} threads, median of {rounds}:",
        rayon::current_num_threads()
    );
    let mut base = 0.0;
    for (name, which, limit) in cases {
        let mut times = Vec::new();
        let mut counts = (0, 0);
        for r in 0..rounds {
            let refs: Vec<&Document> = docs[r % 2][which].iter().collect();
            let t = Instant::now();
            let verdicts = batch::verify_all(context, &refs, limit);
            times.push(t.elapsed().as_secs_f64());
            let not_named = verdicts
                .iter()
                .filter(|v| **v == Err(rangeproof_documents::Invalid::NotNamed))
                .count();
            let failing = verdicts.iter().filter(|v| v.is_err()).count();
            counts = (failing - not_named, not_named);
        }
        let t = median(times);
        if base == 0.0 {
            base = t;
        }
        println!(
            "{name:32} {:>9.1} ms  {:>6.2}x  named {}, not named {}",
            t * 1e3,
            t / base,
            counts.0,
            counts.1
        );
    }
    liquid_transaction(rounds);
}

/// A Liquid transaction, honest and with every range proof changed: the median time of
/// `rounds` runs of 50 verifications each.
fn liquid_transaction(rounds: usize) {
    let hex_text = include_str!("../../rangeproof-cli/data/liquid-2in4out_tx.hex").trim();
    let honest: Vec<u8> = (0..hex_text.len() / 2)
        .map(|i| u8::from_str_radix(&hex_text[2 * i..2 * i + 2], 16).expect("hex"))
        .collect();
    let mut forged = honest.clone();
    let tx = rangeproof::liquid::Transaction::from_bytes(&honest).expect("parses");
    let mut changed = 0;
    for output in tx.outputs() {
        if !output.rangeproof.is_empty() {
            let at = output.rangeproof.as_ptr() as usize - honest.as_ptr() as usize;
            forged[at + output.rangeproof.len() / 2] ^= 1;
            changed += 1;
        }
    }
    println!("a Liquid transaction ({} bytes, {changed} range proofs), 50 verifications, median of {rounds}:", honest.len());
    let mut base = 0.0;
    for (name, tx) in [("honest", &honest), ("every range proof changed", &forged)] {
        let mut times = Vec::new();
        let mut verdict = String::new();
        for _ in 0..rounds {
            let t = Instant::now();
            for _ in 0..50 {
                let (v, _) = liquid::verify_tx(tx, None).expect("a transaction");
                verdict = liquid::verdict_word(v).to_string();
            }
            times.push(t.elapsed().as_secs_f64() / 50.0);
        }
        let t = median(times);
        if base == 0.0 {
            base = t;
        }
        println!(
            "{name:32} {:>9.3} ms  {:>6.2}x  {verdict}",
            t * 1e3,
            t / base
        );
    }
}
