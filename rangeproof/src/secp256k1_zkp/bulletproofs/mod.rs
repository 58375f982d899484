//! Grin's convention: Bulletproofs as Andrew Poelstra implemented them in libsecp256k1-zkp
//! (`src/modules/bulletproofs/`), over secp256k1, byte-compatible with the C library.
//!
//! This is the first Bulletproofs implementation deployed on a chain (Grin has used it since
//! its genesis block), and it differs from the paper's presentation in more than encoding, so
//! it is a protocol of its own here rather than a set of hooks into [`crate::bulletproofs`]:
//!
//! * commitments \\(V = \gamma G + v H\\) with \\(G\\) secp256k1's base point and \\(H\\)
//!   secp256k1-zkp's `generator_const_h` — or any *value generator* \\(H_v\\) (an asset
//!   generator of Confidential Assets) in place of \\(H\\);
//! * vector generators from one list of \\(N\\) (`generators_n`; Grin uses 256):
//!   \\(G_i = g_i\\), \\(H_i = g_{N/2+i}\\) ([`generators`]);
//! * a SHA-256 hash-chain transcript (`transcript`) and x-only proof points
//!   (`proof`);
//! * every random value of the prover derived from two 32-byte nonces with ChaCha20
//!   (`prover`), the value (and a 20-byte message) folded into \\(\alpha\\), so the holder of
//!   the *rewind* nonce recovers them from the proof ([`rewind()`]);
//! * an inner-product argument that halves its vectors interleaved, uses
//!   \\(u = u_x G\\) (Protocol 2 with the blinding base), and stops at two-element vectors
//!   (`verifier` has the equation);
//! * \\(\tau_x\\) and \\(\mu\\) stored negated;
//! * a multi-party mode for one commitment with a shared blinding ([`multiparty`]).
//!
//! Proofs made here equal the C library's byte for byte for the same inputs (the
//! `grin_vectors` and `grin_interop` tests check it); [`crate::BatchVerifier`] batches them
//! (`add_grin_bulletproof`) and [`crate::Suite::GRIN_BULLETPROOFS`] names them for the front
//! ends.

mod batch;
pub mod generators;
pub mod multiparty;
mod proof;
mod prover;
mod rewind;
mod transcript;
mod verifier;

#[cfg(test)]
mod tests;

use crate::{DecodeError, StatementError};
use std::sync::Arc;

use k256::ProjectivePoint;

pub use generators::{GrinGeneratorCache, GrinGenerators, ValueGenerator};
pub use proof::{proof_len, GrinRangeProof};
pub use prover::{prove, GrinProver, GrinWitness};
pub use rewind::{rewind, Rewound};
pub use verifier::{verify, verify_in, PendingGrinProof};

use crate::group::{Group, Secp256k1};
use crate::ProofError;

/// The bit sizes supported (secp256k1-zkp also accepts 1, 2 and 4).
pub const VALID_BITS: [usize; 4] = [8, 16, 32, 64];

/// The largest number of values one proof may aggregate here (the C library has no fixed
/// bound; its generator count bounds it).
pub const MAX_VALUES: usize = 256;

/// Grin's generator count.
pub const GRIN_GENERATORS_N: usize = 256;

/// Grin's 256, or the smallest power of two that fits \\(2nm\\) generators when that is more.
pub fn default_generators_n(bits: usize, m: usize) -> usize {
    GRIN_GENERATORS_N.max((2 * bits * m).next_power_of_two())
}

/// The public statement of a secp256k1-zkp Bulletproof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrinStatement {
    /// Bits per value \\(n\\).
    pub bits: usize,
    /// The generator count \\(N\\) the proof was made with (at least \\(2nm\\)).
    pub generators_n: usize,
    /// The commitments, in secp256k1-zkp's 33-byte form (`08`/`09` ‖ x).
    pub commitments: Vec<[u8; 33]>,
    /// The value generator (\\(H\\) for Grin).
    pub value_generator: ValueGenerator,
    /// Minimum-value promises, one per commitment (the range is \\([v^{min}, v^{min} + 2^n)\\)).
    pub min_values: Option<Vec<u64>>,
    /// Extra data bound into the transcript.
    pub extra_data: Option<Vec<u8>>,
}

/// The generator count's rule: at least \\(2nm\\) (the proof's \\(\\mathbf G\\) and \\(\\mathbf H\\)),
/// at most what the caches hold (so a shape that passes here always finds its list).
pub(crate) fn check_generator_count(
    generators_n: usize,
    bits: usize,
    m: usize,
) -> Result<(), StatementError> {
    if generators_n < 2 * bits * m || !(2..=generators::MAX_GENERATORS).contains(&generators_n) {
        return Err(StatementError::InvalidGeneratorCount {
            given: generators_n,
            needed: (2 * bits * m).max(2),
            max: generators::MAX_GENERATORS,
        });
    }
    Ok(())
}

impl GrinStatement {
    /// A 64-bit statement as Grin verifies outputs: \\(N = 256\\), \\(H\\), no minimum value, no
    /// extra data.
    pub fn grin(commitments: Vec<[u8; 33]>) -> Self {
        GrinStatement {
            bits: 64,
            generators_n: GRIN_GENERATORS_N,
            commitments,
            value_generator: ValueGenerator::h(),
            min_values: None,
            extra_data: None,
        }
    }

    /// Checks the shape; returns \\(nm\\) and the generators from `cache`.
    pub(crate) fn check_in(
        &self,
        cache: &GrinGeneratorCache,
    ) -> Result<(usize, Arc<GrinGenerators>), ProofError> {
        let nm = self.check_shape()?;
        Ok((nm, cache.get(self.generators_n)?))
    }

    /// Checks the shape (bits, count, minimums, generator count); returns \\(nm\\).
    pub(crate) fn check_shape(&self) -> Result<usize, ProofError> {
        if !VALID_BITS.contains(&self.bits) {
            return Err(StatementError::InvalidBitsize {
                given: self.bits,
                supported: &VALID_BITS,
            }
            .into());
        }
        let m = self.commitments.len();
        if m == 0 || m > MAX_VALUES || !m.is_power_of_two() {
            return Err(StatementError::InvalidPowerOfTwoAggregation(m).into());
        }
        if let Some(min) = &self.min_values {
            if min.len() != m {
                return Err(StatementError::MismatchedLengths {
                    values: min.len(),
                    blindings: m,
                }
                .into());
            }
        }
        check_generator_count(self.generators_n, self.bits, m)?;
        Ok(self.bits * m)
    }

    /// The commitments as points (strict: prefix `08`/`09`, \\(x < p\\) on the curve).
    pub(crate) fn commitment_points(&self) -> Result<Vec<ProjectivePoint>, ProofError> {
        self.commitments
            .iter()
            .map(|c| {
                Secp256k1::point_from_bytes(c).ok_or(ProofError::Decode(DecodeError::InvalidPoint))
            })
            .collect()
    }
}

/// \\(\gamma G + v H_v\\), in constant time: a Pedersen commitment of this convention.
pub fn commit(
    value: u64,
    blinding: &k256::Scalar,
    value_generator: &ValueGenerator,
) -> ProjectivePoint {
    Secp256k1::multiscalar_mul(
        &[*blinding, k256::Scalar::from(value)],
        &[generators::g(), value_generator.point()],
    )
}
