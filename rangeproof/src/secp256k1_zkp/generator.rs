//! secp256k1-zkp's `generator` module: the Pedersen bases \(G\) (blinding) and \(H\)
//! (value, `secp256k1_generator_const_h`), value generators in the `0a/0b` encoding
//! (`secp256k1_generator_parse`/`serialize`), and `secp256k1_generator_generate`: the sum of
//! the Shallue–van de Woestijne map (Fouque–Tibouchi, Latincrypt 2012) of
//! \(t_1 = \mathrm{SHA256}(\texttt{"1st generation: "} \Vert k)\) and of
//! \(t_2 = \mathrm{SHA256}(\texttt{"2nd generation: "} \Vert k)\). The Bulletproofs module
//! derives its vector generators with it; Confidential Assets' asset generators (and their
//! blinded forms \(A + r \cdot G\), [`generator_generate_blinded`]) are value generators. With
//! them: Pedersen commitments on any value generator ([`Commitment`], the `08/09` encoding), the
//! balance check of a transaction ([`commitments_balance`]) and the wallet's balancing blinding
//! factor for its last output ([`balancing_blinding_factor`]).

use crate::DecodeError;
use k256::elliptic_curve::ops::MulByGenerator as _;
use std::sync::OnceLock;

use k256::{FieldElement, ProjectivePoint, Scalar};
use sha2::{Digest, Sha256};

use crate::group::secp256k1::{
    affine_coordinates, decode_quadratic_prefixed, encode_quadratic_prefixed, field,
    field_from_bytes, hex32, lift_x_quadratic, point_from_affine,
};
use crate::ProofError;

/// `secp256k1_generator_const_h`: the value base \\(H\\) of Grin's commitments.
pub const H_X: [u8; 32] =
    hex32(b"50929b74c1a04954b78b4b6035e97a5e078a5a0f28ec96d547bfee9ace803ac0");
/// The ordinate of [`H_X`].
pub const H_Y: [u8; 32] =
    hex32(b"31d3c6863973926e049e637cb1b5f40a36dac28af1766968c30c2313f3a38904");

/// Prefix of a value generator whose \\(y\\) is a quadratic residue (`0b` otherwise).
pub const GENERATOR_PREFIX: u8 = 0x0a;

/// The blinding base \\(G\\) (secp256k1's base point).
pub fn g() -> ProjectivePoint {
    ProjectivePoint::GENERATOR
}

/// The value base \\(H\\) (`secp256k1_generator_const_h`).
pub fn h() -> ProjectivePoint {
    static H: OnceLock<ProjectivePoint> = OnceLock::new();
    *H.get_or_init(|| {
        let x = field::FieldElement::from_bytes(&H_X).expect("constant below p");
        let y = field::FieldElement::from_bytes(&H_Y).expect("constant below p");
        point_from_affine(&x, &y).expect("H is on the curve")
    })
}

/// A value generator: \\(H\\), or a Confidential-Assets asset generator, with its 33-byte
/// secp256k1-zkp encoding (`0a` if \\(y\\) is a quadratic residue, else `0b`, then \\(x\\)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValueGenerator {
    point: ProjectivePoint,
    encoding: [u8; 33],
    /// Whether \\(y\\) is odd: the SEC1-compressed form's prefix, which surjection proofs hash
    /// (kept so that no inversion is needed per use).
    odd_y: bool,
}

impl ValueGenerator {
    /// Grin's \\(H\\).
    pub fn h() -> Self {
        Self::from_point(h()).expect("H is not the identity")
    }

    /// Parses a 33-byte generator encoding (`secp256k1_generator_parse`): prefix `0a`/`0b`,
    /// \\(x < p\\) on the curve.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        let bytes: [u8; 33] = bytes
            .try_into()
            .map_err(|_| ProofError::Decode(DecodeError::InvalidLength(bytes.len())))?;
        let negate = match bytes[0] {
            GENERATOR_PREFIX => false,
            prefix if prefix == GENERATOR_PREFIX + 1 => true,
            _ => return Err(DecodeError::InvalidPoint.into()),
        };
        let x = field::FieldElement::from_slice(&bytes[1..]).ok_or(DecodeError::InvalidPoint)?;
        let (x, y) = lift_x_quadratic(&x).ok_or(DecodeError::InvalidPoint)?;
        let y = if negate { y.negate(1).normalize() } else { y };
        let point = point_from_affine(&x, &y).ok_or(DecodeError::InvalidPoint)?;
        Ok(ValueGenerator {
            point,
            encoding: bytes,
            odd_y: y.is_odd(),
        })
    }

    /// A generator from a point (`None` for the identity).
    pub fn from_point(point: ProjectivePoint) -> Option<Self> {
        let (_, y) = affine_coordinates(&point)?;
        let encoding = encode_quadratic_prefixed(&point, GENERATOR_PREFIX)?;
        Some(ValueGenerator {
            point,
            encoding,
            odd_y: bool::from(y.normalize().is_odd()),
        })
    }

    /// The SEC1-compressed form (`02`/`03` by the parity of \\(y\\), then \\(x\\)).
    pub fn to_compressed(&self) -> [u8; 33] {
        let mut out = self.encoding;
        out[0] = 2 + u8::from(self.odd_y);
        out
    }

    /// The point.
    pub fn point(&self) -> ProjectivePoint {
        self.point
    }

    /// The 33-byte encoding.
    pub fn to_bytes(&self) -> [u8; 33] {
        self.encoding
    }

    /// Whether this is \\(H\\).
    pub fn is_h(&self) -> bool {
        self.point == h()
    }

    /// The transcript form: the \\(x\\) coordinate and whether \\(y\\) is a non-residue.
    pub(crate) fn x_only(&self) -> ([u8; 32], bool) {
        let mut x = [0u8; 32];
        x.copy_from_slice(&self.encoding[1..]);
        (x, self.encoding[0] == GENERATOR_PREFIX + 1)
    }
}

/// The constants of the Shallue–van de Woestijne map for \\(y^2 = x^3 + 7\\):
/// \\(c = \sqrt{-3}\\) and \\(d = (c - 1)/2\\), as secp256k1-zkp fixes them.
pub(crate) const SVDW_C: [u8; 32] =
    hex32(b"0a2d2ba93507f1df233770c2a797962cc61f6d15da14ecd47d8d27ae1cd5f852");
pub(crate) const SVDW_D: [u8; 32] =
    hex32(b"851695d49a83f8ef919bb86153cbcb16630fb68aed0a766a3ec693d68e6afa40");

/// \\(x^3 + 7\\).
fn rhs(x: &FieldElement) -> FieldElement {
    (x.square() * x + FieldElement::from_u64(7)).normalize()
}

/// The Shallue–van de Woestijne map of secp256k1-zkp (`shallue_van_de_woestijne`): with
/// \\(w = ct/(1 + 7 + t^2)\\), the first of \\(x_1 = d - tw\\), \\(x_2 = -(x_1 + 1)\\),
/// \\(x_3 = 1 + 1/w^2\\) on the curve, with the residue square root, negated when \\(t\\) is odd.
/// Only public data passes through here, so inversions need not be constant-time.
fn shallue_van_de_woestijne(t: &FieldElement) -> (FieldElement, FieldElement) {
    let c = field_from_bytes(&SVDW_C).expect("constant below p");
    let d = field_from_bytes(&SVDW_D).expect("constant below p");
    let one = FieldElement::ONE;
    let wd = (t.square() + FieldElement::from_u64(8)).normalize();
    let w = (c * t * Option::<FieldElement>::from(wd.invert()).unwrap_or(FieldElement::ZERO))
        .normalize();
    let x1 = (d + (t * &w).negate(1)).normalize();
    let x2 = (x1 + one).negate(2).normalize();
    let w2_inv = Option::<FieldElement>::from(w.square().invert()).unwrap_or(FieldElement::ZERO);
    let x3 = (one + w2_inv).normalize();
    let (x, y) = [x1, x2, x3]
        .iter()
        .find_map(|x| Option::<FieldElement>::from(rhs(x).sqrt()).map(|y| (*x, y.normalize())))
        // x1 x2 x3 (x^3 + 7 for each) multiply to a square, so one of them is a square.
        .expect("one of the three candidates is on the curve");
    let y = if bool::from(t.normalize().is_odd()) {
        y.negate(1).normalize()
    } else {
        y
    };
    (x, y)
}

/// `secp256k1_generator_generate(key32)`, or `None` in the (probability \\(2^{-128}\\)) case
/// where a hash is not below \\(p\\) (the C code aborts there).
pub fn generator_generate(key: &[u8; 32]) -> Option<ProjectivePoint> {
    let mut sum = ProjectivePoint::IDENTITY;
    for prefix in [b"1st generation: ", b"2nd generation: "] {
        let t = field_from_bytes(
            &Sha256::new()
                .chain_update(prefix)
                .chain_update(key)
                .finalize(),
        )?;
        let (x, y) = shallue_van_de_woestijne(&t);
        sum += point_from_affine(&(&x).into(), &(&y).into())?;
    }
    Some(sum)
}

/// `secp256k1_generator_generate_blinded(key, blinding)`: the asset generator
/// \\(A + r \cdot G\\) of Confidential Assets, for the asset tag's generator \\(A\\)
/// ([`generator_generate`] of the 32-byte asset tag) and the asset blinding factor \\(r\\)
/// (constant-time in \\(r\\)). `None` where [`generator_generate`] has none, or for the
/// identity.
pub fn generator_generate_blinded(key: &[u8; 32], blinding: &Scalar) -> Option<ValueGenerator> {
    let tag = generator_generate(key)?;
    ValueGenerator::from_point(ProjectivePoint::mul_by_generator(blinding) + tag)
}

/// Prefix of a commitment whose \\(y\\) is a quadratic residue (`09` otherwise).
pub const COMMITMENT_PREFIX: u8 = 0x08;

/// A Pedersen commitment \\(r \cdot G + v \cdot A\\) on a value generator \\(A\\), with its
/// 33-byte secp256k1-zkp encoding (`08` if \\(y\\) is a quadratic residue, else `09`, then
/// \\(x\\): `secp256k1_pedersen_commitment_serialize`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Commitment {
    point: ProjectivePoint,
    encoding: [u8; 33],
}

impl Commitment {
    /// `secp256k1_pedersen_commit`: \\(r \cdot G + v \cdot A\\), constant-time in the opening.
    /// `None` if it is the identity (which has no encoding).
    pub fn new(value: u64, blinding: &Scalar, generator: &ValueGenerator) -> Option<Self> {
        let point =
            ProjectivePoint::mul_by_generator(blinding) + generator.point() * Scalar::from(value);
        Self::from_point(point)
    }

    /// Parses a 33-byte commitment (`secp256k1_pedersen_commitment_parse`): prefix `08`/`09`,
    /// \\(x < p\\) on the curve.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        let bytes: [u8; 33] = bytes
            .try_into()
            .map_err(|_| ProofError::Decode(DecodeError::InvalidLength(bytes.len())))?;
        let point = decode_quadratic_prefixed(&bytes, COMMITMENT_PREFIX)
            .ok_or(DecodeError::InvalidPoint)?;
        Ok(Commitment {
            point,
            encoding: bytes,
        })
    }

    /// A commitment from its point (`None` for the identity).
    pub fn from_point(point: ProjectivePoint) -> Option<Self> {
        let encoding = encode_quadratic_prefixed(&point, COMMITMENT_PREFIX)?;
        Some(Commitment { point, encoding })
    }

    /// The point.
    pub fn point(&self) -> ProjectivePoint {
        self.point
    }

    /// The 33-byte encoding.
    pub fn to_bytes(&self) -> [u8; 33] {
        self.encoding
    }
}

/// The 33-byte form the range proof hashes a point in (`secp256k1_rangeproof_serialize_point`):
/// one byte, 1 if \\(y\\) is not a quadratic residue, then \\(x\\) — a commitment's or a
/// generator's encoding with its prefix's low bit alone.
pub(crate) fn hashed_form(encoding: &[u8; 33]) -> [u8; 33] {
    let mut out = *encoding;
    out[0] &= 1;
    out
}

/// Whether the commitments of one side sum to those of the other
/// (`secp256k1_pedersen_verify_tally`): a transaction's inputs against its outputs, explicit
/// amounts such as the fee committed as `v·A` with a zero blinding factor. Variable-time
/// (public data).
pub fn commitments_balance(positive: &[Commitment], negative: &[Commitment]) -> bool {
    let sum = positive
        .iter()
        .map(Commitment::point)
        .sum::<ProjectivePoint>()
        - negative
            .iter()
            .map(Commitment::point)
            .sum::<ProjectivePoint>();
    sum == ProjectivePoint::IDENTITY
}

/// What a wallet knows of one of its commitments \\(r \cdot G + v \cdot (A + r_A \cdot G)\\):
/// the value, the value blinding factor \\(r\\) and the asset blinding factor \\(r_A\\).
#[derive(Clone, Debug, zeroize::Zeroize, zeroize::ZeroizeOnDrop)]
pub struct CommitmentSecrets {
    /// The amount.
    pub value: u64,
    /// The value blinding factor.
    pub value_blinding: Scalar,
    /// The asset (generator) blinding factor.
    pub generator_blinding: Scalar,
}

/// The value blinding factor that balances a transaction's last output
/// (`secp256k1_pedersen_blind_generator_blind_sum`, as wallets call it for the last output):
/// with the inputs' and the other outputs' secrets, and the last output's value and asset
/// blinding factor, the factor \\(r\\) for which \\(\sum_{out} (v r_A + r) = \sum_{in} (v r_A + r)\\),
/// so that the commitments balance when the assets and amounts do. Constant-time.
pub fn balancing_blinding_factor(
    inputs: &[CommitmentSecrets],
    outputs: &[CommitmentSecrets],
    last_value: u64,
    last_generator_blinding: &Scalar,
) -> Scalar {
    let term =
        |s: &CommitmentSecrets| Scalar::from(s.value) * s.generator_blinding + s.value_blinding;
    let inputs: Scalar = inputs.iter().map(term).sum();
    let outputs: Scalar = outputs.iter().map(term).sum();
    inputs - outputs - Scalar::from(last_value) * last_generator_blinding
}
