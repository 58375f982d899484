//! Bulletproofs++ range proofs (Eagen, Kanjalkar, Ruffing, Nick; eprint 2022/510, Eurocrypt
//! 2024): reciprocal set membership over base-\\(b\\) digits, proved with the weighted norm
//! argument (the crate's `norm` module).
//!
//! # What is proved
//!
//! For Pedersen commitments \\(V_j = v_j A + \gamma_j H_0\\) (\\(j < m\\), \\(m \le 64\\)) and
//! public minimums \\(\mathrm{min}_j\\): every \\(v_j - \mathrm{min}_j \in [0, 2^n)\\), \\(n \in
//! \\{8, 16, 32, 64\\}\\). Each difference is written in \\(k = n / \log_2 b\\) digits of base
//! \\(b \in \\{2, 4, 16, 256\\}\\) ([`Shape::default_base`] picks the one with the shortest
//! vectors: 16 for a 64-bit value); the \\(K = mk\\) digits of all values share one vector of
//! multiplicities \\(\mathbf m\\) (\\(m_i\\) = how many digits equal \\(i\\)). The vectors have
//! length \\(g = 2^{\lceil \log_2 \max(K, b) \rceil}\\); \\(\mathbf H\\) has eight
//! entries, \\(H_0\\) the commitments' blinding base.
//!
//! # The protocol (§5–6 of the paper, in the four rounds of libsecp256k1-zkp PR #207)
//!
//! 1. \\(M = r_M A + \langle \mathbf m, \mathbf G\rangle + \langle \mathbf r_{M,1}, \mathbf
//!    H\rangle\\) and \\(D = r_D A + \langle \mathbf d, \mathbf G\rangle + r_{D,2} H_2 + r_{D,5}
//!    H_5\\) (\\(\mathbf r_{M,1}\\) random at positions 0, 1, 2, 4, 5, zero at 3, 6, 7); challenge
//!    \\(\alpha\\).
//! 2. The reciprocals \\(r_i = 1/(d_i + \alpha)\\): \\(R = r_R A + \langle \mathbf r, \mathbf
//!    G\rangle - r_{D,2} H_1 - r_{D,5} H_4\\); challenges \\(\rho\\) (\\(\mu = \rho^2\\)),
//!    \\(x, \beta, \delta\\) and, for aggregation, \\(\lambda\\) (value \\(j\\)'s linear
//!    constraint weighs \\(\lambda^j\\)).
//! 3. With \\(\mathrm{idx} = jk + i\\) for digit \\(i\\) of value \\(j\\), the public shifts
//!    \\(\tilde d_{\mathrm{idx}} = d + \alpha - x\delta\mu^{-(\mathrm{idx}+1)}\\),
//!    \\(\tilde r_{\mathrm{idx}} = r + \lambda^j b^i \mu^{-(\mathrm{idx}+1)}\\),
//!    \\(\tilde{\mathbf m} = \delta\mathbf m\\), \\(c_{m,i} = x\mu^{-(i+1)}/(\alpha + i)\\), and
//!    \\[ \mathbf w(T) = \mathbf s T^{-1} + \tilde{\mathbf m} + \tilde{\mathbf d} T +
//!    \tilde{\mathbf r} T^2 + \mathbf c_m T^3 . \\]
//!    The coefficient of \\(T^3\\) in \\(|\mathbf w(T)|^2_\mu\\) is
//!    \\(2[x\delta(\sum_i m_i/(\alpha+i) - \sum r) + \sum\mu^{\mathrm{idx}+1} + \sum \lambda^j b^i
//!    (d + \alpha - x\delta\mu^{-(\mathrm{idx}+1)})]\\): the reciprocal identity (the paper's
//!    eq. for set membership, \\(\sum_i m_i/(\alpha + i) = \sum_{\mathrm{idx}} 1/(\alpha +
//!    d_{\mathrm{idx}})\\)) removes the first sum and \\(\sum_i b^i d_{j,i} = v_j -
//!    \mathrm{min}_j\\) leaves public terms plus \\(2\sum_j \lambda^j v_j\\), which the
//!    verifier supplies as \\(2T^3\sum_j\lambda^j V_j\\). Every other power of \\(T\\) the
//!    prover cancels with \\(S = r_S A + \langle \mathbf s, \mathbf G\rangle + \langle \mathbf
//!    r_{S,1}, \mathbf H\rangle\\) (its \\(\mathbf H\\) coefficients are solved so that
//!    \\(\langle \mathbf c(T), \mathbf l(T)\rangle\\) cancels them, with \\(\mathbf c(T) =
//!    \beta(T^{-1}, T, T^2, T^3, T^5, T^6, T^7, 0)\\)); challenge \\(T\\).
//! 4. The weighted norm argument for
//!    \\[ C = T^{-1}S + \delta M + TD + T^2R + 2T^3\textstyle\sum_j\lambda^j V_j + \langle
//!    \mathbf p(T), \mathbf G\rangle + v(T) A \\]
//!    with \\(\mathbf n = \mathbf w(T)\\), \\(\mathbf l(T) = \mathbf r_{S,1}T^{-1} + \delta
//!    \mathbf r_{M,1} + T\mathbf r_{D,1} + T^2 \mathbf r_{R,1} + 2T^3(\sum_j \lambda^j\gamma_j)
//!    \mathbf e_0\\), \\(\mathbf c(T)\\) and \\(\rho\\), where \\(\mathbf p\\) and \\(v\\) are
//!    the public parts above ([`terms`]).
//!
//! The verifier never forms \\(C\\): it goes into the norm argument's equation, so a proof is
//! checked with one multiscalar multiplication of \\(g + 8 + 1\\) generators and \\(4 + m +
//! 2\cdot\text{rounds}\\) proof points.
//!
//! # Wire format
//!
//! \\(M \Vert D \Vert R \Vert S\\) (the convention's point encoding) then the norm argument
//! (rounds of \\(X \Vert R\\), then the final \\(\mathbf n\\) and \\(\mathbf l\\)).
//!
//! # Conventions and their transcripts
//!
//! There is no deployed Bulletproofs++ range proof to be compatible with, so each convention
//! defines its transcript; both absorb every public input before the first challenge: the
//! shape (digits per value, base, number of values), the generators' identity, every
//! commitment with its minimum, the application's bytes, then every prover message.
//! * [`Merlin`] (ristretto255): merlin, our generators (the commitments are the
//!   reference crate's Pedersen commitments), 32-byte points, and a norm argument that stops
//!   at five scalars: a 64-bit proof is **416 bytes**.
//! * [`Secp256k1Zkp`](crate::secp256k1_zkp::bppp::Secp256k1Zkp) (secp256k1): PR #207's
//!   tagged SHA-256 transcript, generators, point encodings and norm argument (the C module's,
//!   byte for byte); where it departs from PR #207 is listed there.
//!
//! # Differences from PR #207's prover
//! * Aggregation (\\(m > 1\\)): one multiplicity vector for all digits, the \\(\lambda\\)
//!   challenge, \\(g\\) over all digits (PR #207 proves one value).
//! * Nonces: hedged (transcript, witness and fresh randomness), not a caller's 32-byte seed.
//! * The prover's digit and multiplicity handling is constant-time in the values (PR #207's
//!   too); so are its multiscalar multiplications for \\(M, D, R, S\\).

mod convention;
pub(crate) mod generators;
pub(crate) mod norm;
pub(crate) mod prover;
pub(crate) mod ristretto;
pub(crate) mod verifier;

/// The slow reference verifier, for tests and the fuzz targets (feature `internals`).
#[cfg(any(test, feature = "internals"))]
pub mod reference;
#[cfg(test)]
mod tests;

pub use convention::{Convention, ProofPoint, PublicInputs};
pub use generators::{BpppGenerators, H_LEN};
pub use prover::prove;
pub use ristretto::Merlin;
pub use verifier::{terms, verify, PendingRangeProof, RangeTerms};

use crate::ProofError;
use crate::StatementError;

/// The bit sizes a proof may cover.
pub const BIT_SIZES: [usize; 4] = [8, 16, 32, 64];
/// The digit bases a proof may use.
pub const BASES: [usize; 4] = [2, 4, 16, 256];

/// The shape of a proof: bit size, number of values, base, and the vector lengths they imply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    bits: usize,
    values: usize,
    base: usize,
}

impl Shape {
    /// A shape, checked: `bits` in [`BIT_SIZES`], `values` in 1…64, `base` in [`BASES`]
    /// (`None`: [`Shape::default_base`]).
    pub fn new(bits: usize, values: usize, base: Option<usize>) -> Result<Self, ProofError> {
        if !BIT_SIZES.contains(&bits) {
            return Err(StatementError::InvalidBitsize {
                given: bits,
                supported: &BIT_SIZES,
            }
            .into());
        }
        if values == 0 || values > crate::MAX_AGGREGATION {
            return Err(StatementError::InvalidAggregation {
                given: values,
                max: crate::MAX_AGGREGATION,
            }
            .into());
        }
        let base = base.unwrap_or_else(|| Self::default_base(bits, values));
        if !BASES.contains(&base) {
            return Err(StatementError::InvalidBase(base).into());
        }
        Ok(Shape { bits, values, base })
    }

    /// The base with the shortest vectors \\(g\\) (ties to the larger base: fewer digits to
    /// invert): 4 for one 8- or 16-bit value, 16 for one 32- or 64-bit value, 256 for many
    /// 64-bit values.
    pub fn default_base(bits: usize, values: usize) -> usize {
        let mut best = (usize::MAX, 16);
        for base in BASES {
            let log = base.trailing_zeros() as usize;
            if !bits.is_multiple_of(log) {
                continue;
            }
            let g = (values * bits / log).max(base).next_power_of_two();
            if g <= best.0 {
                best = (g, base);
            }
        }
        best.1
    }

    /// The bit size \\(n\\).
    pub fn bits(&self) -> usize {
        self.bits
    }

    /// The number of values \\(m\\).
    pub fn values(&self) -> usize {
        self.values
    }

    /// The digit base \\(b\\).
    pub fn base(&self) -> usize {
        self.base
    }

    /// Bits per digit, \\(\log_2 b\\).
    pub fn digit_bits(&self) -> usize {
        self.base.trailing_zeros() as usize
    }

    /// Digits per value, \\(k\\).
    pub fn digits_per_value(&self) -> usize {
        self.bits / self.digit_bits()
    }

    /// All digits, \\(K = mk\\).
    pub fn digits(&self) -> usize {
        self.values * self.digits_per_value()
    }

    /// The length of \\(\mathbf G\\) and of the witness, \\(g\\).
    pub fn g_len(&self) -> usize {
        self.digits().max(self.base).next_power_of_two()
    }

    /// A proof's length in bytes under convention `C`.
    pub fn proof_len<C: Convention>(&self) -> usize {
        4 * C::POINT_LEN + norm::proof_len::<C>(self.g_len(), H_LEN)
    }
}

/// What a proof is about: its shape, generators, commitments, minimums and application bytes.
pub struct Statement<'a, C: Convention> {
    /// The shape.
    pub shape: Shape,
    /// The generators (they must serve `shape.g_len()`).
    pub generators: &'a BpppGenerators<C::Group>,
    /// One commitment per value, with its encoding (the transcript absorbs the bytes, a batch
    /// takes the decoded form; [`crate::EncodedPoint::from_points`] makes them from points).
    pub commitments: &'a [crate::EncodedPoint<C::Group>],
    /// One minimum per value, or empty for none.
    pub minimums: &'a [u64],
    /// Application bytes bound to the proof (a label).
    pub extra: &'a [u8],
}

impl<C: Convention> Statement<'_, C> {
    /// The minimum of value `j` (0 when none are given).
    pub(crate) fn minimum(&self, j: usize) -> u64 {
        self.minimums.get(j).copied().unwrap_or(0)
    }

    /// Checks lengths against the shape and the generators.
    pub(crate) fn check(&self) -> Result<(), ProofError> {
        let m = self.shape.values();
        if self.commitments.len() != m {
            return Err(StatementError::MismatchedLengths {
                values: m,
                blindings: self.commitments.len(),
            }
            .into());
        }
        if !self.minimums.is_empty() && self.minimums.len() != m {
            return Err(StatementError::MismatchedLengths {
                values: m,
                blindings: self.minimums.len(),
            }
            .into());
        }
        self.generators.check(self.shape.g_len())
    }

    /// The public inputs the transcript starts from.
    pub(crate) fn public_inputs<'s>(&'s self, minimums: &'s [u64]) -> PublicInputs<'s, C::Group> {
        PublicInputs {
            shape: &self.shape,
            generators: self.generators,
            commitments: self.commitments,
            minimums,
            extra: self.extra,
        }
    }

    /// Every minimum, zeros filled in.
    pub(crate) fn all_minimums(&self) -> alloc::vec::Vec<u64> {
        (0..self.shape.values()).map(|j| self.minimum(j)).collect()
    }
}
