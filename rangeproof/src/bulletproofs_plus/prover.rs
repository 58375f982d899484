//! The Bulletproofs+ prover.
//!
//! Constant-time on the witness, as the Bulletproofs prover: \\(A\\) by constant-time
//! selection of \\(G_i\\) or \\(-H_i\\) per bit, every secret-weighted multiscalar multiplication
//! (\\(L, R, A_1, B'\\), the commitments) by the backend's constant-time MSM, generator folding
//! (public) by [`crate::inner_product::folding`]. Nonces come from the hedged transcript RNG,
//! or from the seed nonce when the caller wants the mask to be recoverable.

use crate::StatementError;
use alloc::vec::Vec;
use core::marker::PhantomData;
use rand_core::{CryptoRng, RngCore};
use subtle::{Choice, ConditionallySelectable};
use zeroize::Zeroizing;

use super::{RangeProofPlus, Statement};
use crate::deployments::{BulletproofsPlusConvention, Generators, NonceStep, Publisher};
use crate::group::{Commitments, EncodedPoint, Group};
use crate::transcript::{nonzero_challenge, TranscriptProtocol};
use crate::util::powers;
use crate::weighted_inner_product::{Blindings, LastRoundNonces, WeightedInnerProduct, WipNonces};
use crate::ProofError;

/// `degree` blinding nonces for `step`: the convention's seed derivation when there is a seed
/// (the prover checked that the convention has one), else from the hedged RNG.
fn take_nonces<G: Group, C: BulletproofsPlusConvention, R: RngCore + CryptoRng>(
    seed: Option<&G::Scalar>,
    rng: &mut R,
    step: NonceStep,
    degree: usize,
) -> Zeroizing<Vec<G::Scalar>> {
    Zeroizing::new(
        (0..degree)
            .map(|k| {
                seed.and_then(|seed| C::seed_nonce::<G>(seed, step, k))
                    .unwrap_or_else(|| G::random_scalar(rng))
            })
            .collect(),
    )
}

/// The blinding nonces of the weighted inner-product argument: the convention's seed derivations
/// when there is a seed nonce, else the hedged RNG.
struct ProverNonces<'a, G: Group, C, R> {
    seed: Option<&'a G::Scalar>,
    rng: &'a mut R,
    degree: usize,
    convention: PhantomData<C>,
}

impl<G: Group, C: BulletproofsPlusConvention, R: RngCore + CryptoRng> WipNonces<G>
    for ProverNonces<'_, G, C, R>
{
    fn round(&mut self, j: usize) -> (Blindings<G>, Blindings<G>) {
        let (seed, degree) = (self.seed, self.degree);
        let d_l = take_nonces::<G, C, _>(seed, self.rng, NonceStep::RoundLeft(j), degree);
        let d_r = take_nonces::<G, C, _>(seed, self.rng, NonceStep::RoundRight(j), degree);
        (d_l, d_r)
    }

    fn last_round(&mut self) -> LastRoundNonces<G> {
        let r = Zeroizing::new(G::random_scalar(self.rng));
        let s = Zeroizing::new(G::random_scalar(self.rng));
        let delta = take_nonces::<G, C, _>(self.seed, self.rng, NonceStep::Delta, self.degree);
        let eta = take_nonces::<G, C, _>(self.seed, self.rng, NonceStep::Eta, self.degree);
        LastRoundNonces { r, s, delta, eta }
    }
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
    pub fn prove<C, R, B>(
        gens: &Generators<C>,
        transcript: &mut C::Transcript,
        statement: &Statement<'_>,
        values: &[u64],
        blindings: &[B],
        seed_nonce: Option<&G::Scalar>,
        rng: &mut R,
    ) -> Result<(Self, Vec<EncodedPoint<G>>), ProofError>
    where
        C: BulletproofsPlusConvention<Group = G>,
        R: RngCore + CryptoRng,
        B: AsRef<[G::Scalar]>,
    {
        Self::prove_in::<C, _, R, B>(
            gens, transcript, statement, values, blindings, seed_nonce, rng,
        )
    }

    /// [`Self::prove`] under the convention `C`.
    fn prove_in<C, T, R, B>(
        gens: &Generators<C>,
        transcript: &mut T,
        statement: &Statement<'_>,
        values: &[u64],
        blindings: &[B],
        seed_nonce: Option<&G::Scalar>,
        rng: &mut R,
    ) -> Result<(Self, Vec<EncodedPoint<G>>), ProofError>
    where
        C: BulletproofsPlusConvention<Group = G>,
        T: TranscriptProtocol<G>,
        R: RngCore + CryptoRng,
        B: AsRef<[G::Scalar]>,
    {
        let m = values.len();
        if blindings.len() != m {
            return Err(StatementError::MismatchedLengths {
                values: m,
                blindings: blindings.len(),
            }
            .into());
        }
        let m_padded = statement.check(gens, m)?;
        let (n, degree) = (statement.bits, statement.extension_degree);
        if let Some(bad) = blindings.iter().find(|b| b.as_ref().len() != degree) {
            return Err(StatementError::InvalidExtensionDegree {
                given: bad.as_ref().len(),
                max: degree,
            }
            .into());
        }
        if seed_nonce.is_some() && m != 1 {
            return Err(ProofError::MaskRecoveryNeedsSingleProof);
        }
        // A seed is the convention's rule: one without a derivation rule has no recovery.
        if seed_nonce.is_some() && !C::HAS_SEED_NONCES {
            return Err(ProofError::NoRecoveryNonce);
        }
        let seed = seed_nonce;
        // The values actually decomposed: v_j - μ_j, each below 2^n.
        let mut offsets = Zeroizing::new(Vec::with_capacity(m_padded));
        for (j, v) in values.iter().enumerate() {
            if n < 64 && v >> n != 0 {
                return Err(StatementError::ValueOutOfRange { bits: n }.into());
            }
            offsets.push(
                v.checked_sub(statement.minimum(j))
                    .ok_or(StatementError::BelowMinimum)?,
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
        let commitments = crate::deployments::tamper::commitments(commitments);
        C::statement(
            transcript,
            gens,
            statement.shape(),
            &Commitments::Decoded(commitments.clone()),
        )?;
        // Points are published times 1/cofactor (Monero's 8^{-1}); the verifier multiplies back.
        let publisher = Publisher::<G>::new(C::COFACTOR_LOG2);

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
        let mut alpha = take_nonces::<G, C, _>(seed, &mut rng, NonceStep::Alpha, degree);
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
        let mut nonce_source = ProverNonces::<G, C, _> {
            seed,
            rng: &mut rng,
            degree,
            convention: PhantomData,
        };
        let wip = WeightedInnerProduct {
            transcript,
            publisher: &publisher,
            value_base: pc.b,
            blinding_bases,
            y,
            y_pows: &y_pows,
            y_inv_pow2: &y_inv_pow2,
        }
        .prove(g_vec, h_vec, a, b, alpha, &mut nonce_source)?;
        let proof = RangeProofPlus {
            a: a_point,
            a1: wip.a1,
            b: wip.b,
            r1: wip.r1,
            s1: wip.s1,
            d1: wip.d1,
            l_vec: wip.l_vec,
            r_vec: wip.r_vec,
        };
        Ok((proof, commitments))
    }
}
