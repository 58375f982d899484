//! What the two curve25519 backends (ristretto255, Ed25519) share (`shared`: the scalar
//! field, encodings, batch points), and their verification engine: field arithmetic, points and
//! batched decoding of our own, for the verifier's hot paths where `curve25519-dalek`'s serial,
//! private field is the limit (as `group/secp256k1/` holds secp256k1's).
//!
//! - [`field`]: \\(\mathbb F_p\\) with `fiat-crypto`'s verified serial arithmetic.
//! - [`field_x8`]: the square root's candidate (its exponentiation \\(x^{(p-5)/8}\\) is the
//!   cost of decoding a point) for sixteen elements at a time with AVX-512 IFMA, or eight with
//!   AVX2 ([`field_x4`]), chosen at run time by CPU feature detection, serial otherwise.
//! - [`point`]: extended Edwards coordinates and the two encodings.
//! - [`decompress`]: batched ristretto255 and Ed25519 decoding that accepts and rejects
//!   exactly what the backends' own decoders do.
//! - [`elligator`]: ristretto255's one-way map from uniform bytes, many inputs at once (the
//!   generator chains in batch form without `curve25519-dalek` points).
//! - [`msm`], [`msm_x8`]: the bucket method over these points (serial reference, IFMA).
//! - [`scalar_x8`]: scalar vectors times a scalar in Montgomery form, eight at a time (the
//!   verifiers' coefficient vectors).
//!
//! Everything here handles public data (proof encodings) and is variable-time.

pub mod decompress;
pub mod elligator;
pub mod field;
pub mod field_x4;
pub mod field_x8;
pub mod msm;
pub mod msm_x8;
pub mod point;
pub mod scalar_x8;
mod shared;

pub use decompress::{decompress_ed25519, decompress_ristretto};
pub use field_x8::Backend;
pub use msm_x8::FixedBase;
pub use point::ExtendedPoint;
pub use shared::BatchPoint;
pub(in crate::group) use shared::{
    batch_add, batch_is_identity, batch_mul_by_pow_2, batch_point, batch_points,
    batch_points_from_bytes, batch_precompute, chunked_ct_msm, curve25519_batch_items,
    curve25519_scalar_items, engine_batches, to_dalek, vartime_batch_mixed_msm, vartime_batch_msm,
    CurvePoint,
};

/// For tests of vector code: which vector backends run on this CPU, saying so when one does not.
#[cfg(test)]
pub(crate) mod simd_test_support {
    use super::Backend;
    use std::collections::HashSet;
    use std::io::Write;
    use std::sync::Mutex;

    /// Set to `1` to make a test fail, instead of skipping its vector half, on a CPU without
    /// the feature (CI machines known to have AVX-512 IFMA and AVX2 should set it).
    pub(crate) const REQUIRE_SIMD: &str = "RANGEPROOF_REQUIRE_SIMD";

    fn feature_name(backend: Backend) -> &'static str {
        match backend {
            Backend::Ifma => "AVX-512 IFMA",
            Backend::Avx2 => "AVX2",
            Backend::Serial => "serial",
        }
    }

    /// Whether `backend` runs on this CPU. When it does not, prints (once per test and
    /// backend) `skipped: no <feature> on this CPU (<test>)` straight to the process's standard
    /// error — not through `eprintln!`, which the test harness captures for passing tests — and
    /// panics if [`REQUIRE_SIMD`] is `1`.
    pub(crate) fn runs_here(backend: Backend, test: &str) -> bool {
        if backend.is_available() {
            return true;
        }
        if std::env::var(REQUIRE_SIMD).is_ok_and(|v| v == "1") {
            panic!(
                "{test}: no {} on this CPU and {REQUIRE_SIMD}=1",
                feature_name(backend)
            );
        }
        static REPORTED: Mutex<Option<HashSet<(String, &'static str)>>> = Mutex::new(None);
        let first = REPORTED
            .lock()
            .map(|mut r| {
                r.get_or_insert_with(HashSet::new)
                    .insert((test.to_string(), feature_name(backend)))
            })
            .unwrap_or(true);
        if first {
            let _ = writeln!(
                std::io::stderr(),
                "skipped: no {} on this CPU ({test}: its vector half did not run)",
                feature_name(backend)
            );
        }
        false
    }

    /// The vector backends (AVX2, IFMA) that run on this CPU, reporting each that does not
    /// ([`runs_here`]).
    pub(crate) fn vector_backends(test: &str) -> Vec<Backend> {
        [Backend::Avx2, Backend::Ifma]
            .into_iter()
            .filter(|b| runs_here(*b, test))
            .collect()
    }

    /// The serial backend and every vector backend that runs here.
    pub(crate) fn all_backends(test: &str) -> Vec<Backend> {
        let mut backends = vec![Backend::Serial];
        backends.extend(vector_backends(test));
        backends
    }
}
