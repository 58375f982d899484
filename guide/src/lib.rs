//! The guide's Rust blocks, run as doctests: each page of `docs/` (and the repository's README)
//! is a module's documentation, so `cargo test -p guide --doc` compiles and runs every
//! ```` ```rust ```` block of it. Nothing else is here; the crate is never published.
//!
//! Doctests run in this crate's directory, where `vectors` and `rangeproof-cli` are links to
//! the repository's: the pages name files by their paths from the repository root.

// ```` ```bash norun ```` marks a shell block shown but not run (scripts/guide/blocks.mjs);
// rustdoc takes `norun` for a misspelt `no_run`, but never runs a bash block anyway.
#![allow(rustdoc::invalid_codeblock_attributes)]

#[doc = include_str!("../../README.md")]
pub mod readme {}

#[doc = include_str!("../../docs/monero.md")]
pub mod monero {}

#[doc = include_str!("../../docs/grin.md")]
pub mod grin {}

#[doc = include_str!("../../docs/liquid.md")]
pub mod liquid {}

#[doc = include_str!("../../docs/litecoin.md")]
pub mod litecoin {}

#[doc = include_str!("../../docs/solana.md")]
pub mod solana {}

#[doc = include_str!("../../docs/tari.md")]
pub mod tari {}

#[doc = include_str!("../../docs/reference.md")]
pub mod reference {}

#[doc = include_str!("../../docs/rust.md")]
pub mod rust {}

#[doc = include_str!("../../docs/cli.md")]
pub mod cli {}

#[doc = include_str!("../../docs/python.md")]
pub mod python {}

#[doc = include_str!("../../docs/c.md")]
pub mod c {}

#[doc = include_str!("../../docs/cluster.md")]
pub mod cluster {}

#[doc = include_str!("../../docs/README.md")]
pub mod index {}
