//! A batched range proof instruction's proof data, as the ZK ElGamal proof program receives it
//! (`BatchedRangeProofU64Data` and its siblings in `solana-zk-elgamal-proof-interface` 1.0.0):
//! the 264-byte context — 8 commitment slots of 32 bytes, then 8 bit-length bytes, slot
//! \\(i\\) with byte \\(i\\) — followed by the proof.
//!
//! The context's rules are the program's (`verify_batched_range_proof_context` and each
//! kind's `verify_proof`), in its order: the active commitments are the leading slots up to
//! the first all-zero one; at least one; each active bit length in 1..=64; every slot and
//! bit-length byte after them zero; the lengths summing to the kind's total. The program also
//! decompresses each active commitment here; that is left to verification, which refuses an
//! encoding that is not a point just the same (and decodes a batch's commitments together,
//! sixteen square roots at a time).

use alloc::vec::Vec;

use crate::{DecodeError, ProofError, StatementError};

/// The most commitments one instruction carries.
pub const MAX_COMMITMENTS: usize = 8;

/// The context's length: the commitment slots, then the bit-length bytes.
pub const CONTEXT_LEN: usize = MAX_COMMITMENTS * 32 + MAX_COMMITMENTS;

/// The three batched range proof instructions, by the total of their values' bit lengths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `VerifyBatchedRangeProofU64`: 64 bits in all.
    U64,
    /// `VerifyBatchedRangeProofU128`: 128 bits in all.
    U128,
    /// `VerifyBatchedRangeProofU256`: 256 bits in all.
    U256,
}

impl Kind {
    /// Every kind, smallest first.
    pub const ALL: [Kind; 3] = [Kind::U64, Kind::U128, Kind::U256];

    /// The total of the values' bit lengths.
    pub fn bits(self) -> usize {
        match self {
            Kind::U64 => 64,
            Kind::U128 => 128,
            Kind::U256 => 256,
        }
    }

    /// The kind whose total is `bits`.
    pub fn from_bits(bits: usize) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.bits() == bits)
    }

    /// Its name in documents: `u64`, `u128`, `u256`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::U64 => "u64",
            Kind::U128 => "u128",
            Kind::U256 => "u256",
        }
    }

    /// The kind named `name`.
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The proof's length: 7 elements, \\(2 \log_2 N\\) round points, \\(a, b\\) (672, 736,
    /// 800 bytes).
    pub fn proof_len(self) -> usize {
        (9 + 2 * self.bits().trailing_zeros() as usize) * 32
    }

    /// The proof data's length: the context and the proof (936, 1000, 1064 bytes).
    pub fn data_len(self) -> usize {
        CONTEXT_LEN + self.proof_len()
    }

    /// The totals this kind allows (its own), for errors.
    fn totals(self) -> &'static [usize] {
        match self {
            Kind::U64 => &[64],
            Kind::U128 => &[128],
            Kind::U256 => &[256],
        }
    }
}

/// An instruction's proof data, its context checked as the program checks it (the proof and
/// the commitments' encodings are decoded and checked when verified).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofData {
    kind: Kind,
    commitments: Vec<[u8; 32]>,
    bit_lengths: Vec<usize>,
    proof: Vec<u8>,
}

impl ProofData {
    /// Reads proof data (context, then proof) as the program does: its length names the
    /// kind, and the context must follow the program's rules (see the module notes).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        let kind = Kind::ALL
            .into_iter()
            .find(|k| k.data_len() == bytes.len())
            .ok_or(DecodeError::InvalidLength(bytes.len()))?;
        let (context, proof) = bytes.split_at(CONTEXT_LEN);
        let (slots, lengths) = context.split_at(MAX_COMMITMENTS * 32);
        let slots: Vec<[u8; 32]> = slots
            .chunks_exact(32)
            .map(|s| <[u8; 32]>::try_from(s).unwrap_or([0; 32]))
            .collect();
        let active = slots.iter().take_while(|s| **s != [0; 32]).count();
        let lengths: Vec<usize> = lengths.iter().map(|&n| usize::from(n)).collect();
        Self::checked(
            kind,
            slots[..active].to_vec(),
            lengths[..active].to_vec(),
            proof.to_vec(),
            slots[active..].iter().all(|s| *s == [0; 32])
                && lengths[active..].iter().all(|&n| n == 0),
        )
    }

    /// Proof data from its parts: the active commitments' encodings, their bit lengths and the
    /// proof, whose length names the kind; checked as [`Self::from_bytes`] checks their bytes.
    pub fn new(
        commitments: Vec<[u8; 32]>,
        bit_lengths: Vec<usize>,
        proof: Vec<u8>,
    ) -> Result<Self, ProofError> {
        let kind = Kind::ALL
            .into_iter()
            .find(|k| k.proof_len() == proof.len())
            .ok_or(DecodeError::InvalidLength(proof.len()))?;
        if commitments.len() != bit_lengths.len() {
            return Err(StatementError::MismatchedBitLengths {
                values: commitments.len(),
                bit_lengths: bit_lengths.len(),
            }
            .into());
        }
        if commitments.len() > MAX_COMMITMENTS {
            return Err(StatementError::InvalidAggregation {
                given: commitments.len(),
                max: MAX_COMMITMENTS,
            }
            .into());
        }
        // An all-zero commitment is the identity, which would end the active slots.
        if commitments.contains(&[0; 32]) {
            return Err(DecodeError::IdentityPoint.into());
        }
        Self::checked(kind, commitments, bit_lengths, proof, true)
    }

    /// The program's context rules, in its order.
    fn checked(
        kind: Kind,
        commitments: Vec<[u8; 32]>,
        bit_lengths: Vec<usize>,
        proof: Vec<u8>,
        zero_tail: bool,
    ) -> Result<Self, ProofError> {
        if commitments.is_empty() {
            return Err(StatementError::InvalidAggregation {
                given: 0,
                max: MAX_COMMITMENTS,
            }
            .into());
        }
        if let Some(&n) = bit_lengths.iter().find(|&&n| n == 0 || n > 64) {
            return Err(StatementError::InvalidBitLength(n).into());
        }
        if !zero_tail {
            return Err(DecodeError::NonZeroUnusedSlot.into());
        }
        let total: usize = bit_lengths.iter().sum();
        if total != kind.bits() {
            return Err(StatementError::InvalidBitTotal {
                total,
                allowed: kind.totals(),
            }
            .into());
        }
        Ok(ProofData {
            kind,
            commitments,
            bit_lengths,
            proof,
        })
    }

    /// The proof data's bytes: the context (unused slots zero), then the proof.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.kind.data_len());
        for c in &self.commitments {
            out.extend_from_slice(c);
        }
        out.resize(MAX_COMMITMENTS * 32, 0);
        // Each at most 64: checked when made.
        out.extend(self.bit_lengths.iter().map(|&n| n as u8));
        out.resize(CONTEXT_LEN, 0);
        out.extend_from_slice(&self.proof);
        out
    }

    /// The instruction's kind.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The active commitments' encodings, in slot order.
    pub fn commitments(&self) -> &[[u8; 32]] {
        &self.commitments
    }

    /// Their bit lengths.
    pub fn bit_lengths(&self) -> &[usize] {
        &self.bit_lengths
    }

    /// The proof (672, 736 or 800 bytes by the kind; not yet decoded).
    pub fn proof(&self) -> &[u8] {
        &self.proof
    }
}
