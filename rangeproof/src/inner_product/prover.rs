//! The inner-product prover.
//!
//! # Timing
//!
//! The multiscalar multiplications that produce \\(L\\) and \\(R\\), and the folding of the
//! generators, run in variable time. The folding involves only public data (generators and
//! challenges). The vectors \\(\mathbf a, \mathbf b\\) are what the range proof's
//! \\(\mathbf l(x), \mathbf r(x)\\) (and the circuit proof's) become: the paper's unoptimized
//! protocols send those in full (Bünz et al., §4.1 eq. 62–63 with Theorem 2; §5.3 with
//! Theorem 4) and are perfectly honest-verifier zero-knowledge with them public, because
//! \\(\mathbf s_L x\\), \\(\mathbf s_R x\\) (degree 3 in the circuit proof) mask them uniformly. This
//! argument only replaces sending them, to save space (the paper: it need not be
//! zero-knowledge), and each round's vectors are public linear functions of them, so their
//! timing reveals nothing the protocol may not. The reference crate and libsecp256k1-zkp
//! (our Grin prover too) do the same. What must stay constant-time is the masking itself —
//! \\(S\\), with \\(\mathbf s_L, \mathbf s_R\\) — and the bit commitment \\(A\\); their callers use the
//! constant-time MSM. The vectors are still wiped when dropped.

use alloc::vec::Vec;
use zeroize::Zeroizing;

use super::fixed::TableGens;
use super::folding::FoldedGens;
use super::InnerProductProof;
use crate::deployments::Publisher;
use crate::group::Group;
use crate::transcript::TranscriptProtocol;
use crate::util::{inner_product, powers};
use crate::ProofError;

impl<G: Group> InnerProductProof<G> {
    /// Proves knowledge of `a`, `b` for
    /// \\(P = \langle \mathbf a, \mathbf G\rangle + \langle \mathbf b, \mathbf H'\rangle +
    /// \langle \mathbf a, \mathbf b\rangle Q\\) over \\(H'_i = \rho^i H_i\\), where \\(\rho\\) is
    /// `h_factor_ratio` (the range proof uses \\(\rho = y^{-1}\\)). \\(L_j, R_j\\) are published
    /// through `publisher` (Monero publishes points times \\(8^{-1}\\)).
    ///
    /// All vectors must have the same power-of-two length (the caller guarantees it). The
    /// witness vectors are zeroized when this returns, on every path (errors included).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn prove<T: TranscriptProtocol<G>>(
        transcript: &mut T,
        q: &G::Point,
        h_factor_ratio: G::Scalar,
        publisher: &Publisher<G>,
        g: Vec<G::Point>,
        h: Vec<G::Point>,
        a: Vec<G::Scalar>,
        b: Vec<G::Scalar>,
    ) -> Result<Self, ProofError> {
        Self::prove_with_factors(transcript, q, h_factor_ratio, None, publisher, g, h, a, b)
    }

    /// [`Self::prove`] over generators \(k_i G_i\) and \(k_i \rho^i H_i\) with public
    /// per-index factors \(k_i\) (`index_factors`, one per generator; the R1CS proof's
    /// \(1\) or \(u\) by phase).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn prove_with_factors<T: TranscriptProtocol<G>>(
        transcript: &mut T,
        q: &G::Point,
        h_factor_ratio: G::Scalar,
        index_factors: Option<Vec<G::Scalar>>,
        publisher: &Publisher<G>,
        g: Vec<G::Point>,
        h: Vec<G::Point>,
        a: Vec<G::Scalar>,
        b: Vec<G::Scalar>,
    ) -> Result<Self, ProofError> {
        debug_assert!(g.len() == a.len() && h.len() == a.len());
        let gens = RoundGens::Folded(FoldedGens::with_factors(g, h, index_factors));
        Self::rounds(transcript, q, h_factor_ratio, publisher, gens, a, b)
    }

    /// [`Self::prove`] with \(Q = w B\), where `table` holds the fixed-base tables of
    /// `[g…, h…, B, …]` ([`Group::batch_precompute`]): every round's \(L, R\) over the
    /// original points in one table pass, and no generator folding ([`TableGens`]).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn prove_with_table<T: TranscriptProtocol<G>>(
        transcript: &mut T,
        (table, b_point, w): (&G::BatchPrecomputation, G::Point, G::Scalar),
        h_factor_ratio: G::Scalar,
        publisher: &Publisher<G>,
        g: Vec<G::Point>,
        h: Vec<G::Point>,
        a: Vec<G::Scalar>,
        b: Vec<G::Scalar>,
    ) -> Result<Self, ProofError> {
        debug_assert!(g.len() == a.len() && h.len() == a.len());
        let q = b_point * w;
        let gens = RoundGens::Table(TableGens::new(table, g, h, b_point, w));
        Self::rounds(transcript, &q, h_factor_ratio, publisher, gens, a, b)
    }

    /// The rounds, over either kind of generators.
    fn rounds<T: TranscriptProtocol<G>>(
        transcript: &mut T,
        q: &G::Point,
        h_factor_ratio: G::Scalar,
        publisher: &Publisher<G>,
        mut gens: RoundGens<'_, G>,
        a: Vec<G::Scalar>,
        b: Vec<G::Scalar>,
    ) -> Result<Self, ProofError> {
        // Wiped when dropped, whichever way this function returns.
        let (mut a, mut b) = (Zeroizing::new(a), Zeroizing::new(b));
        let mut n = a.len();
        debug_assert!(n.is_power_of_two());
        debug_assert!(b.len() == n);

        transcript.innerproduct_domain_sep(n as u64);
        let rounds = n.trailing_zeros() as usize;
        let mut l_vec = Vec::with_capacity(rounds);
        let mut r_vec = Vec::with_capacity(rounds);

        let rho: Vec<G::Scalar> = powers::<G>(h_factor_ratio).take(n).collect();
        let mut scratch = Scratch::<G>::new(n);
        let mut b_rho = Zeroizing::new(Vec::with_capacity(n / 2));

        while n > 1 {
            let half = n / 2;
            let (a_lo, a_hi) = a[..n].split_at(half);
            let (b_lo, b_hi) = b[..n].split_at(half);

            // L = <a_lo, G_hi> + <b_hi, H_lo> + c_L Q (variable time: see the module notes);
            // L and R are published as the flavor wants (Monero: times 8^{-1}).
            b_rho.clear();
            b_rho.extend(b_hi.iter().zip(&rho[..half]).map(|(b, r)| *b * *r));
            let c_l = inner_product::<G>(a_lo, b_hi);
            let l = gens.cross_term(n, (half, a_lo), (0, &b_rho), c_l, q, &mut scratch);
            let l = publisher.publish(l);

            // R = <a_hi, G_lo> + <b_lo, H_hi> + c_R Q
            b_rho.clear();
            b_rho.extend(b_lo.iter().zip(&rho[half..n]).map(|(b, r)| *b * *r));
            let c_r = inner_product::<G>(a_hi, b_lo);
            let r = gens.cross_term(n, (0, a_hi), (half, &b_rho), c_r, q, &mut scratch);
            let r = publisher.publish(r);

            transcript.append_point(b"L", &l.bytes);
            transcript.append_point(b"R", &r.bytes);
            l_vec.push(l);
            r_vec.push(r);

            let u = transcript.challenge_scalar(b"u");
            if u == G::zero() {
                return Err(ProofError::VerificationFailed);
            }
            let u_inv = G::invert(&u);

            for i in 0..half {
                a[i] = a[i] * u + a[half + i] * u_inv;
                b[i] = b[i] * u_inv + b[half + i] * u;
            }
            if half > 1 {
                // G' = u^{-1} G_lo + u G_hi and H' = u H_lo + u^{-1} H_hi, where H carries the
                // per-index factors ρ^i (so H_hi's relative factor is ρ^{n/2}).
                gens.fold(n, u * u, u_inv * u_inv * rho[half], u_inv, u);
            }
            n = half;
        }

        // a_0 and b_0 are published: the proof's final scalars.
        Ok(InnerProductProof {
            l_vec,
            r_vec,
            a: a[0],
            b: b[0],
        })
    }
}

/// A round's multiscalar multiplication terms, reused across rounds.
struct Scratch<G: Group> {
    scalars: Zeroizing<Vec<G::Scalar>>,
    points: Vec<G::Point>,
}

impl<G: Group> Scratch<G> {
    fn new(n: usize) -> Self {
        Scratch {
            scalars: Zeroizing::new(Vec::with_capacity(2 * n + 1)),
            points: Vec::with_capacity(2 * n + 1),
        }
    }
}

/// The rounds' generators: folded points, or coefficients of the original points for their
/// fixed-base tables.
enum RoundGens<'t, G: Group> {
    Folded(FoldedGens<G>),
    Table(TableGens<'t, G>),
}

impl<G: Group> RoundGens<'_, G> {
    /// \\(\sum_i a_i G_{g + i} + \sum_i b_i H_{h + i} + c Q\\) at the current length `n`.
    fn cross_term(
        &self,
        n: usize,
        (g, a): (usize, &[G::Scalar]),
        (h, b): (usize, &[G::Scalar]),
        c: G::Scalar,
        q: &G::Point,
        scratch: &mut Scratch<G>,
    ) -> G::Point {
        match self {
            RoundGens::Folded(gens) => {
                let Scratch { scalars, points } = scratch;
                scalars.clear();
                points.clear();
                gens.push_g(n, g, a.iter().copied(), scalars, points);
                gens.push_h(n, h, b.iter().copied(), scalars, points);
                scalars.push(c);
                points.push(*q);
                G::vartime_multiscalar_mul(scalars, points)
            }
            RoundGens::Table(gens) => gens.cross_term(n, (g, a), (h, b), c),
        }
    }

    /// Folds from length `n` to `n / 2` (see [`FoldedGens::fold`]).
    fn fold(&mut self, n: usize, f_g: G::Scalar, f_h: G::Scalar, c_g: G::Scalar, c_h: G::Scalar) {
        match self {
            RoundGens::Folded(gens) => gens.fold(n, f_g, f_h, c_g, c_h),
            RoundGens::Table(gens) => gens.fold(n, f_g, f_h, c_g, c_h),
        }
    }
}
