//! Solana's instruction proof data as the suite takes it: its statement (each value's bit
//! length) and commitments, for [`Suite::SOLANA_BULLETPROOFS`](super::Suite::SOLANA_BULLETPROOFS).

use alloc::vec::Vec;

use super::SuiteStatement;
use crate::deployments::solana::ProofData;

impl ProofData {
    /// The statement the suite verifies this proof data under: its bit lengths.
    pub fn statement(&self) -> SuiteStatement {
        SuiteStatement {
            bit_lengths: self.bit_lengths().to_vec(),
            extension_degree: 1,
            ..SuiteStatement::default()
        }
    }

    /// The active commitments' encodings, as the suite takes commitments.
    pub fn commitment_list(&self) -> Vec<Vec<u8>> {
        self.commitments().iter().map(|c| c.to_vec()).collect()
    }
}
