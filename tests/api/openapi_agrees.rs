//! The API and its OpenAPI document agree (issue 29, break 15): what the server answers to a
//! refused request is a status the document lists for that operation, with a body the listed
//! schema admits; and every operation lists the refusals every route can give (docs/API.md).
//! `tests/fuzz/schemathesis.sh` checks the same against every operation with generated data.

use serde_json::{Value, json};

use crate::helpers::{TestApp, error_code, spawn_app};

const ERROR_ANSWER: &str = "#/components/schemas/ErrorAnswer";

async fn document(app: &TestApp) -> Value {
    let (status, document) = app.get_json("/api/openapi.json").await;
    assert_eq!(status, 200);
    document
}

/// A `$ref` followed to what it names.
fn resolve<'a>(document: &'a Value, value: &'a Value) -> &'a Value {
    match value["$ref"].as_str() {
        Some(target) => document
            .pointer(target.trim_start_matches('#'))
            .unwrap_or_else(|| panic!("{target} does not resolve")),
        None => value,
    }
}

/// Does the documented answer of `method path` for `status` admit the plain error body?
fn admits_the_error_shape(document: &Value, path: &str, method: &str, status: u16) -> bool {
    let responses = &document["paths"][path][method]["responses"];
    let Some(response) = responses.get(status.to_string()) else {
        panic!("{method} {path} does not document {status}: {responses}");
    };
    let schema = &resolve(document, response)["content"]["application/json"]["schema"];
    schema["$ref"] == ERROR_ANSWER
        || schema["anyOf"]
            .as_array()
            .is_some_and(|alternatives| alternatives.iter().any(|a| a["$ref"] == ERROR_ANSWER))
}

#[tokio::test]
async fn a_path_parameter_that_is_not_an_id_is_a_documented_refusal() {
    let app = spawn_app().await;
    let document = document(&app).await;
    for (path, route) in [
        ("/api/app/order/get/-1", "/api/app/order/get/{id}"),
        (
            "/api/app/order/-1/receipt.pdf",
            "/api/app/order/{id}/receipt.pdf",
        ),
        (
            "/api/app/order/-1/tax-invoice.pdf",
            "/api/app/order/{id}/tax-invoice.pdf",
        ),
    ] {
        let (status, body) = app.get_json(path).await;
        assert_eq!(status, 400, "{path}: {body}");
        error_code(&body);
        assert!(admits_the_error_shape(&document, route, "get", status));
        let id = document["paths"][route]["get"]["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["in"] == "path")
            .unwrap();
        assert_eq!(id["schema"]["minimum"], 0, "{route}: {id}");
        assert_eq!(id["schema"]["maximum"], json!(u64::MAX), "{route}: {id}");
    }
}

#[tokio::test]
async fn a_missing_body_is_refused_with_a_body_the_document_admits() {
    let app = spawn_app().await;
    let token = app.token("owner", "admin").await;
    let document = document(&app).await;
    for (method, path, route) in [
        ("put", "/api/admin/products/0", "/api/admin/products/{code}"),
        (
            "post",
            "/api/admin/products/0/duplicate",
            "/api/admin/products/{code}/duplicate",
        ),
        (
            "post",
            "/api/admin/catalog/import",
            "/api/admin/catalog/import",
        ),
        ("post", "/api/auth/login", "/api/auth/login"),
    ] {
        let request = match method {
            "put" => app.client.put(app.url(path)),
            _ => app.client.post(app.url(path)),
        };
        let (status, body) = app.json(request.bearer_auth(&token)).await;
        assert_eq!(status, 400, "{method} {path}: {body}");
        assert_eq!(error_code(&body), "invalid_json");
        assert!(
            admits_the_error_shape(&document, route, method, status),
            "{method} {route}: {}",
            document["paths"][route][method]["responses"]["400"]
        );
    }
}

/// Every operation lists the refusals of the layers and extractors it passes through, each
/// with a body that admits the plain error shape.
#[tokio::test]
async fn every_operation_documents_the_refusals_every_route_can_give() {
    let app = spawn_app().await;
    let document = document(&app).await;
    let mut operations = 0;
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            operations += 1;
            let responses = operation["responses"].as_object().unwrap();
            let has_body = operation.get("requestBody").is_some();
            let has_parameters = operation["parameters"]
                .as_array()
                .is_some_and(|ps| ps.iter().any(|p| p["in"] == "path" || p["in"] == "query"));
            let mut expected = vec![429, 500, 503, 507];
            if has_body || has_parameters {
                expected.push(400);
            }
            if has_body {
                expected.extend([408, 413]);
            }
            for status in expected {
                assert!(
                    responses.contains_key(&status.to_string()),
                    "{method} {path} does not document {status}"
                );
            }
            for status in responses.keys().filter(|s| s.starts_with(['4', '5'])) {
                let status: u16 = status.parse().unwrap();
                assert!(
                    admits_the_error_shape(&document, path, method, status),
                    "{method} {path} {status}"
                );
            }
        }
    }
    assert!(operations > 100, "{operations}");
}

#[tokio::test]
async fn an_optional_body_may_be_left_out_but_is_never_null_in_the_document() {
    let app = spawn_app().await;
    let document = document(&app).await;
    let body = &document["paths"]["/api/app/order/pay/{id}"]["post"]["requestBody"];
    assert_ne!(body["required"], true, "{body}");
    let schema = &body["content"]["application/json"]["schema"];
    assert_eq!(schema["$ref"], "#/components/schemas/PayBody", "{schema}");
}

/// Found by the schemathesis step: the lowest 64-bit number as a stock change or a coin
/// change overflowed taking its size (a panic: 500, or the connection dropped). Every
/// out-of-range amount is refused with 400 instead.
#[tokio::test]
async fn the_lowest_64_bit_amount_is_refused_not_a_server_error() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;
    let shopper = app.token("shopper", "user").await;
    let (_, me) = app.get_authed("/api/auth/user", &shopper).await;
    let shopper_id = me["data"]["id"].as_u64().expect("the shopper's id");
    let (_, list) = app.get_authed("/api/admin/products?limit=1", &owner).await;
    let code = list["products"][0]["code"]
        .as_str()
        .expect("a demo product")
        .to_string();
    for (path, body) in [
        (
            format!("/api/admin/products/{code}/stock"),
            json!({"delta": i64::MIN, "reason": "count"}),
        ),
        (
            "/api/admin/catalog/bulk".to_string(),
            json!({"codes": [code], "reason": "count", "stock": {"mode": "adjust", "value": i64::MIN}}),
        ),
        (
            format!("/api/admin/customers/{shopper_id}/coins"),
            json!({"amount": i64::MIN, "reason": "goodwill"}),
        ),
    ] {
        let (status, answer) = app.post_json(&path, &body, Some(&owner)).await;
        assert_eq!(status, 400, "{path}: {answer}");
        error_code(&answer);
    }
}

/// Found by the schemathesis step: the CSV exports take the lists' query but let a page size
/// the document forbids through. They check it as the lists do (and still write every row).
#[tokio::test]
async fn an_export_checks_the_lists_query_as_the_list_does() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;
    for list in ["/api/admin/orders", "/api/admin/products"] {
        for path in [format!("{list}?limit=0"), format!("{list}.csv?limit=0")] {
            let (status, body) = app.get_authed(&path, &owner).await;
            assert_eq!(status, 400, "{path}: {body}");
            assert_eq!(error_code(&body), "invalid_parameter", "{path}");
        }
        let export = app
            .client
            .get(app.url(&format!("{list}.csv?limit=1")))
            .bearer_auth(&owner)
            .send()
            .await
            .unwrap();
        assert_eq!(export.status(), 200, "{list}.csv?limit=1");
    }
}
