//! Local stand-ins for the parties the shop talks to when it tells people: a small SMTP server
//! that keeps every message it is given (and can be stopped and started again on the same
//! port, as a mail server that goes down and comes back), and the LINE Messaging API's push
//! endpoint. Both listen on loopback only.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use mail_parser::{MessageParser, MimeHeaders};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::task::JoinHandle;

/// A message as a mail client would show it.
#[derive(Debug, Clone)]
pub struct ReceivedMail {
    pub rcpt_to: Vec<String>,
    pub subject: String,
    pub text: String,
    pub html: String,
    pub attachments: Vec<(String, Vec<u8>)>,
    pub message_id: String,
    /// The message as it arrived (headers and body), for header checks and spam scoring.
    pub raw: Vec<u8>,
    /// The `Cc` header's addresses.
    pub cc: Vec<String>,
    /// The header block as received, and each attachment's `Content-Type`.
    pub headers: String,
    pub attachment_types: Vec<String>,
}

/// The SMTP stand-in.
pub struct SmtpStandIn {
    pub port: u16,
    received: Arc<Mutex<Vec<ReceivedMail>>>,
    /// Messages still to refuse with a temporary error (451).
    refusals: Arc<AtomicUsize>,
    server: Option<JoinHandle<()>>,
}

impl SmtpStandIn {
    /// Starts on a free loopback port.
    pub async fn start() -> SmtpStandIn {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let received = Arc::default();
        let refusals: Arc<AtomicUsize> = Arc::default();
        let server = Some(tokio::spawn(serve(
            listener,
            Arc::clone(&received),
            Arc::clone(&refusals),
        )));
        SmtpStandIn {
            port,
            received,
            refusals,
            server,
        }
    }

    /// A stand-in that is not running yet: its port is free until [`SmtpStandIn::resume`].
    pub async fn stopped() -> SmtpStandIn {
        let mut standin = SmtpStandIn::start().await;
        standin.stop();
        standin
    }

    /// Stops listening (connections are refused, as a server that is down).
    pub fn stop(&mut self) {
        if let Some(server) = self.server.take() {
            server.abort();
        }
    }

    /// Listens again on the same port.
    pub async fn resume(&mut self) {
        let mut tries = 0;
        let listener = loop {
            match TcpListener::bind(("127.0.0.1", self.port)).await {
                Ok(listener) => break listener,
                Err(err) if tries < 50 => {
                    tries += 1;
                    let _ = err;
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                Err(err) => panic!("port {} cannot be bound again: {err}", self.port),
            }
        };
        self.server = Some(tokio::spawn(serve(
            listener,
            Arc::clone(&self.received),
            Arc::clone(&self.refusals),
        )));
    }

    /// Answers the next `n` messages with a temporary refusal (`451` to `MAIL FROM`), as a
    /// busy or greylisting server does; the sender should try again later.
    pub fn refuse_next(&self, n: usize) {
        self.refusals.store(n, Ordering::SeqCst);
    }

    pub fn messages(&self) -> Vec<ReceivedMail> {
        self.received.lock().unwrap().clone()
    }

    /// Waits until `count` messages arrived (at most `seconds`), then answers all of them.
    pub async fn wait_for(&self, count: usize, seconds: u64) -> Vec<ReceivedMail> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(seconds);
        loop {
            let messages = self.messages();
            if messages.len() >= count || tokio::time::Instant::now() > deadline {
                return messages;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for SmtpStandIn {
    fn drop(&mut self) {
        self.stop();
    }
}

async fn serve(
    listener: TcpListener,
    received: Arc<Mutex<Vec<ReceivedMail>>>,
    refusals: Arc<AtomicUsize>,
) {
    loop {
        let Ok((socket, _)) = listener.accept().await else {
            return;
        };
        let received = Arc::clone(&received);
        let refusals = Arc::clone(&refusals);
        tokio::spawn(async move {
            let _ = session(socket, received, refusals).await;
        });
    }
}

/// One SMTP session: greeting, EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT.
async fn session(
    socket: tokio::net::TcpStream,
    received: Arc<Mutex<Vec<ReceivedMail>>>,
    refusals: Arc<AtomicUsize>,
) -> std::io::Result<()> {
    let (read, mut write) = socket.into_split();
    let mut lines = BufReader::new(read);
    write.write_all(b"220 standin.test ESMTP ready\r\n").await?;
    let mut rcpt_to = Vec::new();
    loop {
        let mut line = String::new();
        if lines.read_line(&mut line).await? == 0 {
            return Ok(());
        }
        let command = line.trim_end().to_ascii_uppercase();
        if command.starts_with("EHLO") || command.starts_with("HELO") {
            write
                .write_all(b"250-standin.test\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n")
                .await?;
        } else if command.starts_with("MAIL FROM") {
            rcpt_to.clear();
            let refuse = refusals
                .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
                .is_ok();
            if refuse {
                write
                    .write_all(b"451 4.3.0 busy, try again later\r\n")
                    .await?;
            } else {
                write.write_all(b"250 OK\r\n").await?;
            }
        } else if command.starts_with("RCPT TO") {
            let address = line.trim_end()[8..]
                .trim()
                .trim_start_matches('<')
                .trim_end_matches('>')
                .to_string();
            rcpt_to.push(address);
            write.write_all(b"250 OK\r\n").await?;
        } else if command == "DATA" {
            write.write_all(b"354 end with <CRLF>.<CRLF>\r\n").await?;
            let mut data = Vec::new();
            loop {
                let mut part = String::new();
                if lines.read_line(&mut part).await? == 0 {
                    return Ok(());
                }
                if part == ".\r\n" {
                    break;
                }
                let part = part.strip_prefix('.').unwrap_or(&part);
                data.extend_from_slice(part.as_bytes());
            }
            received
                .lock()
                .unwrap()
                .push(decode(std::mem::take(&mut rcpt_to), &data));
            write.write_all(b"250 OK queued\r\n").await?;
        } else if command == "QUIT" {
            write.write_all(b"221 bye\r\n").await?;
            return Ok(());
        } else {
            // RSET, NOOP and anything else.
            write.write_all(b"250 OK\r\n").await?;
        }
    }
}

fn decode(rcpt_to: Vec<String>, raw: &[u8]) -> ReceivedMail {
    let message = MessageParser::default()
        .parse(raw)
        .expect("the stand-in receives a parseable message");
    ReceivedMail {
        rcpt_to,
        subject: message.subject().unwrap_or_default().to_string(),
        text: message.body_text(0).unwrap_or_default().into_owned(),
        html: message.body_html(0).unwrap_or_default().into_owned(),
        attachments: message
            .attachments()
            .map(|part| {
                (
                    part.attachment_name().unwrap_or_default().to_string(),
                    part.contents().to_vec(),
                )
            })
            .collect(),
        message_id: message.message_id().unwrap_or_default().to_string(),
        raw: raw.to_vec(),
        cc: message
            .cc()
            .map(|cc| {
                cc.iter()
                    .filter_map(|a| a.address())
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default(),
        headers: String::from_utf8_lossy(
            &raw[..raw
                .windows(4)
                .position(|w| w == b"\r\n\r\n")
                .unwrap_or(raw.len())],
        )
        .into_owned(),
        attachment_types: message
            .attachments()
            .map(|part| {
                part.content_type()
                    .map(|t| format!("{}/{}", t.ctype(), t.subtype().unwrap_or_default()))
                    .unwrap_or_default()
            })
            .collect(),
    }
}

/// A push the LINE stand-in accepted.
#[derive(Debug, Clone)]
pub struct Push {
    pub authorization: String,
    pub retry_key: String,
    pub body: serde_json::Value,
}

#[derive(Default)]
struct LineState {
    pushes: Vec<Push>,
    fail_next: usize,
}

/// The LINE Messaging API push endpoint (`POST /v2/bot/message/push`).
pub struct LineStandIn {
    pub base: String,
    state: Arc<Mutex<LineState>>,
    server: JoinHandle<()>,
}

impl LineStandIn {
    pub async fn start() -> LineStandIn {
        let state: Arc<Mutex<LineState>> = Arc::default();
        let app = axum::Router::new()
            .route("/v2/bot/message/push", post(push))
            .with_state(Arc::clone(&state));
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let server = tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        LineStandIn {
            base,
            state,
            server,
        }
    }

    /// The next `n` pushes are answered 500, as LINE does when it is in trouble.
    pub fn fail_next(&self, n: usize) {
        self.state.lock().unwrap().fail_next = n;
    }

    pub fn pushes(&self) -> Vec<Push> {
        self.state.lock().unwrap().pushes.clone()
    }

    pub async fn wait_for(&self, count: usize, seconds: u64) -> Vec<Push> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(seconds);
        loop {
            let pushes = self.pushes();
            if pushes.len() >= count || tokio::time::Instant::now() > deadline {
                return pushes;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for LineStandIn {
    fn drop(&mut self) {
        self.server.abort();
    }
}

async fn push(
    State(state): State<Arc<Mutex<LineState>>>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> (StatusCode, String) {
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string()
    };
    let mut state = state.lock().unwrap();
    if state.fail_next > 0 {
        state.fail_next -= 1;
        return (
            StatusCode::INTERNAL_SERVER_ERROR,
            "{\"message\":\"try later\"}".into(),
        );
    }
    let retry_key = header("x-line-retry-key");
    if !retry_key.is_empty() && state.pushes.iter().any(|p| p.retry_key == retry_key) {
        // What LINE answers for a retry key it has already accepted.
        return (
            StatusCode::CONFLICT,
            "{\"message\":\"The retry key is already accepted\"}".into(),
        );
    }
    let Ok(body) = serde_json::from_slice::<serde_json::Value>(&body) else {
        return (StatusCode::BAD_REQUEST, "{\"message\":\"bad json\"}".into());
    };
    state.pushes.push(Push {
        authorization: header("authorization"),
        retry_key,
        body,
    });
    (StatusCode::OK, "{}".into())
}
