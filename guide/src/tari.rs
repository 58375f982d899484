#![doc = include_str!("../../docs/tari.md")]
