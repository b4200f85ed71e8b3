//! Builds the storefront UI (`ui/` → `ui/dist/`) so that rust-embed can embed it.
//!
//! Cargo re-runs this script when a UI source, a translation or an asset changes (new files
//! must reach the binary too), but vite runs only when a UI source is newer than the last
//! build, so editing a translation never pays for a UI build. `npm ci` runs only when
//! `node_modules` is missing or older than the lock file. Set `KIOSK_SKIP_UI_BUILD=1` to embed
//! an existing `ui/dist` as it is (packaging pipelines that build the UI in a separate step).
//!
//! It also names the build for `kiosk --version`: `KIOSK_GIT_COMMIT` (the commit checked out;
//! `unknown` outside a git checkout, or from `KIOSK_GIT_COMMIT` in the environment, for
//! source tarballs) and `KIOSK_BUILD_DATE`
//! (UTC day, from `SOURCE_DATE_EPOCH` when set, for reproducible builds).

use std::path::Path;
use std::process::Command;
use std::time::SystemTime;

// Every path here must exist: cargo treats a missing `rerun-if-changed` path as changed on
// every build, which re-ran this script and re-linked the release binary each time.
const UI_INPUTS: &[&str] = &[
    "ui/src",
    "ui/index.html",
    "ui/package.json",
    "ui/package-lock.json",
    "ui/vite.config.ts",
    "ui/tsconfig.json",
];
const EMBEDDED_INPUTS: &[&str] = &["locales", "assets"];

fn main() {
    build_identity();
    for input in UI_INPUTS.iter().chain(EMBEDDED_INPUTS) {
        if !Path::new(input).exists() {
            fail(&format!(
                "build.rs watches {input}, which does not exist; fix UI_INPUTS/EMBEDDED_INPUTS"
            ));
        }
        println!("cargo:rerun-if-changed={input}");
    }
    println!("cargo:rerun-if-env-changed=KIOSK_SKIP_UI_BUILD");

    let ui = Path::new("ui");
    let dist_index = ui.join("dist/index.html");
    if std::env::var_os("KIOSK_SKIP_UI_BUILD").is_some_and(|v| v == "1") {
        if !dist_index.exists() {
            fail(
                "KIOSK_SKIP_UI_BUILD=1 but ui/dist/index.html does not exist: build the UI first (cd ui && npm ci && npm run build)",
            );
        }
        return;
    }
    if !ui.join("package.json").exists() {
        fail("ui/package.json is missing: the storefront UI sources are not in this checkout");
    }
    let built = modified(&dist_index);
    let newest_source = UI_INPUTS.iter().filter_map(|p| newest(Path::new(p))).max();
    if built.is_some() && newest_source <= built {
        return;
    }

    let lock = ui.join("package-lock.json");
    let installed = ui.join("node_modules/.package-lock.json");
    if !installed.exists() || modified(&lock) > modified(&installed) {
        run(
            Command::new("npm")
                .args(["ci", "--no-audit", "--no-fund"])
                .current_dir(ui),
            "npm ci",
        );
    }
    run(
        Command::new("npm").args(["run", "build"]).current_dir(ui),
        "npm run build (vite)",
    );
    if !dist_index.exists() {
        fail("vite finished but ui/dist/index.html was not written");
    }
}

fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// The newest modification time of a file or anything below a folder.
fn newest(path: &Path) -> Option<SystemTime> {
    let own = modified(path);
    let Ok(entries) = std::fs::read_dir(path) else {
        return own;
    };
    entries
        .flatten()
        .filter_map(|e| newest(&e.path()))
        .chain(own)
        .max()
}

fn run(cmd: &mut Command, what: &str) {
    let output = match cmd.env("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1").output() {
        Ok(output) => output,
        Err(err) => fail(&format!(
            "could not start `{what}` ({err}); Node.js 20.19+ and npm must be installed to build the UI"
        )),
    };
    if !output.status.success() {
        eprintln!("{}", String::from_utf8_lossy(&output.stdout));
        eprintln!("{}", String::from_utf8_lossy(&output.stderr));
        fail(&format!("`{what}` failed in ui/ ({})", output.status));
    }
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(1);
}

/// Sets `KIOSK_GIT_COMMIT` and `KIOSK_BUILD_DATE` for the crate (see the module documentation).
fn build_identity() {
    println!("cargo:rerun-if-env-changed=KIOSK_GIT_COMMIT");
    println!("cargo:rerun-if-env-changed=SOURCE_DATE_EPOCH");
    let commit = std::env::var("KIOSK_GIT_COMMIT")
        .ok()
        .filter(|c| !c.is_empty())
        .or_else(git_commit)
        .unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=KIOSK_GIT_COMMIT={commit}");
    let seconds = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.trim().parse::<u64>().ok())
        .unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(SystemTime::UNIX_EPOCH)
                .map(|d| d.as_secs())
                .unwrap_or_default()
        });
    println!("cargo:rustc-env=KIOSK_BUILD_DATE={}", utc_day(seconds));
}

/// The checked-out commit; `None` without git. Re-runs when HEAD moves (a commit, a
/// checkout), watching only files that exist (the index is not watched: every `git add`
/// would rebuild the crate).
fn git_commit() -> Option<String> {
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let commit = git(&["rev-parse", "--short=12", "HEAD"])?;
    let git_dir = git(&["rev-parse", "--git-dir"]);
    let common_dir = git(&["rev-parse", "--git-common-dir"]);
    let head_ref = git(&["symbolic-ref", "-q", "HEAD"]);
    let mut watched = Vec::new();
    if let Some(dir) = &git_dir {
        watched.push(Path::new(dir).join("HEAD"));
    }
    if let Some(dir) = common_dir.as_ref().or(git_dir.as_ref()) {
        if let Some(head_ref) = &head_ref {
            watched.push(Path::new(dir).join(head_ref));
        }
        watched.push(Path::new(dir).join("packed-refs"));
    }
    for path in watched.iter().filter(|p| p.exists()) {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    Some(commit)
}

/// `YYYY-MM-DD` (UTC) of a Unix time (days to civil date, Howard Hinnant's algorithm).
fn utc_day(seconds: u64) -> String {
    let days = (seconds / 86_400) as i64;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}
