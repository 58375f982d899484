#![doc = include_str!("../../docs/sui.md")]
