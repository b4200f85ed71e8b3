//! A query-string extractor whose rejections are [`AppError`]s: a bad or unknown parameter is
//! answered 400 `invalid_query` in the shop's JSON error shape, naming it, instead of axum's
//! plain-text answer.

use axum::extract::FromRequestParts;

use super::AppError;

#[derive(Debug, Clone, Copy, Default, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(AppError))]
pub struct Query<T>(pub T);
