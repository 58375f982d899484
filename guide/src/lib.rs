//! The guide's Rust blocks, run as doctests: each page of `docs/` (and the repository's README)
//! is a module's documentation, so `cargo test -p guide --doc` compiles and runs every
//! ```` ```rust ```` block of it. Nothing else is here; the crate is never published.
//!
//! Each module's file holds its page's `#![doc = include_str!(…)]` on its first line, so
//! rustdoc names a block by the file and the page's own line (`guide/src/monero.rs - monero
//! (line 17)`: docs/monero.md, line 17). Doctests run in this crate's directory, where
//! `vectors` and `rangeproof-cli` are links to the repository's: the pages name files by their
//! paths from the repository root.

// ```` ```bash norun ```` marks a shell block shown but not run (scripts/guide/blocks.mjs);
// rustdoc takes `norun` for a misspelt `no_run`, but never runs a bash block anyway.
#![allow(rustdoc::invalid_codeblock_attributes)]

pub mod aptos;
pub mod c;
pub mod cli;
pub mod cluster;
pub mod grin;
pub mod index;
pub mod liquid;
pub mod litecoin;
pub mod mobilecoin;
pub mod monero;
pub mod python;
pub mod readme;
pub mod reference;
pub mod rust;
pub mod solana;
pub mod sui;
pub mod tari;
