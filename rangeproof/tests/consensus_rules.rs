//! The reject-rules tables of `docs/consensus-rules/` are checked, row by row: every row has
//! the six columns, a known kind, and a `test` cell that is either tests that exist — each
//! `` `path/file.rs::name` `` a `fn name` in that file — or one of the reasons the README
//! allows (`chain state:`, `policy:`, `out of scope:`, `unreachable:`). A row left `TODO`, a
//! test renamed or removed, fails the build.

use std::path::{Path, PathBuf};

const COLUMNS: [&str; 6] = ["#", "peer", "reject", "kind", "ours", "test"];
const KINDS: [&str; 4] = ["consensus", "policy", "chain state", "parse"];
const REASONS: [&str; 4] = ["chain state:", "policy:", "out of scope:", "unreachable:"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

/// A table row's cells: split at `|` outside backticks and not escaped, trimmed.
fn cells(line: &str) -> Vec<String> {
    let mut cells = Vec::new();
    let mut cell = String::new();
    let mut in_code = false;
    let mut chars = line.trim().chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                cell.push('|');
                chars.next();
            }
            '`' => {
                in_code = !in_code;
                cell.push(c);
            }
            '|' if !in_code => {
                cells.push(cell.trim().to_string());
                cell.clear();
            }
            _ => cell.push(c),
        }
    }
    cells.push(cell.trim().to_string());
    // The leading and trailing pipes leave empty cells at both ends.
    if cells.first().is_some_and(String::is_empty) {
        cells.remove(0);
    }
    if cells.last().is_some_and(String::is_empty) {
        cells.pop();
    }
    cells
}

/// The spans in backticks.
fn code_spans(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

/// Whether `file` (from the repository's root) defines `fn name`.
fn defines(file: &str, name: &str) -> bool {
    let Ok(source) = std::fs::read_to_string(root().join(file)) else {
        return false;
    };
    source.match_indices(&format!("fn {name}")).any(|(at, m)| {
        source[at + m.len()..]
            .chars()
            .next()
            .is_some_and(|c| c == '(' || c == '<')
    })
}

/// The problems of one `test` cell, if any.
fn test_cell_problems(cell: &str) -> Vec<String> {
    if REASONS.iter().any(|r| cell.starts_with(r)) {
        let reason = REASONS.iter().find(|r| cell.starts_with(**r)).unwrap();
        if cell[reason.len()..].trim().is_empty() {
            return vec![format!("`{reason}` without its one line")];
        }
        return Vec::new();
    }
    let tests = code_spans(cell);
    if tests.is_empty() {
        return vec![format!("neither a test nor one of {REASONS:?}: {cell:?}")];
    }
    tests
        .iter()
        .filter_map(|test| {
            let Some((file, name)) = test.split_once(".rs::") else {
                return Some(format!("not `path/file.rs::name`: {test:?}"));
            };
            let file = format!("{file}.rs");
            (!defines(&file, name)).then(|| format!("no `fn {name}` in {file}"))
        })
        .collect()
}

fn tables() -> Vec<(PathBuf, String)> {
    let dir = root().join("docs/consensus-rules");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("docs/consensus-rules")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .filter(|p| p.file_name().is_some_and(|n| n != "README.md"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("readable");
            (p, text)
        })
        .collect()
}

#[test]
fn every_row_names_a_test_that_exists_or_says_why_it_has_none() {
    let tables = tables();
    let names: Vec<String> = tables
        .iter()
        .map(|(p, _)| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    for expected in ["litecoin-mweb.md", "elements.md", "solana.md", "monero.md"] {
        assert!(names.iter().any(|n| n == expected), "{expected} is missing");
    }
    let mut problems = Vec::new();
    let mut rows = 0;
    for (path, text) in &tables {
        let name = path.file_name().unwrap().to_string_lossy();
        let mut in_rules = false;
        let mut rows_here = 0;
        for (k, line) in text.lines().enumerate() {
            let at = format!("{name}:{}", k + 1);
            if !line.trim_start().starts_with('|') {
                in_rules = false;
                continue;
            }
            let cells = cells(line);
            if cells.first().is_some_and(|c| c == "#") {
                // A rules table's header: exactly the six columns.
                if cells != COLUMNS {
                    problems.push(format!("{at}: columns {cells:?}, expected {COLUMNS:?}"));
                }
                in_rules = true;
                continue;
            }
            if !in_rules || cells.iter().all(|c| c.chars().all(|c| "-: ".contains(c))) {
                continue;
            }
            rows_here += 1;
            if cells.len() != COLUMNS.len() {
                problems.push(format!("{at}: {} cells", cells.len()));
                continue;
            }
            if !KINDS.contains(&cells[3].as_str()) {
                problems.push(format!("{at}: kind {:?}", cells[3]));
            }
            for problem in test_cell_problems(&cells[5]) {
                problems.push(format!("{at}: {problem}"));
            }
        }
        assert!(rows_here > 0, "{name} has no rules table");
        rows += rows_here;
    }
    assert!(
        problems.is_empty(),
        "{} problems in {rows} rows:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// The checker itself: it refuses what it should.
#[test]
fn the_checker_refuses_missing_tests_and_bare_cells() {
    assert!(test_cell_problems("`rangeproof/tests/consensus_rules.rs::cells`").is_empty());
    assert_eq!(
        test_cell_problems("`rangeproof/tests/consensus_rules.rs::no_such_test`").len(),
        1
    );
    assert_eq!(test_cell_problems("`no/such/file.rs::cells`").len(), 1);
    assert_eq!(test_cell_problems("TODO: write one").len(), 1);
    assert_eq!(test_cell_problems("chain state:").len(), 1);
    assert!(test_cell_problems("chain state: the spent output's amount").is_empty());
    assert_eq!(
        cells("| 1 | `a \\| b` | `x | y` | consensus | — | t |"),
        ["1", "`a | b`", "`x | y`", "consensus", "—", "t"]
    );
}
