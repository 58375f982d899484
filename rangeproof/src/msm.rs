//! Multiscalar-multiplication dispatch shared by the verifiers.
//!
//! With the `parallel` feature, large variable-time MSMs are split into one chunk per rayon
//! thread and the partial sums added; below [`PARALLEL_THRESHOLD`] points the split costs more
//! than it saves (each chunk repeats Pippenger's bucket summation).

use crate::group::Group;

/// Below this many points an MSM runs on one thread.
#[cfg_attr(not(feature = "parallel"), allow(dead_code))]
pub const PARALLEL_THRESHOLD: usize = 1024;

/// Variable-time \\(\sum_i s_i P_i\\), split across threads when that pays.
pub(crate) fn vartime<G: Group>(scalars: &[G::Scalar], points: &[G::Point]) -> G::Point {
    debug_assert_eq!(scalars.len(), points.len());
    #[cfg(feature = "parallel")]
    {
        let threads = rayon::current_num_threads();
        if threads > 1 && scalars.len() >= PARALLEL_THRESHOLD {
            use rayon::prelude::*;
            let chunk = scalars.len().div_ceil(threads);
            return scalars
                .par_chunks(chunk)
                .zip(points.par_chunks(chunk))
                .map(|(s, p)| G::vartime_multiscalar_mul(s, p))
                .reduce(G::identity, |a, b| a + b);
        }
    }
    G::vartime_multiscalar_mul(scalars, points)
}
