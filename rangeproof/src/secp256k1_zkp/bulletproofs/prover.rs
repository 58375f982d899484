//! The prover, deterministic in two 32-byte nonces as secp256k1-zkp's is.
//!
//! Every random value comes from `secp256k1_scalar_chacha20(seed, i)`: the ChaCha20 block
//! with key `seed`, counter words \\((i \bmod 2^{32}, \lfloor i/2^{32} \rfloor, 0, r)\\), read as two
//! big-endian scalars (retrying with \\(r = 1, 2, \ldots\\) while either is not below the group
//! order). With the *rewind* nonce \\(\rho_0\\) and the *private* nonce \\(\rho_1\\):
//! \\((\alpha, \rho) = \mathrm{CC}(\rho_0, 0)\\), \\((\tau_1, \tau_2) = \mathrm{CC}(\rho_1, 1)\\), and
//! \\((s_{L,k}, s_{R,k}) = \mathrm{CC}(\rho_0, k + 2)\\). For one value, \\(\alpha\\) is reduced by
//! the value (and a 20-byte message in bytes 4–23 of its 32-byte form), so that
//! \\(-\mu + \rho x + \alpha = v\\) reveals it to whoever holds \\(\rho_0\\).
//!
//! # Constant time
//!
//! \\(A\\) (the bits select \\(G_k\\) or \\(-H_k\\)), \\(S\\) (the \\(s_{L}, s_{R}\\) blinding
//! vectors), \\(T_1, T_2\\) and the commitments are computed in constant time. The
//! inner-product argument runs in variable time over \\(\mathbf l(x), \mathbf r(x)\\), as the C
//! library's does: the protocol could publish those vectors outright (the paper's protocol
//! before the inner-product compression sends them), so their timing reveals nothing the
//! proof does not.

use crate::{DecodeError, StatementError};
use chacha20::cipher::{KeyIvInit, StreamCipher, StreamCipherSeek};
use chacha20::ChaCha20;
use k256::elliptic_curve::subtle::{Choice, ConditionallySelectable};
use k256::{ProjectivePoint, Scalar};
use zeroize::{Zeroize, ZeroizeOnDrop, Zeroizing};

use std::sync::Arc;

use super::generators::{g as base_g, GrinGeneratorCache, GrinGenerators, ValueGenerator};
use super::proof::GrinRangeProof;
use super::transcript::{HashChain, XOnlyPoint};
use super::verifier::absorb_statement;
use super::GrinStatement;
use crate::group::secp256k1::Secp256k1Precomputation;
use crate::group::{Group, Secp256k1};
use crate::util::inner_product;
use crate::ProofError;

/// `secp256k1_scalar_chacha20(seed, index)`.
pub(crate) fn chacha_scalars(seed: &[u8; 32], index: u64) -> (Scalar, Scalar) {
    let mut retry = 0u32;
    loop {
        let mut nonce = [0u8; 12];
        nonce[..4].copy_from_slice(&((index >> 32) as u32).to_le_bytes());
        nonce[8..].copy_from_slice(&retry.to_le_bytes());
        let mut cipher = ChaCha20::new(seed.into(), &nonce.into());
        cipher.seek(u64::from(index as u32) * 64);
        let mut block = Zeroizing::new([0u8; 64]);
        cipher.apply_keystream(&mut block[..]);
        let mut first = [0u8; 32];
        let mut second = [0u8; 32];
        first.copy_from_slice(&block[..32]);
        second.copy_from_slice(&block[32..]);
        let r1 = Secp256k1::scalar_from_canonical_bytes(&first);
        let r2 = Secp256k1::scalar_from_canonical_bytes(&second);
        first.zeroize();
        second.zeroize();
        if let (Some(r1), Some(r2)) = (r1, r2) {
            return (r1, r2);
        }
        retry += 1;
    }
}

/// The secrets of a proof. Zeroized on drop.
#[derive(Clone, Zeroize, ZeroizeOnDrop)]
pub struct GrinWitness {
    /// The values.
    pub values: Vec<u64>,
    /// The blinding factors \\(\gamma_j\\) (non-zero, as the C library requires).
    pub blindings: Vec<Scalar>,
    /// The rewind nonce \\(\rho_0\\) (Grin derives it from the wallet's key).
    pub rewind_nonce: [u8; 32],
    /// The private nonce \\(\rho_1\\) (defaults to the rewind nonce, as in the C library when it
    /// is absent; then rewinding also recovers the blinding).
    pub private_nonce: Option<[u8; 32]>,
    /// A 20-byte message hidden in the proof (single-value proofs only).
    pub message: Option<[u8; 20]>,
}

impl core::fmt::Debug for GrinWitness {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("GrinWitness { .. }")
    }
}

/// The public parameters of a proof: everything in [`GrinStatement`] but the commitments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrinProver {
    /// Bits per value.
    pub bits: usize,
    /// Generator count \\(N\\).
    pub generators_n: usize,
    /// The value generator.
    pub value_generator: ValueGenerator,
    /// Minimum-value promises (one value only: see [`StatementError::MinimumValuesNeedSingleValue`]).
    pub min_values: Option<Vec<u64>>,
    /// Extra data bound into the transcript.
    pub extra_data: Option<Vec<u8>>,
}

impl GrinProver {
    /// Grin's parameters: 64 bits, \\(N = 256\\), \\(H\\), no minimum, no extra data.
    pub fn grin() -> Self {
        GrinProver {
            bits: 64,
            generators_n: super::GRIN_GENERATORS_N,
            value_generator: ValueGenerator::h(),
            min_values: None,
            extra_data: None,
        }
    }

    /// The statement for these commitments.
    pub fn statement(&self, commitments: Vec<[u8; 33]>) -> GrinStatement {
        GrinStatement {
            bits: self.bits,
            generators_n: self.generators_n,
            commitments,
            value_generator: self.value_generator,
            min_values: self.min_values.clone(),
            extra_data: self.extra_data.clone(),
        }
    }

    /// Proves; returns the statement (with the commitments) and the proof bytes.
    pub fn prove(&self, witness: &GrinWitness) -> Result<(GrinStatement, Vec<u8>), ProofError> {
        self.prove_in(GrinGeneratorCache::process(), witness)
    }

    /// [`Self::prove`] with the generators of `cache`.
    pub fn prove_in(
        &self,
        cache: &GrinGeneratorCache,
        witness: &GrinWitness,
    ) -> Result<(GrinStatement, Vec<u8>), ProofError> {
        let commitments = self.commitments(witness)?;
        let statement = self.statement(commitments);
        let proof = prove_with(cache, &statement, witness, None)?;
        Ok((statement, proof.to_bytes()))
    }

    /// The commitments \\(\gamma_j G + v_j H_v\\), checking the witness.
    pub(crate) fn commitments(&self, witness: &GrinWitness) -> Result<Vec<[u8; 33]>, ProofError> {
        check_witness(self, witness)?;
        witness
            .values
            .iter()
            .zip(&witness.blindings)
            .map(|(v, b)| {
                let c = super::commit(*v, b, &self.value_generator);
                // γ ≠ 0 makes the identity impossible except by a discrete-log relation.
                Ok(Secp256k1::point_to_bytes(&c))
            })
            .collect()
    }
}

fn check_witness(params: &GrinProver, witness: &GrinWitness) -> Result<(), ProofError> {
    let m = witness.values.len();
    if witness.blindings.len() != m {
        return Err(StatementError::MismatchedLengths {
            values: m,
            blindings: witness.blindings.len(),
        }
        .into());
    }
    if witness.blindings.iter().any(|b| bool::from(b.is_zero())) {
        return Err(ProofError::InvalidSecret);
    }
    if let Some(min) = &params.min_values {
        if min.len() != m {
            return Err(StatementError::MismatchedLengths {
                values: m,
                blindings: min.len(),
            }
            .into());
        }
        if m > 1 {
            return Err(StatementError::MinimumValuesNeedSingleValue.into());
        }
    }
    for (j, v) in witness.values.iter().enumerate() {
        let min = params.min_values.as_ref().map_or(0, |m| m[j]);
        let shifted = v.checked_sub(min).ok_or(StatementError::BelowMinimum)?;
        if params.bits < 64 && shifted >> params.bits != 0 {
            return Err(StatementError::ValueOutOfRange { bits: params.bits }.into());
        }
    }
    Ok(())
}

/// Proves with default parameters ([`GrinProver::grin`] but for `bits`).
pub fn prove(bits: usize, witness: &GrinWitness) -> Result<(GrinStatement, Vec<u8>), ProofError> {
    GrinProver {
        bits,
        ..GrinProver::grin()
    }
    .prove(witness)
}

/// What a multi-party session fixes in place of the single prover's \\(\tau_1, \tau_2\\) and
/// \\(\tau_x\\): the sums of every party's shares.
pub(crate) struct SharedTau {
    pub(crate) t1_share_sum: ProjectivePoint,
    pub(crate) t2_share_sum: ProjectivePoint,
    /// \\(\sum \tau_{x,j}\\), when known (the last step); `None` to stop after \\(x\\).
    pub(crate) tau_x_sum: Option<Scalar>,
}

/// The prover's state after the challenge \\(x\\) (what the multi-party steps need).
pub(crate) struct AfterX {
    pub(crate) x: Scalar,
    pub(crate) z: Scalar,
}

/// The whole proof, or (multi-party) the state at \\(x\\).
pub(crate) enum Outcome {
    Proof(Box<GrinRangeProof>),
    Challenges(AfterX),
}

/// The secp256k1-zkp prover (`secp256k1_bulletproof_rangeproof_prove_impl`).
pub(crate) fn prove_with(
    cache: &GrinGeneratorCache,
    statement: &GrinStatement,
    witness: &GrinWitness,
    shared: Option<&SharedTau>,
) -> Result<GrinRangeProof, ProofError> {
    match prove_impl(cache, statement, witness, shared)? {
        Outcome::Proof(p) => Ok(*p),
        Outcome::Challenges(_) => Err(ProofError::InvalidMultipartyMessage),
    }
}

pub(crate) fn prove_impl(
    cache: &GrinGeneratorCache,
    statement: &GrinStatement,
    witness: &GrinWitness,
    shared: Option<&SharedTau>,
) -> Result<Outcome, ProofError> {
    let (nm, gens) = statement.check_in(cache)?;
    let bits = statement.bits;
    let m = statement.commitments.len();
    if witness.values.len() != m {
        return Err(StatementError::MismatchedLengths {
            values: witness.values.len(),
            blindings: m,
        }
        .into());
    }
    let value_gen = statement.value_generator.point();
    let nonce = &witness.rewind_nonce;
    let private_nonce = witness.private_nonce.as_ref().unwrap_or(nonce);

    let mut chain = HashChain::new();
    absorb_statement(&mut chain, statement);

    let (mut alpha, rho) = chacha_scalars(nonce, 0);
    let (tau1, tau2) = chacha_scalars(private_nonce, 1);
    if m == 1 {
        // Encrypt the value (and message) into α: -μ + ρx + α reveals it.
        let mut packed = Zeroizing::new([0u8; 32]);
        packed[24..].copy_from_slice(&witness.values[0].to_be_bytes());
        if let Some(msg) = &witness.message {
            packed[4..24].copy_from_slice(msg);
        }
        // Bytes 0..4 are zero, so the value is below the group order.
        let v = Secp256k1::scalar_from_canonical_bytes(&packed).unwrap_or(Scalar::ZERO);
        alpha -= v;
    }

    // The bits a_L of v_j - min_j, party-major.
    let mins: Vec<u64> = statement.min_values.clone().unwrap_or_else(|| vec![0; m]);
    let mut bit_choices: Zeroizing<Vec<u8>> = Zeroizing::new(Vec::with_capacity(nm));
    for (v, min) in witness.values.iter().zip(&mins) {
        let shifted = v.wrapping_sub(*min);
        for b in 0..bits {
            bit_choices.push(((shifted >> b) & 1) as u8);
        }
    }

    // A = αG + Σ_k (a_L,k ? G_k : -H_k), in constant time.
    let mut a_point = ProjectivePoint::GENERATOR * alpha;
    for (k, bit) in bit_choices.iter().enumerate() {
        let term = ProjectivePoint::conditional_select(&-gens.h(k), &gens.g(k), Choice::from(*bit));
        a_point += term;
    }
    // S = ρG + Σ_k s_L,k G_k + s_R,k H_k.
    let mut s_l = Zeroizing::new(Vec::with_capacity(nm));
    let mut s_r = Zeroizing::new(Vec::with_capacity(nm));
    let mut scalars = Zeroizing::new(Vec::with_capacity(2 * nm + 1));
    let mut points = Vec::with_capacity(2 * nm + 1);
    scalars.push(rho);
    points.push(base_g());
    for k in 0..nm {
        let (l, r) = chacha_scalars(nonce, k as u64 + 2);
        s_l.push(l);
        s_r.push(r);
        scalars.push(l);
        points.push(gens.g(k));
        scalars.push(r);
        points.push(gens.h(k));
    }
    let s_point = Secp256k1::multiscalar_mul(&scalars, &points);
    let a = XOnlyPoint::from_point(a_point).ok_or(DecodeError::IdentityPoint)?;
    let s = XOnlyPoint::from_point(s_point).ok_or(DecodeError::IdentityPoint)?;

    chain.absorb_pair((a.x, a.non_residue), (s.x, s.non_residue));
    let y = chain.challenge()?;
    chain.absorb_pair((a.x, a.non_residue), (s.x, s.non_residue));
    let z = chain.challenge()?;

    // l(X) = (a_L - z) + s_L X;  r(X) = y^k (a_L - 1 + z + s_R X) + z^{2+j} 2^b.
    let one = Scalar::ONE;
    let mut l0 = Zeroizing::new(Vec::with_capacity(nm));
    let mut r0 = Zeroizing::new(Vec::with_capacity(nm));
    let mut r1 = Zeroizing::new(Vec::with_capacity(nm));
    let mut y_k = one;
    let mut z_j = z * z;
    for j in 0..m {
        let mut two_b = z_j;
        for b in 0..bits {
            let k = j * bits + b;
            let bit = Scalar::conditional_select(&Scalar::ZERO, &one, Choice::from(bit_choices[k]));
            l0.push(bit - z);
            r0.push(y_k * (bit - one + z) + two_b);
            r1.push(y_k * s_r[k]);
            two_b += two_b;
            y_k *= y;
        }
        z_j *= z;
    }
    let t1 = inner_product::<Secp256k1>(&l0, &r1) + inner_product::<Secp256k1>(&s_l, &r0);
    let t2 = inner_product::<Secp256k1>(&s_l, &r1);

    let (t1_point, t2_point) = match shared {
        None => (
            Secp256k1::multiscalar_mul(&[t1, tau1], &[value_gen, base_g()]),
            Secp256k1::multiscalar_mul(&[t2, tau2], &[value_gen, base_g()]),
        ),
        Some(sh) => (
            Secp256k1::multiscalar_mul(&[t1], &[value_gen]) + sh.t1_share_sum,
            Secp256k1::multiscalar_mul(&[t2], &[value_gen]) + sh.t2_share_sum,
        ),
    };
    let t1_x = XOnlyPoint::from_point(t1_point).ok_or(DecodeError::IdentityPoint)?;
    let t2_x = XOnlyPoint::from_point(t2_point).ok_or(DecodeError::IdentityPoint)?;
    chain.absorb_pair((t1_x.x, t1_x.non_residue), (t2_x.x, t2_x.non_residue));
    let x = chain.challenge()?;

    let tau_x = match shared {
        Some(SharedTau {
            tau_x_sum: None, ..
        }) => return Ok(Outcome::Challenges(AfterX { x, z })),
        Some(SharedTau {
            tau_x_sum: Some(t), ..
        }) => *t,
        None => {
            let mut tau_x = tau1 * x + tau2 * x.square();
            let mut z_j = z * z;
            for gamma in &witness.blindings {
                tau_x += z_j * gamma;
                z_j *= z;
            }
            tau_x
        }
    };
    let mu = alpha + rho * x;
    let neg_tau_x = -tau_x;
    let neg_mu = -mu;
    chain.absorb(&[
        &Secp256k1::scalar_to_bytes(&neg_tau_x),
        &Secp256k1::scalar_to_bytes(&neg_mu),
    ]);

    // l = l(x), r = r(x).
    let l: Vec<Scalar> = l0
        .iter()
        .zip(s_l.iter())
        .map(|(a, b)| *a + *b * x)
        .collect();
    let r: Vec<Scalar> = r0.iter().zip(r1.iter()).map(|(a, b)| *a + *b * x).collect();
    let y_inv = Secp256k1::invert(&y);
    let (t, ab, lr) = inner_product_argument(&gens, &mut chain, l, r, y_inv)?;
    Ok(Outcome::Proof(Box::new(GrinRangeProof {
        neg_tau_x,
        neg_mu,
        a,
        s,
        t1: t1_x,
        t2: t2_x,
        t,
        ab,
        lr,
    })))
}

type IppOutput = (Scalar, [Scalar; 4], Vec<(XOnlyPoint, XOnlyPoint)>);

/// The points \\(L, R\\) are combinations of: the original generators \\(G_k, H_k\\) (the
/// list's table), or, after a fold, the materialized folded generators (a table of their own).
struct Base {
    table: Arc<Secp256k1Precomputation>,
    /// Number of \\(G\\) (and of \\(H\\)) points in the base.
    len: usize,
    /// Table index of \\(H_0\\) and of the blinding base \\(G\\).
    h_at: usize,
    blinding_at: usize,
    /// Per base point: its factor in the current folded generators.
    cg: Vec<Scalar>,
    ch: Vec<Scalar>,
    /// Rounds done since this base was made (a current element covers `2^rounds` of them).
    rounds: usize,
    /// Whether this is the generator list itself (which has tables).
    original: bool,
}

/// Field-multiplication estimates (as the MSM's cost model counts them) for the fold decision.
const STATIC_POINT_COST: usize = 308; // about 28 mixed additions with the list's width-8 tables
const FOLDED_POINT_COST: usize = 560; // a folded point: its width-5 table and 43 additions
const MSM_FIXED_COST: usize = 2048; // 256 doublings

/// After which round (if any) to materialize the folded generators: the round minimizing the
/// estimated cost of the rounds over the original list (tables: cheap per point, but all
/// \\(nm\\) of them every round), the fold (one small multiscalar multiplication per folded
/// generator, its doublings dominating), and the rounds over the folded points. Only the
/// original list is folded (folded points have no tables and fold no cheaper).
fn best_fold_round(nm: usize, rounds: usize) -> Option<usize> {
    let round = |points: usize, per: usize| 2 * (points * per + MSM_FIXED_COST);
    let no_fold = rounds * round(nm, STATIC_POINT_COST);
    (0..rounds.saturating_sub(1))
        .map(|r| {
            let cur = nm >> (r + 1);
            let cost = (r + 1) * round(nm, STATIC_POINT_COST)
                + 2 * cur * MSM_FIXED_COST
                + 2 * nm * STATIC_POINT_COST
                + (rounds - r - 1) * round(cur, FOLDED_POINT_COST);
            (cost, r)
        })
        .filter(|(cost, _)| *cost < no_fold)
        .min()
        .map(|(_, r)| r)
}

/// secp256k1-zkp's inner-product argument for \\(\langle \mathbf a, \mathbf G \rangle +
/// \langle \mathbf b, \mathbf H' \rangle\\) with \\(H'_k = y^{-k} H_k\\): interleaved halving,
/// \\(u = u_x G\\), down to two elements. \\(L\\) and \\(R\\) are computed over a *base* of
/// points with each one's accumulated challenge factor: first the original generators; when the
/// cost model says it pays (large vectors), the current folded generators are materialized
/// (each a small multiscalar multiplication over its block of the base) and become the base,
/// as the C library's prover also does at fixed rounds. Variable time: see the module notes.
fn inner_product_argument(
    gens: &GrinGenerators,
    chain: &mut HashChain,
    mut a: Vec<Scalar>,
    mut b: Vec<Scalar>,
    y_inv: Scalar,
) -> Result<IppOutput, ProofError> {
    let nm = a.len();
    let t = inner_product::<Secp256k1>(&a, &b);
    chain.absorb(&[&Secp256k1::scalar_to_bytes(&t)]);
    let ux = chain.challenge()?;

    let n_gens = gens.count();
    let mut ch = Vec::with_capacity(nm);
    let mut y_pow = Scalar::ONE;
    for _ in 0..nm {
        ch.push(y_pow);
        y_pow *= y_inv;
    }
    let mut base = Base {
        table: gens.table(),
        len: nm,
        h_at: n_gens / 2,
        blinding_at: n_gens,
        cg: vec![Scalar::ONE; nm],
        ch,
        rounds: 0,
        original: true,
    };
    let rounds = super::proof::rounds(nm);
    let fold_after = best_fold_round(nm, rounds);
    let mut lr = Vec::with_capacity(rounds);
    let mut len = nm;
    for i in 0..rounds {
        let half = len / 2;
        let block = 1usize << base.rounds;
        let size = base.table.len();
        let mut statics_l = vec![Scalar::ZERO; size];
        let mut statics_r = vec![Scalar::ZERO; size];
        for j in 0..half {
            let (even, odd) = (2 * j, 2 * j + 1);
            for k in odd * block..(odd + 1) * block {
                statics_l[k] = a[even] * base.cg[k];
                statics_r[base.h_at + k] = b[even] * base.ch[k];
            }
            for k in even * block..(even + 1) * block {
                statics_l[base.h_at + k] = b[odd] * base.ch[k];
                statics_r[k] = a[odd] * base.cg[k];
            }
        }
        let c_l: Scalar = (0..half).map(|j| a[2 * j] * b[2 * j + 1]).sum();
        let c_r: Scalar = (0..half).map(|j| a[2 * j + 1] * b[2 * j]).sum();
        statics_l[base.blinding_at] = ux * c_l;
        statics_r[base.blinding_at] = ux * c_r;
        let l = Secp256k1::vartime_mixed_multiscalar_mul(&base.table, &statics_l, &[], &[]);
        let r = Secp256k1::vartime_mixed_multiscalar_mul(&base.table, &statics_r, &[], &[]);
        let l = XOnlyPoint::from_point(l).ok_or(DecodeError::IdentityPoint)?;
        let r = XOnlyPoint::from_point(r).ok_or(DecodeError::IdentityPoint)?;
        chain.absorb_pair((l.x, l.non_residue), (r.x, r.non_residue));
        let x = chain.challenge()?;
        let x_inv = Secp256k1::invert(&x);
        lr.push((l, r));
        for j in 0..half {
            a[j] = a[2 * j] * x + a[2 * j + 1] * x_inv;
            b[j] = b[2 * j] * x_inv + b[2 * j + 1] * x;
        }
        // Interleaved halving: bit `rounds` of a base index says even (0) or odd (1).
        let bit = base.rounds;
        for k in 0..base.len {
            if (k >> bit) & 1 == 0 {
                base.cg[k] *= x_inv;
                base.ch[k] *= x;
            } else {
                base.cg[k] *= x;
                base.ch[k] *= x_inv;
            }
        }
        base.rounds += 1;
        len = half;
        if base.original && fold_after == Some(i) {
            base = fold(&base, len);
        }
    }
    Ok((t, [a[0], a[1], b[0], b[1]], lr))
}

/// Materializes the `cur` current folded generators \\(G'_j = \sum_k c_k G_k\\) over their
/// blocks of the base (and the same for \\(H'\\)), as a new base with unit factors.
fn fold(base: &Base, cur: usize) -> Base {
    let block = base.len / cur;
    let size = base.table.len();
    let mut points = Vec::with_capacity(2 * cur + 1);
    for (at, factors) in [(0, &base.cg), (base.h_at, &base.ch)] {
        for j in 0..cur {
            let mut statics = vec![Scalar::ZERO; size];
            statics[at + j * block..at + (j + 1) * block]
                .copy_from_slice(&factors[j * block..(j + 1) * block]);
            points.push(Secp256k1::vartime_mixed_multiscalar_mul(
                &base.table,
                &statics,
                &[],
                &[],
            ));
        }
    }
    points.push(base_g());
    Base {
        table: Arc::new(Secp256k1Precomputation::short_lived(&points)),
        len: cur,
        h_at: cur,
        blinding_at: 2 * cur,
        cg: vec![Scalar::ONE; cur],
        ch: vec![Scalar::ONE; cur],
        rounds: 0,
        original: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_is_chosen_only_where_it_pays() {
        // Small vectors: the list's tables win every round. Large: fold once, early.
        assert_eq!(best_fold_round(64, 5), None);
        let r = best_fold_round(1024, 9).expect("folds at 64 x 16");
        assert!(r <= 4, "folds after round {r}");
        assert_eq!(best_fold_round(2, 0), None);
    }

    #[test]
    fn chacha_scalars_match_a_known_block() {
        // ChaCha20 with an all-zero key, counter 0, nonce 0 starts 76 b8 e0 ad … (RFC 7539's
        // test vector 1): the first scalar is that block's first 32 bytes, big-endian.
        let (r1, _) = chacha_scalars(&[0u8; 32], 0);
        assert_eq!(
            hex_prefix(&Secp256k1::scalar_to_bytes(&r1)),
            "76b8e0ada0f13d90405d6ae55386bd28"
        );
    }

    fn hex_prefix(bytes: &[u8]) -> String {
        bytes[..16].iter().map(|b| format!("{b:02x}")).collect()
    }
}
