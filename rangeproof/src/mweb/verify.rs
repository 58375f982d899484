//! An MWEB transaction or block checked as Litecoin Core checks it, apart from chain state
//! (that the spent outputs exist and are unspent): a report per output, input and kernel and
//! per check, the rule each failing check breaks in Core's words, and one verdict.
//!
//! Every body (`TxBody::Validate`): the weight limits, the sort orders, no duplicate IDs,
//! every kernel, input and output signature, every output's range proof (one batch), and its
//! amounts within Core's bounds. A transaction adds its canonical side's own rules
//! (`CheckTransaction`), its peg-in outputs against its peg-in kernels
//! (`MWEB::Node::CheckTransaction`), and the kernel sum and the stealth sum with its own
//! offsets (`mw::Transaction::Validate`). A block (`MWEB::Node::ContextualCheckBlock`,
//! `mw::Block::Validate`, `BlockValidator`) adds its height against its coinbase's, no peg-in
//! output in the coinbase or the HogEx, the HogEx's inputs against the block's peg-in outputs,
//! the kernel count and the kernel MMR root against its header, the lock heights, the stealth
//! sum with the header's offset, the HogEx's commitment to the header, and the peg-ins and
//! peg-outs against the block's canonical side; its kernel sum needs the previous block's
//! cumulative kernel offset, and is [`Status::NotChecked`] without it.
//!
//! What a block's verdict covers is its MWEB data and the canonical transactions' part in it;
//! the canonical block's own rules (proof of work, Merkle root, scripts) are not checked here.

use alloc::vec::Vec;
use core::borrow::Borrow;

use k256::elliptic_curve::PrimeField;
use k256::{FieldBytes, Scalar};
use rand_core::{CryptoRng, RngCore};

use super::canonical::{self, Broken, HogExInputs};
use super::check_output_proofs;
use super::signatures::{kernel_id, output_id, verify_signatures, SignatureCheck};
use super::sums::{
    amounts_in_range, kernel_sum_holds, kernel_supply_change, stealth_sum_holds, total_fee,
};
use super::wire::{Block, Kernel, MwebBlock, Transaction, TxBody};
use crate::bitcoin_wire::write_compact_size;

/// An MWEB body's weight limit (libmw's consensus parameters).
pub const MAX_WEIGHT: u64 = 200_000;

/// The most inputs a body may have (libmw's consensus parameters).
pub const MAX_INPUTS: usize = 50_000;

/// The MWEB outputs Litecoin froze (mainnet's and regtest's `frozen_mweb_output_ids`,
/// `src/chainparams.cpp`): spending one is invalid. No testnet output has this ID either (an
/// ID is a hash), so the rule is applied on every network.
pub const FROZEN_OUTPUTS: [[u8; 32]; 1] = [[
    0x2f, 0x3a, 0x08, 0xd9, 0xf5, 0xef, 0x5f, 0x38, 0x83, 0x86, 0xc1, 0x1e, 0xfe, 0x93, 0x53, 0x94,
    0xb1, 0x4b, 0x52, 0x42, 0x20, 0xcf, 0xf4, 0xec, 0x5c, 0x81, 0x94, 0x2b, 0x82, 0xe6, 0x94, 0xf7,
]];

fn no_frozen_inputs(body: &TxBody, rule: &'static str) -> Result<(), Broken> {
    if body
        .inputs
        .iter()
        .any(|i| FROZEN_OUTPUTS.contains(&i.output_id))
    {
        return Err(Broken::rule(rule));
    }
    Ok(())
}

/// Heights above this one enforce kernel lock heights (libmw's
/// `KERNEL_LOCK_HEIGHT_GRANDFATHER_HEIGHT`, on every network).
pub const LOCK_HEIGHT_FROM: u32 = 3_110_000;

/// A check's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// It holds.
    Holds,
    /// It fails.
    Fails,
    /// It could not run (what it needs was not given).
    NotChecked,
}

impl From<bool> for Status {
    fn from(holds: bool) -> Self {
        if holds {
            Status::Holds
        } else {
            Status::Fails
        }
    }
}

/// The checks beside the per-item ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// The canonical side: a transaction's inputs and outputs unless MWEB-only, its size,
    /// values within `MAX_MONEY`, no outpoint twice, no null outpoint, not a coinbase; a
    /// block's coinbase first and alone, each transaction's own rules, its Merkle root.
    Canonical,
    /// Every kernel's fee, peg-in and peg-outs, the supply changes and the fees' total, within
    /// Core's bounds.
    Amounts,
    /// No input spends an output Litecoin froze (`frozen_mweb_output_ids`).
    Frozen,
    /// Weight at most [`MAX_WEIGHT`], at most [`MAX_INPUTS`] inputs.
    Weight,
    /// Inputs by spent output ID, outputs by ID, kernels by supply change (descending) then
    /// ID, every one in its place.
    Sorted,
    /// No spent output, output or kernel twice.
    Unique,
    /// Outputs minus inputs minus the supply change equal the kernel excesses plus the offset.
    KernelSum,
    /// Sender keys and input keys equal the stealth excesses, the spent output keys and the
    /// stealth offset.
    StealthSum,
    /// The MWEB header's height is the coinbase's and one above the previous block's
    /// (blocks).
    Height,
    /// No peg-in output in the coinbase or the HogEx (blocks).
    UnexpectedPegIns,
    /// The HogEx's inputs: the previous HogEx's output, then the block's peg-in outputs in
    /// order (blocks).
    HogExInputs,
    /// The header's kernel count is the block's (blocks).
    KernelCount,
    /// The header's kernel root is the MMR root of the block's kernels (blocks).
    KernelRoot,
    /// No kernel's lock height above the block's height (blocks past [`LOCK_HEIGHT_FROM`]).
    LockHeights,
    /// The HogEx's first output commits to the MWEB header (blocks).
    HogExHeader,
    /// The peg-in kernels are the canonical peg-in outputs, one each, ID and amount.
    PegIns,
    /// The peg-outs are the HogEx's other outputs, amount and script (blocks).
    PegOuts,
}

impl Check {
    /// The check's name in reports (the command line's lines, its JSON keys).
    pub fn name(self) -> &'static str {
        match self {
            Check::Canonical => "canonical",
            Check::Amounts => "amounts",
            Check::Frozen => "frozen",
            Check::Height => "height",
            Check::UnexpectedPegIns => "pegin_outputs",
            Check::HogExInputs => "hogex_inputs",
            Check::Weight => "weight",
            Check::Sorted => "sorted",
            Check::Unique => "unique",
            Check::KernelSum => "kernel_sum",
            Check::StealthSum => "stealth_sum",
            Check::KernelCount => "kernel_count",
            Check::KernelRoot => "kernel_root",
            Check::LockHeights => "lock_heights",
            Check::HogExHeader => "hogex_header",
            Check::PegIns => "pegins",
            Check::PegOuts => "pegouts",
        }
    }
}

/// How many invalid range proofs a report names at most by default ([`Options`]).
pub use crate::BLAME_LIMIT;

/// How a transaction or block is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The most invalid range proofs named when their batch fails (`None`: all of them);
    /// the outputs past it are reported as not named.
    pub blame_limit: Option<usize>,
    /// Run the cryptographic checks (range proofs, signatures, the kernel and stealth sums)
    /// even where a cheap check already fails. Off by default: the cheap checks (weight,
    /// order, duplicates, the canonical side, peg-ins, amounts, the block's own rules) run
    /// first, and a failing one makes the verdict invalid without the cost of the rest — what
    /// keeps input that breaks a rule from costing more than honest input. Skipped, the rest are
    /// reported as not checked.
    pub full_report: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            blame_limit: Some(BLAME_LIMIT),
            full_report: false,
        }
    }
}

/// One output's findings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputReport {
    /// The output's ID.
    pub id: [u8; 32],
    /// Its range proof verifies (with its message as extra data): `Some(true)`; is invalid:
    /// `Some(false)`; was not named (its batch failed and the blame limit stopped before it),
    /// or not checked (a cheap check failed first, [`Options::full_report`]): `None`.
    pub range_proof: Option<bool>,
    /// Its signature verifies under its sender key (`None`: not checked, a cheap check failed
    /// first).
    pub signature: Option<bool>,
}

/// Why a check fails, in Core's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The check.
    pub check: Check,
    /// The rule broken: Core's reject reason (its `state.Invalid` string, or the name of its
    /// `EConsensusError`), verbatim.
    pub rule: &'static str,
    /// The ID of the kernel it concerns, where it concerns one.
    pub kernel: Option<[u8; 32]>,
}

/// What an MWEB transaction or block was found to be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Per output, in order.
    pub outputs: Vec<OutputReport>,
    /// Per input: its signature verifies (`None`: not checked, a cheap check failed first).
    pub inputs: Vec<Option<bool>>,
    /// Per kernel: its signature verifies (`None`: as for inputs).
    pub kernels: Vec<Option<bool>>,
    /// The other checks, in the order they ran.
    pub checks: Vec<(Check, Status)>,
    /// For each check that fails, the rule it breaks.
    pub findings: Vec<Finding>,
}

/// The verdict of a [`Report`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Everything checked holds.
    Valid,
    /// Something fails.
    Invalid,
    /// Nothing fails, but a check could not run.
    Incomplete,
}

impl Report {
    /// One verdict: invalid if anything fails, incomplete if a check could not run.
    pub fn verdict(&self) -> Verdict {
        // A proof not named sits in a batch that failed, one not checked in a report with a
        // failing check: never valid.
        let items = self
            .outputs
            .iter()
            .all(|o| o.range_proof == Some(true) && o.signature == Some(true))
            && self.inputs.iter().all(|&v| v == Some(true))
            && self.kernels.iter().all(|&v| v == Some(true));
        if !items || self.checks.iter().any(|(_, s)| *s == Status::Fails) {
            Verdict::Invalid
        } else if self.checks.iter().any(|(_, s)| *s == Status::NotChecked) {
            Verdict::Incomplete
        } else {
            Verdict::Valid
        }
    }

    /// The status of `check`, if it ran.
    pub fn status(&self, check: Check) -> Option<Status> {
        self.checks
            .iter()
            .find(|(c, _)| *c == check)
            .map(|(_, s)| *s)
    }

    /// Whether a check fails.
    pub fn fails(&self) -> bool {
        self.checks.iter().any(|(_, s)| *s == Status::Fails)
    }

    /// Takes the item checks' verdicts.
    fn take(&mut self, items: Items) {
        for (output, (proof, signature)) in self
            .outputs
            .iter_mut()
            .zip(items.proofs.into_iter().zip(items.outputs))
        {
            output.range_proof = proof;
            output.signature = Some(signature);
        }
        self.inputs = items.inputs.into_iter().map(Some).collect();
        self.kernels = items.kernels.into_iter().map(Some).collect();
    }

    /// The rule `check` breaks, if it fails.
    pub fn finding(&self, check: Check) -> Option<&Finding> {
        self.findings.iter().find(|f| f.check == check)
    }

    /// Records a check's outcome, and the rule broken when it fails.
    fn record(&mut self, check: Check, outcome: Result<(), Broken>) {
        match outcome {
            Ok(()) => self.checks.push((check, Status::Holds)),
            Err(broken) => self.fail(check, broken),
        }
    }

    /// Records a check that holds unless `holds` is false, when it breaks `rule`.
    fn expect(&mut self, check: Check, holds: bool, rule: &'static str) {
        self.record(
            check,
            if holds {
                Ok(())
            } else {
                Err(Broken::rule(rule))
            },
        );
    }

    /// Records checks that did not run.
    fn not_checked(&mut self, checks: &[Check]) {
        self.checks
            .extend(checks.iter().map(|&check| (check, Status::NotChecked)));
    }

    fn fail(&mut self, check: Check, broken: Broken) {
        self.checks.push((check, Status::Fails));
        self.findings.push(Finding {
            check,
            rule: broken.rule,
            kernel: broken.kernel,
        });
    }
}

fn ceil_42(len: usize) -> u64 {
    len.div_ceil(42) as u64
}

/// A body's weight (libmw's `Weight::Calculate`).
pub fn weight(body: &TxBody) -> u64 {
    let outputs: u64 = body
        .outputs
        .iter()
        .map(|o| {
            17 + u64::from(o.message.standard.is_some())
                + ceil_42(o.message.extra_data.map_or(0, <[u8]>::len))
        })
        .sum();
    let kernels: u64 = body
        .kernels
        .iter()
        .map(|k| {
            2 + u64::from(k.stealth_excess.is_some())
                + k.pegouts
                    .iter()
                    .map(|p| ceil_42(p.script_pubkey.len()))
                    .sum::<u64>()
                + ceil_42(k.extra_data.map_or(0, <[u8]>::len))
        })
        .sum();
    let inputs: u64 = body
        .inputs
        .iter()
        .map(|i| ceil_42(i.extra_data.map_or(0, <[u8]>::len)))
        .sum();
    outputs + kernels + inputs
}

/// Kernels' order (Core's `KernelSort`): supply change descending, kernels without one
/// (out of range) after all others, then ID.
fn kernel_order(kernel: &Kernel) -> (bool, i64, [u8; 32]) {
    let change = kernel_supply_change(kernel);
    (
        change.is_none(),
        change.map_or(0, |c| -c),
        kernel_id(kernel),
    )
}

fn sorted_and_unique(body: &TxBody, output_ids: &[[u8; 32]]) -> (bool, bool) {
    let spent: Vec<[u8; 32]> = body.inputs.iter().map(|i| i.output_id).collect();
    let kernels: Vec<_> = body.kernels.iter().map(kernel_order).collect();
    let sorted = spent.is_sorted() && output_ids.is_sorted() && kernels.is_sorted();
    let unique = |ids: &mut Vec<[u8; 32]>| {
        ids.sort_unstable();
        ids.windows(2).all(|w| w[0] != w[1])
    };
    let kernel_ids: Vec<[u8; 32]> = kernels.iter().map(|k| k.2).collect();
    let unique = unique(&mut spent.clone())
        && unique(&mut output_ids.to_vec())
        && unique(&mut kernel_ids.clone());
    (sorted, unique)
}

/// The item checks of some bodies: every range proof of all of them in one batch, every
/// signature (outputs', inputs', kernels') in another — a body's, a block's, or a chain
/// segment's worth at once.
struct Items {
    proofs: Vec<Option<bool>>,
    outputs: Vec<bool>,
    inputs: Vec<bool>,
    kernels: Vec<bool>,
}

fn batched_items<R: RngCore + CryptoRng>(
    bodies: &[&TxBody],
    options: &Options,
    rng: &mut R,
) -> Vec<Items> {
    let outputs = bodies.iter().flat_map(|b| &b.outputs);
    let mut proofs = check_output_proofs(outputs, options.blame_limit, rng).into_iter();
    let checks: Vec<SignatureCheck> = bodies
        .iter()
        .flat_map(|b| {
            let outputs = b.outputs.iter().map(SignatureCheck::output);
            let inputs = b.inputs.iter().map(SignatureCheck::input);
            let kernels = b.kernels.iter().map(SignatureCheck::kernel);
            outputs.chain(inputs).chain(kernels)
        })
        .collect();
    let mut signatures = verify_signatures(&checks, rng).into_iter();
    bodies
        .iter()
        .map(|b| Items {
            proofs: proofs.by_ref().take(b.outputs.len()).collect(),
            outputs: signatures.by_ref().take(b.outputs.len()).collect(),
            inputs: signatures.by_ref().take(b.inputs.len()).collect(),
            kernels: signatures.by_ref().take(b.kernels.len()).collect(),
        })
        .collect()
}

/// The cheap checks every body gets; its items not checked yet ([`Report::take`]).
fn body_report(body: &TxBody) -> Report {
    let outputs: Vec<OutputReport> = body
        .outputs
        .iter()
        .map(|o| OutputReport {
            id: output_id(o),
            range_proof: None,
            signature: None,
        })
        .collect();
    let ids: Vec<[u8; 32]> = outputs.iter().map(|o| o.id).collect();
    let (sorted, unique) = sorted_and_unique(body, &ids);
    let weight_ok = weight(body) <= MAX_WEIGHT && body.inputs.len() <= MAX_INPUTS;
    let mut report = Report {
        outputs,
        inputs: vec![None; body.inputs.len()],
        kernels: vec![None; body.kernels.len()],
        checks: Vec::new(),
        findings: Vec::new(),
    };
    report.expect(Check::Weight, weight_ok, "BLOCK_WEIGHT");
    report.expect(Check::Sorted, sorted, "NOT_SORTED");
    report.expect(Check::Unique, unique, "DUPLICATES");
    report
}

/// The rule a failing kernel sum breaks: Core does not form the sum past an amount out of
/// range, and names that instead.
fn sum_rule(amounts_in_range: bool) -> &'static str {
    if amounts_in_range {
        "BLOCK_SUMS"
    } else {
        "AMOUNT_OUT_OF_RANGE"
    }
}

/// Checks a transaction's MWEB part as the mempool does, with the canonical side's rules
/// that concern it (`None` for a transaction without one), with the default [`Options`].
pub fn verify_transaction<R: RngCore + CryptoRng>(tx: &Transaction, rng: &mut R) -> Option<Report> {
    verify_transaction_with(tx, &Options::default(), rng)
}

/// [`verify_transaction`] with `options`.
pub fn verify_transaction_with<R: RngCore + CryptoRng>(
    tx: &Transaction,
    options: &Options,
    rng: &mut R,
) -> Option<Report> {
    let mweb = tx.mweb.as_ref()?;
    let body = &mweb.body;
    let mut report = body_report(body);
    report.record(Check::Canonical, canonical::loose_transaction(tx));
    report.record(Check::PegIns, canonical::transaction_pegins(tx, body));
    let amounts = amounts_in_range(body);
    report.record(
        Check::Amounts,
        match (amounts, total_fee(body)) {
            (false, _) => Err(Broken::rule("AMOUNT_OUT_OF_RANGE")),
            (true, None) => Err(Broken::rule("bad-txns-mwebfee-outofrange")),
            (true, Some(_)) => Ok(()),
        },
    );
    report.record(
        Check::Frozen,
        no_frozen_inputs(body, "bad-txns-frozen-mweb-output"),
    );
    // The cryptography last, and only when it can change the verdict (or is asked for).
    if report.fails() && !options.full_report {
        report.not_checked(&[Check::KernelSum, Check::StealthSum]);
        return Some(report);
    }
    report.take(batched_items(&[body], options, rng).pop()?);
    report.expect(
        Check::KernelSum,
        kernel_sum_holds(body, &mweb.kernel_offset),
        sum_rule(amounts),
    );
    report.expect(
        Check::StealthSum,
        stealth_sum_holds(body, &mweb.stealth_offset),
        "STEALTH_SUMS",
    );
    Some(report)
}

/// The root of a Merkle mountain range over `leaves` (libmw's `MMR`): leaves hashed with their
/// post-order position and length, parents with theirs, peaks bagged right to left with the
/// node count; zero for none.
pub fn mmr_root<'l>(leaves: impl IntoIterator<Item = &'l [u8]>) -> [u8; 32] {
    let hash = |parts: &[&[u8]]| {
        let mut hasher = blake3::Hasher::new();
        for part in parts {
            hasher.update(part);
        }
        *hasher.finalize().as_bytes()
    };
    let mut peaks: Vec<(u32, [u8; 32])> = Vec::new();
    let mut nodes = 0u64;
    for leaf in leaves {
        let mut len = Vec::new();
        write_compact_size(leaf.len(), &mut len);
        peaks.push((0, hash(&[&nodes.to_le_bytes(), &len, leaf])));
        nodes += 1;
        while let [.., (left_height, left), (right_height, right)] = peaks[..] {
            if left_height != right_height {
                break;
            }
            peaks.truncate(peaks.len() - 2);
            peaks.push((
                left_height + 1,
                hash(&[&nodes.to_le_bytes(), &left, &right]),
            ));
            nodes += 1;
        }
    }
    let mut bagged = peaks.iter().rev().map(|(_, h)| *h);
    let Some(mut root) = bagged.next() else {
        return [0; 32];
    };
    for peak in bagged {
        root = hash(&[&nodes.to_le_bytes(), &peak, &root]);
    }
    root
}

/// `a − b` for big-endian scalars (`None` if either is not below the order).
fn offset_difference(a: &[u8; 32], b: &[u8; 32]) -> Option<[u8; 32]> {
    let scalar = |x: &[u8; 32]| Option::<Scalar>::from(Scalar::from_repr(FieldBytes::from(*x)));
    Some((scalar(a)? - scalar(b)?).to_repr().into())
}

/// Checks a block's MWEB part as Litecoin Core does when it connects the block, apart from
/// chain state; `previous_kernel_offset` is the previous block's MWEB header's cumulative
/// kernel offset (without it the kernel sum is not checked). `None` for a block without an
/// MWEB block.
pub fn verify_block<R: RngCore + CryptoRng>(
    block: &Block,
    previous_kernel_offset: Option<&[u8; 32]>,
    rng: &mut R,
) -> Option<Report> {
    verify_blocks(core::slice::from_ref(block), previous_kernel_offset, rng).pop()?
}

/// Checks a chain segment — blocks in order (owned or borrowed) — as [`verify_block`] checks each, with every
/// range proof of the segment in one batch and every signature in another (split across
/// threads with the `parallel` feature). A block whose header names the block before it as its
/// previous block is checked against it: that block's header offset is its previous kernel
/// offset, its height must be one more, and its HogEx's first input must spend that block's
/// HogEx. The first block takes `previous_kernel_offset`; any other block's kernel sum is not
/// checked. A report per block (`None` for one without an MWEB block).
pub fn verify_blocks<'a, B: Borrow<Block<'a>>, R: RngCore + CryptoRng>(
    blocks: &[B],
    previous_kernel_offset: Option<&[u8; 32]>,
    rng: &mut R,
) -> Vec<Option<Report>> {
    verify_blocks_with(blocks, previous_kernel_offset, &Options::default(), rng)
}

/// [`verify_blocks`] with `options`.
pub fn verify_blocks_with<'a, B: Borrow<Block<'a>>, R: RngCore + CryptoRng>(
    blocks: &[B],
    previous_kernel_offset: Option<&[u8; 32]>,
    options: &Options,
    rng: &mut R,
) -> Vec<Option<Report>> {
    // The cheap checks of every block first, in order (they link the blocks).
    let mut before: Option<Previous> = None;
    let cheap: Vec<Option<(Report, Option<Previous>)>> = blocks
        .iter()
        .enumerate()
        .map(|(k, block)| {
            let block = block.borrow();
            let linked = before.filter(|p| p.hash == block.previous_hash());
            let previous = match (k, linked) {
                (_, Some(p)) => Some(p),
                (0, None) => previous_kernel_offset.map(|offset| Previous {
                    hash: block.previous_hash(),
                    height: None,
                    kernel_offset: *offset,
                    hogex: None,
                }),
                _ => None,
            };
            let mweb = block.mweb.as_ref();
            before = mweb.map(|m| Previous {
                hash: block.hash(),
                height: Some(m.header.height),
                kernel_offset: m.header.kernel_offset,
                hogex: block.transactions.last().map(Transaction::txid),
            });
            mweb?;
            Some((block_report(block, previous.as_ref()), previous))
        })
        .collect();
    // Then the cryptography, in one batch, of the blocks where it can change the verdict.
    let checked: Vec<bool> = cheap
        .iter()
        .map(|c| {
            c.as_ref()
                .is_some_and(|(r, _)| options.full_report || !r.fails())
        })
        .collect();
    let bodies: Vec<&TxBody> = blocks
        .iter()
        .zip(&checked)
        .filter(|(_, checked)| **checked)
        .filter_map(|(b, _)| b.borrow().mweb.as_ref().map(|m| &m.body))
        .collect();
    let mut items = batched_items(&bodies, options, rng).into_iter();
    blocks
        .iter()
        .zip(cheap)
        .zip(checked)
        .map(|((block, cheap), checked)| {
            let (mut report, previous) = cheap?;
            let mweb = block.borrow().mweb.as_ref()?;
            if checked {
                report.take(items.next()?);
                block_sums(&mut report, mweb, previous.as_ref());
            } else {
                report.not_checked(&[Check::KernelSum, Check::StealthSum]);
            }
            Some(report)
        })
        .collect()
}

/// A block's sums: the kernel sum against the previous block's offset (not checked without
/// it), the stealth sum.
fn block_sums(report: &mut Report, mweb: &MwebBlock, previous: Option<&Previous>) {
    let (header, body) = (&mweb.header, &mweb.body);
    match previous {
        Some(previous) => report.expect(
            Check::KernelSum,
            offset_difference(&header.kernel_offset, &previous.kernel_offset)
                .is_some_and(|offset| kernel_sum_holds(body, &offset)),
            sum_rule(amounts_in_range(body)),
        ),
        None => report.checks.push((Check::KernelSum, Status::NotChecked)),
    }
    report.expect(
        Check::StealthSum,
        stealth_sum_holds(body, &header.stealth_offset),
        "STEALTH_SUMS",
    );
}

/// What a block is checked against from the block before it.
#[derive(Clone, Copy)]
struct Previous {
    hash: [u8; 32],
    /// Its MWEB height, where the block is in the segment.
    height: Option<u32>,
    /// Its header's cumulative kernel offset.
    kernel_offset: [u8; 32],
    /// Its HogEx's ID, where the block is in the segment.
    hogex: Option<[u8; 32]>,
}

/// A block's cheap checks: its body's, and the block's own ([`block_sums`] adds the rest).
fn block_report(block: &Block, previous: Option<&Previous>) -> Report {
    // `verify_blocks` passes blocks with an MWEB block only.
    let Some(mweb) = block.mweb.as_ref() else {
        return body_report(&TxBody::default());
    };
    let (header, body) = (&mweb.header, &mweb.body);
    let mut report = body_report(body);
    // Each transaction's ID once: the Merkle root and the HogEx's inputs both need them.
    let ids: Vec<[u8; 32]> = block.transactions.iter().map(Transaction::txid).collect();
    report.record(Check::Canonical, canonical::block_transactions(block, &ids));
    report.record(
        Check::Height,
        canonical::height(block, previous.and_then(|p| p.height)),
    );
    report.record(
        Check::UnexpectedPegIns,
        canonical::no_unexpected_pegins(block),
    );
    match canonical::hogex_inputs(block, &ids, previous.and_then(|p| p.hogex)) {
        Ok(HogExInputs::Hold) => report.checks.push((Check::HogExInputs, Status::Holds)),
        Ok(HogExInputs::HoldIfFirst) => {
            report.checks.push((Check::HogExInputs, Status::NotChecked))
        }
        Err(broken) => report.fail(Check::HogExInputs, broken),
    }
    let amounts = amounts_in_range(body);
    report.expect(
        Check::Amounts,
        amounts && total_fee(body).is_some(),
        "bad-mweb-amount",
    );
    report.record(
        Check::Frozen,
        no_frozen_inputs(body, "frozen-mweb-output-spent"),
    );
    report.expect(
        Check::KernelCount,
        header.kernel_mmr_size == body.kernels.len() as u64,
        "MMR_MISMATCH",
    );
    let kernel_bytes: Vec<Vec<u8>> = body
        .kernels
        .iter()
        .map(super::signatures::kernel_bytes)
        .collect();
    let root = mmr_root(kernel_bytes.iter().map(Vec::as_slice));
    report.expect(
        Check::KernelRoot,
        root == header.kernel_root,
        "MMR_MISMATCH",
    );
    let lock_heights = header.height <= LOCK_HEIGHT_FROM
        || body
            .kernels
            .iter()
            .all(|k| k.lock_height.is_none_or(|h| h <= header.height));
    report.expect(Check::LockHeights, lock_heights, "LOCK_HEIGHT");
    let hogex = block.transactions.last();
    let header_hash = *blake3::hash(header.bytes).as_bytes();
    let hogaddr = hogex
        .and_then(|t| t.outputs.first())
        .and_then(|o| o.hogaddr());
    report.record(
        Check::HogExHeader,
        match hogaddr {
            None => Err(Broken::rule("bad-hogex")),
            Some(hash) if hash != header_hash => Err(Broken::rule("mweb-hash-mismatch")),
            Some(_) => Ok(()),
        },
    );
    report.record(Check::PegIns, canonical::block_pegins(block, body));
    // Peg-outs: amount and script on both sides, as multisets.
    let mut mweb_pegouts: Vec<(u64, &[u8])> = body
        .kernels
        .iter()
        .flat_map(|k| &k.pegouts)
        .map(|p| (p.amount, p.script_pubkey))
        .collect();
    let mut hogex_pegouts: Vec<(u64, &[u8])> = hogex
        .map(|t| {
            t.outputs
                .iter()
                .skip(1)
                .map(|o| (o.value, o.script_pubkey))
                .collect()
        })
        .unwrap_or_default();
    mweb_pegouts.sort_unstable();
    hogex_pegouts.sort_unstable();
    report.expect(
        Check::PegOuts,
        mweb_pegouts == hogex_pegouts,
        "PEGOUT_MISMATCH",
    );
    report
}
