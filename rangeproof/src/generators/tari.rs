//! The generators of Tari's Bulletproofs+ (`tari_bulletproofs_plus` 0.5), on ristretto255.
//!
//! * The value base is the ristretto255 basepoint (Tari's `h_base`).
//! * The blinding bases (Tari's `g_base`, one per extension degree 1..6) are
//!   `FromUniformBytes(SHA3-512("RISTRETTO_MASKING_BASEPOINT_k"))` for k = 1, …, 6.
//! * The vector generators are the dalek chains (`SHAKE256("GeneratorsChain" ‖ "G"|"H" ‖
//!   u32le(party))`), exactly as in [`super::dalek`].

use std::sync::OnceLock;

use curve25519_dalek::constants::RISTRETTO_BASEPOINT_POINT;
use curve25519_dalek::ristretto::RistrettoPoint;
use sha3::{Digest, Sha3_512};

use super::{Generators, PedersenGens};
use crate::group::Ristretto255;

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

/// The process-wide Tari-flavor generators; the vector generators are the dalek flavor's own
/// (derived once, on first use, for both).
pub fn generators() -> &'static Generators<Ristretto255> {
    static GENS: OnceLock<Generators<Ristretto255>> = OnceLock::new();
    GENS.get_or_init(|| {
        Generators::new(
            "tari",
            super::Convention::Tari,
            pedersen_gens(),
            super::dalek::vector_gens(),
        )
    })
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
