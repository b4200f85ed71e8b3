//! The operator CLI on the real binary: setup, backups under load, restore, admin menus,
//! staff accounts, and losing nothing acknowledged on SIGTERM.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use kiosk::ops::{Operation, socket};

const BIN: &str = env!("CARGO_BIN_EXE_kiosk");
const PASSWORD: &str = "a sofa for every room";

fn kiosk(dir: &Path) -> Command {
    let mut command = Command::new(BIN);
    command.current_dir(dir);
    for (key, _) in std::env::vars() {
        if key.starts_with("KIOSK_") || key == "RUST_LOG" {
            command.env_remove(key);
        }
    }
    command.stdin(Stdio::null());
    command
}

fn run(dir: &Path, args: &[&str]) -> Output {
    kiosk(dir).args(args).output().expect("kiosk runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The command failed and its reason on stderr mentions `needle`.
fn assert_fails(out: &Output, needle: &str) {
    let reason = stderr(out);
    assert!(
        !out.status.success() && reason.contains(needle),
        "expected a failure mentioning {needle:?}, got: {reason}"
    );
}

/// `kiosk setup --non-interactive` in `dir`, data in `dir/shop`, config `dir/config.toml`.
fn setup(dir: &Path) {
    std::fs::write(dir.join("admin-password"), format!("{PASSWORD}\n")).unwrap();
    let out = run(
        dir,
        &[
            "setup",
            "--non-interactive",
            "--data-dir",
            "shop",
            "--listen",
            "127.0.0.1:0",
            "--public-url",
            "https://shop.example.com",
            "--shop-name",
            "Baan Sofa",
            "--admin-user",
            "nok",
            "--admin-password-file",
            "admin-password",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
}

struct Server {
    child: Child,
    data_dir: PathBuf,
    address: String,
}

fn server_address(server: &Server) -> String {
    server.address.clone()
}

impl Server {
    fn start(dir: &Path) -> Server {
        let mut child = kiosk(dir)
            .args(["serve", "--config", "config.toml"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        assert!(line.starts_with("listening on "), "{line:?}");
        let address = line.trim().trim_start_matches("listening on ").to_string();
        Server {
            child,
            data_dir: dir.join("shop"),
            address,
        }
    }

    fn socket(&self) -> PathBuf {
        socket::socket_path(&self.data_dir)
    }

    fn terminate(&mut self) -> std::process::ExitStatus {
        Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < deadline, "the server ignored SIGTERM");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Adds users through the control socket until stopped; returns the acknowledged ones with
/// the moment each was acknowledged.
/// [`write_load`], counting acknowledged writes in `written` as they come.
fn write_load_counted(
    socket_path: PathBuf,
    stop: Arc<AtomicBool>,
    written: Arc<std::sync::atomic::AtomicUsize>,
) -> std::thread::JoinHandle<Vec<(String, Instant)>> {
    std::thread::spawn(move || {
        let mut acknowledged = Vec::new();
        let mut n = 0;
        while !stop.load(Ordering::Relaxed) {
            n += 1;
            let username = format!("shopper{n}");
            let add = Operation::UserAdd {
                username: username.clone(),
                name: String::new(),
                role: "user".into(),
                password: PASSWORD.into(),
            };
            match socket::request(&socket_path, &add) {
                Ok(Ok(_)) => {
                    acknowledged.push((username, Instant::now()));
                    written.fetch_add(1, Ordering::Relaxed);
                }
                Ok(Err(refusal)) => panic!("refused: {refusal}"),
                Err(_) => break, // the server has gone
            }
        }
        acknowledged
    })
}

fn usernames(dir: &Path, data_dir: &str) -> Vec<String> {
    let out = run(dir, &["user", "list", "--data-dir", data_dir]);
    assert!(out.status.success(), "{}", stderr(&out));
    stdout(&out)
        .lines()
        .skip(1)
        .filter_map(|l| l.split_whitespace().nth(1).map(str::to_string))
        .collect()
}

#[test]
fn setup_writes_a_commented_config_creates_the_admin_and_refuses_to_overwrite() {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path());
    let config = std::fs::read_to_string(dir.path().join("config.toml")).unwrap();
    assert!(
        config.contains("shop_name = \"Baan Sofa\"")
            && config.contains("public_url = \"https://shop.example.com\"")
    );
    assert!(
        config.contains("# Seed the demo catalogue"),
        "the written config keeps its comments"
    );
    assert!(dir.path().join("shop/kiosk.redb").exists());
    let users = run(dir.path(), &["user", "list", "--data-dir", "shop"]);
    assert!(stdout(&users).contains("nok") && stdout(&users).contains("admin"));

    let again = run(
        dir.path(),
        &[
            "setup",
            "--non-interactive",
            "--data-dir",
            "shop",
            "--admin-user",
            "ploy",
            "--admin-password-file",
            "admin-password",
        ],
    );
    assert!(!again.status.success());
    assert!(
        stderr(&again).contains("already exists") && stderr(&again).contains("--force"),
        "{}",
        stderr(&again)
    );

    // Passwords never travel as plain arguments, and weak ones are refused before anything is written.
    let plain = run(
        dir.path(),
        &[
            "setup",
            "--non-interactive",
            "--admin-user",
            "x",
            "--admin-password",
            "secret",
        ],
    );
    assert!(!plain.status.success());
    let other = tempfile::tempdir().unwrap();
    std::fs::write(other.path().join("pw"), "12345678").unwrap();
    let weak = run(
        other.path(),
        &[
            "setup",
            "--non-interactive",
            "--data-dir",
            "d",
            "--admin-user",
            "nok",
            "--admin-password-file",
            "pw",
        ],
    );
    assert!(!weak.status.success());
    assert_eq!(stderr(&weak).trim().lines().count(), 1, "{}", stderr(&weak));
    assert!(!other.path().join("config.toml").exists() && !other.path().join("d").exists());

    let env = kiosk(other.path())
        .env("KIOSK_ADMIN_PASSWORD", PASSWORD)
        .args([
            "setup",
            "--non-interactive",
            "--data-dir",
            "d",
            "--admin-user",
            "nok",
        ])
        .output()
        .unwrap();
    assert!(env.status.success(), "{}", stderr(&env));
}

#[test]
fn a_backup_taken_under_load_restores_every_acknowledged_write() {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path());
    let server = Server::start(dir.path());
    let stop = Arc::new(AtomicBool::new(false));
    let written = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let load = write_load_counted(server.socket(), stop.clone(), written.clone());
    // Some writes land before the backup starts, however busy the machine (not a fixed wait).
    let waiting = Instant::now();
    while written.load(Ordering::Relaxed) < 10 && waiting.elapsed() < Duration::from_secs(120) {
        std::thread::sleep(Duration::from_millis(50));
    }

    let backup_started = Instant::now();
    let out = run(
        dir.path(),
        &["backup", "--config", "config.toml", "nightly.tar"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("backup written: "),
        "{}",
        stdout(&out)
    );
    {
        use std::os::unix::fs::PermissionsExt;
        let archive = std::fs::metadata(dir.path().join("nightly.tar")).unwrap();
        assert_eq!(
            archive.permissions().mode() & 0o777,
            0o600,
            "backups are private"
        );
    }
    std::thread::sleep(Duration::from_millis(200));
    stop.store(true, Ordering::Relaxed);
    let acknowledged = load.join().unwrap();
    let before: Vec<&String> = acknowledged
        .iter()
        .filter(|(_, at)| *at < backup_started)
        .map(|(name, _)| name)
        .collect();
    assert!(
        before.len() >= 5,
        "the load wrote only {} users before the backup",
        before.len()
    );
    assert!(
        acknowledged.len() > before.len(),
        "writes must continue while the backup runs"
    );

    let out = run(
        dir.path(),
        &["restore", "--data-dir", "fresh", "nightly.tar"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let restored = usernames(dir.path(), "fresh");
    for name in before {
        assert!(
            restored.contains(name),
            "{name} was acknowledged before the backup but is missing"
        );
    }
    assert!(restored.contains(&"nok".to_string()));
    let check = run(dir.path(), &["check", "--data-dir", "fresh"]);
    assert!(check.status.success(), "{}", stderr(&check));
}

#[test]
fn restore_refuses_damaged_backups_and_a_running_server_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path());
    let out = run(dir.path(), &["backup", "--data-dir", "shop", "good.tar"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let good = std::fs::read(dir.path().join("good.tar")).unwrap();
    std::fs::write(dir.path().join("truncated.tar"), &good[..good.len() / 3]).unwrap();
    let mut flipped = good.clone();
    let middle = flipped.len() / 2;
    for byte in &mut flipped[middle..middle + 64] {
        *byte ^= 0xA5;
    }
    std::fs::write(dir.path().join("corrupted.tar"), &flipped).unwrap();
    std::fs::write(dir.path().join("not-a-backup.tar"), b"hello").unwrap();

    let database = dir.path().join("shop/kiosk.redb");
    let before = std::fs::read(&database).unwrap();
    for bad in [
        "truncated.tar",
        "corrupted.tar",
        "not-a-backup.tar",
        "missing.tar",
    ] {
        let out = run(dir.path(), &["restore", "--data-dir", "shop", bad]);
        assert!(!out.status.success(), "{bad} was accepted");
        let message = stderr(&out);
        assert_eq!(message.trim().lines().count(), 1, "{message}");
        assert!(message.contains(bad), "{message}");
    }
    assert_eq!(
        std::fs::read(&database).unwrap(),
        before,
        "the data was touched"
    );
    assert!(!dir.path().join("shop/kiosk.redb.before-restore").exists());

    let _server = Server::start(dir.path());
    let out = run(dir.path(), &["restore", "--data-dir", "shop", "good.tar"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("stop it first"), "{}", stderr(&out));
}

#[test]
fn a_restore_keeps_the_replaced_database() {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path());
    assert!(
        run(dir.path(), &["backup", "--data-dir", "shop", "b.tar"])
            .status
            .success()
    );
    let out = kiosk(dir.path())
        .env("KIOSK_USER_PASSWORD", PASSWORD)
        .args(["user", "add", "later", "--data-dir", "shop"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let out = run(dir.path(), &["restore", "--data-dir", "shop", "b.tar"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(dir.path().join("shop/kiosk.redb.before-restore").exists());
    assert!(!usernames(dir.path(), "shop").contains(&"later".to_string()));
}

#[test]
fn backups_rotate_keeping_the_newest() {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path());
    for _ in 0..3 {
        let out = run(
            dir.path(),
            &["backup", "--data-dir", "shop", "--keep", "2", "backups"],
        );
        assert!(out.status.success(), "{}", stderr(&out));
    }
    let kept = std::fs::read_dir(dir.path().join("backups"))
        .unwrap()
        .count();
    assert_eq!(kept, 2);
    let out = run(
        dir.path(),
        &["backup", "--data-dir", "shop", "no/such/folder/b.tar"],
    );
    assert!(!out.status.success());
    assert_eq!(stderr(&out).trim().lines().count(), 1);
}

#[test]
fn admin_menu_import_rejects_a_bad_file_listing_every_error_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path());
    let export = |file: &str| {
        let out = run(
            dir.path(),
            &["admin-menu", "export", "--data-dir", "shop", file],
        );
        assert!(out.status.success(), "{}", stderr(&out));
        std::fs::read_to_string(dir.path().join(file)).unwrap()
    };
    let original = export("before.json");
    std::fs::write(
        dir.path().join("bad.json"),
        r#"{"admin": [{"name": "Orders", "icon": "Cart!", "link": "https://evil.example"}], "sales": [{"name": "", "icon": "x", "link": "/x"}]}"#,
    )
    .unwrap();
    let out = run(
        dir.path(),
        &["admin-menu", "import", "--data-dir", "shop", "bad.json"],
    );
    assert!(!out.status.success());
    let message = stderr(&out);
    for path in [
        "$.admin[0].icon",
        "$.admin[0].link",
        "$.sales:",
        "$.sales[0].name",
    ] {
        assert!(message.contains(path), "{path} not reported in {message}");
    }
    assert_eq!(export("after.json"), original);

    // A valid file replaces the menus atomically, also through a running server.
    let server = Server::start(dir.path());
    std::fs::write(
        dir.path().join("good.json"),
        r#"{"admin": [{"name": "Orders", "icon": "cart", "link": "/admin/orders"}]}"#,
    )
    .unwrap();
    let out = run(
        dir.path(),
        &[
            "admin-menu",
            "import",
            "--config",
            "config.toml",
            "good.json",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    drop(server);
    let now: serde_json::Value = serde_json::from_str(&export("now.json")).unwrap();
    assert_eq!(
        now,
        serde_json::json!({"admin": [{"name": "Orders", "icon": "cart", "link": "/admin/orders"}]})
    );
}

#[test]
fn staff_accounts_are_managed_from_the_cli_with_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path());
    let with_password = |args: &[&str]| {
        kiosk(dir.path())
            .env("KIOSK_USER_PASSWORD", PASSWORD)
            .args(args)
            .output()
            .unwrap()
    };
    let out = with_password(&[
        "user",
        "add",
        "ploy",
        "--role",
        "admin-sales",
        "--data-dir",
        "shop",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = with_password(&["user", "add", "PLOY", "--data-dir", "shop"]);
    assert_fails(&out, "taken");
    let out = run(
        dir.path(),
        &["user", "set-role", "ploy", "root", "--data-dir", "shop"],
    );
    assert_fails(&out, "admin");
    let out = run(
        dir.path(),
        &["user", "set-role", "ghost", "admin", "--data-dir", "shop"],
    );
    assert_fails(&out, "ghost");
    let out = run(
        dir.path(),
        &["user", "set-role", "ploy", "admin", "--data-dir", "shop"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let out = with_password(&["user", "reset-password", "ploy", "--data-dir", "shop"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = run(
        dir.path(),
        &["user", "reset-password", "ploy", "--data-dir", "shop"],
    );
    assert_fails(&out, "password");
    let out = run(dir.path(), &["user", "list", "--data-dir", "nowhere"]);
    assert_fails(&out, "no shop database");
}

#[test]
fn sigterm_under_load_loses_no_acknowledged_write() {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path());
    let mut server = Server::start(dir.path());
    let stop = Arc::new(AtomicBool::new(false));
    let acknowledged = Arc::new(Mutex::new(Vec::new()));
    let written = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let load = write_load_counted(server.socket(), stop.clone(), written.clone());
    let waiting = Instant::now();
    while written.load(Ordering::Relaxed) < 10 && waiting.elapsed() < Duration::from_secs(120) {
        std::thread::sleep(Duration::from_millis(50));
    }
    let status = server.terminate();
    assert!(status.success(), "{status}");
    stop.store(true, Ordering::Relaxed);
    acknowledged.lock().unwrap().extend(load.join().unwrap());
    let acknowledged = acknowledged.lock().unwrap();
    assert!(
        acknowledged.len() >= 5,
        "only {} writes",
        acknowledged.len()
    );
    let stored = usernames(dir.path(), "shop");
    for (name, _) in acknowledged.iter() {
        assert!(stored.contains(name), "{name} was acknowledged but lost");
    }
}

fn http_get(url: &str) -> serde_json::Value {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async { reqwest::get(url).await.unwrap().json().await.unwrap() })
}

#[test]
fn catalog_import_is_all_or_nothing_and_reaches_a_running_shop_at_once() {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path());
    let before = {
        let out = run(
            dir.path(),
            &["catalog", "export", "--data-dir", "shop", "before.json"],
        );
        assert!(out.status.success(), "{}", stderr(&out));
        std::fs::read_to_string(dir.path().join("before.json")).unwrap()
    };
    assert!(
        before.contains("SF-1001"),
        "the demo catalogue is seeded by setup's first start"
    );

    let bad = "{\"products\": [\n {\"code\": \"NW-1\", \"name\": {\"en\": \"New chair\"}, \"price\": 129000, \"rooms\": [\"garage\"]},\n {\"code\": \"NW-2\", \"name\": {\"en\": \"\"}, \"price\": -1},\n {\"code\": \"NW-3\", \"name\": {\"en\": \"Fine\"}, \"price\": 100}\n]}";
    std::fs::write(dir.path().join("bad.json"), bad).unwrap();
    let out = run(
        dir.path(),
        &["catalog", "import", "--data-dir", "shop", "bad.json"],
    );
    assert!(!out.status.success());
    let message = stderr(&out);
    for expected in [
        "line 2 (NW-1): rooms: unknown room \"garage\"",
        "line 3 (NW-2): name.en",
        "line 3 (NW-2): price",
        "nothing was imported",
    ] {
        assert!(message.contains(expected), "{expected} not in {message}");
    }
    assert!(
        !message.contains("NW-3"),
        "valid rows are not reported: {message}"
    );
    let out = run(
        dir.path(),
        &["catalog", "export", "--data-dir", "shop", "after.json"],
    );
    assert!(out.status.success());
    assert_eq!(
        std::fs::read_to_string(dir.path().join("after.json")).unwrap(),
        before,
        "a rejected import changed the catalogue"
    );

    // A CSV (with the old "catagories" spelling, docs/STOREFRONT.md §3) imported into a running
    // shop is searchable at once.
    let server = Server::start(dir.path());
    let config = std::fs::read_to_string(dir.path().join("config.toml")).unwrap();
    assert!(config.contains("127.0.0.1:0"));
    let csv = "code,name_en,name_th,price,rooms,catagories,material,colour,stock\nNW-9001,Zanzibar Hammock,เปลญวนแซนซิบาร์,349000,outdoor,,rattan,natural,5\n";
    std::fs::write(dir.path().join("new.csv"), csv).unwrap();
    let out = run(
        dir.path(),
        &["catalog", "import", "--config", "config.toml", "new.csv"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("imported 1 products (1 new, 0 updated)"),
        "{}",
        stdout(&out)
    );
    let address = server_address(&server);
    let found = http_get(&format!("{address}/api/app/search?keyword=zanzibar%20hamm"));
    assert_eq!(found["products"][0]["code"], "NW-9001", "{found}");
    let thai = http_get(&format!(
        "{address}/api/app/search?keyword={}",
        url::form_urlencoded::byte_serialize("แซนซิบาร์".as_bytes()).collect::<String>()
    ));
    assert_eq!(thai["products"][0]["code"], "NW-9001", "{thai}");
    let out = run(
        dir.path(),
        &["catalog", "export", "--config", "config.toml", "all.csv"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        std::fs::read_to_string(dir.path().join("all.csv"))
            .unwrap()
            .lines()
            .any(|l| l.starts_with("NW-9001,Zanzibar Hammock"))
    );
}

/// Transparent huge pages made the allocator's sparse 2 MiB ranges wholly resident (the shop
/// started 17 MB larger and grew by tens of MB while idle): the server opts out for itself.
#[cfg(target_os = "linux")]
#[test]
fn the_server_opts_out_of_transparent_huge_pages() {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path());
    let server = Server::start(dir.path());
    let status = std::fs::read_to_string(format!("/proc/{}/status", server.child.id())).unwrap();
    let Some(line) = status.lines().find(|l| l.starts_with("THP_enabled:")) else {
        eprintln!("this kernel (before 5.0) does not report THP_enabled; nothing to check");
        return;
    };
    assert_eq!(line.split_whitespace().nth(1), Some("0"), "{line}");
}
