//! Where the canonical chain meets the MWEB, checked as Litecoin Core checks it before any
//! chain state: a loose transaction's own rules (`CheckTransaction` in
//! `src/consensus/tx_check.cpp`, and `MemPoolAccept::PreChecks`' refusal of a loose coinbase),
//! its peg-in outputs against its peg-in kernels (`MWEB::Node::CheckTransaction`), and a
//! block's peg-in outputs against its HogEx's inputs (`MWEB::Node::ContextualCheckBlock`) and
//! its peg-in kernels (`BlockValidator::ValidatePegInCoins`).
//!
//! A peg-in moves coins into the MWEB: a canonical output paying `OP_9` ‖ the kernel's ID
//! locks the coins, and a kernel with a peg-in amount adds them to the MWEB's supply. The MWEB
//! side alone balances for any peg-in amount (the kernel sum counts it as new supply), so the
//! canonical output is what stops a transaction from minting: Core requires exactly one output
//! per peg-in kernel, to its ID, of its amount, and no other. Each function here returns the
//! first rule broken, named by Core's reject reason (its `state.Invalid` string, or the name of
//! its `EConsensusError`).

use alloc::collections::BTreeMap;
use alloc::vec::Vec;

use super::signatures::kernel_id;
use super::sums::MAX_MONEY;
use super::wire::{Block, Transaction, TxBody};

/// A rule broken: Core's reason, and the kernel it concerns where one does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Broken {
    /// Core's reject reason, verbatim.
    pub rule: &'static str,
    /// The ID of the kernel the rule concerns, where it concerns one.
    pub kernel: Option<[u8; 32]>,
}

impl Broken {
    pub(crate) fn rule(rule: &'static str) -> Self {
        Broken { rule, kernel: None }
    }
}

/// The consensus bound on a block's weight (`MAX_BLOCK_WEIGHT`), which bounds a transaction's
/// stripped size times 4 (`bad-txns-oversize`).
const MAX_BLOCK_WEIGHT: usize = 4_000_000;

/// A transaction's context-free rules (`CheckTransaction`, `src/consensus/tx_check.cpp`), in
/// Core's order: inputs and outputs present unless it is MWEB-only, its stripped size, each
/// output's value and their total within `MAX_MONEY`, no outpoint spent twice, and a
/// coinbase's script length, or no null outpoint elsewhere.
pub fn transaction_rules(tx: &Transaction) -> Result<(), Broken> {
    let fail = |rule| Err(Broken::rule(rule));
    if !tx.is_mweb_only() {
        if tx.inputs.is_empty() {
            return fail("bad-txns-vin-empty");
        }
        if tx.outputs.is_empty() {
            return fail("bad-txns-vout-empty");
        }
    }
    if tx.stripped_bytes().len().saturating_mul(4) > MAX_BLOCK_WEIGHT {
        return fail("bad-txns-oversize");
    }
    let mut total: i64 = 0;
    for output in &tx.outputs {
        // Core's amounts are signed: the bytes of a value above i64::MAX read as negative.
        let Ok(value) = i64::try_from(output.value) else {
            return fail("bad-txns-vout-negative");
        };
        if value > MAX_MONEY {
            return fail("bad-txns-vout-toolarge");
        }
        // Both at most MAX_MONEY: no overflow.
        total += value;
        if total > MAX_MONEY {
            return fail("bad-txns-txouttotal-toolarge");
        }
    }
    let mut spent: Vec<([u8; 32], u32)> = tx
        .inputs
        .iter()
        .map(|i| (i.previous_txid, i.vout))
        .collect();
    spent.sort_unstable();
    if spent.windows(2).any(|w| w[0] == w[1]) {
        return fail("bad-txns-inputs-duplicate");
    }
    if tx.is_coinbase() {
        if !(2..=100).contains(&tx.inputs[0].script_sig.len()) {
            return fail("bad-cb-length");
        }
    } else if tx.inputs.iter().any(|i| i.is_null()) {
        return fail("bad-txns-prevout-null");
    }
    Ok(())
}

/// A loose transaction's rules: its `CheckTransaction` rules, and no coinbase outside a block
/// (`MemPoolAccept::PreChecks`). (A HogEx is never loose here: the parser reads a
/// transaction whose MWEB presence byte says "HogEx" as having no MWEB data, and only
/// transactions with MWEB data are verified as transactions.)
pub fn loose_transaction(tx: &Transaction) -> Result<(), Broken> {
    transaction_rules(tx)?;
    if tx.is_coinbase() {
        return Err(Broken::rule("coinbase"));
    }
    Ok(())
}

/// A block's transactions (`CheckBlock`): a coinbase first (`bad-cb-missing`) and nowhere
/// else (`bad-cb-multiple`), each transaction's own rules ([`transaction_rules`],
/// `bad-txns-*`), and the header's Merkle root over their IDs, with no pair of equal IDs at
/// the end of a level that would let another list of transactions hash to it
/// (`bad-txnmrklroot`, `bad-txns-duplicate`). `ids` are the transactions' IDs, in order.
pub fn block_transactions(block: &Block, ids: &[[u8; 32]]) -> Result<(), Broken> {
    if !block.transactions.first().is_some_and(|t| t.is_coinbase()) {
        return Err(Broken::rule("bad-cb-missing"));
    }
    if block.transactions.iter().skip(1).any(|t| t.is_coinbase()) {
        return Err(Broken::rule("bad-cb-multiple"));
    }
    for tx in &block.transactions {
        transaction_rules(tx)?;
    }
    let (root, mutated) = merkle_root(ids.to_vec());
    if root != block.header[36..68] {
        return Err(Broken::rule("bad-txnmrklroot"));
    }
    if mutated {
        return Err(Broken::rule("bad-txns-duplicate"));
    }
    Ok(())
}

/// Bitcoin's Merkle root (`ComputeMerkleRoot`): pairs hashed with SHA-256d level by level, an
/// odd one out paired with itself; and whether some level held two equal hashes side by side
/// (the mutation `BlockMerkleRoot` reports).
pub fn merkle_root(mut level: Vec<[u8; 32]>) -> ([u8; 32], bool) {
    let mut mutated = false;
    if level.is_empty() {
        return ([0; 32], false);
    }
    while level.len() > 1 {
        mutated |= level
            .chunks(2)
            .any(|pair| pair.len() == 2 && pair[0] == pair[1]);
        if level.len() % 2 == 1 {
            let last = level[level.len() - 1];
            level.push(last);
        }
        level = level
            .chunks(2)
            .map(|pair| super::wire::sha256d(&[&pair[0], &pair[1]]))
            .collect();
    }
    (level[0], mutated)
}

/// A transaction's peg-ins (`MWEB::Node::CheckTransaction`): its peg-in outputs name each
/// kernel once (`duplicate-tx-pegins`), as many as its kernels with a peg-in amount
/// (`pegin-count-mismatch`), each kernel's ID with its amount (`pegin-mismatch`). An
/// MWEB-only transaction has no outputs, so any peg-in kernel breaks the count.
pub fn transaction_pegins(tx: &Transaction, body: &TxBody) -> Result<(), Broken> {
    let mut outputs: BTreeMap<[u8; 32], u64> = BTreeMap::new();
    for output in &tx.outputs {
        if let Some(kernel) = output.pegin_kernel() {
            if outputs.insert(kernel, output.value).is_some() {
                return Err(Broken {
                    rule: "duplicate-tx-pegins",
                    kernel: Some(kernel),
                });
            }
        }
    }
    match_pegins(body, &outputs, "pegin-count-mismatch", "pegin-mismatch")
}

/// Each kernel with a peg-in amount against `outputs` (kernel ID → amount): the counts equal
/// (`count_rule`), and each kernel found with its amount (`mismatch_rule`, naming the kernel).
fn match_pegins(
    body: &TxBody,
    outputs: &BTreeMap<[u8; 32], u64>,
    count_rule: &'static str,
    mismatch_rule: &'static str,
) -> Result<(), Broken> {
    let kernels: Vec<([u8; 32], u64)> = body
        .kernels
        .iter()
        .filter_map(|k| Some((kernel_id(k), k.pegin?)))
        .collect();
    let unmatched = kernels
        .iter()
        .find(|(id, amount)| outputs.get(id) != Some(amount))
        .map(|(id, _)| *id);
    if kernels.len() != outputs.len() {
        return Err(Broken {
            rule: count_rule,
            kernel: unmatched,
        });
    }
    match unmatched {
        Some(kernel) => Err(Broken {
            rule: mismatch_rule,
            kernel: Some(kernel),
        }),
        None => Ok(()),
    }
}

/// The transactions between the coinbase and the HogEx: the only ones whose peg-in outputs
/// count (Core skips the first and the last).
fn middle<'b, 'a>(block: &'b Block<'a>) -> &'b [Transaction<'a>] {
    match block.transactions.len() {
        0..=2 => &[],
        n => &block.transactions[1..n - 1],
    }
}

/// No peg-in output in the coinbase or the HogEx (`bad-tx-unexpected-pegin`).
pub fn no_unexpected_pegins(block: &Block) -> Result<(), Broken> {
    let unexpected = block
        .transactions
        .iter()
        .filter(|t| t.is_coinbase() || t.is_hogex)
        .flat_map(|t| &t.outputs)
        .any(|o| o.pegin_kernel().is_some());
    if unexpected {
        return Err(Broken::rule("bad-tx-unexpected-pegin"));
    }
    Ok(())
}

/// A block's peg-in kernels against its peg-in outputs (`BlockValidator::ValidatePegInCoins`:
/// `PEGIN_MISMATCH` for a kernel ID named twice, a count or an amount that differs).
pub fn block_pegins(block: &Block, body: &TxBody) -> Result<(), Broken> {
    let mut outputs: BTreeMap<[u8; 32], u64> = BTreeMap::new();
    for output in middle(block).iter().flat_map(|t| &t.outputs) {
        if let Some(kernel) = output.pegin_kernel() {
            if outputs.insert(kernel, output.value).is_some() {
                return Err(Broken {
                    rule: "PEGIN_MISMATCH",
                    kernel: Some(kernel),
                });
            }
        }
    }
    match_pegins(body, &outputs, "PEGIN_MISMATCH", "PEGIN_MISMATCH")
}

/// What the HogEx's inputs were found to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HogExInputs {
    /// They are the block's peg-in outputs, in order, after the previous HogEx's output.
    Hold,
    /// They would hold only if this is the network's first HogEx (whose inputs are all
    /// peg-ins), which takes chain state to know.
    HoldIfFirst,
}

/// The HogEx's inputs against the block's peg-in outputs (`MWEB::Node::ContextualCheckBlock`):
/// after its first input (the previous HogEx's first output), one input per peg-in output,
/// in the order the block holds them (`pegins-missing`, `pegin-mismatch`), and no other
/// (`extra-hogex-input`). `previous_hogex` is the previous block's HogEx ID where known, and
/// the first input must spend its first output (`invalid-hogex-input`, from `ConnectBlock`).
///
/// Only the network's first HogEx has no previous one and starts its peg-ins at its first
/// input. Where the previous HogEx is not known, a HogEx with no inputs, or whose first input
/// spends an output of this block, can only be that one; for it the rule is checked from the
/// first input and, when it holds, its validity rests on chain state
/// ([`HogExInputs::HoldIfFirst`]). Where it is known, this HogEx is not the first, whatever its
/// first input spends. `ids` are the block's transaction IDs, in order.
pub fn hogex_inputs(
    block: &Block,
    ids: &[[u8; 32]],
    previous_hogex: Option<[u8; 32]>,
) -> Result<HogExInputs, Broken> {
    let Some(hogex) = block.transactions.last().filter(|t| t.is_hogex) else {
        return Err(Broken::rule("hogex-missing"));
    };
    let start = match previous_hogex {
        // A previous HogEx: this is not the first, its first input spends that one's
        // first output (Core's `is_first_hogex` is false whenever the block before had one).
        Some(previous) => {
            let spends_previous = hogex
                .inputs
                .first()
                .is_some_and(|first| first.previous_txid == previous && first.vout == 0);
            if !spends_previous {
                return Err(Broken::rule("invalid-hogex-input"));
            }
            1
        }
        None => {
            let spends_this_block = hogex
                .inputs
                .first()
                .is_none_or(|first| ids.contains(&first.previous_txid));
            if spends_this_block {
                0
            } else {
                1
            }
        }
    };
    let mut next = start;
    // The transactions between the coinbase and the HogEx, with their IDs.
    let count = block.transactions.len();
    let middle = block
        .transactions
        .iter()
        .zip(ids)
        .take(count.saturating_sub(1))
        .skip(1);
    for (tx, &txid) in middle {
        for (n, output) in tx.outputs.iter().enumerate() {
            if output.pegin_kernel().is_none() {
                continue;
            }
            let Some(input) = hogex.inputs.get(next) else {
                return Err(Broken::rule("pegins-missing"));
            };
            next += 1;
            if usize::try_from(input.vout).ok() != Some(n) || input.previous_txid != txid {
                return Err(Broken::rule("pegin-mismatch"));
            }
        }
    }
    if next != hogex.inputs.len() {
        return Err(Broken::rule("extra-hogex-input"));
    }
    Ok(if start == 0 {
        HogExInputs::HoldIfFirst
    } else {
        HogExInputs::Hold
    })
}

/// The BIP34 height a coinbase's script starts with, as Core writes it (`CScript() << height`:
/// a minimal push of the height's little-endian, sign-bit-free bytes).
fn height_push(height: u32) -> Vec<u8> {
    let mut bytes: Vec<u8> = height.to_le_bytes().to_vec();
    while bytes.last() == Some(&0) {
        bytes.pop();
    }
    if bytes.last().is_some_and(|b| b & 0x80 != 0) {
        bytes.push(0);
    }
    let mut push = Vec::with_capacity(bytes.len() + 1);
    match (height, bytes.len()) {
        (0, _) => push.push(0x00),
        (1..=16, _) => push.push(0x50 + height as u8),
        (_, n) => {
            // At most 5 bytes: a direct push.
            push.push(n as u8);
            push.extend(bytes);
        }
    }
    push
}

/// The MWEB header's height is the block's (`mweb-height-mismatch`), the height the coinbase
/// declares (BIP34, `bad-cb-height`), and, where the previous block is known, one above its.
pub fn height(block: &Block, previous_height: Option<u32>) -> Result<(), Broken> {
    let Some(mweb) = block.mweb.as_ref() else {
        return Ok(());
    };
    let height = mweb.header.height;
    // No coinbase: the canonical check names it (`bad-cb-missing`); no height to compare.
    let Some(coinbase) = block.transactions.first().filter(|t| t.is_coinbase()) else {
        return Ok(());
    };
    if !coinbase.inputs[0]
        .script_sig
        .starts_with(&height_push(height))
    {
        return Err(Broken::rule("bad-cb-height"));
    }
    if previous_height.is_some_and(|p| p.checked_add(1) != Some(height)) {
        return Err(Broken::rule("mweb-height-mismatch"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::height_push;

    #[test]
    fn heights_are_pushed_as_core_writes_them() {
        assert_eq!(height_push(0), [0x00]);
        assert_eq!(height_push(1), [0x51]);
        assert_eq!(height_push(16), [0x60]);
        assert_eq!(height_push(17), [0x01, 0x11]);
        assert_eq!(height_push(127), [0x01, 0x7f]);
        assert_eq!(height_push(128), [0x02, 0x80, 0x00]);
        assert_eq!(height_push(2_215_584), [0x03, 0xa0, 0xce, 0x21]);
        assert_eq!(height_push(0x80_0000), [0x04, 0x00, 0x00, 0x80, 0x00]);
    }
}
