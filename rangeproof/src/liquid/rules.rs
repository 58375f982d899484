//! Elements' consensus rules beside the proofs and the balance: the shape of a transaction,
//! its explicit amounts, its fees, its issuances and reissuances, its signature operations and
//! its weight — each as Elements 23.3.3 checks it (`elements-23.3.3`, commit `1af7a4d9`; the
//! table `docs/consensus-rules/elements.md` names every rule, its row and its test).
//!
//! [`Rules`] is fed each input and each output once, as [`super::verify_transaction`] reads
//! them (reading an output again decodes its points again), and gives a [`Finding`] per
//! Elements check that fails. Each of those checks returns at its first failure, so each
//! gives at most one finding, the one Elements would name; [`Rules::findings`] lists them in
//! the order Elements runs the checks on a loose transaction (`CheckTransaction`, then
//! `MemPoolAccept::PreChecks`' coinbase test, then `Consensus::CheckTxInputs`' `HasValidFee`
//! and `VerifyAmounts`), then the block rules a transaction can break on its own
//! (`CheckBlock`'s signature operations, `ContextualCheckBlock`'s weight). The first finding's
//! rule is the reject reason Elements gives.

use alloc::collections::{BTreeMap, BTreeSet};
use alloc::vec::Vec;

use k256::elliptic_curve::PrimeField;
use k256::Scalar;

use super::transaction::{Asset, TxIn, TxOut, Value};
use super::{issuance_ids, SpentOutput, Transaction};
use crate::secp256k1_zkp::borromean;
use crate::secp256k1_zkp::generator::generator_generate_blinded;

/// The most money there is, in Elements' units (`MAX_MONEY`, `src/consensus/amount.h`:
/// 21 000 000 coins of 10^8): the bound on every explicit amount and on their sums.
pub const MAX_MONEY: i64 = 21_000_000 * 100_000_000;

/// A block's weight limit (`MAX_BLOCK_WEIGHT`, `src/consensus/consensus.h`).
pub const MAX_BLOCK_WEIGHT: usize = 4_000_000;

/// A block's signature-operation cost limit (`MAX_BLOCK_SIGOPS_COST`,
/// `src/consensus/consensus.h`).
pub const MAX_BLOCK_SIGOPS_COST: usize = 80_000;

/// `WITNESS_SCALE_FACTOR` (`src/consensus/consensus.h`).
const WITNESS_SCALE_FACTOR: usize = 4;

/// Scripts longer than this are unspendable (`MAX_SCRIPT_SIZE`, `src/script/script.h`).
const MAX_SCRIPT_SIZE: usize = 10_000;

/// Elements' reject reason for every failure of `VerifyAmounts`, reported by
/// `Consensus::CheckTxInputs` (`src/consensus/tx_verify.cpp`).
const IN_NE_OUT: &str = "bad-txns-in-ne-out";

/// Where a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Input `n` (its spent output, or its issuance).
    Input(usize),
    /// Output `n`.
    Output(usize),
}

/// A rule of Elements' that the transaction breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The rule: Elements' reject reason, verbatim (`bad-txns-vin-empty`,
    /// `bad-txns-in-ne-out`, …: the string its `state.Invalid` gives).
    pub rule: &'static str,
    /// What about the transaction breaks it, in our words (many conditions share a reason:
    /// every `VerifyAmounts` failure is `bad-txns-in-ne-out`).
    pub why: &'static str,
    /// The input or output it concerns, where it concerns one.
    pub at: Option<Place>,
}

impl Finding {
    fn new(rule: &'static str, why: &'static str, at: Option<Place>) -> Self {
        Finding { rule, why, at }
    }
}

/// An explicit amount as Elements reads it: `CConfidentialValue::GetAmount` reads the eight
/// bytes as a signed `CAmount`, so 2^63 and above are negative.
fn amount(value: u64) -> i64 {
    i64::from_be_bytes(value.to_be_bytes())
}

/// `MoneyRange` (`src/consensus/amount.h`).
fn money_range(amount: i64) -> bool {
    (0..=MAX_MONEY).contains(&amount)
}

/// `CScript::IsUnspendable` in Elements mode (`src/script/script.h`): starts with `OP_RETURN`,
/// is longer than `MAX_SCRIPT_SIZE`, or is empty (Elements' fee outputs).
pub fn is_unspendable(script: &[u8]) -> bool {
    script.first() == Some(&0x6a) || script.len() > MAX_SCRIPT_SIZE || script.is_empty()
}

/// `CTxOut::IsFee` (`src/primitives/transaction.h`): an empty script, an explicit amount and an
/// explicit asset.
fn fee_asset(output: &TxOut) -> Option<([u8; 32], u64)> {
    match (&output.asset, &output.value) {
        (Asset::Explicit(tag), Value::Explicit(v)) if output.script_pubkey.is_empty() => {
            Some((*tag, *v))
        }
        _ => None,
    }
}

/// `COutPoint::IsNull`: a zero txid and index `0xffffffff` (the parser leaves that index
/// unmasked, as Elements does).
fn is_null_prevout(input: &TxIn) -> bool {
    input.previous_txid == [0; 32] && input.previous_vout == u32::MAX
}

/// `CScript::GetSigOpCount(false)` (`src/script/script.cpp`), as `GetLegacySigOpCount` counts
/// a script: one for each `OP_CHECKSIG`, `OP_CHECKSIGVERIFY` and Elements'
/// `OP_CHECKSIGFROMSTACK(VERIFY)`, `MAX_PUBKEYS_PER_MULTISIG` (20) for each
/// `OP_CHECKMULTISIG(VERIFY)`; pushes are skipped, and a push running past the end stops the
/// count (`GetScriptOp` fails there).
pub fn legacy_sigops(script: &[u8]) -> usize {
    let mut n = 0usize;
    let mut at = 0usize;
    while let Some(&op) = script.get(at) {
        at += 1;
        if op <= 0x4e {
            // OP_0 … push 75 bytes, OP_PUSHDATA1, 2, 4: the size, then the data.
            let width = match op {
                0x4c => 1,
                0x4d => 2,
                0x4e => 4,
                _ => 0,
            };
            let size = if width == 0 {
                usize::from(op)
            } else {
                let Some(bytes) = script.get(at..at + width) else {
                    break;
                };
                at += width;
                let mut le = [0u8; 8];
                le[..width].copy_from_slice(bytes);
                match usize::try_from(u64::from_le_bytes(le)) {
                    Ok(size) => size,
                    Err(_) => break,
                }
            };
            match at.checked_add(size).filter(|&end| end <= script.len()) {
                Some(end) => at = end,
                None => break,
            }
            continue;
        }
        n += match op {
            0xac | 0xad | 0xc1 | 0xc2 => 1,
            0xae | 0xaf => 20,
            _ => 0,
        };
    }
    n
}

/// Elements' rules, checked as the inputs and outputs go by.
pub(super) struct Rules<'t> {
    tx: &'t Transaction<'t>,
    coinbase: bool,
    // CheckTransaction (src/consensus/tx_check.cpp), its checks' first failures.
    output_amounts: Option<Finding>,
    total_out: i64,
    seen: BTreeSet<([u8; 32], u32)>,
    duplicate: Option<Finding>,
    coinbase_length: Option<Finding>,
    coinbase_fee: Option<Finding>,
    null_prevout: Option<Finding>,
    // HasValidFee (src/confidential_validation.cpp).
    fees: BTreeMap<[u8; 32], i64>,
    fee: Option<Finding>,
    // VerifyAmounts (src/confidential_validation.cpp): its amount and issuance rules, then the
    // range proofs' minimum (src/script/sigcache.cpp, CachingRangeProofChecker::VerifyRangeProof),
    // which it checks after every amount.
    amounts: Option<Finding>,
    zero_minimum: Option<Finding>,
    // CheckBlock (src/validation.cpp): GetLegacySigOpCount.
    sigops: usize,
}

/// Keeps the first failure of a check.
fn first(slot: &mut Option<Finding>, finding: Finding) {
    slot.get_or_insert(finding);
}

impl<'t> Rules<'t> {
    pub(super) fn new(tx: &'t Transaction<'t>) -> Self {
        Rules {
            tx,
            coinbase: false,
            output_amounts: None,
            total_out: 0,
            seen: BTreeSet::new(),
            duplicate: None,
            coinbase_length: None,
            coinbase_fee: None,
            null_prevout: None,
            fees: BTreeMap::new(),
            fee: None,
            amounts: None,
            zero_minimum: None,
            sigops: 0,
        }
    }

    /// Input `index` and, when given, the output it spends. Inputs come first, in order.
    pub(super) fn input(&mut self, index: usize, input: &TxIn, spent: Option<&SpentOutput>) {
        let at = Some(Place::Input(index));
        // CheckTransaction: no prevout twice (CVE-2018-17144); a coinbase (`IsCoinBase`: one
        // input, its prevout null) has a scriptSig of 2 to 100 bytes; no other input's prevout
        // is null.
        if !self.seen.insert((input.previous_txid, input.previous_vout)) {
            first(
                &mut self.duplicate,
                Finding::new("bad-txns-inputs-duplicate", "a prevout spent twice", at),
            );
        }
        if index == 0 && self.tx.n_inputs() == 1 && is_null_prevout(input) {
            self.coinbase = true;
            if !(2..=100).contains(&input.script_sig.len()) {
                first(
                    &mut self.coinbase_length,
                    Finding::new(
                        "bad-cb-length",
                        "a coinbase's scriptSig is not 2 to 100 bytes",
                        at,
                    ),
                );
            }
        } else if is_null_prevout(input) {
            first(
                &mut self.null_prevout,
                Finding::new("bad-txns-prevout-null", "a null prevout", at),
            );
        }
        self.sigops += legacy_sigops(input.script_sig);
        if let Some(spent) = spent {
            self.spent_output(index, spent);
        }
        self.issuance(index, input, spent);
    }

    /// VerifyAmounts on an input's spent output: neither field null; an explicit amount within
    /// `MoneyRange` and not 0 (`secp256k1_pedersen_commit` fails on 0 with a zero blinding
    /// factor). A spent field that is not a point does not parse (`Asset::from_bytes`).
    fn spent_output(&mut self, index: usize, spent: &SpentOutput) {
        let at = Some(Place::Input(index));
        if spent.asset == Asset::Null || spent.value == Value::Null {
            first(
                &mut self.amounts,
                Finding::new(IN_NE_OUT, "a spent output's asset or amount is null", at),
            );
        } else if let Value::Explicit(v) = spent.value {
            if !money_range(amount(v)) {
                first(
                    &mut self.amounts,
                    Finding::new(IN_NE_OUT, "a spent explicit amount outside MoneyRange", at),
                );
            } else if v == 0 {
                first(
                    &mut self.amounts,
                    Finding::new(IN_NE_OUT, "a spent explicit amount of 0", at),
                );
            }
        }
    }

    /// VerifyAmounts on an input's issuance, in its order: a reissuance's blinding nonce below
    /// the group order and, with the spent output, the spent asset the reissuance token's
    /// generator blinded by that nonce; then per issued amount (the asset's, then the
    /// tokens'): no tokens on a reissuance, a witness in the transaction, an explicit amount
    /// above 0 (`VerifyIssuanceAmount`).
    fn issuance(&mut self, index: usize, input: &TxIn, spent: Option<&SpentOutput>) {
        let Some(issuance) = &input.issuance else {
            return;
        };
        let at = Some(Place::Input(index));
        let reissuance = issuance.blinding_nonce != [0; 32];
        if reissuance {
            // `secp256k1_generator_generate_blinded(token, assetBlindingNonce)` reads the nonce
            // as a big-endian scalar and fails when it overflows the group order.
            let nonce: Option<Scalar> = Scalar::from_repr(issuance.blinding_nonce.into()).into();
            match nonce {
                None => first(
                    &mut self.amounts,
                    Finding::new(
                        IN_NE_OUT,
                        "a reissuance whose blinding nonce is not below the group order",
                        at,
                    ),
                ),
                Some(nonce) => {
                    if let Some(spent) = spent {
                        // The spent output must hold the reissuance token: its asset
                        // commitment, byte for byte, is the token's generator blinded by the
                        // nonce the issuance reveals. An explicit spent asset never is (its
                        // prefix is 01); a blinded generator that is the identity has no
                        // encoding, and no spent asset equals it.
                        let token = issuance_ids(input).map(|(_, token)| token);
                        let derived = token.and_then(|t| generator_generate_blinded(&t, &nonce));
                        let holds = match (&spent.asset, derived) {
                            (Asset::Confidential(g), Some(d)) => g.to_bytes() == d.to_bytes(),
                            _ => false,
                        };
                        if !holds {
                            first(
                                &mut self.amounts,
                                Finding::new(
                                    IN_NE_OUT,
                                    "a reissuance that does not spend its reissuance token",
                                    at,
                                ),
                            );
                        }
                    }
                }
            }
        }
        let issued = [(&issuance.amount, false), (&issuance.inflation_keys, true)];
        for (value, tokens) in issued {
            if *value == Value::Null {
                continue;
            }
            if tokens && reissuance {
                first(
                    &mut self.amounts,
                    Finding::new(IN_NE_OUT, "a reissuance that issues reissuance tokens", at),
                );
            }
            // `i >= tx.witness.vtxinwit.size()`: without the witness flag there are no input
            // witnesses, and an issuance needs one (even for an explicit amount).
            if !self.tx.has_witness() {
                first(
                    &mut self.amounts,
                    Finding::new(
                        IN_NE_OUT,
                        "an issuance in a transaction without witness data",
                        at,
                    ),
                );
            }
            // `VerifyIssuanceAmount`: `GetAmount() <= 0`. (Its other bound, `MoneyRange` for
            // the pegged asset, needs an issuance whose asset tag is the pegged asset's: a
            // SHA-256 preimage.)
            if let Value::Explicit(v) = value {
                if amount(*v) <= 0 {
                    first(
                        &mut self.amounts,
                        Finding::new(
                            IN_NE_OUT,
                            "an explicit issuance amount of 0 or of 2^63 and above",
                            at,
                        ),
                    );
                }
            }
        }
    }

    /// Output `index`. Outputs come after every input, in order.
    pub(super) fn output(&mut self, index: usize, output: &TxOut) {
        let at = Some(Place::Output(index));
        let spendable = !is_unspendable(output.script_pubkey);
        if let Value::Explicit(v) = output.value {
            let v = amount(v);
            // CheckTransaction: each explicit amount, and their sum over every asset, within
            // MAX_MONEY (CVE-2010-5139). Its loop stops at the first failure.
            if self.output_amounts.is_none() {
                if v < 0 {
                    self.output_amounts = Some(Finding::new(
                        "bad-txns-vout-negative",
                        "an explicit amount of 2^63 and above (negative as Elements reads it)",
                        at,
                    ));
                } else if v > MAX_MONEY {
                    self.output_amounts = Some(Finding::new(
                        "bad-txns-vout-toolarge",
                        "an explicit amount above MAX_MONEY",
                        at,
                    ));
                } else {
                    // Both are at most MAX_MONEY here: no overflow.
                    self.total_out += v;
                    if !money_range(self.total_out) {
                        self.output_amounts = Some(Finding::new(
                            "bad-txns-txouttotal-toolarge",
                            "explicit amounts summing above MAX_MONEY",
                            at,
                        ));
                    }
                }
            }
            // VerifyAmounts: within MoneyRange (CheckTransaction refuses it first), and no
            // explicit 0 that could be spent ("a spendable output of 0 reissuance tokens
            // would allow reissuance without reissuance tokens").
            if !money_range(v) {
                first(
                    &mut self.amounts,
                    Finding::new(IN_NE_OUT, "an explicit amount outside MoneyRange", at),
                );
            } else if v == 0 && spendable {
                first(
                    &mut self.amounts,
                    Finding::new(
                        IN_NE_OUT,
                        "an explicit amount of 0 in an output with a spendable script",
                        at,
                    ),
                );
            }
        }
        if let Some((tag, fee)) = fee_asset(output) {
            // CheckTransaction: a coinbase pays no fee.
            if self.coinbase {
                first(
                    &mut self.coinbase_fee,
                    Finding::new("bad-cb-fee", "a fee output in a coinbase", at),
                );
            }
            // HasValidFee: each fee above 0 and within MoneyRange, and each asset's fees
            // summing within it. Its loop stops at the first failure.
            if self.fee.is_none() {
                let fee = amount(fee);
                if fee == 0 || !money_range(fee) {
                    self.fee = Some(Finding::new(
                        "bad-txns-fee-outofrange",
                        "a fee of 0 or above MAX_MONEY",
                        at,
                    ));
                } else {
                    let total = self.fees.entry(tag).or_insert(0);
                    // Both are at most MAX_MONEY: no overflow.
                    *total += fee;
                    if !money_range(*total) {
                        self.fee = Some(Finding::new(
                            "bad-txns-fee-outofrange",
                            "one asset's fees summing above MAX_MONEY",
                            at,
                        ));
                    }
                }
            }
        }
        // CachingRangeProofChecker::VerifyRangeProof: a proof whose minimum is 0 does not
        // verify for an output with a spendable script (a 0-value output could carry
        // reissuance tokens from nothing). The minimum is the header's; a proof whose header
        // does not parse fails on its own.
        if let Value::Confidential(_) = output.value {
            if spendable && borromean::info(output.rangeproof).is_ok_and(|info| info.min_value == 0)
            {
                first(
                    &mut self.zero_minimum,
                    Finding::new(
                        IN_NE_OUT,
                        "a range proof with minimum 0 on an output with a spendable script",
                        at,
                    ),
                );
            }
        }
        self.sigops += legacy_sigops(output.script_pubkey);
    }

    /// Every check's failure, in the order Elements runs them (the module's notes).
    pub(super) fn findings(self) -> Vec<Finding> {
        let tx = self.tx;
        let check_transaction = if tx.n_inputs() == 0 {
            Some(Finding::new("bad-txns-vin-empty", "no inputs", None))
        } else if tx.n_outputs() == 0 {
            Some(Finding::new("bad-txns-vout-empty", "no outputs", None))
        } else if tx.base_size() * WITNESS_SCALE_FACTOR > MAX_BLOCK_WEIGHT {
            Some(Finding::new(
                "bad-txns-oversize",
                "more than 1 000 000 bytes without the witness",
                None,
            ))
        } else {
            self.output_amounts.or(self.duplicate).or(if self.coinbase {
                self.coinbase_length.or(self.coinbase_fee)
            } else {
                self.null_prevout
            })
        };
        // MemPoolAccept::PreChecks: a coinbase only as a block's first transaction.
        let coinbase = self.coinbase.then(|| {
            Finding::new(
                "coinbase",
                "a coinbase is valid only as a block's first transaction",
                Some(Place::Input(0)),
            )
        });
        // CheckBlock: the legacy count, scaled, within the block's cost; ContextualCheckBlock:
        // the weight within the block's. A transaction over either fits in no block.
        let sigops = (self.sigops.saturating_mul(WITNESS_SCALE_FACTOR) > MAX_BLOCK_SIGOPS_COST)
            .then(|| {
                Finding::new(
                    "bad-blk-sigops",
                    "more signature operations than a block allows",
                    None,
                )
            });
        let weight = (tx.weight() > MAX_BLOCK_WEIGHT).then(|| {
            Finding::new(
                "bad-blk-weight",
                "a weight above a block's (3 x the size without the witness + the size)",
                None,
            )
        });
        [
            check_transaction,
            coinbase,
            self.fee,
            self.amounts.or(self.zero_minimum),
            sigops,
            weight,
        ]
        .into_iter()
        .flatten()
        .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signature_operations_are_counted_as_elements_counts_them() {
        // OP_CHECKSIG, OP_CHECKMULTISIG, OP_CHECKSIGFROMSTACKVERIFY: 1 + 20 + 1.
        assert_eq!(legacy_sigops(&[0xac, 0xae, 0xc2]), 22);
        // Inside a push they do not count; a push past the end stops the count.
        assert_eq!(legacy_sigops(&[0x02, 0xac, 0xac, 0xac]), 1);
        assert_eq!(legacy_sigops(&[0xac, 0x4c, 0x05, 0xac]), 1);
        assert_eq!(legacy_sigops(&[0x4d, 0x01, 0x00, 0xac, 0xae]), 20);
        assert_eq!(legacy_sigops(&[0x4e, 0xff, 0xff, 0xff, 0xff, 0xac]), 0);
        assert_eq!(legacy_sigops(&[0x4e, 0x00]), 0);
    }

    #[test]
    fn amounts_are_read_signed_and_bounded_by_max_money() {
        assert_eq!(amount(1 << 63), i64::MIN);
        assert!(money_range(MAX_MONEY) && !money_range(MAX_MONEY + 1));
        assert!(!money_range(amount(u64::MAX)));
        assert!(is_unspendable(b"") && is_unspendable(b"\x6a") && !is_unspendable(b"\x51"));
        assert!(is_unspendable(&[0x51; MAX_SCRIPT_SIZE + 1]));
    }
}
