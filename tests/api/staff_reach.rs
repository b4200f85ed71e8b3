//! Whose account a staff action may reach (docs/STAFF.md): a staff account is never a customer
//! on the customers routes, the owner role is managed by the owner role only, and no route
//! answers a credential (a reset link) for another person's account.

use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp, error_code, spawn_app, spawn_app_with};
use crate::notifications::with_channels;
use crate::standins::{LineStandIn, SmtpStandIn};

/// The id of the account a token signs in.
async fn id_of(app: &TestApp, token: &str) -> u64 {
    let (status, me) = app.get_authed("/api/auth/user", token).await;
    assert_eq!(status, 200, "{me}");
    me["data"]["id"].as_u64().unwrap()
}

/// Gives the account of `token` an e-mail address (where its reset mail goes).
pub(crate) async fn set_email(app: &TestApp, token: &str, email: &str) {
    let response = app
        .client
        .put(app.url("/api/auth/userInfo"))
        .bearer_auth(token)
        .json(&json!({"addInfo": [], "email": email}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
}

async fn login(app: &TestApp, username: &str) -> u16 {
    app.post_json(
        "/api/auth/login",
        &json!({"username": username, "password": PASSWORD}),
        None,
    )
    .await
    .0
}

/// Every string in an answer: a credential must not hide anywhere in it.
fn strings(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(text) => out.push(text.clone()),
        Value::Array(items) => items.iter().for_each(|v| strings(v, out)),
        Value::Object(map) => map.values().for_each(|v| strings(v, out)),
        _ => {}
    }
}

/// The customers routes, each with the body it takes: (method, path after the id, body).
const CUSTOMER_ROUTES: &[(&str, &str, &str)] = &[
    ("GET", "", "{}"),
    ("POST", "/coins", r#"{"amount": 25, "reason": "goodwill"}"#),
    ("POST", "/disabled", r#"{"disabled": false}"#),
    ("POST", "/password-reset", "{}"),
];

/// The table of issue 29 break 2: every customers route × {a staff target (the owner, a clerk),
/// a shopper} × {`admin-sales`, `admin`}. A staff target answers 404 as if absent, to the owner
/// too, and nothing is written; a shopper is served; no answer carries a reset link.
#[tokio::test]
async fn the_customers_routes_never_reach_a_staff_account() {
    let smtp = SmtpStandIn::start().await;
    let line = LineStandIn::start().await;
    let app = spawn_app_with(|c| with_channels(c, smtp.port, &line.base)).await;
    let owner = app.token("owner", "admin").await;
    let clerk = app.token("clerk", "admin-sales").await;
    let other_clerk = app.token("stockist", "admin-stock").await;
    let shopper = app.token("shopper", "user").await;
    for token in [&owner, &clerk, &other_clerk, &shopper] {
        let name = app.get_authed("/api/auth/user", token).await.1["data"]["username"]
            .as_str()
            .unwrap()
            .to_string();
        set_email(&app, token, &format!("{name}@example.com")).await;
    }
    let targets = [
        ("the owner", id_of(&app, &owner).await, true),
        ("a staff member", id_of(&app, &other_clerk).await, true),
        ("a shopper", id_of(&app, &shopper).await, false),
    ];
    let callers = [("admin-sales", &clerk), ("admin", &owner)];
    for (method, suffix, body) in CUSTOMER_ROUTES {
        for (target, id, staff) in &targets {
            for (role, token) in &callers {
                let path = format!("/api/admin/customers/{id}{suffix}");
                let request = match *method {
                    "GET" => app.client.get(app.url(&path)),
                    _ => app
                        .client
                        .post(app.url(&path))
                        .header("content-type", "application/json")
                        .body(body.to_string()),
                };
                let (status, answer) = app.json(request.bearer_auth(token.as_str())).await;
                if *staff {
                    assert_eq!(
                        (status, error_code(&answer)),
                        (404, "not_found"),
                        "{role} {method} {path} on {target}: {answer}"
                    );
                } else {
                    assert_eq!(status, 200, "{role} {method} {path} on {target}: {answer}");
                }
                let mut texts = Vec::new();
                strings(&answer, &mut texts);
                assert!(
                    texts.iter().all(|t| !t.contains("reset=")),
                    "{role} {method} {path} on {target} answered a credential: {answer}"
                );
            }
        }
    }
    // Nothing was written to the staff accounts: no coins, not disabled, no reset link, and
    // they still sign in with their own passwords.
    for (name, token) in [("owner", &owner), ("stockist", &other_clerk)] {
        let (_, info) = app
            .get_authed(
                &format!("/api/auth/userInfo/get/{}", id_of(&app, token).await),
                token,
            )
            .await;
        assert_eq!(info["userInfo"]["coin"], 0, "{name}: {info}");
        assert_eq!(login(&app, name).await, 200, "{name} still signs in");
    }
    // Only the shopper's two resets were mailed, to the shopper's own address.
    let mails = smtp.wait_for(2, 10).await;
    let resets: Vec<_> = mails
        .iter()
        .filter(|m| m.text.contains("reset="))
        .map(|m| m.rcpt_to.clone())
        .collect();
    assert_eq!(
        resets,
        vec![vec!["shopper@example.com".to_string()]; 2],
        "{mails:?}"
    );
}

/// A reset link is mailed or not made at all: without e-mail the answer is 409
/// `reset_needs_email` and no ticket is written.
#[tokio::test]
async fn a_reset_link_that_cannot_be_mailed_is_not_made() {
    let app = spawn_app().await;
    let clerk = app.token("clerk", "admin-sales").await;
    let shopper = app.token("shopper", "user").await;
    set_email(&app, &shopper, "shopper@example.com").await;
    let id = id_of(&app, &shopper).await;
    let (status, body) = app
        .post_json(
            &format!("/api/admin/customers/{id}/password-reset"),
            &json!({}),
            Some(&clerk),
        )
        .await;
    assert_eq!((status, error_code(&body)), (409, "reset_needs_email"));
    let tickets = app
        .state
        .store
        .read(|txn| {
            kiosk::accounts::reset::RESET_TOKEN_TO_TICKET
                .read(txn)?
                .values()
        })
        .unwrap();
    assert!(tickets.is_empty(), "nothing half-written");
}

/// A lesser role given `staff.manage` manages staff, but not the owner's accounts, the owner
/// role, or the roles document.
#[tokio::test]
async fn a_lesser_role_with_staff_manage_cannot_touch_the_owner() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;
    let (_, roles) = app.get_authed("/api/admin/roles", &owner).await;
    let mut roles = roles["roles"].clone();
    roles["admin-manager"] = json!(["staff.manage", "customers.read"]);
    let response = app
        .client
        .put(app.url("/api/admin/roles"))
        .bearer_auth(&owner)
        .json(&json!({ "roles": roles }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let manager = app.token("manager", "admin-manager").await;
    let clerk = app.token("clerk", "admin-sales").await;
    let (owner_id, clerk_id) = (id_of(&app, &owner).await, id_of(&app, &clerk).await);

    let refused: Vec<(&str, String, Value)> = vec![
        (
            "POST",
            format!("/api/admin/staff/{owner_id}/role"),
            json!({"role": "admin-sales"}),
        ),
        (
            "POST",
            format!("/api/admin/staff/{owner_id}/disabled"),
            json!({"disabled": true}),
        ),
        (
            "POST",
            format!("/api/admin/staff/{clerk_id}/role"),
            json!({"role": "admin"}),
        ),
        (
            "POST",
            "/api/admin/staff".into(),
            json!({"username": "second-owner", "password": PASSWORD, "role": "admin"}),
        ),
        ("PUT", "/api/admin/roles".into(), json!({ "roles": roles })),
    ];
    for (method, path, body) in &refused {
        let request = match *method {
            "PUT" => app.client.put(app.url(path)),
            _ => app.client.post(app.url(path)),
        };
        let (status, answer) = app.json(request.bearer_auth(&manager).json(body)).await;
        assert_eq!(
            (status, error_code(&answer)),
            (403, "forbidden"),
            "{method} {path} {body}"
        );
    }
    assert_eq!(login(&app, "owner").await, 200, "the owner is untouched");
    let (_, me) = app.get_authed("/api/admin/me", &owner).await;
    assert_eq!(me["role"], "admin");

    // Staff below the owner are the manager's to manage.
    let (status, body) = app
        .post_json(
            &format!("/api/admin/staff/{clerk_id}/role"),
            &json!({"role": "admin-stock"}),
            Some(&manager),
        )
        .await;
    assert_eq!(
        (status, &body["user"]["role"]),
        (200, &json!("admin-stock"))
    );
    let (status, _) = app
        .post_json(
            &format!("/api/admin/staff/{clerk_id}/disabled"),
            &json!({"disabled": true}),
            Some(&manager),
        )
        .await;
    assert_eq!(status, 200);
    // The owner still may do all of it.
    let (status, _) = app
        .post_json(
            "/api/admin/staff",
            &json!({"username": "co-owner", "password": PASSWORD, "role": "admin"}),
            Some(&owner),
        )
        .await;
    assert_eq!(status, 201);
}

/// `GET /api/auth/userInfo/get/{id}`: oneself; another shopper with `customers.read`; a staff
/// account with `staff.manage`.
#[tokio::test]
async fn reading_another_account_needs_the_permission_for_its_kind() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;
    let clerk = app.token("clerk", "admin-sales").await;
    let stockist = app.token("stockist", "admin-stock").await;
    let shopper = app.token("shopper", "user").await;
    let (owner_id, shopper_id) = (id_of(&app, &owner).await, id_of(&app, &shopper).await);
    let cases = [
        (&clerk, shopper_id, 200),
        (&clerk, owner_id, 403),
        (&stockist, shopper_id, 403),
        (&owner, owner_id, 200),
        (&owner, shopper_id, 200),
        (&shopper, owner_id, 403),
        (&stockist, id_of(&app, &stockist).await, 200),
    ];
    for (token, id, expected) in cases {
        let (status, body) = app
            .get_authed(&format!("/api/auth/userInfo/get/{id}"), token)
            .await;
        assert_eq!(status, expected, "user {id}: {body}");
        if expected == 403 {
            assert_eq!(error_code(&body), "forbidden");
        }
    }
}
