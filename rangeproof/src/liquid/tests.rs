//! The Liquid transactions of the vectors parse, their outputs' proofs are the vectors'
//! documents and verify; an output made here unblinds with its key and with no other.

use k256::elliptic_curve::Field;
use k256::{ProjectivePoint, Scalar};
use rand::{rngs::StdRng, Rng, SeedableRng};

use super::*;
use crate::secp256k1_zkp::borromean::{prove, ProofParameters};
use crate::secp256k1_zkp::generator::{generator_generate, Commitment, ValueGenerator};

fn vectors() -> serde_json::Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../vectors/elements-liquid-secp256k1.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn hex(v: &serde_json::Value) -> Vec<u8> {
    hex::decode(v.as_str().unwrap()).unwrap()
}

#[test]
fn liquid_transactions_parse_and_their_range_proofs_are_the_vector_documents() {
    let v = vectors();
    let txs = v["transactions"].as_object().unwrap();
    assert_eq!(txs.len(), 5);
    let mut compared = 0;
    for (name, entry) in txs {
        let tx = Transaction::from_bytes(&hex(&entry["hex"])).unwrap();
        for case in v["cases"].as_array().unwrap() {
            if case["source_tx"] != name.as_str() || case["expected"] != "valid" {
                continue;
            }
            let out = &tx.outputs[case["output_index"].as_u64().unwrap() as usize];
            assert_eq!(out.rangeproof, hex(&case["proof"]));
            assert_eq!(out.script_pubkey, hex(&case["extra_data"]));
            let Value::Confidential(c) = &out.value else {
                panic!("confidential")
            };
            assert_eq!(c.to_bytes().to_vec(), hex(&case["commitments"][0]));
            let Asset::Confidential(g) = &out.asset else {
                panic!("confidential")
            };
            assert_eq!(g.to_bytes().to_vec(), hex(&case["value_generator"]));
            compared += 1;
        }
        let report = verify_transaction(&tx, None).unwrap();
        assert!(report.is_valid(), "{name}: {report:?}");
        let proven = report
            .outputs
            .iter()
            .filter(|o| o.range_proof == Verdict::Valid)
            .count();
        assert_eq!(
            proven,
            tx.outputs
                .iter()
                .filter(|o| matches!(o.value, Value::Confidential(_)))
                .count()
        );
        assert!(matches!(report.balance, Balance::NotChecked(_)));
        // Truncated or extended, it does not parse.
        let bytes = hex(&entry["hex"]);
        assert!(Transaction::from_bytes(&bytes[..bytes.len() - 1]).is_err());
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(Transaction::from_bytes(&longer).is_err());
    }
    assert_eq!(compared, 10);
}

#[test]
fn a_tampered_output_fails_and_is_named() {
    let v = vectors();
    let bytes = hex(&v["transactions"]["2in4out_tx"]["hex"]);
    let mut tx = Transaction::from_bytes(&bytes).unwrap();
    let last = tx.outputs[1].rangeproof.len() - 1;
    tx.outputs[1].rangeproof[last] ^= 1;
    tx.outputs[2].script_pubkey.push(0x51);
    let report = verify_transaction(&tx, None).unwrap();
    assert!(!report.is_valid());
    assert_eq!(report.outputs[0].range_proof, Verdict::Valid);
    assert!(matches!(report.outputs[1].range_proof, Verdict::Invalid(_)));
    assert!(matches!(report.outputs[2].range_proof, Verdict::Invalid(_)));
}

/// An output as a Liquid wallet makes it: a blinded asset, a value commitment, the sender's
/// ephemeral key as nonce, a range proof whose message is the asset and its blinding factor.
fn confidential_output(
    rng: &mut StdRng,
    receiver: &ProjectivePoint,
    value: u64,
) -> (TxOut, [u8; 32], Scalar, Scalar) {
    let asset: [u8; 32] = rng.gen();
    let abf = Scalar::random(&mut *rng);
    let vbf = Scalar::random(&mut *rng);
    let generator = generator_generate_blinded(&asset, &abf).unwrap();
    let ephemeral = Scalar::random(&mut *rng);
    let nonce_key: [u8; 33] = ProjectivePoint::mul_by_generator(&ephemeral)
        .to_affine()
        .to_encoded_point(true)
        .as_bytes()
        .try_into()
        .unwrap();
    // The sender's side of the ECDH: ephemeral · receiver's key.
    let shared = (*receiver * ephemeral).to_affine().to_encoded_point(true);
    let nonce: [u8; 32] = Sha256::digest(Sha256::digest(shared.as_bytes())).into();
    let mut message = asset.to_vec();
    message.extend_from_slice(&abf.to_bytes());
    let script = b"\x00\x14twenty bytes of hash".to_vec();
    let proved = prove(
        value,
        &vbf,
        &generator,
        &nonce,
        &ProofParameters::LIQUID,
        &message,
        &script,
    )
    .unwrap();
    let out = TxOut {
        asset: Asset::Confidential(generator),
        value: Value::Confidential(proved.commitment),
        nonce: Nonce::Confidential(nonce_key),
        script_pubkey: script,
        surjection_proof: Vec::new(),
        rangeproof: proved.proof,
    };
    (out, asset, abf, vbf)
}

use k256::elliptic_curve::ops::MulByGenerator as _;

#[test]
fn an_output_unblinds_with_its_key_and_with_no_other() {
    let mut rng = StdRng::seed_from_u64(77);
    let key = Scalar::random(&mut rng);
    let (out, asset, abf, vbf) = confidential_output(
        &mut rng,
        &ProjectivePoint::mul_by_generator(&key),
        123_456_789,
    );
    let got = unblind(&out, &key).unwrap();
    assert_eq!((got.value, got.asset), (123_456_789, asset));
    assert_eq!((*got.asset_blinding, *got.value_blinding), (abf, vbf));
    assert!(unblind(&out, &Scalar::random(&mut rng)).is_err());
    // Another output's asset generator: the rewind's opening does not make it.
    let mut other = out.clone();
    other.asset = Asset::Confidential(generator_generate_blinded(&[1; 32], &Scalar::ONE).unwrap());
    assert!(unblind(&other, &key).is_err());
    let mut explicit = out.clone();
    explicit.value = Value::Explicit(5);
    assert!(matches!(
        unblind(&explicit, &key),
        Err(ProofError::Unsupported(_))
    ));
}

#[test]
fn the_balance_and_the_surjection_proof_hold_for_a_wallet_made_transaction() {
    let mut rng = StdRng::seed_from_u64(78);
    let receiver = ProjectivePoint::mul_by_generator(&Scalar::random(&mut rng));
    let (mut out, asset, abf_out, vbf) = confidential_output(&mut rng, &receiver, 1000);
    // One input of 1100 of the same asset under another asset blinding factor; the output's
    // 1000 and an explicit fee of 100 spend it. With A the asset's generator:
    //   input  1100·(A + abf_in·G) + r_in·G,  outputs  1000·(A + abf_out·G) + vbf·G + 100·A,
    // so the last blinding factor (the wallet's balancing one) is
    //   r_in = 1000·abf_out + vbf − 1100·abf_in.
    let abf_in = Scalar::random(&mut rng);
    let in_generator = generator_generate_blinded(&asset, &abf_in).unwrap();
    let r_in = Scalar::from(1000u64) * abf_out + vbf - Scalar::from(1100u64) * abf_in;
    let spent = [SpentOutput {
        asset: Asset::Confidential(in_generator),
        value: Value::Confidential(Commitment::new(1100, &r_in, &in_generator).unwrap()),
    }];
    let Asset::Confidential(out_generator) = out.asset.clone() else {
        unreachable!()
    };
    let selection = surjection::Selection::new(1, &[0], 0).unwrap();
    out.surjection_proof = surjection::generate(
        &selection,
        &[in_generator],
        &out_generator,
        &abf_in,
        &abf_out,
        None,
    )
    .unwrap()
    .to_bytes();
    let fee = TxOut {
        asset: Asset::Explicit(asset),
        value: Value::Explicit(100),
        nonce: Nonce::Null,
        script_pubkey: Vec::new(),
        surjection_proof: Vec::new(),
        rangeproof: Vec::new(),
    };
    let tx = Transaction {
        version: 2,
        inputs: vec![TxIn {
            previous_txid: [0; 32],
            previous_vout: 0,
            is_pegin: false,
            script_sig: Vec::new(),
            sequence: 0,
            issuance: None,
            issuance_amount_rangeproof: Vec::new(),
            inflation_keys_rangeproof: Vec::new(),
            script_witness: Vec::new(),
            pegin_witness: Vec::new(),
        }],
        outputs: vec![out, fee],
        lock_time: 0,
    };
    let report = verify_transaction(&tx, Some(&spent)).unwrap();
    assert!(report.is_valid(), "{report:?}");
    assert_eq!(report.balance, Balance::Holds);
    assert_eq!(report.outputs[0].range_proof, Verdict::Valid);
    assert_eq!(report.outputs[0].surjection_proof, Verdict::Valid);
    assert_eq!(report.outputs[1].range_proof, Verdict::NotNeeded);
    // Without the spent outputs, neither the balance nor the surjection proof is checked.
    let unknown = verify_transaction(&tx, None).unwrap();
    assert!(matches!(unknown.balance, Balance::NotChecked(_)));
    assert!(matches!(
        unknown.outputs[0].surjection_proof,
        Verdict::NotChecked(_)
    ));
    // A fee one unit higher breaks the balance; another input asset breaks the surjection.
    let mut unbalanced = tx.clone();
    unbalanced.outputs[1].value = Value::Explicit(101);
    assert_eq!(
        verify_transaction(&unbalanced, Some(&spent))
            .unwrap()
            .balance,
        Balance::Fails
    );
    let other = [SpentOutput {
        asset: Asset::Confidential(generator_generate_blinded(&[3; 32], &abf_in).unwrap()),
        value: spent[0].value.clone(),
    }];
    let report = verify_transaction(&tx, Some(&other)).unwrap();
    assert!(matches!(
        report.outputs[0].surjection_proof,
        Verdict::Invalid(_)
    ));
    assert!(!report.is_valid());
    // Spent outputs for another number of inputs: refused.
    assert!(verify_transaction(&tx, Some(&[])).is_err());
}

#[test]
fn a_confidential_issuance_is_proven_on_the_issued_assets_generator() {
    let mut rng = StdRng::seed_from_u64(79);
    let mut input = TxIn {
        previous_txid: rng.gen(),
        previous_vout: 1,
        is_pegin: false,
        script_sig: Vec::new(),
        sequence: 0,
        issuance: None,
        issuance_amount_rangeproof: Vec::new(),
        inflation_keys_rangeproof: Vec::new(),
        script_witness: Vec::new(),
        pegin_witness: Vec::new(),
    };
    // A new issuance (zero blinding nonce) of a confidential amount: the asset's tag comes from
    // the prevout and the contract hash; the proof is on its unblinded generator.
    input.issuance = Some(AssetIssuance {
        blinding_nonce: [0; 32],
        entropy: rng.gen(),
        amount: Value::Explicit(0),
        inflation_keys: Value::Null,
    });
    let (asset, _) = issuance_ids(&input).unwrap();
    let generator = ValueGenerator::from_point(generator_generate(&asset).unwrap()).unwrap();
    let blinding = Scalar::random(&mut rng);
    let proved = prove(
        5_000_000,
        &blinding,
        &generator,
        &rng.gen(),
        &ProofParameters::LIQUID,
        b"",
        b"",
    )
    .unwrap();
    if let Some(issuance) = input.issuance.as_mut() {
        issuance.amount = Value::Confidential(proved.commitment);
    }
    input.issuance_amount_rangeproof = proved.proof.clone();
    let tx = Transaction {
        version: 2,
        inputs: vec![input],
        outputs: vec![],
        lock_time: 0,
    };
    let report = verify_transaction(&tx, None).unwrap();
    assert_eq!(report.issuances.len(), 1);
    assert_eq!(report.issuances[0].amount_proof, Verdict::Valid);
    assert_eq!(report.issuances[0].inflation_keys_proof, Verdict::NotNeeded);
    assert!(report.is_valid());
    // The token's confidential flag changes the token tag, not the asset; a tampered proof fails.
    let mut tampered = tx.clone();
    let end = tampered.inputs[0].issuance_amount_rangeproof.len() - 1;
    tampered.inputs[0].issuance_amount_rangeproof[end] ^= 1;
    let report = verify_transaction(&tampered, None).unwrap();
    assert!(matches!(
        report.issuances[0].amount_proof,
        Verdict::Invalid(_)
    ));
    assert!(!report.is_valid());
    // A reissuance (non-zero blinding nonce) takes the entropy field as the entropy itself.
    let mut reissue = tx.inputs[0].clone();
    if let Some(issuance) = reissue.issuance.as_mut() {
        issuance.blinding_nonce = [1; 32];
    }
    assert_ne!(issuance_ids(&reissue).unwrap().0, asset);
}
