//! Off-site copies against real servers on loopback: WebDAV and SFTP through `rclone serve`,
//! S3 through `moto_server` (PyPI, in the checkout's .venv), and a local folder. Each kind
//! does the round trip with encryption, survives an upload cut in the middle (the server
//! killed, or the connection cut) without counting the partial archive, restores onto an empty
//! data folder with the same orders, customers and products and passes `kiosk check`, and
//! refuses a wrong passphrase. Retention keeps exactly the expected set.
//!
//! A missing server program fails the test with the line that installs it (the test command,
//! `.ci/run`, installs them).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_kiosk");
const PASSWORD: &str = "a sofa for every room";
const PASSPHRASE: &str = "teak chairs under the mango tree";

fn kiosk(dir: &Path) -> Command {
    let mut command = Command::new(BIN);
    command.current_dir(dir);
    for (key, _) in std::env::vars() {
        if key.starts_with("KIOSK_") || key == "RUST_LOG" {
            command.env_remove(key);
        }
    }
    // ssh (SFTP) keeps its control socket and known hosts under HOME: the test's own.
    command.env("HOME", dir.join("home"));
    command.env_remove("XDG_STATE_HOME");
    command.stdin(Stdio::null());
    command
}

fn run(dir: &Path, args: &[&str]) -> Output {
    kiosk(dir).args(args).output().expect("kiosk runs")
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn ok(out: Output) -> String {
    assert!(out.status.success(), "{}", text(&out));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn wait_for_port(port: u16, what: &str) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            Instant::now() < deadline,
            "{what} did not start on port {port}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A program the test needs, or a failure that says how to install it.
fn program(path: &str, install: &str) -> PathBuf {
    let found = if path.contains('/') {
        Path::new(path).is_file().then(|| PathBuf::from(path))
    } else {
        std::env::var_os("PATH").and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|p| p.join(path))
                .find(|p| p.is_file())
        })
    };
    found.unwrap_or_else(|| panic!("{path} is missing; install it with: {install}"))
}

fn rclone() -> PathBuf {
    program("rclone", "apt-get install -y rclone")
}

fn moto_server() -> PathBuf {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/.venv/bin/moto_server");
    program(
        path,
        "python3 -m venv .venv && .venv/bin/pip install 'moto[server]==5.1.18'",
    )
}

/// A server process killed when dropped.
struct Proc(Child);

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A TCP relay between kiosk and a storage server that can cut the upload in the middle:
/// after `cut_after` bytes towards the server it drops every connection, refuses new ones and
/// runs `on_cut` (which kills the server), until healed.
struct Relay {
    port: u16,
    target: Arc<AtomicU16>,
    sent: Arc<AtomicU64>,
    cut_after: Arc<AtomicU64>,
    cut: Arc<AtomicBool>,
    on_cut: Arc<Mutex<Option<Box<dyn FnOnce() + Send>>>>,
}

impl Relay {
    fn start(target: u16) -> Relay {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let relay = Relay {
            port: listener.local_addr().unwrap().port(),
            target: Arc::new(AtomicU16::new(target)),
            sent: Arc::new(AtomicU64::new(0)),
            cut_after: Arc::new(AtomicU64::new(u64::MAX)),
            cut: Arc::new(AtomicBool::new(false)),
            on_cut: Arc::new(Mutex::new(None)),
        };
        let (target, sent, cut_after, cut, on_cut) = (
            relay.target.clone(),
            relay.sent.clone(),
            relay.cut_after.clone(),
            relay.cut.clone(),
            relay.on_cut.clone(),
        );
        std::thread::spawn(move || {
            for client in listener.incoming() {
                let Ok(client) = client else { continue };
                if cut.load(Ordering::SeqCst) {
                    drop(client);
                    continue;
                }
                let Ok(server) = TcpStream::connect(("127.0.0.1", target.load(Ordering::SeqCst)))
                else {
                    continue;
                };
                let (c2, s2) = (client.try_clone().unwrap(), server.try_clone().unwrap());
                let (sent, cut_after, cut2, on_cut) =
                    (sent.clone(), cut_after.clone(), cut.clone(), on_cut.clone());
                // Towards the server: counted, and cut at the mark.
                std::thread::spawn(move || {
                    let (mut from, mut to) = (client, server);
                    let mut buf = [0u8; 16 * 1024];
                    loop {
                        if cut2.load(Ordering::SeqCst) {
                            break;
                        }
                        let n = match from.read(&mut buf) {
                            Ok(0) | Err(_) => break,
                            Ok(n) => n,
                        };
                        let total = sent.fetch_add(n as u64, Ordering::SeqCst) + n as u64;
                        if total >= cut_after.load(Ordering::SeqCst) {
                            cut2.store(true, Ordering::SeqCst);
                            if let Some(kill) = on_cut.lock().unwrap().take() {
                                kill();
                            }
                            break;
                        }
                        if to.write_all(&buf[..n]).is_err() {
                            break;
                        }
                    }
                    let _ = from.shutdown(std::net::Shutdown::Both);
                    let _ = to.shutdown(std::net::Shutdown::Both);
                });
                let cut3 = cut.clone();
                std::thread::spawn(move || {
                    let (mut from, mut to) = (s2, c2);
                    let mut buf = [0u8; 16 * 1024];
                    loop {
                        let n = match from.read(&mut buf) {
                            Ok(0) | Err(_) => break,
                            Ok(n) => n,
                        };
                        if cut3.load(Ordering::SeqCst) || to.write_all(&buf[..n]).is_err() {
                            break;
                        }
                    }
                    let _ = from.shutdown(std::net::Shutdown::Both);
                    let _ = to.shutdown(std::net::Shutdown::Both);
                });
            }
        });
        relay
    }

    /// Cuts once `bytes` more have gone towards the server, then runs `on_cut`.
    fn arm(&self, bytes: u64, on_cut: Box<dyn FnOnce() + Send>) {
        *self.on_cut.lock().unwrap() = Some(on_cut);
        let now = self.sent.load(Ordering::SeqCst);
        self.cut_after.store(now + bytes, Ordering::SeqCst);
    }

    fn heal(&self, target: u16) {
        self.target.store(target, Ordering::SeqCst);
        self.cut_after.store(u64::MAX, Ordering::SeqCst);
        self.cut.store(false, Ordering::SeqCst);
    }

    fn was_cut(&self) -> bool {
        self.cut.load(Ordering::SeqCst)
    }
}

/// One kind of storage under test: its server (restartable) and its destination's settings.
enum Kind {
    File,
    Webdav,
    Sftp,
    S3,
}

struct Storage {
    kind: Kind,
    /// The folder a WebDAV/SFTP server serves, or the file:// folder.
    root: PathBuf,
    server: Arc<Mutex<Option<Proc>>>,
    port: u16,
    relay: Option<Relay>,
    /// The TOML lines of the destination (without name and passphrase).
    settings: String,
}

impl Storage {
    fn start(kind: Kind, dir: &Path) -> Storage {
        let root = dir.join("remote");
        std::fs::create_dir_all(&root).unwrap();
        let mut storage = Storage {
            kind,
            root,
            server: Arc::new(Mutex::new(None)),
            port: 0,
            relay: None,
            settings: String::new(),
        };
        if matches!(storage.kind, Kind::File) {
            storage.settings = format!("url = \"file://{}\"\n", storage.root.display());
            return storage;
        }
        storage.port = free_port();
        storage.launch(dir);
        let relay = Relay::start(storage.port);
        storage.settings = match storage.kind {
            Kind::Webdav => format!(
                "url = \"webdav+http://127.0.0.1:{}/kiosk\"\nusername = \"dav\"\npassword = \"dav-secret\"\n",
                relay.port
            ),
            Kind::Sftp => format!(
                "url = \"sftp://kiosk@127.0.0.1:{}/kiosk\"\nkey_file = \"{}\"\nknown_hosts = \"accept\"\n",
                relay.port,
                dir.join("id_ed25519").display()
            ),
            Kind::S3 => format!(
                "url = \"s3://shop-backups/kiosk/shop1\"\nendpoint = \"http://127.0.0.1:{}\"\naccess_key_id = \"testing\"\nsecret_access_key = \"testing\"\n",
                relay.port
            ),
            Kind::File => unreachable!(),
        };
        storage.relay = Some(relay);
        storage
    }

    /// Starts (or restarts) the server on `self.port`.
    fn launch(&self, dir: &Path) {
        let port = self.port.to_string();
        let addr = format!("127.0.0.1:{port}");
        let child = match self.kind {
            Kind::Webdav => Command::new(rclone())
                .args(["serve", "webdav"])
                .arg(&self.root)
                .args(["--addr", &addr, "--user", "dav", "--pass", "dav-secret"])
                // Archives the retention test lays down behind the server's back show at once.
                .args(["--dir-cache-time", "0s"])
                .env("RCLONE_CONFIG", dir.join("rclone.conf"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap(),
            Kind::Sftp => {
                let key = dir.join("id_ed25519");
                if !key.exists() {
                    let made =
                        Command::new(program("ssh-keygen", "apt-get install -y openssh-client"))
                            .args(["-q", "-t", "ed25519", "-N", "", "-C", "kiosk-test", "-f"])
                            .arg(&key)
                            .status()
                            .unwrap();
                    assert!(made.success());
                    let host = dir.join("host_ed25519");
                    let made = Command::new("ssh-keygen")
                        .args(["-q", "-t", "ed25519", "-N", "", "-f"])
                        .arg(&host)
                        .status()
                        .unwrap();
                    assert!(made.success());
                }
                program("ssh", "apt-get install -y openssh-client");
                Command::new(rclone())
                    .args(["serve", "sftp"])
                    .arg(&self.root)
                    .args(["--dir-cache-time", "0s"])
                    .args(["--addr", &addr, "--user", "kiosk", "--authorized-keys"])
                    .arg(dir.join("id_ed25519.pub"))
                    .arg("--key")
                    .arg(dir.join("host_ed25519"))
                    .env("RCLONE_CONFIG", dir.join("rclone.conf"))
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .spawn()
                    .unwrap()
            }
            Kind::S3 => Command::new(moto_server())
                .args(["-H", "127.0.0.1", "-p", &port])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap(),
            Kind::File => return,
        };
        *self.server.lock().unwrap() = Some(Proc(child));
        wait_for_port(self.port, "the storage server");
        if matches!(self.kind, Kind::S3) {
            // moto accepts unsigned requests: make the bucket.
            let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
            write!(
                stream,
                "PUT /shop-backups HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            )
            .unwrap();
            let mut answer = String::new();
            let _ = stream.read_to_string(&mut answer);
            assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
        }
    }

    fn kills_server_on_cut(&self) -> bool {
        // moto keeps its buckets in memory: its connection is cut instead of the server killed.
        matches!(self.kind, Kind::Webdav | Kind::Sftp)
    }
}

fn destination(name: &str, storage: &Storage, passphrase: &str) -> String {
    format!(
        "\n[[backup.destinations]]\nname = \"{name}\"\npassphrase = \"{passphrase}\"\n{}",
        storage.settings
    )
}

/// `kiosk setup` in `dir` (data in `dir/shop`) with a 3 MiB upload (random, so the encrypted
/// archive spans several 1 MiB parts) and the given `[backup]` lines.
fn setup(dir: &Path, backup: &str) {
    std::fs::create_dir_all(dir.join("home")).unwrap();
    std::fs::write(dir.join("admin-password"), format!("{PASSWORD}\n")).unwrap();
    ok(run(
        dir,
        &[
            "setup",
            "--non-interactive",
            "--data-dir",
            "shop",
            "--listen",
            "127.0.0.1:0",
            "--shop-name",
            "Baan Sofa",
            "--admin-user",
            "nok",
            "--admin-password-file",
            "admin-password",
        ],
    ));
    let files = dir.join("shop/files/proofs/1");
    std::fs::create_dir_all(&files).unwrap();
    let blob: Vec<u8> = (0..3 * 1024 * 1024).map(|_| rand::random::<u8>()).collect();
    std::fs::write(files.join("blob.bin"), blob).unwrap();
    // The written config ends with the example's `[backup]` section: ours replaces it.
    let mut config = std::fs::read_to_string(dir.join("config.toml")).unwrap();
    if let Some(at) = config.find("\n[backup]\n") {
        config.truncate(at);
    }
    config.push_str(backup);
    std::fs::write(dir.join("config.toml"), config).unwrap();
}

struct Shop(Child, String);

impl Shop {
    fn start(dir: &Path) -> Shop {
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
        Shop(
            child,
            line.trim().trim_start_matches("listening on ").to_string(),
        )
    }

    fn stop(mut self) {
        Command::new("kill")
            .args(["-TERM", &self.0.id().to_string()])
            .status()
            .unwrap();
        let _ = self.0.wait();
    }
}

impl Drop for Shop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A shopper registers and places an order.
async fn place_order(base: &str, username: &str) {
    let http = reqwest::Client::new();
    let registered: Value = http
        .post(format!("{base}/api/auth/register"))
        .json(&json!({"username": username, "password": "teak-sofa-42", "name": "Malee"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = registered["token"]
        .as_str()
        .expect("registered")
        .to_string();
    let me: Value = http
        .get(format!("{base}/api/auth/user"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let user_id = me["data"]["id"].as_u64().unwrap();
    let product = crate::variants_money::listed_without_options(&http, base, 1).await;
    let added = http
        .post(format!("{base}/api/app/cart/add"))
        .bearer_auth(&token)
        .json(&json!({"id": user_id, "code": product["code"], "qty": 1}))
        .send()
        .await
        .unwrap();
    assert_eq!(added.status(), 200);
    let placed = http
        .post(format!("{base}/api/app/order/place"))
        .bearer_auth(&token)
        .json(
            &json!({"id": user_id, "address": crate::orders::address(), "payment": "promptpay",
                      "idempotencyKey": format!("offsite-{username}")}),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(placed.status(), 201);
}

/// The rows of the tables holding orders, customers and products, from `kiosk check`.
fn counts(dir: &Path, data_dir: &str) -> Vec<(String, u64)> {
    let out = ok(run(
        dir,
        &["check", "--config", "config.toml", "--data-dir", data_dir],
    ));
    let wanted = [
        "order_id_to_order",
        "user_id_to_user",
        "product_code_to_product",
    ];
    let found: Vec<(String, u64)> = out
        .lines()
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            let table = words.next()?;
            let rows = words.next()?.parse().ok()?;
            wanted.contains(&table).then(|| (table.to_string(), rows))
        })
        .collect();
    assert_eq!(found.len(), 3, "{out}");
    found
}

fn archives(dir: &Path, name: &str) -> (Vec<String>, String) {
    let out = ok(run(
        dir,
        &["backup", "list", name, "--config", "config.toml"],
    ));
    let names = out
        .lines()
        .filter(|l| l.starts_with("kiosk-"))
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect();
    (names, out)
}

/// The whole journey against one kind of storage.
async fn journey(kind: Kind) {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let storage = Storage::start(kind, dir);
    let backup = format!(
        "\n[backup]\nschedule = \"off\"\npart_mib = 1\n{}",
        destination("away", &storage, PASSPHRASE)
    );
    setup(dir, &backup);
    let shop = Shop::start(dir);
    place_order(&shop.1, "malee").await;
    place_order(&shop.1, "somchai").await;
    let before = counts(dir, "shop");
    assert!(before.iter().all(|(_, rows)| *rows > 0), "{before:?}");

    // Round trip, through the running shop's control socket.
    let copied = ok(run(
        dir,
        &["backup", "--to", "away", "--config", "config.toml"],
    ));
    assert!(copied.contains("read back and verified"), "{copied}");
    let (listed, out) = archives(dir, "away");
    assert_eq!(listed.len(), 1, "{out}");
    let first = listed[0].clone();
    println!("kiosk backup list away:\n{out}");

    // Only ciphertext left the machine.
    if matches!(storage.kind, Kind::File | Kind::Webdav | Kind::Sftp) {
        let served = match storage.kind {
            Kind::File => storage.root.clone(),
            _ => storage.root.join("kiosk"),
        };
        let part = std::fs::read(served.join(&first).join("part-00000.age")).unwrap();
        assert!(part.starts_with(b"age-encryption.org/v1\n"));
        let plain = |needle: &[u8]| part.windows(needle.len()).any(|w| w == needle);
        assert!(!plain(b"kiosk.redb") && !plain(b"kiosk-backup") && !plain(b"manifest.json"));
    }

    // An upload cut in the middle (the server killed, or its connection cut) fails, and the
    // partial archive does not count.
    let relay = storage.relay.as_ref();
    let mut unfinished = None;
    if let Some(relay) = relay {
        let server = storage.server.clone();
        let kill = storage.kills_server_on_cut();
        relay.arm(
            1536 * 1024,
            Box::new(move || {
                if kill {
                    drop(server.lock().unwrap().take());
                }
            }),
        );
        let cut = run(dir, &["backup", "--to", "away", "--config", "config.toml"]);
        assert!(!cut.status.success(), "{}", text(&cut));
        assert!(
            text(&cut).contains("off-site copy to away failed"),
            "{}",
            text(&cut)
        );
        assert!(relay.was_cut());
        if storage.kills_server_on_cut() {
            storage.launch(dir);
        }
        relay.heal(storage.port);
        let (listed, out) = archives(dir, "away");
        assert_eq!(listed, vec![first.clone()], "{out}");
        assert!(out.contains("not counted: kiosk-"), "{out}");
        println!("after the cut:\n{out}");
        unfinished = out
            .lines()
            .find_map(|l| l.strip_prefix("not counted: "))
            .and_then(|l| l.split_whitespace().next())
            .map(str::to_string);
    }

    // The dashboard shows the last successful copy, and the failure.
    let dashboard = {
        let http = reqwest::Client::new();
        let token: Value = http
            .post(format!("{}/api/auth/login", shop.1))
            .json(&json!({"username": "nok", "password": PASSWORD}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let token = token["token"].as_str().unwrap().to_string();
        let answer: Value = http
            .get(format!("{}/api/admin/dashboard", shop.1))
            .bearer_auth(token)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        answer
    };
    let away = &dashboard["storage"]["offsite"][0];
    assert_eq!(away["name"], "away", "{dashboard}");
    assert_eq!(away["record"]["lastArchive"], first.as_str(), "{away}");
    assert_eq!(away["overdue"], false, "{away}");
    assert_eq!(away["record"]["ok"], relay.is_none(), "{away}");

    // Restore onto an empty data folder: same orders, customers and products; `check` passes.
    shop.stop();
    let restored = ok(run(
        dir,
        &[
            "restore",
            "--from",
            "away",
            "--config",
            "config.toml",
            "--data-dir",
            "fresh",
        ],
    ));
    assert!(restored.contains(&first), "{restored}");
    assert_eq!(counts(dir, "fresh"), before);
    println!("restore --from away onto an empty data dir:\n{restored}{before:?}");
    assert!(
        dir.join("fresh/files/proofs/1/blob.bin").is_file(),
        "the uploads came back"
    );

    // A wrong passphrase is refused with a clear message, and nothing is written.
    let wrong = dir.join("wrong.toml");
    std::fs::write(
        &wrong,
        std::fs::read_to_string(dir.join("config.toml"))
            .unwrap()
            .replace(PASSPHRASE, "not the passphrase at all"),
    )
    .unwrap();
    let refused = run(
        dir,
        &[
            "restore",
            "--from",
            "away",
            "--config",
            "wrong.toml",
            "--data-dir",
            "other",
        ],
    );
    assert!(!refused.status.success());
    assert!(
        text(&refused).contains("the passphrase of destination away does not open"),
        "{}",
        text(&refused)
    );
    assert!(!dir.join("other/kiosk.redb").exists());

    // After the cut, the next copy succeeds and clears the unfinished upload (and, by the
    // default retention, the same day's older archive).
    if let Some(unfinished) = unfinished {
        let shop = Shop::start(dir);
        let copied = ok(run(
            dir,
            &["backup", "--to", "away", "--config", "config.toml"],
        ));
        assert!(
            copied.contains(&format!("removed at away: {unfinished}")),
            "{copied}"
        );
        assert!(
            copied.contains(&format!("removed at away: {first}")),
            "{copied}"
        );
        let (listed, out) = archives(dir, "away");
        assert_eq!(listed.len(), 1, "{out}");
        assert_ne!(listed[0], first);
        assert!(!out.contains("not counted"), "{out}");
        shop.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn offsite_round_trip_cut_and_restore_on_a_local_folder() {
    journey(Kind::File).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn offsite_round_trip_cut_and_restore_over_webdav() {
    journey(Kind::Webdav).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn offsite_round_trip_cut_and_restore_over_sftp() {
    journey(Kind::Sftp).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn offsite_round_trip_cut_and_restore_on_s3() {
    journey(Kind::S3).await;
}

/// Copies archive `from` under the name `to` in a served folder, as if taken then.
fn copy_archive(root: &Path, from: &str, to: &str) {
    let target = root.join(to);
    std::fs::create_dir_all(&target).unwrap();
    for entry in std::fs::read_dir(root.join(from)).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), target.join(entry.file_name())).unwrap();
    }
}

async fn retention(kind: Kind) {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let storage = Storage::start(kind, dir);
    let backup = format!(
        "\n[backup]\nschedule = \"off\"\nkeep_daily = 3\nkeep_weekly = 3\nkeep_monthly = 3\n{}",
        destination("nas", &storage, PASSPHRASE)
    );
    setup(dir, &backup);
    ok(run(
        dir,
        &["backup", "--to", "nas", "--config", "config.toml"],
    ));
    let (listed, _) = archives(dir, "nas");
    let today = listed[0].clone();
    let served = match storage.kind {
        Kind::File => storage.root.clone(),
        _ => storage.root.join("kiosk"),
    };
    for old in [
        "kiosk-20250310-030000",
        "kiosk-20250331-030000",
        "kiosk-20250420-030000",
        "kiosk-20250428-030000",
        "kiosk-20250429-030000",
        "kiosk-20250429-230000",
    ] {
        copy_archive(&served, &today, old);
    }
    let (listed, out) = archives(dir, "nas");
    assert_eq!(listed.len(), 7, "{out}");
    let copied = ok(run(
        dir,
        &["backup", "--to", "nas", "--config", "config.toml"],
    ));
    let (listed, out) = archives(dir, "nas");
    // Daily 3: the new one, 04-29 23:00, 04-28 (today's first and 04-29 03:00 share a day);
    // weekly 3: the new one, 04-29 23:00 (ISO week 18), 04-20 (week 16); monthly 3: the new
    // one, 04-29 23:00, 03-31.
    let newest = listed[0].clone();
    assert_ne!(newest, today);
    assert_eq!(
        listed,
        vec![
            newest.as_str(),
            "kiosk-20250429-230000",
            "kiosk-20250428-030000",
            "kiosk-20250420-030000",
            "kiosk-20250331-030000",
        ],
        "{copied}\n{out}"
    );
    for removed in [
        today.as_str(),
        "kiosk-20250429-030000",
        "kiosk-20250310-030000",
    ] {
        assert!(
            copied.contains(&format!("removed at nas: {removed}")),
            "{copied}"
        );
        assert!(!served.join(removed).exists());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn retention_keeps_exactly_the_expected_archives_on_a_local_folder() {
    retention(Kind::File).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn retention_keeps_exactly_the_expected_archives_over_webdav() {
    retention(Kind::Webdav).await;
}

/// An age recipient: the machine holds no key that reads its archives; a restore needs the
/// identity, and says so when it is not configured.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn archives_encrypted_to_an_age_recipient_restore_with_its_identity() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    use age::secrecy::ExposeSecret;
    let key = age::x25519::Identity::generate();
    let identity = key.to_string().expose_secret().to_string();
    let recipient = key.to_public().to_string();
    let remote = dir.join("remote");
    let backup = format!(
        "\n[backup]\nschedule = \"off\"\n\n[[backup.destinations]]\nname = \"vault\"\nurl = \"file://{}\"\nage_recipient = \"{recipient}\"\n",
        remote.display()
    );
    setup(dir, &backup);
    let before = counts(dir, "shop");
    ok(run(
        dir,
        &["backup", "--to", "vault", "--config", "config.toml"],
    ));
    let refused = run(
        dir,
        &[
            "restore",
            "--from",
            "vault",
            "--config",
            "config.toml",
            "--data-dir",
            "fresh",
        ],
    );
    assert!(
        text(&refused).contains("set age_identity"),
        "{}",
        text(&refused)
    );
    std::fs::write(dir.join("identity.txt"), format!("{identity}\n")).unwrap();
    let mut config = std::fs::read_to_string(dir.join("config.toml")).unwrap();
    config.push_str(&format!(
        "age_identity = \"{}\"\n",
        dir.join("identity.txt").display()
    ));
    std::fs::write(dir.join("config.toml"), config).unwrap();
    ok(run(
        dir,
        &[
            "restore",
            "--from",
            "vault",
            "--config",
            "config.toml",
            "--data-dir",
            "fresh",
        ],
    ));
    assert_eq!(counts(dir, "fresh"), before);
}
