//! The parts of the `rangeproof` command-line tool that other programs (the fuzz targets, the
//! tests) drive directly: the proof-document parser and its input limits.

pub mod document;
