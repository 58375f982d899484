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
//! Each step consumes the previous state, so one session answers one \\(x\\).
//!
//! # A private nonce is for one session only
//!
//! \\(\tau_{1,i}, \tau_{2,i}\\) come from the private nonce alone, and \\(z\\) from the
//! statement, the value and the common nonce alone, so both are the same in every session a
//! party starts with the same private nonce — while \\(x\\) hashes the summed \\(T\\)
//! shares, which a co-signer changes at will by changing its own. Each answer
//! \\(\tau_{x,i} = \tau_{1,i} x + \tau_{2,i} x^2 + z^2 \gamma_i\\) is then a value of one fixed
//! quadratic polynomial in \\(x\\) whose constant term is \\(z^2 \gamma_i\\): three sessions at
//! three different \\(x\\) give three linear equations in \\(\tau_{1,i}, \tau_{2,i},
//! \gamma_i\\), whose solution (interpolation at \\(x = 0\\)) is the blinding share (this
//! module's test `reused_private_nonce_reveals_the_blinding_share` does it). Consuming states
//! cannot prevent this: each session is a new [`MultipartyProver`]. So draw a fresh private
//! nonce for every session ([`MultipartyProver::with_fresh_nonce`]);
//! [`MultipartyProver::new`], which takes the nonce from the caller as the C library's API
//! does (and so has the same hazard there), is for deterministic tests and for callers that
//! guarantee a fresh nonce per session themselves.
//!
//! What the protocol does not give: the rewind nonce is shared, so every party learns
//! \\(\alpha, \rho\\) — and the value — which is this protocol's premise (all parties own the
//! output). A bad share is detected only as an invalid final proof: the messages carry no
//! per-party commitment to \\(\gamma_i\\) to check a share against.

use crate::{DecodeError, StatementError};
use k256::elliptic_curve::sec1::{FromEncodedPoint, ToEncodedPoint};
use k256::{AffinePoint, EncodedPoint as Sec1Point, ProjectivePoint, Scalar};
use rand_core::{CryptoRng, RngCore};
use zeroize::{Zeroize, ZeroizeOnDrop};

use super::prover::{chacha_scalars, prove_impl, GrinWitness, Outcome, SharedTau};
use super::{verify, GrinGeneratorCache, GrinStatement};
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
    let e =
        Sec1Point::from_bytes(bytes).map_err(|_| ProofError::Decode(DecodeError::InvalidPoint))?;
    Option::<AffinePoint>::from(AffinePoint::from_encoded_point(&e))
        .map(ProjectivePoint::from)
        .ok_or(ProofError::Decode(DecodeError::InvalidPoint))
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
        sum += Secp256k1::scalar_from_canonical_bytes(s).ok_or(DecodeError::NonCanonicalScalar)?;
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
    /// share, the common nonce and a private nonce drawn from `rng` for this session alone:
    /// what a party should use (see the module notes). The nonce is never exposed, and wiped
    /// with the states.
    pub fn with_fresh_nonce<R: RngCore + CryptoRng>(
        statement: GrinStatement,
        value: u64,
        blinding_share: Scalar,
        common_nonce: [u8; 32],
        message: Option<[u8; 20]>,
        rng: &mut R,
    ) -> Result<Self, ProofError> {
        let mut private_nonce = [0u8; 32];
        rng.fill_bytes(&mut private_nonce);
        let prover = Self::new(
            statement,
            value,
            blinding_share,
            common_nonce,
            private_nonce,
            message,
        );
        private_nonce.zeroize();
        prover
    }

    /// A party proving `value` in `statement`'s single joint commitment, with its blinding
    /// share, the common nonce and its private nonce, as the C library takes them.
    ///
    /// **`private_nonce` must never be used for a second session** (one that reaches
    /// [`AwaitingTSums::tau_x_share`]) with the same statement and common nonce: its
    /// \\(\tau_{1,i}, \tau_{2,i}\\) would repeat, and three answers at different \\(x\\) —
    /// which a co-signer obtains by varying its own \\(T\\) shares — reveal the blinding
    /// share (module notes). This constructor is for deterministic use (tests, reproducing the
    /// C library's outputs) and for callers that guarantee a fresh nonce per session; use
    /// [`Self::with_fresh_nonce`] otherwise.
    pub fn new(
        statement: GrinStatement,
        value: u64,
        blinding_share: Scalar,
        common_nonce: [u8; 32],
        private_nonce: [u8; 32],
        message: Option<[u8; 20]>,
    ) -> Result<Self, ProofError> {
        if statement.commitments.len() != 1 {
            return Err(StatementError::InvalidAggregation {
                given: statement.commitments.len(),
                max: 1,
            }
            .into());
        }
        if bool::from(blinding_share.is_zero()) {
            return Err(ProofError::InvalidSecret);
        }
        statement.check_shape()?;
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
        let Outcome::Challenges(after) = prove_impl(
            GrinGeneratorCache::process(),
            &self.statement,
            &self.witness,
            Some(&shared),
        )?
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
            .ok_or(DecodeError::NonCanonicalScalar)?;
        let (t1, t2) = self.t_sums.points()?;
        let shared = SharedTau {
            t1_share_sum: t1,
            t2_share_sum: t2,
            tau_x_sum: Some(tau_x),
        };
        let Outcome::Proof(proof) = prove_impl(
            GrinGeneratorCache::process(),
            &self.statement,
            &self.witness,
            Some(&shared),
        )?
        else {
            return Err(ProofError::InvalidMultipartyMessage);
        };
        let bytes = proof.to_bytes();
        verify(&bytes, &self.statement)?;
        Ok(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::secp256k1_zkp::bulletproofs::{commit, GrinProver, ValueGenerator};
    use rand::rngs::OsRng;

    fn random_nonce() -> [u8; 32] {
        let mut n = [0u8; 32];
        OsRng.fill_bytes(&mut n);
        n
    }

    /// A two-party output: the victim holds `victim_share`, the co-signer `other_share`.
    struct Setup {
        statement: GrinStatement,
        value: u64,
        common: [u8; 32],
        victim_share: Scalar,
        other_share: Scalar,
    }

    fn setup() -> Setup {
        let value = 200;
        let victim_share = Secp256k1::random_scalar(&mut OsRng);
        let other_share = Secp256k1::random_scalar(&mut OsRng);
        let commitment = Secp256k1::point_to_bytes(&commit(
            value,
            &(victim_share + other_share),
            &ValueGenerator::h(),
        ));
        Setup {
            statement: GrinProver {
                bits: 8,
                ..GrinProver::grin()
            }
            .statement(vec![commitment]),
            value,
            common: random_nonce(),
            victim_share,
            other_share,
        }
    }

    /// One honest-looking session between `victim` and a co-signer that draws a new private
    /// nonce each time (so the summed shares, and \\(x\\), change). Returns what the co-signer
    /// sees: \\(x\\), \\(z\\) (every party computes them) and the victim's \\(\tau_{x}\\) share.
    /// The session completes: the proof verifies.
    fn session(s: &Setup, victim: MultipartyProver) -> (Scalar, Scalar, Scalar) {
        let other = MultipartyProver::new(
            s.statement.clone(),
            s.value,
            s.other_share,
            s.common,
            random_nonce(),
            None,
        )
        .unwrap();
        let (victim, victim_t) = victim.t_shares().unwrap();
        let (other, other_t) = other.t_shares().unwrap();
        let sums = TShares::sum(&[victim_t, other_t]).unwrap();
        let (t1_share_sum, t2_share_sum) = sums.points().unwrap();
        let shared = SharedTau {
            t1_share_sum,
            t2_share_sum,
            tau_x_sum: None,
        };
        let Outcome::Challenges(after) = prove_impl(
            GrinGeneratorCache::process(),
            &other.statement,
            &other.witness,
            Some(&shared),
        )
        .unwrap() else {
            panic!("the state at x")
        };
        let (finisher, victim_tau) = victim.tau_x_share(&sums).unwrap();
        let (_, other_tau) = other.tau_x_share(&sums).unwrap();
        let proof = finisher
            .finish(&sum_tau_x(&[victim_tau, other_tau]).unwrap())
            .unwrap();
        verify(&proof, &s.statement).unwrap();
        let tau = Secp256k1::scalar_from_canonical_bytes(&victim_tau).unwrap();
        (after.x, after.z, tau)
    }

    fn det3(m: [[Scalar; 3]; 3]) -> Scalar {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    }

    /// The co-signer's attack: solve \\(\tau_{x,k} = \tau_1 x_k + \tau_2 x_k^2 + z^2 \gamma\\)
    /// (\\(k = 0, 1, 2\\)) for \\((\tau_1, \tau_2, \gamma)\\) by Cramer's rule, assuming the
    /// victim's \\(\tau_1, \tau_2\\) were the same in the three sessions.
    fn solve(samples: &[(Scalar, Scalar, Scalar)]) -> (Scalar, Scalar, Scalar) {
        let row = |(x, z, _): &(Scalar, Scalar, Scalar)| [*x, x.square(), z.square()];
        let m = [row(&samples[0]), row(&samples[1]), row(&samples[2])];
        let det = det3(m);
        assert!(!bool::from(det.is_zero()), "three distinct x");
        let with_column = |c: usize| {
            let mut mc = m;
            for (k, r) in mc.iter_mut().enumerate() {
                r[c] = samples[k].2;
            }
            det3(mc) * Secp256k1::invert(&det)
        };
        (with_column(0), with_column(1), with_column(2))
    }

    /// A party that reuses its private nonce across three sessions, while its co-signer varies
    /// its own shares, reveals its blinding share (and its \\(\tau_1, \tau_2\\)); with a
    /// fresh nonce per session the same attack gets nothing.
    #[test]
    fn reused_private_nonce_reveals_the_blinding_share() {
        let s = setup();
        let private_nonce = random_nonce();
        let reused: Vec<_> = (0..3)
            .map(|_| {
                let victim = MultipartyProver::new(
                    s.statement.clone(),
                    s.value,
                    s.victim_share,
                    s.common,
                    private_nonce,
                    None,
                )
                .unwrap();
                session(&s, victim)
            })
            .collect();
        // z is the same in every session; x is not.
        assert!(reused.iter().all(|(_, z, _)| *z == reused[0].1));
        assert!(reused[0].0 != reused[1].0 && reused[1].0 != reused[2].0);
        let (tau1, tau2, gamma) = solve(&reused);
        assert_eq!(gamma, s.victim_share, "the blinding share leaks");
        assert_eq!((tau1, tau2), chacha_scalars(&private_nonce, 1));

        let fresh: Vec<_> = (0..3)
            .map(|_| {
                let victim = MultipartyProver::with_fresh_nonce(
                    s.statement.clone(),
                    s.value,
                    s.victim_share,
                    s.common,
                    None,
                    &mut OsRng,
                )
                .unwrap();
                session(&s, victim)
            })
            .collect();
        assert!(fresh.iter().all(|(_, z, _)| *z == fresh[0].1));
        let (_, _, gamma) = solve(&fresh);
        assert_ne!(gamma, s.victim_share, "fresh nonces: nothing to solve for");
    }
}
