//! The multi-party protocol of secp256k1-zkp (`secp256k1_bulletproof_rangeproof_prove` in its
//! three multi-party modes; Grin's `bullet_proof_multisig`), for one commitment whose blinding
//! factor is split between parties: \\(V = (\sum_i \gamma_i) G + v H\\).
//!
//! Every party knows \\(v\\), \\(V\\), the common (rewind) nonce and the extra data; each keeps
//! its blinding share \\(\gamma_i\\) and a private nonce, from which its \\(\tau_{1,i}, \tau_{2,i}\\)
//! derive. The rounds:
//!
//! 1. each party publishes \\(T_{1,i} = \tau_{1,i} G\\) and \\(T_{2,i} = \tau_{2,i} G\\)
//!    ([`MultipartyProver::t_shares`]); the sums are formed ([`TShares::sum`]);
//! 2. each party, given the sums, recomputes \\(A, S\\) (from the common nonce),
//!    \\(T_1 = t_1 H + \sum_i T_{1,i}\\), \\(T_2\\) and the challenges, and publishes
//!    \\(\tau_{x,i} = \tau_{1,i} x + \tau_{2,i} x^2 + z^2 \gamma_i\\)
//!    ([`AwaitingTSums::tau_x_share`]);
//! 3. one party finishes the proof with \\(\tau_x = \sum_i \tau_{x,i}\\)
//!    ([`Finisher::finish`]), which verifies it before returning it.
//!
//! The messages are the C library's: the shares are SEC1-compressed public keys (what
//! `secp256k1_ec_pubkey_serialize` writes) and \\(\tau_{x,i}\\) a 32-byte big-endian scalar.
//! Each step consumes the previous state, so a party cannot answer two different \\(x\\) (two
//! answers to different challenges with the same \\(\tau_{1,i}, \tau_{2,i}\\) would leave three
//! equations short of one to solve for its share; a third would reveal it).
//!
//! What the protocol does not give: the rewind nonce is shared, so every party learns
//! \\(\alpha, \rho\\) — and the value — which is this protocol's premise (all parties own the
//! output). A bad share is detected only as an invalid final proof: the messages carry no
//! per-party commitment to \\(\gamma_i\\) to check a share against.

use k256::elliptic_curve::sec1::{FromEncodedPoint, ToEncodedPoint};
use k256::{AffinePoint, EncodedPoint as Sec1Point, ProjectivePoint, Scalar};
use zeroize::{Zeroize, ZeroizeOnDrop};

use super::prover::{chacha_scalars, prove_impl, GrinWitness, Outcome, SharedTau};
use super::{verify, GrinStatement};
use crate::group::{Group, Secp256k1};
use crate::ProofError;

/// One party's \\(T_1, T_2\\) shares, or their sums, as SEC1-compressed points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TShares {
    /// \\(T_{1,i}\\) (or \\(\sum_i T_{1,i}\\)).
    pub t1: [u8; 33],
    /// \\(T_{2,i}\\) (or \\(\sum_i T_{2,i}\\)).
    pub t2: [u8; 33],
}

fn sec1(p: &ProjectivePoint) -> Result<[u8; 33], ProofError> {
    if Secp256k1::is_identity(p) {
        return Err(ProofError::InvalidMultipartyMessage);
    }
    let e = p.to_affine().to_encoded_point(true);
    e.as_bytes()
        .try_into()
        .map_err(|_| ProofError::InvalidMultipartyMessage)
}

fn parse_sec1(bytes: &[u8; 33]) -> Result<ProjectivePoint, ProofError> {
    let e = Sec1Point::from_bytes(bytes).map_err(|_| ProofError::InvalidPoint)?;
    Option::<AffinePoint>::from(AffinePoint::from_encoded_point(&e))
        .map(ProjectivePoint::from)
        .ok_or(ProofError::InvalidPoint)
}

impl TShares {
    /// The points.
    fn points(&self) -> Result<(ProjectivePoint, ProjectivePoint), ProofError> {
        Ok((parse_sec1(&self.t1)?, parse_sec1(&self.t2)?))
    }

    /// \\(\sum_i T_{1,i}, \sum_i T_{2,i}\\) (`secp256k1_ec_pubkey_combine`; a sum at infinity is
    /// an error, as there).
    pub fn sum(shares: &[TShares]) -> Result<TShares, ProofError> {
        if shares.is_empty() {
            return Err(ProofError::InvalidMultipartyMessage);
        }
        let mut t1 = ProjectivePoint::IDENTITY;
        let mut t2 = ProjectivePoint::IDENTITY;
        for s in shares {
            let (a, b) = s.points()?;
            t1 += a;
            t2 += b;
        }
        Ok(TShares {
            t1: sec1(&t1)?,
            t2: sec1(&t2)?,
        })
    }
}

/// \\(\sum_i \tau_{x,i}\\).
pub fn sum_tau_x(shares: &[[u8; 32]]) -> Result<[u8; 32], ProofError> {
    let mut sum = Scalar::ZERO;
    for s in shares {
        sum += Secp256k1::scalar_from_canonical_bytes(s).ok_or(ProofError::NonCanonicalScalar)?;
    }
    Ok(Secp256k1::scalar_to_bytes(&sum))
}

/// A party at the start: the statement (with the joint commitment) and its secrets.
#[derive(Zeroize, ZeroizeOnDrop)]
pub struct MultipartyProver {
    #[zeroize(skip)]
    statement: GrinStatement,
    witness: GrinWitness,
}

/// A party that has published its \\(T\\) shares.
#[derive(Zeroize, ZeroizeOnDrop)]
pub struct AwaitingTSums {
    #[zeroize(skip)]
    statement: GrinStatement,
    witness: GrinWitness,
}

/// A party that has published its \\(\tau_x\\) share and may finish the proof.
pub struct Finisher {
    statement: GrinStatement,
    witness: GrinWitness,
    t_sums: TShares,
}

impl MultipartyProver {
    /// A party proving `value` in `statement`'s single joint commitment, with its blinding
    /// share, the common nonce and its private nonce.
    pub fn new(
        statement: GrinStatement,
        value: u64,
        blinding_share: Scalar,
        common_nonce: [u8; 32],
        private_nonce: [u8; 32],
        message: Option<[u8; 20]>,
    ) -> Result<Self, ProofError> {
        if statement.commitments.len() != 1 {
            return Err(ProofError::InvalidAggregation(statement.commitments.len()));
        }
        if bool::from(blinding_share.is_zero()) {
            return Err(ProofError::InvalidSecret);
        }
        statement.check()?;
        statement.commitment_points()?;
        Ok(MultipartyProver {
            statement,
            witness: GrinWitness {
                values: vec![value],
                blindings: vec![blinding_share],
                rewind_nonce: common_nonce,
                private_nonce: Some(private_nonce),
                message,
            },
        })
    }

    /// Round 1: \\(T_{1,i} = \tau_{1,i} G\\), \\(T_{2,i} = \tau_{2,i} G\\).
    pub fn t_shares(self) -> Result<(AwaitingTSums, TShares), ProofError> {
        let private = self
            .witness
            .private_nonce
            .unwrap_or(self.witness.rewind_nonce);
        let (tau1, tau2) = chacha_scalars(&private, 1);
        let shares = TShares {
            t1: sec1(&(ProjectivePoint::GENERATOR * tau1))?,
            t2: sec1(&(ProjectivePoint::GENERATOR * tau2))?,
        };
        Ok((
            AwaitingTSums {
                statement: self.statement.clone(),
                witness: self.witness.clone(),
            },
            shares,
        ))
    }
}

impl AwaitingTSums {
    /// Round 2: this party's \\(\tau_{x,i}\\) for the summed shares.
    pub fn tau_x_share(self, sums: &TShares) -> Result<(Finisher, [u8; 32]), ProofError> {
        let (t1, t2) = sums.points()?;
        let shared = SharedTau {
            t1_share_sum: t1,
            t2_share_sum: t2,
            tau_x_sum: None,
        };
        let Outcome::Challenges(after) = prove_impl(&self.statement, &self.witness, Some(&shared))?
        else {
            return Err(ProofError::InvalidMultipartyMessage);
        };
        let private = self
            .witness
            .private_nonce
            .unwrap_or(self.witness.rewind_nonce);
        let (tau1, tau2) = chacha_scalars(&private, 1);
        let share =
            tau1 * after.x + tau2 * after.x.square() + after.z.square() * self.witness.blindings[0];
        Ok((
            Finisher {
                statement: self.statement.clone(),
                witness: self.witness.clone(),
                t_sums: *sums,
            },
            Secp256k1::scalar_to_bytes(&share),
        ))
    }
}

impl Finisher {
    /// Round 3: the proof, with \\(\tau_x = \sum_i \tau_{x,i}\\); verified before it is returned
    /// (an invalid share gives [`ProofError::VerificationFailed`], never a bad proof).
    pub fn finish(self, tau_x_sum: &[u8; 32]) -> Result<Vec<u8>, ProofError> {
        let tau_x = Secp256k1::scalar_from_canonical_bytes(tau_x_sum)
            .ok_or(ProofError::NonCanonicalScalar)?;
        let (t1, t2) = self.t_sums.points()?;
        let shared = SharedTau {
            t1_share_sum: t1,
            t2_share_sum: t2,
            tau_x_sum: Some(tau_x),
        };
        let Outcome::Proof(proof) = prove_impl(&self.statement, &self.witness, Some(&shared))?
        else {
            return Err(ProofError::InvalidMultipartyMessage);
        };
        let bytes = proof.to_bytes();
        verify(&bytes, &self.statement)?;
        Ok(bytes)
    }
}
