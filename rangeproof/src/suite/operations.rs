//! What every suite shares, around its own code: the statement checked against the suite's
//! limits before the suite sees it, the lengths of inputs, fresh blindings, and a recovered
//! opening checked against its commitment — for [`Suite`] in the process-wide context and
//! [`SuiteContext`] in a caller's.

use crate::{StatementError, StatementField};
use alloc::{vec, vec::Vec};
use rand_core::{CryptoRng, RngCore};
use zeroize::Zeroizing;

use super::{parameters, Proved, Recovered, Suite, SuiteContext, SuiteStatement};
use crate::bulletproofs_plus::MAX_EXTENSION_DEGREE;
use crate::ProofError;

impl Suite {
    /// The shape rules of every suite, written once: refuses a statement for `values` values
    /// (or commitments) that the suite cannot prove or verify — what
    /// [`Self::check_statement_fields`] refuses, a number of values outside the suite's bounds
    /// (or not a power of two where its verifier needs one), minimum values or bit lengths of
    /// another count, then the suite's own rules
    /// ([`ProofSuite::check_shape`](super::ProofSuite::check_shape): Grin's generator count, a
    /// Bulletproofs deployment's layout rule — Solana's kinds) —
    /// instead of proving or verifying as if the field
    /// were absent. Every proving, verifying, batching and recovering call runs it first; the
    /// document layer and prove requests run it on what they parsed.
    pub fn check_statement(
        self,
        statement: &SuiteStatement,
        values: usize,
    ) -> Result<(), StatementError> {
        self.check_statement_fields(statement)?;
        let info = self.info();
        // A suite that proves about no commitments (surjection proofs) checks its own inputs.
        if info.max_values > 0 {
            if values == 0 || values > info.max_values {
                return Err(StatementError::InvalidAggregation {
                    given: values,
                    max: info.max_values,
                });
            }
            if info.power_of_two_values && !values.is_power_of_two() {
                return Err(StatementError::InvalidPowerOfTwoAggregation(values));
            }
        }
        let lengths = &statement.bit_lengths;
        if !lengths.is_empty() && lengths.len() != values {
            return Err(StatementError::MismatchedBitLengths {
                values,
                bit_lengths: lengths.len(),
            });
        }
        if let Some(minimums) = &statement.minimum_values {
            if minimums.len() != values {
                return Err(StatementError::MismatchedLengths {
                    values,
                    blindings: minimums.len(),
                });
            }
            // libsecp256k1-zkp's verifier: minimum values in proofs of one value only.
            if info.power_of_two_values && values > 1 {
                return Err(StatementError::MinimumValuesNeedSingleValue);
            }
        }
        self.0.check_shape(statement, values)
    }

    /// The rules that do not depend on how many values there are (what committing needs: a
    /// commitment is made per value, any number of them): a bit size the suite does not prove
    /// (or one beside bit lengths of each value's own, or such lengths where it takes none),
    /// more blindings per commitment than it takes, minimum values where there are none, a
    /// transcript label for a transcript that takes none, a parameter it does not declare
    /// (libsecp256k1-zkp's value generator, extra data and generator count are parameters of
    /// the suites that take them) or out of its bounds.
    pub fn check_statement_fields(self, statement: &SuiteStatement) -> Result<(), StatementError> {
        let info = self.info();
        let degree = statement.extension_degree;
        if degree == 0 || degree > MAX_EXTENSION_DEGREE {
            return Err(StatementError::InvalidExtensionDegree {
                given: degree,
                max: MAX_EXTENSION_DEGREE,
            });
        }
        if degree > info.max_extension_degree {
            return Err(StatementError::UnusedStatementField(
                StatementField::ExtensionDegree,
            ));
        }
        if !statement.bit_lengths.is_empty() {
            // Each value's own bit length (the deployment checks them: `check_shape`), and
            // then no bit size for all.
            if !info.bit_lengths {
                return Err(StatementError::UnusedStatementField(
                    StatementField::BitLengths,
                ));
            }
            if statement.bits != 0 {
                return Err(StatementError::UnusedStatementField(
                    StatementField::BitsBesideBitLengths,
                ));
            }
        } else if info.bits.is_empty() {
            if statement.bits != 0 {
                return Err(StatementError::UnusedStatementField(StatementField::Bits));
            }
        } else if !info.bits.contains(&statement.bits) {
            return Err(StatementError::InvalidBitsize {
                given: statement.bits,
                supported: info.bits,
            });
        }
        if statement.minimum_values.is_some() && !info.minimum_values {
            return Err(StatementError::UnusedStatementField(
                StatementField::MinimumValues,
            ));
        }
        if !statement.transcript_label.is_empty() && !info.transcript_label {
            return Err(StatementError::UnusedStatementField(
                StatementField::TranscriptLabel,
            ));
        }
        parameters::check(info.parameters, &statement.parameters)
    }

    /// Proves that every value lies in range under `statement`, with fresh random blindings
    /// ([`SuiteContext::prove`], in the process-wide context).
    pub fn prove<R: RngCore + CryptoRng>(
        self,
        statement: &SuiteStatement,
        values: &[u64],
        rng: &mut R,
    ) -> Result<Proved, ProofError> {
        SuiteContext::global().prove(self, statement, values, rng)
    }

    /// Fresh random blindings, `per_value` for each of `values` values: scalars of the
    /// suite's group, encoded for [`Self::prove_with_blindings`] and [`Self::commit`]. Wiped
    /// when dropped.
    pub fn random_blindings<R: RngCore + CryptoRng>(
        self,
        values: usize,
        per_value: usize,
        rng: &mut R,
    ) -> Zeroizing<Vec<Vec<Vec<u8>>>> {
        let draw = super::helpers::random_scalar_of(self.group());
        Zeroizing::new(
            (0..values)
                .map(|_| (0..per_value).map(|_| draw(rng)).collect())
                .collect(),
        )
    }

    /// [`SuiteContext::prove_with_blindings`], in the process-wide context.
    pub fn prove_with_blindings<R: RngCore + CryptoRng>(
        self,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
        rng: &mut R,
    ) -> Result<Proved, ProofError> {
        SuiteContext::global().prove_with_blindings(self, statement, values, blindings, rng)
    }

    /// [`SuiteContext::prove_recoverable`], in the process-wide context.
    pub fn prove_recoverable<R: RngCore + CryptoRng>(
        self,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
        nonce: &[u8; 32],
        rng: &mut R,
    ) -> Result<Proved, ProofError> {
        SuiteContext::global().prove_recoverable(self, statement, values, blindings, nonce, rng)
    }

    #[cfg(feature = "std")]
    /// [`SuiteContext::recover`], in the process-wide context.
    pub fn recover(
        self,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        nonce: &[u8; 32],
    ) -> Result<Recovered, ProofError> {
        SuiteContext::global().recover(self, statement, proof, commitments, nonce)
    }

    #[cfg(feature = "std")]
    /// [`SuiteContext::recover_with_value`], in the process-wide context.
    pub fn recover_with_value(
        self,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        nonce: &[u8; 32],
        value: Option<u64>,
    ) -> Result<Recovered, ProofError> {
        SuiteContext::global().recover_with_value(self, statement, proof, commitments, nonce, value)
    }

    /// [`SuiteContext::commit`], in the process-wide context.
    pub fn commit(
        self,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
    ) -> Result<Vec<Vec<u8>>, ProofError> {
        SuiteContext::global().commit(self, statement, values, blindings)
    }

    /// The values value `index` of a statement can be, as a proof of it shows them: lowest and
    /// highest, from its bit length (or the statement's bit size) and its minimum.
    pub fn value_range(self, statement: &SuiteStatement, index: usize) -> (u64, u64) {
        let bits = match statement.bit_lengths.get(index) {
            Some(&own) => own,
            None if self.supported_bits().is_empty() => 0,
            None => statement.bits,
        };
        let minimum = statement
            .minimum_values
            .as_ref()
            .and_then(|minimums| minimums.get(index))
            .copied()
            .unwrap_or(0);
        self.0.value_range(bits, minimum)
    }

    /// What the proof says of itself beyond its statement ([`super::ProofFacts`]), without
    /// verifying it; an error where the part read does not decode.
    pub fn describe(self, proof: &[u8]) -> Result<super::ProofFacts, ProofError> {
        self.0.describe(proof)
    }

    /// Checks that the bytes are a proof in the suite's wire format (lengths, canonical points
    /// and scalars), without verifying it. (The typed APIs decode into typed proofs.)
    pub fn check_encoding(self, proof: &[u8]) -> Result<(), ProofError> {
        self.0.check_encoding(proof)
    }

    /// [`SuiteContext::verify`], in the process-wide context.
    pub fn verify<R: RngCore + CryptoRng>(
        self,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        rng: &mut R,
    ) -> Result<(), ProofError> {
        SuiteContext::global().verify(self, statement, proof, commitments, rng)
    }
}

/// The operations that use a suite's state, in this context (a [`Suite`]'s own methods run
/// them in the process-wide one).
impl SuiteContext {
    /// Proves that every value lies in range under `statement`, with fresh random blindings.
    pub fn prove<R: RngCore + CryptoRng>(
        &self,
        suite: Suite,
        statement: &SuiteStatement,
        values: &[u64],
        rng: &mut R,
    ) -> Result<Proved, ProofError> {
        let blindings = suite.random_blindings(values.len(), statement.extension_degree, rng);
        self.prove_with_blindings(suite, statement, values, &blindings, rng)
    }

    /// Proves that every value lies in range under `statement`, for commitments with the given
    /// blindings (per value, `extension_degree` canonical scalar encodings of the suite's
    /// group): the commitments of existing outputs, whose openings the caller holds.
    pub fn prove_with_blindings<R: RngCore + CryptoRng>(
        &self,
        suite: Suite,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
        rng: &mut R,
    ) -> Result<Proved, ProofError> {
        self.prove_inner(suite, statement, values, blindings, None, rng)
    }

    /// [`Self::prove_with_blindings`] with a recovery nonce (32 bytes) that lets its holder
    /// recover the openings later (`Suite::recover`): Tari's seed nonce (one value per proof;
    /// any 32 bytes, read as an integer mod ℓ, so a canonical scalar is itself) or Grin's
    /// rewind nonce. Other suites have none
    /// ([`ProofError::NoRecoveryNonce`]). A nonce must serve one proof only.
    pub fn prove_recoverable<R: RngCore + CryptoRng>(
        &self,
        suite: Suite,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
        nonce: &[u8; 32],
        rng: &mut R,
    ) -> Result<Proved, ProofError> {
        self.prove_inner(suite, statement, values, blindings, Some(nonce), rng)
    }

    fn prove_inner<R: RngCore + CryptoRng>(
        &self,
        suite: Suite,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
        nonce: Option<&[u8; 32]>,
        rng: &mut R,
    ) -> Result<Proved, ProofError> {
        suite.check_statement(statement, values.len())?;
        if nonce.is_some() && !suite.has_recovery_nonce() {
            return Err(ProofError::NoRecoveryNonce);
        }
        if blindings.len() != values.len() {
            return Err(StatementError::MismatchedLengths {
                values: values.len(),
                blindings: blindings.len(),
            }
            .into());
        }
        Self::prover(suite)?.prove(self.state(suite), statement, values, blindings, nonce, rng)
    }

    #[cfg(feature = "std")]
    /// Recovers what a recovery nonce gives back from a proof: Tari's blindings (mask
    /// recovery; one commitment), or Grin's value, blinding and 20-byte message (rewind; a
    /// wrong nonce is [`ProofError::RewindFailed`]). The proof is checked first: a proof that
    /// does not verify recovers nothing. Grin's recovery is checked against the commitment;
    /// Tari's cannot be without the value ([`Self::recover_with_value`]).
    pub fn recover(
        &self,
        suite: Suite,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        nonce: &[u8; 32],
    ) -> Result<Recovered, ProofError> {
        self.recover_with_value(suite, statement, proof, commitments, nonce, None)
    }

    #[cfg(feature = "std")]
    /// [`Self::recover`], checking the recovered opening against the commitment: with the
    /// value the caller knows (Tari's mask recovery does not give it), or with the value the
    /// rewind gives (Grin). An opening that does not make the commitment — a wrong seed — is
    /// [`ProofError::RewindFailed`], never blindings that open nothing.
    pub fn recover_with_value(
        &self,
        suite: Suite,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        nonce: &[u8; 32],
        value: Option<u64>,
    ) -> Result<Recovered, ProofError> {
        if !suite.has_recovery_nonce() {
            return Err(ProofError::NoRecoveryNonce);
        }
        suite.check_statement(statement, commitments.len())?;
        self.verify(suite, statement, proof, commitments, &mut rand_core::OsRng)?;
        let recoverer = suite.0.recoverer().ok_or(ProofError::NoRecoveryNonce)?;
        let mut recovered =
            recoverer.recover(self.state(suite), statement, proof, commitments, nonce)?;
        if let Some(given) = value {
            if recovered.value.is_some_and(|v| v != given) {
                return Err(ProofError::RewindFailed);
            }
        }
        if let Some(value) = value.or(recovered.value) {
            // The one commitment's blindings, as `commit` takes them (a copy wiped on drop).
            let per_value = Zeroizing::new(vec![recovered.blindings.to_vec()]);
            let made = self.commit(suite, statement, &[value], &per_value)?;
            if made.first() != commitments.first() {
                return Err(ProofError::RewindFailed);
            }
            recovered.checked = true;
        }
        Ok(recovered)
    }

    /// The commitments to `values` with `blindings` (per value, `extension_degree` canonical
    /// scalar encodings), encoded as the suite's proofs and documents carry them: what
    /// [`Self::prove_with_blindings`] would commit to, without proving (constant-time in the
    /// openings).
    pub fn commit(
        &self,
        suite: Suite,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
    ) -> Result<Vec<Vec<u8>>, ProofError> {
        suite.check_statement_fields(statement)?;
        if blindings.len() != values.len() {
            return Err(StatementError::MismatchedLengths {
                values: values.len(),
                blindings: blindings.len(),
            }
            .into());
        }
        Self::prover(suite)?.commit(self.state(suite), statement, values, blindings)
    }

    /// The suite's prover, or why there is none.
    fn prover(suite: Suite) -> Result<&'static dyn super::SuiteProver, ProofError> {
        suite.0.prover().ok_or(ProofError::Unsupported(
            "this suite has no prover over bytes: its proofs are made through its typed API",
        ))
    }

    /// Verifies one proof (in the suite's wire format) for `commitments` (encoded).
    pub fn verify<R: RngCore + CryptoRng>(
        &self,
        suite: Suite,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        rng: &mut R,
    ) -> Result<(), ProofError> {
        suite.check_statement(statement, commitments.len())?;
        suite
            .0
            .verify(self.state(suite), statement, proof, commitments, rng)
    }
}
