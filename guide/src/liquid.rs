#![doc = include_str!("../../docs/liquid.md")]
