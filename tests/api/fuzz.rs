//! Fuzz harness (issue 15): bodies for every JSON route of the OpenAPI document, generated
//! from each route's request schema by proptest with a fixed seed, plus malformed variants
//! (wrong types, arrays, huge strings, deep nesting, invalid UTF-8, empty, truncated), sent
//! through the real server as the shop's owner. No answer may be a 5xx, and every 4xx must
//! have the JSON error shape. The run has a fixed budget of requests and of time.

use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use serde_json::{Map, Value, json};

use crate::helpers::spawn_app;

/// Generated bodies per route, and the time the whole run may take.
const CASES_PER_ROUTE: usize = 25;
const BUDGET: Duration = Duration::from_secs(40);

/// Routes that end the caller's session or would stop the run from reaching the others.
const SKIPPED: &[&str] = &["/api/auth/logout", "/api/auth/password", "/api/admin/staff"];

struct Gen {
    runner: TestRunner,
}

impl Gen {
    fn new() -> Gen {
        let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &[15; 32]);
        Gen {
            runner: TestRunner::new_with_rng(Config::default(), rng),
        }
    }

    fn draw<S: Strategy>(&mut self, strategy: S) -> S::Value {
        strategy.new_tree(&mut self.runner).unwrap().current()
    }

    fn below(&mut self, n: usize) -> usize {
        self.draw(0..n.max(1))
    }

    fn text(&mut self) -> String {
        match self.below(6) {
            0 => String::new(),
            1 => self.draw("[a-z0-9 ._-]{1,12}"),
            2 => self.draw("\\PC{0,24}"),
            3 => "x".repeat(self.draw(1000usize..70_000)),
            4 => self
                .draw(prop::sample::select(vec![
                    "../../etc/passwd",
                    "<script>alert(1)</script>",
                    "%ff%00",
                    "\u{0}\u{202e}",
                    "ผู้ใช้ทดสอบ",
                    "SF-1001",
                    "-1",
                    "1e309",
                ]))
                .to_string(),
            _ => self.draw(any::<String>()),
        }
    }

    fn number(&mut self) -> Value {
        match self.below(5) {
            0 => json!(self.draw(0u64..10)),
            1 => json!(self.draw(any::<i64>())),
            2 => json!(self.draw(any::<u64>())),
            3 => json!(self.draw(-1e12f64..1e12)),
            _ => json!(-1),
        }
    }

    /// A value that follows `schema` most of the time (resolving `$ref`s in `doc`).
    fn value(&mut self, schema: &Value, doc: &Value, depth: usize) -> Value {
        if let Some(reference) = schema["$ref"].as_str() {
            let name = reference.rsplit('/').next().unwrap();
            let target = &doc["components"]["schemas"][name];
            return if depth > 6 {
                Value::Null
            } else {
                self.value(target, doc, depth + 1)
            };
        }
        for key in ["oneOf", "anyOf", "allOf"] {
            if let Some(options) = schema[key].as_array().filter(|o| !o.is_empty()) {
                let pick = self.below(options.len());
                return self.value(&options[pick], doc, depth + 1);
            }
        }
        if let Some(values) = schema["enum"].as_array().filter(|v| !v.is_empty())
            && self.below(5) > 0
        {
            return values[self.below(values.len())].clone();
        }
        if self.below(12) == 0 {
            return self.wrong_type();
        }
        let kind = match &schema["type"] {
            Value::String(t) => t.clone(),
            Value::Array(types) if !types.is_empty() => types[self.below(types.len())]
                .as_str()
                .unwrap_or("null")
                .into(),
            _ if schema["properties"].is_object() => "object".into(),
            _ => "string".into(),
        };
        match kind.as_str() {
            "object" => {
                let mut object = Map::new();
                let required: Vec<&str> = schema["required"]
                    .as_array()
                    .map(|r| r.iter().filter_map(Value::as_str).collect())
                    .unwrap_or_default();
                if let Some(properties) = schema["properties"].as_object() {
                    for (name, property) in properties {
                        if required.contains(&name.as_str()) || self.below(2) == 0 {
                            let value = self.value(property, doc, depth + 1);
                            object.insert(name.clone(), value);
                        }
                    }
                }
                if self.below(10) == 0 {
                    object.insert("unexpected".into(), json!(true));
                }
                Value::Object(object)
            }
            "array" => {
                let count = self.below(4);
                let items = &schema["items"];
                Value::Array(
                    (0..count)
                        .map(|_| self.value(items, doc, depth + 1))
                        .collect(),
                )
            }
            "integer" | "number" => self.number(),
            "boolean" => json!(self.draw(any::<bool>())),
            "null" => Value::Null,
            _ => json!(self.text()),
        }
    }

    fn wrong_type(&mut self) -> Value {
        match self.below(6) {
            0 => Value::Null,
            1 => json!([1, "two", null]),
            2 => json!({"nested": {"deeper": []}}),
            3 => json!(true),
            4 => json!(self.text()),
            _ => self.number(),
        }
    }
}

/// Bodies that no route should accept, as raw bytes.
fn malformed(valid: &Value) -> Vec<Vec<u8>> {
    let text = valid.to_string();
    let mut deep = String::new();
    for _ in 0..5000 {
        deep.push('[');
    }
    for _ in 0..5000 {
        deep.push(']');
    }
    let mut deep_object = String::new();
    for _ in 0..3000 {
        deep_object.push_str("{\"a\":");
    }
    deep_object.push('1');
    for _ in 0..3000 {
        deep_object.push('}');
    }
    vec![
        Vec::new(),
        b"   ".to_vec(),
        b"null".to_vec(),
        b"[]".to_vec(),
        format!("[{text}]").into_bytes(),
        b"\"a string\"".to_vec(),
        b"12".to_vec(),
        text.as_bytes()[..text.len() / 2].to_vec(),
        deep.into_bytes(),
        deep_object.into_bytes(),
        [b"{\"username\":\"".as_slice(), &[0xff, 0xfe, 0xc3], b"\"}"].concat(),
        format!("{{\"a\":\"{}\"}}", "z".repeat(300_000)).into_bytes(),
        b"{\"a\":1,\"a\":2}".to_vec(),
    ]
}

#[tokio::test]
async fn every_json_route_survives_generated_and_malformed_bodies() {
    let app = spawn_app().await;
    let owner = app.token("fuzz-owner", "admin").await;
    let (status, doc) = app.get_json("/api/openapi.json").await;
    assert_eq!(status, 200);

    let mut routes = Vec::new();
    for (path, operations) in doc["paths"].as_object().unwrap() {
        for (method, operation) in operations.as_object().unwrap() {
            let Some(content) = operation["requestBody"]["content"].as_object() else {
                continue;
            };
            let Some(json_body) = content.get("application/json") else {
                continue;
            };
            if SKIPPED.iter().any(|s| path.starts_with(s)) {
                continue;
            }
            routes.push((path.clone(), method.clone(), json_body["schema"].clone()));
        }
    }
    assert!(
        routes.len() >= 20,
        "the document lists the JSON routes: {}",
        routes.len()
    );

    let mut fuzzer = Gen::new();
    let started = Instant::now();
    let mut sent = 0usize;
    let mut statuses = std::collections::BTreeMap::<u16, usize>::new();
    let mut failures = Vec::new();
    'routes: for (path, method, schema) in &routes {
        // Path parameters: a plausible id, or something that is not one.
        let concrete = |fuzzer: &mut Gen| {
            let mut out = String::new();
            let mut rest = path.as_str();
            while let Some(open) = rest.find('{') {
                out.push_str(&rest[..open]);
                let close = open + rest[open..].find('}').unwrap();
                let pick = fuzzer.below(4);
                out.push_str(match pick {
                    0 => "abc",
                    1 => "%ff",
                    2 => "999999",
                    _ => "1",
                });
                rest = &rest[close + 1..];
            }
            out.push_str(rest);
            out
        };
        let mut bodies: Vec<Vec<u8>> = Vec::new();
        let mut last = json!({});
        for _ in 0..CASES_PER_ROUTE {
            last = fuzzer.value(schema, &doc, 0);
            bodies.push(serde_json::to_vec(&last).unwrap());
        }
        bodies.extend(malformed(&last));
        for body in bodies {
            if started.elapsed() > BUDGET {
                break 'routes;
            }
            let url = app.url(&concrete(&mut fuzzer));
            let method = reqwest::Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let response = app
                .client
                .request(method.clone(), &url)
                .bearer_auth(&owner)
                .header("content-type", "application/json")
                .body(body.clone())
                .send()
                .await
                .expect("the server answers");
            sent += 1;
            let status = response.status().as_u16();
            *statuses.entry(status).or_default() += 1;
            let text = response.text().await.unwrap_or_default();
            let shown = String::from_utf8_lossy(&body[..body.len().min(200)]).into_owned();
            if status >= 500 {
                failures.push(format!("{method} {url} → {status} {text:.300} for {shown}"));
                continue;
            }
            if (400..500).contains(&status) {
                let parsed: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
                let shaped = parsed["status"] == "error"
                    && parsed["error"]["code"]
                        .as_str()
                        .is_some_and(|c| !c.is_empty())
                    && parsed["error"]["message"]
                        .as_str()
                        .is_some_and(|m| !m.is_empty());
                if !shaped {
                    failures.push(format!(
                        "{method} {url} → {status} without the error shape: {text:.300} for {shown}"
                    ));
                }
            }
        }
    }
    eprintln!(
        "fuzz: {sent} requests over {} routes in {:?}; answers {statuses:?}",
        routes.len(),
        started.elapsed()
    );
    assert!(
        sent >= routes.len(),
        "the budget reached every route: {sent}"
    );
    assert!(
        failures.is_empty(),
        "{} bad answers:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
