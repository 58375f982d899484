//! The lists of schemes, groups and deployments that prose repeats are checked against the
//! registry (`Suite::ALL`): a deployment added with its registry line fails here until the
//! Python guide's reference, the Python package's docstrings and the CLI's help name it, and one
//! removed fails until they drop it.

use std::collections::BTreeSet;

use rangeproof::Suite;

/// The `"quoted"` names in the parenthesis after `key` (up to its closing `)`, or a `;` inside
/// it that ends the list).
fn quoted_after(text: &str, key: &str) -> BTreeSet<String> {
    let at = text.find(key).unwrap_or_else(|| panic!("{key} not found"));
    let rest = &text[at + key.len()..];
    let mut names = BTreeSet::new();
    let mut chars = rest.char_indices().peekable();
    let mut depth = 0usize;
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => {
                let end = rest[i + 1..].find('"').expect("a closing quote") + i + 1;
                names.insert(rest[i + 1..end].to_owned());
                while chars.peek().is_some_and(|(j, _)| *j <= end) {
                    chars.next();
                }
            }
            '(' => depth += 1,
            ')' if depth <= 1 => break,
            ')' => depth -= 1,
            ';' => break,
            _ => {}
        }
    }
    names
}

/// The registry's names, but the test-only deployment's (`deployments::testing`, registered in
/// test builds): the prose lists what users can name.
fn registry(field: fn(Suite) -> &'static str) -> BTreeSet<String> {
    Suite::ALL
        .iter()
        .filter(|s| s.flavor() != "relabelled")
        .map(|s| field(*s).to_owned())
        .collect()
}

fn read(path: &str) -> String {
    let file = format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"))
}

#[test]
fn the_python_guide_lists_every_registered_scheme_group_and_deployment() {
    let guide = read("docs/python.md");
    let every = &guide[guide.find("Every suite: ").expect("the suites paragraph")..];
    assert_eq!(quoted_after(every, "`scheme=`"), registry(Suite::scheme));
    assert_eq!(quoted_after(every, "`group=`"), registry(Suite::group));
    assert_eq!(quoted_after(every, "`flavor=`"), registry(Suite::flavor));
}

/// The Python package names its deployments from the registry (`suites()`), not from a list
/// of its own that a new deployment would have to edit: `Proof.flavor`'s docstring points
/// there and quotes no deployment.
#[test]
fn the_python_docstrings_point_to_the_registry() {
    let init = read("bindings/python/python/rangeproof/__init__.py");
    let flavors = &init[init.find("def flavor(self)").expect("Proof.flavor")..];
    let doc = &flavors[..flavors.find("\"\"\"\n").expect("the docstring's end")];
    assert!(doc.contains(":func:`suites`"), "{doc}");
    for flavor in registry(Suite::flavor) {
        assert!(!doc.contains(&format!("\"{flavor}\"")), "{doc}");
    }
}

/// `rangeproof prove --help`'s words for `--scheme`, `--group` and `--flavor` name every
/// registered scheme, group and deployment (the help is prose: each name as a word of it).
#[test]
fn the_cli_help_names_every_registered_scheme_group_and_deployment() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rangeproof"))
        .args(["prove", "--help"])
        .output()
        .expect("runs");
    let help = String::from_utf8(out.stdout).expect("UTF-8");
    // The text of one option's help: from its flag to the next option's.
    let option = |flag: &str| -> String {
        let at = help
            .find(&format!("{flag} <"))
            .unwrap_or_else(|| panic!("{flag}"));
        let rest = &help[at + flag.len()..];
        let end = rest.find("\n      --").unwrap_or(rest.len());
        rest[..end].to_owned()
    };
    let words = |text: &str| -> BTreeSet<String> {
        text.split(|c: char| !(c.is_ascii_alphanumeric() || "+-".contains(c)))
            .map(str::to_owned)
            .collect()
    };
    for (flag, field) in [
        ("--scheme", Suite::scheme as fn(Suite) -> &'static str),
        ("--group", Suite::group),
        ("--flavor", Suite::flavor),
    ] {
        let said = words(&option(flag));
        for name in registry(field) {
            assert!(said.contains(&name), "{flag}'s help does not name {name}");
        }
    }
}

/// Issue 54's proof that a deployment costs one file and one registry line: the test-only
/// deployment (`rangeproof::deployments::testing`, registered under the `testing` feature,
/// which this crate's tests turn on) is proved, verified, described and refused when tampered
/// with, by a command-line tool that has no line of code for it.
#[test]
fn a_deployment_registered_in_one_line_works_in_the_cli() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("proof.json");
    let openings = dir.path().join("openings.json");
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_rangeproof"))
            .args(args)
            .output()
            .expect("runs")
    };
    let proved = run(&[
        "prove",
        "--flavor",
        "relabelled",
        "--bits",
        "32",
        "--values",
        "0,4294967295",
        "--out",
        out.to_str().unwrap(),
        "--openings",
        openings.to_str().unwrap(),
    ]);
    assert_eq!(proved.status.code(), Some(0), "{proved:?}");
    let verified = run(&["verify", out.to_str().unwrap()]);
    assert_eq!(verified.status.code(), Some(0), "{verified:?}");
    let info = run(&["info", "--json", out.to_str().unwrap()]);
    let described: serde_json::Value =
        serde_json::from_slice(&info.stdout).expect("info --json is JSON");
    assert_eq!(described["flavor"], "relabelled");
    assert_eq!(described["m"], 2);
    // The same proof read as the reference format's: another transcript, so it fails.
    let mut doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    doc["flavor"] = "dalek".into();
    let other = dir.path().join("other.json");
    std::fs::write(&other, doc.to_string()).unwrap();
    let refused = run(&["verify", other.to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(1), "{refused:?}");
}
