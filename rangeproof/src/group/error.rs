//! Why bytes do not decode: the group and wire layer's error.

use thiserror::Error;

/// Why an encoding (a scalar, a point, a proof's bytes, a transaction) does not decode.
///
/// Decoding is the first thing a verifier does with untrusted bytes; each reason is one a
/// deployed verifier also refuses. Proof operations wrap it in
/// [`ProofError::Decode`](crate::ProofError::Decode).
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum DecodeError {
    /// The byte string has the wrong length for any proof of this kind.
    #[error("invalid proof length: {0} bytes")]
    InvalidLength(usize),
    /// A scalar encoding is not the canonical one (its value is at least the group order).
    #[error("non-canonical scalar encoding")]
    NonCanonicalScalar,
    /// A point encoding does not decode to a group element.
    #[error("invalid point encoding")]
    InvalidPoint,
    /// A prover message that the protocol forbids to be the identity is the identity.
    #[error("identity point where the protocol forbids it")]
    IdentityPoint,
    /// A commitment slot or bit length past a Solana instruction's last commitment is not
    /// zero (its program's context rule).
    #[error("an unused commitment slot or bit length is not zero")]
    NonZeroUnusedSlot,
    /// A proof format's version byte is not one this format defines.
    #[error("unknown proof version byte {0}")]
    UnknownVersion(u8),
    /// An encoding that decodes but is not the canonical one (an R1CS proof marked two-phase
    /// whose second-phase points are all the identity).
    #[error("non-canonical proof encoding")]
    NonCanonicalEncoding,
    /// A Borromean range proof's header is malformed: the reserved top bit set, an exponent
    /// above 18, a mantissa above 64 bits, or a range that overflows 64 bits.
    #[error("invalid range proof header (exponent, mantissa or minimum value)")]
    InvalidProofHeader,
    /// An Elements transaction that does not parse (the reason names the field).
    #[error("malformed transaction: {0}")]
    MalformedTransaction(&'static str),
    /// An input beyond the size its format allows (refused before it is read).
    #[error("{size} bytes, more than the {max} allowed")]
    TooLarge {
        /// Bytes given.
        size: usize,
        /// The most allowed.
        max: usize,
    },
}
