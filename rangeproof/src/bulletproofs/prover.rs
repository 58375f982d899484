//! The range-proof prover.
//!
//! Constant-time on the witness: the bit commitment \\(A\\) is built by selecting, for each
//! bit, \\(G_i\\) or \\(-H_i\\) with `subtle`'s constant-time selection (one point addition per
//! bit, no branch on the bit); every other secret-dependent multiplication is the backend's
//! constant-time MSM; the secret vectors and nonces are zeroized when dropped.
//!
//! Nonces are hedged: they come from the transcript's witness RNG, keyed by the transcript so
//! far (n, m, every commitment), the values and blindings, and the caller's RNG.

use crate::StatementError;
use alloc::{vec, vec::Vec};
use rand_core::{CryptoRng, RngCore};
use subtle::{Choice, ConditionallySelectable};
use zeroize::{Zeroize, Zeroizing};

use super::{checked_layout, RangeProof};
use crate::deployments::{BitLayout, BulletproofsConvention, Generators, Publisher};
use crate::generators::RangeGens;
use crate::group::{Commitments, EncodedPoint, Group};
use crate::inner_product::InnerProductProof;
use crate::transcript::TranscriptProtocol;
use crate::util::{inner_product, powers};
use crate::ProofError;

/// Secret scalars of one share of a proof, wiped on drop.
struct Nonces<G: Group> {
    alpha: G::Scalar,
    rho: G::Scalar,
    tau_1: G::Scalar,
    tau_2: G::Scalar,
}

impl<G: Group> Drop for Nonces<G> {
    fn drop(&mut self) {
        self.alpha.zeroize();
        self.rho.zeroize();
        self.tau_1.zeroize();
        self.tau_2.zeroize();
    }
}

/// The values a prover works for: a run of the proof's values, each with its bit length (an
/// aggregated single prover is one share of every value; in the multi-party protocol each
/// party is a share of its own values, and the dealer one of the padding values).
pub(crate) struct Share<'a, G: Group> {
    /// Each value's bit length, padding values (zero, past `values`) included.
    pub bit_lengths: Vec<usize>,
    /// Index of the share's first value among the proof's: its weight is \\(z^{2+first}\\).
    pub first: usize,
    /// Index of its first slot in the proof's vectors: its first power of \\(y\\).
    pub start: usize,
    /// Generators per party share, as the proof's layout has them.
    pub party_bits: usize,
    /// The real values (at most `bit_lengths.len()`).
    pub values: &'a [u64],
    /// Their blindings \\(\gamma_j\\).
    pub blindings: &'a [G::Scalar],
}

impl<'a, G: Group> Share<'a, G> {
    /// Values `first ..` of a proof whose values have `n` bits each, `count` of them (padding
    /// included), each on its own party share.
    pub(crate) fn uniform(
        n: usize,
        first: usize,
        count: usize,
        values: &'a [u64],
        blindings: &'a [G::Scalar],
    ) -> Self {
        Share {
            bit_lengths: vec![n; count],
            first,
            start: first * n,
            party_bits: n,
            values,
            blindings,
        }
    }

    /// Every value of a proof of `layout`.
    pub(crate) fn whole(layout: &BitLayout, values: &'a [u64], blindings: &'a [G::Scalar]) -> Self {
        Share {
            bit_lengths: layout.bit_lengths().to_vec(),
            first: 0,
            start: 0,
            party_bits: layout.party_bits(),
            values,
            blindings,
        }
    }

    fn len(&self) -> usize {
        self.bit_lengths.iter().sum()
    }

    /// Bit i of the share's value j, as a constant-time choice (padding values are 0).
    fn bit(&self, j: usize, i: usize) -> Choice {
        let v = self.values.get(j).copied().unwrap_or(0);
        Choice::from(((v >> i) & 1) as u8)
    }

    /// Per value: its index in the share and bit length, and each of its bits' slot in the
    /// share.
    fn bits(&self) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
        let mut slot = 0;
        self.bit_lengths
            .iter()
            .enumerate()
            .flat_map(move |(j, &n)| {
                let first = slot;
                slot += n;
                (0..n).map(move |i| (j, i, first + i))
            })
    }
}

/// Round 1 (eq. 44, 47): the commitments to the bits and to the blinding vectors.
pub(crate) struct BitCommitment<G: Group> {
    pub a: EncodedPoint<G>,
    pub s: EncodedPoint<G>,
    nonces: Nonces<G>,
    s_l: Zeroizing<Vec<G::Scalar>>,
    s_r: Zeroizing<Vec<G::Scalar>>,
}

/// Round 2 (eq. 52–53): the commitments to \\(t_1, t_2\\), and \\(l(X), r(X)\\) to answer with.
pub(crate) struct PolyCommitment<G: Group> {
    pub t_1: EncodedPoint<G>,
    pub t_2: EncodedPoint<G>,
    l0: Zeroizing<Vec<G::Scalar>>,
    r0: Zeroizing<Vec<G::Scalar>>,
    r1: Zeroizing<Vec<G::Scalar>>,
    z: G::Scalar,
}

/// Round 3 (eq. 58–61): the evaluations at \\(x\\), and the vectors \\(l(x), r(x)\\) for the
/// inner-product argument.
pub(crate) struct Answers<G: Group> {
    pub t_x: G::Scalar,
    pub t_x_blinding: G::Scalar,
    pub e_blinding: G::Scalar,
    pub l: Zeroizing<Vec<G::Scalar>>,
    pub r: Zeroizing<Vec<G::Scalar>>,
}

/// Round 1: draws the share's nonces from `rng` and commits to its bits and blinding vectors.
pub(crate) fn commit_bits<G: Group, R: RngCore + CryptoRng>(
    gens: &RangeGens<G>,
    publisher: &Publisher<G>,
    share: &Share<'_, G>,
    rng: &mut R,
) -> BitCommitment<G> {
    let len = share.len();
    let pc = gens.pedersen();
    let nonces = Nonces::<G> {
        alpha: G::random_scalar(rng),
        rho: G::random_scalar(rng),
        tau_1: G::random_scalar(rng),
        tau_2: G::random_scalar(rng),
    };
    let s_l: Zeroizing<Vec<G::Scalar>> =
        Zeroizing::new((0..len).map(|_| G::random_scalar(rng)).collect());
    let s_r: Zeroizing<Vec<G::Scalar>> =
        Zeroizing::new((0..len).map(|_| G::random_scalar(rng)).collect());
    // Test-only: a prover that blinds nothing (S is then the identity; still valid).
    #[cfg(test)]
    let (nonces, s_l, s_r) = if crate::deployments::tamper::zero_nonces() {
        let zeros = || Zeroizing::new(vec![G::zero(); len]);
        let rho = G::zero();
        (Nonces::<G> { rho, ..nonces }, zeros(), zeros())
    } else {
        (nonces, s_l, s_r)
    };

    let (g_vec, h_vec) = gens.slots(share.party_bits, share.start, len);

    // A = α B̃ + Σ_i (a_L[i] G_i + a_R[i] H_i), where a_R[i] = a_L[i] - 1, so each term is
    // G_i when the bit is set and -H_i when it is not (eq. 44).
    let mut a_point = G::multiscalar_mul(&[nonces.alpha], &[pc.b_blinding()]);
    for (j, i, k) in share.bits() {
        a_point += G::Point::conditional_select(&-h_vec[k], &g_vec[k], share.bit(j, i));
    }
    let a = publisher.publish(a_point);

    // S = ρ B̃ + <s_L, G> + <s_R, H> (eq. 47).
    let mut scalars = Zeroizing::new(Vec::with_capacity(2 * len + 1));
    scalars.push(nonces.rho);
    scalars.extend_from_slice(&s_l);
    scalars.extend_from_slice(&s_r);
    let mut points = Vec::with_capacity(2 * len + 1);
    points.push(pc.b_blinding());
    points.extend_from_slice(&g_vec);
    points.extend_from_slice(&h_vec);
    let s = publisher.publish(G::multiscalar_mul(&scalars, &points));
    BitCommitment {
        a,
        s,
        nonces,
        s_l,
        s_r,
    }
}

impl<G: Group> BitCommitment<G> {
    /// Round 2: with the challenges \\(y, z\\), the share's
    /// \\(l(X) = \mathbf a_L - z\mathbf 1 + \mathbf s_L X\\) and
    /// \\(r(X) = \mathbf y^N \circ (\mathbf a_R + z\mathbf 1 + \mathbf s_R X) + z^{2+j}\mathbf 2^{n_j}\\)
    /// (eq. 70–71 with each value's own bit length, at the share's global indices: see
    /// `deployments::BitLayout`), and the commitments to the coefficients of
    /// \\(t(X) = \langle l(X), r(X)\rangle\\) (eq. 52–53).
    pub(crate) fn commit_polynomial(
        &self,
        gens: &RangeGens<G>,
        publisher: &Publisher<G>,
        share: &Share<'_, G>,
        y: G::Scalar,
        z: G::Scalar,
    ) -> PolyCommitment<G> {
        let len = share.len();
        let mut l0 = Zeroizing::new(Vec::with_capacity(len));
        let mut r0 = Zeroizing::new(Vec::with_capacity(len));
        let mut r1 = Zeroizing::new(Vec::with_capacity(len));
        // y^{start} and z^{2+first}: where the share's indices start.
        let mut y_i = powers::<G>(y).nth(share.start).expect("endless iterator");
        let mut z_j = powers::<G>(z)
            .nth(2 + share.first)
            .expect("endless iterator");
        let mut two_i = G::one();
        for (j, i, k) in share.bits() {
            if i == 0 && j > 0 {
                // The next value: its own power of z, and 2^i from 1 again.
                z_j *= z;
                two_i = G::one();
            }
            let a_l = G::Scalar::conditional_select(&G::zero(), &G::one(), share.bit(j, i));
            let a_r = a_l - G::one();
            l0.push(a_l - z);
            r0.push(y_i * (a_r + z) + z_j * two_i);
            r1.push(y_i * self.s_r[k]);
            y_i *= y;
            two_i = two_i + two_i;
        }
        let l1 = &self.s_l;
        // Secret (t_1 and t_2 would reveal the witness): wiped when dropped.
        let t_1 = Zeroizing::new(inner_product::<G>(&l0, &r1) + inner_product::<G>(l1, &r0));
        let t_2 = Zeroizing::new(inner_product::<G>(l1, &r1));
        let pc = gens.pedersen();
        PolyCommitment {
            t_1: publisher.publish(pc.commit(*t_1, self.nonces.tau_1)),
            t_2: publisher.publish(pc.commit(*t_2, self.nonces.tau_2)),
            l0,
            r0,
            r1,
            z,
        }
    }

    /// Round 3: with the challenge \\(x\\), \\(t_x = t(x)\\), \\(\tau_x\\), \\(\mu\\) and
    /// \\(l(x), r(x)\\) (eq. 58–61, 72).
    pub(crate) fn answer(
        &self,
        poly: &PolyCommitment<G>,
        share: &Share<'_, G>,
        x: G::Scalar,
    ) -> Answers<G> {
        let l = Zeroizing::new(
            poly.l0
                .iter()
                .zip(self.s_l.iter())
                .map(|(a, b)| *a + *b * x)
                .collect::<Vec<_>>(),
        );
        let r = Zeroizing::new(
            poly.r0
                .iter()
                .zip(poly.r1.iter())
                .map(|(a, b)| *a + *b * x)
                .collect::<Vec<_>>(),
        );
        let t_x = inner_product::<G>(&l, &r);
        let mut t_x_blinding = self.nonces.tau_2 * x * x + self.nonces.tau_1 * x;
        let z_powers = powers::<G>(poly.z).skip(2 + share.first);
        for (z_j, gamma) in z_powers.zip(share.blindings) {
            t_x_blinding += z_j * *gamma;
        }
        Answers {
            t_x,
            t_x_blinding,
            e_blinding: self.nonces.alpha + self.nonces.rho * x,
            l,
            r,
        }
    }
}

impl<G: Group> RangeProof<G> {
    /// Proves that every `values[j]` is below \\(2^n\\), for commitments
    /// \\(V_j = v_j B + \gamma_j \tilde B\\) with \\(\gamma_j\\) = `blindings[j]`.
    ///
    /// Returns the proof and the commitments (in the order of `values`). `n` must be 8, 16,
    /// 32 or 64 and `values.len()` between 1 and 64; any `m` is allowed (see the module notes
    /// on padding).
    ///
    /// The protocol's rounds are `commit_bits`, `BitCommitment::commit_polynomial`,
    /// `BitCommitment::answer` (crate-internal, for the multi-party protocol) and the
    /// inner-product argument; this function runs them as
    /// one prover holding every value, with the transcript between them.
    pub fn prove_multiple<C, R>(
        gens: &Generators<C>,
        transcript: &mut C::Transcript,
        values: &[u64],
        blindings: &[G::Scalar],
        n: usize,
        rng: &mut R,
    ) -> Result<(Self, Vec<EncodedPoint<G>>), ProofError>
    where
        C: BulletproofsConvention<Group = G>,
        R: RngCore + CryptoRng,
    {
        let bit_lengths = vec![n; values.len()];
        Self::prove_with_bit_lengths(gens, transcript, values, blindings, &bit_lengths, rng)
    }

    /// Proves that every `values[j]` is below \\(2^{n_j}\\), \\(n_j\\) = `bit_lengths[j]`,
    /// for commitments \\(V_j = v_j B + \gamma_j \tilde B\\): values of their own bit lengths,
    /// where the deployment allows them (Solana's batched range proofs:
    /// [`BulletproofsConvention::PER_VALUE_BIT_LENGTHS`]); elsewhere every length must be the
    /// same and this is [`Self::prove_multiple`].
    pub fn prove_with_bit_lengths<C, R>(
        gens: &Generators<C>,
        transcript: &mut C::Transcript,
        values: &[u64],
        blindings: &[G::Scalar],
        bit_lengths: &[usize],
        rng: &mut R,
    ) -> Result<(Self, Vec<EncodedPoint<G>>), ProofError>
    where
        C: BulletproofsConvention<Group = G>,
        R: RngCore + CryptoRng,
    {
        let m = values.len();
        if blindings.len() != m {
            return Err(StatementError::MismatchedLengths {
                values: m,
                blindings: blindings.len(),
            }
            .into());
        }
        if bit_lengths.len() != m {
            return Err(StatementError::MismatchedBitLengths {
                values: m,
                bit_lengths: bit_lengths.len(),
            }
            .into());
        }
        let layout = checked_layout(gens, bit_lengths)?;
        for (v, &n) in values.iter().zip(bit_lengths) {
            if n < 64 && v >> n != 0 {
                return Err(StatementError::ValueOutOfRange { bits: n }.into());
            }
        }
        Self::prove_in::<C, _, R>(gens, transcript, values, blindings, &layout, rng)
    }

    /// [`Self::prove_with_bit_lengths`] under the convention `C`, for a layout already checked.
    fn prove_in<C, T, R>(
        gens: &RangeGens<G>,
        transcript: &mut T,
        values: &[u64],
        blindings: &[G::Scalar],
        layout: &BitLayout,
        rng: &mut R,
    ) -> Result<(Self, Vec<EncodedPoint<G>>), ProofError>
    where
        C: BulletproofsConvention,
        T: TranscriptProtocol<G>,
        R: RngCore + CryptoRng,
    {
        let m = values.len();
        let pc = gens.pedersen();

        let commitments: Vec<EncodedPoint<G>> = values
            .iter()
            .zip(blindings)
            .map(|(v, gamma)| EncodedPoint::from_point(pc.commit(G::Scalar::from(*v), *gamma)))
            .collect();

        #[cfg(test)]
        let commitments = crate::deployments::tamper::commitments(commitments);
        C::statement(
            transcript,
            layout,
            &Commitments::Decoded(commitments.clone()),
        )?;
        // Points are published times 1/cofactor (Monero's 8^{-1}); the verifier multiplies back.
        let publisher = Publisher::<G>::new(C::COFACTOR_LOG2);

        // Hedged nonce generation.
        let mut witness_bytes = Zeroizing::new(Vec::with_capacity(m * 40));
        for (v, gamma) in values.iter().zip(blindings) {
            witness_bytes.extend_from_slice(&v.to_le_bytes());
            witness_bytes.extend_from_slice(G::scalar_to_bytes(gamma).as_ref());
        }
        let mut rng = transcript.witness_rng(&[(b"witness", &witness_bytes)], rng);
        let share = Share::whole(layout, values, blindings);

        let bits = commit_bits(gens, &publisher, &share, &mut rng);
        transcript.append_point(b"A", &bits.a.bytes);
        transcript.append_point(b"S", &bits.s.bytes);
        let y = transcript.challenge_scalar(b"y");
        let z = transcript.challenge_scalar(b"z");
        if y == G::zero() || z == G::zero() {
            return Err(ProofError::VerificationFailed);
        }

        let poly = bits.commit_polynomial(gens, &publisher, &share, y, z);
        C::before_t(transcript, &z);
        transcript.append_point(b"T_1", &poly.t_1.bytes);
        transcript.append_point(b"T_2", &poly.t_2.bytes);
        let x = transcript.challenge_scalar(b"x");
        if x == G::zero() {
            return Err(ProofError::VerificationFailed);
        }

        let mut answers = bits.answer(&poly, &share, x);
        C::scalars(
            transcript,
            &x,
            &answers.t_x,
            &answers.t_x_blinding,
            &answers.e_blinding,
        );
        let w = transcript.challenge_scalar(b"w");
        C::after_w(transcript);

        // H' = y^{-N} ∘ H: the inner-product prover applies the factors while folding. Q = w B;
        // with the shape's fixed-base tables (built at its second use), the rounds run over
        // the original generators and B in table passes.
        let y_inv = G::invert(&y);
        let (g_vec, h_vec) = gens.slots(layout.party_bits(), 0, layout.vector_len());
        let (l, r) = (
            core::mem::take(&mut *answers.l),
            core::mem::take(&mut *answers.r),
        );
        let ipp = match gens.fixed_batch_table(layout.party_bits(), layout.parties()) {
            Some(table) => InnerProductProof::prove_with_table(
                transcript,
                (&table, pc.b, w),
                y_inv,
                &publisher,
                g_vec,
                h_vec,
                l,
                r,
            )?,
            None => InnerProductProof::prove(
                transcript,
                &(pc.b * w),
                y_inv,
                &publisher,
                g_vec,
                h_vec,
                l,
                r,
            )?,
        };

        let proof = RangeProof {
            a: bits.a,
            s: bits.s,
            t_1: poly.t_1,
            t_2: poly.t_2,
            t_x: answers.t_x,
            t_x_blinding: answers.t_x_blinding,
            e_blinding: answers.e_blinding,
            ipp,
        };
        Ok((proof, commitments))
    }

    /// Proves one value: [`Self::prove_multiple`] with `m = 1`.
    pub fn prove_single<C, R>(
        gens: &Generators<C>,
        transcript: &mut C::Transcript,
        value: u64,
        blinding: &G::Scalar,
        n: usize,
        rng: &mut R,
    ) -> Result<(Self, EncodedPoint<G>), ProofError>
    where
        C: BulletproofsConvention<Group = G>,
        R: RngCore + CryptoRng,
    {
        let (proof, commitments) = Self::prove_multiple(
            gens,
            transcript,
            &[value],
            core::slice::from_ref(blinding),
            n,
            rng,
        )?;
        Ok((proof, commitments[0]))
    }
}
