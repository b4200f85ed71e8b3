//! Staff products: create (live on the storefront and in Thai search at once), edit with a
//! version check, per-field validation, duplicate and deactivate, the stock ledger, bulk
//! price and stock edits, the staff list's filters and pages, and CSV export, preview and
//! apply through the same code as `kiosk catalog import`.

use serde_json::{Value, json};

use crate::helpers::{TestApp, error_code, spawn_app};

fn teak_sideboard(code: &str) -> Value {
    json!({
        "code": code,
        "name": {"en": "Teak sideboard Lanna", "th": "ตู้ไซด์บอร์ดไม้สักล้านนา"},
        "description": {"en": "A low teak sideboard.", "th": "ตู้ไซด์บอร์ดไม้สักเตี้ย"},
        "price": 1_290_000,
        "compareAtPrice": 1_490_000,
        "rooms": ["living"],
        "categories": [],
        "dimensions": {"width": 1600, "depth": 450, "height": 750},
        "material": "teak",
        "colour": "brown",
        "stock": 4,
        "active": true
    })
}

async fn send(app: &TestApp, method: &str, path: &str, token: &str, body: &Value) -> (u16, Value) {
    let url = app.url(path);
    let request = match method {
        "PUT" => app.client.put(url),
        _ => app.client.post(url),
    };
    app.json(request.json(body).bearer_auth(token)).await
}

async fn create(app: &TestApp, token: &str, product: &Value) -> Value {
    let (status, body) = send(app, "POST", "/api/admin/products", token, product).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["status"], "success");
    body["product"].clone()
}

fn codes(list: &Value) -> Vec<String> {
    list["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["code"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn a_created_product_is_on_the_storefront_and_in_thai_search_at_once() {
    let app = spawn_app().await;
    let clerk = app.token("clerk", "admin-stock").await;
    let product = create(&app, &clerk, &teak_sideboard("SB-9001")).await;
    assert_eq!(product["version"], 1);
    assert_eq!(product["stock"], 4);
    assert!(!product["createdAt"].as_str().unwrap().is_empty());

    let (status, shown) = app.get_json("/api/app/product/get/SB-9001").await;
    assert_eq!(status, 200, "{shown}");
    assert_eq!(shown["product"]["name"]["th"], "ตู้ไซด์บอร์ดไม้สักล้านนา");
    let (_, list) = app
        .get_json("/api/app/product/list?room=living&limit=100&sort=newest")
        .await;
    assert!(codes(&list).contains(&"SB-9001".to_string()), "{list}");
    let keyword = urlencoding("ไซด์บอร์ดไม้สัก");
    let (_, found) = app
        .get_json(&format!("/api/app/search?keyword={keyword}&limit=100"))
        .await;
    assert!(codes(&found).contains(&"SB-9001".to_string()), "{found}");
    let (_, found) = app.get_json("/api/app/search/code?keyword=SB-90").await;
    assert_eq!(codes(&found), ["SB-9001"]);

    // The opening stock is the ledger's first line; the activity log names the product.
    let (_, one) = app.get_authed("/api/admin/products/SB-9001", &clerk).await;
    assert_eq!(one["ledger"][0]["level"], 4);
    assert_eq!(one["ledger"][0]["actor"], "clerk");
    let owner = app.token("owner", "admin").await;
    let (_, log) = app
        .get_authed("/api/admin/activity?target=product%20SB-9001", &owner)
        .await;
    assert!(
        log["lines"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l["action"] == "product created" && l["user"] == "clerk"),
        "{log}"
    );

    // The same code again is refused.
    let (status, body) = send(
        &app,
        "POST",
        "/api/admin/products",
        &clerk,
        &teak_sideboard("SB-9001"),
    )
    .await;
    assert_eq!((status, error_code(&body)), (409, "product_exists"));
}

fn urlencoding(text: &str) -> String {
    text.bytes().map(|b| format!("%{b:02X}")).collect()
}

#[tokio::test]
async fn every_problem_is_reported_at_its_field() {
    let app = spawn_app().await;
    let clerk = app.token("clerk", "admin-stock").await;
    let bad = json!({
        "code": "bad code",
        "name": {"en": ""},
        "price": 0,
        "compareAtPrice": 0,
        "rooms": ["garage"],
        "categories": ["nothing"],
        "dimensions": {"width": 1, "depth": 1, "height": 200_000},
        "material": "teak wood",
    });
    let (status, body) = send(&app, "POST", "/api/admin/products", &clerk, &bad).await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "invalid_product"),
        "{body}"
    );
    let fields: Vec<&str> = body["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["field"].as_str().unwrap())
        .collect();
    for field in [
        "code",
        "name.en",
        "price",
        "compareAtPrice",
        "rooms",
        "categories",
        "dimensions.height",
        "material",
    ] {
        assert!(fields.contains(&field), "{field} missing in {fields:?}");
    }
    // A wrong type is a problem of its field too, with the others.
    let (status, body) = send(
        &app,
        "POST",
        "/api/admin/products",
        &clerk,
        &json!({"code": "X-1", "name": {"en": "X"}, "price": "a lot", "stock": -1}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    let fields: Vec<&str> = body["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["field"].as_str().unwrap())
        .collect();
    assert_eq!(fields, ["price", "stock"], "{body}");
    let (status, _) = app.get_json("/api/app/product/get/X-1").await;
    assert_eq!(status, 404, "nothing was stored");
}

#[tokio::test]
async fn a_save_from_an_old_version_gets_409_with_the_stored_product() {
    let app = spawn_app().await;
    let clerk = app.token("clerk", "admin-stock").await;
    let created = create(&app, &clerk, &teak_sideboard("SB-9002")).await;

    let mut first = created.clone();
    first["price"] = json!(1_350_000);
    let (status, saved) = send(&app, "PUT", "/api/admin/products/SB-9002", &clerk, &first).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["product"]["version"], 2);
    assert_eq!(saved["product"]["price"], 1_350_000);

    // A second editor still holds version 1.
    let mut second = created.clone();
    second["name"]["th"] = json!("ตู้ไม้สัก");
    let (status, body) = send(&app, "PUT", "/api/admin/products/SB-9002", &clerk, &second).await;
    assert_eq!(
        (status, error_code(&body)),
        (409, "version_conflict"),
        "{body}"
    );
    assert_eq!(body["product"]["version"], 2);
    assert_eq!(body["product"]["price"], 1_350_000);
    let (_, shown) = app.get_json("/api/app/product/get/SB-9002").await;
    assert_eq!(shown["product"]["name"]["th"], "ตู้ไซด์บอร์ดไม้สักล้านนา");
    assert_eq!(
        shown["product"]["price"], 1_350_000,
        "the storefront has the save"
    );

    // Saving again from the stored version works; a missing version is a field problem.
    second["version"] = json!(2);
    second["price"] = json!(1_350_000);
    let (status, body) = send(&app, "PUT", "/api/admin/products/SB-9002", &clerk, &second).await;
    assert_eq!(
        (status, body["product"]["version"].clone()),
        (200, json!(3)),
        "{body}"
    );
    let mut unversioned = second.clone();
    unversioned.as_object_mut().unwrap().remove("version");
    let (status, body) = send(
        &app,
        "PUT",
        "/api/admin/products/SB-9002",
        &clerk,
        &unversioned,
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(body["problems"][0]["field"], "version");
    // The stock is not changed by a save (it has its own ledger).
    second["version"] = json!(3);
    second["stock"] = json!(999);
    second["material"] = json!("oak");
    let (status, body) = send(&app, "PUT", "/api/admin/products/SB-9002", &clerk, &second).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["product"]["stock"], 4);

    // Deactivating hides it from the storefront (never deleted); duplicating copies it.
    let (status, body) = send(
        &app,
        "POST",
        "/api/admin/products/SB-9002/active",
        &clerk,
        &json!({"active": false}),
    )
    .await;
    assert_eq!(
        (status, body["product"]["version"].clone()),
        (200, json!(5))
    );
    let (_, list) = app
        .get_json("/api/app/product/list?room=living&limit=100")
        .await;
    assert!(!codes(&list).contains(&"SB-9002".to_string()), "hidden");
    let (_, found) = app.get_json("/api/app/search/code?keyword=SB-9002").await;
    assert_eq!(codes(&found), Vec::<String>::new(), "not found either");
    let (status, copy) = send(
        &app,
        "POST",
        "/api/admin/products/SB-9002/duplicate",
        &clerk,
        &json!({"code": "SB-9003"}),
    )
    .await;
    assert_eq!(status, 201, "{copy}");
    assert_eq!(copy["product"]["material"], "oak");
    assert_eq!(copy["product"]["stock"], 0);
    assert_eq!(copy["product"]["active"], false);
}

#[tokio::test]
async fn stock_adjustments_need_a_reason_never_go_below_zero_and_are_in_the_ledger() {
    let app = spawn_app().await;
    let clerk = app.token("clerk", "admin-stock").await;
    create(&app, &clerk, &teak_sideboard("SB-9004")).await;
    let stock = |delta: i64, reason: &str| {
        let (app, clerk) = (&app, clerk.clone());
        let body = json!({"delta": delta, "reason": reason});
        async move {
            send(
                app,
                "POST",
                "/api/admin/products/SB-9004/stock",
                &clerk,
                &body,
            )
            .await
        }
    };
    let (status, body) = stock(6, "delivery from Lampang").await;
    assert_eq!((status, body["level"].clone()), (200, json!(10)), "{body}");
    let (status, body) = stock(-3, "count 12 May").await;
    assert_eq!((status, body["level"].clone()), (200, json!(7)));
    let (status, body) = stock(-8, "damaged").await;
    assert_eq!((status, error_code(&body)), (400, "stock_below_zero"));
    let (status, body) = stock(1, "  ").await;
    assert_eq!((status, error_code(&body)), (400, "invalid_product"));
    assert_eq!(body["problems"][0]["field"], "reason");

    let (_, shown) = app.get_json("/api/app/product/get/SB-9004").await;
    assert_eq!(shown["product"]["stock"], 7, "the storefront has the level");
    let (_, one) = app.get_authed("/api/admin/products/SB-9004", &clerk).await;
    let ledger: Vec<(i64, u64, &str)> = one["ledger"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["delta"].as_i64().unwrap(),
                e["level"].as_u64().unwrap(),
                e["reason"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        ledger,
        [
            (-3, 7, "count 12 May"),
            (6, 10, "delivery from Lampang"),
            (4, 4, "opening stock")
        ]
    );
    assert_eq!(
        one["product"]["version"], 1,
        "stock does not bump the version"
    );
}

#[tokio::test]
async fn bulk_edits_change_prices_and_stock_all_or_nothing() {
    let app = spawn_app().await;
    let clerk = app.token("clerk", "admin-stock").await;
    let mut a = teak_sideboard("TK-1");
    a["price"] = json!(12_990); // ฿129.90 + 5 % = ฿136.395 → ฿136
    a["compareAtPrice"] = Value::Null;
    create(&app, &clerk, &a).await;
    let mut b = teak_sideboard("TK-2");
    b["stock"] = json!(1);
    create(&app, &clerk, &b).await;

    let (status, body) = send(
        &app,
        "POST",
        "/api/admin/catalog/bulk",
        &clerk,
        &json!({"codes": ["TK-1", "TK-2"], "price": {"mode": "percent", "value": 5}, "compareAt": "scale"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let prices: Vec<(i64, Value)> = body["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["price"].as_i64().unwrap(), p["compareAtPrice"].clone()))
        .collect();
    assert_eq!(
        prices,
        [(13_600, Value::Null), (1_354_500, json!(1_564_500))]
    );
    let (_, shown) = app.get_json("/api/app/product/get/TK-2").await;
    assert_eq!(shown["product"]["price"], 1_354_500);
    assert_eq!(shown["product"]["version"], 2);

    // One product would go below zero: nothing changes, and the problem names it.
    let (status, body) = send(
        &app,
        "POST",
        "/api/admin/catalog/bulk",
        &clerk,
        &json!({"codes": ["TK-1", "TK-2"], "stock": {"mode": "adjust", "value": -2}, "reason": "count", "price": {"mode": "absolute", "value": 100_000}}),
    )
    .await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "invalid_product"),
        "{body}"
    );
    assert_eq!(body["problems"][0]["code"], "TK-2");
    assert_eq!(body["problems"][0]["field"], "stock");
    let (_, shown) = app.get_json("/api/app/product/get/TK-1").await;
    assert_eq!(shown["product"]["price"], 13_600, "nothing was saved");

    // Set stock needs a reason; with it the ledger records the bulk change.
    let set = json!({"codes": ["TK-1", "TK-2"], "stock": {"mode": "set", "value": 9}});
    let (status, body) = send(&app, "POST", "/api/admin/catalog/bulk", &clerk, &set).await;
    assert_eq!(status, 400);
    assert_eq!(body["problems"][0]["field"], "reason");
    let mut set = set;
    set["reason"] = json!("stock count");
    let (status, _) = send(&app, "POST", "/api/admin/catalog/bulk", &clerk, &set).await;
    assert_eq!(status, 200);
    let (_, one) = app.get_authed("/api/admin/products/TK-2", &clerk).await;
    assert_eq!(one["product"]["stock"], 9);
    assert_eq!(one["ledger"][0]["reason"], "stock count");
    assert_eq!(one["ledger"][0]["delta"], 8);
}

#[tokio::test]
async fn the_staff_list_filters_and_pages_by_code() {
    let app = spawn_app().await;
    let clerk = app.token("clerk", "admin-stock").await;
    let mut low = teak_sideboard("ZZ-1");
    low["stock"] = json!(2);
    low["name"]["th"] = json!("");
    create(&app, &clerk, &low).await;
    let mut hidden = teak_sideboard("ZZ-2");
    hidden["active"] = json!(false);
    create(&app, &clerk, &hidden).await;

    let list = |q: &str| {
        let (app, clerk) = (&app, clerk.clone());
        let q = q.to_string();
        async move {
            let (status, body) = app
                .get_authed(&format!("/api/admin/products?{q}"), &clerk)
                .await;
            assert_eq!(status, 200, "{q}: {body}");
            body
        }
    };
    assert_eq!(codes(&list("q=zz-").await), ["ZZ-1", "ZZ-2"]);
    assert_eq!(codes(&list("q=zz-&active=false").await), ["ZZ-2"]);
    assert_eq!(codes(&list("q=zz&lowStock=true").await), ["ZZ-1"]);
    assert_eq!(codes(&list("q=zz&missing=th").await), ["ZZ-1"]);
    let thai = list(&format!("q={}", urlencoding("ไซด์บอร์ดไม้สักล้านนา"))).await;
    assert_eq!(codes(&thai), ["ZZ-2"], "names in Thai");

    // Keyset pages cover every product once.
    let mut seen = Vec::new();
    let mut after = String::new();
    loop {
        let page = list(&format!("limit=50&after={after}")).await;
        seen.extend(codes(&page));
        match page["next"].as_str() {
            Some(next) => after = next.to_string(),
            None => break,
        }
    }
    let total = list("limit=1").await["total"].as_u64().unwrap() as usize;
    assert_eq!(seen.len(), total);
    let mut sorted = seen.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted, seen);
    let (status, body) = app
        .get_authed("/api/admin/products?missing=fr", &clerk)
        .await;
    assert_eq!((status, error_code(&body)), (400, "invalid_parameter"));
}

#[tokio::test]
async fn csv_export_preview_and_apply_share_the_cli_import() {
    let app = spawn_app().await;
    let clerk = app.token("clerk", "admin-stock").await;
    let response = app
        .client
        .get(app.url("/api/admin/products.csv?q=SF-1001"))
        .bearer_auth(&clerk)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let csv = response.text().await.unwrap();
    assert!(csv.starts_with("\u{feff}code,name_en"), "{csv}");
    assert_eq!(csv.lines().count(), 2, "{csv}");

    // Raise the price in the file and add a bad row and a new one.
    let mut lines: Vec<String> = csv.lines().map(str::to_string).collect();
    let (_, before) = app.get_json("/api/app/product/get/SF-1001").await;
    let old_price = before["product"]["price"].as_i64().unwrap();
    lines[1] = lines[1].replacen(
        &format!(",{old_price},"),
        &format!(",{},", old_price + 100),
        1,
    );
    lines.push("NEW-1,New stool,,,,,,,,,,50000,,,living,,,,,,,3,true,0,".into());
    lines.push("BAD 1,,,,,,,,,,,-5,,,garage,,,,,,,0,true,0,".into());
    let text = lines.join("\n") + "\n";

    let import = |body: Value| {
        let (app, clerk) = (&app, clerk.clone());
        async move { send(app, "POST", "/api/admin/catalog/import", &clerk, &body).await }
    };
    let (status, body) = import(json!({"csv": text})).await;
    assert_eq!(status, 200, "{body}");
    let problems: Vec<&str> = body["preview"]["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("line 4 (BAD 1): code")),
        "{problems:?}"
    );
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("line 4 (BAD 1): price"))
    );
    assert!(
        problems
            .iter()
            .any(|p| p.contains("unknown room \"garage\""))
    );
    let rows = body["preview"]["rows"].as_array().unwrap();
    assert_eq!(rows[0]["change"], "changed");
    assert_eq!(rows[0]["fields"], json!(["price"]));
    assert_eq!(rows[1]["change"], "new");
    assert_eq!(body["applied"], false);

    // Applying with a problem writes nothing.
    let (status, body) = import(json!({"csv": text, "apply": true})).await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "invalid_import"),
        "{body}"
    );
    let (status, _) = app.get_json("/api/app/product/get/NEW-1").await;
    assert_eq!(status, 404);

    // Without the bad row it applies: the changed product gets a new version.
    let text = lines[..3].join("\n") + "\n";
    let (status, body) = import(json!({"csv": text, "apply": true})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["applied"], true);
    assert_eq!(
        (
            body["preview"]["new"].clone(),
            body["preview"]["updated"].clone()
        ),
        (json!(1), json!(1))
    );
    let (_, after) = app.get_json("/api/app/product/get/SF-1001").await;
    assert_eq!(after["product"]["price"], old_price + 100);
    assert_eq!(after["product"]["version"], 1);
    let (_, stool) = app.get_json("/api/app/product/get/NEW-1").await;
    assert_eq!(stool["product"]["stock"], 3);
    // Importing the same file again changes nothing.
    let (_, body) = import(json!({"csv": text})).await;
    assert_eq!(body["preview"]["unchanged"], 2, "{body}");
    // A file without the createdAt column keeps the stored date.
    let created = after["product"]["createdAt"].clone();
    let (status, body) =
        import(json!({"csv": "code,name_en,price\nSF-1001,Nara sofa,123400\n", "apply": true}))
            .await;
    assert_eq!(status, 200, "{body}");
    let (_, after) = app.get_json("/api/app/product/get/SF-1001").await;
    assert_eq!(after["product"]["createdAt"], created);
    assert_eq!(after["product"]["version"], 2);
}
