//! The Bulletproofs vector generators of secp256k1-zkp (the Pedersen bases and value
//! generators are the `generator` module's: [`crate::secp256k1_zkp::generator`], re-exported
//! here).
//!
//! The vector generators are `secp256k1_bulletproof_generators_create`'s: an RFC 6979
//! HMAC-SHA256 byte stream seeded with \\(x(G) \Vert y(G)\\) yields 32 bytes per generator, each
//! mapped to a point by `secp256k1_generator_generate`: the sum of the Shallue–van de
//! Woestijne map (Fouque–Tibouchi, Latincrypt 2012) of
//! \\(t_1 = \mathrm{SHA256}(\texttt{"1st generation: "} \Vert k)\\) and of
//! \\(t_2 = \mathrm{SHA256}(\texttt{"2nd generation: "} \Vert k)\\). A list of \\(N\\) generators
//! splits in halves, \\(G_i = g_i\\) and \\(H_i = g_{N/2+i}\\), so a proof depends on \\(N\\).

use crate::StatementError;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use k256::ProjectivePoint;

use crate::group::secp256k1::{coordinates_of, Secp256k1Precomputation};
use crate::group::{Group, Secp256k1};
use crate::secp256k1_zkp::rfc6979::Rfc6979;
use crate::ProofError;

pub use crate::secp256k1_zkp::generator::{
    g, generator_generate, h, ValueGenerator, GENERATOR_PREFIX, H_X, H_Y,
};

/// The first `count` points of `secp256k1_bulletproof_generators_create` (blinding base
/// \\(G\\)).
pub fn derive_vector_generators(count: usize) -> Vec<ProjectivePoint> {
    let (gx, gy) = coordinates_of(&k256::AffinePoint::GENERATOR).expect("G is finite");
    let mut seed = [0u8; 64];
    seed[..32].copy_from_slice(&gx.to_bytes());
    seed[32..].copy_from_slice(&gy.to_bytes());
    let mut rng = Rfc6979::new(&seed);
    (0..count)
        .map(|_| generator_generate(&rng.next32()).expect("hash below p"))
        .collect()
}

/// A generator list of length \\(N\\) (`generators_n`): \\(G_i = g_i\\), \\(H_i = g_{N/2+i}\\),
/// with the fixed points' affine forms for the verifier.
pub struct GrinGenerators {
    n: usize,
    /// The process-wide derived list (at least `n` long; a prefix is shared by every count).
    points: Arc<Vec<ProjectivePoint>>,
    table: OnceLock<Arc<Secp256k1Precomputation>>,
}

impl core::fmt::Debug for GrinGenerators {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("GrinGenerators")
            .field("n", &self.n)
            .finish()
    }
}

/// The largest generator count accepted (\\(2 \cdot 64 \cdot 256\\): 64-bit proofs of up to 256
/// values).
pub const MAX_GENERATORS: usize = 1 << 15;

/// How many generator counts keep their tables for the process: every power of two (15 of
/// them) and the first few others. Counts beyond that are rebuilt per use, so untrusted
/// statements naming ever new counts cannot grow memory without bound.
const CACHED_COUNTS: usize = 24;

impl GrinGenerators {
    /// The list of `n` generators from the process-wide cache ([`GrinGeneratorCache::process`]):
    /// derived on first use (one derivation serves every count: the lists are prefixes of one
    /// stream), with its verification tables kept for the process for every power-of-two count
    /// and a bounded number of others.
    pub fn get(n: usize) -> Result<Arc<GrinGenerators>, ProofError> {
        GrinGeneratorCache::process().get(n)
    }

    /// The list of `n` generators as a value the caller owns: derived for this instance, not
    /// cached, freed when dropped (a C library's context object; [`Self::get`] is the
    /// process-wide convenience over the same points).
    pub fn owned(n: usize) -> Result<GrinGenerators, ProofError> {
        if !(2..=MAX_GENERATORS).contains(&n) {
            return Err(StatementError::InvalidGeneratorCount {
                given: n,
                needed: 2,
                max: MAX_GENERATORS,
            }
            .into());
        }
        Ok(GrinGenerators {
            n,
            points: Arc::new(derive_vector_generators(n)),
            table: OnceLock::new(),
        })
    }

    /// \\(N\\).
    pub fn count(&self) -> usize {
        self.n
    }

    /// \\(G_i\\).
    pub fn g(&self, i: usize) -> ProjectivePoint {
        self.points[i]
    }

    /// \\(H_i\\).
    pub fn h(&self, i: usize) -> ProjectivePoint {
        self.points[self.n / 2 + i]
    }

    /// Computes what verification needs (the affine forms) now rather than on first use.
    pub fn warm_up(&self) {
        self.table();
    }

    /// Affine forms of \\([g_0, \ldots, g_{N-1}, G, H]\\), computed once.
    pub(crate) fn table(&self) -> Arc<Secp256k1Precomputation> {
        Arc::clone(self.table.get_or_init(|| {
            let mut all = self.points[..self.n].to_vec();
            all.push(g());
            all.push(h());
            Arc::new(Secp256k1::precompute(&all))
        }))
    }
}

/// Generator lists by count and their batch forms, derived on first use and kept — bounded:
/// the tables of every power-of-two count and of at most 24 others, so untrusted
/// statements naming ever new counts cannot grow memory without bound. The process has one
/// ([`Self::process`], what the functions without a cache argument use); a caller that owns its
/// memory (a context, a C library's caller) makes its own with [`Self::new`]: the same points,
/// derived in it and freed with it.
pub struct GrinGeneratorCache {
    lists: Mutex<HashMap<usize, Arc<GrinGenerators>>>,
    /// The longest list derived so far (every shorter list is a prefix of it).
    all: Mutex<Arc<Vec<ProjectivePoint>>>,
    /// The batch forms of the power-of-two counts, by \\(\log_2 N\\).
    batch: [OnceLock<crate::generators::RangeGens<Secp256k1>>; 16],
}

impl core::fmt::Debug for GrinGeneratorCache {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let counts: Vec<usize> = lock(&self.lists).keys().copied().collect();
        f.debug_struct("GrinGeneratorCache")
            .field("counts", &counts)
            .finish_non_exhaustive()
    }
}

impl Default for GrinGeneratorCache {
    fn default() -> Self {
        Self::new()
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panic elsewhere leaves every entry whole: the cache stays valid.
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

impl GrinGeneratorCache {
    /// An empty cache of the caller's.
    pub fn new() -> Self {
        GrinGeneratorCache {
            lists: Mutex::new(HashMap::new()),
            all: Mutex::new(Arc::new(Vec::new())),
            batch: core::array::from_fn(|_| OnceLock::new()),
        }
    }

    /// The process-wide cache.
    pub fn process() -> &'static GrinGeneratorCache {
        static PROCESS: OnceLock<GrinGeneratorCache> = OnceLock::new();
        PROCESS.get_or_init(GrinGeneratorCache::new)
    }

    /// The list of `n` generators (derived once per cache, rounded up to a power of two, and
    /// shared by every shorter count).
    pub fn get(&self, n: usize) -> Result<Arc<GrinGenerators>, ProofError> {
        if !(2..=MAX_GENERATORS).contains(&n) {
            return Err(StatementError::InvalidGeneratorCount {
                given: n,
                needed: 2,
                max: MAX_GENERATORS,
            }
            .into());
        }
        if let Some(g) = lock(&self.lists).get(&n) {
            return Ok(Arc::clone(g));
        }
        let points = {
            let mut all = lock(&self.all);
            if all.len() < n {
                // Derive the longer list once, rounded up to a power of two.
                *all = Arc::new(derive_vector_generators(n.next_power_of_two()));
            }
            Arc::clone(&all)
        };
        let gens = Arc::new(GrinGenerators {
            n,
            points,
            table: OnceLock::new(),
        });
        let mut lists = lock(&self.lists);
        if n.is_power_of_two() || lists.len() < CACHED_COUNTS {
            lists.insert(n, Arc::clone(&gens));
        }
        Ok(gens)
    }

    /// The generators of \\(N\\) (a power of two) in the form the batch verifier sums
    /// equations over: Pedersen bases \\(H\\) (value) and \\(G\\) (blinding), and one
    /// "party" whose \\(\mathbf G, \mathbf H\\) are the two halves of the list. Built once per
    /// \\(N\\) (at most 15 of them); other counts are verified on their own.
    pub(crate) fn batch_generators(
        &self,
        n: usize,
    ) -> Option<&crate::generators::RangeGens<Secp256k1>> {
        use crate::generators::{PedersenGens, RangeGens, VectorGens};
        if !n.is_power_of_two() || !(2..=MAX_GENERATORS).contains(&n) {
            return None;
        }
        let slot = &self.batch[n.trailing_zeros() as usize];
        Some(slot.get_or_init(|| {
            let list = self.get(n).expect("a count in range (checked above)");
            // One party whose share is the list's two halves (capacity N/2).
            let halves = move |_party: u32, capacity: usize| {
                (
                    (0..capacity).map(|i| list.g(i)).collect(),
                    (0..capacity).map(|i| list.h(i)).collect(),
                )
            };
            RangeGens::new(
                PedersenGens {
                    b: h(),
                    blinding: vec![g()],
                },
                Arc::new(VectorGens::new(n / 2, 1, halves)),
            )
        }))
    }
}

#[cfg(test)]
mod tests {
    /// Owned lists are the cached ones' points, in memory of their own; counts out of range
    /// are refused alike.
    #[test]
    fn owned_lists_are_the_cached_points() {
        for n in [2, 128, 256, 130] {
            let owned = super::GrinGenerators::owned(n).unwrap();
            let cached = super::GrinGenerators::get(n).unwrap();
            assert_eq!(owned.count(), n);
            assert!(!alloc::sync::Arc::ptr_eq(&owned.points, &cached.points));
            for i in 0..n {
                assert_eq!(owned.g(i), cached.g(i), "n = {n}, i = {i}");
            }
        }
        for n in [0, 1, super::MAX_GENERATORS + 1] {
            assert!(super::GrinGenerators::owned(n).is_err());
        }
    }

    use super::*;
    use crate::group::secp256k1::field_from_bytes;
    use crate::secp256k1_zkp::generator::{SVDW_C, SVDW_D};
    use k256::FieldElement;

    #[test]
    fn h_and_c_constants() {
        // c^2 = -3 and 2d = c - 1.
        let c = field_from_bytes(&SVDW_C).unwrap();
        let d = field_from_bytes(&SVDW_D).unwrap();
        assert_eq!(
            (c.square() + FieldElement::from_u64(3)).normalize(),
            FieldElement::ZERO
        );
        assert_eq!(
            d.double().normalize(),
            (c + FieldElement::ONE.negate(1)).normalize()
        );
        let vg = ValueGenerator::h();
        assert!(vg.is_h());
        assert_eq!(ValueGenerator::from_bytes(&vg.to_bytes()).unwrap(), vg);
        // The commitment and generator prefixes differ.
        let mut wrong = vg.to_bytes();
        wrong[0] = 0x08;
        assert!(ValueGenerator::from_bytes(&wrong).is_err());
    }
}
