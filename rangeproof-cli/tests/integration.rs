//! The command-line tool's integration tests, one test binary (each module was a test crate of
//! its own, and each linked the library: issue 54). Run one with
//! `cargo test -p rangeproof-cli --test integration <module>::`.

// The helpers the modules share.
mod common;

mod blame;
mod bulletproofs_pp;
mod circuit;
mod cli;
mod elements;
mod fresh_clone;
mod hardening;
mod mpc;
mod mweb;
mod new_user;
mod real_use;
mod registry_lists;
mod secrets;
mod solana;
