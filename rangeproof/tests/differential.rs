//! Differential tests against the deployed verifiers: for every convention we claim to be
//! compatible with, take a few valid proofs (made once per run, by our prover and by the
//! peer's), mutate the proof bytes and/or the commitments, and check that OUR accept/reject
//! decision equals the PEER's:
//!
//! * dalek Bulletproofs (ristretto255) against `bulletproofs` 5.0;
//! * Tari Bulletproofs+ (ristretto255; extension degrees 1 to 3, with and without minimum
//!   values) against `tari_bulletproofs_plus` 0.5;
//! * Monero Bulletproofs+ and Monero original Bulletproofs (Ed25519) against monero-oxide's
//!   `monero-bulletproofs` 0.1.
//!
//! The mutations: a bit flip anywhere in the proof or in a commitment; one of the seven Ed25519
//! torsion points added to a point field or a commitment (Monero); non-canonical point encodings
//! (y ≥ p and negative zero for Ed25519; s ≥ p, negative s and the high bit for ristretto255);
//! scalars ≥ ℓ (the value + ℓ, or any encoding ≥ ℓ); the identity in a point field or as a
//! commitment; truncation; trailing bytes; two 32-byte fields swapped; L and R swapped; a round's
//! (L, R) dropped or repeated (Monero's counts adjusted); a structure byte (Tari's extension
//! degree, Monero's round counts) set to any value; commitments swapped, dropped or duplicated
//! (wrong m). A proptest case applies one or two of them; the `*_every_field` tests apply each
//! structural mutation to every field of every base proof.
//!
//! Every verdict of ours is also checked against our own [`BatchVerifier`]: the mutated proof,
//! batched after a valid one, must be blamed exactly when the single verifier rejects it.
//!
//! Deliberate differences are not skipped: each is named where it is handled, with explicit
//! assertions of what each side does (Monero's reader ignoring trailing bytes, in
//! [`monero_agree`] and [`monero_oxide_ignores_trailing_bytes_we_reject_them`]; aggregation of a
//! number of values that is not a power of two, in
//! [`non_power_of_two_aggregation_is_ours_only`]). The one real disagreement these tests found
//! (Monero proofs with identity prover messages, which Monero accepts and we rejected) is fixed
//! and pinned down by [`monero_valid_proofs_with_identity_points`]; such proofs are also among
//! the Monero base proofs.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use curve25519_dalek::edwards::CompressedEdwardsY;
use curve25519_dalek::{RistrettoPoint, Scalar};
use merlin::Transcript;
use proptest::prelude::*;
use rand::rngs::OsRng;
use rand::RngCore;
use rangeproof::bulletproofs_plus::Statement;
use rangeproof::deployments::monero::transcript::MoneroTranscript;
use rangeproof::deployments::{dalek, monero, tari};
use rangeproof::{BatchVerifier, Ed25519, Group, RangeProof, RangeProofPlus, Ristretto255};
use tari_bulletproofs_plus::commitment_opening::CommitmentOpening;
use tari_bulletproofs_plus::generators::pedersen_gens::ExtensionDegree;
use tari_bulletproofs_plus::range_parameters::RangeParameters;
use tari_bulletproofs_plus::range_proof::{RangeProof as TariProof, VerifyAction};
use tari_bulletproofs_plus::range_statement::RangeStatement;
use tari_bulletproofs_plus::range_witness::RangeWitness;
use tari_bulletproofs_plus::ristretto::create_pedersen_gens_with_extension_degree;

use crate::common;

const LABEL: &[u8] = b"differential";

// ---------------------------------------------------------------------------------------------
// Proof layouts
// ---------------------------------------------------------------------------------------------

/// Which group a convention's encodings belong to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Curve {
    Ristretto,
    Edwards,
}

impl Curve {
    /// The canonical encoding of the identity.
    fn identity(self) -> [u8; 32] {
        let mut bytes = [0u8; 32];
        if self == Curve::Edwards {
            bytes[0] = 1; // (0, 1)
        }
        bytes
    }
}

/// Where the 32-byte fields of one valid proof are: its points, its scalars, and each round's
/// (L, R) pair (offsets in bytes).
#[derive(Clone, Debug)]
struct Layout {
    points: Vec<usize>,
    scalars: Vec<usize>,
    pairs: Vec<(usize, usize)>,
    /// Single structure bytes: Tari's extension degree; Monero's two round counts.
    counts: Vec<usize>,
}

impl Layout {
    fn fields(&self) -> Vec<usize> {
        let mut all: Vec<usize> = self.points.iter().chain(&self.scalars).copied().collect();
        all.sort_unstable();
        all
    }

    /// dalek: `A ‖ S ‖ T1 ‖ T2 ‖ t_x ‖ t_x_blinding ‖ e_blinding ‖ (L ‖ R)* ‖ a ‖ b`.
    fn dalek(len: usize) -> Layout {
        let rounds = (len / 32 - 9) / 2;
        let pairs: Vec<(usize, usize)> =
            (0..rounds).map(|r| (224 + 64 * r, 256 + 64 * r)).collect();
        let mut points = vec![0, 32, 64, 96];
        points.extend(pairs.iter().flat_map(|&(l, r)| [l, r]));
        Layout {
            points,
            scalars: vec![128, 160, 192, len - 64, len - 32],
            pairs,
            counts: vec![],
        }
    }

    /// Tari: `d ‖ δ'_1..δ'_d ‖ A ‖ A1 ‖ B ‖ r1 ‖ s1 ‖ (L ‖ R)*`.
    fn tari(len: usize, d: usize) -> Layout {
        let word = |i: usize| 1 + 32 * i;
        let rounds = ((len - 1) / 32 - d - 5) / 2;
        let pairs: Vec<(usize, usize)> = (0..rounds)
            .map(|r| (word(d + 5 + 2 * r), word(d + 6 + 2 * r)))
            .collect();
        let mut points = vec![word(d), word(d + 1), word(d + 2)];
        points.extend(pairs.iter().flat_map(|&(l, r)| [l, r]));
        let mut scalars: Vec<usize> = (0..d).map(word).collect();
        scalars.extend([word(d + 3), word(d + 4)]);
        Layout {
            points,
            scalars,
            pairs,
            counts: vec![0],
        }
    }

    /// Monero BP+: `A ‖ A1 ‖ B ‖ r1 ‖ s1 ‖ d1 ‖ k ‖ L.. ‖ k ‖ R..` (k a one-byte varint).
    fn monero_plus(rounds: usize) -> Layout {
        let pairs: Vec<(usize, usize)> = (0..rounds)
            .map(|j| (193 + 32 * j, 194 + 32 * (rounds + j)))
            .collect();
        let mut points = vec![0, 32, 64];
        points.extend(pairs.iter().flat_map(|&(l, r)| [l, r]));
        Layout {
            points,
            scalars: vec![96, 128, 160],
            pairs,
            counts: vec![192, 193 + 32 * rounds],
        }
    }

    /// Monero BP: `A ‖ S ‖ T1 ‖ T2 ‖ taux ‖ mu ‖ k ‖ L.. ‖ k ‖ R.. ‖ a ‖ b ‖ t`.
    fn monero_original(rounds: usize) -> Layout {
        let pairs: Vec<(usize, usize)> = (0..rounds)
            .map(|j| (193 + 32 * j, 194 + 32 * (rounds + j)))
            .collect();
        let mut points = vec![0, 32, 64, 96];
        points.extend(pairs.iter().flat_map(|&(l, r)| [l, r]));
        let tail = 194 + 64 * rounds;
        Layout {
            points,
            scalars: vec![128, 160, tail, tail + 32, tail + 64],
            pairs,
            counts: vec![192, 193 + 32 * rounds],
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Encodings the mutations use
// ---------------------------------------------------------------------------------------------

/// p = 2^255 - 19, little-endian.
const P: [u8; 32] = {
    let mut p = [0xffu8; 32];
    p[0] = 0xed;
    p[31] = 0x7f;
    p
};

/// The seven non-trivial Ed25519 torsion points (canonical encodings), as in
/// `rangeproof/src/group/ed25519.rs` and vectors/monero-crates-bpplus-ed25519.json.
const TORSION: [&str; 7] = [
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
    "0000000000000000000000000000000000000000000000000000000000000000",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
    "0000000000000000000000000000000000000000000000000000000000000080",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
];

fn torsion_points() -> &'static [curve25519_dalek::EdwardsPoint; 7] {
    static POINTS: OnceLock<[curve25519_dalek::EdwardsPoint; 7]> = OnceLock::new();
    POINTS.get_or_init(|| {
        let points = TORSION.map(|h| {
            let bytes: [u8; 32] = hex::decode(h).unwrap().try_into().unwrap();
            Ed25519::point_from_bytes(&bytes).expect("a canonical curve point")
        });
        for (i, t) in points.iter().enumerate() {
            assert!(!Ed25519::is_identity(t), "torsion point {i}");
            assert!(
                Ed25519::is_identity(&t.mul_by_cofactor()),
                "8 T = 0, point {i}"
            );
            assert!(points[..i].iter().all(|u| u != t), "distinct, point {i}");
        }
        points
    })
}

/// `p + y` (with the sign bit `sign`): a non-canonical encoding of the field element y, which
/// fits in 255 bits exactly when y < 19.
fn y_plus_p(y: u8, sign: bool) -> [u8; 32] {
    assert!(y < 19);
    let mut bytes = P;
    bytes[0] += y;
    if sign {
        bytes[31] |= 0x80;
    }
    bytes
}

/// Ed25519 encodings that `curve25519-dalek` decompresses but that are not canonical, as
/// Monero's `ge_frombytes_vartime` (and monero-oxide) reject them: y ≥ p (y + p for the y < 19
/// on the curve, either sign) and "negative zero" (x = 0 with the sign bit set: the identity
/// (0, 1) and the point (0, -1)).
fn edwards_non_canonical() -> &'static [[u8; 32]] {
    static LIST: OnceLock<Vec<[u8; 32]>> = OnceLock::new();
    LIST.get_or_init(|| {
        let mut list = Vec::new();
        for y in 0..19u8 {
            for sign in [false, true] {
                let bytes = y_plus_p(y, sign);
                if CompressedEdwardsY(bytes).decompress().is_some() {
                    list.push(bytes);
                }
            }
        }
        assert!(
            list.len() >= 4,
            "y = p and y = p + 1 at least: {}",
            list.len()
        );
        let mut negative_zero = Curve::Edwards.identity();
        negative_zero[31] |= 0x80;
        list.push(negative_zero);
        let mut minus_one = P; // y = p - 1 = -1: the point (0, -1), with the sign bit set
        minus_one[0] -= 1;
        minus_one[31] |= 0x80;
        list.push(minus_one);
        for bytes in &list {
            assert!(
                CompressedEdwardsY(*bytes).decompress().is_some(),
                "dalek alone accepts it"
            );
            assert_eq!(Ed25519::point_from_bytes(bytes), None, "we do not");
        }
        list
    })
}

/// `p - s` as 32-byte little-endian integers (s ≤ p).
fn p_minus(s: &[u8; 32]) -> [u8; 32] {
    let mut out = [0u8; 32];
    let mut borrow = 0i16;
    for i in 0..32 {
        let d = P[i] as i16 - s[i] as i16 - borrow;
        out[i] = d.rem_euclid(256) as u8;
        borrow = (d < 0) as i16;
    }
    out
}

/// A non-canonical encoding for a point field currently holding `current`, chosen by `which`.
fn non_canonical_point(curve: Curve, current: &[u8; 32], which: usize) -> [u8; 32] {
    match curve {
        Curve::Edwards => {
            let list = edwards_non_canonical();
            list[which % list.len()]
        }
        Curve::Ristretto => match which % 12 {
            // Negative s: p - s is odd for any canonical (even) s.
            0 => p_minus(current),
            // s ≥ 2^255.
            1 => {
                let mut bytes = *current;
                bytes[31] |= 0x80;
                bytes
            }
            // s + p for even s < 19 (s = 0: the identity's encoding plus p).
            k => y_plus_p(2 * (k as u8 - 2), false),
        },
    }
}

/// A scalar encoding ≥ ℓ for a field currently holding `current`.
fn non_canonical_scalar(current: &[u8; 32], how: usize, random: [u8; 32]) -> [u8; 32] {
    match how % 3 {
        // The same value + ℓ, where that fits (as Monero's and the reference's tests do).
        0 => {
            let mut bytes = *current;
            if common::add_l(&mut bytes) {
                bytes
            } else {
                common::L
            }
        }
        // ℓ + small.
        1 => {
            let mut bytes = common::L;
            bytes[0] = bytes[0].wrapping_add(random[0] % 16); // 0xed + < 16: no carry
            bytes
        }
        // Anything with a top byte above ℓ's (≥ 2^252 + 2^248 > ℓ).
        _ => {
            let mut bytes = random;
            bytes[31] = bytes[31].max(0x11);
            bytes
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------------

/// Indices are reduced modulo what they index at application time.
#[derive(Clone, Debug)]
enum Mutation {
    FlipProofBit {
        pos: usize,
        bit: u8,
    },
    FlipCommitmentBit {
        index: usize,
        pos: usize,
        bit: u8,
    },
    /// Monero only: a torsion point added to a proof point (`slot` < points) or a commitment.
    Torsion {
        slot: usize,
        torsion: usize,
    },
    NonCanonicalPoint {
        slot: usize,
        which: usize,
    },
    NonCanonicalScalar {
        field: usize,
        how: usize,
        random: [u8; 32],
    },
    Identity {
        slot: usize,
    },
    Truncate {
        keep: usize,
    },
    Trailing {
        bytes: Vec<u8>,
    },
    SwapFields {
        a: usize,
        b: usize,
    },
    SwapLR {
        round: usize,
    },
    /// A structure byte (Tari's extension degree, a Monero round count) set to `value`.
    SetCount {
        which: usize,
        value: u8,
    },
    /// One round's (L, R) removed or repeated, with Monero's counts adjusted to match.
    DropRound {
        round: usize,
    },
    DuplicateRound {
        round: usize,
    },
    SwapCommitments {
        a: usize,
        b: usize,
    },
    DropCommitment {
        index: usize,
    },
    DuplicateCommitment {
        index: usize,
    },
}

fn mutation(torsion: bool) -> impl Strategy<Value = Mutation> {
    let idx = || 0usize..1 << 16;
    let bit = || 0u8..8;
    prop_oneof![
        6 => (idx(), bit()).prop_map(|(pos, bit)| Mutation::FlipProofBit { pos, bit }),
        2 => (idx(), 0usize..32, bit())
            .prop_map(|(index, pos, bit)| Mutation::FlipCommitmentBit { index, pos, bit }),
        // Torsion exists on Ed25519 only: ristretto255 gets more bit flips instead.
        4 => (idx(), 0usize..7).prop_map(move |(slot, t)| if torsion {
            Mutation::Torsion { slot, torsion: t }
        } else {
            Mutation::FlipProofBit { pos: slot, bit: t as u8 }
        }),
        3 => (idx(), idx()).prop_map(|(slot, which)| Mutation::NonCanonicalPoint { slot, which }),
        3 => (idx(), 0usize..3, any::<[u8; 32]>())
            .prop_map(|(field, how, random)| Mutation::NonCanonicalScalar { field, how, random }),
        2 => idx().prop_map(|slot| Mutation::Identity { slot }),
        2 => idx().prop_map(|keep| Mutation::Truncate { keep }),
        2 => proptest::collection::vec(any::<u8>(), 1..=64)
            .prop_map(|bytes| Mutation::Trailing { bytes }),
        2 => (idx(), idx()).prop_map(|(a, b)| Mutation::SwapFields { a, b }),
        1 => idx().prop_map(|round| Mutation::SwapLR { round }),
        1 => (idx(), any::<u8>()).prop_map(|(which, value)| Mutation::SetCount { which, value }),
        1 => idx().prop_map(|round| Mutation::DropRound { round }),
        1 => idx().prop_map(|round| Mutation::DuplicateRound { round }),
        1 => (idx(), idx()).prop_map(|(a, b)| Mutation::SwapCommitments { a, b }),
        1 => idx().prop_map(|index| Mutation::DropCommitment { index }),
        1 => idx().prop_map(|index| Mutation::DuplicateCommitment { index }),
    ]
}

fn mutations(torsion: bool) -> impl Strategy<Value = Vec<Mutation>> {
    proptest::collection::vec(mutation(torsion), 1..=2)
}

/// A statement and proof under test: proof bytes, commitments, and (Tari) one minimum value per
/// commitment, which moves with its commitment.
#[derive(Clone, Debug)]
struct Case {
    proof: Vec<u8>,
    commitments: Vec<[u8; 32]>,
    minimums: Vec<u64>,
}

fn field(bytes: &[u8], at: usize) -> Option<[u8; 32]> {
    bytes.get(at..at + 32).map(|f| f.try_into().unwrap())
}

fn set_field(bytes: &mut [u8], at: usize, value: &[u8; 32]) {
    if let Some(f) = bytes.get_mut(at..at + 32) {
        f.copy_from_slice(value);
    }
}

/// Applies `m` to `case`, whose unmutated proof has `layout`. Offsets beyond a (truncated)
/// proof are left alone.
fn apply(case: &mut Case, m: &Mutation, layout: &Layout, curve: Curve) {
    let commitments = case.commitments.len();
    let points = layout.points.len();
    // A point slot: a proof point, or a commitment.
    let slot_get = |case: &Case, slot: usize| -> Option<[u8; 32]> {
        let slot = slot % (points + commitments);
        if slot < points {
            field(&case.proof, layout.points[slot])
        } else {
            Some(case.commitments[slot - points])
        }
    };
    let slot_set = |case: &mut Case, slot: usize, value: &[u8; 32]| {
        let slot = slot % (points + commitments);
        if slot < points {
            set_field(&mut case.proof, layout.points[slot], value);
        } else {
            case.commitments[slot - points] = *value;
        }
    };
    match m {
        Mutation::FlipProofBit { pos, bit } => {
            if !case.proof.is_empty() {
                let len = case.proof.len();
                case.proof[pos % len] ^= 1 << bit;
            }
        }
        Mutation::FlipCommitmentBit { index, pos, bit } => {
            if commitments > 0 {
                case.commitments[index % commitments][*pos] ^= 1 << bit;
            }
        }
        Mutation::Torsion { slot, torsion } => {
            if let Some(current) = slot_get(case, *slot) {
                // Only canonical points: a previous mutation may have broken this one.
                if let Some(p) = Ed25519::point_from_bytes(&current) {
                    let moved = Ed25519::point_to_bytes(&(p + torsion_points()[*torsion]));
                    slot_set(case, *slot, &moved);
                }
            }
        }
        Mutation::NonCanonicalPoint { slot, which } => {
            if let Some(current) = slot_get(case, *slot) {
                slot_set(case, *slot, &non_canonical_point(curve, &current, *which));
            }
        }
        Mutation::NonCanonicalScalar {
            field: f,
            how,
            random,
        } => {
            let at = layout.scalars[f % layout.scalars.len()];
            if let Some(current) = field(&case.proof, at) {
                set_field(
                    &mut case.proof,
                    at,
                    &non_canonical_scalar(&current, *how, *random),
                );
            }
        }
        Mutation::Identity { slot } => {
            if slot_get(case, *slot).is_some() {
                slot_set(case, *slot, &curve.identity());
            }
        }
        Mutation::Truncate { keep } => {
            let len = case.proof.len();
            if len > 0 {
                // Favour the interesting cuts: one byte, one field, one pair less.
                let keep = match keep % 4 {
                    0 => len - 1,
                    1 => len.saturating_sub(32),
                    2 => len.saturating_sub(64),
                    _ => (keep / 4) % len,
                };
                case.proof.truncate(keep);
            }
        }
        Mutation::Trailing { bytes } => case.proof.extend_from_slice(bytes),
        Mutation::SwapFields { a, b } => {
            let fields = layout.fields();
            let (a, b) = (fields[a % fields.len()], fields[b % fields.len()]);
            if let (Some(x), Some(y)) = (field(&case.proof, a), field(&case.proof, b)) {
                set_field(&mut case.proof, a, &y);
                set_field(&mut case.proof, b, &x);
            }
        }
        Mutation::SwapLR { round } => {
            let (l, r) = layout.pairs[round % layout.pairs.len()];
            if let (Some(x), Some(y)) = (field(&case.proof, l), field(&case.proof, r)) {
                set_field(&mut case.proof, l, &y);
                set_field(&mut case.proof, r, &x);
            }
        }
        Mutation::SetCount { which, value } => {
            if !layout.counts.is_empty() {
                let at = layout.counts[which % layout.counts.len()];
                if let Some(byte) = case.proof.get_mut(at) {
                    *byte = *value;
                }
            }
        }
        Mutation::DropRound { round } | Mutation::DuplicateRound { round } => {
            let drop = matches!(m, Mutation::DropRound { .. });
            change_rounds(&mut case.proof, layout, round % layout.pairs.len(), drop);
        }
        Mutation::SwapCommitments { a, b } => {
            if commitments > 0 {
                case.commitments.swap(a % commitments, b % commitments);
                case.minimums.swap(a % commitments, b % commitments);
            }
        }
        Mutation::DropCommitment { index } => {
            if commitments > 0 {
                case.commitments.remove(index % commitments);
                case.minimums.remove(index % commitments);
            }
        }
        Mutation::DuplicateCommitment { index } => {
            if commitments > 0 {
                let j = index % commitments;
                case.commitments.insert(j + 1, case.commitments[j]);
                case.minimums.insert(j + 1, case.minimums[j]);
            }
        }
    }
}

/// Removes (`drop`) or repeats round `j`'s (L, R), keeping the layout well-formed: the pair is
/// contiguous in the dalek and Tari layouts; Monero's L's and R's are two counted lists.
/// Leaves a proof that no longer has its original length alone.
fn change_rounds(proof: &mut Vec<u8>, layout: &Layout, j: usize, drop: bool) {
    let rounds = layout.pairs.len();
    let (l, r) = layout.pairs[j];
    if layout.counts.len() == 2 {
        // Monero: fixed ‖ k ‖ L.. ‖ k ‖ R.. ‖ tail.
        let tail_at = 194 + 64 * rounds;
        if proof.len() < tail_at {
            return;
        }
        let lists = |first: usize| -> Vec<[u8; 32]> {
            (0..rounds)
                .map(|i| field(proof, first + 32 * i).unwrap())
                .collect()
        };
        let (mut ls, mut rs) = (lists(193), lists(194 + 32 * rounds));
        if drop {
            ls.remove(j);
            rs.remove(j);
        } else {
            ls.insert(j, ls[j]);
            rs.insert(j, rs[j]);
        }
        let mut out = proof[..192].to_vec();
        for list in [&ls, &rs] {
            out.push(list.len() as u8);
            out.extend(list.iter().flatten());
        }
        out.extend_from_slice(&proof[tail_at..]);
        *proof = out;
    } else {
        assert_eq!(r, l + 32);
        if proof.len() < l + 64 {
            return;
        }
        if drop {
            proof.drain(l..l + 64);
        } else {
            let pair = proof[l..l + 64].to_vec();
            proof.splice(l + 64..l + 64, pair);
        }
    }
}

/// A torsion point added after proving: both sides must reject, always.
fn is_lone_torsion(ms: &[Mutation]) -> bool {
    matches!(ms, [Mutation::Torsion { .. }])
}

// ---------------------------------------------------------------------------------------------
// dalek Bulletproofs vs `bulletproofs` 5.0
// ---------------------------------------------------------------------------------------------

struct DalekBase {
    n: usize,
    case: Case,
}

fn reference_gens() -> &'static (bulletproofs::BulletproofGens, bulletproofs::PedersenGens) {
    static GENS: OnceLock<(bulletproofs::BulletproofGens, bulletproofs::PedersenGens)> =
        OnceLock::new();
    GENS.get_or_init(|| {
        (
            bulletproofs::BulletproofGens::new(64, 16),
            bulletproofs::PedersenGens::default(),
        )
    })
}

fn dalek_bases() -> &'static [DalekBase] {
    static BASES: OnceLock<Vec<DalekBase>> = OnceLock::new();
    BASES.get_or_init(|| {
        let ours = |n: usize, values: &[u64], zero_blinding: bool| {
            let blindings: Vec<Scalar> = (0..values.len())
                .map(|j| {
                    if zero_blinding && j == 0 {
                        Scalar::ZERO
                    } else {
                        Ristretto255::random_scalar(&mut OsRng)
                    }
                })
                .collect();
            let (proof, commitments) = RangeProof::prove_multiple(
                dalek::generators(),
                &mut Transcript::new(LABEL),
                values,
                &blindings,
                n,
                &mut OsRng,
            )
            .unwrap();
            DalekBase {
                n,
                case: Case {
                    proof: proof.to_bytes(),
                    commitments: commitments.iter().map(|c| c.bytes).collect(),
                    minimums: vec![0; values.len()],
                },
            }
        };
        let theirs = |n: usize, values: &[u64]| {
            let (bp_gens, pc_gens) = reference_gens();
            let blindings: Vec<curve25519_dalek_v4::Scalar> = values
                .iter()
                .map(|_| {
                    let mut wide = [0u8; 64];
                    OsRng.fill_bytes(&mut wide);
                    curve25519_dalek_v4::Scalar::from_bytes_mod_order_wide(&wide)
                })
                .collect();
            let (proof, commitments) = bulletproofs::RangeProof::prove_multiple(
                bp_gens,
                pc_gens,
                &mut Transcript::new(LABEL),
                values,
                &blindings,
                n,
            )
            .unwrap();
            DalekBase {
                n,
                case: Case {
                    proof: proof.to_bytes(),
                    commitments: commitments.iter().map(|c| c.to_bytes()).collect(),
                    minimums: vec![0; values.len()],
                },
            }
        };
        let bases = vec![
            ours(8, &[0], false),
            ours(8, &[255, 17], false),
            // Value 0 with blinding 0: the identity as a commitment, which both accept.
            ours(8, &[0, 200], true),
            ours(16, &[65535], false),
            theirs(8, &[1, 254]),
            theirs(8, &[128]),
        ];
        for (i, b) in bases.iter().enumerate() {
            assert!(dalek_ours(b.n, &b.case), "base {i}: ours");
            assert!(dalek_peer(b.n, &b.case), "base {i}: reference");
        }
        bases
    })
}

/// Our verdict, with the batch verifier checked against it.
fn dalek_ours(n: usize, case: &Case) -> bool {
    let gens = dalek::generators();
    let Ok(proof) = RangeProof::<Ristretto255>::from_bytes(&case.proof) else {
        return false;
    };
    let verdict = proof
        .verify_multiple(
            gens,
            &mut Transcript::new(LABEL),
            &case.commitments,
            n,
            &mut OsRng,
        )
        .is_ok();
    let valid = &dalek_valid_for_batch();
    let mut batch = BatchVerifier::new();
    batch.add_bulletproof(
        gens,
        &valid.0,
        &mut Transcript::new(LABEL),
        &valid.1,
        8,
        &mut OsRng,
    );
    batch.add_bulletproof(
        gens,
        &proof,
        &mut Transcript::new(LABEL),
        &case.commitments,
        n,
        &mut OsRng,
    );
    check_batch(batch.verify(), verdict);
    verdict
}

fn check_batch(result: Result<(), rangeproof::BatchError>, verdict: bool) {
    match result {
        Ok(()) => assert!(
            verdict,
            "the batch accepts what the single verifier rejects"
        ),
        Err(e) => {
            assert!(
                !verdict,
                "the batch rejects what the single verifier accepts"
            );
            assert_eq!(e.invalid, vec![1], "the batch blames the wrong proofs");
        }
    }
}

type ValidRistretto = (RangeProof<Ristretto255>, Vec<[u8; 32]>);

fn dalek_valid_for_batch() -> Arc<ValidRistretto> {
    static VALID: OnceLock<Arc<ValidRistretto>> = OnceLock::new();
    VALID
        .get_or_init(|| {
            let (proof, commitments) = RangeProof::prove_multiple(
                dalek::generators(),
                &mut Transcript::new(LABEL),
                &[42],
                &[Ristretto255::random_scalar(&mut OsRng)],
                8,
                &mut OsRng,
            )
            .unwrap();
            Arc::new((proof, commitments.iter().map(|c| c.bytes).collect()))
        })
        .clone()
}

fn dalek_peer(n: usize, case: &Case) -> bool {
    let (bp_gens, pc_gens) = reference_gens();
    let Ok(proof) = bulletproofs::RangeProof::from_bytes(&case.proof) else {
        return false;
    };
    let commitments: Vec<curve25519_dalek_v4::ristretto::CompressedRistretto> = case
        .commitments
        .iter()
        .map(|c| curve25519_dalek_v4::ristretto::CompressedRistretto(*c))
        .collect();
    proof
        .verify_multiple(
            bp_gens,
            pc_gens,
            &mut Transcript::new(LABEL),
            &commitments,
            n,
        )
        .is_ok()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn dalek_agrees_with_the_reference(base in 0usize..6, ms in mutations(false)) {
        let base = &dalek_bases()[base];
        let layout = Layout::dalek(base.case.proof.len());
        let mut case = base.case.clone();
        for m in &ms {
            apply(&mut case, m, &layout, Curve::Ristretto);
        }
        let ours = dalek_ours(base.n, &case);
        let theirs = dalek_peer(base.n, &case);
        prop_assert_eq!(ours, theirs, "ours vs bulletproofs 5.0 on {:?}", ms);
    }
}

// ---------------------------------------------------------------------------------------------
// Tari Bulletproofs+ vs `tari_bulletproofs_plus` 0.5
// ---------------------------------------------------------------------------------------------

struct TariBase {
    n: usize,
    d: usize,
    with_minimums: bool,
    case: Case,
}

/// Tari's parameters for (n, m, d), built once each (they hold generator tables).
fn tari_params(n: usize, m: usize, d: usize) -> RangeParameters<RistrettoPoint> {
    type Cache = Mutex<HashMap<(usize, usize, usize), RangeParameters<RistrettoPoint>>>;
    static PARAMS: OnceLock<Cache> = OnceLock::new();
    let mut cache = PARAMS.get_or_init(Default::default).lock().unwrap();
    cache
        .entry((n, m, d))
        .or_insert_with(|| {
            RangeParameters::init(
                n,
                m,
                create_pedersen_gens_with_extension_degree(ExtensionDegree::try_from(d).unwrap()),
            )
            .unwrap()
        })
        .clone()
}

fn tari_bases() -> &'static [TariBase] {
    static BASES: OnceLock<Vec<TariBase>> = OnceLock::new();
    BASES.get_or_init(|| {
        let gens = tari::generators();
        let blindings = |m: usize, d: usize, zero_first: bool| -> Vec<Vec<Scalar>> {
            (0..m)
                .map(|j| {
                    (0..d)
                        .map(|_| {
                            if zero_first && j == 0 {
                                Scalar::ZERO
                            } else {
                                Ristretto255::random_scalar(&mut OsRng)
                            }
                        })
                        .collect()
                })
                .collect()
        };
        let ours = |n: usize, d: usize, values: &[u64], minimums: Option<&[u64]>, zero: bool| {
            let statement = Statement {
                bits: n,
                extension_degree: d,
                minimum_values: minimums,
            };
            let (proof, commitments) = RangeProofPlus::prove(
                gens,
                &mut Transcript::new(LABEL),
                &statement,
                values,
                &blindings(values.len(), d, zero),
                None,
                &mut OsRng,
            )
            .unwrap();
            TariBase {
                n,
                d,
                with_minimums: minimums.is_some(),
                case: Case {
                    proof: proof.to_bytes(),
                    commitments: commitments.iter().map(|c| c.bytes).collect(),
                    minimums: minimums.map_or(vec![0; values.len()], <[u64]>::to_vec),
                },
            }
        };
        let theirs = |n: usize, d: usize, values: &[u64], minimums: &[u64]| {
            let blindings = blindings(values.len(), d, false);
            let points: Vec<RistrettoPoint> = values
                .iter()
                .zip(&blindings)
                .map(|(v, r)| {
                    gens.pedersen()
                        .commit_extended(Scalar::from(*v), r)
                        .unwrap()
                })
                .collect();
            let openings: Vec<CommitmentOpening> = values
                .iter()
                .zip(blindings)
                .map(|(v, r)| CommitmentOpening::new(*v, r))
                .collect();
            let statement = RangeStatement::init(
                tari_params(n, values.len(), d),
                points.clone(),
                minimums.iter().map(|m| Some(*m)).collect(),
                None,
            )
            .unwrap();
            let proof = TariProof::prove(
                &mut tari_merlin::Transcript::new(LABEL),
                &statement,
                &RangeWitness::init(openings).unwrap(),
            )
            .unwrap();
            TariBase {
                n,
                d,
                with_minimums: true,
                case: Case {
                    proof: proof.to_bytes(),
                    commitments: points.iter().map(Ristretto255::point_to_bytes).collect(),
                    minimums: minimums.to_vec(),
                },
            }
        };
        let bases = vec![
            ours(8, 1, &[0], None, false),
            // Minimum values at the edges: the value equal to its minimum, and 2^n - 1.
            ours(8, 2, &[3, 255], Some(&[3, 0]), false),
            ours(8, 3, &[255], Some(&[200]), false),
            // The identity as a commitment (value 0, every blinding 0).
            ours(8, 1, &[0, 77], None, true),
            ours(16, 1, &[1, 65535], Some(&[1, 65535]), false),
            theirs(8, 2, &[10, 255], &[10, 255]),
            theirs(8, 1, &[0], &[0]),
        ];
        for (i, b) in bases.iter().enumerate() {
            assert!(tari_ours(b, &b.case), "base {i}: ours");
            assert!(tari_peer(b, &b.case), "base {i}: Tari");
        }
        bases
    })
}

fn tari_ours(base: &TariBase, case: &Case) -> bool {
    let gens = tari::generators();
    let statement = Statement {
        bits: base.n,
        extension_degree: base.d,
        minimum_values: base.with_minimums.then_some(&case.minimums[..]),
    };
    let Ok(proof) = RangeProofPlus::<Ristretto255>::from_bytes(&case.proof) else {
        return false;
    };
    let verdict = proof
        .verify(
            gens,
            &mut Transcript::new(LABEL),
            &statement,
            &case.commitments,
            &mut OsRng,
        )
        .is_ok();
    // In a batch after a valid Bulletproof (of the dalek flavor: batches mix schemes).
    let valid = dalek_valid_for_batch();
    let mut batch = BatchVerifier::new();
    batch.add_bulletproof(
        dalek::generators(),
        &valid.0,
        &mut Transcript::new(LABEL),
        &valid.1,
        8,
        &mut OsRng,
    );
    batch.add_bulletproof_plus(
        gens,
        &proof,
        &mut Transcript::new(LABEL),
        &statement,
        &case.commitments,
        &mut OsRng,
    );
    check_batch(batch.verify(), verdict);
    verdict
}

fn tari_peer(base: &TariBase, case: &Case) -> bool {
    let Ok(proof) = TariProof::<RistrettoPoint>::from_bytes(&case.proof) else {
        return false;
    };
    // Tari's statements hold points: an undecodable commitment is refused before.
    let Some(points) = case
        .commitments
        .iter()
        .map(|c| curve25519_dalek::ristretto::CompressedRistretto(*c).decompress())
        .collect::<Option<Vec<RistrettoPoint>>>()
    else {
        return false;
    };
    let promises = case
        .minimums
        .iter()
        .map(|m| base.with_minimums.then_some(*m))
        .collect();
    let m = points.len().max(1).next_power_of_two();
    let Ok(statement) =
        RangeStatement::init(tari_params(base.n, m, base.d), points, promises, None)
    else {
        return false;
    };
    TariProof::verify_batch(
        &mut [tari_merlin::Transcript::new(LABEL)],
        &[statement],
        &[proof],
        VerifyAction::VerifyOnly,
    )
    .is_ok()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn tari_agrees_with_tari(base in 0usize..7, ms in mutations(false)) {
        let base = &tari_bases()[base];
        let layout = Layout::tari(base.case.proof.len(), base.d);
        let mut case = base.case.clone();
        for m in &ms {
            apply(&mut case, m, &layout, Curve::Ristretto);
        }
        let ours = tari_ours(base, &case);
        let theirs = tari_peer(base, &case);
        prop_assert_eq!(ours, theirs, "ours vs tari_bulletproofs_plus 0.5 on {:?}", ms);
    }
}

// ---------------------------------------------------------------------------------------------
// Monero Bulletproofs+ and original Bulletproofs vs monero-oxide's `monero-bulletproofs` 0.1
// ---------------------------------------------------------------------------------------------

const MONERO_STATEMENT: Statement<'static> = Statement {
    bits: 64,
    extension_degree: 1,
    minimum_values: None,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MoneroKind {
    Plus,
    Original,
}

fn monero_layout(kind: MoneroKind, proof: &[u8]) -> Layout {
    let rounds = proof[192] as usize;
    match kind {
        MoneroKind::Plus => Layout::monero_plus(rounds),
        MoneroKind::Original => Layout::monero_original(rounds),
    }
}

fn their_commitment(mask: &Scalar, value: u64) -> monero_ed25519::Commitment {
    monero_ed25519::Commitment::new(
        monero_ed25519::Scalar::from(
            curve25519_dalek_v4::Scalar::from_canonical_bytes(mask.to_bytes()).unwrap(),
        ),
        value,
    )
}

fn monero_bases(kind: MoneroKind) -> &'static [Case] {
    static PLUS: OnceLock<Vec<Case>> = OnceLock::new();
    static ORIGINAL: OnceLock<Vec<Case>> = OnceLock::new();
    let cell = match kind {
        MoneroKind::Plus => &PLUS,
        MoneroKind::Original => &ORIGINAL,
    };
    cell.get_or_init(|| {
        let masks = |m: usize, zero_first: bool| -> Vec<Scalar> {
            (0..m)
                .map(|j| {
                    if zero_first && j == 0 {
                        Scalar::ZERO
                    } else {
                        Ed25519::random_scalar(&mut OsRng)
                    }
                })
                .collect()
        };
        let ours = |values: &[u64], zero: bool| {
            let masks = masks(values.len(), zero);
            let (bytes, commitments) = match kind {
                MoneroKind::Plus => {
                    let masks: Vec<[Scalar; 1]> = masks.iter().map(|m| [*m]).collect();
                    let (proof, commitments) = RangeProofPlus::prove(
                        monero::bulletproofs_plus_generators(),
                        &mut MoneroTranscript::bulletproofs_plus(),
                        &MONERO_STATEMENT,
                        values,
                        &masks,
                        None,
                        &mut OsRng,
                    )
                    .unwrap();
                    (proof.to_monero_bytes().unwrap(), commitments)
                }
                MoneroKind::Original => {
                    let (proof, commitments) = RangeProof::prove_multiple(
                        monero::bulletproofs_generators(),
                        &mut MoneroTranscript::bulletproofs(),
                        values,
                        &masks,
                        64,
                        &mut OsRng,
                    )
                    .unwrap();
                    (proof.to_monero_bytes().unwrap(), commitments)
                }
            };
            Case {
                proof: bytes,
                commitments: commitments.iter().map(|c| c.bytes).collect(),
                minimums: vec![0; values.len()],
            }
        };
        // monero-oxide's prover; with `ZeroRng` its nonces are all zero, which makes some prover
        // messages the identity (see `monero_valid_proofs_with_identity_points`).
        let theirs = |values: &[u64], zero_nonces: bool| {
            let openings: Vec<monero_ed25519::Commitment> = values
                .iter()
                .zip(masks(values.len(), false))
                .map(|(v, mask)| their_commitment(&mask, *v))
                .collect();
            let commitments = openings
                .iter()
                .map(|c| c.commit().compress().to_bytes())
                .collect();
            let proof = match (kind, zero_nonces) {
                (MoneroKind::Plus, false) => {
                    monero_bulletproofs::Bulletproof::prove_plus(&mut OsRng, openings)
                }
                (MoneroKind::Plus, true) => {
                    monero_bulletproofs::Bulletproof::prove_plus(&mut ZeroRng, openings)
                }
                (MoneroKind::Original, false) => {
                    monero_bulletproofs::Bulletproof::prove(&mut OsRng, openings)
                }
                (MoneroKind::Original, true) => {
                    monero_bulletproofs::Bulletproof::prove(&mut ZeroRng, openings)
                }
            }
            .unwrap();
            Case {
                proof: proof.serialize(),
                commitments,
                minimums: vec![0; values.len()],
            }
        };
        let bases = vec![
            ours(&[0], false),
            ours(&[u64::MAX, 12345], false),
            // Value 0, mask 0: the identity as a commitment, which both accept.
            ours(&[0, 1], true),
            theirs(&[u64::MAX], false),
            theirs(&[7, 0], false),
            // Valid, with identity prover messages (BP+: A1, B; BP: S, T1, T2).
            theirs(&[3, 4], true),
        ];
        for (i, b) in bases.iter().enumerate() {
            assert!(monero_ours(kind, b), "{kind:?} base {i}: ours");
            assert_eq!(
                monero_peer(kind, b),
                (true, 0),
                "{kind:?} base {i}: monero-oxide"
            );
        }
        bases
    })
}

type ValidEd25519 = (RangeProofPlus<Ed25519>, Vec<[u8; 32]>);

fn monero_valid_for_batch() -> &'static ValidEd25519 {
    static VALID: OnceLock<ValidEd25519> = OnceLock::new();
    VALID.get_or_init(|| {
        let (proof, commitments) = RangeProofPlus::prove(
            monero::bulletproofs_plus_generators(),
            &mut MoneroTranscript::bulletproofs_plus(),
            &MONERO_STATEMENT,
            &[9],
            &[[Ed25519::random_scalar(&mut OsRng)]],
            None,
            &mut OsRng,
        )
        .unwrap();
        (proof, commitments.iter().map(|c| c.bytes).collect())
    })
}

fn monero_ours(kind: MoneroKind, case: &Case) -> bool {
    let valid = monero_valid_for_batch();
    let mut batch = BatchVerifier::new();
    batch.add_bulletproof_plus(
        monero::bulletproofs_plus_generators(),
        &valid.0,
        &mut MoneroTranscript::bulletproofs_plus(),
        &MONERO_STATEMENT,
        &valid.1,
        &mut OsRng,
    );
    let verdict = match kind {
        MoneroKind::Plus => {
            let gens = monero::bulletproofs_plus_generators();
            let Ok(proof) = RangeProofPlus::<Ed25519>::from_monero_bytes(&case.proof) else {
                return false;
            };
            batch.add_bulletproof_plus(
                gens,
                &proof,
                &mut MoneroTranscript::bulletproofs_plus(),
                &MONERO_STATEMENT,
                &case.commitments,
                &mut OsRng,
            );
            proof
                .verify(
                    gens,
                    &mut MoneroTranscript::bulletproofs_plus(),
                    &MONERO_STATEMENT,
                    &case.commitments,
                    &mut OsRng,
                )
                .is_ok()
        }
        MoneroKind::Original => {
            let gens = monero::bulletproofs_generators();
            let Ok(proof) = RangeProof::<Ed25519>::from_monero_bytes(&case.proof) else {
                return false;
            };
            batch.add_bulletproof(
                gens,
                &proof,
                &mut MoneroTranscript::bulletproofs(),
                &case.commitments,
                64,
                &mut OsRng,
            );
            proof
                .verify_multiple(
                    gens,
                    &mut MoneroTranscript::bulletproofs(),
                    &case.commitments,
                    64,
                    &mut OsRng,
                )
                .is_ok()
        }
    };
    check_batch(batch.verify(), verdict);
    verdict
}

/// monero-oxide's verdict, and how many bytes its reader left unread (it reads from a stream).
fn monero_peer(kind: MoneroKind, case: &Case) -> (bool, usize) {
    let mut reader = &case.proof[..];
    let read = match kind {
        MoneroKind::Plus => monero_bulletproofs::Bulletproof::read_plus(&mut reader),
        MoneroKind::Original => monero_bulletproofs::Bulletproof::read(&mut reader),
    };
    let Ok(proof) = read else {
        return (false, 0);
    };
    let unread = reader.len();
    let commitments: Vec<monero_ed25519::CompressedPoint> = case
        .commitments
        .iter()
        .map(|c| monero_ed25519::CompressedPoint::from(*c))
        .collect();
    (proof.verify(&mut OsRng, &commitments), unread)
}

/// Our verdict equals monero-oxide's, but for one deliberate difference.
///
/// DELIBERATE DIFFERENCE (trailing bytes): monero-oxide's `Bulletproof::read` / `read_plus`
/// read one proof from a stream and stop, leaving whatever follows unread (in a transaction,
/// the next field). Our `from_monero_bytes` decodes one proof *as a whole byte string* and
/// rejects bytes after it (`InvalidLength`), so that one proof has one encoding. When the peer
/// left bytes unread we assert exactly that: we reject the whole input, and on the prefix the
/// peer consumed we decide as the peer did.
fn monero_agree(kind: MoneroKind, case: &Case, ms: &[Mutation]) {
    let ours = monero_ours(kind, case);
    let (theirs, unread) = monero_peer(kind, case);
    if unread > 0 {
        assert!(!ours, "{kind:?}: we accepted trailing bytes after {ms:?}");
        let consumed = Case {
            proof: case.proof[..case.proof.len() - unread].to_vec(),
            ..case.clone()
        };
        assert_eq!(
            monero_ours(kind, &consumed),
            theirs,
            "{kind:?}: ours vs monero-oxide on the bytes it consumed, after {ms:?}"
        );
    } else {
        assert_eq!(ours, theirs, "{kind:?}: ours vs monero-oxide after {ms:?}");
    }
    if is_lone_torsion(ms) {
        assert!(
            !ours && !theirs,
            "{kind:?}: torsion added after proving, {ms:?}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn monero_bulletproofs_plus_agree_with_monero_oxide(base in 0usize..6, ms in mutations(true)) {
        let base = &monero_bases(MoneroKind::Plus)[base];
        let layout = monero_layout(MoneroKind::Plus, &base.proof);
        let mut case = base.clone();
        for m in &ms {
            apply(&mut case, m, &layout, Curve::Edwards);
        }
        monero_agree(MoneroKind::Plus, &case, &ms);
    }

    #[test]
    fn monero_original_bulletproofs_agree_with_monero_oxide(
        base in 0usize..6,
        ms in mutations(true),
    ) {
        let base = &monero_bases(MoneroKind::Original)[base];
        let layout = monero_layout(MoneroKind::Original, &base.proof);
        let mut case = base.clone();
        for m in &ms {
            apply(&mut case, m, &layout, Curve::Edwards);
        }
        monero_agree(MoneroKind::Original, &case, &ms);
    }
}

// ---------------------------------------------------------------------------------------------
// Exhaustive passes over the mutations every field must survive (cheap, deterministic)
// ---------------------------------------------------------------------------------------------

/// Every torsion point on every point field and commitment, for both Monero proof systems: both
/// sides reject, always (the transcript hashed the original bytes).
#[test]
fn monero_torsion_on_every_point_is_rejected_by_both() {
    for kind in [MoneroKind::Plus, MoneroKind::Original] {
        let base = &monero_bases(kind)[1];
        let layout = monero_layout(kind, &base.proof);
        let slots = layout.points.len() + base.commitments.len();
        for slot in 0..slots {
            for torsion in 0..7 {
                let ms = [Mutation::Torsion { slot, torsion }];
                let mut case = base.clone();
                apply(&mut case, &ms[0], &layout, Curve::Edwards);
                assert!(
                    case.proof != base.proof || case.commitments != base.commitments,
                    "{kind:?}: torsion slot {slot} changed nothing"
                );
                monero_agree(kind, &case, &ms);
            }
        }
    }
}

/// Every point slot (proof points and commitments) set to the identity and to each
/// non-canonical encoding; every scalar set to each kind of encoding ≥ ℓ; every (L, R) pair
/// swapped; the usual cuts and tails. `agree` asserts the verdicts are equal.
fn every_field(base: &Case, layout: &Layout, curve: Curve, agree: &dyn Fn(&Case, &[Mutation])) {
    let slots = layout.points.len() + base.commitments.len();
    let variants = match curve {
        Curve::Edwards => edwards_non_canonical().len(),
        Curve::Ristretto => 12,
    };
    let mut all = Vec::new();
    for slot in 0..slots {
        all.push(Mutation::Identity { slot });
        for which in 0..variants {
            all.push(Mutation::NonCanonicalPoint { slot, which });
        }
    }
    for f in 0..layout.scalars.len() {
        for how in 0..3 {
            all.push(Mutation::NonCanonicalScalar {
                field: f,
                how,
                random: [0xa5; 32],
            });
        }
    }
    for round in 0..layout.pairs.len() {
        all.push(Mutation::SwapLR { round });
        all.push(Mutation::DropRound { round });
        all.push(Mutation::DuplicateRound { round });
    }
    for which in 0..layout.counts.len() {
        for value in (0..=12).chain([0x7f, 0x80, 0x81, 0xff]) {
            all.push(Mutation::SetCount { which, value });
        }
    }
    for keep in 0..3 {
        all.push(Mutation::Truncate { keep });
    }
    for n in [1, 31, 32, 64] {
        all.push(Mutation::Trailing { bytes: vec![0; n] });
    }
    all.push(Mutation::SwapCommitments { a: 0, b: 1 });
    all.push(Mutation::DropCommitment { index: 0 });
    all.push(Mutation::DuplicateCommitment { index: 1 });
    for m in all {
        let mut case = base.clone();
        apply(&mut case, &m, layout, curve);
        agree(&case, std::slice::from_ref(&m));
    }
}

#[test]
fn dalek_every_field() {
    for base in dalek_bases() {
        let layout = Layout::dalek(base.case.proof.len());
        every_field(&base.case, &layout, Curve::Ristretto, &|case, ms| {
            assert_eq!(
                dalek_ours(base.n, case),
                dalek_peer(base.n, case),
                "ours vs bulletproofs 5.0 on {ms:?}"
            );
        });
    }
}

#[test]
fn tari_every_field() {
    for base in tari_bases() {
        let layout = Layout::tari(base.case.proof.len(), base.d);
        every_field(&base.case, &layout, Curve::Ristretto, &|case, ms| {
            assert_eq!(
                tari_ours(base, case),
                tari_peer(base, case),
                "ours vs tari_bulletproofs_plus 0.5 on {ms:?}"
            );
        });
    }
}

#[test]
fn monero_every_field() {
    for kind in [MoneroKind::Plus, MoneroKind::Original] {
        for base in monero_bases(kind) {
            let layout = monero_layout(kind, &base.proof);
            every_field(base, &layout, Curve::Edwards, &|case, ms| {
                monero_agree(kind, case, ms)
            });
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Deliberate differences, asserted side by side
// ---------------------------------------------------------------------------------------------

/// DELIBERATE DIFFERENCE (Monero, trailing bytes). monero-oxide reads a proof from a stream and
/// leaves what follows unread, so a valid proof followed by anything still reads and verifies;
/// we decode a proof from exactly its bytes and reject anything after it.
#[test]
fn monero_oxide_ignores_trailing_bytes_we_reject_them() {
    for kind in [MoneroKind::Plus, MoneroKind::Original] {
        let base = &monero_bases(kind)[0];
        for tail in [vec![0u8], vec![0xff; 32], base.proof.clone()] {
            let mut longer = base.clone();
            longer.proof.extend_from_slice(&tail);
            assert_eq!(
                monero_peer(kind, &longer),
                (true, tail.len()),
                "{kind:?}: monero-oxide reads the proof, leaves the tail, and accepts"
            );
            let decoded = match kind {
                MoneroKind::Plus => {
                    RangeProofPlus::<Ed25519>::from_monero_bytes(&longer.proof).map(|_| ())
                }
                MoneroKind::Original => {
                    RangeProof::<Ed25519>::from_monero_bytes(&longer.proof).map(|_| ())
                }
            };
            assert_eq!(
                decoded,
                Err(rangeproof::ProofError::Decode(
                    rangeproof::DecodeError::InvalidLength(longer.proof.len())
                )),
                "{kind:?}: we refuse the trailing bytes"
            );
            assert!(!monero_ours(kind, &longer));
        }
    }
}

/// DELIBERATE DIFFERENCE (dalek and Tari, m not a power of two). The reference and Tari accept
/// only powers of two for the number of commitments; we also prove and verify other m, padding
/// as Monero does (identity commitments, neither sent nor hashed; the transcript binds the real
/// m). For powers of two the formats and transcripts are theirs exactly.
#[test]
fn non_power_of_two_aggregation_is_ours_only() {
    let values = [1u64, 2, 255];
    // dalek.
    let blindings: Vec<Scalar> = values
        .iter()
        .map(|_| Ristretto255::random_scalar(&mut OsRng))
        .collect();
    let (proof, commitments) = RangeProof::prove_multiple(
        dalek::generators(),
        &mut Transcript::new(LABEL),
        &values,
        &blindings,
        8,
        &mut OsRng,
    )
    .unwrap();
    let case = Case {
        proof: proof.to_bytes(),
        commitments: commitments.iter().map(|c| c.bytes).collect(),
        minimums: vec![0; 3],
    };
    assert!(dalek_ours(8, &case), "we verify m = 3");
    assert!(!dalek_peer(8, &case), "the reference refuses m = 3");
    let (bp_gens, pc_gens) = reference_gens();
    let their_blindings: Vec<curve25519_dalek_v4::Scalar> = blindings
        .iter()
        .map(|b| curve25519_dalek_v4::Scalar::from_canonical_bytes(b.to_bytes()).unwrap())
        .collect();
    assert_eq!(
        bulletproofs::RangeProof::prove_multiple(
            bp_gens,
            pc_gens,
            &mut Transcript::new(LABEL),
            &values,
            &their_blindings,
            8,
        )
        .unwrap_err(),
        bulletproofs::ProofError::InvalidAggregation,
        "the reference does not prove m = 3"
    );

    // Tari.
    let statement = Statement {
        bits: 8,
        extension_degree: 1,
        minimum_values: None,
    };
    let blindings: Vec<[Scalar; 1]> = values
        .iter()
        .map(|_| [Ristretto255::random_scalar(&mut OsRng)])
        .collect();
    let (proof, commitments) = RangeProofPlus::prove(
        tari::generators(),
        &mut Transcript::new(LABEL),
        &statement,
        &values,
        &blindings,
        None,
        &mut OsRng,
    )
    .unwrap();
    let base = TariBase {
        n: 8,
        d: 1,
        with_minimums: false,
        case: Case {
            proof: proof.to_bytes(),
            commitments: commitments.iter().map(|c| c.bytes).collect(),
            minimums: vec![0; 3],
        },
    };
    assert!(tari_ours(&base, &base.case), "we verify m = 3");
    assert!(!tari_peer(&base, &base.case), "Tari refuses m = 3");
    let points: Vec<RistrettoPoint> = commitments.iter().map(|c| c.point().unwrap()).collect();
    assert!(
        RangeStatement::init(tari_params(8, 4, 1), points, vec![None; 3], None).is_err(),
        "Tari's statements refuse m = 3"
    );
}

// ---------------------------------------------------------------------------------------------
// Valid Monero proofs with identity prover messages (a fixed disagreement)
// ---------------------------------------------------------------------------------------------

/// An RNG that returns zeros: monero-oxide's prover draws its blinding nonces from it, so they
/// are all zero. Such a prover is dishonest about zero knowledge, not about soundness: the
/// proofs are valid, and Monero accepts them.
struct ZeroRng;

impl rand_core::RngCore for ZeroRng {
    fn next_u32(&mut self) -> u32 {
        0
    }
    fn next_u64(&mut self) -> u64 {
        0
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        dest.fill(0);
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand_core::Error> {
        dest.fill(0);
        Ok(())
    }
}

impl rand_core::CryptoRng for ZeroRng {}

/// A valid Monero proof whose prover messages include the identity: both must accept it.
///
/// monero-oxide's prover with all-zero nonces publishes the identity for Bulletproofs+' `A1` and
/// `B` (r = s = δ = η = 0) and for original Bulletproofs' `S`, `T1` and `T2`
/// (s_L = s_R = ρ = τ_1 = τ_2 = 0). The proofs are valid: monero-oxide accepts them, and so does
/// Monero's C++ verifier (`bulletproof_plus_VERIFY` / `bulletproof_VERIFY` in
/// `src/ringct/bulletproofs{_plus}.cc` check scalar ranges, sizes and non-zero challenges, but
/// have no identity check, and `ge_frombytes_vartime` decodes the identity).
///
/// This was a real disagreement: before commit 65b489f this test failed with our verdict
/// `Err(IdentityPoint)` against monero-oxide's `true`, because `validate_and_append_point`
/// refused the identity for every flavor, Monero's transcript included. (For dalek and Tari
/// that is the peers' own rule, and stays.) Monero's transcript now absorbs the identity like
/// any point.
#[test]
fn monero_valid_proofs_with_identity_points() {
    let masks: Vec<Scalar> = (0..2).map(|_| Ed25519::random_scalar(&mut OsRng)).collect();
    let values = [5u64, u64::MAX];
    for kind in [MoneroKind::Plus, MoneroKind::Original] {
        let openings: Vec<monero_ed25519::Commitment> = values
            .iter()
            .zip(&masks)
            .map(|(v, mask)| their_commitment(mask, *v))
            .collect();
        let commitments: Vec<[u8; 32]> = openings
            .iter()
            .map(|c| c.commit().compress().to_bytes())
            .collect();
        let proof = match kind {
            MoneroKind::Plus => {
                monero_bulletproofs::Bulletproof::prove_plus(&mut ZeroRng, openings)
            }
            MoneroKind::Original => monero_bulletproofs::Bulletproof::prove(&mut ZeroRng, openings),
        }
        .unwrap();
        let case = Case {
            proof: proof.serialize(),
            commitments,
            minimums: vec![0; 2],
        };
        let identity = Curve::Edwards.identity();
        let identity_fields: Vec<usize> = monero_layout(kind, &case.proof)
            .points
            .into_iter()
            .filter(|&at| field(&case.proof, at) == Some(identity))
            .collect();
        let expected: &[usize] = match kind {
            MoneroKind::Plus => &[32, 64],         // A1, B
            MoneroKind::Original => &[32, 64, 96], // S, T1, T2
        };
        assert_eq!(identity_fields, expected, "{kind:?}: the identity fields");
        assert_eq!(
            monero_peer(kind, &case),
            (true, 0),
            "{kind:?}: monero-oxide accepts"
        );
        let ours = match kind {
            MoneroKind::Plus => RangeProofPlus::<Ed25519>::from_monero_bytes(&case.proof)
                .unwrap()
                .verify(
                    monero::bulletproofs_plus_generators(),
                    &mut MoneroTranscript::bulletproofs_plus(),
                    &MONERO_STATEMENT,
                    &case.commitments,
                    &mut OsRng,
                ),
            MoneroKind::Original => RangeProof::<Ed25519>::from_monero_bytes(&case.proof)
                .unwrap()
                .verify_multiple(
                    monero::bulletproofs_generators(),
                    &mut MoneroTranscript::bulletproofs(),
                    &case.commitments,
                    64,
                    &mut OsRng,
                ),
        };
        assert_eq!(ours, Ok(()), "{kind:?}: we must accept what Monero accepts");
        // The batch verifier too (`monero_ours` checks it against the single verdict).
        assert!(
            monero_ours(kind, &case),
            "{kind:?}: ours, alone and batched"
        );
    }
}
