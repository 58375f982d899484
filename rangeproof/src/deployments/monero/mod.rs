//! Monero's generators, on Ed25519 (`src/ringct/rctOps.cpp`, `bulletproofs*.cc`).
//!
//! * Commitments are \\(C = \gamma G + v H\\): the value base is Monero's \\(H\\) and the blinding
//!   base is the Ed25519 basepoint \\(G\\).
//! * The vector generators are \\(H_i = \mathrm{hash\\_to\\_p3}(\mathrm{Keccak}(H \Vert
//!   \mathtt{label} \Vert \mathrm{varint}(2i)))\\) and \\(G_i\\) likewise with \\(2i + 1\\), for
//!   \\(i < 64 \cdot 16\\), where the label is `"bulletproof_plus"` for Bulletproofs+ and
//!   `"bulletproof"` for the original Bulletproofs. An aggregated proof of \\(m'\\) (padded)
//!   values uses the first \\(64 m'\\); as party shares, party \\(j\\) owns
//!   \\(G_{64j}, \ldots, G_{64j+63}\\).
//!
//! Monero's hash-to-point map (`ge_fromfe_frombytes_vartime`, a single Elligator 2 application
//! followed by multiplication by 8) and the derivation come from monero-oxide's
//! `monero-bulletproofs-generators` and `monero-ed25519` crates; they are built on
//! `curve25519-dalek` 4, so points cross over by their canonical encodings.

use crate::ProofError;
use std::sync::{Arc, OnceLock};

use curve25519_dalek::constants::ED25519_BASEPOINT_POINT;
use curve25519_dalek::edwards::EdwardsPoint;

use super::cofactor::divided_by_cofactor;
use super::{
    BitLayout, BulletproofsConvention, BulletproofsPlusConvention, Deployment, Generators,
    StatementShape,
};
use crate::generators::{PedersenGens, RangeGens, VectorGens};
use crate::group::{Commitments, Ed25519, Group};
use crate::transcript::TranscriptProtocol;
use crate::wire::{Element, Layout, Slot};

pub mod transcript;

/// Monero proves 64-bit values only.
pub const MONERO_BITS: usize = 64;
/// Monero aggregates at most 16 values per proof.
pub const MONERO_MAX_AGGREGATION: usize = 16;

/// A `curve25519-dalek` 4 point from monero-oxide, as ours.
fn convert(p: curve25519_dalek_v4::EdwardsPoint) -> EdwardsPoint {
    Ed25519::point_from_bytes(&p.compress().to_bytes())
        .expect("monero-oxide yields canonical curve points")
}

/// Monero's Pedersen bases: value base \\(H\\), blinding base \\(G\\).
pub fn pedersen_gens() -> PedersenGens<Ed25519> {
    let h = Ed25519::point_from_bytes(&monero_ed25519::CompressedPoint::H.to_bytes())
        .expect("Monero's H is canonical");
    PedersenGens {
        b: h,
        blinding: vec![ED25519_BASEPOINT_POINT],
    }
}

/// All of Monero's `(G_i, H_i)` for one label, derived once.
fn all_vector_gens(label: &'static [u8]) -> (Vec<EdwardsPoint>, Vec<EdwardsPoint>) {
    let gens = monero_bulletproofs_generators::bulletproofs_generators(label);
    (
        gens.G.into_iter().map(convert).collect(),
        gens.H.into_iter().map(convert).collect(),
    )
}

macro_rules! monero_generators {
    ($fn_name:ident, $owned_name:ident, $share:ident, $all:ident, $label:literal, $deployment:ty) => {
        fn $all() -> &'static (Vec<EdwardsPoint>, Vec<EdwardsPoint>) {
            static ALL: OnceLock<(Vec<EdwardsPoint>, Vec<EdwardsPoint>)> = OnceLock::new();
            ALL.get_or_init(|| all_vector_gens($label))
        }

        fn $share(party: u32, capacity: usize) -> (Vec<EdwardsPoint>, Vec<EdwardsPoint>) {
            let (g, h) = $all();
            let start = party as usize * MONERO_BITS;
            (
                g[start..start + capacity].to_vec(),
                h[start..start + capacity].to_vec(),
            )
        }

        #[doc = concat!("The process-wide Monero generators (label `", stringify!($label), "`).")]
        pub fn $fn_name() -> &'static Generators<$deployment> {
            static GENS: OnceLock<Generators<$deployment>> = OnceLock::new();
            GENS.get_or_init(|| {
                let vector = Arc::new(VectorGens::new(MONERO_BITS, MONERO_MAX_AGGREGATION, $share));
                Generators::new(pedersen_gens(), vector)
            })
        }

        #[doc = concat!("The generators of [`", stringify!($fn_name), "`] as a value the caller owns: ")]
        /// the same points, derived for this instance on first use and freed when it is dropped
        /// (a C library's context object, a process that verifies this kind rarely).
        pub fn $owned_name() -> Generators<$deployment> {
            let all: Arc<OnceLock<(Vec<EdwardsPoint>, Vec<EdwardsPoint>)>> = Arc::default();
            let share = move |party: u32, capacity: usize| {
                let (g, h) = all.get_or_init(|| all_vector_gens($label));
                let start = party as usize * MONERO_BITS;
                (
                    g[start..start + capacity].to_vec(),
                    h[start..start + capacity].to_vec(),
                )
            };
            let vector = Arc::new(VectorGens::new(MONERO_BITS, MONERO_MAX_AGGREGATION, share));
            Generators::new(pedersen_gens(), vector)
        }

        impl Deployment for $deployment {
            type Group = Ed25519;
            type Transcript = transcript::MoneroTranscript;
            const NAME: &'static str = "monero";
            const COFACTOR_LOG2: u32 = MONERO_COFACTOR_LOG2;
            const BITS: &'static [usize] = &[MONERO_BITS];
            const MAX_VALUES: usize = MONERO_MAX_AGGREGATION;
            const TRANSCRIPT_LABEL: bool = false;

            /// Monero's hash chain, which takes no label.
            fn transcript(_label: &[u8]) -> transcript::MoneroTranscript {
                <$deployment>::start_transcript()
            }

            fn generators() -> &'static Generators<Self> {
                $fn_name()
            }

            fn owned_generators() -> Generators<Self> {
                $owned_name()
            }
        }
    };
}

monero_generators!(
    bulletproofs_plus_generators,
    owned_bulletproofs_plus_generators,
    plus_share,
    plus_all,
    b"bulletproof_plus",
    MoneroBulletproofsPlus
);
monero_generators!(
    bulletproofs_generators,
    owned_bulletproofs_generators,
    original_share,
    original_all,
    b"bulletproof",
    MoneroBulletproofs
);

/// Largest number of rounds Monero allows: 64 bits × 16 values.
const MONERO_MAX_ROUNDS: usize = 10;

/// Monero's serialization of an original Bulletproof in a transaction (`Bulletproof`, without
/// the pruned `V`): `A ‖ S ‖ T1 ‖ T2 ‖ taux ‖ mu ‖ varint(k) ‖ L.. ‖ varint(k) ‖ R.. ‖ a ‖ b ‖ t`.
pub(crate) const BULLETPROOFS_LAYOUT: Layout = Layout {
    elements: &[
        Element::Point(Slot::A),
        Element::Point(Slot::S),
        Element::Point(Slot::T1),
        Element::Point(Slot::T2),
        Element::Scalar(Slot::TXBlinding),
        Element::Scalar(Slot::EBlinding),
        Element::CountedL,
        Element::CountedR,
        Element::Scalar(Slot::IppA),
        Element::Scalar(Slot::IppB),
        Element::Scalar(Slot::TX),
    ],
    min_rounds: 1,
    max_rounds: MONERO_MAX_ROUNDS,
    max_degree: 1,
};

/// Monero's serialization of a Bulletproof+ (`BulletproofPlus`, without the pruned `V`):
/// `A ‖ A1 ‖ B ‖ r1 ‖ s1 ‖ d1 ‖ varint(k) ‖ L_1..L_k ‖ varint(k) ‖ R_1..R_k`.
pub(crate) const BULLETPROOFS_PLUS_LAYOUT: Layout = Layout {
    elements: &[
        Element::Point(Slot::A),
        Element::Point(Slot::A1),
        Element::Point(Slot::B),
        Element::Scalar(Slot::R1),
        Element::Scalar(Slot::S1),
        Element::Answers,
        Element::CountedL,
        Element::CountedR,
    ],
    min_rounds: 1,
    max_rounds: MONERO_MAX_ROUNDS,
    max_degree: 1,
};

/// Ed25519's cofactor 8, which Monero's provers divide their points by.
const MONERO_COFACTOR_LOG2: u32 = 3;

/// Monero's original Bulletproofs (RCT types 3–5): Ed25519, a Keccak hash chain, points
/// published times \\(8^{-1}\\), 64-bit values, at most 16 of them.
#[derive(Clone, Copy, Debug, Default)]
pub struct MoneroBulletproofs;

impl MoneroBulletproofs {
    fn start_transcript() -> transcript::MoneroTranscript {
        transcript::MoneroTranscript::bulletproofs()
    }
}

/// Its conventions are this crate's (the seal: `convention.rs`).
impl super::Sealed for MoneroBulletproofs {}

impl BulletproofsConvention for MoneroBulletproofs {
    const LAYOUT: Layout = BULLETPROOFS_LAYOUT;

    /// The chain starts at \\(H_s(V_0 \Vert \cdots)\\) with \\(V_j = 8^{-1} C_j\\) (no labels, n
    /// or m: Monero fixes n = 64).
    fn statement<G: Group, T: TranscriptProtocol<G>>(
        transcript: &mut T,
        _layout: &BitLayout,
        commitments: &Commitments<G>,
    ) -> Result<Commitments<G>, ProofError> {
        let v = divided_by_cofactor(commitments, MONERO_COFACTOR_LOG2)?;
        for p in &v {
            transcript.append_point(b"V", &p.bytes);
        }
        let _ = transcript.challenge_scalar(b"V");
        Ok(Commitments::Decoded(v))
    }

    /// \\(x = H_s(z \Vert z \Vert T_1 \Vert T_2)\\): \\(z\\) is absorbed again before \\(T_1\\).
    fn before_t<G: Group, T: TranscriptProtocol<G>>(transcript: &mut T, z: &G::Scalar) {
        transcript.append_scalar(b"z", z);
    }

    /// \\(x_{ip} = H_s(x \Vert x \Vert \tau_x \Vert \mu \Vert t)\\) plays the role of \\(w\\).
    fn scalars<G: Group, T: TranscriptProtocol<G>>(
        transcript: &mut T,
        x: &G::Scalar,
        t_x: &G::Scalar,
        t_x_blinding: &G::Scalar,
        e_blinding: &G::Scalar,
    ) {
        transcript.append_scalar(b"x", x);
        transcript.append_scalar(b"t_x_blinding", t_x_blinding);
        transcript.append_scalar(b"e_blinding", e_blinding);
        transcript.append_scalar(b"t_x", t_x);
    }
}

/// Monero's Bulletproofs+ (RCT type 6): Ed25519, a Keccak hash chain, points published times
/// \\(8^{-1}\\), 64-bit values, at most 16 of them.
#[derive(Clone, Copy, Debug, Default)]
pub struct MoneroBulletproofsPlus;

impl MoneroBulletproofsPlus {
    fn start_transcript() -> transcript::MoneroTranscript {
        transcript::MoneroTranscript::bulletproofs_plus()
    }
}

/// Its conventions are this crate's (the seal: `convention.rs`).
impl super::Sealed for MoneroBulletproofsPlus {}

impl BulletproofsPlusConvention for MoneroBulletproofsPlus {
    const LAYOUT: Layout = BULLETPROOFS_PLUS_LAYOUT;

    /// \\(V_j = 8^{-1} C_j\\), and the chain starts with
    /// \\(t = H_s(T_0 \Vert H_s(V_0 \Vert \cdots \Vert V_{m-1}))\\) (the transcript must start at
    /// \\(T_0\\): [`transcript::MoneroTranscript::bulletproofs_plus`]).
    fn statement<G: Group, T: TranscriptProtocol<G>>(
        transcript: &mut T,
        _gens: &RangeGens<G>,
        _shape: StatementShape<'_>,
        commitments: &Commitments<G>,
    ) -> Result<Commitments<G>, ProofError> {
        let v = divided_by_cofactor(commitments, MONERO_COFACTOR_LOG2)?;
        let v_bytes: Vec<u8> = v.iter().flat_map(|p| p.bytes.as_ref().to_vec()).collect();
        let inner = transcript::hash_to_scalar(&[&v_bytes]).to_bytes();
        transcript.append_bytes(b"V", &inner);
        let _ = transcript.challenge_scalar(b"t");
        Ok(Commitments::Decoded(v))
    }
}

#[cfg(test)]
mod tests {
    /// Owned generators are the process-wide points in memory of their own, for both Monero
    /// schemes (the same points: proofs made with either verify with the other).
    #[test]
    fn owned_generators_are_the_shared_points() {
        fn same<C: super::Deployment>(owned: super::Generators<C>, shared: &super::Generators<C>) {
            assert!(!core::ptr::eq(&owned, shared));
            assert_eq!(owned.pedersen().b, shared.pedersen().b);
            assert_eq!(owned.pedersen().blinding, shared.pedersen().blinding);
            assert_eq!(owned.party_capacity(), shared.party_capacity());
            for party in [0, 1, 7, 15] {
                assert_eq!(
                    owned.party_generators(party, 64),
                    shared.party_generators(party, 64)
                );
            }
            assert!(owned.party_generators(16, 64).is_err());
        }
        same(
            super::owned_bulletproofs_plus_generators(),
            super::bulletproofs_plus_generators(),
        );
        same(
            super::owned_bulletproofs_generators(),
            super::bulletproofs_generators(),
        );
    }

    use super::*;

    fn hex(p: &EdwardsPoint) -> String {
        hex::encode(Ed25519::point_to_bytes(p))
    }

    /// Checkpoints from `vectors/monero-crates-*-ed25519.json` (the shared Monero sets carry the same).
    #[test]
    fn match_monero_checkpoints() {
        let pc = pedersen_gens();
        assert_eq!(
            hex(&pc.b),
            "8b655970153799af2aeadc9ff1add0ea6c7251d54154cfa92c173a0dd39c1f94"
        );
        assert_eq!(
            hex(&pc.b_blinding()),
            "5866666666666666666666666666666666666666666666666666666666666666"
        );
        for (gens, hi0, gi0, hi1, gi1) in [
            (
                &**bulletproofs_plus_generators(),
                "48628df380a5016d25451aaa501731a11b72bf66dc41d81f719abd35ce92b0ed",
                "38c5d4db53aeb86f5a80def9be4953f2288ed5a44c66af723f463d0170829010",
                "110d2b61f8c7c10861c3e4ffe7774faba632af94854aa29538517aefe6a39e48",
                "8a6c817dabe90fdb50cc38677b23ffa7d64efeb00bbd53febe62e077de0db593",
            ),
            (
                &**bulletproofs_generators(),
                "42ba668a007d0fcd6fea4009de8a6437248f2d445230af004a89fd04279bc297",
                "0b48be50e49cad13fb3e014f3fa7d68baca7c8a91083dc9c59b379aaab218f15",
                "e5224ef871eeb87211511d2a5cb81eeaa160a8a5408eab5deaeb9d4558780947",
                "df01a5d63b3e3a38382afbd7bc685f343d6192da16ed4b451f15fddab170e22d",
            ),
        ] {
            let (g, h) = gens.vector().party_gens(0, 64);
            assert_eq!(
                (hex(&h[0]), hex(&g[0]), hex(&h[1]), hex(&g[1])),
                (hi0.into(), gi0.into(), hi1.into(), gi1.into())
            );
            assert_eq!(gens.party_capacity(), MONERO_MAX_AGGREGATION);
            // Every generator is in the prime-order subgroup, and the parties' shares are the
            // consecutive blocks of the flat list.
            let (g15, _) = gens.vector().party_gens(15, 64);
            assert!(g.iter().chain(g15).chain(h).all(|p| p.is_torsion_free()));
            assert_ne!(g15[0], g[0]);
        }
    }
}
