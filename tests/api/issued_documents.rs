//! Issued money documents never change. The real binary issues a receipt, a full tax invoice
//! and a credit note under one `[seller]` block; the owner then renames and reprices the
//! product and restarts the shop with another seller name, address and tax id; every document
//! comes back byte for byte as issued, still naming the first seller.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_kiosk");
const PASSWORD: &str = "a sofa for every room";

/// A running `kiosk serve`, killed when dropped.
struct Running {
    child: Child,
    base: String,
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn kiosk(dir: &Path) -> Command {
    let mut command = Command::new(BIN);
    command.current_dir(dir).stdin(Stdio::null());
    for (key, _) in std::env::vars() {
        if key.starts_with("KIOSK_") || key == "RUST_LOG" {
            command.env_remove(key);
        }
    }
    command
}

/// The shop's configuration with this seller block.
fn configure(dir: &Path, name: &str, address: &str, tax_id: &str) {
    std::fs::write(
        dir.join("config.toml"),
        format!(
            "listen = \"127.0.0.1:0\"\ndata_dir = \"data\"\n\n[seller]\nname = \"{name}\"\naddress = \"{address}\"\ntax_id = \"{tax_id}\"\nbranch = \"00000\"\nphone = \"02-555-0100\"\n"
        ),
    )
    .unwrap();
}

fn start(dir: &Path) -> Running {
    let mut child = kiosk(dir)
        .arg("serve")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("kiosk starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let base = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .to_string();
    Running { child, base }
}

async fn send(request: reqwest::RequestBuilder) -> (u16, Value) {
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn sign_in(http: &reqwest::Client, base: &str, username: &str) -> String {
    let (status, body) = send(
        http.post(format!("{base}/api/auth/login"))
            .json(&json!({"username": username, "password": PASSWORD})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body["token"].as_str().unwrap().to_string()
}

async fn pdf(http: &reqwest::Client, base: &str, token: &str, path: &str) -> Vec<u8> {
    let response = http
        .get(format!("{base}{path}"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "{path}");
    response.bytes().await.unwrap().to_vec()
}

fn pdftotext(pdf: &[u8]) -> Option<String> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.pdf");
    std::fs::write(&path, pdf).unwrap();
    let out = Command::new("pdftotext")
        .args([path.to_str().unwrap(), "-"])
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Places an order for one piece of `code` with tax details, as a new shopper.
async fn invoiced_order(http: &reqwest::Client, base: &str, code: &str) -> u64 {
    let (status, registered) = send(http.post(format!("{base}/api/auth/register")).json(
        &json!({"username": "somsak", "password": PASSWORD, "name": "Somsak", "email": "somsak@example.com"}),
    ))
    .await;
    assert_eq!(status, 201, "{registered}");
    let token = registered["token"].as_str().unwrap().to_string();
    let (_, me) = send(
        http.get(format!("{base}/api/auth/user"))
            .bearer_auth(&token),
    )
    .await;
    let id = me["data"]["id"].as_u64().unwrap();
    let (status, body) = send(
        http.post(format!("{base}/api/app/cart/add"))
            .bearer_auth(&token)
            .json(&json!({"id": id, "code": code, "qty": 1})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (status, placed) = send(
        http.post(format!("{base}/api/app/order/place"))
            .bearer_auth(&token)
            .json(&json!({
                "id": id, "payment": "promptpay", "idempotencyKey": "issued-documents-1", "lang": "en",
                "address": {"name": "Somsak Rakdee", "phone": "081-234-5678", "line1": "9 Silom Road",
                            "district": "Bang Rak", "province": "bangkok", "postcode": "10500"},
                "vatInfo": {"name": "Rakdee Interiors Co., Ltd.", "taxId": "0105561234560",
                            "branch": "00000", "address": "9 Silom Road, Bang Rak, Bangkok 10500"}
            })),
    )
    .await;
    assert_eq!(status, 201, "{placed}");
    placed["order"]["id"].as_u64().unwrap()
}

async fn set_status(http: &reqwest::Client, base: &str, staff: &str, id: u64, body: Value) {
    let (status, answer) = send(
        http.post(format!("{base}/api/admin/order/{id}/status"))
            .bearer_auth(staff)
            .json(&body),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
}

#[tokio::test]
async fn issued_documents_keep_their_seller_lines_and_bytes_after_the_settings_change() {
    let dir = tempfile::tempdir().unwrap();
    configure(
        dir.path(),
        "Siam Teak Trading Co., Ltd.",
        "12 Charoen Krung Road, Bang Rak, Bangkok 10500",
        "0105551234567",
    );
    // The first start creates the database; the owner's account is added while it is stopped.
    drop(start(dir.path()));
    let out = kiosk(dir.path())
        .env("KIOSK_USER_PASSWORD", PASSWORD)
        .args([
            "user",
            "add",
            "boss",
            "--role",
            "admin",
            "--data-dir",
            "data",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let http = reqwest::Client::new();

    let shop = start(dir.path());
    let base = shop.base.clone();
    let staff = sign_in(&http, &base, "boss").await;
    let product = crate::variants_money::listed_without_options(&http, &base, 1).await;
    let code = product["code"].as_str().unwrap().to_string();
    let id = invoiced_order(&http, &base, &code).await;
    set_status(&http, &base, &staff, id, json!({"status": "paid"})).await;
    set_status(
        &http,
        &base,
        &staff,
        id,
        json!({"status": "cancelled", "reason": "the buyer ordered the wrong size"}),
    )
    .await;
    let paths = ["receipt.pdf", "tax-invoice.pdf", "credit-note.pdf"]
        .map(|document| format!("/api/app/order/{id}/{document}"));
    let mut issued = Vec::new();
    for path in &paths {
        issued.push(pdf(&http, &base, &staff, path).await);
    }

    // The product is renamed and repriced.
    let (status, stored) = send(
        http.get(format!("{base}/api/admin/products/{code}"))
            .bearer_auth(&staff),
    )
    .await;
    assert_eq!(status, 200, "{stored}");
    let line_name = stored["product"]["name"]["en"]
        .as_str()
        .unwrap()
        .to_string();
    let mut changed = stored["product"].clone();
    changed["name"]["en"] = json!("Renamed After Issue");
    changed["price"] = json!(changed["price"].as_i64().unwrap() + 99_900);
    let (status, saved) = send(
        http.put(format!("{base}/api/admin/products/{code}"))
            .bearer_auth(&staff)
            .json(&changed),
    )
    .await;
    assert_eq!(status, 200, "{saved}");

    // The owner moves the company: another name, address and tax id, and a restart.
    drop(shop);
    configure(
        dir.path(),
        "Northern Oak Holdings Co., Ltd.",
        "88 Nimmanhaemin Road, Chiang Mai 50200",
        "0505550000127",
    );
    let shop = start(dir.path());
    let base = shop.base.clone();
    let staff = sign_in(&http, &base, "boss").await;
    for (path, before) in paths.iter().zip(&issued) {
        let now = pdf(&http, &base, &staff, path).await;
        assert!(
            now == *before,
            "{path} changed after the settings changed ({} bytes, was {})",
            now.len(),
            before.len()
        );
        let Some(text) = pdftotext(&now) else {
            eprintln!("pdftotext (poppler-utils) is not installed: text not checked");
            continue;
        };
        for kept in [
            "Siam Teak Trading Co., Ltd.",
            "Charoen Krung",
            line_name.as_str(),
        ] {
            assert!(text.contains(kept), "{path}: {kept:?} missing from\n{text}");
        }
        for gone in ["Northern Oak", "Nimmanhaemin", "Renamed After Issue"] {
            assert!(!text.contains(gone), "{path}: {gone:?} in\n{text}");
        }
    }
}
