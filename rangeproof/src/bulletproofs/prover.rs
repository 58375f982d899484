//! The range-proof prover.
//!
//! Constant-time on the witness: the bit commitment \\(A\\) is built by selecting, for each
//! bit, \\(G_i\\) or \\(-H_i\\) with `subtle`'s constant-time selection (one point addition per
//! bit, no branch on the bit); every other secret-dependent multiplication is the backend's
//! constant-time MSM; the secret vectors and nonces are zeroized when dropped.
//!
//! Nonces are hedged: they come from the transcript's witness RNG, keyed by the transcript so
//! far (n, m, every commitment), the values and blindings, and the caller's RNG.

use rand_core::{CryptoRng, RngCore};
use subtle::{Choice, ConditionallySelectable};
use zeroize::{Zeroize, Zeroizing};

use super::{check_shape, steps, RangeProof};
use crate::generators::{Generators, Publisher};
use crate::group::{EncodedPoint, Group};
use crate::inner_product::InnerProductProof;
use crate::transcript::TranscriptProtocol;
use crate::util::{inner_product, powers};
use crate::ProofError;

/// Secret scalars of one proof, wiped on drop.
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

impl<G: Group> RangeProof<G> {
    /// Proves that every `values[j]` is below \\(2^n\\), for commitments
    /// \\(V_j = v_j B + \gamma_j \tilde B\\) with \\(\gamma_j\\) = `blindings[j]`.
    ///
    /// Returns the proof and the commitments (in the order of `values`). `n` must be 8, 16,
    /// 32 or 64 and `values.len()` between 1 and 64; any `m` is allowed (see the module notes
    /// on padding).
    pub fn prove_multiple<T, R>(
        gens: &Generators<G>,
        transcript: &mut T,
        values: &[u64],
        blindings: &[G::Scalar],
        n: usize,
        rng: &mut R,
    ) -> Result<(Self, Vec<EncodedPoint<G>>), ProofError>
    where
        T: TranscriptProtocol<G>,
        R: RngCore + CryptoRng,
    {
        let m = values.len();
        if blindings.len() != m {
            return Err(ProofError::MismatchedLengths {
                values: m,
                blindings: blindings.len(),
            });
        }
        let m_padded = check_shape(n, m)?;
        gens.check_capacity(n, m_padded)?;
        if n < 64 && values.iter().any(|v| v >> n != 0) {
            return Err(ProofError::ValueOutOfRange { bits: n });
        }
        let nm = n * m_padded;
        let pc = gens.pedersen();

        let commitments: Vec<EncodedPoint<G>> = values
            .iter()
            .zip(blindings)
            .map(|(v, gamma)| EncodedPoint::from_point(pc.commit(G::Scalar::from(*v), *gamma)))
            .collect();

        #[cfg(test)]
        let commitments = crate::generators::tamper::commitments(commitments);
        steps::commitments(transcript, gens, n, &commitments)?;
        // Points are published times 1/cofactor (Monero's 8^{-1}); the verifier multiplies back.
        let publisher = Publisher::<G>::new(gens.convention());

        // Hedged nonce generation.
        let mut witness_bytes = Zeroizing::new(Vec::with_capacity(m * 40));
        for (v, gamma) in values.iter().zip(blindings) {
            witness_bytes.extend_from_slice(&v.to_le_bytes());
            witness_bytes.extend_from_slice(G::scalar_to_bytes(gamma).as_ref());
        }
        let mut rng = transcript.witness_rng(&[(b"witness", &witness_bytes)], rng);
        let nonces = Nonces::<G> {
            alpha: G::random_scalar(&mut rng),
            rho: G::random_scalar(&mut rng),
            tau_1: G::random_scalar(&mut rng),
            tau_2: G::random_scalar(&mut rng),
        };
        let s_l: Zeroizing<Vec<G::Scalar>> =
            Zeroizing::new((0..nm).map(|_| G::random_scalar(&mut rng)).collect());
        let s_r: Zeroizing<Vec<G::Scalar>> =
            Zeroizing::new((0..nm).map(|_| G::random_scalar(&mut rng)).collect());
        // Test-only: a prover that blinds nothing (S is then the identity; still valid).
        #[cfg(test)]
        let (nonces, s_l, s_r) = if crate::generators::tamper::zero_nonces() {
            let zeros = || Zeroizing::new(vec![G::zero(); nm]);
            let rho = G::zero();
            (Nonces::<G> { rho, ..nonces }, zeros(), zeros())
        } else {
            (nonces, s_l, s_r)
        };

        let g_vec = gens.g_vec(n, m_padded);
        let h_vec = gens.h_vec(n, m_padded);

        // Bit i of value j, as a constant-time choice (padding values are 0).
        let bit = |j: usize, i: usize| -> Choice {
            let v = if j < m { values[j] } else { 0 };
            Choice::from(((v >> i) & 1) as u8)
        };

        // A = α B̃ + Σ_i (a_L[i] G_i + a_R[i] H_i), where a_R[i] = a_L[i] - 1, so each term
        // is G_i when the bit is set and -H_i when it is not (eq. 44).
        let mut a_point = G::multiscalar_mul(&[nonces.alpha], &[pc.b_blinding()]);
        for j in 0..m_padded {
            for i in 0..n {
                let k = j * n + i;
                a_point += G::Point::conditional_select(&-h_vec[k], &g_vec[k], bit(j, i));
            }
        }
        let a_point = publisher.publish(a_point);

        // S = ρ B̃ + <s_L, G> + <s_R, H> (eq. 47).
        let s_point = {
            let mut scalars = Zeroizing::new(Vec::with_capacity(2 * nm + 1));
            scalars.push(nonces.rho);
            scalars.extend_from_slice(&s_l);
            scalars.extend_from_slice(&s_r);
            let mut points = Vec::with_capacity(2 * nm + 1);
            points.push(pc.b_blinding());
            points.extend_from_slice(&g_vec);
            points.extend_from_slice(&h_vec);
            publisher.publish(G::multiscalar_mul(&scalars, &points))
        };

        transcript.append_point(b"A", &a_point.bytes);
        transcript.append_point(b"S", &s_point.bytes);
        let y = transcript.challenge_scalar(b"y");
        let z = transcript.challenge_scalar(b"z");
        if y == G::zero() || z == G::zero() {
            return Err(ProofError::VerificationFailed);
        }

        // l(X) = l0 + l1 X and r(X) = r0 + r1 X (eq. 70-71).
        let zz = z * z;
        let mut l0 = Zeroizing::new(Vec::with_capacity(nm));
        let mut r0 = Zeroizing::new(Vec::with_capacity(nm));
        let mut r1 = Zeroizing::new(Vec::with_capacity(nm));
        let mut y_i = G::one();
        let mut z_j = zz; // z^{2+j}
        for j in 0..m_padded {
            let mut two_i = G::one();
            for i in 0..n {
                let k = j * n + i;
                let a_l = G::Scalar::conditional_select(&G::zero(), &G::one(), bit(j, i));
                let a_r = a_l - G::one();
                l0.push(a_l - z);
                r0.push(y_i * (a_r + z) + z_j * two_i);
                r1.push(y_i * s_r[k]);
                y_i *= y;
                two_i = two_i + two_i;
            }
            z_j *= z;
        }
        let l1 = &s_l;

        // t_1 = <l0, r1> + <l1, r0>, t_2 = <l1, r1> (eq. 52-53).
        // Secret (t_1 and t_2 would reveal the witness): wiped when dropped.
        let t_1 = Zeroizing::new(inner_product::<G>(&l0, &r1) + inner_product::<G>(l1, &r0));
        let t_2 = Zeroizing::new(inner_product::<G>(l1, &r1));
        let t_1_point = publisher.publish(pc.commit(*t_1, nonces.tau_1));
        let t_2_point = publisher.publish(pc.commit(*t_2, nonces.tau_2));

        steps::before_t(transcript, gens, &z);
        transcript.append_point(b"T_1", &t_1_point.bytes);
        transcript.append_point(b"T_2", &t_2_point.bytes);
        let x = transcript.challenge_scalar(b"x");
        if x == G::zero() {
            return Err(ProofError::VerificationFailed);
        }

        // l = l(x), r = r(x); t_x = <l, r>; τ_x and μ (eq. 58-61, 72).
        let l: Vec<G::Scalar> = l0.iter().zip(l1.iter()).map(|(a, b)| *a + *b * x).collect();
        let r: Vec<G::Scalar> = r0.iter().zip(r1.iter()).map(|(a, b)| *a + *b * x).collect();
        let t_x = inner_product::<G>(&l, &r);
        let mut t_x_blinding = nonces.tau_2 * x * x + nonces.tau_1 * x;
        for (z_j, gamma) in powers::<G>(z).skip(2).zip(blindings) {
            t_x_blinding += z_j * *gamma;
        }
        let e_blinding = nonces.alpha + nonces.rho * x;

        steps::scalars(transcript, gens, &x, &t_x, &t_x_blinding, &e_blinding);
        let w = transcript.challenge_scalar(b"w");
        let q = pc.b * w;

        // H' = y^{-N} ∘ H: the inner-product prover applies the factors while folding.
        let y_inv = G::invert(&y);
        let ipp = InnerProductProof::prove(transcript, &q, y_inv, &publisher, g_vec, h_vec, l, r)?;

        let proof = RangeProof {
            a: a_point,
            s: s_point,
            t_1: t_1_point,
            t_2: t_2_point,
            t_x,
            t_x_blinding,
            e_blinding,
            ipp,
        };
        Ok((proof, commitments))
    }

    /// Proves one value: [`Self::prove_multiple`] with `m = 1`.
    pub fn prove_single<T, R>(
        gens: &Generators<G>,
        transcript: &mut T,
        value: u64,
        blinding: &G::Scalar,
        n: usize,
        rng: &mut R,
    ) -> Result<(Self, EncodedPoint<G>), ProofError>
    where
        T: TranscriptProtocol<G>,
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
