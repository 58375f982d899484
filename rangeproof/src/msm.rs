//! Multiscalar-multiplication dispatch shared by the verifiers.
//!
//! The verifiers' large MSMs run over [`Group::BatchPoint`]s (the engine's points on
//! curve25519 with AVX-512 IFMA). With the `parallel` feature, they are split into one chunk per
//! rayon thread and the partial sums added; below [`PARALLEL_THRESHOLD`] points the split costs
//! more than it saves (each chunk repeats the bucket summation).

use crate::group::Group;
use alloc::vec::Vec;

/// Below this many points an MSM runs on one thread.
#[cfg_attr(not(feature = "parallel"), allow(dead_code))]
pub const PARALLEL_THRESHOLD: usize = 1024;

/// Whether an MSM of `points` points is split across threads ([`split`]'s rule).
pub(crate) fn splits(points: usize) -> bool {
    #[cfg(feature = "parallel")]
    {
        rayon::current_num_threads() > 1 && points >= PARALLEL_THRESHOLD
    }
    #[cfg(not(feature = "parallel"))]
    {
        let _ = points;
        false
    }
}

/// `msm` over one chunk of the inputs per rayon thread, when there are several threads and
/// enough points to pay for the split; `None` to run it over the whole inputs instead.
#[cfg_attr(not(feature = "parallel"), allow(unused_variables))]
fn split<S: Sync, P: Sync, T: Send>(
    scalars: &[S],
    points: &[P],
    msm: impl Fn(&[S], &[P]) -> T + Sync + Send,
) -> Option<Vec<T>> {
    debug_assert_eq!(scalars.len(), points.len());
    #[cfg(feature = "parallel")]
    {
        let threads = rayon::current_num_threads();
        if threads > 1 && scalars.len() >= PARALLEL_THRESHOLD {
            use rayon::prelude::*;
            let chunk = scalars.len().div_ceil(threads);
            return Some(
                scalars
                    .par_chunks(chunk)
                    .zip(points.par_chunks(chunk))
                    .map(|(s, p)| msm(s, p))
                    .collect(),
            );
        }
    }
    None
}

/// Variable-time \\(\sum_i s_i P_i\\) over the group's own points, split across threads
/// when that pays.
pub(crate) fn vartime<G: Group>(scalars: &[G::Scalar], points: &[G::Point]) -> G::Point {
    match split(scalars, points, G::vartime_multiscalar_mul) {
        Some(parts) => parts.into_iter().fold(G::identity(), |a, b| a + b),
        None => G::vartime_multiscalar_mul(scalars, points),
    }
}

/// Whether the variable-time \\(\sum_i s_i P_i\\) is the identity, split across threads when
/// that pays. `false` too when the points cannot be evaluated (see
/// [`Group::vartime_batch_msm`]): a batch that cannot be checked is not accepted.
pub(crate) fn vartime_is_identity<G: Group>(
    scalars: &[G::Scalar],
    points: &[G::BatchPoint],
) -> bool {
    if let Some(parts) = split(scalars, points, G::vartime_batch_msm) {
        let mut parts = parts.into_iter();
        let Some(Some(mut sum)) = parts.next() else {
            return false;
        };
        for part in parts {
            let Some(next) = part.and_then(|p| G::batch_add(&sum, &p)) else {
                return false;
            };
            sum = next;
        }
        return G::batch_is_identity(&sum);
    }
    G::vartime_batch_msm(scalars, points).is_some_and(|sum| G::batch_is_identity(&sum))
}
