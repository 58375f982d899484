//! The generators of a Bulletproofs++ proof: the value base \\(A\\), the vector
//! \\(\mathbf G\\) (one per digit or multiplicity position) and the eight \\(\mathbf H\\) (the
//! blinding polynomial's coefficients; \\(H_0\\) is the commitments' blinding base).

use crate::StatementError;
use alloc::vec::Vec;

use crate::equation::GeneratorSet;
use crate::group::Group;
use crate::ProofError;

/// The number of \\(\mathbf H\\) generators (seven blinding coefficients, padded to a power of
/// two).
pub const H_LEN: usize = 8;

/// A caller-owned set of Bulletproofs++ generators, built by a
/// [`Convention`](super::Convention); proofs in a [`crate::BatchVerifier`] that share one
/// have their generator scalars summed before the multiscalar multiplication.
pub struct BpppGenerators<G: Group> {
    pub(crate) value_base: GeneratorSet<G>,
    pub(crate) g: GeneratorSet<G>,
    pub(crate) h: GeneratorSet<G>,
    /// The encodings of \\(A\\) and \\(H_0\\) (transcripts absorb them; encoding costs a
    /// field inversion, so it is done once).
    encodings: [G::PointEncoding; 2],
    /// Whether only proofs with exactly `g.len()` vector generators may use the set (where a
    /// convention places \\(\mathbf H\\) after \\(\mathbf G\\) in one stream).
    exact: bool,
}

impl<G: Group> BpppGenerators<G> {
    /// A set from its parts: `h` must hold [`H_LEN`] points, `h[0]` the blinding base of the
    /// commitments. With `exact`, it serves only vectors of exactly `g.len()`.
    pub fn new(
        value_base: G::Point,
        g: Vec<G::Point>,
        h: Vec<G::Point>,
        exact: bool,
    ) -> Result<Self, ProofError> {
        if h.len() != H_LEN || g.is_empty() {
            return Err(StatementError::GeneratorLength {
                needed: H_LEN,
                available: h.len(),
            }
            .into());
        }
        let encodings = [G::point_to_bytes(&value_base), G::point_to_bytes(&h[0])];
        Ok(BpppGenerators {
            encodings,
            value_base: GeneratorSet::new(alloc::vec![value_base]),
            g: GeneratorSet::new(g),
            h: GeneratorSet::new(h),
            exact,
        })
    }

    /// The same vector generators with another value base \\(A\\) (an Elements asset
    /// generator): a copy, no derivation.
    pub fn with_value_base(&self, value_base: G::Point) -> Self {
        BpppGenerators {
            encodings: [G::point_to_bytes(&value_base), self.encodings[1]],
            value_base: GeneratorSet::new(alloc::vec![value_base]),
            g: GeneratorSet::new(self.g.points().to_vec()),
            h: GeneratorSet::new(self.h.points().to_vec()),
            exact: self.exact,
        }
    }

    /// The value base \\(A\\).
    pub fn value_base(&self) -> G::Point {
        self.value_base.points()[0]
    }

    /// The blinding base \\(H_0\\).
    pub fn blinding_base(&self) -> G::Point {
        self.h.points()[0]
    }

    /// The encodings of \\(A\\) and \\(H_0\\).
    pub fn base_encodings(&self) -> &[G::PointEncoding; 2] {
        &self.encodings
    }

    /// The vector generators \\(\mathbf G\\).
    pub fn g(&self) -> &[G::Point] {
        self.g.points()
    }

    /// The eight \\(\mathbf H\\).
    pub fn h(&self) -> &[G::Point] {
        self.h.points()
    }

    /// A Pedersen commitment \\(vA + \gamma H_0\\) (constant-time).
    pub fn commit(&self, value: u64, blinding: &G::Scalar) -> G::Point {
        G::multiscalar_mul(
            &[G::Scalar::from(value), *blinding],
            &[self.value_base(), self.blinding_base()],
        )
    }

    /// Whether proofs with vectors of `g_len` may use these generators.
    pub fn serves(&self, g_len: usize) -> bool {
        if self.exact {
            self.g.len() == g_len
        } else {
            self.g.len() >= g_len
        }
    }

    /// [`Self::serves`] as an error.
    pub(crate) fn check(&self, g_len: usize) -> Result<(), ProofError> {
        if self.serves(g_len) {
            Ok(())
        } else {
            Err(ProofError::Statement(StatementError::GeneratorLength {
                needed: g_len,
                available: self.g.len(),
            }))
        }
    }
}

impl<G: Group> core::fmt::Debug for BpppGenerators<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "BpppGenerators({} G, {} H{})",
            self.g.len(),
            self.h.len(),
            if self.exact { ", exact" } else { "" }
        )
    }
}
