#![doc = include_str!("../../docs/litecoin.md")]
