//! Tari's deployment of Bulletproofs+ (`tari_bulletproofs_plus` 0.5) on ristretto255: its
//! generators, transcript steps, seed nonces and wire layout.
//!
//! * The value base is the ristretto255 basepoint (Tari's `h_base`).
//! * The blinding bases (Tari's `g_base`, one per extension degree 1..6) are
//!   `FromUniformBytes(SHA3-512("RISTRETTO_MASKING_BASEPOINT_k"))` for k = 1, …, 6.
//! * The vector generators are the dalek chains (`SHAKE256("GeneratorsChain" ‖ "G"|"H" ‖
//!   u32le(party))`), exactly as in [`super::dalek`].

use crate::sync::OnceLock;
use alloc::format;

use curve25519_dalek::constants::RISTRETTO_BASEPOINT_POINT;
use curve25519_dalek::ristretto::RistrettoPoint;
use sha3::{Digest, Sha3_512};

use super::{BulletproofsPlusConvention, Deployment, Generators, NonceStep, StatementShape};
use crate::generators::{PedersenGens, RangeGens};
use crate::group::{Commitments, Group, Ristretto255};
use crate::transcript::TranscriptProtocol;
use crate::wire::{Element, Layout, Slot, MAX_LG_N};
use crate::ProofError;

/// The largest extension degree (blinding factors per commitment) Tari defines.
pub const MAX_EXTENSION_DEGREE: usize = 6;

/// Tari's Pedersen bases with all six masking basepoints; a proof of extension degree `d`
/// uses the first `d`.
pub fn pedersen_gens() -> PedersenGens<Ristretto255> {
    let blinding = (1..=MAX_EXTENSION_DEGREE)
        .map(|k| {
            let hash = Sha3_512::digest(format!("RISTRETTO_MASKING_BASEPOINT_{k}").as_bytes());
            let mut wide = [0u8; 64];
            wide.copy_from_slice(&hash);
            RistrettoPoint::from_uniform_bytes(&wide)
        })
        .collect();
    PedersenGens {
        b: RISTRETTO_BASEPOINT_POINT,
        blinding,
    }
}

/// The process-wide Tari generators; the vector generators are the dalek deployment's own
/// (derived once, on first use, for both).
pub fn generators() -> &'static Generators<Tari> {
    static GENS: OnceLock<Generators<Tari>> = OnceLock::new();
    GENS.get_or_init(|| Generators::new(pedersen_gens(), super::dalek::vector_gens()))
}

/// The Tari generators as a value the caller owns (see
/// [`super::dalek::owned_generators`]): the same points as [`generators`], freed on drop.
pub fn owned_generators() -> Generators<Tari> {
    Generators::new(pedersen_gens(), super::dalek::owned_vector_gens())
}

/// Tari's Bulletproofs+: ristretto255, merlin with the application's label, the bases in the
/// transcript, extension degrees 1–6, minimum values, seed nonces for mask recovery.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tari;

impl Deployment for Tari {
    type Group = Ristretto255;
    type Transcript = merlin::Transcript;
    const NAME: &'static str = "tari";
    const MAX_EXTENSION_DEGREE: usize = MAX_EXTENSION_DEGREE;
    const MINIMUM_VALUES: bool = true;

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

/// Its conventions are this crate's (the seal: `convention.rs`).
impl super::Sealed for Tari {}

impl BulletproofsPlusConvention for Tari {
    const LAYOUT: Layout = BULLETPROOFS_PLUS_LAYOUT;
    const HAS_SEED_NONCES: bool = true;

    /// The domain separator, the value base `H` and the blinding bases `G` in use (each checked
    /// non-identity), `N`, `T`, `M`, each commitment and each minimum value (0 when absent), as
    /// Tari absorbs them. The equation uses the commitments themselves.
    fn statement<G: Group, T: TranscriptProtocol<G>>(
        transcript: &mut T,
        gens: &RangeGens<G>,
        statement: StatementShape<'_>,
        commitments: &Commitments<G>,
    ) -> Result<Commitments<G>, ProofError> {
        let bases = gens.pedersen_encodings();
        transcript.append_domain_separator(b"Bulletproofs+ Range Proof");
        transcript.validate_and_append_point(b"H", &bases[0])?;
        for g in &bases[1..=statement.extension_degree] {
            transcript.validate_and_append_point(b"G", g)?;
        }
        transcript.append_u64(b"N", statement.bits as u64);
        transcript.append_u64(b"T", statement.extension_degree as u64);
        transcript.append_u64(b"M", commitments.len() as u64);
        for c in commitments.encodings() {
            transcript.append_point(b"Ci", &c);
        }
        for j in 0..commitments.len() {
            let minimum = statement.minimum_values.map_or(0, |m| m[j]);
            transcript.append_u64(b"vi - minimum_value", minimum);
        }
        Ok(commitments.clone())
    }

    fn seed_nonce<G: Group>(seed: &G::Scalar, step: NonceStep, k: usize) -> Option<G::Scalar> {
        Some(nonces::of_step::<G>(seed, step, k))
    }
}

/// Tari's layout: `d ‖ δ'_1..δ'_d ‖ A ‖ A_1 ‖ B' ‖ r_1 ‖ s_1 ‖ L_1 ‖ R_1 ‖ … ‖ L_k ‖ R_k`, one byte
/// for the extension degree d, at least one round.
pub(crate) const BULLETPROOFS_PLUS_LAYOUT: Layout = Layout {
    elements: &[
        Element::DegreeByte,
        Element::Answers,
        Element::Point(Slot::A),
        Element::Point(Slot::A1),
        Element::Point(Slot::B),
        Element::Scalar(Slot::R1),
        Element::Scalar(Slot::S1),
        Element::RoundPairs,
    ],
    min_rounds: 1,
    max_rounds: MAX_LG_N,
    max_degree: MAX_EXTENSION_DEGREE,
};

pub(crate) mod nonces {
    //! Tari's deterministic nonces for mask recovery.
    //!
    //! `nonce(seed, label, j, k)` is BLAKE2b-512 keyed with `0x00 ‖ seed ‖ ["j" ‖ u32le(j)] ‖
    //! ["k" ‖ u32le(k)]`, personalized with the label (at most 16 bytes), no salt, no message,
    //! reduced mod ℓ. The `blake2` crate does the hashing; only the key layout is ours.

    use alloc::vec::Vec;
    use blake2::digest::FixedOutput;
    use blake2::Blake2bMac512;
    use zeroize::Zeroizing;

    use crate::deployments::NonceStep;
    use crate::group::Group;

    /// The nonce labels Tari uses.
    pub(crate) const ALPHA: &str = "alpha";
    pub(crate) const D_L: &str = "dL";
    pub(crate) const D_R: &str = "dR";
    pub(crate) const DELTA: &str = "d";
    pub(crate) const ETA: &str = "eta";

    /// The nonce of one step of the protocol, for blinding factor `k`.
    pub(crate) fn of_step<G: Group>(seed: &G::Scalar, step: NonceStep, k: usize) -> G::Scalar {
        match step {
            NonceStep::Alpha => nonce::<G>(seed, ALPHA, None, Some(k)),
            NonceStep::RoundLeft(j) => nonce::<G>(seed, D_L, Some(j), Some(k)),
            NonceStep::RoundRight(j) => nonce::<G>(seed, D_R, Some(j), Some(k)),
            NonceStep::Delta => nonce::<G>(seed, DELTA, None, Some(k)),
            NonceStep::Eta => nonce::<G>(seed, ETA, None, Some(k)),
        }
    }

    /// `nonce(seed, label, j, k)`.
    pub(crate) fn nonce<G: Group>(
        seed: &G::Scalar,
        label: &'static str,
        j: Option<usize>,
        k: Option<usize>,
    ) -> G::Scalar {
        let mut key = Zeroizing::new(Vec::with_capacity(43));
        key.push(0u8);
        key.extend_from_slice(G::scalar_to_bytes(seed).as_ref());
        if let Some(j) = j {
            key.push(b'j');
            key.extend_from_slice(&(j as u32).to_le_bytes());
        }
        if let Some(k) = k {
            key.push(b'k');
            key.extend_from_slice(&(k as u32).to_le_bytes());
        }
        // Keys of at most 43 bytes and labels of at most 16 are always accepted.
        let hasher = Blake2bMac512::new_with_salt_and_personal(&key, &[], label.as_bytes())
            .expect("key and personalization lengths are within BLAKE2b's limits");
        let mut wide = Zeroizing::new([0u8; 64]);
        wide.copy_from_slice(&hasher.finalize_fixed());
        G::scalar_from_bytes_wide(&wide)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::Group;
    use tari_bulletproofs_plus::generators::pedersen_gens::ExtensionDegree;
    use tari_bulletproofs_plus::ristretto::create_pedersen_gens_with_extension_degree;

    #[test]
    fn matches_tari_pedersen_bases() {
        let ours = pedersen_gens();
        let theirs = create_pedersen_gens_with_extension_degree(ExtensionDegree::AddFiveBasePoints);
        assert_eq!(
            Ristretto255::point_to_bytes(&ours.b),
            theirs.h_base_compressed.to_bytes()
        );
        assert_eq!(ours.blinding.len(), theirs.g_base_compressed_vec.len());
        for (a, b) in ours.blinding.iter().zip(&theirs.g_base_compressed_vec) {
            assert_eq!(Ristretto255::point_to_bytes(a), b.to_bytes());
        }
    }
}
