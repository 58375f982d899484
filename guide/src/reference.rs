#![doc = include_str!("../../docs/reference.md")]
