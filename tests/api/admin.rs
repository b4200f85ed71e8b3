//! The staff area: every staff route checks its permission (the role × route matrix), the
//! order desk's filters, stable pages under concurrent orders and CSV export, shipping with
//! tracking, cancelling with a reason, customers, roles taking effect at once, reports.

use serde_json::{Value, json};

use crate::helpers::{TestApp, error_code, spawn_app, spawn_app_with};
use crate::orders::{Shopper, add, place, plain, product, set_stock, shopper, stock_of};

/// Every staff route with the permission it needs (`None`: any staff role).
const STAFF_ROUTES: &[(&str, &str, Option<&str>)] = &[
    ("GET", "/api/file/menus/admin", None),
    ("GET", "/api/admin/me", None),
    ("GET", "/api/admin/orders", Some("orders.read")),
    ("GET", "/api/admin/orders.csv", Some("orders.read")),
    ("POST", "/api/admin/orders/status", Some("orders.write")),
    (
        "POST",
        "/api/admin/order/{order}/status",
        Some("orders.write"),
    ),
    (
        "POST",
        "/api/admin/order/{order}/notes",
        Some("orders.write"),
    ),
    (
        "POST",
        "/api/admin/order/{order}/proof/reject",
        Some("orders.write"),
    ),
    (
        "POST",
        "/api/admin/order/{order}/refund",
        Some("orders.write"),
    ),
    (
        "GET",
        "/api/admin/order/{order}/notifications",
        Some("orders.read"),
    ),
    (
        "POST",
        "/api/admin/order/{order}/notifications/1/retry",
        Some("orders.write"),
    ),
    ("GET", "/api/admin/customers", Some("customers.read")),
    ("GET", "/api/admin/customers/{user}", Some("customers.read")),
    (
        "POST",
        "/api/admin/customers/{user}/coins",
        Some("customers.write"),
    ),
    (
        "POST",
        "/api/admin/customers/{user}/disabled",
        Some("customers.write"),
    ),
    ("GET", "/api/admin/roles", Some("staff.manage")),
    ("PUT", "/api/admin/roles", Some("staff.manage")),
    ("GET", "/api/admin/staff", Some("staff.manage")),
    ("POST", "/api/admin/staff", Some("staff.manage")),
    ("POST", "/api/admin/staff/{user}/role", Some("staff.manage")),
    (
        "POST",
        "/api/admin/staff/{user}/disabled",
        Some("staff.manage"),
    ),
    ("GET", "/api/admin/activity", Some("activity.read")),
    ("GET", "/api/admin/dashboard", Some("reports.read")),
    ("GET", "/api/admin/reports/sales", Some("reports.read")),
    ("GET", "/api/admin/reports/sales.csv", Some("reports.read")),
    ("GET", "/api/admin/search/synonyms", Some("catalog.write")),
    ("PUT", "/api/admin/search/synonyms", Some("catalog.write")),
    ("GET", "/api/admin/search/misses", Some("reports.read")),
    ("GET", "/api/admin/insights", Some("reports.read")),
    (
        "GET",
        "/api/admin/insights.csv?table=days",
        Some("reports.read"),
    ),
    ("GET", "/api/admin/products", Some("catalog.write")),
    ("POST", "/api/admin/products", Some("catalog.write")),
    ("GET", "/api/admin/products.csv", Some("catalog.write")),
    (
        "GET",
        "/api/admin/products/{product}",
        Some("catalog.write"),
    ),
    (
        "PUT",
        "/api/admin/products/{product}",
        Some("catalog.write"),
    ),
    (
        "POST",
        "/api/admin/products/{product}/duplicate",
        Some("catalog.write"),
    ),
    (
        "POST",
        "/api/admin/products/{product}/active",
        Some("catalog.write"),
    ),
    (
        "POST",
        "/api/admin/products/{product}/stock",
        Some("catalog.write"),
    ),
    ("POST", "/api/admin/catalog/bulk", Some("catalog.write")),
    ("POST", "/api/admin/catalog/import", Some("catalog.write")),
    ("GET", "/api/admin/coupons", Some("catalog.write")),
    ("POST", "/api/admin/coupons", Some("catalog.write")),
    ("PUT", "/api/admin/coupons/SAVE10", Some("catalog.write")),
    ("GET", "/api/admin/promotions", Some("catalog.write")),
    ("POST", "/api/admin/promotions", Some("catalog.write")),
    (
        "PUT",
        "/api/admin/promotions/sofa-month",
        Some("catalog.write"),
    ),
    ("GET", "/api/admin/rooms", Some("catalog.write")),
    ("POST", "/api/admin/rooms", Some("catalog.write")),
    ("POST", "/api/admin/rooms/order", Some("catalog.write")),
    ("PUT", "/api/admin/rooms/living", Some("catalog.write")),
    ("DELETE", "/api/admin/rooms/living", Some("catalog.write")),
    ("GET", "/api/admin/categories", Some("catalog.write")),
    ("POST", "/api/admin/categories", Some("catalog.write")),
    ("POST", "/api/admin/categories/order", Some("catalog.write")),
    ("PUT", "/api/admin/categories/sofas", Some("catalog.write")),
    (
        "DELETE",
        "/api/admin/categories/sofas",
        Some("catalog.write"),
    ),
    ("GET", "/api/admin/codes", None),
    ("GET", "/api/admin/codes/material", None),
    ("POST", "/api/admin/codes/material", Some("settings.write")),
    (
        "PUT",
        "/api/admin/codes/material/teak",
        Some("settings.write"),
    ),
    (
        "DELETE",
        "/api/admin/codes/material/teak",
        Some("settings.write"),
    ),
    ("GET", "/api/admin/pages", Some("settings.write")),
    ("POST", "/api/admin/pages", Some("settings.write")),
    ("PUT", "/api/admin/pages/about", Some("settings.write")),
    ("GET", "/api/admin/translations", Some("settings.write")),
    ("PUT", "/api/admin/translations", Some("settings.write")),
    ("GET", "/api/admin/settings", Some("settings.write")),
    ("PUT", "/api/admin/settings", Some("settings.write")),
    ("GET", "/api/admin/catalogue-pdf", Some("settings.write")),
    ("POST", "/api/admin/catalogue-pdf", Some("settings.write")),
    (
        "POST",
        "/api/admin/products/{product}/images",
        Some("catalog.write"),
    ),
    (
        "PUT",
        "/api/admin/products/{product}/images",
        Some("catalog.write"),
    ),
];

/// The permissions the shipped roles grant (assets/seed/roles.json).
fn granted(role: &str) -> &'static [&'static str] {
    match role {
        "admin" => &[
            "orders.read",
            "orders.write",
            "customers.read",
            "customers.write",
            "staff.manage",
            "catalog.write",
            "settings.write",
            "reports.read",
            "activity.read",
        ],
        "admin-sales" => &[
            "orders.read",
            "orders.write",
            "customers.read",
            "customers.write",
            "reports.read",
        ],
        "admin-stock" => &["orders.read", "catalog.write", "reports.read"],
        _ => &[],
    }
}

async fn send(
    app: &TestApp,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: &Value,
) -> (u16, Value) {
    let url = app.url(path);
    let mut request = match method {
        "GET" => app.client.get(url),
        "PUT" => app.client.put(url).json(body),
        "DELETE" => app.client.delete(url),
        _ => app.client.post(url).json(body),
    };
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let text = response.text().await.unwrap_or_default();
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

/// A shopper with one placed order of a plain product; answers the shopper and the order.
async fn ordered(app: &TestApp, username: &str, qty: u32) -> (Shopper, Value) {
    let buyer = shopper(app, username).await;
    let item = product(app, |p| plain(p) && p.stock >= 20);
    add(app, &buyer, &item.code, qty).await;
    let (status, body) = place(app, &buyer, json!({})).await;
    assert_eq!(status, 201, "{body}");
    (buyer, body["order"].clone())
}

/// The matrix: for each role, every staff route answers 403 `forbidden` exactly when the role
/// lacks the route's permission, and 401 without a token.
#[tokio::test]
async fn every_staff_route_checks_its_permission_for_every_role() {
    let app = spawn_app().await;
    let (buyer, order) = ordered(&app, "matrix-buyer", 1).await;
    let order_id = order["id"].as_u64().unwrap();
    let roles = [
        "admin",
        "admin-sales",
        "admin-stock",
        "admin-nothing",
        "user",
    ];
    let mut tokens = Vec::new();
    for role in roles {
        tokens.push((role, app.token(&format!("who-{role}"), role).await));
    }
    for (method, template, permission) in STAFF_ROUTES {
        let path = template
            .replace("{order}", &order_id.to_string())
            .replace("{user}", &buyer.id.to_string())
            .replace("{product}", "SF-1001");
        let (status, body) = send(&app, method, &path, None, &json!({})).await;
        assert_eq!(status, 401, "{method} {path} without a token: {body}");
        for (role, token) in &tokens {
            let (status, body) = send(&app, method, &path, Some(token), &json!({})).await;
            let allowed = match permission {
                None => role.starts_with("admin"),
                Some(p) => granted(role).contains(p),
            };
            if allowed {
                assert!(
                    status != 401 && status != 403,
                    "{role} may {method} {path}, got {status}: {body}"
                );
            } else {
                assert_eq!(
                    (status, error_code(&body)),
                    (403, "forbidden"),
                    "{role} may not {method} {path}"
                );
            }
        }
    }
}

#[tokio::test]
async fn the_desk_finds_orders_by_number_phone_name_status_and_day() {
    let app = spawn_app().await;
    let staff = app.token("clerk", "admin-sales").await;
    let (_, first) = ordered(&app, "desk-one", 1).await;
    let (_, second) = ordered(&app, "desk-two", 2).await;
    let number = first["number"].as_str().unwrap();
    let find = |q: String| {
        let app = &app;
        let staff = staff.clone();
        async move {
            let (status, body) = app
                .get_authed(&format!("/api/admin/orders?{q}"), &staff)
                .await;
            assert_eq!(status, 200, "{body}");
            body["orders"]
                .as_array()
                .unwrap()
                .iter()
                .map(|o| o["number"].as_str().unwrap().to_string())
                .collect::<Vec<_>>()
        }
    };
    let both = vec![
        second["number"].as_str().unwrap().to_string(),
        number.to_string(),
    ];
    assert_eq!(find(String::new()).await, both, "newest first");
    assert_eq!(
        find(format!("q={}", number.to_lowercase())).await,
        vec![number.to_string()]
    );
    assert_eq!(
        find("q=081-234".into()).await,
        both,
        "phone digits, typed with a dash"
    );
    assert_eq!(find("q=somchai".into()).await, both, "a word of the name");
    assert_eq!(find("q=nobody".into()).await, Vec::<String>::new());
    assert_eq!(
        find("status=pending_payment&payment=promptpay".into()).await,
        both
    );
    assert!(find("status=paid".into()).await.is_empty());
    let today = time::OffsetDateTime::now_utc()
        .to_offset(time::macros::offset!(+7))
        .date();
    assert_eq!(find(format!("from={today}&to={today}")).await, both);
    let yesterday = today.previous_day().unwrap();
    assert!(find(format!("to={yesterday}")).await.is_empty());

    for (query, parameter) in [
        ("status=lost", "status"),
        ("from=2026-13-01", "from"),
        ("payment=cash", "payment"),
        ("limit=0", "limit"),
        ("from=2026-02-02&to=2026-02-01", "from"),
        ("colour=red", "colour"),
    ] {
        let (status, body) = app
            .get_authed(&format!("/api/admin/orders?{query}"), &staff)
            .await;
        assert_eq!(status, 400, "{query}: {body}");
        assert!(
            body["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains(parameter)),
            "{query}: {body}"
        );
    }
}

/// Keyset pages: orders placed while staff page through appear on the first page only and
/// never shift or repeat the pages being read.
#[tokio::test]
async fn pages_stay_stable_while_new_orders_arrive() {
    let app = spawn_app().await;
    let staff = app.token("clerk", "admin-sales").await;
    let item = product(&app, plain);
    set_stock(&app, &item.code, 1_000).await;
    let buyer = shopper(&app, "many").await;
    for _ in 0..7 {
        add(&app, &buyer, &item.code, 1).await;
        assert_eq!(place(&app, &buyer, json!({})).await.0, 201);
    }
    let mut seen = Vec::new();
    let mut after: Option<u64> = None;
    loop {
        let path = match after {
            Some(a) => format!("/api/admin/orders?limit=3&after={a}"),
            None => "/api/admin/orders?limit=3".to_string(),
        };
        let (status, page) = app.get_authed(&path, &staff).await;
        assert_eq!(status, 200, "{page}");
        // Another order arrives between every two pages.
        add(&app, &buyer, &item.code, 1).await;
        assert_eq!(place(&app, &buyer, json!({})).await.0, 201);
        for order in page["orders"].as_array().unwrap() {
            seen.push(order["id"].as_u64().unwrap());
        }
        match page["next"].as_u64() {
            Some(next) => after = Some(next),
            None => break,
        }
    }
    assert_eq!(
        seen.len(),
        7,
        "each of the first seven orders once: {seen:?}"
    );
    let mut sorted = seen.clone();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    sorted.dedup();
    assert_eq!(seen, sorted, "newest first, no repeats");
    let (_, first) = app.get_authed("/api/admin/orders?limit=50", &staff).await;
    assert_eq!(
        first["orders"].as_array().unwrap().len(),
        10,
        "the new orders are on page one"
    );
}

#[tokio::test]
async fn the_csv_export_reads_back_as_the_listed_orders() {
    let app = spawn_app().await;
    let staff = app.token("owner", "admin").await;
    ordered(&app, "csv-one", 1).await;
    ordered(&app, "csv-two", 3).await;
    let (_, listed) = app.get_authed("/api/admin/orders", &staff).await;
    let response = app
        .client
        .get(app.url("/api/admin/orders.csv"))
        .bearer_auth(&staff)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    assert_eq!(
        response.headers()["content-type"].to_str().unwrap(),
        "text/csv; charset=utf-8"
    );
    let bytes = response.bytes().await.unwrap();
    assert_eq!(
        &bytes[..3],
        b"\xEF\xBB\xBF",
        "UTF-8 byte-order mark for Excel"
    );
    let mut reader = csv::Reader::from_reader(&bytes[3..]);
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(header[0], "number");
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let orders = listed["orders"].as_array().unwrap();
    assert_eq!(rows.len(), orders.len());
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    for (row, order) in rows.iter().zip(orders) {
        assert_eq!(&row[column("number")], order["number"].as_str().unwrap());
        assert_eq!(&row[column("status")], order["status"].as_str().unwrap());
        assert_eq!(&row[column("customer")], "Somchai Jaidee");
        let total = order["total"].as_i64().unwrap();
        assert_eq!(
            row[column("total")],
            format!("{}.{:02}", total / 100, total % 100)
        );
        assert_eq!(&row[column("items")], order["itemCount"].to_string());
    }
}

#[tokio::test]
async fn shipping_needs_a_carrier_and_the_shopper_sees_the_tracking() {
    let app = spawn_app().await;
    let staff = app.token("clerk", "admin-sales").await;
    let (buyer, order) = ordered(&app, "tracked", 1).await;
    let id = order["id"].as_u64().unwrap();
    let path = format!("/api/admin/order/{id}/status");
    let (status, body) = app
        .post_json(
            &path,
            &json!({"status": "paid", "reference": "SCB 0042"}),
            Some(&staff),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["order"]["paymentReference"], "SCB 0042");
    let (status, body) = app
        .post_json(
            &path,
            &json!({"status": "shipped", "carrier": "kerry", "tracking": "KEX123456"}),
            Some(&staff),
        )
        .await;
    assert_eq!(
        (status, error_code(&body)),
        (409, "invalid_transition"),
        "paid is prepared first"
    );
    app.post_json(&path, &json!({"status": "preparing"}), Some(&staff))
        .await;
    for bad in [
        json!({"status": "shipped"}),
        json!({"status": "shipped", "carrier": "pigeon", "tracking": "X1"}),
        json!({"status": "shipped", "carrier": "kerry", "tracking": "has spaces"}),
    ] {
        let (status, body) = app.post_json(&path, &bad, Some(&staff)).await;
        assert_eq!(
            (status, error_code(&body)),
            (400, "invalid_shipment"),
            "{bad}"
        );
    }
    let (status, body) = app
        .post_json(
            &path,
            &json!({"status": "shipped", "carrier": "Kerry", "tracking": "KEX123456"}),
            Some(&staff),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (_, seen) = app
        .get_authed(&format!("/api/app/order/get/{id}"), &buyer.token)
        .await;
    assert_eq!(
        seen["order"]["shipment"],
        json!({"carrier": "kerry", "tracking": "KEX123456",
               "url": "https://th.kerryexpress.com/en/track/?track=KEX123456"})
    );
    let (_, log) = app
        .get_authed("/api/admin/activity?actor=clerk", &{
            app.token("owner", "admin").await
        })
        .await;
    let number = order["number"].as_str().unwrap();
    assert!(
        log["lines"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l["action"] == "order shipped"
                && l["target"] == format!("order {number}")
                && l["details"] == "kerry, KEX123456"),
        "{log}"
    );
}

#[tokio::test]
async fn staff_cancel_with_a_reason_and_the_stock_and_sales_come_back() {
    let app = spawn_app().await;
    let staff = app.token("clerk", "admin-sales").await;
    let (_, order) = ordered(&app, "cancelled", 2).await;
    let code = order["lines"][0]["code"].as_str().unwrap().to_string();
    let before = stock_of(&app, &code);
    let (_, report) = app.get_authed("/api/admin/reports/sales", &staff).await;
    assert_eq!(report["totals"]["orders"], 1, "{report}");
    assert_eq!(report["totals"]["revenue"], order["total"]);
    assert_eq!(report["topProducts"][0]["code"], code.as_str());
    let id = order["id"].as_u64().unwrap();
    let path = format!("/api/admin/order/{id}/status");
    let (status, body) = app
        .post_json(&path, &json!({"status": "cancelled"}), Some(&staff))
        .await;
    assert_eq!((status, error_code(&body)), (400, "reason_required"));
    let (status, body) = app
        .post_json(
            &path,
            &json!({"status": "cancelled", "reason": "out of the colour"}),
            Some(&staff),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["order"]["cancelReason"], "out of the colour");
    assert_eq!(stock_of(&app, &code), before + 2);
    let (_, report) = app.get_authed("/api/admin/reports/sales", &staff).await;
    assert_eq!(report["totals"]["orders"], 0, "{report}");
    assert_eq!(report["totals"]["revenue"], 0);
    let (_, desk) = app
        .get_authed("/api/admin/orders?status=cancelled", &staff)
        .await;
    assert_eq!(desk["orders"][0]["id"], id);
}

#[tokio::test]
async fn bulk_moves_report_each_refusal_and_notes_stay_internal() {
    let app = spawn_app().await;
    let staff = app.token("clerk", "admin-sales").await;
    let (buyer, first) = ordered(&app, "bulk-one", 1).await;
    let (_, second) = ordered(&app, "bulk-two", 1).await;
    let (a, b) = (
        first["id"].as_u64().unwrap(),
        second["id"].as_u64().unwrap(),
    );
    app.post_json(
        &format!("/api/admin/order/{b}/status"),
        &json!({"status": "paid"}),
        Some(&staff),
    )
    .await;
    let (status, body) = app
        .post_json(
            "/api/admin/orders/status",
            &json!({"ids": [a, b, 999], "change": {"status": "paid"}}),
            Some(&staff),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["orders"].as_array().unwrap().len(), 1);
    let failed: Vec<(u64, String)> = body["failed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["id"].as_u64().unwrap(),
                f["code"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        failed,
        vec![(b, "invalid_transition".into()), (999, "not_found".into())]
    );
    let (status, body) = app
        .post_json(
            &format!("/api/admin/order/{a}/notes"),
            &json!({"text": "  phoned: deliver after 5 pm "}),
            Some(&staff),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["order"]["notes"][0]["text"],
        "phoned: deliver after 5 pm"
    );
    assert_eq!(body["order"]["notes"][0]["author"], "clerk");
    // Notes are internal: the shopper's own view of the order never carries them.
    for path in [
        format!("/api/app/order/get/{a}"),
        format!("/api/app/order/list/{}", buyer.id),
    ] {
        let (status, seen) = app.get_authed(&path, &buyer.token).await;
        assert_eq!(status, 200, "{seen}");
        assert!(
            !seen.to_string().contains("deliver after 5 pm"),
            "{path}: {seen}"
        );
    }
    let (_, staff_view) = app
        .get_authed(&format!("/api/app/order/get/{a}"), &staff)
        .await;
    assert_eq!(
        staff_view["order"]["notes"][0]["text"],
        "phoned: deliver after 5 pm"
    );
    let (status, body) = app
        .post_json(
            &format!("/api/admin/order/{a}/notes"),
            &json!({"text": " "}),
            Some(&staff),
        )
        .await;
    assert_eq!((status, error_code(&body)), (400, "invalid_input"));
}

#[tokio::test]
async fn customers_are_found_credited_and_disabled_at_once() {
    let app = spawn_app().await;
    let staff = app.token("clerk", "admin-sales").await;
    let (buyer, _) = ordered(&app, "loyal-one", 1).await;
    let (status, body) = app.get_authed("/api/admin/customers?q=loyal", &staff).await;
    assert_eq!(status, 200, "{body}");
    let found = body["customers"].as_array().unwrap();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0]["username"], "loyal-one");
    assert!(found[0].get("passwordHash").is_none());
    let (_, staff_list) = app.get_authed("/api/admin/customers", &staff).await;
    assert!(
        staff_list["customers"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["role"] == "user"),
        "staff accounts are not customers"
    );

    let coins = format!("/api/admin/customers/{}/coins", buyer.id);
    let (status, body) = app
        .post_json(
            &coins,
            &json!({"amount": 200, "reason": "loyal customer"}),
            Some(&staff),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["customer"]["coin"], 200);
    let (status, body) = app
        .post_json(&coins, &json!({"amount": 50, "reason": " "}), Some(&staff))
        .await;
    assert_eq!((status, error_code(&body)), (400, "invalid_input"));
    let (_, detail) = app
        .get_authed(&format!("/api/admin/customers/{}", buyer.id), &staff)
        .await;
    assert_eq!(detail["orders"].as_array().unwrap().len(), 1);
    assert_eq!(detail["ledger"][0]["reason"], "loyal customer");
    assert_eq!(detail["customer"]["addInfo"][0]["postcode"], "10110");

    let disable = format!("/api/admin/customers/{}/disabled", buyer.id);
    let (status, _) = app
        .post_json(&disable, &json!({"disabled": true}), Some(&staff))
        .await;
    assert_eq!(status, 200);
    let (status, _) = app.get_authed("/api/auth/user", &buyer.token).await;
    assert_eq!(status, 401, "a disabled account's token stops at once");
    let (status, body) = app
        .post_json(
            "/api/auth/login",
            &json!({"username": "loyal-one", "password": crate::helpers::PASSWORD}),
            None,
        )
        .await;
    assert_eq!((status, error_code(&body)), (403, "account_disabled"));
    app.post_json(&disable, &json!({"disabled": false}), Some(&staff))
        .await;
    let (status, _) = app
        .post_json(
            "/api/auth/login",
            &json!({"username": "loyal-one", "password": crate::helpers::PASSWORD}),
            None,
        )
        .await;
    assert_eq!(status, 200);

    let clerk_id = app.get_authed("/api/auth/user", &staff).await.1["data"]["id"]
        .as_u64()
        .unwrap();
    let (status, body) = app
        .post_json(
            &format!("/api/admin/customers/{clerk_id}/disabled"),
            &json!({"disabled": true}),
            Some(&staff),
        )
        .await;
    assert_eq!(
        (status, error_code(&body)),
        (404, "not_found"),
        "a staff account, yourself included, is not a customer"
    );
}

#[tokio::test]
async fn the_owner_adds_staff_and_role_changes_take_effect_at_once() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;
    let (status, body) = app
        .post_json(
            "/api/admin/staff",
            &json!({"username": "clerk1", "name": "Nok", "password": "a strong password 1", "role": "admin-stock"}),
            Some(&owner),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let clerk_id = body["user"]["id"].as_u64().unwrap();
    let (status, body) = app
        .post_json(
            "/api/admin/staff",
            &json!({"username": "sneaky", "password": "a strong password 1", "role": "user"}),
            Some(&owner),
        )
        .await;
    assert_eq!((status, error_code(&body)), (400, "invalid_input"));
    let (_, login) = app
        .post_json(
            "/api/auth/login",
            &json!({"username": "clerk1", "password": "a strong password 1"}),
            None,
        )
        .await;
    let clerk = login["token"].as_str().unwrap().to_string();
    let (_, me) = app.get_authed("/api/admin/me", &clerk).await;
    assert_eq!(
        me["permissions"],
        json!(["orders.read", "catalog.write", "reports.read"])
    );
    let (status, _) = app.get_authed("/api/admin/customers", &clerk).await;
    assert_eq!(status, 403);

    // Give admin-stock customers.read: the clerk's next request may read customers.
    let (_, roles) = app.get_authed("/api/admin/roles", &owner).await;
    let mut roles = roles["roles"].clone();
    roles["admin-stock"]
        .as_array_mut()
        .unwrap()
        .push(json!("customers.read"));
    let response = app
        .client
        .put(app.url("/api/admin/roles"))
        .bearer_auth(&owner)
        .json(&json!({ "roles": roles }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    let (status, _) = app.get_authed("/api/admin/customers", &clerk).await;
    assert_eq!(status, 200);

    // Moving the clerk to admin-sales ends the old token at once.
    let (status, body) = app
        .post_json(
            &format!("/api/admin/staff/{clerk_id}/role"),
            &json!({"role": "admin-sales"}),
            Some(&owner),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, _) = app.get_authed("/api/admin/me", &clerk).await;
    assert_eq!(status, 401);
    let (_, staff) = app.get_authed("/api/admin/staff", &owner).await;
    assert!(
        staff["staff"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["username"] == "clerk1" && s["role"] == "admin-sales")
    );

    // Disabling the clerk refuses their sign-in at once; enabling lets them back; nobody
    // disables themselves, and customers are not managed here.
    let (status, body) = app
        .post_json(
            &format!("/api/admin/staff/{clerk_id}/disabled"),
            &json!({"disabled": true}),
            Some(&owner),
        )
        .await;
    assert_eq!(
        (status, body["user"]["disabled"].clone()),
        (200, json!(true)),
        "{body}"
    );
    let (status, _) = app
        .post_json(
            "/api/auth/login",
            &json!({"username": "clerk1", "password": "a strong password 1"}),
            None,
        )
        .await;
    assert_ne!(status, 200, "a disabled clerk cannot sign in");
    let (status, _) = app
        .post_json(
            &format!("/api/admin/staff/{clerk_id}/disabled"),
            &json!({"disabled": false}),
            Some(&owner),
        )
        .await;
    assert_eq!(status, 200);
    let (status, _) = app
        .post_json(
            "/api/auth/login",
            &json!({"username": "clerk1", "password": "a strong password 1"}),
            None,
        )
        .await;
    assert_eq!(status, 200, "enabled again");
    let (_, staff) = app.get_authed("/api/admin/staff", &owner).await;
    let owner_id = staff["staff"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["username"] == "owner")
        .and_then(|s| s["id"].as_u64())
        .unwrap();
    let (status, body) = app
        .post_json(
            &format!("/api/admin/staff/{owner_id}/disabled"),
            &json!({"disabled": true}),
            Some(&owner),
        )
        .await;
    assert_eq!((status, error_code(&body)), (400, "invalid_input"));

    // The owner role cannot lose a permission, and roles must be staff roles.
    for bad in [
        json!({"roles": {"admin": ["orders.read"]}}),
        json!({"roles": {"user": ["orders.read"]}}),
        json!({"roles": {"admin-x": ["fly"]}}),
    ] {
        let response = app
            .client
            .put(app.url("/api/admin/roles"))
            .bearer_auth(&owner)
            .json(&bad)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 400, "{bad}");
    }
    let (_, log) = app
        .get_authed("/api/admin/activity?actor=owner", &owner)
        .await;
    let actions: Vec<String> = log["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            let part = |k: &str| l[k].as_str().unwrap_or("").to_string();
            format!(
                "{} {} ({})",
                part("action"),
                part("target"),
                part("details")
            )
        })
        .collect();
    assert!(
        actions
            .iter()
            .any(|a| a == "account added user clerk1 (role admin-stock)"),
        "{actions:?}"
    );
    assert!(
        actions
            .iter()
            .any(|a| a == "role changed user clerk1 (admin-stock → admin-sales)"),
        "{actions:?}"
    );
    assert!(
        actions.iter().any(|a| a.starts_with("roles changed")),
        "{actions:?}"
    );
}

#[tokio::test]
async fn the_activity_log_pages_and_filters_by_day() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;
    for n in 0..5 {
        app.token(&format!("someone{n}"), "user").await;
    }
    let (_, first) = app.get_authed("/api/admin/activity?limit=2", &owner).await;
    assert_eq!(first["lines"].as_array().unwrap().len(), 2);
    let next = first["next"].as_str().unwrap().to_string();
    let (_, second) = app
        .get_authed(
            &format!("/api/admin/activity?limit=2&before={next}"),
            &owner,
        )
        .await;
    assert_ne!(first["lines"][1], second["lines"][0], "no line twice");
    assert!(first["lines"][1]["at"].as_u64() >= second["lines"][0]["at"].as_u64());
    let (_, mine) = app
        .get_authed("/api/admin/activity?q=someone3", &owner)
        .await;
    assert_eq!(mine["lines"].as_array().unwrap().len(), 1, "{mine}");
    let today = time::OffsetDateTime::now_utc()
        .to_offset(time::macros::offset!(+7))
        .date();
    let (_, day) = app
        .get_authed(&format!("/api/admin/activity?day={today}"), &owner)
        .await;
    assert!(day["lines"].as_array().unwrap().len() >= 6);
    let (_, old) = app
        .get_authed("/api/admin/activity?day=2020-01-01", &owner)
        .await;
    assert!(old["lines"].as_array().unwrap().is_empty());
    let (status, _) = app
        .get_authed("/api/admin/activity?day=yesterday", &owner)
        .await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn the_dashboard_counts_what_needs_attention() {
    let app = spawn_app_with(|config| config.payment_wait_hours = 48).await;
    let staff = app.token("clerk", "admin-sales").await;
    let (_, order) = ordered(&app, "dash", 1).await;
    let id = order["id"].as_u64().unwrap();
    app.post_json(
        &format!("/api/admin/order/{id}/status"),
        &json!({"status": "paid"}),
        Some(&staff),
    )
    .await;
    let (status, dash) = app.get_authed("/api/admin/dashboard", &staff).await;
    assert_eq!(status, 200, "{dash}");
    assert_eq!(dash["attention"]["toShip"], 1);
    assert_eq!(dash["attention"]["awaitingPayment"], 0, "placed just now");
    assert_eq!(
        dash["attention"]["paymentWaitHours"], 48,
        "the configured wait"
    );
    assert_eq!(dash["today"]["orders"], 1);
    assert_eq!(dash["today"]["revenue"], order["total"]);
    assert_eq!(dash["last30"]["averageOrder"], order["total"]);
    assert_eq!(dash["days"].as_array().unwrap().len(), 30);
    let (_, csv) = (
        (),
        app.client
            .get(app.url("/api/admin/reports/sales.csv"))
            .bearer_auth(&staff)
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap(),
    );
    assert!(
        csv.starts_with("\u{feff}date,orders,revenue,vat,average_order"),
        "{csv}"
    );
    assert!(csv.lines().last().unwrap().starts_with("total,1,"), "{csv}");
}

#[tokio::test]
async fn a_reset_link_sets_a_new_password_once_and_ends_older_sign_ins() {
    let smtp = crate::standins::SmtpStandIn::start().await;
    let line = crate::standins::LineStandIn::start().await;
    let app =
        spawn_app_with(|c| crate::notifications::with_channels(c, smtp.port, &line.base)).await;
    let staff = app.token("clerk", "admin-sales").await;
    let buyer = shopper(&app, "forgetful").await;
    let response = app
        .client
        .put(app.url("/api/auth/userInfo"))
        .bearer_auth(&buyer.token)
        .json(&json!({"addInfo": [], "email": "forgetful@example.com"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let (status, body) = app
        .post_json(
            &format!("/api/admin/customers/{}/password-reset", buyer.id),
            &json!({}),
            Some(&staff),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["emailedTo"], "forgetful@example.com");
    assert!(
        body.get("url").is_none(),
        "staff never see the link: {body}"
    );
    assert!(body["expiresAt"].as_u64().unwrap() > 0);
    // The link reaches the customer's own mailbox only.
    let mails = smtp.wait_for(1, 10).await;
    let mail = mails.last().expect("the reset mail");
    assert_eq!(mail.rcpt_to, ["forgetful@example.com"]);
    let prefix = format!("{}/user/login?reset=", crate::helpers::PUBLIC_URL);
    let at = mail.text.find(&prefix).expect("the link in the mail") + prefix.len();
    let token: String = mail.text[at..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect();
    assert_eq!(token.len(), 64);

    let reset = |password: &str| json!({"token": token, "password": password});
    let (status, body) = app
        .post_json("/api/auth/password/reset", &reset("short"), None)
        .await;
    assert_eq!((status, error_code(&body)), (400, "weak_password"));
    let (status, body) = app
        .post_json(
            "/api/auth/password/reset",
            &reset("a brand new password"),
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, _) = app.get_authed("/api/auth/user", &buyer.token).await;
    assert_eq!(status, 401, "older sign-ins end");
    let (status, _) = app
        .post_json(
            "/api/auth/login",
            &json!({"username": "forgetful", "password": "a brand new password"}),
            None,
        )
        .await;
    assert_eq!(status, 200);
    let (status, body) = app
        .post_json(
            "/api/auth/password/reset",
            &reset("another new password"),
            None,
        )
        .await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "invalid_reset_link"),
        "only once"
    );
    let (status, body) = app
        .post_json(
            "/api/auth/password/reset",
            &json!({"token": "0".repeat(64), "password": "another new password"}),
            None,
        )
        .await;
    assert_eq!((status, error_code(&body)), (400, "invalid_reset_link"));
}
