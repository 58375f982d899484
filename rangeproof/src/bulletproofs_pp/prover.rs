//! The Bulletproofs++ prover (rounds 1–4 of the [module notes](super)).
//!
//! Constant-time in the values and blindings: digits come from shifts by public amounts, the
//! multiplicities are counted by comparing every digit with every base position
//! (`subtle`), reciprocals use the constant-time batch inversion, and \\(M, D, R, S\\) the
//! constant-time multiscalar multiplication. The norm argument that follows runs on the
//! blinded witness (see [`super::norm`]). Secrets are wiped on drop.

use crate::StatementError;
use alloc::{vec, vec::Vec};
use rand_core::{CryptoRng, RngCore};
use subtle::ConstantTimeEq;
use zeroize::Zeroizing;

use super::norm::{self, NormStatement};
use super::{Convention, Statement, H_LEN};
use crate::group::Group;
use crate::ProofError;

type Scalar<C> = <<C as Convention>::Group as Group>::Scalar;

/// The challenges after \\(R\\), shared with the verifier.
pub(crate) struct RoundTwo<S> {
    pub(crate) rho: S,
    pub(crate) x: S,
    pub(crate) beta: S,
    pub(crate) delta: S,
    pub(crate) lambda: S,
}

/// Draws the round-two challenges (indices 0–4 after \\(R\\)); each must be non-zero.
pub(crate) fn round_two<C: Convention>(
    transcript: &mut C::Transcript,
) -> Result<RoundTwo<Scalar<C>>, ProofError> {
    let mut out = [<C::Group as Group>::zero(); 5];
    C::challenges(transcript, b"rho x beta delta lambda", &mut out);
    if out.contains(&<C::Group as Group>::zero()) {
        return Err(ProofError::VerificationFailed);
    }
    Ok(RoundTwo {
        rho: out[0],
        x: out[1],
        beta: out[2],
        delta: out[3],
        lambda: out[4],
    })
}

pub(crate) fn nonzero<C: Convention>(
    transcript: &mut C::Transcript,
    label: &'static [u8],
    index: u64,
) -> Result<Scalar<C>, ProofError> {
    let c = C::challenge(transcript, label, index);
    if c == <C::Group as Group>::zero() {
        return Err(ProofError::VerificationFailed);
    }
    Ok(c)
}

/// \\(x^1, x^2, \ldots, x^{len}\\).
pub(crate) fn powers_from_one<S: Copy + core::ops::Mul<Output = S>>(x: S, len: usize) -> Vec<S> {
    let mut out = Vec::with_capacity(len);
    let mut p = x;
    for _ in 0..len {
        out.push(p);
        p = p * x;
    }
    out
}

/// The public parts of round three: \\(\mu^{i+1}\\), \\(\mu^{-(i+1)}\\), \\(\lambda^j b^i\\) for
/// each digit position, and \\(c_{m,i}\\).
pub(crate) struct Publics<S> {
    pub(crate) mu_pows: Vec<S>,
    pub(crate) mu_inv_pows: Vec<S>,
    pub(crate) digit_weights: Vec<S>,
    pub(crate) c_m: Vec<S>,
}

/// Inverts every entry in place (a batch inversion), in the scalar form `S` of group `G`.
pub(crate) trait BatchInvert<S> {
    fn batch_invert(scalars: &mut [S]);
}

/// The group's own scalars.
pub(crate) struct Own;
/// The group's fast form ([`Group::FastScalar`]), inverted through the own form.
pub(crate) struct Fast;

impl<G: Group> BatchInvert<G::Scalar> for (G, Own) {
    fn batch_invert(scalars: &mut [G::Scalar]) {
        G::batch_invert(scalars);
    }
}

impl<G: Group> BatchInvert<G::FastScalar> for (G, Fast) {
    /// The crate's batch inversion in the fast form (one [`Group::invert_fast`]).
    fn batch_invert(scalars: &mut [G::FastScalar]) {
        crate::verification::batch_invert_fast::<G>(scalars);
    }
}

/// What the public parts need inverted, followed by `also_invert`: every \\(\alpha + i\\)
/// (\\(i < b\\)) and \\(\mu = \rho^2\\). `None` if one is zero (a degenerate challenge).
pub(crate) fn to_invert<S>(
    shape: &super::Shape,
    alpha: &S,
    two: &RoundTwo<S>,
    also_invert: &[S],
) -> Option<Vec<S>>
where
    S: Copy + PartialEq + From<u64> + core::ops::Add<Output = S> + core::ops::Mul<Output = S>,
{
    let mut values: Vec<S> = (0..shape.base())
        .map(|i| *alpha + S::from(i as u64))
        .collect();
    values.push(two.rho * two.rho);
    values.extend_from_slice(also_invert);
    (!values.contains(&S::from(0u64))).then_some(values)
}

/// The public parts, with the inverses of [`to_invert`]'s values (as many as it gave, the
/// ones of `also_invert` last and not used here), in any scalar form `S`.
pub(crate) fn publics_with<S>(shape: &super::Shape, two: &RoundTwo<S>, inverses: &[S]) -> Publics<S>
where
    S: Copy + From<u64> + core::ops::Mul<Output = S> + core::ops::MulAssign,
{
    let g_len = shape.g_len();
    let mu = two.rho * two.rho;
    let mu_inv = inverses[shape.base()];
    let mu_pows = powers_from_one(mu, g_len);
    let mu_inv_pows = powers_from_one(mu_inv, g_len);
    let base = S::from(shape.base() as u64);
    let k = shape.digits_per_value();
    let mut digit_weights = Vec::with_capacity(shape.digits());
    let mut lambda_j = S::from(1u64);
    for _ in 0..shape.values() {
        let mut w = lambda_j;
        for _ in 0..k {
            digit_weights.push(w);
            w *= base;
        }
        lambda_j *= two.lambda;
    }
    // c_m[i] = x / (alpha + i) * mu^-(i+1).
    let c_m = inverses[..shape.base()]
        .iter()
        .zip(&mu_inv_pows)
        .map(|(inv, mu_inv)| two.x * *inv * *mu_inv)
        .collect();
    Publics {
        mu_pows,
        mu_inv_pows,
        digit_weights,
        c_m,
    }
}

/// The public parts, with the inverses of `also_invert` (all of them, \\(\mu\\) and every
/// \\(\alpha + i\\) in one batch inversion), in any scalar form `S` (`I` inverts it).
pub(crate) fn publics<S, I>(
    shape: &super::Shape,
    alpha: &S,
    two: &RoundTwo<S>,
    also_invert: &[S],
) -> Result<(Publics<S>, Vec<S>), ProofError>
where
    S: Copy
        + PartialEq
        + From<u64>
        + core::ops::Add<Output = S>
        + core::ops::Mul<Output = S>
        + core::ops::MulAssign,
    I: BatchInvert<S>,
{
    let mut inverses =
        to_invert(shape, alpha, two, also_invert).ok_or(ProofError::VerificationFailed)?;
    I::batch_invert(&mut inverses);
    let extra = inverses.split_off(shape.base() + 1);
    Ok((publics_with(shape, two, &inverses), extra))
}

/// \\(\mathbf c(T) = \beta(T^{-1}, T, T^2, T^3, T^5, T^6, T^7, 0)\\).
pub(crate) fn c_vector<S: Copy + core::ops::Mul<Output = S> + From<u64>>(
    beta: S,
    t_inv: S,
    t_pows: &[S],
) -> [S; H_LEN] {
    [
        beta * t_inv,
        beta * t_pows[0],
        beta * t_pows[1],
        beta * t_pows[2],
        beta * t_pows[4],
        beta * t_pows[5],
        beta * t_pows[6],
        S::from(0u64),
    ]
}

/// The \\(\mathbf H\\) coefficient of \\(T^{-1}\\) in \\(\mathbf l\\) meets \\(\mathbf c\\)'s
/// power \\(e_i\\) at \\(T^{e_i - 1}\\): these powers (offset by 2 into the coefficient array).
const S_POWERS: [usize; 7] = [0, 2, 3, 4, 6, 7, 8];

/// Proves that every `values[j] - minimums[j]` is in \\([0, 2^n)\\) for the commitments
/// \\(V_j = v_j A + \gamma_j H_0\\) of `statement`.
pub fn prove<C: Convention, R: RngCore + CryptoRng>(
    statement: &Statement<'_, C>,
    values: &[u64],
    blindings: &[Scalar<C>],
    rng: &mut R,
) -> Result<Vec<u8>, ProofError> {
    type G<C> = <C as Convention>::Group;
    statement.check()?;
    let shape = &statement.shape;
    let m = shape.values();
    if values.len() != m || blindings.len() != m {
        return Err(StatementError::MismatchedLengths {
            values: values.len(),
            blindings: blindings.len(),
        }
        .into());
    }
    let (g_len, base, k) = (shape.g_len(), shape.base(), shape.digits_per_value());
    let digits_len = shape.digits();
    let bits = shape.bits();
    // The differences v - min, refused when out of range.
    let mut differences = Zeroizing::new(Vec::with_capacity(m));
    for (j, v) in values.iter().enumerate() {
        let min = statement.minimum(j);
        let d = v.checked_sub(min).ok_or(StatementError::BelowMinimum)?;
        if bits < 64 && d >> bits != 0 {
            return Err(StatementError::ValueOutOfRange { bits }.into());
        }
        differences.push(d);
    }
    let minimums = statement.all_minimums();
    let mut transcript = C::start(&statement.public_inputs(&minimums));
    let gens = statement.generators;
    let (a, gs, hs) = (gens.value_base(), gens.g(), gens.h());

    let mut witness_bytes = Zeroizing::new(Vec::with_capacity(m * 40));
    for (d, gamma) in differences.iter().zip(blindings) {
        witness_bytes.extend_from_slice(&d.to_le_bytes());
        witness_bytes.extend_from_slice(<G<C>>::scalar_to_bytes(gamma).as_ref());
    }
    let mut nonces = C::witness_rng(&transcript, &[&witness_bytes], rng);
    let mut random = || <G<C>>::random_scalar(&mut nonces);
    let zero = <G<C>>::zero();

    // Round 1: digits and multiplicities (constant-time in the values).
    let digit_bits = shape.digit_bits();
    let mask = (base - 1) as u64;
    let mut digits = Zeroizing::new(Vec::with_capacity(digits_len));
    for d in differences.iter() {
        for i in 0..k {
            digits.push((d >> (i * digit_bits)) & mask);
        }
    }
    let mut counts = Zeroizing::new(vec![0u64; base]);
    for digit in digits.iter() {
        for (i, count) in counts.iter_mut().enumerate() {
            *count += u64::from((i as u64).ct_eq(digit).unwrap_u8());
        }
    }
    let d_vec: Zeroizing<Vec<Scalar<C>>> =
        Zeroizing::new(digits.iter().map(|d| Scalar::<C>::from(*d)).collect());
    let mut m_vec: Zeroizing<Vec<Scalar<C>>> =
        Zeroizing::new(counts.iter().map(|c| Scalar::<C>::from(*c)).collect());
    let mut r_m0 = Zeroizing::new(random());
    let r_d0 = Zeroizing::new(random());
    let mut r_m1 = Zeroizing::new([zero; H_LEN]);
    for i in [0, 1, 2, 4, 5] {
        r_m1[i] = random();
    }
    let (r_d2, r_d5) = (Zeroizing::new(random()), Zeroizing::new(random()));
    let r_r0 = Zeroizing::new(random());
    let s_vec: Zeroizing<Vec<Scalar<C>>> = Zeroizing::new((0..g_len).map(|_| random()).collect());

    let mut scalars = Zeroizing::new(Vec::with_capacity(1 + g_len + H_LEN));
    let mut points = Vec::with_capacity(1 + g_len + H_LEN);
    scalars.push(*r_m0);
    points.push(a);
    scalars.extend_from_slice(&m_vec);
    points.extend_from_slice(&gs[..base]);
    scalars.extend_from_slice(&r_m1[..]);
    points.extend_from_slice(hs);
    let big_m = <G<C>>::multiscalar_mul(&scalars, &points);
    scalars.clear();
    points.clear();
    scalars.push(*r_d0);
    points.push(a);
    scalars.extend_from_slice(&d_vec);
    points.extend_from_slice(&gs[..digits_len]);
    scalars.extend_from_slice(&[*r_d2, *r_d5]);
    points.extend_from_slice(&[hs[2], hs[5]]);
    let big_d = <G<C>>::multiscalar_mul(&scalars, &points);
    let mut proof = Vec::with_capacity(shape.proof_len::<C>());
    C::encode_point(&big_m, &mut proof);
    C::encode_point(&big_d, &mut proof);
    C::absorb(&mut transcript, b"MD", &proof);
    let alpha = nonzero::<C>(&mut transcript, b"alpha", 0)?;

    // Round 2: reciprocals 1/(d + alpha) (alpha is public, d secret: constant-time batch
    // inversion; d + alpha = 0 has probability below base/q).
    let mut r_vec: Zeroizing<Vec<Scalar<C>>> =
        Zeroizing::new(d_vec.iter().map(|d| *d + alpha).collect());
    <G<C>>::batch_invert(&mut r_vec);
    scalars.clear();
    points.clear();
    scalars.push(*r_r0);
    points.push(a);
    scalars.extend_from_slice(&r_vec);
    points.extend_from_slice(&gs[..digits_len]);
    scalars.extend_from_slice(&[-*r_d2, -*r_d5]);
    points.extend_from_slice(&[hs[1], hs[4]]);
    let big_r = <G<C>>::multiscalar_mul(&scalars, &points);
    let at = proof.len();
    C::encode_point(&big_r, &mut proof);
    C::absorb(&mut transcript, b"R", &proof[at..]);
    let two = round_two::<C>(&mut transcript)?;
    let (publics, _) = publics::<_, (C::Group, Own)>(shape, &alpha, &two, &[])?;

    // Round 3: shift d and r by their public parts, scale m by delta, and cancel every power of
    // T but the third with S.
    let x_delta = two.x * two.delta;
    let d_tilde: Zeroizing<Vec<Scalar<C>>> = Zeroizing::new(
        (0..digits_len)
            .map(|i| d_vec[i] + alpha - x_delta * publics.mu_inv_pows[i])
            .collect(),
    );
    let r_tilde: Zeroizing<Vec<Scalar<C>>> = Zeroizing::new(
        (0..digits_len)
            .map(|i| r_vec[i] + publics.digit_weights[i] * publics.mu_inv_pows[i])
            .collect(),
    );
    for mi in m_vec.iter_mut() {
        *mi *= two.delta;
    }
    for r in r_m1.iter_mut() {
        *r *= two.delta;
    }
    *r_m0 *= two.delta;
    // Coefficients of w(T) by power -1..3, and of |w|^2_mu by power -2..6 (index + 2).
    let coefficient_vectors: [&[Scalar<C>]; 5] = [&s_vec, &m_vec, &d_tilde, &r_tilde, &publics.c_m];
    let mut e = Zeroizing::new([zero; 9]);
    for p in 0..5 {
        for q in p..5 {
            let (a_vec, b_vec) = (coefficient_vectors[p], coefficient_vectors[q]);
            let mut sum = zero;
            for ((x, y), w) in a_vec.iter().zip(b_vec).zip(&publics.mu_pows) {
                sum += *x * *y * *w;
            }
            e[p + q] += if p == q { sum } else { sum + sum };
        }
    }
    // The A-side blindings of M (scaled), D and R at T^0, T^1, T^2.
    e[2] -= *r_m0;
    e[3] -= *r_d0;
    e[4] -= *r_r0;
    // <c, l> without S's part: beta r_M1[i] at T^(e_i), and 2 beta (sum lambda^j gamma_j) at
    // T^2 (l_0's T^3 term against c_0 = beta T^-1); D's and R's H terms cancel in pairs.
    let mut gamma_sum = Zeroizing::new(zero);
    for (w, gamma) in (0..m).map(|j| publics.digit_weights[j * k]).zip(blindings) {
        *gamma_sum += w * *gamma;
    }
    let beta = two.beta;
    e[1] += beta * r_m1[0];
    e[3] += beta * r_m1[1];
    e[4] += beta * r_m1[2];
    e[7] += beta * r_m1[4];
    e[8] += beta * r_m1[5];
    let two_gamma = Zeroizing::new(*gamma_sum + *gamma_sum);
    e[4] += beta * *two_gamma;
    let r_s0 = Zeroizing::new(e[1]);
    let beta_inv = <G<C>>::invert(&beta);
    let mut r_s1 = Zeroizing::new([zero; H_LEN]);
    for (i, power) in S_POWERS.iter().enumerate() {
        r_s1[i] = -(e[*power] * beta_inv);
    }
    scalars.clear();
    points.clear();
    scalars.push(*r_s0);
    points.push(a);
    scalars.extend_from_slice(&s_vec);
    points.extend_from_slice(&gs[..g_len]);
    scalars.extend_from_slice(&r_s1[..]);
    points.extend_from_slice(hs);
    let big_s = <G<C>>::multiscalar_mul(&scalars, &points);
    let at = proof.len();
    C::encode_point(&big_s, &mut proof);
    C::absorb(&mut transcript, b"S", &proof[at..]);
    let t = nonzero::<C>(&mut transcript, b"t", 0)?;

    // Round 4: w(T), l(T) and the norm argument.
    let t_pows = powers_from_one(t, 7);
    let t_inv = <G<C>>::invert(&t);
    let mut w = Zeroizing::new(Vec::with_capacity(g_len));
    for i in 0..g_len {
        let mut wi = s_vec[i] * t_inv;
        if i < digits_len {
            wi += d_tilde[i] * t_pows[0] + r_tilde[i] * t_pows[1];
        }
        if i < base {
            wi += m_vec[i] + publics.c_m[i] * t_pows[2];
        }
        w.push(wi);
    }
    let mut l = Zeroizing::new([zero; H_LEN]);
    for i in 0..H_LEN {
        l[i] = r_s1[i] * t_inv + r_m1[i];
    }
    l[2] += *r_d2 * t_pows[0];
    l[1] -= *r_d2 * t_pows[1];
    l[5] += *r_d5 * t_pows[0];
    l[4] -= *r_d5 * t_pows[1];
    l[0] += *two_gamma * t_pows[2];
    let c = c_vector(beta, t_inv, &t_pows);
    let norm_statement = NormStatement::<C> {
        base: a,
        g: &gs[..g_len],
        h: hs,
        c: &c,
        rho: two.rho,
    };
    norm::prove::<C>(&mut transcript, &norm_statement, &w, &l[..], &mut proof)?;
    Ok(proof)
}
