//! Pedersen and vector generators.
//!
//! A [`RangeGens`] value holds everything a deployment fixes about the group elements of a proof:
//!
//! * the Pedersen bases \\(B\\) (value) and \\(\tilde B\\) (blinding) of the commitments
//!   \\(V_j = v_j B + \gamma_j \tilde B\\);
//! * the vector generators \\(\mathbf G, \mathbf H\\). As in the reference implementation they
//!   come in *party shares*: party \\(j\\) owns \\(G_{j,0}, G_{j,1}, \ldots\\) and an aggregated
//!   proof of \\(m\\) values of \\(n\\) bits uses
//!   \\(\mathbf G = G_{0,0..n} \Vert G_{1,0..n} \Vert \cdots \Vert G_{m-1,0..n}\\).
//!
//! Shares are derived lazily, on first use, and kept, in a [`VectorGens`] that deployments with the
//! same vector generators share (the dalek and Tari deployments do); so are the precomputed
//! verification tables for each proof shape small enough for tables to beat Pippenger. Build
//! one per deployment and share it (the deployments return a process-wide one).

use crate::sync::{Arc, Mutex, OnceLock};
use crate::StatementError;
use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::vec::Vec;
use core::sync::atomic::{AtomicUsize, Ordering};

use crate::group::Group;

/// Pedersen commitment bases: \\(B\\) for the value and one or more blinding bases
/// \\(\tilde B_1, \tilde B_2, \ldots\\) (more than one for *extended* commitments
/// \\(V = vB + \sum_k \gamma_k \tilde B_k\\), as Tari's extension degrees use).
#[derive(Clone, Debug)]
pub struct PedersenGens<G: Group> {
    /// The base for the committed value.
    pub b: G::Point,
    /// The blinding bases; never empty.
    pub blinding: Vec<G::Point>,
}

impl<G: Group> PedersenGens<G> {
    /// The first (for plain commitments, the only) blinding base \\(\tilde B\\).
    pub fn b_blinding(&self) -> G::Point {
        self.blinding[0]
    }

    /// \\( v B + \gamma \tilde B \\), in constant time (both inputs are secret).
    pub fn commit(&self, value: G::Scalar, blinding: G::Scalar) -> G::Point {
        G::multiscalar_mul(&[value, blinding], &[self.b, self.blinding[0]])
    }

    /// \\( v B + \sum_k \gamma_k \tilde B_k \\) for 1 to `blinding.len()` blinding factors,
    /// in constant time.
    pub fn commit_extended(
        &self,
        value: G::Scalar,
        blindings: &[G::Scalar],
    ) -> Result<G::Point, crate::ProofError> {
        if blindings.is_empty() || blindings.len() > self.blinding.len() {
            return Err(StatementError::InvalidExtensionDegree {
                given: blindings.len(),
                max: self.blinding.len(),
            }
            .into());
        }
        let mut scalars = zeroize::Zeroizing::new(Vec::with_capacity(1 + blindings.len()));
        scalars.push(value);
        scalars.extend_from_slice(blindings);
        let mut points = Vec::with_capacity(1 + blindings.len());
        points.push(self.b);
        points.extend_from_slice(&self.blinding[..blindings.len()]);
        Ok(G::multiscalar_mul(&scalars, &points))
    }
}

/// One party's share of the vector generators.
#[derive(Clone, Debug)]
struct PartyShare<G: Group> {
    g: Vec<G::Point>,
    h: Vec<G::Point>,
}

/// One party's share, derived on first use in each form: the group's points, and the batch
/// form ([`Group::BatchPoint`]) the verifiers' large multiscalar multiplications take — from the
/// points, or straight from the deployment's derivation where it has one for batch points.
struct PartySlot<G: Group> {
    points: OnceLock<PartyShare<G>>,
    batch: OnceLock<BatchShare<G>>,
}

/// A party share's \\(\mathbf G\\) and \\(\mathbf H\\) in batch form.
type BatchShare<G> = (Vec<<G as Group>::BatchPoint>, Vec<<G as Group>::BatchPoint>);

/// Derives party `j`'s share: `capacity` generators each for \\(\mathbf G\\) and \\(\mathbf H\\).
type ShareFn<G> =
    Box<dyn Fn(u32, usize) -> (Vec<<G as Group>::Point>, Vec<<G as Group>::Point>) + Send + Sync>;

/// Derives party `j`'s share in batch form directly, or `None` where that is not the cheaper
/// way on this CPU (the points are then derived and converted).
type BatchShareFn<G> = Box<dyn Fn(u32, usize) -> Option<BatchShare<G>> + Send + Sync>;

/// A deployment's direct derivation of batch shares, and whether it answers on this CPU.
struct DirectBatchShares<G: Group> {
    available: fn() -> bool,
    derive: BatchShareFn<G>,
}

/// One party's vector generators \\(\mathbf G_j, \mathbf H_j\\).
pub type PartyGenerators<'a, G> = (&'a [<G as Group>::Point], &'a [<G as Group>::Point]);

/// Verification tables per proof shape `(n, m)`.
type TableCache<G> = BTreeMap<(usize, usize), Arc<<G as Group>::Precomputation>>;

/// Per proof shape `(n, m)`: the uses of its fixed-base tables so far (single verifications
/// over batch points, provers), and the tables once built (`None` while not built, or where
/// the backend has none).
type BatchTableCache<G> =
    BTreeMap<(usize, usize), (usize, Option<Arc<<G as Group>::BatchPrecomputation>>)>;

/// Largest shape (fixed points) given batch-form tables: about 1 MB of copies at this size
/// ([`crate::group::Group::batch_precompute`] on curve25519 keeps four copies of each point
/// in mixed-addition form, 120 bytes each); past it the bucket method's running sums, all the
/// tables save, are a small share of the work.
const BATCH_TABLE_LIMIT: usize = 2048;

/// Vector generators in party shares, derived lazily and kept.
pub struct VectorGens<G: Group> {
    gens_capacity: usize,
    parties: Vec<PartySlot<G>>,
    derive_share: ShareFn<G>,
    derive_batch_share: Option<DirectBatchShares<G>>,
}

impl<G: Group> VectorGens<G> {
    /// Shares for up to `party_capacity` values of up to `gens_capacity` bits, each derived by
    /// `derive_share` on first use.
    pub(crate) fn new(
        gens_capacity: usize,
        party_capacity: usize,
        derive_share: impl Fn(u32, usize) -> (Vec<G::Point>, Vec<G::Point>) + Send + Sync + 'static,
    ) -> Self {
        VectorGens {
            gens_capacity,
            parties: (0..party_capacity)
                .map(|_| PartySlot {
                    points: OnceLock::new(),
                    batch: OnceLock::new(),
                })
                .collect(),
            derive_share: Box::new(derive_share),
            derive_batch_share: None,
        }
    }

    /// The same generators, with a derivation of the batch form that needs no group points
    /// (same arguments as `derive_share`), used where `available` says so (it answers `None`
    /// where it does not).
    pub(crate) fn with_batch_share(
        mut self,
        available: fn() -> bool,
        derive: impl Fn(u32, usize) -> Option<BatchShare<G>> + Send + Sync + 'static,
    ) -> Self {
        self.derive_batch_share = Some(DirectBatchShares {
            available,
            derive: Box::new(derive),
        });
        self
    }

    /// Whether the batch form of a share comes without deriving its points first, on this CPU
    /// (see [`Self::with_batch_share`]).
    fn derives_batch_directly(&self) -> bool {
        self.derive_batch_share
            .as_ref()
            .is_some_and(|direct| (direct.available)())
    }

    fn share(&self, party: usize) -> &PartyShare<G> {
        self.parties[party].points.get_or_init(|| {
            let (g, h) = (self.derive_share)(party as u32, self.gens_capacity);
            PartyShare { g, h }
        })
    }

    /// Party `j`'s generators \\(G_{j,i}\\) and \\(H_{j,i}\\), \\(i < n\\).
    pub(crate) fn party_gens(&self, j: usize, n: usize) -> (&[G::Point], &[G::Point]) {
        let share = self.share(j);
        (&share.g[..n], &share.h[..n])
    }

    /// Whether the first `m` parties' generators are already in batch form.
    pub(crate) fn batch_ready(&self, m: usize) -> bool {
        self.parties[..m.min(self.parties.len())]
            .iter()
            .all(|slot| slot.batch.get().is_some())
    }

    /// [`Self::party_gens`] in batch form: from the deployment's direct derivation where it has one
    /// that pays on this CPU, else converted from the points (through their encodings).
    pub(crate) fn party_batch_gens(
        &self,
        j: usize,
        n: usize,
    ) -> (&[G::BatchPoint], &[G::BatchPoint]) {
        let (g, h) = self.parties[j].batch.get_or_init(|| {
            let direct = self
                .derive_batch_share
                .as_ref()
                .filter(|direct| (direct.available)())
                .and_then(|direct| (direct.derive)(j as u32, self.gens_capacity));
            direct.unwrap_or_else(|| {
                let share = self.share(j);
                let convert =
                    |points: &[G::Point]| G::batch_points(points, &G::points_to_bytes(points));
                (convert(&share.g), convert(&share.h))
            })
        });
        (&g[..n], &h[..n])
    }
}

/// The generators of a range proof: Pedersen bases and (shared) vector generators. A
/// deployment's are typed by it (`deployments::Generators<C>`, which dereferences to these);
/// these untyped ones serve the equations every proof system shares (circuit proofs' chains,
/// Grin's batch generators, a caller's own [`Equation`](crate::equation::Equation)).
pub struct RangeGens<G: Group> {
    pedersen: PedersenGens<G>,
    vector: Arc<VectorGens<G>>,
    tables: Mutex<TableCache<G>>,
    batch_tables: Mutex<BatchTableCache<G>>,
    pedersen_encodings: OnceLock<Vec<G::PointEncoding>>,
    pedersen_batch: OnceLock<Vec<G::BatchPoint>>,
    /// Single verifications past the table crossover so far (see
    /// [`Self::single_verification_in_batch_form`]).
    large_single_verifications: AtomicUsize,
}

impl<G: Group> core::fmt::Debug for RangeGens<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("RangeGens")
            .field("group", &G::NAME)
            .field("gens_capacity", &self.vector.gens_capacity)
            .field("party_capacity", &self.vector.parties.len())
            .finish()
    }
}

impl<G: Group> RangeGens<G> {
    /// Generators from Pedersen bases and vector generators.
    pub(crate) fn new(pedersen: PedersenGens<G>, vector: Arc<VectorGens<G>>) -> Self {
        RangeGens {
            pedersen,
            vector,
            tables: Mutex::new(BTreeMap::new()),
            batch_tables: Mutex::new(BTreeMap::new()),
            pedersen_encodings: OnceLock::new(),
            pedersen_batch: OnceLock::new(),
            large_single_verifications: AtomicUsize::new(0),
        }
    }

    /// The vector generators (possibly shared with other deployments).
    pub(crate) fn vector(&self) -> &VectorGens<G> {
        &self.vector
    }

    /// The vector chains, shared (a copy with other Pedersen bases keeps them).
    pub(crate) fn vector_arc(&self) -> Arc<VectorGens<G>> {
        Arc::clone(&self.vector)
    }

    /// The Pedersen bases.
    pub fn pedersen(&self) -> &PedersenGens<G> {
        &self.pedersen
    }

    /// Encodings of `[B, B̃_1, …]`, computed once (transcripts that absorb the bases use them).
    pub(crate) fn pedersen_encodings(&self) -> &[G::PointEncoding] {
        self.pedersen_encodings.get_or_init(|| {
            core::iter::once(&self.pedersen.b)
                .chain(&self.pedersen.blinding)
                .map(G::point_to_bytes)
                .collect()
        })
    }

    /// `[B, B̃_1, …]` in batch form, converted once.
    pub(crate) fn pedersen_batch_points(&self) -> &[G::BatchPoint] {
        self.pedersen_batch.get_or_init(|| {
            let bases: Vec<G::Point> = core::iter::once(self.pedersen.b)
                .chain(self.pedersen.blinding.iter().copied())
                .collect();
            G::batch_points(&bases, &G::points_to_bytes(&bases))
        })
    }

    /// The largest bit size these generators support.
    pub fn gens_capacity(&self) -> usize {
        self.vector.gens_capacity
    }

    /// The largest number of aggregated values these generators support.
    pub fn party_capacity(&self) -> usize {
        self.vector.parties.len()
    }

    fn share(&self, party: usize) -> &PartyShare<G> {
        self.vector.share(party)
    }

    /// Party `party`'s first `n` vector generators \(G_{j,i}\) and \(H_{j,i}\): the sets an
    /// [`Equation`](crate::equation::Equation) names with `vector_g`/`vector_h`, for a proof
    /// system of its own that shares them.
    pub fn party_generators(
        &self,
        party: usize,
        n: usize,
    ) -> Result<PartyGenerators<'_, G>, crate::ProofError> {
        self.check_capacity(n, party + 1)?;
        Ok(self.vector.party_gens(party, n))
    }

    /// Checks that an `n`-bit, `m`-party proof fits these generators.
    pub(crate) fn check_capacity(&self, n: usize, m: usize) -> Result<(), crate::ProofError> {
        if n > self.gens_capacity() || m > self.party_capacity() {
            return Err(StatementError::InsufficientGenerators {
                bits: n,
                parties: m,
            }
            .into());
        }
        Ok(())
    }

    /// The aggregated \\(\mathbf G\\) of an `n`-bit, `m`-party proof (length `n·m`).
    /// Callers check [`Self::check_capacity`] first.
    pub(crate) fn g_vec(&self, n: usize, m: usize) -> Vec<G::Point> {
        (0..m)
            .flat_map(|j| self.share(j).g[..n].iter().copied())
            .collect()
    }

    /// The aggregated \\(\mathbf H\\) of an `n`-bit, `m`-party proof (length `n·m`).
    pub(crate) fn h_vec(&self, n: usize, m: usize) -> Vec<G::Point> {
        (0..m)
            .flat_map(|j| self.share(j).h[..n].iter().copied())
            .collect()
    }

    /// Slots `start .. start + len` of the aggregated \\(\mathbf G\\) and \\(\mathbf H\\) of
    /// a proof whose party shares hold `party_bits` generators each (slot \\(i\\) is share
    /// \\(\lfloor i/\mathrm{party\\_bits}\rfloor\\)'s generator \\(i \bmod \mathrm{party\\_bits}\\)).
    /// Callers check [`Self::check_capacity`] first.
    pub(crate) fn slots(
        &self,
        party_bits: usize,
        start: usize,
        len: usize,
    ) -> (Vec<G::Point>, Vec<G::Point>) {
        let (mut g, mut h) = (Vec::with_capacity(len), Vec::with_capacity(len));
        let mut slot = start;
        while slot < start + len {
            let (party, first) = (slot / party_bits, slot % party_bits);
            let end = (party_bits - first).min(start + len - slot) + first;
            let share = self.share(party);
            g.extend_from_slice(&share.g[first..end]);
            h.extend_from_slice(&share.h[first..end]);
            slot += end - first;
        }
        (g, h)
    }

    /// Appends \\(\mathbf G\\) then \\(\mathbf H\\) of an `n`-bit, `m`-party proof to `out`,
    /// copying each point once.
    pub(crate) fn extend_with_vector_gens(&self, n: usize, m: usize, out: &mut Vec<G::Point>) {
        out.reserve(2 * n * m);
        for j in 0..m {
            out.extend_from_slice(&self.share(j).g[..n]);
        }
        for j in 0..m {
            out.extend_from_slice(&self.share(j).h[..n]);
        }
    }

    /// Number of fixed points of an `n`-bit, `m`-party verification using the first
    /// `blindings` blinding bases: \\(\mathbf G\\), \\(\mathbf H\\), \\(B\\), \\(\tilde B_k\\).
    pub(crate) fn static_len(&self, n: usize, m: usize, blindings: usize) -> usize {
        2 * n * m + 1 + blindings
    }

    /// Appends the fixed points of an `n`-bit, `m`-party verification in the order the
    /// verifiers lay out their scalars: `[G(n, m), H(n, m), B, B̃_1, …, B̃_blindings]`. The
    /// blinding bases come last so that one table (over all of them) serves every extension
    /// degree: unused trailing table points cost nothing.
    pub(crate) fn extend_with_static_points(
        &self,
        n: usize,
        m: usize,
        blindings: usize,
        out: &mut Vec<G::Point>,
    ) {
        self.extend_with_vector_gens(n, m, out);
        out.push(self.pedersen.b);
        out.extend_from_slice(&self.pedersen.blinding[..blindings]);
    }

    /// Whether a single verification past the table crossover should run over batch points
    /// (the engine's MSM): when this shape's generators are already in batch form or derive
    /// in it directly (the dalek chains through the engine's own map, cheaper than the points
    /// themselves), or from the second such verification on. Converting derived points costs
    /// more than the engine then saves on one verification (BENCHMARKS.md), so a process that
    /// verifies one proof (the command line) keeps curve25519-dalek's MSM there and a
    /// long-running one converts once.
    pub(crate) fn single_verification_in_batch_form(&self, m: usize) -> bool {
        let ready = self.vector.batch_ready(m) && self.pedersen_batch.get().is_some();
        ready
            || self.vector.derives_batch_directly()
            || self
                .large_single_verifications
                .fetch_add(1, Ordering::Relaxed)
                >= 1
    }

    /// The fixed-base tables of an `n`-bit, `m`-party shape's fixed points
    /// ([`Group::batch_precompute`], over `[G(n, m), H(n, m), B, B̃_1, …]` with every blinding
    /// base), for its single verifications over batch points and its provers' inner-product
    /// rounds. Built at the shape's second use and kept: building costs several
    /// verifications' worth of doublings, so a process that verifies or proves once (the
    /// command line) never pays it. `None` before, past [`BATCH_TABLE_LIMIT`], or where the
    /// backend has no such tables.
    pub(crate) fn fixed_batch_table(
        &self,
        n: usize,
        m: usize,
    ) -> Option<Arc<G::BatchPrecomputation>> {
        let all = self.pedersen.blinding.len();
        if self.static_len(n, m, all) > BATCH_TABLE_LIMIT {
            return None;
        }
        let mut tables = self.batch_tables.lock();
        let (seen, table) = tables.entry((n, m)).or_insert((0, None));
        *seen += 1;
        if *seen == 2 {
            let mut points = Vec::with_capacity(self.static_len(n, m, all));
            self.extend_with_static_batch_points(n, m, all, &mut points);
            *table = G::batch_precompute(&points).map(Arc::new);
        }
        table.clone()
    }

    /// How many shapes have batch-form tables (for the tests).
    #[cfg(test)]
    pub(crate) fn batch_tables_built(&self) -> usize {
        self.batch_tables
            .lock()
            .values()
            .filter(|(_, table)| table.is_some())
            .count()
    }

    /// [`Self::extend_with_static_points`] in batch form.
    pub(crate) fn extend_with_static_batch_points(
        &self,
        n: usize,
        m: usize,
        blindings: usize,
        out: &mut Vec<G::BatchPoint>,
    ) {
        out.reserve(2 * n * m + 1 + blindings);
        for j in 0..m {
            out.extend_from_slice(self.vector.party_batch_gens(j, n).0);
        }
        for j in 0..m {
            out.extend_from_slice(self.vector.party_batch_gens(j, n).1);
        }
        out.extend_from_slice(&self.pedersen_batch_points()[..1 + blindings]);
    }

    /// The tables a single verification of an `n`-bit, `m`-party proof uses ([`Self::table`]),
    /// or `None` where it runs over batch points instead: past the tables' crossover, or where
    /// the generators derive straight into the engine's batch form (AVX-512 IFMA with the dalek
    /// or Solana chains), whose bucket method beats `curve25519-dalek`'s precomputed Straus even
    /// on the smallest proofs (a 64-bit Solana proof: 480 against 760 µs, BENCHMARKS.md).
    pub(crate) fn single_verification_table(
        &self,
        n: usize,
        m: usize,
    ) -> Option<Arc<G::Precomputation>> {
        if self.vector.derives_batch_directly() {
            return None;
        }
        self.table(n, m)
    }

    /// Precomputed tables over the fixed points of an `n`-bit, `m`-party verification (laid out
    /// as `[G(n, m), H(n, m), B, B̃_1, …]`, with every blinding base), or `None` when that many
    /// points are past the backend's measured crossover (Pippenger is faster there). Built on
    /// first use and kept.
    pub fn table(&self, n: usize, m: usize) -> Option<Arc<G::Precomputation>> {
        let all = self.pedersen.blinding.len();
        if self.static_len(n, m, 1) > G::PRECOMPUTATION_CROSSOVER {
            return None;
        }
        // A poisoned lock only means another thread panicked while inserting; the map is
        // still a valid cache, so keep using it.
        let mut tables = self.tables.lock();
        let table = tables.entry((n, m)).or_insert_with(|| {
            let mut points = Vec::with_capacity(self.static_len(n, m, all));
            self.extend_with_static_points(n, m, all, &mut points);
            Arc::new(G::precompute(&points))
        });
        Some(Arc::clone(table))
    }
}
