//! Memory back when the shop is quiet (issue 15): dropping the caches lets go of what they
//! held, and the shop answers exactly as before afterwards — the database included.

use crate::helpers::spawn_app;

#[tokio::test]
async fn dropping_the_caches_when_quiet_keeps_every_answer() {
    let app = spawn_app().await;
    let product = app.get_page("/th/products/SF-1001").await;
    let (_, list) = app
        .get_json("/api/app/product/list?room=living&limit=24&lang=th")
        .await;
    let token = app.token("quiet-shopper", "user").await;

    let state = app.state.clone();
    let trimmed = tokio::task::spawn_blocking(move || kiosk::state::idle::trim(&state))
        .await
        .unwrap();
    assert!(
        trimmed.page_bytes > 0,
        "the rendered page was held: {trimmed:?}"
    );
    assert!(
        trimmed.answer_bytes > 0,
        "the list answer was held: {trimmed:?}"
    );

    assert!(
        trimmed.database_cache,
        "no transaction was running: {trimmed:?}"
    );

    // A second trim finds nothing left.
    let state = app.state.clone();
    let again = tokio::task::spawn_blocking(move || kiosk::state::idle::trim(&state))
        .await
        .unwrap();
    assert_eq!((again.page_bytes, again.answer_bytes), (0, 0));

    // Same answers, made again; reads and writes of the reopened database work.
    assert_eq!(
        app.get_page("/th/products/SF-1001").await.body,
        product.body
    );
    let (_, relisted) = app
        .get_json("/api/app/product/list?room=living&limit=24&lang=th")
        .await;
    assert_eq!(relisted, list);
    let (status, user) = app.get_authed("/api/auth/user", &token).await;
    assert_eq!(status, 200, "{user}");
    let (status, body) = app
        .post_json(
            "/api/auth/register",
            &serde_json::json!({"username": "after-quiet", "password": "teak sofa 42 quiet", "name": "Quiet"}),
            None,
        )
        .await;
    assert_eq!(status, 201, "{body}");
}
