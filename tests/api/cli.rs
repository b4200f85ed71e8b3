//! The real `kiosk` binary: help, start-up, configuration layers, the data-dir lock, signals.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_kiosk");

/// A running `kiosk serve`, killed when dropped.
struct Running {
    child: Child,
    address: String,
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn kiosk(dir: &Path) -> Command {
    let mut command = Command::new(BIN);
    command
        .current_dir(dir)
        .env_remove("RUST_LOG")
        .env_remove("KIOSK_CONFIG");
    for (key, _) in std::env::vars() {
        if key.starts_with("KIOSK_") {
            command.env_remove(key);
        }
    }
    command
}

/// Starts the binary and waits for its "listening on" line.
fn start(mut command: Command) -> Running {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("kiosk starts");
    let stdout = child.stdout.take().unwrap();
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line).unwrap();
    let address = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .to_string();
    Running { child, address }
}

fn get(url: &str) -> (u16, String) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let response = reqwest::Client::new()
            .get(url)
            .header("kcard", "kiosk-terminal-3")
            .send()
            .await
            .unwrap();
        (response.status().as_u16(), response.text().await.unwrap())
    })
}

#[test]
fn help_describes_every_command_and_flag() {
    let out = Command::new(BIN).arg("--help").output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    for word in ["serve", "--config", "--data-dir", "--listen", "--no-demo"] {
        assert!(help.contains(word), "--help lacks {word}");
    }
    let out = Command::new(BIN)
        .args(["serve", "--help"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains("--public-url")
    );
}

#[test]
fn a_bare_start_creates_the_data_folder_and_serves_the_shop() {
    let dir = tempfile::tempdir().unwrap();
    let server = start({
        let mut c = kiosk(dir.path());
        c.args(["--listen", "127.0.0.1:0"]);
        c
    });
    assert!(dir.path().join("data/kiosk.redb").exists());
    // The data folder and database are private whatever the umask (they hold the secret
    // tokens are signed with).
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &str| {
            std::fs::metadata(dir.path().join(p))
                .unwrap()
                .permissions()
                .mode()
                & 0o777
        };
        assert_eq!((mode("data"), mode("data/kiosk.redb")), (0o700, 0o600));
    }
    let (status, body) = get(&format!("{}/th/", server.address));
    assert_eq!(status, 200);
    assert!(body.contains("<html lang=\"th\">"));
    // Port 0 picked a real port; links must name it, not ":0".
    assert!(
        body.contains(&format!(
            "<link rel=\"canonical\" href=\"{}/th\">",
            server.address
        )),
        "{body}"
    );
}

#[test]
fn a_second_server_on_the_same_data_dir_refuses_to_start() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("shop");
    let _first = start({
        let mut c = kiosk(dir.path());
        c.args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
            .arg(&data);
        c
    });
    let out = kiosk(dir.path())
        .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
        .arg(&data)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("already in use"), "{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
}

#[test]
fn an_invalid_setting_stops_start_up_with_one_line_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    type Env<'a> = Vec<(&'a str, &'a str)>;
    let cases: Vec<(Env, &str, &str)> = vec![
        (vec![("KIOSK_LISTEN", "not-an-address")], "", "LISTEN"),
        (vec![("KIOSK_DEMO", "maybe")], "", "DEMO"),
        (vec![], "shop_nam = \"x\"\n", "shop_nam"),
        (
            vec![],
            "[contact]\nyoutube = \"http://insecure.example\"\n",
            "contact.youtube",
        ),
    ];
    for (env, file, expected) in cases {
        std::fs::write(dir.path().join("config.toml"), file).unwrap();
        // No --listen flag here: it would override KIOSK_LISTEN.
        let out = kiosk(dir.path()).envs(env.clone()).output().unwrap();
        assert!(!out.status.success(), "{env:?} {file:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
        assert!(stderr.contains(expected), "expected {expected} in {stderr}");
    }
    let out = kiosk(dir.path())
        .args(["--config", "missing.toml"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("missing.toml")
    );
}

#[test]
fn flags_beat_environment_which_beats_the_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("kiosk.toml"),
        "public_url = \"https://file.example\"\n",
    )
    .unwrap();
    let canonical = |env: Option<&str>, flag: Option<&str>| {
        let mut command = kiosk(dir.path());
        command.args([
            "serve",
            "--config",
            "kiosk.toml",
            "--listen",
            "127.0.0.1:0",
            "--data-dir",
            "d",
        ]);
        if let Some(url) = env {
            command.env("KIOSK_PUBLIC_URL", url);
        }
        if let Some(url) = flag {
            command.args(["--public-url", url]);
        }
        let server = start(command);
        let (_, body) = get(&format!("{}/about", server.address));
        body.split("rel=\"canonical\" href=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .to_string()
    };
    assert_eq!(canonical(None, None), "https://file.example/about");
    assert_eq!(
        canonical(Some("https://env.example"), None),
        "https://env.example/about"
    );
    assert_eq!(
        canonical(Some("https://env.example"), Some("https://flag.example")),
        "https://flag.example/about"
    );
}

#[test]
fn sigterm_stops_the_server_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = start({
        let mut c = kiosk(dir.path());
        c.args(["--listen", "127.0.0.1:0"]);
        c
    });
    assert_eq!(get(&format!("{}/api/health", server.address)).0, 200);
    let killed = Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let deadline = Instant::now() + Duration::from_secs(15);
    let status = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(
            Instant::now() < deadline,
            "kiosk did not stop after SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status}");
}

#[test]
fn request_logs_record_the_kcard_channel() {
    let dir = tempfile::tempdir().unwrap();
    let mut command = kiosk(dir.path());
    command
        .args(["--listen", "127.0.0.1:0"])
        .stderr(Stdio::piped());
    let mut child = command.stdout(Stdio::piped()).spawn().unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let address = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap()
        .to_string();
    // Refusals are logged at INFO with their channel; successful answers only at DEBUG.
    get(&format!("{address}/api/health"));
    get(&format!("{address}/api/app/product/get/NO-SUCH-CODE"));
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let output = child.wait_with_output().unwrap();
    let log = String::from_utf8(output.stderr).unwrap();
    let answered: Vec<&str> = log.lines().filter(|l| l.contains("answered")).collect();
    assert_eq!(answered.len(), 1, "{log}");
    assert!(answered[0].contains("kcard=kiosk-terminal-3"), "{log}");
    assert!(answered[0].contains("status=404"), "{log}");
    assert!(
        answered[0].contains("/api/app/product/get/NO-SUCH-CODE"),
        "{log}"
    );
}
