//! A batch of mixed proof documents — the JSON `rangeproof prove` writes — checked together:
//! proofs of every registered range-proof deployment, parsed from their documents and verified
//! in one batch (one multiscalar multiplication per group), with the tampered ones named.
//!
//! ```text
//! cargo run --release -p rangeproof-documents --example mixed_batch
//! ```

use rand_core::OsRng;
use rangeproof::{Suite, SuiteBatch, SuiteStatement};
use rangeproof_documents::proof::ProofDocument;
use rangeproof_documents::Document;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // One document per range-proof deployment (the Elements suites prove other statements).
    let mut documents = Vec::new();
    for &suite in Suite::ALL.iter().filter(|s| s.max_values() > 1) {
        let bits = *suite.supported_bits().last().ok_or("no bit size")?;
        let statement = SuiteStatement {
            bits,
            extension_degree: 1,
            transcript_label: if suite.takes_transcript_label() {
                b"mixed batch example".to_vec()
            } else {
                Vec::new()
            },
            ..SuiteStatement::default()
        };
        // Four values: libsecp256k1-zkp's Bulletproofs take power-of-two counts only.
        let values = [0, u64::MAX >> (64 - bits), 1_000, 1];
        let proved = suite.prove(&statement, &values, &mut OsRng)?;
        let document = ProofDocument::of(suite, &statement, &proved.proof, &proved.commitments);
        documents.push(serde_json::to_string_pretty(&document)?);
    }
    // Tamper with two of them, as a node receiving them would not know: a commitment's last
    // byte, and a proof's byte in the middle of its inner-product rounds.
    let tampered = [1, documents.len() - 1];
    for &k in &tampered {
        let mut json: serde_json::Value = serde_json::from_str(&documents[k])?;
        let field = if k == 1 { "commitments" } else { "proof" };
        let text = if k == 1 {
            json[field][0].as_str()
        } else {
            json[field].as_str()
        }
        .ok_or("not a string")?
        .to_owned();
        let mut bytes = hex::decode(&text)?;
        let at = if k == 1 {
            bytes.len() - 1
        } else {
            bytes.len() / 2
        };
        bytes[at] ^= 1;
        if k == 1 {
            json[field][0] = hex::encode(bytes).into();
        } else {
            json[field] = hex::encode(bytes).into();
        }
        documents[k] = serde_json::to_string_pretty(&json)?;
    }

    // The receiving side: parse each document, add what parses to one batch.
    let mut batch = SuiteBatch::new();
    let mut positions = Vec::new();
    for (k, text) in documents.iter().enumerate() {
        let parsed = Document::parse(text)?.into_proof()?;
        match batch.add(
            parsed.suite,
            &parsed.statement,
            &parsed.proof,
            &parsed.commitments,
            &mut OsRng,
        ) {
            Ok(position) => positions.push((k, parsed.suite, position)),
            // A byte flip can make a point undecodable: refused before the batch.
            Err(reason) => println!("document {k} ({}): refused: {reason}", parsed.suite.name()),
        }
    }
    let invalid = batch.verify().err().map_or(Vec::new(), |e| e.invalid);
    for (k, suite, position) in &positions {
        let verdict = if invalid.contains(position) {
            "invalid"
        } else {
            "valid"
        };
        println!("document {k} ({}): {verdict}", suite.name());
    }
    let named: Vec<usize> = positions
        .iter()
        .filter(|(_, _, p)| invalid.contains(p))
        .map(|(k, _, _)| *k)
        .collect();
    let refused = documents.len() - positions.len();
    if named.len() + refused != tampered.len() || named.iter().any(|k| !tampered.contains(k)) {
        return Err(format!("expected documents {tampered:?} refused or invalid").into());
    }
    Ok(())
}
