//! Prometheus metrics, off by default (`[metrics] listen`, docs/OPERATING.md "Metrics").
//!
//! Code where something happens calls the one-line helpers here (or the `metrics` facade's
//! macros with the names below); nothing is recorded until [`install`] runs, which the shop
//! does only when `[metrics] listen` is set, so a shop without metrics pays one relaxed load
//! per call. The exporter renders the Prometheus text format to a string and [`serve`] answers
//! it on the metrics address alone: the shop's own port never serves `/metrics`.
//!
//! This module stands on the ground floor (beside `config`) so that the store and every domain
//! can name a metric without reaching up; what is read only when scraped (database size,
//! outbox depth, backup age, process memory) is set by the caller of [`serve`] through its
//! `refresh` function.
//!
//! Labels are bounded: a request is counted by its route *family* ([`route_family`], a fixed
//! set), never by its raw path, and its latency by family and status class.

use std::future::Future;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};

// The names, each with what it counts; the Grafana dashboard (packaging/grafana-kiosk.json)
// and docs/OPERATING.md use the same names.

/// Counter `{family, status}`: answered requests (the front door's cached pages and files too).
pub const HTTP_REQUESTS: &str = "kiosk_http_requests_total";
/// Histogram `{family, class}` in seconds: time to answer (class `2xx` … `5xx`).
pub const HTTP_DURATION: &str = "kiosk_http_request_duration_seconds";
/// Gauge: requests being answered now.
pub const HTTP_IN_FLIGHT: &str = "kiosk_http_requests_in_flight";
/// Gauge: open client connections.
pub const HTTP_CONNECTIONS: &str = "kiosk_http_connections";
/// Counter: connections accepted.
pub const HTTP_CONNECTIONS_ACCEPTED: &str = "kiosk_http_connections_accepted_total";
/// Counter: connections closed at once because `limits.max_connections` were open.
pub const HTTP_CONNECTIONS_SHED: &str = "kiosk_http_connections_shed_total";
/// Counter: orders placed (a repeated idempotency key is not counted again).
pub const ORDERS_PLACED: &str = "kiosk_orders_placed_total";
/// Counter: orders moved to paid (staff, a slip confirmed, or 2C2P).
pub const ORDERS_PAID: &str = "kiosk_orders_paid_total";
/// Gauge: notifications waiting to be sent (first tries and retries).
pub const OUTBOX_PENDING: &str = "kiosk_outbox_pending";
/// Counter `{outcome}`: failed sends, `retry` (tried again later) or `given_up`.
pub const OUTBOX_FAILURES: &str = "kiosk_outbox_send_failures_total";
/// Histogram in seconds: a shopper's search (matching, filtering, ranking one page).
pub const SEARCH_DURATION: &str = "kiosk_search_duration_seconds";
/// Histogram in seconds: building a new catalogue snapshot after a change.
pub const CATALOG_REBUILD: &str = "kiosk_catalog_snapshot_rebuild_seconds";
/// Gauge: size of `kiosk.redb` in bytes.
pub const DATABASE_BYTES: &str = "kiosk_database_bytes";
/// Histogram in seconds: a durable commit of a write transaction.
pub const DATABASE_COMMIT: &str = "kiosk_database_commit_seconds";
/// Gauge: seconds since the last backup was written (absent before the first one).
pub const BACKUP_AGE: &str = "kiosk_backup_age_seconds";
/// Gauge: when the HTTPS certificate in use expires (Unix seconds); set by whatever loads the
/// certificate, absent when the shop does not serve HTTPS itself.
pub const CERTIFICATE_EXPIRY: &str = "kiosk_tls_certificate_expiry_timestamp_seconds";
/// Gauge: resident memory of the process (the name node exporters and dashboards expect).
pub const PROCESS_RSS: &str = "process_resident_memory_bytes";
/// Gauge `{version, commit}` = 1: which build is running.
pub const BUILD_INFO: &str = "kiosk_build_info";

/// Latency buckets (seconds): from a cached answer (sub-millisecond) to the request timeout.
const BUCKETS: &[f64] = &[
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
];

static ENABLED: AtomicBool = AtomicBool::new(false);
static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// Whether metrics are being recorded (after [`install`]).
pub fn enabled() -> bool {
    ENABLED.load(Ordering::Relaxed)
}

/// Installs the recorder for this process (once; later calls answer the same handle).
pub fn install() -> PrometheusHandle {
    if let Some(handle) = HANDLE.get() {
        return handle.clone();
    }
    let handle = HANDLE.get_or_init(|| {
        let builder = PrometheusBuilder::new()
            .set_buckets(BUCKETS)
            .expect("the bucket list is not empty");
        match builder.install_recorder() {
            Ok(handle) => handle,
            // Another recorder was installed first (an embedding program): render ours anyway,
            // empty, rather than fail the start.
            Err(_) => PrometheusBuilder::new().build_recorder().handle(),
        }
    });
    ENABLED.store(true, Ordering::Relaxed);
    describe();
    ::metrics::gauge!(BUILD_INFO, "version" => env!("CARGO_PKG_VERSION"), "commit" => env!("KIOSK_GIT_COMMIT")).set(1.0);
    handle.clone()
}

fn describe() {
    use ::metrics::{describe_counter, describe_gauge, describe_histogram};
    describe_counter!(
        HTTP_REQUESTS,
        "Answered requests by route family and status"
    );
    describe_histogram!(
        HTTP_DURATION,
        ::metrics::Unit::Seconds,
        "Time to answer, by route family and status class"
    );
    describe_gauge!(HTTP_IN_FLIGHT, "Requests being answered");
    describe_gauge!(HTTP_CONNECTIONS, "Open client connections");
    describe_counter!(HTTP_CONNECTIONS_ACCEPTED, "Client connections accepted");
    describe_counter!(
        HTTP_CONNECTIONS_SHED,
        "Connections closed at once because limits.max_connections were open"
    );
    describe_counter!(ORDERS_PLACED, "Orders placed");
    describe_counter!(ORDERS_PAID, "Orders moved to paid");
    describe_gauge!(OUTBOX_PENDING, "Notifications waiting to be sent");
    describe_counter!(OUTBOX_FAILURES, "Failed notification sends by outcome");
    describe_histogram!(
        SEARCH_DURATION,
        ::metrics::Unit::Seconds,
        "A shopper's search"
    );
    describe_histogram!(
        CATALOG_REBUILD,
        ::metrics::Unit::Seconds,
        "Building a catalogue snapshot"
    );
    describe_gauge!(DATABASE_BYTES, "Size of kiosk.redb");
    describe_histogram!(
        DATABASE_COMMIT,
        ::metrics::Unit::Seconds,
        "Durable commit of a write transaction"
    );
    describe_gauge!(BACKUP_AGE, "Seconds since the last backup was written");
    describe_gauge!(
        CERTIFICATE_EXPIRY,
        "When the HTTPS certificate expires (Unix seconds)"
    );
    describe_gauge!(PROCESS_RSS, "Resident memory of the process");
    describe_gauge!(BUILD_INFO, "The running build");
}

/// The bounded family of a request path: what the request counters are labelled with.
pub fn route_family(path: &str) -> &'static str {
    let Some(api) = path.strip_prefix("/api/") else {
        return match path {
            "/favicon.ico" | "/sw.js" => "asset",
            "/robots.txt" | "/sitemap.xml" => "sitemap",
            _ if path.starts_with("/assets/") || path.starts_with("/static/") => "asset",
            _ if path.starts_with("/sitemap/") => "sitemap",
            _ if path == "/admin" || path.starts_with("/admin/") => "staff_page",
            _ => "page",
        };
    };
    let first = api.split('/').next().unwrap_or_default();
    if first == "app" {
        let area = api.split('/').nth(1).unwrap_or_default();
        return match area {
            "product" | "category" | "room" | "promotions" | "coupons" => "catalog",
            "search" => "search",
            "cart" => "cart",
            "order" => "orders",
            "payment" => "payments",
            _ => "api_other",
        };
    }
    match first {
        "admin" => "staff_api",
        "auth" => "accounts",
        "file" | "openapi.json" => "content",
        "health" => "health",
        _ => "api_other",
    }
}

/// `2xx` … `5xx`.
fn status_class(status: u16) -> &'static str {
    match status {
        100..=199 => "1xx",
        200..=299 => "2xx",
        300..=399 => "3xx",
        400..=499 => "4xx",
        _ => "5xx",
    }
}

/// Counts one answered request and its time.
pub fn record_request(path: &str, status: u16, elapsed: Duration) {
    if !enabled() {
        return;
    }
    let family = route_family(path);
    ::metrics::counter!(HTTP_REQUESTS, "family" => family, "status" => status.to_string())
        .increment(1);
    ::metrics::histogram!(HTTP_DURATION, "family" => family, "class" => status_class(status))
        .record(elapsed.as_secs_f64());
}

/// A request being answered: counted in [`HTTP_IN_FLIGHT`] until dropped.
pub struct InFlight(bool);

impl InFlight {
    pub fn start() -> InFlight {
        let on = enabled();
        if on {
            ::metrics::gauge!(HTTP_IN_FLIGHT).increment(1.0);
        }
        InFlight(on)
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        if self.0 {
            ::metrics::gauge!(HTTP_IN_FLIGHT).decrement(1.0);
        }
    }
}

/// An open client connection: counted in [`HTTP_CONNECTIONS`] until dropped.
pub struct Connection(bool);

impl Connection {
    pub fn open() -> Connection {
        let on = enabled();
        if on {
            ::metrics::counter!(HTTP_CONNECTIONS_ACCEPTED).increment(1);
            ::metrics::gauge!(HTTP_CONNECTIONS).increment(1.0);
        }
        Connection(on)
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        if self.0 {
            ::metrics::gauge!(HTTP_CONNECTIONS).decrement(1.0);
        }
    }
}

/// A connection closed at once because the server was full.
pub fn connection_shed() {
    if enabled() {
        ::metrics::counter!(HTTP_CONNECTIONS_SHED).increment(1);
    }
}

/// Adds `count` to a counter without labels.
pub fn add(counter: &'static str, count: u64) {
    if enabled() && count > 0 {
        ::metrics::counter!(counter).increment(count);
    }
}

/// Counts one failed send of a notification; `given_up` when it will not be tried again.
pub fn outbox_failure(given_up: bool) {
    if enabled() {
        let outcome = if given_up { "given_up" } else { "retry" };
        ::metrics::counter!(OUTBOX_FAILURES, "outcome" => outcome).increment(1);
    }
}

/// Sets a gauge without labels.
pub fn set(gauge: &'static str, value: f64) {
    if enabled() {
        ::metrics::gauge!(gauge).set(value);
    }
}

/// Times what runs until it is dropped into a histogram without labels:
/// `let _timer = metrics::Timer::start(metrics::SEARCH_DURATION);`.
pub struct Timer(Option<(&'static str, Instant)>);

impl Timer {
    pub fn start(histogram: &'static str) -> Timer {
        Timer(enabled().then(|| (histogram, Instant::now())))
    }
}

impl Drop for Timer {
    fn drop(&mut self) {
        if let Some((name, started)) = self.0 {
            ::metrics::histogram!(name).record(started.elapsed().as_secs_f64());
        }
    }
}

/// The resident memory of this process in bytes (Linux; `None` elsewhere).
pub fn process_rss_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line
        .trim_start_matches("VmRSS:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kib * 1024)
}

/// Serves `GET /metrics` on `listener` until `shutdown` completes: `refresh` sets the gauges
/// read at scrape time, then the text is rendered. Anything else is a 404.
pub async fn serve(
    listener: tokio::net::TcpListener,
    handle: PrometheusHandle,
    refresh: impl Fn() + Send + Sync + 'static,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    use axum::http::header;
    let refresh = std::sync::Arc::new(refresh);
    let scrape = move || {
        let (handle, refresh) = (handle.clone(), refresh.clone());
        async move {
            // Reading the database size and the outbox touches the disk: off the async threads.
            let text = tokio::task::spawn_blocking(move || {
                refresh();
                handle.run_upkeep();
                handle.render()
            })
            .await
            .unwrap_or_default();
            (
                [(
                    header::CONTENT_TYPE,
                    "text/plain; version=0.0.4; charset=utf-8",
                )],
                text,
            )
        }
    };
    let router = axum::Router::new().route("/metrics", axum::routing::get(scrape));
    axum::serve(listener, router)
        .with_graceful_shutdown(shutdown)
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_are_a_bounded_set() {
        let cases = [
            ("/", "page"),
            ("/th/product/BD-2002", "page"),
            ("/admin/orders", "staff_page"),
            ("/assets/index-abc.js", "asset"),
            ("/favicon.ico", "asset"),
            ("/sitemap/products-1.xml", "sitemap"),
            ("/api/app/product/list", "catalog"),
            ("/api/app/search/code", "search"),
            ("/api/app/cart/add", "cart"),
            ("/api/app/order/place", "orders"),
            ("/api/app/payment/2c2p/notify", "payments"),
            ("/api/auth/login", "accounts"),
            ("/api/admin/products/X", "staff_api"),
            ("/api/file/locales", "content"),
            ("/api/health", "health"),
            ("/api/nothing/here", "api_other"),
            ("/api/app/unknown", "api_other"),
        ];
        for (path, family) in cases {
            assert_eq!(route_family(path), family, "{path}");
        }
    }

    #[test]
    fn status_classes() {
        assert_eq!(status_class(200), "2xx");
        assert_eq!(status_class(304), "3xx");
        assert_eq!(status_class(404), "4xx");
        assert_eq!(status_class(503), "5xx");
    }

    /// Every series the sample dashboard queries is one the shop exports.
    #[test]
    fn the_grafana_dashboard_asks_for_exported_series_only() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/packaging/grafana-kiosk.json");
        let dashboard = std::fs::read_to_string(path).unwrap();
        let known = [
            HTTP_REQUESTS,
            HTTP_DURATION,
            HTTP_IN_FLIGHT,
            HTTP_CONNECTIONS,
            HTTP_CONNECTIONS_ACCEPTED,
            HTTP_CONNECTIONS_SHED,
            ORDERS_PLACED,
            ORDERS_PAID,
            OUTBOX_PENDING,
            OUTBOX_FAILURES,
            SEARCH_DURATION,
            CATALOG_REBUILD,
            DATABASE_BYTES,
            DATABASE_COMMIT,
            BACKUP_AGE,
            CERTIFICATE_EXPIRY,
            PROCESS_RSS,
            BUILD_INFO,
        ];
        let mut asked = 0;
        for word in dashboard.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
            if !(word.starts_with("kiosk_") || word.starts_with("process_")) {
                continue;
            }
            let series = ["_bucket", "_count", "_sum"]
                .iter()
                .find_map(|s| word.strip_suffix(s))
                .unwrap_or(word);
            assert!(known.contains(&series), "the dashboard asks for {word}");
            asked += 1;
        }
        assert!(asked >= known.len(), "{asked}");
    }

    #[test]
    fn rss_is_read_on_linux() {
        if cfg!(target_os = "linux") {
            assert!(process_rss_bytes().unwrap() > 1024 * 1024);
        }
    }
}
