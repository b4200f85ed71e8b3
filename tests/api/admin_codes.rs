//! Staff code tables: translated group titles, add/retitle/deactivate, immutable keys, used
//! keys never removed, program-defined tables take titles only; labels are live at once.

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

async fn labels(app: &TestApp) -> Value {
    let (status, body) = app.get_json("/api/file/labels/system").await;
    assert_eq!(status, 200, "{body}");
    body
}

#[tokio::test]
async fn groups_have_translated_titles_and_entries_change_live() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;
    let (status, body) = app.get_authed("/api/admin/codes", &owner).await;
    assert_eq!(status, 200, "{body}");
    let groups = body["groups"].as_array().unwrap();
    let status_group = groups.iter().find(|g| g["group"] == "orderStatus").unwrap();
    assert_ne!(
        status_group["title"]["en"], "orderStatus",
        "a title, not the raw key"
    );
    assert_ne!(status_group["title"]["th"], status_group["title"]["en"]);
    assert_eq!(status_group["system"], true);

    // Add a material: live in the labels at once.
    let (status, body) = send(
        &app,
        "POST",
        "/api/admin/codes/material",
        &owner,
        &json!({"key": "seagrass", "title": title("Seagrass", "หญ้าทะเล")}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert!(labels(&app).await.to_string().contains("หญ้าทะเล"));
    let (status, body) = send(
        &app,
        "POST",
        "/api/admin/codes/material",
        &owner,
        &json!({"key": "seagrass", "title": title("Seagrass", "หญ้าทะเล")}),
    )
    .await;
    assert_eq!((status, error_code(&body)), (409, "already_exists"));
    let (status, body) = send(
        &app,
        "POST",
        "/api/admin/codes/material",
        &owner,
        &json!({"key": "bad key", "title": {"en": ""}}),
    )
    .await;
    assert_eq!((status, error_code(&body)), (400, "invalid_input"));
    let message = body["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("key:") && message.contains("title.en:"),
        "{message}"
    );

    // Retitle; the key cannot be changed (the body has no key).
    let (status, body) = send(
        &app,
        "PUT",
        "/api/admin/codes/material/seagrass",
        &owner,
        &json!({"title": title("Seagrass", "หญ้าทะเลธรรมชาติ")}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(labels(&app).await.to_string().contains("หญ้าทะเลธรรมชาติ"));
    let (status, _) = send(
        &app,
        "PUT",
        "/api/admin/codes/material/seagrass",
        &owner,
        &json!({"key": "cane", "title": title("Cane", "หวาย")}),
    )
    .await;
    assert_eq!(status, 400, "keys are immutable");

    // A used key (teak: products) is never removed: deactivate it instead.
    let (_, material) = app.get_authed("/api/admin/codes/material", &owner).await;
    let teak = material["group"]["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["key"] == "teak")
        .unwrap()
        .clone();
    let used = teak["used"].as_u64().unwrap();
    assert!(used > 0, "{teak}");
    let (status, body) = send(
        &app,
        "DELETE",
        "/api/admin/codes/material/teak",
        &owner,
        &json!({}),
    )
    .await;
    assert_eq!((status, error_code(&body)), (409, "in_use"));
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains(&used.to_string())
    );
    let (status, body) = send(
        &app,
        "PUT",
        "/api/admin/codes/material/teak",
        &owner,
        &json!({"title": teak["title"], "active": false}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["entry"]["active"], false);
    assert!(
        labels(&app).await.to_string().contains("\"teak\""),
        "kept for old products"
    );

    // An unused key can go.
    let (status, body) = send(
        &app,
        "DELETE",
        "/api/admin/codes/material/seagrass",
        &owner,
        &json!({}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(!labels(&app).await.to_string().contains("หญ้าทะเล"));

    // The program's own tables: titles only.
    let (status, body) = send(
        &app,
        "POST",
        "/api/admin/codes/orderStatus",
        &owner,
        &json!({"key": "lost", "title": title("Lost", "สูญหาย")}),
    )
    .await;
    assert_eq!((status, error_code(&body)), (409, "in_use"), "{body}");
    let (status, _) = send(
        &app,
        "DELETE",
        "/api/admin/codes/orderStatus/paid",
        &owner,
        &json!({}),
    )
    .await;
    assert_eq!(status, 409);
    let (status, body) = send(
        &app,
        "PUT",
        "/api/admin/codes/orderStatus/paid",
        &owner,
        &json!({"title": title("Paid", "จ่ายแล้ว")}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(labels(&app).await.to_string().contains("จ่ายแล้ว"));

    let (_, log) = app
        .get_authed("/api/admin/activity?q=material", &owner)
        .await;
    let actions: Vec<&str> = log["lines"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|l| l["action"].as_str())
        .collect();
    for action in [
        "code added",
        "code changed",
        "code deactivated",
        "code removed",
    ] {
        assert!(actions.contains(&action), "{actions:?}");
    }
}

#[tokio::test]
async fn staff_read_code_tables_and_settings_write_changes_them() {
    let app = spawn_app().await;
    let clerk = app.token("clerk", "admin-stock").await;
    // Any staff reads them (the product form's pickers offer only active keys)…
    let (status, body) = app.get_authed("/api/admin/codes/material", &clerk).await;
    assert_eq!(status, 200, "{body}");
    let shopper = app.token("shopper", "user").await;
    let (status, _) = app.get_authed("/api/admin/codes", &shopper).await;
    assert_eq!(status, 403);
    // …but changing them needs settings.write.
    let (status, body) = send(
        &app,
        "POST",
        "/api/admin/codes/material",
        &clerk,
        &json!({"key": "seagrass", "title": title("Seagrass", "หญ้าทะเล")}),
    )
    .await;
    assert_eq!((status, error_code(&body)), (403, "forbidden"));
}
