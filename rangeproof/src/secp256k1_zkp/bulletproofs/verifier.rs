//! Verification: the proof's transcript replayed, then one multiscalar multiplication.
//!
//! With the challenges \\(y, z, x\\), \\(u_x\\) and \\(x_1, \ldots, x_k\\) of the transcript, a
//! proof is valid when both equations of the paper (§4.2, (61) for \\(t\\) and (62) with the
//! inner-product argument of Protocol 2) hold. secp256k1-zkp's inner-product argument halves
//! its vectors *interleaved* — round \\(i\\) pairs the elements whose indices differ in bit
//! \\(i\\), \\(\mathbf a' = x_i \mathbf a_{even} + x_i^{-1} \mathbf a_{odd}\\),
//! \\(\mathbf G' = x_i^{-1} \mathbf G_{even} + x_i \mathbf G_{odd}\\) — and stops at two elements,
//! so the folded \\(G\\) coefficient of generator \\(k\\) is
//! \\(a_{\lfloor k / 2^r \rfloor} s_k\\) after \\(r\\) rounds, with \\(s_k = \prod_i x_i^{\pm 1}\\)
//! (the sign is bit \\(i\\) of \\(k\\)), and \\(H_k\\)'s is
//! \\(b_{\lfloor k/2^r \rfloor} s_k^{-1} y^{-k}\\). The two equations, the second weighted by a
//! random \\(c\\), sum to
//!
//! \\[
//! \begin{aligned}
//! 0 ={}& A + xS + \sum_k (-z - a_{(k)} s_k) G_k +
//!   \sum_k \big(z + z^{2+j} 2^{b} y^{-k} - b_{(k)} s_k^{-1} y^{-k}\big) H_k +
//!   \sum_i (x_i^2 L_i + x_i^{-2} R_i) \\\\
//! &{}+ \big({-\mu} + u_x (t - a_1 b_1 - a_2 b_2) + c\,({-\tau_x})\big) G +
//!   c \Big( (\delta - t) H_v + x T_1 + x^2 T_2 + \sum_j z^{2+j} V_j \Big)
//! \end{aligned}
//! \\]
//!
//! (\\(k = jn + b\\) for value \\(j\\), bit \\(b\\)), with
//! \\(\delta = (z - z^2)\sum_{k<nm} y^k - \sum_j z^{3+j} (2^n - 1)\\). With minimum values the
//! C verifier computes \\(\delta\\) as
//! \\((z - z^2)\sum_k y^k + \sum_j \big({-z^2} v^{min}_j - z^{3+2j} (2^n - 1)\big)\\) — right for
//! one value, not for more (so it rejects every such proof with \\(m > 1\\)); this verifier
//! computes the same, to accept exactly what Grin's nodes accept.
//!
//! Unlike the C code, the weights \\(c\\) and (in batches) each proof's \\(\omega\\) are drawn at
//! random rather than hashed from the proof.

use k256::{ProjectivePoint, Scalar};
use rand_core::OsRng;

use super::generators::{GrinGeneratorCache, GrinGenerators};
use super::proof::GrinRangeProof;
use super::transcript::{HashChain, XOnlyPoint};
use super::GrinStatement;
use crate::group::{Group, Secp256k1};
use crate::ProofError;

/// A proof whose transcript has been replayed: its challenges and points.
#[derive(Clone, Debug)]
pub struct PendingGrinProof {
    pub(crate) nm: usize,
    pub(crate) bits: usize,
    pub(crate) generators: std::sync::Arc<GrinGenerators>,
    proof: GrinRangeProof,
    commitments: Vec<ProjectivePoint>,
    value_generator: ProjectivePoint,
    value_generator_is_h: bool,
    min_values: Option<Vec<u64>>,
    y: Scalar,
    z: Scalar,
    x: Scalar,
    ux: Scalar,
    round_challenges: Vec<Scalar>,
}

/// One proof's weighted equation (see the module notes).
#[derive(Clone, Debug)]
pub(crate) struct GrinEquation {
    /// Scalars of \\(G_k\\), \\(k < nm\\).
    pub(crate) g: Vec<Scalar>,
    /// Scalars of \\(H_k\\).
    pub(crate) h: Vec<Scalar>,
    /// Scalar of the blinding base \\(G\\).
    pub(crate) blinding_base: Scalar,
    /// Scalar of \\(H\\) (zero when the value generator is another point, which is then one
    /// of the dynamic points).
    pub(crate) value_base: Scalar,
    pub(crate) dynamic_scalars: Vec<Scalar>,
    pub(crate) dynamic_points: Vec<ProjectivePoint>,
}

/// Replays the transcript of secp256k1-zkp's prover over the statement and the proof.
pub(crate) fn absorb_statement(chain: &mut HashChain, statement: &GrinStatement) {
    if let Some(min) = &statement.min_values {
        chain.absorb_min_values(min);
    }
    let generator = statement.value_generator.x_only();
    for c in &statement.commitments {
        let mut x = [0u8; 32];
        x.copy_from_slice(&c[1..]);
        chain.absorb_pair((x, c[0] & 1 == 1), generator);
    }
    if let Some(extra) = &statement.extra_data {
        chain.absorb(&[extra]);
    }
}

fn pair(p: &XOnlyPoint) -> ([u8; 32], bool) {
    (p.x_reduced(), p.non_residue)
}

impl PendingGrinProof {
    /// Checks the statement's shape, decodes the commitments and the proof, and replays the
    /// transcript.
    pub fn new(proof_bytes: &[u8], statement: &GrinStatement) -> Result<Self, ProofError> {
        Self::new_in(GrinGeneratorCache::process(), proof_bytes, statement)
    }

    /// [`Self::new`] with the generators of `cache`.
    pub fn new_in(
        cache: &GrinGeneratorCache,
        proof_bytes: &[u8],
        statement: &GrinStatement,
    ) -> Result<Self, ProofError> {
        let (nm, generators) = statement.check_in(cache)?;
        let commitments = statement.commitment_points()?;
        let proof = GrinRangeProof::from_bytes(proof_bytes, nm)?;

        let mut chain = HashChain::new();
        absorb_statement(&mut chain, statement);
        chain.absorb_pair(pair(&proof.a), pair(&proof.s));
        let y = chain.challenge()?;
        chain.absorb_pair(pair(&proof.a), pair(&proof.s));
        let z = chain.challenge()?;
        chain.absorb_pair(pair(&proof.t1), pair(&proof.t2));
        let x = chain.challenge()?;
        chain.absorb(&[
            &Secp256k1::scalar_to_bytes(&proof.neg_tau_x),
            &Secp256k1::scalar_to_bytes(&proof.neg_mu),
        ]);
        chain.absorb(&[&Secp256k1::scalar_to_bytes(&proof.t)]);
        let ux = chain.challenge()?;
        let mut round_challenges = Vec::with_capacity(proof.lr.len());
        for (l, r) in &proof.lr {
            // The rounds absorb the abscissas as stored (the C code hashes the proof bytes).
            chain.absorb_pair((l.x, l.non_residue), (r.x, r.non_residue));
            round_challenges.push(chain.challenge()?);
        }
        Ok(PendingGrinProof {
            nm,
            bits: statement.bits,
            generators,
            proof,
            commitments,
            value_generator: statement.value_generator.point(),
            value_generator_is_h: statement.value_generator.is_h(),
            min_values: statement.min_values.clone(),
            y,
            z,
            x,
            ux,
            round_challenges,
        })
    }

    /// \\(\delta\\) exactly as secp256k1-zkp's verifier computes it (see the module notes).
    fn delta(&self, sum_y: Scalar) -> Scalar {
        let (z, zz) = (self.z, self.z * self.z);
        let m = self.nm / self.bits;
        let two_n_minus_1 = Scalar::from(u64::MAX >> (64 - self.bits));
        let mut delta = (z - zz) * sum_y;
        let mut z_pow = zz * z; // z^{3+j}
        for j in 0..m {
            let mut term = z_pow;
            if let Some(min) = &self.min_values {
                delta -= zz * Scalar::from(min[j]);
                for _ in 0..j {
                    term *= z;
                }
            }
            delta -= term * two_n_minus_1;
            z_pow *= z;
        }
        delta
    }

    /// The equation multiplied by `weight`, with the \\(t\\) equation weighted by `c`.
    pub(crate) fn equation(&self, weight: Scalar, c: Scalar) -> GrinEquation {
        let nm = self.nm;
        let k = self.round_challenges.len();
        let half = nm / 2;
        let p = &self.proof;

        // Inverses of y and the round challenges, in one inversion.
        let mut inv: Vec<Scalar> = core::iter::once(self.y)
            .chain(self.round_challenges.iter().copied())
            .collect();
        Secp256k1::batch_invert(&mut inv);
        let y_inv = inv[0];
        let x_inv = &inv[1..];

        // s_k for k < nm/2: s_0 = Π x_i^{-1}, flipping bit i multiplies by x_i^2.
        let mut s = vec![Scalar::ZERO; half];
        s[0] = x_inv.iter().fold(Scalar::ONE, |acc, v| acc * v);
        let x_sq: Vec<Scalar> = self.round_challenges.iter().map(|v| v.square()).collect();
        for idx in 1..half {
            let top = usize::BITS as usize - 1 - idx.leading_zeros() as usize;
            s[idx] = s[idx - (1 << top)] * x_sq[top];
        }
        let mask = half - 1;

        let (z, zz) = (self.z, self.z * self.z);
        let [a1, a2, b1, b2] = p.ab;
        // Weighted once: ω a_i, ω b_i, ω z; ω z^{2+j} 2^b is kept by doubling.
        let (wa, wb) = ([weight * a1, weight * a2], [weight * b1, weight * b2]);
        let wz = weight * z;
        let mut g = Vec::with_capacity(nm);
        let mut h = Vec::with_capacity(nm);
        let mut y_inv_k = Scalar::ONE;
        let mut wz_j = weight * zz; // ω z^{2+j}
        for j in 0..nm / self.bits {
            let mut w_two_b = wz_j; // ω z^{2+j} 2^b
            for b in 0..self.bits {
                let idx = j * self.bits + b;
                let side = usize::from(idx >= half);
                let low = idx & mask;
                g.push(-(wz + wa[side] * s[low]));
                h.push(wz + y_inv_k * (w_two_b - wb[side] * s[!low & mask]));
                w_two_b += w_two_b;
                y_inv_k *= y_inv;
            }
            wz_j *= z;
        }
        let sum_y = crate::util::sum_of_powers(self.y, nm);

        let wc = weight * c;
        let t_eq_value = wc * (self.delta(sum_y) - p.t);
        let blinding_base =
            weight * (p.neg_mu + self.ux * (p.t - a1 * b1 - a2 * b2)) + wc * p.neg_tau_x;

        let mut dynamic_scalars = Vec::with_capacity(5 + 2 * k + self.commitments.len());
        let mut dynamic_points = Vec::with_capacity(dynamic_scalars.capacity());
        dynamic_scalars.extend_from_slice(&[
            weight,
            weight * self.x,
            wc * self.x,
            wc * self.x.square(),
        ]);
        dynamic_points.extend_from_slice(&[p.a.point, p.s.point, p.t1.point, p.t2.point]);
        for ((l, r), (xs, xi)) in p.lr.iter().zip(x_sq.iter().zip(x_inv)) {
            dynamic_scalars.push(weight * xs);
            dynamic_points.push(l.point);
            dynamic_scalars.push(weight * xi.square());
            dynamic_points.push(r.point);
        }
        let mut z_j = wc * zz;
        for v in &self.commitments {
            dynamic_scalars.push(z_j);
            dynamic_points.push(*v);
            z_j *= z;
        }
        let value_base = if self.value_generator_is_h {
            t_eq_value
        } else {
            dynamic_scalars.push(t_eq_value);
            dynamic_points.push(self.value_generator);
            Scalar::ZERO
        };
        GrinEquation {
            g,
            h,
            blinding_base,
            value_base,
            dynamic_scalars,
            dynamic_points,
        }
    }

    /// Whether the equation holds (one multiscalar multiplication).
    pub fn is_valid(&self) -> bool {
        let c = Secp256k1::random_scalar(&mut OsRng);
        let eq = self.equation(Scalar::ONE, c);
        let n = self.generators.count();
        let table = self.generators.table();
        // Static layout of the table: g_0..g_{N-1}, G, H.
        let mut statics = vec![Scalar::ZERO; n + 2];
        statics[..self.nm].copy_from_slice(&eq.g);
        statics[n / 2..n / 2 + self.nm].copy_from_slice(&eq.h);
        statics[n] = eq.blinding_base;
        statics[n + 1] = eq.value_base;
        let result = Secp256k1::vartime_mixed_multiscalar_mul(
            &table,
            &statics,
            &eq.dynamic_scalars,
            &eq.dynamic_points,
        );
        Secp256k1::is_identity(&result)
    }
}

/// Verifies a secp256k1-zkp Bulletproof (generators from the process-wide cache).
pub fn verify(proof: &[u8], statement: &GrinStatement) -> Result<(), ProofError> {
    verify_in(GrinGeneratorCache::process(), proof, statement)
}

/// Verifies a secp256k1-zkp Bulletproof with the generators of `cache`.
pub fn verify_in(
    cache: &GrinGeneratorCache,
    proof: &[u8],
    statement: &GrinStatement,
) -> Result<(), ProofError> {
    if PendingGrinProof::new_in(cache, proof, statement)?.is_valid() {
        Ok(())
    } else {
        Err(ProofError::VerificationFailed)
    }
}

/// A replayed proof with its batch weights, as the batch verifier holds it.
pub(crate) struct WeightedGrinProof {
    pub(crate) pending: PendingGrinProof,
    pub(crate) weight: Scalar,
    pub(crate) c: Scalar,
}

impl crate::verification::Replayed<Secp256k1> for WeightedGrinProof {
    fn equation(&self) -> Option<crate::verification::VerificationTerms<Secp256k1>> {
        let eq = self.pending.equation(self.weight, self.c);
        // The batch generators lay the list out as one party: G = first half, H = second.
        Some(crate::verification::VerificationTerms {
            n: self.pending.nm,
            m: 1,
            b: eq.value_base,
            blinding: vec![eq.blinding_base],
            g: eq.g,
            h: eq.h,
            dynamic_scalars: eq.dynamic_scalars,
            dynamic_points: eq
                .dynamic_points
                .into_iter()
                // Secp256k1's batch form is its point.
                .map(|p| crate::verification::DynamicPoint::computed(p, p))
                .collect(),
        })
    }

    fn generator_scalars(&self) -> usize {
        2 * self.pending.nm
    }
}
