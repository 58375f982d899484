#![doc = include_str!("../../docs/rust.md")]
