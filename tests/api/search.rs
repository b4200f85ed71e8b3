//! Search as shoppers use it: synonyms, typos, the wrong keyboard layout, filters, sorts and
//! facet counts over HTTP; staff editing synonyms (in force at once) and reading what shoppers
//! could not find.

use serde_json::{Value, json};

use crate::helpers::{TestApp, error_code, spawn_app};

fn codes(body: &Value) -> Vec<String> {
    body["products"]
        .as_array()
        .unwrap_or_else(|| panic!("no products in {body}"))
        .iter()
        .map(|p| p["code"].as_str().unwrap().to_string())
        .collect()
}

async fn search(app: &TestApp, query: &str) -> Value {
    let (status, body) = app.get_json(&format!("/api/app/search?{query}")).await;
    assert_eq!(status, 200, "{query}: {body}");
    body
}

fn keyword(words: &str) -> String {
    format!("keyword={}", urlencoding(words))
}

fn urlencoding(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[tokio::test]
async fn everyday_words_typos_and_the_wrong_layout_find_what_was_meant() {
    let app = spawn_app().await;

    // The catalogue says โต๊ะอาหาร; shoppers say โต๊ะกินข้าว.
    let body = search(&app, &keyword("โต๊ะกินข้าว")).await;
    let found = codes(&body);
    for table in ["TB-3001", "TB-3002", "TB-3003", "TB-3004", "TB-3005"] {
        assert!(found.contains(&table.to_string()), "{table} in {found:?}");
    }
    assert_eq!(
        found[0], "TB-3001",
        "a dining table first, not a dining chair"
    );
    assert!(
        body.get("correctedKeyword").is_none(),
        "synonyms are not a correction"
    );

    // One typo in a 7-letter word.
    let found = codes(&search(&app, &keyword("wadrobe")).await);
    assert!(
        found.iter().take(5).all(|c| c.starts_with("ST-600")),
        "{found:?}"
    );

    // "sofa" typed with the Thai layout on: answered as sofa, and says so.
    let body = search(&app, &keyword("หนดฟ")).await;
    assert_eq!(body["correctedKeyword"], "sofa", "{body}");
    assert!(codes(&body).iter().take(10).all(|c| c.starts_with("SF-")));

    // Too short for a typo, so only offered as a correction when nothing matched.
    let body = search(&app, &keyword("sofe")).await;
    assert_eq!(body["correctedKeyword"], "sofa");
    assert!(codes(&body)[0].starts_with("SF-"));

    // Nothing to rescue: no results, no correction.
    let body = search(&app, &keyword("xyzzyq")).await;
    assert_eq!(body["total"], 0);
    assert!(body.get("correctedKeyword").is_none());
    // Codes are not "corrected" into other codes.
    let body = search(&app, &keyword("SF-1001")).await;
    assert_eq!(codes(&body)[0], "SF-1001");
}

#[tokio::test]
async fn search_filters_sorts_and_counts_like_a_listing() {
    let app = spawn_app().await;
    let body = search(&app, &keyword("sofa")).await;
    let total = body["total"].as_u64().unwrap();
    let facets = &body["facets"];
    assert!(facets["rooms"]["living"].as_u64().unwrap() > 0, "{facets}");
    assert!(facets["categories"]["sofas"].as_u64().unwrap() > 0);
    let leather = facets["materials"]["leather"].as_u64().unwrap();
    assert!(leather >= 3 && leather < total);
    for group in ["rooms", "categories", "materials", "colours"] {
        for (key, count) in facets[group].as_object().unwrap() {
            assert!(count.as_u64().unwrap() > 0, "{group}.{key} has 0");
        }
    }
    let (min, max) = (
        facets["price"]["min"].as_i64().unwrap(),
        facets["price"]["max"].as_i64().unwrap(),
    );
    assert!(0 < min && min < max, "{facets}");

    // A material narrows the matches; its own group still counts the other materials.
    let narrowed = search(&app, &format!("{}&material=leather", keyword("sofa"))).await;
    assert_eq!(narrowed["total"].as_u64().unwrap(), leather);
    assert!(narrowed["facets"]["materials"]["fabric"].as_u64().unwrap() > 0);
    // Colours count within leather: a product sold in several colours counts once in each
    // (docs/VARIANTS.md §4), so each colour counts at most every leather match.
    let colours: Vec<u64> = narrowed["facets"]["colours"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert!(
        !colours.is_empty() && colours.iter().all(|&n| 0 < n && n <= leather),
        "colours count within leather: {}",
        narrowed["facets"]
    );

    // Cheapest first, within a room.
    let cheap = search(
        &app,
        &format!("{}&room=living&sort=price_asc&limit=100", keyword("sofa")),
    )
    .await;
    let prices: Vec<i64> = cheap["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["price"].as_i64().unwrap())
        .collect();
    assert!(prices.len() > 3);
    assert!(prices.windows(2).all(|w| w[0] <= w[1]), "{prices:?}");
    let (low, high) = (prices[0], prices[prices.len() - 1]);
    let ranged = search(
        &app,
        &format!(
            "{}&minPrice={}&maxPrice={}",
            keyword("sofa"),
            low + 1,
            high - 1
        ),
    )
    .await;
    assert!(ranged["total"].as_u64().unwrap() < cheap["total"].as_u64().unwrap());

    for (query, parameter) in [
        ("keyword=sofa&sort=cheapest", "sort"),
        ("keyword=sofa&minPrice=abc", "minPrice"),
        ("keyword=sofa&room=%3Cb%3E", "room"),
    ] {
        let (status, body) = app.get_json(&format!("/api/app/search?{query}")).await;
        assert_eq!(status, 400, "{query}");
        assert_eq!(error_code(&body), "invalid_parameter");
        let message = body["error"]["message"].as_str().unwrap();
        assert!(message.starts_with(parameter), "{message}");
    }
}

#[tokio::test]
async fn listings_count_their_filter_options_without_zeros() {
    let app = spawn_app().await;
    let (status, body) = app
        .get_json("/api/app/product/list?category=sofas&material=leather")
        .await;
    assert_eq!(status, 200);
    let facets = &body["facets"];
    let materials = facets["materials"].as_object().unwrap();
    assert!(materials["fabric"].as_u64().unwrap() > 0, "{facets}");
    assert_eq!(
        materials["leather"].as_u64().unwrap(),
        body["total"].as_u64().unwrap()
    );
    assert!(
        !materials.contains_key("marble"),
        "no sofa is marble: {facets}"
    );
    let total = body["total"].as_u64().unwrap();
    assert!(
        facets["colours"]
            .as_object()
            .unwrap()
            .values()
            .all(|n| (1..=total).contains(&n.as_u64().unwrap())),
        "no zeros, none above the matches: {facets}"
    );
}

#[tokio::test]
async fn staff_synonyms_apply_to_the_next_search_and_bad_ones_are_refused() {
    let app = spawn_app().await;
    let stock = app.token("stockist", "admin-stock").await;
    let (status, body) = app.get_authed("/api/admin/search/synonyms", &stock).await;
    assert_eq!(status, 200);
    let mut groups: Vec<Value> = body["groups"].as_array().unwrap().clone();
    assert!(groups.len() >= 40, "built-in groups: {}", groups.len());

    assert_eq!(
        search(&app, &keyword("chesterfield")).await["total"],
        0,
        "unknown word before"
    );
    groups.push(json!(["chesterfield", "โซฟาหนัง"]));
    let put = |body: Value| {
        let (app, stock) = (&app, stock.clone());
        async move {
            app.json(
                app.client
                    .put(app.url("/api/admin/search/synonyms"))
                    .bearer_auth(&stock)
                    .json(&body),
            )
            .await
        }
    };
    let (status, saved) = put(json!({ "groups": groups })).await;
    assert_eq!(status, 200, "{saved}");
    let found = codes(&search(&app, &keyword("chesterfield")).await);
    assert!(found.contains(&"SF-1006".to_string()), "{found:?}");

    let (status, body) = put(json!({ "groups": [["sofa"], ["x", "y".repeat(61)]] })).await;
    assert_eq!(status, 400);
    assert_eq!(error_code(&body), "invalid_input");
    let message = body["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("groups[0]") && message.contains("groups[1][1]"),
        "{message}"
    );
    let (_, kept) = app.get_authed("/api/admin/search/synonyms", &stock).await;
    assert_eq!(
        kept["groups"], saved["groups"],
        "a refused save changes nothing"
    );

    // Survives a restart: read back from the database by a new snapshot of settings.
    let reloaded = kiosk::search::live::SearchSettings::load(&app.state.store).unwrap();
    assert!(
        reloaded
            .synonyms()
            .groups()
            .iter()
            .any(|g| g.contains(&"chesterfield".to_string()))
    );
}

#[tokio::test]
async fn staff_see_what_shoppers_could_not_find() {
    let app = spawn_app().await;
    for words in ["xyzzyq", "Xyzzyq ", "hoverboard", "sofa"] {
        search(&app, &keyword(words)).await;
    }
    // Filtered searches, later pages and suggestions while typing are not keyword misses.
    search(&app, &format!("{}&limit=6&suggest=1", keyword("recli"))).await;
    search(&app, &format!("{}&material=teak", keyword("recliner"))).await;
    search(&app, &format!("{}&page=2", keyword("recliner"))).await;

    let reports = app.token("boss", "admin").await;
    let (status, body) = app
        .get_authed(
            "/api/admin/search/misses?from=2020-01-01&to=2099-12-31",
            &reports,
        )
        .await;
    assert_eq!(status, 400, "a report covers at most 400 days: {body}");
    let (status, body) = app.get_authed("/api/admin/search/misses", &reports).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["misses"],
        json!([{ "keyword": "xyzzyq", "count": 2 }, { "keyword": "hoverboard", "count": 1 }])
    );
    let stock = app.token("stockist", "admin-stock").await;
    let (status, _) = app.get_authed("/api/admin/search/misses", &stock).await;
    assert_eq!(status, 200, "admin-stock holds reports.read");
    let sales = app.token("seller", "admin-nothing").await;
    let (status, _) = app.get_authed("/api/admin/search/misses", &sales).await;
    assert_eq!(status, 403);
}

/// Every page of a search, in any page size, is a slice of one order: the matches are
/// remembered once and ranked further as pages need (pages past the second are made per
/// request, not remembered), and these per-search answers go out gzip-compressed when the
/// browser takes gzip (the thread's deflate state is used again).
#[tokio::test]
async fn pages_and_page_sizes_of_a_search_are_slices_of_one_order() {
    let app = spawn_app().await;
    for (query, lang) in [(keyword("sofa"), "en"), (keyword("โต๊ะ"), "th")] {
        for sort in ["", "&sort=price_asc"] {
            let whole = codes(&search(&app, &format!("{query}&lang={lang}&limit=100{sort}")).await);
            assert!(whole.len() >= 6, "{query}: {whole:?}");
            for (page, limit) in [(4, 1), (3, 2), (1, 3), (2, 3), (6, 1), (2, 2)] {
                let body = search(
                    &app,
                    &format!("{query}&lang={lang}&limit={limit}&page={page}{sort}"),
                )
                .await;
                let start = (page - 1) * limit;
                let expected: Vec<String> = whole.iter().skip(start).take(limit).cloned().collect();
                assert_eq!(codes(&body), expected, "{query}{sort} {page}×{limit}");
                assert_eq!(body["total"], whole.len(), "{query}{sort}");
            }
        }
    }
    for page in [1, 5] {
        let response = app
            .client
            .get(app.url(&format!(
                "/api/app/search?keyword=chair&limit=1&page={page}"
            )))
            .header("accept-encoding", "gzip, deflate, br")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        assert_eq!(
            response.headers()["content-encoding"],
            "gzip",
            "page {page}"
        );
        assert!(response.headers().contains_key("etag"));
    }
}
