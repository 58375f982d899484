//! The parts of the `rangeproof` command-line tool that other programs (the fuzz targets, the
//! tests) drive directly: the proof-document parser and bounded input.

pub mod circuit_document;
pub mod document;
pub mod input;
