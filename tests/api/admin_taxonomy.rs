//! Staff rooms and categories: titles, unique page names, reorder, nesting without cycles,
//! create, delete refused while products use a node; the storefront menus change at once.

use serde_json::{Value, json};

use crate::helpers::{TestApp, error_code, spawn_app};

async fn send(app: &TestApp, method: &str, path: &str, token: &str, body: &Value) -> (u16, Value) {
    let request = match method {
        "PUT" => app.client.put(app.url(path)).json(body),
        "DELETE" => app.client.delete(app.url(path)),
        _ => app.client.post(app.url(path)).json(body),
    };
    app.json(request.bearer_auth(token)).await
}

fn title(en: &str, th: &str) -> Value {
    json!({"en": en, "th": th, "my": en, "km": en, "id": en})
}

#[tokio::test]
async fn rooms_are_created_renamed_reordered_and_deleted_only_when_empty() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;

    // Validation per field, and page names are unique.
    let bad = json!({"key": "Bad Key", "title": {"en": ""}, "pageName": "living"});
    let (status, body) = send(&app, "POST", "/api/admin/rooms", &owner, &bad).await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "invalid_input"),
        "{body}"
    );
    let message = body["error"]["message"].as_str().unwrap();
    for field in ["key:", "title.en:", "pageName:"] {
        assert!(message.contains(field), "{field} in {message}");
    }

    let balcony = json!({"key": "balcony", "title": title("Balcony", "ระเบียง"), "pageName": "Balcony-Living"});
    let (status, body) = send(&app, "POST", "/api/admin/rooms", &owner, &balcony).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["room"]["pageName"], "balcony-living");
    let (_, rooms) = app.get_json("/api/app/room/list").await;
    let keys: Vec<&str> = rooms["rooms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["key"].as_str().unwrap())
        .collect();
    assert_eq!(
        keys.last(),
        Some(&"balcony"),
        "live at once, at the end: {keys:?}"
    );
    let page = app.get_page("/th/room/balcony-living").await;
    assert_eq!(page.status, 200);

    // Renamed in Thai; the key cannot change.
    let mut renamed = body["room"].clone();
    renamed["title"] = title("Balcony", "ระเบียงบ้าน");
    let (status, body) = send(&app, "PUT", "/api/admin/rooms/balcony", &owner, &renamed).await;
    assert_eq!(status, 200, "{body}");
    let (_, rooms) = app.get_json("/api/app/room/list").await;
    assert!(rooms.to_string().contains("ระเบียงบ้าน"));
    renamed["key"] = json!("terrace");
    let (status, _) = send(&app, "PUT", "/api/admin/rooms/balcony", &owner, &renamed).await;
    assert_eq!(status, 400);

    // Reorder: balcony first.
    let mut order: Vec<String> = keys.iter().map(|k| k.to_string()).collect();
    order.retain(|k| k != "balcony");
    order.insert(0, "balcony".into());
    let (status, body) = send(
        &app,
        "POST",
        "/api/admin/rooms/order",
        &owner,
        &json!({"keys": order}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (_, rooms) = app.get_json("/api/app/room/list").await;
    assert_eq!(rooms["rooms"][0]["key"], "balcony");
    let (status, _) = send(
        &app,
        "POST",
        "/api/admin/rooms/order",
        &owner,
        &json!({"keys": ["balcony"]}),
    )
    .await;
    assert_eq!(status, 400, "every room once");

    // Delete: refused with the product count while products use the room.
    let (_, list) = app.get_authed("/api/admin/rooms", &owner).await;
    let living = list["rooms"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["key"] == "living")
        .unwrap()
        .clone();
    let count = living["products"].as_u64().unwrap();
    assert!(count > 0);
    let (status, body) = send(
        &app,
        "DELETE",
        "/api/admin/rooms/living",
        &owner,
        &json!({}),
    )
    .await;
    assert_eq!((status, error_code(&body)), (409, "in_use"));
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains(&count.to_string()),
        "{body}"
    );
    let (status, body) = send(
        &app,
        "DELETE",
        "/api/admin/rooms/balcony",
        &owner,
        &json!({}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (_, rooms) = app.get_json("/api/app/room/list").await;
    assert!(!rooms.to_string().contains("balcony"));

    let (_, log) = app
        .get_authed("/api/admin/activity?q=balcony", &owner)
        .await;
    let actions: Vec<&str> = log["lines"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|l| l["action"].as_str())
        .collect();
    for action in ["room created", "room changed", "room deleted"] {
        assert!(actions.contains(&action), "{actions:?}");
    }
}

#[tokio::test]
async fn categories_nest_without_cycles_reorder_and_refuse_deleting_used_ones() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;
    let create = |key: &str, parent: Option<&str>| json!({"key": key, "title": title(key, key), "parent": parent});
    let (status, body) = send(
        &app,
        "POST",
        "/api/admin/categories",
        &owner,
        &create("lounge", Some("sofas")),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let (_, tree) = app.get_json("/api/app/category/tree").await;
    let sofas = tree["categories"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["key"] == "sofas")
        .unwrap()
        .clone();
    assert!(
        sofas["children"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["key"] == "lounge"),
        "in the tree at once"
    );

    // Page names are unique; unknown parents and cycles are refused.
    let mut clash = create("settees", None);
    clash["pageName"] = json!("sofas");
    let (status, body) = send(&app, "POST", "/api/admin/categories", &owner, &clash).await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "invalid_input"),
        "{body}"
    );
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("pageName:")
    );
    let (status, _) = send(
        &app,
        "POST",
        "/api/admin/categories",
        &owner,
        &create("x", Some("nowhere")),
    )
    .await;
    assert_eq!(status, 400);
    let (_, list) = app.get_authed("/api/admin/categories", &owner).await;
    let mut sofas_row = list["categories"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["key"] == "sofas")
        .unwrap()
        .clone();
    sofas_row["parent"] = json!("lounge");
    let (status, body) = send(
        &app,
        "PUT",
        "/api/admin/categories/sofas",
        &owner,
        &sofas_row,
    )
    .await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "invalid_input"),
        "{body}"
    );
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("parent:")
    );

    // Move lounge to the top, then first among the top categories.
    let mut lounge = create("lounge", None);
    lounge["title"] = title("Lounge", "มุมพักผ่อน");
    let (status, body) = send(&app, "PUT", "/api/admin/categories/lounge", &owner, &lounge).await;
    assert_eq!(status, 200, "{body}");
    let (_, list) = app.get_authed("/api/admin/categories", &owner).await;
    let mut top: Vec<String> = list["categories"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["parent"].is_null())
        .map(|c| c["key"].as_str().unwrap().to_string())
        .collect();
    top.retain(|k| k != "lounge");
    top.insert(0, "lounge".into());
    let (status, body) = send(
        &app,
        "POST",
        "/api/admin/categories/order",
        &owner,
        &json!({"parent": null, "keys": top}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (_, tree) = app.get_json("/api/app/category/tree").await;
    assert_eq!(tree["categories"][0]["key"], "lounge");
    assert!(tree.to_string().contains("มุมพักผ่อน"));

    // Delete: used categories and parents are refused with a count; an empty leaf goes.
    let (status, body) = send(
        &app,
        "DELETE",
        "/api/admin/categories/sofas-3-seat",
        &owner,
        &json!({}),
    )
    .await;
    assert_eq!((status, error_code(&body)), (409, "in_use"), "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("products")
    );
    let (status, body) = send(
        &app,
        "DELETE",
        "/api/admin/categories/lounge",
        &owner,
        &json!({}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (_, tree) = app.get_json("/api/app/category/tree").await;
    assert!(!tree.to_string().contains("\"lounge\""));
}

#[tokio::test]
async fn a_role_without_catalog_write_cannot_change_rooms() {
    let app = spawn_app().await;
    let sales = app.token("seller", "admin-sales").await;
    let (status, body) = send(&app, "DELETE", "/api/admin/rooms/kids", &sales, &json!({})).await;
    assert_eq!((status, error_code(&body)), (403, "forbidden"));
}
