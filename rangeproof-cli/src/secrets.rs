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

/// Values separated by commas or whitespace, as `--values` takes them joined by commas.
pub(crate) fn parse_values(text: &str) -> Result<Zeroizing<Vec<u64>>, String> {
    let values = items(text)
        .enumerate()
        .map(|(i, v)| {
            // Counted from 1 as people count; the text itself is not echoed (it may be part of
            // an amount).
            v.parse::<u64>().map_err(|_| {
                format!(
                    "the value at position {} is not an integer between 0 and 2^64 - 1",
                    i + 1
                )
            })
        })
        .collect::<Result<Vec<u64>, String>>()?;
    Ok(Zeroizing::new(values))
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
