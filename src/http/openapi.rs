//! `GET /api/openapi.json`: the API description, kept beside the code it describes. A test
//! checks that every API route in `app.rs` is documented here.

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

pub const OPENAPI_JSON: &str = include_str!("openapi.json");

pub async fn openapi() -> Response {
    let mut response = OPENAPI_JSON.into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}
