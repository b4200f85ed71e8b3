//! Every refusal at the HTTP edge answers in the API's JSON error shape, spoken to over raw TCP:
//! the ones hyper makes itself (a head it cannot read, an address over 65 534 bytes, more than
//! 100 headers, a head over its limit) and the shop's own size limits (an address over 8 KiB,
//! one header over 8 KiB, 32 KiB of headers), as well as the layers' 413, 405 and 404.

use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::{TestApp, spawn_app};

/// Sends `head` (and `body`) on a new connection and reads until the server closes it or
/// one answer is complete; a server that stops reading early may reset the rest of the write.
async fn exchange(app: &TestApp, head: String, body: &[u8]) -> (u16, String) {
    let stream = TcpStream::connect(app.address.trim_start_matches("http://"))
        .await
        .unwrap();
    let (mut reader, mut writer) = stream.into_split();
    let mut request = head.into_bytes();
    request.extend_from_slice(body);
    let writing = tokio::spawn(async move {
        let _ = writer.write_all(&request).await;
        writer
    });
    let mut all = Vec::new();
    let mut buffer = [0u8; 8192];
    loop {
        match tokio::time::timeout(Duration::from_secs(10), reader.read(&mut buffer)).await {
            Ok(Ok(0)) | Ok(Err(_)) => break,
            Ok(Ok(n)) => {
                all.extend_from_slice(&buffer[..n]);
                if complete(&all) {
                    break;
                }
            }
            Err(_) => panic!("no answer within 10 s"),
        }
    }
    writing.abort();
    let text = String::from_utf8_lossy(&all).into_owned();
    let status = text
        .get(9..12)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("not an HTTP answer: {text:?}"));
    (status, text)
}

/// Whether `bytes` hold a whole answer with a `content-length` body.
fn complete(bytes: &[u8]) -> bool {
    let text = String::from_utf8_lossy(bytes);
    let Some((head, body)) = text.split_once("\r\n\r\n") else {
        return false;
    };
    head.lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("content-length: ")
                .and_then(|n| n.trim().parse::<usize>().ok())
        })
        .is_some_and(|length| body.len() >= length)
}

/// The error code of a JSON error answer; fails unless the body is the error shape.
fn json_code(answer: &str) -> String {
    let (head, body) = answer.split_once("\r\n\r\n").expect(answer);
    assert!(
        head.to_ascii_lowercase()
            .contains("content-type: application/json"),
        "{head}"
    );
    let json: serde_json::Value =
        serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body:?}"));
    assert_eq!(json["status"], "error", "{json}");
    assert!(
        json["error"]["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty()),
        "{json}"
    );
    json["error"]["code"].as_str().unwrap().to_string()
}

fn get(path: &str, headers: &str) -> String {
    format!("GET {path} HTTP/1.1\r\nHost: shop.test\r\n{headers}\r\n")
}

#[tokio::test]
async fn long_addresses_are_refused_414_in_the_json_shape() {
    let app = spawn_app().await;
    // 10 000 query parameters (about 88 KB): past hyper's own limit.
    let query: Vec<String> = (0..10_000).map(|n| format!("a{n}=1")).collect();
    let path = format!("/api/app/product/list?{}", query.join("&"));
    let (status, answer) = exchange(&app, get(&path, ""), b"").await;
    assert_eq!(status, 414, "{answer}");
    assert_eq!(json_code(&answer), "uri_too_long");
    // 10 KB: under hyper's limit, over the shop's.
    let path = format!("/api/app/product/list?q={}", "a".repeat(10 * 1024));
    let (status, answer) = exchange(&app, get(&path, ""), b"").await;
    assert_eq!(status, 414, "{answer}");
    assert_eq!(json_code(&answer), "uri_too_long");
}

#[tokio::test]
async fn too_many_or_too_large_headers_are_refused_431_in_the_json_shape() {
    let app = spawn_app().await;
    let many: String = (0..2000).map(|n| format!("x-h{n}: 1\r\n")).collect();
    let huge = format!("x-big: {}\r\n", "a".repeat(1024 * 1024));
    let half_mb = format!("x-big: {}\r\n", "a".repeat(500 * 1024));
    let ten_kb = format!("cookie: {}\r\n", "a".repeat(10 * 1024));
    let forty: String = (0..40)
        .map(|n| format!("x-h{n}: {}\r\n", "a".repeat(1000)))
        .collect();
    for (what, headers) in [
        ("2 000 headers", many),
        ("a 1 MB header", huge),
        ("a 500 KB header", half_mb),
        ("a 10 KB header", ten_kb),
        ("40 KB of headers", forty),
    ] {
        let (status, answer) = exchange(&app, get("/api/health", &headers), b"").await;
        assert_eq!(status, 431, "{what}: {answer}");
        assert_eq!(json_code(&answer), "headers_too_large", "{what}");
    }
    // Under the limits, the same kinds of request are answered.
    let cookie = format!("cookie: {}\r\n", "a".repeat(7 * 1024));
    let (status, answer) = exchange(&app, get("/api/health", &cookie), b"").await;
    assert_eq!(status, 200, "{answer}");
}

#[tokio::test]
async fn a_request_that_is_not_http_is_refused_400_in_the_json_shape() {
    let app = spawn_app().await;
    let (status, answer) = exchange(&app, "NOT AN HTTP REQUEST\r\n\r\n".into(), b"").await;
    assert_eq!(status, 400, "{answer}");
    assert_eq!(json_code(&answer), "invalid_request");
    let bad_header = get("/api/health", "bad header line\r\n");
    let (status, answer) = exchange(&app, bad_header, b"").await;
    assert_eq!(status, 400, "{answer}");
    assert_eq!(json_code(&answer), "invalid_request");
}

#[tokio::test]
async fn the_layers_refusals_are_in_the_json_shape_too() {
    let app = spawn_app().await;
    let body = vec![b' '; 2 * 1024 * 1024];
    let post = format!(
        "POST /api/auth/login HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    let (status, answer) = exchange(&app, post, &body).await;
    assert_eq!(status, 413, "{answer}");
    assert_eq!(json_code(&answer), "payload_too_large");
    let delete = "DELETE /api/app/product/list HTTP/1.1\r\nHost: shop.test\r\n\r\n".to_string();
    let (status, answer) = exchange(&app, delete, b"").await;
    assert_eq!(status, 405, "{answer}");
    assert_eq!(json_code(&answer), "method_not_allowed");
    let (status, answer) = exchange(&app, get("/api/no/such/route", ""), b"").await;
    assert_eq!(status, 404, "{answer}");
    assert_eq!(json_code(&answer), "not_found");
}
