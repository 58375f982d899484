//! The Liquid transactions of the vectors parse, their outputs' proofs are the vectors'
//! documents and verify; an output made here unblinds with its key and with no other.

use crate::DecodeError;
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
        let raw = hex(&entry["hex"]);
        let tx = Transaction::from_bytes(&raw).unwrap();
        for case in v["cases"].as_array().unwrap() {
            if case["source_tx"] != name.as_str() || case["expected"] != "valid" {
                continue;
            }
            let out = tx
                .output(case["output_index"].as_u64().unwrap() as usize)
                .unwrap();
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
        // Without the spent outputs the balance is not checked: incomplete, not valid.
        assert_eq!(
            report.verdict(),
            TransactionVerdict::Incomplete,
            "{name}: {report:?}"
        );
        let proven = report
            .outputs
            .iter()
            .filter(|o| o.range_proof == Verdict::Valid)
            .count();
        assert_eq!(
            proven,
            tx.outputs()
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
    let tx = Transaction::from_bytes(&bytes).unwrap();
    let mut outputs: Vec<TxOut> = tx.outputs().collect();
    let mut flipped = outputs[1].rangeproof.to_vec();
    *flipped.last_mut().unwrap() ^= 1;
    outputs[1].rangeproof = &flipped;
    let mut script = outputs[2].script_pubkey.to_vec();
    script.push(0x51);
    outputs[2].script_pubkey = &script;
    let inputs: Vec<TxIn> = tx.inputs().collect();
    let tampered = encode(&inputs, &outputs);
    let report = verify_transaction(&Transaction::from_bytes(&tampered).unwrap(), None).unwrap();
    assert_eq!(report.verdict(), TransactionVerdict::Invalid);
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
) -> (OwnedOutput, [u8; 32], Scalar, Scalar) {
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
    let out = OwnedOutput {
        asset: Asset::Confidential(generator),
        value: Value::Confidential(proved.commitment),
        nonce: Nonce::Confidential(nonce_key),
        script_pubkey: script,
        surjection_proof: Vec::new(),
        rangeproof: proved.proof,
    };
    (out, asset, abf, vbf)
}

/// An output's fields with its byte strings owned, for tests that make outputs.
#[derive(Clone)]
struct OwnedOutput {
    asset: Asset,
    value: Value,
    nonce: Nonce,
    script_pubkey: Vec<u8>,
    surjection_proof: Vec<u8>,
    rangeproof: Vec<u8>,
}

impl OwnedOutput {
    fn view(&self) -> TxOut<'_> {
        TxOut {
            asset: self.asset.clone(),
            value: self.value.clone(),
            nonce: self.nonce.clone(),
            script_pubkey: &self.script_pubkey,
            surjection_proof: &self.surjection_proof,
            rangeproof: &self.rangeproof,
        }
    }
}

use k256::elliptic_curve::ops::MulByGenerator as _;

/// A transaction's serialization from its parts (the tests build transactions field by field;
/// the library only reads them).
fn encode(inputs: &[TxIn], outputs: &[TxOut]) -> Vec<u8> {
    encode_with(2, inputs, outputs, 0)
}

fn encode_with(version: u32, inputs: &[TxIn], outputs: &[TxOut], lock_time: u32) -> Vec<u8> {
    fn compact(out: &mut Vec<u8>, n: usize) {
        match n {
            0..=0xfc => out.push(n as u8),
            0xfd..=0xffff => {
                out.push(0xfd);
                out.extend_from_slice(&(n as u16).to_le_bytes());
            }
            _ => {
                out.push(0xfe);
                out.extend_from_slice(&(n as u32).to_le_bytes());
            }
        }
    }
    fn bytes(out: &mut Vec<u8>, b: &[u8]) {
        compact(out, b.len());
        out.extend_from_slice(b);
    }
    fn stack(out: &mut Vec<u8>, s: &Stack) {
        compact(out, s.len());
        for item in s.items() {
            bytes(out, item);
        }
    }
    fn value(out: &mut Vec<u8>, v: &Value) {
        match v {
            Value::Null => out.push(0),
            Value::Explicit(a) => {
                out.push(1);
                out.extend_from_slice(&a.to_be_bytes());
            }
            Value::Confidential(c) => out.extend_from_slice(&c.to_bytes()),
        }
    }
    let witness = inputs.iter().any(|i| {
        !(i.issuance_amount_rangeproof.is_empty()
            && i.inflation_keys_rangeproof.is_empty()
            && i.script_witness.is_empty()
            && i.pegin_witness.is_empty())
    }) || outputs
        .iter()
        .any(|o| !(o.surjection_proof.is_empty() && o.rangeproof.is_empty()));
    let mut out = version.to_le_bytes().to_vec();
    out.push(u8::from(witness));
    compact(&mut out, inputs.len());
    for i in inputs {
        out.extend_from_slice(&i.previous_txid);
        let flags = (u32::from(i.issuance.is_some()) << 31) | (u32::from(i.is_pegin) << 30);
        out.extend_from_slice(&(i.previous_vout | flags).to_le_bytes());
        bytes(&mut out, i.script_sig);
        out.extend_from_slice(&i.sequence.to_le_bytes());
        if let Some(issuance) = &i.issuance {
            out.extend_from_slice(&issuance.blinding_nonce);
            out.extend_from_slice(&issuance.entropy);
            value(&mut out, &issuance.amount);
            value(&mut out, &issuance.inflation_keys);
        }
    }
    compact(&mut out, outputs.len());
    for o in outputs {
        match &o.asset {
            Asset::Null => out.push(0),
            Asset::Explicit(tag) => {
                out.push(1);
                out.extend_from_slice(tag);
            }
            Asset::Confidential(g) => out.extend_from_slice(&g.to_bytes()),
        }
        value(&mut out, &o.value);
        match &o.nonce {
            Nonce::Null => out.push(0),
            Nonce::Explicit(n) => {
                out.push(1);
                out.extend_from_slice(n);
            }
            Nonce::Confidential(k) => out.extend_from_slice(k),
        }
        bytes(&mut out, o.script_pubkey);
    }
    out.extend_from_slice(&lock_time.to_le_bytes());
    if witness {
        for i in inputs {
            bytes(&mut out, i.issuance_amount_rangeproof);
            bytes(&mut out, i.inflation_keys_rangeproof);
            stack(&mut out, &i.script_witness);
            stack(&mut out, &i.pegin_witness);
        }
        for o in outputs {
            bytes(&mut out, o.surjection_proof);
            bytes(&mut out, o.rangeproof);
        }
    }
    out
}

#[test]
fn the_test_encoder_writes_what_the_parser_reads() {
    for (name, entry) in vectors()["transactions"].as_object().unwrap() {
        let bytes = hex(&entry["hex"]);
        let tx = Transaction::from_bytes(&bytes).unwrap();
        let inputs: Vec<TxIn> = tx.inputs().collect();
        let outputs: Vec<TxOut> = tx.outputs().collect();
        let again = encode_with(tx.version, &inputs, &outputs, tx.lock_time);
        let differs = again.iter().zip(&bytes).position(|(a, b)| a != b);
        assert!(
            again.len() == bytes.len() && differs.is_none(),
            "{name}: {} bytes against {}, first difference at {differs:?}",
            again.len(),
            bytes.len()
        );
    }
}

#[test]
fn an_output_unblinds_with_its_key_and_with_no_other() {
    let mut rng = StdRng::seed_from_u64(77);
    let key = Scalar::random(&mut rng);
    let (out, asset, abf, vbf) = confidential_output(
        &mut rng,
        &ProjectivePoint::mul_by_generator(&key),
        123_456_789,
    );
    let got = unblind(&out.view(), &key).unwrap();
    assert_eq!((got.value, got.asset), (123_456_789, asset));
    assert_eq!((*got.asset_blinding, *got.value_blinding), (abf, vbf));
    assert!(unblind(&out.view(), &Scalar::random(&mut rng)).is_err());
    // Another output's asset generator: the rewind's opening does not make it.
    let mut other = out.clone();
    other.asset = Asset::Confidential(generator_generate_blinded(&[1; 32], &Scalar::ONE).unwrap());
    assert!(unblind(&other.view(), &key).is_err());
    let mut explicit = out.clone();
    explicit.value = Value::Explicit(5);
    assert!(matches!(
        unblind(&explicit.view(), &key),
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
    let fee = OwnedOutput {
        asset: Asset::Explicit(asset),
        value: Value::Explicit(100),
        nonce: Nonce::Null,
        script_pubkey: Vec::new(),
        surjection_proof: Vec::new(),
        rangeproof: Vec::new(),
    };
    let bytes = encode(&[TxIn::empty()], &[out.view(), fee.view()]);
    let tx = Transaction::from_bytes(&bytes).unwrap();
    let report = verify_transaction(&tx, Some(&spent)).unwrap();
    assert_eq!(report.verdict(), TransactionVerdict::Valid, "{report:?}");
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
    assert_eq!(unknown.verdict(), TransactionVerdict::Incomplete);
    let mut higher_fee = fee.clone();
    higher_fee.value = Value::Explicit(101);
    let unbalanced = encode(&[TxIn::empty()], &[out.view(), higher_fee.view()]);
    let report =
        verify_transaction(&Transaction::from_bytes(&unbalanced).unwrap(), Some(&spent)).unwrap();
    assert_eq!(report.balance, Balance::Fails);
    assert_eq!(report.verdict(), TransactionVerdict::Invalid);
    let other = [SpentOutput {
        asset: Asset::Confidential(generator_generate_blinded(&[3; 32], &abf_in).unwrap()),
        value: spent[0].value.clone(),
    }];
    let report = verify_transaction(&tx, Some(&other)).unwrap();
    assert!(matches!(
        report.outputs[0].surjection_proof,
        Verdict::Invalid(_)
    ));
    assert_eq!(report.verdict(), TransactionVerdict::Invalid);
    // Spent outputs for another number of inputs: refused.
    assert!(verify_transaction(&tx, Some(&[])).is_err());
}

#[test]
fn a_confidential_issuance_is_proven_on_the_issued_assets_generator() {
    let mut rng = StdRng::seed_from_u64(79);
    let mut input = TxIn {
        previous_txid: rng.gen(),
        previous_vout: 1,
        ..TxIn::empty()
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
    input.issuance_amount_rangeproof = &proved.proof;
    // One output (an explicit 1 to an OP_RETURN script), so that the transaction's shape is
    // one Elements takes.
    let burn = OwnedOutput {
        asset: Asset::Explicit([5; 32]),
        value: Value::Explicit(1),
        nonce: Nonce::Null,
        script_pubkey: vec![0x6a],
        surjection_proof: Vec::new(),
        rangeproof: Vec::new(),
    };
    let bytes = encode(&[input.clone()], &[burn.view()]);
    let tx = Transaction::from_bytes(&bytes).unwrap();
    let report = verify_transaction(&tx, None).unwrap();
    assert_eq!(report.issuances.len(), 1);
    assert_eq!(report.issuances[0].amount_proof, Verdict::Valid);
    assert_eq!(report.issuances[0].inflation_keys_proof, Verdict::NotNeeded);
    // The range proofs hold; the balance needs the spent outputs.
    assert_eq!(report.verdict(), TransactionVerdict::Incomplete);
    // The token's confidential flag changes the token tag, not the asset; a tampered proof fails.
    let mut flipped = proved.proof.clone();
    *flipped.last_mut().unwrap() ^= 1;
    let tampered = encode(
        &[TxIn {
            issuance_amount_rangeproof: &flipped,
            ..input.clone()
        }],
        &[burn.view()],
    );
    let report = verify_transaction(&Transaction::from_bytes(&tampered).unwrap(), None).unwrap();
    assert!(matches!(
        report.issuances[0].amount_proof,
        Verdict::Invalid(_)
    ));
    assert_eq!(report.verdict(), TransactionVerdict::Invalid);
    // A reissuance (non-zero blinding nonce) takes the entropy field as the entropy itself.
    let mut reissue = tx.input(0).unwrap();
    if let Some(issuance) = reissue.issuance.as_mut() {
        issuance.blinding_nonce = [1; 32];
    }
    assert_ne!(issuance_ids(&reissue).unwrap().0, asset);
}

/// The fewest bytes an output takes: an explicit asset and amount (Elements refuses null ones
/// when parsing), a null nonce, an empty script.
const MINIMAL_OUTPUT: usize = 33 + 9 + 1 + 1;

/// `version ‖ no witness ‖ no inputs ‖ n minimal outputs (explicit asset and amount, null
/// nonce, empty script) ‖ lock time`: 44 bytes an output.
fn minimal_outputs(n: usize) -> Vec<u8> {
    let mut tx = 2u32.to_le_bytes().to_vec();
    tx.extend_from_slice(&[0, 0, 0xfe]);
    tx.extend_from_slice(&(n as u32).to_le_bytes());
    let mut output = vec![1u8; 33];
    output.push(1);
    output.extend_from_slice(&1u64.to_be_bytes());
    output.extend_from_slice(&[0, 0]);
    assert_eq!(output.len(), MINIMAL_OUTPUT);
    for _ in 0..n {
        tx.extend_from_slice(&output);
    }
    tx.extend_from_slice(&[0; 4]);
    tx
}

#[test]
fn the_most_outputs_a_transaction_holds_cost_eight_bytes_each_and_larger_ones_are_refused() {
    // The most outputs a transaction of at most Elements' 4 MB holds: about 91 000.
    let n = (MAX_TRANSACTION_BYTES - 15) / MINIMAL_OUTPUT;
    let bytes = minimal_outputs(n);
    assert!(bytes.len() <= MAX_TRANSACTION_BYTES && n > 90_000);
    let tx = Transaction::from_bytes(&bytes).unwrap();
    assert_eq!((tx.n_inputs(), tx.n_outputs()), (0, n));
    // What the parse keeps beside the bytes it borrows is a span per output (8 bytes, asserted
    // where it is defined); what the verifier keeps, a small report per output.
    assert!(core::mem::size_of::<OutputReport>() <= 80);
    let report = verify_transaction(&tx, None).unwrap();
    assert_eq!(report.outputs.len(), n);
    assert!(report
        .outputs
        .iter()
        .all(|o| o.range_proof == Verdict::NotNeeded));
    // It parses, and breaks Elements' rules: no inputs first (then its size and weight).
    assert_eq!(report.verdict(), TransactionVerdict::Invalid);
    assert_eq!(report.findings[0].rule, "bad-txns-vin-empty");
    assert_eq!(tx.outputs().count(), n);
    // One byte more than the cap: refused by its size, before it is read.
    let mut over = bytes.clone();
    over.resize(MAX_TRANSACTION_BYTES + 1, 0);
    assert_eq!(
        Transaction::from_bytes(&over),
        Err(ProofError::Decode(DecodeError::TooLarge {
            size: MAX_TRANSACTION_BYTES + 1,
            max: MAX_TRANSACTION_BYTES
        }))
    );
    // An output count beyond what the bytes can hold, and a truncated output: malformed.
    let mut lying = minimal_outputs(3);
    lying[7..11].copy_from_slice(&1_000_000u32.to_le_bytes());
    assert!(matches!(
        Transaction::from_bytes(&lying),
        Err(ProofError::Decode(DecodeError::MalformedTransaction(_)))
    ));
    let short = minimal_outputs(3);
    assert!(Transaction::from_bytes(&short[..short.len() - 5]).is_err());
}

#[test]
fn witness_stacks_are_read_item_by_item_and_cost_nothing_until_read() {
    // One input whose script witness is 100 000 one-byte items.
    let items = 100_000;
    let mut tx = 2u32.to_le_bytes().to_vec();
    tx.extend_from_slice(&[1, 1]);
    tx.extend_from_slice(&[7; 32]);
    tx.extend_from_slice(&0u32.to_le_bytes());
    tx.push(0);
    tx.extend_from_slice(&u32::MAX.to_le_bytes());
    tx.push(0); // no outputs
    tx.extend_from_slice(&[0; 4]);
    tx.extend_from_slice(&[0, 0, 0xfe]);
    tx.extend_from_slice(&(items as u32).to_le_bytes());
    for k in 0..items {
        tx.extend_from_slice(&[1, k as u8]);
    }
    tx.push(0); // empty peg-in witness
    let parsed = Transaction::from_bytes(&tx).unwrap();
    let input = parsed.input(0).unwrap();
    assert_eq!(input.script_witness.len(), items);
    assert!(input
        .script_witness
        .items()
        .enumerate()
        .all(|(k, item)| item == [k as u8]));
    assert!(input.pegin_witness.is_empty());
    assert!(parsed.input(1).is_none() && parsed.output(0).is_none());
    // A stack claiming one item more than it holds: malformed.
    let count_at = tx.len() - 1 - 2 * items - 4;
    tx[count_at..count_at + 4].copy_from_slice(&(items as u32 + 1).to_le_bytes());
    assert!(Transaction::from_bytes(&tx).is_err());
}
