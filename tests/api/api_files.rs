//! The base API: translations, labels, pages, admin menus, the e-catalogue, rooms, health.

use std::collections::BTreeSet;

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
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("catalogue.pdf");
    std::fs::write(&path, &bytes).unwrap();
    if let Ok(info) = std::process::Command::new("pdfinfo").arg(&path).output() {
        let info = String::from_utf8_lossy(&info.stdout);
        let pages: usize = info
            .lines()
            .find_map(|l| l.strip_prefix("Pages:"))
            .and_then(|n| n.trim().parse().ok())
            .unwrap_or(0);
        assert!(pages >= 2, "only {pages} page(s): {info}");
    }
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

/// docs/API.md: every route is documented in /api/openapi.json. The routes are read from the
/// route table (app.rs) and from the handlers and site (the public catalogue answers are
/// declared once in the handlers for app.rs and the first paint's router alike), path and
/// methods, so a new undocumented route fails here, and so does a documented path or method
/// that no file routes.
#[tokio::test]
async fn every_api_route_is_documented_in_openapi() {
    let app = spawn_app().await;
    let (status, spec) = app.get_json("/api/openapi.json").await;
    assert_eq!(status, 200);
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![root.join("app.rs")];
    let mut folders = vec![root.join("handlers"), root.join("site")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    let source = files
        .iter()
        .map(|file| std::fs::read_to_string(file).unwrap())
        .collect::<Vec<_>>()
        .join("\n");
    let routed: BTreeSet<(String, String)> = routes_in(&source)
        .into_iter()
        .filter(|(path, _)| path.starts_with("/api/") && !path.contains("{*rest}"))
        // OpenAPI has no catch-all segments: `{*name}` is documented as `{name}`.
        .flat_map(|(path, methods)| {
            let path = path.replace("{*", "{");
            methods
                .into_iter()
                .map(move |method| (path.clone(), method))
        })
        .collect();
    // app.rs had 45 API paths when this test learnt to read rustfmt's line breaks (the
    // earlier split on `.route("` saw 28): finding fewer means the reading broke.
    let paths = routed.iter().map(|(path, _)| path).collect::<BTreeSet<_>>();
    assert!(paths.len() >= 45, "API paths found in app.rs: {paths:#?}");
    let documented: BTreeSet<(String, String)> = spec["paths"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(path, item)| {
            item.as_object()
                .unwrap()
                .keys()
                .filter(|key| HTTP_METHODS.contains(&key.as_str()))
                .map(move |method| (path.clone(), method.clone()))
        })
        .collect();
    let undocumented: Vec<_> = routed.difference(&documented).collect();
    let not_routed: Vec<_> = documented.difference(&routed).collect();
    assert!(
        undocumented.is_empty(),
        "routed in app.rs but not in openapi.json: {undocumented:?}"
    );
    assert!(
        not_routed.is_empty(),
        "in openapi.json but not routed in app.rs: {not_routed:?}"
    );
}

const HTTP_METHODS: [&str; 8] = [
    "get", "post", "put", "delete", "patch", "head", "options", "trace",
];

/// Every `.route(path, method_router)` call in `source`, with the methods its router names
/// (`get(handler).post(other)` gives get and post; `any` is kept as it is). rustfmt may put
/// the arguments on the lines after `.route(`, so whitespace is skipped and the router is read
/// up to the parenthesis that closes the call.
fn routes_in(source: &str) -> Vec<(String, Vec<String>)> {
    let mut routes = Vec::new();
    let mut rest = source;
    while let Some(at) = rest.find(".route(") {
        rest = &rest[at + ".route(".len()..];
        let Some(args) = rest.trim_start().strip_prefix('"') else {
            continue;
        };
        let path = &args[..args.find('"').expect("a closing quote")];
        let mut depth = 1;
        let end = args
            .char_indices()
            .find(|&(_, c)| {
                match c {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    _ => {}
                }
                depth == 0
            })
            .map(|(i, _)| i)
            .expect("the call is closed");
        let router = &args[path.len() + 1..end];
        let methods = router
            .match_indices('(')
            .filter_map(|(open, _)| {
                let before = &router[..open];
                let word_start = before
                    .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .map_or(0, |i| i + 1);
                let word = &before[word_start..];
                // A method of the router, not a call inside a handler path (`a::get(`).
                let called_on_router = !before[..word_start].ends_with(':');
                (called_on_router && (HTTP_METHODS.contains(&word) || word == "any"))
                    .then(|| word.to_string())
            })
            .collect();
        routes.push((path.to_string(), methods));
    }
    routes
}

#[test]
fn routes_are_found_wherever_rustfmt_breaks_the_line() {
    let source = r#"
        .route("/api/a", get(a::list))
        .route(
            "/api/b/{id}",
            get(b::get_b).post(b::post_b),
        )
        .route(
            "/api/c/{*path}",
            put(c::put_c),
        )
    "#;
    assert_eq!(
        routes_in(source),
        [
            ("/api/a".to_string(), vec!["get".to_string()]),
            ("/api/b/{id}".into(), vec!["get".into(), "post".into()]),
            ("/api/c/{*path}".into(), vec!["put".into()]),
        ]
    );
}
