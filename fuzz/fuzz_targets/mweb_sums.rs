#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rangeproof_fuzz::mweb_targets::mweb_sums(data));
