//! The two balance checks of an MWEB transaction or block (Litecoin Core's
//! `KernelSumValidator` and `StealthSumValidator`).
//!
//! * **Kernel sum**: with \\(\Delta = \sum (\mathit{pegin} - \mathit{fee} - \sum
//!   \mathit{pegouts})\\) over the kernels (the supply change, within \\(\pm\\)`MAX_MONEY`),
//!   \\(\sum C_{out} - \sum C_{in} - \Delta H = \sum E + x G\\) for the kernel offset \\(x\\)
//!   (a block: its header's cumulative offset minus the previous block's).
//! * **Stealth sum**: \\(\sum K_s\\) over the outputs plus \\(\sum K_i\\) over the inputs
//!   that carry an input key equals \\(\sum E'\\) over the kernels with a stealth excess plus
//!   \\(\sum K_o\\) over all inputs plus \\(x' G\\) for the stealth offset \\(x'\\).
//!
//! Amounts are bounded as Core bounds them (`Kernel::GetSupplyChange`, `TxBody::GetSupplyChange`):
//! a fee, a peg-in, each peg-out and the running peg-out total in \\([0, \mathit{MAX\_MONEY}]\\),
//! each kernel's supply change and the running sum over the kernels in their order within
//! \\(\pm\\)`MAX_MONEY` — otherwise the body is invalid ("amount out of range",
//! `AMOUNT_OUT_OF_RANGE`), whatever its sums.
//!
//! Offsets are big-endian scalars; zero drops the term, anything not below the group order is
//! refused. Every point must decode (commitments `08`/`09` ‖ x, keys `02`/`03` ‖ x, on the
//! curve); a body whose points do not decode fails both checks. Sums are formed as Core forms
//! them, step by step, and a step whose result is the point at infinity fails the check, as
//! `secp256k1_pedersen_commit_sum` and `secp256k1_ec_pubkey_combine` refuse to return it; a
//! side with no terms at all is Core's zero commitment or key, equal only to the other side
//! when that has none either.

use alloc::vec::Vec;

use k256::elliptic_curve::PrimeField;
use k256::{ProjectivePoint, Scalar};

use super::wire::{Kernel, TxBody};
use crate::secp256k1_zkp::generator::{self, Commitment};

/// Litecoin's money supply bound, in litoshis (`MAX_MONEY`).
pub const MAX_MONEY: i64 = 84_000_000 * 100_000_000;

/// `MoneyRange`: in \\([0, \mathit{MAX\_MONEY}]\\).
fn money(amount: i64) -> bool {
    (0..=MAX_MONEY).contains(&amount)
}

/// `IsValidAmountRange`: within \\(\pm\\)`MAX_MONEY`.
fn amount_range(amount: i64) -> bool {
    (-MAX_MONEY..=MAX_MONEY).contains(&amount)
}

/// An amount as read (the parser bounds every amount by `i64::MAX`, Core's `CAmount`) in
/// \\([0, \mathit{MAX\_MONEY}]\\).
fn money_of(amount: u64) -> Option<i64> {
    i64::try_from(amount).ok().filter(|&a| money(a))
}

/// A kernel's supply change, \\(\mathit{pegin} - \mathit{fee} - \sum \mathit{pegouts}\\),
/// or `None` where Core's `Kernel::GetSupplyChange` has none: an amount or the running
/// peg-out total outside \\([0, \mathit{MAX\_MONEY}]\\), or the change outside
/// \\(\pm\\)`MAX_MONEY`.
pub fn kernel_supply_change(kernel: &Kernel) -> Option<i64> {
    let pegin = money_of(kernel.pegin.unwrap_or(0))?;
    let fee = money_of(kernel.fee.unwrap_or(0))?;
    let mut pegouts = 0i64;
    for pegout in &kernel.pegouts {
        // Both at most MAX_MONEY: the sum cannot overflow.
        pegouts += money_of(pegout.amount)?;
        if !money(pegouts) {
            return None;
        }
    }
    // Each term at most MAX_MONEY in size: no overflow.
    Some(pegin - fee - pegouts).filter(|&change| amount_range(change))
}

/// The supply change \\(\Delta\\) of a body's kernels, summed in their order, or `None`
/// where Core's `TxBody::GetSupplyChange` has none (a kernel's has none, or a running sum
/// leaves \\(\pm\\)`MAX_MONEY`).
pub fn supply_change(body: &TxBody) -> Option<i64> {
    body.kernels.iter().try_fold(0i64, |total, kernel| {
        // Both within ±MAX_MONEY: no overflow.
        Some(total + kernel_supply_change(kernel)?).filter(|&t| amount_range(t))
    })
}

/// The fees of a body's kernels, or `None` where Core's `TxBody::GetTotalFee` has none (a
/// fee or a running total outside \\([0, \mathit{MAX\_MONEY}]\\)).
pub fn total_fee(body: &TxBody) -> Option<i64> {
    body.kernels.iter().try_fold(0i64, |total, kernel| {
        Some(total + money_of(kernel.fee.unwrap_or(0))?).filter(|&t| money(t))
    })
}

/// Whether every amount of a body is within Core's bounds (its supply change exists).
pub fn amounts_in_range(body: &TxBody) -> bool {
    supply_change(body).is_some()
}

/// \\(x G\\) for a big-endian offset: the identity for zero, `None` when not below the order.
fn offset_point(offset: &[u8; 32]) -> Option<ProjectivePoint> {
    let x = Option::<Scalar>::from(Scalar::from_repr((*offset).into()))?;
    Some(ProjectivePoint::GENERATOR * x)
}

fn commitment(bytes: &[u8; 33]) -> Option<ProjectivePoint> {
    Commitment::from_bytes(bytes).ok().map(|c| c.point())
}

fn key(bytes: &[u8; 33]) -> Option<ProjectivePoint> {
    crate::secp256k1_zkp::public_key(bytes)
}

/// Core's `Pedersen::AddCommitments` and `PublicKeys::Add`: `Ok(None)` for no terms (the zero
/// commitment or key), `Err` when a term does not decode or the sum is the point at infinity.
fn core_sum(
    positive: impl IntoIterator<Item = ProjectivePoint>,
    negative: impl IntoIterator<Item = ProjectivePoint>,
) -> Result<Option<ProjectivePoint>, ()> {
    let mut terms = 0usize;
    let mut total = ProjectivePoint::IDENTITY;
    for p in positive {
        total += p;
        terms += 1;
    }
    for n in negative {
        total -= n;
        terms += 1;
    }
    match (terms, total == ProjectivePoint::IDENTITY) {
        (0, _) => Ok(None),
        (_, true) => Err(()),
        (_, false) => Ok(Some(total)),
    }
}

/// Every point decoded, or `Err` at the first that does not.
fn decoded<'b>(
    points: impl IntoIterator<Item = &'b [u8; 33]>,
    decode: fn(&[u8; 33]) -> Option<ProjectivePoint>,
) -> Result<Vec<ProjectivePoint>, ()> {
    points.into_iter().map(|p| decode(p).ok_or(())).collect()
}

/// \\(x G\\) for a nonzero offset, `Ok(None)` for zero (Core drops the term), `Err` when not
/// below the group order.
fn offset_term(offset: &[u8; 32]) -> Result<Option<ProjectivePoint>, ()> {
    if offset.iter().all(|&b| b == 0) {
        return Ok(None);
    }
    offset_point(offset).map(Some).ok_or(())
}

/// Whether the kernel sum holds for `body` with kernel offset `offset`, as Core's
/// `KernelSumValidator::ValidateSums` forms it: \\(U = \sum C_{out} - \sum C_{in}\\), then
/// \\(U - \Delta H\\) (or \\(U + |\Delta| H\\)), against \\(\sum E\\), then \\(+ x G\\).
pub fn kernel_sum_holds(body: &TxBody, offset: &[u8; 32]) -> bool {
    let check = || -> Result<bool, ()> {
        let delta = supply_change(body).ok_or(())?;
        let outputs = decoded(body.outputs.iter().map(|o| &o.commitment), commitment)?;
        let inputs = decoded(body.inputs.iter().map(|i| &i.commitment), commitment)?;
        let mut utxos = core_sum(outputs, inputs)?;
        let supply = generator::h() * Scalar::from(delta.unsigned_abs());
        if delta > 0 {
            utxos = core_sum(utxos, [supply])?;
        } else if delta < 0 {
            utxos = core_sum(utxos.into_iter().chain([supply]), [])?;
        }
        let excesses = decoded(body.kernels.iter().map(|k| &k.excess), commitment)?;
        let mut excess = core_sum(excesses, [])?;
        if let Some(offset) = offset_term(offset)? {
            excess = core_sum(excess.into_iter().chain([offset]), [])?;
        }
        Ok(utxos == excess)
    };
    check().unwrap_or(false)
}

/// Whether the stealth sum holds for `body` with stealth offset `offset`, as Core's
/// `StealthSumValidator` forms it: \\(\sum K_s + \sum K_i\\) against \\(\sum E' + \sum K_o +
/// x' G\\), each side one combination.
pub fn stealth_sum_holds(body: &TxBody, offset: &[u8; 32]) -> bool {
    let check = || -> Result<bool, ()> {
        let mut lhs = decoded(body.outputs.iter().map(|o| &o.sender_pubkey), key)?;
        lhs.extend(decoded(
            body.inputs.iter().filter_map(|i| i.input_pubkey.as_ref()),
            key,
        )?);
        let mut rhs = decoded(
            body.kernels
                .iter()
                .filter_map(|k| k.stealth_excess.as_ref()),
            key,
        )?;
        rhs.extend(decoded(body.inputs.iter().map(|i| &i.output_pubkey), key)?);
        rhs.extend(offset_term(offset)?);
        Ok(core_sum(lhs, [])? == core_sum(rhs, [])?)
    };
    check().unwrap_or(false)
}
