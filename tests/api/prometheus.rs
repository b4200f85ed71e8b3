//! Prometheus metrics (`[metrics] listen`): served on their own address, never on the shop's
//! port, and the series move as shoppers and staff use the shop.
//!
//! The recorder is the process's, shared by every test server in this binary: assertions
//! compare a scrape before and after, and only ask that a series grew by at least what this
//! test did.

use serde_json::json;

use crate::helpers::spawn_app_with;
use crate::orders::{add, place, plain, product, shopper};

/// The sum of the samples of `name` whose labels include every pair of `labels`.
pub(crate) fn sample(text: &str, name: &str, labels: &[(&str, &str)]) -> f64 {
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| {
            let (series, value) = line.rsplit_once(' ')?;
            let (series_name, series_labels) = match series.split_once('{') {
                Some((n, rest)) => (n, rest),
                None => (series, ""),
            };
            if series_name != name {
                return None;
            }
            let all = labels
                .iter()
                .all(|(k, v)| series_labels.contains(&format!("{k}=\"{v}\"")));
            all.then(|| value.parse::<f64>().ok()).flatten()
        })
        .sum()
}

pub(crate) async fn scrape(client: &reqwest::Client, url: &str) -> String {
    let response = client.get(url).send().await.expect("metrics answer");
    assert_eq!(response.status(), 200);
    let kind = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    assert!(kind.starts_with("text/plain; version=0.0.4"), "{kind}");
    response.text().await.unwrap()
}

#[tokio::test]
async fn metrics_move_on_their_own_address_and_the_shop_port_serves_none() {
    let app = spawn_app_with(|c| c.metrics.listen = Some("127.0.0.1:0".parse().unwrap())).await;
    let metrics = app.metrics_address.expect("metrics are bound");
    assert_ne!(app.url(""), format!("http://{metrics}"));
    let url = format!("http://{metrics}/metrics");
    let client = reqwest::Client::new();
    let before = scrape(&client, &url).await;

    // Pages (the front door's cached answers too), the API, a search, an order paid by staff.
    for _ in 0..3 {
        assert_eq!(app.get("/").await.status(), 200);
        assert_eq!(app.get("/api/health").await.status(), 200);
    }
    assert_eq!(app.get("/no-such-page").await.status(), 404);
    let (status, _) = app.get_json("/api/app/search?keyword=sofa").await;
    assert_eq!(status, 200);
    let staff = app.token("metrics-boss", "admin").await;
    let buyer = shopper(&app, "metrics-buyer").await;
    let item = product(&app, |p| plain(p) && p.stock >= 1);
    add(&app, &buyer, &item.code, 1).await;
    let (status, placed) = place(&app, &buyer, json!({})).await;
    assert_eq!(status, 201, "{placed}");
    let id = placed["order"]["id"].as_u64().unwrap();
    let (status, body) = app
        .post_json(
            &format!("/api/admin/order/{id}/status"),
            &json!({"status": "paid"}),
            Some(&staff),
        )
        .await;
    assert_eq!(status, 200, "{body}");

    let after = scrape(&client, &url).await;
    let grew = |name: &str, labels: &[(&str, &str)]| {
        sample(&after, name, labels) - sample(&before, name, labels)
    };
    let requests = "kiosk_http_requests_total";
    assert!(
        grew(requests, &[("family", "health"), ("status", "200")]) >= 3.0,
        "{after}"
    );
    assert!(grew(requests, &[("family", "page"), ("status", "200")]) >= 3.0);
    assert!(grew(requests, &[("family", "page"), ("status", "404")]) >= 1.0);
    assert!(grew(requests, &[("family", "search")]) >= 1.0);
    assert!(grew(requests, &[("family", "orders"), ("status", "201")]) >= 1.0);
    assert!(grew(requests, &[("family", "staff_api")]) >= 1.0);
    assert!(
        grew(
            "kiosk_http_request_duration_seconds_count",
            &[("family", "health"), ("class", "2xx")]
        ) >= 3.0
    );
    assert!(grew("kiosk_http_connections_accepted_total", &[]) >= 1.0);
    assert!(grew("kiosk_orders_placed_total", &[]) >= 1.0);
    assert!(grew("kiosk_orders_paid_total", &[]) >= 1.0);
    assert!(grew("kiosk_search_duration_seconds_count", &[]) >= 1.0);
    assert!(grew("kiosk_database_commit_seconds_count", &[]) >= 1.0);
    assert!(sample(&after, "kiosk_database_bytes", &[]) > 0.0);
    assert!(sample(&after, "process_resident_memory_bytes", &[]) > 1e6);
    for series in [
        "kiosk_outbox_pending",
        "kiosk_http_requests_in_flight",
        "kiosk_http_connections",
        "kiosk_catalog_snapshot_rebuild_seconds_count",
        "kiosk_build_info",
    ] {
        assert!(after.contains(series), "{series} missing:\n{after}");
    }
    // No raw paths as labels: the 404 page's path is nowhere in the text.
    assert!(!after.contains("no-such-page"));

    // The shop's own port never serves them.
    let page = app.get_page("/metrics").await;
    assert_eq!(page.status, 404);
    assert!(!page.body.contains("kiosk_http_requests_total"));
    // And the metrics address serves nothing else.
    let other = client
        .get(format!("http://{metrics}/"))
        .send()
        .await
        .unwrap();
    assert_eq!(other.status(), 404);
}

#[tokio::test]
async fn without_the_setting_no_metrics_address_is_bound() {
    let app = spawn_app_with(|_| {}).await;
    assert_eq!(app.metrics_address, None);
}
