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
//! Offsets are big-endian scalars; zero drops the term, anything not below the group order is
//! refused. Every point must decode (commitments `08`/`09` ‖ x, keys `02`/`03` ‖ x, on the
//! curve); a body whose points do not decode fails both checks.

use k256::elliptic_curve::PrimeField;
use k256::{ProjectivePoint, Scalar};

use super::wire::{Kernel, TxBody};
use crate::secp256k1_zkp::generator::{self, Commitment};

/// Litecoin's money supply bound, in litoshis (`MAX_MONEY`).
pub const MAX_MONEY: i128 = 84_000_000 * 100_000_000;

/// A kernel's own supply change, \\(\mathit{pegin} - \mathit{fee} - \sum \mathit{pegouts}\\).
pub fn kernel_supply_change(kernel: &Kernel) -> i128 {
    let pegouts: i128 = kernel.pegouts.iter().map(|p| i128::from(p.amount)).sum();
    i128::from(kernel.pegin.unwrap_or(0)) - i128::from(kernel.fee.unwrap_or(0)) - pegouts
}

/// Whether a supply change is within \\(\pm\\)`MAX_MONEY`.
pub fn in_money_range(delta: i128) -> bool {
    (-MAX_MONEY..=MAX_MONEY).contains(&delta)
}

/// The supply change \\(\Delta\\) of a body's kernels, or `None` past \\(\pm\\)`MAX_MONEY`.
pub fn supply_change(body: &TxBody) -> Option<i128> {
    let delta: i128 = body.kernels.iter().map(kernel_supply_change).sum();
    in_money_range(delta).then_some(delta)
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

fn sum<'b>(
    points: impl IntoIterator<Item = &'b [u8; 33]>,
    decode: fn(&[u8; 33]) -> Option<ProjectivePoint>,
) -> Option<ProjectivePoint> {
    points
        .into_iter()
        .try_fold(ProjectivePoint::IDENTITY, |acc, p| Some(acc + decode(p)?))
}

/// Whether the kernel sum holds for `body` with kernel offset `offset`.
pub fn kernel_sum_holds(body: &TxBody, offset: &[u8; 32]) -> bool {
    let check = || -> Option<bool> {
        let delta = supply_change(body)?;
        let magnitude = Scalar::from(u64::try_from(delta.unsigned_abs()).ok()?);
        let supply = generator::h() * magnitude;
        let supply = if delta < 0 { -supply } else { supply };
        let outputs = sum(body.outputs.iter().map(|o| &o.commitment), commitment)?;
        let inputs = sum(body.inputs.iter().map(|i| &i.commitment), commitment)?;
        let excesses = sum(body.kernels.iter().map(|k| &k.excess), commitment)?;
        Some(outputs - inputs - supply == excesses + offset_point(offset)?)
    };
    check().unwrap_or(false)
}

/// Whether the stealth sum holds for `body` with stealth offset `offset`.
pub fn stealth_sum_holds(body: &TxBody, offset: &[u8; 32]) -> bool {
    let check = || -> Option<bool> {
        let senders = sum(body.outputs.iter().map(|o| &o.sender_pubkey), key)?;
        let input_keys = sum(
            body.inputs.iter().filter_map(|i| i.input_pubkey.as_ref()),
            key,
        )?;
        let stealth = sum(
            body.kernels
                .iter()
                .filter_map(|k| k.stealth_excess.as_ref()),
            key,
        )?;
        let spent = sum(body.inputs.iter().map(|i| &i.output_pubkey), key)?;
        Some(senders + input_keys == stealth + spent + offset_point(offset)?)
    };
    check().unwrap_or(false)
}
