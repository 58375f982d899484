//! Liquid transactions against rust-elements (the `elements` 0.26 crate, over libsecp256k1-zkp):
//! our parser reads every transaction of its package's `tests/data/` (copied into
//! `vectors/elements-tx/`) field for field as it does, every confidential output's range proof
//! gets the C library's verdict, and an output blinded by rust-elements' wallet code unblinds
//! here to what its own `unblind` gives.

use elements::encode::{deserialize, serialize};
use elements::secp256k1_zkp as zkp;
use k256::elliptic_curve::PrimeField;
use rand::{rngs::StdRng, SeedableRng};
use rangeproof::liquid::{self, Asset, Nonce, Transaction, TransactionVerdict, Value, Verdict};

const TRANSACTIONS: [&str; 11] = [
    "1in2out_pegin",
    "1in2out_tx",
    "1in3out_tx",
    "2in3out_exp",
    "2in3out_tx",
    "2in3out_tx2",
    "2in4out_tx",
    "2in5out_tx",
    "3in3out_tx",
    "4in3out_tx",
    "issue_tx",
];

fn transaction(name: &str) -> Vec<u8> {
    let path = format!(
        "{}/../vectors/elements-tx/{name}.hex",
        env!("CARGO_MANIFEST_DIR")
    );
    hex::decode(std::fs::read_to_string(path).unwrap().trim()).unwrap()
}

fn asset_bytes(a: &Asset) -> Vec<u8> {
    match a {
        Asset::Null => vec![0],
        Asset::Explicit(tag) => [&[1u8][..], tag].concat(),
        Asset::Confidential(g) => g.to_bytes().to_vec(),
    }
}

fn value_bytes(v: &Value) -> Vec<u8> {
    match v {
        Value::Null => vec![0],
        Value::Explicit(x) => [&[1u8][..], &x.to_be_bytes()].concat(),
        Value::Confidential(c) => c.to_bytes().to_vec(),
    }
}

fn nonce_bytes(n: &Nonce) -> Vec<u8> {
    match n {
        Nonce::Null => vec![0],
        Nonce::Explicit(b) => [&[1u8][..], b].concat(),
        Nonce::Confidential(k) => k.to_vec(),
    }
}

#[test]
fn our_parser_reads_every_transaction_as_rust_elements_does() {
    let secp = zkp::Secp256k1::new();
    let mut confidential = 0;
    for name in TRANSACTIONS {
        let bytes = transaction(name);
        let theirs: elements::Transaction = deserialize(&bytes).unwrap();
        let ours = Transaction::from_bytes(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(ours.version, theirs.version, "{name}");
        assert_eq!(
            ours.lock_time,
            theirs.lock_time.to_consensus_u32(),
            "{name}"
        );
        assert_eq!(ours.n_inputs(), theirs.input.len(), "{name}");
        assert_eq!(ours.inputs().count(), theirs.input.len(), "{name}");
        for (a, b) in ours.inputs().zip(&theirs.input) {
            assert_eq!(a.previous_vout, b.previous_output.vout, "{name}");
            assert_eq!(a.is_pegin, b.is_pegin, "{name}");
            assert_eq!(a.script_sig, b.script_sig.as_bytes(), "{name}");
            assert_eq!(a.sequence, b.sequence.to_consensus_u32(), "{name}");
            assert_eq!(a.issuance.is_some(), b.has_issuance(), "{name}");
            assert!(
                a.script_witness
                    .items()
                    .eq(b.witness.script_witness.iter().map(|i| &i[..])),
                "{name}"
            );
            assert!(
                a.pegin_witness
                    .items()
                    .eq(b.witness.pegin_witness.iter().map(|i| &i[..])),
                "{name}"
            );
            let proof = |p: &Option<Box<zkp::RangeProof>>| {
                p.as_ref().map(|p| p.serialize()).unwrap_or_default()
            };
            assert_eq!(
                a.issuance_amount_rangeproof,
                proof(&b.witness.amount_rangeproof),
                "{name}"
            );
            assert_eq!(
                a.inflation_keys_rangeproof,
                proof(&b.witness.inflation_keys_rangeproof),
                "{name}"
            );
        }
        assert_eq!(ours.n_outputs(), theirs.output.len(), "{name}");
        assert_eq!(ours.outputs().count(), theirs.output.len(), "{name}");
        for (k, (a, b)) in ours.outputs().zip(&theirs.output).enumerate() {
            assert_eq!(
                asset_bytes(&a.asset),
                serialize(&b.asset),
                "{name} output {k}"
            );
            assert_eq!(
                value_bytes(&a.value),
                serialize(&b.value),
                "{name} output {k}"
            );
            assert_eq!(
                nonce_bytes(&a.nonce),
                serialize(&b.nonce),
                "{name} output {k}"
            );
            assert_eq!(
                a.script_pubkey,
                b.script_pubkey.as_bytes(),
                "{name} output {k}"
            );
            let theirs_proof = b
                .witness
                .rangeproof
                .as_ref()
                .map(|p| p.serialize())
                .unwrap_or_default();
            assert_eq!(a.rangeproof, theirs_proof, "{name} output {k}");
            let theirs_surjection = b
                .witness
                .surjection_proof
                .as_ref()
                .map(|p| p.serialize())
                .unwrap_or_default();
            assert_eq!(a.surjection_proof, theirs_surjection, "{name} output {k}");
        }
        // Every confidential output's range proof: the C library's verdict is ours.
        let report = liquid::verify_transaction(&ours, None).unwrap();
        for (k, b) in theirs.output.iter().enumerate() {
            let (
                elements::confidential::Value::Confidential(c),
                elements::confidential::Asset::Confidential(g),
            ) = (b.value, b.asset)
            else {
                continue;
            };
            let c_ok = b
                .witness
                .rangeproof
                .as_ref()
                .is_some_and(|p| p.verify(&secp, c, b.script_pubkey.as_bytes(), g).is_ok());
            assert_eq!(
                report.outputs[k].range_proof == Verdict::Valid,
                c_ok,
                "{name} output {k}"
            );
            assert!(c_ok, "{name} output {k}: the deployed proof verifies");
            confidential += 1;
        }
        // Without the spent outputs: the range proofs hold, the rest is not checked.
        assert_eq!(report.verdict(), TransactionVerdict::Incomplete, "{name}");
    }
    assert_eq!(confidential, 19, "confidential outputs");
}

#[test]
fn an_output_rust_elements_blinds_unblinds_here_as_there() {
    let secp = zkp::Secp256k1::new();
    let mut rng = StdRng::seed_from_u64(5);
    for round in 0..8u64 {
        let receiver_sk = zkp::SecretKey::new(&mut rng);
        let receiver_pk = zkp::PublicKey::from_secret_key(&secp, &receiver_sk);
        let address = elements::Address::p2wpkh(
            &elements::bitcoin::PublicKey::new(zkp::PublicKey::from_secret_key(
                &secp,
                &zkp::SecretKey::new(&mut rng),
            )),
            Some(receiver_pk),
            &elements::AddressParams::LIQUID,
        );
        let asset = elements::AssetId::from_slice(&[round as u8 + 1; 32]).unwrap();
        let spent = elements::TxOutSecrets::new(
            asset,
            elements::confidential::AssetBlindingFactor::new(&mut rng),
            1_000_000,
            elements::confidential::ValueBlindingFactor::new(&mut rng),
        );
        let value = 1000 * round + 17;
        let (out, abf, vbf, _) = elements::TxOut::new_not_last_confidential(
            &mut rng,
            &secp,
            value,
            &address,
            asset,
            &[spent],
        )
        .unwrap();
        let theirs = out.unblind(&secp, receiver_sk).unwrap();
        // The output, serialized in a transaction, parsed here.
        let tx = elements::Transaction {
            version: 2,
            lock_time: elements::LockTime::ZERO,
            input: vec![],
            output: vec![out],
        };
        let tx_bytes = serialize(&tx);
        let ours_tx = Transaction::from_bytes(&tx_bytes).unwrap();
        let key = Option::from(k256::Scalar::from_repr(receiver_sk.secret_bytes().into())).unwrap();
        let ours = liquid::unblind(&ours_tx.output(0).unwrap(), &key).unwrap();
        assert_eq!(ours.value, theirs.value);
        assert_eq!(ours.asset, theirs.asset.into_inner().to_byte_array());
        assert_eq!(
            ours.asset_blinding.to_bytes().as_slice(),
            abf.into_inner().as_ref()
        );
        assert_eq!(
            ours.value_blinding.to_bytes().as_slice(),
            vbf.into_inner().as_ref()
        );
        // Another key: refused, as there.
        let other = zkp::SecretKey::new(&mut rng);
        let other_key = Option::from(k256::Scalar::from_repr(other.secret_bytes().into())).unwrap();
        assert!(liquid::unblind(&ours_tx.output(0).unwrap(), &other_key).is_err());
    }
}

/// rust-elements' `verify_ct` transaction (its package, `src/transaction.rs`) with the output it
/// spends: every proof — range proofs and, now that the spent asset is known, the surjection
/// proofs — and the balance hold; a spent output of another amount or asset breaks them.
#[test]
fn a_liquid_transaction_with_its_spent_output_verifies_whole() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../vectors/elements-tx/verify_ct.json"
    );
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let field = |v: &serde_json::Value| hex::decode(v.as_str().unwrap()).unwrap();
    let tx_bytes = field(&doc["tx"]);
    let tx = Transaction::from_bytes(&tx_bytes).unwrap();
    let spent = [liquid::SpentOutput {
        asset: Asset::from_bytes(&field(&doc["spent"][0]["asset"])).unwrap(),
        value: Value::from_bytes(&field(&doc["spent"][0]["value"])).unwrap(),
    }];
    let report = liquid::verify_transaction(&tx, Some(&spent)).unwrap();
    assert_eq!(report.verdict(), TransactionVerdict::Valid, "{report:?}");
    assert_eq!(report.balance, liquid::Balance::Holds);
    let surjections = report
        .outputs
        .iter()
        .filter(|o| o.surjection_proof == Verdict::Valid)
        .count();
    assert_eq!(surjections, 2);
    // rust-elements agrees on the same inputs.
    let theirs: elements::Transaction = deserialize(&field(&doc["tx"])).unwrap();
    let secp = zkp::Secp256k1::new();
    let utxo = elements::TxOut {
        asset: deserialize(&field(&doc["spent"][0]["asset"])).unwrap(),
        value: deserialize(&field(&doc["spent"][0]["value"])).unwrap(),
        nonce: elements::confidential::Nonce::Null,
        script_pubkey: elements::Script::new(),
        witness: Default::default(),
    };
    theirs.verify_tx_amt_proofs(&secp, &[utxo]).unwrap();
    // Another spent amount: the balance fails; another spent asset: the surjection proofs fail.
    let other_value = [liquid::SpentOutput {
        asset: spent[0].asset.clone(),
        value: Value::Explicit(1),
    }];
    assert_eq!(
        liquid::verify_transaction(&tx, Some(&other_value))
            .unwrap()
            .balance,
        liquid::Balance::Fails
    );
    let other_asset = [liquid::SpentOutput {
        asset: Asset::Explicit([7; 32]),
        value: spent[0].value.clone(),
    }];
    let report = liquid::verify_transaction(&tx, Some(&other_asset)).unwrap();
    assert_eq!(report.verdict(), TransactionVerdict::Invalid);
    assert!(report
        .outputs
        .iter()
        .any(|o| matches!(o.surjection_proof, Verdict::Invalid(_))));
}

/// rust-elements' `test_partially_blinded_tx` (its package, `src/blind.rs`): a transaction with
/// issuances and the four outputs it spends. The issued assets' and tokens' tags are rust-elements'
/// `issuance_ids`; every proof — the issuances' range proofs too — and the balance (issuances
/// counted as inputs, their assets in the surjection domain) hold here as there.
#[test]
fn a_transaction_with_issuances_verifies_whole_with_its_spent_outputs() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../vectors/elements-tx/issue_tx_spent.json"
    );
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let bytes = transaction("issue_tx");
    let tx = Transaction::from_bytes(&bytes).unwrap();
    let theirs: elements::Transaction = deserialize(&bytes).unwrap();
    let mut issued = 0;
    for (ours, theirs) in tx.inputs().zip(&theirs.input) {
        assert_eq!(ours.issuance.is_some(), theirs.has_issuance());
        if let Some((asset, token)) = liquid::issuance_ids(&ours) {
            let (a, t) = theirs.issuance_ids();
            assert_eq!(asset, a.into_inner().to_byte_array());
            assert_eq!(token, t.into_inner().to_byte_array());
            issued += 1;
        }
    }
    assert!(issued >= 1);
    let field = |v: &serde_json::Value| hex::decode(v.as_str().unwrap()).unwrap();
    let spent: Vec<liquid::SpentOutput> = doc["spent"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| liquid::SpentOutput {
            asset: Asset::from_bytes(&field(&s["asset"])).unwrap(),
            value: Value::from_bytes(&field(&s["value"])).unwrap(),
        })
        .collect();
    let report = liquid::verify_transaction(&tx, Some(&spent)).unwrap();
    assert_eq!(report.verdict(), TransactionVerdict::Valid, "{report:?}");
    assert_eq!(report.balance, liquid::Balance::Holds);
    assert_eq!(report.issuances.len(), issued);
    assert!(report
        .outputs
        .iter()
        .all(|o| !matches!(o.surjection_proof, Verdict::NotChecked(_))));
    // rust-elements agrees on the same spent outputs.
    let secp = zkp::Secp256k1::new();
    let utxos: Vec<elements::TxOut> = doc["spent"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| elements::TxOut {
            asset: deserialize(&field(&s["asset"])).unwrap(),
            value: deserialize(&field(&s["value"])).unwrap(),
            nonce: elements::confidential::Nonce::Null,
            script_pubkey: elements::Script::new(),
            witness: Default::default(),
        })
        .collect();
    theirs.verify_tx_amt_proofs(&secp, &utxos).unwrap();
    // Without its issuances the balance fails: drop the first issuance (and its proofs).
    let mut without = theirs.clone();
    let k = without.input.iter().position(|i| i.has_issuance()).unwrap();
    without.input[k].asset_issuance = Default::default();
    without.input[k].witness.amount_rangeproof = None;
    without.input[k].witness.inflation_keys_rangeproof = None;
    let without = serialize(&without);
    assert_eq!(
        liquid::verify_transaction(&Transaction::from_bytes(&without).unwrap(), Some(&spent))
            .unwrap()
            .balance,
        liquid::Balance::Fails
    );
}
