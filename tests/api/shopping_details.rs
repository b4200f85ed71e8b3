//! Shopping details: search results sorted and filtered like listings, facet counts without
//! empty options, and product ratings from reviewed delivered orders.

use serde_json::{Value, json};

use crate::catalog::codes;
use crate::helpers::{TestApp, error_code, spawn_app};
use crate::orders::{add, place, plain, product, shopper};

fn prices(body: &Value) -> Vec<i64> {
    body["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["price"].as_i64().unwrap())
        .collect()
}

/// Every count of every facet group of an answer.
fn facet_counts(body: &Value) -> Vec<(String, String, i64)> {
    let mut counts = Vec::new();
    for group in ["rooms", "categories", "materials", "colours"] {
        for (key, count) in body["facets"][group].as_object().unwrap() {
            counts.push((group.to_string(), key.clone(), count.as_i64().unwrap()));
        }
    }
    counts
}

#[tokio::test]
async fn search_results_sort_by_price_both_ways_and_by_newest() {
    let app = spawn_app().await;
    let (status, best) = app.get_json("/api/app/search?keyword=sofa&limit=100").await;
    assert_eq!(status, 200, "{best}");
    assert!(best["total"].as_u64().unwrap() >= 3, "{best}");

    let (_, low) = app
        .get_json("/api/app/search?keyword=sofa&sort=price_asc&limit=100")
        .await;
    let ascending = prices(&low);
    assert!(ascending.windows(2).all(|w| w[0] <= w[1]), "{ascending:?}");
    let (_, high) = app
        .get_json("/api/app/search?keyword=sofa&sort=price_desc&limit=100")
        .await;
    let descending = prices(&high);
    assert!(
        descending.windows(2).all(|w| w[0] >= w[1]),
        "{descending:?}"
    );
    assert_ne!(ascending, descending, "the sort changes the order");

    let mut sorted = codes(&best);
    sorted.sort();
    for answer in [&low, &high] {
        let mut same = codes(answer);
        same.sort();
        assert_eq!(same, sorted, "a sort keeps the same matches");
        assert_eq!(answer["total"], best["total"]);
    }

    let (status, newest) = app
        .get_json("/api/app/search?keyword=sofa&sort=newest&limit=100")
        .await;
    assert_eq!(status, 200, "{newest}");
    let catalog = app.state.catalog.current();
    let dates: Vec<String> = codes(&newest)
        .iter()
        .map(|c| catalog.product(c).unwrap().created_at.clone())
        .collect();
    assert!(dates.windows(2).all(|w| w[0] >= w[1]), "{dates:?}");

    let (status, relevance) = app
        .get_json("/api/app/search?keyword=sofa&sort=relevance&limit=100")
        .await;
    assert_eq!(status, 200);
    assert_eq!(codes(&relevance), codes(&best), "relevance is the default");
}

#[tokio::test]
async fn a_search_with_an_unknown_sort_is_refused_naming_the_parameter() {
    let app = spawn_app().await;
    for sort in ["cheapest", "price", "PRICE_ASC", "relevance;drop"] {
        let (status, body) = app
            .get_json(&format!("/api/app/search?keyword=sofa&sort={sort}"))
            .await;
        assert_eq!(
            (status, error_code(&body)),
            (400, "invalid_parameter"),
            "{sort}"
        );
        let message = body["error"]["message"].as_str().unwrap();
        assert!(message.starts_with("sort:"), "{message}");
        assert!(message.contains("relevance"), "{message}");
    }
}

#[tokio::test]
async fn search_results_take_the_listing_filters_and_count_only_options_with_matches() {
    let app = spawn_app().await;
    let (_, all) = app.get_json("/api/app/search?keyword=sofa&limit=100").await;
    let counts = facet_counts(&all);
    assert!(!counts.is_empty(), "{all}");
    assert!(
        counts.iter().all(|(_, _, n)| *n > 0),
        "no option with zero results: {counts:?}"
    );
    // A material the matches have: choosing it gives exactly its count.
    let (material, count) = all["facets"]["materials"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), v.as_i64().unwrap()))
        .next()
        .unwrap();
    let (status, narrowed) = app
        .get_json(&format!(
            "/api/app/search?keyword=sofa&material={material}&sort=price_asc&limit=100"
        ))
        .await;
    assert_eq!(status, 200, "{narrowed}");
    assert_eq!(narrowed["total"].as_i64().unwrap(), count);
    let catalog = app.state.catalog.current();
    for code in codes(&narrowed) {
        assert_eq!(catalog.product(&code).unwrap().material, material);
    }
    assert!(
        facet_counts(&narrowed).iter().all(|(_, _, n)| *n > 0),
        "{narrowed}"
    );

    // Room and price filters too, and the price range of what is left.
    let room = all["facets"]["rooms"]
        .as_object()
        .unwrap()
        .keys()
        .next()
        .unwrap()
        .clone();
    let (status, in_room) = app
        .get_json(&format!(
            "/api/app/search?keyword=sofa&room={room}&maxPrice=100000000"
        ))
        .await;
    assert_eq!(status, 200, "{in_room}");
    assert_eq!(
        in_room["total"], all["facets"]["rooms"][&room],
        "the room's count is what choosing it shows"
    );
}

#[tokio::test]
async fn room_and_category_listings_count_their_options_and_leave_out_empty_ones() {
    let app = spawn_app().await;
    for path in [
        "/api/app/product/list?room=living",
        "/api/app/product/list?category=sofas",
        "/api/app/product/list?room=living&colour=grey",
    ] {
        let (status, body) = app.get_json(path).await;
        assert_eq!(status, 200, "{path}: {body}");
        let counts = facet_counts(&body);
        assert!(
            counts.iter().any(|(g, _, _)| g == "materials"),
            "{path}: {body}"
        );
        assert!(counts.iter().all(|(_, _, n)| *n > 0), "{path}: {counts:?}");
    }
    // A colour nobody in the room has: nothing matches and no option is offered with zero.
    let (_, none) = app
        .get_json("/api/app/product/list?room=living&colour=no-such-colour")
        .await;
    assert_eq!(none["total"], 0);
    assert!(facet_counts(&none).iter().all(|(_, _, n)| *n > 0), "{none}");
}

async fn move_order(app: &TestApp, staff: &str, id: u64, status: &str) {
    let body = match status {
        "shipped" => json!({"status": status, "carrier": "kerry", "tracking": "TH0123456789"}),
        _ => json!({ "status": status }),
    };
    let (code, answer) = app
        .post_json(&format!("/api/admin/order/{id}/status"), &body, Some(staff))
        .await;
    assert_eq!(code, 200, "{answer}");
}

/// A shopper buys `codes`, staff deliver the order, and the shopper gives it `stars`.
async fn delivered_and_reviewed(app: &TestApp, staff: &str, who: &str, codes: &[&str], stars: u8) {
    let buyer = shopper(app, who).await;
    for code in codes {
        add(app, &buyer, code, 1).await;
    }
    let (status, placed) = place(app, &buyer, json!({})).await;
    assert_eq!(status, 201, "{placed}");
    let id = placed["order"]["id"].as_u64().unwrap();
    for next in ["paid", "preparing", "shipped", "delivered"] {
        move_order(app, staff, id, next).await;
    }
    let (status, body) = app
        .post_json(
            &format!("/api/app/order/review/{id}"),
            &json!({"rating": stars, "comment": "สวยมาก"}),
            Some(&buyer.token),
        )
        .await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn a_product_shows_the_average_and_count_of_reviewed_delivered_orders() {
    let app = spawn_app().await;
    let staff = app.token("boss", "admin").await;
    let first = product(&app, |p| plain(p) && p.stock >= 5);
    let second = product(&app, |p| plain(p) && p.stock >= 5 && p.code != first.code);
    let path = format!("/api/app/product/get/{}", first.code);

    let (status, before) = app.get_json(&path).await;
    assert_eq!(status, 200, "{before}");
    assert!(
        before["product"].get("rating").is_none(),
        "no rating before any review: {before}"
    );
    assert_eq!(before["product"]["code"], first.code.as_str());

    // An order delivered but not reviewed counts for nothing.
    let quiet = shopper(&app, "quiet").await;
    add(&app, &quiet, &first.code, 1).await;
    let (_, placed) = place(&app, &quiet, json!({})).await;
    let quiet_order = placed["order"]["id"].as_u64().unwrap();
    for next in ["paid", "preparing", "shipped", "delivered"] {
        move_order(&app, &staff, quiet_order, next).await;
    }
    let (_, still) = app.get_json(&path).await;
    assert!(still["product"].get("rating").is_none(), "{still}");

    let page_path = format!("/products/{}", first.code);
    let unrated = app.get_page(&page_path).await;
    assert!(!unrated.body.contains("aggregateRating"));

    delivered_and_reviewed(&app, &staff, "nok", &[&first.code, &second.code], 5).await;
    let (_, one) = app.get_json(&path).await;
    // The page (rendered before the review) is made again: structured data and first-paint
    // answer carry the rating.
    let rated = app.get_page(&page_path).await;
    let product_ld = rated.json_ld();
    assert_eq!(product_ld["@type"], "Product");
    assert_eq!(
        product_ld["aggregateRating"],
        json!({"@type": "AggregateRating", "ratingValue": 5.0, "reviewCount": 1, "bestRating": 5, "worstRating": 1})
    );
    assert!(
        rated
            .body
            .contains("\"rating\":{\"average\":5.0,\"count\":1}")
    );
    assert_eq!(
        one["product"]["rating"],
        json!({"average": 5.0, "count": 1}),
        "the cached answer gives way to the new review"
    );

    delivered_and_reviewed(&app, &staff, "lek", &[&first.code], 4).await;
    delivered_and_reviewed(&app, &staff, "som", &[&first.code], 4).await;
    let (_, three) = app.get_json(&path).await;
    assert_eq!(
        three["product"]["rating"],
        json!({"average": 4.3, "count": 3})
    );
    let (_, other) = app
        .get_json(&format!("/api/app/product/get/{}", second.code))
        .await;
    assert_eq!(
        other["product"]["rating"],
        json!({"average": 5.0, "count": 1})
    );

    // What a restarted shop reads from the orders is what the live ratings say.
    let store = app.state.store.clone();
    let reread =
        tokio::task::spawn_blocking(move || kiosk::orders::ratings::Ratings::load(&store).unwrap())
            .await
            .unwrap();
    assert_eq!(reread.get(&first.code), app.state.ratings.get(&first.code));
    assert_eq!(
        app.state
            .ratings
            .get(&first.code)
            .map(|r| (r.average, r.count)),
        Some((4.3, 3))
    );
}

#[tokio::test]
async fn the_service_worker_is_served_from_the_root_and_revalidated_on_every_check() {
    let app = spawn_app().await;
    let response = app.get("/sw.js").await;
    assert_eq!(response.status().as_u16(), 200);
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string()
    };
    assert_eq!(header("cache-control"), "no-cache");
    assert!(
        header("content-type").contains("javascript"),
        "{}",
        header("content-type")
    );
    let body = response.text().await.unwrap();
    assert!(
        body.contains("addEventListener('fetch'"),
        "the worker itself"
    );
}
