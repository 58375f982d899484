//! Elements' reject rules for a loose Liquid transaction, each made to fire on a transaction
//! built here: the shape (`CheckTransaction`), the explicit amounts and fees, the issuances and
//! reissuances (`VerifyAmounts`), the range proofs' minimum, the block limits a transaction can
//! exceed alone, and what Elements' deserializer refuses. Every test asserts the verdict and,
//! where the report can say why, the rule it names (Elements' reject reason); beside the
//! refusals, the nearest transactions Elements accepts are shown to be valid here too.
//! `docs/consensus-rules/elements.md` names these tests row by row.

use k256::elliptic_curve::PrimeField;
use k256::Scalar;
use rangeproof::liquid::{
    self, Asset, AssetIssuance, Balance, Finding, Place, SpentOutput, Stack, Transaction,
    TransactionReport, TransactionVerdict, TxIn, Value, Verdict, MAX_MONEY,
};
use rangeproof::secp256k1_zkp::borromean::{prove, ProofParameters};
use rangeproof::secp256k1_zkp::generator::{
    generator_generate, generator_generate_blinded, Commitment, ValueGenerator,
};
use rangeproof::secp256k1_zkp::surjection::{self, Selection};

// --- Transactions built field by field ---------------------------------------------------

/// An input as the test writes it (the issuance bit is set when it has an issuance).
#[derive(Clone)]
struct In {
    txid: [u8; 32],
    vout: u32,
    script_sig: Vec<u8>,
    issuance: Option<AssetIssuance>,
    amount_proof: Vec<u8>,
    keys_proof: Vec<u8>,
    witness: Vec<Vec<u8>>,
}

/// An output as the test writes it (the nonce as its serialized bytes).
#[derive(Clone)]
struct Out {
    asset: Asset,
    value: Value,
    nonce: Vec<u8>,
    script: Vec<u8>,
    surjection: Vec<u8>,
    rangeproof: Vec<u8>,
}

#[derive(Clone, Default)]
struct Tx {
    inputs: Vec<In>,
    outputs: Vec<Out>,
}

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

fn asset_bytes(asset: &Asset) -> Vec<u8> {
    match asset {
        Asset::Null => vec![0],
        Asset::Explicit(tag) => [&[1u8][..], tag].concat(),
        Asset::Confidential(g) => g.to_bytes().to_vec(),
    }
}

fn value_bytes(value: &Value) -> Vec<u8> {
    match value {
        Value::Null => vec![0],
        Value::Explicit(v) => [&[1u8][..], &v.to_be_bytes()].concat(),
        Value::Confidential(c) => c.to_bytes().to_vec(),
    }
}

impl Tx {
    fn has_witness(&self) -> bool {
        self.inputs.iter().any(|i| {
            !(i.amount_proof.is_empty() && i.keys_proof.is_empty() && i.witness.is_empty())
        }) || self
            .outputs
            .iter()
            .any(|o| !(o.surjection.is_empty() && o.rangeproof.is_empty()))
    }

    /// The serialization without the witness (Elements' `SERIALIZE_TRANSACTION_NO_WITNESS`:
    /// the flag byte 0, no witness).
    fn base(&self) -> Vec<u8> {
        let mut out = 2u32.to_le_bytes().to_vec();
        out.push(0);
        compact(&mut out, self.inputs.len());
        for i in &self.inputs {
            out.extend_from_slice(&i.txid);
            let flag = if i.issuance.is_some() && i.vout != u32::MAX {
                1 << 31
            } else {
                0
            };
            out.extend_from_slice(&(i.vout | flag).to_le_bytes());
            bytes(&mut out, &i.script_sig);
            out.extend_from_slice(&u32::MAX.to_le_bytes());
            if let Some(issuance) = &i.issuance {
                out.extend_from_slice(&issuance.blinding_nonce);
                out.extend_from_slice(&issuance.entropy);
                out.extend_from_slice(&value_bytes(&issuance.amount));
                out.extend_from_slice(&value_bytes(&issuance.inflation_keys));
            }
        }
        compact(&mut out, self.outputs.len());
        for o in &self.outputs {
            out.extend_from_slice(&asset_bytes(&o.asset));
            out.extend_from_slice(&value_bytes(&o.value));
            out.extend_from_slice(&o.nonce);
            bytes(&mut out, &o.script);
        }
        out.extend_from_slice(&[0; 4]);
        out
    }

    /// The serialization, with the witness flag and the witnesses when there are any.
    fn encode(&self) -> Vec<u8> {
        let mut out = self.base();
        if !self.has_witness() {
            return out;
        }
        out[4] = 1;
        for i in &self.inputs {
            bytes(&mut out, &i.amount_proof);
            bytes(&mut out, &i.keys_proof);
            compact(&mut out, i.witness.len());
            for item in &i.witness {
                bytes(&mut out, item);
            }
            compact(&mut out, 0);
        }
        for o in &self.outputs {
            bytes(&mut out, &o.surjection);
            bytes(&mut out, &o.rangeproof);
        }
        out
    }
}

// --- Assets, outputs, inputs -----------------------------------------------------------------

/// The policy asset of these transactions (any tag: Elements' rules do not single it out but
/// for issuances of it, which need a SHA-256 preimage).
const L: [u8; 32] = [0x11; 32];

/// A P2WPKH scriptPubKey: spendable.
fn p2wpkh() -> Vec<u8> {
    let mut script = vec![0x00, 0x14];
    script.extend_from_slice(&[0x33; 20]);
    script
}

/// A signature-sized script witness item: gives the transaction witness data.
fn signature() -> Vec<Vec<u8>> {
    vec![vec![0x30; 72]]
}

fn generator(tag: &[u8; 32]) -> ValueGenerator {
    ValueGenerator::from_point(generator_generate(tag).unwrap()).unwrap()
}

fn input(txid: u8) -> In {
    In {
        txid: [txid; 32],
        vout: 0,
        script_sig: Vec::new(),
        issuance: None,
        amount_proof: Vec::new(),
        keys_proof: Vec::new(),
        witness: Vec::new(),
    }
}

fn explicit(tag: [u8; 32], amount: u64, script: Vec<u8>) -> Out {
    Out {
        asset: Asset::Explicit(tag),
        value: Value::Explicit(amount),
        nonce: vec![0],
        script,
        surjection: Vec::new(),
        rangeproof: Vec::new(),
    }
}

/// A fee output: explicit asset and amount, empty script (Elements' `CTxOut::IsFee`).
fn fee(tag: [u8; 32], amount: u64) -> Out {
    explicit(tag, amount, Vec::new())
}

fn spends(tag: [u8; 32], amount: u64) -> SpentOutput {
    SpentOutput {
        asset: Asset::Explicit(tag),
        value: Value::Explicit(amount),
    }
}

/// One input spending 1000 of L; 900 of L to a P2WPKH script and a fee of 100: valid.
fn base() -> (Tx, Vec<SpentOutput>) {
    let tx = Tx {
        inputs: vec![input(0xa0)],
        outputs: vec![explicit(L, 900, p2wpkh()), fee(L, 100)],
    };
    (tx, vec![spends(L, 1000)])
}

/// The asset and token tags an input's issuance makes (the library's `issuance_ids`, checked
/// against rust-elements' in `liquid_interop.rs`).
fn issued(input: &In) -> ([u8; 32], [u8; 32]) {
    let view = TxIn {
        previous_txid: input.txid,
        previous_vout: input.vout,
        is_pegin: false,
        script_sig: &[],
        sequence: u32::MAX,
        issuance: input.issuance.clone(),
        issuance_amount_rangeproof: &[],
        inflation_keys_rangeproof: &[],
        script_witness: Stack::default(),
        pegin_witness: Stack::default(),
    };
    liquid::issuance_ids(&view).unwrap()
}

fn issuance(nonce: [u8; 32], entropy: [u8; 32], amount: Value, keys: Value) -> AssetIssuance {
    AssetIssuance {
        blinding_nonce: nonce,
        entropy,
        amount,
        inflation_keys: keys,
    }
}

/// A new issuance (zero blinding nonce) of `amount` on the input, with a signature so that
/// the transaction has witness data.
fn issuing(mut input: In, amount: u64) -> In {
    input.issuance = Some(issuance(
        [0; 32],
        [0x44; 32],
        Value::Explicit(amount),
        Value::Null,
    ));
    input.witness = signature();
    input
}

// --- Verdicts --------------------------------------------------------------------------------

fn verify(tx: &Tx, spent: Option<&[SpentOutput]>) -> TransactionReport {
    let bytes = tx.encode();
    let parsed = Transaction::from_bytes(&bytes).expect("the transaction parses");
    liquid::verify_transaction(&parsed, spent).expect("the spent outputs fit")
}

fn valid(tx: &Tx, spent: &[SpentOutput]) {
    let report = verify(tx, Some(spent));
    assert_eq!(report.verdict(), TransactionVerdict::Valid, "{report:?}");
    assert!(report.findings.is_empty());
}

/// Asserts the verdict invalid and that the first finding — the one Elements gives — is
/// `rule`, about `why`, at `at`.
fn first_rule(report: &TransactionReport, rule: &str, why: &str, at: Option<Place>) {
    assert_eq!(report.verdict(), TransactionVerdict::Invalid, "{report:?}");
    let first = report.findings.first().expect("a finding");
    assert_eq!((first.rule, first.at), (rule, at), "{report:?}");
    assert!(first.why.contains(why), "{first:?}");
}

/// Asserts the verdict invalid and a finding of `rule` about `why` at `at` (Elements names
/// another rule first).
fn has_rule(report: &TransactionReport, rule: &str, why: &str, at: Option<Place>) {
    assert_eq!(report.verdict(), TransactionVerdict::Invalid, "{report:?}");
    assert!(
        report
            .findings
            .iter()
            .any(|f: &Finding| f.rule == rule && f.at == at && f.why.contains(why)),
        "{rule} ({why}) at {at:?}: {report:?}"
    );
}

const IN_NE_OUT: &str = "bad-txns-in-ne-out";

#[test]
fn a_balanced_transaction_of_explicit_amounts_is_valid() {
    let (tx, spent) = base();
    valid(&tx, &spent);
    // An explicit 0 to an unspendable script (OP_RETURN) is allowed, and so is a coinbase-like
    // scriptSig on an ordinary input.
    let mut burn = tx.clone();
    burn.outputs.push(explicit(L, 0, vec![0x6a, 0x01, 0x00]));
    burn.inputs[0].script_sig = vec![0x51];
    valid(&burn, &spent);
    // Without the spent outputs: nothing fails, the balance is not checked.
    let report = verify(&tx, None);
    assert_eq!(report.verdict(), TransactionVerdict::Incomplete);
    assert!(report.findings.is_empty());
}

// --- CheckTransaction (src/consensus/tx_check.cpp) ---------------------------------------------

#[test]
fn a_transaction_without_inputs_is_invalid() {
    // `02000000 00 00 00 00000000`: no inputs, no outputs, with its spent outputs `[]`.
    let bytes = [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    let tx = Transaction::from_bytes(&bytes).unwrap();
    let report = liquid::verify_transaction(&tx, Some(&[])).unwrap();
    assert_eq!(report.balance, Balance::Holds);
    first_rule(&report, "bad-txns-vin-empty", "no inputs", None);
    // Outputs without inputs: the same.
    let (mut tx, _) = base();
    tx.inputs.clear();
    first_rule(&verify(&tx, Some(&[])), "bad-txns-vin-empty", "", None);
}

#[test]
fn a_transaction_without_outputs_is_invalid() {
    // Two inputs whose spent commitments are C and −C (the prefix 08/09 swapped): they sum to
    // nothing, and no output balances them.
    let c = Commitment::new(5, &Scalar::from(77u64), &generator(&L)).unwrap();
    let mut negated = c.to_bytes();
    negated[0] ^= 1;
    let spent = [
        SpentOutput {
            asset: Asset::Explicit(L),
            value: Value::Confidential(c),
        },
        SpentOutput {
            asset: Asset::Explicit(L),
            value: Value::from_bytes(&negated).unwrap(),
        },
    ];
    let tx = Tx {
        inputs: vec![input(0xa0), input(0xa1)],
        outputs: Vec::new(),
    };
    let report = verify(&tx, Some(&spent));
    assert_eq!(report.balance, Balance::Holds);
    first_rule(&report, "bad-txns-vout-empty", "no outputs", None);
}

#[test]
fn a_transaction_over_a_million_bytes_without_its_witness_is_invalid() {
    // A balanced transaction with an explicit 0 to an OP_RETURN script of 1 000 000 bytes.
    let (mut tx, spent) = base();
    let mut script = vec![0x6a];
    script.resize(1_000_000, 0);
    tx.outputs.push(explicit(L, 0, script));
    let report = verify(&tx, Some(&spent));
    assert_eq!(report.balance, Balance::Holds);
    first_rule(&report, "bad-txns-oversize", "1 000 000 bytes", None);
}

#[test]
fn an_explicit_output_amount_of_two_to_the_63_is_negative_and_invalid() {
    // Spent 2^63 of A, 2^63 of A out (and the fee from L): balanced as points.
    let a = [0x22; 32];
    let tx = Tx {
        inputs: vec![input(0xa0), input(0xa1)],
        outputs: vec![explicit(a, 1 << 63, p2wpkh()), fee(L, 100)],
    };
    let spent = [spends(a, 1 << 63), spends(L, 100)];
    let report = verify(&tx, Some(&spent));
    assert_eq!(report.balance, Balance::Holds);
    first_rule(
        &report,
        "bad-txns-vout-negative",
        "2^63",
        Some(Place::Output(0)),
    );
    // VerifyAmounts refuses the spent amount and the output amount too (CheckTransaction
    // fires first).
    has_rule(
        &report,
        IN_NE_OUT,
        "spent explicit amount",
        Some(Place::Input(0)),
    );
}

#[test]
fn an_explicit_output_amount_above_max_money_is_invalid() {
    // A new issuance of 2 100 000 000 000 001 sent to one explicit output; the spent output
    // pays the fee.
    let inp = issuing(input(0xa0), MAX_MONEY as u64 + 1);
    let (asset, _) = issued(&inp);
    let tx = Tx {
        inputs: vec![inp],
        outputs: vec![explicit(asset, MAX_MONEY as u64 + 1, p2wpkh()), fee(L, 100)],
    };
    let report = verify(&tx, Some(&[spends(L, 100)]));
    assert_eq!(report.balance, Balance::Holds);
    first_rule(
        &report,
        "bad-txns-vout-toolarge",
        "above MAX_MONEY",
        Some(Place::Output(0)),
    );
    has_rule(
        &report,
        IN_NE_OUT,
        "outside MoneyRange",
        Some(Place::Output(0)),
    );
    // Explicit amounts summing to MAX_MONEY exactly are allowed.
    let inp = issuing(input(0xa0), MAX_MONEY as u64 - 100);
    let (asset, _) = issued(&inp);
    let tx = Tx {
        inputs: vec![inp],
        outputs: vec![
            explicit(asset, MAX_MONEY as u64 - 100, p2wpkh()),
            fee(L, 100),
        ],
    };
    valid(&tx, &[spends(L, 100)]);
}

#[test]
fn explicit_output_amounts_summing_above_max_money_are_invalid() {
    // Two new issuances of 1.5·10^15 each (two assets), sent to two explicit outputs: the sum
    // over all assets exceeds 21·10^14.
    let (first, second) = (
        issuing(input(0xa0), 1_500_000_000_000_000),
        issuing(input(0xa1), 1_500_000_000_000_000),
    );
    let (a, b) = (issued(&first).0, issued(&second).0);
    let tx = Tx {
        inputs: vec![first, second],
        outputs: vec![
            explicit(a, 1_500_000_000_000_000, p2wpkh()),
            explicit(b, 1_500_000_000_000_000, p2wpkh()),
            explicit(L, 900, p2wpkh()),
            fee(L, 100),
        ],
    };
    let report = verify(&tx, Some(&[spends(L, 500), spends(L, 500)]));
    assert_eq!(report.balance, Balance::Holds);
    first_rule(
        &report,
        "bad-txns-txouttotal-toolarge",
        "summing",
        Some(Place::Output(1)),
    );
}

#[test]
fn a_prevout_spent_twice_is_invalid() {
    let (mut tx, _) = base();
    tx.inputs.push(input(0xa0));
    let report = verify(&tx, Some(&[spends(L, 500), spends(L, 500)]));
    assert_eq!(report.balance, Balance::Holds);
    first_rule(
        &report,
        "bad-txns-inputs-duplicate",
        "twice",
        Some(Place::Input(1)),
    );
    // The same txid with another index is another prevout.
    tx.inputs[1].vout = 1;
    valid(&tx, &[spends(L, 500), spends(L, 500)]);
}

/// An input whose prevout is null (`00…00:ffffffff`) with this scriptSig.
fn null_prevout(script_sig: Vec<u8>) -> In {
    In {
        txid: [0; 32],
        vout: u32::MAX,
        script_sig,
        ..input(0)
    }
}

#[test]
fn a_coinbase_with_a_short_script_sig_is_invalid() {
    let (mut tx, spent) = base();
    tx.inputs = vec![null_prevout(vec![0x51])];
    let report = verify(&tx, Some(&spent));
    assert_eq!(report.balance, Balance::Holds);
    first_rule(&report, "bad-cb-length", "2 to 100", Some(Place::Input(0)));
    tx.inputs = vec![null_prevout(vec![0x51; 101])];
    first_rule(
        &verify(&tx, Some(&spent)),
        "bad-cb-length",
        "",
        Some(Place::Input(0)),
    );
}

#[test]
fn a_coinbase_paying_a_fee_is_invalid() {
    let (mut tx, spent) = base();
    tx.inputs = vec![null_prevout(vec![0x51, 0x51])];
    let report = verify(&tx, Some(&spent));
    first_rule(&report, "bad-cb-fee", "fee", Some(Place::Output(1)));
    has_rule(&report, "coinbase", "", Some(Place::Input(0)));
}

#[test]
fn a_null_prevout_beside_other_inputs_is_invalid() {
    let (mut tx, _) = base();
    tx.inputs.push(null_prevout(vec![0x51, 0x51]));
    let report = verify(&tx, Some(&[spends(L, 500), spends(L, 500)]));
    assert_eq!(report.balance, Balance::Holds);
    first_rule(
        &report,
        "bad-txns-prevout-null",
        "null prevout",
        Some(Place::Input(1)),
    );
    // A zero txid with another index is not null.
    tx.inputs[1].vout = 0;
    valid(&tx, &[spends(L, 500), spends(L, 500)]);
}

#[test]
fn a_loose_coinbase_is_invalid() {
    // One input with a null prevout and a scriptSig of 2 to 100 bytes, no fee output:
    // CheckTransaction takes it as a coinbase; as a loose transaction it is refused.
    let tx = Tx {
        inputs: vec![null_prevout(vec![0x51; 100])],
        outputs: vec![explicit(L, 1000, p2wpkh())],
    };
    let report = verify(&tx, Some(&[spends(L, 1000)]));
    assert_eq!(report.balance, Balance::Holds);
    first_rule(
        &report,
        "coinbase",
        "first transaction",
        Some(Place::Input(0)),
    );
    assert_eq!(report.findings.len(), 1);
}

// --- HasValidFee (src/confidential_validation.cpp) ----------------------------------------

#[test]
fn a_fee_of_zero_is_invalid() {
    let (mut tx, spent) = base();
    tx.outputs.push(fee(L, 0));
    let report = verify(&tx, Some(&spent));
    assert_eq!(report.balance, Balance::Holds);
    first_rule(
        &report,
        "bad-txns-fee-outofrange",
        "fee of 0",
        Some(Place::Output(2)),
    );
}

#[test]
fn fees_of_one_asset_summing_above_max_money_are_invalid() {
    // A new issuance of 3·10^15, paid as two fees of 1.5·10^15 (CheckTransaction's total
    // fires first at the peer).
    let inp = issuing(input(0xa0), 3_000_000_000_000_000);
    let (a, _) = issued(&inp);
    let tx = Tx {
        inputs: vec![inp],
        outputs: vec![
            fee(a, 1_500_000_000_000_000),
            fee(a, 1_500_000_000_000_000),
            fee(L, 100),
        ],
    };
    let report = verify(&tx, Some(&[spends(L, 100)]));
    assert_eq!(report.balance, Balance::Holds);
    first_rule(
        &report,
        "bad-txns-txouttotal-toolarge",
        "",
        Some(Place::Output(1)),
    );
    has_rule(
        &report,
        "bad-txns-fee-outofrange",
        "one asset's fees",
        Some(Place::Output(1)),
    );
}

// --- VerifyAmounts (src/confidential_validation.cpp): spent outputs -----------------------------

#[test]
fn a_spent_output_with_a_null_field_is_invalid() {
    // A spent output with asset 00 and a committed amount (1000·L with a zero blinding
    // factor), every output explicit: the sum balances, but Elements refuses a null spent
    // field.
    let (tx, _) = base();
    let c = Commitment::new(1000, &Scalar::ZERO, &generator(&L)).unwrap();
    let null_asset = [SpentOutput {
        asset: Asset::Null,
        value: Value::Confidential(c),
    }];
    let report = verify(&tx, Some(&null_asset));
    assert_eq!(report.balance, Balance::Holds);
    first_rule(&report, IN_NE_OUT, "null", Some(Place::Input(0)));
    let null_amount = [SpentOutput {
        asset: Asset::Explicit(L),
        value: Value::Null,
    }];
    first_rule(
        &verify(&tx, Some(&null_amount)),
        IN_NE_OUT,
        "null",
        Some(Place::Input(0)),
    );
}

#[test]
fn a_spent_explicit_amount_of_zero_or_above_max_money_is_invalid() {
    // A spent explicit 0 beside the input that pays: the sum holds, Elements cannot commit 0.
    let (mut tx, _) = base();
    tx.inputs.push(input(0xa1));
    let report = verify(&tx, Some(&[spends(L, 0), spends(L, 1000)]));
    assert_eq!(report.balance, Balance::Holds);
    first_rule(&report, IN_NE_OUT, "of 0", Some(Place::Input(0)));
    // A spent 21·10^14 + 1, balanced by outputs (whose sum CheckTransaction refuses first).
    let tx = Tx {
        inputs: vec![input(0xa0)],
        outputs: vec![explicit(L, MAX_MONEY as u64, p2wpkh()), fee(L, 1)],
    };
    let report = verify(&tx, Some(&[spends(L, MAX_MONEY as u64 + 1)]));
    assert_eq!(report.balance, Balance::Holds);
    has_rule(
        &report,
        IN_NE_OUT,
        "outside MoneyRange",
        Some(Place::Input(0)),
    );
}

// --- VerifyAmounts: issuances and reissuances ------------------------------------------------

/// The reissuance's entropy and blinding nonce in these tests.
const ENTROPY: [u8; 32] = [0x55; 32];

fn nonce_bytes(k: u64) -> [u8; 32] {
    let mut out = [0u8; 32];
    out.copy_from_slice(&Scalar::from(k).to_bytes());
    out
}

/// A reissuance of 500 that spends the reissuance token as wallets hold it: the spent output's
/// asset is the token's generator blinded by the nonce the issuance reveals (and its amount an
/// explicit 1); a second input pays the fee. The token goes back to a blinded output (range and
/// surjection proofs made here), the 500 of the asset and 900 of L to explicit outputs. With
/// `inflation_keys`, the reissuance also issues tokens (which Elements refuses), sent to an
/// explicit output.
fn reissuance(inflation_keys: bool) -> (Tx, Vec<SpentOutput>) {
    let nonce = Scalar::from(0x1234u64);
    let mut first = input(0xa0);
    first.issuance = Some(issuance(
        nonce_bytes(0x1234),
        ENTROPY,
        Value::Explicit(500),
        if inflation_keys {
            Value::Explicit(1)
        } else {
            Value::Null
        },
    ));
    first.witness = signature();
    let (asset, token) = issued(&first);
    let held = generator_generate_blinded(&token, &nonce).unwrap();
    let spent = vec![
        SpentOutput {
            asset: Asset::Confidential(held),
            value: Value::Explicit(1),
        },
        spends(L, 1000),
    ];
    // The surjection domain: per input, its spent asset, then its issuance's asset and
    // tokens.
    let mut domain = vec![held, generator(&asset)];
    if inflation_keys {
        domain.push(generator(&token));
    }
    domain.push(generator(&L));
    // The token back to a blinded output: 1·(T + n'·G) + r·G = 1·(T + n·G) for r = n − n'.
    let rebind = Scalar::from(0x5678u64);
    let out_generator = generator_generate_blinded(&token, &rebind).unwrap();
    let r = nonce - rebind;
    let script = p2wpkh();
    let proved = prove(
        1,
        &r,
        &out_generator,
        &[9; 32],
        &ProofParameters::LIQUID,
        b"",
        &script,
    )
    .unwrap();
    let used: Vec<usize> = (0..domain.len()).collect();
    let selection = Selection::new(domain.len(), &used, 0).unwrap();
    let surjection_proof =
        surjection::generate(&selection, &domain, &out_generator, &nonce, &rebind, None)
            .unwrap()
            .to_bytes();
    let token_back = Out {
        asset: Asset::Confidential(out_generator),
        value: Value::Confidential(proved.commitment),
        nonce: vec![0],
        script,
        surjection: surjection_proof,
        rangeproof: proved.proof,
    };
    let mut outputs = vec![
        token_back,
        explicit(asset, 500, p2wpkh()),
        explicit(L, 900, p2wpkh()),
        fee(L, 100),
    ];
    if inflation_keys {
        outputs.push(explicit(token, 1, p2wpkh()));
    }
    let tx = Tx {
        inputs: vec![first, input(0xa1)],
        outputs,
    };
    (tx, spent)
}

#[test]
fn a_reissuance_spending_its_blinded_token_is_valid() {
    let (tx, spent) = reissuance(false);
    let report = verify(&tx, Some(&spent));
    assert_eq!(report.outputs[0].surjection_proof, Verdict::Valid);
    assert_eq!(report.outputs[0].range_proof, Verdict::Valid);
    valid(&tx, &spent);
}

#[test]
fn a_reissuance_that_does_not_spend_its_token_is_invalid() {
    // A reissuance (non-zero blinding nonce, explicit 1000) of a known entropy, spending an
    // explicit L output that pays the fee, with 1000 of the reissued asset out: it balances,
    // and would mint the asset from nothing.
    let mut inp = input(0xa0);
    inp.issuance = Some(issuance(
        nonce_bytes(1),
        ENTROPY,
        Value::Explicit(1000),
        Value::Null,
    ));
    inp.witness = signature();
    let (asset, _) = issued(&inp);
    let tx = Tx {
        inputs: vec![inp],
        outputs: vec![explicit(asset, 1000, p2wpkh()), fee(L, 100)],
    };
    let report = verify(&tx, Some(&[spends(L, 100)]));
    assert_eq!(report.balance, Balance::Holds);
    first_rule(
        &report,
        IN_NE_OUT,
        "reissuance token",
        Some(Place::Input(0)),
    );
    // The token itself, but unblinded (an explicit asset): not the blinded generator the
    // reissuance's nonce makes, so refused too.
    let (mut tx, mut spent) = reissuance(false);
    let (_, token) = issued(&tx.inputs[0]);
    spent[0].asset = Asset::Explicit(token);
    has_rule(
        &verify(&tx, Some(&spent)),
        IN_NE_OUT,
        "reissuance token",
        Some(Place::Input(0)),
    );
    // The blinded token, but the issuance reveals another nonce.
    let (_, spent) = reissuance(false);
    if let Some(issuance) = tx.inputs[0].issuance.as_mut() {
        issuance.blinding_nonce = nonce_bytes(0x1235);
    }
    has_rule(
        &verify(&tx, Some(&spent)),
        IN_NE_OUT,
        "reissuance token",
        Some(Place::Input(0)),
    );
    // Without the spent outputs the token cannot be checked: incomplete, never valid.
    let (tx, _) = reissuance(false);
    assert_eq!(verify(&tx, None).verdict(), TransactionVerdict::Incomplete);
}

#[test]
fn a_reissuance_whose_blinding_nonce_overflows_is_invalid() {
    // A blinding nonce of ff…ff is above the group order: Elements cannot make the token's
    // blinded generator, with or without the spent outputs.
    let mut inp = input(0xa0);
    inp.issuance = Some(issuance(
        [0xff; 32],
        ENTROPY,
        Value::Explicit(1000),
        Value::Null,
    ));
    inp.witness = signature();
    let (asset, _) = issued(&inp);
    let tx = Tx {
        inputs: vec![inp],
        outputs: vec![explicit(asset, 1000, p2wpkh()), fee(L, 100)],
    };
    let report = verify(&tx, Some(&[spends(L, 100)]));
    assert_eq!(report.balance, Balance::Holds);
    first_rule(&report, IN_NE_OUT, "group order", Some(Place::Input(0)));
    first_rule(
        &verify(&tx, None),
        IN_NE_OUT,
        "group order",
        Some(Place::Input(0)),
    );
}

#[test]
fn a_reissuance_issuing_tokens_is_invalid() {
    // The valid reissuance, plus inflation keys of explicit 1 sent to an output: balanced,
    // every proof holds, but only a new issuance may issue tokens.
    let (tx, spent) = reissuance(true);
    let report = verify(&tx, Some(&spent));
    assert_eq!(report.balance, Balance::Holds);
    assert_eq!(report.outputs[0].surjection_proof, Verdict::Valid);
    first_rule(
        &report,
        IN_NE_OUT,
        "issues reissuance tokens",
        Some(Place::Input(0)),
    );
}

#[test]
fn an_issuance_without_witness_data_is_invalid() {
    // A new issuance of explicit 1000, balanced, in a transaction with witness flag 0.
    let mut inp = issuing(input(0xa0), 1000);
    let (asset, _) = issued(&inp);
    inp.witness.clear();
    let mut tx = Tx {
        inputs: vec![inp],
        outputs: vec![explicit(asset, 1000, p2wpkh()), fee(L, 100)],
    };
    assert_eq!(tx.encode()[4], 0);
    let report = verify(&tx, Some(&[spends(L, 100)]));
    assert_eq!(report.balance, Balance::Holds);
    first_rule(
        &report,
        IN_NE_OUT,
        "without witness data",
        Some(Place::Input(0)),
    );
    // With a witness anywhere in the transaction, it is valid.
    tx.inputs[0].witness = signature();
    valid(&tx, &[spends(L, 100)]);
}

#[test]
fn explicit_issuance_amounts_of_zero_or_two_to_the_63_are_invalid() {
    // A new issuance of explicit 0, balanced.
    let (mut tx, spent) = base();
    tx.inputs[0] = issuing(input(0xa0), 0);
    let report = verify(&tx, Some(&spent));
    assert_eq!(report.balance, Balance::Holds);
    first_rule(
        &report,
        IN_NE_OUT,
        "issuance amount of 0",
        Some(Place::Input(0)),
    );
    // Inflation keys of explicit 0 beside a positive amount: the same.
    let mut inp = issuing(input(0xa0), 1000);
    if let Some(issuance) = inp.issuance.as_mut() {
        issuance.inflation_keys = Value::Explicit(0);
    }
    let (asset, _) = issued(&inp);
    let tx = Tx {
        inputs: vec![inp],
        outputs: vec![explicit(asset, 1000, p2wpkh()), fee(L, 100)],
    };
    first_rule(
        &verify(&tx, Some(&[spends(L, 100)])),
        IN_NE_OUT,
        "issuance amount of 0",
        Some(Place::Input(0)),
    );
    // A new issuance of 2^63 sent to an explicit output: CheckTransaction refuses the output
    // first; VerifyAmounts refuses the issued amount.
    let inp = issuing(input(0xa0), 1 << 63);
    let (asset, _) = issued(&inp);
    let tx = Tx {
        inputs: vec![inp],
        outputs: vec![explicit(asset, 1 << 63, p2wpkh()), fee(L, 100)],
    };
    let report = verify(&tx, Some(&[spends(L, 100)]));
    assert_eq!(report.balance, Balance::Holds);
    first_rule(
        &report,
        "bad-txns-vout-negative",
        "",
        Some(Place::Output(0)),
    );
    has_rule(&report, IN_NE_OUT, "2^63", Some(Place::Input(0)));
}

// --- VerifyAmounts: outputs, and the range proofs' minimum ------------------------------------

#[test]
fn an_explicit_zero_to_a_spendable_script_is_invalid() {
    let (mut tx, spent) = base();
    tx.outputs.push(explicit(L, 0, p2wpkh()));
    let report = verify(&tx, Some(&spent));
    assert_eq!(report.balance, Balance::Holds);
    first_rule(
        &report,
        IN_NE_OUT,
        "spendable script",
        Some(Place::Output(2)),
    );
    // A script longer than 10 000 bytes is unspendable: its 0 is allowed.
    tx.outputs[2].script = vec![0x51; 10_001];
    valid(&tx, &spent);
}

/// 900 of L committed to an output with `script`, its range proof made with `parameters`,
/// beside the fee; the spent output a commitment to 1000 with the same blinding factor.
fn committed(parameters: ProofParameters, script: Vec<u8>) -> (Tx, Vec<SpentOutput>) {
    let blinding = Scalar::from(4242u64);
    let proved = prove(
        900,
        &blinding,
        &generator(&L),
        &[3; 32],
        &parameters,
        b"",
        &script,
    )
    .unwrap();
    let out = Out {
        asset: Asset::Explicit(L),
        value: Value::Confidential(proved.commitment),
        nonce: vec![0],
        script,
        surjection: Vec::new(),
        rangeproof: proved.proof,
    };
    let spent = SpentOutput {
        asset: Asset::Explicit(L),
        value: Value::Confidential(Commitment::new(1000, &blinding, &generator(&L)).unwrap()),
    };
    let tx = Tx {
        inputs: vec![input(0xa0)],
        outputs: vec![out, fee(L, 100)],
    };
    (tx, vec![spent])
}

#[test]
fn a_range_proof_of_minimum_zero_on_a_spendable_output_is_invalid() {
    let zero = ProofParameters {
        min_value: 0,
        exp: 0,
        min_bits: 52,
    };
    let (tx, spent) = committed(zero, p2wpkh());
    let report = verify(&tx, Some(&spent));
    // The proof itself verifies, and the amounts balance; the rule refuses its minimum.
    assert_eq!(report.outputs[0].range_proof, Verdict::Valid);
    assert_eq!(report.balance, Balance::Holds);
    first_rule(&report, IN_NE_OUT, "minimum 0", Some(Place::Output(0)));
    // Minimum 1 (Liquid wallets' proofs), or minimum 0 to an unspendable script: valid.
    let (tx, spent) = committed(ProofParameters::LIQUID, p2wpkh());
    valid(&tx, &spent);
    let (tx, spent) = committed(zero, vec![0x6a, 0x00]);
    valid(&tx, &spent);
}

// --- Block limits a transaction exceeds alone (src/validation.cpp) ----------------------------

#[test]
fn more_signature_operations_than_a_block_allows_are_invalid() {
    // An output of explicit 1 whose script is 1 001 OP_CHECKMULTISIGs: 20 020 legacy sigops,
    // 80 080 scaled, above MAX_BLOCK_SIGOPS_COST.
    let (mut tx, spent) = base();
    tx.outputs[0].value = Value::Explicit(899);
    tx.outputs.push(explicit(L, 1, vec![0xae; 1001]));
    first_rule(&verify(&tx, Some(&spent)), "bad-blk-sigops", "", None);
    // 1 000 of them: 80 000, at the limit, allowed.
    tx.outputs[2].script = vec![0xae; 1000];
    valid(&tx, &spent);
    // Counted in scriptSigs too (OP_CHECKSIG: one each).
    tx.outputs[2].script = vec![0xae; 500];
    tx.inputs[0].script_sig = vec![0xac; 10_001];
    first_rule(&verify(&tx, Some(&spent)), "bad-blk-sigops", "", None);
}

#[test]
fn a_weight_above_a_blocks_is_invalid() {
    // A balanced transaction of about 999 000 bytes without its witness (an explicit 0 to a
    // large OP_RETURN script), its input's witness grown until the weight, 3 × the size without
    // witness + the size, is exactly 4 000 000: valid; one byte more: invalid.
    let (mut tx, spent) = base();
    let mut script = vec![0x6a];
    script.resize(998_900, 0);
    tx.outputs.push(explicit(L, 0, script));
    tx.inputs[0].witness = vec![vec![0x30; 1000]];
    let weight = |tx: &Tx| 3 * tx.base().len() + tx.encode().len();
    let short = 4_000_000 - weight(&tx);
    tx.inputs[0].witness[0].resize(1000 + short, 0x30);
    assert_eq!(weight(&tx), 4_000_000);
    assert!(tx.base().len() <= 1_000_000);
    valid(&tx, &spent);
    tx.inputs[0].witness[0].push(0x30);
    let report = verify(&tx, Some(&spent));
    assert_eq!(report.balance, Balance::Holds);
    first_rule(&report, "bad-blk-weight", "weight", None);
    assert_eq!(report.findings.len(), 1);
}

// --- Proofs where Elements takes none, and none where it needs one ----------------------------

#[test]
fn proofs_where_elements_takes_none_are_invalid() {
    // An explicit issuance amount with bytes in its range proof field.
    let (mut tx, spent) = base();
    let mut inp = issuing(input(0xa0), 1000);
    inp.amount_proof = vec![1, 2, 3];
    let (asset, _) = issued(&inp);
    tx.inputs[0] = inp;
    tx.outputs.push(explicit(asset, 1000, p2wpkh()));
    let report = verify(&tx, Some(&spent));
    assert!(matches!(
        report.issuances[0].amount_proof,
        Verdict::Invalid(_)
    ));
    assert_eq!(report.verdict(), TransactionVerdict::Invalid);
    // An explicit amount with a range proof; an explicit asset with a surjection proof.
    let (mut tx, spent) = base();
    tx.outputs[0].rangeproof = vec![1, 2, 3];
    let report = verify(&tx, Some(&spent));
    assert!(matches!(report.outputs[0].range_proof, Verdict::Invalid(_)));
    assert_eq!(report.verdict(), TransactionVerdict::Invalid);
    let (mut tx, spent) = base();
    tx.outputs[0].surjection = vec![1, 2, 3];
    let report = verify(&tx, Some(&spent));
    assert!(matches!(
        report.outputs[0].surjection_proof,
        Verdict::Invalid(_)
    ));
    assert_eq!(report.verdict(), TransactionVerdict::Invalid);
}

#[test]
fn missing_or_empty_proofs_are_invalid() {
    // A committed output amount in a transaction with no witness at all (flag 0).
    let (mut tx, spent) = committed(ProofParameters::LIQUID, p2wpkh());
    tx.outputs[0].rangeproof.clear();
    assert_eq!(tx.encode()[4], 0);
    let report = verify(&tx, Some(&spent));
    assert!(matches!(report.outputs[0].range_proof, Verdict::Invalid(_)));
    assert_eq!(report.verdict(), TransactionVerdict::Invalid);
    // The same with another witness present: its range proof field is empty.
    tx.inputs[0].witness = signature();
    let report = verify(&tx, Some(&spent));
    assert!(matches!(report.outputs[0].range_proof, Verdict::Invalid(_)));
    // A committed issuance amount with an empty issuance range proof.
    let (mut tx, spent) = base();
    let mut inp = issuing(input(0xa0), 1);
    if let Some(issuance) = inp.issuance.as_mut() {
        issuance.amount =
            Value::Confidential(Commitment::new(7, &Scalar::ONE, &generator(&L)).unwrap());
    }
    tx.inputs[0] = inp;
    let report = verify(&tx, Some(&spent));
    assert!(matches!(
        report.issuances[0].amount_proof,
        Verdict::Invalid(_)
    ));
    assert_eq!(report.verdict(), TransactionVerdict::Invalid);
    // A blinded asset whose surjection proof is empty, given the spent outputs.
    let (mut tx, spent) = reissuance(false);
    tx.outputs[0].surjection.clear();
    let report = verify(&tx, Some(&spent));
    assert!(matches!(
        report.outputs[0].surjection_proof,
        Verdict::Invalid(_)
    ));
    assert_eq!(report.verdict(), TransactionVerdict::Invalid);
}

#[test]
fn a_truncated_surjection_proof_is_invalid() {
    let (mut tx, spent) = reissuance(false);
    tx.outputs[0].surjection.pop();
    let report = verify(&tx, Some(&spent));
    assert!(matches!(
        report.outputs[0].surjection_proof,
        Verdict::Invalid(_)
    ));
    assert_eq!(report.verdict(), TransactionVerdict::Invalid);
}

// --- What Elements does not deserialize ---------------------------------------------------------

/// The base transaction's bytes, and where its first output starts.
fn base_bytes() -> (Vec<u8>, usize) {
    let (tx, _) = base();
    let bytes = tx.encode();
    // version 4, flag 1, one input (count 1, 32 + 4 + 1 + 4), output count 1.
    (bytes, 4 + 1 + 1 + 41 + 1)
}

fn refused(bytes: &[u8], reason: &str) {
    match Transaction::from_bytes(bytes) {
        Err(e) => assert!(e.to_string().contains(reason), "{e}"),
        Ok(tx) => panic!("parsed: {tx:?}"),
    }
}

#[test]
fn an_output_with_a_null_asset_or_amount_does_not_parse() {
    let null = "Confidential values may not be null";
    // The balanced transaction plus an output `00 00 00 00`: null asset, amount and nonce,
    // empty script.
    let (mut bytes, at) = base_bytes();
    bytes[at - 1] = 3;
    let end = bytes.len() - 4;
    bytes.splice(end..end, [0, 0, 0, 0]);
    refused(&bytes, null);
    // A null asset with an explicit amount; an explicit asset with a null amount.
    let (bytes, at) = base_bytes();
    let mut null_asset = bytes[..at].to_vec();
    null_asset.push(0);
    null_asset.extend_from_slice(&bytes[at + 33..]);
    refused(&null_asset, null);
    let mut null_amount = bytes[..at + 33].to_vec();
    null_amount.push(0);
    null_amount.extend_from_slice(&bytes[at + 42..]);
    refused(&null_amount, null);
    // A null nonce is allowed (the base transaction has them).
    assert!(Transaction::from_bytes(&bytes).is_ok());
}

#[test]
fn unknown_prefixes_do_not_parse() {
    // An output asset starting 02, an amount starting 0a (or 02), a nonce starting 08.
    let (bytes, at) = base_bytes();
    for (offset, prefix, reason) in [
        (0, 0x02, "asset prefix"),
        (33, 0x0a, "value prefix"),
        (33, 0x02, "value prefix"),
        (42, 0x08, "nonce prefix"),
    ] {
        let mut changed = bytes.clone();
        changed[at + offset] = prefix;
        refused(&changed, reason);
    }
}

/// An x coordinate with no point on secp256k1 under any prefix (found by search: about half of
/// them have none).
fn off_curve_x() -> [u8; 32] {
    (0u8..=255)
        .map(|k| {
            let mut x = [0u8; 32];
            x[31] = k;
            x
        })
        .find(|x| {
            let encoded = |prefix: u8| [&[prefix][..], x].concat();
            ValueGenerator::from_bytes(&encoded(0x0a)).is_err()
                && Commitment::from_bytes(&encoded(0x08)).is_err()
        })
        .unwrap()
}

#[test]
fn points_off_the_curve_do_not_parse() {
    let x = off_curve_x();
    // An output asset 0a ‖ x (a generator).
    let (bytes, at) = base_bytes();
    let mut asset = bytes[..at].to_vec();
    asset.push(0x0a);
    asset.extend_from_slice(&x);
    asset.extend_from_slice(&bytes[at + 33..]);
    refused(&asset, "asset generator not on the curve");
    // An output amount 08 ‖ x (a commitment).
    let mut amount = bytes[..at + 33].to_vec();
    amount.push(0x08);
    amount.extend_from_slice(&x);
    amount.extend_from_slice(&bytes[at + 42..]);
    refused(&amount, "value commitment not on the curve");
    // An issuance amount 09 ‖ x.
    let (mut tx, _) = base();
    tx.inputs[0] = issuing(input(0xa0), 0x0102_0304_0506_0708);
    let bytes = tx.encode();
    let explicit_amount = [1, 1, 2, 3, 4, 5, 6, 7, 8];
    let k = bytes.windows(9).position(|w| w == explicit_amount).unwrap();
    let mut issuance = bytes[..k].to_vec();
    issuance.push(0x09);
    issuance.extend_from_slice(&x);
    issuance.extend_from_slice(&bytes[k + 9..]);
    refused(&issuance, "value commitment not on the curve");
}

#[test]
fn superfluous_records_do_not_parse() {
    // An input with the issuance bit set and both issuance amounts null.
    let (mut tx, _) = base();
    tx.inputs[0].issuance = Some(issuance([0; 32], [0; 32], Value::Null, Value::Null));
    refused(&tx.encode(), "superfluous asset issuance");
    // Witness flag 1 followed by empty witnesses only.
    let (tx, _) = base();
    let mut bytes = tx.encode();
    bytes[4] = 1;
    bytes.extend_from_slice(&[0, 0, 0, 0]); // the input's four empty fields
    bytes.extend_from_slice(&[0, 0, 0, 0]); // the two outputs' two each
    refused(&bytes, "witness flag set but no witnesses");
    // Witness flags 2 and 3.
    for flag in [2, 3] {
        let mut bytes = tx.encode();
        bytes[4] = flag;
        refused(&bytes, "witness flag");
    }
}

#[test]
fn non_canonical_or_oversized_lengths_do_not_parse() {
    // The input count written `fd 01 00`.
    let (bytes, _) = base_bytes();
    let mut wide = bytes[..5].to_vec();
    wide.extend_from_slice(&[0xfd, 0x01, 0x00]);
    wide.extend_from_slice(&bytes[6..]);
    refused(&wide, "non-canonical length");
    // A scriptPubKey length of `fe 01 00 00 02` (0x02000001 bytes).
    let (bytes, at) = base_bytes();
    let mut long = bytes[..at + 43].to_vec();
    long.extend_from_slice(&[0xfe, 0x01, 0x00, 0x00, 0x02]);
    long.extend_from_slice(&bytes[at + 44..]);
    refused(&long, "length beyond the format's bound");
}

/// The nonce helper's bytes are a scalar's: below the order for small values (a sanity check
/// of the test's own arithmetic).
#[test]
fn the_tests_nonces_are_scalars() {
    let bytes = nonce_bytes(0x1234);
    let back: Option<Scalar> = Scalar::from_repr(bytes.into()).into();
    assert_eq!(back, Some(Scalar::from(0x1234u64)));
}
