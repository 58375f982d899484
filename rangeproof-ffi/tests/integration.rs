//! The C library's integration tests, one test binary (each module was a test crate of its own:
//! issue 54). Run one with `cargo test -p rangeproof-ffi --test integration <module>::`.

mod c_programs;
mod header;
mod secrets_in_reasons;
