//! Decoding and encoding the suites share: commitments and blindings from bytes, a proof's
//! outputs to bytes, the Bulletproofs+ statement of a suite statement, a prover's nonce.

use crate::{DecodeError, StatementError};
use alloc::vec::Vec;
use rand_core::CryptoRngCore;
use zeroize::Zeroizing;

use super::{Proved, SuiteStatement};
use crate::bulletproofs_plus::Statement;
use crate::group::Group;
use crate::ProofError;

pub(crate) fn plus_statement(statement: &SuiteStatement) -> Statement<'_> {
    Statement {
        bits: statement.bits,
        extension_degree: statement.extension_degree,
        minimum_values: statement.minimum_values.as_deref(),
    }
}

/// A deterministic prover's nonce: the caller's, or 32 fresh random bytes (secp256k1-zkp's
/// provers derive every secret random value from it, so it is also what rewinds the proof).
pub(crate) fn given_or_fresh_nonce(
    nonce: Option<&[u8; 32]>,
    rng: &mut dyn CryptoRngCore,
) -> Zeroizing<[u8; 32]> {
    Zeroizing::new(match nonce {
        Some(given) => *given,
        None => {
            let mut fresh = [0u8; 32];
            rng.fill_bytes(&mut fresh);
            fresh
        }
    })
}

/// The commitments as the group's encodings (a wrong length is an invalid point).
pub(crate) fn encodings<G: Group>(
    commitments: &[Vec<u8>],
) -> Result<Vec<G::PointEncoding>, ProofError> {
    commitments
        .iter()
        .map(|c| {
            G::PointEncoding::try_from(c.as_slice())
                .map_err(|_| ProofError::Decode(DecodeError::InvalidPoint))
        })
        .collect()
}

/// Per value, exactly `degree` canonical scalars of `G`.
pub(crate) fn decode_blindings<G: Group>(
    blindings: &[Vec<Vec<u8>>],
    degree: usize,
) -> Result<Zeroizing<Vec<Vec<G::Scalar>>>, ProofError> {
    let mut out = Zeroizing::new(Vec::with_capacity(blindings.len()));
    for per_value in blindings {
        if per_value.len() != degree {
            return Err(StatementError::InvalidExtensionDegree {
                given: per_value.len(),
                max: degree,
            }
            .into());
        }
        let mut scalars = Vec::with_capacity(degree);
        for bytes in per_value {
            let encoding = G::ScalarEncoding::try_from(bytes.as_slice())
                .map_err(|_| ProofError::Decode(DecodeError::NonCanonicalScalar))?;
            scalars.push(crate::group::decode_scalar::<G>(&encoding)?);
        }
        out.push(scalars);
    }
    Ok(out)
}

/// Per value, exactly one canonical scalar of `G`.
pub(crate) fn single_blindings<G: Group>(
    blindings: &[Vec<Vec<u8>>],
) -> Result<Zeroizing<Vec<G::Scalar>>, ProofError> {
    let decoded = decode_blindings::<G>(blindings, 1)?;
    Ok(Zeroizing::new(decoded.iter().map(|b| b[0]).collect()))
}

pub(crate) fn proved<'a, G: Group, I: Iterator<Item = &'a [G::Scalar]>>(
    proof: Vec<u8>,
    commitments: &[crate::EncodedPoint<G>],
    blindings: I,
) -> Proved {
    Proved {
        proof,
        commitments: commitments
            .iter()
            .map(|c| c.bytes.as_ref().to_vec())
            .collect(),
        blindings: Zeroizing::new(
            blindings
                .map(|b| {
                    b.iter()
                        .map(|s| G::scalar_to_bytes(s).as_ref().to_vec())
                        .collect()
                })
                .collect(),
        ),
        rewind_nonce: None,
    }
}

/// A function drawing a random scalar of the group named `group`, encoded (a blinding
/// factor): the one place the suites' groups are told apart by name, so no suite carries its
/// own. A group this build does not have draws nothing (no suite of it is registered).
pub(crate) fn random_scalar_of(group: &str) -> fn(&mut dyn CryptoRngCore) -> Vec<u8> {
    fn draw<G: Group>(mut rng: &mut dyn CryptoRngCore) -> Vec<u8> {
        G::scalar_to_bytes(&G::random_scalar(&mut rng))
            .as_ref()
            .to_vec()
    }
    fn none(_: &mut dyn CryptoRngCore) -> Vec<u8> {
        Vec::new()
    }
    match group {
        g if g == crate::Ristretto255::NAME => draw::<crate::Ristretto255>,
        g if g == crate::Ed25519::NAME => draw::<crate::Ed25519>,
        #[cfg(feature = "group-secp256k1")]
        g if g == crate::Secp256k1::NAME => draw::<crate::Secp256k1>,
        _ => none,
    }
}
