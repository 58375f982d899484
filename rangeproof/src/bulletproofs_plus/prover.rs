//! The Bulletproofs+ prover.
//!
//! Constant-time on the witness, as the Bulletproofs prover: \\(A\\) by constant-time
//! selection of \\(G_i\\) or \\(-H_i\\) per bit, every secret-weighted multiscalar multiplication
//! (\\(L, R, A_1, B'\\), the commitments) by the backend's constant-time MSM, generator folding
//! (public) by [`crate::inner_product::folding`]. Nonces come from the hedged transcript RNG,
//! or from the seed nonce when the caller wants the mask to be recoverable.

use rand_core::{CryptoRng, RngCore};
use subtle::{Choice, ConditionallySelectable};
use zeroize::Zeroizing;

use super::nonces::{self, nonce};
use super::{absorb_statement, RangeProofPlus, Statement};
use crate::generators::{Generators, Publisher};
use crate::group::{EncodedPoint, Group};
use crate::inner_product::folding::FoldedGens;
use crate::transcript::TranscriptProtocol;
use crate::util::powers;
use crate::ProofError;

/// `degree` blinding nonces for `label` (and round `j` where the protocol indexes by round):
/// Tari's deterministic nonces when there is a seed, else from the hedged RNG.
fn take_nonces<G: Group, R: RngCore + CryptoRng>(
    seed: Option<&G::Scalar>,
    rng: &mut R,
    label: &'static str,
    j: Option<usize>,
    degree: usize,
) -> Zeroizing<Vec<G::Scalar>> {
    Zeroizing::new(
        (0..degree)
            .map(|k| match seed {
                Some(seed) => nonce::<G>(seed, label, j, Some(k)),
                None => G::random_scalar(rng),
            })
            .collect(),
    )
}

impl<G: Group> RangeProofPlus<G> {
    /// Proves that every `values[j] - μ_j` lies in \\([0, 2^n)\\) for the extended commitments
    /// \\(V_j = v_j B + \sum_k \gamma_{j,k}\tilde B_k\\), with \\(\gamma_{j,k}\\) = `blindings[j][k]`
    /// (each of length `statement.extension_degree`).
    ///
    /// With `seed_nonce` (single proofs only), the blinding nonces are derived from it so that
    /// [`Self::recover_mask`] can later recover the blindings from the proof.
    ///
    /// **Use a seed nonce for one proof only.** The nonces are a deterministic function of the
    /// seed alone, so two proofs made with the same seed share \\(\alpha\\) and every
    /// \\(d_L, d_R\\): then
    /// \\(A - A' = \langle \mathbf a_L - \mathbf a'_L, \mathbf G + \mathbf H\rangle\\)
    /// depends only on the two values' bits, and anyone can test guesses of their difference
    /// against it (the later rounds leak likewise). Derive a fresh seed per commitment (for
    /// example, by hashing a wallet key with the output's index).
    ///
    /// Returns the proof and the commitments.
    pub fn prove<T, R, B>(
        gens: &Generators<G>,
        transcript: &mut T,
        statement: &Statement<'_>,
        values: &[u64],
        blindings: &[B],
        seed_nonce: Option<&G::Scalar>,
        rng: &mut R,
    ) -> Result<(Self, Vec<EncodedPoint<G>>), ProofError>
    where
        T: TranscriptProtocol<G>,
        R: RngCore + CryptoRng,
        B: AsRef<[G::Scalar]>,
    {
        let m = values.len();
        if blindings.len() != m {
            return Err(ProofError::MismatchedLengths {
                values: m,
                blindings: blindings.len(),
            });
        }
        let m_padded = statement.check(gens, m)?;
        let (n, degree) = (statement.bits, statement.extension_degree);
        if let Some(bad) = blindings.iter().find(|b| b.as_ref().len() != degree) {
            return Err(ProofError::InvalidExtensionDegree(bad.as_ref().len()));
        }
        if seed_nonce.is_some() && m != 1 {
            return Err(ProofError::MaskRecoveryNeedsSingleProof);
        }
        // The values actually decomposed: v_j - μ_j, each below 2^n.
        let mut offsets = Zeroizing::new(Vec::with_capacity(m_padded));
        for (j, v) in values.iter().enumerate() {
            if n < 64 && v >> n != 0 {
                return Err(ProofError::ValueOutOfRange { bits: n });
            }
            offsets.push(
                v.checked_sub(statement.minimum(j))
                    .ok_or(ProofError::BelowMinimum)?,
            );
        }
        offsets.resize(m_padded, 0);

        let pc = gens.pedersen();
        let commitments = values
            .iter()
            .zip(blindings)
            .map(|(v, r)| {
                pc.commit_extended(G::Scalar::from(*v), r.as_ref())
                    .map(EncodedPoint::from_point)
            })
            .collect::<Result<Vec<_>, _>>()?;
        #[cfg(test)]
        let commitments = crate::generators::tamper::commitments(commitments);
        absorb_statement(transcript, gens, statement, &commitments)?;
        // Points are published times 1/cofactor (Monero's 8^{-1}); the verifier multiplies back.
        let publisher = Publisher::<G>::new(gens.convention());

        let mut witness_bytes = Zeroizing::new(Vec::with_capacity(m * (8 + 32 * degree)));
        for (v, r) in values.iter().zip(blindings) {
            witness_bytes.extend_from_slice(&v.to_le_bytes());
            for r_k in r.as_ref() {
                witness_bytes.extend_from_slice(G::scalar_to_bytes(r_k).as_ref());
            }
        }
        let mut rng = transcript.witness_rng(&[(b"witness", &witness_bytes)], rng);

        let nm = n * m_padded;
        let blinding_bases = &pc.blinding[..degree];
        let g_vec = gens.g_vec(n, m_padded);
        let h_vec = gens.h_vec(n, m_padded);
        let bit = |k: usize| Choice::from(((offsets[k / n] >> (k % n)) & 1) as u8);

        // A = <a_L, G> + <a_R, H> + Σ α_k B̃_k, with each bit selecting G_i or -H_i.
        let mut alpha = take_nonces::<G, _>(seed_nonce, &mut rng, nonces::ALPHA, None, degree);
        let mut a_point = G::multiscalar_mul(&alpha, blinding_bases);
        for k in 0..nm {
            a_point += G::Point::conditional_select(&-h_vec[k], &g_vec[k], bit(k));
        }
        let a_point = publisher.publish(a_point);
        transcript.validate_and_append_point(b"A", &a_point.bytes)?;
        let y = nonzero_challenge(transcript, b"y")?;
        let z = nonzero_challenge(transcript, b"z")?;

        // y^0 .. y^{N+1}, and y^{-2^t}.
        let y_pows: Vec<G::Scalar> = powers::<G>(y).take(nm + 2).collect();
        let y_inv = G::invert(&y);
        let y_inv_pow2: Vec<G::Scalar> = core::iter::successors(Some(y_inv), |p| Some(*p * *p))
            .take(nm.trailing_zeros() as usize + 1)
            .collect();

        // â_L = a_L - z, â_R = a_R + z + d ∘ y^{N-i} with d_{jn+i} = z^{2(j+1)} 2^i (eq. 16-17).
        let zz = z * z;
        let mut a = Zeroizing::new(Vec::with_capacity(nm));
        let mut b = Zeroizing::new(Vec::with_capacity(nm));
        let mut z_2j = zz;
        for j in 0..m_padded {
            let mut d = z_2j;
            for i in 0..n {
                let k = j * n + i;
                let a_l = G::Scalar::conditional_select(&G::zero(), &G::one(), bit(k));
                a.push(a_l - z);
                b.push(a_l - G::one() + z + d * y_pows[nm - k]);
                d = d + d;
            }
            z_2j *= zz;
        }
        // α̂_k = α_k + y^{N+1} Σ_j z^{2(j+1)} γ_{j,k}.
        let mut z_2j = zz * y_pows[nm + 1];
        for r in blindings {
            for (alpha_k, r_k) in alpha.iter_mut().zip(r.as_ref()) {
                *alpha_k += z_2j * *r_k;
            }
            z_2j *= zz;
        }

        // The weighted inner-product argument (figure 1).
        let rounds = nm.trailing_zeros() as usize;
        let mut l_vec = Vec::with_capacity(rounds);
        let mut r_vec = Vec::with_capacity(rounds);
        let mut folded = FoldedGens::<G>::new(g_vec, h_vec);
        let mut scalars = Zeroizing::new(Vec::with_capacity(2 * nm + 1 + degree));
        let mut points = Vec::with_capacity(2 * nm + 1 + degree);
        let mut n_cur = nm;
        let mut round = 0;
        while n_cur > 1 {
            let half = n_cur / 2;
            let t = half.trailing_zeros() as usize;
            let (y_half, y_half_inv) = (y_pows[half], y_inv_pow2[t]);
            let (a_lo, a_hi) = a[..n_cur].split_at(half);
            let (b_lo, b_hi) = b[..n_cur].split_at(half);

            // c_L = <a_lo, b_hi>_y, c_R = y^{n/2} <a_hi, b_lo>_y.
            let mut c_l = Zeroizing::new(G::zero());
            let mut c_r = Zeroizing::new(G::zero());
            for i in 0..half {
                *c_l += a_lo[i] * y_pows[i + 1] * b_hi[i];
                *c_r += a_hi[i] * y_pows[half + i + 1] * b_lo[i];
            }
            let d_l = take_nonces::<G, _>(seed_nonce, &mut rng, nonces::D_L, Some(round), degree);
            let d_r = take_nonces::<G, _>(seed_nonce, &mut rng, nonces::D_R, Some(round), degree);

            // L = c_L B + Σ d_L,k B̃_k + <a_lo y^{-n/2}, G_hi> + <b_hi, H_lo>
            scalars.clear();
            points.clear();
            scalars.push(*c_l);
            scalars.extend_from_slice(&d_l);
            points.push(pc.b);
            points.extend_from_slice(blinding_bases);
            folded.push_g(
                n_cur,
                half,
                a_lo.iter().map(|x| *x * y_half_inv),
                &mut scalars,
                &mut points,
            );
            folded.push_h(n_cur, 0, b_hi.iter().copied(), &mut scalars, &mut points);
            let l = publisher.publish(G::multiscalar_mul(&scalars, &points));

            // R = c_R B + Σ d_R,k B̃_k + <a_hi y^{n/2}, G_lo> + <b_lo, H_hi>
            scalars.clear();
            points.clear();
            scalars.push(*c_r);
            scalars.extend_from_slice(&d_r);
            points.push(pc.b);
            points.extend_from_slice(blinding_bases);
            folded.push_g(
                n_cur,
                0,
                a_hi.iter().map(|x| *x * y_half),
                &mut scalars,
                &mut points,
            );
            folded.push_h(n_cur, half, b_lo.iter().copied(), &mut scalars, &mut points);
            let r = publisher.publish(G::multiscalar_mul(&scalars, &points));

            transcript.validate_and_append_point(b"L", &l.bytes)?;
            transcript.validate_and_append_point(b"R", &r.bytes)?;
            l_vec.push(l);
            r_vec.push(r);
            let e = nonzero_challenge(transcript, b"e")?;
            let e_inv = G::invert(&e);
            let (e_sq, e_inv_sq) = (e * e, e_inv * e_inv);

            let hi_factor = y_half * e_inv;
            for i in 0..half {
                a[i] = a[i] * e + a[half + i] * hi_factor;
                b[i] = b[i] * e_inv + b[half + i] * e;
            }
            // G' = e^{-1} (G_lo + e² y^{-n/2} G_hi), H' = e (H_lo + e^{-2} H_hi).
            folded.fold(n_cur, e_sq * y_half_inv, e_inv_sq, e_inv, e);
            for (alpha_k, (l_k, r_k)) in alpha.iter_mut().zip(d_l.iter().zip(d_r.iter())) {
                *alpha_k += *l_k * e_sq + *r_k * e_inv_sq;
            }
            n_cur = half;
            round += 1;
        }

        // Final round: A_1 and B' (figure 1, step 9).
        let r_nonce = Zeroizing::new(G::random_scalar(&mut rng));
        let s_nonce = Zeroizing::new(G::random_scalar(&mut rng));
        let delta = take_nonces::<G, _>(seed_nonce, &mut rng, nonces::DELTA, None, degree);
        let eta = take_nonces::<G, _>(seed_nonce, &mut rng, nonces::ETA, None, degree);
        // Test-only: a prover that blinds nothing in the last round (A1 and B are then the
        // identity; the proof is still valid).
        #[cfg(test)]
        let (r_nonce, s_nonce, delta, eta) = if crate::generators::tamper::zero_nonces() {
            let zeros = || Zeroizing::new(vec![G::zero(); degree]);
            (
                Zeroizing::new(G::zero()),
                Zeroizing::new(G::zero()),
                zeros(),
                zeros(),
            )
        } else {
            (r_nonce, s_nonce, delta, eta)
        };
        // The folded witness a_0, b_0 is secret (r_1, s_1 hide it): copies wiped when dropped.
        let (a0, b0) = (Zeroizing::new(a[0]), Zeroizing::new(b[0]));

        scalars.clear();
        points.clear();
        scalars.push(*r_nonce * y * *b0 + *s_nonce * y * *a0);
        scalars.extend_from_slice(&delta);
        points.push(pc.b);
        points.extend_from_slice(blinding_bases);
        folded.push_g(1, 0, core::iter::once(*r_nonce), &mut scalars, &mut points);
        folded.push_h(1, 0, core::iter::once(*s_nonce), &mut scalars, &mut points);
        let a1 = publisher.publish(G::multiscalar_mul(&scalars, &points));

        scalars.clear();
        points.clear();
        scalars.push(*r_nonce * y * *s_nonce);
        scalars.extend_from_slice(&eta);
        points.push(pc.b);
        points.extend_from_slice(blinding_bases);
        let b_point = publisher.publish(G::multiscalar_mul(&scalars, &points));

        transcript.validate_and_append_point(b"A1", &a1.bytes)?;
        transcript.validate_and_append_point(b"B", &b_point.bytes)?;
        let e = nonzero_challenge(transcript, b"e")?;
        let e_sq = e * e;

        let proof = RangeProofPlus {
            a: a_point,
            a1,
            b: b_point,
            r1: *r_nonce + *a0 * e,
            s1: *s_nonce + *b0 * e,
            d1: (0..degree)
                .map(|k| eta[k] + delta[k] * e + alpha[k] * e_sq)
                .collect(),
            l_vec,
            r_vec,
        };
        Ok((proof, commitments))
    }
}

/// A challenge that must not be zero (Tari rejects zero challenges; so do we, on both sides).
pub(crate) fn nonzero_challenge<G: Group, T: TranscriptProtocol<G>>(
    transcript: &mut T,
    label: &'static [u8],
) -> Result<G::Scalar, ProofError> {
    let c = transcript.challenge_scalar(label);
    if c == G::zero() {
        return Err(ProofError::VerificationFailed);
    }
    Ok(c)
}
