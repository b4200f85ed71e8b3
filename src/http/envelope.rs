//! The envelope every API answer shares (docs/API.md): `{"status":"success", …fields}` or
//! `{"status":"error","error":{"code","message"}}`.
//!
//! Each answer struct carries `status: SuccessStatus` as its first field rather than being
//! wrapped in a generic `Success<T>` with `#[serde(flatten)]`: the JSON is the same, and a plain
//! struct is described exactly by both the OpenAPI generator and the TypeScript generator
//! (flattening a generic parameter is where both of them fall back to guesses).

use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;

/// The `status` of every successful answer: always the string `"success"`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, ToSchema, TS)]
#[serde(rename_all = "lowercase")]
pub enum SuccessStatus {
    #[default]
    Success,
}

/// The `status` of every failed answer: always the string `"error"`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, ToSchema, TS)]
#[serde(rename_all = "lowercase")]
pub enum ErrorStatus {
    #[default]
    Error,
}

/// Every 4xx/5xx answer of the API.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct ErrorAnswer {
    pub status: ErrorStatus,
    pub error: ErrorDetail,
}

#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct ErrorDetail {
    /// A stable snake_case code (`not_found`, `invalid_input`…); the UI translates by it.
    pub code: String,
    /// A human-readable English explanation naming the offending field where there is one.
    pub message: String,
}

/// `{"status":"success"}` with nothing else: answers that only confirm.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct Done {
    pub status: SuccessStatus,
}
