//! The container build is too slow to run on every change, so this checks its inputs instead:
//! every file the UI build (`npm run build` in `ui/`) and the Rust build (`cargo build`, build.rs,
//! `include_str!`/`include_bytes!`, rust-embed folders, the targets Cargo.toml declares) read
//! must be copied into its stage by `packaging/Dockerfile`. A new file in `ui/` must be copied
//! or named in `UI_NOT_BUILT` below.

use std::path::{Path, PathBuf};

/// What in `ui/` the production build never reads.
const UI_NOT_BUILT: &[&str] = &[
    "ui/README.md",
    "ui/eslint.config.js",
    "ui/playwright.config.ts",
    "ui/e2e",
    "ui/node_modules",
    "ui/dist",
    "ui/test-results",
    "ui/playwright-report",
];

/// The sources each stage copies from the build context, as repository paths.
fn copied(dockerfile: &str) -> Vec<(String, Vec<String>)> {
    let mut stages: Vec<(String, Vec<String>)> = Vec::new();
    for line in dockerfile.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("FROM ") {
            let name = rest.split(" AS ").nth(1).unwrap_or("runtime").trim();
            stages.push((name.to_string(), Vec::new()));
        } else if let Some(rest) = line.strip_prefix("COPY ") {
            let words: Vec<&str> = rest.split_whitespace().collect();
            if words.iter().any(|w| w.starts_with("--from=")) {
                continue;
            }
            let sources = words
                .iter()
                .filter(|w| !w.starts_with("--"))
                .copied()
                .collect::<Vec<_>>();
            let (_, sources) = sources.split_last().expect("COPY has a destination");
            let stage = stages.last_mut().expect("COPY after FROM");
            stage
                .1
                .extend(sources.iter().map(|s| s.trim_end_matches('/').to_string()));
        }
    }
    stages
}

fn covered(path: &str, sources: &[String]) -> bool {
    sources
        .iter()
        .any(|s| path == s || path.starts_with(&format!("{s}/")))
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn stage<'a>(stages: &'a [(String, Vec<String>)], name: &str) -> &'a [String] {
    &stages
        .iter()
        .find(|(n, _)| n == name)
        .unwrap_or_else(|| panic!("the Dockerfile has no {name} stage"))
        .1
}

#[test]
fn the_dockerfile_copies_every_file_the_ui_and_rust_builds_read() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::env::set_current_dir(root).unwrap();
    let stages = copied(&std::fs::read_to_string("packaging/Dockerfile").unwrap());
    let (ui, build) = (stage(&stages, "ui"), stage(&stages, "build"));
    let mut missing = Vec::new();

    // The UI stage: everything under ui/ but what the build never reads, and what vite's
    // config reaches outside ui/ ('../locales').
    for entry in std::fs::read_dir("ui").unwrap().flatten() {
        let path = format!("ui/{}", entry.file_name().to_string_lossy());
        if !UI_NOT_BUILT.contains(&path.as_str()) && !covered(&path, ui) {
            missing.push(format!("ui stage: {path}"));
        }
    }
    let vite = std::fs::read_to_string("ui/vite.config.ts").unwrap();
    for outside in vite
        .split(['\'', '"', '`'])
        .filter(|s| s.starts_with("../"))
    {
        let top = outside.trim_start_matches("../").split('/').next().unwrap();
        if !covered(top, ui) {
            missing.push(format!("ui stage: {top} (vite.config.ts reads {outside})"));
        }
    }

    // The Rust stage: the manifest, build script and sources, what build.rs watches outside
    // ui/, the targets Cargo.toml declares, and what the code compiles in.
    let mut rust_inputs: Vec<String> = ["Cargo.toml", "Cargo.lock", "build.rs", "src"]
        .map(String::from)
        .to_vec();
    let build_rs = std::fs::read_to_string("build.rs").unwrap();
    let embedded = build_rs
        .split("EMBEDDED_INPUTS: &[&str] = &[")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .expect("build.rs lists EMBEDDED_INPUTS");
    rust_inputs.extend(embedded.split('"').skip(1).step_by(2).map(String::from));
    let manifest = std::fs::read_to_string("Cargo.toml").unwrap();
    for target in manifest.split("[[bench]]").skip(1) {
        let name = target
            .lines()
            .find_map(|l| l.trim().strip_prefix("name = "))
            .expect("a bench has a name")
            .trim_matches('"');
        rust_inputs.push(format!("benches/{name}.rs"));
    }
    let mut sources = Vec::new();
    walk(Path::new("src"), &mut sources);
    for file in sources {
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        // Test modules are not compiled by `cargo build`.
        if name.ends_with("_tests.rs") || name == "tests.rs" {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        for marker in ["include_str!(\"", "include_bytes!(\"", "#[folder = \""] {
            for found in text.split(marker).skip(1) {
                let target = found.split('"').next().unwrap();
                let resolved = if marker.starts_with("#[folder") {
                    PathBuf::from(target)
                } else {
                    file.parent().unwrap().join(target)
                };
                let normal = normalise(&resolved);
                rust_inputs.push(normal);
            }
        }
    }
    for input in rust_inputs {
        // ui/dist comes from the UI stage (COPY --from=ui).
        if input.starts_with("ui/dist") {
            continue;
        }
        if !covered(input.trim_end_matches('/'), build) {
            missing.push(format!("build stage: {input}"));
        }
    }
    assert!(
        missing.is_empty(),
        "packaging/Dockerfile does not copy what the builds read:\n  {}",
        missing.join("\n  ")
    );
}

/// `src/a/../../x` → `x`.
fn normalise(path: &Path) -> String {
    let mut parts: Vec<String> = Vec::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                parts.pop();
            }
            std::path::Component::Normal(p) => parts.push(p.to_string_lossy().to_string()),
            _ => {}
        }
    }
    parts.join("/")
}
