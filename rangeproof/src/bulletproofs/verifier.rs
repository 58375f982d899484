//! The range-proof verifier: one multiscalar multiplication per proof.
//!
//! Combining the inner-product check (section 3.1) and the polynomial check (eq. 72) with a
//! weight \\(c\\), a proof is valid iff
//! $$
//! \begin{aligned}
//! 0 = {} & A + x S + \sum_k \left(u_k^2 L_k + u_k^{-2} R_k\right) +
//!   c x T_1 + c x^2 T_2 + \sum_j c z^{2+j} V_j \\\\
//!   & {} + \sum_i (-z - a s_i) G_i +
//!   \sum_i \left(z + y^{-i}\left(z^{2+j(i)} 2^{i - o_{j(i)}} - b s_{N-1-i}\right)\right) H_i \\\\
//!   & {} + \left(w (t_x - ab) + c(\delta(y,z) - t_x)\right) B +
//!   \left(-\mu - c \tau_x\right) \tilde B,
//! \end{aligned}
//! $$
//! where slot \\(i\\) belongs to value \\(j(i)\\), whose bits start at slot \\(o_j\\)
//! (`deployments::BitLayout`: \\(o_j = jn\\) when every value has \\(n\\) bits), and
//! \\(\delta(y,z) = (z - z^2)\sum_{i<N} y^i - \sum_j z^{3+j}(2^{n_j} - 1)\\). The weight
//! \\(c\\) is a fresh random scalar (the reference's), or what the deployment derives
//! (Solana's challenge \\(d\\): `BulletproofsConvention::polynomial_weight`). The
//! \\(B, \tilde B, G_i, H_i\\) terms are *static* (fixed generators: precomputed tables, or
//! summed across a batch); the rest are *dynamic*. Batch verification multiplies each proof's
//! equation by an independent random weight \\(\omega\\) and adds them up.

use alloc::{vec, vec::Vec};
use rand_core::{CryptoRng, RngCore};

use super::{checked_layout, RangeProof};
use crate::deployments::{BitLayout, BulletproofsConvention, Generators};
use crate::group::{Commitments, EncodedPoint, Group, ScaleSlice};
use crate::transcript::TranscriptProtocol;
use crate::util::{powers_by_tree, sum_of_powers};
use crate::verification::{
    commitment_points, decode_commitments, DynamicPoint, Replayed, VerificationTerms,
};
use crate::{ProofError, StatementError};

impl<G: Group> RangeProof<G> {
    /// Verifies the proof for `commitments` (canonical encodings) of `n`-bit values.
    ///
    /// The transcript must be in the same state as the prover's was (same label, same prior
    /// messages).
    pub fn verify_multiple<C, R>(
        &self,
        gens: &Generators<C>,
        transcript: &mut C::Transcript,
        commitments: &[G::PointEncoding],
        n: usize,
        rng: &mut R,
    ) -> Result<(), ProofError>
    where
        C: BulletproofsConvention<Group = G>,
        R: RngCore + CryptoRng,
    {
        let bit_lengths = vec![n; commitments.len()];
        self.verify_with_bit_lengths(gens, transcript, commitments, &bit_lengths, rng)
    }

    /// Verifies the proof for `commitments` of values of their own bit lengths,
    /// `bit_lengths[j]` for commitment \\(j\\) (see [`RangeProof::prove_with_bit_lengths`]).
    pub fn verify_with_bit_lengths<C, R>(
        &self,
        gens: &Generators<C>,
        transcript: &mut C::Transcript,
        commitments: &[G::PointEncoding],
        bit_lengths: &[usize],
        rng: &mut R,
    ) -> Result<(), ProofError>
    where
        C: BulletproofsConvention<Group = G>,
        R: RngCore + CryptoRng,
    {
        self.verify_under_bases(
            gens,
            [None, None],
            transcript,
            commitments,
            bit_lengths,
            rng,
        )
    }

    /// [`Self::verify_with_bit_lengths`] under other Pedersen bases than `gens`' own (`None`:
    /// keep `gens`' base; see `BulletproofsConvention::STATEMENT_BASES`): the bases' terms join
    /// the proof's own points, and `gens`' tables serve the rest.
    pub(crate) fn verify_under_bases<C, R>(
        &self,
        gens: &Generators<C>,
        bases: [Option<&EncodedPoint<G>>; 2],
        transcript: &mut C::Transcript,
        commitments: &[G::PointEncoding],
        bit_lengths: &[usize],
        rng: &mut R,
    ) -> Result<(), ProofError>
    where
        C: BulletproofsConvention<Group = G>,
        R: RngCore + CryptoRng,
    {
        let commitments = decode_commitments::<G>(commitments)?;
        let replayed = self.replay(gens, transcript, &commitments, bit_lengths, rng)?;
        let mut terms = self.terms(&replayed, G::one())?;
        if bases.iter().any(Option::is_some) {
            let bases: Vec<_> = bases
                .iter()
                .map(|b| b.map(|b| DynamicPoint::new(b, 0)))
                .collect();
            terms = terms.under_bases(&bases);
        }
        if terms.is_zero(gens) {
            Ok(())
        } else {
            Err(ProofError::VerificationFailed)
        }
    }

    /// Verifies a proof of one value.
    pub fn verify_single<C, R>(
        &self,
        gens: &Generators<C>,
        transcript: &mut C::Transcript,
        commitment: &G::PointEncoding,
        n: usize,
        rng: &mut R,
    ) -> Result<(), ProofError>
    where
        C: BulletproofsConvention<Group = G>,
        R: RngCore + CryptoRng,
    {
        self.verify_multiple(gens, transcript, core::slice::from_ref(commitment), n, rng)
    }

    /// The sequential part of verification: shape checks and the transcript, which yield the
    /// challenges (and the weight \\(c\\) combining the two checks).
    pub(crate) fn replay<C, R>(
        &self,
        gens: &Generators<C>,
        transcript: &mut C::Transcript,
        commitments: &Commitments<G>,
        bit_lengths: &[usize],
        rng: &mut R,
    ) -> Result<Challenges<G>, ProofError>
    where
        C: BulletproofsConvention<Group = G>,
        R: RngCore + CryptoRng,
    {
        if bit_lengths.len() != commitments.len() {
            return Err(StatementError::MismatchedBitLengths {
                values: commitments.len(),
                bit_lengths: bit_lengths.len(),
            }
            .into());
        }
        let layout = checked_layout(gens, bit_lengths)?;
        // Wrong n or m shows up as the wrong number of rounds: reject before any work.
        if self.ipp.l_vec.len() != layout.vector_len().trailing_zeros() as usize {
            return Err(ProofError::VerificationFailed);
        }
        self.replay_in::<C, _, R>(transcript, commitments, layout, rng)
    }

    /// [`Self::replay`] under the convention `C`, for a layout already checked.
    fn replay_in<C, T, R>(
        &self,
        transcript: &mut T,
        commitments: &Commitments<G>,
        layout: BitLayout,
        rng: &mut R,
    ) -> Result<Challenges<G>, ProofError>
    where
        C: BulletproofsConvention,
        T: TranscriptProtocol<G>,
        R: RngCore + CryptoRng,
    {
        // The reference allows V to be the identity (value 0 with blinding 0).
        let v_points = C::statement(transcript, &layout, commitments)?;
        transcript.validate_and_append_point(b"A", &self.a.bytes)?;
        transcript.validate_and_append_point(b"S", &self.s.bytes)?;
        let y = transcript.challenge_scalar(b"y");
        let z = transcript.challenge_scalar(b"z");
        C::before_t(transcript, &z);
        transcript.validate_and_append_point(b"T_1", &self.t_1.bytes)?;
        transcript.validate_and_append_point(b"T_2", &self.t_2.bytes)?;
        let x = transcript.challenge_scalar(b"x");
        C::scalars(
            transcript,
            &x,
            &self.t_x,
            &self.t_x_blinding,
            &self.e_blinding,
        );
        let w = transcript.challenge_scalar(b"w");
        if y == G::zero() || z == G::zero() || x == G::zero() || w == G::zero() {
            return Err(ProofError::VerificationFailed);
        }
        C::after_w(transcript);

        let u = self.ipp.challenges(layout.vector_len(), transcript)?;
        let c = C::polynomial_weight(transcript, &self.ipp.a, &self.ipp.b, rng);
        Ok(Challenges {
            layout,
            y,
            z,
            x,
            w,
            u,
            c,
            v_points,
            cofactor_log2: C::COFACTOR_LOG2,
        })
    }

    /// The verification equation times `weight`, from the replayed challenges: scalar work
    /// only, so batches can compute it for many proofs in parallel.
    pub(crate) fn terms(
        &self,
        r: &Challenges<G>,
        weight: G::Scalar,
    ) -> Result<VerificationTerms<G>, ProofError> {
        let mut inverses = r.to_invert();
        crate::verification::batch_invert_fast::<G>(&mut inverses);
        self.terms_with(r, weight, &inverses, &[])
    }

    /// [`Self::terms`] given the inverses of [`Challenges::to_invert`] and the batch forms of
    /// the commitments left encoded ([`Commitments::to_decode`]; empty to decode them here): a
    /// batch inverts and decodes a whole chunk's at once. Fails only on a commitment that does
    /// not decode.
    ///
    /// Every scalar is computed in the group's fast form ([`Group::FastScalar`]: Montgomery form
    /// on curve25519), converted in once at the top and out once for the few scalars the
    /// multiscalar multiplication takes as they are.
    pub(crate) fn terms_with(
        &self,
        r: &Challenges<G>,
        weight: G::Scalar,
        inverses: &[G::FastScalar],
        decoded: &[G::BatchPoint],
    ) -> Result<VerificationTerms<G>, ProofError> {
        let f = |s: &G::Scalar| G::to_fast(s);
        let Challenges {
            ref layout,
            ref u,
            ref v_points,
            cofactor_log2,
            ..
        } = *r;
        let (y, z, x, w, c) = (f(&r.y), f(&r.z), f(&r.x), f(&r.w), f(&r.c));
        let weight = f(&weight);
        let one = G::FastScalar::from(1);
        let nm = layout.vector_len();
        let m = v_points.len();
        let rounds = u.len();

        // The inverses of every round challenge, then of y (nonzero: checked when replayed).
        let u: Vec<G::FastScalar> = u.iter().map(f).collect();
        let (u_inv, y_inv) = (&inverses[..rounds], inverses[rounds]);
        let u_sq: Vec<G::FastScalar> = u.iter().map(|u| *u * *u).collect();
        let u_inv_sq: Vec<G::FastScalar> = u_inv.iter().map(|u| *u * *u).collect();

        // y^{-2^t} for t ≤ log2(nm).
        let mut y_inv_pow2 = Vec::with_capacity(rounds + 1);
        y_inv_pow2.push(y_inv);
        for t in 0..rounds {
            y_inv_pow2.push(y_inv_pow2[t] * y_inv_pow2[t]);
        }

        let (a, b) = (f(&self.ipp.a), f(&self.ipp.b));
        let zz = z * z;
        let wz = weight * z;

        // G_i: -ωz - ωa s_i. The product tree starts at ωa s_0 = ωa Π u_k^{-1}, and setting
        // bit t of i multiplies by u_{k-t}^2.
        let all_u_inv = u_inv.iter().fold(one, |acc, x| acc * *x);
        let all_u = u.iter().fold(one, |acc, x| acc * *x);
        let g_factors: Vec<G::FastScalar> = (0..rounds).map(|t| u_sq[rounds - 1 - t]).collect();
        let mut g = Vec::new();
        crate::util::product_tree(weight * a * all_u_inv, &g_factors, &mut g);
        for g_i in g.iter_mut() {
            *g_i = -wz - *g_i;
        }

        // H_i: ωz + ω z^{2+j} 2^{i-o_j} y^{-i} - ωb y^{-i} s_{N-1-i} (slot i of value j, whose
        // bits start at o_j). The last term is a product tree too: at i = 0 it is ωb Π u_k,
        // and setting bit t of i clears bit t of N-1-i (a factor u_{k-t}^{-2}) and adds 2^t to
        // the power of y^{-1}.
        let h_factors: Vec<G::FastScalar> = (0..rounds)
            .map(|t| u_inv_sq[rounds - 1 - t] * y_inv_pow2[t])
            .collect();
        let mut h = Vec::new();
        crate::util::product_tree(weight * b * all_u, &h_factors, &mut h);
        // (2/y)^i for i below the longest bit length, by a product tree; each value's block
        // (o_j, n_j) scales its first n_j by the block's start (vector operations, see
        // `ScaleSlice`).
        let longest = layout.bit_lengths().iter().copied().max().unwrap_or(0);
        let powers = powers_by_tree(y_inv + y_inv, longest.next_power_of_two());
        let mut p = vec![G::FastScalar::from(0); longest];
        // y^{-k} for k ≤ N, from the squares y^{-2^t} by k's bits.
        let y_inv_pow = |k: usize| {
            (0..=rounds)
                .filter(|t| k >> t & 1 == 1)
                .fold(one, |acc, t| acc * y_inv_pow2[t])
        };
        // ω z^{2+j} y^{-o_j}: where value j's block starts.
        let mut block_start = weight * zz;
        // δ(y, z) = (z - z²) Σ_{i<N} y^i - Σ_j z^{3+j} (2^{n_j} - 1), over every value (padding
        // included).
        let mut sum_z2 = G::FastScalar::from(0);
        let mut z_j3 = zz * z;
        let mut step = (0, one); // y^{-n} for the last bit length n seen
        for (start, n) in layout.blocks() {
            let (p, powers) = (&mut p[..n], &powers[..n]);
            G::FastScalar::scale_into(powers, block_start, p); // ω z^{2+j} 2^i y^{-(o_j+i)}
            for (h_i, p_i) in h[start..start + n].iter_mut().zip(p.iter()) {
                *h_i = wz + *p_i - *h_i;
            }
            if step.0 != n {
                step = (n, y_inv_pow(n));
            }
            block_start *= z * step.1;
            sum_z2 += z_j3 * G::FastScalar::from(u64::MAX >> (64 - n)); // z^{3+j} (2^{n_j} - 1)
            z_j3 *= z;
        }
        let delta = (z - zz) * sum_of_powers(y, nm) - sum_z2;

        let (t_x, t_x_blinding, e_blinding) =
            (f(&self.t_x), f(&self.t_x_blinding), f(&self.e_blinding));
        let wc = weight * c;
        let b_scalar = weight * w * (t_x - a * b) + wc * (delta - t_x);
        let b_blinding = -(weight * e_blinding) - wc * t_x_blinding;

        // Every proof point and commitment enters times the deployment's cofactor (Monero: 8),
        // as a point, which removes any torsion component exactly as Monero does.
        let clear = |p: &EncodedPoint<G>| DynamicPoint::new(p, cofactor_log2);
        let out = |s: G::FastScalar| G::from_fast(&s);
        let mut dynamic_scalars = Vec::with_capacity(4 + m + 2 * rounds);
        let mut dynamic_points = Vec::with_capacity(4 + m + 2 * rounds);
        let wcx = wc * x;
        dynamic_scalars.extend([weight, weight * x, wcx, wcx * x].map(out));
        dynamic_points.extend([
            clear(&self.a),
            clear(&self.s),
            clear(&self.t_1),
            clear(&self.t_2),
        ]);
        let mut wcz_j = wc * zz;
        for v in commitment_points(v_points, decoded, cofactor_log2)? {
            dynamic_scalars.push(out(wcz_j));
            dynamic_points.push(v);
            wcz_j *= z;
        }
        for k in 0..rounds {
            dynamic_scalars.push(out(weight * u_sq[k]));
            dynamic_points.push(clear(&self.ipp.l_vec[k]));
            dynamic_scalars.push(out(weight * u_inv_sq[k]));
            dynamic_points.push(clear(&self.ipp.r_vec[k]));
        }

        Ok(VerificationTerms {
            n: layout.party_bits(),
            m: layout.parties(),
            b: out(b_scalar),
            blinding: vec![out(b_blinding)],
            g,
            h,
            dynamic_scalars,
            dynamic_points,
        })
    }
}

/// What [`RangeProof::replay`] derives from the transcript: the challenges, and the
/// commitment points the equation uses.
#[derive(Clone, Debug)]
pub(crate) struct Challenges<G: Group> {
    /// Where the values lie in the proof's vectors.
    layout: BitLayout,
    y: G::Scalar,
    z: G::Scalar,
    x: G::Scalar,
    w: G::Scalar,
    u: Vec<G::Scalar>,
    c: G::Scalar,
    /// The commitment points the equation uses (Monero: \\(8^{-1} C_j\\)).
    v_points: Commitments<G>,
    /// \\(\log_2\\) of the convention's cofactor, which proof points are cleared of.
    cofactor_log2: u32,
}

impl<G: Group> Challenges<G> {
    /// What the equation inverts: the round challenges, then y (all nonzero: the replay
    /// rejects zero challenges).
    pub(crate) fn to_invert(&self) -> Vec<G::FastScalar> {
        let mut values: Vec<G::FastScalar> = self.u.iter().map(G::to_fast).collect();
        values.push(G::to_fast(&self.y));
        values
    }

    /// \\(N\\), the length of the proof's vectors.
    pub(crate) fn len(&self) -> usize {
        self.layout.vector_len()
    }
}

/// A replayed Bulletproof and its batch weight: a [`Replayed`].
pub(crate) struct PendingBulletproof<G: Group> {
    proof: RangeProof<G>,
    challenges: Challenges<G>,
    weight: G::Scalar,
}

impl<G: Group> Replayed<G> for PendingBulletproof<G> {
    fn equation(&self) -> Option<VerificationTerms<G>> {
        self.proof.terms(&self.challenges, self.weight).ok()
    }

    fn to_invert(&self) -> Vec<G::FastScalar> {
        self.challenges.to_invert()
    }

    fn to_decode(&self) -> &[G::PointEncoding] {
        self.challenges.v_points.to_decode()
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
        2 * self.challenges.len()
    }
}

impl<G: Group> RangeProof<G> {
    /// Replays the transcript (the sequential part of verification) and keeps what the
    /// equation needs, weighted by `weight`, for a batch.
    pub(crate) fn pending<C, R>(
        &self,
        gens: &Generators<C>,
        transcript: &mut C::Transcript,
        commitments: &Commitments<G>,
        bit_lengths: &[usize],
        weight: G::Scalar,
        rng: &mut R,
    ) -> Result<PendingBulletproof<G>, ProofError>
    where
        C: BulletproofsConvention<Group = G>,
        R: RngCore + CryptoRng,
    {
        let challenges = self.replay(gens, transcript, commitments, bit_lengths, rng)?;
        Ok(PendingBulletproof {
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
    use crate::deployments::MoneroBulletproofs;
    use crate::group::Ed25519;
    use crate::transcript::ZeroChallenge;

    /// `bulletproof_VERIFY` (Monero v0.18.5.1, `src/ringct/bulletproofs.cc`) refuses a proof
    /// whose `y`, `z`, `x`, `x_ip` (our `w`) or a round challenge `w[i]` (our `u`) is zero; so
    /// do we. A proof Monero made (`vectors/monero-crates-bp-ed25519.json`) replays and
    /// verifies; replayed with any one of those challenges zero, and nothing else changed, it
    /// is refused. (The replay checks nothing else that depends on the challenges' values, so
    /// each refusal is that zero check's.)
    #[test]
    fn zero_challenges_are_refused_as_monero_refuses_them() {
        let file: serde_json::Value = serde_json::from_str(include_str!(
            "../../../vectors/monero-crates-bp-ed25519.json"
        ))
        .expect("json");
        let case = &file["cases"][0];
        let hex = |v: &serde_json::Value| hex::decode(v.as_str().expect("hex")).expect("hex");
        let proof =
            RangeProof::<Ed25519>::from_monero_bytes(&hex(&case["proof"])).expect("decodes");
        let masks: Vec<[u8; 32]> = case["commitments"]
            .as_array()
            .expect("commitments")
            .iter()
            .map(|c| hex(c).try_into().expect("32 bytes"))
            .collect();
        let gens = monero::bulletproofs_generators();
        proof
            .verify_multiple(
                gens,
                &mut MoneroTranscript::bulletproofs(),
                &masks,
                64,
                &mut OsRng,
            )
            .expect("valid");

        let commitments = decode_commitments::<Ed25519>(&masks).expect("points");
        let layout = checked_layout(gens, &vec![64; masks.len()]).expect("layout");
        let replay = |label: &'static [u8], nth: usize| {
            let mut transcript = ZeroChallenge::new(MoneroTranscript::bulletproofs(), label, nth);
            proof
                .replay_in::<MoneroBulletproofs, _, _>(
                    &mut transcript,
                    &commitments,
                    layout.clone(),
                    &mut OsRng,
                )
                .map(|_| ())
        };
        // A label no challenge has: the real challenges, replayed.
        assert_eq!(replay(b"none", 0), Ok(()));
        let rounds = proof.ipp.l_vec.len();
        for (label, nth) in [
            (&b"y"[..], 0),
            (b"z", 0),
            (b"x", 0),
            (b"w", 0),
            (b"u", 0),
            (b"u", rounds - 1),
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
