#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rangeproof_fuzz::cli_targets::split_documents(data));
