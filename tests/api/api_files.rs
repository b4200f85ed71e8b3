//! The base API: translations, labels, pages, admin menus, the e-catalogue, rooms, health.

use crate::helpers::{error_code, spawn_app};

const LOCALES: [&str; 5] = ["en", "th", "my", "km", "id"];

#[tokio::test]
async fn translations_are_keyed_by_locale_without_internal_fields() {
    let app = spawn_app().await;
    let (status, body) = app.get_json("/api/file/locales").await;
    assert_eq!(status, 200);
    assert_eq!(body["status"], "success");
    let data = body["data"].as_object().unwrap();
    let mut keys: Vec<_> = data.keys().map(String::as_str).collect();
    keys.sort();
    assert_eq!(keys, ["en", "id", "km", "my", "th"]);
    for code in LOCALES {
        for internal in ["_key", "_id", "_rev"] {
            assert!(
                data[code].get(internal).is_none(),
                "{code} leaks {internal}"
            );
        }
        assert!(
            data[code]["errors"]["routeNotFound"]
                .as_str()
                .is_some_and(|t| !t.is_empty())
        );
    }
    assert_eq!(
        data["en"]["errors"]["routeNotFound"],
        "This page could not be found."
    );

    let (status, thai) = app.get_json("/api/file/locales/th").await;
    assert_eq!(status, 200);
    assert_eq!(thai["data"], data["th"]);
    let (status, body) = app.get_json("/api/file/locales/xx").await;
    assert_eq!((status, error_code(&body)), (404, "not_found"));
}

#[tokio::test]
async fn system_labels_are_groups_of_translated_titles() {
    let app = spawn_app().await;
    let (status, body) = app.get_json("/api/file/labels/system").await;
    assert_eq!(status, 200);
    let groups = body["data"].as_object().unwrap();
    for group in [
        "orderStatus",
        "paymentMethod",
        "provider",
        "role",
        "province",
    ] {
        assert!(groups.contains_key(group), "missing {group}");
    }
    assert!(
        body["data"]["orderStatus"]["pending_payment"]["th"]
            .as_str()
            .is_some_and(|t| !t.is_empty())
    );
    assert_eq!(body["data"]["province"].as_object().unwrap().len(), 77);
    let (status, body) = app.get_json("/api/file/labels/secret").await;
    assert_eq!((status, error_code(&body)), (404, "not_found"));
}

#[tokio::test]
async fn information_pages_are_listed_and_served() {
    let app = spawn_app().await;
    let (status, body) = app.get_json("/api/file/pages/listdir").await;
    assert_eq!(status, 200);
    let names: Vec<_> = body["pages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    for name in [
        "about",
        "area",
        "privacy",
        "how-to-order",
        "terms",
        "showrooms",
    ] {
        assert!(names.contains(&name), "missing page {name}");
    }
    let (status, page) = app.get_json("/api/file/pages/get/privacy").await;
    assert_eq!(status, 200);
    for code in LOCALES {
        assert!(
            page["page"]["title"][code]
                .as_str()
                .is_some_and(|t| !t.is_empty()),
            "title.{code}"
        );
        assert!(
            page["page"]["body"][code]
                .as_str()
                .is_some_and(|t| t.contains("\n\n")),
            "body.{code}"
        );
    }
    let (status, body) = app.get_json("/api/file/pages/get/../../etc/passwd").await;
    assert_eq!((status, error_code(&body)), (404, "not_found"));
}

#[tokio::test]
async fn admin_menus_need_a_staff_token() {
    let app = spawn_app().await;
    let path = "/api/file/menus/admin";
    let (status, body) = app.get_json(path).await;
    assert_eq!((status, error_code(&body)), (401, "unauthorized"));

    let bearer = |token: &str| app.client.get(app.url(path)).bearer_auth(token);
    let unsigned = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxIiwicm9sZSI6ImFkbWluIiwidmVyIjowLCJleHAiOjQxMDI0NDQ4MDB9.";
    for bad in ["garbage", unsigned] {
        let (status, body) = app.json(bearer(bad)).await;
        assert_eq!((status, error_code(&body)), (401, "unauthorized"), "{bad}");
    }
    let other_shop = kiosk::accounts::token::Tokens::new(b"a secret that is not this shop's")
        .issue("1", "admin", 0)
        .unwrap();
    assert_eq!(app.json(bearer(&other_shop)).await.0, 401);

    let (status, body) = app.json(bearer(&app.token("shopper", "user").await)).await;
    assert_eq!((status, error_code(&body)), (403, "forbidden"));

    for role in ["admin", "admin-sales"] {
        let (status, body) = app
            .json(bearer(&app.token(&format!("staff-{role}"), role).await))
            .await;
        assert_eq!(status, 200, "{role}");
        let admin = body["data"]["admin"].as_array().unwrap();
        assert!(
            admin
                .iter()
                .all(|item| item["link"].as_str().unwrap().starts_with("/admin"))
        );
        assert!(body["data"]["admin-sales"].is_array());
    }
}

#[tokio::test]
async fn the_e_catalogue_is_a_real_multi_page_pdf() {
    let app = spawn_app().await;
    let response = app.get("/api/file/pdf/get/catalog-min.pdf").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    let bytes = response.bytes().await.unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    let text = String::from_utf8_lossy(&bytes);
    let pages = text.matches("/Type /Page").count() - text.matches("/Type /Pages").count();
    assert!(pages >= 2, "only {pages} page(s)");
    let (status, body) = app.get_json("/api/file/pdf/get/other.pdf").await;
    assert_eq!((status, error_code(&body)), (404, "not_found"));
}

#[tokio::test]
async fn an_uploaded_catalogue_replaces_the_built_in_one() {
    let app = spawn_app().await;
    let files = app.state.config.files_dir();
    std::fs::create_dir_all(&files).unwrap();
    std::fs::write(files.join("catalog-min.pdf"), b"%PDF-1.4 owner's catalogue").unwrap();
    let bytes = app
        .get("/api/file/pdf/get/catalog-min.pdf")
        .await
        .bytes()
        .await
        .unwrap();
    assert_eq!(&bytes[..], b"%PDF-1.4 owner's catalogue");
}

#[tokio::test]
async fn rooms_and_the_category_tree_come_from_the_demo_catalogue() {
    let app = spawn_app().await;
    let (status, body) = app.get_json("/api/app/room/list").await;
    assert_eq!(status, 200);
    let rooms = body["rooms"].as_array().unwrap();
    assert_eq!(rooms.len(), 8);
    assert_eq!(rooms[0]["key"], "living");
    for code in LOCALES {
        assert!(
            rooms[0]["title"][code]
                .as_str()
                .is_some_and(|t| !t.is_empty())
        );
    }
    let (status, body) = app.get_json("/api/app/category/tree").await;
    assert_eq!(status, 200);
    let sofas = body["categories"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["key"] == "sofas")
        .expect("sofas");
    assert!(
        sofas["children"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["key"] == "sofas-3-seat")
    );
}

#[tokio::test]
async fn no_demo_leaves_the_catalogue_empty() {
    let app = crate::helpers::spawn_app_with(|c| c.demo = false).await;
    let (_, body) = app.get_json("/api/app/room/list").await;
    assert_eq!(body["rooms"].as_array().unwrap().len(), 0);
    assert_eq!(app.get_page("/room/living").await.status, 404);
}

#[tokio::test]
async fn health_and_unknown_api_paths_answer_json() {
    let app = spawn_app().await;
    let (status, body) = app.get_json("/api/health").await;
    assert_eq!(status, 200);
    assert_eq!(body["status"], "success");
    assert_eq!(body["schemaVersion"], kiosk::store::migrate::SCHEMA_VERSION);

    for path in ["/api/nothing", "/api", "/api/app/room/nope"] {
        let (status, body) = app.get_json(path).await;
        assert_eq!((status, error_code(&body)), (404, "not_found"), "{path}");
    }
    let (status, body) = app.json(app.client.post(app.url("/api/health"))).await;
    assert_eq!((status, error_code(&body)), (405, "method_not_allowed"));
}

/// DESIGN.md §5: every route is documented in /api/openapi.json. The list of routes is read
/// from app.rs itself, so a new undocumented route fails here.
#[tokio::test]
async fn every_api_route_is_documented_in_openapi() {
    let app = spawn_app().await;
    let (status, spec) = app.get_json("/api/openapi.json").await;
    assert_eq!(status, 200);
    let paths = spec["paths"].as_object().unwrap();
    let source =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/app.rs")).unwrap();
    let routes: Vec<&str> = source
        .split(".route(\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .filter(|path| path.starts_with("/api/") && !path.contains("{*rest}"))
        .collect();
    assert!(routes.len() >= 10, "{routes:?}");
    for route in routes {
        let documented = route.replace("{*", "{");
        assert!(
            paths.contains_key(&documented),
            "{route} is not in openapi.json"
        );
    }
}
