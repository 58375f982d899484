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

use k256::elliptic_curve::ops::Reduce;
use k256::elliptic_curve::sec1::{FromEncodedPoint, ToEncodedPoint};
use k256::elliptic_curve::{Field, PrimeField};
use k256::{AffinePoint, EncodedPoint, FieldBytes, ProjectivePoint, Scalar, U256};
use sha2::{Digest, Sha256};

use crate::equation::{Equation, GeneratorSet, PendingVerification};
use crate::group::secp256k1::msm;
use crate::{ProofError, Secp256k1};

/// The running transcript: a SHA-256 state.
pub type Transcript = Sha256;

/// The tagged midstate the C module's standalone prover and verifier start from:
/// SHA-256 after \\(\mathrm{SHA256}(tag) \Vert \mathrm{SHA256}(tag)\\), tag
/// `"Bulletproofs_pp/v0/commitment"`.
pub fn tagged_transcript() -> Transcript {
    let tag = Sha256::digest(b"Bulletproofs_pp/v0/commitment");
    let mut t = Sha256::new();
    t.update(tag);
    t.update(tag);
    t
}

/// \\(\gamma\\): SHA-256 of the state with `le64(0)` appended, reduced modulo the order (the
/// running state keeps only the round bytes).
fn challenge(transcript: &Transcript) -> Scalar {
    let hash: [u8; 32] = transcript
        .clone()
        .chain_update(0u64.to_le_bytes())
        .finalize()
        .into();
    <Scalar as Reduce<U256>>::reduce_bytes(&FieldBytes::from(hash))
}

/// x and the parity of y; `None` for the identity.
fn x_and_parity(p: &ProjectivePoint) -> Option<([u8; 32], u8)> {
    let encoded = p.to_affine().to_encoded_point(true);
    let bytes = encoded.as_bytes();
    if bytes.len() != 33 {
        return None;
    }
    let mut x = [0u8; 32];
    x.copy_from_slice(&bytes[1..]);
    Some((x, bytes[0] & 1))
}

/// The point with abscissa `x` and y of parity `odd`; 32 zero bytes with parity 0 is the
/// identity.
fn point_from_x(x: &[u8], odd: u8) -> Result<ProjectivePoint, ProofError> {
    if x.iter().all(|b| *b == 0) {
        return if odd == 0 {
            Ok(ProjectivePoint::IDENTITY)
        } else {
            Err(ProofError::NonCanonicalEncoding)
        };
    }
    let mut sec1 = [0u8; 33];
    sec1[0] = 2 + odd;
    sec1[1..].copy_from_slice(x);
    let encoded = EncodedPoint::from_bytes(sec1).map_err(|_| ProofError::InvalidPoint)?;
    Option::<AffinePoint>::from(AffinePoint::from_encoded_point(&encoded))
        .map(ProjectivePoint::from)
        .ok_or(ProofError::InvalidPoint)
}

/// A canonical big-endian scalar.
pub fn scalar_from_bytes(bytes: &[u8]) -> Result<Scalar, ProofError> {
    let bytes: [u8; 32] = bytes
        .try_into()
        .map_err(|_| ProofError::InvalidLength(bytes.len()))?;
    Option::from(Scalar::from_repr(FieldBytes::from(bytes))).ok_or(ProofError::NonCanonicalScalar)
}

/// A compressed point (`02/03 ‖ x`), or 33 zero bytes for the identity (the C code's
/// `secp256k1_ge_parse_ext`).
pub fn point_from_bytes(bytes: &[u8]) -> Result<ProjectivePoint, ProofError> {
    let bytes: [u8; 33] = bytes
        .try_into()
        .map_err(|_| ProofError::InvalidLength(bytes.len()))?;
    match bytes[0] {
        0 if bytes[1..].iter().all(|b| *b == 0) => Ok(ProjectivePoint::IDENTITY),
        2 | 3 if bytes[1..].iter().any(|b| *b != 0) => point_from_x(&bytes[1..], bytes[0] - 2),
        _ => Err(ProofError::InvalidPoint),
    }
}

/// The encoding [`point_from_bytes`] reads.
pub fn point_to_bytes(p: &ProjectivePoint) -> [u8; 33] {
    let mut out = [0u8; 33];
    if let Some((x, odd)) = x_and_parity(p) {
        out[0] = 2 + odd;
        out[1..].copy_from_slice(&x);
    }
    out
}

fn log2(n: usize) -> u32 {
    n.trailing_zeros()
}

/// The number of rounds for vectors of `g_len` and `h_len` (powers of two).
pub fn rounds(g_len: usize, h_len: usize) -> usize {
    log2(g_len).max(log2(h_len)) as usize
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
    let (g_len, h_len) = (n.len(), l.len());
    if !g_len.is_power_of_two()
        || !h_len.is_power_of_two()
        || c.len() != h_len
        || generators_g.len() < g_len
        || generators_h.len() < h_len
        || bool::from(r.is_zero())
    {
        return Err(ProofError::InvalidAggregation(g_len));
    }
    let (mut n, mut l, mut c) = (n.to_vec(), l.to_vec(), c.to_vec());
    let mut gs = generators_g[..g_len].to_vec();
    let mut hs = generators_h[..h_len].to_vec();
    let (mut g_len, mut h_len) = (g_len, h_len);
    let mut rho = *r;
    let mut mu = r.square();
    let mut proof = Vec::with_capacity(65 * rounds(g_len, h_len) + 64);
    while g_len > 1 || h_len > 1 {
        let rho_inv = Option::<Scalar>::from(rho.invert()).ok_or(ProofError::InvalidSecret)?;
        let mu_sq = mu.square();
        let (gh, hh) = (g_len / 2, h_len / 2);
        // x_v and r_v, the weighted cross and square terms.
        let mut x_v = Scalar::ZERO;
        let mut r_v = Scalar::ZERO;
        let mut weight = mu_sq;
        for i in 0..gh {
            x_v += weight * n[2 * i] * n[2 * i + 1];
            r_v += weight * n[2 * i + 1].square();
            weight *= mu_sq;
        }
        x_v = x_v.double() * rho_inv;
        for i in 0..hh {
            x_v += c[2 * i] * l[2 * i + 1] + c[2 * i + 1] * l[2 * i];
            r_v += c[2 * i + 1] * l[2 * i + 1];
        }
        let (mut x_scalars, mut x_points) = (vec![x_v], vec![ProjectivePoint::GENERATOR]);
        let (mut r_scalars, mut r_points) = (vec![r_v], vec![ProjectivePoint::GENERATOR]);
        if g_len >= 2 {
            for i in 0..gh {
                x_scalars.push(rho * n[2 * i + 1]);
                x_points.push(gs[2 * i]);
                x_scalars.push(rho_inv * n[2 * i]);
                x_points.push(gs[2 * i + 1]);
                r_scalars.push(n[2 * i + 1]);
                r_points.push(gs[2 * i + 1]);
            }
        }
        if h_len >= 2 {
            for i in 0..hh {
                x_scalars.push(l[2 * i + 1]);
                x_points.push(hs[2 * i]);
                x_scalars.push(l[2 * i]);
                x_points.push(hs[2 * i + 1]);
                r_scalars.push(l[2 * i + 1]);
                r_points.push(hs[2 * i + 1]);
            }
        }
        let x = msm::constant_time(&x_scalars, &x_points);
        let rr = msm::constant_time(&r_scalars, &r_points);
        let (x_x, x_odd) = x_and_parity(&x).unwrap_or(([0; 32], 0));
        let (r_x, r_odd) = x_and_parity(&rr).unwrap_or(([0; 32], 0));
        let mut round = [0u8; 65];
        round[0] = (x_odd << 1) | r_odd;
        round[1..33].copy_from_slice(&x_x);
        round[33..].copy_from_slice(&r_x);
        transcript.update(round);
        proof.extend_from_slice(&round);
        let gamma = challenge(transcript);
        if g_len > 1 {
            n = (0..gh)
                .map(|i| rho_inv * n[2 * i] + gamma * n[2 * i + 1])
                .collect();
            gs = (0..gh)
                .map(|i| gs[2 * i] * rho + gs[2 * i + 1] * gamma)
                .collect();
        }
        if h_len > 1 {
            c = (0..hh).map(|i| c[2 * i] + gamma * c[2 * i + 1]).collect();
            l = (0..hh).map(|i| l[2 * i] + gamma * l[2 * i + 1]).collect();
            hs = (0..hh).map(|i| hs[2 * i] + hs[2 * i + 1] * gamma).collect();
        }
        g_len /= 2;
        h_len /= 2;
        rho = mu;
        mu = mu_sq;
    }
    proof.extend_from_slice(&n[0].to_bytes());
    proof.extend_from_slice(&l[0].to_bytes());
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
    let h_len = c.len();
    if g_len == 0 || h_len == 0 || !g_len.is_power_of_two() || !h_len.is_power_of_two() {
        return Err(ProofError::InvalidAggregation(g_len));
    }
    if bool::from(r.is_zero()) {
        return Err(ProofError::InvalidSecret);
    }
    let n_rounds = rounds(g_len, h_len);
    if proof.len() != 65 * n_rounds + 64 {
        return Err(ProofError::InvalidLength(proof.len()));
    }
    let mut points = vec![(-Scalar::ONE, *commitment)];
    let mut gammas = Vec::with_capacity(n_rounds);
    for round in proof[..65 * n_rounds].chunks_exact(65) {
        if round[0] > 3 {
            return Err(ProofError::NonCanonicalEncoding);
        }
        let x = point_from_x(&round[1..33], round[0] >> 1)?;
        let rr = point_from_x(&round[33..65], round[0] & 1)?;
        transcript.update(round);
        let gamma = challenge(transcript);
        points.push((-gamma, x));
        points.push((Scalar::ONE - gamma.square(), rr));
        gammas.push(gamma);
    }
    let at = 65 * n_rounds;
    let n = scalar_from_bytes(&proof[at..at + 32])?;
    let l = scalar_from_bytes(&proof[at + 32..at + 64])?;
    let rho_inv = Option::<Scalar>::from(r.invert()).ok_or(ProofError::InvalidSecret)?;
    let k_g = log2(g_len);
    // rho_f = r^(2^k_g); s_g[0] = n * r^(2^k_g - 1).
    let mut rho_f = *r;
    for _ in 0..k_g {
        rho_f = rho_f.square();
    }
    let mut s_g = vec![Scalar::ZERO; g_len];
    s_g[0] = n * rho_f * rho_inv;
    // rho_inv^(2^k) for each bit k.
    let mut rho_inv_pow = rho_inv;
    for (k, gamma) in gammas.iter().enumerate().take(k_g as usize) {
        let half = 1usize << k;
        for i in half..2 * half {
            s_g[i] = s_g[i - half] * gamma * rho_inv_pow;
        }
        rho_inv_pow = rho_inv_pow.square();
    }
    let mut s_h = vec![Scalar::ZERO; h_len];
    s_h[0] = l;
    for (k, gamma) in gammas.iter().enumerate().take(log2(h_len) as usize) {
        let half = 1usize << k;
        for i in half..2 * half {
            s_h[i] = s_h[i - half] * gamma;
        }
    }
    let mut v = n.square() * rho_f.square();
    for (c_i, s) in c.iter().zip(&s_h) {
        v += *c_i * s;
    }
    Ok(Terms {
        base: v,
        generators_g: s_g,
        generators_h: s_h,
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
        return Err(ProofError::TooManyScalars {
            scalars: g_len + c.len(),
            generators: generators_g.len() + generators_h.len(),
        });
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
