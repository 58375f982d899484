//! The reference `bulletproofs` crate's deployment of Bulletproofs on ristretto255: its
//! generators, transcript steps and wire layout.
//!
//! * \\(B\\) is the ristretto255 basepoint and
//!   \\(\tilde B = \mathrm{FromUniformBytes}(\mathrm{SHA3\text{-}512}(\mathrm{encode}(B)))\\).
//! * Party \\(j\\)'s \\(\mathbf G\\) share is read from the XOF stream
//!   `SHAKE256("GeneratorsChain" ‖ "G" ‖ u32le(j))`, 64 bytes per generator, each mapped with
//!   ristretto255's one-way map (`from_uniform_bytes`); \\(\mathbf H\\) uses `"H"` instead.
//!
//! The map and hashes come from `curve25519-dalek` and `sha3`; only the chaining is ours.

use crate::sync::{Arc, OnceLock};
use alloc::{vec, vec::Vec};

use curve25519_dalek::constants::RISTRETTO_BASEPOINT_POINT;
use curve25519_dalek::ristretto::RistrettoPoint;
use sha3::digest::{ExtendableOutput, Update, XofReader};
use sha3::{Digest, Sha3_512, Shake256};

use super::{BulletproofsConvention, Deployment, Generators};
use crate::generators::{PedersenGens, VectorGens};
use crate::group::{Group, Ristretto255};
use crate::wire::{Element, Layout, Slot, MAX_LG_N};

/// Generator capacity of the dalek deployment: 64 bits, 64 parties (derived lazily).
pub const DALEK_GENS_CAPACITY: usize = 64;
/// The largest aggregation the dalek deployment supports.
pub const DALEK_PARTY_CAPACITY: usize = crate::MAX_AGGREGATION;

/// The reference crate's `PedersenGens::default()`.
pub fn pedersen_gens() -> PedersenGens<Ristretto255> {
    let b = RISTRETTO_BASEPOINT_POINT;
    let hash = Sha3_512::digest(Ristretto255::point_to_bytes(&b));
    let mut wide = [0u8; 64];
    wide.copy_from_slice(&hash);
    PedersenGens {
        b,
        blinding: vec![RistrettoPoint::from_uniform_bytes(&wide)],
    }
}

/// The first `count` 64-byte blocks of the stream `SHAKE256("GeneratorsChain" ‖ label)`.
fn chain_bytes(label: &[u8], count: usize) -> Vec<[u8; 64]> {
    let mut shake = Shake256::default();
    shake.update(b"GeneratorsChain");
    shake.update(label);
    let mut reader = shake.finalize_xof();
    (0..count)
        .map(|_| {
            let mut wide = [0u8; 64];
            reader.read(&mut wide);
            wide
        })
        .collect()
}

/// `count` points of the chain `SHAKE256("GeneratorsChain" ‖ label)`.
pub(crate) fn chain(label: &[u8], count: usize) -> Vec<RistrettoPoint> {
    let wide = chain_bytes(label, count);
    // The stream is sequential, the map is not: long chains (R1CS) map on every core.
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        if count >= 1024 {
            return wide
                .par_iter()
                .map(RistrettoPoint::from_uniform_bytes)
                .collect();
        }
    }
    wide.iter()
        .map(RistrettoPoint::from_uniform_bytes)
        .collect()
}

/// Batch points of a chain, the same elements as [`chain`]'s, straight from the stream by the
/// engine's map (`None` where batch points are not the engine's): what a verifier's
/// multiscalar multiplication needs, at a fraction of the cost of `curve25519-dalek` points and
/// their conversion (BENCHMARKS.md).
pub(crate) fn batch_chain(label: &[u8], count: usize) -> Option<Vec<BatchPoint>> {
    if !Ristretto255::batch_points_from_uniform_bytes_available() {
        return None;
    }
    let wide = chain_bytes(label, count);
    // As in `chain`: the map on every core for long chains.
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        if count >= 1024 {
            let parts: Option<Vec<Vec<BatchPoint>>> = wide
                .par_chunks(1024)
                .map(Ristretto255::batch_points_from_uniform_bytes)
                .collect();
            return parts.map(|parts| parts.concat());
        }
    }
    Ristretto255::batch_points_from_uniform_bytes(&wide)
}

/// The labels of party `party`'s \\(\mathbf G\\) and \\(\mathbf H\\) chains.
fn party_labels(party: u32) -> [[u8; 5]; 2] {
    let mut label = [0u8; 5];
    label[1..].copy_from_slice(&party.to_le_bytes());
    label[0] = b'G';
    let g = label;
    label[0] = b'H';
    [g, label]
}

pub(crate) fn party_share(
    party: u32,
    capacity: usize,
) -> (Vec<RistrettoPoint>, Vec<RistrettoPoint>) {
    let [g, h] = party_labels(party);
    (chain(&g, capacity), chain(&h, capacity))
}

/// [`party_share`] in batch form (see [`batch_chain`]).
pub(crate) fn party_batch_share(
    party: u32,
    capacity: usize,
) -> Option<(Vec<BatchPoint>, Vec<BatchPoint>)> {
    let [g, h] = party_labels(party);
    Some((batch_chain(&g, capacity)?, batch_chain(&h, capacity)?))
}

/// The batch form of the ristretto255 points.
type BatchPoint = <Ristretto255 as Group>::BatchPoint;

/// The dalek generator chains (64 bits × 64 parties, derived on first use), shared by every
/// deployment that uses them.
pub(crate) fn vector_gens() -> Arc<VectorGens<Ristretto255>> {
    static VECTOR: OnceLock<Arc<VectorGens<Ristretto255>>> = OnceLock::new();
    Arc::clone(VECTOR.get_or_init(|| Arc::new(new_vector_gens())))
}

/// The process-wide generators of the reference crate's Bulletproofs.
pub fn generators() -> &'static Generators<Dalek> {
    static GENS: OnceLock<Generators<Dalek>> = OnceLock::new();
    GENS.get_or_init(|| Generators::new(pedersen_gens(), vector_gens()))
}

/// The dalek generators as a value the caller owns: the same points as
/// [`generators`], derived for this instance (lazily, party by party) and freed when it is
/// dropped — for callers that manage their own memory (a C library's context object, a
/// long-running process that verifies one kind of proof rarely). The typed APIs take either.
pub fn owned_generators() -> Generators<Dalek> {
    Generators::new(pedersen_gens(), owned_vector_gens())
}

/// Fresh dalek generator chains, not shared with the process-wide ones.
pub(crate) fn owned_vector_gens() -> Arc<VectorGens<Ristretto255>> {
    Arc::new(new_vector_gens())
}

/// The dalek chains, derived party by party on first use: as points, or (for verifiers'
/// batch points) straight from the stream.
fn new_vector_gens() -> VectorGens<Ristretto255> {
    VectorGens::new(DALEK_GENS_CAPACITY, DALEK_PARTY_CAPACITY, party_share).with_batch_share(
        Ristretto255::batch_points_from_uniform_bytes_available,
        party_batch_share,
    )
}

/// The reference crate's Bulletproofs: ristretto255, merlin with the application's label, its
/// domain separators, the commitments themselves in the equation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Dalek;

impl Deployment for Dalek {
    type Group = Ristretto255;
    type Transcript = merlin::Transcript;
    const NAME: &'static str = "dalek";

    fn transcript(label: &[u8]) -> merlin::Transcript {
        crate::transcript::merlin_transcript(label)
    }

    fn generators() -> &'static Generators<Self> {
        generators()
    }

    fn owned_generators() -> Generators<Self> {
        owned_generators()
    }
}

/// The reference's transcript steps are the trait's defaults.
/// Its conventions are this crate's (the seal: `convention.rs`).
impl super::Sealed for Dalek {}

impl BulletproofsConvention for Dalek {
    const LAYOUT: Layout = BULLETPROOFS_LAYOUT;
}

/// The reference crate's `RangeProof::to_bytes` layout:
/// `A ‖ S ‖ T_1 ‖ T_2 ‖ t_x ‖ t_x_blinding ‖ e_blinding ‖ L_1 ‖ R_1 ‖ … ‖ L_k ‖ R_k ‖ a ‖ b`.
pub(crate) const BULLETPROOFS_LAYOUT: Layout = Layout {
    elements: &[
        Element::Point(Slot::A),
        Element::Point(Slot::S),
        Element::Point(Slot::T1),
        Element::Point(Slot::T2),
        Element::Scalar(Slot::TX),
        Element::Scalar(Slot::TXBlinding),
        Element::Scalar(Slot::EBlinding),
        Element::RoundPairs,
        Element::Scalar(Slot::IppA),
        Element::Scalar(Slot::IppB),
    ],
    min_rounds: 0,
    max_rounds: MAX_LG_N,
    max_degree: 1,
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference crate, built on curve25519-dalek 4, must agree point for point.
    #[test]
    fn matches_reference_generators() {
        let reference_pc = bulletproofs::PedersenGens::default();
        let ours = pedersen_gens();
        assert_eq!(
            Ristretto255::point_to_bytes(&ours.b),
            reference_pc.B.compress().to_bytes()
        );
        assert_eq!(
            Ristretto255::point_to_bytes(&ours.b_blinding()),
            reference_pc.B_blinding.compress().to_bytes()
        );
        let reference_bp = bulletproofs::BulletproofGens::new(64, 4);
        let gens = generators();
        for j in 0..4 {
            let (g, h) = gens.vector().party_gens(j, 64);
            let share = reference_bp.share(j);
            for (i, rg) in share.G(64).enumerate() {
                assert_eq!(
                    Ristretto255::point_to_bytes(&g[i]),
                    rg.compress().to_bytes()
                );
            }
            // The reference keeps H private; the checkpoint in vectors/dalek-bp-ristretto255.json pins party 0's first.
            if j == 0 {
                assert_eq!(
                    hex::encode(Ristretto255::point_to_bytes(&h[0])),
                    "ba698f6dd08c501e32b55d2ee7259f6019d629fa2ba4d7039c5de157cba4df73"
                );
            }
        }
    }

    /// The batch form derived straight from the chains' streams (the engine's map) holds the
    /// same points as the form converted from `curve25519-dalek`'s: range-proof shares, and the
    /// R1CS chains continued past a range proof's 64 points.
    #[test]
    fn batch_shares_derived_directly_are_the_chains_points() {
        use crate::group::curve25519::simd_test_support::runs_here;
        use crate::group::curve25519::Backend;
        use crate::group::Curve25519BatchPoint;

        let direct = runs_here(Backend::Ifma, "dalek::batch_shares_derived_directly");
        assert_eq!(
            Ristretto255::batch_points_from_uniform_bytes_available(),
            direct
        );
        let encode = |b: &BatchPoint| match b {
            Curve25519BatchPoint::Engine(q) => q.to_ristretto_bytes(),
            Curve25519BatchPoint::Dalek(p) => Ristretto255::point_to_bytes(p),
        };
        let same = |batch: (&[BatchPoint], &[BatchPoint]),
                    points: (&[RistrettoPoint], &[RistrettoPoint])| {
            let batch: Vec<[u8; 32]> = batch.0.iter().chain(batch.1).map(encode).collect();
            let points: Vec<[u8; 32]> = points
                .0
                .iter()
                .chain(points.1)
                .map(Ristretto255::point_to_bytes)
                .collect();
            assert_eq!(batch, points);
        };
        assert_eq!(party_batch_share(5, 64).is_some(), direct);
        let vector = new_vector_gens();
        for j in [0, 5] {
            same(vector.party_batch_gens(j, 64), vector.party_gens(j, 64));
        }
        #[cfg(feature = "r1cs")]
        {
            let r1cs = crate::r1cs::generators::dalek();
            let batch = r1cs.batch_generators(2048).expect("a power of two");
            let chains = r1cs.chains(2048);
            same(
                batch.vector().party_batch_gens(0, 2048),
                (&chains.g[..2048], &chains.h[..2048]),
            );
        }
    }

    /// Caller-owned generators are the process-wide ones, point for point, in separate memory:
    /// a proof made with one verifies with the other (dalek and Tari alike).
    #[test]
    fn owned_generators_are_the_shared_ones_in_their_own_memory() {
        use crate::bulletproofs_plus::Statement;
        use crate::{RangeProof, RangeProofPlus};
        use merlin::Transcript;
        use rand::rngs::OsRng;

        let (owned, shared) = (owned_generators(), generators());
        assert!(!core::ptr::eq(owned.vector(), shared.vector()));
        for j in [0, 7, 63] {
            assert_eq!(
                owned.vector().party_gens(j, 64),
                shared.vector().party_gens(j, 64)
            );
        }
        let blinding = Ristretto255::random_scalar(&mut OsRng);
        let (proof, v) = RangeProof::prove_single(
            &owned,
            &mut Transcript::new(b"own"),
            9,
            &blinding,
            16,
            &mut OsRng,
        )
        .unwrap();
        proof
            .verify_single(
                shared,
                &mut Transcript::new(b"own"),
                &v.bytes,
                16,
                &mut OsRng,
            )
            .unwrap();

        let tari_owned = crate::deployments::tari::owned_generators();
        let statement = Statement {
            bits: 16,
            extension_degree: 1,
            minimum_values: None,
        };
        let (proof, v) = RangeProofPlus::prove(
            &tari_owned,
            &mut Transcript::new(b"own"),
            &statement,
            &[9],
            &[vec![blinding]],
            None,
            &mut OsRng,
        )
        .unwrap();
        let encoded: Vec<_> = v.iter().map(|c| c.bytes).collect();
        proof
            .verify(
                crate::deployments::tari::generators(),
                &mut Transcript::new(b"own"),
                &statement,
                &encoded,
                &mut OsRng,
            )
            .unwrap();
    }
}
