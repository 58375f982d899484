//! `cargo run --release -p rangeproof-documents --example parse_timing -- ROUNDS`: how long
//! `Document::parse` takes on documents of four suites (dalek, Tari, Grin, Borromean), each
//! parse on another proof's text (eight per suite, rotated), median of ROUNDS rounds of 2,000
//! parses per suite. Parsing only: no verification.

use std::time::Instant;

use rand_core::OsRng;
use rangeproof::{Suite, SuiteStatement};
use rangeproof_documents::{Document, ProofDocument};

fn texts(suite: Suite, bits: usize) -> Vec<String> {
    let statement = SuiteStatement {
        bits,
        extension_degree: 1,
        transcript_label: if suite.takes_transcript_label() {
            b"timing".to_vec()
        } else {
            Vec::new()
        },
        ..SuiteStatement::default()
    };
    (0..8u64)
        .map(|k| {
            let proved = suite.prove(&statement, &[k], &mut OsRng).unwrap();
            let doc = ProofDocument::of(suite, &statement, &proved.proof, &proved.commitments);
            serde_json::to_string(&doc).unwrap()
        })
        .collect()
}

fn main() {
    let rounds: usize = std::env::args().nth(1).map_or(9, |a| a.parse().unwrap());
    let cases = [
        ("dalek", texts(Suite::DALEK_BULLETPROOFS, 64)),
        ("tari", texts(Suite::TARI_BULLETPROOFS_PLUS, 64)),
        ("grin", texts(Suite::GRIN_BULLETPROOFS, 64)),
        ("borromean", texts(Suite::ELEMENTS_BORROMEAN, 0)),
    ];
    for (name, texts) in &cases {
        let mut per_round = Vec::new();
        for _ in 0..rounds {
            let start = Instant::now();
            for i in 0..2000 {
                let doc = Document::parse(&texts[i % texts.len()]).unwrap();
                std::hint::black_box(doc);
            }
            per_round.push(start.elapsed().as_secs_f64() / 2000.0 * 1e6);
        }
        per_round.sort_by(|a, b| a.partial_cmp(b).unwrap());
        println!(
            "{name}: {:.2} us per parse (median of {rounds})",
            per_round[rounds / 2]
        );
    }
}
