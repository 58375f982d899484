//! The generators of a constraint-system proof: Pedersen bases and one long pair of vector
//! generator chains \\(\mathbf G, \mathbf H\\), of which a proof with \\(n\\) multipliers uses
//! the first \\(n' = 2^{\lceil \log_2 n\rceil}\\).
//!
//! The chains are prefix-stable (the first \\(n'\\) points do not depend on how many are
//! derived), so they are derived on demand, grown to the next power of two, and kept.

use std::sync::{Arc, Mutex, OnceLock};

use super::{MAX_LG_MULTIPLIERS, MAX_MULTIPLIERS};
use crate::generators::{PedersenGens, RangeGens, VectorGens};
use crate::group::{Group, Ristretto255};

/// Derives the first `count` points of both chains.
type ChainFn<G> = Box<dyn Fn(usize) -> Chains<G> + Send + Sync>;

/// Derives the first `count` points of both chains in batch form directly (`None` where that
/// does not answer on this CPU).
type BatchChainFn<G> = Arc<
    dyn Fn(usize) -> Option<(Vec<<G as Group>::BatchPoint>, Vec<<G as Group>::BatchPoint>)>
        + Send
        + Sync,
>;

/// A direct derivation of the chains' batch form, and whether it answers on this CPU.
struct DirectBatchChains<G: Group> {
    available: fn() -> bool,
    derive: BatchChainFn<G>,
}

/// The chains' derivation and the prefix derived so far.
struct ChainCache<G: Group> {
    derive: ChainFn<G>,
    cache: Mutex<Arc<Chains<G>>>,
}

impl<G: Group> ChainCache<G> {
    fn chains(&self, n: usize) -> Arc<Chains<G>> {
        // A poisoned lock only means another thread panicked while growing the cache; the
        // cached prefix is still valid.
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if cache.g.len() < n {
            let count = n.next_power_of_two().max(64);
            *cache = Arc::new((self.derive)(count));
        }
        Arc::clone(&cache)
    }
}

/// A prefix of the two chains.
pub(crate) struct Chains<G: Group> {
    pub(crate) g: Vec<G::Point>,
    pub(crate) h: Vec<G::Point>,
}

/// Pedersen bases and vector generators for constraint-system proofs over `G`.
pub struct R1csGens<G: Group> {
    pedersen: PedersenGens<G>,
    label: &'static [u8],
    chains: Arc<ChainCache<G>>,
    /// Per \(\log_2 n'\): the first \(n'\) points as one "party" of range-proof-style
    /// generators, the form [`crate::BatchVerifier`] sums equations over.
    batch: Vec<OnceLock<RangeGens<G>>>,
    /// The chains' direct derivation in batch form, if the generators have one, and whether
    /// it answers on this CPU.
    batch_chains: Option<DirectBatchChains<G>>,
    pedersen_encodings: Vec<G::PointEncoding>,
}

impl<G: Group> core::fmt::Debug for R1csGens<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("R1csGens")
            .field("group", &G::NAME)
            .field("label", &String::from_utf8_lossy(self.label))
            .finish()
    }
}

impl<G: Group> R1csGens<G> {
    /// Generators from Pedersen bases and a chain derivation. `label` names the chains (the
    /// `bound` transcript absorbs it with the bases, so that proofs over different generators
    /// never share a transcript).
    pub fn new(
        pedersen: PedersenGens<G>,
        label: &'static [u8],
        derive: impl Fn(usize) -> (Vec<G::Point>, Vec<G::Point>) + Send + Sync + 'static,
    ) -> Self {
        let pedersen_encodings = core::iter::once(&pedersen.b)
            .chain(&pedersen.blinding)
            .map(G::point_to_bytes)
            .collect();
        R1csGens {
            pedersen,
            label,
            chains: Arc::new(ChainCache {
                derive: Box::new(move |count| {
                    let (g, h) = derive(count);
                    Chains { g, h }
                }),
                cache: Mutex::new(Arc::new(Chains {
                    g: Vec::new(),
                    h: Vec::new(),
                })),
            }),
            batch: (0..=MAX_LG_MULTIPLIERS).map(|_| OnceLock::new()).collect(),
            batch_chains: None,
            pedersen_encodings,
        }
    }

    /// The same generators, with a derivation of the chains' batch form that needs no group
    /// points (what verifiers' multiscalar multiplications take), used where `available` says
    /// so.
    pub(crate) fn with_batch_chains(
        mut self,
        available: fn() -> bool,
        derive: impl Fn(usize) -> Option<(Vec<G::BatchPoint>, Vec<G::BatchPoint>)>
            + Send
            + Sync
            + 'static,
    ) -> Self {
        self.batch_chains = Some(DirectBatchChains {
            available,
            derive: Arc::new(derive),
        });
        self
    }

    /// The Pedersen bases \\(B, \tilde B\\).
    pub fn pedersen(&self) -> &PedersenGens<G> {
        &self.pedersen
    }

    /// The chains' name.
    pub fn label(&self) -> &'static [u8] {
        self.label
    }

    pub(crate) fn pedersen_encodings(&self) -> &[G::PointEncoding] {
        &self.pedersen_encodings
    }

    /// Derives the first `n` points of both chains now (at most [`MAX_MULTIPLIERS`]), so that
    /// the first proof of that size does not pay for them.
    pub fn prepare(&self, n: usize) {
        self.chains(n.min(MAX_MULTIPLIERS));
    }

    /// At least the first `n` points of both chains (`n` ≤ [`MAX_MULTIPLIERS`]).
    pub(crate) fn chains(&self, n: usize) -> Arc<Chains<G>> {
        debug_assert!(n <= MAX_MULTIPLIERS);
        self.chains.chains(n)
    }

    /// The first `padded_n` (a power of two) points as batch generators: Pedersen bases and
    /// one party share of that length. Built on first use per size and kept.
    pub(crate) fn batch_generators(&self, padded_n: usize) -> Option<&RangeGens<G>> {
        let lg = padded_n.trailing_zeros() as usize;
        let slot = self.batch.get(lg).filter(|_| padded_n.is_power_of_two())?;
        Some(slot.get_or_init(|| {
            let chains = Arc::clone(&self.chains);
            let mut vector = VectorGens::new(padded_n, 1, move |_, capacity| {
                let c = chains.chains(capacity);
                (c.g[..capacity].to_vec(), c.h[..capacity].to_vec())
            });
            if let Some(direct) = &self.batch_chains {
                let derive = Arc::clone(&direct.derive);
                vector =
                    vector.with_batch_share(direct.available, move |_, capacity| derive(capacity));
            }
            // Untyped: no deployment's range prover takes these (they need a `Generators<C>`).
            RangeGens::new(self.pedersen.clone(), Arc::new(vector))
        }))
    }
}

/// The reference crate's generators for its R1CS proofs: `PedersenGens::default()` and party
/// 0's chains of `BulletproofGens` (`SHAKE256("GeneratorsChain" ‖ "G"/"H" ‖ u32le(0))`) —
/// the range proofs' first share, continued as far as a circuit needs.
pub fn dalek() -> &'static R1csGens<Ristretto255> {
    static GENS: OnceLock<R1csGens<Ristretto255>> = OnceLock::new();
    GENS.get_or_init(|| {
        R1csGens::new(
            crate::deployments::dalek::pedersen_gens(),
            b"dalek GeneratorsChain party 0",
            |count| crate::deployments::dalek::party_share(0, count),
        )
        .with_batch_chains(
            Ristretto255::batch_points_from_uniform_bytes_available,
            |count| crate::deployments::dalek::party_batch_share(0, count),
        )
    })
}

/// Generators for constraint-system proofs over secp256k1: Grin's Pedersen bases (value \\(H\\),
/// blinding \\(G\\)) and chains of nothing-up-my-sleeve points,
/// \\(G_i\\) = `generator_generate(SHA-256("rangeproof r1cs G" ‖ u32le(i) ‖ 0))` (libsecp256k1-zkp's
/// hash-to-curve) and likewise \\(H_i\\) with `"H"`. No deployed system defines secp256k1 R1CS
/// generators; these are ours, and the `bound` transcript names them.
pub fn secp256k1() -> &'static R1csGens<crate::group::Secp256k1> {
    use crate::secp256k1_zkp::bulletproofs::generators as grin;
    use sha2::{Digest, Sha256};
    static GENS: OnceLock<R1csGens<crate::group::Secp256k1>> = OnceLock::new();
    GENS.get_or_init(|| {
        let chain = |tag: &[u8], count: usize| {
            (0..count as u32)
                .map(|i| {
                    // A hash not below p (probability 2^-128) moves on to the next retry byte.
                    (0u8..=255)
                        .find_map(|retry| {
                            let key: [u8; 32] = Sha256::new()
                                .chain_update(b"rangeproof r1cs ")
                                .chain_update(tag)
                                .chain_update(i.to_le_bytes())
                                .chain_update([retry])
                                .finalize()
                                .into();
                            grin::generator_generate(&key)
                        })
                        .unwrap_or_else(grin::h)
                })
                .collect::<Vec<_>>()
        };
        R1csGens::new(
            PedersenGens {
                b: grin::h(),
                blinding: vec![grin::g()],
            },
            b"rangeproof r1cs secp256k1 SHA-256 generator_generate chains",
            move |count| (chain(b"G", count), chain(b"H", count)),
        )
    })
}
