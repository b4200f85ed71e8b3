//! A JSON body extractor whose rejections are [`AppError`]s, so malformed bodies get the
//! shop's error shape instead of axum's plain-text answer.

use axum::extract::FromRequest;
use axum::response::{IntoResponse, Response};

use super::AppError;

#[derive(Debug, Clone, Copy, Default, FromRequest)]
#[from_request(via(axum::Json), rejection(AppError))]
pub struct Json<T>(pub T);

impl<T: serde::Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}
