//! Rewinding: what the holder of the rewind nonce learns from a single-value proof
//! (`secp256k1_bulletproof_rangeproof_rewind`).
//!
//! The prover reduced \\(\alpha\\) by \\(v\\) (and a 20-byte message), so with \\((\alpha, \rho)\\)
//! and \\(x\\) recomputed from the nonce and the transcript, \\(-\mu + \rho x + \alpha\\) is the
//! packed value: its first four bytes are zero for the right nonce (and for a wrong one with
//! probability \\(2^{-32}\\), the C library's only check). Likewise
//! \\(-\tau_x + \tau_1 x + \tau_2 x^2 = -z^2 \gamma\\) gives the blinding when the private nonce
//! was the rewind nonce. This implementation then checks the opening against the commitment,
//! and reports the blinding only when \\(\gamma G + v H_v = V\\); a mismatch with a plausible
//! value means the proof was made with a separate private nonce.
//!
//! Like the C code, rewinding reads the proof's bytes without decoding its points: it does not
//! verify the proof.

use crate::DecodeError;
use k256::Scalar;
use zeroize::{Zeroize, ZeroizeOnDrop};

use super::prover::chacha_scalars;
use super::transcript::HashChain;
use super::verifier::absorb_statement;
use super::GrinStatement;
use crate::group::{Group, Secp256k1};
use crate::ProofError;

/// What rewinding recovered.
#[derive(Clone, PartialEq, Eq, Zeroize, ZeroizeOnDrop)]
pub struct Rewound {
    /// The committed value.
    pub value: u64,
    /// The 20-byte message (zeros if none was given).
    pub message: [u8; 20],
    /// The blinding factor, when it opens the commitment together with `value`.
    pub blinding: Option<Scalar>,
}

impl core::fmt::Debug for Rewound {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Rewound")
            .field("value", &self.value)
            .field("blinding", &self.blinding.map(|_| ".."))
            .finish_non_exhaustive()
    }
}

/// Recovers the value, message and (if the nonces were equal) blinding of a single-value
/// proof from its rewind nonce.
pub fn rewind(
    proof: &[u8],
    statement: &GrinStatement,
    nonce: &[u8; 32],
) -> Result<Rewound, ProofError> {
    let nm = statement.check_shape()?;
    if statement.commitments.len() != 1 {
        return Err(ProofError::MaskRecoveryNeedsSingleProof);
    }
    if proof.len() != super::proof::proof_len(nm, 1) {
        return Err(DecodeError::InvalidLength(proof.len()).into());
    }
    let commitment = statement.commitment_points()?[0];
    let neg_tau_x = super::proof::scalar_nonzero(&proof[..32])?;
    let neg_mu = super::proof::scalar_nonzero(&proof[32..64])?;
    let (alpha, rho) = chacha_scalars(nonce, 0);
    let (tau1, tau2) = chacha_scalars(nonce, 1);

    let mut chain = HashChain::new();
    absorb_statement(&mut chain, statement);
    let signs = proof[64];
    let x_at = |i: usize| {
        let mut x = [0u8; 32];
        x.copy_from_slice(&proof[65 + 32 * i..97 + 32 * i]);
        (x, signs & (1 << i) != 0)
    };
    chain.absorb_pair(x_at(0), x_at(1));
    chain.absorb_pair(x_at(0), x_at(1));
    let z = chain.challenge().map_err(|_| ProofError::RewindFailed)?;
    chain.absorb_pair(x_at(2), x_at(3));
    let x = chain.challenge().map_err(|_| ProofError::RewindFailed)?;

    let packed = Secp256k1::scalar_to_bytes(&(neg_mu + rho * x + alpha));
    if packed[..4] != [0u8; 4] {
        return Err(ProofError::RewindFailed);
    }
    let mut value_bytes = [0u8; 8];
    value_bytes.copy_from_slice(&packed[24..]);
    let value = u64::from_be_bytes(value_bytes);
    let mut message = [0u8; 20];
    message.copy_from_slice(&packed[4..24]);

    let minus_z2_gamma = neg_tau_x + tau1 * x + tau2 * x.square();
    let gamma = -(minus_z2_gamma * Secp256k1::invert(&z.square()));
    let opens = super::commit(value, &gamma, &statement.value_generator) == commitment;
    Ok(Rewound {
        value,
        message,
        blinding: opens.then_some(gamma),
    })
}
