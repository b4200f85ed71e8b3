//! A local stand-in for 2C2P's redirect payment page, for tests and demos only (the shop never
//! routes to it). It listens on loopback and behaves like 2C2P where the shop can tell:
//!
//! - `POST /payment` takes the browser's form, refuses it (400) unless version, merchant,
//!   currency, amount, order id, result URLs and the request `hash_value` are right, and shows
//!   a payment page with Pay, Pending, Fail and Cancel buttons;
//! - a button posts the signed response server-to-server to `result_url_2`, then sends the
//!   browser to `result_url_1` with the same signed fields (an auto-submitting form);
//! - tests drive it directly too: [`StandIn::response`], [`StandIn::notify`] and
//!   [`StandIn::post_notify`] make duplicate, late, forged, replayed and wrong-amount
//!   notifications on demand.
//!
//! Started by the Rust tests in-process and by the browser tests through
//! `cargo run --example standin_2c2p`.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};

use super::card_2c2p::{self as c2p, parse_form};

/// One merchant account the stand-in knows: id and signing key.
#[derive(Clone)]
pub struct StandInMerchant {
    pub merchant_id: String,
    pub secret_key: String,
}

/// A notification the stand-in sent: the URL, the fields and the HTTP status the shop answered.
pub type Sent = (String, BTreeMap<String, String>, u16);

#[derive(Default)]
struct Inner {
    merchants: Vec<StandInMerchant>,
    /// Accepted payment requests by `order_id`.
    requests: Mutex<BTreeMap<String, BTreeMap<String, String>>>,
    /// Server notifications sent: (url, fields, status answered).
    sent: Mutex<Vec<Sent>>,
    client: reqwest::Client,
}

/// A running stand-in; stops when the runtime does.
#[derive(Clone)]
pub struct StandIn {
    pub address: SocketAddr,
    inner: Arc<Inner>,
}

impl StandIn {
    /// Starts on `127.0.0.1:0` (or `listen`) in the current tokio runtime.
    pub async fn start(
        listen: SocketAddr,
        merchants: Vec<StandInMerchant>,
    ) -> std::io::Result<StandIn> {
        let listener = tokio::net::TcpListener::bind(listen).await?;
        let address = listener.local_addr()?;
        let inner = Arc::new(Inner {
            merchants,
            client: reqwest::Client::builder()
                .no_proxy()
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .map_err(std::io::Error::other)?,
            ..Inner::default()
        });
        let app = Router::new()
            .route("/payment", post(payment_page))
            .route("/payment/{order_id}/{code}", post(finish))
            .route("/", get(|| async { "2C2P stand-in" }))
            .with_state(inner.clone());
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        Ok(StandIn { address, inner })
    }

    /// The URL to configure as `payments.card_2c2p.payment_url`.
    pub fn payment_url(&self) -> String {
        format!("http://{}/payment", self.address)
    }

    /// The accepted request of an attempt.
    pub fn request(&self, order_id: &str) -> Option<BTreeMap<String, String>> {
        self.inner.requests.lock().ok()?.get(order_id).cloned()
    }

    /// Notifications sent so far: (url, fields, status the shop answered).
    pub fn sent(&self) -> Vec<Sent> {
        self.inner
            .sent
            .lock()
            .map(|s| s.clone())
            .unwrap_or_default()
    }

    /// The signed response 2C2P would send for an accepted request with `payment_status`
    /// `code`.
    pub fn response(&self, order_id: &str, code: &str) -> Option<BTreeMap<String, String>> {
        let request = self.request(order_id)?;
        Some(response_for(&self.inner, &request, code))
    }

    /// Signs `fields` as `merchant_id`'s response (a test's own, possibly tampered, fields).
    pub fn sign(&self, merchant_id: &str, fields: &mut BTreeMap<String, String>) {
        if let Some(m) = self
            .inner
            .merchants
            .iter()
            .find(|m| m.merchant_id == merchant_id)
        {
            fields.remove("hash_value");
            let hash = c2p::response_hash(&m.secret_key, fields);
            fields.insert("hash_value".into(), hash);
        }
    }

    /// Sends the server notification of an accepted request again with `code`; the shop's
    /// HTTP status.
    pub async fn notify(&self, order_id: &str, code: &str) -> Option<u16> {
        let request = self.request(order_id)?;
        let fields = response_for(&self.inner, &request, code);
        let url = request.get("result_url_2")?.clone();
        Some(send(&self.inner, &url, &fields).await)
    }

    /// Posts any fields, form-encoded, to `url` (forged and replayed notifications).
    pub async fn post_notify(&self, url: &str, fields: &BTreeMap<String, String>) -> u16 {
        send(&self.inner, url, fields).await
    }
}

async fn send(inner: &Inner, url: &str, fields: &BTreeMap<String, String>) -> u16 {
    let status = match inner.client.post(url).form(fields).send().await {
        Ok(answer) => answer.status().as_u16(),
        Err(_) => 0,
    };
    if let Ok(mut sent) = inner.sent.lock() {
        sent.push((url.to_string(), fields.clone(), status));
    }
    status
}

fn response_for(
    inner: &Inner,
    request: &BTreeMap<String, String>,
    code: &str,
) -> BTreeMap<String, String> {
    let field = |name: &str| request.get(name).cloned().unwrap_or_default();
    let now = time::OffsetDateTime::now_utc();
    // 2C2P's layout: `YYYY-MM-DD HH:MM:SS` (the shop refuses any other).
    let stamp = format!(
        "{:04}-{:02}-{:02} {:02}:{:02}:{:02}",
        now.year(),
        u8::from(now.month()),
        now.day(),
        now.hour(),
        now.minute(),
        now.second()
    );
    let order_id = field("order_id");
    // A transaction reference stable per attempt, like 2C2P's.
    let reference: String = c2p::sign("ref", &["order_id"], request)
        .chars()
        .filter(char::is_ascii_digit)
        .take(12)
        .collect();
    let mut fields: BTreeMap<String, String> = BTreeMap::new();
    let mut put = |name: &str, value: String| {
        if !value.is_empty() {
            fields.insert(name.into(), value);
        }
    };
    put("version", c2p::VERSION.into());
    put("request_timestamp", stamp.clone());
    put("merchant_id", field("merchant_id"));
    put("order_id", order_id);
    put("invoice_no", field("invoice_no"));
    put("currency", field("currency"));
    put("amount", field("amount"));
    put("transaction_ref", reference);
    if code == c2p::STATUS_SUCCESS {
        put("approval_code", "123456".into());
    }
    put("eci", "05".into());
    put("transaction_datetime", stamp);
    put("payment_channel", "001".into());
    put("payment_status", code.into());
    put(
        "channel_response_code",
        if code == c2p::STATUS_SUCCESS {
            "00"
        } else {
            "05"
        }
        .into(),
    );
    put(
        "channel_response_desc",
        match code {
            c2p::STATUS_SUCCESS => "Approved",
            c2p::STATUS_PENDING => "Pending",
            c2p::STATUS_CANCELLED => "Cancelled by user",
            _ => "Declined",
        }
        .into(),
    );
    put("masked_pan", "411111XXXXXX1111".into());
    for n in 1..=5 {
        put(
            &format!("user_defined_{n}"),
            field(&format!("user_defined_{n}")),
        );
    }
    put("process_by", "VI".into());
    let key = inner
        .merchants
        .iter()
        .find(|m| m.merchant_id == field("merchant_id"))
        .map(|m| m.secret_key.clone())
        .unwrap_or_default();
    let hash = c2p::response_hash(&key, &fields);
    fields.insert("hash_value".into(), hash);
    fields
}

fn refuse(problem: &str) -> Response {
    (
        StatusCode::BAD_REQUEST,
        Html(format!(
            "<!doctype html><title>Payment request refused</title><h1>Payment request refused</h1><p id=\"problem\">{}</p>",
            crate::domain::html::escape(problem)
        )),
    )
        .into_response()
}

/// Checks a request as 2C2P does; the problem when it is wrong.
fn check(inner: &Inner, fields: &BTreeMap<String, String>) -> Result<(), String> {
    let field = |name: &str| fields.get(name).map(String::as_str).unwrap_or_default();
    if field("version") != c2p::VERSION {
        return Err(format!("version {:?} is not 8.5", field("version")));
    }
    let merchant = inner
        .merchants
        .iter()
        .find(|m| m.merchant_id == field("merchant_id"))
        .ok_or_else(|| format!("unknown merchant_id {:?}", field("merchant_id")))?;
    if !c2p::request_is_signed(&merchant.secret_key, fields) {
        return Err("hash_value does not match".into());
    }
    if field("currency") != c2p::CURRENCY_THB {
        return Err("currency must be 764".into());
    }
    let amount = field("amount");
    if amount.len() != 12 || !amount.bytes().all(|b| b.is_ascii_digit()) {
        return Err("amount must be 12 digits".into());
    }
    let order_id = field("order_id");
    if order_id.is_empty() || order_id.len() > c2p::MAX_ORDER_ID {
        return Err("order_id must be 1 to 20 characters".into());
    }
    if field("result_url_1").is_empty() || field("result_url_2").is_empty() {
        return Err("result_url_1 and result_url_2 are required".into());
    }
    Ok(())
}

async fn payment_page(State(inner): State<Arc<Inner>>, body: Bytes) -> Response {
    let fields = parse_form(&body);
    if let Err(problem) = check(&inner, &fields) {
        return refuse(&problem);
    }
    let order_id = fields["order_id"].clone();
    let amount: i64 = fields["amount"].parse().unwrap_or_default();
    let lang = fields.get("default_lang").cloned().unwrap_or_default();
    if let Ok(mut requests) = inner.requests.lock() {
        requests.insert(order_id.clone(), fields);
    }
    let button = |code: &str, label: &str| {
        format!(
            "<form method=\"post\" action=\"/payment/{id}/{code}\"><button type=\"submit\" name=\"outcome\" value=\"{code}\">{label}</button></form>",
            id = crate::domain::html::escape(&order_id)
        )
    };
    Html(format!(
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>2C2P stand-in</title></head><body><h1>2C2P stand-in payment page</h1><p>Order <span id=\"order-id\">{id}</span>, amount <span id=\"amount\">{baht}.{satang:02}</span> THB, language {lang}</p>{pay}{pending}{fail}{cancel}</body></html>",
        lang = crate::domain::html::escape(&lang),
        id = crate::domain::html::escape(&order_id),
        baht = amount / 100,
        satang = amount % 100,
        pay = button(c2p::STATUS_SUCCESS, "Pay"),
        pending = button(c2p::STATUS_PENDING, "Pending"),
        fail = button(c2p::STATUS_REJECTED, "Fail"),
        cancel = button(c2p::STATUS_CANCELLED, "Cancel"),
    ))
    .into_response()
}

/// A button on the payment page: notify the shop's server, then send the browser back.
async fn finish(
    State(inner): State<Arc<Inner>>,
    Path((order_id, code)): Path<(String, String)>,
) -> Response {
    let Some(request) = inner
        .requests
        .lock()
        .ok()
        .and_then(|r| r.get(&order_id).cloned())
    else {
        return refuse("no such payment");
    };
    let fields = response_for(&inner, &request, &code);
    let notify = request.get("result_url_2").cloned().unwrap_or_default();
    send(&inner, &notify, &fields).await;
    let back = request.get("result_url_1").cloned().unwrap_or_default();
    let inputs: String = fields
        .iter()
        .map(|(k, v)| {
            format!(
                "<input type=\"hidden\" name=\"{}\" value=\"{}\">",
                crate::domain::html::escape(k),
                crate::domain::html::escape(v)
            )
        })
        .collect();
    Html(format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>Returning to the shop</title></head><body><form id=\"back\" method=\"post\" action=\"{}\">{inputs}<button type=\"submit\">Return to the shop</button></form><script>document.getElementById('back').submit();</script></body></html>",
        crate::domain::html::escape(&back)
    ))
    .into_response()
}
