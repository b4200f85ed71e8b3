//! Builds the storefront UI (`ui/` → `ui/dist/`) so that rust-embed can embed it.
//!
//! Cargo re-runs this script when a UI source, a translation or an asset changes (new files
//! must reach the binary too), but vite runs only when a UI source is newer than the last
//! build, so editing a translation never pays for a UI build. `npm ci` runs only when
//! `node_modules` is missing or older than the lock file. Set `KIOSK_SKIP_UI_BUILD=1` to embed
//! an existing `ui/dist` as it is (packaging pipelines that build the UI in a separate step).

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
