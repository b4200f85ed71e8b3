//! The plain HTTP port while the shop serves HTTPS itself: HTTP-01 validations get their key
//! authorization, everything else a permanent redirect to the same path over HTTPS. It runs the
//! same accept loop and limits as the shop (`super::server`).

use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;

use axum::body::Body;
use axum::http::{HeaderValue, Request, Response, StatusCode, header};
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use tokio::net::TcpListener;

use super::server::{ConnectionLimits, accept_loop, drive};
use super::tls::Certificates;

const CHALLENGE_PREFIX: &str = "/.well-known/acme-challenge/";

/// Where redirects go: the HTTPS port, and the names the shop answers to (empty: whatever
/// host the request named).
#[derive(Debug, Clone)]
pub struct Redirects {
    pub certificates: Arc<Certificates>,
    pub https_port: u16,
    pub hosts: Vec<String>,
}

impl Redirects {
    /// The answer to one request on the plain port.
    pub fn answer<B>(&self, request: &Request<B>) -> Response<Body> {
        let path = request.uri().path();
        if let Some(token) = path.strip_prefix(CHALLENGE_PREFIX) {
            return match self.certificates.http_challenge(token) {
                Some(key_authorization) => plain(StatusCode::OK, key_authorization),
                None => plain(StatusCode::NOT_FOUND, "no such challenge".into()),
            };
        }
        let asked = request
            .headers()
            .get(header::HOST)
            .and_then(|v| v.to_str().ok())
            .or_else(|| request.uri().host())
            .map(strip_port)
            .unwrap_or_default()
            .to_ascii_lowercase();
        // Only the shop's own names, so the redirect never sends a browser elsewhere; with the
        // owner's certificate (no names configured) any plain host name is kept.
        let host = if self.hosts.contains(&asked) {
            asked
        } else if let Some(first) = self.hosts.first() {
            first.clone()
        } else if plain_host(&asked) {
            asked
        } else {
            return plain(StatusCode::BAD_REQUEST, "a Host header is required".into());
        };
        let port = match self.https_port {
            443 => String::new(),
            port => format!(":{port}"),
        };
        let target = request.uri().path_and_query().map_or("/", |p| p.as_str());
        let location = format!("https://{host}{port}{target}");
        let mut response = plain(StatusCode::PERMANENT_REDIRECT, String::new());
        match HeaderValue::from_str(&location) {
            Ok(value) => {
                response.headers_mut().insert(header::LOCATION, value);
                response
            }
            Err(_) => plain(StatusCode::BAD_REQUEST, "bad request target".into()),
        }
    }
}

fn plain(status: StatusCode, body: String) -> Response<Body> {
    let mut response = Response::new(Body::from(body));
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    response
}

/// `host` without a `:port` (IPv6 literals keep their brackets).
fn strip_port(host: &str) -> &str {
    if host.starts_with('[') {
        return host.split_inclusive(']').next().unwrap_or(host);
    }
    host.split(':').next().unwrap_or(host)
}

/// A host name or address with nothing that could change the URL's meaning.
fn plain_host(host: &str) -> bool {
    !host.is_empty()
        && host.len() <= 253
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'[' | b']' | b':'))
}

/// Serves the plain port until `shutdown` completes.
pub async fn serve_redirects(
    listener: TcpListener,
    redirects: Redirects,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let redirects = Arc::new(redirects);
    accept_loop(listener, limits, shutdown, move |accepted| {
        let redirects = redirects.clone();
        let service = hyper::service::service_fn(move |request: Request<Incoming>| {
            let answer = redirects.answer(&request);
            async move { Ok::<_, Infallible>(answer) }
        });
        let mut builder = hyper::server::conn::http1::Builder::new();
        builder
            .timer(hyper_util::rt::TokioTimer::new())
            .header_read_timeout(accepted.header_timeout)
            .max_header_size(super::edge::HEAD_LIMIT);
        let connection = builder.serve_connection(TokioIo::new(accepted.stream), service);
        drive(connection, accepted.stop)
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn redirects(hosts: &[&str], port: u16) -> Redirects {
        Redirects {
            certificates: Arc::default(),
            https_port: port,
            hosts: hosts.iter().map(|h| h.to_string()).collect(),
        }
    }

    fn location(r: &Redirects, host: &str, target: &str) -> (u16, String) {
        let request = Request::builder()
            .uri(target)
            .header(header::HOST, host)
            .body(())
            .unwrap();
        let answer = r.answer(&request);
        let location = answer
            .headers()
            .get(header::LOCATION)
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default();
        (answer.status().as_u16(), location)
    }

    #[test]
    fn plain_requests_move_permanently_to_the_shops_own_https_names() {
        let r = redirects(&["shop.example.com", "www.shop.example.com"], 443);
        assert_eq!(
            location(&r, "www.shop.example.com", "/th/p/SF-1?x=1"),
            (308, "https://www.shop.example.com/th/p/SF-1?x=1".into())
        );
        assert_eq!(
            location(&r, "evil.example.net:80", "/"),
            (308, "https://shop.example.com/".into())
        );
        let r = redirects(&[], 8443);
        assert_eq!(
            location(&r, "10.0.0.5:8080", "/a"),
            (308, "https://10.0.0.5:8443/a".into())
        );
        assert_eq!(location(&r, "bad host/", "/").0, 400);
    }

    #[test]
    fn http_01_challenges_are_answered_and_unknown_tokens_are_not() {
        let r = redirects(&["shop.example.com"], 443);
        r.certificates.add_http_challenge("tok", "tok.thumb");
        let (status, _) = location(&r, "shop.example.com", "/.well-known/acme-challenge/tok");
        assert_eq!(status, 200);
        let (status, _) = location(&r, "shop.example.com", "/.well-known/acme-challenge/other");
        assert_eq!(status, 404);
    }
}
