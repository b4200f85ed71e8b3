//! The operator's tools on the real binary: `--version` naming its commit and build day,
//! shell completions and the manual page (and the packaged copies of them being current),
//! and `kiosk doctor` on a missing, a running, a stopped and an old shop.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_kiosk");

/// The binary with none of the caller's `KIOSK_*` settings.
fn kiosk(dir: &Path) -> Command {
    let mut command = Command::new(BIN);
    command.current_dir(dir).env_remove("RUST_LOG");
    for (key, _) in std::env::vars() {
        if key.starts_with("KIOSK_") {
            command.env_remove(key);
        }
    }
    command
}

fn run(dir: &Path, args: &[&str]) -> (bool, String, String) {
    let Output {
        status,
        stdout,
        stderr,
    } = kiosk(dir).args(args).output().expect("kiosk runs");
    (
        status.success(),
        String::from_utf8(stdout).unwrap(),
        String::from_utf8(stderr).unwrap(),
    )
}

/// A running `kiosk serve`, killed when dropped.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn serve(dir: &Path, data: &str) -> Running {
    let mut child = kiosk(dir)
        .args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--no-demo",
            "--data-dir",
            data,
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("kiosk starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(line.starts_with("listening on "), "{line:?}");
    Running(child)
}

#[test]
fn version_names_the_release_the_commit_and_the_build_day() {
    let dir = tempfile::tempdir().unwrap();
    let (ok, out, _) = run(dir.path(), &["--version"]);
    assert!(ok);
    let line = out.trim();
    let rest = line
        .strip_prefix(&format!("kiosk {} (commit ", env!("CARGO_PKG_VERSION")))
        .unwrap_or_else(|| panic!("{line:?}"));
    let (commit, day) = rest
        .strip_suffix(')')
        .and_then(|r| r.split_once(", built "))
        .unwrap_or_else(|| panic!("{line:?}"));
    assert!(
        commit == "unknown" || (commit.len() >= 7 && commit.bytes().all(|b| b.is_ascii_hexdigit())),
        "{commit:?}"
    );
    let parts: Vec<&str> = day.split('-').collect();
    assert_eq!(
        parts.iter().map(|p| p.len()).collect::<Vec<_>>(),
        [4, 2, 2],
        "{day:?}"
    );
    assert!(day.starts_with("20"), "{day:?}");
}

#[test]
fn completions_for_each_shell_and_a_manual_page() {
    let dir = tempfile::tempdir().unwrap();
    for (shell, mark) in [
        ("bash", "complete -F _kiosk"),
        ("zsh", "#compdef kiosk"),
        ("fish", "complete -c kiosk"),
    ] {
        let (ok, out, err) = run(dir.path(), &["completions", shell]);
        assert!(ok, "{shell}: {err}");
        assert!(out.contains(mark), "{shell} lacks {mark:?}");
        for command in ["doctor", "backup", "restore", "completions"] {
            assert!(out.contains(command), "{shell} completion lacks {command}");
        }
    }
    let (ok, _, err) = run(dir.path(), &["completions", "tcsh"]);
    assert!(!ok);
    assert!(err.contains("bash") && err.contains("fish"), "{err}");

    let (ok, man, _) = run(dir.path(), &["man"]);
    assert!(ok);
    assert!(
        man.starts_with(".ie") || man.contains(".TH kiosk 1"),
        "{man}"
    );
    for word in [
        "furniture shop in one binary",
        "doctor",
        "completions",
        "\\-\\-data\\-dir",
    ] {
        assert!(man.contains(word), "the manual page lacks {word}");
    }
}

/// The .deb installs these files (Cargo.toml, `package.metadata.deb`); they must be what the
/// binary prints. `UPDATE_PACKAGING=1 cargo test --test api operator_cli` rewrites them.
#[test]
fn the_packaged_completions_and_manual_page_are_current() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    let files: [(&[&str], &str); 4] = [
        (&["man"], "packaging/kiosk.1"),
        (&["completions", "bash"], "packaging/completions/kiosk.bash"),
        (&["completions", "zsh"], "packaging/completions/_kiosk"),
        (&["completions", "fish"], "packaging/completions/kiosk.fish"),
    ];
    let update = std::env::var_os("UPDATE_PACKAGING").is_some();
    for (args, file) in files {
        let (ok, made, _) = run(dir.path(), args);
        assert!(ok);
        let path = root.join(file);
        if update {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &made).unwrap();
        }
        let packaged = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            packaged == made,
            "{file} is out of date: run UPDATE_PACKAGING=1 cargo test --test api operator_cli"
        );
    }
}

#[test]
fn doctor_says_what_is_wrong_and_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path();

    // No shop here yet.
    let (ok, out, err) = run(home, &["doctor", "--data-dir", "data"]);
    assert!(!ok, "{out}");
    assert!(out.contains("PROBLEM  data folder:"), "{out}");
    assert!(out.contains("→ run `kiosk setup`"), "{out}");
    assert!(err.contains("1 problem(s) found"), "{err}");

    // A running shop that was never backed up: asked through its control socket.
    let server = serve(home, "data");
    let (ok, out, _) = run(home, &["doctor", "--data-dir", "data"]);
    assert!(!ok, "{out}");
    assert!(out.starts_with("kiosk "), "{out}");
    for line in [
        "ok       config:",
        "ok       permissions:",
        "ok       migrations: none pending",
        "PROBLEM  backup: none was ever written",
        "→ enable the nightly backup (systemctl enable --now kiosk-backup.timer)",
        "ok       notifications: 0 waiting to be sent, 0 failed for good",
        "doctor: 1 problem(s), ",
    ] {
        assert!(out.contains(line), "{line:?} missing from\n{out}");
    }
    // Free space is this machine's: ok, or a warning under 10 %, but it is always reported.
    assert!(
        out.contains("ok       disk: ") || out.contains("warning  disk: "),
        "{out}"
    );

    // After a backup, nothing is wrong.
    let (ok, _, err) = run(
        home,
        &[
            "backup",
            "--data-dir",
            "data",
            home.join("b.tar").to_str().unwrap(),
        ],
    );
    assert!(ok, "{err}");
    let (ok, out, _) = run(home, &["doctor", "--data-dir", "data"]);
    assert!(ok, "{out}");
    assert!(
        out.contains("ok       backup: last written 0 h ago"),
        "{out}"
    );

    // A data folder others can read is a problem, with the command that fixes it.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let data = home.join("data");
        std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o755)).unwrap();
        let (ok, out, _) = run(home, &["doctor", "--data-dir", "data"]);
        assert!(!ok, "{out}");
        assert!(out.contains("PROBLEM  permissions:"), "{out}");
        assert!(out.contains("→ chmod go-rwx "), "{out}");
        std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o700)).unwrap();
    }

    // Stopped: the doctor opens the file itself.
    drop(server);
    let (ok, out, _) = run(home, &["doctor", "--data-dir", "data"]);
    assert!(ok, "{out}");
    assert!(out.contains("ok       migrations: none pending"), "{out}");
}

#[test]
fn doctor_shows_pending_migrations_without_running_them() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let older = kiosk::store::migrate::SCHEMA_VERSION - 1;
    {
        let store = kiosk::store::Store::open_unmigrated(&data).unwrap();
        kiosk::store::migrate::migrate_to(&store, older).unwrap();
        assert!(store.close());
    }
    let (ok, out, _) = run(dir.path(), &["doctor", "--data-dir", "data"]);
    assert!(!ok, "{out}");
    assert!(
        out.contains(&format!(
            "PROBLEM  migrations: 1 pending: the database is at schema {older}"
        )),
        "{out}"
    );
    assert!(out.contains("→ take a backup (kiosk backup FILE), then start the shop"));
    // Still the old schema afterwards: the doctor only looked.
    let (_, out, _) = run(dir.path(), &["doctor", "--data-dir", "data"]);
    assert!(out.contains("1 pending"), "{out}");
}
