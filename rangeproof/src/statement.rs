//! What a range proof states, and the shape checks both proof systems share.

use crate::deployments::convention::VALID_BITSIZES;
use crate::deployments::{Deployment, Generators};
use crate::ProofError;
use crate::StatementError;

/// Checks `n` and `m` and returns the padded aggregation size \\(m'\\).
pub(crate) fn check_shape(n: usize, m: usize) -> Result<usize, ProofError> {
    if !VALID_BITSIZES.contains(&n) {
        return Err(StatementError::InvalidBitsize {
            given: n,
            supported: &VALID_BITSIZES,
        }
        .into());
    }
    if m == 0 || m > crate::MAX_AGGREGATION {
        return Err(StatementError::InvalidAggregation {
            given: m,
            max: crate::MAX_AGGREGATION,
        }
        .into());
    }
    Ok(m.next_power_of_two())
}

/// What a range proof is about, besides the commitments: the bit size, the extension degree
/// and the optional minimum values (one per commitment). Both proof systems check their shape
/// here; Bulletproofs' statements have extension degree 1 and no minimums.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement<'a> {
    /// Bit size n: each \\(v_j - \mu_j\\) lies in \\([0, 2^n)\\).
    pub bits: usize,
    /// Blinding factors per commitment, 1 to 6.
    pub extension_degree: usize,
    /// Public minimum values \\(\mu_j\\), one per commitment; `None` means all zero.
    pub minimum_values: Option<&'a [u64]>,
}

impl Statement<'_> {
    /// Checks the statement for `m` commitments against the deployment `C` and its `gens`, and
    /// returns the padded m'.
    pub(crate) fn check<C: Deployment>(
        &self,
        gens: &Generators<C>,
        m: usize,
    ) -> Result<usize, ProofError> {
        let m_padded = check_shape(self.bits, m)?;
        if self.extension_degree == 0 || self.extension_degree > gens.pedersen().blinding.len() {
            return Err(StatementError::InvalidExtensionDegree {
                given: self.extension_degree,
                max: gens.pedersen().blinding.len(),
            }
            .into());
        }
        if let Some(minimums) = self.minimum_values {
            if minimums.len() != m {
                return Err(StatementError::MismatchedLengths {
                    values: m,
                    blindings: minimums.len(),
                }
                .into());
            }
            // Tari's rule, which its verifier enforces: a minimum fits in n bits too.
            if self.bits < 64 && minimums.iter().any(|mu| mu >> self.bits != 0) {
                return Err(StatementError::MinimumOutOfRange { bits: self.bits }.into());
            }
        }
        C::check_range_statement(self.bits, self.minimum_values.is_some())?;
        gens.check_capacity(self.bits, m_padded)?;
        Ok(m_padded)
    }

    /// What a deployment's transcript absorbs of the statement.
    pub(crate) fn shape(&self) -> crate::deployments::StatementShape<'_> {
        crate::deployments::StatementShape {
            bits: self.bits,
            extension_degree: self.extension_degree,
            minimum_values: self.minimum_values,
        }
    }

    /// \\(\mu_j\\), zero when absent.
    pub(crate) fn minimum(&self, j: usize) -> u64 {
        self.minimum_values.map_or(0, |m| m[j])
    }
}
