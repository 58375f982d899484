//! Secrets from a file or standard input instead of the command line.
//!
//! A command line is visible to every user of the machine (`ps`, `/proc/<pid>/cmdline`) and is
//! often kept in shell history, so every argument that carries a secret — values, blindings, a
//! recovery nonce, a preimage — has a `--…-file` twin that reads the same text from a file, or
//! from standard input for `-`. Lists are separated by commas or whitespace, and surrounding
//! whitespace is ignored, so `openssl rand -hex 32 > nonce` gives a file `--nonce-file` reads
//! as it is. Everything read here is wiped when dropped, and errors name the input and the
//! position of a bad item, never its text.

use std::path::Path;

use rangeproof_documents::input::{self, MAX_SECRET_BYTES, MAX_VALUES_BYTES, STDIN};
use zeroize::Zeroizing;

/// Standard input can feed one argument per run: refuses a second `-` among `inputs` (flag
/// names and paths, `None` where the argument is absent).
pub(crate) fn one_stdin(inputs: &[(&str, Option<&Path>)]) -> Result<(), String> {
    let from_stdin: Vec<&str> = inputs
        .iter()
        .filter(|(_, path)| path.is_some_and(|p| p.as_os_str() == STDIN))
        .map(|(flag, _)| *flag)
        .collect();
    match from_stdin.as_slice() {
        [first, second, ..] => Err(format!(
            "{first} and {second} both read standard input: give one of them a file"
        )),
        _ => Ok(()),
    }
}

/// An amount as a command line or a values file spells it: a whole number from 0 to 2^64 - 1.
/// The error says what is wrong with it — negative, out of range, not a number — and never
/// quotes it (it may be an amount, or part of one).
pub(crate) fn parse_amount(text: &str) -> Result<u64, &'static str> {
    if text.is_empty() {
        Err("empty (two commas in a row, or one at the end)")
    } else if text.starts_with('-') {
        Err("negative: negative values are not allowed (values are whole numbers from 0 to 2^64 - 1)")
    } else if !text.bytes().all(|b| b.is_ascii_digit()) {
        Err("not a whole number (values are whole numbers from 0 to 2^64 - 1)")
    } else {
        text.parse::<u64>()
            .map_err(|_| "out of range (values are at most 2^64 - 1 = 18446744073709551615)")
    }
}

/// The parser of `--values` and its kind (each item of a comma-separated list, spaces around
/// it allowed: `--values "1, 2"`): an error names the flag and says what is wrong, never the
/// item — clap's own error would quote it (`invalid value '…'`), and it is an amount. With
/// `allow_hyphen_values`, `--values -5` reaches it and is refused as negative instead of
/// being read as an unknown option.
#[derive(Clone, Copy)]
pub(crate) struct Amounts;

impl clap::builder::TypedValueParser for Amounts {
    type Value = u64;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<u64, clap::Error> {
        let flag = arg
            .and_then(clap::Arg::get_long)
            .map_or_else(|| "a value".to_string(), |long| format!("--{long}"));
        let why = match value.to_str() {
            Some(text) => match parse_amount(text.trim()) {
                Ok(value) => return Ok(value),
                Err(why) => why,
            },
            None => "not text",
        };
        Err(clap::Error::raw(
            clap::error::ErrorKind::ValueValidation,
            format!("{flag}: a value is {why}; not shown: amounts are secret\n"),
        )
        .with_cmd(cmd))
    }
}

/// A count in a comma-separated list (`--bit-lengths 64, 64`), spaces around it allowed.
pub(crate) fn count(text: &str) -> Result<usize, String> {
    text.trim()
        .parse()
        .map_err(|_| "not a whole number".to_string())
}

/// Values separated by commas or whitespace, as `--values` takes them joined by commas.
pub(crate) fn parse_values(text: &str) -> Result<Zeroizing<Vec<u64>>, String> {
    let values = items(text)
        .enumerate()
        .map(|(i, v)| {
            // Counted from 1 as people count; the text itself is not echoed (it may be part of
            // an amount).
            parse_amount(v).map_err(|why| format!("the value at position {} is {why}", i + 1))
        })
        .collect::<Result<Vec<u64>, String>>()?;
    Ok(Zeroizing::new(values))
}

/// Secret hex (a blinding, a nonce, a key) decoded; the reason names `what` and says where the
/// text stops being hex, never quoting it (hex's own error shows the offending character).
pub(crate) fn secret_hex(what: &str, text: &str) -> Result<Zeroizing<Vec<u8>>, String> {
    hex::decode(text).map(Zeroizing::new).map_err(|e| {
        let why = match e {
            hex::FromHexError::InvalidHexCharacter { index, .. } => {
                format!("character {} is not a hex digit", index + 1)
            }
            hex::FromHexError::OddLength => "an odd number of hex digits".into(),
            hex::FromHexError::InvalidStringLength => "the wrong length".into(),
        };
        format!("{what} is not hex: {why}")
    })
}

/// The values in `path` (`--values-file` and its kind): at least one.
pub(crate) fn read_values(flag: &str, path: &Path) -> Result<Zeroizing<Vec<u64>>, String> {
    let text = input::read_secret_text(path, MAX_VALUES_BYTES)
        .map_err(|e| format!("{flag}: {e} (a values file holds at most 256 values)"))?;
    let values =
        parse_values(&text).map_err(|e| format!("{flag}: {}: {e}", input::input_name(path)))?;
    if values.is_empty() {
        return Err(format!("{flag}: {}: no values", input::input_name(path)));
    }
    Ok(values)
}

/// The hex items in `path`, separated by commas or whitespace (`--blindings-file`), as text:
/// the command decodes them as it decodes its literal argument.
pub(crate) fn read_hex_list(flag: &str, path: &Path) -> Result<Zeroizing<Vec<String>>, String> {
    let text =
        input::read_secret_text(path, MAX_SECRET_BYTES).map_err(|e| format!("{flag}: {e}"))?;
    Ok(Zeroizing::new(items(&text).map(str::to_owned).collect()))
}

/// The one hex item in `path` (`--nonce-file`), surrounding whitespace ignored.
pub(crate) fn read_hex(flag: &str, path: &Path) -> Result<Zeroizing<String>, String> {
    let list = read_hex_list(flag, path)?;
    match list.as_slice() {
        [one] => Ok(Zeroizing::new(one.clone())),
        [] => Err(format!("{flag}: {}: empty", input::input_name(path))),
        _ => Err(format!(
            "{flag}: {}: {} items, expected one",
            input::input_name(path),
            list.len()
        )),
    }
}

/// The bytes in `path` as they are (`--preimage-file`), at most `max` of them.
pub(crate) fn read_raw(flag: &str, path: &Path, max: u64) -> Result<Zeroizing<Vec<u8>>, String> {
    input::read_secret(path, max).map_err(|e| format!("{flag}: {e}"))
}

fn items(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|item| !item.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_refused_for_what_they_are_and_never_quoted() {
        assert_eq!(parse_amount("18446744073709551615"), Ok(u64::MAX));
        for (text, why) in [
            ("-5", "negative"),
            ("123456789123456789123456789", "out of range"),
            ("12345.5", "not a whole number"),
            ("+12345", "not a whole number"),
            ("", "empty"),
        ] {
            let err = parse_amount(text).unwrap_err();
            assert!(err.starts_with(why), "{text}: {err}");
            assert!(text.is_empty() || !err.contains(&text[1..]), "{err}");
        }
        let err = parse_values("1\n-123456789").unwrap_err();
        assert!(err.contains("position 2 is negative") && !err.contains("123456789"));
        let err = secret_hex("a blinding", &format!("{}zz", "ff".repeat(31))).unwrap_err();
        assert_eq!(
            err,
            "a blinding is not hex: character 63 is not a hex digit"
        );
    }

    #[test]
    fn values_split_on_commas_and_whitespace() {
        assert_eq!(*parse_values("1, 2\n3\t4,,\n").unwrap(), vec![1, 2, 3, 4]);
        let err = parse_values("1,x2,3").unwrap_err();
        assert!(err.contains("position 2") && !err.contains("x2"), "{err}");
        assert!(parse_values("18446744073709551616").is_err());
        assert!(parse_values("-1").is_err());
    }

    #[test]
    fn files_hold_what_the_arguments_would() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("secret");
        std::fs::write(&path, "  00ff\n").unwrap();
        assert_eq!(&*read_hex("--nonce-file", &path).unwrap(), "00ff");
        std::fs::write(&path, "aa,bb\ncc\n").unwrap();
        assert_eq!(
            *read_hex_list("--blindings-file", &path).unwrap(),
            ["aa", "bb", "cc"]
        );
        let err = read_hex("--nonce-file", &path).unwrap_err();
        assert!(err.contains("3 items, expected one"), "{err}");
        std::fs::write(&path, "\n").unwrap();
        assert!(read_hex("--nonce-file", &path)
            .unwrap_err()
            .contains("empty"));
        assert!(read_values("--values-file", &path)
            .unwrap_err()
            .contains("no values"));
        std::fs::write(&path, b"\x00ab\n").unwrap();
        assert_eq!(
            &*read_raw("--preimage-file", &path, 4).unwrap(),
            b"\x00ab\n"
        );
        assert!(read_raw("--preimage-file", &path, 3)
            .unwrap_err()
            .starts_with("--preimage-file: "));
    }

    #[test]
    fn standard_input_feeds_one_argument() {
        let stdin = Path::new("-");
        let file = Path::new("values.txt");
        assert!(one_stdin(&[
            ("--values-file", Some(stdin)),
            ("--blindings-file", Some(file))
        ])
        .is_ok());
        assert!(one_stdin(&[("--values-file", Some(stdin)), ("--blindings-file", None)]).is_ok());
        let err = one_stdin(&[
            ("--values-file", Some(stdin)),
            ("--blindings-file", Some(stdin)),
        ])
        .unwrap_err();
        assert!(err.contains("--values-file and --blindings-file"), "{err}");
    }
}
