//! The dealer: draws the challenges from the transcript, checks every share, assembles the
//! proof. Its rounds are states.

use rand_core::{CryptoRng, RngCore};

use super::messages::{BitChallenge, BitCommitment, PolyChallenge, PolyCommitment, ProofShare};
use super::MpcError;
use crate::bulletproofs::prover::{self, Share};
use crate::bulletproofs::{checked_layout, RangeProof};
use crate::deployments::{
    clear_cofactor, BitLayout, BulletproofsConvention, Generators, Publisher,
};
use crate::group::{Commitments, EncodedPoint, Group};
use crate::inner_product::InnerProductProof;
use crate::transcript::TranscriptProtocol;
use crate::util::{inner_product, powers, sum_of_powers};
use crate::{ProofError, StatementError};

/// The dealer of an `n`-bit proof of `m` values.
pub struct Dealer;

/// Waiting for every party's [`BitCommitment`].
pub struct DealerAwaitingBitCommitments<'g, G: Group, C: BulletproofsConvention<Group = G>> {
    gens: &'g Generators<C>,
    transcript: C::Transcript,
    initial: C::Transcript,
    layout: BitLayout,
    n: usize,
    m: usize,
    m_padded: usize,
}

/// The padding values the dealer plays (zeros, when `m` is not a power of two).
struct Padding<G: Group> {
    bits: prover::BitCommitment<G>,
    poly: Option<prover::PolyCommitment<G>>,
}

/// Waiting for every party's [`PolyCommitment`].
pub struct DealerAwaitingPolyCommitments<'g, G: Group, C: BulletproofsConvention<Group = G>> {
    state: DealerAwaitingBitCommitments<'g, G, C>,
    bits: Vec<BitCommitment<G>>,
    padding: Option<Padding<G>>,
    a: EncodedPoint<G>,
    s: EncodedPoint<G>,
    y: G::Scalar,
    z: G::Scalar,
}

/// Waiting for every party's [`ProofShare`].
pub struct DealerAwaitingProofShares<'g, G: Group, C: BulletproofsConvention<Group = G>> {
    round: DealerAwaitingPolyCommitments<'g, G, C>,
    polys: Vec<PolyCommitment<G>>,
    t_1: EncodedPoint<G>,
    t_2: EncodedPoint<G>,
    x: G::Scalar,
}

/// The sum of the parties' points (each decoded if its message arrived as bytes).
fn sum<'a, G: Group>(
    points: impl Iterator<Item = &'a EncodedPoint<G>>,
) -> Result<EncodedPoint<G>, ProofError> {
    let mut acc = G::identity();
    for p in points {
        acc += p.point()?;
    }
    Ok(EncodedPoint::from_point(acc))
}

impl Dealer {
    /// A dealer for `m` values of `n` bits, with the session's transcript (its label is the
    /// session's: every party's messages are bound to it through the challenges).
    pub fn start<'g, G: Group, C: BulletproofsConvention<Group = G>>(
        gens: &'g Generators<C>,
        transcript: C::Transcript,
        n: usize,
        m: usize,
    ) -> Result<DealerAwaitingBitCommitments<'g, G, C>, MpcError> {
        let layout = checked_layout(gens, &vec![n; m])?;
        // The parties' shares are party shares of the generators (the paper's aggregation).
        if C::PER_VALUE_BIT_LENGTHS {
            return Err(ProofError::from(StatementError::RefusedByDeployment).into());
        }
        let m_padded = layout.bit_lengths().len();
        Ok(DealerAwaitingBitCommitments {
            gens,
            initial: transcript.clone(),
            transcript,
            layout,
            n,
            m,
            m_padded,
        })
    }
}

impl<'g, G: Group, C: BulletproofsConvention<Group = G>> DealerAwaitingBitCommitments<'g, G, C> {
    /// Round 1: every party's commitments; they must tile the positions `0..m`. Returns the
    /// challenges \\(y, z\\) for every party. `rng` draws the padding values' nonces.
    pub fn receive_bit_commitments<R: RngCore + CryptoRng>(
        mut self,
        mut bits: Vec<BitCommitment<G>>,
        rng: &mut R,
    ) -> Result<(DealerAwaitingPolyCommitments<'g, G, C>, BitChallenge<G>), MpcError> {
        bits.sort_by_key(|b| b.position);
        let mut next = 0;
        for b in &bits {
            if b.position != next || b.commitments.is_empty() {
                return Err(MpcError::Malformed("positions do not tile the values"));
            }
            next += b.commitments.len();
        }
        if next != self.m {
            return Err(MpcError::Malformed(
                "the parties hold another number of values",
            ));
        }
        let commitments: Vec<EncodedPoint<G>> = bits
            .iter()
            .flat_map(|b| b.commitments.iter().copied())
            .collect();
        let statement = Commitments::Decoded(commitments.clone());
        C::statement(&mut self.transcript, &self.layout, &statement)?;
        let padding = (self.m_padded > self.m).then(|| {
            let share = Share::<G>::uniform(self.n, self.m, self.m_padded - self.m, &[], &[]);
            Padding {
                bits: prover::commit_bits(
                    self.gens,
                    &Publisher::new(C::COFACTOR_LOG2),
                    &share,
                    rng,
                ),
                poly: None,
            }
        });
        let pad = padding.as_ref().map(|p| &p.bits);
        let a = sum::<G>(bits.iter().map(|b| &b.a).chain(pad.map(|p| &p.a)))?;
        let s = sum::<G>(bits.iter().map(|b| &b.s).chain(pad.map(|p| &p.s)))?;
        self.transcript.append_point(b"A", &a.bytes);
        self.transcript.append_point(b"S", &s.bytes);
        let y = self.transcript.challenge_scalar(b"y");
        let z = self.transcript.challenge_scalar(b"z");
        if y == G::zero() || z == G::zero() {
            return Err(ProofError::VerificationFailed.into());
        }
        Ok((
            DealerAwaitingPolyCommitments {
                state: self,
                bits,
                padding,
                a,
                s,
                y,
                z,
            },
            BitChallenge { y, z },
        ))
    }
}

impl<'g, G: Group, C: BulletproofsConvention<Group = G>> DealerAwaitingPolyCommitments<'g, G, C> {
    fn padding_share(&self) -> Share<'static, G> {
        let state = &self.state;
        Share::uniform(state.n, state.m, state.m_padded - state.m, &[], &[])
    }

    /// Round 2: every party's \\(T_{1,j}, T_{2,j}\\), one per party of round 1. Returns \\(x\\).
    pub fn receive_poly_commitments(
        mut self,
        mut polys: Vec<PolyCommitment<G>>,
    ) -> Result<(DealerAwaitingProofShares<'g, G, C>, PolyChallenge<G>), MpcError> {
        polys.sort_by_key(|p| p.position);
        if polys.len() != self.bits.len()
            || polys
                .iter()
                .zip(&self.bits)
                .any(|(p, b)| p.position != b.position)
        {
            return Err(MpcError::Malformed(
                "not one polynomial commitment per party",
            ));
        }
        let gens = self.state.gens;
        let publisher = Publisher::<G>::new(C::COFACTOR_LOG2);
        let share = self.padding_share();
        let (y, z) = (self.y, self.z);
        if let Some(p) = self.padding.as_mut() {
            p.poly = Some(p.bits.commit_polynomial(gens, &publisher, &share, y, z));
        }
        let pad = self.padding.as_ref().and_then(|p| p.poly.as_ref());
        let t_1 = sum::<G>(polys.iter().map(|p| &p.t_1).chain(pad.map(|p| &p.t_1)))?;
        let t_2 = sum::<G>(polys.iter().map(|p| &p.t_2).chain(pad.map(|p| &p.t_2)))?;
        let transcript = &mut self.state.transcript;
        C::before_t(transcript, &z);
        transcript.append_point(b"T_1", &t_1.bytes);
        transcript.append_point(b"T_2", &t_2.bytes);
        let x = transcript.challenge_scalar(b"x");
        if x == G::zero() {
            return Err(ProofError::VerificationFailed.into());
        }
        Ok((
            DealerAwaitingProofShares {
                round: self,
                polys,
                t_1,
                t_2,
                x,
            },
            PolyChallenge { x },
        ))
    }
}

impl<G: Group, C: BulletproofsConvention<Group = G>> DealerAwaitingProofShares<'_, G, C> {
    /// Appends a party's share's relations, weighted at random, to `scalars` and `points`; false
    /// when the share is malformed or \\(t_x \ne \langle \mathbf l, \mathbf r\rangle\\). The
    /// relations: the \\(t\\) relation (eq. 65) on its values and the vector relation
    /// (eq. 66–67) on its generators, both from the party's own commitments.
    fn audit_terms<R: RngCore + CryptoRng>(
        &self,
        bits: &BitCommitment<G>,
        poly: &PolyCommitment<G>,
        share: &ProofShare<G>,
        rng: &mut R,
        scalars: &mut Vec<G::Scalar>,
        points: &mut Vec<G::Point>,
    ) -> bool {
        let round = &self.round;
        let (gens, n) = (round.state.gens, round.state.n);
        let count = bits.commitments.len();
        if share.l.len() != count * n || share.r.len() != count * n {
            return false;
        }
        if share.t_x != inner_product::<G>(&share.l, &share.r) {
            return false;
        }
        let (x, y, z) = (self.x, round.y, round.z);
        let p = bits.position;
        let pc = gens.pedersen();
        // The share's own weight ω (so several shares can be checked in one sum) and the
        // weight c of its t relation against its vector relation.
        let omega = G::random_scalar(rng);
        let c = G::random_scalar(rng);
        let start = scalars.len();
        // t relation, weighted by c: Σ z^{2+k} V_k + δ B + x T1 + x² T2 − t_x B − τ_x B̃ = 0.
        // Σ y^i over the party's indices p·n .. (p + count)·n.
        let sum_y = powers::<G>(y)
            .skip(p * n)
            .take(count * n)
            .fold(G::zero(), |acc, v| acc + v);
        let two_n_minus_1 = sum_of_powers(G::Scalar::from(2u64), n);
        let mut z_k = powers::<G>(z).nth(2 + p).unwrap_or_else(G::zero);
        let mut delta = (z - z * z) * sum_y;
        for v in &bits.commitments {
            delta -= z_k * z * two_n_minus_1;
            scalars.push(c * z_k);
            let Ok(v) = v.point() else {
                return false;
            };
            points.push(v);
            z_k *= z;
        }
        scalars.push(c * (delta - share.t_x));
        points.push(pc.b);
        scalars.push(-(c * share.t_x_blinding) - share.e_blinding);
        points.push(pc.b_blinding());
        for (w, pt) in [
            (c * x, poly.t_1),
            (c * x * x, poly.t_2),
            (G::one(), bits.a),
            (x, bits.s),
        ] {
            let Ok(pt) = pt.point() else {
                return false;
            };
            scalars.push(w);
            points.push(clear_cofactor::<G>(C::COFACTOR_LOG2, &pt));
        }
        // Vector relation: A + xS − z<1,G> + <z y^i + z^{2+k} 2^b, H'> − <l,G> − <r,H'> − μ B̃.
        let y_inv = G::invert(&y);
        let mut y_inv_i = powers::<G>(y_inv).nth(p * n).unwrap_or_else(G::zero);
        let mut z_k = powers::<G>(z).nth(2 + p).unwrap_or_else(G::zero);
        for k in 0..count {
            let (g, h) = gens.vector().party_gens(p + k, n);
            let mut two_b = G::one();
            for b in 0..n {
                let i = k * n + b;
                scalars.push(-(z + share.l[i]));
                points.push(g[b]);
                scalars.push(z + y_inv_i * (z_k * two_b - share.r[i]));
                points.push(h[b]);
                two_b = two_b + two_b;
                y_inv_i *= y_inv;
            }
            z_k *= z;
        }
        for s in &mut scalars[start..] {
            *s *= omega;
        }
        true
    }

    /// Whether the shares at `indices` all check out: their weighted relations summed in one
    /// multiscalar multiplication.
    fn audit<R: RngCore + CryptoRng>(
        &self,
        shares: &[ProofShare<G>],
        indices: &[usize],
        rng: &mut R,
    ) -> bool {
        let mut scalars = Vec::new();
        let mut points = Vec::new();
        for &k in indices {
            let (bits, poly, share) = (&self.round.bits[k], &self.polys[k], &shares[k]);
            if !self.audit_terms(bits, poly, share, rng, &mut scalars, &mut points) {
                return false;
            }
        }
        G::is_identity(&G::vartime_multiscalar_mul(&scalars, &points))
    }

    /// Round 3: every party's share, checked against its own commitments. Names the parties
    /// whose shares fail ([`MpcError::Blame`]); otherwise assembles the proof and verifies it
    /// (a proof that does not verify is never returned).
    pub fn receive_shares<R: RngCore + CryptoRng>(
        mut self,
        mut shares: Vec<ProofShare<G>>,
        rng: &mut R,
    ) -> Result<(RangeProof<G>, Vec<EncodedPoint<G>>), MpcError> {
        shares.sort_by_key(|s| s.position);
        let round = &self.round;
        if shares.len() != round.bits.len()
            || shares
                .iter()
                .zip(&round.bits)
                .any(|(s, b)| s.position != b.position)
        {
            return Err(MpcError::Malformed("not one share per party"));
        }
        // Malformed shares (wrong lengths, t_x not <l, r>) are blamed at once.
        let malformed: Vec<usize> = (0..shares.len())
            .filter(|&k| {
                let (b, s) = (&round.bits[k], &shares[k]);
                let len = b.commitments.len() * round.state.n;
                s.l.len() != len || s.r.len() != len || s.t_x != inner_product::<G>(&s.l, &s.r)
            })
            .map(|k| shares[k].position)
            .collect();
        if !malformed.is_empty() {
            return Err(MpcError::Blame(malformed));
        }
        let (gens, n, m_padded) = (round.state.gens, round.state.n, round.state.m_padded);
        let padding = round.padding.as_ref().and_then(|p| {
            p.poly
                .as_ref()
                .map(|poly| p.bits.answer(poly, &round.padding_share(), self.x))
        });
        let (mut t_x, mut t_x_blinding, mut e_blinding) = (G::zero(), G::zero(), G::zero());
        let mut l = Vec::with_capacity(n * m_padded);
        let mut r = Vec::with_capacity(n * m_padded);
        for s in &shares {
            t_x += s.t_x;
            t_x_blinding += s.t_x_blinding;
            e_blinding += s.e_blinding;
            l.extend_from_slice(&s.l);
            r.extend_from_slice(&s.r);
        }
        if let Some(p) = &padding {
            t_x += p.t_x;
            t_x_blinding += p.t_x_blinding;
            e_blinding += p.e_blinding;
            l.extend_from_slice(&p.l);
            r.extend_from_slice(&p.r);
        }
        let x = self.x;
        let transcript = &mut self.round.state.transcript;
        C::scalars(transcript, &x, &t_x, &t_x_blinding, &e_blinding);
        let w = transcript.challenge_scalar(b"w");
        C::after_w(transcript);
        let q = gens.pedersen().b * w;
        let ipp = InnerProductProof::prove(
            transcript,
            &q,
            G::invert(&self.round.y),
            &Publisher::new(C::COFACTOR_LOG2),
            gens.g_vec(n, m_padded),
            gens.h_vec(n, m_padded),
            l,
            r,
        )?;
        let proof = RangeProof {
            a: self.round.a,
            s: self.round.s,
            t_1: self.t_1,
            t_2: self.t_2,
            t_x,
            t_x_blinding,
            e_blinding,
            ipp,
        };
        let commitments: Vec<EncodedPoint<G>> = self
            .round
            .bits
            .iter()
            .flat_map(|b| b.commitments.iter().copied())
            .collect();
        let encodings: Vec<G::PointEncoding> = commitments.iter().map(|c| c.bytes).collect();
        // The assembled proof is checked as any verifier would; only when it fails are the
        // shares audited one by one, to name the parties at fault (as the reference's dealer).
        let verdict = proof.verify_multiple(
            gens,
            &mut self.round.state.initial.clone(),
            &encodings,
            n,
            rng,
        );
        if verdict.is_err() {
            let bad: Vec<usize> = (0..shares.len())
                .filter(|&k| !self.audit(&shares, &[k], rng))
                .map(|k| shares[k].position)
                .collect();
            return Err(if bad.is_empty() {
                MpcError::Proof(ProofError::VerificationFailed)
            } else {
                MpcError::Blame(bad)
            });
        }
        Ok((proof, commitments))
    }
}
