//! Compiles the libsecp256k1-zkp MSM harness (see `src/lib.rs`) if the vendored sources of the
//! `grin_secp256k1zkp` crate are in the cargo registry; otherwise the harness is absent and the
//! benchmark says so.

use std::path::PathBuf;

fn vendored_sources() -> Option<PathBuf> {
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))?;
    let registry = cargo_home.join("registry").join("src");
    for index in std::fs::read_dir(registry).ok()?.flatten() {
        let dir = index
            .path()
            .join("grin_secp256k1zkp-0.8.0/depend/secp256k1-zkp");
        if dir.join("src/secp256k1.c").exists() {
            return Some(dir);
        }
    }
    None
}

fn main() {
    println!("cargo:rerun-if-changed=c/ecmult_multi_bench.c");
    println!("cargo:rerun-if-changed=build.rs");
    let Some(src) = vendored_sources() else {
        println!("cargo:warning=libsecp256k1-zkp sources not found: no C MSM harness");
        return;
    };
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let exe = out.join("ecmult_multi_bench");
    let compiler = cc::Build::new().opt_level(2).get_compiler();
    let mut cmd = compiler.to_command();
    // The configuration grin_secp256k1zkp 0.8's build.rs uses.
    for define in [
        "USE_NUM_NONE",
        "USE_FIELD_INV_BUILTIN",
        "USE_SCALAR_INV_BUILTIN",
        "USE_FIELD_10X26",
        "USE_SCALAR_8X32",
        "USE_ENDOMORPHISM",
        "ENABLE_MODULE_GENERATOR",
        "ENABLE_MODULE_BULLETPROOF",
    ] {
        cmd.arg(format!("-D{define}=1"));
    }
    cmd.arg(format!("-I{}", src.display()))
        .arg(format!("-I{}", src.join("include").display()))
        .arg(format!("-I{}", src.join("src").display()))
        .arg("c/ecmult_multi_bench.c")
        .arg("-o")
        .arg(&exe)
        .arg("-lm");
    match cmd.status() {
        Ok(s) if s.success() => {
            println!("cargo:rustc-env=PEERBENCH_ECMULT_MULTI={}", exe.display());
        }
        _ => println!("cargo:warning=could not compile the C MSM harness"),
    }
}
