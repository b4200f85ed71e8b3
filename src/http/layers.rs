//! Middleware every response passes through: request ids, tracing (with the `kcard` channel),
//! timeouts, body limits, compression and security headers.

use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::DefaultBodyLimit;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::envelope::{ErrorAnswer, ErrorDetail, ErrorStatus};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Request, StatusCode, header};
use tower_http::compression::CompressionLayer;
use tower_http::request_id::SetRequestIdLayer;
use tower_http::timeout::TimeoutLayer;

/// JSON bodies above this are refused (uploads get their own, larger limit on their routes).
pub const BODY_LIMIT: usize = 1024 * 1024;
/// A request still running after this is answered 503 and dropped.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// Scripts only from our origin (JSON data blocks are never executed); no framing; forms post
/// to us only.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

static X_REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");
pub(crate) static KCARD: HeaderName = HeaderName::from_static("kcard");

/// The longest plain-text rejection turned into a JSON error (axum's are one line).
const REJECTION_TEXT_LIMIT: usize = 4 * 1024;

/// One answer shape for every refusal under `/api/`: axum's extractors (path, query, form,
/// multipart, body) and the timeout layer answer plain text; this turns any such 4xx/5xx into
/// `{status: "error", error: {code, message}}` with a code that follows the status.
async fn json_errors(request: Request<Body>, next: Next) -> Response {
    let api = request.uri().path().starts_with("/api/");
    let response = next.run(request).await;
    let status = response.status();
    let plain = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_none_or(|v| v.starts_with("text/plain"));
    if !api || !plain || !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, REJECTION_TEXT_LIMIT)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_string())
        .unwrap_or_default();
    let code = match status {
        StatusCode::NOT_FOUND => "not_found",
        StatusCode::METHOD_NOT_ALLOWED => "method_not_allowed",
        StatusCode::REQUEST_TIMEOUT => "request_timeout",
        StatusCode::LENGTH_REQUIRED => "length_required",
        StatusCode::PAYLOAD_TOO_LARGE => "payload_too_large",
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "unsupported_media_type",
        StatusCode::UNPROCESSABLE_ENTITY => "invalid_json",
        StatusCode::SERVICE_UNAVAILABLE => "unavailable",
        s if s.is_server_error() => "internal_error",
        _ => "invalid_request",
    };
    let message = if text.is_empty() {
        status.canonical_reason().unwrap_or("error").to_string()
    } else {
        text
    };
    let body = ErrorAnswer {
        status: ErrorStatus::Error,
        error: ErrorDetail {
            code: code.to_string(),
            message,
        },
    };
    let mut answer = (status, axum::Json(body)).into_response();
    for (name, value) in &parts.headers {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            answer.headers_mut().insert(name.clone(), value.clone());
        }
    }
    answer
}

/// Compression for answers that are made per request (carts, orders, staff lists). Cached
/// answers and embedded files arrive compressed already (`super::encoded`) and pass through.
/// PDFs and fonts are compressed inside; compressing them again costs CPU for nothing. The
/// fastest level (brotli 0, gzip 1): on the old 64 KB list answer brotli 0 took 0.5 ms and
/// brotli 11 (what the default made of it) 260 ms of CPU per request, 17.3 KB against 11.5 KB
/// (`cargo bench --bench encoding -- FILE`).
fn on_the_fly_compression() -> CompressionLayer<impl tower_http::compression::Predicate> {
    use tower_http::compression::predicate::{NotForContentType, Predicate};
    CompressionLayer::new()
        .quality(tower_http::CompressionLevel::Fastest)
        .compress_when(
            tower_http::compression::DefaultPredicate::new()
                .and(NotForContentType::const_new("application/pdf"))
                .and(NotForContentType::const_new("font/"))
                .and(NotForContentType::const_new("application/zip")),
        )
}

/// `body_timeout`: a request body that stops arriving for this long is answered 408 (a body
/// shorter than its Content-Length must not hold a worker until the request timeout).
pub fn apply<S: Clone + Send + Sync + 'static>(
    router: Router<S>,
    body_timeout: Duration,
) -> Router<S> {
    router
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(
            body_timeout,
        ))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            REQUEST_TIMEOUT,
        ))
        .layer(axum::middleware::from_fn(json_errors))
        .layer(on_the_fly_compression())
        .layer(axum::middleware::from_fn(access_log))
        .layer(SetRequestIdLayer::new(X_REQUEST_ID.clone(), RequestIds))
}

/// A request slower than this is logged at INFO whatever its status.
const SLOW_REQUEST: Duration = Duration::from_millis(500);

/// The access log: refusals, failures and slow requests at INFO (5xx at WARN), every other
/// answer at DEBUG (`log.level = "debug"` or `RUST_LOG=debug` shows them all). Formatting a line
/// for each of tens of thousands of catalogue answers a second cost 12 % of the throughput, and
/// a reverse proxy in front usually keeps the full log anyway.
///
/// Each line names the request itself (method, path, channel, request id). The request's span,
/// which gives the same fields to whatever a handler logs, is made at DEBUG only: an INFO span
/// per request (tower-http's `TraceLayer`) cost 12–15 % of a cached answer's throughput
/// (old and new binary alternating under `wrk`). A handler's warning at INFO is matched to its
/// request by the access line that follows it.
async fn access_log(request: Request<Body>, next: Next) -> Response {
    use tracing::Instrument;
    let started = std::time::Instant::now();
    let _in_flight = crate::metrics::InFlight::start();
    let method = request.method().clone();
    let uri = request.uri().clone();
    let kcard = request.headers().get(&KCARD).cloned();
    let request_id = request.headers().get(&X_REQUEST_ID).cloned();
    let span = tracing::debug_span!(
        "request",
        method = %method,
        path = %uri.path(),
        kcard = %text(&kcard),
        request_id = %text(&request_id),
    );
    let mut response = next.run(request).instrument(span).await;
    finish_headers(response.headers_mut(), request_id.as_ref());
    crate::metrics::record_request(uri.path(), response.status().as_u16(), started.elapsed());
    log_answer(
        &method,
        uri.path(),
        &kcard,
        &request_id,
        response.status(),
        started.elapsed(),
    );
    response
}

/// The access log's line for one answer (also written by `super::front_door`).
pub(crate) fn log_answer(
    method: &axum::http::Method,
    path: &str,
    kcard: &Option<HeaderValue>,
    request_id: &Option<HeaderValue>,
    status: StatusCode,
    latency: Duration,
) {
    let ms = latency.as_millis() as u64;
    macro_rules! answered {
        ($level:ident) => {
            tracing::$level!(
                method = %method,
                path = %path,
                kcard = %text(kcard),
                request_id = %text(request_id),
                status = status.as_u16(),
                latency_ms = ms,
                "answered"
            )
        };
    }
    if status.is_server_error() {
        answered!(warn);
    } else if status.is_client_error() || latency >= SLOW_REQUEST {
        answered!(info);
    } else {
        answered!(debug);
    }
}

/// A header's text for the log ("" when absent or not visible ASCII).
fn text(value: &Option<HeaderValue>) -> &str {
    value.as_ref().and_then(|v| v.to_str().ok()).unwrap_or("")
}

/// The headers every answer carries, and its request's id, in one pass inside the access log
/// (a layer each cost a service wrapper and a boxed future per request); a handler's own
/// value wins.
pub(crate) fn finish_headers(headers: &mut HeaderMap, request_id: Option<&HeaderValue>) {
    const HEADERS: [(HeaderName, &str); 6] = [
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (
            HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        ),
        (
            HeaderName::from_static("permissions-policy"),
            "camera=(), microphone=(), geolocation=(), payment=()",
        ),
    ];
    for (name, value) in HEADERS {
        if !headers.contains_key(&name) {
            headers.insert(name, HeaderValue::from_static(value));
        }
    }
    if let Some(id) = request_id
        && !headers.contains_key(&X_REQUEST_ID)
    {
        headers.insert(X_REQUEST_ID.clone(), id.clone());
    }
}

/// Request ids: a random prefix chosen at start and a counter, e.g. `3f9a2c1e-000000c8`. Unique
/// for the life of the process and across restarts in practice, and free to make (a v4 UUID
/// asked the kernel for randomness on every request).
#[derive(Clone, Copy)]
struct RequestIds;

static REQUEST_PREFIX: std::sync::LazyLock<u32> = std::sync::LazyLock::new(rand::random);
static REQUEST_COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

impl tower_http::request_id::MakeRequestId for RequestIds {
    fn make_request_id<B>(&mut self, _: &Request<B>) -> Option<tower_http::request_id::RequestId> {
        new_request_id().map(tower_http::request_id::RequestId::new)
    }
}

/// The next request id.
fn new_request_id() -> Option<HeaderValue> {
    let n = REQUEST_COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    HeaderValue::from_str(&format!("{:08x}-{n:08x}", *REQUEST_PREFIX)).ok()
}

/// The request's id: the one it came with (a proxy in front set it), else a new one — what
/// `SetRequestIdLayer` gives the requests that pass the router.
pub(crate) fn request_id_of(headers: &HeaderMap) -> Option<HeaderValue> {
    headers.get(&X_REQUEST_ID).cloned().or_else(new_request_id)
}
