//! The Bulletproofs+ verifier: one multiscalar multiplication per proof.
//!
//! Expanding \\(\hat A\\) in the final check of the weighted inner-product argument
//! (figure 1, step 10: \\(e^2 \hat A + e^2\sum_j(e_j^2 L_j + e_j^{-2} R_j) + eA_1 + B' =
//! r_1 e\,\mathbf G' + s_1 e\,\mathbf H' + r_1 y s_1 B + \sum_k \delta'_k \tilde B_k\\)), a proof is
//! valid iff
//! $$
//! \begin{aligned}
//! 0 = {} & \sum_i \left(r_1 e\, y^{-i} s_i + e^2 z\right) G_i +
//!   \sum_i \left(s_1 e\, s_{N-1-i} - e^2 (d_i y^{N-i} + z)\right) H_i \\\\
//!   & {} + \Big(r_1 y s_1 + e^2\big(y^{N+1} z\, \textstyle\sum_i d_i + (z^2 - z)\sum_{i=1}^{N} y^i +
//!   y^{N+1}\sum_j z^{2(j+1)}\mu_j\big)\Big) B + \sum_k \delta'_k \tilde B_k \\\\
//!   & {} - e A_1 - B' - e^2 A - e^2 \sum_j \left(e_j^2 L_j + e_j^{-2} R_j\right) -
//!   e^2 y^{N+1} \sum_j z^{2(j+1)} V_j,
//! \end{aligned}
//! $$
//! where \\(s_i = \prod_j e_j^{\pm 1}\\) as in the inner-product argument. The \\(G_i\\) and
//! \\(H_i\\) scalars are product trees (one multiplication per entry), every inversion is one
//! batch inversion, and [`crate::BatchVerifier`] multiplies the whole equation by a random
//! weight per proof.

use crate::StatementError;
use alloc::{vec, vec::Vec};
use rand_core::{CryptoRng, RngCore};

use super::{RangeProofPlus, Statement};
use crate::deployments::{BulletproofsPlusConvention, Generators, NonceStep};
use crate::generators::RangeGens;
use crate::group::{Commitments, EncodedPoint, Group, ScaleSlice};
use crate::transcript::{nonzero_challenge, TranscriptProtocol};
use crate::util::product_tree;
use crate::util::{powers_by_tree, sum_of_powers};
use crate::verification::{
    commitment_points, decode_commitments, DynamicPoint, Replayed, VerificationTerms,
};
use crate::ProofError;

/// The challenges of one proof, and the commitment points its equation uses.
#[derive(Clone, Debug)]
pub(crate) struct Challenges<G: Group> {
    y: G::Scalar,
    z: G::Scalar,
    rounds: Vec<G::Scalar>,
    e: G::Scalar,
    v: Commitments<G>,
    /// Bit size and padded aggregation.
    n: usize,
    m_padded: usize,
    /// \\(\mu_j\\) for the real commitments (zeros when absent).
    minimums: Vec<u64>,
    /// \\(\log_2\\) of the convention's cofactor, which proof points are cleared of.
    cofactor_log2: u32,
}

impl<G: Group> RangeProofPlus<G> {
    /// Verifies the proof for `commitments` (canonical encodings) under `statement`.
    pub fn verify<C, R>(
        &self,
        gens: &Generators<C>,
        transcript: &mut C::Transcript,
        statement: &Statement<'_>,
        commitments: &[G::PointEncoding],
        rng: &mut R,
    ) -> Result<(), ProofError>
    where
        C: BulletproofsPlusConvention<Group = G>,
        R: RngCore + CryptoRng,
    {
        let _ = rng; // one equation: no random combination is needed for a single proof
        let commitments = decode_commitments::<G>(commitments)?;
        let terms = self.verification_terms(gens, transcript, statement, &commitments, G::one())?;
        if terms.is_zero(gens) {
            Ok(())
        } else {
            Err(ProofError::VerificationFailed)
        }
    }

    /// Recovers the blinding factors of a single commitment from a proof made with
    /// `seed_nonce` (Tari's mask recovery). The proof is not verified: callers who need that
    /// verify it too (a wrong seed yields wrong blindings, which the caller can check against
    /// the commitment). A seed must have been used for this one proof only: see
    /// [`Self::prove`] for what reusing it leaks.
    pub fn recover_mask<C>(
        &self,
        gens: &Generators<C>,
        transcript: &mut C::Transcript,
        statement: &Statement<'_>,
        commitment: &G::PointEncoding,
        seed_nonce: &G::Scalar,
    ) -> Result<Vec<G::Scalar>, ProofError>
    where
        C: BulletproofsPlusConvention<Group = G>,
    {
        self.recover_mask_in::<C>(gens, transcript, statement, commitment, seed_nonce)
    }

    /// [`Self::recover_mask`] under the convention `C`.
    fn recover_mask_in<C: BulletproofsPlusConvention<Group = G>>(
        &self,
        gens: &Generators<C>,
        transcript: &mut C::Transcript,
        statement: &Statement<'_>,
        commitment: &G::PointEncoding,
        seed_nonce: &G::Scalar,
    ) -> Result<Vec<G::Scalar>, ProofError> {
        if !C::HAS_SEED_NONCES {
            return Err(StatementError::RefusedByDeployment.into());
        }
        // The convention's derivation (present: checked just above).
        let nonce = |step: NonceStep, k: usize| {
            C::seed_nonce::<G>(seed_nonce, step, k).unwrap_or_else(G::zero)
        };
        let commitments = decode_commitments::<G>(core::slice::from_ref(commitment))?;
        let c = self.replay(gens, transcript, statement, &commitments)?;
        let nm = c.n * c.m_padded;
        let e_sq = c.e * c.e;
        let round_sq: Vec<G::Scalar> = c.rounds.iter().map(|e| *e * *e).collect();
        let mut round_inv_sq = c.rounds.clone();
        G::batch_invert(&mut round_inv_sq);
        for x in round_inv_sq.iter_mut() {
            *x = *x * *x;
        }
        let y_n1 = crate::util::powers::<G>(c.y)
            .nth(nm + 1)
            .expect("endless iterator");
        // δ'_k = η_k + δ_k e + e² (α_k + Σ_j (e_j² d_L + e_j^{-2} d_R) + y^{N+1} z² γ_k).
        let denominator = G::invert(&(e_sq * c.z * c.z * y_n1));
        Ok((0..statement.extension_degree)
            .map(|k| {
                let mut residue = nonce(NonceStep::Alpha, k);
                for (j, (sq, inv_sq)) in round_sq.iter().zip(&round_inv_sq).enumerate() {
                    residue += *sq * nonce(NonceStep::RoundLeft(j), k);
                    residue += *inv_sq * nonce(NonceStep::RoundRight(j), k);
                }
                (self.d1[k]
                    - nonce(NonceStep::Eta, k)
                    - c.e * nonce(NonceStep::Delta, k)
                    - residue * e_sq)
                    * denominator
            })
            .collect())
    }

    /// Checks the shape and replays the transcript.
    pub(crate) fn replay<C>(
        &self,
        gens: &Generators<C>,
        transcript: &mut C::Transcript,
        statement: &Statement<'_>,
        commitments: &Commitments<G>,
    ) -> Result<Challenges<G>, ProofError>
    where
        C: BulletproofsPlusConvention<Group = G>,
    {
        let m_padded = statement.check(gens, commitments.len())?;
        let nm = statement.bits * m_padded;
        // Another n, m or extension degree shows up as a shape mismatch.
        if self.d1.len() != statement.extension_degree
            || self.l_vec.len() != nm.trailing_zeros() as usize
            || self.r_vec.len() != self.l_vec.len()
        {
            return Err(ProofError::VerificationFailed);
        }
        self.replay_in::<C, _>(gens, transcript, statement, commitments, m_padded)
    }

    /// [`Self::replay`] under the convention `C`, for a shape already checked.
    fn replay_in<C: BulletproofsPlusConvention, T: TranscriptProtocol<G>>(
        &self,
        gens: &RangeGens<G>,
        transcript: &mut T,
        statement: &Statement<'_>,
        commitments: &Commitments<G>,
        m_padded: usize,
    ) -> Result<Challenges<G>, ProofError> {
        let v = C::statement(transcript, gens, statement.shape(), commitments)?;
        transcript.validate_and_append_point(b"A", &self.a.bytes)?;
        let y = nonzero_challenge(transcript, b"y")?;
        let z = nonzero_challenge(transcript, b"z")?;
        let mut rounds = Vec::with_capacity(self.l_vec.len());
        for (l, r) in self.l_vec.iter().zip(&self.r_vec) {
            transcript.validate_and_append_point(b"L", &l.bytes)?;
            transcript.validate_and_append_point(b"R", &r.bytes)?;
            rounds.push(nonzero_challenge(transcript, b"e")?);
        }
        transcript.validate_and_append_point(b"A1", &self.a1.bytes)?;
        transcript.validate_and_append_point(b"B", &self.b.bytes)?;
        let e = nonzero_challenge(transcript, b"e")?;
        Ok(Challenges {
            y,
            z,
            rounds,
            e,
            v,
            n: statement.bits,
            m_padded,
            minimums: (0..commitments.len())
                .map(|j| statement.minimum(j))
                .collect(),
            cofactor_log2: C::COFACTOR_LOG2,
        })
    }

    /// Replays the transcript and returns the verification equation times `weight`.
    pub(crate) fn verification_terms<C>(
        &self,
        gens: &Generators<C>,
        transcript: &mut C::Transcript,
        statement: &Statement<'_>,
        commitments: &Commitments<G>,
        weight: G::Scalar,
    ) -> Result<VerificationTerms<G>, ProofError>
    where
        C: BulletproofsPlusConvention<Group = G>,
    {
        let challenges = self.replay(gens, transcript, statement, commitments)?;
        self.terms(&challenges, weight)
    }

    /// The verification equation times `weight`, from the replayed challenges: scalar work
    /// only, so batches can compute it for many proofs in parallel.
    pub(crate) fn terms(
        &self,
        c: &Challenges<G>,
        weight: G::Scalar,
    ) -> Result<VerificationTerms<G>, ProofError> {
        let mut inverses = c.to_invert();
        if inverses.contains(&G::FastScalar::from(0)) {
            return Err(ProofError::VerificationFailed);
        }
        crate::verification::batch_invert_fast::<G>(&mut inverses);
        self.terms_with(c, weight, &inverses, &[])
    }

    /// [`Self::terms`] given the inverses of [`Challenges::to_invert`] (a batch inverts a whole
    /// chunk's at once).
    ///
    /// Every scalar is computed in the group's fast form ([`Group::FastScalar`]: Montgomery form
    /// on curve25519), converted in once at the top and out once for the few scalars the
    /// multiscalar multiplication takes as they are.
    pub(crate) fn terms_with(
        &self,
        c: &Challenges<G>,
        weight: G::Scalar,
        inverses: &[G::FastScalar],
        decoded: &[G::BatchPoint],
    ) -> Result<VerificationTerms<G>, ProofError> {
        let f = |s: &G::Scalar| G::to_fast(s);
        let Challenges {
            rounds: ref e_rounds,
            ref v,
            n,
            m_padded,
            ref minimums,
            cofactor_log2,
            ..
        } = *c;
        let (y, z, e, weight) = (f(&c.y), f(&c.z), f(&c.e), f(&weight));
        let one = G::FastScalar::from(1);
        let k = e_rounds.len();

        // The inverses of the round challenges, y and y - 1 (see `Challenges::to_invert`).
        if inverses.len() != k + 2 {
            return Err(ProofError::VerificationFailed);
        }
        let (e_inv, y_inv, y_minus_1_inv) = (&inverses[..k], inverses[k], inverses[k + 1]);

        let e_rounds: Vec<G::FastScalar> = e_rounds.iter().map(f).collect();
        let e_sq_rounds: Vec<G::FastScalar> = e_rounds.iter().map(|x| *x * *x).collect();
        let e_inv_sq_rounds: Vec<G::FastScalar> = e_inv.iter().map(|x| *x * *x).collect();
        let all_e = e_rounds.iter().fold(one, |acc, x| acc * *x);
        let all_e_inv = e_inv.iter().fold(one, |acc, x| acc * *x);

        // y^{±2^t} for t ≤ log2(N); y^N, y^{N+1}.
        let mut y_pow2 = vec![y];
        let mut y_inv_pow2 = vec![y_inv];
        for t in 0..k {
            y_pow2.push(y_pow2[t] * y_pow2[t]);
            y_inv_pow2.push(y_inv_pow2[t] * y_inv_pow2[t]);
        }
        let y_n = y_pow2[k];
        let y_n1 = y_n * y;

        let e_sq = e * e;
        let w_e_sq = weight * e_sq;
        let w_e_sq_z = w_e_sq * z;
        let zz = z * z;
        let (r1, s1) = (f(&self.r1), f(&self.s1));

        // G_i: ω r_1 e y^{-i} s_i + ω e² z. Product tree: at i = 0, ω r_1 e Π e_j^{-1}; setting
        // bit t of i multiplies by e_{k-t}² y^{-2^t}.
        let g_factors: Vec<G::FastScalar> = (0..k)
            .map(|t| e_sq_rounds[k - 1 - t] * y_inv_pow2[t])
            .collect();
        let mut g = Vec::new();
        product_tree(weight * r1 * e * all_e_inv, &g_factors, &mut g);
        for g_i in g.iter_mut() {
            *g_i += w_e_sq_z;
        }

        // H_i: ω s_1 e s_{N-1-i} - ω e² (d_i y^{N-i} + z), with d_{jn+i} = z^{2(j+1)} 2^i.
        let h_factors: Vec<G::FastScalar> = (0..k).map(|t| e_inv_sq_rounds[k - 1 - t]).collect();
        let mut h = Vec::new();
        product_tree(weight * s1 * e * all_e, &h_factors, &mut h);
        // (2/y)^i for i < n, by a product tree; each block scales it by its start (vector
        // operations, see `ScaleSlice`).
        let powers = powers_by_tree(y_inv + y_inv, n);
        let mut p = vec![G::FastScalar::from(0); n];
        let block_step = zz * y_inv_pow2[n.trailing_zeros() as usize]; // z² y^{-n}
        let mut block_start = w_e_sq * zz * y_n; // ω e² z^{2(j+1)} y^{N - jn}
        for j in 0..m_padded {
            G::FastScalar::scale_into(&powers, block_start, &mut p);
            for (h_i, p_i) in h[j * n..(j + 1) * n].iter_mut().zip(&p) {
                *h_i -= *p_i + w_e_sq_z;
            }
            block_start *= block_step;
        }

        // B: ω (r_1 y s_1 + e² (y^{N+1} z Σd + (z² - z) Σ_{i=1}^{N} y^i + y^{N+1} Σ_j z^{2(j+1)} μ_j)).
        let y_sum = y * (y_n - one) * y_minus_1_inv;
        let two_n_minus_1 = G::FastScalar::from(u64::MAX >> (64 - n));
        let d_sum = two_n_minus_1 * zz * sum_of_powers(zz, m_padded);
        let mut b_scalar = r1 * y * s1 + e_sq * (y_n1 * z * d_sum + (zz - z) * y_sum);

        let mut dynamic_scalars = Vec::with_capacity(3 + v.len() + 2 * k);
        let mut dynamic_points = Vec::with_capacity(3 + v.len() + 2 * k);
        // Every proof point and commitment enters times the deployment's cofactor (Monero: 8),
        // as a point, which removes any torsion component exactly as Monero does.
        let clear = |p: &EncodedPoint<G>| DynamicPoint::new(p, cofactor_log2);
        let out = |s: G::FastScalar| G::from_fast(&s);
        let mut z_2j = e_sq * y_n1 * zz; // e² y^{N+1} z^{2(j+1)}
        for (j, v_j) in commitment_points(v, decoded, cofactor_log2)?
            .into_iter()
            .enumerate()
        {
            dynamic_scalars.push(out(-(weight * z_2j)));
            dynamic_points.push(v_j);
            b_scalar += z_2j * G::FastScalar::from(minimums[j]);
            z_2j *= zz;
        }
        dynamic_scalars.extend([-(weight * e), -weight, -w_e_sq].map(out));
        dynamic_points.extend([clear(&self.a1), clear(&self.b), clear(&self.a)]);
        for j in 0..k {
            dynamic_scalars.push(out(-(w_e_sq * e_sq_rounds[j])));
            dynamic_points.push(clear(&self.l_vec[j]));
            dynamic_scalars.push(out(-(w_e_sq * e_inv_sq_rounds[j])));
            dynamic_points.push(clear(&self.r_vec[j]));
        }

        Ok(VerificationTerms {
            n,
            m: m_padded,
            b: out(weight * b_scalar),
            blinding: self.d1.iter().map(|d| out(weight * f(d))).collect(),
            g,
            h,
            dynamic_scalars,
            dynamic_points,
        })
    }
}

impl<G: Group> Challenges<G> {
    /// What the equation inverts: the round challenges, y and y − 1 (the round challenges and
    /// y are nonzero by the replay; y − 1 may be zero, which rejects the proof).
    pub(crate) fn to_invert(&self) -> Vec<G::FastScalar> {
        let mut values: Vec<G::FastScalar> = self.rounds.iter().map(G::to_fast).collect();
        let y = G::to_fast(&self.y);
        values.push(y);
        values.push(y - G::FastScalar::from(1));
        values
    }

    /// The proof's bit size and padded aggregation size.
    pub(crate) fn shape(&self) -> (usize, usize) {
        (self.n, self.m_padded)
    }
}

/// A replayed Bulletproofs+ proof and its batch weight: a [`Replayed`].
pub(crate) struct PendingBulletproofPlus<G: Group> {
    proof: RangeProofPlus<G>,
    challenges: Challenges<G>,
    weight: G::Scalar,
}

impl<G: Group> Replayed<G> for PendingBulletproofPlus<G> {
    fn equation(&self) -> Option<VerificationTerms<G>> {
        self.proof.terms(&self.challenges, self.weight).ok()
    }

    fn to_invert(&self) -> Vec<G::FastScalar> {
        self.challenges.to_invert()
    }

    fn to_decode(&self) -> &[G::PointEncoding] {
        self.challenges.v.to_decode()
    }

    fn equation_with(
        &self,
        inverses: &[G::FastScalar],
        decoded: &[G::BatchPoint],
    ) -> Option<VerificationTerms<G>> {
        self.proof
            .terms_with(&self.challenges, self.weight, inverses, decoded)
            .ok()
    }

    fn generator_scalars(&self) -> usize {
        let (n, m) = self.challenges.shape();
        2 * n * m
    }
}

impl<G: Group> RangeProofPlus<G> {
    /// Replays the transcript and keeps what the equation needs, weighted by `weight`, for a
    /// batch.
    pub(crate) fn pending<C>(
        &self,
        gens: &Generators<C>,
        transcript: &mut C::Transcript,
        statement: &Statement<'_>,
        commitments: &Commitments<G>,
        weight: G::Scalar,
    ) -> Result<PendingBulletproofPlus<G>, ProofError>
    where
        C: BulletproofsPlusConvention<Group = G>,
    {
        let challenges = self.replay(gens, transcript, statement, commitments)?;
        Ok(PendingBulletproofPlus {
            proof: self.clone(),
            challenges,
            weight,
        })
    }
}

#[cfg(all(test, feature = "monero"))]
mod tests {
    use rand::rngs::OsRng;

    use super::*;
    use crate::deployments::monero::{self, transcript::MoneroTranscript};
    use crate::deployments::MoneroBulletproofsPlus;
    use crate::group::Ed25519;
    use crate::transcript::ZeroChallenge;

    /// `bulletproof_plus_VERIFY` (Monero v0.18.5.1, `src/ringct/bulletproofs_plus.cc`) refuses
    /// a proof whose `y`, `z`, a round challenge or the final `e` is zero; so do we. A mainnet
    /// proof (`vectors/monero-crates-bpplus-ed25519.json`) replays and verifies; replayed with
    /// any one of those challenges zero, and nothing else changed, it is refused. (The replay
    /// checks nothing else that depends on the challenges' values, so each refusal is that zero
    /// check's.)
    #[test]
    fn zero_challenges_are_refused_as_monero_refuses_them() {
        let file: serde_json::Value = serde_json::from_str(include_str!(
            "../../../vectors/monero-crates-bpplus-ed25519.json"
        ))
        .expect("json");
        let case = &file["cases"][0];
        let hex = |v: &serde_json::Value| hex::decode(v.as_str().expect("hex")).expect("hex");
        let proof =
            RangeProofPlus::<Ed25519>::from_monero_bytes(&hex(&case["proof"])).expect("decodes");
        let masks: Vec<[u8; 32]> = case["commitments"]
            .as_array()
            .expect("commitments")
            .iter()
            .map(|c| hex(c).try_into().expect("32 bytes"))
            .collect();
        let gens = monero::bulletproofs_plus_generators();
        let statement = Statement {
            bits: 64,
            extension_degree: 1,
            minimum_values: None,
        };
        proof
            .verify(
                gens,
                &mut MoneroTranscript::bulletproofs_plus(),
                &statement,
                &masks,
                &mut OsRng,
            )
            .expect("valid");

        let commitments = decode_commitments::<Ed25519>(&masks).expect("points");
        let m_padded = statement.check(gens, masks.len()).expect("shape");
        let replay = |label: &'static [u8], nth: usize| {
            let mut transcript =
                ZeroChallenge::new(MoneroTranscript::bulletproofs_plus(), label, nth);
            proof
                .replay_in::<MoneroBulletproofsPlus, _>(
                    gens,
                    &mut transcript,
                    &statement,
                    &commitments,
                    m_padded,
                )
                .map(|_| ())
        };
        // A label no challenge has: the real challenges, replayed.
        assert_eq!(replay(b"none", 0), Ok(()));
        // The round challenges and the final one are all `e`: the final is the last.
        let rounds = proof.l_vec.len();
        for (label, nth) in [
            (&b"y"[..], 0),
            (b"z", 0),
            (b"e", 0),
            (b"e", rounds - 1),
            (b"e", rounds),
        ] {
            assert_eq!(
                replay(label, nth),
                Err(ProofError::VerificationFailed),
                "{} #{nth}",
                String::from_utf8_lossy(label)
            );
        }
    }
}
