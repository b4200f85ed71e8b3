//! The HTTP server loop (instead of `axum::serve`, which has no connection limits or
//! timeouts): every connection must send its request headers within `header_timeout`, and an
//! idle keep-alive connection is closed after the same time; at most `max_connections` are
//! served at once. Above nine tenths of that, new connections get a 2-second header timeout,
//! so idle sockets cannot starve health checks and shoppers; at the limit new connections are
//! closed at once (their file descriptor freed) instead of queueing in the kernel.
//!
//! A request over the size limits is refused before anything else reads it, and every refusal
//! made here or by hyper answers in the API's JSON error shape (`super::edge`).

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use axum::http::Request;
use hyper::body::Incoming;
use hyper::server::conn::http1::Builder;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt;

use super::edge::{self, JsonRefusals};
use super::layers;

/// The header timeout for new connections while the server is nearly full.
const PRESSED_HEADER_TIMEOUT: Duration = Duration::from_secs(2);
/// File descriptors kept free for the database, logs and the control socket.
const RESERVED_FDS: u64 = 64;

/// What bounds the connections (from `[limits]` in the config).
#[derive(Debug, Clone, Copy)]
pub struct ConnectionLimits {
    pub max_connections: usize,
    pub header_timeout: Duration,
}

impl ConnectionLimits {
    /// Raises the soft open-files limit to the hard one (the default 1024 is too small for a
    /// web server) and keeps `max_connections` below what the process may open.
    pub fn fitted(self) -> ConnectionLimits {
        let open_files = rlimit::increase_nofile_limit(u64::MAX).unwrap_or(1024);
        let room =
            usize::try_from(open_files.saturating_sub(RESERVED_FDS).max(16)).unwrap_or(usize::MAX);
        if room < self.max_connections {
            tracing::warn!(
                open_files,
                max_connections = room,
                "the open-files limit allows fewer connections than configured; raise LimitNOFILE"
            );
        }
        ConnectionLimits {
            max_connections: self.max_connections.min(room),
            ..self
        }
    }
}

/// HTTP/1.1 only: browsers speak HTTP/2 only over TLS, which the reverse proxy in front ends;
/// and hyper's protocol sniffing (`auto`) waits for a first byte with no timeout at all.
fn builder(header_timeout: Duration) -> Builder {
    let mut builder = Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout)
        .max_header_size(edge::HEAD_LIMIT);
    builder
}

/// What may answer a request before the router sees it (the site's front door: cached pages
/// and assets). The kit defines it so that the server loop knows no site; app.rs hands the
/// site's front door in.
pub trait EarlyAnswer: Clone + Send + Sync + 'static {
    /// An answer for `request`, or `None` to pass it to the router.
    fn answer(&self, request: &Request<Incoming>) -> Option<axum::response::Response>;
}

/// Serves `app` until `shutdown` completes, then lets open requests finish; `front_door`
/// answers what it can before the router sees the request.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    front_door: impl EarlyAnswer,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let permits = Arc::new(Semaphore::new(limits.max_connections));
    let pressed_below = limits.max_connections / 10;
    let normal = builder(limits.header_timeout);
    let pressed = builder(PRESSED_HEADER_TIMEOUT.min(limits.header_timeout));
    let graceful = GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                Err(err) => {
                    // Out of file descriptors or a connection reset before accept: wait a
                    // moment instead of spinning.
                    tracing::warn!(%err, "accept error");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Ok(permit) = permits.clone().try_acquire_owned() else {
            crate::metrics::connection_shed();
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let counted = crate::metrics::Connection::open();
        let app = app.clone();
        let front_door = front_door.clone();
        let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
            let started = std::time::Instant::now();
            let early = refuse_oversized(&request).or_else(|| front_door.answer(&request));
            if let Some(answer) = &early {
                crate::metrics::record_request(
                    request.uri().path(),
                    answer.status().as_u16(),
                    started.elapsed(),
                );
            }
            // Handlers read the peer address (sign-in throttling per client).
            request.extensions_mut().insert(ConnectInfo(peer));
            let app = app.clone();
            async move {
                match early {
                    Some(response) => Ok(response),
                    None => app.oneshot(request).await,
                }
            }
        });
        let builder = if permits.available_permits() < pressed_below {
            &pressed
        } else {
            &normal
        };
        let connection = graceful
            .watch(builder.serve_connection(JsonRefusals::new(TokioIo::new(stream)), service));
        tokio::spawn(async move {
            // A client that goes away or times out is routine, not an error worth a log line.
            let _ = connection.await;
            drop((permit, counted));
        });
    }
    drop(listener);
    graceful.shutdown().await;
    Ok(())
}

/// [`edge::refuse_oversized`], with the headers and the access-log line every answer gets.
fn refuse_oversized<B>(request: &Request<B>) -> Option<axum::response::Response> {
    let started = std::time::Instant::now();
    let mut response = edge::refuse_oversized(request)?;
    // A new id: the request's own headers are what is refused, so none of them is echoed.
    let request_id = layers::request_id_of(&axum::http::HeaderMap::new());
    layers::finish_headers(response.headers_mut(), request_id.as_ref());
    let path = request.uri().path();
    layers::log_answer(
        request.method(),
        path.get(..200).unwrap_or(path),
        &None,
        &request_id,
        response.status(),
        started.elapsed(),
    );
    Some(response)
}
