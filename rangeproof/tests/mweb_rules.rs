//! Litecoin Core's reject rules for MWEB transactions and blocks, each made to fire: the
//! peg-ins that would mint coins (`vectors/mweb-made-here.json`'s `refused`, and random ones),
//! a loose transaction's canonical rules, the amount bounds, sums equal to the point at
//! infinity, and a block's peg-in, HogEx and height rules on blocks assembled here. Every
//! test asserts the verdict and the rule our report names (Core's reject reason);
//! `docs/consensus-rules/litecoin-mweb.md` names these tests row by row.

use crate::mweb_build;

use k256::elliptic_curve::{Field, PrimeField};
use k256::{ProjectivePoint, Scalar};
use rand::rngs::OsRng;
use rangeproof::mweb::kernel_id;
use rangeproof::mweb::Broken;
use rangeproof::mweb::{
    kernel_sum_holds, kernel_supply_change, stealth_sum_holds, supply_change, total_fee, MAX_MONEY,
};
use rangeproof::mweb::{make_output, Made};
use rangeproof::mweb::{
    verify_blocks, verify_transaction, verify_transaction_with, Check, Options, Report, Status,
    Verdict,
};
use rangeproof::mweb::{Block, Input, Kernel, PegOut, Transaction, TxBody, TxIn, TxOut};

use mweb_build::{bytes, vectors, wallet};

/// Outputs for `values` to the test wallet, proved here.
fn made(values: &[u64]) -> Vec<Made> {
    let wallet = wallet(&vectors());
    values
        .iter()
        .enumerate()
        .map(|(i, &value)| {
            let (a, b) = wallet.address(i as u32).unwrap();
            make_output((&a, &b), value, &mut OsRng).unwrap()
        })
        .collect()
}

/// The first committed peg-in that Core accepts, raw.
fn accepted_pegin() -> Vec<u8> {
    bytes(&vectors()["transactions"][0]["tx"])
}

/// The report's finding for `check`, asserting the check fails and the verdict is invalid.
/// Every check run, whatever fails first.
fn full() -> Options {
    Options {
        full_report: true,
        ..Options::default()
    }
}

fn rule_of(report: &Report, check: Check) -> &'static str {
    assert_eq!(report.verdict(), Verdict::Invalid, "{report:?}");
    assert_eq!(report.status(check), Some(Status::Fails), "{report:?}");
    report.finding(check).expect("a finding").rule
}

fn all_hold(report: &Report) {
    assert_eq!(report.verdict(), Verdict::Valid, "{report:?}");
    assert!(report.checks.iter().all(|(_, s)| *s == Status::Holds));
    assert!(report.findings.is_empty());
}

// Transactions: peg-ins.

/// The committed peg-ins shaped as Core accepts them are valid with every check holding; the
/// refused ones are invalid, the check named in the vectors fails with Core's reason, and a
/// peg-in finding names the kernel when the kernel has no output of its own.
#[test]
fn committed_pegins_hold_and_refused_ones_name_the_rule() {
    let v = vectors();
    for case in v["transactions"].as_array().unwrap() {
        let raw = bytes(&case["tx"]);
        let tx = Transaction::from_bytes(&raw).unwrap();
        all_hold(&verify_transaction(&tx, &mut OsRng).unwrap());
        assert!(tx.outputs.iter().any(|o| o.pegin_kernel().is_some()));
    }
    let refused = v["refused"].as_array().unwrap();
    assert!(refused.len() >= 7);
    for case in refused {
        let raw = bytes(&case["tx"]);
        let tx = Transaction::from_bytes(&raw).unwrap();
        // By default the cryptography is not run past the failing rule; the verdict is the
        // same.
        let quick = verify_transaction(&tx, &mut OsRng).unwrap();
        assert_eq!(quick.verdict(), Verdict::Invalid);
        assert_eq!(quick.status(Check::KernelSum), Some(Status::NotChecked));
        assert!(quick.kernels.iter().all(Option::is_none));
        let report = verify_transaction_with(&tx, &full(), &mut OsRng).unwrap();
        let cheap: Vec<_> = report
            .findings
            .iter()
            .filter(|f| ![Check::KernelSum, Check::StealthSum].contains(&f.check))
            .copied()
            .collect();
        assert_eq!(quick.findings, cheap, "{}", case["why"]);
        let check = report
            .checks
            .iter()
            .map(|(c, _)| *c)
            .find(|c| c.name() == case["check"])
            .unwrap_or_else(|| panic!("{}", case["why"]));
        assert_eq!(rule_of(&report, check), case["rule"], "{}", case["why"]);
        // Everything but the canonical side, the peg-ins and the amounts holds: the MWEB side
        // balances (its kernel sum is not formed past an amount out of range).
        for (c, s) in &report.checks {
            let may_fail = [Check::Canonical, Check::Amounts, Check::PegIns].contains(c)
                || (*c == Check::KernelSum && case["check"] == "amounts");
            if !may_fail {
                assert_eq!(*s, Status::Holds, "{c:?}: {}", case["why"]);
            }
        }
        let kernel = kernel_id(&tx.mweb.as_ref().unwrap().body.kernels[0]);
        if ["pegin-mismatch", "duplicate-tx-pegins"].contains(&case["rule"].as_str().unwrap()) {
            let named = report.finding(Check::PegIns).unwrap().kernel;
            if case["why"].as_str().unwrap().contains("another kernel") {
                assert_eq!(named, Some(kernel));
            }
        }
    }
}

/// The minting transaction of the report that opened issue 53: no inputs of any kind, one
/// peg-in kernel of 1000.0001 LTC and one 1000 LTC output; and the same with a peg-in output
/// of 1 litoshi to the kernel's ID. Both are invalid, the peg-in kernel named.
#[test]
fn a_pegin_without_its_canonical_output_mints_nothing() {
    let made = made(&[100_000_000_000]);
    let refs: Vec<&Made> = made.iter().collect();
    let bare = mweb_build::pegin_with(&refs, &[100_000_000_000], 10_000, |_, _| {
        mweb_build::Canonical::none()
    });
    let tx = Transaction::from_bytes(&bare).unwrap();
    assert!(tx.is_mweb_only());
    let report = verify_transaction_with(&tx, &full(), &mut OsRng).unwrap();
    assert_eq!(rule_of(&report, Check::PegIns), "pegin-count-mismatch");
    let kernel = kernel_id(&tx.mweb.as_ref().unwrap().body.kernels[0]);
    assert_eq!(report.finding(Check::PegIns).unwrap().kernel, Some(kernel));
    assert_eq!(report.status(Check::KernelSum), Some(Status::Holds));

    let one = mweb_build::pegin_with(&refs, &[100_000_000_000], 10_000, |id, _| {
        mweb_build::Canonical {
            inputs: Vec::new(),
            outputs: vec![(1, mweb_build::pegin_script(id))],
        }
    });
    let tx = Transaction::from_bytes(&one).unwrap();
    let report = verify_transaction(&tx, &mut OsRng).unwrap();
    assert_eq!(rule_of(&report, Check::Canonical), "bad-txns-vin-empty");
    assert_eq!(rule_of(&report, Check::PegIns), "pegin-mismatch");
    let kernel = kernel_id(&tx.mweb.as_ref().unwrap().body.kernels[0]);
    assert_eq!(report.finding(Check::PegIns).unwrap().kernel, Some(kernel));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(6))]

    /// Peg-ins of random values (0 and the largest amounts among them): the accepted shape
    /// is valid, and every refused shape around the same outputs is invalid with its rule.
    #[test]
    fn random_pegins_hold_and_their_refused_shapes_fail(
        values in proptest::collection::vec(
            proptest::prop_oneof![
                proptest::strategy::Just(0u64),
                proptest::strategy::Just(2_000_000_000_000_000u64),
                0u64..=2_000_000_000_000_000,
            ],
            1..3,
        ),
        fee in 0u64..1_000_000,
    ) {
        let made = made(&values);
        let refs: Vec<&Made> = made.iter().collect();
        let raw = mweb_build::pegin(&refs, &values, fee);
        let tx = Transaction::from_bytes(&raw).unwrap();
        all_hold(&verify_transaction(&tx, &mut OsRng).unwrap());
        for case in mweb_build::refused_pegins(&refs, &values, fee) {
            let tx = Transaction::from_bytes(&case.tx).unwrap();
            let report = verify_transaction(&tx, &mut OsRng).unwrap();
            proptest::prop_assert_eq!(report.verdict(), Verdict::Invalid);
            let finding = report.findings.iter().find(|f| f.check.name() == case.check);
            proptest::prop_assert_eq!(finding.map(|f| f.rule), Some(case.rule), "{}", case.why);
        }
    }
}

// Transactions: the canonical side's own rules.

/// The accepted peg-in, its canonical side changed by `change`: the rule
/// `rangeproof::mweb::loose_transaction` names, which the report names too.
fn canonical_rule(change: impl FnOnce(&mut Transaction<'static>)) -> Option<&'static str> {
    let raw: &'static [u8] = Box::leak(accepted_pegin().into_boxed_slice());
    let mut tx = Transaction::from_bytes(raw).unwrap();
    change(&mut tx);
    let rule = rangeproof::mweb::loose_transaction(&tx)
        .err()
        .map(|b| b.rule);
    let report = verify_transaction(&tx, &mut OsRng).unwrap();
    assert_eq!(report.finding(Check::Canonical).map(|f| f.rule), rule);
    rule
}

fn funding_input(txid: [u8; 32], vout: u32, script_sig: &'static [u8]) -> TxIn<'static> {
    TxIn {
        previous_txid: txid,
        vout,
        script_sig,
        sequence: u32::MAX,
    }
}

#[test]
fn canonical_inputs_and_outputs_present_unless_mweb_only() {
    assert_eq!(canonical_rule(|_| {}), None);
    assert_eq!(
        canonical_rule(|tx| tx.inputs.clear()),
        Some("bad-txns-vin-empty")
    );
    assert_eq!(
        canonical_rule(|tx| tx.outputs.clear()),
        Some("bad-txns-vout-empty")
    );
    // Neither: MWEB-only, which these rules let through (the peg-in rule does not).
    assert_eq!(
        canonical_rule(|tx| {
            tx.inputs.clear();
            tx.outputs.clear();
        }),
        None
    );
}

#[test]
fn canonical_size_is_bounded_by_the_block_weight() {
    let big: &'static [u8] = Box::leak(vec![0x51u8; 1_000_000].into_boxed_slice());
    assert_eq!(
        canonical_rule(|tx| tx.inputs[0].script_sig = big),
        Some("bad-txns-oversize")
    );
    let fits: &'static [u8] = Box::leak(vec![0x51u8; 999_000].into_boxed_slice());
    assert_eq!(canonical_rule(|tx| tx.inputs[0].script_sig = fits), None);
}

#[test]
fn canonical_values_are_bounded_by_max_money() {
    let max = MAX_MONEY as u64;
    assert_eq!(canonical_rule(|tx| tx.outputs[0].value = max), None);
    assert_eq!(
        canonical_rule(|tx| tx.outputs[0].value = max + 1),
        Some("bad-txns-vout-toolarge")
    );
    assert_eq!(
        canonical_rule(|tx| tx.outputs[0].value = 1 << 63),
        Some("bad-txns-vout-negative")
    );
    assert_eq!(
        canonical_rule(|tx| {
            tx.outputs[0].value = max;
            tx.outputs.push(TxOut {
                value: 1,
                script_pubkey: &[0x51],
            });
        }),
        Some("bad-txns-txouttotal-toolarge")
    );
}

#[test]
fn canonical_outpoints_are_spent_once_and_never_null() {
    assert_eq!(
        canonical_rule(|tx| tx.inputs.push(tx.inputs[0].clone())),
        Some("bad-txns-inputs-duplicate")
    );
    assert_eq!(
        canonical_rule(|tx| tx.inputs.push(funding_input([0; 32], u32::MAX, &[]))),
        Some("bad-txns-prevout-null")
    );
    // A coinbase is refused outside a block, after its script's length is checked.
    assert_eq!(
        canonical_rule(|tx| tx.inputs[0] = funding_input([0; 32], u32::MAX, &[0x01, 0x02])),
        Some("coinbase")
    );
    assert_eq!(
        canonical_rule(|tx| tx.inputs[0] = funding_input([0; 32], u32::MAX, &[0x01])),
        Some("bad-cb-length")
    );
}

// Amounts.

fn kernel(fee: u64, pegin: u64, pegouts: &[u64]) -> Kernel<'static> {
    Kernel {
        bytes: &[],
        features: 0x07,
        fee: Some(fee),
        pegin: Some(pegin),
        pegouts: pegouts
            .iter()
            .map(|&amount| PegOut {
                amount,
                script_pubkey: &[0x51],
            })
            .collect(),
        lock_height: None,
        stealth_excess: None,
        extra_data: None,
        excess: [0x08; 33],
        signature: [0; 64],
    }
}

/// `Kernel::GetSupplyChange` and `TxBody::GetSupplyChange`'s bounds, at their edges.
#[test]
fn amounts_are_bounded_as_core_bounds_them() {
    let max = MAX_MONEY as u64;
    let change = |fee, pegin, pegouts: &[u64]| kernel_supply_change(&kernel(fee, pegin, pegouts));
    assert_eq!(change(max, max, &[]), Some(0));
    assert_eq!(change(0, max, &[]), Some(MAX_MONEY));
    assert_eq!(change(max + 1, max, &[]), None);
    assert_eq!(change(0, max + 1, &[]), None);
    assert_eq!(change(0, max, &[max]), Some(0));
    assert_eq!(change(0, 0, &[max + 1]), None);
    assert_eq!(change(0, max, &[max, 1]), None, "the running peg-out total");
    assert_eq!(change(max, 0, &[max]), None, "a change below -MAX_MONEY");
    assert_eq!(change(0, 0, &[max]), Some(-MAX_MONEY));
    let body = |kernels: Vec<Kernel<'static>>| TxBody {
        inputs: Vec::new(),
        outputs: Vec::new(),
        kernels,
    };
    assert_eq!(
        supply_change(&body(vec![kernel(0, max, &[]), kernel(0, max, &[])])),
        None,
        "the running sum"
    );
    assert_eq!(
        supply_change(&body(vec![kernel(0, max, &[]), kernel(0, 0, &[max])])),
        Some(0)
    );
    assert_eq!(
        total_fee(&body(vec![kernel(max, max, &[]), kernel(1, 1, &[])])),
        None,
        "the running fee total"
    );
    // The case: a fee past MAX_MONEY, balanced by a peg-in, is refused whatever the
    // sums say.
    let made = made(&[5]);
    let refs: Vec<&Made> = made.iter().collect();
    let raw = mweb_build::pegin(&refs, &[5], max + 1);
    let tx = Transaction::from_bytes(&raw).unwrap();
    let report = verify_transaction(&tx, &mut OsRng).unwrap();
    assert_eq!(rule_of(&report, Check::Amounts), "AMOUNT_OUT_OF_RANGE");
}

/// Fees in range one by one but past `MAX_MONEY` together, balanced by peg-ins: Core's
/// `CheckTxInputs` refuses the transaction's MWEB fee (`bad-txns-mwebfee-outofrange`), a
/// block's `ConnectBlock` its total fee (`bad-mweb-amount`).
#[test]
fn fees_are_bounded_in_total() {
    let max = MAX_MONEY as u64;
    let raw = accepted_pegin();
    let mut tx = Transaction::from_bytes(&raw).unwrap();
    let body = &mut tx.mweb.as_mut().unwrap().body;
    body.kernels = vec![kernel(max, max, &[]), kernel(1, 1, &[])];
    assert_eq!(supply_change(body), Some(0));
    let report = verify_transaction(&tx, &mut OsRng).unwrap();
    assert_eq!(
        rule_of(&report, Check::Amounts),
        "bad-txns-mwebfee-outofrange"
    );
    let report = check_block(|b| {
        b.mweb.as_mut().unwrap().body.kernels = vec![kernel(max, max, &[]), kernel(1, 1, &[])];
    });
    assert_eq!(rule_of(&report, Check::Amounts), "bad-mweb-amount");
}

/// An input spending Litecoin's frozen MWEB output is invalid in a transaction and a block.
#[test]
fn frozen_outputs_cannot_be_spent() {
    use rangeproof::mweb::FROZEN_OUTPUTS;
    let raw = accepted_pegin();
    let mut tx = Transaction::from_bytes(&raw).unwrap();
    let output = tx.mweb.as_ref().unwrap().body.outputs[0].clone();
    let input = Input {
        features: 0,
        output_id: FROZEN_OUTPUTS[0],
        commitment: output.commitment,
        output_pubkey: output.sender_pubkey,
        input_pubkey: None,
        extra_data: None,
        signature: [0; 64],
    };
    tx.mweb.as_mut().unwrap().body.inputs.push(input.clone());
    let report = verify_transaction(&tx, &mut OsRng).unwrap();
    assert_eq!(
        rule_of(&report, Check::Frozen),
        "bad-txns-frozen-mweb-output"
    );
    let report = check_block(|b| b.mweb.as_mut().unwrap().body.inputs.push(input));
    assert_eq!(rule_of(&report, Check::Frozen), "frozen-mweb-output-spent");
}

// Sums at the point at infinity.

/// Core forms each sum with `secp256k1_pedersen_commit_sum` or `secp256k1_ec_pubkey_combine`,
/// which refuse to return the point at infinity: a body whose outputs cancel its inputs, or
/// whose sender keys cancel each other, fails though both sides would be "equal".
#[test]
fn sums_at_infinity_are_refused_as_libsecp256k1_refuses_them() {
    let raw = accepted_pegin();
    let tx = Transaction::from_bytes(&raw).unwrap();
    let output = tx.mweb.as_ref().unwrap().body.outputs[0].clone();
    let zero = [0u8; 32];
    let empty = TxBody::default();
    assert!(kernel_sum_holds(&empty, &zero), "no terms on either side");
    assert!(stealth_sum_holds(&empty, &zero), "no terms on either side");
    // An input spending an output of the same commitment and key: Σ C_out − Σ C_in = ∞.
    let input = Input {
        features: 0,
        output_id: [1; 32],
        commitment: output.commitment,
        output_pubkey: output.sender_pubkey,
        input_pubkey: None,
        extra_data: None,
        signature: [0; 64],
    };
    let cancelling = TxBody {
        inputs: vec![input],
        outputs: vec![output.clone()],
        kernels: Vec::new(),
    };
    assert!(!kernel_sum_holds(&cancelling, &zero));
    // Stealth: K_s against K_o, both sides one term, equal: holds.
    assert!(stealth_sum_holds(&cancelling, &zero));
    // Two outputs whose sender keys are K and −K: Σ K_s = ∞.
    let mut negated = output.clone();
    let point = k256::PublicKey::from_sec1_bytes(&output.sender_pubkey)
        .unwrap()
        .to_projective();
    negated.sender_pubkey = compressed(-point);
    let keys = TxBody {
        inputs: Vec::new(),
        outputs: vec![output, negated],
        kernels: Vec::new(),
    };
    assert!(!stealth_sum_holds(&keys, &zero));
}

fn compressed(p: ProjectivePoint) -> [u8; 33] {
    use k256::elliptic_curve::sec1::ToEncodedPoint;
    p.to_affine()
        .to_encoded_point(true)
        .as_bytes()
        .try_into()
        .unwrap()
}

// Blocks.

fn spec(pegin: Option<&[u8]>, height: u32) -> mweb_build::BlockSpec<'_> {
    mweb_build::BlockSpec {
        height,
        previous_hash: [0x21; 32],
        previous_hogex: [0x42; 32],
        kernel_offset_before: Scalar::ZERO,
        pegin,
    }
}

const HEIGHT: u32 = 3_000_000;

/// A block around the accepted peg-in, changed by `change`, its header's Merkle root made
/// the changed transactions' (so that only the rule a test aims at breaks), checked with a
/// zero previous offset.
fn check_block(change: impl FnOnce(&mut Block)) -> Report {
    check_block_as(change, true)
}

fn check_block_as(change: impl FnOnce(&mut Block), reroot: bool) -> Report {
    let pegin = accepted_pegin();
    let raw: &'static [u8] =
        Box::leak(mweb_build::block(&spec(Some(&pegin), HEIGHT)).into_boxed_slice());
    let mut block = Block::from_bytes(raw).unwrap();
    change(&mut block);
    if reroot {
        let ids = block.transactions.iter().map(Transaction::txid).collect();
        let (root, _) = rangeproof::mweb::merkle_root(ids);
        let mut header = *block.header;
        header[36..68].copy_from_slice(&root);
        block.header = Box::leak(Box::new(header));
    }
    verify_blocks(&[block], Some(&[0; 32]), &mut OsRng)
        .pop()
        .unwrap()
        .unwrap()
}

/// `CheckBlock`'s rules on the canonical transactions: the Merkle root, no duplicated pair
/// at a level's end, one coinbase first, every transaction's own rules.
#[test]
fn a_blocks_transactions_are_checked_as_check_block_does() {
    // A transaction changed, the header's root not: the root no longer matches.
    let report = check_block_as(|b| b.transactions[1].lock_time ^= 1, false);
    assert_eq!(rule_of(&report, Check::Canonical), "bad-txnmrklroot");
    // The last two transactions the same (the root of [a, b, c, c] equals that of [a, b, c]).
    let report = check_block(|b| {
        let hogex = b.transactions[2].clone();
        b.transactions.push(hogex.clone());
        b.transactions.push(hogex);
    });
    assert_eq!(rule_of(&report, Check::Canonical), "bad-txns-duplicate");
    let report = check_block(|b| {
        let coinbase = b.transactions[0].clone();
        b.transactions.insert(1, coinbase);
    });
    assert_eq!(rule_of(&report, Check::Canonical), "bad-cb-multiple");
    // A transaction's own rule (CheckTransaction): an output past MAX_MONEY.
    let report = check_block(|b| b.transactions[1].outputs[0].value = MAX_MONEY as u64 + 1);
    assert_eq!(rule_of(&report, Check::Canonical), "bad-txns-vout-toolarge");
    let report = check_block(|b| {
        let input = b.transactions[1].inputs[0].clone();
        b.transactions[1].inputs.push(input);
    });
    assert_eq!(
        rule_of(&report, Check::Canonical),
        "bad-txns-inputs-duplicate"
    );
}

#[test]
fn a_block_with_its_pegin_is_valid() {
    all_hold(&check_block(|_| {}));
    // Without the previous block's offset, its kernel sum is not checked.
    let pegin = accepted_pegin();
    let raw = mweb_build::block(&spec(Some(&pegin), HEIGHT));
    let block = Block::from_bytes(&raw).unwrap();
    let report = verify_blocks(&[block], None, &mut OsRng)
        .pop()
        .unwrap()
        .unwrap();
    assert_eq!(report.verdict(), Verdict::Incomplete);
    assert_eq!(report.status(Check::KernelSum), Some(Status::NotChecked));
}

#[test]
fn no_pegin_output_in_the_coinbase_or_the_hogex() {
    let script: &'static [u8] = Box::leak(mweb_build::pegin_script(&[9; 32]).into_boxed_slice());
    for k in [0, 2] {
        let report = check_block(|b| {
            b.transactions[k].outputs.push(TxOut {
                value: 1,
                script_pubkey: script,
            })
        });
        assert_eq!(
            rule_of(&report, Check::UnexpectedPegIns),
            "bad-tx-unexpected-pegin"
        );
    }
}

#[test]
fn the_hogex_spends_the_blocks_pegin_outputs_in_order() {
    let rule = |report: Report| rule_of(&report, Check::HogExInputs);
    assert_eq!(
        rule(check_block(|b| {
            b.transactions[2].inputs.pop();
        })),
        "pegins-missing"
    );
    assert_eq!(
        rule(check_block(|b| b.transactions[2].inputs[1].vout += 1)),
        "pegin-mismatch"
    );
    assert_eq!(
        rule(check_block(
            |b| b.transactions[2].inputs[1].previous_txid[0] ^= 1
        )),
        "pegin-mismatch"
    );
    assert_eq!(
        rule(check_block(|b| {
            let extra = b.transactions[2].inputs[1].clone();
            b.transactions[2].inputs.push(TxIn { vout: 7, ..extra });
        })),
        "extra-hogex-input"
    );
}

/// The network's first HogEx spends peg-ins only: a HogEx whose first input is this block's
/// peg-in output can only be that one, which takes chain state to know (not checked); if its
/// inputs do not match even so, it fails.
#[test]
fn a_first_hogex_rests_on_chain_state() {
    let report = check_block(|b| {
        b.transactions[2].inputs.remove(0);
    });
    assert_eq!(report.status(Check::HogExInputs), Some(Status::NotChecked));
    assert_eq!(report.verdict(), Verdict::Incomplete, "{report:?}");
    let report = check_block(|b| {
        b.transactions[2].inputs.remove(0);
        let pegin = b.transactions[2].inputs[0].clone();
        b.transactions[2].inputs.push(TxIn { vout: 9, ..pegin });
    });
    assert_eq!(rule_of(&report, Check::HogExInputs), "extra-hogex-input");
}

#[test]
fn block_pegin_kernels_match_the_pegin_outputs() {
    assert_eq!(
        rule_of(
            &check_block(|b| b.transactions[1].outputs[0].value += 1),
            Check::PegIns
        ),
        "PEGIN_MISMATCH"
    );
    // The peg-in output named twice (a second transaction paying the same kernel).
    let report = check_block(|b| {
        let twin = b.transactions[1].clone();
        b.transactions.insert(1, twin);
    });
    assert_eq!(rule_of(&report, Check::PegIns), "PEGIN_MISMATCH");
    // A kernel's peg-in amount changed: its signature covers it too.
    let report = check_block(|b| {
        let kernel = &mut b.mweb.as_mut().unwrap().body.kernels[0];
        kernel.pegin = kernel.pegin.map(|p| p + 1);
    });
    assert_eq!(rule_of(&report, Check::PegIns), "PEGIN_MISMATCH");
}

#[test]
fn the_mweb_height_is_the_coinbases() {
    let other: &'static [u8] = Box::leak(mweb_build::height_push(HEIGHT + 1).into_boxed_slice());
    assert_eq!(
        rule_of(
            &check_block(|b| b.transactions[0].inputs[0].script_sig = other),
            Check::Height
        ),
        "bad-cb-height"
    );
    assert_eq!(
        rule_of(
            &check_block(|b| b.transactions[0].inputs[0].vout = 0),
            Check::Canonical
        ),
        "bad-cb-missing"
    );
}

#[test]
fn the_hogex_commits_to_the_mweb_header() {
    let report = check_block(|b| {
        let hogex = b.transactions.last_mut().unwrap();
        hogex.outputs[0].script_pubkey = &hogex.outputs[0].script_pubkey[..33];
    });
    assert_eq!(rule_of(&report, Check::HogExHeader), "bad-hogex");
    // The header's bytes changed (its hash with them), the HogEx's commitment not.
    let report = check_block(|b| {
        let header = &mut b.mweb.as_mut().unwrap().header;
        let mut bytes = header.bytes.to_vec();
        bytes[5] ^= 1;
        header.bytes = Box::leak(bytes.into_boxed_slice());
    });
    assert_eq!(rule_of(&report, Check::HogExHeader), "mweb-hash-mismatch");
}

/// Two blocks, the second naming the first as its previous block: the second takes the
/// first's cumulative offset, its height must be one more, its HogEx must spend the first's.
/// Linked by the header's previous-block hash, not by height: a block at the next height that
/// names another block is not linked.
#[test]
fn linked_blocks_are_checked_against_each_other() {
    let pegin = accepted_pegin();
    let first_raw = mweb_build::block(&spec(Some(&pegin), HEIGHT));
    let first = Block::from_bytes(&first_raw).unwrap();
    let offset = first.mweb.as_ref().unwrap().header.kernel_offset;
    let before = Scalar::from_repr(offset.into()).unwrap();
    let second_spec = |height, previous_hash, previous_hogex| mweb_build::BlockSpec {
        height,
        previous_hash,
        previous_hogex,
        kernel_offset_before: before,
        pegin: None,
    };
    let hogex = first.transactions.last().unwrap().txid();
    let second_raw = mweb_build::block(&second_spec(HEIGHT + 1, first.hash(), hogex));
    let second = Block::from_bytes(&second_raw).unwrap();
    let reports = verify_blocks(&[&first, &second], Some(&[0; 32]), &mut OsRng);
    for report in &reports {
        all_hold(report.as_ref().unwrap());
    }
    // Not linked (another previous block): the second's kernel sum is not checked.
    let raw = mweb_build::block(&second_spec(HEIGHT + 1, [7; 32], hogex));
    let unlinked = Block::from_bytes(&raw).unwrap();
    let report = verify_blocks(&[&first, &unlinked], Some(&[0; 32]), &mut OsRng)
        .pop()
        .unwrap()
        .unwrap();
    assert_eq!(report.status(Check::KernelSum), Some(Status::NotChecked));
    // Linked, but two heights on; or its HogEx not spending the first's.
    let raw = mweb_build::block(&second_spec(HEIGHT + 2, first.hash(), hogex));
    let skipped = Block::from_bytes(&raw).unwrap();
    let report = verify_blocks(&[&first, &skipped], Some(&[0; 32]), &mut OsRng)
        .pop()
        .unwrap()
        .unwrap();
    assert_eq!(rule_of(&report, Check::Height), "mweb-height-mismatch");
    let raw = mweb_build::block(&second_spec(HEIGHT + 1, first.hash(), [5; 32]));
    let stray = Block::from_bytes(&raw).unwrap();
    let report = verify_blocks(&[&first, &stray], Some(&[0; 32]), &mut OsRng)
        .pop()
        .unwrap()
        .unwrap();
    assert_eq!(rule_of(&report, Check::HogExInputs), "invalid-hogex-input");
    // Linked, its HogEx spending only this block's peg-in: with a HogEx before it, it cannot
    // be the network's first (whose inputs are all peg-ins), so it fails rather than resting
    // on chain state.
    let pegin = accepted_pegin();
    let raw = mweb_build::block(&mweb_build::BlockSpec {
        pegin: Some(&pegin),
        ..second_spec(HEIGHT + 1, first.hash(), hogex)
    });
    let mut only_pegins = Block::from_bytes(&raw).unwrap();
    only_pegins
        .transactions
        .last_mut()
        .unwrap()
        .inputs
        .remove(0);
    let ids = only_pegins
        .transactions
        .iter()
        .map(Transaction::txid)
        .collect();
    let mut header = *only_pegins.header;
    header[36..68].copy_from_slice(&rangeproof::mweb::merkle_root(ids).0);
    only_pegins.header = &header;
    let report = verify_blocks(&[&first, &only_pegins], Some(&[0; 32]), &mut OsRng)
        .pop()
        .unwrap()
        .unwrap();
    assert_eq!(rule_of(&report, Check::HogExInputs), "invalid-hogex-input");
}

#[test]
fn block_amounts_are_bounded() {
    let report = check_block(|b| {
        let kernel = &mut b.mweb.as_mut().unwrap().body.kernels[0];
        kernel.fee = Some(MAX_MONEY as u64 + 1);
    });
    assert_eq!(rule_of(&report, Check::Amounts), "bad-mweb-amount");
}

/// Where Core's parser is lenient we are too: the HogEx's MWEB presence byte reads as absent
/// for anything but `01`, and an output's receiver key and key-exchange key are any 33 bytes
/// (Core never parses them as points).
#[test]
fn bytes_core_reads_leniently_are_read_so() {
    let pegin = accepted_pegin();
    let raw = mweb_build::block(&spec(Some(&pegin), HEIGHT));
    let block = Block::from_bytes(&raw).unwrap();
    // The HogEx ends with its presence byte 00 and lock time; the MWEB block follows.
    let hogex = block.transactions.last().unwrap().bytes;
    let at = hogex.as_ptr() as usize - raw.as_ptr() as usize + hogex.len() - 5;
    assert_eq!(raw[at], 0x00);
    let mut lenient = raw.clone();
    lenient[at] = 0x02;
    let block = Block::from_bytes(&lenient).unwrap();
    assert!(block.transactions.last().unwrap().is_hogex);
    let report = verify_blocks(&[block], Some(&[0; 32]), &mut OsRng)
        .pop()
        .unwrap()
        .unwrap();
    all_hold(&report);
    // An output's receiver key with a prefix no point has: read (its signature, which covers
    // it, no longer verifies).
    let tx = Transaction::from_bytes(&pegin).unwrap();
    let output = &tx.mweb.as_ref().unwrap().body.outputs[0];
    let at = pegin
        .windows(33)
        .position(|w| w == output.receiver_pubkey)
        .unwrap();
    let mut odd = pegin.clone();
    odd[at] = 0x05;
    let tx = Transaction::from_bytes(&odd).unwrap();
    let report = verify_transaction(&tx, &mut OsRng).unwrap();
    assert_eq!(report.outputs[0].signature, Some(false));
    assert_eq!(report.outputs[0].range_proof, Some(true));
}

#[test]
fn broken_is_named_by_the_rule() {
    // The public shape of a finding: the rule verbatim, the kernel where one is concerned.
    let broken = Broken {
        rule: "pegin-mismatch",
        kernel: Some([1; 32]),
    };
    assert_eq!(broken.rule, "pegin-mismatch");
    let _ = Scalar::random(&mut OsRng);
}

// Bytes Core refuses to parse, or parses and refuses.

fn malformed<T: std::fmt::Debug>(result: Result<T, rangeproof::ProofError>) -> bool {
    matches!(
        result,
        Err(rangeproof::ProofError::Decode(
            rangeproof::DecodeError::MalformedTransaction(_)
        ))
    )
}

/// Where the accepted peg-in's MWEB presence byte is: after the canonical side and `00 08`.
fn presence_at(raw: &[u8]) -> usize {
    Transaction::from_bytes(raw).unwrap().stripped_bytes().len() - 4 + 2
}

/// Core's `UnserializeTransaction` and the MWEB models' own refusals: a witness flag with no
/// witness (`Superfluous witness record`), an MWEB transaction of no kernel, a peg-out to an
/// empty script; an MWEB transaction inside a block (`unexpected-mweb-data`) and a HogEx before
/// the last transaction (`bad-hogex-position`) — refused here as unusable.
#[test]
fn bytes_core_refuses_are_unusable() {
    let raw = accepted_pegin();
    let at = presence_at(&raw);
    // Flags 09 (witness and MWEB), one empty witness stack.
    let mut witness = raw.clone();
    witness[5] = 0x09;
    witness.insert(at, 0x00);
    assert!(malformed(Transaction::from_bytes(&witness)));
    // The kernel count 00, the kernel's bytes gone.
    let tx = Transaction::from_bytes(&raw).unwrap();
    let kernel = tx.mweb.as_ref().unwrap().body.kernels[0].bytes;
    let end = raw.len() - 4;
    assert_eq!(&raw[end - kernel.len()..end], kernel);
    assert_eq!(raw[end - kernel.len() - 1], 1);
    let mut none = raw[..end - kernel.len() - 1].to_vec();
    none.push(0);
    none.extend(&raw[end..]);
    assert!(malformed(Transaction::from_bytes(&none)));
    // A kernel with a peg-out to an empty script (features 04: one peg-out of 5, script 00).
    let mut pegout = raw[..end - kernel.len()].to_vec();
    pegout.extend([0x04, 0x01, 0x05, 0x00]);
    pegout.extend(&kernel[kernel.len() - 97..]);
    pegout.extend(&raw[end..]);
    assert!(malformed(Transaction::from_bytes(&pegout)));
    // A block holding the peg-in with its MWEB data; a block with a HogEx before the last.
    let block_raw = mweb_build::block(&spec(Some(&raw), HEIGHT));
    let block = Block::from_bytes(&block_raw).unwrap();
    let stripped = block.transactions[1].bytes;
    let from = stripped.as_ptr() as usize - block_raw.as_ptr() as usize;
    let mut inside = block_raw[..from].to_vec();
    inside.extend(&raw);
    inside.extend(&block_raw[from + stripped.len()..]);
    assert!(malformed(Block::from_bytes(&inside)));
    let hogex = block.transactions[2].bytes;
    let mut early = block_raw[..from].to_vec();
    early.extend(hogex);
    early.extend(&block_raw[from + stripped.len()..]);
    assert!(malformed(Block::from_bytes(&early)));
}

/// Sizes as Core bounds them: an item past `MAX_BLOCK_SERIALIZED_SIZE_WITH_MWEB` is refused
/// before parsing, a block larger than 16 MB under it is read (inputs without extra data weigh
/// nothing), and a length up to Core's `MAX_SIZE` is read where it fits the weight.
#[test]
fn sizes_are_bounded_as_core_bounds_them() {
    use rangeproof::mweb::MAX_BYTES;
    assert_eq!(MAX_BYTES, 25_800_195);
    let huge = vec![0u8; MAX_BYTES + 1];
    for result in [
        Transaction::from_bytes(&huge).map(|_| ()),
        Block::from_bytes(&huge).map(|_| ()),
    ] {
        assert!(matches!(
            result,
            Err(rangeproof::ProofError::Decode(
                rangeproof::DecodeError::TooLarge { .. }
            ))
        ));
    }
    // A block of 50 000 inputs and 11 000 outputs, 17.4 MB: read.
    let empty = mweb_build::block(&spec(None, HEIGHT));
    let body_at = empty.len() - 3;
    assert_eq!(&empty[body_at..], [0, 0, 0]);
    let raw = accepted_pegin();
    let tx = Transaction::from_bytes(&raw).unwrap();
    let output = &tx.mweb.as_ref().unwrap().body.outputs[0];
    let output_bytes = {
        let at = raw
            .windows(33)
            .position(|w| w == output.commitment)
            .unwrap();
        raw[at..at + 33 * 3 + output.message.bytes.len() + 675 + 64].to_vec()
    };
    let mut big = empty[..body_at].to_vec();
    big.extend([0xfd]);
    big.extend(50_000u16.to_le_bytes());
    for k in 0u32..50_000 {
        big.push(0);
        big.extend([0u8; 28]);
        big.extend(k.to_le_bytes());
        big.extend(output.commitment);
        big.extend(output.sender_pubkey);
        big.extend([0u8; 64]);
    }
    big.extend([0xfd]);
    big.extend(11_000u16.to_le_bytes());
    for _ in 0..11_000 {
        big.extend(&output_bytes);
    }
    big.push(0);
    assert!(
        big.len() > 16_000_000 && big.len() < MAX_BYTES,
        "{}",
        big.len()
    );
    let block = Block::from_bytes(&big).unwrap();
    let body = &block.mweb.as_ref().unwrap().body;
    assert_eq!((body.inputs.len(), body.outputs.len()), (50_000, 11_000));
    assert!(rangeproof::mweb::weight(body) <= rangeproof::mweb::MAX_WEIGHT);
    // An output's extra data of 5 MB (past the 4 MB bound of other formats): read.
    let message_at = raw
        .windows(output.message.bytes.len())
        .position(|w| w == output.message.bytes)
        .unwrap();
    let mut long = raw[..message_at].to_vec();
    long.push(output.message.features | 0x02);
    long.extend(&output.message.bytes[1..]);
    long.push(0xfe);
    long.extend(5_000_000u32.to_le_bytes());
    long.extend(vec![0x61; 5_000_000]);
    long.extend(&raw[message_at + output.message.bytes.len()..]);
    let tx = Transaction::from_bytes(&long).unwrap();
    let extra = tx.mweb.as_ref().unwrap().body.outputs[0].message.extra_data;
    assert_eq!(extra.map(<[u8]>::len), Some(5_000_000));
}

/// `TxBody::Validate`'s weight: a kernel whose extra data weighs past 200 000 (one unit per
/// 42 bytes).
#[test]
fn a_body_past_the_weight_limit_is_invalid() {
    let raw = accepted_pegin();
    let mut tx = Transaction::from_bytes(&raw).unwrap();
    let extra: &'static [u8] = Box::leak(vec![0u8; 42 * 200_000].into_boxed_slice());
    tx.mweb.as_mut().unwrap().body.kernels[0].extra_data = Some(extra);
    let report = verify_transaction(&tx, &mut OsRng).unwrap();
    assert_eq!(rule_of(&report, Check::Weight), "BLOCK_WEIGHT");
}

/// An x with no point on secp256k1 (`02` ‖ x does not decode).
fn off_curve() -> [u8; 33] {
    (1u8..)
        .map(|x| {
            let mut key = [0u8; 33];
            key[0] = 0x02;
            key[32] = x;
            key
        })
        .find(|key| k256::PublicKey::from_sec1_bytes(key).is_err())
        .unwrap()
}

/// Points that do not decode where Core parses them (`Failed to parse pubkey`, `Failed to
/// parse commitment`): the signature they take part in fails, and the verdict is invalid.
#[test]
fn points_off_the_curve_fail_their_signatures() {
    let raw = accepted_pegin();
    let bad = off_curve();
    let mut commitment = bad;
    commitment[0] = 0x08;
    // Every check run: a changed kernel also breaks its peg-in's canonical output.
    let full = Options {
        full_report: true,
        ..Options::default()
    };
    let check = |change: &dyn Fn(&mut Transaction)| {
        let mut tx = Transaction::from_bytes(&raw).unwrap();
        change(&mut tx);
        let report = verify_transaction_with(&tx, &full, &mut OsRng).unwrap();
        assert_eq!(report.verdict(), Verdict::Invalid);
        report
    };
    let report = check(&|tx| tx.mweb.as_mut().unwrap().body.kernels[0].excess = commitment);
    assert_eq!(report.kernels[0], Some(false));
    let report = check(&|tx| {
        let kernel = &mut tx.mweb.as_mut().unwrap().body.kernels[0];
        kernel.features |= 0x10;
        kernel.stealth_excess = Some(bad);
    });
    assert_eq!(report.kernels[0], Some(false));
    let report = check(&|tx| tx.mweb.as_mut().unwrap().body.outputs[0].sender_pubkey = bad);
    assert_eq!(report.outputs[0].signature, Some(false));
    let report = check(&|tx| {
        let body = &mut tx.mweb.as_mut().unwrap().body;
        let output = body.outputs[0].clone();
        body.inputs.push(Input {
            features: 0x01,
            output_id: [3; 32],
            commitment: output.commitment,
            output_pubkey: output.sender_pubkey,
            input_pubkey: Some(bad),
            extra_data: None,
            signature: [0; 64],
        });
    });
    assert_eq!(report.inputs[0], Some(false));
    // An offset not below the group order: the sum that adds it fails.
    let report = check(&|tx| tx.mweb.as_mut().unwrap().stealth_offset = [0xff; 32]);
    assert_eq!(rule_of(&report, Check::StealthSum), "STEALTH_SUMS");
    let report = check(&|tx| tx.mweb.as_mut().unwrap().kernel_offset = [0xff; 32]);
    assert_eq!(rule_of(&report, Check::KernelSum), "BLOCK_SUMS");
}

/// The kernel sum's other steps at infinity: the outputs less the supply change, the kernel
/// excesses, the excesses plus the offset; and the stealth sum's right side.
#[test]
fn every_sum_step_at_infinity_is_refused() {
    use rangeproof::secp256k1_zkp::generator::{self, Commitment};
    let zero = [0u8; 32];
    let v = 1_000u64;
    let commit = |p: ProjectivePoint| Commitment::from_point(p).unwrap().to_bytes();
    let raw = accepted_pegin();
    let tx = Transaction::from_bytes(&raw).unwrap();
    let template = tx.mweb.as_ref().unwrap().body.outputs[0].clone();
    // One output v·H (no blinding) and a peg-in of v: Σ C_out − v·H = ∞.
    let mut output = template.clone();
    output.commitment = commit(generator::h() * Scalar::from(v));
    let mut pegin = kernel(0, v, &[]);
    pegin.excess = commit(ProjectivePoint::GENERATOR);
    let body = TxBody {
        inputs: Vec::new(),
        outputs: vec![output],
        kernels: vec![pegin],
    };
    assert!(!kernel_sum_holds(&body, &zero));
    // Two kernels of excess E and −E: Σ E = ∞.
    let e = ProjectivePoint::GENERATOR * Scalar::from(7u64);
    let mut first = kernel(0, 0, &[]);
    first.excess = commit(e);
    let mut second = kernel(0, 0, &[]);
    second.excess = commit(-e);
    let body = TxBody {
        inputs: Vec::new(),
        outputs: Vec::new(),
        kernels: vec![first.clone(), second],
    };
    assert!(!kernel_sum_holds(&body, &zero));
    // One kernel of excess −x·G and offset x: Σ E + x·G = ∞ (outputs none: the zero
    // commitment, which Core would compare as unequal anyway).
    let x = Scalar::from(7u64);
    let mut offset = [0u8; 32];
    offset.copy_from_slice(&x.to_repr());
    let mut lone = kernel(0, 0, &[]);
    lone.excess = commit(-(ProjectivePoint::GENERATOR * x));
    let body = TxBody {
        inputs: Vec::new(),
        outputs: Vec::new(),
        kernels: vec![lone],
    };
    assert!(!kernel_sum_holds(&body, &zero));
    assert!(!kernel_sum_holds(&body, &offset));
    // Stealth, right side: a kernel's stealth excess K and a spent output key −K.
    let k = ProjectivePoint::GENERATOR * Scalar::from(11u64);
    let mut stealthy = kernel(0, 0, &[]);
    stealthy.stealth_excess = Some(compressed(k));
    let input = Input {
        features: 0,
        output_id: [2; 32],
        commitment: template.commitment,
        output_pubkey: compressed(-k),
        input_pubkey: None,
        extra_data: None,
        signature: [0; 64],
    };
    let body = TxBody {
        inputs: vec![input],
        outputs: Vec::new(),
        kernels: vec![stealthy],
    };
    assert!(!stealth_sum_holds(&body, &zero));
}

/// A HogEx given as a loose transaction is never verified as one: it carries no MWEB data
/// (Core refuses it as `hogex`).
#[test]
fn a_loose_hogex_is_not_a_transaction_with_mweb_data() {
    let raw = mweb_build::block(&spec(None, HEIGHT));
    let block = Block::from_bytes(&raw).unwrap();
    let hogex = Transaction::from_bytes(block.transactions.last().unwrap().bytes).unwrap();
    assert!(hogex.is_hogex && hogex.mweb.is_none());
    assert!(verify_transaction(&hogex, &mut OsRng).is_none());
}

/// `mw::Block::Validate`'s lock heights past the grandfathered height, `ValidatePegOutCoins`,
/// and the kernel sum's offsets not below the group order (`secp256k1_pedersen_blind_sum`).
#[test]
fn lock_heights_pegouts_and_offsets_in_blocks() {
    let pegin = accepted_pegin();
    let raw = mweb_build::block(&spec(Some(&pegin), 3_200_000));
    let mut block = Block::from_bytes(&raw).unwrap();
    block.mweb.as_mut().unwrap().body.kernels[0].lock_height = Some(3_200_001);
    let report = verify_blocks(&[block], Some(&[0; 32]), &mut OsRng)
        .pop()
        .unwrap()
        .unwrap();
    assert_eq!(rule_of(&report, Check::LockHeights), "LOCK_HEIGHT");
    let report = check_block(|b| {
        let hogex = b.transactions.last_mut().unwrap();
        let extra = TxOut {
            value: 5,
            script_pubkey: &[0x51],
        };
        hogex.outputs.push(extra);
    });
    assert_eq!(rule_of(&report, Check::PegOuts), "PEGOUT_MISMATCH");
    let report = check_block(|b| b.mweb.as_mut().unwrap().header.kernel_offset = [0xff; 32]);
    assert_eq!(rule_of(&report, Check::KernelSum), "BLOCK_SUMS");
}

/// A transaction whose range proofs are all invalid names at most the blame limit of them
/// (16 by default), the rest not named — the verdict invalid either way; without a limit
/// every one is named.
#[test]
fn a_report_names_at_most_the_blame_limit_of_invalid_proofs() {
    use rangeproof::mweb::{verify_transaction_with, Options};
    use rangeproof::BLAME_LIMIT;
    let wallet = wallet(&vectors());
    let values: Vec<u64> = (0..20).map(|k| 1_000 + k).collect();
    let made: Vec<Made> = values
        .iter()
        .enumerate()
        .map(|(i, &value)| {
            let (a, b) = wallet.address((i % 8) as u32).unwrap();
            make_output((&a, &b), value, &mut OsRng).unwrap()
        })
        .collect();
    let refs: Vec<&Made> = made.iter().collect();
    let raw = mweb_build::pegin(&refs, &values, 1_000);
    let mut tx = Transaction::from_bytes(&raw).unwrap();
    let body = &mut tx.mweb.as_mut().unwrap().body;
    for output in &mut body.outputs {
        let mut proof = *output.proof;
        proof[300] ^= 1;
        output.proof = Box::leak(Box::new(proof));
    }
    // The IDs change with the proofs: sorted again, the cheap rules hold and the proofs are
    // checked.
    body.outputs.sort_by_key(rangeproof::mweb::output_id);
    let report = verify_transaction(&tx, &mut OsRng).unwrap();
    assert_eq!(report.verdict(), Verdict::Invalid);
    let named = report
        .outputs
        .iter()
        .filter(|o| o.range_proof == Some(false))
        .count();
    let not_named = report
        .outputs
        .iter()
        .filter(|o| o.range_proof.is_none())
        .count();
    assert_eq!((named, not_named), (BLAME_LIMIT, 20 - BLAME_LIMIT));
    let all = Options {
        blame_limit: None,
        ..Options::default()
    };
    let report = verify_transaction_with(&tx, &all, &mut OsRng).unwrap();
    assert!(report.outputs.iter().all(|o| o.range_proof == Some(false)));
    // One invalid among valid ones: named, whatever the limit.
    let mut one = Transaction::from_bytes(&raw).unwrap();
    let body = &mut one.mweb.as_mut().unwrap().body;
    let output = &mut body.outputs[7];
    let mut proof = *output.proof;
    proof[300] ^= 1;
    output.proof = Box::leak(Box::new(proof));
    body.outputs.sort_by_key(rangeproof::mweb::output_id);
    let report = verify_transaction(&one, &mut OsRng).unwrap();
    let statuses: Vec<Option<bool>> = report.outputs.iter().map(|o| o.range_proof).collect();
    assert_eq!(statuses.iter().filter(|s| **s == Some(false)).count(), 1);
    assert!(statuses.iter().all(Option::is_some));
}
