#![doc = include_str!("../../docs/monero.md")]
