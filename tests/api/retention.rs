//! Retention and the activity archive (issue 36, docs/OPERATING.md "Retention"): housekeeping
//! drops anonymous carts past `cart_expiry_days` (default 60) and sent messages past
//! `retention.sent_message_days`; `kiosk activity archive --before DATE` moves old lines into a
//! compressed file the viewer reads back; `kiosk compact` gives space back with the server
//! stopped. (The batch bound is counted in `store::retention` and `cart::store` unit tests.)

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use kiosk::activity::{LOG_TIME_TO_LINE, LogLine};
use kiosk::cart::model::Cart;
use kiosk::cart::store::CART_OWNER_TO_CART;
use kiosk::outbox::{Audience, Channel, Event, Message, MessageStatus, OUTBOX_ID_TO_MESSAGE};
use kiosk::store::{Store, StoreError};

use crate::helpers::{TestApp, spawn_app_with};

const BIN: &str = env!("CARGO_BIN_EXE_kiosk");
const DAY_MS: u64 = 86_400_000;
const OLD_CART: &str = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";
const MONTH_OLD_CART: &str = "3f2504e0-4f89-41d3-9a0c-0305e82c3302";
const FRESH_CART: &str = "3f2504e0-4f89-41d3-9a0c-0305e82c3303";

fn now_ms() -> u64 {
    kiosk::activity::now_millis()
}

/// Writes what an old shop holds before the server starts on `dir`.
fn seed(dir: &Path) {
    let store = Store::open(dir).unwrap();
    let now = now_ms();
    store
        .write(|txn| {
            let mut carts = CART_OWNER_TO_CART.write(txn)?;
            for (id, age_days) in [(OLD_CART, 90), (MONTH_OLD_CART, 45), (FRESH_CART, 1)] {
                let mut cart = Cart::default();
                cart.set("SF-1001", 1);
                cart.updated_at = ((now - age_days * DAY_MS) / 1000) as i64;
                carts.put(format!("v:{id}").as_str(), &cart)?;
            }
            drop(carts);
            let mut messages = OUTBOX_ID_TO_MESSAGE.write(txn)?;
            for (id, age_days) in [(900_001u64, 120), (900_002, 10)] {
                let at = now - age_days * DAY_MS;
                messages.put(
                    id,
                    &Message {
                        id,
                        key: format!("order_placed:{id}:email:shopper"),
                        event: Event::OrderPlaced,
                        channel: Channel::Email,
                        audience: Audience::Shopper,
                        order_id: None,
                        user_id: None,
                        to: "somchai@example.com".into(),
                        cc: None,
                        lang: kiosk::i18n::Locale::Th,
                        note: None,
                        nonce: None,
                        status: MessageStatus::Sent,
                        attempts: 1,
                        created_at: at,
                        next_at: at,
                        sent_at: Some(at),
                        last_error: None,
                    },
                )?;
            }
            drop(messages);
            let mut log = LOG_TIME_TO_LINE.write(txn)?;
            for (seq, age_days, target) in [(1u64, 20, "order K000001"), (2, 19, "order K000002")] {
                log.put(
                    (now - age_days * DAY_MS, seq),
                    &LogLine {
                        at: now - age_days * DAY_MS,
                        user: "staff1".into(),
                        action: "order shipped".into(),
                        kcard: String::new(),
                        target: target.into(),
                        details: "Kerry TH123".into(),
                        params: Default::default(),
                    },
                )?;
            }
            Ok::<(), StoreError>(())
        })
        .unwrap();
}

async fn shop_on(dir: &Path) -> TestApp {
    let dir = dir.to_path_buf();
    spawn_app_with(move |config| config.data_dir = dir).await
}

async fn cart_amount(app: &TestApp, id: &str) -> u64 {
    let (status, body) = app.get_json(&format!("/api/app/cart/get/{id}")).await;
    assert_eq!(status, 200, "{body}");
    body["cart"]["amt"].as_u64().unwrap()
}

#[tokio::test]
async fn housekeeping_drops_carts_past_sixty_days_and_old_sent_messages() {
    let dir = tempfile::tempdir().unwrap();
    seed(dir.path());
    // Housekeeping runs at start, then hourly.
    let app = shop_on(dir.path()).await;
    let deadline = Instant::now() + Duration::from_secs(20);
    while cart_amount(&app, OLD_CART).await != 0 {
        assert!(
            Instant::now() < deadline,
            "the 90-day-old cart is still there"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(
        cart_amount(&app, MONTH_OLD_CART).await,
        1,
        "45 days is within the default 60"
    );
    assert_eq!(cart_amount(&app, FRESH_CART).await, 1);
    let store = app.state.store.clone();
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let (old, recent) = store
            .read(|txn| {
                let messages = OUTBOX_ID_TO_MESSAGE.read(txn)?;
                Ok::<_, StoreError>((
                    messages.get(900_001)?.is_some(),
                    messages.get(900_002)?.is_some(),
                ))
            })
            .unwrap();
        assert!(
            recent,
            "a message sent 10 days ago stays (90 days by default)"
        );
        if !old {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the 120-day-old message is still there"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn day(ms: u64) -> String {
    kiosk::domain::shop_day::day_key(kiosk::domain::shop_day::day_of(ms))
}

// The CLI talks to the shop's control socket while the test waits for it: worker threads.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn archived_activity_leaves_the_database_and_the_viewer_reads_it_back() {
    let dir = tempfile::tempdir().unwrap();
    seed(dir.path());
    let app = shop_on(dir.path()).await;
    let boss = app.token("boss", "admin").await;
    let before = day(now_ms() - 5 * DAY_MS);
    // Through the running shop's control socket, as an operator would.
    let out = Command::new(BIN)
        .args(["activity", "archive", "--before", &before, "--data-dir"])
        .arg(dir.path())
        .env_remove("KIOSK_CONFIG")
        .current_dir(dir.path())
        .output()
        .unwrap();
    let said =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{said}");
    assert!(said.contains("archived 2 activity lines"), "{said}");
    let files: Vec<_> = std::fs::read_dir(dir.path().join("files/activity"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().to_string())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(files[0].ends_with(".jsonl.gz"), "{files:?}");
    let left = app
        .state
        .store
        .read(|txn| {
            LOG_TIME_TO_LINE
                .read(txn)?
                .range((0u64, 0u64)..(now_ms() - 10 * DAY_MS, 0))
        })
        .unwrap();
    assert!(left.is_empty(), "archived lines left the database");

    // The archived day, by its day filter.
    let archived_day = day(now_ms() - 20 * DAY_MS);
    let (status, body) = app
        .get_authed(&format!("/api/admin/activity?day={archived_day}"), &boss)
        .await;
    assert_eq!(status, 200, "{body}");
    let lines = body["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 1, "{body}");
    assert_eq!(lines[0]["target"], "order K000001");
    assert_eq!(lines[0]["details"], "Kerry TH123");

    // Paging from the newest line runs on into the archive, newest first.
    let mut targets = Vec::new();
    let mut next: Option<String> = None;
    for _ in 0..50 {
        let path = match &next {
            Some(cursor) => format!("/api/admin/activity?limit=1&q=order%20k00000&before={cursor}"),
            None => "/api/admin/activity?limit=1&q=order%20k00000".to_string(),
        };
        let (status, body) = app.get_authed(&path, &boss).await;
        assert_eq!(status, 200, "{body}");
        for line in body["lines"].as_array().unwrap() {
            targets.push(line["target"].as_str().unwrap().to_string());
        }
        match body["next"].as_str() {
            Some(cursor) => next = Some(cursor.to_string()),
            None => break,
        }
    }
    assert_eq!(targets, ["order K000002", "order K000001"]);

    // A day to come cannot be archived.
    let out = Command::new(BIN)
        .args([
            "activity",
            "archive",
            "--before",
            "2999-01-01",
            "--data-dir",
        ])
        .arg(dir.path())
        .env_remove("KIOSK_CONFIG")
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("after today"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn compact_refuses_a_running_shop_and_shrinks_a_stopped_one() {
    let dir = tempfile::tempdir().unwrap();
    let compact = || {
        Command::new(BIN)
            .args(["compact", "--data-dir"])
            .arg(dir.path())
            .env_remove("KIOSK_CONFIG")
            .current_dir(dir.path())
            .output()
            .unwrap()
    };
    {
        let _app = shop_on(dir.path()).await;
        let out = tokio::task::block_in_place(compact);
        assert!(!out.status.success());
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("stop it first"),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // The shop stops when the app is dropped; wait until its file is free.
    let deadline = Instant::now() + Duration::from_secs(20);
    let store = loop {
        match Store::open(dir.path()) {
            Ok(store) => break store,
            Err(err) => assert!(Instant::now() < deadline, "{err}"),
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    // Many abandoned carts, then gone: the file keeps their pages until compacted.
    store
        .write(|txn| {
            let mut carts = CART_OWNER_TO_CART.write(txn)?;
            for n in 0..20_000u32 {
                let mut cart = Cart::default();
                cart.set("SF-1001", 1);
                cart.updated_at = 0;
                carts.put(
                    format!("v:{n:08}-0000-4000-8000-000000000000").as_str(),
                    &cart,
                )?;
            }
            Ok::<(), StoreError>(())
        })
        .unwrap();
    kiosk::cart::store::remove_expired(&store, 1, 500).unwrap();
    drop(store);
    let size = || {
        std::fs::metadata(dir.path().join("kiosk.redb"))
            .unwrap()
            .len()
    };
    let before = size();
    let out = tokio::task::block_in_place(compact);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("compacted"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(size() < before, "{before} → {}", size());
}
