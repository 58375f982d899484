//! The curve25519 engine's vector multiscalar multiplication alone, per point, at a batch's
//! and a large circuit's sizes: for quick before/after comparisons and profiling (the `msm`
//! group of `benches/engine.rs` is the measurement of record).
//!
//! `cargo run --release -p rangeproof --features internals --example msm_profile [rounds] [size ...]`

use std::time::Instant;

use curve25519_dalek::{RistrettoPoint, Scalar};
use rand_core::{OsRng, RngCore};
use rangeproof::group::curve25519::{decompress_ristretto, msm_x8, Backend};

fn random_scalar() -> Scalar {
    let mut wide = [0u8; 64];
    OsRng.fill_bytes(&mut wide);
    Scalar::from_bytes_mod_order_wide(&wide)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rounds: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(5);
    let sizes: Vec<usize> = match args.get(2..) {
        Some(rest) if !rest.is_empty() => rest.iter().filter_map(|s| s.parse().ok()).collect(),
        _ => vec![17_408, 65_536],
    };
    for size in sizes {
        let encodings: Vec<[u8; 32]> = (0..size)
            .map(|_| {
                RistrettoPoint::mul_base(&random_scalar())
                    .compress()
                    .to_bytes()
            })
            .collect();
        let points: Vec<_> = decompress_ristretto(&encodings, Backend::detect())
            .into_iter()
            .map(|p| p.expect("valid"))
            .collect();
        for _ in 0..rounds {
            // Fresh scalars every round: the bucket method's work depends on the digits.
            let scalars: Vec<Scalar> = (0..size).map(|_| random_scalar()).collect();
            let t = Instant::now();
            let sum = msm_x8::vartime_msm(&scalars, &points).expect("a CPU with AVX-512 IFMA");
            let elapsed = t.elapsed();
            std::hint::black_box(sum);
            println!(
                "{size} points: {elapsed:?} ({:.1} ns a point)",
                elapsed.as_nanos() as f64 / size as f64
            );
        }
    }
}
