//! Harnesses for peer libraries' internals that the benchmarks compare against.
//!
//! libsecp256k1-zkp (Grin's fork, vendored by the `grin_secp256k1zkp` crate) keeps its
//! multiscalar multiplication (`secp256k1_ecmult_multi_var`) internal. `build.rs` compiles
//! `c/ecmult_multi_bench.c` — which includes the vendored library's sources with the same
//! configuration `grin_secp256k1zkp` builds them with — into a small program, run by the
//! `versus_grin` benchmark. As a separate program it cannot clash with the library the crate
//! links.

use std::process::Command;

/// Path of the compiled harness, if the vendored sources were found at build time.
pub fn ecmult_multi_bench() -> Option<&'static str> {
    option_env!("PEERBENCH_ECMULT_MULTI")
}

/// Runs the harness: microseconds per point of `secp256k1_ecmult_multi_var` for each size,
/// with fresh scalars every iteration.
pub fn ecmult_multi_us_per_point(sizes: &[usize], iterations: usize) -> Option<Vec<(usize, f64)>> {
    let program = ecmult_multi_bench()?;
    let mut cmd = Command::new(program);
    cmd.arg(iterations.to_string());
    for n in sizes {
        cmd.arg(n.to_string());
    }
    let out = cmd.output().ok()?;
    if !out.status.success() {
        return None;
    }
    String::from_utf8(out.stdout)
        .ok()?
        .lines()
        .map(|l| {
            let mut it = l.split_whitespace();
            Some((it.next()?.parse().ok()?, it.next()?.parse().ok()?))
        })
        .collect()
}
