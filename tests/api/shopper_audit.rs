//! The shopper's rough edges of issue 33 seen from HTTP: a language prefix in another case is
//! redirected like `/en`, and a disabled customer's sign-in says why, with words in five languages.

use serde_json::json;

use crate::helpers::{PASSWORD, error_code, spawn_app};

#[tokio::test]
async fn a_language_prefix_in_any_case_redirects_to_its_own_spelling() {
    let app = spawn_app().await;
    for (path, target) in [
        ("/EN/about", "/about"),
        ("/En/about?x=1", "/about?x=1"),
        ("/EN", "/"),
        ("/TH/about", "/th/about"),
        ("/Th/cart?x=1", "/th/cart?x=1"),
        ("/MY/privacy", "/my/privacy"),
        ("/KM", "/km"),
        ("/Id/search?keyword=meja", "/id/search?keyword=meja"),
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 301, "{path}");
        assert_eq!(response.headers()["location"], target, "{path}");
    }
    // Followed, the redirect ends on the page.
    let response = app.get("/th/about").await;
    assert_eq!(response.status(), 200);
    // Not a language in any case: still a real 404.
    assert_eq!(app.get("/XX/about").await.status(), 404);
}

#[tokio::test]
async fn a_disabled_customer_is_told_the_account_is_disabled_in_every_language() {
    let app = spawn_app().await;
    let (status, body) = app
        .post_json(
            "/api/auth/register",
            &json!({"username": "sleeper", "password": PASSWORD, "name": "Sleeper"}),
            None,
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let (_, me) = app
        .get_authed("/api/auth/user", body["token"].as_str().unwrap())
        .await;
    let id = me["data"]["id"].as_u64().unwrap();
    let staff = app.token("owner", "admin").await;
    let (status, _) = app
        .post_json(
            &format!("/api/admin/customers/{id}/disabled"),
            &json!({"disabled": true}),
            Some(&staff),
        )
        .await;
    assert_eq!(status, 200);

    let (status, body) = app
        .post_json(
            "/api/auth/login",
            &json!({"username": "sleeper", "password": PASSWORD}),
            None,
        )
        .await;
    assert_eq!((status, error_code(&body)), (403, "account_disabled"));
    // A wrong password still says only that the credentials are wrong.
    let (status, body) = app
        .post_json(
            "/api/auth/login",
            &json!({"username": "sleeper", "password": "not-the-password-9"}),
            None,
        )
        .await;
    assert_eq!((status, error_code(&body)), (401, "invalid_credentials"));

    // The shop's own translations, as the UI receives them, name the reason in each language.
    let (status, locales) = app.get_json("/api/file/locales").await;
    assert_eq!(status, 200);
    let mut texts = Vec::new();
    for code in ["en", "th", "my", "km", "id"] {
        let text = locales["data"][code]["errors"]["code"]["account_disabled"]
            .as_str()
            .unwrap_or_else(|| panic!("{code}: no errors.code.account_disabled"));
        assert!(!text.trim().is_empty(), "{code}");
        texts.push(text.to_string());
    }
    texts.dedup();
    assert_eq!(texts.len(), 5, "each language has its own words: {texts:?}");
}
