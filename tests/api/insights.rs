//! What the owner learns (docs/INSIGHTS.md): a scripted set of visits — two channels named by
//! `?kcard=`, a phone and desktops, a crawler, a browser that never runs the app — gives exactly
//! the expected visits, funnel and tables at `GET /api/admin/insights`, and nothing stored names
//! an address, a user agent, a visitor or a user.

use serde_json::{Value, json};

use crate::helpers::{TestApp, error_code, spawn_app};
use crate::orders::{address, plain, product};

const PHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const DESKTOP: &str =
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const DESKTOP_2: &str = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15";
const NO_SCRIPT: &str = "Mozilla/5.0 (X11; Linux x86_64; rv:115.0) Gecko/20100101 Firefox/115.0";
const CRAWLER: &str = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/// A browser: its user agent and the channel the app sends (`kcard` header).
struct Browser<'a> {
    app: &'a TestApp,
    agent: &'static str,
    kcard: &'static str,
}

impl Browser<'_> {
    /// The page shell, as typing or following a link loads it.
    async fn open(&self, path: &str, referer: Option<&str>) {
        let mut request = self
            .app
            .client
            .get(self.app.url(path))
            .header("user-agent", self.agent);
        if let Some(referer) = referer {
            request = request.header("referer", referer);
        }
        let page = self.app.page(request).await;
        assert_eq!(page.status, 200, "{path}");
    }

    /// The app's beacon (`first`: the shell just loaded).
    async fn beacon(&self, path: &str, first: bool) {
        let response = self
            .app
            .client
            .post(self.app.url("/api/insights/hit"))
            .header("user-agent", self.agent)
            .header("kcard", self.kcard)
            .json(&json!({"path": path, "first": first}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 204, "{path}");
        assert!(
            response.headers().get("set-cookie").is_none(),
            "no cookie for counting"
        );
    }

    async fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let request = self
            .app
            .client
            .post(self.app.url(path))
            .header("user-agent", self.agent)
            .header("kcard", self.kcard)
            .json(body);
        self.app.json(request).await
    }

    async fn add_to_cart(&self, cart: &str, code: &str) {
        let (status, body) = self
            .post(
                "/api/app/cart/add",
                &json!({"id": cart, "code": code, "qty": 1}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
    }
}

fn today() -> String {
    let now = kiosk::activity::now_millis();
    kiosk::domain::shop_day::day_key(kiosk::domain::shop_day::day_of(now))
}

fn find<'a>(rows: &'a Value, field: &str, name: &str) -> &'a Value {
    rows.as_array()
        .unwrap()
        .iter()
        .find(|row| row[field] == name)
        .unwrap_or_else(|| panic!("no {name} in {rows}"))
}

#[tokio::test]
async fn scripted_visits_give_exactly_the_expected_counts_and_funnel() {
    let app = spawn_app().await;
    let bought = product(&app, plain).code;
    let other = app
        .state
        .catalog
        .current()
        .products
        .iter()
        .find(|p| p.active && p.code != bought)
        .unwrap()
        .code
        .clone();

    // A phone from a LINE post (shared on Facebook): product → search → cart → checkout →
    // order, in Thai.
    let phone = Browser {
        app: &app,
        agent: PHONE,
        kcard: "line-post",
    };
    let landing = format!("/th/products/{bought}?kcard=line-post");
    phone
        .open(&landing, Some("https://www.facebook.com/some/post"))
        .await;
    phone.beacon(&landing, true).await;
    // The service worker keeping a copy of the page is no new view.
    let copy = app
        .client
        .get(app.url(&landing))
        .header("user-agent", PHONE)
        .header("sec-fetch-dest", "empty")
        .send()
        .await
        .unwrap();
    assert_eq!(copy.status(), 200);
    phone.beacon("/th/search?keyword=Sofa", false).await;
    let cart = uuid::Uuid::new_v4().to_string();
    phone.add_to_cart(&cart, &bought).await;
    phone.beacon("/th/order", false).await;
    let (status, placed) = phone
        .post(
            "/api/app/order/place",
            &json!({"id": cart, "address": address(), "payment": "promptpay",
                    "idempotencyKey": uuid::Uuid::new_v4().to_string(), "lang": "th",
                    "contact": {"name": "Nok Sriwan", "phone": "089-123-4567",
                                "email": "nok@example.com"}}),
        )
        .await;
    assert_eq!(status, 201, "{placed}");
    let total = placed["order"]["total"].as_i64().unwrap();

    // A desktop from the flyer's QR code: two products, one into the cart, no checkout.
    let flyer = Browser {
        app: &app,
        agent: DESKTOP,
        kcard: "flyer-qr",
    };
    let landing = format!("/products/{other}?kcard=flyer-qr");
    flyer.open(&landing, None).await;
    flyer.beacon(&landing, true).await;
    flyer.beacon(&format!("/products/{bought}"), false).await;
    flyer
        .add_to_cart(&uuid::Uuid::new_v4().to_string(), &other)
        .await;

    // A desktop typing the address: the home page, the app's default channel.
    let direct = Browser {
        app: &app,
        agent: DESKTOP_2,
        kcard: "web",
    };
    direct.open("/", None).await;
    direct.beacon("/", true).await;

    // A crawler reading three pages, and a browser that never runs the app: neither is a visit.
    let crawler = Browser {
        app: &app,
        agent: CRAWLER,
        kcard: "web",
    };
    for path in ["/", &format!("/products/{bought}"), "/search?keyword=bed"] {
        crawler.open(path, None).await;
    }
    let silent = Browser {
        app: &app,
        agent: NO_SCRIPT,
        kcard: "web",
    };
    silent.open(&format!("/products/{other}"), None).await;

    let owner = app.token("owner", "admin").await;
    let day = today();
    let (status, report) = app
        .get_authed(&format!("/api/admin/insights?from={day}&to={day}"), &owner)
        .await;
    assert_eq!(status, 200, "{report}");

    let days = report["days"].as_array().unwrap();
    assert_eq!(days.len(), 1);
    assert_eq!(days[0]["visits"], 3, "{report}");
    // Phone: product, search, checkout; flyer: two products; direct: home.
    assert_eq!(days[0]["pageViews"], 6, "{report}");
    assert_eq!(days[0]["orders"], 1);
    assert_eq!(days[0]["revenue"], total);

    let funnel: Vec<(String, u64)> = report["funnel"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["step"].as_str().unwrap().to_string(),
                s["count"].as_u64().unwrap(),
            )
        })
        .collect();
    let expected: Vec<(String, u64)> = [
        ("productView", 2),
        ("cart", 2),
        ("checkout", 1),
        ("placed", 1),
        ("paid", 0),
    ]
    .iter()
    .map(|(s, n)| (s.to_string(), *n))
    .collect();
    assert_eq!(funnel, expected, "{report}");
    assert_eq!(report["funnel"][2]["drop"], 0.5);
    assert_eq!(report["funnel"][4]["drop"], 1.0);

    let by_kcard = &report["byKcard"];
    assert_eq!(by_kcard.as_array().unwrap().len(), 3, "{by_kcard}");
    let line = find(by_kcard, "name", "line-post");
    assert_eq!(
        (line["visits"].as_u64(), line["orders"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(line["revenue"], total);
    assert_eq!(line["conversion"], 1.0);
    let flyer_row = find(by_kcard, "name", "flyer-qr");
    assert_eq!(
        (flyer_row["visits"].as_u64(), flyer_row["orders"].as_u64()),
        (Some(1), Some(0))
    );
    assert_eq!(find(by_kcard, "name", "web")["visits"], 1);

    let devices = &report["devices"];
    assert_eq!(find(devices, "name", "phone")["visits"], 1);
    assert_eq!(find(devices, "name", "phone")["orders"], 1);
    assert_eq!(find(devices, "name", "desktop")["visits"], 2);
    assert_eq!(find(devices, "name", "desktop")["orders"], 0);

    let referrers = &report["referrers"];
    assert_eq!(find(referrers, "name", "facebook.com")["visits"], 1);
    assert_eq!(find(referrers, "name", "facebook.com")["orders"], 1);
    assert_eq!(find(referrers, "name", "")["visits"], 2);
    assert_eq!(find(&report["languages"], "name", "th")["visits"], 1);

    let products = &report["topProducts"];
    let first = find(products, "code", &bought);
    assert_eq!(
        (first["views"].as_u64(), first["sold"].as_u64()),
        (Some(2), Some(1))
    );
    let second = find(products, "code", &other);
    assert_eq!(
        (second["views"].as_u64(), second["sold"].as_u64()),
        (Some(1), Some(0))
    );
    assert!(second["name"].as_str().is_some_and(|n| !n.is_empty()));

    let searches = report["searches"].as_array().unwrap();
    assert_eq!(
        searches.len(),
        1,
        "the crawler's search is not counted: {report}"
    );
    assert_eq!(searches[0]["term"], "sofa");
    assert_eq!(searches[0]["orders"], 1);
    assert_eq!(report["crawlers"]["pages"], 3);

    // Each table downloads as CSV; a bad table name is a clear error.
    let csv = app
        .client
        .get(app.url(&format!(
            "/api/admin/insights.csv?from={day}&to={day}&table=byKcard"
        )))
        .bearer_auth(&owner)
        .send()
        .await
        .unwrap();
    assert_eq!(csv.status(), 200);
    let text = csv.text().await.unwrap();
    assert!(text.contains("line-post,1,1,"), "{text}");
    let (status, body) = app
        .get_authed("/api/admin/insights.csv?table=nope", &owner)
        .await;
    assert_eq!((status, error_code(&body)), (400, "invalid_parameter"));
    let (status, body) = app
        .get_authed("/api/admin/insights?from=2026-13-01", &owner)
        .await;
    assert_eq!((status, error_code(&body)), (400, "invalid_parameter"));

    // A shopper's account cannot read it.
    let shopper = app.token("somchai", "user").await;
    let (status, _) = app.get_authed("/api/admin/insights", &shopper).await;
    assert_eq!(status, 403);

    // Nothing stored names who: read every analytics table, every key.
    let store = app.state.store.clone();
    let rows: Vec<(String, u64)> = tokio::task::spawn_blocking(move || {
        let mut rows = Vec::new();
        store
            .read(|txn| {
                kiosk::insights::INSIGHT_KEY_TO_COUNT
                    .read(txn)?
                    .scan_from("", |key, count| {
                        rows.push((key.to_string(), count));
                        Ok::<bool, kiosk::store::StoreError>(true)
                    })
            })
            .unwrap();
        rows
    })
    .await
    .unwrap();
    assert!(!rows.is_empty());
    let analytics: Vec<&str> = kiosk::store::tables::ALL_TABLES
        .iter()
        .map(|t| t.name())
        .filter(|name| name.starts_with("insight"))
        .collect();
    assert_eq!(
        analytics,
        ["insight_key_to_count"],
        "every analytics table is read here"
    );
    for (key, _) in &rows {
        for forbidden in [
            "127.0.0.1",
            "Mozilla",
            "iPhone",
            "Googlebot",
            "Firefox",
            &cart,
            "Nok",
            "089-123",
            "nok@example.com",
            "somchai",
            "owner",
        ] {
            assert!(!key.contains(forbidden), "{key:?} names {forbidden:?}");
        }
        let mut parts = key.split('\u{1f}');
        let (date, what) = (parts.next().unwrap(), parts.next().unwrap());
        assert_eq!(date, day);
        assert!(
            [
                "visit",
                "view",
                "page",
                "product",
                "cart",
                "checkout",
                "placed",
                "revenue",
                "item",
                "search",
                "searchorder",
                "crawler",
                "reminder"
            ]
            .contains(&what),
            "{key:?}"
        );
    }
}

#[tokio::test]
async fn a_kcard_that_breaks_the_rule_is_not_a_channel() {
    let app = spawn_app().await;
    let browser = Browser {
        app: &app,
        agent: DESKTOP,
        kcard: "web",
    };
    let long = "x".repeat(33);
    for path in [
        format!("/?kcard={long}"),
        "/?kcard=a%20b".to_string(),
        "/?kcard=%3Cscript%3E".to_string(),
    ] {
        browser.open(&path, None).await;
    }
    browser.beacon("/", true).await;
    let owner = app.token("owner", "admin").await;
    let (status, report) = app.get_authed("/api/admin/insights", &owner).await;
    assert_eq!(status, 200, "{report}");
    let names: Vec<&str> = report["byKcard"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["web"], "{report}");
    let (status, body) = browser
        .post(
            "/api/insights/hit",
            &json!({"path": "https://elsewhere.example/"}),
        )
        .await;
    assert_eq!((status, error_code(&body)), (400, "invalid_path"));
}
