//! `spawn_app()` and typed request helpers shared by the integration tests.

use kiosk::application::Application;
use kiosk::config::Config;
use kiosk::state::AppState;
use reqwest::header::HeaderMap;
use tokio::sync::oneshot;

pub const PUBLIC_URL: &str = "https://shop.example.com";
/// A password every test user gets.
pub const PASSWORD: &str = "a sofa for every room";

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub state: AppState,
    /// Where `/metrics` answers, when the test set `metrics.listen`.
    pub metrics_address: Option<std::net::SocketAddr>,
    /// Kept so the folder lives as long as the server.
    _data_dir: tempfile::TempDir,
    _stop: oneshot::Sender<()>,
}

pub struct Page {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: String,
}

impl Page {
    /// The JSON inside `<script ... id="kiosk-boot">`.
    pub fn boot(&self) -> serde_json::Value {
        let start =
            self.body.find("id=\"kiosk-boot\">").expect("boot block") + "id=\"kiosk-boot\">".len();
        let end = start + self.body[start..].find("</script>").expect("boot end");
        serde_json::from_str(&self.body[start..end]).expect("boot is JSON")
    }

    /// The Organization JSON-LD block.
    pub fn json_ld(&self) -> serde_json::Value {
        let mark = "<script type=\"application/ld+json\">";
        let start = self.body.find(mark).expect("JSON-LD block") + mark.len();
        let end = start + self.body[start..].find("</script>").expect("JSON-LD end");
        serde_json::from_str(&self.body[start..end]).expect("JSON-LD is JSON")
    }

    /// The first `src="…"` of the page: the UI's hashed entry script.
    pub fn first_script_src(&self) -> String {
        self.body
            .split("src=\"")
            .nth(1)
            .and_then(|s| s.split('"').next())
            .expect("a script src")
            .to_string()
    }

    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// Starts the shop with test settings, adjusted by `configure`.
pub async fn spawn_app_with(configure: impl FnOnce(&mut Config)) -> TestApp {
    let data_dir = tempfile::tempdir().expect("temp dir");
    let mut config = Config {
        data_dir: data_dir.path().to_path_buf(),
        listen: "127.0.0.1:0".parse().unwrap(),
        public_url: PUBLIC_URL.into(),
        // Tests register many shoppers from one address; the limit has its own test.
        registrations_per_hour: 100_000,
        ..Config::default()
    };
    configure(&mut config);
    // The same start-up as `kiosk serve`: listener, public URL, control socket, housekeeping.
    let app = Application::build(config).await.expect("app starts");
    let address = format!("http://{}", app.address());
    let state = app.state().clone();
    let metrics_address = app.metrics_address();
    let (stop, stopped) = oneshot::channel::<()>();
    tokio::spawn(app.run_until(async move {
        let _ = stopped.await;
    }));
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    TestApp {
        address,
        client,
        state,
        metrics_address,
        _data_dir: data_dir,
        _stop: stop,
    }
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("request")
    }

    /// Sends what `make` builds until it answers other than 503 (at most three minutes): work
    /// the shop does on first ask, such as a language's e-catalogue, can outlast the request
    /// timeout on a busy machine, and then answers 503 while it finishes in the background.
    pub async fn until_available(
        &self,
        make: impl Fn(&reqwest::Client) -> reqwest::RequestBuilder,
    ) -> reqwest::Response {
        let started = std::time::Instant::now();
        loop {
            let response = make(&self.client).send().await.expect("request");
            if response.status() != 503 || started.elapsed() > std::time::Duration::from_secs(180) {
                return response;
            }
            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        }
    }

    pub async fn get_page(&self, path: &str) -> Page {
        self.page(self.client.get(self.url(path))).await
    }

    pub async fn page(&self, request: reqwest::RequestBuilder) -> Page {
        let response = request.send().await.expect("request");
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let body = response.text().await.unwrap_or_default();
        Page {
            status,
            headers,
            body,
        }
    }

    /// GET an API path; returns status and parsed JSON body.
    pub async fn get_json(&self, path: &str) -> (u16, serde_json::Value) {
        self.json(self.client.get(self.url(path))).await
    }

    pub async fn json(&self, request: reqwest::RequestBuilder) -> (u16, serde_json::Value) {
        let response = request.send().await.expect("request");
        let status = response.status().as_u16();
        let body = response.json().await.unwrap_or(serde_json::Value::Null);
        (status, body)
    }

    /// Creates a local user with `role` and returns a bearer token for it.
    pub async fn token(&self, username: &str, role: &str) -> String {
        let store = self.state.store.clone();
        let (username, role) = (username.to_string(), role.to_string());
        let user = tokio::task::spawn_blocking(move || {
            let new = kiosk::accounts::store::NewLocalUser {
                username: &username,
                name: "",
                password: PASSWORD,
                role: &role,
            };
            kiosk::accounts::store::create_local_user(&store, &new)
        })
        .await
        .unwrap()
        .expect("user created");
        self.state
            .tokens
            .issue(&user.id.to_string(), user.role.as_str(), user.token_version)
            .unwrap()
    }

    /// POST a JSON body; returns status and parsed JSON.
    pub async fn post_json(
        &self,
        path: &str,
        body: &serde_json::Value,
        token: Option<&str>,
    ) -> (u16, serde_json::Value) {
        let mut request = self.client.post(self.url(path)).json(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        self.json(request).await
    }

    /// GET with a bearer token.
    pub async fn get_authed(&self, path: &str, token: &str) -> (u16, serde_json::Value) {
        self.json(self.client.get(self.url(path)).bearer_auth(token))
            .await
    }
}

/// Asserts the error shape of docs/API.md and returns the code.
pub fn error_code(body: &serde_json::Value) -> &str {
    assert_eq!(body["status"], "error", "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty()),
        "{body}"
    );
    body["error"]["code"].as_str().expect("error code")
}

/// Base64url without padding (JWT segments, PKCE challenges).
pub fn base64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |acc, (i, b)| acc | (u32::from(*b) << (16 - 8 * i)));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}
