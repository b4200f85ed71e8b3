//! The floors of `src/` (docs/ARCHITECTURE.md): every top-level module has a place in one
//! ordered list, and code may only import what stands at or below its own place. Modules on
//! the same line of the list are siblings that do not know each other. Because the list is a
//! strict order, the folders of `src/` can never form an import circle, and a domain can never
//! reach HTTP, the shared state, the handlers, the site or the staff area.
//!
//! The check reads the source, the way the UI's ESLint boundaries read the UI: every
//! `crate::…` path (in `use` lines, grouped `use crate::{…}` lines and paths written inline)
//! outside test code. Test code — `#[cfg(test)]` modules and files declared as such — may
//! import anything, as tests of a low floor sometimes drive the whole shop.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The floors, lowest first. A module may import modules on earlier lines (and itself).
const FLOORS: &[&[&str]] = &[
    // Ground: shared values, embedded files, languages, configuration, the database.
    &["domain"],
    &["embedded", "i18n"],
    &["config"],
    // Prometheus names and recording helpers: every floor above may count what it does.
    &["metrics"],
    &["store"],
    // Domains, each knowing only those before it.
    &["activity"],
    &["content"],
    &["search"],
    &["outbox"],
    &["accounts"],
    &["catalog"],
    &["pricing"],
    &["cart"],
    &["orders"],
    &["documents"],
    &["payments"],
    &["notify"],
    // What the owner learns: counts beside the sales per day (reads orders).
    &["insights"],
    // The HTTP kit, the shared state, the handlers, the site.
    &["http"],
    &["state"],
    &["handlers"],
    &["site"],
    // Operations shared by the CLI and the control socket, the route table, start-up, the CLI.
    &["ops"],
    &["app"],
    &["application"],
    &["cli"],
    &["lib", "main"],
];

fn floor_of(module: &str) -> Option<usize> {
    FLOORS.iter().position(|line| line.contains(&module))
}

/// One Rust source file: its path under `src/` and its top-level module.
struct Source {
    path: PathBuf,
    module: String,
    text: String,
}

fn sources() -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    collect(&root, &mut files);
    let test_files = files_declared_as_tests(&files);
    files
        .into_iter()
        .filter(|path| !test_files.contains(path))
        .map(|path| {
            let relative = path.strip_prefix(&root).unwrap().to_path_buf();
            let first = relative.components().next().unwrap().as_os_str();
            let module = first.to_string_lossy().trim_end_matches(".rs").to_string();
            let text = without_test_code(&fs::read_to_string(&path).unwrap());
            Source {
                path: relative,
                module,
                text,
            }
        })
        .collect()
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// Files brought in by `#[cfg(test)] mod name;` in their parent.
fn files_declared_as_tests(files: &[PathBuf]) -> BTreeSet<PathBuf> {
    let mut tests = BTreeSet::new();
    for file in files {
        let text = fs::read_to_string(file).unwrap();
        let dir = if file
            .file_name()
            .is_some_and(|n| n == "mod.rs" || n == "lib.rs")
        {
            file.parent().unwrap().to_path_buf()
        } else {
            file.with_extension("")
        };
        let mut lines = text.lines().map(str::trim).peekable();
        while let Some(line) = lines.next() {
            if line != "#[cfg(test)]" {
                continue;
            }
            // `#[path = "x_tests.rs"]` names the file beside this one.
            let mut path_attribute = None;
            while let Some(attribute) = lines.peek().and_then(|l| l.strip_prefix("#[path = \"")) {
                path_attribute = attribute.strip_suffix("\"]").map(str::to_string);
                lines.next();
            }
            if let Some(path) = path_attribute {
                tests.insert(file.parent().unwrap().join(path));
                continue;
            }
            let Some(next) = lines.peek() else { break };
            if let Some(name) = next
                .strip_prefix("mod ")
                .or_else(|| next.strip_prefix("pub mod "))
                .or_else(|| next.strip_prefix("pub(crate) mod "))
                .and_then(|rest| rest.strip_suffix(';'))
            {
                tests.insert(dir.join(format!("{name}.rs")));
                tests.insert(dir.join(name).join("mod.rs"));
            }
        }
    }
    tests
}

/// The text without line comments and without `#[cfg(test)]` items (a test module runs from
/// its attribute to the end of its braces).
fn without_test_code(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        // The item ends at the `;` of `mod x;` or at the brace closing its first `{`.
        let semicolon = after.find(';');
        let brace = after.find('{');
        match (brace, semicolon) {
            (Some(open), semi) if semi.is_none_or(|s| open < s) => {
                let mut depth = 0usize;
                let mut end = after.len();
                for (i, ch) in after[open..].char_indices() {
                    match ch {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = open + i + 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                rest = &after[end..];
            }
            (_, Some(semi)) => rest = &after[semi + 1..],
            _ => rest = "",
        }
    }
    out.push_str(rest);
    out.lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every top-level module a text names through `crate::`, with the line it is named on.
fn named_modules(text: &str) -> Vec<(usize, String)> {
    let mut named = Vec::new();
    for (at, _) in text.match_indices("crate::") {
        if at > 0 {
            let before = text[..at].chars().next_back().unwrap();
            if before.is_alphanumeric() || before == '_' || before == ':' {
                continue;
            }
        }
        let line = text[..at].matches('\n').count() + 1;
        let rest = &text[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 1usize;
            let mut end = group.len();
            for (i, ch) in group.char_indices() {
                match ch {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = i;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let mut depth = 0usize;
            let mut item = String::new();
            for ch in group[..end].chars().chain(std::iter::once(',')) {
                match ch {
                    '{' => {
                        depth += 1;
                        item.push(ch)
                    }
                    '}' => {
                        depth -= 1;
                        item.push(ch)
                    }
                    ',' if depth == 0 => {
                        let head: String = item
                            .trim()
                            .chars()
                            .take_while(|c| c.is_alphanumeric() || *c == '_')
                            .collect();
                        if !head.is_empty() && head != "self" {
                            named.push((line, head));
                        }
                        item.clear();
                    }
                    _ => item.push(ch),
                }
            }
        } else {
            let head: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !head.is_empty() {
                named.push((line, head));
            }
        }
    }
    named
}

#[test]
fn every_top_level_module_has_a_floor() {
    let unplaced: BTreeSet<String> = sources()
        .into_iter()
        .map(|source| source.module)
        .filter(|module| floor_of(module).is_none())
        .collect();
    assert!(
        unplaced.is_empty(),
        "these top-level modules of src/ have no floor in tests/floors.rs (FLOORS); place \
         each one where docs/ARCHITECTURE.md says it belongs: {unplaced:?}"
    );
}

#[test]
fn imports_only_go_down_the_floors() {
    let mut upward = Vec::new();
    for source in sources() {
        let Some(own) = floor_of(&source.module) else {
            continue;
        };
        for (line, target) in named_modules(&source.text) {
            if target == source.module {
                continue;
            }
            let Some(theirs) = floor_of(&target) else {
                continue;
            };
            if theirs >= own {
                upward.push(format!(
                    "src/{}:{line} ({}) imports crate::{target}, which stands {}",
                    source.path.display(),
                    source.module,
                    if theirs == own {
                        "beside it"
                    } else {
                        "above it"
                    }
                ));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "{} imports go up or sideways between the floors of src/ (docs/ARCHITECTURE.md); \
         move the code to the floor it belongs to or pass it what it needs:\n{}",
        upward.len(),
        upward.join("\n")
    );
}

#[test]
fn the_reader_finds_grouped_inline_and_nested_paths_and_skips_test_code() {
    let text = "use crate::{a, b::{c, d}, self};\nfn f() { crate::e::g(); }\n// crate::h\n\
                #[cfg(test)]\nmod tests { use crate::i; }\nfn k() { my_crate::j(); }";
    let named: Vec<String> = named_modules(&without_test_code(text))
        .into_iter()
        .map(|(_, m)| m)
        .collect();
    assert_eq!(named, ["a", "b", "e"]);
}
