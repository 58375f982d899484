//! A party: some of the values and their blindings, and its rounds as states.

use crate::StatementError;
use rand_core::{CryptoRng, RngCore};
use zeroize::Zeroizing;

use super::messages::{BitChallenge, BitCommitment, PolyChallenge, PolyCommitment, ProofShare};
use super::MpcError;
use crate::bulletproofs::prover::{self, Share};
use crate::deployments::{BulletproofsConvention, Generators, Publisher};
use crate::generators::RangeGens;
use crate::group::{EncodedPoint, Group};
use crate::ProofError;

/// A party before the protocol: its values (n bits each) and blindings.
pub struct Party<'g, G: Group> {
    gens: &'g RangeGens<G>,
    /// The convention's cofactor (all a party's rounds take from it: the transcript is the
    /// dealer's).
    cofactor_log2: u32,
    n: usize,
    values: Zeroizing<Vec<u64>>,
    blindings: Zeroizing<Vec<G::Scalar>>,
}

/// After round 1: waiting for \\(y, z\\).
pub struct PartyAwaitingBitChallenge<'g, G: Group> {
    party: Party<'g, G>,
    position: usize,
    bits: prover::BitCommitment<G>,
}

/// After round 2: waiting for \\(x\\).
pub struct PartyAwaitingPolyChallenge<'g, G: Group> {
    party: Party<'g, G>,
    position: usize,
    bits: prover::BitCommitment<G>,
    poly: prover::PolyCommitment<G>,
}

impl<'g, G: Group> Party<'g, G> {
    /// A party holding `values` (each below \\(2^n\\)) with `blindings`.
    pub fn new<C: BulletproofsConvention<Group = G>>(
        gens: &'g Generators<C>,
        n: usize,
        values: &[u64],
        blindings: &[G::Scalar],
    ) -> Result<Self, ProofError> {
        // The paper's aggregation: each value on its own party share (Solana's one chain is
        // the single prover's).
        if C::PER_VALUE_BIT_LENGTHS {
            return Err(StatementError::RefusedByDeployment.into());
        }
        if !crate::bulletproofs::VALID_BITSIZES.contains(&n) {
            return Err(StatementError::InvalidBitsize {
                given: n,
                supported: &crate::bulletproofs::VALID_BITSIZES,
            }
            .into());
        }
        if values.is_empty() || values.len() > crate::MAX_AGGREGATION {
            return Err(StatementError::InvalidAggregation {
                given: values.len(),
                max: crate::MAX_AGGREGATION,
            }
            .into());
        }
        if blindings.len() != values.len() {
            return Err(StatementError::MismatchedLengths {
                values: values.len(),
                blindings: blindings.len(),
            }
            .into());
        }
        if n < 64 && values.iter().any(|v| v >> n != 0) {
            return Err(StatementError::ValueOutOfRange { bits: n }.into());
        }
        Ok(Party {
            gens,
            cofactor_log2: C::COFACTOR_LOG2,
            n,
            values: Zeroizing::new(values.to_vec()),
            blindings: Zeroizing::new(blindings.to_vec()),
        })
    }

    fn share(&self, position: usize) -> Share<'_, G> {
        Share::uniform(
            self.n,
            position,
            self.values.len(),
            &self.values,
            &self.blindings,
        )
    }

    /// Round 1 at `position` (the index of this party's first value in the aggregate): the
    /// value commitments and \\(A_j, S_j\\). Nonces are hedged as the single prover's: drawn
    /// from a merlin RNG keyed by the party's position, values and blindings and by `rng`, so a
    /// broken `rng` alone does not repeat them across different witnesses.
    pub fn commit<R: RngCore + CryptoRng>(
        self,
        position: usize,
        rng: &mut R,
    ) -> Result<(PartyAwaitingBitChallenge<'g, G>, BitCommitment<G>), MpcError> {
        if position + self.values.len() > crate::MAX_AGGREGATION {
            return Err(MpcError::Malformed("position past the largest aggregate"));
        }
        self.gens
            .check_capacity(self.n, position + self.values.len())?;
        let publisher = Publisher::<G>::new(self.cofactor_log2);
        let pc = self.gens.pedersen();
        let commitments = self
            .values
            .iter()
            .zip(self.blindings.iter())
            .map(|(v, g)| EncodedPoint::from_point(pc.commit(G::Scalar::from(*v), *g)))
            .collect();
        let mut witness = Zeroizing::new(Vec::with_capacity(40 * self.values.len()));
        for (v, gamma) in self.values.iter().zip(self.blindings.iter()) {
            witness.extend_from_slice(&v.to_le_bytes());
            witness.extend_from_slice(G::scalar_to_bytes(gamma).as_ref());
        }
        let mut keyed = merlin::Transcript::new(b"rangeproof mpc party");
        keyed.append_u64(b"position", position as u64);
        keyed.append_u64(b"n", self.n as u64);
        let mut hedged = keyed
            .build_rng()
            .rekey_with_witness_bytes(b"witness", &witness)
            .finalize(rng);
        let bits = prover::commit_bits(self.gens, &publisher, &self.share(position), &mut hedged);
        let message = BitCommitment {
            position,
            commitments,
            a: bits.a,
            s: bits.s,
        };
        Ok((
            PartyAwaitingBitChallenge {
                party: self,
                position,
                bits,
            },
            message,
        ))
    }
}

impl<'g, G: Group> PartyAwaitingBitChallenge<'g, G> {
    /// Round 2: \\(T_{1,j}, T_{2,j}\\) for the challenges \\(y, z\\) (refused if zero).
    pub fn apply_challenge(
        self,
        challenge: &BitChallenge<G>,
    ) -> Result<(PartyAwaitingPolyChallenge<'g, G>, PolyCommitment<G>), MpcError> {
        if challenge.y == G::zero() || challenge.z == G::zero() {
            return Err(MpcError::Malformed("zero challenge"));
        }
        let publisher = Publisher::<G>::new(self.party.cofactor_log2);
        let poly = self.bits.commit_polynomial(
            self.party.gens,
            &publisher,
            &self.party.share(self.position),
            challenge.y,
            challenge.z,
        );
        let message = PolyCommitment {
            position: self.position,
            t_1: poly.t_1,
            t_2: poly.t_2,
        };
        Ok((
            PartyAwaitingPolyChallenge {
                party: self.party,
                position: self.position,
                bits: self.bits,
                poly,
            },
            message,
        ))
    }
}

impl<G: Group> PartyAwaitingPolyChallenge<'_, G> {
    /// Round 3: the party's share of the proof for the challenge \\(x\\) (refused if zero).
    pub fn apply_challenge(self, challenge: &PolyChallenge<G>) -> Result<ProofShare<G>, MpcError> {
        if challenge.x == G::zero() {
            return Err(MpcError::Malformed("zero challenge"));
        }
        let mut answers =
            self.bits
                .answer(&self.poly, &self.party.share(self.position), challenge.x);
        Ok(ProofShare {
            position: self.position,
            t_x: answers.t_x,
            t_x_blinding: answers.t_x_blinding,
            e_blinding: answers.e_blinding,
            l: core::mem::take(&mut *answers.l),
            r: core::mem::take(&mut *answers.r),
        })
    }
}
