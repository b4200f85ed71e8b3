//! Requests refused at the edge, before routing, answer in the API's JSON error shape too.
//!
//! Two places refuse a request before the router sees it:
//!
//! - [`refuse_oversized`], called by the server loop for every request hyper has read: an
//!   address over [`MAX_URI`] bytes (414), one header over [`MAX_HEADER`] bytes or all of them
//!   over [`MAX_HEADERS_TOTAL`] (431). Hyper alone took a single 500 KB header.
//! - hyper itself, for a head it cannot read (400), an address over 65 534 bytes (414), more
//!   than 100 headers or a head over [`HEAD_LIMIT`] (431). It writes those answers straight to
//!   the socket with an empty body and offers no hook, so [`JsonRefusals`] wraps the socket
//!   and gives exactly those answers (a bare 400/414/431 head with `content-length: 0`, which
//!   the shop's own answers never are) the JSON body, then lets hyper close the connection.
//!
//! The limits and codes are listed in `docs/guest-order-keys.md` (refusals at the HTTP edge).

use std::io::IoSlice;
use std::pin::Pin;
use std::task::{Context, Poll, ready};

use axum::http::{HeaderValue, Request, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::envelope::{ErrorAnswer, ErrorDetail, ErrorStatus};

/// The longest path and query taken, in bytes (what nginx takes by default).
pub const MAX_URI: usize = 8 * 1024;
/// The longest single header (name and value), in bytes.
pub const MAX_HEADER: usize = 8 * 1024;
/// All headers together, in bytes.
pub const MAX_HEADERS_TOTAL: usize = 32 * 1024;
/// The head hyper reads at most: room for its own longest address (65 534 bytes) and the
/// headers, so that [`refuse_oversized`] answers everything in between.
pub const HEAD_LIMIT: usize = 96 * 1024;

/// The refusal of a request whose address or headers are over the limits, if they are.
pub fn refuse_oversized<B>(request: &Request<B>) -> Option<Response> {
    let uri = request
        .uri()
        .path_and_query()
        .map_or(0, |p| p.as_str().len());
    if uri > MAX_URI {
        return Some(refusal(StatusCode::URI_TOO_LONG));
    }
    let mut total = 0;
    for (name, value) in request.headers() {
        let size = name.as_str().len() + value.len();
        total += size + 4;
        if size > MAX_HEADER || total > MAX_HEADERS_TOTAL {
            return Some(refusal(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE));
        }
    }
    None
}

/// The code and message of an edge refusal.
fn words(status: StatusCode) -> (&'static str, String) {
    match status {
        StatusCode::URI_TOO_LONG => (
            "uri_too_long",
            format!("the address (path and query) is longer than {MAX_URI} bytes"),
        ),
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => (
            "headers_too_large",
            format!(
                "the request headers are too large: at most 100 headers, {MAX_HEADER} bytes each and {MAX_HEADERS_TOTAL} bytes in all"
            ),
        ),
        _ => (
            "invalid_request",
            "the request is not valid HTTP/1.1".to_string(),
        ),
    }
}

fn body(status: StatusCode) -> ErrorAnswer {
    let (code, message) = words(status);
    ErrorAnswer {
        status: ErrorStatus::Error,
        error: ErrorDetail {
            code: code.into(),
            message,
        },
    }
}

/// An edge refusal as an answer; the connection is closed after it.
fn refusal(status: StatusCode) -> Response {
    let mut response = (status, axum::Json(body(status))).into_response();
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// The JSON form of hyper's own refusal `head`, when `head` is one: a whole 400, 414 or 431
/// head with `content-length: 0`.
fn json_form(head: &[u8]) -> Option<Vec<u8>> {
    let rest = head
        .strip_prefix(b"HTTP/1.1 ")
        .or_else(|| head.strip_prefix(b"HTTP/1.0 "))?;
    let status = match rest.get(..4)? {
        b"400 " => StatusCode::BAD_REQUEST,
        b"414 " => StatusCode::URI_TOO_LONG,
        b"431 " => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
        _ => return None,
    };
    let text = std::str::from_utf8(head.strip_suffix(b"\r\n\r\n")?).ok()?;
    let mut lines = text.split("\r\n");
    let status_line = lines.next()?;
    let (mut kept, mut empty) = (Vec::new(), false);
    for line in lines {
        let lower = line.to_ascii_lowercase();
        if lower == "content-length: 0" {
            empty = true;
        } else if !lower.starts_with("connection:") {
            kept.push(line);
        }
    }
    if !empty {
        return None;
    }
    let json = serde_json::to_vec(&body(status)).ok()?;
    let mut out = format!("{status_line}\r\n");
    for line in kept {
        out.push_str(line);
        out.push_str("\r\n");
    }
    out.push_str(&format!(
        "content-type: application/json\r\nx-content-type-options: nosniff\r\nconnection: close\r\ncontent-length: {}\r\n\r\n",
        json.len()
    ));
    let mut out = out.into_bytes();
    out.extend_from_slice(&json);
    Some(out)
}

/// A connection's socket that writes hyper's own refusals in the JSON shape (see the module
/// documentation); everything else passes through untouched.
pub struct JsonRefusals<T> {
    inner: T,
    /// A rewritten refusal still being written, and how much of it is out.
    pending: Option<(Vec<u8>, usize)>,
}

impl<T> JsonRefusals<T> {
    pub fn new(inner: T) -> JsonRefusals<T> {
        JsonRefusals {
            inner,
            pending: None,
        }
    }
}

impl<T: hyper::rt::Write + Unpin> JsonRefusals<T> {
    /// Writes what is left of a rewritten refusal.
    fn poll_pending(&mut self, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        while let Some((bytes, written)) = self.pending.as_mut() {
            if *written == bytes.len() {
                self.pending = None;
                break;
            }
            let n = ready!(Pin::new(&mut self.inner).poll_write(cx, &bytes[*written..]))?;
            if n == 0 {
                return Poll::Ready(Err(std::io::ErrorKind::WriteZero.into()));
            }
            *written += n;
        }
        Poll::Ready(Ok(()))
    }

    /// Takes `head` as written when it is one of hyper's refusals (its JSON form goes out
    /// instead); `None` when it is not.
    fn rewrite(
        &mut self,
        cx: &mut Context<'_>,
        head: &[u8],
    ) -> Option<Poll<std::io::Result<usize>>> {
        let rewritten = json_form(head)?;
        self.pending = Some((rewritten, 0));
        Some(match self.poll_pending(cx) {
            Poll::Ready(Err(err)) => Poll::Ready(Err(err)),
            // The rest goes out on the next write, flush or shutdown.
            _ => Poll::Ready(Ok(head.len())),
        })
    }
}

impl<T: hyper::rt::Read + Unpin> hyper::rt::Read for JsonRefusals<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: hyper::rt::ReadBufCursor<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_read(cx, buf)
    }
}

impl<T: hyper::rt::Write + Unpin> hyper::rt::Write for JsonRefusals<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        if let Some(done) = this.rewrite(cx, buf) {
            return done;
        }
        Pin::new(&mut this.inner).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        // Hyper's refusal is a head alone, in one buffer.
        if let Some(first) = bufs.iter().find(|b| !b.is_empty())
            && let Some(done) = this.rewrite(cx, first)
        {
            return done;
        }
        Pin::new(&mut this.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        Pin::new(&mut this.inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        Pin::new(&mut this.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hyper_refusals_get_the_json_body_and_nothing_else_changes() {
        let head = b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\ndate: Fri, 27 Nov 2026 12:00:00 GMT\r\n\r\n";
        let out = String::from_utf8(json_form(head).unwrap()).unwrap();
        let (head, body) = out.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 431 "), "{head}");
        assert!(head.contains("date: Fri, 27 Nov 2026"), "{head}");
        assert!(
            head.contains(&format!("content-length: {}", body.len())),
            "{head}"
        );
        let json: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(json["error"]["code"], "headers_too_large");

        // Answers with a body, other statuses and partial heads are the shop's own.
        for other in [
            &b"HTTP/1.1 400 Bad Request\r\ncontent-length: 57\r\n\r\n"[..],
            b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n",
            b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n",
            b"HTTP/1.1 414 URI Too Long\r\ncontent-length: 0\r\n",
            b"{\"status\":\"error\"}",
        ] {
            assert!(
                json_form(other).is_none(),
                "{}",
                String::from_utf8_lossy(other)
            );
        }
    }
}
