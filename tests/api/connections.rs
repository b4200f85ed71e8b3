//! Idle, slow and flooding clients: connections are closed when they send nothing, stall in
//! their headers or sit idle after a response; a stalled body is answered 408; many idle
//! sockets do not stop the health check. Timeouts are set to a second so this takes seconds.

use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::{TestApp, spawn_app_with};

async fn quick_app(max_connections: usize) -> TestApp {
    spawn_app_with(|config| {
        config.limits.header_timeout_secs = 1;
        config.limits.body_timeout_secs = 1;
        config.limits.max_connections = max_connections;
    })
    .await
}

async fn connect(app: &TestApp) -> TcpStream {
    TcpStream::connect(app.address.trim_start_matches("http://"))
        .await
        .unwrap()
}

/// Reads until the server closes the connection; returns what came and how long it took.
async fn read_until_closed(stream: &mut TcpStream, limit: Duration) -> (String, Duration) {
    let started = Instant::now();
    let mut all = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        match tokio::time::timeout(limit, stream.read(&mut buffer)).await {
            Ok(Ok(0)) | Ok(Err(_)) => break,
            Ok(Ok(n)) => all.extend_from_slice(&buffer[..n]),
            Err(_) => panic!("still open after {limit:?}"),
        }
    }
    (
        String::from_utf8_lossy(&all).into_owned(),
        started.elapsed(),
    )
}

#[tokio::test]
async fn a_silent_connection_is_closed() {
    let app = quick_app(64).await;
    let mut stream = connect(&app).await;
    let (_, took) = read_until_closed(&mut stream, Duration::from_secs(5)).await;
    assert!(took < Duration::from_secs(4), "closed after {took:?}");
}

#[tokio::test]
async fn headers_dripping_in_are_cut_off() {
    let app = quick_app(64).await;
    let mut stream = connect(&app).await;
    stream
        .write_all(b"GET /api/health HTTP/1.1\r\n")
        .await
        .unwrap();
    let started = Instant::now();
    // One header line every 300 ms, never finishing.
    let mut closed = false;
    for n in 0..20 {
        tokio::time::sleep(Duration::from_millis(300)).await;
        if stream
            .write_all(format!("X-Drip-{n}: x\r\n").as_bytes())
            .await
            .is_err()
        {
            closed = true;
            break;
        }
    }
    if !closed {
        let (_, _) = read_until_closed(&mut stream, Duration::from_secs(3)).await;
    }
    assert!(started.elapsed() < Duration::from_secs(8));
}

#[tokio::test]
async fn an_idle_keep_alive_connection_is_closed_after_its_response() {
    let app = quick_app(64).await;
    let mut stream = connect(&app).await;
    let host = app.address.trim_start_matches("http://").to_string();
    stream
        .write_all(format!("GET /api/health HTTP/1.1\r\nHost: {host}\r\n\r\n").as_bytes())
        .await
        .unwrap();
    let (answer, took) = read_until_closed(&mut stream, Duration::from_secs(5)).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(took < Duration::from_secs(4), "idle for {took:?}");
}

#[tokio::test]
async fn a_body_shorter_than_its_length_is_answered_408() {
    let app = quick_app(64).await;
    let mut stream = connect(&app).await;
    let host = app.address.trim_start_matches("http://").to_string();
    stream
        .write_all(
            format!(
                "POST /api/auth/login HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"username\""
            )
            .as_bytes(),
        )
        .await
        .unwrap();
    let (answer, took) = read_until_closed(&mut stream, Duration::from_secs(10)).await;
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("\"request_timeout\""), "{answer}");
    assert!(took < Duration::from_secs(5), "{took:?}");
}

#[tokio::test]
async fn idle_sockets_do_not_stop_the_health_check() {
    // Far more idle sockets than connections allowed: the health check still gets through
    // (at once, or once the idle ones time out), and the server stays up.
    let app = quick_app(32).await;
    let mut idle = Vec::new();
    for _ in 0..300 {
        if let Ok(stream) = TcpStream::connect(app.address.trim_start_matches("http://")).await {
            idle.push(stream);
        }
    }
    let deadline = Instant::now() + Duration::from_secs(6);
    let healthy = loop {
        let answer = app
            .client
            .get(app.url("/api/health"))
            .timeout(Duration::from_secs(2))
            .send()
            .await;
        if answer.is_ok_and(|r| r.status() == 200) {
            break true;
        }
        if Instant::now() > deadline {
            break false;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(healthy, "the health check never answered");
    drop(idle);
}
