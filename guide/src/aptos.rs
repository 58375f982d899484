#![doc = include_str!("../../docs/aptos.md")]
