//! The weighted norm argument (eprint 2022/510, §4, Protocol 1), generic over a
//! [`Convention`].
//!
//! For public \\(\mathbf c \in \mathbb{Z}_q^{h}\\), \\(\rho \ne 0\\) (\\(\mu = \rho^2\\)), a base
//! \\(A\\) and generators \\(\mathbf G\\) (\\(g\\)), \\(\mathbf H\\) (\\(h\\); both powers of
//! two), the prover knows \\(\mathbf n, \mathbf l\\) with
//! \\[ C = vA + \langle \mathbf n, \mathbf G\rangle + \langle \mathbf l, \mathbf H\rangle,
//!   \qquad v = |\mathbf n|^2_\mu + \langle \mathbf c, \mathbf l\rangle, \qquad
//!   |\mathbf n|^2_\mu = \textstyle\sum_i \mu^{i+1} n_i^2 . \\]
//! Each round halves whichever vector is longer than one (pairs \\((2i, 2i+1)\\)), sends
//! \\(X\\) (the cross terms) and \\(R\\) (the odd half's square), and on the challenge
//! \\(\gamma\\) folds \\(\mathbf n' = \rho^{-1}\mathbf n_{\mathrm{even}} + \gamma \mathbf
//! n_{\mathrm{odd}}\\), \\(\mathbf G' = \rho\mathbf G_{\mathrm{even}} + \gamma\mathbf
//! G_{\mathrm{odd}}\\), \\(\mathbf l', \mathbf c', \mathbf H'\\) the same without \\(\rho\\),
//! \\(C' = C + \gamma X + (\gamma^2 - 1) R\\), then \\(\rho \leftarrow \mu\\), \\(\mu
//! \leftarrow \mu^2\\). Once the lengths sum to at most the convention's
//! [`FINAL_LEN`](Convention::FINAL_LEN) the prover sends \\(\mathbf n, \mathbf l\\) (the
//! C module folds down to one and one; ours stops at five scalars, where another round would
//! cost as many bytes as it saves — which is what makes a 64-bit proof 416 bytes).
//!
//! **Verification** is one multiscalar equation. After \\(k\\) halvings of \\(\mathbf G\\),
//! the original \\(G_i\\) has reached final position \\(i \gg k\\) with the factor
//! \\(\prod_{r<k} (\mathrm{bit}_r(i) ? \gamma_r : \rho^{2^r})\\); of \\(\mathbf H\\) likewise
//! with \\(\gamma_r\\) or 1. So
//! \\[ C + \sum_r \big(\gamma_r X_r + (\gamma_r^2 - 1) R_r\big) = vA + \sum_i s_{g,i} G_i +
//!   \sum_i s_{h,i} H_i, \\]
//! \\(s_{g,i} = n_{i \gg k_g} \cdot \mathrm{factor}_g(i)\\), \\(s_{h,i} = l_{i \gg k_h}\cdot
//! \mathrm{factor}_h(i)\\), \\(v = \sum_j \mu_f^{j+1} n_j^2 + \sum_i c_i s_{h,i}\\) with
//! \\(\mu_f = \rho^{2^{k_g+1}}\\).
//!
//! The prover runs variable-time: in Bulletproofs++ its witness is the range proof's blinded
//! polynomial at the challenge, uniformly distributed whatever the values (fresh \\(\mathbf
//! s\\) and blinding coefficients), so its timing says nothing about them — the C module's
//! argument too ("none of part that comes from this point on needs to be constant time").

use crate::{DecodeError, StatementError};
use alloc::{vec, vec::Vec};

use super::Convention;
use crate::group::Group;
use crate::ProofError;

type Scalar<C> = <<C as Convention>::Group as Group>::Scalar;
type Point<C> = <<C as Convention>::Group as Group>::Point;
type Fast<C> = <<C as Convention>::Group as Group>::FastScalar;

/// The rounds, and the final lengths, for vectors of `g_len` and `h_len` (powers of two).
pub fn schedule<C: Convention>(g_len: usize, h_len: usize) -> (usize, usize, usize) {
    let (mut g, mut h, mut rounds) = (g_len, h_len, 0);
    while g + h > C::FINAL_LEN && (g > 1 || h > 1) {
        g = g.div_ceil(2);
        h = h.div_ceil(2);
        rounds += 1;
    }
    (rounds, g, h)
}

/// The proof's length in bytes for vectors of `g_len` and `h_len`.
pub fn proof_len<C: Convention>(g_len: usize, h_len: usize) -> usize {
    let (rounds, g, h) = schedule::<C>(g_len, h_len);
    rounds * C::ROUND_LEN
        + (g + h) * <<C::Group as Group>::ScalarEncoding as crate::group::Encoding>::LEN
}

fn weighted_sum<G: Group>(a: &[G::Scalar], b: &[G::Scalar], mu_sq: G::Scalar) -> G::Scalar {
    let mut weight = mu_sq;
    let mut sum = G::zero();
    for (x, y) in a.iter().zip(b) {
        sum += weight * *x * *y;
        weight *= mu_sq;
    }
    sum
}

/// A statement of the norm argument: \\(\mathbf c\\), \\(\rho\\), the base and the
/// generators (at least as long as the witness vectors).
pub struct NormStatement<'a, C: Convention> {
    /// The base \\(A\\) of \\(v\\).
    pub base: Point<C>,
    /// \\(\mathbf G\\).
    pub g: &'a [Point<C>],
    /// \\(\mathbf H\\).
    pub h: &'a [Point<C>],
    /// \\(\mathbf c\\) (its length is \\(h\\)).
    pub c: &'a [Scalar<C>],
    /// \\(\rho\\).
    pub rho: Scalar<C>,
}

/// Proves, appending each round to `transcript` and the bytes to `proof`.
pub fn prove<C: Convention>(
    transcript: &mut C::Transcript,
    statement: &NormStatement<'_, C>,
    n: &[Scalar<C>],
    l: &[Scalar<C>],
    proof: &mut Vec<u8>,
) -> Result<(), ProofError> {
    type G<C> = <C as Convention>::Group;
    let (g_len, h_len) = (n.len(), l.len());
    if !g_len.is_power_of_two()
        || !h_len.is_power_of_two()
        || statement.c.len() != h_len
        || statement.g.len() < g_len
        || statement.h.len() < h_len
        || statement.rho == <G<C>>::zero()
    {
        return Err(StatementError::GeneratorLength {
            needed: g_len + h_len,
            available: statement.g.len() + statement.h.len(),
        }
        .into());
    }
    let (mut n, mut l, mut c) = (n.to_vec(), l.to_vec(), statement.c.to_vec());
    let mut gs = statement.g[..g_len].to_vec();
    let mut hs = statement.h[..h_len].to_vec();
    let mut rho = statement.rho;
    let mut mu = rho * rho;
    while n.len() + l.len() > C::FINAL_LEN && (n.len() > 1 || l.len() > 1) {
        let rho_inv = <G<C>>::invert(&rho);
        let mu_sq = mu * mu;
        let (gh, hh) = (n.len() / 2, l.len() / 2);
        let (n_even, n_odd): (Vec<_>, Vec<_>) = (0..gh).map(|i| (n[2 * i], n[2 * i + 1])).unzip();
        let (l_even, l_odd): (Vec<_>, Vec<_>) = (0..hh).map(|i| (l[2 * i], l[2 * i + 1])).unzip();
        let (c_even, c_odd): (Vec<_>, Vec<_>) = (0..hh).map(|i| (c[2 * i], c[2 * i + 1])).unzip();
        // The cross term (coefficient of gamma) and the odd half's square (of gamma^2 - 1).
        let two = Scalar::<C>::from(2u64);
        let x_v = two * rho_inv * weighted_sum::<G<C>>(&n_even, &n_odd, mu_sq)
            + weighted_sum::<G<C>>(&c_even, &l_odd, Scalar::<C>::from(1u64))
            + weighted_sum::<G<C>>(&c_odd, &l_even, Scalar::<C>::from(1u64));
        let r_v = weighted_sum::<G<C>>(&n_odd, &n_odd, mu_sq)
            + weighted_sum::<G<C>>(&c_odd, &l_odd, Scalar::<C>::from(1u64));
        let mut x_scalars = vec![x_v];
        let mut x_points = vec![statement.base];
        let mut r_scalars = vec![r_v];
        let mut r_points = vec![statement.base];
        for i in 0..gh {
            x_scalars.push(rho * n_odd[i]);
            x_points.push(gs[2 * i]);
            x_scalars.push(rho_inv * n_even[i]);
            x_points.push(gs[2 * i + 1]);
            r_scalars.push(n_odd[i]);
            r_points.push(gs[2 * i + 1]);
        }
        for i in 0..hh {
            x_scalars.push(l_odd[i]);
            x_points.push(hs[2 * i]);
            x_scalars.push(l_even[i]);
            x_points.push(hs[2 * i + 1]);
            r_scalars.push(l_odd[i]);
            r_points.push(hs[2 * i + 1]);
        }
        let x = <G<C>>::vartime_multiscalar_mul(&x_scalars, &x_points);
        let r = <G<C>>::vartime_multiscalar_mul(&r_scalars, &r_points);
        let start = proof.len();
        C::encode_round(&x, &r, proof);
        C::absorb(transcript, b"norm-round", &proof[start..]);
        let gamma = C::challenge(transcript, b"gamma", 0);
        if gh > 0 {
            n = (0..gh)
                .map(|i| rho_inv * n_even[i] + gamma * n_odd[i])
                .collect();
            // The generators are public: folded with variable-time double multiplications.
            gs = (0..gh)
                .map(|i| {
                    <G<C>>::vartime_multiscalar_mul(&[rho, gamma], &[gs[2 * i], gs[2 * i + 1]])
                })
                .collect();
        }
        if hh > 0 {
            let one = Scalar::<C>::from(1u64);
            l = (0..hh).map(|i| l_even[i] + gamma * l_odd[i]).collect();
            c = (0..hh).map(|i| c_even[i] + gamma * c_odd[i]).collect();
            hs = (0..hh)
                .map(|i| {
                    <G<C>>::vartime_multiscalar_mul(&[one, gamma], &[hs[2 * i], hs[2 * i + 1]])
                })
                .collect();
        }
        rho = mu;
        mu = mu_sq;
    }
    for s in n.iter().chain(&l) {
        proof.extend_from_slice(<G<C>>::scalar_to_bytes(s).as_ref());
    }
    Ok(())
}

/// The verification equation's terms, in the group's fast scalar form
/// ([`Group::FastScalar`]): scalars on \\(A\\), \\(\mathbf G\\) (`g_len`), \\(\mathbf H\\)
/// (`c.len()`) and on each round's \\(X_r, R_r\\) in order; the equation is \\(C + \sum_r
/// (\gamma_r X_r + (\gamma_r^2 - 1) R_r) = vA + \langle s_g, G\rangle + \langle s_h,
/// H\rangle\\). The rounds' points are read separately ([`decode_rounds`]).
pub struct Terms<C: Convention> {
    /// The scalar \\(v\\) of \\(A\\).
    pub base: Fast<C>,
    /// \\(s_{g,i}\\).
    pub g: Vec<Fast<C>>,
    /// \\(s_{h,i}\\).
    pub h: Vec<Fast<C>>,
    /// \\(\gamma_r\\) and \\(\gamma_r^2 - 1\\) for each round's \\(X_r, R_r\\).
    pub rounds: Vec<Fast<C>>,
}

/// The rounds' points of a norm proof (`proof` as [`terms`] reads it), in order.
pub fn decode_rounds<C: Convention>(
    proof: &[u8],
    rounds: usize,
) -> Result<Vec<Point<C>>, ProofError> {
    let mut out = Vec::with_capacity(2 * rounds);
    for round in proof
        .get(..rounds * C::ROUND_LEN)
        .ok_or(DecodeError::InvalidLength(proof.len()))?
        .chunks_exact(C::ROUND_LEN)
    {
        let (x, r) = C::decode_round(round)?;
        out.push(x);
        out.push(r);
    }
    Ok(out)
}

/// Reads a norm proof's scalars (the whole of `proof`: rounds, then the final vectors) after
/// `transcript` and computes its equation's scalars (in the fast form: `c` and `rho` too); the
/// rounds' points are not decoded here.
pub fn terms<C: Convention>(
    transcript: &mut C::Transcript,
    g_len: usize,
    c: &[Fast<C>],
    rho: &Fast<C>,
    proof: &[u8],
) -> Result<Terms<C>, ProofError> {
    let gammas = challenges::<C>(transcript, g_len, c.len(), proof)?;
    terms_from::<C>(g_len, c, rho, &gammas, proof)
}

/// The rounds' challenges \\(\gamma_r\\) (in the fast form), after checking the proof's
/// length for vectors of `g_len` and `h_len`.
pub fn challenges<C: Convention>(
    transcript: &mut C::Transcript,
    g_len: usize,
    h_len: usize,
    proof: &[u8],
) -> Result<Vec<Fast<C>>, ProofError> {
    type G<C> = <C as Convention>::Group;
    if !g_len.is_power_of_two() || !h_len.is_power_of_two() {
        return Err(StatementError::InvalidPowerOfTwoAggregation(g_len).into());
    }
    let (rounds, g_final, h_final) = schedule::<C>(g_len, h_len);
    let scalar_len = <<G<C> as Group>::ScalarEncoding as crate::group::Encoding>::LEN;
    if proof.len() != rounds * C::ROUND_LEN + (g_final + h_final) * scalar_len {
        return Err(DecodeError::InvalidLength(proof.len()).into());
    }
    let mut gammas = Vec::with_capacity(rounds);
    for round in proof[..rounds * C::ROUND_LEN].chunks_exact(C::ROUND_LEN) {
        C::absorb(transcript, b"norm-round", round);
        gammas.push(<G<C>>::to_fast(&C::challenge(transcript, b"gamma", 0)));
    }
    Ok(gammas)
}

/// The equation's scalars from the rounds' challenges ([`challenges`]) and the proof's final
/// scalars.
pub fn terms_from<C: Convention>(
    g_len: usize,
    c: &[Fast<C>],
    rho: &Fast<C>,
    gammas: &[Fast<C>],
    proof: &[u8],
) -> Result<Terms<C>, ProofError> {
    type G<C> = <C as Convention>::Group;
    let h_len = c.len();
    let one = Fast::<C>::from(1u64);
    if *rho == Fast::<C>::from(0u64) {
        return Err(ProofError::InvalidSecret);
    }
    let (rounds, g_final, h_final) = schedule::<C>(g_len, h_len);
    let scalar_len = <<G<C> as Group>::ScalarEncoding as crate::group::Encoding>::LEN;
    if gammas.len() != rounds
        || proof.len() != rounds * C::ROUND_LEN + (g_final + h_final) * scalar_len
    {
        return Err(DecodeError::InvalidLength(proof.len()).into());
    }
    let mut round_scalars = Vec::with_capacity(2 * rounds);
    for gamma in gammas {
        round_scalars.push(*gamma);
        round_scalars.push(*gamma * *gamma - one);
    }
    let mut finals = Vec::with_capacity(g_final + h_final);
    for bytes in proof[rounds * C::ROUND_LEN..].chunks_exact(scalar_len) {
        let encoding = <G<C> as Group>::ScalarEncoding::try_from(bytes)
            .map_err(|_| ProofError::Decode(DecodeError::InvalidLength(bytes.len())))?;
        let s = <G<C>>::scalar_from_canonical_bytes(&encoding)
            .ok_or(DecodeError::NonCanonicalScalar)?;
        finals.push(<G<C>>::to_fast(&s));
    }
    let (n, l) = finals.split_at(g_final);
    let k_g = (g_len / g_final).trailing_zeros() as usize;
    let k_h = (h_len / h_final).trailing_zeros() as usize;
    // The factor of each original position's low k bits, built by doubling.
    // G: bit r of a position chooses gamma_r (1) or rho^(2^r) (0).
    let mut factor_g = vec![one; 1 << k_g];
    let mut rho_pow = *rho; // rho^(2^r)
    for (r, gamma) in gammas.iter().enumerate().take(k_g) {
        let half = 1usize << r;
        for i in 0..half {
            let below = factor_g[i];
            factor_g[i] = below * rho_pow;
            factor_g[i + half] = below * *gamma;
        }
        rho_pow = rho_pow * rho_pow;
    }
    // After the loop rho_pow = rho^(2^k_g); mu_f = rho_pow^2.
    let mu_final = rho_pow * rho_pow;
    let mut factor_h = vec![one; 1 << k_h];
    for (r, gamma) in gammas.iter().enumerate().take(k_h) {
        let half = 1usize << r;
        for i in 0..half {
            factor_h[i + half] = factor_h[i] * *gamma;
        }
    }
    let mask_g = (1usize << k_g) - 1;
    let mask_h = (1usize << k_h) - 1;
    let s_g: Vec<_> = (0..g_len)
        .map(|i| n[i >> k_g] * factor_g[i & mask_g])
        .collect();
    let s_h: Vec<_> = (0..h_len)
        .map(|i| l[i >> k_h] * factor_h[i & mask_h])
        .collect();
    let mut v = Fast::<C>::from(0u64);
    let mut weight = mu_final;
    for n_j in n {
        v += weight * *n_j * *n_j;
        weight *= mu_final;
    }
    for (c_i, s) in c.iter().zip(&s_h) {
        v += *c_i * *s;
    }
    Ok(Terms {
        base: v,
        g: s_g,
        h: s_h,
        rounds: round_scalars,
    })
}
