//! Backups and the disk (issue 29): a backup taken after every kind of write the shop makes
//! restores every row of every table; a full disk is reported by health (503 `storage_full`),
//! by every refused write (507 `storage_full` with `Retry-After`) and on the dashboard, and the
//! shop recovers by itself once space is freed — with a simulated full disk (redb's file backend
//! answering ENOSPC) and, when the tests run as root, with a real full filesystem (a small tmpfs).

use std::collections::BTreeMap;
use std::path::PathBuf;

use kiosk::config::{Card2c2p, Merchant2c2p, SecretKey};
use kiosk::store::Store;
use kiosk::store::tables::ALL_TABLES;
use redb::{ReadableDatabase, TableHandle};
use serde_json::{Value, json};

use crate::admin_images::{form, jpeg_with_exif};
use crate::helpers::{TestApp, error_code, spawn_app, spawn_app_with};
use crate::notifications::{closed_port, set_status, with_channels};
use crate::orders::{Shopper, add, address, place, plain, product, shopper};
use crate::staff_reach::set_email;
use crate::standins::{LineStandIn, SmtpStandIn};

/// Rows per table, for every table in the file (listed or not).
fn rows_per_table(store: &Store) -> BTreeMap<String, u64> {
    let db = store.db().unwrap();
    let read = db.begin_read().unwrap();
    let names: Vec<String> = read
        .list_tables()
        .unwrap()
        .map(|t| t.name().to_string())
        .collect();
    names
        .into_iter()
        .map(|name| {
            let table = ALL_TABLES
                .iter()
                .find(|t| t.name() == name)
                .unwrap_or_else(|| panic!("the file holds the unlisted table {name}"));
            (name, table.len(&read).unwrap())
        })
        .collect()
}

async fn guest_order(app: &TestApp) -> Value {
    let visitor = uuid::Uuid::new_v4().to_string();
    let item = product(app, plain);
    let (status, body) = app
        .post_json(
            "/api/app/cart/add",
            &json!({"id": visitor, "code": item.code, "qty": 1}),
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = app
        .post_json(
            "/api/app/order/place",
            &json!({"id": visitor, "address": address(), "payment": "promptpay",
                    "contact": {"name": "Nok Sriwan", "phone": "089-123-4567", "email": "nok@example.com"},
                    "idempotencyKey": uuid::Uuid::new_v4().to_string(), "lang": "th"}),
            None,
        )
        .await;
    assert_eq!(status, 201, "a guest order: {body}");
    body
}

async fn order_of(app: &TestApp, who: &Shopper, payment: &str) -> Value {
    let item = product(app, plain);
    add(app, who, &item.code, 1).await;
    let (status, body) = place(app, who, json!({ "payment": payment })).await;
    assert_eq!(status, 201, "{payment} order: {body}");
    body["order"].clone()
}

async fn upload_slip(app: &TestApp, token: &str, id: u64) {
    let (content_type, body) = form(&[("slip.jpg", "image/jpeg", &jpeg_with_exif(40, 30))]);
    let (status, answer) = app
        .json(
            app.client
                .post(app.url(&format!("/api/app/order/{id}/proof")))
                .bearer_auth(token)
                .header("content-type", content_type)
                .body(body),
        )
        .await;
    assert_eq!(status, 201, "slip upload: {answer}");
}

/// A shop configured for card payments (the payment page is never opened: placing a card
/// order writes its attempt).
async fn card_shop() -> TestApp {
    spawn_app_with(|c| {
        // Mail on (to a port nobody answers: the messages wait in the outbox), so that a reset
        // link can be made — it is only ever mailed to the customer.
        with_channels(c, closed_port(), "http://127.0.0.1:9");
        c.payments.card_2c2p = Card2c2p {
            payment_url: "http://127.0.0.1:9/payment".into(),
            merchants: vec![Merchant2c2p {
                name: "full".into(),
                merchant_id: "JT01".into(),
                secret_key: SecretKey::new("QnmrnH6QE23N-full-payment-key"),
                min_total: 0,
                max_total: 0,
                payment_option: String::new(),
            }],
        };
    })
    .await
}

/// Runs the shop through every kind of write it makes; answers the tables that must hold rows.
async fn every_kind_of_write(app: &TestApp) -> Vec<&'static str> {
    let staff = app.token("owner", "admin").await;
    let buyer = shopper(app, "backed-up").await;

    // A member's order, moved to delivered and reviewed; coins granted by staff.
    let order = order_of(app, &buyer, "promptpay").await;
    let id = order["id"].as_u64().unwrap();
    for next in ["paid", "preparing", "shipped", "delivered"] {
        set_status(app, &staff, id, next).await;
    }
    let (status, body) = app
        .post_json(
            &format!("/api/app/order/review/{id}"),
            &json!({"rating": 5, "comment": "Sturdy"}),
            Some(&buyer.token),
        )
        .await;
    assert_eq!(status, 200, "review: {body}");
    let (status, body) = app
        .post_json(
            &format!("/api/admin/customers/{}/coins", buyer.id),
            &json!({"amount": 50, "reason": "welcome gift"}),
            Some(&staff),
        )
        .await;
    assert_eq!(status, 200, "coins: {body}");
    // A card attempt, a slip on a PromptPay order, a guest order.
    order_of(app, &buyer, "card_2c2p").await;
    let unpaid = order_of(app, &buyer, "promptpay").await;
    upload_slip(app, &buyer.token, unpaid["id"].as_u64().unwrap()).await;
    guest_order(app).await;
    // A cart left open, a password reset link, content and search settings.
    add(app, &buyer, &product(app, plain).code, 1).await;
    set_email(app, &buyer.token, "backed-up@example.com").await;
    let (status, body) = app
        .post_json(
            &format!("/api/admin/customers/{}/password-reset", buyer.id),
            &json!({}),
            Some(&staff),
        )
        .await;
    assert_eq!(status, 200, "reset link: {body}");
    let page = json!({"title": {"en": "About us", "th": "เกี่ยวกับเรา", "my": "", "km": "", "id": ""},
                      "body": {"en": "We sell [sofas](/room/living).", "th": "", "my": "", "km": "", "id": ""},
                      "published": true});
    let (status, body) = app
        .json(
            app.client
                .put(app.url("/api/admin/pages/about"))
                .bearer_auth(&staff)
                .json(&page),
        )
        .await;
    assert_eq!(status, 200, "page: {body}");
    let (status, body) = app
        .json(
            app.client
                .put(app.url("/api/admin/search/synonyms"))
                .bearer_auth(&staff)
                .json(&json!({"groups": [["sofa", "couch"]]})),
        )
        .await;
    assert_eq!(status, 200, "synonyms: {body}");

    vec![
        "order_id_to_order",
        "order_id_to_guest_keys",
        "proof_hash_to_order",
        "coin_ledger",
        "log_time_to_line",
        "reset_token_to_ticket",
        "page_name_to_page",
        "cart_owner_to_cart",
        "order_status_to_order",
        "sales_day_to_totals",
        "user_id_to_user",
        "search_name_to_synonyms",
    ]
}

#[tokio::test]
async fn a_backup_after_every_kind_of_write_restores_every_row_of_every_table() {
    let app = card_shop().await;
    let must_hold_rows = every_kind_of_write(&app).await;

    let before = rows_per_table(&app.state.store);
    for table in &must_hold_rows {
        assert!(
            before.get(*table).copied().unwrap_or(0) > 0,
            "the scenario should have written {table}: {before:?}"
        );
    }

    // The backup the nightly timer takes (the same operation the CLI sends over the socket).
    let out = tempfile::tempdir().unwrap();
    let data_dir = app.state.config.data_dir.clone();
    let store = app.state.store.clone();
    let config = app.state.config.clone();
    let (dir, answer) = {
        let dir = out.path().to_path_buf();
        let answer = tokio::task::spawn_blocking(move || {
            kiosk::ops::execute(
                &kiosk::ops::Context {
                    store: &store,
                    config: &config,
                    data_dir: &data_dir,
                    catalog: None,
                    attachment: None,
                },
                kiosk::ops::Operation::BackupRotate { dir, keep: 3 },
            )
        })
        .await
        .unwrap();
        (out.path().to_path_buf(), answer)
    };
    let answer = answer.expect("the backup is written");
    let archive = PathBuf::from(answer["report"]["path"].as_str().unwrap());
    assert!(archive.starts_with(&dir));

    let target = tempfile::tempdir().unwrap();
    let restored = tokio::task::spawn_blocking({
        let (archive, target) = (archive.clone(), target.path().to_path_buf());
        move || {
            kiosk::store::backup::restore(&archive, &target).unwrap();
            rows_per_table(&Store::open(&target).unwrap())
        }
    })
    .await
    .unwrap();
    // The backup was recorded after the snapshot: its `meta` row is the one difference.
    let mut expected = before.clone();
    expected.remove("meta");
    let mut got = restored.clone();
    got.remove("meta");
    assert_eq!(got, expected, "every table comes back with every row");

    // The dashboard knows the backup was written.
    let staff = app.token("reader", "admin").await;
    let (status, dashboard) = app.get_authed("/api/admin/dashboard", &staff).await;
    assert_eq!(status, 200, "{dashboard}");
    let storage = &dashboard["storage"];
    assert_eq!(storage["lastBackup"]["ok"], true, "{storage}");
    assert!(storage.get("backupWarning").is_none(), "{storage}");
}

#[tokio::test]
async fn the_dashboard_warns_when_there_is_no_backup_or_the_last_one_failed() {
    let app = spawn_app().await;
    let staff = app.token("owner", "admin").await;
    let (_, dashboard) = app.get_authed("/api/admin/dashboard", &staff).await;
    assert_eq!(
        dashboard["storage"]["backupWarning"], "never",
        "{dashboard}"
    );

    let (store, data_dir) = (app.state.store.clone(), app.state.config.data_dir.clone());
    let config = app.state.config.clone();
    let failed = tokio::task::spawn_blocking(move || {
        kiosk::ops::execute(
            &kiosk::ops::Context {
                store: &store,
                config: &config,
                data_dir: &data_dir,
                catalog: None,
                attachment: None,
            },
            kiosk::ops::Operation::Backup {
                path: "/nonexistent/folder/kiosk.tar".into(),
            },
        )
    })
    .await
    .unwrap();
    assert!(failed.is_err());
    let (_, dashboard) = app.get_authed("/api/admin/dashboard", &staff).await;
    let storage = &dashboard["storage"];
    assert_eq!(storage["backupWarning"], "failed", "{storage}");
    assert_eq!(storage["lastBackup"]["ok"], false, "{storage}");
    assert!(
        storage["lastBackup"]["error"]
            .as_str()
            .unwrap()
            .contains("does not exist"),
        "{storage}"
    );
}

/// What a refused write must look like while the disk is full.
fn assert_storage_full(status: u16, headers: &reqwest::header::HeaderMap, body: &Value) {
    assert_eq!((status, error_code(body)), (507, "storage_full"), "{body}");
    let retry = headers
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    assert!(retry.is_some_and(|s| s > 0), "Retry-After: {headers:?}");
}

async fn place_with_headers(
    app: &TestApp,
    who: &Shopper,
) -> (u16, reqwest::header::HeaderMap, Value) {
    let body = json!({"id": who.id, "address": address(), "payment": "promptpay",
                      "idempotencyKey": uuid::Uuid::new_v4().to_string()});
    let response = app
        .client
        .post(app.url("/api/app/order/place"))
        .bearer_auth(&who.token)
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    (
        status,
        headers,
        response.json().await.unwrap_or(Value::Null),
    )
}

async fn add_with_headers(
    app: &TestApp,
    who: &Shopper,
    code: &str,
) -> (u16, reqwest::header::HeaderMap, Value) {
    let response = app
        .client
        .post(app.url("/api/app/cart/add"))
        .bearer_auth(&who.token)
        .json(&json!({"id": who.id, "code": code, "qty": 1}))
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    (
        status,
        headers,
        response.json().await.unwrap_or(Value::Null),
    )
}

async fn health(app: &TestApp) -> (u16, Value) {
    app.get_json("/api/health").await
}

#[tokio::test]
async fn a_full_disk_is_reported_by_health_writes_and_the_dashboard_until_a_write_succeeds() {
    let app = spawn_app().await;
    let staff = app.token("owner", "admin").await;
    let who = shopper(&app, "full-disk-order").await;
    let item = product(&app, |p| plain(p) && p.stock >= 5);
    add(&app, &who, &item.code, 1).await;

    app.state.store.simulate_full_disk(true);
    // The order desk, a grouped cart write and a plain write: each says what happened.
    let (status, headers, body) = place_with_headers(&app, &who).await;
    assert_storage_full(status, &headers, &body);
    let (status, headers, body) = add_with_headers(&app, &who, &item.code).await;
    assert_storage_full(status, &headers, &body);
    let (status, body) = app
        .post_json(
            "/api/auth/register",
            &json!({"username": "during-full-disk", "password": crate::helpers::PASSWORD, "name": "Somchai"}),
            None,
        )
        .await;
    assert_eq!((status, error_code(&body)), (507, "storage_full"), "{body}");

    let (status, body) = health(&app).await;
    assert_eq!((status, error_code(&body)), (503, "storage_full"), "{body}");
    // The dashboard says so: in its storage field while reads work, or as its own 507 when
    // the file could not even be reopened for reading (the simulated disk refuses that too).
    let (status, dashboard) = app.get_authed("/api/admin/dashboard", &staff).await;
    if status == 200 {
        assert!(
            dashboard["storage"]["diskFullSince"].as_u64().is_some(),
            "{dashboard}"
        );
    } else {
        assert_eq!((status, error_code(&dashboard)), (507, "storage_full"));
    }

    // Space is back: health's own probe write clears the state, no restart, nothing lost.
    app.state.store.simulate_full_disk(false);
    let (status, body) = health(&app).await;
    assert_eq!(status, 200, "{body}");
    let (_, dashboard) = app.get_authed("/api/admin/dashboard", &staff).await;
    assert!(
        dashboard["storage"].get("diskFullSince").is_none(),
        "{dashboard}"
    );
    let (status, _, body) = place_with_headers(&app, &who).await;
    assert_eq!(status, 201, "{body}");
}

/// A small tmpfs mounted for one test and lazily unmounted after it.
struct SmallDisk {
    path: PathBuf,
    _dir: tempfile::TempDir,
}

impl SmallDisk {
    fn mount(megabytes: u32) -> Option<SmallDisk> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("disk");
        std::fs::create_dir(&path).unwrap();
        let mounted = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={megabytes}m"), "tmpfs"])
            .arg(&path)
            .status()
            .is_ok_and(|s| s.success());
        mounted.then_some(SmallDisk { path, _dir: dir })
    }

    /// Fills the disk to the last byte with a file; answers it.
    fn fill(&self) -> PathBuf {
        use std::io::Write;
        let filler = self.path.join("filler");
        let mut file = std::fs::File::create(&filler).unwrap();
        let block = vec![0u8; 64 * 1024];
        loop {
            if let Err(err) = file.write_all(&block) {
                assert!(kiosk::store::is_full_disk(&err), "{err}");
                break;
            }
        }
        let mut byte = [0u8; 1];
        while file.write_all(&byte).is_ok() {
            byte[0] = 1;
        }
        let _ = file.sync_all();
        filler
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg("-l")
            .arg(&self.path)
            .status();
    }
}

fn is_root() -> bool {
    std::process::Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// The real thing: the data folder on a 64 MB tmpfs, filled to the last byte. Orders fail
/// with 507 `storage_full` (never a bare 500), health says `storage_full` while they do, and
/// once the filler is deleted the shop takes orders again with every acknowledged one kept.
/// Needs root to mount (CI runs as root); elsewhere the simulated test above covers it.
#[tokio::test]
async fn a_real_full_filesystem_is_reported_and_survived() {
    if !is_root() {
        eprintln!("not root: the real full-disk test needs to mount a tmpfs; skipped");
        return;
    }
    let disk = SmallDisk::mount(64).expect("root can mount a tmpfs");
    let data_dir = disk.path.join("data");
    let app = spawn_app_with({
        let data_dir = data_dir.clone();
        move |c| c.data_dir = data_dir
    })
    .await;
    let staff = app.token("owner", "admin").await;
    let who = shopper(&app, "real-full-disk").await;
    let item = product(&app, plain);
    kiosk_set_stock(&app, &item.code).await;
    let filler = disk.fill();

    let mut acknowledged = Vec::new();
    let mut refused = 0;
    let mut health_answers: BTreeMap<String, u32> = BTreeMap::new();
    for _ in 0..400 {
        // Adding to the cart writes too: either write may be the one the disk refuses.
        let (mut status, mut headers, mut body) = add_with_headers(&app, &who, &item.code).await;
        if status == 200 {
            (status, headers, body) = place_with_headers(&app, &who).await;
            if status == 201 {
                acknowledged.push(body["order"]["id"].as_u64().unwrap());
                continue;
            }
        }
        assert_storage_full(status, &headers, &body);
        refused += 1;
        let (status, body) = health(&app).await;
        let code = body["error"]["code"].as_str().unwrap_or("ok").to_string();
        *health_answers
            .entry(format!("{status} {code}"))
            .or_default() += 1;
        if refused >= 20 {
            break;
        }
    }
    eprintln!(
        "real full disk: {} orders acknowledged, {refused} refused with 507 storage_full; health answers after each refusal: {health_answers:?}",
        acknowledged.len()
    );
    assert!(refused > 0, "the disk never filled");
    assert!(
        health_answers.contains_key("503 storage_full"),
        "health must say the disk is full while writes fail: {health_answers:?}"
    );
    let (status, dashboard) = app.get_authed("/api/admin/dashboard", &staff).await;
    if status == 200 {
        // Reads work unless redb could not reopen the file; then the dashboard is a 507 too.
        assert!(dashboard["storage"].is_object(), "{dashboard}");
    } else {
        assert_eq!((status, error_code(&dashboard)), (507, "storage_full"));
    }

    std::fs::remove_file(&filler).unwrap();
    let (status, body) = health(&app).await;
    assert_eq!(status, 200, "space is back: {body}");
    let (status, _, body) = add_with_headers(&app, &who, &item.code).await;
    assert_eq!(status, 200, "{body}");
    let (status, _, body) = place_with_headers(&app, &who).await;
    assert_eq!(status, 201, "orders work again without a restart: {body}");
    for id in acknowledged {
        let (status, body) = app
            .get_authed(&format!("/api/app/order/get/{id}"), &who.token)
            .await;
        assert_eq!(status, 200, "acknowledged order {id} kept: {body}");
    }
    drop(app);
}

async fn kiosk_set_stock(app: &TestApp, code: &str) {
    crate::orders::set_stock(app, code, 100_000).await;
}

/// The shop is told of a full disk by mail and on LINE — straight from memory, since the outbox
/// cannot be written while the disk is full — once however many writes are refused, and told
/// again once writes have succeeded for a quiet spell (two retry intervals; one second each
/// here).
#[tokio::test]
async fn a_full_disk_is_told_to_the_shop_by_mail_and_line_once_and_its_end_too() {
    let smtp = SmtpStandIn::start().await;
    let line = LineStandIn::start().await;
    let app = spawn_app_with(|c| with_channels(c, smtp.port, &line.base)).await;
    let who = shopper(&app, "told-of-full-disk").await;
    let item = product(&app, |p| plain(p) && p.stock >= 5);
    add(&app, &who, &item.code, 1).await;
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    let (mails, pushes) = (smtp.messages().len(), line.pushes().len());

    app.state.store.simulate_full_disk(true);
    for _ in 0..3 {
        let (status, headers, body) = place_with_headers(&app, &who).await;
        assert_storage_full(status, &headers, &body);
    }
    let told = smtp.wait_for(mails + 1, 15).await;
    let pushed = line.wait_for(pushes + 1, 15).await;
    let notice = told.last().unwrap();
    assert_eq!(notice.rcpt_to, ["owner@kiosk.test"]);
    assert!(notice.subject.contains("ดิสก์เต็ม"), "{}", notice.subject);
    assert!(notice.text.contains("(UTC+7)"), "{}", notice.text);
    let text = pushed.last().unwrap().body["messages"][0]["text"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(text.contains("ดิสก์เต็ม"), "{text}");
    // More refused writes and time: still one notice per channel.
    let (status, headers, body) = place_with_headers(&app, &who).await;
    assert_storage_full(status, &headers, &body);
    tokio::time::sleep(std::time::Duration::from_secs(3)).await;
    assert_eq!(smtp.messages().len(), mails + 1);
    assert_eq!(line.pushes().len(), pushes + 1);

    // Space again: health's probe write clears the state; the all-clear follows the quiet spell.
    app.state.store.simulate_full_disk(false);
    assert_eq!(health(&app).await.0, 200);
    let told = smtp.wait_for(mails + 2, 15).await;
    let pushed = line.wait_for(pushes + 2, 15).await;
    assert!(
        told.last().unwrap().subject.contains("กลับมา"),
        "{}",
        told.last().unwrap().subject
    );
    let text = pushed.last().unwrap().body["messages"][0]["text"]
        .as_str()
        .unwrap();
    assert!(text.contains("กลับมา"), "{text}");
    let (status, body) = place(&app, &who, json!({})).await;
    assert_eq!(status, 201, "the shop takes orders again: {body}");
}
