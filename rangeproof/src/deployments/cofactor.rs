//! The cofactor rules a deployment's provers and verifiers follow: points published times
//! \\(1/\mathrm{cofactor}\\), and cleared of torsion by the verifier.

use alloc::vec::Vec;

use crate::group::{Commitments, EncodedPoint, Group};
use crate::ProofError;

/// A point as a verification equation uses it: times the cofactor \\(2^k\\), computed by point
/// doublings as Monero's `scalarmult8` does, so that any torsion component is removed before the
/// point meets a (reduced) scalar. See the notes of [`crate::group::ed25519`] for why folding
/// the cofactor into the scalars is not the same.
pub(crate) fn clear_cofactor<G: Group>(cofactor_log2: u32, p: &G::Point) -> G::Point {
    match cofactor_log2 {
        0 => *p,
        k => G::mul_by_pow_2(p, k),
    }
}

/// \\(V_j = 2^{-k} C_j\\): the commitment points a deployment's proofs are about when its
/// provers publish points times \\(1/\mathrm{cofactor}\\) and its transcript hashes the divided
/// commitments (Monero's \\(8^{-1} C_j\\), as `bulletproofs_plus.cc` computes `V`; a verifier
/// clears their cofactor before use). Public points: variable time, one shared inversion.
/// Unused in a build without such a deployment.
#[cfg_attr(not(feature = "monero"), allow(dead_code))]
pub(crate) fn divided_by_cofactor<G: Group>(
    commitments: &Commitments<G>,
    cofactor_log2: u32,
) -> Result<Vec<EncodedPoint<G>>, ProofError> {
    let commitments = commitments.decoded()?;
    let inverse = G::invert(&G::Scalar::from(1u64 << cofactor_log2));
    let v: Vec<G::Point> = commitments
        .iter()
        .map(|c| Ok(G::vartime_multiscalar_mul(&[inverse], &[c.point()?])))
        .collect::<Result<_, ProofError>>()?;
    Ok(EncodedPoint::from_points(&v))
}

/// How a prover publishes its points under a deployment: times \\(1/\mathrm{cofactor}\\)
/// (Monero's \\(8^{-1}\\)), or unchanged. The inverse is computed once per proof.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Publisher<G: Group> {
    scale: Option<G::Scalar>,
}

impl<G: Group> Publisher<G> {
    /// A publisher for a convention whose cofactor is \(2^{k}\), `k = cofactor_log2`.
    pub(crate) fn new(cofactor_log2: u32) -> Self {
        let cofactor = 1u64 << cofactor_log2;
        Publisher {
            scale: (cofactor != 1).then(|| G::invert(&G::Scalar::from(cofactor))),
        }
    }

    /// The published form of a point the protocol computed.
    pub(crate) fn publish(&self, p: G::Point) -> crate::group::EncodedPoint<G> {
        let published = match self.scale {
            Some(s) => p * s,
            None => p,
        };
        #[cfg(test)]
        let published = tamper::published::<G>(published);
        crate::group::EncodedPoint::from_point(published)
    }
}

/// Test-only: makes a prover add a point (a torsion point, in the torsion tests) to one of
/// the points it publishes, or to one of its commitments, *before* the transcript hashes it —
/// what a malicious or merely unusual Monero prover can do, and Monero accepts — or blind
/// nothing, so that some prover messages are the identity.
#[cfg(test)]
pub(crate) mod tamper {
    use std::cell::{Cell, RefCell};

    use crate::group::{EncodedPoint, Group};

    /// Which point to alter.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub(crate) enum Target {
        /// The k-th point the prover publishes, in protocol order (counting from 0).
        Published(usize),
        /// The j-th commitment.
        Commitment(usize),
    }

    thread_local! {
        static PLAN: RefCell<Option<(Target, Vec<u8>)>> = const { RefCell::new(None) };
        static PUBLISHED: Cell<usize> = const { Cell::new(0) };
        static ZERO_NONCES: Cell<bool> = const { Cell::new(false) };
    }

    /// Runs `prove` (one proof) with the blinding nonces that make `S` (Bulletproofs) or `A1`
    /// and `B` (Bulletproofs+) set to zero: those points come out as the identity, and the
    /// proof is still valid (it only stops being zero-knowledge).
    pub(crate) fn with_zero_nonces<R>(prove: impl FnOnce() -> R) -> R {
        ZERO_NONCES.set(true);
        let result = prove();
        ZERO_NONCES.set(false);
        result
    }

    pub(crate) fn zero_nonces() -> bool {
        ZERO_NONCES.get()
    }

    /// Runs `prove` (one proof) with `offset` added to `target`.
    pub(crate) fn with<R>(
        target: Target,
        offset: impl AsRef<[u8]>,
        prove: impl FnOnce() -> R,
    ) -> R {
        PLAN.set(Some((target, offset.as_ref().to_vec())));
        PUBLISHED.set(0);
        let result = prove();
        PLAN.set(None);
        result
    }

    fn offset<G: Group>(bytes: &[u8]) -> G::Point {
        G::PointEncoding::try_from(bytes)
            .ok()
            .and_then(|e| G::point_from_bytes(&e))
            .expect("the offset is a canonical point")
    }

    pub(crate) fn published<G: Group>(p: G::Point) -> G::Point {
        let k = PUBLISHED.get();
        PUBLISHED.set(k + 1);
        PLAN.with_borrow(|plan| match plan {
            Some((Target::Published(t), bytes)) if *t == k => p + offset::<G>(bytes),
            _ => p,
        })
    }

    pub(crate) fn commitments<G: Group>(mut c: Vec<EncodedPoint<G>>) -> Vec<EncodedPoint<G>> {
        PLAN.with_borrow(|plan| {
            if let Some((Target::Commitment(j), bytes)) = plan {
                let point = c[*j].point().expect("test commitments decode");
                c[*j] = EncodedPoint::from_point(point + offset::<G>(bytes));
            }
        });
        c
    }
}
