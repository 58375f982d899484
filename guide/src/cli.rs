#![doc = include_str!("../../docs/cli.md")]
