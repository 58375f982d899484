//! The weighted norm argument of Bulletproofs++ (eprint 2022/510, §4, Protocol 1), as
//! libsecp256k1-zkp's `bppp` module proves and verifies it (`norm_arg_impl.h`).
//!
//! For public \\(c \in \mathbb{Z}_n^{h}\\), \\(\rho \ne 0\\) (with \\(\mu = \rho^2\\)) and generators
//! \\(G_0 \ldots G_{g-1}, H_0 \ldots H_{h-1}\\) (\\(g, h\\) powers of two), the prover knows
//! \\(\mathbf{n} \in \mathbb{Z}_n^g, \mathbf{l} \in \mathbb{Z}_n^h\\) opening
//! \\[ C = v G + \langle \mathbf{n}, \mathbf{G} \rangle + \langle \mathbf{l}, \mathbf{H} \rangle,
//!   \qquad v = |\mathbf{n}|_\mu^2 + \langle \mathbf{c}, \mathbf{l} \rangle
//!   = \sum_i \mu^{i+1} n_i^2 + \sum_i c_i l_i. \\]
//! Each round halves both vectors (a side of length 1 stops halving) and sends \\(X, R\\); the
//! challenge \\(\gamma_i\\) folds \\(\mathbf n' = \rho^{-1} \mathbf n_{\mathrm{even}} + \gamma
//! \mathbf n_{\mathrm{odd}}\\), \\(\mathbf G' = \rho \mathbf G_{\mathrm{even}} + \gamma \mathbf
//! G_{\mathrm{odd}}\\), \\(\mathbf l', \mathbf c', \mathbf H'\\) likewise without the
//! \\(\rho\\) factors, and \\(\rho \leftarrow \mu, \mu \leftarrow \mu^2\\). At the end the prover
//! sends the last \\(n, l\\).
//!
//! **Wire format**: per round 65 bytes — one byte \\((\mathrm{parity}(y_X) \ll 1) \mid
//! \mathrm{parity}(y_R)\\), \\(x(X)\\), \\(x(R)\\); the point at infinity is 32 zero bytes with
//! its parity bit 0 — then \\(n\\) and \\(l\\), 32 bytes each, big-endian. Read strictly: a first
//! byte above 3, a parity bit on an infinity, \\(x \ge p\\) or off the curve, scalars \\(\ge\\)
//! the order, any other length are refused.
//!
//! **Transcript**: a SHA-256 state the caller passes in (the range proof's; the C module's
//! standalone wrappers and our [`tagged_transcript`] start from the tagged midstate of
//! `"Bulletproofs_pp/v0/commitment"`; the C test vectors from the empty state). Each round
//! appends its 65 bytes; \\(\gamma_i\\) is SHA-256 of the state so far followed by the 8-byte
//! little-endian index 0, reduced modulo the order. What the transcript leaves out is the
//! caller's to absorb first: the commitment, \\(\rho\\), the generators and \\(c\\).
//!
//! **Verification** is one multiscalar equation (the C code's):
//! \\[ C + \sum_i \big(\gamma_i X_i + (\gamma_i^2 - 1) R_i\big) = v G + \sum_i s_{g,i} G_i +
//!   \sum_i s_{h,i} H_i \\]
//! with \\(s_{g,0} = n \rho^{2^{k_g} - 1}\\), \\(s_{g,i} = s_{g,i - 2^k} \gamma_k
//! \rho^{-2^k}\\), \\(s_{h,0} = l\\), \\(s_{h,i} = s_{h,i-2^k} \gamma_k\\) (\\(k = \lfloor \log_2 i
//! \rfloor\\), \\(k_g = \log_2 g\\)), and \\(v = n^2 \rho^{2^{k_g+1}} + \langle \mathbf c,
//! \mathbf s_h \rangle\\). In a [`crate::BatchVerifier`] ([`PendingNormArgument`]) the
//! equation's generator vectors of unequal lengths are caller-owned sets ([`NormGenerators`]).
//!
//! The protocol is written once, generic over a convention (`bulletproofs_pp`'s `norm` module);
//! this module is its libsecp256k1-zkp face ([`Secp256k1Zkp`]) with the C functions'
//! arguments and \(G\) as the base.

use crate::{DecodeError, StatementError};
use alloc::{vec, vec::Vec};
use k256::elliptic_curve::PrimeField;
use k256::{FieldBytes, ProjectivePoint, Scalar};
use sha2::Sha256;

use super::convention::Secp256k1Zkp;
use crate::bulletproofs_pp::norm::{self, NormStatement};
use crate::equation::{Equation, GeneratorSet, PendingVerification};
use crate::group::secp256k1::msm;
use crate::{ProofError, Secp256k1};

pub use super::convention::{point_from_bytes, point_to_bytes, tagged_transcript};

/// The running transcript: a SHA-256 state.
pub type Transcript = Sha256;

/// A canonical big-endian scalar.
pub fn scalar_from_bytes(bytes: &[u8]) -> Result<Scalar, ProofError> {
    let bytes: [u8; 32] = bytes
        .try_into()
        .map_err(|_| ProofError::Decode(DecodeError::InvalidLength(bytes.len())))?;
    Option::from(Scalar::from_repr(FieldBytes::from(bytes)))
        .ok_or(ProofError::Decode(DecodeError::NonCanonicalScalar))
}

/// The number of rounds for vectors of `g_len` and `h_len` (powers of two).
pub fn rounds(g_len: usize, h_len: usize) -> usize {
    norm::schedule::<Secp256k1Zkp>(g_len, h_len).0
}

/// \\(C = v G + \langle \mathbf n, \mathbf G \rangle + \langle \mathbf l, \mathbf H \rangle\\)
/// (`secp256k1_bppp_commit`), constant-time in the witness.
pub fn commit(
    generators_g: &[ProjectivePoint],
    generators_h: &[ProjectivePoint],
    n: &[Scalar],
    l: &[Scalar],
    c: &[Scalar],
    r: &Scalar,
) -> ProjectivePoint {
    let mu = r.square();
    let mut mu_power = mu;
    let mut v = Scalar::ZERO;
    for n_i in n {
        v += mu_power * n_i.square();
        mu_power *= mu;
    }
    for (c_i, l_i) in c.iter().zip(l) {
        v += *c_i * l_i;
    }
    let mut scalars = vec![v];
    scalars.extend_from_slice(n);
    scalars.extend_from_slice(l);
    let mut points = vec![ProjectivePoint::GENERATOR];
    points.extend_from_slice(&generators_g[..n.len()]);
    points.extend_from_slice(&generators_h[..l.len()]);
    msm::constant_time(&scalars, &points)
}

/// Proves (`secp256k1_bppp_rangeproof_norm_product_prove`), appending each round to
/// `transcript`. The witness vectors' lengths must be powers of two matching the generators,
/// and `c` as long as `l`.
pub fn prove(
    transcript: &mut Transcript,
    generators_g: &[ProjectivePoint],
    generators_h: &[ProjectivePoint],
    n: &[Scalar],
    l: &[Scalar],
    c: &[Scalar],
    r: &Scalar,
) -> Result<Vec<u8>, ProofError> {
    let statement = NormStatement::<Secp256k1Zkp> {
        base: ProjectivePoint::GENERATOR,
        g: generators_g,
        h: generators_h,
        c,
        rho: *r,
    };
    let mut proof = Vec::with_capacity(65 * rounds(n.len(), l.len()) + 64);
    norm::prove::<Secp256k1Zkp>(transcript, &statement, n, l, &mut proof)?;
    Ok(proof)
}

/// The terms of the verification equation: scalars on \\(G\\), on the generators and on the
/// proof's points (and \\(C\\)), which must sum to the identity.
pub(crate) struct Terms {
    pub(crate) base: Scalar,
    pub(crate) generators_g: Vec<Scalar>,
    pub(crate) generators_h: Vec<Scalar>,
    pub(crate) points: Vec<(Scalar, ProjectivePoint)>,
}

/// Reads a proof and computes its equation (`secp256k1_bppp_rangeproof_norm_product_verify`
/// up to the multiscalar multiplication).
pub(crate) fn terms(
    transcript: &mut Transcript,
    g_len: usize,
    c: &[Scalar],
    r: &Scalar,
    commitment: &ProjectivePoint,
    proof: &[u8],
) -> Result<Terms, ProofError> {
    if g_len == 0 || c.is_empty() {
        return Err(StatementError::InvalidPowerOfTwoAggregation(g_len).into());
    }
    let t = norm::terms::<Secp256k1Zkp>(transcript, g_len, c, r, proof)?;
    let round_points = norm::decode_rounds::<Secp256k1Zkp>(proof, t.rounds.len() / 2)?;
    let mut points = Vec::with_capacity(1 + round_points.len());
    points.push((-Scalar::ONE, *commitment));
    points.extend(t.rounds.iter().zip(round_points).map(|(s, p)| (-*s, p)));
    Ok(Terms {
        base: t.base,
        generators_g: t.g,
        generators_h: t.h,
        points,
    })
}

/// Verifies (`secp256k1_bppp_rangeproof_norm_product_verify`): `g_len` generators in
/// `generators_g`' prefix, `c.len()` in `generators_h`', one multiscalar multiplication.
// The C function's arguments, in its order.
#[allow(clippy::too_many_arguments)]
pub fn verify(
    transcript: &mut Transcript,
    generators_g: &[ProjectivePoint],
    generators_h: &[ProjectivePoint],
    g_len: usize,
    c: &[Scalar],
    r: &Scalar,
    commitment: &ProjectivePoint,
    proof: &[u8],
) -> Result<(), ProofError> {
    if generators_g.len() < g_len || generators_h.len() < c.len() {
        return Err(StatementError::TooManyScalars {
            scalars: g_len + c.len(),
            generators: generators_g.len() + generators_h.len(),
        }
        .into());
    }
    let t = terms(transcript, g_len, c, r, commitment, proof)?;
    let mut scalars = vec![t.base];
    let mut points = vec![ProjectivePoint::GENERATOR];
    scalars.extend_from_slice(&t.generators_g);
    points.extend_from_slice(&generators_g[..g_len]);
    scalars.extend_from_slice(&t.generators_h);
    points.extend_from_slice(&generators_h[..c.len()]);
    for (s, p) in &t.points {
        scalars.push(*s);
        points.push(*p);
    }
    if msm::vartime(&scalars, &points) == ProjectivePoint::IDENTITY {
        Ok(())
    } else {
        Err(ProofError::VerificationFailed)
    }
}

/// The generators of norm arguments checked in a batch: the base \\(G\\) and the two vectors,
/// as caller-owned sets (so every proof's scalars on them are summed before the one
/// multiscalar multiplication, whatever the proofs' vector lengths).
#[derive(Debug)]
pub struct NormGenerators {
    base: GeneratorSet<Secp256k1>,
    g: GeneratorSet<Secp256k1>,
    h: GeneratorSet<Secp256k1>,
}

impl NormGenerators {
    /// The sets for these vector generators (the longest any proof will use).
    pub fn new(generators_g: Vec<ProjectivePoint>, generators_h: Vec<ProjectivePoint>) -> Self {
        NormGenerators {
            base: GeneratorSet::new(vec![ProjectivePoint::GENERATOR]),
            g: GeneratorSet::new(generators_g),
            h: GeneratorSet::new(generators_h),
        }
    }
}

/// A norm argument waiting in a [`crate::BatchVerifier`] (`add`): its statement, the
/// transcript state before its rounds, and its bytes; the equation is computed when the
/// batch needs it.
pub struct PendingNormArgument<'g> {
    generators: &'g NormGenerators,
    transcript: Transcript,
    g_len: usize,
    c: Vec<Scalar>,
    r: Scalar,
    commitment: ProjectivePoint,
    proof: Vec<u8>,
}

impl<'g> PendingNormArgument<'g> {
    /// A proof for a batch: `g_len` and `c.len()` generators of `generators`' vectors.
    pub fn new(
        generators: &'g NormGenerators,
        transcript: Transcript,
        g_len: usize,
        c: Vec<Scalar>,
        r: Scalar,
        commitment: ProjectivePoint,
        proof: Vec<u8>,
    ) -> Self {
        PendingNormArgument {
            generators,
            transcript,
            g_len,
            c,
            r,
            commitment,
            proof,
        }
    }
}

impl<'g> PendingVerification<'g, Secp256k1> for PendingNormArgument<'g> {
    fn equation(&self) -> Option<Equation<'g, Secp256k1>> {
        let t = terms(
            &mut self.transcript.clone(),
            self.g_len,
            &self.c,
            &self.r,
            &self.commitment,
            &self.proof,
        )
        .ok()?;
        let mut equation = Equation::new();
        equation.fixed(&self.generators.base, vec![t.base]).ok()?;
        equation.fixed(&self.generators.g, t.generators_g).ok()?;
        equation.fixed(&self.generators.h, t.generators_h).ok()?;
        for (scalar, point) in t.points {
            equation.point(scalar, point);
        }
        Some(equation)
    }
}
