#![doc = include_str!("../../docs/c.md")]
