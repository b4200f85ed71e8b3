//! Bringing a catalogue over (docs/IMPORT.md): Shopify's and WooCommerce's product CSV exports,
//! recognised by their header rows, previewed (every problem by line, every product created or
//! changed, image URLs to upload) and imported all or nothing as products with options and
//! variants; the shop's own catalogue CSV with one row per variant, round trip; and
//! `kiosk catalog import` of a Shopify file on the real binary. The sample files in
//! tests/fixtures/import/ are built from the two formats' public documentation.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::{Value, json};

use crate::helpers::{TestApp, error_code, spawn_app};

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/import")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

async fn import(app: &TestApp, token: &str, body: Value) -> (u16, Value) {
    app.json(
        app.client
            .post(app.url("/api/admin/catalog/import"))
            .bearer_auth(token)
            .json(&body),
    )
    .await
}

async fn product(app: &TestApp, code: &str) -> Value {
    let (status, body) = app.get_json(&format!("/api/app/product/get/{code}")).await;
    assert_eq!(status, 200, "{code}: {body}");
    body["product"].clone()
}

async fn missing(app: &TestApp, code: &str) -> bool {
    app.get_json(&format!("/api/app/product/get/{code}"))
        .await
        .0
        == 404
}

fn strings(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap_or_else(|| panic!("not a list: {list}"))
        .iter()
        .map(|v| v.as_str().unwrap_or_default().to_string())
        .collect()
}

fn field(variants: &Value, name: &str) -> Vec<Value> {
    variants
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v[name].clone())
        .collect()
}

fn has_problem(preview: &Value, start: &str, contains: &str) -> bool {
    strings(&preview["problems"])
        .iter()
        .any(|p| p.starts_with(start) && p.contains(contains))
}

#[tokio::test]
async fn a_shopify_export_is_previewed_then_imported_with_options_variants_and_markdown() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;
    let csv = fixture("shopify-products.csv");

    let (status, body) = import(&app, &owner, json!({"csv": csv})).await;
    assert_eq!(status, 200, "{body}");
    let preview = &body["preview"];
    assert_eq!(body["applied"], false);
    assert_eq!(preview["format"], "shopify");
    assert_eq!(preview["problems"], json!([]), "{body}");
    assert_eq!(preview["new"], 3, "{body}");
    let rows = preview["rows"].as_array().unwrap();
    let codes: Vec<&str> = rows.iter().map(|r| r["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["nara-sofa", "ST-200", "lanna-table"]);
    assert_eq!(
        field(&preview["rows"], "line"),
        [json!(2), json!(14), json!(15)]
    );
    // Image URLs are listed for the owner to upload, in Shopify's image order; none fetched.
    assert_eq!(
        strings(&rows[0]["imageUrls"]),
        [
            "https://cdn.shopify.com/s/files/1/0000/0001/products/nara-grey.jpg",
            "https://cdn.shopify.com/s/files/1/0000/0001/products/nara-sand.jpg",
            "https://cdn.shopify.com/s/files/1/0000/0001/products/nara-detail.jpg",
        ]
    );
    assert!(missing(&app, "nara-sofa").await, "a preview writes nothing");

    let (status, body) = import(&app, &owner, json!({"csv": csv, "apply": true})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["applied"], true);
    assert_eq!(body["preview"]["new"], 3, "{body}");

    let sofa = product(&app, "nara-sofa").await;
    assert_eq!(sofa["name"]["en"], "Nara Sofa, woven fabric");
    assert_eq!(
        sofa["name"]["th"], "",
        "other languages fall back to English"
    );
    let description = sofa["description"]["en"].as_str().unwrap();
    assert!(
        description.starts_with("A **deep, soft** sofa for long evenings"),
        "{description}"
    );
    assert!(
        description.contains("โซฟานั่งสบาย ผ้าทอ *ระบายอากาศได้ดี*"),
        "{description}"
    );
    assert!(
        description.contains("- Seat height 45 cm\n- Covers come off, washable at 30°C"),
        "{description}"
    );
    assert!(
        description.contains("[read it](https://example.com/care), or this."),
        "{description}"
    );
    for unsafe_text in [
        "script",
        "alert",
        "steal",
        "iframe",
        "evil",
        "javascript",
        "<",
    ] {
        assert!(
            !description.contains(unsafe_text),
            "{unsafe_text}: {description}"
        );
    }
    assert_eq!(sofa["categories"], json!(["sofas-3-seat", "sofas"]));
    assert_eq!(sofa["active"], true);
    assert_eq!(sofa["images"], json!([]), "image URLs are never stored");
    let options = &sofa["options"];
    assert_eq!(options[0]["kind"], "colour");
    assert_eq!(options[0]["name"]["en"], "Fabric");
    assert_eq!(
        field(&options[0]["values"], "en"),
        [json!("Grey"), json!("Sand"), json!("เขียว")]
    );
    assert_eq!(
        field(&options[0]["values"], "key"),
        [json!("grey"), json!("sand"), json!("colour-3")]
    );
    assert_eq!(options[1]["kind"], "size");
    assert_eq!(
        field(&options[1]["values"], "en"),
        [json!("2 seat"), json!("3 seat")]
    );
    let variants = &sofa["variants"];
    assert_eq!(
        field(variants, "code"),
        [
            json!("NS-GRY-2"),
            json!("NS-GRY-3"),
            json!("NS-SND-3"),
            json!("nara-sofa-4")
        ],
        "a variant without a SKU gets one from the product's code"
    );
    assert_eq!(
        field(variants, "values"),
        [json!([0, 0]), json!([0, 1]), json!([1, 1]), json!([2, 1])]
    );
    assert_eq!(
        field(variants, "price"),
        [
            json!(1_590_000),
            json!(1_890_000),
            json!(1_890_000),
            json!(1_990_050)
        ]
    );
    assert_eq!(
        field(variants, "compareAtPrice")[..2],
        [json!(1_890_000), json!(2_190_000)]
    );
    assert!(variants[2]["compareAtPrice"].is_null());
    assert_eq!(
        field(variants, "stock"),
        [json!(4), json!(2), json!(0), json!(1)],
        "negative Shopify stock counts as none"
    );
    assert_eq!(variants[0]["weight"], 38_000);
    assert_eq!(sofa["price"], 1_590_000, "the lowest variant price");
    assert_eq!(sofa["stock"], 7);

    let stool = product(&app, "ST-200").await;
    assert_eq!(stool["options"], json!([]));
    assert_eq!(field(&stool["variants"], "code"), [json!("ST-200")]);
    assert_eq!(stool["price"], 129_000);
    assert_eq!(stool["compareAtPrice"], 149_000);
    assert_eq!(stool["active"], false, "Status draft");
    assert_eq!(stool["stock"], 12);
    assert_eq!(stool["variants"][0]["weight"], 3500);
    assert_eq!(stool["categories"], json!(["stools-benches", "chairs"]));
    assert_eq!(stool["description"]["en"], "Solid teak & oiled.");

    let table = product(&app, "lanna-table").await;
    assert_eq!(table["name"]["en"], "โต๊ะกินข้าว ลานนา");
    assert_eq!(table["description"]["en"], "ไม้สักทอง\nขาเหล็ก");
    assert_eq!(
        table["categories"],
        json!(["dining-tables", "tables"]),
        "matched by the Thai title"
    );
    assert_eq!(table["options"][0]["kind"], "size");
    assert_eq!(table["options"][0]["name"]["en"], "ขนาด");
    assert_eq!(
        field(&table["variants"], "code"),
        [json!("LT-150"), json!("LT-180")]
    );
    assert!(
        table["variants"][0]["compareAtPrice"].is_null(),
        "a compare-at price equal to the price is no 'was' price"
    );

    // The same file again changes nothing.
    let (status, body) = import(&app, &owner, json!({"csv": csv, "apply": true})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["preview"]["unchanged"], 3, "{body}");
}

#[tokio::test]
async fn a_woocommerce_export_brings_variable_products_and_creates_categories_on_request() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;
    let csv = fixture("woo-products.csv");

    let (status, body) = import(&app, &owner, json!({"csv": csv, "apply": true})).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(error_code(&body), "invalid_import");
    let preview = &body["preview"];
    assert_eq!(preview["format"], "woocommerce");
    assert!(
        has_problem(preview, "line 7 (DB-1): categories", "Furniture > Daybeds"),
        "{body}"
    );
    assert_eq!(preview["problems"].as_array().unwrap().len(), 1, "{body}");
    assert!(
        strings(&preview["notes"])
            .iter()
            .any(|n| n.starts_with("line 8: \"Living set\" is a grouped product")),
        "{body}"
    );
    assert!(missing(&app, "CM-BED").await, "nothing written");

    let (status, body) = import(
        &app,
        &owner,
        json!({"csv": csv, "apply": true, "createCategories": true}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["preview"]["new"], 3, "{body}");
    assert_eq!(
        body["preview"]["createdCategories"],
        json!(["furniture: Furniture", "daybeds: Furniture > Daybeds"])
    );

    let bed = product(&app, "CM-BED").await;
    assert_eq!(bed["name"]["en"], "Chiang Mai Bed");
    assert_eq!(
        bed["description"]["en"],
        "Rubberwood bed, **two sizes**.\n\nDetails\n\nMade in Chiang Mai, เตียงไม้ยางพารา.\n\n- Slatted base\n- Headboard, 110 cm"
    );
    assert_eq!(bed["categories"], json!(["beds-double", "beds"]));
    assert_eq!(bed["options"][0]["kind"], "size");
    assert_eq!(bed["options"][0]["name"]["en"], "Size");
    assert_eq!(
        field(&bed["options"][0]["values"], "en"),
        [json!("5 ft"), json!("6 ft")]
    );
    assert_eq!(bed["options"][1]["kind"], "material", "Finish");
    assert_eq!(
        field(&bed["options"][1]["values"], "en"),
        [json!("Oak"), json!("White")]
    );
    let variants = &bed["variants"];
    assert_eq!(
        field(variants, "code"),
        [
            json!("CM-BED-5-OAK"),
            json!("CM-BED-6-ft-oak"),
            json!("CM-BED-6-WHT")
        ]
    );
    assert_eq!(
        field(variants, "values"),
        [json!([0, 0]), json!([1, 0]), json!([1, 1])]
    );
    // Price is the sale price when there is one, the regular price then the "was" price.
    assert_eq!(
        field(variants, "price"),
        [json!(1_290_000), json!(1_790_000), json!(1_890_000)]
    );
    assert_eq!(variants[0]["compareAtPrice"], 1_590_000);
    assert_eq!(field(variants, "stock"), [json!(3), json!(2), json!(0)]);
    assert_eq!(
        field(variants, "active"),
        [json!(true), json!(true), json!(false)]
    );
    assert_eq!(variants[0]["weight"], 48_500);
    assert_eq!(
        variants[0]["dimensions"],
        json!({"width": 1600, "depth": 2100, "height": 1100})
    );

    let chair = product(&app, "RA-1").await;
    assert_eq!(chair["name"]["en"], "Rattan Armchair, natural");
    assert_eq!(
        chair["description"]["en"],
        "หวายธรรมชาติ, handwoven\n\nLight & strong."
    );
    assert_eq!(
        chair["categories"],
        json!(["armchairs", "sofas", "outdoor"])
    );
    assert_eq!(chair["options"], json!([]));
    assert_eq!(chair["price"], 450_000);
    assert_eq!(chair["stock"], 7);
    assert_eq!(chair["variants"][0]["weight"], 6500);
    assert_eq!(
        chair["dimensions"],
        json!({"width": 700, "depth": 750, "height": 850})
    );

    let daybed = product(&app, "DB-1").await;
    assert_eq!(daybed["price"], 890_050);
    assert_eq!(daybed["compareAtPrice"], 990_000);
    assert_eq!(daybed["active"], false, "Published -1 is a draft");
    assert_eq!(daybed["categories"], json!(["daybeds", "furniture"]));
    assert!(
        missing(&app, "SET-1").await,
        "grouped products are left out"
    );

    // The created categories are the shop's now.
    let (_, tree) = app.get_json("/api/app/category/tree").await;
    assert!(tree.to_string().contains("\"daybeds\""), "{tree}");
}

#[tokio::test]
async fn broken_files_report_every_problem_by_line_and_write_nothing() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;

    let (status, body) = import(
        &app,
        &owner,
        json!({"csv": fixture("shopify-broken.csv"), "apply": true}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    let preview = &body["preview"];
    for (start, contains) in [
        ("line 2 (nara-sofa): Variant Price", "not an amount in baht"),
        ("line 3 (nara-sofa): Option2 Value", "Size"),
        ("line 5 (lanna-table): ", "\"LT-150\" is already on line 4"),
        ("line 7 (GB-1): categories", "Benches nobody has"),
    ] {
        assert!(has_problem(preview, start, contains), "{start}: {body}");
    }
    for code in ["nara-sofa", "LT-150", "lanna-table", "GB-1"] {
        assert!(missing(&app, code).await, "{code} written");
    }

    let (status, body) = import(
        &app,
        &owner,
        json!({"csv": fixture("woo-broken.csv"), "apply": true}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    let preview = &body["preview"];
    for (start, contains) in [
        ("line 2 (RA-9): Regular price", "not an amount in baht"),
        ("line 4 (AC-1): ", "already on line 3"),
        ("line 5 (LOST-1): Parent", "id:999"),
        ("line 6 (DB-2): categories", "Furniture > Daybeds"),
    ] {
        assert!(has_problem(preview, start, contains), "{start}: {body}");
    }
    for code in ["RA-9", "AC-1", "DB-2"] {
        assert!(missing(&app, code).await, "{code} written");
    }

    // Staff without catalogue rights cannot import.
    let (status, _) = import(&app, "not-a-token", json!({"csv": ""})).await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn the_shop_csv_has_one_row_per_variant_and_imports_back() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;
    let (status, body) = import(
        &app,
        &owner,
        json!({"csv": fixture("shopify-products.csv"), "apply": true}),
    )
    .await;
    assert_eq!(status, 200, "{body}");

    let response = app
        .client
        .get(app.url("/api/admin/products.csv?q=nara"))
        .bearer_auth(&owner)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let csv = response.text().await.unwrap();
    let mut reader = csv::Reader::from_reader(csv.trim_start_matches('\u{feff}').as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    let all: Vec<Vec<String>> = reader
        .records()
        .map(|r| r.unwrap().iter().map(String::from).collect())
        .collect();
    let at = |name: &str| header.iter().position(|h| h == name).unwrap();
    // The sofa's rows (the demo's "Nara" sofas match the search too).
    let first = all
        .iter()
        .position(|row| row[at("code")] == "nara-sofa")
        .expect("the sofa is exported");
    let rows: Vec<Vec<String>> = all[first..]
        .iter()
        .enumerate()
        .take_while(|(i, row)| *i == 0 || row[at("code")].is_empty())
        .map(|(_, row)| row.clone())
        .collect();
    assert_eq!(rows.len(), 4, "one row per variant:\n{csv}");
    assert_eq!(rows[0][at("code")], "nara-sofa");
    assert_eq!(
        rows[1][at("code")],
        "",
        "the product's columns on its first row only"
    );
    assert_eq!(rows[0][at("option1Name")], "Fabric");
    assert_eq!(rows[0][at("option1Kind")], "colour");
    assert_eq!(rows[3][at("option1Value")], "เขียว");
    assert_eq!(rows[2][at("option2Value")], "3 seat");
    assert_eq!(rows[2][at("variantCode")], "NS-SND-3");
    assert_eq!(rows[3][at("variantPrice")], "1990050");

    // Back unchanged, then with one variant's price and stock changed.
    let (status, body) = import(&app, &owner, json!({"csv": csv, "apply": true})).await;
    assert_eq!(status, 200, "{body}");
    let products = all.iter().filter(|row| !row[at("code")].is_empty()).count();
    assert_eq!(body["preview"]["unchanged"], products, "{body}");
    assert_eq!(body["preview"]["new"], 0, "{body}");
    let mut changed = rows.clone();
    changed[2][at("variantPrice")] = "1790000".into();
    changed[2][at("variantStock")] = "9".into();
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.write_record(&header).unwrap();
    for row in &changed {
        writer.write_record(row).unwrap();
    }
    let text = String::from_utf8(writer.into_inner().unwrap()).unwrap();
    let (status, body) = import(&app, &owner, json!({"csv": text, "apply": true})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["preview"]["updated"], 1, "{body}");
    let sofa = product(&app, "nara-sofa").await;
    assert_eq!(sofa["variants"][2]["price"], 1_790_000);
    assert_eq!(sofa["variants"][2]["stock"], 9);
    assert_eq!(sofa["variants"].as_array().unwrap().len(), 4);

    // A row naming a value the product's option lacks a value of is a problem by line.
    let mut broken = rows.clone();
    broken[1][at("option2Value")] = String::new();
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.write_record(&header).unwrap();
    for row in &broken {
        writer.write_record(row).unwrap();
    }
    let text = String::from_utf8(writer.into_inner().unwrap()).unwrap();
    // The second row's line: after the header and the first row (its description spans lines).
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.write_record(&header).unwrap();
    writer.write_record(&broken[0]).unwrap();
    let second = writer
        .into_inner()
        .unwrap()
        .iter()
        .filter(|b| **b == b'\n')
        .count()
        + 1;
    let (status, body) = import(&app, &owner, json!({"csv": text, "apply": true})).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        has_problem(
            &body["preview"],
            &format!("line {second} (nara-sofa): option2Value"),
            "Size"
        ),
        "{body}"
    );

    // An older export (one row per product, no option or variant columns) still imports.
    let old = "code,name_en,price,stock,categories\nOLD-1,Old stool,129000,3,chairs\n";
    let (status, body) = import(&app, &owner, json!({"csv": old, "apply": true})).await;
    assert_eq!(status, 200, "{body}");
    let stool = product(&app, "OLD-1").await;
    assert_eq!(field(&stool["variants"], "code"), [json!("OLD-1")]);
    assert_eq!(stool["variants"][0]["price"], 129_000);
    assert_eq!(stool["stock"], 3);
}

const BIN: &str = env!("CARGO_BIN_EXE_kiosk");

fn kiosk(dir: &Path, args: &[&str]) -> Output {
    let mut command = Command::new(BIN);
    command.current_dir(dir);
    for (key, _) in std::env::vars() {
        if key.starts_with("KIOSK_") || key == "RUST_LOG" {
            command.env_remove(key);
        }
    }
    command
        .stdin(Stdio::null())
        .args(args)
        .output()
        .expect("kiosk runs")
}

#[test]
fn kiosk_catalog_import_previews_a_shopify_file_then_applies_it() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("password"), "a sofa for every room\n").unwrap();
    let out = kiosk(
        dir.path(),
        &[
            "setup",
            "--non-interactive",
            "--data-dir",
            "shop",
            "--listen",
            "127.0.0.1:0",
            "--public-url",
            "https://shop.example.com",
            "--shop-name",
            "Baan Sofa",
            "--admin-user",
            "nok",
            "--admin-password-file",
            "password",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::write(
        dir.path().join("shopify.csv"),
        fixture("shopify-products.csv"),
    )
    .unwrap();
    let args = ["catalog", "import", "--data-dir", "shop", "shopify.csv"];

    let out = kiosk(dir.path(), &args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for expected in [
        "shopify file: nothing was written",
        "line 2 nara-sofa: new",
        "image to upload: https://cdn.shopify.com/s/files/1/0000/0001/products/nara-detail.jpg",
        "line 14 ST-200: new",
        "3 new, 0 changed, 0 unchanged; run again with --apply",
    ] {
        assert!(stdout.contains(expected), "{expected:?} not in:\n{stdout}");
    }

    let out = kiosk(dir.path(), &[&args[..], &["--apply"][..]].concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("imported 3 products (3 new, 0 updated)"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let out = kiosk(
        dir.path(),
        &["catalog", "export", "--data-dir", "shop", "after.json"],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let after: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("after.json")).unwrap())
            .unwrap();
    let sofa = after["products"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["code"] == "nara-sofa")
        .expect("imported");
    assert_eq!(sofa["variants"].as_array().unwrap().len(), 4);

    // A broken file fails with its problems by line, and the shop is left as it was.
    std::fs::write(dir.path().join("broken.csv"), fixture("shopify-broken.csv")).unwrap();
    let out = kiosk(
        dir.path(),
        &[
            "catalog",
            "import",
            "--data-dir",
            "shop",
            "broken.csv",
            "--apply",
        ],
    );
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("line 2 (nara-sofa): Variant Price"),
        "{stderr}"
    );
}
