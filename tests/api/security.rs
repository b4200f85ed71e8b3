//! Security headers, caching, compression and limits on every kind of response.

use crate::helpers::{error_code, spawn_app};

#[tokio::test]
async fn pages_api_and_files_carry_the_security_headers() {
    let app = spawn_app().await;
    for path in [
        "/",
        "/th/about",
        "/no-such-page",
        "/api/health",
        "/api/nothing",
        "/static/logo.svg",
    ] {
        let response = app.get(path).await;
        let header = |name: &str| {
            response
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or("")
                .to_string()
        };
        let csp = header("content-security-policy");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(
            csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"),
            "{path}: {csp}"
        );
        assert_eq!(header("x-content-type-options"), "nosniff", "{path}");
        assert_eq!(
            header("referrer-policy"),
            "strict-origin-when-cross-origin",
            "{path}"
        );
        assert!(!header("x-request-id").is_empty(), "{path}");
    }
}

#[tokio::test]
async fn the_shell_has_no_executable_inline_script() {
    let app = spawn_app().await;
    let page = app.get_page("/").await;
    for script in page.body.split("<script").skip(1) {
        let tag = script.split('>').next().unwrap();
        let is_data = tag.contains("type=\"application/json\"")
            || tag.contains("type=\"application/ld+json\"");
        let is_external = tag.contains("src=");
        assert!(is_data || is_external, "inline script: <script{tag}>");
    }
}

#[tokio::test]
async fn hashed_assets_are_immutable_with_etags() {
    let app = spawn_app().await;
    let shell = app.get_page("/").await;
    let asset = shell.first_script_src();
    assert!(asset.starts_with("/assets/"), "{asset}");
    let response = app.get(&asset).await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let etag = response.headers()["etag"].to_str().unwrap().to_string();
    let again = app
        .client
        .get(app.url(&asset))
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
    assert_eq!(app.get("/assets/nope.js").await.status(), 404);
}

#[tokio::test]
async fn responses_are_compressed_when_the_browser_accepts_it() {
    let app = spawn_app().await;
    for encoding in ["br", "gzip"] {
        let response = app
            .client
            .get(app.url("/api/file/locales"))
            .header("accept-encoding", encoding)
            .send()
            .await
            .unwrap();
        assert_eq!(response.headers()["content-encoding"], encoding);
    }
}

#[tokio::test]
async fn static_files_serve_pictures_only() {
    let app = spawn_app().await;
    assert_eq!(app.get("/static/flags/th.svg").await.status(), 200);
    assert_eq!(app.get("/favicon.ico").await.status(), 200);
    for path in [
        "/static/seed/labels.json",
        "/static/demo/rooms.json",
        "/static/..%2fCargo.toml",
        "/static/..%2f..%2fsrc%2fmain.rs",
        "/static/tools/make_catalog.py",
    ] {
        let (status, body) = app.get_json(path).await;
        assert_eq!((status, error_code(&body)), (404, "not_found"), "{path}");
    }
}

/// Sends one request exactly as written (no client normalises the path) and returns the
/// status line and headers.
async fn raw_request(app: &crate::helpers::TestApp, target: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let host = app.address.trim_start_matches("http://").to_string();
    let mut stream = tokio::net::TcpStream::connect(&host).await.unwrap();
    let request = format!("GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let text = String::from_utf8_lossy(&answer);
    text.split("\r\n\r\n")
        .next()
        .unwrap_or_default()
        .to_string()
}

#[tokio::test]
async fn the_en_redirect_never_points_off_site() {
    let app = spawn_app().await;
    let head = raw_request(&app, "/en/about").await;
    assert!(head.starts_with("HTTP/1.1 301"), "{head}");
    for target in [
        "/en/\\evil.example",
        "/en/%5Cevil.example/..\\x",
        "/en/\\\\evil.example",
    ] {
        let head = raw_request(&app, target).await;
        let location = head
            .lines()
            .find(|l| l.to_ascii_lowercase().starts_with("location:"))
            .unwrap_or_default()
            .to_string();
        assert!(
            !location.contains('\\') && !location.contains("//"),
            "{target}: {head}"
        );
    }
}

#[tokio::test]
async fn every_refusal_under_api_has_the_json_error_shape() {
    let app = spawn_app().await;
    let token = app.token("nok", "user").await;
    for path in [
        "/api/app/order/get/abc",
        "/api/app/product/get/%ff",
        "/api/admin/customers/not-a-number",
    ] {
        let response = app
            .client
            .get(app.url(path))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        assert!((400..500).contains(&status), "{path}: {status}");
        let body: serde_json::Value = response
            .json()
            .await
            .unwrap_or_else(|e| panic!("{path}: not JSON ({e})"));
        assert_eq!(body["status"], "error", "{path}: {body}");
        assert!(!error_code(&body).is_empty(), "{path}: {body}");
    }
}

#[tokio::test]
async fn arrays_are_not_taken_for_objects() {
    let app = spawn_app().await;
    let token = app.token("nok", "user").await;
    let response = app
        .client
        .post(app.url("/api/auth/login"))
        .json(&serde_json::json!(["nok", crate::helpers::PASSWORD]))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400, "an array never signs in");
    let address = serde_json::json!({"addresses": [{"name": "Nok", "phone": "0812345678", "line1": "1 Sukhumvit", "district": "Khlong Toei", "province": "bangkok", "postcode": "10110"}]});
    let (status, _) = put(&app, &token, &address).await;
    let kept = app.get_authed("/api/auth/user", &token).await.1;
    let (status_array, body) = put(&app, &token, &serde_json::json!([])).await;
    assert_eq!(
        (status_array, error_code(&body)),
        (400, "invalid_json"),
        "{body}"
    );
    assert_eq!(
        app.get_authed("/api/auth/user", &token).await.1,
        kept,
        "the refused body changed nothing (first save answered {status})"
    );
}

async fn put(
    app: &crate::helpers::TestApp,
    token: &str,
    body: &serde_json::Value,
) -> (u16, serde_json::Value) {
    let response = app
        .client
        .put(app.url("/api/auth/userInfo"))
        .bearer_auth(token)
        .json(body)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or_default())
}

/// Hashed bundles and remembered list answers are answered before the router
/// (`kiosk::site::front_door`, for speed); what they send must be what the router sends: the
/// same bytes, validators, caching, security headers, request id.
#[tokio::test]
async fn the_front_door_answers_bundles_and_remembered_lists_as_the_router_would() {
    use axum::http::{Method, Request};
    let app = spawn_app().await;
    let door = kiosk::site::front_door::FrontDoor::new(app.state.clone());
    let request = |method: Method, path: &str| {
        Request::builder()
            .method(method)
            .uri(path)
            .header("accept-encoding", "gzip, br")
            .body(())
            .unwrap()
    };
    let asset = app.get_page("/").await.first_script_src();
    let list = "/api/app/product/list?limit=24&lang=th&sort=price_asc";
    // Not remembered yet, not a stored file, or not a GET: the router's.
    assert!(door.answer(&request(Method::GET, list)).is_none());
    assert!(
        door.answer(&request(Method::GET, "/assets/nope.js"))
            .is_none()
    );
    assert!(door.answer(&request(Method::HEAD, &asset)).is_none());
    assert!(
        door.answer(&request(Method::GET, "/api/app/room/list"))
            .is_none()
    );

    let fetch = |path: &str, method: reqwest::Method| {
        app.client
            .request(method, app.url(path))
            .header("accept-encoding", "gzip, br")
            .header("x-request-id", "trace-7")
            .send()
    };
    let comparable = |response: &reqwest::Response| {
        let mut headers: Vec<(String, String)> = response
            .headers()
            .iter()
            .filter(|(name, _)| !["date", "content-length"].contains(&name.as_str()))
            .map(|(name, value)| (name.to_string(), value.to_str().unwrap().to_string()))
            .collect();
        headers.sort();
        (response.status(), headers)
    };
    // The list: the first answer is made by the router, the second comes from the door.
    let by_router = fetch(list, reqwest::Method::GET).await.unwrap();
    assert!(door.answer(&request(Method::GET, list)).is_some());
    let by_door = fetch(list, reqwest::Method::GET).await.unwrap();
    let (router_head, door_head) = (comparable(&by_router), comparable(&by_door));
    assert_eq!(router_head, door_head);
    assert!(
        door_head
            .1
            .contains(&("x-request-id".into(), "trace-7".into()))
    );
    assert!(
        door_head
            .1
            .contains(&("content-encoding".into(), "br".into()))
    );
    assert!(
        door_head
            .1
            .iter()
            .any(|(name, _)| name == "content-security-policy")
    );
    assert_eq!(
        by_router.bytes().await.unwrap(),
        by_door.bytes().await.unwrap()
    );
    // A bundle: GET from the door, HEAD from the router.
    assert!(door.answer(&request(Method::GET, &asset)).is_some());
    let by_door = fetch(&asset, reqwest::Method::GET).await.unwrap();
    let by_router = fetch(&asset, reqwest::Method::HEAD).await.unwrap();
    assert_eq!(comparable(&by_router), comparable(&by_door));
    // Without the request's own id, each answer gets a new one.
    let fresh = door.answer(&request(Method::GET, &asset)).unwrap();
    assert!(!fresh.headers()["x-request-id"].is_empty());
}
