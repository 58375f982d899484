//! ARCHITECTURE.md's claims, checked against the source so that neither drifts: the layers
//! (read from its table) and that modules import only downward, the files allowed `unsafe`
//! (read from its list) and a `SAFETY` argument beside every use, the size of source files,
//! and the deployment recipe's "one file and one registry line".
//!
//! The checks read the repository's files, not the compiled crate: they are the layout's
//! rules, which the compiler does not see.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

fn architecture() -> String {
    std::fs::read_to_string(repository().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md")
}

/// The text of `## heading` up to the next `## `.
fn section<'a>(text: &'a str, heading: &str) -> &'a str {
    let start = text
        .find(&format!("\n## {heading}\n"))
        .unwrap_or_else(|| panic!("ARCHITECTURE.md has no section `{heading}`"));
    let rest = &text[start + 4 + heading.len()..];
    &rest[..rest.find("\n## ").unwrap_or(rest.len())]
}

/// The `` `quoted` `` words of a line.
fn quoted(line: &str) -> Vec<&str> {
    line.split('`').skip(1).step_by(2).collect()
}

/// Every `.rs` file under `dir`, with its path relative to `dir`.
fn rust_files(dir: &Path) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let path = entry.expect("an entry").path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if path.is_dir() {
                if !matches!(name, "target" | "node_modules" | ".git" | "pkg") {
                    stack.push(path);
                }
            } else if name.ends_with(".rs") {
                let relative = path
                    .strip_prefix(dir)
                    .expect("under dir")
                    .to_string_lossy()
                    .replace('\\', "/");
                let text = std::fs::read_to_string(&path).expect("UTF-8 source");
                found.push((relative, text));
            }
        }
    }
    found.sort();
    found
}

/// The source without comments and without `#[cfg(test)] mod … { … }` blocks: what the
/// library itself imports.
fn code_of(text: &str) -> String {
    let without_comments: String = text
        .lines()
        .map(|line| match line.find("//") {
            Some(at) if !line[..at].contains('"') => &line[..at],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = String::new();
    let mut rest = without_comments.as_str();
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "#[cfg(test)]".len()..];
        let trimmed = after.trim_start();
        let is_module = trimmed.starts_with("mod ") || trimmed.starts_with("pub(crate) mod ");
        match (is_module, trimmed.find(['{', ';'])) {
            (true, Some(open)) if trimmed.as_bytes()[open] == b'{' => {
                let mut depth = 0usize;
                let mut end = trimmed.len();
                for (i, c) in trimmed.char_indices().skip(open) {
                    match c {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = i + 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                rest = &trimmed[end..];
            }
            _ => rest = after,
        }
    }
    out.push_str(rest);
    out
}

/// The top-level modules a piece of code names through `crate::` (paths and `use` lists).
fn crate_modules(code: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        if let Some(list) = rest.strip_prefix('{') {
            // A `use crate::{a::…, b, c::{…}}` list: its first-level names.
            let mut depth = 1usize;
            let mut item = String::new();
            for c in list.chars() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    ',' if depth == 1 => {
                        names.insert(first_word(&item));
                        item.clear();
                        continue;
                    }
                    _ => {}
                }
                if depth == 1 {
                    item.push(c);
                }
            }
            names.insert(first_word(&item));
        } else {
            names.insert(first_word(rest));
        }
    }
    names.remove("");
    names
}

fn first_word(s: &str) -> String {
    s.trim_start()
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

/// The library's layers from ARCHITECTURE.md's table, bottom first: module → rank.
fn layers() -> BTreeMap<String, usize> {
    let text = architecture();
    let table = section(&text, "Layers");
    let rows: Vec<&str> = table
        .lines()
        .filter(|l| l.starts_with('|') && !l.starts_with("|---") && !l.starts_with("| layer"))
        .collect();
    assert!(rows.len() >= 5, "the layers table has {} rows", rows.len());
    let mut rank = BTreeMap::new();
    // The table lists the top layer first.
    for (i, row) in rows.iter().rev().enumerate() {
        let modules = row.split('|').nth(2).expect("a modules column");
        for m in quoted(modules) {
            let m = m.trim_end_matches(".rs").trim_end_matches('/');
            assert!(
                rank.insert(m.to_owned(), i).is_none(),
                "{m} is in two layers"
            );
        }
    }
    rank
}

#[test]
fn the_layers_table_names_every_module_of_the_library() {
    let rank = layers();
    let src = repository().join("rangeproof/src");
    let mut modules = BTreeSet::new();
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        // The crate root and the in-crate tests against the peers are no layer.
        if name != "lib" && name != "agreement_tests" {
            modules.insert(name);
        }
    }
    let named: BTreeSet<String> = rank.keys().cloned().collect();
    assert_eq!(
        named, modules,
        "ARCHITECTURE.md's layers and rangeproof/src differ"
    );
}

#[test]
fn modules_import_only_their_own_layer_or_below_and_siblings_form_no_cycle() {
    let rank = layers();
    let src = repository().join("rangeproof/src");
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut upward = Vec::new();
    for (path, text) in rust_files(&src) {
        let top = path.split('/').next().unwrap().trim_end_matches(".rs");
        // Test files and the in-crate agreement tests may reach anywhere.
        if top == "lib" || top == "agreement_tests" || path.ends_with("tests.rs") {
            continue;
        }
        let from = rank[top];
        for m in crate_modules(&code_of(&text)) {
            if m == top {
                continue;
            }
            let Some(&to) = rank.get(&m) else {
                continue; // a re-export of the crate root (`crate::Group`), not a module
            };
            if to > from {
                upward.push(format!("{path} imports crate::{m}"));
            } else if to == from {
                edges.entry(top.to_owned()).or_default().insert(m);
            }
        }
    }
    assert!(upward.is_empty(), "imports upward: {upward:#?}");
    // Within a layer: no cycle (a depth-first search for a back edge).
    fn visit(
        n: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) {
        if done.contains(n) {
            return;
        }
        assert!(
            !path.iter().any(|p| p == n),
            "a cycle within a layer: {path:?} -> {n}"
        );
        path.push(n.to_owned());
        for m in edges.get(n).into_iter().flatten() {
            visit(m, edges, path, done);
        }
        path.pop();
        done.insert(n.to_owned());
    }
    let mut done = BTreeSet::new();
    for n in edges.keys() {
        visit(n, &edges, &mut Vec::new(), &mut done);
    }
}

/// The crates and directories whose Rust the `unsafe` rule covers.
const SOURCES: [&str; 8] = [
    "rangeproof",
    "rangeproof-documents",
    "rangeproof-cli",
    "rangeproof-ffi",
    "bindings/python/src",
    "bindings/js/src",
    "guide",
    "fuzz/src",
];

/// Whether a line of code (comments removed) uses the `unsafe` keyword.
fn uses_unsafe(code_line: &str) -> bool {
    let words: Vec<&str> = code_line
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .collect();
    words.contains(&"unsafe") && !code_line.contains("unsafe_code") && !code_line.contains('"')
}

#[test]
fn unsafe_lives_only_in_the_listed_files_each_use_with_its_argument() {
    let text = architecture();
    // The list's items, each with its continuation lines.
    let mut items: Vec<String> = Vec::new();
    for line in section(&text, "`unsafe`").lines() {
        if let Some(item) = line.strip_prefix("- ") {
            items.push(item.to_owned());
        } else if line.starts_with("  ") {
            if let Some(last) = items.last_mut() {
                last.push(' ');
                last.push_str(line.trim());
            }
        }
    }
    let listed: BTreeSet<String> = items
        .iter()
        .flat_map(|l| quoted(l).into_iter().map(str::to_owned))
        .filter(|q| q.ends_with(".rs") || q.ends_with('/'))
        .collect();
    assert!(!listed.is_empty(), "the `unsafe` section lists no file");
    let root = repository();
    let mut found = BTreeSet::new();
    let mut unargued = Vec::new();
    for dir in SOURCES {
        for (path, text) in rust_files(&root.join(dir)) {
            let path = format!("{dir}/{path}");
            let lines: Vec<&str> = text.lines().collect();
            let mut uses = false;
            for (i, line) in lines.iter().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                if !uses_unsafe(code) {
                    continue;
                }
                uses = true;
                // Blocks and impls carry a `SAFETY` comment on the line or the ten above; an
                // `unsafe fn` is argued in the module's `# Safety` section or its own doc.
                let above = &lines[i.saturating_sub(10)..=i];
                let argued = above.iter().any(|l| l.contains("SAFETY"))
                    || (code.contains("unsafe fn") || code.contains("unsafe extern"))
                        && (text.contains("# Safety") || above.iter().any(|l| l.contains("///")));
                if !argued {
                    unargued.push(format!("{path}:{}", i + 1));
                }
            }
            if uses {
                found.insert(path);
            }
        }
    }
    let allowed = |path: &str| {
        listed
            .iter()
            .any(|l| path == l || (l.ends_with('/') && path.starts_with(l.as_str())))
    };
    let outside: Vec<&String> = found.iter().filter(|p| !allowed(p)).collect();
    assert!(
        outside.is_empty(),
        "unsafe outside ARCHITECTURE.md's list: {outside:#?}"
    );
    let stale: Vec<&String> = listed
        .iter()
        .filter(|l| {
            !found
                .iter()
                .any(|p| *p == **l || (l.ends_with('/') && p.starts_with(l.as_str())))
        })
        .collect();
    assert!(stale.is_empty(), "listed but without unsafe: {stale:#?}");
    assert!(
        unargued.is_empty(),
        "unsafe without a SAFETY argument: {unargued:#?}"
    );
}

/// The library's and the front ends' own source (tests, benches and examples apart).
const LIBRARY_AND_FRONT_ENDS: [&str; 7] = [
    "rangeproof/src",
    "rangeproof-documents/src",
    "rangeproof-app/src",
    "rangeproof-cli/src",
    "rangeproof-ffi/src",
    "bindings/python/src",
    "bindings/js/src",
];

/// Source files stay small enough to read whole: at most this many lines, tests apart.
const MAX_LINES: usize = 850;

#[test]
fn source_files_are_at_most_850_lines() {
    let root = repository();
    let mut long = Vec::new();
    for dir in LIBRARY_AND_FRONT_ENDS {
        for (path, text) in rust_files(&root.join(dir)) {
            if path.ends_with("tests.rs") {
                continue;
            }
            let n = text.lines().count();
            if n > MAX_LINES {
                long.push(format!("{dir}/{path}: {n} lines"));
            }
        }
    }
    assert!(long.is_empty(), "files over {MAX_LINES} lines: {long:#?}");
}

/// The recipe's proof: the test-only deployment is its file and one registry line, and no
/// other source of the library or the front ends names it.
#[test]
fn a_deployment_is_one_file_and_one_registry_line() {
    let text = architecture();
    let recipe = section(&text, "Adding a deployment");
    assert!(
        recipe.contains("deployments/testing.rs"),
        "the recipe names its example"
    );
    let root = repository();
    let mut naming = Vec::new();
    for dir in LIBRARY_AND_FRONT_ENDS {
        for (path, text) in rust_files(&root.join(dir)) {
            let path = format!("{dir}/{path}");
            // Tests may name it: proving it everywhere is what they are for.
            if path.ends_with("tests.rs") {
                continue;
            }
            let code = code_of(&text);
            if code.contains("Relabelled") && path != "rangeproof/src/deployments/testing.rs" {
                naming.push(path);
            }
        }
    }
    assert_eq!(
        naming,
        ["rangeproof/src/suite/registry.rs"],
        "the test deployment is named outside its file and the registry"
    );
    let registry = std::fs::read_to_string(root.join("rangeproof/src/suite/registry.rs")).unwrap();
    assert_eq!(
        registry
            .lines()
            .filter(|l| l.contains("Relabelled"))
            .count(),
        1,
        "one registry line"
    );
}

/// The readers the checks above rest on find what they must: a `use` list's modules, a path,
/// and nothing inside comments or test modules.
#[test]
fn the_source_readers_see_imports_and_skip_tests_and_comments() {
    let code = "use crate::{group::Group, wire, deployments::{dalek, Dalek}};\n\
                fn f() -> crate::batch::BatchVerifier { todo!() }\n\
                // use crate::suite::Suite;\n\
                #[cfg(test)]\nmod tests {\n    use crate::mweb::Block;\n    fn g() { {} }\n}\n\
                use crate::r1cs;\n";
    let found = crate_modules(&code_of(code));
    let expected: BTreeSet<String> = ["group", "wire", "deployments", "batch", "r1cs"]
        .into_iter()
        .map(str::to_owned)
        .collect();
    assert_eq!(found, expected);
    assert!(uses_unsafe("    unsafe { f() }"));
    assert!(!uses_unsafe("#![deny(unsafe_code)]"));
    assert!(!uses_unsafe("#![deny(unsafe_op_in_unsafe_fn)]"));
}

/// The front page and this page stay short: the detail lives in the guide and the rustdoc.
#[test]
fn the_readme_and_architecture_stay_about_200_lines() {
    for name in ["README.md", "ARCHITECTURE.md"] {
        let text = std::fs::read_to_string(repository().join(name)).expect("readable");
        let n = text.lines().count();
        assert!(n <= 200, "{name} is {n} lines");
    }
}

/// The front ends' generic document path — the files every deployment's documents go through
/// — names no deployment: no flavor as a string literal, no `Suite::` constant (tests apart).
/// What a deployment needs there comes from its suite (limits, ranges, what its proofs say) or
/// from a registry of its own (`container.rs`).
#[test]
fn the_generic_document_path_names_no_deployment() {
    let generic = [
        "rangeproof-documents/src/proof.rs",
        "rangeproof-documents/src/fields.rs",
        "rangeproof-documents/src/request.rs",
        "rangeproof-documents/src/request/error.rs",
        "rangeproof-documents/src/info.rs",
        "rangeproof-documents/src/parameters.rs",
        "rangeproof-documents/src/document.rs",
        "rangeproof-documents/src/batch.rs",
        "rangeproof-cli/src/prove.rs",
        "rangeproof-cli/src/verify.rs",
        "rangeproof-cli/src/info.rs",
    ];
    let flavors: BTreeSet<String> = rangeproof::Suite::ALL
        .iter()
        .map(|s| s.flavor().to_owned())
        .chain(["relabelled".to_owned()])
        .collect();
    let root = repository();
    let mut named = Vec::new();
    for path in generic {
        let text = std::fs::read_to_string(root.join(path)).expect("a generic file");
        for (i, line) in code_of(&text).lines().enumerate() {
            // The default transcript label is the project's name, which our Bulletproofs++
            // deployment shares: a label, not a deployment.
            if line.contains("DEFAULT_LABEL") {
                continue;
            }
            for flavor in &flavors {
                if line.contains(&format!("\"{flavor}\"")) {
                    named.push(format!("{path}:{}: \"{flavor}\"", i + 1));
                }
            }
            if let Some(at) = line.find("Suite::") {
                let constant: String = line[at + 7..]
                    .chars()
                    .take_while(|c| c.is_ascii_uppercase() || *c == '_' || c.is_ascii_digit())
                    .collect();
                // `Suite::ALL` is the registry itself.
                if constant.len() > 1 && constant != "ALL" {
                    named.push(format!("{path}:{}: Suite::{constant}", i + 1));
                }
            }
        }
    }
    assert!(
        named.is_empty(),
        "deployments named in the generic path: {named:#?}"
    );
}

/// A proof document is a fixed header and the fields its suite declares: the code that reads
/// and writes documents (`proof.rs`, `fields.rs`) names no field a suite declares — each comes
/// from the suite's `SuiteInfo::parameters` or its container's registry line — so a deployment
/// with fields of its own needs no edit there.
#[test]
fn documents_read_the_fields_suites_declare_from_their_declarations() {
    let declared: BTreeSet<&str> = rangeproof::Suite::ALL
        .iter()
        .flat_map(|s| s.info().parameters.iter().map(|spec| spec.name))
        // Solana's container fields, declared in `container.rs`'s registry line.
        .chain(["kind", "bit_lengths", "proof_data"])
        .collect();
    let root = repository();
    let mut named = Vec::new();
    for path in [
        "rangeproof-documents/src/proof.rs",
        "rangeproof-documents/src/fields.rs",
    ] {
        let text = std::fs::read_to_string(root.join(path)).expect("a document file");
        for (i, line) in code_of(&text).lines().enumerate() {
            for name in &declared {
                if line.contains(&format!("\"{name}\"")) {
                    named.push(format!("{path}:{}: \"{name}\"", i + 1));
                }
            }
        }
    }
    assert!(
        named.is_empty(),
        "suite fields named in the document code: {named:#?}"
    );
}

/// A family's module is its face: every `pub mod` in `bulletproofs_pp`, `mweb`, `r1cs` and
/// libsecp256k1-zkp's three proof families is one ARCHITECTURE.md's rule names as
/// `family::part`; their other parts are private.
#[test]
fn families_keep_their_parts_private() {
    let text = architecture();
    let rules = section(&text, "Rules");
    let rule = rules
        .split("\n- ")
        .find(|r| r.starts_with("**A family's module is its face**"))
        .expect("the rule on faces");
    let allowed: BTreeSet<&str> = quoted(rule).into_iter().collect();
    let source = repository().join("rangeproof/src");
    let families = [
        "bulletproofs_pp",
        "mweb",
        "r1cs",
        "secp256k1_zkp/borromean",
        "secp256k1_zkp/bppp",
        "secp256k1_zkp/bulletproofs",
    ];
    for family in families {
        let text = std::fs::read_to_string(source.join(family).join("mod.rs")).expect("readable");
        let short = family.rsplit('/').next().expect("a name");
        for line in code_of(&text).lines() {
            let Some(name) = line.trim().strip_prefix("pub mod ") else {
                continue;
            };
            let part = format!("{short}::{}", name.trim_end_matches(';'));
            assert!(
                allowed.contains(part.as_str()),
                "`{part}` is public but ARCHITECTURE.md does not list it"
            );
        }
    }
}
