//! HTTPS served by the shop itself (`[tls]`): the owner's certificate over HTTP/2 and
//! HTTP/1.1 by ALPN with HSTS, the plain port's redirect, reloading changed files; and
//! certificates from a real ACME server — Debian's `pebble` (Let's Encrypt's RFC 8555 test
//! server) with `pebble-challtestsrv` as its DNS — issued, renewed while requests run, kept
//! when an order fails, and reused after a restart without a new order.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use kiosk::application::Application;
use kiosk::config::{Config, Tls};
use kiosk::state::AppState;
use rcgen::{BasicConstraints, CertificateParams, IsCa, Issuer, KeyPair};
use tokio::sync::oneshot;

const SHOP: &str = "shop.kiosk.test";

/// A port free at the moment (pebble must be told the shop's ports before either starts).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A test certificate authority and the leaf certificates it signs.
struct TestCa {
    params: CertificateParams,
    key: KeyPair,
    pem: String,
}

impl TestCa {
    fn new() -> TestCa {
        let mut params = CertificateParams::new(Vec::<String>::new()).unwrap();
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params
            .distinguished_name
            .push(rcgen::DnType::CommonName, "kiosk test CA");
        let key = KeyPair::generate().unwrap();
        let pem = params.self_signed(&key).unwrap().pem();
        TestCa { params, key, pem }
    }

    /// A chain (PEM) and key (PEM) for `names`, valid for `days` from now.
    fn leaf(&self, names: &[&str], days: i64) -> (String, String) {
        let mut params =
            CertificateParams::new(names.iter().map(|n| n.to_string()).collect::<Vec<_>>())
                .unwrap();
        params.not_before = time::OffsetDateTime::now_utc() - time::Duration::hours(1);
        params.not_after = time::OffsetDateTime::now_utc() + time::Duration::days(days);
        let key = KeyPair::generate().unwrap();
        let issuer = Issuer::from_params(&self.params, &self.key);
        let cert = params.signed_by(&key, &issuer).unwrap();
        (cert.pem(), key.serialize_pem())
    }
}

/// A running shop and what stops it.
struct Shop {
    https: SocketAddr,
    http: SocketAddr,
    state: AppState,
    /// Where `/metrics` answers (every shop here binds one, to read the certificate gauge).
    metrics: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    done: Option<tokio::task::JoinHandle<Result<(), String>>>,
}

impl Shop {
    async fn start(data_dir: &Path, tls: Tls) -> Shop {
        let (https, http) = (tls.https_listen, tls.http_listen);
        let config = Config {
            data_dir: data_dir.to_path_buf(),
            listen: "127.0.0.1:0".parse().unwrap(),
            public_url: String::new(),
            public_url_derived: true,
            tls,
            metrics: kiosk::config::MetricsSettings {
                listen: Some("127.0.0.1:0".parse().unwrap()),
            },
            ..Config::default()
        };
        let app = Application::build(config).await.expect("the shop starts");
        let state = app.state().clone();
        let metrics = app.metrics_address().expect("metrics are bound");
        let (stop, stopped) = oneshot::channel::<()>();
        let done = tokio::spawn(app.run_until(async move {
            let _ = stopped.await;
        }));
        Shop {
            https,
            http,
            state,
            metrics,
            stop: Some(stop),
            done: Some(done),
        }
    }

    async fn stop(mut self) {
        let _ = self.stop.take().unwrap().send(());
        let _ = self.done.take().unwrap().await;
    }

    fn url(&self, host: &str, path: &str) -> String {
        format!("https://{host}:{}{path}", self.https.port())
    }

    /// `kiosk_tls_certificate_expiry_timestamp_seconds` as a scrape reads it now.
    async fn certificate_expiry_gauge(&self) -> f64 {
        let text = crate::prometheus::scrape(
            &reqwest::Client::new(),
            &format!("http://{}/metrics", self.metrics),
        )
        .await;
        crate::prometheus::sample(&text, "kiosk_tls_certificate_expiry_timestamp_seconds", &[])
    }

    /// The activity log's (action, details), newest first.
    fn activity(&self) -> Vec<(String, String)> {
        kiosk::activity::newest(&self.state.store, 100)
            .unwrap()
            .into_iter()
            .map(|line| (line.action, line.details))
            .collect()
    }
}

fn tls_settings(https: u16, http: u16) -> Tls {
    Tls {
        https_listen: SocketAddr::from(([127, 0, 0, 1], https)),
        http_listen: SocketAddr::from(([127, 0, 0, 1], http)),
        ..Tls::default()
    }
}

/// A client that reaches `host` at the shop's HTTPS address, trusts any certificate (the test
/// reads the one served instead) and opens a new connection for every request.
fn client(host: &str, https: SocketAddr, http1_only: bool) -> reqwest::Client {
    let builder = reqwest::Client::builder()
        .resolve(host, https)
        .danger_accept_invalid_certs(true)
        .tls_info(true)
        .pool_max_idle_per_host(0)
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(20));
    if http1_only {
        builder.http1_only().build().unwrap()
    } else {
        builder.build().unwrap()
    }
}

/// The served certificate's serial number, issuer and names.
#[derive(Debug, Clone, PartialEq)]
struct Served {
    serial: String,
    issuer: String,
    names: Vec<String>,
    not_after: i64,
}

fn served(response: &reqwest::Response) -> Served {
    let der = response
        .extensions()
        .get::<reqwest::tls::TlsInfo>()
        .and_then(|info| info.peer_certificate())
        .expect("the peer certificate")
        .to_vec();
    let (_, cert) = x509_parser::parse_x509_certificate(&der).unwrap();
    let names = cert
        .subject_alternative_name()
        .ok()
        .flatten()
        .map(|san| {
            san.value
                .general_names
                .iter()
                .map(|n| n.to_string())
                .collect()
        })
        .unwrap_or_default();
    Served {
        serial: cert.raw_serial_as_string(),
        issuer: cert.issuer().to_string(),
        names,
        not_after: cert.validity().not_after.timestamp(),
    }
}

/// Waits until the shop serves a certificate `accept` takes, and returns it. Each look is a
/// new client: a client resuming its TLS session is not sent the certificate again.
async fn wait_for_certificate(
    (host, address): (&str, SocketAddr),
    url: &str,
    limit: Duration,
    accept: impl Fn(&Served) -> bool,
    context: impl Fn() -> String,
) -> Served {
    let started = Instant::now();
    let mut last = None;
    while started.elapsed() < limit {
        if let Ok(response) = client(host, address, false).get(url).send().await {
            let cert = served(&response);
            if accept(&cert) {
                return cert;
            }
            last = Some(cert);
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    panic!(
        "no fitting certificate within {limit:?}; last served: {last:?}; {}",
        context()
    );
}

#[tokio::test]
async fn the_owners_certificate_is_served_over_h2_with_hsts_and_reloaded_when_its_files_change() {
    let ca = TestCa::new();
    let files = tempfile::tempdir().unwrap();
    let (cert_file, key_file) = (files.path().join("cert.pem"), files.path().join("key.pem"));
    let (chain, key) = ca.leaf(&[SHOP], 90);
    std::fs::write(&cert_file, &chain).unwrap();
    std::fs::write(&key_file, &key).unwrap();
    let data = tempfile::tempdir().unwrap();
    let mut tls = tls_settings(free_port(), free_port());
    tls.cert_file = cert_file.display().to_string();
    tls.key_file = key_file.display().to_string();
    let shop = Shop::start(data.path(), tls).await;
    assert_eq!(
        shop.state.config.public_url,
        format!("https://{}", shop.https),
        "the public URL is https"
    );

    // HTTP/2 by ALPN, HSTS on every answer.
    let h2 = client(SHOP, shop.https, false);
    let answer = h2.get(shop.url(SHOP, "/api/health")).send().await.unwrap();
    assert_eq!(answer.status(), 200);
    assert_eq!(answer.version(), reqwest::Version::HTTP_2);
    assert_eq!(
        answer.headers()["strict-transport-security"],
        "max-age=31536000"
    );
    let first = served(&answer);
    assert_eq!(first.names, [format!("DNSName({SHOP})")]);
    let expected = (time::OffsetDateTime::now_utc() + time::Duration::days(90)).unix_timestamp();
    let gauge = shop.certificate_expiry_gauge().await;
    assert!(
        (gauge - expected as f64).abs() < 3_600.0,
        "expiry gauge {gauge}, certificate ends near {expected}"
    );
    // Answers made before the router (the front door's redirects and pages) carry it too.
    let page = h2.get(shop.url(SHOP, "/en")).send().await.unwrap();
    assert!(page.status().as_u16() < 400, "{}", page.status());
    assert!(page.headers().contains_key("strict-transport-security"));

    // HTTP/1.1 is still offered.
    let h1 = client(SHOP, shop.https, true);
    let answer = h1.get(shop.url(SHOP, "/api/health")).send().await.unwrap();
    assert_eq!(answer.version(), reqwest::Version::HTTP_11);
    assert!(answer.headers().contains_key("strict-transport-security"));

    // The plain port redirects permanently, keeping the path and query.
    let plain = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let moved = plain
        .get(format!("http://{}/en/search?q=sofa", shop.http))
        .send()
        .await
        .unwrap();
    assert_eq!(moved.status(), 308);
    assert_eq!(
        moved.headers()["location"],
        format!("https://127.0.0.1:{}/en/search?q=sofa", shop.https.port())
    );
    assert!(!moved.headers().contains_key("strict-transport-security"));

    // New files are served to new connections without a restart.
    let (chain, key) = ca.leaf(&[SHOP, "www.kiosk.test"], 60);
    std::fs::write(&key_file, &key).unwrap();
    std::fs::write(&cert_file, &chain).unwrap();
    let renewed = wait_for_certificate(
        (SHOP, shop.https),
        &shop.url(SHOP, "/api/health"),
        Duration::from_secs(30),
        |c| c.serial != first.serial,
        String::new,
    )
    .await;
    assert_eq!(renewed.names.len(), 2);
    // The expiry gauge follows the certificate in force (60 days now, 90 before).
    let expected = (time::OffsetDateTime::now_utc() + time::Duration::days(60)).unix_timestamp();
    let mut gauge = shop.certificate_expiry_gauge().await;
    // The keeper records the new status just after serving the new key.
    for _ in 0..40 {
        if (gauge - expected as f64).abs() < 3_600.0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
        gauge = shop.certificate_expiry_gauge().await;
    }
    assert!(
        (gauge - expected as f64).abs() < 3_600.0,
        "expiry gauge {gauge}, certificate ends near {expected}"
    );
    let lines = kiosk::ops::tls::describe(&shop.state.config).join("\n");
    assert!(lines.contains("www.kiosk.test"), "{lines}");
    shop.stop().await;
}

/// Debian's pebble and pebble-challtestsrv, on loopback ports chosen now, validating the shop at
/// its HTTPS port (TLS-ALPN-01) and its plain port (HTTP-01).
struct Pebble {
    children: Vec<Child>,
    directory: String,
    ca_file: PathBuf,
    _dir: tempfile::TempDir,
}

impl Pebble {
    /// Starts pebble issuing certificates valid for `validity_secs`; TLS-ALPN-01 validations go
    /// to `tls_port`, HTTP-01 ones to `http_port`.
    async fn start(tls_port: u16, http_port: u16, validity_secs: u64) -> Pebble {
        for tool in ["pebble", "pebble-challtestsrv"] {
            assert!(
                Command::new("sh")
                    .args(["-c", &format!("command -v {tool}")])
                    .stdout(Stdio::null())
                    .status()
                    .unwrap()
                    .success(),
                "{tool} is missing: apt-get install pebble (the test command installs it)"
            );
        }
        let dir = tempfile::tempdir().unwrap();
        // Pebble's own HTTPS certificate, from a CA the shop trusts through acme_ca_file.
        let ca = TestCa::new();
        let (chain, key) = ca.leaf(&["localhost", "127.0.0.1"], 30);
        let ca_file = dir.path().join("ca.pem");
        std::fs::write(&ca_file, &ca.pem).unwrap();
        std::fs::write(dir.path().join("cert.pem"), chain).unwrap();
        std::fs::write(dir.path().join("key.pem"), key).unwrap();
        let (acme, management, dns, dns_management) =
            (free_port(), free_port(), free_port(), free_port());
        let config = serde_json::json!({"pebble": {
            "listenAddress": format!("127.0.0.1:{acme}"),
            "managementListenAddress": format!("127.0.0.1:{management}"),
            "certificate": dir.path().join("cert.pem"),
            "privateKey": dir.path().join("key.pem"),
            "httpPort": http_port,
            "tlsPort": tls_port,
            "ocspResponderURL": "",
            "externalAccountBindingRequired": false,
            "certificateValidityPeriod": validity_secs,
        }});
        let config_file = dir.path().join("pebble.json");
        std::fs::write(&config_file, config.to_string()).unwrap();
        let log = |name: &str| std::fs::File::create(dir.path().join(name)).unwrap();
        let dns_server = Command::new("pebble-challtestsrv")
            .args([
                "-dns01",
                &format!("127.0.0.1:{dns}"),
                "-management",
                &format!("127.0.0.1:{dns_management}"),
                "-http01",
                "",
                "-https01",
                "",
                "-tlsalpn01",
                "",
                "-defaultIPv4",
                "127.0.0.1",
                "-defaultIPv6",
                "",
            ])
            .stdout(log("challtestsrv.log"))
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let pebble = Command::new("pebble")
            .arg("-config")
            .arg(&config_file)
            .args(["-dnsserver", &format!("127.0.0.1:{dns}")])
            .env("PEBBLE_VA_NOSLEEP", "1")
            .env("PEBBLE_WFE_NONCEREJECT", "0")
            .env("PEBBLE_AUTHZREUSE", "0")
            .stdout(log("pebble.log"))
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", acme)).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "pebble did not start"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        Pebble {
            children: vec![pebble, dns_server],
            directory: format!("https://127.0.0.1:{acme}/dir"),
            ca_file,
            _dir: dir,
        }
    }

    fn settings(&self, https: u16, http: u16) -> Tls {
        Tls {
            domains: vec![SHOP.into()],
            email: "owner@kiosk.test".into(),
            acme_directory: self.directory.clone(),
            acme_ca_file: self.ca_file.display().to_string(),
            ..tls_settings(https, http)
        }
    }
}

impl Drop for Pebble {
    fn drop(&mut self) {
        for child in &mut self.children {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// What the shop and pebble say, for a failure message.
fn why(shop: &Shop, data_dir: &Path, pebble: &Pebble) -> String {
    let status = kiosk::http::tls::CertificateStatus::read(&Tls::store_dir(data_dir));
    let log = std::fs::read_to_string(pebble._dir.path().join("pebble.log")).unwrap_or_default();
    let tail: Vec<&str> = log.lines().rev().take(30).collect();
    format!(
        "status {status:?}; activity {:?}; pebble log (newest first):\n{}",
        shop.activity(),
        tail.join("\n")
    )
}

fn is_pebble(cert: &Served) -> bool {
    cert.issuer.contains("Pebble")
}

fn status(data_dir: &Path) -> kiosk::http::tls::CertificateStatus {
    kiosk::http::tls::CertificateStatus::read(&Tls::store_dir(data_dir)).expect("a status")
}

#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[tokio::test]
async fn pebble_issues_a_certificate_and_a_restart_serves_it_without_a_new_order() {
    let (https, http) = (free_port(), free_port());
    let pebble = Pebble::start(https, http, 0).await;
    let data = tempfile::tempdir().unwrap();
    let shop = Shop::start(data.path(), pebble.settings(https, http)).await;
    assert_eq!(
        shop.state.config.public_url,
        format!("https://{SHOP}:{https}")
    );
    let h2 = client(SHOP, shop.https, false);
    let url = shop.url(SHOP, "/api/health");
    let issued = wait_for_certificate(
        (SHOP, shop.https),
        &url,
        Duration::from_secs(60),
        is_pebble,
        || why(&shop, data.path(), &pebble),
    )
    .await;
    assert_eq!(issued.names, [format!("DNSName({SHOP})")]);

    let answer = h2.get(&url).send().await.unwrap();
    assert_eq!(answer.version(), reqwest::Version::HTTP_2);
    assert_eq!(
        answer.headers()["strict-transport-security"],
        "max-age=31536000"
    );
    // The plain port sends the shop's own name to HTTPS, whatever host was asked for.
    let plain = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let moved = plain
        .get(format!("http://{}/th/cart", shop.http))
        .header("host", "evil.example.net")
        .send()
        .await
        .unwrap();
    assert_eq!(moved.status(), 308);
    assert_eq!(
        moved.headers()["location"],
        format!("https://{SHOP}:{https}/th/cart")
    );

    let folder = Tls::store_dir(data.path());
    #[cfg(unix)]
    for name in ["certificate.pem", "certificate.key", "acme-account.json"] {
        assert_eq!(mode(&folder.join(name)), 0o600, "{name}");
    }
    let recorded = status(data.path());
    assert_eq!(recorded.names, [SHOP]);
    assert!(recorded.last_error.is_none());
    let lines = kiosk::ops::tls::describe(&shop.state.config).join("\n");
    assert!(lines.contains(&format!("certificate: {SHOP}")), "{lines}");
    let issued_lines = shop
        .activity()
        .into_iter()
        .filter(|(action, _)| action == "certificate issued")
        .count();
    assert_eq!(issued_lines, 1);
    shop.stop().await;

    // Restart with pebble gone: the stored certificate is served at once and no order is
    // made (an order would fail and be recorded).
    drop(pebble);
    let restarted = Shop::start(
        data.path(),
        Tls {
            acme_directory: format!("https://127.0.0.1:{}/dir", free_port()),
            ..tls_settings(https, http)
        }
        .with_domains(),
    )
    .await;
    let again = wait_for_certificate(
        (SHOP, restarted.https),
        &url,
        Duration::from_secs(5),
        |_| true,
        String::new,
    )
    .await;
    assert_eq!(again.serial, issued.serial);
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert!(status(data.path()).last_error.is_none());
    let failures: Vec<_> = restarted
        .activity()
        .into_iter()
        .filter(|(action, _)| action == "certificate renewal failed")
        .collect();
    assert!(failures.is_empty(), "{failures:?}");
    restarted.stop().await;
}

trait WithDomains {
    fn with_domains(self) -> Tls;
}

impl WithDomains for Tls {
    fn with_domains(mut self) -> Tls {
        self.domains = vec![SHOP.into()];
        self
    }
}

#[tokio::test]
async fn pebble_renews_a_short_lived_certificate_while_requests_keep_being_answered() {
    let (https, http) = (free_port(), free_port());
    // 30 days and 20 seconds: due for renewal 20 seconds after issue.
    let pebble = Pebble::start(https, http, 30 * 86_400 + 20).await;
    let data = tempfile::tempdir().unwrap();
    let shop = Shop::start(data.path(), pebble.settings(https, http)).await;
    let url = shop.url(SHOP, "/api/health");
    let first = wait_for_certificate(
        (SHOP, shop.https),
        &url,
        Duration::from_secs(60),
        is_pebble,
        || why(&shop, data.path(), &pebble),
    )
    .await;

    // Shoppers over both protocols, each request on a new connection, all through the swap.
    let running = Arc::new(AtomicBool::new(true));
    let (answered, failed) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let mut shoppers = Vec::new();
    for http1_only in [false, true] {
        let (running, answered, failed) = (running.clone(), answered.clone(), failed.clone());
        let client = client(SHOP, shop.https, http1_only);
        let url = url.clone();
        shoppers.push(tokio::spawn(async move {
            while running.load(Ordering::Relaxed) {
                match client.get(&url).send().await {
                    Ok(r) if r.status() == 200 => answered.fetch_add(1, Ordering::Relaxed),
                    _ => failed.fetch_add(1, Ordering::Relaxed),
                };
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }));
    }
    let renewed = wait_for_certificate(
        (SHOP, shop.https),
        &url,
        Duration::from_secs(90),
        |c| is_pebble(c) && c.serial != first.serial,
        || why(&shop, data.path(), &pebble),
    )
    .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    running.store(false, Ordering::Relaxed);
    for shopper in shoppers {
        shopper.await.unwrap();
    }
    assert_eq!(failed.load(Ordering::Relaxed), 0, "no request failed");
    assert!(answered.load(Ordering::Relaxed) > 10);
    assert_eq!(renewed.names, first.names);
    let actions: Vec<String> = shop.activity().into_iter().map(|(a, _)| a).collect();
    assert!(
        actions.contains(&"certificate issued".to_string()),
        "{actions:?}"
    );
    assert!(
        actions.contains(&"certificate renewed".to_string()),
        "{actions:?}"
    );
    shop.stop().await;
}

#[tokio::test]
async fn a_failed_order_keeps_the_old_certificate_and_http_01_gets_a_new_one_on_the_retry() {
    let (https, http) = (free_port(), free_port());
    // Pebble validates TLS-ALPN-01 at a port where nothing listens: the first order fails.
    let pebble = Pebble::start(free_port(), http, 0).await;
    let data = tempfile::tempdir().unwrap();
    // A certificate from before, 10 days from its end (due for renewal, still valid).
    let old_ca = TestCa::new();
    let (chain, key) = old_ca.leaf(&[SHOP], 10);
    let folder = Tls::store_dir(data.path());
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("certificate.pem"), chain).unwrap();
    std::fs::write(folder.join("certificate.key"), key).unwrap();
    let shop = Shop::start(data.path(), pebble.settings(https, http)).await;
    let url = shop.url(SHOP, "/api/health");
    let h2 = client(SHOP, shop.https, false);
    let old = wait_for_certificate(
        (SHOP, shop.https),
        &url,
        Duration::from_secs(5),
        |c| !is_pebble(c),
        String::new,
    )
    .await;

    // The failure is recorded and warned about; the old certificate is still served.
    let started = Instant::now();
    while status(data.path()).last_error.is_none() {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no failure recorded"
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    let failed = status(data.path());
    let now = time::OffsetDateTime::now_utc().unix_timestamp() as u64;
    assert_eq!(
        failed.warning(now),
        Some(kiosk::http::tls::CertificateWarning::RenewalFailed)
    );
    let answer = h2.get(&url).send().await.unwrap();
    assert_eq!(answer.status(), 200);
    assert_eq!(served(&answer).serial, old.serial);
    assert!(
        shop.activity()
            .iter()
            .any(|(action, _)| action == "certificate renewal failed")
    );

    // The retry answers HTTP-01 on the plain port, which pebble reaches.
    let renewed = wait_for_certificate(
        (SHOP, shop.https),
        &url,
        Duration::from_secs(120),
        is_pebble,
        || why(&shop, data.path(), &pebble),
    )
    .await;
    assert_ne!(renewed.serial, old.serial);
    assert!(status(data.path()).last_error.is_none());
    assert!(
        shop.activity()
            .iter()
            .any(|(action, _)| action == "certificate renewed")
    );
    shop.stop().await;
}
