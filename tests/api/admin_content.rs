//! Staff content: information pages (Markdown, safe), translations (live, kept on upgrade),
//! site settings (the one source of links, menus and shipping; URLs validated) and the
//! e-catalogue PDF upload.

use serde_json::{Value, json};

use crate::helpers::{TestApp, error_code, spawn_app, spawn_app_with};

async fn send(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    token: &str,
    body: &Value,
) -> (u16, Value) {
    app.json(
        app.client
            .request(method, app.url(path))
            .bearer_auth(token)
            .json(body),
    )
    .await
}

async fn put(app: &TestApp, path: &str, token: &str, body: &Value) -> (u16, Value) {
    send(app, reqwest::Method::PUT, path, token, body).await
}

async fn last_activity(app: &TestApp, token: &str) -> Value {
    let (status, body) = app.get_authed("/api/admin/activity?limit=1", token).await;
    assert_eq!(status, 200, "{body}");
    body["lines"][0].clone()
}

fn about(th_body: &str) -> Value {
    json!({
        "title": {"en": "About us", "th": "เกี่ยวกับร้านเรา", "my": "", "km": "", "id": ""},
        "body": {"en": "We sell **sofas**.", "th": th_body, "my": "", "km": "", "id": ""},
        "published": true
    })
}

#[tokio::test]
async fn an_edited_page_is_live_at_once_and_logged() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;

    let (status, body) = app.get_authed("/api/admin/pages", &owner).await;
    assert_eq!(status, 200, "{body}");
    assert!(
        body["pages"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["name"] == "about")
    );

    let (status, body) = put(
        &app,
        "/api/admin/pages/about",
        &owner,
        &about("## ร้านของเรา\n\nเฟอร์นิเจอร์ไม้สักแท้"),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["page"]["title"]["th"], "เกี่ยวกับร้านเรา");

    let (_, page) = app.get_json("/api/file/pages/get/about").await;
    assert_eq!(
        page["page"]["body"]["th"],
        "## ร้านของเรา\n\nเฟอร์นิเจอร์ไม้สักแท้"
    );
    let shell = app.get_page("/th/about").await;
    assert_eq!(shell.status, 200);
    assert!(shell.body.contains("<title>เกี่ยวกับร้านเรา | kiosk</title>"));
    assert!(shell.body.contains("เฟอร์นิเจอร์ไม้สักแท้"));

    let line = last_activity(&app, &owner).await;
    assert_eq!(line["action"], "page updated");
    assert_eq!(line["target"], "page about");
    assert!(line["details"].as_str().unwrap().contains("title.th"));
}

#[tokio::test]
async fn page_bodies_cannot_carry_script() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;

    // A javascript: (or data:, protocol-relative) link is refused with the field named.
    for link in [
        "[click](javascript:alert(1))",
        "[click]( JAVASCRIPT:alert(1))",
        "[x](data:text/html,<script>alert(1)</script>)",
        "[x]: javascript:alert(1)",
        "[x](//evil.example/a)",
    ] {
        let (status, body) = put(&app, "/api/admin/pages/about", &owner, &about(link)).await;
        assert_eq!(status, 400, "{link}: {body}");
        assert_eq!(error_code(&body), "invalid_content");
        assert!(
            body["error"]["message"]
                .as_str()
                .unwrap()
                .contains("body.th"),
            "{body}"
        );
    }

    // Raw HTML is stored as text; the server-rendered fallback escapes it.
    let evil = "<script>alert('x')</script><img src=x onerror=alert(1)>";
    let (status, body) = put(&app, "/api/admin/pages/about", &owner, &about(evil)).await;
    assert_eq!(status, 200, "{body}");
    let shell = app.get_page("/th/about").await;
    assert!(
        !shell.body.contains("<script>alert"),
        "raw script in the page"
    );
    assert!(!shell.body.contains("<img src=x"), "raw img in the page");
    assert!(shell.body.contains("&lt;script&gt;alert"));
}

#[tokio::test]
async fn new_pages_are_created_and_unpublished_pages_disappear() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;
    let page = json!({
        "name": "returns",
        "title": {"en": "Returns", "th": "การคืนสินค้า"},
        "body": {"en": "Return within 7 days.", "th": "คืนได้ภายใน 7 วัน"}
    });
    let (status, body) = app.post_json("/api/admin/pages", &page, Some(&owner)).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(app.get_page("/th/content/returns").await.status, 200);
    assert_eq!(app.get_page("/info/returns").await.status, 200);

    let (status, body) = app.post_json("/api/admin/pages", &page, Some(&owner)).await;
    assert_eq!((status, error_code(&body)), (409, "page_exists"));
    for name in ["cart", "Bad Name", "../x"] {
        let mut bad = page.clone();
        bad["name"] = json!(name);
        let (status, body) = app.post_json("/api/admin/pages", &bad, Some(&owner)).await;
        assert_eq!(
            (status, error_code(&body)),
            (400, "invalid_content"),
            "{name}"
        );
    }

    let mut hidden = page.clone();
    hidden.as_object_mut().unwrap().remove("name");
    hidden["published"] = json!(false);
    let (status, body) = put(&app, "/api/admin/pages/returns", &owner, &hidden).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(app.get_page("/th/content/returns").await.status, 404);
    let (status, _) = app.get_json("/api/file/pages/get/returns").await;
    assert_eq!(status, 404);
    // Staff still see it.
    let (_, body) = app.get_authed("/api/admin/pages", &owner).await;
    let stored = body["pages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "returns")
        .cloned()
        .unwrap();
    assert_eq!(stored["published"], false);

    let (status, _) = put(&app, "/api/admin/pages/nope", &owner, &hidden).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_translation_edit_is_live_in_the_locale_files_and_the_boot_data() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;

    let (status, body) = app.get_authed("/api/admin/translations", &owner).await;
    assert_eq!(status, 200);
    let rows = body["rows"].as_array().unwrap();
    let row = rows
        .iter()
        .find(|r| r["key"] == "infoBar.catalogue")
        .unwrap();
    assert!(!row["texts"]["th"].as_str().unwrap().is_empty());
    assert!(
        rows.iter()
            .any(|r| r["key"] == "infoBar.message" && r["fromSettings"] == true)
    );

    let edit = json!({"key": "infoBar.catalogue", "texts": {"th": "ดาวน์โหลดแคตตาล็อกใหม่"}});
    let (status, body) = put(&app, "/api/admin/translations", &owner, &edit).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["row"]["edited"], json!(["th"]));

    let (_, th) = app.get_json("/api/file/locales/th").await;
    assert_eq!(th["data"]["infoBar"]["catalogue"], "ดาวน์โหลดแคตตาล็อกใหม่");
    let (_, all) = app.get_json("/api/file/locales").await;
    assert_eq!(
        all["data"]["th"]["infoBar"]["catalogue"],
        "ดาวน์โหลดแคตตาล็อกใหม่"
    );
    let boot = app.get_page("/th").await.boot();
    assert_eq!(
        boot["messages"]["infoBar"]["catalogue"],
        "ดาวน์โหลดแคตตาล็อกใหม่"
    );
    let line = last_activity(&app, &owner).await;
    assert_eq!(line["action"], "translation changed");
    assert_eq!(line["target"], "message infoBar.catalogue");

    let (status, body) = put(
        &app,
        "/api/admin/translations",
        &owner,
        &json!({"key": "no.such.key", "texts": {"th": "x"}}),
    )
    .await;
    assert_eq!(status, 404, "{body}");
    let (status, body) = put(
        &app,
        "/api/admin/translations",
        &owner,
        &json!({"key": "infoBar.message", "texts": {"th": "x"}}),
    )
    .await;
    assert_eq!((status, error_code(&body)), (400, "invalid_content"));
}

/// A new release rewrites the shipped Thai messages (new and corrected keys); the owner's
/// edit of another key stays, and the new keys arrive.
#[tokio::test]
async fn owner_translations_survive_an_upgrade() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;
    let edit = json!({"key": "footer.copyright", "texts": {"th": "© ร้านของเรา"}});
    let (status, body) = put(&app, "/api/admin/translations", &owner, &edit).await;
    assert_eq!(status, 200, "{body}");

    // Make the stored Thai set look as an older release shipped it: without `infoBar.catalogue`.
    let store = app.state.store.clone();
    let content = app.state.content.clone();
    tokio::task::spawn_blocking(move || {
        use kiosk::content::store::LOCALE_CODE_TO_MESSAGES;
        use kiosk::store::seed::{SeedDocument, sync};
        let current = store
            .read(|txn| LOCALE_CODE_TO_MESSAGES.read(txn)?.get("th"))
            .unwrap()
            .unwrap();
        let mut older = current.clone();
        older["infoBar"]
            .as_object_mut()
            .unwrap()
            .remove("catalogue");
        let doc = SeedDocument::new(LOCALE_CODE_TO_MESSAGES.definition(), "th", &older).unwrap();
        sync(&store, &[doc]).unwrap();
        content.reload(&store).unwrap();
    })
    .await
    .unwrap();
    let (_, th) = app.get_json("/api/file/locales/th").await;
    assert_ne!(
        th["data"]["infoBar"]["catalogue"], "ดาวน์โหลดอีแคตตาล็อก (PDF)",
        "the older set lacks the key (English shows)"
    );

    // The upgrade: the start-up seeding of the current binary.
    let store = app.state.store.clone();
    let content = app.state.content.clone();
    tokio::task::spawn_blocking(move || {
        kiosk::application::seed_store(&store, false).unwrap();
        content.reload(&store).unwrap();
    })
    .await
    .unwrap();
    let (_, th) = app.get_json("/api/file/locales/th").await;
    let shipped: Value =
        serde_json::from_str(&std::fs::read_to_string("locales/th.json").unwrap()).unwrap();
    assert_eq!(
        th["data"]["infoBar"]["catalogue"], shipped["infoBar"]["catalogue"],
        "the new release's key arrived"
    );
    assert_eq!(
        th["data"]["footer"]["copyright"], "© ร้านของเรา",
        "the owner's edit stayed"
    );
}

fn settings(line: &str, facebook: &str) -> Value {
    json!({
        "infoBar": {"en": "Free delivery over ฿3,000", "th": "ส่งฟรีเมื่อซื้อครบ ฿3,000", "my": "", "km": "", "id": ""},
        "contact": {
            "tel": "02-555-0100", "email": "hello@kiosk.example", "line": line,
            "facebook": facebook, "viber": "", "instagram": "", "twitter": "", "youtube": ""
        },
        "features": {"roomMenu": false, "categoryMenu": true},
        "shipping": {"flatRate": 30000, "freeOver": 300000}
    })
}

#[tokio::test]
async fn settings_are_the_one_source_of_the_storefront_and_are_validated() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;

    // Before the first save they follow the configuration.
    let (status, body) = app.get_authed("/api/admin/settings", &owner).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["settings"]["shipping"]["flatRate"], 50_000);
    assert!(
        !body["settings"]["infoBar"]["th"]
            .as_str()
            .unwrap()
            .is_empty()
    );

    for (line, facebook, field) in [
        ("@kiosk", "javascript:alert(1)", "contact.facebook"),
        ("@kiosk", "http://facebook.com/kiosk", "contact.facebook"),
        ("javascript:alert(1)", "", "contact.line"),
        ("@kiosk", "https://fb.com/\"><script>", "contact.facebook"),
    ] {
        let (status, body) = put(
            &app,
            "/api/admin/settings",
            &owner,
            &settings(line, facebook),
        )
        .await;
        assert_eq!((status, error_code(&body)), (400, "invalid_settings"));
        assert!(
            body["error"]["message"].as_str().unwrap().contains(field),
            "{body}"
        );
    }

    let (status, body) = put(
        &app,
        "/api/admin/settings",
        &owner,
        &settings("@kioskshop", "https://www.facebook.com/kioskshop"),
    )
    .await;
    assert_eq!(status, 200, "{body}");

    let boot = app.get_page("/th").await.boot();
    assert_eq!(
        boot["messages"]["infoBar"]["message"],
        "ส่งฟรีเมื่อซื้อครบ ฿3,000"
    );
    assert_eq!(
        boot["shop"]["social"]["line"],
        "https://line.me/R/ti/p/@kioskshop"
    );
    assert_eq!(boot["shop"]["social"]["tel"], "tel:025550100");
    assert_eq!(boot["features"]["roomMenu"], false);
    assert_eq!(boot["shipping"]["flatRate"], 30_000);
    assert!(
        boot["messages"]["footer"]["tel"]
            .as_str()
            .unwrap()
            .ends_with("02-555-0100")
    );
    // A language without its own text shows English.
    let boot = app.get_page("/km").await.boot();
    assert_eq!(
        boot["messages"]["infoBar"]["message"],
        "Free delivery over ฿3,000"
    );

    let line = last_activity(&app, &owner).await;
    assert_eq!(line["action"], "settings changed");
    assert!(
        line["details"].as_str().unwrap().contains("contact.line"),
        "{line}"
    );
}

/// A `multipart/form-data` body with one `file` part.
fn multipart(name: &str, bytes: &[u8]) -> (String, Vec<u8>) {
    let boundary = "----kiosk-content-boundary-51a2";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\nContent-Type: application/pdf\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

async fn upload(app: &TestApp, token: &str, name: &str, bytes: &[u8]) -> (u16, Value) {
    let (content_type, body) = multipart(name, bytes);
    app.json(
        app.client
            .post(app.url("/api/admin/catalogue-pdf"))
            .bearer_auth(token)
            .header("content-type", content_type)
            .body(body),
    )
    .await
}

fn pdf(padding: usize) -> Vec<u8> {
    let mut bytes =
        b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n".to_vec();
    bytes.extend(std::iter::repeat_n(b'%', padding));
    bytes.extend_from_slice(b"\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
    bytes
}

#[tokio::test]
async fn the_e_catalogue_upload_takes_whole_pdfs_only() {
    let app = spawn_app_with(|config| config.uploads.pdf_max_bytes = 64 * 1024).await;
    let owner = app.token("owner", "admin").await;
    let files = app.state.config.files_dir();

    let (status, body) = app.get_authed("/api/admin/catalogue-pdf", &owner).await;
    assert_eq!(status, 200);
    assert_eq!(body["file"]["uploaded"], false);

    // Refused: an executable renamed .pdf, a truncated PDF, an empty file, too large.
    let (status, body) = upload(&app, &owner, "catalog.pdf", b"MZ\x90\x00\x03 not a pdf").await;
    assert_eq!((status, error_code(&body)), (400, "invalid_pdf"));
    assert!(body["error"]["message"].as_str().unwrap().contains("%PDF-"));
    let whole = pdf(100);
    let (status, body) = upload(&app, &owner, "catalog.pdf", &whole[..whole.len() - 12]).await;
    assert_eq!((status, error_code(&body)), (400, "invalid_pdf"));
    assert!(body["error"]["message"].as_str().unwrap().contains("%%EOF"));
    let (status, body) = upload(&app, &owner, "catalog.pdf", b"").await;
    assert_eq!((status, error_code(&body)), (400, "invalid_pdf"));
    let (status, body) = upload(&app, &owner, "big.pdf", &pdf(70 * 1024)).await;
    assert_eq!((status, error_code(&body)), (413, "payload_too_large"));
    let (status, body) = upload(&app, &owner, "huge.pdf", &pdf(300 * 1024)).await;
    assert_eq!(status, 413, "{body}");
    assert!(!files.join("catalog-min.pdf").exists(), "nothing stored");
    let (status, body) = app
        .post_json("/api/admin/catalogue-pdf", &json!({}), Some(&owner))
        .await;
    assert_eq!((status, error_code(&body)), (400, "invalid_upload"));

    // Accepted: served at once, in the files folder a backup carries, logged.
    let good = pdf(1000);
    let (status, body) = upload(&app, &owner, "catalogue-2026.pdf", &good).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["file"]["uploaded"], true);
    assert_eq!(body["file"]["bytes"], good.len());
    let response = app.get("/api/file/pdf/get/catalog-min.pdf").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.bytes().await.unwrap().as_ref(), good.as_slice());
    assert_eq!(std::fs::read(files.join("catalog-min.pdf")).unwrap(), good);
    let leftovers: Vec<_> = std::fs::read_dir(&files)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|name| name.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    let line = last_activity(&app, &owner).await;
    assert_eq!(line["action"], "e-catalogue uploaded");

    // Part of a backup.
    let dest = tempfile::tempdir().unwrap();
    let file = dest.path().join("backup.kiosk");
    let (store, files_dir) = (app.state.store.clone(), files.clone());
    let report = tokio::task::spawn_blocking(move || {
        kiosk::store::backup::write_backup(&store, &files_dir, &file)
    })
    .await
    .unwrap()
    .unwrap();
    let on_disk = walk(&files);
    assert!(on_disk.iter().any(|p| p.ends_with("catalog-min.pdf")));
    assert_eq!(
        report.files,
        on_disk.len(),
        "the backup holds every file, the PDF too"
    );
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}

#[tokio::test]
async fn content_routes_need_settings_write() {
    let app = spawn_app().await;
    let clerk = app.token("clerk", "admin-stock").await;
    for path in [
        "/api/admin/pages",
        "/api/admin/translations",
        "/api/admin/settings",
        "/api/admin/catalogue-pdf",
    ] {
        let (status, body) = app.get_authed(path, &clerk).await;
        assert_eq!((status, error_code(&body)), (403, "forbidden"), "{path}");
    }
    let (status, body) = upload(&app, &clerk, "catalog.pdf", &pdf(10)).await;
    assert_eq!((status, error_code(&body)), (403, "forbidden"));
}

/// The shipping terms on the settings page are the ones the cart quote and a placed order use.
#[tokio::test]
async fn the_quote_and_orders_charge_the_shipping_of_the_settings() {
    use crate::orders::{add, place, plain, product, shopper};
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;
    let mut terms = settings("@kiosk", "");
    terms["shipping"] = json!({"flatRate": 12_300, "freeOver": 100_000_000});
    let (status, body) = put(&app, "/api/admin/settings", &owner, &terms).await;
    assert_eq!(status, 200, "{body}");

    let buyer = shopper(&app, "ships").await;
    let item = product(&app, |p| plain(p) && p.stock >= 5);
    add(&app, &buyer, &item.code, 1).await;
    let (status, quote) = app
        .post_json(
            "/api/app/cart/quote",
            &json!({"id": buyer.id.to_string()}),
            Some(&buyer.token),
        )
        .await;
    assert_eq!(status, 200, "{quote}");
    assert_eq!(quote["quote"]["shipping"], 12_300);
    let (status, order) = place(&app, &buyer, json!({})).await;
    assert_eq!(status, 201, "{order}");
    assert_eq!(order["order"]["quote"]["shipping"], 12_300, "{order}");
}

/// A shop whose staff menus were seeded by an older release (no Settings or E-catalogue under
/// Content) gets them at the next start, since nobody edited the menus; names are translated by
/// the UI from `admin.menu.*`.
#[tokio::test]
async fn the_new_content_menu_items_reach_a_shop_seeded_by_an_older_release() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;
    let links = |menus: &Value| -> Vec<String> {
        menus["data"]["admin"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|item| {
                std::iter::once(item).chain(item["subMenus"].as_array().into_iter().flatten())
            })
            .map(|item| item["link"].as_str().unwrap().to_string())
            .collect()
    };

    let store = app.state.store.clone();
    tokio::task::spawn_blocking(move || {
        use kiosk::accounts::menu_store::ADMIN_ROLE_TO_MENUS;
        use kiosk::store::seed::{SeedDocument, sync};
        let mut older = serde_json::to_value(
            store
                .read(|txn| ADMIN_ROLE_TO_MENUS.read(txn)?.get("admin"))
                .unwrap()
                .unwrap(),
        )
        .unwrap();
        for item in older.as_array_mut().unwrap() {
            if let Some(subs) = item.get_mut("subMenus").and_then(Value::as_array_mut) {
                subs.retain(|sub| {
                    sub["link"] != "/admin/settings" && sub["link"] != "/admin/catalogue-pdf"
                });
            }
        }
        let doc = SeedDocument::new(ADMIN_ROLE_TO_MENUS.definition(), "admin", &older).unwrap();
        sync(&store, &[doc]).unwrap();
    })
    .await
    .unwrap();
    let (_, menus) = app.get_authed("/api/file/menus/admin", &owner).await;
    assert!(!links(&menus).contains(&"/admin/settings".to_string()));

    let store = app.state.store.clone();
    tokio::task::spawn_blocking(move || kiosk::application::seed_store(&store, false).unwrap())
        .await
        .unwrap();
    let (_, menus) = app.get_authed("/api/file/menus/admin", &owner).await;
    let links = links(&menus);
    assert!(links.contains(&"/admin/settings".to_string()), "{links:?}");
    assert!(
        links.contains(&"/admin/catalogue-pdf".to_string()),
        "{links:?}"
    );
}
