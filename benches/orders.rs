//! Order throughput (docs/PERFORMANCE.md: ≥ 2 000 durable orders/s with 32 concurrent shoppers).
//! Run with `cargo bench --bench orders`.
//!
//! The real server (release build, real redb file in a temporary folder, durable commits) on
//! 127.0.0.1, and 32 shoppers in the same process, each signed in with their own account and
//! looping: put a product in the cart over HTTP, then place the order over HTTP and wait for the
//! acknowledgement (which comes only after the commit). Reported: orders per second over the
//! measured window, and the latency of placing (p50, p99). The load generator shares the
//! machine's cores with the server, so the figure is a floor.

use std::time::{Duration, Instant};

use kiosk::app::serve;
use kiosk::config::Config;
use kiosk::state::AppState;
use serde_json::json;

/// The allocator the shipped binary uses (src/main.rs), so the server measured here allocates
/// as it does in production.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

const SHOPPERS: usize = 32;
const WARM_UP: Duration = Duration::from_secs(2);
const MEASURE: Duration = Duration::from_secs(10);

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(run());
}

async fn run() {
    let dir = tempfile::tempdir().unwrap();
    let config = Config {
        data_dir: dir.path().to_path_buf(),
        listen: "127.0.0.1:0".parse().unwrap(),
        ..Config::default()
    };
    let state = tokio::task::spawn_blocking(move || AppState::init(config))
        .await
        .unwrap()
        .expect("the shop starts");

    // One product with stock for the whole run; shoppers buy one each time.
    let code = {
        let catalog = state.catalog.current();
        let mut product = catalog
            .products
            .iter()
            .find(|p| p.active)
            .map(|p| (**p).clone())
            .unwrap();
        product.stock = 10_000_000;
        let (store, cache) = (state.store.clone(), state.catalog.clone());
        let code = product.code.clone();
        tokio::task::spawn_blocking(move || {
            kiosk::catalog::store::upsert_products(&store, &[product]).unwrap();
            cache.reload(&store).unwrap();
        })
        .await
        .unwrap();
        code
    };

    let mut shoppers = Vec::new();
    for n in 0..SHOPPERS {
        let store = state.store.clone();
        let user = tokio::task::spawn_blocking(move || {
            kiosk::accounts::store::create_local_user(
                &store,
                &kiosk::accounts::store::NewLocalUser {
                    username: &format!("shopper-{n}"),
                    name: "Bench Shopper",
                    password: "teak-sofa-42-bench",
                    role: "user",
                },
            )
        })
        .await
        .unwrap()
        .unwrap();
        let token = state
            .tokens
            .issue(&user.id.to_string(), user.role.as_str(), user.token_version)
            .unwrap();
        shoppers.push((user.id, token));
    }

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(serve(listener, state.clone(), std::future::pending()));

    let started = Instant::now();
    let measure_from = started + WARM_UP;
    let measure_until = measure_from + MEASURE;
    let mut tasks = Vec::new();
    for (user_id, token) in shoppers {
        let (base, code) = (base.clone(), code.clone());
        tasks.push(tokio::spawn(async move {
            let http = reqwest::Client::new();
            let mut latencies = Vec::new();
            let mut n = 0u64;
            while Instant::now() < measure_until {
                let added = http
                    .post(format!("{base}/api/app/cart/add"))
                    .bearer_auth(&token)
                    .json(&json!({"id": user_id, "code": code, "qty": 1}))
                    .send()
                    .await
                    .unwrap();
                assert_eq!(added.status(), 200);
                n += 1;
                let sent = Instant::now();
                let placed = http
                    .post(format!("{base}/api/app/order/place"))
                    .bearer_auth(&token)
                    .json(&json!({
                        "id": user_id,
                        "address": {"name": "Somchai", "phone": "0812345678", "line1": "99/9 Sukhumvit Road",
                                    "district": "Khlong Toei", "province": "bangkok", "postcode": "10110"},
                        "payment": "promptpay",
                        "idempotencyKey": format!("bench-{user_id}-{n}"),
                    }))
                    .send()
                    .await
                    .unwrap();
                assert_eq!(placed.status(), 201, "{}", placed.text().await.unwrap());
                let done = Instant::now();
                if sent >= measure_from && done <= measure_until {
                    latencies.push(done - sent);
                }
            }
            latencies
        }));
    }
    let mut latencies: Vec<Duration> = Vec::new();
    for task in tasks {
        latencies.extend(task.await.unwrap());
    }
    latencies.sort();
    let orders = latencies.len();
    let per_second = orders as f64 / MEASURE.as_secs_f64();
    let pct = |p: f64| latencies[((orders as f64 * p) as usize).min(orders - 1)];
    println!(
        "orders: {SHOPPERS} shoppers, {orders} orders in {:?} → {per_second:.0} orders/s (each after its own cart write); place latency p50 {:?}, p99 {:?}",
        MEASURE,
        pct(0.50),
        pct(0.99)
    );
    let commits = raw_commit_rate();
    println!(
        "redb raw durable commits, same machine, same run: {commits:.0}/s (one small row per commit, one writer); orders over HTTP (each after its own durable cart write) reach {:.0} % of that",
        per_second * 100.0 / commits
    );
}

/// How many durable (fsync'd) commits of one small row redb makes per second here: the
/// ceiling an order per commit would have.
fn raw_commit_rate() -> f64 {
    const TABLE: redb::TableDefinition<u64, &[u8]> = redb::TableDefinition::new("bench");
    let dir = tempfile::tempdir().unwrap();
    let db = redb::Database::create(dir.path().join("raw.redb")).unwrap();
    let row = [7u8; 600];
    let started = Instant::now();
    let mut n = 0u64;
    while started.elapsed() < Duration::from_secs(3) {
        let txn = db.begin_write().unwrap();
        txn.open_table(TABLE).unwrap().insert(n, &row[..]).unwrap();
        txn.commit().unwrap();
        n += 1;
    }
    n as f64 / started.elapsed().as_secs_f64()
}
