//! A proof's verification equation as data: what every proof system hands to the single
//! verifier and to [`crate::BatchVerifier`].
//!
//! Each proof system reduces "this proof is valid" to "this linear combination of group
//! elements is the identity". The elements are of two kinds: *static* ones, the deployment's fixed
//! generators (\\(B\\), the blinding bases, \\(\mathbf G, \mathbf H\\)), whose scalars can be
//! summed across proofs and multiplied with precomputed tables; and *dynamic* ones, the
//! proof's own points and commitments.

use crate::{DecodeError, StatementError};
use alloc::vec;
use alloc::vec::Vec;

use crate::equation::{Chain, Equation, GeneratorSet};
use crate::generators::{RangeGens, VectorGens};
use crate::group::{Commitments, EncodedPoint, Group};
use crate::msm;
use crate::ProofError;

/// One proof's verification equation, already multiplied by its batch weight \\(\omega\\).
#[derive(Clone, Debug)]
pub(crate) struct VerificationTerms<G: Group> {
    /// Bit size \\(n\\).
    pub n: usize,
    /// Padded aggregation size \\(m'\\).
    pub m: usize,
    /// Scalar of the value base \\(B\\).
    pub b: G::Scalar,
    /// Scalars of the first blinding bases \\(\tilde B_k\\) (at most as many as the deployment has).
    pub blinding: Vec<G::Scalar>,
    /// Scalars of \\(G_i\\), \\(i < nm'\\), party-major, in the group's fast form: batches sum
    /// them across proofs in that form and convert once, for the multiscalar multiplication.
    pub g: Vec<G::FastScalar>,
    /// Scalars of \\(H_i\\), likewise.
    pub h: Vec<G::FastScalar>,
    /// Scalars of the proof's own points.
    pub dynamic_scalars: Vec<G::Scalar>,
    /// The proof's own points and commitments.
    pub dynamic_points: Vec<DynamicPoint<G>>,
}

/// A proof's own point (or commitment) as its equation uses it: times \\(2^k\\) for the
/// deployment's cofactor \\(2^k\\) (Monero: 8; by doublings, see [`Group::mul_by_pow_2`]), in
/// whichever form the multiscalar multiplication takes — the batch form (always at hand), or
/// the group's own for precomputed tables (decoded from the encoding if the proof was decoded
/// into batch form only).
#[derive(Clone, Copy, Debug)]
pub(crate) struct DynamicPoint<G: Group> {
    batch: G::BatchPoint,
    /// The group's own form, or the encoding it decodes from.
    point: Result<G::Point, G::PointEncoding>,
    cofactor_log2: u32,
}

impl<G: Group> DynamicPoint<G> {
    /// A proof point, to be multiplied by \\(2^k\\) with `k = cofactor_log2`.
    pub(crate) fn new(encoded: &EncodedPoint<G>, cofactor_log2: u32) -> Self {
        DynamicPoint {
            batch: encoded.batch_point(),
            point: encoded.point_if_known().ok_or(encoded.bytes),
            cofactor_log2,
        }
    }

    /// A point the verifier computed, given in both forms (no cofactor to clear).
    pub(crate) fn computed(point: G::Point, batch: G::BatchPoint) -> Self {
        DynamicPoint {
            batch,
            point: Ok(point),
            cofactor_log2: 0,
        }
    }

    /// The point in the group's own form (`Err` only if decoding fails, which the batch form's
    /// decoding already ruled out).
    fn point(&self) -> Result<G::Point, ProofError> {
        let point = match self.point {
            Ok(point) => point,
            Err(bytes) => G::point_from_bytes(&bytes).ok_or(DecodeError::InvalidPoint)?,
        };
        Ok(match self.cofactor_log2 {
            0 => point,
            k => G::mul_by_pow_2(&point, k),
        })
    }

    /// The point in batch form.
    fn batch_point(&self) -> G::BatchPoint {
        match self.cofactor_log2 {
            0 => self.batch,
            k => G::batch_mul_by_pow_2(&self.batch, k),
        }
    }
}

impl<G: Group> VerificationTerms<G> {
    /// The static scalars in the layout of [`Generators::extend_with_static_points`].
    fn static_scalars(&self, gens: &RangeGens<G>) -> Vec<G::Scalar> {
        let len = gens.static_len(self.n, self.m, self.blinding.len());
        let mut statics = Vec::with_capacity(len + self.dynamic_scalars.len());
        statics.extend(self.g.iter().map(G::from_fast));
        statics.extend(self.h.iter().map(G::from_fast));
        statics.push(self.b);
        statics.extend_from_slice(&self.blinding);
        statics
    }

    /// Evaluates the equation alone: one multiscalar multiplication, with the precomputed
    /// tables of `gens` when the shape is below the backend's crossover (over the group's own
    /// points), else over batch points — from the shape's second use with its fixed-base
    /// tables ([`RangeGens::fixed_batch_table`]) where the backend has them.
    pub(crate) fn is_zero(&self, gens: &RangeGens<G>) -> bool {
        let mut statics = self.static_scalars(gens);
        match gens.single_verification_table(self.n, self.m) {
            Some(table) => {
                let points: Result<Vec<G::Point>, ProofError> = self
                    .dynamic_points
                    .iter()
                    .map(DynamicPoint::point)
                    .collect();
                let Ok(points) = points else {
                    return false;
                };
                G::is_identity(&G::vartime_mixed_multiscalar_mul(
                    &table,
                    &statics,
                    &self.dynamic_scalars,
                    &points,
                ))
            }
            None if !gens.single_verification_in_batch_form(self.m) => {
                let mut points = Vec::with_capacity(statics.len() + self.dynamic_points.len());
                gens.extend_with_static_points(self.n, self.m, self.blinding.len(), &mut points);
                for p in &self.dynamic_points {
                    let Ok(p) = p.point() else {
                        return false;
                    };
                    points.push(p);
                }
                statics.extend_from_slice(&self.dynamic_scalars);
                G::is_identity(&msm::vartime::<G>(&statics, &points))
            }
            None => {
                if let Some(table) = gens.fixed_batch_table(self.n, self.m) {
                    let points: Vec<G::BatchPoint> = self
                        .dynamic_points
                        .iter()
                        .map(DynamicPoint::batch_point)
                        .collect();
                    if let Some(sum) =
                        G::vartime_batch_mixed_msm(&table, &statics, &self.dynamic_scalars, &points)
                    {
                        return G::batch_is_identity(&sum);
                    }
                }
                let mut points = Vec::with_capacity(statics.len() + self.dynamic_points.len());
                gens.extend_with_static_batch_points(
                    self.n,
                    self.m,
                    self.blinding.len(),
                    &mut points,
                );
                points.extend(self.dynamic_points.iter().map(DynamicPoint::batch_point));
                statics.extend_from_slice(&self.dynamic_scalars);
                msm::vartime_is_identity::<G>(&statics, &points)
            }
        }
    }
}

/// Inverts every value (all nonzero) with one field inversion: Montgomery's trick, three
/// multiplications a value in the group's fast form. A batch calls it on a whole chunk of
/// proofs' values at once.
pub(crate) fn batch_invert_fast<G: Group>(values: &mut [G::FastScalar]) {
    if values.is_empty() {
        return;
    }
    let mut prefix = Vec::with_capacity(values.len());
    let mut acc = G::FastScalar::from(1);
    for v in values.iter() {
        prefix.push(acc);
        acc *= *v;
    }
    let mut inv = G::invert_fast(&acc);
    for (value, before) in values.iter_mut().zip(prefix).rev() {
        let inverse = inv * before;
        inv *= *value;
        *value = inverse;
    }
}

/// A proof of this crate's Bulletproofs-shaped systems whose transcript has been replayed: what
/// is left of its verification is scalar work (its weighted equation) and the group equation.
/// The crate's own systems implement it for what the public
/// [`PendingVerification`](crate::equation::PendingVerification) leaves out: inversions and
/// point decodings shared across a chunk of proofs, scalars kept in the group's fast form, and
/// the precomputed tables of a single check.
pub(crate) trait Replayed<G: Group>: Send + Sync {
    /// The verification equation, already multiplied by the proof's batch weight (`None` when a
    /// degenerate challenge rejects the proof).
    fn equation(&self) -> Option<VerificationTerms<G>>;

    /// The nonzero scalars the equation needs inverted (none by default): a batch inverts those
    /// of a whole chunk of proofs with one field inversion and hands each its own.
    fn to_invert(&self) -> Vec<G::FastScalar> {
        Vec::new()
    }

    /// Point encodings the equation needs decoded (none by default): a batch decodes those of
    /// a whole chunk of proofs together and hands each its own.
    fn to_decode(&self) -> &[G::PointEncoding] {
        &[]
    }

    /// The equation, given the inverses of [`Self::to_invert`] and the batch forms of
    /// [`Self::to_decode`], in order (by default neither is needed).
    fn equation_with(
        &self,
        inverses: &[G::FastScalar],
        decoded: &[G::BatchPoint],
    ) -> Option<VerificationTerms<G>> {
        let _ = (inverses, decoded);
        self.equation()
    }

    /// How many generator scalars the equation carries (\\(2nm'\\)): what computing it
    /// costs in memory.
    fn generator_scalars(&self) -> usize;
}

/// A replayed proof whose statement replaced Pedersen bases (Aptos's caller-given bases,
/// MobileCoin's per-token value base): its equation's \\(B\\) and \\(\tilde B\\)
/// scalars go to these points, as proof points do, instead of to the deployment's bases. Sound
/// only where the transcript does not absorb the bases (Bulletproofs': see
/// `BulletproofsConvention::STATEMENT_BASES`): the replay is the same under any bases.
pub(crate) struct UnderBases<G: Group, R> {
    pub(crate) replayed: R,
    /// The value base, then the blinding bases, each `None` where the deployment's is kept.
    pub(crate) bases: Vec<Option<DynamicPoint<G>>>,
}

impl<G: Group, R: Replayed<G>> UnderBases<G, R> {
    fn moved(&self, terms: Option<VerificationTerms<G>>) -> Option<VerificationTerms<G>> {
        terms.map(|terms| terms.under_bases(&self.bases))
    }
}

impl<G: Group> VerificationTerms<G> {
    /// The equation under other Pedersen bases (the value base, then the blinding bases;
    /// `None`: the deployment's): the replaced bases' scalars move to the dynamic terms, so
    /// the deployment's precomputed tables still serve the rest.
    pub(crate) fn under_bases(mut self, bases: &[Option<DynamicPoint<G>>]) -> Self {
        let mut own = bases.iter();
        if let Some(Some(b)) = own.next() {
            self.dynamic_scalars
                .push(core::mem::replace(&mut self.b, G::zero()));
            self.dynamic_points.push(*b);
        }
        for (scalar, base) in self.blinding.iter_mut().zip(own) {
            if let Some(base) = base {
                self.dynamic_scalars
                    .push(core::mem::replace(scalar, G::zero()));
                self.dynamic_points.push(*base);
            }
        }
        self
    }
}

impl<G: Group, R: Replayed<G>> Replayed<G> for UnderBases<G, R> {
    fn equation(&self) -> Option<VerificationTerms<G>> {
        self.moved(self.replayed.equation())
    }

    fn to_invert(&self) -> Vec<G::FastScalar> {
        self.replayed.to_invert()
    }

    fn to_decode(&self) -> &[G::PointEncoding] {
        self.replayed.to_decode()
    }

    fn equation_with(
        &self,
        inverses: &[G::FastScalar],
        decoded: &[G::BatchPoint],
    ) -> Option<VerificationTerms<G>> {
        self.moved(self.replayed.equation_with(inverses, decoded))
    }

    fn generator_scalars(&self) -> usize {
        self.replayed.generator_scalars()
    }
}

/// Summed scalars of one deployment's Pedersen bases.
struct PedersenSums<'g, G: Group> {
    gens: &'g RangeGens<G>,
    b: G::Scalar,
    blinding: Vec<G::Scalar>,
}

/// Summed scalars of one set of vector generators (shared by deployments that use the same
/// chains, so a mixed batch multiplies each \\(G_{j,i}, H_{j,i}\\) once).
struct VectorSums<'g, G: Group> {
    vector: &'g VectorGens<G>,
    /// Per party: scalars of \\(G_{j,i}\\) and \\(H_{j,i}\\), in the fast form.
    g: Vec<Vec<G::FastScalar>>,
    h: Vec<Vec<G::FastScalar>>,
}

/// Summed scalars of one caller-owned generator set.
struct SetSums<'g, G: Group> {
    set: &'g GeneratorSet<G>,
    sums: Vec<G::Scalar>,
}

/// A sum of weighted equations: the scalars of each fixed generator summed across proofs
/// (deployments that share generator chains share the sums, so a mixed batch multiplies each
/// \\(G_{j,i}, H_{j,i}\\) once; caller-owned sets are summed by identity), and every proof's own
/// points with their scalars.
pub(crate) struct EquationSum<'g, G: Group> {
    pedersen: Vec<PedersenSums<'g, G>>,
    vector: Vec<VectorSums<'g, G>>,
    sets: Vec<SetSums<'g, G>>,
    scalars: Vec<G::Scalar>,
    points: Vec<G::BatchPoint>,
}

impl<'g, G: Group> EquationSum<'g, G> {
    pub(crate) fn new() -> Self {
        EquationSum {
            pedersen: Vec::new(),
            vector: Vec::new(),
            sets: Vec::new(),
            scalars: Vec::new(),
            points: Vec::new(),
        }
    }

    /// How many proof points (and commitments) the sum holds.
    #[cfg(test)]
    pub(crate) fn own_points(&self) -> usize {
        self.points.len()
    }

    /// Per set of vector generators: how many parties' generators have sums.
    #[cfg(test)]
    pub(crate) fn parties(&self) -> Vec<usize> {
        self.vector.iter().map(|v| v.g.len()).collect()
    }

    /// The sums of `gens`' Pedersen bases.
    fn pedersen_sums(&mut self, gens: &'g RangeGens<G>) -> &mut PedersenSums<'g, G> {
        let p = match self
            .pedersen
            .iter()
            .position(|s| core::ptr::eq(s.gens, gens))
        {
            Some(i) => i,
            None => {
                let blinding = vec![G::zero(); gens.pedersen().blinding.len()];
                self.pedersen.push(PedersenSums {
                    gens,
                    b: G::zero(),
                    blinding,
                });
                self.pedersen.len() - 1
            }
        };
        &mut self.pedersen[p]
    }

    /// The sums of `gens`' vector chains, with room for `parties` parties.
    fn vector_sums(&mut self, gens: &'g RangeGens<G>, parties: usize) -> &mut VectorSums<'g, G> {
        let v = match self
            .vector
            .iter()
            .position(|s| core::ptr::eq(s.vector, gens.vector()))
        {
            Some(i) => i,
            None => {
                self.vector.push(VectorSums {
                    vector: gens.vector(),
                    g: Vec::new(),
                    h: Vec::new(),
                });
                self.vector.len() - 1
            }
        };
        let sum = &mut self.vector[v];
        if sum.g.len() < parties {
            sum.g.resize_with(parties, Vec::new);
            sum.h.resize_with(parties, Vec::new);
        }
        sum
    }

    /// Adds one weighted equation of the crate's Bulletproofs shape.
    pub(crate) fn add(&mut self, gens: &'g RangeGens<G>, terms: &VerificationTerms<G>) {
        let sum = self.pedersen_sums(gens);
        sum.b += terms.b;
        for (acc, s) in sum.blinding.iter_mut().zip(&terms.blinding) {
            *acc += *s;
        }

        let sum = self.vector_sums(gens, terms.m);
        for j in 0..terms.m {
            let range = j * terms.n..(j + 1) * terms.n;
            add_fast_into::<G>(&mut sum.g[j], &terms.g[range.clone()]);
            add_fast_into::<G>(&mut sum.h[j], &terms.h[range]);
        }
        self.scalars.extend_from_slice(&terms.dynamic_scalars);
        self.points
            .extend(terms.dynamic_points.iter().map(DynamicPoint::batch_point));
    }

    /// Adds one equation of the public form ([`Equation`]), times `weight`.
    pub(crate) fn add_equation(&mut self, equation: &Equation<'g, G>, weight: G::Scalar) {
        for (gens, scalars) in &equation.pedersen {
            let sum = self.pedersen_sums(gens);
            sum.b += weight * scalars[0];
            for (acc, s) in sum.blinding.iter_mut().zip(&scalars[1..]) {
                *acc += weight * *s;
            }
        }
        let fast_weight = G::to_fast(&weight);
        for term in &equation.chains {
            let sum = self.vector_sums(term.gens, term.party + 1);
            let acc = match term.chain {
                Chain::G => &mut sum.g[term.party],
                Chain::H => &mut sum.h[term.party],
            };
            let weighted: Vec<G::FastScalar> = term
                .scalars
                .iter()
                .map(|s| fast_weight * G::to_fast(s))
                .collect();
            add_fast_into::<G>(acc, &weighted);
        }
        for (set, scalars) in &equation.sets {
            let s = match self.sets.iter().position(|s| core::ptr::eq(s.set, *set)) {
                Some(i) => i,
                None => {
                    self.sets.push(SetSums {
                        set,
                        sums: Vec::new(),
                    });
                    self.sets.len() - 1
                }
            };
            let sums = &mut self.sets[s].sums;
            if sums.len() < scalars.len() {
                sums.resize(scalars.len(), G::zero());
            }
            for (acc, s) in sums.iter_mut().zip(scalars) {
                *acc += weight * *s;
            }
        }
        self.scalars
            .extend(equation.scalars.iter().map(|s| weight * *s));
        self.points
            .extend(equation.points.iter().map(EncodedPoint::batch_point));
        if !equation.computed_points.is_empty() {
            let computed = &equation.computed_points;
            self.scalars
                .extend(equation.computed_scalars.iter().map(|s| weight * *s));
            self.points.extend(G::batch_points_of(computed));
        }
    }

    /// Whether the sum is the identity: one multiscalar multiplication. The fixed generators
    /// are appended to the proofs' points for it and removed again, so more equations can be
    /// added afterwards.
    pub(crate) fn is_zero(&mut self) -> bool {
        if let Some(holds) = self.is_zero_with_table() {
            return holds;
        }
        let own = self.scalars.len();
        for sum in &self.pedersen {
            // [B, B̃_1, …], as many as the sums.
            let bases = sum.gens.pedersen_batch_points();
            self.scalars.push(sum.b);
            self.scalars.extend_from_slice(&sum.blinding);
            self.points
                .extend_from_slice(&bases[..1 + sum.blinding.len()]);
        }
        for sum in &self.vector {
            for (j, (g_acc, h_acc)) in sum.g.iter().zip(&sum.h).enumerate() {
                let (g_pts, h_pts) = sum.vector.party_batch_gens(j, g_acc.len().max(h_acc.len()));
                self.scalars.extend(g_acc.iter().map(G::from_fast));
                self.points.extend_from_slice(&g_pts[..g_acc.len()]);
                self.scalars.extend(h_acc.iter().map(G::from_fast));
                self.points.extend_from_slice(&h_pts[..h_acc.len()]);
            }
        }
        for sum in &self.sets {
            self.scalars.extend_from_slice(&sum.sums);
            self.points
                .extend_from_slice(&sum.set.batch_points()[..sum.sums.len()]);
        }
        let holds = msm::vartime_is_identity::<G>(&self.scalars, &self.points);
        self.scalars.truncate(own);
        self.points.truncate(own);
        holds
    }
}

impl<G: Group> EquationSum<'_, G> {
    /// [`Self::is_zero`] for a sum over one range-generator set and nothing else, where the
    /// backend batches with tables ([`Group::BATCH_WITH_TABLES`]): the sums laid out as one
    /// verification of the widest shape summed (`[G(n, m), H(n, m), B, B̃…]`, shorter chains
    /// padded with zeros) and multiplied with that shape's precomputed tables. `None` when
    /// the sum is of another kind, the shape has no table, or the proofs' points are many
    /// enough to split across threads (one thread with tables loses to all of them without).
    fn is_zero_with_table(&self) -> Option<bool> {
        if !G::BATCH_WITH_TABLES || msm::splits(self.points.len()) {
            return None;
        }
        let ([pedersen], [vector], []) = (
            self.pedersen.as_slice(),
            self.vector.as_slice(),
            self.sets.as_slice(),
        ) else {
            return None;
        };
        let gens = pedersen.gens;
        if !core::ptr::eq(vector.vector, gens.vector()) {
            return None;
        }
        let m = vector.g.len();
        let n = vector.g.iter().chain(&vector.h).map(Vec::len).max()?;
        if n == 0 {
            return None;
        }
        let table = gens.single_verification_table(n, m)?;
        let mut statics = vec![G::zero(); gens.static_len(n, m, pedersen.blinding.len())];
        for (j, (g, h)) in vector.g.iter().zip(&vector.h).enumerate() {
            for (slot, s) in statics[j * n..].iter_mut().zip(g) {
                *slot = G::from_fast(s);
            }
            for (slot, s) in statics[(m + j) * n..].iter_mut().zip(h) {
                *slot = G::from_fast(s);
            }
        }
        statics[2 * n * m] = pedersen.b;
        statics[2 * n * m + 1..].copy_from_slice(&pedersen.blinding);
        let points: Option<Vec<G::Point>> = self.points.iter().map(G::point_from_batch).collect();
        Some(G::is_identity(&G::vartime_mixed_multiscalar_mul(
            &table,
            &statics,
            &self.scalars,
            &points?,
        )))
    }
}

/// Adds `scalars` into `acc` term by term, growing `acc` with zeros to their length.
fn add_fast_into<G: Group>(acc: &mut Vec<G::FastScalar>, scalars: &[G::FastScalar]) {
    if acc.len() < scalars.len() {
        acc.resize(scalars.len(), G::FastScalar::from(0));
    }
    for (a, s) in acc.iter_mut().zip(scalars) {
        *a += *s;
    }
}

/// Decodes commitment encodings, rejecting invalid ones.
pub(crate) fn decode_commitments<G: Group>(
    commitments: &[G::PointEncoding],
) -> Result<Commitments<G>, ProofError> {
    check_aggregation::<G>(commitments)?;
    Ok(Commitments::Decoded(EncodedPoint::decode_all(commitments)?))
}

/// Commitment encodings whose decoding a batch leaves to its chunk (see [`Commitments`]).
pub(crate) fn deferred_commitments<G: Group>(
    commitments: &[G::PointEncoding],
) -> Result<Commitments<G>, ProofError> {
    check_aggregation::<G>(commitments)?;
    Ok(Commitments::Encoded(commitments.to_vec()))
}

fn check_aggregation<G: Group>(commitments: &[G::PointEncoding]) -> Result<(), ProofError> {
    if commitments.len() > crate::MAX_AGGREGATION {
        return Err(StatementError::InvalidAggregation {
            given: commitments.len(),
            max: crate::MAX_AGGREGATION,
        }
        .into());
    }
    Ok(())
}

/// The commitments as the equation's points, with the cofactor to clear: from `decoded` (the
/// batch forms of [`Commitments::to_decode`], in order) when a batch decoded them, else decoded
/// now.
pub(crate) fn commitment_points<G: Group>(
    commitments: &Commitments<G>,
    decoded: &[G::BatchPoint],
    cofactor_log2: u32,
) -> Result<Vec<DynamicPoint<G>>, ProofError> {
    match commitments {
        Commitments::Encoded(bytes) if decoded.len() == bytes.len() => Ok(bytes
            .iter()
            .zip(decoded)
            .map(|(b, p)| DynamicPoint::new(&EncodedPoint::from_decoded(*b, *p), cofactor_log2))
            .collect()),
        _ => Ok(commitments
            .decoded()?
            .iter()
            .map(|p| DynamicPoint::new(p, cofactor_log2))
            .collect()),
    }
}
