//! The HTTP server loop (instead of `axum::serve`, which has no connection limits or
//! timeouts): every connection must send its request headers within `header_timeout`, and an
//! idle keep-alive connection is closed after the same time; at most `max_connections` are
//! served at once. Above nine tenths of that, new connections get a 2-second header timeout,
//! so idle sockets cannot starve health checks and shoppers; at the limit new connections are
//! closed at once (their file descriptor freed) instead of queueing in the kernel.
//!
//! A request over the size limits is refused before anything else reads it, and every refusal
//! made here or by hyper answers in the API's JSON error shape (`super::edge`).
//!
//! With `[tls]` on, [`serve_tls`] serves the same app over HTTPS (HTTP/2 or HTTP/1.1 by ALPN,
//! the same limits, HSTS on every answer) and `super::tls_redirect` answers the plain port.

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use axum::http::{HeaderValue, Request, header};
use hyper::body::Incoming;
use hyper::server::conn::http1::Builder;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulConnection;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, watch};
use tower::ServiceExt;

use super::edge::{self, JsonRefusals};
use super::{layers, tls};

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

/// HTTP/1.1 for the plain listener: browsers speak HTTP/2 only over TLS, which the reverse
/// proxy in front ends (or [`serve_tls`]); and hyper's protocol sniffing (`auto`) waits for a
/// first byte with no timeout at all.
fn builder(header_timeout: Duration) -> Builder {
    let mut builder = Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout)
        .max_header_size(edge::HEAD_LIMIT);
    builder
}

/// At most this many requests at once on one HTTP/2 connection (what nginx allows).
const H2_MAX_STREAMS: u32 = 128;
/// Streams a client may open and reset before the server sees them (the "rapid reset" attack,
/// CVE-2023-44487), and streams the server may reset for a client's errors ("MadeYouReset"),
/// before the connection is closed.
const H2_MAX_PENDING_RESETS: usize = 32;
const H2_MAX_ERROR_RESETS: usize = 256;

/// HTTP/2 with the same bounds as the HTTP/1.1 loop: the header list as large as HTTP/1.1's
/// head limit, a cap on concurrent streams and on resets; the idle timeout is the connection
/// task's (see [`drive_h2`]), since hyper's HTTP/2 has none.
fn h2_builder() -> hyper::server::conn::http2::Builder<TokioExecutor> {
    let mut builder = hyper::server::conn::http2::Builder::new(TokioExecutor::new());
    builder
        .timer(TokioTimer::new())
        .max_concurrent_streams(H2_MAX_STREAMS)
        .max_header_list_size(u32::try_from(edge::HEAD_LIMIT).unwrap_or(u32::MAX))
        .max_pending_accept_reset_streams(H2_MAX_PENDING_RESETS)
        .max_local_error_reset_streams(H2_MAX_ERROR_RESETS);
    builder
}

/// What may answer a request before the router sees it (the site's front door: cached pages
/// and assets). The kit defines it so that the server loop knows no site; app.rs hands the
/// site's front door in.
pub trait EarlyAnswer: Clone + Send + Sync + 'static {
    /// An answer for `request`, or `None` to pass it to the router.
    fn answer(&self, request: &Request<Incoming>) -> Option<axum::response::Response>;
}

/// One accepted connection, with the header timeout it gets and the stop signal.
pub(super) struct Accepted {
    pub stream: TcpStream,
    pub peer: SocketAddr,
    pub header_timeout: Duration,
    pub stop: watch::Receiver<bool>,
}

/// The accept loop every listener shares: the connection cap, the shorter header timeout when
/// nearly full, the stop signal; `handle` drives one connection. Returns when `shutdown`
/// completes and every connection has finished (the caller bounds that wait).
pub(super) async fn accept_loop<F, Fut>(
    listener: TcpListener,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
    handle: F,
) -> std::io::Result<()>
where
    F: Fn(Accepted) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let permits = Arc::new(Semaphore::new(limits.max_connections));
    let pressed_below = limits.max_connections / 10;
    let (stop_tx, stop) = watch::channel(false);
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
        let header_timeout = if permits.available_permits() < pressed_below {
            PRESSED_HEADER_TIMEOUT.min(limits.header_timeout)
        } else {
            limits.header_timeout
        };
        let connection = handle(Accepted {
            stream,
            peer,
            header_timeout,
            stop: stop.clone(),
        });
        tokio::spawn(async move {
            connection.await;
            drop((permit, counted));
        });
    }
    drop(listener);
    let _ = stop_tx.send(true);
    let all = u32::try_from(limits.max_connections).unwrap_or(u32::MAX);
    let _ = permits.acquire_many(all).await;
    Ok(())
}

/// Resolves when the stop signal is given (or its sender is gone).
async fn stopped(mut stop: watch::Receiver<bool>) {
    while !*stop.borrow_and_update() {
        if stop.changed().await.is_err() {
            return;
        }
    }
}

/// Runs `connection` until it ends, or until the stop signal, then lets its requests finish.
pub(super) async fn drive<C: GracefulConnection>(connection: C, stop: watch::Receiver<bool>) {
    tokio::pin!(connection);
    tokio::select! {
        // A client that goes away or times out is routine, not an error worth a log line.
        _ = connection.as_mut() => return,
        () = stopped(stop) => {}
    }
    connection.as_mut().graceful_shutdown();
    let _ = connection.await;
}

/// Requests on one HTTP/2 connection: how many started, how many are running.
#[derive(Default)]
struct Streams {
    started: AtomicU64,
    running: AtomicUsize,
}

/// [`drive`] for HTTP/2, which also closes the connection (GOAWAY, open streams finish) when it
/// started no request for `idle` and runs none: the HTTP/1.1 keep-alive timeout's equal.
async fn drive_h2<C: GracefulConnection>(
    connection: C,
    stop: watch::Receiver<bool>,
    streams: Arc<Streams>,
    idle: Duration,
) {
    tokio::pin!(connection);
    let stop = stopped(stop);
    tokio::pin!(stop);
    let mut tick = tokio::time::interval(idle);
    tick.tick().await;
    let mut seen = streams.started.load(Ordering::Relaxed);
    loop {
        tokio::select! {
            _ = connection.as_mut() => return,
            () = &mut stop => break,
            _ = tick.tick() => {
                let started = streams.started.load(Ordering::Relaxed);
                if started == seen && streams.running.load(Ordering::Relaxed) == 0 {
                    break;
                }
                seen = started;
            }
        }
    }
    connection.as_mut().graceful_shutdown();
    let _ = connection.await;
}

/// One answer on its way.
type Answer =
    std::pin::Pin<Box<dyn Future<Output = Result<axum::response::Response, Infallible>> + Send>>;

/// The per-request path every listener of the shop shares: the size refusals, the front door,
/// the peer address for the handlers, then the router; HTTPS answers get HSTS.
fn shop_service<D: EarlyAnswer>(
    app: Router,
    front_door: D,
    peer: SocketAddr,
    https: bool,
) -> impl Fn(Request<Incoming>) -> Answer + Clone + Send + 'static {
    move |mut request: Request<Incoming>| {
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
        Box::pin(async move {
            let mut response = match early {
                Some(response) => response,
                None => app.oneshot(request).await?,
            };
            if https {
                response.headers_mut().insert(
                    header::STRICT_TRANSPORT_SECURITY,
                    HeaderValue::from_static(tls::HSTS),
                );
            }
            Ok(response)
        })
    }
}

/// Serves `app` over plain HTTP/1.1 until `shutdown` completes, then lets open requests
/// finish; `front_door` answers what it can before the router sees the request.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    front_door: impl EarlyAnswer,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    accept_loop(listener, limits, shutdown, move |accepted| {
        let service = shop_service(app.clone(), front_door.clone(), accepted.peer, false);
        let connection = builder(accepted.header_timeout).serve_connection(
            JsonRefusals::new(TokioIo::new(accepted.stream)),
            hyper::service::service_fn(service),
        );
        drive(connection, accepted.stop)
    })
    .await
}

/// Serves `app` over HTTPS: HTTP/2 when the client offers it by ALPN, HTTP/1.1 otherwise, with
/// the plain loop's limits; the TLS handshake must also finish within the header timeout. A
/// TLS-ALPN-01 validation (`acme-tls/1`) is closed after its handshake.
pub async fn serve_tls(
    listener: TcpListener,
    app: Router,
    front_door: impl EarlyAnswer,
    limits: ConnectionLimits,
    tls: Arc<rustls::ServerConfig>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let acceptor = tokio_rustls::TlsAcceptor::from(tls);
    let h2 = h2_builder();
    accept_loop(listener, limits, shutdown, move |accepted| {
        let service = shop_service(app.clone(), front_door.clone(), accepted.peer, true);
        let acceptor = acceptor.clone();
        let h2 = h2.clone();
        async move {
            let Accepted {
                stream,
                header_timeout,
                stop,
                ..
            } = accepted;
            let Ok(Ok(stream)) =
                tokio::time::timeout(header_timeout, acceptor.accept(stream)).await
            else {
                return;
            };
            match stream.get_ref().1.alpn_protocol() {
                Some(tls::ACME_TLS_ALPN) => {}
                Some(b"h2") => {
                    let streams = Arc::new(Streams::default());
                    let counted = streams.clone();
                    let service = move |request: Request<Incoming>| {
                        counted.started.fetch_add(1, Ordering::Relaxed);
                        counted.running.fetch_add(1, Ordering::Relaxed);
                        let running = Running(counted.clone());
                        let answer = service(request);
                        async move {
                            let answer = answer.await;
                            drop(running);
                            answer
                        }
                    };
                    let connection = h2.serve_connection(
                        TokioIo::new(stream),
                        hyper::service::service_fn(service),
                    );
                    sendable(drive_h2(connection, stop, streams, header_timeout)).await;
                }
                _ => {
                    let connection = builder(header_timeout).serve_connection(
                        JsonRefusals::new(TokioIo::new(stream)),
                        hyper::service::service_fn(service),
                    );
                    sendable(drive(connection, stop)).await;
                }
            }
        }
    })
    .await
}

/// `future`, boxed as `Send`: awaited inside another async block, the connection futures' `Send`
/// cannot be proved for every lifetime of the stop signal's borrow (a known limit of rustc's
/// async trait solving); boxing checks it once, here.
fn sendable(
    future: impl Future<Output = ()> + Send + 'static,
) -> std::pin::Pin<Box<dyn Future<Output = ()> + Send>> {
    Box::pin(future)
}

/// Counts a request as running until dropped (also when its client resets the stream).
struct Running(Arc<Streams>);

impl Drop for Running {
    fn drop(&mut self) {
        self.0.running.fetch_sub(1, Ordering::Relaxed);
    }
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
