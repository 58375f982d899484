//! MWEB's range proofs against libsecp256k1-zkp (Grin's fork: the `bulletproofs` module
//! Litecoin Core vendors), both ways: outputs and transactions whose proofs the C library made
//! (committed in `vectors/mweb-made-here.json`) verify here, ours verify in the C library's
//! `verify_multi` with each output's message as its extra data (Core's
//! `Bulletproofs::BatchVerify`), and a change of one byte of a proof, commitment or message is
//! refused by both.

use crate::mweb_build;
use crate::zkp;

use rand::rngs::OsRng;
use rand::RngCore;
use rangeproof::mweb::output_signature_holds;
use rangeproof::mweb::{make_output, Made};
use rangeproof::mweb::{verify_output_proofs, Output, Transaction};
use rangeproof::mweb::{verify_transaction, Verdict};
use zkp::CLib;

use mweb_build::{bytes, vectors, wallet};

/// The C library's verdict on outputs' proofs, all in one `verify_multi`.
fn c_verifies(clib: &mut CLib, outputs: &[Output]) -> bool {
    let proofs: Vec<Vec<u8>> = outputs.iter().map(|o| o.proof.to_vec()).collect();
    let commitments: Vec<Vec<[u8; 33]>> = outputs.iter().map(|o| vec![o.commitment]).collect();
    let extras: Vec<Vec<u8>> = outputs.iter().map(|o| o.message.bytes.to_vec()).collect();
    clib.verify_multi(&proofs, &commitments, 64, Some(&extras))
}

#[test]
fn committed_outputs_verify_in_both_libraries_and_scan_to_the_wallet() {
    let v = vectors();
    let wallet = wallet(&v);
    let mut clib = CLib::new(256);
    let raw: Vec<Vec<u8>> = v["outputs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| bytes(&o["output"]))
        .collect();
    let outputs: Vec<Output> = raw.iter().map(|b| Output::from_bytes(b).unwrap()).collect();
    let by_c = v["outputs"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["prover"] == "libsecp256k1-zkp")
        .count();
    assert!(by_c >= 6 && by_c < outputs.len(), "both provers' outputs");
    assert!(verify_output_proofs(&outputs, &mut OsRng)
        .iter()
        .all(|&ok| ok));
    assert!(c_verifies(&mut clib, &outputs));
    for (output, case) in outputs.iter().zip(v["outputs"].as_array().unwrap()) {
        assert!(output_signature_holds(output));
        let owned = wallet.scan(output).expect("the wallet's");
        assert_eq!(owned.value, case["value"].as_u64().unwrap());
        assert_eq!(u64::from(owned.address), case["address"].as_u64().unwrap());
    }
    let edges: Vec<u64> = v["outputs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["value"].as_u64().unwrap())
        .collect();
    assert!(edges.contains(&0) && edges.contains(&u64::MAX));
}

#[test]
fn committed_transactions_verify_in_both_libraries() {
    let v = vectors();
    let mut clib = CLib::new(256);
    let cases = v["transactions"].as_array().unwrap();
    assert!(cases.iter().any(|c| c["prover"] == "libsecp256k1-zkp"));
    for case in cases {
        let raw = bytes(&case["tx"]);
        let tx = Transaction::from_bytes(&raw).unwrap();
        let report = verify_transaction(&tx, &mut OsRng).unwrap();
        assert_eq!(report.verdict(), Verdict::Valid, "{report:?}");
        let outputs = &tx.mweb.as_ref().unwrap().body.outputs;
        assert_eq!(outputs.len(), case["values"].as_array().unwrap().len());
        assert!(c_verifies(&mut clib, outputs));
    }
}

/// One byte of a C-made output's proof, commitment or message changed: both libraries refuse
/// it, alone and among valid outputs in one batch (ours naming it).
#[test]
fn single_byte_changes_fail_in_both_libraries() {
    let v = vectors();
    let mut clib = CLib::new(256);
    let cases = v["outputs"].as_array().unwrap();
    let raw: Vec<Vec<u8>> = cases.iter().map(|o| bytes(&o["output"])).collect();
    let k = cases
        .iter()
        .position(|o| o["prover"] == "libsecp256k1-zkp")
        .unwrap();
    let others: Vec<Output> = raw
        .iter()
        .enumerate()
        .filter(|(j, _)| *j != k)
        .take(3)
        .map(|(_, b)| Output::from_bytes(b).unwrap())
        .collect();
    // Commitment 0..33, message 99..158, proof 158..833 (a standard output).
    let positions: Vec<usize> = (0..33).chain(99..158).chain(158..833).collect();
    let mut refused_by_parser = 0;
    for &at in &positions {
        let mut changed = raw[k].clone();
        changed[at] ^= 1 << (at % 8);
        // A change that leaves no output (a commitment off the curve, a message whose
        // features no longer match its length) is refused by the parser: also a refusal.
        let Ok(output) = Output::from_bytes(&changed) else {
            refused_by_parser += 1;
            continue;
        };
        // The proof's sign byte (proof offset 64) has four bits past its four points, which
        // the C library ignores — and so do we, as the deployed verifier (SECURITY.md).
        if at == 158 + 64 && at % 8 >= 4 {
            assert!(c_verifies(&mut clib, std::slice::from_ref(&output)));
            assert_eq!(verify_output_proofs(&[output], &mut OsRng), vec![true]);
            continue;
        }
        assert!(
            !c_verifies(&mut clib, std::slice::from_ref(&output)),
            "byte {at}"
        );
        let mut batch = others.clone();
        batch.insert(1, output);
        assert_eq!(
            verify_output_proofs(&batch, &mut OsRng),
            vec![true, false, true, true],
            "byte {at}"
        );
        assert!(!c_verifies(&mut clib, &batch), "byte {at}");
    }
    assert!(refused_by_parser < positions.len() / 4);
}

/// Outputs our prover makes now (edges and random values) verify in the C library, one by
/// one and all together; with another message as extra data they do not.
#[test]
fn our_outputs_verify_in_the_c_library() {
    let v = vectors();
    let wallet = wallet(&v);
    let mut clib = CLib::new(256);
    let values = [0, 1, u64::MAX, OsRng.next_u64(), OsRng.next_u64() >> 20];
    let made: Vec<Made> = values
        .iter()
        .enumerate()
        .map(|(i, &value)| {
            let (a, b) = wallet.address(i as u32).unwrap();
            make_output((&a, &b), value, &mut OsRng).unwrap()
        })
        .collect();
    let outputs: Vec<Output> = made.iter().map(Made::output).collect();
    assert!(c_verifies(&mut clib, &outputs));
    for output in &outputs {
        assert!(c_verifies(&mut clib, std::slice::from_ref(output)));
    }
    let proofs: Vec<Vec<u8>> = outputs.iter().map(|o| o.proof.to_vec()).collect();
    let commitments: Vec<Vec<[u8; 33]>> = outputs.iter().map(|o| vec![o.commitment]).collect();
    let mut extras: Vec<Vec<u8>> = outputs.iter().map(|o| o.message.bytes.to_vec()).collect();
    extras.swap(0, 1);
    assert!(!clib.verify_multi(&proofs, &commitments, 64, Some(&extras)));
    assert!(!clib.verify_multi(&proofs, &commitments, 64, None));

    let refs: Vec<&Made> = made[..2].iter().collect();
    let tx = mweb_build::pegin(&refs, &values[..2], 1_000);
    let parsed = Transaction::from_bytes(&tx).unwrap();
    assert_eq!(
        verify_transaction(&parsed, &mut OsRng).unwrap().verdict(),
        Verdict::Valid
    );
}

/// Every signature of the committed transactions verifies in one batch; one changed (its
/// `r`, its `s`, a key off the curve, another message) is named and the others still hold.
#[test]
fn signatures_verify_in_one_batch_that_names_the_invalid() {
    use rangeproof::mweb::{verify_signatures, SignatureCheck};
    let v = vectors();
    let raws: Vec<Vec<u8>> = v["transactions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| bytes(&c["tx"]))
        .collect();
    let txs: Vec<Transaction> = raws
        .iter()
        .map(|r| Transaction::from_bytes(r).unwrap())
        .collect();
    let bodies: Vec<_> = txs.iter().map(|t| &t.mweb.as_ref().unwrap().body).collect();
    let checks: Vec<SignatureCheck> = bodies
        .iter()
        .flat_map(|b| {
            b.outputs
                .iter()
                .map(SignatureCheck::output)
                .chain(b.kernels.iter().map(SignatureCheck::kernel))
        })
        .collect();
    assert!(checks.len() > 10);
    assert!(verify_signatures(&checks, &mut OsRng).iter().all(|&ok| ok));
    let n = checks.len();
    for (k, change) in [(0usize, 5usize), (n / 2, 40), (n - 1, 63)] {
        let mut signature = *checks[k].signature;
        signature[change] ^= 1;
        let mut altered: Vec<SignatureCheck> = checks
            .iter()
            .map(|c| SignatureCheck {
                key: c.key,
                message: c.message,
                signature: c.signature,
            })
            .collect();
        altered[k].signature = &signature;
        let mut expected = vec![true; n];
        expected[k] = false;
        assert_eq!(verify_signatures(&altered, &mut OsRng), expected);
        altered[k].signature = checks[k].signature;
        altered[k].message[0] ^= 1;
        assert_eq!(verify_signatures(&altered, &mut OsRng), expected);
        altered[k].message = checks[k].message;
        altered[k].key = None;
        assert_eq!(verify_signatures(&altered, &mut OsRng), expected);
    }
    assert!(verify_signatures(&[], &mut OsRng).is_empty());
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(8))]

    /// Peg-ins built from random values (the edge 0 among them) parse back to the outputs and
    /// kernel they were made of, re-serialize to the same bytes, and verify; the C library
    /// verifies their proofs.
    #[test]
    fn built_transactions_parse_back_and_verify(
        values in proptest::collection::vec(0u64..=2_100_000_000_000_000, 1..4),
        fee in 0u64..1_000_000,
        zero_first in proptest::bool::ANY,
    ) {
        let v = vectors();
        let wallet = wallet(&v);
        let mut values = values;
        if zero_first {
            values[0] = 0;
        }
        let made: Vec<Made> = values
            .iter()
            .enumerate()
            .map(|(i, &value)| {
                let (a, b) = wallet.address(i as u32).unwrap();
                make_output((&a, &b), value, &mut OsRng).unwrap()
            })
            .collect();
        let refs: Vec<&Made> = made.iter().collect();
        let raw = mweb_build::pegin(&refs, &values, fee);
        let tx = Transaction::from_bytes(&raw).unwrap();
        let body = &tx.mweb.as_ref().unwrap().body;
        proptest::prop_assert_eq!(body.outputs.len(), values.len());
        for output in &body.outputs {
            let original = made.iter().find(|m| m.output().commitment == output.commitment).unwrap();
            proptest::prop_assert_eq!(&original.output(), output);
            let serialized = original.to_bytes();
            proptest::prop_assert_eq!(&Output::from_bytes(&serialized).unwrap(), output);
        }
        let kernel = &body.kernels[0];
        proptest::prop_assert_eq!(kernel.fee, Some(fee));
        proptest::prop_assert_eq!(kernel.pegin, Some(values.iter().sum::<u64>() + fee));
        proptest::prop_assert_eq!(rangeproof::mweb::kernel_bytes(kernel), kernel.bytes.to_vec());
        proptest::prop_assert_eq!(tx.bytes, &raw[..]);
        proptest::prop_assert_eq!(verify_transaction(&tx, &mut OsRng).unwrap().verdict(), Verdict::Valid);
        let mut clib = CLib::new(256);
        proptest::prop_assert!(c_verifies(&mut clib, &body.outputs));
    }
}
