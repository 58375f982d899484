//! The committed header is what cbindgen makes of this crate today: a change to an exported
//! function's signature or documentation that is not carried into `include/rangeproof.h` fails
//! here. (`RANGEPROOF_WRITE_HEADER=1 cargo test -p rangeproof-ffi --test integration header::`
//! rewrites it.)

use std::path::Path;

#[test]
fn the_committed_header_matches_the_rust_side() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")).unwrap();
    let mut generated = Vec::new();
    cbindgen::Builder::new()
        .with_crate(crate_dir)
        .with_config(config)
        .generate()
        .expect("cbindgen reads the crate")
        .write(&mut generated);
    let generated = String::from_utf8(generated).unwrap();
    let path = crate_dir.join("include/rangeproof.h");
    if std::env::var_os("RANGEPROOF_WRITE_HEADER").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "include/rangeproof.h differs from what cbindgen makes of the crate: regenerate it with \
         RANGEPROOF_WRITE_HEADER=1 cargo test -p rangeproof-ffi --test integration header::"
    );
}
